/*
 * test_gpu_device.h — conformance/test_gpu's kernels written against the device API
 * (galp/device.cuh), as a user's kernel would be (conformance/test_gpu_device.cu).
 */
#ifndef GALP_TEST_GPU_DEVICE_H
#define GALP_TEST_GPU_DEVICE_H

#include "galp_gpu.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Decodes the column into dst (device memory, value_count values) with lane_decoder's
 * next<per_call>(), per_call = 1, 2, 4, 8 or 32 rows per call (32 only for 32- and 64-bit
 * types), or with visit_lane for per_call = 0, one thread per lane (LANE_PER_THREAD), and
 * waits for it. GALP_ERR_ARGUMENT for
 * another per_call, GALP_ERR_CUDA if the launch or the kernel failed. */
galp_status test_device_api_decode(const galp_gpu_view *view, unsigned per_call, void *dst);

/* How test_device_api_decode_by_warp launches: as plan_warp_visit says (blocks of 128
 * threads); in 3 blocks of 64 threads (each warp then takes many vectors); or as planned
 * but with 16 bytes of shared memory fewer than the visitor needs (a misuse it must report). */
typedef enum test_warp_launch { TEST_WARP_PLANNED, TEST_WARP_SMALL_GRID, TEST_WARP_SHORT_TEMP } test_warp_launch;

/* Decodes a 32- or 64-bit column into dst with visit_vectors_by_warp, each value stored at
 * its slot, launched `how`, and waits for it; *visits (host memory) = the calls of the
 * visitor's function, *false_finite = the values it said could be neither NaN nor infinite
 * that were, *visit_status = the or of what the visitor returned in every thread.
 * GALP_ERR_ARGUMENT for 8- and 16-bit columns; a planning, launch or kernel failure as its
 * galp_status. */
galp_status test_device_api_decode_by_warp(const galp_gpu_view *view, test_warp_launch how, void *dst,
                                           uint64_t *visits, uint64_t *false_finite, galp_status *visit_status);

/* Counts lo <= x <= hi (the bits of two values of the column's float type) into *count
 * (device memory) with a kernel that plans each vector by the device API's plan_vector and
 * compares its rows by row_in_range, one thread per lane, and waits for it.
 * GALP_ERR_ARGUMENT for an integer column, GALP_ERR_CUDA if the launch or the kernel failed. */
galp_status test_device_api_count_range(const galp_gpu_view *view, uint64_t lo_bits, uint64_t hi_bits,
                                        uint64_t *count);

/* *mismatches = the ALP constants (FACT, FRAC of spec/alp.md §4, every e and f of both float
 * types) where the device API's computed values or its constant tables differ from
 * galp/alp_constants.h, and waits for it. */
galp_status test_device_alp_constants(unsigned *mismatches);

/* Columns that hold ALP_RD vectors (view->scheme ALP_RD, galp/device/alprd.cuh), one thread
 * per lane, waited for: decoded into dst by visit_lane_alprd (by_rows 0) or by the per-row
 * decoders, alprd_lane_decoder for ALP_RD vectors and lane_decoder for the others (by_rows
 * 1); lo <= x <= hi counted into *count (device memory) decode-then-compare.
 * GALP_ERR_ARGUMENT for an integer column, GALP_ERR_CUDA if the launch or the kernel failed. */
galp_status test_device_api_decode_alprd(const galp_gpu_view *view, unsigned by_rows, void *dst);
galp_status test_device_api_count_range_alprd(const galp_gpu_view *view, uint64_t lo_bits, uint64_t hi_bits,
                                              uint64_t *count);
/* The same columns: masks[v·L + l] (device memory, L lanes per vector, a uint64_t each) =
 * alprd_lane_match's mask of lane l of vector v for [lo, hi], waited for; errors as above. */
galp_status test_device_api_match_alprd(const galp_gpu_view *view, uint64_t lo_bits, uint64_t hi_bits,
                                        uint64_t *masks);

#ifdef __cplusplus
}
#endif

#endif /* GALP_TEST_GPU_DEVICE_H */
