/*
 * gpu/tile_host.c — galp_gpu_tile_decompress (include/galp_gpu.h): a GPU-FOR, GPU-DFOR or
 * GPU-RFOR column (spec/tile.md) validated on the host, decoded on the device by gpu/tile.cu.
 */
#include <cuda_runtime.h>

#include "galp_gpu.h"
#include "galp_internal.h"
#include "tile_kernels.h"

galp_status galp_gpu_tile_decompress(const void *src, size_t src_len, void *dst,
                                     size_t dst_capacity)
{
    galp_column col;
    galp_status st = src == NULL ? GALP_ERR_ARGUMENT : galp_open(&col, src, src_len);
    if (st != GALP_OK)
        return st;
    if (!galp_scheme_is_tile(col.scheme))
        return GALP_ERR_BAD_SCHEME;
    if (col.value_count > dst_capacity / 4u)
        return GALP_ERR_DST_TOO_SMALL;
    if (dst == NULL && col.value_count > 0)
        return GALP_ERR_ARGUMENT;
    if ((st = galp_gpu_available()) != GALP_OK || col.value_count == 0)
        return st;

    uint8_t *d_file = NULL;
    uint32_t *d_out = NULL;
    const size_t out_bytes = (size_t)col.value_count * 4u;
    cudaError_t err = cudaMalloc((void **)&d_file, col.size);
    if (err == cudaSuccess)
        err = cudaMalloc((void **)&d_out, out_bytes);
    if (err == cudaSuccess)
        err = cudaMemcpy(d_file, col.data, col.size, cudaMemcpyHostToDevice);
    st = galp_gpu_status_from_cuda(err);
    if (st == GALP_OK)
        st = galp_gpu_launch_tile_decompress(d_file, col.size, col.vector_count, col.value_count,
                                             d_out);
    if (st == GALP_OK)
        st = galp_gpu_status_from_cuda(cudaMemcpy(dst, d_out, out_bytes, cudaMemcpyDeviceToHost));
    cudaFree(d_out);
    cudaFree(d_file);
    return st;
}
