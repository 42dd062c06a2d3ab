/*
 * test_gpu_tile_device.h — conformance/test_gpu_tile's kernel on the device API's decode_tile
 * (galp/device/tile.cuh), written as a user's kernel that stages payloads itself would call
 * it (conformance/test_gpu_tile_device.cu).
 */
#ifndef GALP_TEST_GPU_TILE_DEVICE_H
#define GALP_TEST_GPU_TILE_DEVICE_H

#include <stddef.h>
#include <stdint.h>

#include "galp.h"
#include "galp/layout.h" /* GALP_HOST_DEVICE */

#ifdef __cplusplus
extern "C" {
#endif

/* The items thread t of vector v's block asks decode_tile for, bit i for item i (slot
 * 128·i + t): every item, none, or a scattered few, by a hash of (v, t); in odd vectors the
 * whole of warp 1 wants none. */
GALP_HOST_DEVICE static inline uint32_t test_tile_want(uint32_t v, uint32_t t)
{
    if (v % 2u == 1u && t / 32u == 1u)
        return 0;
    uint32_t h = v * 2654435761u ^ t * 40503u;
    h ^= h >> 13;
    h *= 0x5bd1e995u;
    h ^= h >> 15;
    return h % 4u == 0u ? 0xffu : h % 4u == 1u ? 0u : h >> 8 & 0xffu;
}

/* Decodes the validated tile column file[0 … len) of n values into dst (host memory, n
 * values), a block of tile_threads per vector: the block stages the vector's payload in
 * shared memory, with every word after it (its spare words included) all ones, and calls
 * decode_tile with test_tile_want's items, storing every item it returns for slots < m; RAW
 * vectors are copied. A CUDA failure as its galp_status. */
galp_status test_device_api_decode_tile(const uint8_t *file, size_t len, uint64_t n,
                                        uint32_t *dst);

#ifdef __cplusplus
}
#endif

#endif /* GALP_TEST_GPU_TILE_DEVICE_H */
