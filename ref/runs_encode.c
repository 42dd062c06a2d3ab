/*
 * runs_encode.c — the reference encoder's RUNS vectors (spec/fastlanes.md §8.3): the maximal
 * runs of equal neighbouring values of positions 0 … m−1, their lengths minus one packed with
 * the bit width of the longest, and their values packed against their minimum.
 */
#include <string.h>

#include <galp/layout.h>

#include "galp_internal.h"

void galp_runs_encode_vector(galp_type type, const void *values, uint32_t m,
                             galp_vector_info *info, uint8_t *payload)
{
    const unsigned w = galp_type_bits(type);
    uint64_t in[GALP_VECTOR_SIZE], runs[GALP_VECTOR_SIZE];
    uint32_t lengths[GALP_VECTOR_SIZE];
    galp_values_widen(w / 8, values, m, in);
    uint32_t r = 0;
    for (uint32_t p = 0; p < m; p++) {
        if (p == 0 || in[p] != in[p - 1]) {
            runs[r] = in[p];
            lengths[r++] = 0;
        }
        lengths[r - 1]++;
    }
    uint64_t min = UINT64_MAX, max = 0; /* m >= 1, so r >= 1 */
    uint32_t longest = 1;
    for (uint32_t j = 0; j < r; j++) {
        min = runs[j] < min ? runs[j] : min;
        max = runs[j] > max ? runs[j] : max;
        longest = lengths[j] > longest ? lengths[j] : longest;
    }
    const unsigned k = galp_ffor_bit_width(longest - 1u), b = galp_ffor_bit_width(max - min);
    const uint32_t values_offset = galp_layout_runs_part_bytes(r, k);
    info->payload_size = galp_layout_runs_payload_bytes(b, k, r);
    memset(payload, 0, info->payload_size);
    for (uint32_t j = 0; j < r; j++) {
        galp_packed_run_put(payload, k, j, lengths[j] - 1u);
        galp_packed_run_put(payload + values_offset, b, j, runs[j] - min);
    }
    info->scheme = GALP_SCHEME_RUNS;
    info->base = min;
    info->bit_width = (uint8_t)b;
    info->exponent = (uint8_t)k;
    info->factor = 0;
    info->exception_count = (uint16_t)r;
}
