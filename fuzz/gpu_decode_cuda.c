/*
 * gpu_decode_cuda.c — gpu_decode.h with the CUDA runtime.
 *
 * Every call synchronises before returning so that a device fault is attributed to the input
 * that caused it (the decoder itself only enqueues work, include/galp_gpu.h).
 */
#include <cuda_runtime_api.h>

#include "bytes.h"
#include "gpu_decode.h"

galp_status fuzz_gpu_available(void)
{
    galp_status status = galp_gpu_available();
    /* cudaFree(NULL) creates the context now: made lazily by the first input's allocation, it
     * counted against that input's timeout, and with many fuzzing processes starting on one
     * GPU at once it took longer than the timeout. */
    if (status == GALP_OK)
        status = galp_gpu_status_from_cuda(cudaFree(NULL));
    return status;
}

galp_status fuzz_gpu_decode(const uint8_t *file, size_t size, void *out, size_t out_size,
                            const fuzz_scan_args *args, fuzz_scans *scans)
{
    galp_gpu_column *column = NULL;
    galp_status status = galp_gpu_column_upload(file, size, &column);
    if (status != GALP_OK)
        return status;
    galp_gpu_view view;
    status = galp_gpu_column_view(column, &view);
    /* The scans take their bounds as one host value of the column type each. */
    uint8_t lo[8], hi[8], probe[8];
    if (status == GALP_OK) {
        const unsigned width = (unsigned)galp_type_size(view.type);
        galp_store_le(width, lo, args->lo);
        galp_store_le(width, hi, args->hi);
        galp_store_le(width, probe, args->probe);
    }
    const size_t temp_size = galp_gpu_range_temp_size(column);
    void *dst = NULL, *temp = NULL;
    fuzz_scans *result = NULL;
    /* cudaMalloc of 0 bytes returns no buffer; the decoder needs none for an empty column. */
    if (status == GALP_OK && out_size > 0)
        status = galp_gpu_status_from_cuda(cudaMalloc(&dst, out_size));
    if (status == GALP_OK && temp_size > 0)
        status = galp_gpu_status_from_cuda(cudaMalloc(&temp, temp_size));
    if (status == GALP_OK)
        status = galp_gpu_status_from_cuda(cudaMalloc((void **)&result, sizeof *result));
    if (status == GALP_OK)
        status = galp_gpu_decompress(column, dst, out_size, NULL);
    if (status == GALP_OK)
        status = galp_gpu_aggregate_column(column, &result->aggregate, NULL);
    if (status == GALP_OK)
        status = galp_gpu_count_range(column, lo, hi, temp, temp_size, &result->count, NULL);
    if (status == GALP_OK)
        status = galp_gpu_exists(column, probe, temp, temp_size, &result->found, NULL);
    if (status == GALP_OK)
        status = galp_gpu_status_from_cuda(cudaDeviceSynchronize());
    if (status == GALP_OK && out_size > 0)
        status = galp_gpu_status_from_cuda(cudaMemcpy(out, dst, out_size, cudaMemcpyDeviceToHost));
    if (status == GALP_OK)
        status = galp_gpu_status_from_cuda(cudaMemcpy(scans, result, sizeof *scans, cudaMemcpyDeviceToHost));
    cudaFree(result);
    cudaFree(temp);
    cudaFree(dst);
    galp_gpu_column_free(column);
    return status;
}
