/*
 * alp_decode.c — decoding ALP and GALP vectors and single values (spec/alp.md §4–5,
 * spec/galp.md §3). The payload has been validated (alp_validate.c) before any call.
 */
#include <string.h>

#include <galp/layout.h>

#include "alp_arith.h"
#include "bytes.h"
#include "galp_internal.h"

/* Where the exception values and positions of a vector payload start (spec/alp.md §2,
 * spec/galp.md §1). */
typedef struct exception_section {
    const uint8_t *lane_end; /* GALP only, else NULL */
    const uint8_t *values;
    const uint8_t *positions;
} exception_section;

static exception_section locate(unsigned w, const galp_vector_info *info,
                                const uint8_t *payload)
{
    const galp_scheme scheme = info->scheme;
    const uint32_t b = info->bit_width, c = info->exception_count;
    exception_section s;
    s.lane_end = scheme == GALP_SCHEME_GALP ? payload + galp_layout_lane_end_offset(b) : NULL;
    s.values = payload + galp_layout_values_offset(scheme, w, b);
    s.positions = payload + galp_layout_positions_offset(scheme, w, b, c);
    return s;
}

/* Stores the W-bit bit pattern v as a native value of the type (the output array). */
static void store_native(unsigned w, uint8_t *dst, uint64_t v)
{
    if (w == 64) {
        memcpy(dst, &v, sizeof v);
    } else {
        uint32_t v32 = (uint32_t)v;
        memcpy(dst, &v32, sizeof v32);
    }
}

void galp_alp_decode_vector(galp_type type, const galp_vector_info *info,
                            const uint8_t *payload, void *dst)
{
    const unsigned w = galp_type_bits(type);
    const unsigned bytes = w / 8u;
    uint8_t *out = dst;
    uint64_t ints[GALP_VECTOR_SIZE];
    galp_ffor_unpack(w, info->bit_width, info->base, payload, ints);

    if (w == 64) {
        const uint64_t fact = galp_alp_fact64[info->factor];
        const double frac = galp_alp_frac64(info->exponent);
        for (uint32_t i = 0; i < info->value_count; i++) {
            uint64_t bits = galp_alp_decode64(ints[i], fact, frac);
            memcpy(out + 8u * i, &bits, sizeof bits);
        }
    } else {
        const uint32_t fact = galp_alp_fact32[info->factor];
        const float frac = galp_alp_frac32(info->exponent);
        for (uint32_t i = 0; i < info->value_count; i++) {
            uint32_t bits = galp_alp_decode32((uint32_t)ints[i], fact, frac);
            memcpy(out + 4u * i, &bits, sizeof bits);
        }
    }

    /* Patch: the same loop serves both layouts, as each entry names its own position. */
    exception_section s = locate(w, info, payload);
    for (uint32_t j = 0; j < info->exception_count; j++) {
        uint16_t position = galp_load_u16(s.positions + 2u * j);
        store_native(w, out + (size_t)position * bytes,
                     galp_load_le(bytes, s.values + (size_t)j * bytes));
    }
}

/* Index of the exception at `index`, or -1. ALP: binary search over the ascending positions
 * (spec/alp.md §5). GALP: a scan of the value's lane only, at most W entries (spec/galp.md §1). */
static int32_t find_exception(unsigned w, const galp_vector_info *info,
                              const exception_section *s, uint32_t index)
{
    uint32_t lo = 0, hi = info->exception_count;
    if (s->lane_end != NULL) {
        unsigned lane = index % galp_layout_lanes(w);
        lo = lane == 0 ? 0 : galp_load_u16(s->lane_end + 2u * (lane - 1));
        hi = galp_load_u16(s->lane_end + 2u * lane);
        for (uint32_t j = lo; j < hi; j++) {
            uint16_t position = galp_load_u16(s->positions + 2u * j);
            if (position >= index)
                return position == index ? (int32_t)j : -1;
        }
        return -1;
    }
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        uint16_t position = galp_load_u16(s->positions + 2u * mid);
        if (position == index)
            return (int32_t)mid;
        if (position < index)
            lo = mid + 1;
        else
            hi = mid;
    }
    return -1;
}

void galp_alp_get(galp_type type, const galp_vector_info *info, const uint8_t *payload,
                  uint32_t index, void *value)
{
    const unsigned w = galp_type_bits(type);
    const unsigned bytes = w / 8u;
    exception_section s = locate(w, info, payload);
    int32_t j = find_exception(w, info, &s, index);
    if (j >= 0) {
        store_native(w, value, galp_load_le(bytes, s.values + (size_t)j * bytes));
        return;
    }
    uint64_t u = galp_ffor_get(w, info->bit_width, info->base, payload, index);
    if (w == 64) {
        uint64_t bits = galp_alp_decode64(u, galp_alp_fact64[info->factor],
                                          galp_alp_frac64(info->exponent));
        store_native(w, value, bits);
    } else {
        store_native(w, value, galp_alp_decode32((uint32_t)u, galp_alp_fact32[info->factor],
                                                 galp_alp_frac32(info->exponent)));
    }
}
