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

/* The device results of the scans, copied back after one synchronisation. */
typedef struct device_scans {
    galp_gpu_aggregate aggregate;
    uint64_t count;
    uint32_t found;
} device_scans;

galp_status fuzz_gpu_decode(const uint8_t *file, size_t size, void *out, size_t out_size,
                            const void *lo, const void *hi, fuzz_gpu_scans *scans)
{
    galp_gpu_column *column = NULL;
    galp_status status = galp_gpu_column_upload(file, size, &column);
    if (status != GALP_OK)
        return status;
    const size_t temp_size = galp_gpu_range_temp_size(column);
    void *dst = NULL, *temp = NULL;
    device_scans *result = NULL;
    /* cudaMalloc of 0 bytes returns no buffer; the decoder needs none for an empty column. */
    if ((out_size > 0 && cudaMalloc(&dst, out_size) != cudaSuccess) ||
        (temp_size > 0 && cudaMalloc(&temp, temp_size) != cudaSuccess) ||
        cudaMalloc((void **)&result, sizeof *result) != cudaSuccess) {
        status = GALP_ERR_CUDA;
    }
    if (status == GALP_OK)
        status = galp_gpu_decompress(column, dst, out_size, NULL);
    if (status == GALP_OK)
        status = galp_gpu_aggregate_column(column, &result->aggregate, NULL);
    if (status == GALP_OK)
        status = galp_gpu_count_range(column, lo, hi, temp, temp_size, &result->count, NULL);
    if (status == GALP_OK)
        status = galp_gpu_exists(column, lo, temp, temp_size, &result->found, NULL);
    if (status == GALP_OK && cudaDeviceSynchronize() != cudaSuccess)
        status = GALP_ERR_CUDA;
    if (status == GALP_OK && out_size > 0 &&
        cudaMemcpy(out, dst, out_size, cudaMemcpyDeviceToHost) != cudaSuccess)
        status = GALP_ERR_CUDA;
    device_scans back;
    if (status == GALP_OK && cudaMemcpy(&back, result, sizeof back, cudaMemcpyDeviceToHost) != cudaSuccess)
        status = GALP_ERR_CUDA;
    if (status == GALP_OK) {
        scans->aggregate = back.aggregate;
        scans->count = back.count;
        scans->found = back.found;
    }
    cudaFree(result);
    cudaFree(temp);
    cudaFree(dst);
    galp_gpu_column_free(column);
    return status;
}
