/*
 * column_gen.h — structure-aware generation of valid galp column files from fuzzer input.
 *
 * The generator writes every byte itself, following spec/format.md, spec/ffor.md, spec/alp.md,
 * spec/galp.md, spec/alprd.md and spec/fastlanes.md, and computes the values a decoder must
 * output from the spec's formulas, not with the reference codec: it is an independent oracle
 * for the decoders under test. It reaches what the reference encoder rarely or never writes:
 * every bit width with random bases, DELTA lane bases and deltas that wrap, RLE and DICT tables
 * with arbitrary indexes after m and run indexes that wrap from 0xffff to 0, every
 * ALP exponent and factor (wrapping multiplies included), exceptions at full lane capacity
 * (32 per f32 lane, 64 per f64 lane) and in every vector slot, RAW vectors inside compressed
 * columns, gaps between payloads, non-zero minor versions, junk in slack bytes and in the
 * unused slots of a last partial vector; half of the columns have payload checksums.
 */
#ifndef GALP_FUZZ_COLUMN_GEN_H
#define GALP_FUZZ_COLUMN_GEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "byte_source.h"
#include "galp.h"

/* At most this many vectors per generated column: enough for first, middle and last vectors,
 * small enough to keep one execution in the millisecond range. */
#define FUZZ_MAX_VECTORS 5u

typedef struct fuzz_column {
    galp_type type;
    galp_scheme scheme;   /* the column scheme of the header */
    bool payload_checksums; /* header flag bit 0: every entry holds its payload's CRC32C */
    bool compact_galp;    /* header flag bit 1: G-ALP vectors without exceptions have no lane
                           * table (spec/galp.md §1.1) */
    bool narrow_lane_ends; /* header flag bit 2: G-ALP and ALP_RD vectors with 1 … 255
                            * exceptions have u8 lane ends (spec/galp.md §1.2) */
    bool alprd_dict_in_entry; /* header flag bit 3: ALP_RD vectors whose dictionary fits in 64
                               * bits keep it in base, without a head (spec/alprd.md §3.1) */
    bool packed_lane_bases; /* header flag bit 4: DELTA vectors' lane bases are packed
                             * (spec/fastlanes.md §2.3) */
    bool runs_delta_values; /* header flag bit 5: RUNS vectors with factor 1 have delta-coded
                             * run values (spec/fastlanes.md §8.5) */
    bool runs_offset_values; /* header flag bit 10: RUNS vectors with factor 2 have offset-coded
                              * run values (spec/fastlanes.md §8.6) */
    bool patched_ffor;    /* header flag bit 9: FFOR vectors may have patches (spec/ffor.md §8) */
    uint64_t value_count;
    uint8_t *file;        /* buffer_size bytes; the file proper is its first file_size bytes */
    size_t file_size;
    size_t buffer_size;   /* what decoders are given: file_size or a little more */
    uint8_t *values;      /* value_count values of the type: the only correct decode */
} fuzz_column;

/* Fills *col with a valid column drawn from src (allocations abort on failure). */
void fuzz_column_generate(byte_source *src, fuzz_column *col);
void fuzz_column_free(fuzz_column *col);

/* Recomputes the header checksum of a file after its header or metadata was edited
 * (spec/format.md §3.4): the vector count is read from the header. The file must hold
 * 64 + 32 · vector_count bytes. */
void fuzz_column_seal(uint8_t *file);

#endif /* GALP_FUZZ_COLUMN_GEN_H */
