/*
 * alp_validate.c — the structural checks of ALP and GALP vector payloads (spec/alp.md §5,
 * spec/galp.md §4). The container (spec/format.md §6 step 10) has already checked e, f, the bit
 * width, exception_count <= m and the payload size; every byte is read through the payload's
 * galp_reader (bytes.h) all the same.
 */
#include <galp/layout.h>

#include "bytes.h"
#include "galp_internal.h"

/* spec/alp.md §5: positions strictly ascending and < m. */
static galp_status validate_alp(const galp_vector_info *info, galp_reader *payload,
                                uint32_t positions)
{
    uint32_t previous = 0;
    for (uint32_t j = 0; j < info->exception_count; j++) {
        uint32_t position = galp_read_u16(payload, positions + 2u * j);
        if (position >= info->value_count || (j > 0 && position <= previous))
            return GALP_ERR_EXCEPTION_POSITION;
        previous = position;
    }
    return GALP_OK;
}

/* spec/galp.md §4: lane ends first (EXCEPTION_COUNT), then each lane's positions. ALP_RD's
 * exceptions are addressed the same way (spec/alprd.md §5). */
galp_status galp_lanes_validate(unsigned w, const galp_vector_info *info, galp_reader *payload,
                                uint32_t lane_end, unsigned end_bytes, uint32_t positions)
{
    const unsigned lanes = galp_layout_lanes(w);
    const uint32_t m = info->value_count;
    uint32_t start = 0;
    for (unsigned l = 0; l < lanes; l++) {
        uint32_t end = (uint32_t)galp_read_le(payload, lane_end + end_bytes * l, end_bytes);
        /* Slots i < m with i mod L = l. */
        uint32_t lane_slots = m > l ? (m - l + lanes - 1) / lanes : 0;
        if (end < start || end - start > lane_slots)
            return GALP_ERR_EXCEPTION_COUNT;
        start = end;
    }
    if (start != info->exception_count)
        return GALP_ERR_EXCEPTION_COUNT;

    start = 0;
    for (unsigned l = 0; l < lanes; l++) {
        uint32_t end = (uint32_t)galp_read_le(payload, lane_end + end_bytes * l, end_bytes);
        for (uint32_t j = start; j < end; j++) {
            uint32_t position = galp_read_u16(payload, positions + 2u * j);
            if (position % lanes != l || position >= m ||
                (j > start && position <= galp_read_u16(payload, positions + 2u * (j - 1))))
                return GALP_ERR_EXCEPTION_POSITION;
        }
        start = end;
    }
    return GALP_OK;
}

/* A read past the view means a payload shorter than its metadata implies: PAYLOAD_SIZE, the
 * class of spec/format.md §6 step 10.7, which the container checks before calling. */
galp_status galp_alp_validate_payload(galp_type type, uint32_t flags, const galp_vector_info *info,
                                      galp_reader *payload)
{
    const unsigned w = galp_type_bits(type);
    const uint32_t b = info->bit_width, c = info->exception_count;
    /* spec/galp.md §1.1: a compact G-ALP vector has neither lane table nor exceptions. */
    const galp_scheme layout = galp_layout_scheme(info->scheme, flags, c);
    const uint32_t positions = galp_layout_positions_offset(layout, w, b, c, flags);
    galp_status status = layout == GALP_SCHEME_GALP
                             ? galp_lanes_validate(w, info, payload, galp_layout_lane_end_offset(b),
                                                   galp_layout_lane_end_width(flags, c), positions)
                             : validate_alp(info, payload, positions);
    return payload->overrun ? GALP_ERR_PAYLOAD_SIZE : status;
}
