/*
 * bench_device.cuh — what every GPU measurement of bench/ shares: CUDA error checks, event
 * timing (warm-ups, median of many runs), device buffers made of a repeated period, a
 * bit-exact device compare, and the device's bandwidth ceilings.
 *
 * Ceilings are measured in the same process as the kernels they judge, never hard-coded: one
 * floors file then serves every GPU (bench/floors.txt).
 */
#ifndef GALP_BENCH_DEVICE_CUH
#define GALP_BENCH_DEVICE_CUH

#include <cuda_runtime.h>
#include <stddef.h>
#include <stdint.h>

/* Evaluates a CUDA call; on failure prints where and why and returns -1 from the caller. */
#define BENCH_CUDA(call)                                                                       \
    do {                                                                                       \
        cudaError_t e_ = (call);                                                               \
        if (e_ != cudaSuccess) {                                                               \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,                      \
                    cudaGetErrorString(e_));                                                   \
            return -1;                                                                         \
        }                                                                                      \
    } while (0)

/* Timing of one measured operation: medians over `runs` repetitions after warm-ups. */
typedef struct bench_timing {
    double median_ms;
    double min_ms;
    int runs;
} bench_timing;

/* The sequence timed per repetition is `segments` calls launch(0) ... launch(segments-1),
 * each between two events on the stream (one event pair per segment, no sync in between).
 * After `warmup` untimed repetitions, `runs` timed ones: ms[run * segments + seg] gets each
 * segment's time. launch returns 0 or -1 (the error already printed). */
typedef int (*bench_launch_fn)(void *ctx, int segment, cudaStream_t stream);
int bench_time_segments(bench_launch_fn launch, void *ctx, int segments, int warmup, int runs,
                        cudaStream_t stream, double *ms);

/* Median and minimum of the sums of the chosen segments (mask bit s = segment s) of each run
 * of bench_time_segments' output. */
bench_timing bench_timing_of(const double *ms, int segments, int runs, unsigned mask);

/* Device bandwidths in GB/s (10^9 bytes per second). copy counts bytes read + written. */
typedef struct bench_ceilings {
    double copy_kernel;  /* 16-byte loads and stores, grid-stride */
    double copy_memcpy;  /* cudaMemcpy device to device */
    double copy;         /* the better of the two: the decode limit's rate */
    double read;         /* 16-byte loads reduced to one word: the scan limit's rate */
    double write;        /* 16-byte stores */
    size_t bytes;        /* buffer size measured with */
} bench_ceilings;

/* Measures the ceilings on buffers of `bytes` (>= several L2 sizes). Returns 0 or -1. */
int bench_measure_ceilings(size_t bytes, int warmup, int runs, bench_ceilings *out);

/* The read floor of a scan that reads `bytes`: the median time of the read ceiling's kernel
 * over a buffer of that size, timed as every operation is (bench_time_segments, after an L2
 * scrub). For a few megabytes it is mostly the launch and the first loads' latency, far above
 * bytes / read rate (docs/PERFORMANCE.md). The last size's time is kept, since the scans of a
 * file all read its size. Returns 0 or -1. */
int bench_read_floor(size_t bytes, int warmup, int runs, double *median_ms);

/* Device buffer of `total` bytes holding `period` (host, period_bytes) repeated; total is a
 * multiple of period_bytes. Returns 0 or -1. */
int bench_device_tiled(const void *period, size_t period_bytes, size_t total, void **d_out);

/* Number of bytes at which a and b (device, `bytes` long) differ; -1 on a CUDA error. */
long long bench_device_diff(const void *a, const void *b, size_t bytes);

/* Fills a device buffer with a byte pattern unlike any real output, so that a decoder that
 * leaves part of it unwritten fails the compare. */
int bench_device_poison(void *d, size_t bytes);

#endif /* GALP_BENCH_DEVICE_CUH */
