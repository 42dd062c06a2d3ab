/*
 * gen_alprd_dict.c — vectors of ALP_RD dictionaries in the metadata entry (spec/alprd.md §3.1,
 * format 1.4): f32 vectors whose dictionaries take 32 and exactly 64 bits of base, one that
 * does not fit (72 bits) and keeps its head, an f64 vector with k = 0, and one defect of each
 * rule: unused bits of base, base in a vector with a head, the flag cleared or outside ALP,
 * G-ALP and ALP_RD columns, the payload size with a head.
 */
#include <stdio.h>
#include <string.h>

#include <galp/layout.h>

#include "galp_internal.h"
#include "gen_vectors.h"

#define DICT_F32 "valid/alprd_f32_dict_in_entry"
#define DICT_F64 "valid/alprd_f64_dict_in_entry"

enum { H_FLAGS = 20, E_BASE = 8, E_SIZE = 16 };

static const uint32_t dict_flags = GALP_FLAG_NARROW_LANE_ENDS | GALP_FLAG_ALPRD_DICT_IN_ENTRY;

/* A value with the given left part above bit r and random bits below it. */
static uint32_t rd_value(gen_rng *rng, uint32_t left, unsigned r)
{
    return left << r | (uint32_t)gen_low_bits(rng, r);
}

/* Four vectors, the last partial (900 values, still smaller than RAW):
 *  0: two 16-bit left parts and two exceptions: r = 16, k = 1, base bits 0 … 31;
 *  1: four 16-bit left parts, the last with its top bit set: r = 16, k = 2, all 64 bits;
 *  2: eight 8-bit left parts, bit 23 random: r = 24, k = 3, all 64 bits;
 *  3: eight 9-bit left parts with distinct 8-bit prefixes: r = 23, k = 3, 72 bits, a head. */
static void alprd_f32(gen_set *set)
{
    enum { n = 4 * GALP_VECTOR_SIZE - 124 };
    static const uint32_t four[4] = {0x3f81u, 0x4041u, 0xbf81u, 0xc041u};
    static const uint32_t eight8[8] = {0x3fu, 0x40u, 0x41u, 0x42u, 0xbfu, 0xc0u, 0xc1u, 0xc2u};
    static uint32_t values[n];
    gen_rng rng = {0x67616c7064696331u}; /* "galpdic1" */
    for (uint32_t i = 0; i < GALP_VECTOR_SIZE; i++)
        values[i] = rd_value(&rng, i % 3 == 0 ? 0x402du : 0x4049u, 16);
    values[7] = rd_value(&rng, 0xbf80u, 16);
    values[40] = rd_value(&rng, 0x7fc0u, 16);
    for (uint32_t i = 0; i < GALP_VECTOR_SIZE; i++)
        values[GALP_VECTOR_SIZE + i] = rd_value(&rng, four[i % 4], 16);
    for (uint32_t i = 0; i < GALP_VECTOR_SIZE; i++)
        values[2 * GALP_VECTOR_SIZE + i] = rd_value(&rng, eight8[i % 8], 24);
    for (uint32_t i = 3 * GALP_VECTOR_SIZE; i < n; i++)
        values[i] = rd_value(&rng, eight8[i % 8] << 1, 23);
    gen_vector *vec = gen_encoded_ex(set, DICT_F32, GALP_TYPE_F32, GALP_SCHEME_ALP_RD, dict_flags,
                                     values, n,
                                     "ALP_RD dictionaries in the entry (version 1.4): 32 and 64 "
                                     "bits of base, then a 72-bit one kept in the payload");
    gen_expect_vector(vec, 0, GALP_SCHEME_ALP_RD, 16, 2);
    gen_expect_vector(vec, 1, GALP_SCHEME_ALP_RD, 16, 0);
    gen_expect_vector(vec, 2, GALP_SCHEME_ALP_RD, 24, 0);
    gen_expect_vector(vec, 3, GALP_SCHEME_ALP_RD, 23, 0);
}

/* One f64 left part (0x3ff0, numbers in [1, 2)) with random 48-bit right parts: r = 48, k = 0,
 * a dictionary of one 16-bit entry. */
static void alprd_f64(gen_set *set)
{
    enum { n = 1000 };
    uint64_t values[n];
    gen_rng rng = {0x67616c7064696332u}; /* "galpdic2" */
    for (uint32_t i = 0; i < n; i++)
        values[i] = UINT64_C(0x3ff0) << 48 | gen_low_bits(&rng, 48);
    gen_vector *vec = gen_encoded_ex(set, DICT_F64, GALP_TYPE_F64, GALP_SCHEME_ALP_RD, dict_flags,
                                     values, n,
                                     "ALP_RD f64 with its one-entry dictionary (k = 0) in the entry");
    gen_expect_vector(vec, 0, GALP_SCHEME_ALP_RD, 48, 0);
}

static void dict_defects(gen_set *set)
{
    const gen_vector *f32 = gen_set_find(set, DICT_F32);
    const uint64_t base0 = gen_get(f32, GEN_ENTRY(0) + E_BASE, 8);
    gen_edit(set, "alprd_dict_unused_bits", DICT_F32, GALP_ERR_BASE, GEN_ENTRY(0) + E_BASE, 8,
         base0 | UINT64_C(1) << 32,
         "vector 0's dictionary (k = 1, 16-bit left parts) with bit 32 of base set");
    gen_edit(set, "alprd_dict_unused_bits_f64", DICT_F64, GALP_ERR_BASE, GEN_ENTRY(0) + E_BASE, 8,
         gen_get(gen_set_find(set, DICT_F64), GEN_ENTRY(0) + E_BASE, 8) | UINT64_C(1) << 63,
         "f64 vector 0's one-entry dictionary (16 bits) with bit 63 of base set");
    gen_edit(set, "alprd_dict_base_with_head", DICT_F32, GALP_ERR_BASE, GEN_ENTRY(3) + E_BASE, 8, 1,
         "vector 3 (72-bit dictionary, kept in its payload) with base 1");
    gen_edit(set, "alprd_dict_flag_cleared", DICT_F32, GALP_ERR_BASE, H_FLAGS, 4,
         GALP_FLAG_NARROW_LANE_ENDS,
         "file without flag bit 3: vector 0's base, its dictionary, must be 0");
    gen_edit(set, "alprd_dict_flag_in_ffor_u16", "valid/checksums_u16_two_vectors", GALP_ERR_RESERVED,
         H_FLAGS, 4, GALP_FLAG_PAYLOAD_CHECKSUMS | GALP_FLAG_ALPRD_DICT_IN_ENTRY,
         "header flag bit 3 (ALP_RD dictionaries in the entry) in a u16 FFOR column");
    gen_edit(set, "alprd_dict_payload_size_head", DICT_F32, GALP_ERR_PAYLOAD_SIZE,
         GEN_ENTRY(0) + E_SIZE, 4, gen_get(f32, GEN_ENTRY(0) + E_SIZE, 4) + 16,
         "vector 0 (dictionary in the entry) with the payload_size of a dictionary head");
}

void gen_alprd_dict_vectors(gen_set *set)
{
    alprd_f32(set);
    alprd_f64(set);
    dict_defects(set);
}
