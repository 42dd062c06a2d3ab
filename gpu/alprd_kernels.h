/*
 * gpu/alprd_kernels.h — interface between the host API (gpu/host.c) and the kernels of columns
 * that hold ALP_RD vectors (gpu/alprd.cu). Not installed.
 *
 * The host API calls these instead of the launchers of gpu/kernels.h for an uploaded column
 * whose image holds ALP_RD vectors (the ALP_RD bit of galp_gpu_image_vector_schemes, gpu/image.h): float columns of
 * scheme GALP or ALP_RD, with any mix of RAW, G-ALP and ALP_RD vectors. Each enqueues its
 * kernels on `stream` and returns the status of a failed launch; the host API has checked
 * every argument before calling.
 */
#ifndef GALP_GPU_ALPRD_KERNELS_H
#define GALP_GPU_ALPRD_KERNELS_H

#include <stdint.h>

#include "galp_gpu.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The column's value_count values into dst, aligned to the type's size. */
galp_status galp_gpu_launch_alprd_decompress(const galp_gpu_view *view, void *dst, galp_gpu_stream stream);
/* The aggregate of include/galp_gpu.h into *result. */
galp_status galp_gpu_launch_alprd_aggregate(const galp_gpu_view *view, galp_gpu_aggregate *result,
                                            galp_gpu_stream stream);
/* Values x with lo <= x <= hi (IEEE comparison of the bounds' bit patterns, zero-extended),
 * counted into *count, or whether there is one into *found: exactly one is non-NULL. */
galp_status galp_gpu_launch_alprd_range(const galp_gpu_view *view, uint64_t lo_bits, uint64_t hi_bits,
                                        uint64_t *count, uint32_t *found, galp_gpu_stream stream);

#ifdef __cplusplus
}
#endif

#endif /* GALP_GPU_ALPRD_KERNELS_H */
