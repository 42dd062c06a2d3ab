/*
 * gpu/tile.cu — whole-column decompression of GPU-FOR, GPU-DFOR and GPU-RFOR columns
 * (spec/tile.md): one block of 128 threads per vector decodes it and writes its m values
 * (gpu/tile_decompress.cuh), with the L2 prefetch of runs ahead where the payloads are small;
 * a RAW vector (spec/format.md §4.2) is copied.
 */
#include <cuda_runtime.h>

#include "tile_decompress.cuh"
#include "tile_kernels.h"

namespace {

__global__ void __launch_bounds__(galp::device::tile_threads, galp::gpu::tile_decompress_min_blocks)
tile_decompress_kernel(const uint8_t *file, uint64_t n, uint32_t *out, uint32_t ahead)
{
    __shared__ galp::device::tile_shared sm;
    galp::gpu::tile_decompress_vector(file, blockIdx.x, n, out, sm, ahead);
}

} /* namespace */

extern "C" galp_status galp_gpu_launch_tile_decompress(const uint8_t *d_file, uint64_t file_bytes,
                                                       uint32_t vector_count, uint64_t n,
                                                       uint32_t *d_out)
{
    const uint32_t ahead =
        galp::gpu::tile_prefetch_ahead(tile_decompress_kernel, file_bytes, vector_count);
    tile_decompress_kernel<<<vector_count, galp::device::tile_threads>>>(d_file, n, d_out, ahead);
    cudaError_t err = cudaGetLastError();
    if (err == cudaSuccess)
        err = cudaDeviceSynchronize();
    return galp_gpu_status_from_cuda(err);
}
