/*
 * gpu/strings.h — the launchers of the str kernels (gpu/strings.cu, spec/fsst.md), called by
 * the host API (gpu/host.c). Not installed.
 *
 * An uploaded str column is its file as it is: the kernels read the metadata table, the
 * symbol table and the piece directories from the device copy, a warp per piece
 * (gpu/str_warp_piece.cuh); the upload only counts the pieces and notes the default length
 * their vectors share, if they share one.
 */
#ifndef GALP_GPU_STRINGS_H
#define GALP_GPU_STRINGS_H

#include <stdint.h>

#include "galp_gpu.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A string query of the fused counts: equal to bytes[0 .. length), or starting with them
 * (GALP_GPU_STR_QUERY_MAX: include/galp_gpu.h). Passed by value as a kernel argument. */
typedef struct galp_gpu_str_query {
    uint8_t bytes[GALP_GPU_STR_QUERY_MAX];
    uint32_t length;
    uint32_t prefix; /* 0: equality, 1: prefix */
} galp_gpu_str_query;

/* Both launchers take the column's piece count (spec/fsst.md §5, every vector's p), from
 * which they pick how many warps share each vector's pieces. */

/* *count (device memory) = the strings of the column that match the query, counted while
 * its pieces are decoded, without writing them anywhere. default_length: the L that every
 * vector of the column has (spec/fsst.md §5; 0: none), or GALP_GPU_STR_MIXED_DEFAULTS (galp_gpu.h);
 * with one L for the whole column a short query is counted by an automaton
 * (galp/device/str_automaton.cuh). */
galp_status galp_gpu_launch_str_count(const galp_gpu_view *col, uint64_t piece_count,
                                      uint32_t default_length,
                                      const galp_gpu_str_query *query, uint64_t *count,
                                      galp_gpu_stream stream);

/* Decodes the column into offsets (value_count + 1 entries of offset_bytes = 4 or 8 bytes)
 * and data. */
galp_status galp_gpu_launch_str_decompress(const galp_gpu_view *col, uint64_t piece_count,
                                           void *offsets, unsigned offset_bytes, uint8_t *data,
                                           galp_gpu_stream stream);

#ifdef __cplusplus
}
#endif

#endif /* GALP_GPU_STRINGS_H */
