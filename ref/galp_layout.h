/*
 * galp_layout.h — the two exception layouts of a vector payload: ALP's position order
 * (spec/alp.md §2) and G-ALP's lane-grouped order with lane ends (spec/galp.md §1).
 *
 * Both functions work on the exception section, which starts right after the 128·b bytes of
 * packed integers. Exceptions in memory are (position, W-bit bit pattern) pairs.
 */
#ifndef GALP_LAYOUT_H
#define GALP_LAYOUT_H

#include <stddef.h>
#include <stdint.h>

#include "bytes.h"
#include "galp.h"

/* `flags` below are the file's header flags, which set the width of G-ALP's lane ends
 * (galp_layout_lane_end_width, spec/galp.md §1.2). */

/* Size in bytes of the exception section for c exceptions (spec/format.md §4 table). */
size_t galp_exception_section_size(galp_scheme scheme, uint32_t flags, unsigned w, uint32_t c);

/* Writes c exceptions, given in strictly ascending position order, as the exception section of
 * `scheme` (ALP or GALP) for W-bit values; returns the bytes written. */
size_t galp_exceptions_write(galp_scheme scheme, uint32_t flags, unsigned w, uint32_t c,
                             const uint16_t *positions, const uint64_t *values, uint8_t *section);

/* Reads the validated exception section of a payload of bit width b back into ascending
 * position order. */
void galp_exceptions_read(galp_scheme scheme, uint32_t flags, unsigned w, unsigned b, uint32_t c,
                          galp_reader *payload, uint16_t *positions, uint64_t *values);

/* Rewrites a validated ALP or GALP vector payload of a file with header flags from_flags in
 * the layout `to` of a file with to_flags, without re-encoding: the packed integers are
 * copied, the exceptions regrouped. Returns the new payload size. */
size_t galp_convert_payload(galp_scheme from, uint32_t from_flags, galp_scheme to, uint32_t to_flags,
                            unsigned w, uint8_t bit_width, uint32_t c, galp_reader *src, uint8_t *dst);

#endif /* GALP_LAYOUT_H */
