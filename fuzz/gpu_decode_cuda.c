/*
 * gpu_decode_cuda.c — gpu_decode.h with the CUDA runtime.
 *
 * Every call synchronises before returning so that a device fault is attributed to the input
 * that caused it (the decoder itself only enqueues work, include/galp_gpu.h).
 *
 * The output, scratch and result buffers live for the whole process and only grow: an
 * allocation and a free per buffer per input, each of which waits for the device, made up
 * most of an execution's GPU time, and with many fuzzing processes sharing one GPU the GPU
 * was the bottleneck of the whole run. The output and the results are overwritten with a
 * poison pattern before each input, so that bytes a decoder failed to write cannot pass as
 * the previous input's.
 */
#include <unistd.h>

#include <cuda_runtime_api.h>

#include "bytes.h"
#include "gpu_decode.h"

/* A device buffer kept across inputs. */
typedef struct device_buffer {
    void *ptr;
    size_t size;
} device_buffer;

static device_buffer output, scratch, results;

enum { POISON = 0xA5 };

/* buf holds at least `size` bytes (none needed for 0: cudaMalloc of 0 bytes gives no buffer). */
static galp_status reserve(device_buffer *buf, size_t size)
{
    if (size <= buf->size)
        return GALP_OK;
    cudaFree(buf->ptr);
    buf->ptr = NULL;
    buf->size = 0;
    const galp_status status = galp_gpu_status_from_cuda(cudaMalloc(&buf->ptr, size));
    if (status == GALP_OK)
        buf->size = size;
    return status;
}

galp_status fuzz_gpu_available(void)
{
    galp_status status = galp_gpu_available();
    /* Processes spread over the machine's GPUs by their process id, so that a run with many
     * processes (fuzz/run-at-scale.sh) uses every GPU. */
    int devices = 0;
    if (status == GALP_OK)
        status = galp_gpu_status_from_cuda(cudaGetDeviceCount(&devices));
    if (status == GALP_OK && devices > 1)
        status = galp_gpu_status_from_cuda(cudaSetDevice((int)(getpid() % devices)));
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
    if (status == GALP_OK)
        status = reserve(&output, out_size);
    if (status == GALP_OK)
        status = reserve(&scratch, temp_size);
    if (status == GALP_OK)
        status = reserve(&results, sizeof *scans);
    fuzz_scans *result = results.ptr;
    if (status == GALP_OK && out_size > 0)
        status = galp_gpu_status_from_cuda(cudaMemsetAsync(output.ptr, POISON, out_size, NULL));
    if (status == GALP_OK)
        status = galp_gpu_status_from_cuda(cudaMemsetAsync(result, POISON, sizeof *result, NULL));
    if (status == GALP_OK)
        status = galp_gpu_decompress(column, output.ptr, out_size, NULL);
    if (status == GALP_OK)
        status = galp_gpu_aggregate_column(column, &result->aggregate, NULL);
    if (status == GALP_OK)
        status = galp_gpu_count_range(column, lo, hi, scratch.ptr, temp_size, &result->count, NULL);
    if (status == GALP_OK)
        status = galp_gpu_exists(column, probe, scratch.ptr, temp_size, &result->found, NULL);
    if (status == GALP_OK)
        status = galp_gpu_status_from_cuda(cudaDeviceSynchronize());
    if (status == GALP_OK && out_size > 0)
        status = galp_gpu_status_from_cuda(cudaMemcpy(out, output.ptr, out_size, cudaMemcpyDeviceToHost));
    if (status == GALP_OK)
        status = galp_gpu_status_from_cuda(cudaMemcpy(scans, result, sizeof *scans, cudaMemcpyDeviceToHost));
    galp_gpu_column_free(column);
    return status;
}
