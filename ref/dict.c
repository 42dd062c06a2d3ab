/*
 * dict.c — DICT vectors (spec/fastlanes.md §4): 1024 codes FFOR-packed in the 16-bit layout
 * with base 0 and the bit width of D − 1, then the dictionary, D = exception_count values
 * packed like FFOR slots 0 … D−1 with the entry's base and bit width. Position p holds
 * dictionary entry code(p). f32/f64 dictionaries hold the values' bit patterns.
 */
#include <galp/layout.h>

#include "bytes.h"
#include "galp_internal.h"

/* The codes: a FFOR vector of 16-bit words, slot p = position p (spec/fastlanes.md §4). */
static galp_reader codes_of(galp_reader *payload, uint32_t d)
{
    return galp_read_view(payload, 0, galp_layout_packed_bytes(galp_layout_dict_code_bits(d)));
}

/* RLE's run values and DICT's dictionary: entry `index` of the table of c values after the
 * index part (spec/fastlanes.md §1). */
uint64_t galp_table_get(unsigned w, const galp_vector_info *info, galp_reader *payload,
                        uint32_t index)
{
    const uint32_t c = info->exception_count;
    galp_reader table = galp_read_view(payload, galp_layout_table_offset(info->scheme, c),
                                       galp_layout_table_bytes(w, info->bit_width, c));
    const uint64_t value = galp_ffor_get(w, info->bit_width, info->base, &table, index);
    payload->overrun |= table.overrun;
    return value;
}

static uint32_t code_at(const galp_vector_info *info, galp_reader *payload, uint32_t position)
{
    const uint32_t d = info->exception_count;
    galp_reader codes = codes_of(payload, d);
    const uint64_t code = galp_ffor_get(16, galp_layout_dict_code_bits(d), 0, &codes, position);
    payload->overrun |= codes.overrun;
    return (uint32_t)code;
}

/* spec/fastlanes.md §4.2: every code of positions 0 … m−1 is below D (the container has
 * checked 1 <= D <= m and the payload size). */
galp_status galp_dict_validate_payload(const galp_vector_info *info, galp_reader *payload)
{
    for (uint32_t p = 0; p < info->value_count; p++)
        if (code_at(info, payload, p) >= info->exception_count)
            return GALP_ERR_DICT_CODE;
    return payload->overrun ? GALP_ERR_PAYLOAD_SIZE : GALP_OK;
}

uint64_t galp_dict_get(galp_type type, const galp_vector_info *info, galp_reader *payload,
                       uint32_t position)
{
    return galp_table_get(galp_type_bits(type), info, payload, code_at(info, payload, position));
}

void galp_dict_decode_vector(galp_type type, const galp_vector_info *info, galp_reader *payload,
                             void *dst)
{
    uint64_t out[GALP_VECTOR_SIZE];
    for (uint32_t p = 0; p < info->value_count; p++)
        out[p] = galp_dict_get(type, info, payload, p);
    galp_values_narrow((unsigned)galp_type_size(type), out, info->value_count, dst);
}
