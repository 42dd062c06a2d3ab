/*
 * test_gpu_str_device.h — conformance/test_gpu_str's kernels written against the device API's
 * string visitor (galp/device/strings.cuh), as a user's kernel would be
 * (conformance/test_gpu_str_device.cu).
 */
#ifndef GALP_TEST_GPU_STR_DEVICE_H
#define GALP_TEST_GPU_STR_DEVICE_H

#include <stdint.h>

#include "galp_gpu.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What the visitor reported of one row. */
typedef struct test_str_row {
    uint64_t offset; /* the Arrow offset begin() gave */
    uint64_t length; /* the bytes() calls' byte count */
    uint64_t hash;   /* FNV-1a (64-bit) of those bytes, in order */
    uint64_t visits; /* begin() calls for the row: 1 when every string is visited once */
} test_str_row;

/* The host's FNV-1a of bytes[0 .. length), to compare with test_str_row.hash. */
uint64_t test_str_hash(const uint8_t *bytes, uint64_t length);

/* Visits every string of an uploaded str column with visit_strings_by_warp, `group` vectors
 * per warp, and fills rows (host memory, value_count records), in a grid of blocks * threads
 * threads (threads a multiple of 32; blocks 0: a warp per group, str_warps_for), and waits
 * for it. GALP_ERR_NO_MEMORY, or GALP_ERR_CUDA if the launch or the kernel failed. */
galp_status test_str_device_rows(const galp_gpu_view *view, unsigned blocks, unsigned threads,
                                 unsigned group, test_str_row *rows);

/* *count (host memory) = the strings equal to query[0 .. length) (prefix 0) or starting with
 * it (prefix 1), counted by a kernel of str_matcher over visit_strings_by_warp with the query
 * staged from global memory by stage_str_query, in blocks * threads threads and `group`
 * vectors per warp as above, and waits for it. */
galp_status test_str_device_count(const galp_gpu_view *view, const uint8_t *query, uint32_t length,
                                  int prefix, unsigned blocks, unsigned threads, unsigned group,
                                  uint64_t *count);

/* The shared memory of the device API's automaton for a query of `length` bytes and vectors
 * of default length `default_length` (galp/device/str_automaton.cuh), 0 where it does not
 * fit. */
unsigned test_str_automaton_bytes(uint32_t length, uint32_t default_length);

/* The same counts by the device API's automaton for vectors of default_length (every vector
 * of the column must have it, galp_gpu_str_default_length): *counted by
 * count_str_automaton_piece, *visited by visit_str_automaton_matches, which also adds 1 to
 * rows[i] (host memory, value_count bytes) for each visit of row i; grids as above. */
galp_status test_str_device_automaton(const galp_gpu_view *view, uint32_t default_length,
                                      const uint8_t *query, uint32_t length, int prefix,
                                      unsigned blocks, unsigned threads, unsigned group,
                                      uint64_t *counted, uint64_t *visited, uint8_t *rows);

#ifdef __cplusplus
}
#endif

#endif /* GALP_TEST_GPU_STR_DEVICE_H */
