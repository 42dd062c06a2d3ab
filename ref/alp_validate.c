/*
 * alp_validate.c — the structural checks of ALP and GALP vector payloads (spec/alp.md §5,
 * spec/galp.md §4). The container (spec/format.md §6 step 10) has already checked e, f, the bit
 * width, exception_count <= m and the payload size, so every byte read here is in the payload.
 */
#include <galp/layout.h>

#include "bytes.h"
#include "galp_internal.h"

/* spec/alp.md §5: positions strictly ascending and < m. */
static galp_status validate_alp(const galp_vector_info *info, const uint8_t *positions)
{
    uint32_t previous = 0;
    for (uint32_t j = 0; j < info->exception_count; j++) {
        uint32_t position = galp_load_u16(positions + 2u * j);
        if (position >= info->value_count || (j > 0 && position <= previous))
            return GALP_ERR_EXCEPTION_POSITION;
        previous = position;
    }
    return GALP_OK;
}

/* spec/galp.md §4: lane ends first (EXCEPTION_COUNT), then each lane's positions. */
static galp_status validate_galp(unsigned w, const galp_vector_info *info, const uint8_t *lane_end,
                                 const uint8_t *positions)
{
    const unsigned lanes = galp_layout_lanes(w);
    const uint32_t m = info->value_count;
    uint32_t start = 0;
    for (unsigned l = 0; l < lanes; l++) {
        uint32_t end = galp_load_u16(lane_end + 2u * l);
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
        uint32_t end = galp_load_u16(lane_end + 2u * l);
        for (uint32_t j = start; j < end; j++) {
            uint32_t position = galp_load_u16(positions + 2u * j);
            if (position % lanes != l || position >= m ||
                (j > start && position <= galp_load_u16(positions + 2u * (j - 1))))
                return GALP_ERR_EXCEPTION_POSITION;
        }
        start = end;
    }
    return GALP_OK;
}

galp_status galp_alp_validate_payload(galp_type type, const galp_vector_info *info,
                                      const uint8_t *payload)
{
    const unsigned w = galp_type_bits(type);
    const uint32_t b = info->bit_width, c = info->exception_count;
    const uint8_t *positions = payload + galp_layout_positions_offset(info->scheme, w, b, c);
    if (info->scheme == GALP_SCHEME_GALP)
        return validate_galp(w, info, payload + galp_layout_lane_end_offset(b), positions);
    return validate_alp(info, positions);
}
