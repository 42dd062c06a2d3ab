/*
 * galp_tile.h — a galp column file for a long column made of one short period repeated.
 *
 * The benchmark measures >= 1 GiB columns (several times any L2) built from short real
 * datasets. Encoding the tiled values would cost seconds per dataset on the reference encoder
 * and give the same bytes: galp vectors are encoded independently (spec/format.md §2), so when
 * the period is a whole number of vectors the column's file is the period's file with its
 * metadata entries and payloads repeated, payload offsets moved, and the header and checksum
 * rewritten (spec/format.md §3). This file builds exactly that.
 */
#ifndef GALP_BENCH_TILE_H
#define GALP_BENCH_TILE_H

#include <stddef.h>
#include <stdint.h>

#include "galp.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What the encoder chose for one period (per vector averages). */
typedef struct galp_tile_stats {
    double bit_width;      /* mean bit width over the period's vectors */
    double exception_rate; /* exceptions / values */
    double raw_fraction;   /* vectors stored RAW / vectors */
} galp_tile_stats;

/* Encodes the period (n_period values of the type, a positive multiple of 1024) with the
 * scheme and writes into *file (malloc'd, caller frees) the file of `copies` repetitions of
 * it: value_count = n_period * copies. Fills *stats when not NULL. */
galp_status galp_tile_encode(galp_type type, galp_scheme scheme, const void *period,
                             uint64_t n_period, uint64_t copies, uint8_t **file,
                             size_t *file_len, galp_tile_stats *stats);

/* The bytes each copy of the period adds to its tiled file of the scheme (its metadata
 * entries and payloads, spec/format.md §3.2) into *bytes: the tiled file of c copies is a
 * header, c times that, and the tail padding. */
galp_status galp_tile_period_bytes(galp_type type, galp_scheme scheme, const void *period,
                                   uint64_t n_period, uint64_t *bytes);

#ifdef __cplusplus
}
#endif

#endif /* GALP_BENCH_TILE_H */
