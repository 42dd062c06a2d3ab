/*
 * gpu/tile.cu — whole-column decompression of GPU-FOR, GPU-DFOR and GPU-RFOR columns
 * (spec/tile.md): one block of 128 threads per vector decodes it with the device API's tile
 * loader (galp/device/tile.cuh) and writes its m values; a RAW vector (spec/format.md §4.2) is
 * copied.
 */
#include <cuda_runtime.h>

#include "galp/device/tile.cuh"
#include "tile_kernels.h"

namespace {

using galp::device::tile_items;
using galp::device::tile_shared;
using galp::device::tile_threads;

/* Field offsets of a vector's metadata entry (spec/format.md §3.3). */
constexpr unsigned entry_payload_offset = 0, entry_payload_size = 16, entry_scheme = 22;

__global__ void __launch_bounds__(tile_threads)
tile_decompress_kernel(const uint8_t *file, uint64_t n, uint32_t *out)
{
    __shared__ tile_shared sm;
    const uint32_t v = blockIdx.x;
    const uint8_t *entry = file + GALP_HEADER_SIZE + (size_t)v * GALP_VECTOR_ENTRY_SIZE;
    const uint64_t offset = *reinterpret_cast<const uint64_t *>(entry + entry_payload_offset);
    const uint32_t size = *reinterpret_cast<const uint32_t *>(entry + entry_payload_size);
    const galp_scheme scheme = (galp_scheme)entry[entry_scheme];
    const uint64_t first = (uint64_t)v * GALP_VECTOR_SIZE;
    const uint32_t m = n - first < GALP_VECTOR_SIZE ? (uint32_t)(n - first) : GALP_VECTOR_SIZE;
    const uint8_t *payload = file + offset;

    if (scheme == GALP_SCHEME_RAW) {
        const uint32_t *values = reinterpret_cast<const uint32_t *>(payload);
        for (uint32_t i = threadIdx.x; i < m; i += tile_threads)
            out[first + i] = values[i];
        return;
    }
    uint32_t items[tile_items];
    galp::device::load_tile(payload, size, scheme, m, sm, items);
    for (unsigned i = 0; i < tile_items; i++) {
        const uint32_t slot = i * tile_threads + threadIdx.x;
        if (slot < m)
            out[first + slot] = items[i];
    }
}

} /* namespace */

extern "C" galp_status galp_gpu_launch_tile_decompress(const uint8_t *d_file,
                                                       uint32_t vector_count, uint64_t n,
                                                       uint32_t *d_out)
{
    tile_decompress_kernel<<<vector_count, tile_threads>>>(d_file, n, d_out);
    cudaError_t err = cudaGetLastError();
    if (err == cudaSuccess)
        err = cudaDeviceSynchronize();
    return galp_gpu_status_from_cuda(err);
}
