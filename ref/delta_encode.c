/*
 * delta_encode.c — the reference encoder's choice of DELTA parameters (spec/fastlanes.md §2.2):
 * the differences between neighbouring values of each lane are read as signed W-bit numbers;
 * base = the smallest of them, b = the bit width of (largest − smallest). A descending run thus
 * costs as little as an ascending one. The layout it writes is delta.c's.
 */
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

void galp_delta_encode_vector(galp_type type, const void *values, uint32_t m,
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
    galp_delta_pack(w, b, base, in, m, payload);

    info->scheme = GALP_SCHEME_DELTA;
    info->bit_width = (uint8_t)b;
    info->base = base;
    info->exponent = 0;
    info->factor = 0;
    info->exception_count = 0;
    info->payload_size = galp_layout_payload_bytes(GALP_SCHEME_DELTA, w, b, 0, m, 0);
}
