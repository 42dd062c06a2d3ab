/*
 * delta_encode.c — the reference encoder's choice of DELTA parameters (spec/fastlanes.md §2.2,
 * §2.3): the differences between neighbouring values of each lane are read as signed W-bit
 * numbers; base = the smallest of them, b = the bit width of (largest − smallest). A descending
 * run thus costs as little as an ascending one. With packed lane bases, the base of the bases
 * and their width c cover the lane bases with the shortest arc modulo 2^W, so that bases on
 * both sides of 0 (or 2^W) pack as narrowly as neighbours do. The layout it writes is delta.c's.
 */
#include <stdlib.h>

#include <galp/layout.h>

#include "galp_internal.h"

/* x as a signed W-bit number, widened: the two's complement reading of its low W bits. */
static int64_t signed_value(unsigned w, uint64_t x)
{
    if (w < 64) {
        x &= ((uint64_t)1 << w) - 1u;
        if (x >> (w - 1))
            x |= ~(uint64_t)0 << w;
    }
    return (int64_t)x;
}

static int ascending(const void *a, const void *b)
{
    const uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* spec/fastlanes.md §2.3: the base of the bases and the width c of the lane bases of the lanes
 * that start below m (their first value minus base). Sorted, the bases leave gaps between
 * neighbours and one around 2^W, from the largest back to the smallest; the base of the bases
 * is the base after the largest gap (the smallest base when the gap around 2^W is as large as
 * any, else the first after the first largest), c the bit width of the arc from it to the
 * base before that gap. Lanes that start at or after m pack a zero field. */
static void pack_lane_bases(unsigned w, uint64_t base, const uint64_t in[GALP_VECTOR_SIZE], uint32_t m,
                            uint64_t *base_of_bases, unsigned *c, uint64_t fields[GALP_VECTOR_SIZE / 8])
{
    const uint64_t mask = w >= 64 ? UINT64_MAX : ((uint64_t)1 << w) - 1u;
    const uint32_t lanes = galp_layout_lanes(w), used = (m + w - 1u) / w;
    uint64_t sorted[GALP_VECTOR_SIZE / 8];
    for (uint32_t lane = 0; lane < used; lane++)
        sorted[lane] = (in[galp_layout_transposed_position(w, 0, lane)] - base) & mask;
    qsort(sorted, used, sizeof sorted[0], ascending);
    uint32_t start = 0; /* the base after the largest gap */
    uint64_t largest = (sorted[0] - sorted[used - 1u]) & mask; /* the gap around 2^W */
    for (uint32_t i = 1; i < used; i++)
        if (sorted[i] - sorted[i - 1u] > largest) {
            largest = sorted[i] - sorted[i - 1u];
            start = i;
        }
    *base_of_bases = sorted[start];
    *c = galp_ffor_bit_width((sorted[(start + used - 1u) % used] - sorted[start]) & mask);
    for (uint32_t lane = 0; lane < lanes; lane++)
        fields[lane] = lane < used ? (in[galp_layout_transposed_position(w, 0, lane)] - base - *base_of_bases) & mask
                                   : 0;
}

void galp_delta_encode_vector(galp_type type, uint32_t flags, const void *values, uint32_t m,
                              galp_vector_info *info, uint8_t *payload)
{
    const unsigned w = galp_type_bits(type);
    uint64_t in[GALP_VECTOR_SIZE];
    galp_values_widen(w / 8, values, m, in);

    /* The differences the chains carry: rows 1 … W−1 of each lane, positions below m. */
    bool any = false;
    int64_t min = 0, max = 0;
    for (uint32_t p = 1; p < m; p++) {
        if (p % w == 0)
            continue; /* row 0 of a lane: its lane base, no difference */
        const int64_t d = signed_value(w, in[p] - in[p - 1]);
        min = !any || d < min ? d : min;
        max = !any || d > max ? d : max;
        any = true;
    }
    const uint64_t mask = w >= 64 ? UINT64_MAX : ((uint64_t)1 << w) - 1u;
    const uint64_t base = (uint64_t)min & mask;
    const unsigned b = galp_ffor_bit_width(((uint64_t)max - (uint64_t)min) & mask);
    /* spec/fastlanes.md §2.3: the fields where they are smaller than the plain lane bases,
     * else c = W, the plain lane bases (0 without the flag). */
    unsigned c = 0;
    uint64_t base_of_bases = 0, fields[GALP_VECTOR_SIZE / 8];
    if (galp_layout_delta_packed_bases(flags)) {
        pack_lane_bases(w, base, in, m, &base_of_bases, &c, fields);
        if (galp_layout_delta_head_bytes(w, c, flags) >= galp_layout_lane_bases_bytes())
            c = w;
    }
    if (galp_layout_delta_fields(w, c, flags))
        galp_delta_pack_packed(w, b, base, base_of_bases, c, fields, in, m, payload);
    else
        galp_delta_pack(w, b, base, in, m, payload);

    info->scheme = GALP_SCHEME_DELTA;
    info->bit_width = (uint8_t)b;
    info->base = base;
    info->exponent = (uint8_t)c;
    info->factor = 0;
    info->exception_count = 0;
    info->payload_size = galp_layout_delta_payload_bytes(w, b, c, flags);
}
