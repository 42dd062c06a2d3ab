/*
 * scan_kernels.cuh — the scans that the benchmark runs besides libgalp's own:
 *
 *   plain sum / plain range count  over a decoded array in device memory: the uncompressed
 *                                  baseline, and the second half of nvCOMP's
 *                                  decompress-then-scan;
 *   fused range count              over a galp column through the device API
 *                                  (galp/device.cuh): every value decoded in registers,
 *                                  then compared, no predicate pushdown. libgalp's
 *                                  galp_gpu_count_range pushes the predicate down; this kernel
 *                                  is the "decode then compare" fused scan it is measured
 *                                  against;
 *   warp sum / warp range count    the same decode-then-compare filter, and a sum, through
 *                                  the device API's warp-per-vector visitor
 *                                  (visit_vectors_by_warp, galp/device/warp_visit.cuh): 32- and
 *                                  64-bit columns.
 *
 * Semantics match libgalp's scans (include/galp_gpu.h): floats sum in double leaving NaNs
 * out, integers sum mod 2^64; a value x matches when lo <= x <= hi (IEEE comparisons).
 */
#ifndef GALP_BENCH_SCAN_KERNELS_CUH
#define GALP_BENCH_SCAN_KERNELS_CUH

#include <cuda_runtime.h>
#include <stdint.h>

#include "galp_gpu.h"

/* Results in device memory; the launchers zero them first (stream-ordered). */
typedef struct bench_sum {
    unsigned long long count; /* values summed (NaNs excluded) */
    double sum_f64;           /* float columns */
    unsigned long long sum_bits; /* integer columns */
} bench_sum;

/* n values of the type at d (16-byte aligned, n * size a multiple of 16). Return 0 or -1. */
int bench_plain_sum(galp_type type, const void *d, uint64_t n, bench_sum *result,
                    cudaStream_t stream);
/* lo_bits, hi_bits: the bounds' bit patterns (zero-extended), as for libgalp. */
int bench_plain_count(galp_type type, const void *d, uint64_t n, uint64_t lo_bits,
                      uint64_t hi_bits, unsigned long long *count, cudaStream_t stream);
int bench_fused_count(const galp_gpu_view *view, uint64_t lo_bits, uint64_t hi_bits,
                      unsigned long long *count, cudaStream_t stream);
int bench_warp_count(const galp_gpu_view *view, uint64_t lo_bits, uint64_t hi_bits, unsigned long long *count,
                     cudaStream_t stream);
int bench_warp_sum(const galp_gpu_view *view, bench_sum *result, cudaStream_t stream);

#endif /* GALP_BENCH_SCAN_KERNELS_CUH */
