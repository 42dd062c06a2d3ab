/*
 * galp_layout.c — writing, reading and converting the exception section of ALP and GALP vector
 * payloads (spec/alp.md §2, spec/galp.md §1).
 *
 * ALP:  values[c] (W/8 bytes each), positions[c] (u16), in ascending position order.
 * GALP: lane_end[L] (u16, or u8 with narrow lane ends; cumulative), then values and positions grouped by lane
 *       (lane = position mod L), ascending position within a lane.
 */
#include "galp_layout.h"

#include <galp/layout.h>

#include "bytes.h"
#include "galp_internal.h"

/* Offsets within the exception section, which starts after the packed words: the layout's
 * payload offsets at b = 0 (include/galp/layout.h). */
size_t galp_exception_section_size(galp_scheme scheme, uint32_t flags, unsigned w, uint32_t c)
{
    return galp_layout_exception_bytes(scheme, w, c, flags);
}

/* ALP: values then positions in position order (spec/alp.md §2); G-ALP: lane ends, then both
 * grouped by lane (spec/galp.md §1). */
size_t galp_exceptions_write(galp_scheme scheme, uint32_t flags, unsigned w, uint32_t c,
                             const uint16_t *positions, const uint64_t *values, uint8_t *section)
{
    const unsigned bytes = w / 8u;
    uint8_t *value_at = section + galp_layout_values_offset(scheme, w, 0, c, flags);
    uint8_t *position_at = section + galp_layout_positions_offset(scheme, w, 0, c, flags);
    if (scheme != GALP_SCHEME_GALP) {
        for (uint32_t j = 0; j < c; j++) {
            galp_store_le(bytes, value_at + (size_t)j * bytes, values[j]);
            galp_store_u16(position_at + 2u * j, positions[j]);
        }
        return galp_exception_section_size(scheme, flags, w, c);
    }

    /* spec/galp.md §1: count per lane, cumulative ends, then place each exception at the next
     * free entry of its lane; walking in position order keeps each lane ascending. */
    const unsigned lanes = galp_layout_lanes(w);
    const unsigned end_bytes = galp_layout_lane_end_width(flags, c); /* u8 ends hold c <= 255 */
    uint16_t next[GALP_VECTOR_SIZE / 32] = {0}; /* at most 32 lanes (f32) */
    for (uint32_t j = 0; j < c; j++)
        next[positions[j] % lanes]++;
    uint16_t end = 0;
    for (unsigned l = 0; l < lanes; l++) {
        uint16_t count = next[l];
        next[l] = end; /* first entry of lane l */
        end = (uint16_t)(end + count);
        galp_store_le(end_bytes, section + end_bytes * l, end); /* lane_end[l], spec/galp.md §1, §1.2 */
    }
    for (uint32_t j = 0; j < c; j++) {
        uint16_t slot = next[positions[j] % lanes]++;
        galp_store_le(bytes, value_at + (size_t)slot * bytes, values[j]);
        galp_store_u16(position_at + 2u * slot, positions[j]);
    }
    return galp_exception_section_size(scheme, flags, w, c);
}

/* The inverse of galp_exceptions_write (spec/alp.md §2, spec/galp.md §1). */
void galp_exceptions_read(galp_scheme scheme, uint32_t flags, unsigned w, unsigned b, uint32_t c,
                          galp_reader *payload, uint16_t *positions, uint64_t *values)
{
    const unsigned bytes = w / 8u;
    const uint32_t value_at = galp_layout_values_offset(scheme, w, b, c, flags);
    const uint32_t position_at = galp_layout_positions_offset(scheme, w, b, c, flags);
    if (scheme != GALP_SCHEME_GALP) {
        for (uint32_t j = 0; j < c; j++) {
            positions[j] = galp_read_u16(payload, position_at + 2u * j);
            values[j] = galp_read_le(payload, value_at + (uint64_t)j * bytes, bytes);
        }
        return;
    }
    /* Lane order to position order: positions are distinct and < 1024 (validated), so index
     * the entries by position and walk the slots. */
    int32_t entry_of[GALP_VECTOR_SIZE];
    for (unsigned i = 0; i < GALP_VECTOR_SIZE; i++)
        entry_of[i] = -1;
    for (uint32_t j = 0; j < c; j++)
        entry_of[galp_read_u16(payload, position_at + 2u * j) % GALP_VECTOR_SIZE] = (int32_t)j;
    uint32_t out = 0;
    for (unsigned i = 0; i < GALP_VECTOR_SIZE; i++) {
        if (entry_of[i] < 0)
            continue;
        positions[out] = (uint16_t)i;
        values[out] = galp_read_le(payload, value_at + (uint64_t)entry_of[i] * bytes, bytes);
        out++;
    }
}

/* spec/galp.md §7: copy the packed integers, regroup the exceptions. */
size_t galp_convert_payload(galp_scheme from, uint32_t from_flags, galp_scheme to, uint32_t to_flags,
                            unsigned w, uint8_t bit_width, uint32_t c, galp_reader *src, uint8_t *dst)
{
    const size_t packed = galp_layout_packed_bytes(bit_width);
    uint16_t positions[GALP_VECTOR_SIZE];
    uint64_t values[GALP_VECTOR_SIZE];
    galp_read_bytes(src, 0, packed, dst);
    galp_exceptions_read(from, from_flags, w, bit_width, c, src, positions, values);
    return packed + galp_exceptions_write(to, to_flags, w, c, positions, values, dst + packed);
}
