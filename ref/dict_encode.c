/*
 * dict_encode.c — the reference encoder's DICT vectors (spec/fastlanes.md §4.3) and the packed
 * table of values that DICT and RLE share (§1): the dictionary is the vector's distinct values
 * (bit patterns for f32/f64) in ascending order, so codes compare like the values they stand
 * for; the table's base is its minimum and its bit width that of (maximum − minimum).
 */
#include <stdlib.h>

#include <galp/layout.h>

#include "galp_internal.h"

/* spec/fastlanes.md §1: c values packed as FFOR slots 0 … c−1 with base = their minimum and
 * b = the bits of (maximum − minimum); the other slots pack zeros, so the words past the
 * table's ceil(ceil(c/L)·b/W) per lane stay zero and are left out. Fills info's base, bit width
 * and exception_count; `table` has room for 128·W bytes. */
void galp_table_encode(unsigned w, const uint64_t *values, uint32_t c, galp_vector_info *info,
                       uint8_t *table)
{
    uint64_t min = values[0], max = values[0];
    for (uint32_t i = 1; i < c; i++) {
        min = values[i] < min ? values[i] : min;
        max = values[i] > max ? values[i] : max;
    }
    uint64_t slots[GALP_VECTOR_SIZE];
    for (uint32_t i = 0; i < GALP_VECTOR_SIZE; i++)
        slots[i] = i < c ? values[i] : min;
    const unsigned b = galp_ffor_bit_width(max - min);
    galp_ffor_pack(w, b, min, slots, table);
    info->base = min;
    info->bit_width = (uint8_t)b;
    info->exception_count = (uint16_t)c;
}

static int compare_u64(const void *a, const void *b)
{
    const uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* The code of `value` in the ascending dictionary of d entries, which holds it. */
static uint32_t code_of(const uint64_t *dictionary, uint32_t d, uint64_t value)
{
    uint32_t low = 0, high = d - 1;
    while (low < high) {
        const uint32_t mid = low + (high - low) / 2;
        if (dictionary[mid] < value)
            low = mid + 1;
        else
            high = mid;
    }
    return low;
}

/* Positions m … 1023 take code 0 (spec/format.md §4.3). */
void galp_dict_encode_vector(galp_type type, const void *values, uint32_t m,
                             galp_vector_info *info, uint8_t *payload)
{
    const unsigned w = galp_type_bits(type);
    uint64_t in[GALP_VECTOR_SIZE], dictionary[GALP_VECTOR_SIZE];
    galp_values_widen(w / 8, values, m, in);
    for (uint32_t p = 0; p < m; p++)
        dictionary[p] = in[p];
    qsort(dictionary, m, sizeof dictionary[0], compare_u64);
    uint32_t d = 0;
    for (uint32_t p = 0; p < m; p++)
        if (d == 0 || dictionary[p] != dictionary[d - 1])
            dictionary[d++] = dictionary[p];

    uint64_t codes[GALP_VECTOR_SIZE];
    for (uint32_t p = 0; p < GALP_VECTOR_SIZE; p++)
        codes[p] = p < m ? code_of(dictionary, d, in[p]) : 0;
    galp_ffor_pack(16, galp_layout_dict_code_bits(d), 0, codes, payload);
    galp_table_encode(w, dictionary, d, info, payload + galp_layout_table_offset(GALP_SCHEME_DICT, d));

    info->scheme = GALP_SCHEME_DICT;
    info->exponent = 0;
    info->factor = 0;
    info->payload_size =
        galp_layout_payload_bytes(GALP_SCHEME_DICT, w, info->bit_width, d, m, 0);
}
