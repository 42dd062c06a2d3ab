/*
 * nvcomp_column.cu — compress a column with one nvCOMP codec on the GPU, lay the compressed
 * chunks out back to back and decompress it (see nvcomp_column.h).
 */
#include "nvcomp_column.h"
#include "bench_error.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CUDA_OR_FAIL(call)                                                                     \
    do {                                                                                       \
        cudaError_t e_ = (call);                                                               \
        if (e_ != cudaSuccess) {                                                               \
            rc = bench_fail(err, err_len, "%s: %s", #call, cudaGetErrorString(e_));            \
            goto done;                                                                         \
        }                                                                                      \
    } while (0)
#define NVCOMP_OR_FAIL(call)                                                                   \
    do {                                                                                       \
        nvcompStatus_t s_ = (call);                                                            \
        if (s_ != nvcompSuccess) {                                                             \
            rc = bench_fail(err, err_len, "%s: %s", #call, nvcompGetStatusString(s_));         \
            goto done;                                                                         \
        }                                                                                      \
    } while (0)

static size_t round_up(size_t x, size_t a)
{
    return (x + a - 1) / a * a;
}

/* Copies the first `bytes` of buf over the rest of its `total` bytes, doubling each time. */
static cudaError_t repeat_prefix(char *buf, size_t bytes, size_t total)
{
    for (size_t have = bytes; have < total; have *= 2) {
        size_t n = have < total - have ? have : total - have;
        cudaError_t e = cudaMemcpy(buf + have, buf, n, cudaMemcpyDeviceToDevice);
        if (e != cudaSuccess)
            return e;
    }
    return cudaSuccess;
}

static cudaError_t to_device(void **dst, const void *src, size_t bytes)
{
    cudaError_t e = cudaMalloc(dst, bytes);
    return e != cudaSuccess ? e : cudaMemcpy(*dst, src, bytes, cudaMemcpyHostToDevice);
}

int nvcomp_column_build(nvcomp_column *c, const nvcomp_codec *codec, nvcomp_element element,
                        const void *d_column, size_t decoded_bytes, size_t period_bytes,
                        size_t chunk_bytes, void *d_output, char *err, size_t err_len)
{
    int rc = 0;
    nvcompAlignmentRequirements_t calign, dalign;
    size_t distinct, max_out, slot, ctemp_bytes = 0, layout_align, period_compressed;
    void *slots = NULL, *ctemp = NULL, **d_cin = NULL, **d_cout = NULL;
    size_t *d_cin_bytes = NULL, *d_cout_bytes = NULL;
    size_t *sizes = NULL, *offsets = NULL, *caps = NULL;
    void **ptrs = NULL;
    nvcompStatus_t *statuses = NULL;
    const char *src = (const char *)d_column;

    memset(c, 0, sizeof *c);
    c->codec = codec;
    c->element = element;
    c->decoded_bytes = decoded_bytes;
    if (decoded_bytes == 0 || decoded_bytes % element.bytes != 0)
        return bench_fail(err, err_len, "column of %zu bytes is not whole %u-byte values",
                    decoded_bytes, element.bytes);

    /* Chunking (nvcomp_column.h): a period shorter than a chunk becomes the chunk. */
    if (period_bytes == 0 || decoded_bytes % period_bytes != 0)
        period_bytes = decoded_bytes;
    c->chunk_bytes = chunk_bytes < period_bytes ? chunk_bytes : period_bytes;
    c->chunks = (decoded_bytes + c->chunk_bytes - 1) / c->chunk_bytes;
    distinct = period_bytes % c->chunk_bytes == 0 ? period_bytes / c->chunk_bytes : c->chunks;

    NVCOMP_OR_FAIL(codec->compress_alignments(element, &calign));
    NVCOMP_OR_FAIL(codec->decompress_alignments(element, &dalign));
    if (c->chunk_bytes % calign.input != 0 || c->chunk_bytes % dalign.output != 0) {
        rc = bench_fail(err, err_len, "chunk of %zu bytes breaks %s's alignment", c->chunk_bytes,
                  codec->name);
        goto done;
    }

    /* 1. Compress the distinct chunks into slots of the codec's worst-case size. */
    NVCOMP_OR_FAIL(codec->compress_max_output(element, c->chunk_bytes, &max_out));
    slot = round_up(max_out, calign.output > 256 ? calign.output : 256);
    NVCOMP_OR_FAIL(codec->compress_temp_size(element, distinct, c->chunk_bytes,
                                             distinct * c->chunk_bytes, &ctemp_bytes));
    CUDA_OR_FAIL(cudaMalloc(&slots, distinct * slot));
    if (ctemp_bytes > 0)
        CUDA_OR_FAIL(cudaMalloc(&ctemp, ctemp_bytes));
    ptrs = (void **)calloc(c->chunks, sizeof *ptrs);
    sizes = (size_t *)calloc(c->chunks, sizeof *sizes);
    offsets = (size_t *)calloc(c->chunks, sizeof *offsets);
    caps = (size_t *)calloc(c->chunks, sizeof *caps);
    statuses = (nvcompStatus_t *)calloc(c->chunks, sizeof *statuses);
    if (!ptrs || !sizes || !offsets || !caps || !statuses) {
        rc = bench_fail(err, err_len, "out of host memory for %zu chunks", c->chunks);
        goto done;
    }
    for (size_t i = 0; i < distinct; i++) {
        ptrs[i] = (void *)(src + i * c->chunk_bytes);
        sizes[i] = i + 1 < c->chunks ? c->chunk_bytes : decoded_bytes - i * c->chunk_bytes;
    }
    CUDA_OR_FAIL(to_device((void **)&d_cin, ptrs, distinct * sizeof *ptrs));
    CUDA_OR_FAIL(to_device((void **)&d_cin_bytes, sizes, distinct * sizeof *sizes));
    for (size_t i = 0; i < distinct; i++)
        ptrs[i] = (char *)slots + i * slot;
    CUDA_OR_FAIL(to_device((void **)&d_cout, ptrs, distinct * sizeof *ptrs));
    CUDA_OR_FAIL(cudaMalloc(&d_cout_bytes, distinct * sizeof *d_cout_bytes));
    CUDA_OR_FAIL(cudaMalloc(&c->statuses, c->chunks * sizeof *c->statuses));
    NVCOMP_OR_FAIL(codec->compress(element, d_cin, d_cin_bytes, c->chunk_bytes, distinct, ctemp,
                                   ctemp_bytes, d_cout, d_cout_bytes, c->statuses, 0));
    CUDA_OR_FAIL(cudaDeviceSynchronize());
    CUDA_OR_FAIL(cudaMemcpy(sizes, d_cout_bytes, distinct * sizeof *sizes,
                            cudaMemcpyDeviceToHost));
    CUDA_OR_FAIL(cudaMemcpy(statuses, c->statuses, distinct * sizeof *statuses,
                            cudaMemcpyDeviceToHost));
    for (size_t i = 0; i < distinct; i++)
        if (statuses[i] != nvcompSuccess || sizes[i] == 0 || sizes[i] > max_out) {
            rc = bench_fail(err, err_len, "%s compression of chunk %zu: %s (%zu bytes)", codec->name,
                      i, nvcompGetStatusString(statuses[i]), sizes[i]);
            goto done;
        }

    /* 2. Lay the compressed chunks out back to back, each aligned for the decoder, and repeat
     *    the distinct ones over the column (nvcomp_column.h). */
    layout_align = dalign.input > 16 ? dalign.input : 16;
    period_compressed = 0;
    for (size_t i = 0; i < distinct; i++) {
        offsets[i] = period_compressed;
        period_compressed = round_up(period_compressed + sizes[i], layout_align);
    }
    {
        size_t periods = (c->chunks + distinct - 1) / distinct;
        CUDA_OR_FAIL(cudaMalloc(&c->compressed, periods * period_compressed));
        for (size_t i = 0; i < distinct; i++)
            CUDA_OR_FAIL(cudaMemcpy((char *)c->compressed + offsets[i], (char *)slots + i * slot,
                                    sizes[i], cudaMemcpyDeviceToDevice));
        CUDA_OR_FAIL(repeat_prefix((char *)c->compressed, period_compressed,
                                   periods * period_compressed));
    }
    c->compressed_bytes = 0;
    for (size_t i = 0; i < c->chunks; i++) {
        size_t j = i % distinct;
        sizes[i] = sizes[j];
        offsets[i] = (i / distinct) * period_compressed + offsets[j];
        c->compressed_bytes += sizes[i] + sizeof(uint64_t);
    }

    /* 3. Device arrays for decompression into d_output. */
    for (size_t i = 0; i < c->chunks; i++)
        ptrs[i] = (char *)c->compressed + offsets[i];
    CUDA_OR_FAIL(to_device((void **)&c->in_ptrs, ptrs, c->chunks * sizeof *ptrs));
    CUDA_OR_FAIL(to_device((void **)&c->in_bytes, sizes, c->chunks * sizeof *sizes));
    for (size_t i = 0; i < c->chunks; i++) {
        ptrs[i] = (char *)d_output + i * c->chunk_bytes;
        caps[i] = i + 1 < c->chunks ? c->chunk_bytes : decoded_bytes - i * c->chunk_bytes;
    }
    CUDA_OR_FAIL(to_device((void **)&c->out_ptrs, ptrs, c->chunks * sizeof *ptrs));
    CUDA_OR_FAIL(to_device((void **)&c->out_capacity, caps, c->chunks * sizeof *caps));
    CUDA_OR_FAIL(cudaMalloc(&c->out_bytes, c->chunks * sizeof *c->out_bytes));
    NVCOMP_OR_FAIL(codec->decompress_temp_size(element, c->chunks, c->chunk_bytes, decoded_bytes,
                                               &c->temp_bytes));
    if (c->temp_bytes > 0)
        CUDA_OR_FAIL(cudaMalloc(&c->temp, c->temp_bytes));

done:
    cudaFree(slots);
    cudaFree(ctemp);
    cudaFree(d_cin);
    cudaFree(d_cin_bytes);
    cudaFree(d_cout);
    cudaFree(d_cout_bytes);
    free(ptrs);
    free(sizes);
    free(offsets);
    free(caps);
    free(statuses);
    if (rc != 0)
        nvcomp_column_free(c);
    return rc;
}

int nvcomp_column_decompress(nvcomp_column *c, cudaStream_t stream, char *err, size_t err_len)
{
    nvcompStatus_t s = c->codec->decompress(
        c->element, (const void *const *)c->in_ptrs, c->in_bytes, c->out_capacity, c->out_bytes,
        c->chunks, c->temp, c->temp_bytes, (void *const *)c->out_ptrs, c->statuses, stream);
    if (s != nvcompSuccess)
        return bench_fail(err, err_len, "%s decompression: %s", c->codec->name,
                    nvcompGetStatusString(s));
    return 0;
}

int nvcomp_column_check(const nvcomp_column *c, char *err, size_t err_len)
{
    int rc = 0;
    size_t *bytes = (size_t *)malloc(c->chunks * sizeof *bytes);
    nvcompStatus_t *statuses = (nvcompStatus_t *)malloc(c->chunks * sizeof *statuses);
    if (!bytes || !statuses) {
        rc = bench_fail(err, err_len, "out of host memory for %zu chunks", c->chunks);
        goto done;
    }
    CUDA_OR_FAIL(cudaMemcpy(bytes, c->out_bytes, c->chunks * sizeof *bytes,
                            cudaMemcpyDeviceToHost));
    CUDA_OR_FAIL(cudaMemcpy(statuses, c->statuses, c->chunks * sizeof *statuses,
                            cudaMemcpyDeviceToHost));
    for (size_t i = 0; i < c->chunks; i++) {
        size_t want = i + 1 < c->chunks ? c->chunk_bytes : c->decoded_bytes - i * c->chunk_bytes;
        if (statuses[i] != nvcompSuccess || bytes[i] != want) {
            rc = bench_fail(err, err_len, "%s chunk %zu: %s, %zu of %zu bytes", c->codec->name, i,
                      nvcompGetStatusString(statuses[i]), bytes[i], want);
            goto done;
        }
    }
done:
    free(bytes);
    free(statuses);
    return rc;
}

void nvcomp_column_free(nvcomp_column *c)
{
    cudaFree(c->compressed);
    cudaFree(c->in_ptrs);
    cudaFree(c->in_bytes);
    cudaFree(c->out_ptrs);
    cudaFree(c->out_capacity);
    cudaFree(c->out_bytes);
    cudaFree(c->statuses);
    cudaFree(c->temp);
    memset(c, 0, sizeof *c);
}
