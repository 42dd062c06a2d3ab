/*
 * gpu_decode_cuda.c — gpu_decode.h with the CUDA runtime.
 *
 * Every call synchronises before returning so that a device fault is attributed to the input
 * that caused it (the decoder itself only enqueues work, include/galp_gpu.h).
 */
#include <cuda_runtime_api.h>

#include "gpu_decode.h"

galp_status fuzz_gpu_available(void)
{
    return galp_gpu_available();
}

galp_status fuzz_gpu_decode(const uint8_t *file, size_t size, void *out, size_t out_size,
                            galp_gpu_aggregate *aggregate)
{
    galp_gpu_column *column = NULL;
    galp_status status = galp_gpu_column_upload(file, size, &column);
    if (status != GALP_OK)
        return status;
    void *dst = NULL;
    galp_gpu_aggregate *result = NULL;
    /* cudaMalloc of 0 bytes returns no buffer; the decoder needs none for an empty column. */
    if ((out_size > 0 && cudaMalloc(&dst, out_size) != cudaSuccess) ||
        cudaMalloc((void **)&result, sizeof *result) != cudaSuccess) {
        status = GALP_ERR_CUDA;
    }
    if (status == GALP_OK)
        status = galp_gpu_decompress(column, dst, out_size, NULL);
    if (status == GALP_OK)
        status = galp_gpu_aggregate_column(column, result, NULL);
    if (status == GALP_OK && cudaDeviceSynchronize() != cudaSuccess)
        status = GALP_ERR_CUDA;
    if (status == GALP_OK && out_size > 0 &&
        cudaMemcpy(out, dst, out_size, cudaMemcpyDeviceToHost) != cudaSuccess)
        status = GALP_ERR_CUDA;
    if (status == GALP_OK &&
        cudaMemcpy(aggregate, result, sizeof *result, cudaMemcpyDeviceToHost) != cudaSuccess)
        status = GALP_ERR_CUDA;
    cudaFree(result);
    cudaFree(dst);
    galp_gpu_column_free(column);
    return status;
}
