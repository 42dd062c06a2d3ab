/*
 * gen_patched.c — vectors of patched FFOR vectors (spec/ffor.md §8, format 1.8): for each
 * integer type a FFOR column from the reference encoder with a vector without patches, one
 * patched at slots 0 and 1023, one with a patch per 64 slots and a partial last vector patched
 * at its last value; hand-built u8 and u64 columns with the shapes the encoder never writes
 * (every slot patched at width 0, the widest patch at width W − 1, whose sum wraps, and a
 * partial vector); and one defect of each rule.
 */
#include <stdio.h>
#include <stdlib.h>

#include <galp/layout.h>

#include "bytes.h"
#include "galp_internal.h"
#include "gen_vectors.h"

#define PATCHED_U32 "valid/ffor_u32_patched"
#define PATCHED_VECTORS 4
#define PATCHED_LAST_M 700

enum { H_FLAGS = 20, E_SIZE = 16, E_PATCHES = 20 };

static const uint32_t patched_flag = GALP_FLAG_PATCHED_FFOR;

/* Value i of vector v: deltas of at most 5 bits above a base near the middle of the range;
 * vector 0 has none wider (no patch), vector 1 the widest delta at slots 0 and 1023, vector 2
 * one of W − 2 bits at every 64th slot, vector 3 (PATCHED_LAST_M values) at its last one. */
static uint64_t patched_value(gen_rng *rng, unsigned w, uint32_t v, uint32_t i)
{
    const uint64_t base = UINT64_C(1) << (w - 2);
    const bool outlier = (v == 1 && (i == 0 || i == GALP_VECTOR_SIZE - 1)) ||
                         (v == 2 && i % 64 == 17) || (v == 3 && i == PATCHED_LAST_M - 1);
    if (!outlier)
        return base + gen_low_bits(rng, 5);
    return v == 1 ? gen_mask(w) : base + gen_mask(w - 2) - gen_low_bits(rng, 3);
}

static void encoded_column(gen_set *set, galp_type type, uint64_t seed)
{
    const unsigned w = galp_type_bits(type), bytes = w / 8;
    const uint64_t n = (PATCHED_VECTORS - 1) * GALP_VECTOR_SIZE + PATCHED_LAST_M;
    uint8_t *values = calloc(n, bytes);
    if (values == NULL)
        abort();
    gen_rng rng = {seed};
    for (uint64_t i = 0; i < n; i++)
        galp_store_le(bytes, values + i * bytes,
                      patched_value(&rng, w, (uint32_t)(i / GALP_VECTOR_SIZE),
                                    (uint32_t)(i % GALP_VECTOR_SIZE)));
    char name[64], desc[200];
    snprintf(name, sizeof name, "valid/ffor_%s_patched", galp_type_name(type));
    snprintf(desc, sizeof desc,
             "FFOR %s, patched vectors (version 1.8): none, slots 0 and 1023, every 64th slot, "
             "the last value of a partial vector",
             galp_type_name(type));
    gen_vector *vec = gen_encoded_ex(set, name, type, GALP_SCHEME_FFOR, patched_flag, values, n, desc);
    static const int patches[PATCHED_VECTORS] = {0, 2, 16, 1};
    for (uint32_t v = 0; v < PATCHED_VECTORS; v++)
        gen_expect_vector(vec, v, GALP_SCHEME_FFOR, 5, patches[v]);
    free(values);
}

/* Vector 0: width 0, all m = 1024 slots patched; vector 1: width W − 1, patches of 1 (the
 * widest) at slots 0 and 1023 over a base that makes both sums wrap; vector 2: 10 values,
 * patched at 9. */
static void crafted_column(gen_set *set, galp_type type, uint64_t seed)
{
    const unsigned w = galp_type_bits(type);
    static craft_vector cv[3];
    gen_rng rng = {seed};
    cv[0] = (craft_vector){.scheme = GALP_SCHEME_FFOR, .m = GALP_VECTOR_SIZE, .base = 3,
                           .exception_count = GALP_VECTOR_SIZE};
    for (uint32_t i = 0; i < GALP_VECTOR_SIZE; i++) {
        cv[0].position[i] = (uint16_t)i;
        cv[0].exception[i] = 1 + gen_low_bits(&rng, w - 1);
    }
    cv[1] = (craft_vector){.scheme = GALP_SCHEME_FFOR, .m = GALP_VECTOR_SIZE, .bit_width = w - 1,
                           .base = gen_mask(w) - 5, .exception_count = 2,
                           .position = {0, GALP_VECTOR_SIZE - 1}, .exception = {1, 1}};
    for (uint32_t i = 0; i < GALP_VECTOR_SIZE; i++)
        cv[1].slot[i] = gen_low_bits(&rng, w - 1);
    cv[2] = (craft_vector){.scheme = GALP_SCHEME_FFOR, .m = 10, .bit_width = 2, .base = 40,
                           .exception_count = 1, .position = {9}, .exception = {gen_mask(w - 2)}};
    for (uint32_t i = 0; i < 10; i++)
        cv[2].slot[i] = i % 4;
    char name[64], desc[200];
    snprintf(name, sizeof name, "valid/ffor_%s_patched_crafted", galp_type_name(type));
    snprintf(desc, sizeof desc,
             "FFOR %s, patched vectors (version 1.8, hand-built): every slot at width 0, patches "
             "of 1 at width W-1 wrapping, a 10-value vector patched at 9",
             galp_type_name(type));
    gen_crafted(set, name, type, GALP_SCHEME_FFOR, 2 * GALP_VECTOR_SIZE + 10, cv, desc);
}

/* Where patch j of vector v of a u32 column lies: its value, or its position (spec/ffor.md
 * §8.1). */
static size_t patch_at(const gen_vector *vec, uint32_t v, unsigned j, bool position)
{
    const uint64_t offset = gen_get(vec, GEN_ENTRY(v), 8);
    const uint32_t p = (uint32_t)gen_get(vec, GEN_ENTRY(v) + E_PATCHES, 2);
    const unsigned b = (unsigned)gen_get(vec, GEN_ENTRY(v) + 23, 1);
    return (size_t)offset + (position ? galp_layout_positions_offset(GALP_SCHEME_FFOR, 32, b, p, 0) + 2u * j
                                      : galp_layout_values_offset(GALP_SCHEME_FFOR, 32, b, p, 0) + 4u * j);
}

static void patch_defect(gen_set *set, const char *name, galp_status expect, uint32_t v,
                         unsigned j, bool position, uint64_t value, const char *description)
{
    const gen_vector *base = gen_set_find(set, PATCHED_U32);
    const size_t at = patch_at(base, v, j, position);
    gen_put(gen_mutant(set, name, PATCHED_U32, expect, description), at, position ? 2 : 4, value);
}

static void patched_defects(gen_set *set)
{
    patch_defect(set, "patched_position_repeated", GALP_ERR_EXCEPTION_POSITION, 2, 1, true, 17,
                 "FFOR u32 vector 2's second patch at slot 17, the first one's");
    patch_defect(set, "patched_position_past_m", GALP_ERR_EXCEPTION_POSITION, 3, 0, true,
                 PATCHED_LAST_M, "FFOR u32 vector 3 (700 values) patched at slot 700");
    patch_defect(set, "patched_value_zero", GALP_ERR_PATCH_VALUE, 1, 0, false, 0,
                 "FFOR u32 vector 1's first patch 0 (changes nothing)");
    patch_defect(set, "patched_value_too_wide", GALP_ERR_PATCH_VALUE, 1, 1, false,
                 UINT64_C(1) << 27, "FFOR u32 vector 1 (width 5) with a patch of 2^27, beyond W - b bits");
    gen_edit(set, "patched_count_over_m", PATCHED_U32, GALP_ERR_EXCEPTION_COUNT,
             GEN_ENTRY(3) + E_PATCHES, 2, PATCHED_LAST_M + 1,
             "FFOR u32 vector 3 (700 values) with a patch count of 701");
    gen_edit(set, "patched_payload_size", PATCHED_U32, GALP_ERR_PAYLOAD_SIZE, GEN_ENTRY(2) + E_SIZE, 4,
             128 * 5 + 15 * 6, "FFOR u32 vector 2's payload_size for 15 of its 16 patches");
    gen_edit(set, "patched_flag_cleared", PATCHED_U32, GALP_ERR_EXCEPTION_COUNT, H_FLAGS, 4, 0,
             "file without flag bit 9: FFOR vector 1's patch count must be 0");
    gen_edit(set, "patched_flag_in_delta_u32", "valid/delta_u32_widths", GALP_ERR_RESERVED, H_FLAGS, 4,
             patched_flag, "header flag bit 9 (patched FFOR vectors) in a u32 DELTA column");
}

void gen_patched_vectors(gen_set *set)
{
    encoded_column(set, GALP_TYPE_U8, 0x67616c7070617438u);
    encoded_column(set, GALP_TYPE_U16, 0x67616c7070617431u);
    encoded_column(set, GALP_TYPE_U32, 0x67616c7070617433u);
    encoded_column(set, GALP_TYPE_U64, 0x67616c7070617436u);
    crafted_column(set, GALP_TYPE_U8, 0x67616c7063726638u);
    crafted_column(set, GALP_TYPE_U64, 0x67616c7063726636u);
    patched_defects(set);
}
