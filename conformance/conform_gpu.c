/*
 * conform_gpu.c — backend: libgalp's CUDA decoder (include/galp_gpu.h), `galp-conform --gpu`.
 *
 * Each vector is uploaded (host validation, spec/format.md §6), decoded on the device by
 * galp_gpu_decompress and copied back. It runs in the runner's process: a CUDA context does
 * not survive fork(), and creating one per vector would dominate the run.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "conform.h"
#include "galp.h"
#include "galp_gpu.h"

#ifndef GALP_HAVE_CUDA

int conform_gpu_open(const conform_options *opt, conform_decoder *dec)
{
    (void)opt;
    (void)dec;
    fprintf(stderr, "galp-conform: --gpu: libgalp was built without CUDA "
                    "(configure --with-cuda)\n");
    return 77;
}

#else

#include <cuda_runtime_api.h>

typedef struct gpu_state {
    conform_buffer out;
} gpu_state;

/* A str column (spec/fsst.md): decoded on the device into Arrow's layout, copied back, and
 * written in the vectors' output form, each string's u32 length and bytes. */
static galp_status gpu_decode_strings(const galp_gpu_column *column, uint64_t n, uint8_t *out,
                                      size_t out_cap, size_t *out_len)
{
    uint64_t bytes = 0;
    galp_status st = galp_gpu_str_bytes(column, &bytes);
    if (st == GALP_OK && (bytes > out_cap || 4 * n > out_cap - bytes))
        st = GALP_ERR_DST_TOO_SMALL;
    int64_t *offsets = st == GALP_OK ? malloc((size_t)(n + 1) * sizeof *offsets) : NULL;
    uint8_t *data = st == GALP_OK ? malloc(bytes > 0 ? (size_t)bytes : 1) : NULL;
    int64_t *d_offsets = NULL;
    uint8_t *d_data = NULL;
    if (st == GALP_OK && (offsets == NULL || data == NULL))
        st = GALP_ERR_NO_MEMORY;
    if (st == GALP_OK && (cudaMalloc((void **)&d_offsets, (size_t)(n + 1) * sizeof *d_offsets) !=
                              cudaSuccess ||
                          cudaMalloc((void **)&d_data, bytes > 0 ? (size_t)bytes : 1) != cudaSuccess))
        st = GALP_ERR_CUDA;
    if (st == GALP_OK)
        st = galp_gpu_decompress_str64(column, d_offsets, (size_t)n + 1, d_data, (size_t)bytes,
                                       NULL);
    if (st == GALP_OK &&
        (cudaMemcpy(offsets, d_offsets, (size_t)(n + 1) * sizeof *offsets,
                    cudaMemcpyDeviceToHost) != cudaSuccess ||
         cudaMemcpy(data, d_data, (size_t)bytes, cudaMemcpyDeviceToHost) != cudaSuccess))
        st = GALP_ERR_CUDA;
    size_t at = 0;
    for (uint64_t i = 0; st == GALP_OK && i < n; i++) {
        const size_t len = (size_t)(offsets[i + 1] - offsets[i]);
        for (unsigned b = 0; b < 4; b++)
            out[at + b] = (uint8_t)(len >> (8 * b));
        memcpy(out + at + 4, data + offsets[i], len);
        at += 4 + len;
    }
    if (st == GALP_OK)
        *out_len = at;
    cudaFree(d_offsets);
    cudaFree(d_data);
    free(offsets);
    free(data);
    return st;
}

/* Upload, decode on the device, copy back: one vector through the whole device path. */
static int gpu_decode_into(void *state, const uint8_t *in, size_t in_len, uint8_t *out,
                           size_t out_cap, size_t *out_len)
{
    (void)state;
    galp_gpu_column *column = NULL;
    galp_gpu_view view;
    galp_status st = galp_gpu_column_upload(in, in_len, &column);
    if (st == GALP_OK)
        st = galp_gpu_column_view(column, &view);
    if (st == GALP_OK && view.type == GALP_TYPE_STR) {
        st = gpu_decode_strings(column, view.value_count, out, out_cap, out_len);
        galp_gpu_column_free(column);
        return (int)st;
    }
    size_t size = 0;
    if (st == GALP_OK) {
        size = (size_t)view.value_count * galp_type_size(view.type);
        if (size > out_cap)
            st = GALP_ERR_DST_TOO_SMALL;
    }
    void *device_out = NULL;
    if (st == GALP_OK && size > 0 && cudaMalloc(&device_out, size) != cudaSuccess)
        st = GALP_ERR_CUDA;
    if (st == GALP_OK && size > 0)
        st = galp_gpu_decompress(column, device_out, size, NULL);
    if (st == GALP_OK && size > 0 &&
        cudaMemcpy(out, device_out, size, cudaMemcpyDeviceToHost) != cudaSuccess)
        st = GALP_ERR_CUDA;
    cudaFree(device_out);
    galp_gpu_column_free(column);
    if (st == GALP_OK)
        *out_len = size;
    return (int)st;
}

static void gpu_decode(void *state, const uint8_t *in, size_t in_len, size_t out_cap,
                       conform_result *result)
{
    gpu_state *s = state;
    conform_buffer_free(&s->out);
    conform_run_here(gpu_decode_into, s, in, in_len, out_cap, &s->out, result);
}

static void gpu_close(void *state)
{
    gpu_state *s = state;
    conform_buffer_free(&s->out);
    free(s);
}

int conform_gpu_open(const conform_options *opt, conform_decoder *dec)
{
    (void)opt;
    galp_status st = galp_gpu_available();
    if (st != GALP_OK) {
        fprintf(stderr, "galp-conform: --gpu: no usable CUDA device: %s\n", galp_strerror(st));
        return 77;
    }
    gpu_state *s = calloc(1, sizeof *s);
    if (!s)
        return 2;
    int device = 0;
    struct cudaDeviceProp prop;
    cudaGetDevice(&device);
    cudaGetDeviceProperties(&prop, device);
    *dec = (conform_decoder){.state = s, .decode = gpu_decode, .close = gpu_close};
    snprintf(dec->name, sizeof dec->name, "libgalp CUDA decoder on %.100s", prop.name);
    return 0;
}

#endif /* GALP_HAVE_CUDA */
