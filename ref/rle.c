/*
 * rle.c — RLE vectors (spec/fastlanes.md §3): a run-index vector, transposed DELTA over 16-bit
 * indexes with base 0 (delta.c), then the R = exception_count run values, packed like DICT's
 * dictionary (dict.c). Position p holds run value index(p); each lane of the index vector is an
 * independent chain, so runs decode without a loop over run lengths.
 */
#include <galp/layout.h>

#include "bytes.h"
#include "galp_internal.h"

/* The run index of `position`: the 16-bit transposed chain at the head of the payload. */
static uint32_t run_index(const galp_vector_info *info, galp_reader *payload, uint32_t position)
{
    return (uint32_t)galp_delta_get(16, galp_layout_rle_step_bits(info->exception_count), 0,
                                    payload, position);
}

/* spec/fastlanes.md §3.2: every run index of positions 0 … m−1 is below R. */
galp_status galp_rle_validate_payload(const galp_vector_info *info, galp_reader *payload)
{
    uint64_t index[GALP_VECTOR_SIZE];
    galp_delta_unpack(16, galp_layout_rle_step_bits(info->exception_count), 0, payload, index);
    for (uint32_t p = 0; p < info->value_count; p++)
        if (index[p] >= info->exception_count)
            return GALP_ERR_DICT_CODE;
    return payload->overrun ? GALP_ERR_PAYLOAD_SIZE : GALP_OK;
}

uint64_t galp_rle_get(galp_type type, const galp_vector_info *info, galp_reader *payload,
                      uint32_t position)
{
    return galp_table_get(galp_type_bits(type), info, payload,
                          run_index(info, payload, position));
}

void galp_rle_decode_vector(galp_type type, const galp_vector_info *info, galp_reader *payload,
                            void *dst)
{
    const unsigned w = galp_type_bits(type);
    uint64_t index[GALP_VECTOR_SIZE], out[GALP_VECTOR_SIZE];
    galp_delta_unpack(16, galp_layout_rle_step_bits(info->exception_count), 0, payload, index);
    for (uint32_t p = 0; p < info->value_count; p++)
        out[p] = galp_table_get(w, info, payload, (uint32_t)index[p]);
    galp_values_narrow(w / 8, out, info->value_count, dst);
}
