/*
 * test_gpu_tile_device.cu — a user's kernel on the device API's decode_tile
 * (galp/device/tile.cuh), which conformance/test_gpu_tile compares bit for bit with the
 * reference decoder: the wanted items equal it, the others are 0 (every item of GPU-DFOR).
 */
#include <cuda_runtime.h>

#include "dispatch.cuh"
#include "galp/device/tile.cuh"
#include "test_gpu_tile_device.h"

namespace {

using namespace galp::device;

__global__ void __launch_bounds__(tile_threads) decode_tiles(const uint8_t *file, uint64_t n,
                                                             uint32_t *out)
{
    __shared__ tile_shared sm;
    const uint32_t v = blockIdx.x;
    const uint8_t *entry = file + GALP_HEADER_SIZE + (size_t)v * GALP_VECTOR_ENTRY_SIZE;
    const uint64_t offset = *reinterpret_cast<const uint64_t *>(entry);
    const uint32_t size = *reinterpret_cast<const uint32_t *>(entry + 16);
    const galp_scheme scheme = (galp_scheme)entry[22];
    const uint64_t first = (uint64_t)v * GALP_VECTOR_SIZE;
    const uint32_t m = n - first < GALP_VECTOR_SIZE ? (uint32_t)(n - first) : GALP_VECTOR_SIZE;
    const uint32_t *payload = reinterpret_cast<const uint32_t *>(file + offset);
    if (scheme == GALP_SCHEME_RAW) {
        for (uint32_t i = threadIdx.x; i < m; i += tile_threads)
            out[first + i] = payload[i];
        return;
    }
    /* ones after the payload: decode_tile must mask off the spare words it reads */
    constexpr uint32_t words = sizeof sm.words / 4u;
    for (uint32_t w = threadIdx.x; w < words; w += tile_threads)
        sm.words[w] = w < size / 4u ? payload[w] : 0xffffffffu;
    __syncthreads();
    uint32_t items[tile_items];
    decode_tile(sm.words, scheme, m, test_tile_want(v, threadIdx.x), sm.run_starts, sm.warp_total,
                items);
    for (unsigned i = 0; i < tile_items; i++) {
        const uint32_t slot = i * tile_threads + threadIdx.x;
        if (slot < m)
            out[first + slot] = items[i];
    }
}

} /* namespace */

extern "C" galp_status test_device_api_decode_tile(const uint8_t *file, size_t len, uint64_t n,
                                                   uint32_t *dst)
{
    if (n == 0)
        return GALP_OK;
    uint8_t *dev_file = NULL;
    uint32_t *dev_out = NULL;
    cudaError_t e = cudaMalloc((void **)&dev_file, len);
    if (e == cudaSuccess)
        e = cudaMalloc((void **)&dev_out, n * 4u);
    if (e == cudaSuccess)
        e = cudaMemcpy(dev_file, file, len, cudaMemcpyHostToDevice);
    galp_status st = galp_gpu_status_from_cuda(e);
    if (st == GALP_OK) {
        const unsigned vectors = (unsigned)((n + GALP_VECTOR_SIZE - 1) / GALP_VECTOR_SIZE);
        decode_tiles<<<vectors, tile_threads>>>(dev_file, n, dev_out);
        st = galp::device::detail::launch_status();
    }
    if (st == GALP_OK)
        st = galp_gpu_status_from_cuda(cudaMemcpy(dst, dev_out, n * 4u, cudaMemcpyDeviceToHost));
    cudaFree(dev_file);
    cudaFree(dev_out);
    return st;
}
