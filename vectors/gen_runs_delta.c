/*
 * gen_runs_delta.c — vectors of delta-coded RUNS values (spec/fastlanes.md §8.5, format 1.6):
 * for each integer type a RUNS column whose vectors are a slow walk in runs of 1 … 4 (delta
 * coded, 1-bit lengths or more), one value throughout (k = 0, b = 0: no payload), steps that
 * wrap around 2^W both ways, three codes in random order (frame-of-reference coded in the same
 * file) and a partial last vector; an AUTO u32 column; and one defect of each rule: factor 2,
 * the flag cleared, the flag outside FFOR and RUNS columns.
 */
#include <stdio.h>
#include <stdlib.h>

#include <galp/layout.h>

#include "bytes.h"
#include "galp_internal.h"
#include "gen_vectors.h"

#define DELTA_RUNS_U32 "valid/runs_u32_delta_values"

enum { H_FLAGS = 20, E_FACTOR = 25 };

static const uint32_t runs_flag = GALP_FLAG_RUNS_DELTA_VALUES;

/* Vector k of the column: 0 a walk of steps −3 … +3 in runs of 1 … 4 from the middle of the
 * range; 1 one value; 2 the same walk from 1, around 0, so that the values wrap between 0 and
 * 2^W − 1 both ways; 3 runs of one position of three codes below 2^(W−1) in random order,
 * whose differences need a bit more than they do (FOR-coded values are smaller); 4 a walk of
 * 700 values. */
static uint64_t next_value(gen_rng *rng, unsigned w, uint32_t v, uint64_t x)
{
    switch (v) {
    case 1: return x;
    case 3: { /* W − 1 bits as values, W as differences; never the previous value */
        const uint64_t codes[3] = {0, gen_mask(w) >> 1, gen_mask(w) >> 2};
        uint64_t c = codes[gen_below(rng, 3)];
        while (c == x)
            c = codes[gen_below(rng, 3)];
        return c;
    }
    default: return (x + gen_below(rng, 7) - 3) & gen_mask(w);
    }
}

void gen_runs_column(gen_set *set, galp_type type, uint64_t seed, uint64_t restart,
                     uint64_t (*next)(gen_rng *, unsigned, uint32_t, uint64_t), uint32_t flags,
                     const uint8_t factors[5], const char *name, const char *desc)
{
    const unsigned w = galp_type_bits(type), bytes = w / 8;
    const uint64_t n = 4 * GALP_VECTOR_SIZE + 700;
    uint8_t *values = calloc(n, bytes);
    if (values == NULL)
        abort();
    gen_rng rng = {seed};
    uint64_t x = UINT64_C(1) << (w - 1);
    for (uint64_t i = 0, left = 0; i < n; i++, left--) {
        const uint32_t v = (uint32_t)(i / GALP_VECTOR_SIZE);
        if (i % GALP_VECTOR_SIZE == 0) {
            left = 0;
            x = v == 2 ? restart : x;
        }
        if (left == 0) {
            left = v == 1 ? GALP_VECTOR_SIZE : v == 3 ? 1 : 1 + gen_below(&rng, 4);
            x = next(&rng, w, v, x);
        }
        galp_store_le(bytes, values + i * bytes, x);
    }
    gen_vector *vec = gen_encoded_ex(set, name, type, GALP_SCHEME_RUNS, flags, values, n, desc);
    gen_expect_vector(vec, 1, GALP_SCHEME_RUNS, 0, -1); /* k = 0, b = 0: no payload */
    for (uint32_t v = 0; v < 5; v++) {
        gen_expect_vector(vec, v, GALP_SCHEME_RUNS, -1, -1);
        gen_expect_entry_byte(vec, v, E_FACTOR, factors[v], "factor");
    }
    free(values);
}

static void delta_column(gen_set *set, galp_type type, uint64_t seed)
{
    static const uint8_t factors[5] = {1, 1, 1, 0, 1};
    char name[64], desc[200];
    snprintf(name, sizeof name, "valid/runs_%s_delta_values", galp_type_name(type));
    snprintf(desc, sizeof desc,
             "RUNS %s, delta-coded run values (version 1.6): a slow walk, one value, wrapping "
             "steps, codes in random order (FOR-coded), a partial walk",
             galp_type_name(type));
    gen_runs_column(set, type, seed, 1, next_value, runs_flag, factors, name, desc);
}

/* AUTO on u32: a drifting series in runs, as a sensor's, next to noise (FFOR). */
static void auto_column(gen_set *set)
{
    enum { n = 3 * GALP_VECTOR_SIZE };
    static uint32_t values[n];
    gen_rng rng = {0x67616c7072647631u}; /* "galprdv1" */
    uint32_t x = 2000000000u;
    for (uint32_t i = 0, left = 0; i < n; i++, left--) {
        if (left == 0) {
            left = 1 + (uint32_t)gen_below(&rng, 3);
            x += (uint32_t)gen_below(&rng, 11) - 5u;
        }
        values[i] = i / GALP_VECTOR_SIZE == 1 ? (uint32_t)gen_low_bits(&rng, 12) : x;
    }
    gen_vector *vec = gen_encoded_ex(set, "valid/auto_u32_runs_delta_values", GALP_TYPE_U32, GALP_SCHEME_AUTO,
                                     runs_flag, values, n,
                                     "u32 AUTO: RUNS with delta-coded values, FFOR, RUNS again (version 1.6)");
    static const galp_scheme schemes[3] = {GALP_SCHEME_RUNS, GALP_SCHEME_FFOR, GALP_SCHEME_RUNS};
    for (uint32_t v = 0; v < 3; v++)
        gen_expect_vector(vec, v, schemes[v], -1, -1);
}

static void runs_delta_defects(gen_set *set)
{
    gen_edit(set, "runs_delta_factor_2", DELTA_RUNS_U32, GALP_ERR_EXPONENT, GEN_ENTRY(0) + E_FACTOR, 1, 2,
         "RUNS vector 0 with factor 2 in a file with flag bit 5");
    gen_edit(set, "runs_delta_flag_cleared", DELTA_RUNS_U32, GALP_ERR_EXPONENT, H_FLAGS, 4, 0,
         "file without flag bit 5: RUNS vector 0's factor 1 (delta-coded values) must be 0");
    gen_edit(set, "runs_delta_flag_in_delta_u32", "valid/delta_u32_widths", GALP_ERR_RESERVED, H_FLAGS, 4,
         runs_flag, "header flag bit 5 (delta-coded RUNS values) in a u32 DELTA column");
    gen_edit(set, "runs_delta_flag_in_dict_u16", "valid/dict_u16_sizes", GALP_ERR_RESERVED, H_FLAGS, 4,
         runs_flag, "header flag bit 5 (delta-coded RUNS values) in a u16 DICT column");
}

void gen_runs_delta_vectors(gen_set *set)
{
    delta_column(set, GALP_TYPE_U8, 0x67616c7072647538u);
    delta_column(set, GALP_TYPE_U16, 0x67616c7072647531u);
    delta_column(set, GALP_TYPE_U32, 0x67616c7072647533u);
    delta_column(set, GALP_TYPE_U64, 0x67616c7072647536u);
    auto_column(set);
    runs_delta_defects(set);
}
