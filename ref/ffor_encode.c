/*
 * ffor_encode.c — the reference encoder's FFOR vectors (spec/ffor.md §3.1): base = the unsigned
 * minimum of the vector, b = the bit width of (maximum − base), or for a patched vector the
 * width ffor_patch_choice.c picks and the patches of the deltas wider than it (§8.3). The
 * packed layout it writes is ffor.c's (spec/ffor.md §3).
 */
#include <galp/layout.h>

#include "bytes.h"
#include "galp_internal.h"

/* Bits needed to represent `range` (the vector's maximum minus its base): 0 for 0. */
unsigned galp_ffor_bit_width(uint64_t range)
{
    unsigned bits = 0;
    while (range) {
        bits++;
        range >>= 1;
    }
    return bits;
}

/* The patches of a vector packed with width b < W (spec/ffor.md §8.1): the high bits of every
 * delta of slots 0 … m−1 that does not fit, in position order, then their positions. The
 * filler slots m … 1023 are never patched (§8.3). Returns the patch count. */
static uint32_t write_patches(unsigned w, unsigned b, uint64_t base, const uint64_t *in, uint32_t m,
                              uint8_t *payload)
{
    uint32_t p = 0;
    for (uint32_t i = 0; i < m; i++)
        p += (in[i] - base) >> b != 0;
    uint8_t *values = payload + galp_layout_values_offset(GALP_SCHEME_FFOR, w, b, p, 0u);
    uint8_t *positions = payload + galp_layout_positions_offset(GALP_SCHEME_FFOR, w, b, p, 0u);
    for (uint32_t i = 0, j = 0; i < m; i++) {
        const uint64_t high = (in[i] - base) >> b;
        if (high == 0)
            continue;
        galp_store_le(w / 8, values + (size_t)j * (w / 8), high);
        galp_store_u16(positions + 2u * (size_t)j, (uint16_t)i);
        j++;
    }
    return p;
}

/* Slots m … 1023 of a last, partial vector copy slot 0 so that they never widen the range
 * (spec/format.md §4.3). With GALP_FLAG_PATCHED_FFOR in `flags` the width is the one of the
 * smallest exact size (spec/ffor.md §8.3), else the width of the range (§3.1). */
void galp_ffor_encode_vector(galp_type type, uint32_t flags, const void *values, uint32_t m,
                             galp_vector_info *info, uint8_t *payload)
{
    const unsigned w = galp_type_bits(type);
    uint64_t in[GALP_VECTOR_SIZE];
    galp_values_widen(w / 8, values, m, in);
    for (uint32_t i = m; i < GALP_VECTOR_SIZE; i++)
        in[i] = in[0];

    uint64_t min = in[0], max = in[0];
    for (uint32_t i = 1; i < m; i++) {
        min = in[i] < min ? in[i] : min;
        max = in[i] > max ? in[i] : max;
    }
    const unsigned b = galp_layout_ffor_patched(flags) ? galp_ffor_patched_width(w, min, in, m)
                                                       : galp_ffor_bit_width(max - min);
    galp_ffor_pack(w, b, min, in, payload);
    const uint32_t p = b < w ? write_patches(w, b, min, in, m, payload) : 0u;

    info->scheme = GALP_SCHEME_FFOR;
    info->bit_width = (uint8_t)b;
    info->base = min;
    info->exponent = 0;
    info->factor = 0;
    info->exception_count = (uint16_t)p;
    info->payload_size = galp_layout_payload_bytes(GALP_SCHEME_FFOR, w, b, p, m, flags);
}
