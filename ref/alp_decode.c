/*
 * alp_decode.c — decoding ALP and GALP vectors and single values (spec/alp.md §4–5,
 * spec/galp.md §3). The payload has been validated (alp_validate.c) before any call, and is
 * read through its galp_reader (bytes.h).
 */
#include <stdbool.h>
#include <string.h>

#include <galp/layout.h>

#include "alp_arith.h"
#include "bytes.h"
#include "galp_internal.h"

/* Where lane_end, the exception values and the positions of a vector payload start
 * (spec/alp.md §2, spec/galp.md §1). */
typedef struct exception_section {
    bool lanes;          /* G-ALP: lane_end[L] at lane_end, entries of end_bytes each */
    uint32_t lane_end;
    unsigned end_bytes;
    uint32_t values;
    uint32_t positions;
} exception_section;

static exception_section locate(unsigned w, uint32_t flags, const galp_vector_info *info)
{
    const galp_scheme scheme = info->scheme;
    const uint32_t b = info->bit_width, c = info->exception_count;
    exception_section s;
    s.lanes = scheme == GALP_SCHEME_GALP && c > 0; /* no lane table to read otherwise (§1.1) */
    s.lane_end = galp_layout_lane_end_offset(b);
    s.end_bytes = galp_layout_lane_end_width(flags, c); /* spec/galp.md §1.2 */
    s.values = galp_layout_values_offset(scheme, w, b, c, flags);
    s.positions = galp_layout_positions_offset(scheme, w, b, c, flags);
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

/* spec/alp.md §4 steps 2–4 for one FOR-decoded integer u; returns the bit pattern. */
static uint64_t alp_decode(unsigned w, const galp_vector_info *info, uint64_t u)
{
    if (w == 64)
        return galp_alp_decode64(u, galp_alp_fact64[info->factor], galp_alp_frac64(info->exponent));
    return galp_alp_decode32((uint32_t)u, galp_alp_fact32[info->factor],
                             galp_alp_frac32(info->exponent));
}

/* spec/alp.md §4 for every slot, then step 5: each exception entry names its own position,
 * so the same loop patches both layouts (spec/galp.md §3). */
void galp_alp_decode_vector(galp_type type, uint32_t flags, const galp_vector_info *info,
                            galp_reader *payload, void *dst)
{
    const unsigned w = galp_type_bits(type);
    const unsigned bytes = w / 8u;
    uint8_t *out = dst;
    uint64_t ints[GALP_VECTOR_SIZE];
    galp_ffor_unpack(w, info->bit_width, info->base, payload, ints);
    for (uint32_t i = 0; i < info->value_count; i++)
        store_native(w, out + (size_t)i * bytes, alp_decode(w, info, ints[i]));

    const exception_section s = locate(w, flags, info);
    for (uint32_t j = 0; j < info->exception_count; j++) {
        uint16_t position = galp_read_u16(payload, s.positions + 2u * j);
        uint64_t value = galp_read_le(payload, s.values + (uint64_t)j * bytes, bytes);
        if (position < info->value_count) /* validated; checked again so no write leaves dst */
            store_native(w, out + (size_t)position * bytes, value);
    }
}

/* A scan of the value's lane only, at most W entries (spec/galp.md §1), that reads nothing
 * past the lane (unlike the buffered decoders of spec/galp.md §5). */
int32_t galp_lanes_find(unsigned w, galp_reader *payload, uint32_t lane_end, unsigned end_bytes,
                        uint32_t positions, uint32_t index)
{
    unsigned lane = index % galp_layout_lanes(w);
    uint32_t lo =
        lane == 0 ? 0 : (uint32_t)galp_read_le(payload, lane_end + end_bytes * (lane - 1), end_bytes);
    uint32_t hi = (uint32_t)galp_read_le(payload, lane_end + end_bytes * lane, end_bytes);
    for (uint32_t j = lo; j < hi; j++) {
        uint16_t position = galp_read_u16(payload, positions + 2u * j);
        if (position >= index)
            return position == index ? (int32_t)j : -1;
    }
    return -1;
}

/* Index of the exception at `index`, or -1. ALP: binary search over the ascending positions
 * (spec/alp.md §5). GALP: a scan of the value's lane (galp_lanes_find). */
static int32_t find_exception(unsigned w, const galp_vector_info *info, galp_reader *payload,
                              const exception_section *s, uint32_t index)
{
    if (s->lanes)
        return galp_lanes_find(w, payload, s->lane_end, s->end_bytes, s->positions, index);
    uint32_t lo = 0, hi = info->exception_count;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        uint16_t position = galp_read_u16(payload, s->positions + 2u * mid);
        if (position == index)
            return (int32_t)mid;
        if (position < index)
            lo = mid + 1;
        else
            hi = mid;
    }
    return -1;
}

/* One value: the exception stored for it (spec/alp.md §5, spec/galp.md §3), else spec/alp.md §4
 * steps 1–4 on its slot alone. */
void galp_alp_get(galp_type type, uint32_t flags, const galp_vector_info *info, galp_reader *payload,
                  uint32_t index, void *value)
{
    const unsigned w = galp_type_bits(type);
    const unsigned bytes = w / 8u;
    const exception_section s = locate(w, flags, info);
    int32_t j = find_exception(w, info, payload, &s, index);
    if (j >= 0) {
        store_native(w, value, galp_read_le(payload, s.values + (uint64_t)j * bytes, bytes));
        return;
    }
    store_native(w, value, alp_decode(w, info, galp_ffor_get(w, info->bit_width, info->base,
                                                              payload, index)));
}
