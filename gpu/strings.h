/*
 * gpu/strings.h — str columns on the device (spec/fsst.md): what the host side (gpu/strings.c)
 * prepares at upload and the decompression kernel (gpu/strings.cu) reads. Not installed.
 *
 * The host reads the validated file once and writes one record per piece of every vector
 * (spec/fsst.md §5): where its codes are, where its strings go in the Arrow layout, how many
 * strings it holds and its vector's default length. The kernel then needs no prefix sums and
 * no metadata walk: thread t decodes piece t, with the symbol table staged in shared memory.
 */
#ifndef GALP_GPU_STRINGS_H
#define GALP_GPU_STRINGS_H

#include <stdint.h>

#include "galp_gpu.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One piece (spec/fsst.md §5), absolute positions. */
typedef struct galp_gpu_str_piece {
    uint64_t code_begin;     /* file offset of its first code */
    uint64_t out_begin;      /* Arrow offset of its first string: E_{v−1} + o_j */
    uint64_t first_string;   /* column index of its first string: 1024·v + s_j */
    uint32_t strings;        /* s_{j+1} − s_j */
    uint32_t default_length; /* the vector's L (0: none) */
} galp_gpu_str_piece;

/* The symbol table (spec/fsst.md §3) expanded: each symbol's bytes as a little-endian word. */
typedef struct galp_gpu_str_table {
    uint64_t bytes[255];
    uint8_t len[255];
    uint8_t terminal[255];
    uint32_t count;
} galp_gpu_str_table;

/* A string query of the fused counts: equal to bytes[0 .. length), or starting with them
 * (GALP_GPU_STR_QUERY_MAX: include/galp_gpu.h). Passed by value as a kernel argument. */
typedef struct galp_gpu_str_query {
    uint8_t bytes[GALP_GPU_STR_QUERY_MAX];
    uint32_t length;
    uint32_t prefix; /* 0: equality, 1: prefix */
} galp_gpu_str_query;

/* *count (device memory) = the strings that match the query, counted while the pieces are
 * decoded, without writing them anywhere. */
galp_status galp_gpu_launch_str_count(const uint8_t *file, const galp_gpu_str_piece *pieces,
                                      uint64_t piece_count, const galp_gpu_str_table *table,
                                      const galp_gpu_str_query *query, uint64_t *count,
                                      galp_gpu_stream stream);

/* Decodes `pieces` pieces (device arrays) of the file image into offsets (value_count + 1
 * entries of offset_bytes = 4 or 8 bytes) and data. */
galp_status galp_gpu_launch_str_decompress(const uint8_t *file, const galp_gpu_str_piece *pieces,
                                           uint64_t piece_count, const galp_gpu_str_table *table,
                                           void *offsets, unsigned offset_bytes, uint8_t *data,
                                           galp_gpu_stream stream);

#ifdef __cplusplus
}
#endif

#endif /* GALP_GPU_STRINGS_H */
