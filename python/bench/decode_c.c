/*
 * decode_c.c — the C API side of python/bench/gpu_throughput.py: times galp_gpu_decompress of
 * one column file into a preallocated device buffer with CUDA events, exactly as the Python
 * side times galp.cuda.Column.decompress(out=...), and prints the decoded bytes per second.
 *
 *   decode_c FILE REPEATS
 */
#include <stdio.h>
#include <stdlib.h>

#include <cuda_runtime.h>

#include "galp.h"
#include "galp_gpu.h"

static int fail(const char *what, galp_status st)
{
    fprintf(stderr, "decode_c: %s: %s\n", what, galp_strerror(st));
    return 1;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: decode_c FILE REPEATS\n");
        return 2;
    }
    int repeats = atoi(argv[2]);
    FILE *f = fopen(argv[1], "rb");
    if (f == NULL || repeats < 1) {
        perror(argv[1]);
        return 1;
    }
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *file = malloc((size_t)len);
    if (file == NULL || fread(file, 1, (size_t)len, f) != (size_t)len) {
        fprintf(stderr, "decode_c: cannot read %s\n", argv[1]);
        return 1;
    }
    fclose(f);

    galp_gpu_column *col;
    galp_status st = galp_gpu_column_upload(file, (size_t)len, &col);
    if (st != GALP_OK)
        return fail("galp_gpu_column_upload", st);
    galp_gpu_view view;
    galp_gpu_column_view(col, &view);
    size_t bytes = view.value_count * galp_type_size(view.type);
    void *dst;
    cudaEvent_t start, stop;
    if (cudaMalloc(&dst, bytes) != cudaSuccess || cudaEventCreate(&start) != cudaSuccess ||
        cudaEventCreate(&stop) != cudaSuccess) {
        fprintf(stderr, "decode_c: CUDA setup failed\n");
        return 1;
    }
    if ((st = galp_gpu_decompress(col, dst, bytes, NULL)) != GALP_OK) /* warm-up */
        return fail("galp_gpu_decompress", st);
    cudaEventRecord(start, NULL);
    for (int i = 0; i < repeats; i++)
        galp_gpu_decompress(col, dst, bytes, NULL);
    cudaEventRecord(stop, NULL);
    cudaEventSynchronize(stop);
    float ms;
    cudaEventElapsedTime(&ms, start, stop);
    printf("%.6f\n", (double)bytes * repeats / (ms * 1e-3));
    cudaFree(dst);
    galp_gpu_column_free(col);
    free(file);
    return 0;
}
