/*
 * cpu_bench.h — what the CPU benchmarks (bench/ref_bench.c, bench/checksum_bench.c) share: a
 * monotonic clock and a seeded generator, so that runs are timed alike and their inputs
 * repeat from run to run. Needs _POSIX_C_SOURCE >= 199309L for clock_gettime.
 */
#ifndef GALP_CPU_BENCH_H
#define GALP_CPU_BENCH_H

#include <stdint.h>
#include <time.h>

/* Seconds on the monotonic clock. */
static inline double bench_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* The next value of a splitmix64 sequence. */
static inline uint64_t bench_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

#endif /* GALP_CPU_BENCH_H */
