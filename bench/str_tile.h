/*
 * str_tile.h — a str column (spec/fsst.md) repeated: the benchmark's way to a column of at
 * least a gibibyte of real strings without running the reference encoder over all of it.
 *
 * The period's vectors are copied as they are, `copies` times, behind one header, one
 * metadata table and the period's symbol table: entry v + k·nv is entry v with its payload
 * moved k periods on and its end offset E_v raised by k times the period's string bytes
 * (spec/fsst.md §4). The result is a valid column whose strings are the period's, repeated;
 * the strings of the period must fill whole vectors (a multiple of 1024) so that no vector
 * of a copy holds another copy's strings.
 */
#ifndef GALP_BENCH_STR_TILE_H
#define GALP_BENCH_STR_TILE_H

#include <stddef.h>
#include <stdint.h>

#include "galp.h"

#ifdef __cplusplus
extern "C" {
#endif

/* *out (malloc'ed, *out_len bytes) = the str column `period` (validated by galp_open)
 * repeated `copies` >= 1 times. GALP_ERR_ARGUMENT for another type, a value count that is
 * not a multiple of GALP_VECTOR_SIZE, or copies 0; GALP_ERR_TOO_LARGE when the result
 * exceeds the format's counts; GALP_ERR_NO_MEMORY. */
galp_status str_tile(const galp_column *period, uint64_t copies, uint8_t **out, size_t *out_len);

#ifdef __cplusplus
}
#endif

#endif /* GALP_BENCH_STR_TILE_H */
