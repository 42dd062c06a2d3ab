/*
 * gen_runs_offset.c — vectors of offset-coded RUNS values (spec/fastlanes.md §8.6, format 1.8):
 * for each integer type a RUNS column, written with both delta codings allowed, whose vectors
 * are a walk of steps −2 … +5 in runs of 1 … 4 (offset-coded), one value (zig-zag coded: the
 * offset coding is no smaller, so the earlier one stays, factor 1 in the same file), a falling
 * walk that wraps from 0 to 2^W − 1 (every difference negative: the offset is the largest
 * fall), three codes in random order (frame-of-reference coded) and a partial walk; an AUTO u32
 * column of a sensor-like walk in runs of one value (k = 0), noise and a ramp; and one defect
 * of each rule: factor 3, the flag cleared, the flag outside FFOR and RUNS columns.
 */
#include <stdio.h>

#include <galp/layout.h>

#include "galp_internal.h"
#include "gen_vectors.h"

#define OFFSET_RUNS_U32 "valid/runs_u32_offset_values"

enum { H_FLAGS = 20, E_FACTOR = 25 };

static const uint32_t runs_flags = GALP_FLAG_RUNS_DELTA_VALUES | GALP_FLAG_RUNS_OFFSET_VALUES;

/* Vector v's next run value after x: 0 and 4 a walk of steps −2 … +5; 1 the same value; 2 a
 * fall of 1 … 5 (3 bits with the offset, 4 zig-zag coded); 3 one of three codes below
 * 2^(W−1), never the previous value. */
static uint64_t next_value(gen_rng *rng, unsigned w, uint32_t v, uint64_t x)
{
    switch (v) {
    case 1: return x;
    case 2: return (x - 1u - gen_below(rng, 5)) & gen_mask(w);
    case 3: {
        const uint64_t codes[3] = {0, gen_mask(w) >> 1, gen_mask(w) >> 2};
        uint64_t c = codes[gen_below(rng, 3)];
        while (c == x)
            c = codes[gen_below(rng, 3)];
        return c;
    }
    default: return (x + gen_below(rng, 8) - 2u) & gen_mask(w);
    }
}

static void offset_column(gen_set *set, galp_type type, uint64_t seed)
{
    static const uint8_t factors[5] = {2, 1, 2, 0, 2};
    char name[64], desc[200];
    snprintf(name, sizeof name, "valid/runs_%s_offset_values", galp_type_name(type));
    snprintf(desc, sizeof desc,
             "RUNS %s, offset-coded run values (version 1.8): a walk, one value (zig-zag coded), "
             "a wrapping fall, codes in random order (FOR-coded), a partial walk",
             galp_type_name(type));
    gen_runs_column(set, type, seed, 40, next_value, runs_flags, factors, name, desc);
}

/* AUTO on u32: a sensor's walk of steps −14 … +17, one value per run (offset-coded RUNS with
 * k = 0, smaller than DELTA's packed lane bases), noise (FFOR), a ramp of step 7 (DELTA). */
static void auto_column(gen_set *set)
{
    enum { n = 3 * GALP_VECTOR_SIZE };
    static uint32_t values[n];
    gen_rng rng = {0x67616c706f666631u}; /* "galpoff1" */
    uint32_t x = 100000u;
    for (uint32_t i = 0; i < n; i++) {
        const uint32_t v = i / GALP_VECTOR_SIZE;
        x += (uint32_t)gen_below(&rng, 32) - 14u;
        values[i] = v == 0 ? x : v == 1 ? (uint32_t)gen_low_bits(&rng, 20) : 7u * i;
    }
    gen_vector *vec = gen_encoded_ex(set, "valid/auto_u32_runs_offset_values", GALP_TYPE_U32, GALP_SCHEME_AUTO,
                                     runs_flags, values, n,
                                     "u32 AUTO: RUNS with offset-coded values, FFOR, DELTA (version 1.8)");
    static const galp_scheme schemes[3] = {GALP_SCHEME_RUNS, GALP_SCHEME_FFOR, GALP_SCHEME_DELTA};
    for (uint32_t v = 0; v < 3; v++)
        gen_expect_vector(vec, v, schemes[v], -1, -1);
    gen_expect_entry_byte(vec, 0, E_FACTOR, GALP_LAYOUT_RUNS_OFFSET_VALUES, "factor");
}

static void runs_offset_defects(gen_set *set)
{
    gen_edit(set, "runs_offset_factor_3", OFFSET_RUNS_U32, GALP_ERR_EXPONENT, GEN_ENTRY(0) + E_FACTOR, 1, 3,
             "RUNS vector 0 with factor 3 in a file with flag bits 5 and 10");
    gen_edit(set, "runs_offset_flag_cleared", OFFSET_RUNS_U32, GALP_ERR_EXPONENT, H_FLAGS, 4,
             GALP_FLAG_RUNS_DELTA_VALUES,
             "file without flag bit 10: RUNS vector 0's factor 2 (offset-coded values) must be 0 or 1");
    gen_edit(set, "runs_offset_flag_in_delta_u32", "valid/delta_u32_widths", GALP_ERR_RESERVED, H_FLAGS, 4,
             GALP_FLAG_RUNS_OFFSET_VALUES, "header flag bit 10 (offset-coded RUNS values) in a u32 DELTA column");
}

void gen_runs_offset_vectors(gen_set *set)
{
    offset_column(set, GALP_TYPE_U8, 0x67616c706f667538u);
    offset_column(set, GALP_TYPE_U16, 0x67616c706f667531u);
    offset_column(set, GALP_TYPE_U32, 0x67616c706f667533u);
    offset_column(set, GALP_TYPE_U64, 0x67616c706f667536u);
    auto_column(set);
    runs_offset_defects(set);
}
