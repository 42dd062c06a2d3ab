/*
 * ffor_encode.c — the reference encoder's choice of FFOR parameters (spec/ffor.md §3.1): base
 * = the unsigned minimum of the vector, b = the bit width of (maximum − base). The layout it
 * writes is ffor.c's (spec/ffor.md §3).
 */
#include <galp/layout.h>

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

/* Slots m … 1023 of a last, partial vector copy slot 0 so that they never widen the range
 * (spec/format.md §4.3). */
void galp_ffor_encode_vector(galp_type type, const void *values, uint32_t m,
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
    const unsigned b = galp_ffor_bit_width(max - min);
    galp_ffor_pack(w, b, min, in, payload);

    info->scheme = GALP_SCHEME_FFOR;
    info->bit_width = (uint8_t)b;
    info->base = min;
    info->exponent = 0;
    info->factor = 0;
    info->exception_count = 0;
    info->payload_size = galp_layout_packed_bytes(b);
}
