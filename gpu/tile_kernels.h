/*
 * gpu/tile_kernels.h — interface between the host API's tile decompression (gpu/tile_host.c)
 * and its kernel (gpu/tile.cu). Not installed.
 */
#ifndef GALP_GPU_TILE_KERNELS_H
#define GALP_GPU_TILE_KERNELS_H

#include <stdint.h>

#include "galp_gpu.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Decodes the n u32 values of a validated tile-scheme column (spec/tile.md) whose file of
 * file_bytes bytes is at d_file in device memory into d_out (16-byte aligned), one thread
 * block per vector, and waits for it. The status of a failed CUDA call, else GALP_OK. */
galp_status galp_gpu_launch_tile_decompress(const uint8_t *d_file, uint64_t file_bytes,
                                            uint32_t vector_count, uint64_t n, uint32_t *d_out);

#ifdef __cplusplus
}
#endif

#endif /* GALP_GPU_TILE_KERNELS_H */
