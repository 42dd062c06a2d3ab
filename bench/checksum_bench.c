/*
 * checksum_bench.c — what payload checksums cost a reader (spec/format.md §3.4), on one core:
 *
 *     bench/checksum_bench [MIB [REPEATS]]
 *
 * Prints the best of REPEATS (default 5) for: galp_crc32c over MIB MiB (default 256) of
 * random bytes, and galp_open of one column of MIB MiB of random u64 values (RAW, so that the
 * payloads are the file) written without and with payload checksums: the difference is the
 * hashing. Speeds in MB/s (1 MB = 10^6 bytes) of the bytes hashed or opened. Not a test:
 * timings vary by machine and load.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "cpu_bench.h"
#include "galp.h"
#include "galp_internal.h"

/* Best seconds of `repeats` galp_open calls; exits on a failure. */
static double best_open(const uint8_t *file, size_t len, int repeats)
{
    double best = 1e30;
    for (int r = 0; r < repeats; r++) {
        galp_column column;
        double t = bench_now();
        galp_status st = galp_open(&column, file, len);
        t = bench_now() - t;
        if (st != GALP_OK) {
            fprintf(stderr, "checksum_bench: galp_open: %s\n", galp_strerror(st));
            exit(1);
        }
        best = t < best ? t : best;
    }
    return best;
}

int main(int argc, char **argv)
{
    const size_t mib = argc > 1 ? strtoul(argv[1], NULL, 10) : 256;
    const int repeats = argc > 2 ? atoi(argv[2]) : 5;
    if (mib == 0 || repeats <= 0) {
        fprintf(stderr, "usage: checksum_bench [MIB [REPEATS]]\n");
        return 2;
    }
    const size_t n = mib << 17; /* u64 values in MIB MiB */
    uint64_t *values = malloc(n * sizeof *values);
    const size_t cap = galp_compress_bound(GALP_TYPE_U64, n);
    uint8_t *plain = malloc(cap), *summed = malloc(cap);
    if (values == NULL || plain == NULL || summed == NULL) {
        fprintf(stderr, "checksum_bench: out of memory\n");
        return 1;
    }
    uint64_t seed = 1;
    for (size_t i = 0; i < n; i++)
        values[i] = bench_random(&seed);

    double best = 1e30;
    uint32_t crc = 0;
    for (int r = 0; r < repeats; r++) {
        double t = bench_now();
        crc ^= galp_crc32c(0, values, n * sizeof *values);
        t = bench_now() - t;
        best = t < best ? t : best;
    }
    const double bytes = (double)(n * sizeof *values);
    printf("galp_crc32c                    %8.0f MB/s (%zu MiB, result %08x)\n",
           bytes / best / 1e6, mib, (unsigned)crc);

    size_t plain_len, summed_len;
    if (galp_compress(GALP_TYPE_U64, GALP_SCHEME_RAW, values, n, plain, cap, &plain_len) != GALP_OK ||
        galp_compress_ex(GALP_TYPE_U64, GALP_SCHEME_RAW, GALP_FLAG_PAYLOAD_CHECKSUMS, values, n,
                         summed, cap, &summed_len) != GALP_OK) {
        fprintf(stderr, "checksum_bench: cannot encode\n");
        return 1;
    }
    const double open_plain = best_open(plain, plain_len, repeats);
    const double open_summed = best_open(summed, summed_len, repeats);
    printf("galp_open, no payload checksums %8.0f MB/s (%.3f ms)\n",
           (double)plain_len / open_plain / 1e6, 1e3 * open_plain);
    printf("galp_open, payload checksums    %8.0f MB/s (%.3f ms)\n",
           (double)summed_len / open_summed / 1e6, 1e3 * open_summed);
    free(values);
    free(plain);
    free(summed);
    return 0;
}
