/*
 * rle_encode.c — the reference encoder's RLE vectors (spec/fastlanes.md §3.3): the runs of equal
 * neighbouring values of positions 0 … m−1, their values in order as the table (dict_encode.c)
 * and the run index of every position as a transposed 16-bit DELTA vector (delta.c), whose
 * steps are 0 within a run and 1 where a run starts.
 */
#include <galp/layout.h>

#include "galp_internal.h"

/* Positions m … 1023 repeat the last run index (steps of 0, spec/format.md §4.3). */
void galp_rle_encode_vector(galp_type type, const void *values, uint32_t m,
                            galp_vector_info *info, uint8_t *payload)
{
    const unsigned w = galp_type_bits(type);
    uint64_t in[GALP_VECTOR_SIZE], runs[GALP_VECTOR_SIZE], index[GALP_VECTOR_SIZE];
    galp_values_widen(w / 8, values, m, in);
    uint32_t r = 0;
    for (uint32_t p = 0; p < m; p++) {
        if (p == 0 || in[p] != in[p - 1])
            runs[r++] = in[p];
        index[p] = r - 1;
    }
    galp_delta_pack(16, galp_layout_rle_step_bits(r), 0, index, m, payload);
    galp_table_encode(w, runs, r, info, payload + galp_layout_table_offset(GALP_SCHEME_RLE, r));

    info->scheme = GALP_SCHEME_RLE;
    info->exponent = 0;
    info->factor = 0;
    info->payload_size = galp_layout_payload_bytes(GALP_SCHEME_RLE, w, info->bit_width, r, m, 0);
}
