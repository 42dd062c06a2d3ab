/*
 * nvcomp_column.h — one column compressed on the GPU by one nvCOMP codec, ready to decompress.
 *
 * The column is cut into chunks (64 KiB as nvCOMP recommends, or one period of tiled data when
 * that is shorter, see below) that nvCOMP compresses independently. The compressed chunks lie
 * back to back, each start aligned to the codec's input alignment, so a decompression reads
 * the compressed bytes once from memory, as G-ALP's decoder reads its file.
 *
 * Tiled data: the benchmark tiles short real datasets to >= 1 GiB (docs/PERFORMANCE.md).
 * When the column is `period_bytes`-periodic and the chunk size divides the period, every
 * chunk equals the one a period earlier and, chunks being independent, so does its compressed
 * form: the column compresses one period on the GPU and repeats the compressed chunks, which
 * gives exactly the bytes compressing the whole column would. A period shorter than 64 KiB
 * (a 1024-value sample) becomes the chunk size, so that no codec sees a chunk made of copies
 * of one sample: that would measure the tiling, not the codec.
 */
#ifndef GALP_BENCH_NVCOMP_COLUMN_H
#define GALP_BENCH_NVCOMP_COLUMN_H

#include "nvcomp_codecs.h"

typedef struct nvcomp_column {
    const nvcomp_codec *codec;
    nvcomp_element element;
    size_t decoded_bytes;      /* the column */
    size_t chunk_bytes;        /* uncompressed size of every chunk but perhaps the last */
    size_t chunks;
    size_t compressed_bytes;   /* sum of the compressed chunks + 8 bytes per chunk (its size) */
    /* device state for decompression */
    void *compressed;          /* the compressed chunks, back to back */
    void **in_ptrs;            /* [chunks] into `compressed` */
    size_t *in_bytes;          /* [chunks] compressed sizes */
    void **out_ptrs;           /* [chunks] into the caller's output buffer */
    size_t *out_capacity;      /* [chunks] */
    size_t *out_bytes;         /* [chunks] written by nvCOMP */
    nvcompStatus_t *statuses;  /* [chunks] */
    void *temp;
    size_t temp_bytes;
} nvcomp_column;

/* Compresses d_column (decoded_bytes, device memory, `period_bytes`-periodic; pass
 * decoded_bytes when it is not) with the codec and prepares decompression into d_output
 * (decoded_bytes of device memory). chunk_bytes is the chunk size wanted (65536). Returns 0, or
 * -1 with a message in err. On failure nothing stays allocated. */
int nvcomp_column_build(nvcomp_column *column, const nvcomp_codec *codec, nvcomp_element element,
                        const void *d_column, size_t decoded_bytes, size_t period_bytes,
                        size_t chunk_bytes, void *d_output, char *err, size_t err_len);

/* Launches the decompression of the whole column into d_output on the stream (no sync). */
int nvcomp_column_decompress(nvcomp_column *column, cudaStream_t stream, char *err,
                             size_t err_len);

/* After a decompression has finished: 0 if every chunk reports success and its full size,
 * else -1 with the first bad chunk in err. */
int nvcomp_column_check(const nvcomp_column *column, char *err, size_t err_len);

void nvcomp_column_free(nvcomp_column *column);

#endif /* GALP_BENCH_NVCOMP_COLUMN_H */
