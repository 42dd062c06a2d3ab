/*
 * decode_check.h — the properties every input must have when given to the reference decoder.
 *
 * Shared by fuzz_decode (arbitrary bytes), fuzz_structured (generated and mutated columns),
 * fuzz_differential and the regression replay, so that each checks the same contract.
 */
#ifndef GALP_FUZZ_DECODE_CHECK_H
#define GALP_FUZZ_DECODE_CHECK_H

#include <stddef.h>
#include <stdint.h>

#include "galp.h"

/* What a str column must decode to (fuzz_check_decode's `expected` for one): n strings,
 * string i being bytes[offsets[i] .. offsets[i + 1]), offsets[0] = 0. */
typedef struct fuzz_expected_strings {
    const uint64_t *offsets;
    const uint8_t *bytes;
    uint64_t n;
} fuzz_expected_strings;

/* Opens and decodes `data` through every decoding entry point of include/galp.h and aborts on
 * any inconsistency (spec/format.md §5, §6):
 *   - galp_open reports the class that an independent validator written from the spec's text
 *     reports (spec_validate.h);
 *   - galp_open, galp_decompress, galp_decompress_bound and galp_convert_scheme agree on the
 *     status;
 *   - a rejected file produces no output;
 *   - an accepted file decodes to exactly value_count values, and the per-vector and
 *     single-value results equal the bulk decode; out-of-range indices give GALP_ERR_INDEX and
 *     a short destination GALP_ERR_DST_TOO_SMALL;
 *   - an ALP or G-ALP column converts to either layout (galp_convert_scheme) and still decodes
 *     to the same values; other columns are refused;
 *   - when `expected` is not NULL the bulk decode equals it bit for bit;
 *   - a str column is checked by fuzz_check_strings instead; `expected`, if not NULL, is then a
 *     fuzz_expected_strings (*decoded unused).
 * Returns galp_open's status. On success *decoded (if not NULL) receives the bulk decode,
 * malloc'ed, which the caller frees. */
galp_status fuzz_check_decode(const uint8_t *data, size_t size, const void *expected,
                              uint8_t **decoded);

/* The part of fuzz_check_decode for an opened str column (decode_check_str.c): the 64- and
 * 32-bit Arrow forms, the record form and single strings agree, and equal `expected` when it
 * is not NULL; short destinations and out-of-range indices are refused unwritten; the
 * value-array calls refuse the column. */
void fuzz_check_strings(const uint8_t *data, size_t size, const galp_column *col,
                        const fuzz_expected_strings *expected);

#endif /* GALP_FUZZ_DECODE_CHECK_H */
