/*
 * gen_narrow.c — vectors of narrow lane ends (spec/galp.md §1.2, format 1.3): G-ALP and ALP_RD
 * columns whose vectors with 1 … 255 exceptions have u8 lane ends, the boundary at 255 and
 * 256 exceptions, and one defect each of the flag, the u8 table and the sizes it implies.
 */
#include <stdio.h>
#include <string.h>

#include <galp/layout.h>

#include "bytes.h"
#include "galp_internal.h"
#include "gen_vectors.h"

#define NARROW_F32 "valid/galp_f32_narrow"         /* vector 0: 5 exceptions, b = 4 */
#define NARROW_BOUNDARY "valid/galp_f32_narrow_255_256" /* vector 0: c = 255, vector 1: c = 256 */
#define NARROW_ALPRD "valid/alprd_f32_narrow"      /* vector 0: r = 16, k = 1, c = 3 */

enum { H_FLAGS = 20, E_OFFSET = 0, E_SIZE = 16, E_WIDTH = 23, E_EXPONENT = 24 };

static const uint32_t narrow_flags = GALP_FLAG_COMPACT_GALP | GALP_FLAG_NARROW_LANE_ENDS;

/* Value i of a G-ALP column: the integer i mod 13 (ALP with e = 0, bit width 4), or a quiet
 * NaN with payload i where `nan` says: no decimal encoding holds it, so it is an exception. */
static void put_value(galp_type type, uint8_t *values, uint64_t i, bool nan)
{
    if (type == GALP_TYPE_F32) {
        const uint32_t bits = nan ? 0x7fc00000u | (uint32_t)i : gen_f32_bits((float)(i % 13));
        memcpy(values + 4 * i, &bits, 4);
    } else {
        const uint64_t bits = nan ? 0x7ff8000000000000u | i : gen_f64_bits((double)(i % 13));
        memcpy(values + 8 * i, &bits, 8);
    }
}

/* Three vectors, the last partial: 5 exceptions in lanes 0, 3 and 9 (u8 lane ends), none
 * (compact, no table), 40 spread over every lane of the last 700 values (u8 lane ends). */
static void galp_narrow(gen_set *set, galp_type type)
{
    enum { n = 3 * GALP_VECTOR_SIZE - 324 };
    static const uint16_t first[] = {0, 3, 9, 64 + 3, 128 + 9};
    uint8_t values[n * 8];
    const unsigned lanes = galp_layout_lanes(galp_type_bits(type));
    for (uint64_t i = 0; i < n; i++)
        put_value(type, values, i, false);
    for (unsigned j = 0; j < 5; j++)
        put_value(type, values, first[j], true);
    for (unsigned j = 0; j < 40; j++)
        put_value(type, values, 2 * GALP_VECTOR_SIZE + j * 17u % 700u, true);
    char name[64], desc[160];
    snprintf(name, sizeof name, "valid/galp_%s_narrow", galp_type_name(type));
    snprintf(desc, sizeof desc, "narrow lane ends (version 1.3): %u u8 lane ends for 5 and 40 "
             "exceptions, a compact vector between", lanes);
    gen_vector *vec = gen_encoded_ex(set, name, type, GALP_SCHEME_GALP, narrow_flags, values, n, desc);
    gen_expect_vector(vec, 0, GALP_SCHEME_GALP, 4, 5);
    gen_expect_vector(vec, 1, GALP_SCHEME_GALP, 4, 0);
    gen_expect_vector(vec, 2, GALP_SCHEME_GALP, 4, 40);
}

/* The boundary: 255 exceptions take u8 lane ends, 256 keep u16 ones in the same file. */
static void galp_boundary(gen_set *set)
{
    enum { n = 2 * GALP_VECTOR_SIZE };
    uint8_t values[n * 4];
    for (uint64_t i = 0; i < n; i++)
        put_value(GALP_TYPE_F32, values, i, false);
    for (unsigned j = 0; j < 255; j++) /* every 4th slot: lanes 0, 4, …, 28 */
        put_value(GALP_TYPE_F32, values, 4u * j, true);
    for (unsigned j = 0; j < 256; j++)
        put_value(GALP_TYPE_F32, values, GALP_VECTOR_SIZE + 4u * j, true);
    gen_vector *vec = gen_encoded_ex(set, NARROW_BOUNDARY, GALP_TYPE_F32, GALP_SCHEME_GALP,
                                     narrow_flags, values, n,
                                     "narrow lane ends: 255 exceptions with u8 lane ends, then "
                                     "256 with u16 ones");
    gen_expect_vector(vec, 0, GALP_SCHEME_GALP, 4, 255);
    gen_expect_vector(vec, 1, GALP_SCHEME_GALP, 4, 256);
}

/* ALP_RD: the left parts 0x3f80 and 0x4040 (near 1 and 3) with random right parts, and three
 * rare left parts in lanes 1 and 30; then a vector of the two common ones alone. */
static void alprd_narrow(gen_set *set)
{
    enum { n = 2 * GALP_VECTOR_SIZE };
    uint32_t values[n];
    gen_rng rng = {0x67616c706e617231u}; /* "galpnar1" */
    for (uint32_t i = 0; i < n; i++)
        values[i] = (i % 5 == 0 ? 0x3f80u : 0x4040u) << 16 | (uint32_t)gen_low_bits(&rng, 16);
    values[1] = 0xc2c8u << 16 | (values[1] & 0xffffu);
    values[33] = 0x7fc1u << 16 | (values[33] & 0xffffu);
    values[30] = 0x0001u << 16 | (values[30] & 0xffffu);
    gen_vector *vec = gen_encoded_ex(set, NARROW_ALPRD, GALP_TYPE_F32, GALP_SCHEME_ALP_RD,
                                     narrow_flags, values, n,
                                     "ALP_RD with narrow lane ends: 3 exceptions behind 32 u8 "
                                     "lane ends, then a vector without exceptions");
    gen_expect_vector(vec, 0, GALP_SCHEME_ALP_RD, 16, 3);
    gen_expect_vector(vec, 1, GALP_SCHEME_ALP_RD, 16, 0);
}

/* A copy of `base` with `bytes` bytes at `at` set to `value`; a header or entry edit gets its
 * checksum recomputed (the bases have no payload checksums). */
static void edit(gen_set *set, const char *name, const char *base, galp_status expect, size_t at,
                 unsigned bytes, uint64_t value, const char *description)
{
    gen_vector *vec = gen_mutant(set, name, base, expect, description);
    gen_put(vec, at, bytes, value);
    if (at < GEN_ENTRY(gen_get(vec, 16, 4)))
        gen_fix_checksum(&vec->file);
}

/* Where vector v's lane table is: after its packed words (G-ALP) or its codes (ALP_RD). */
static size_t lane_table(const gen_set *set, const char *base, uint32_t v)
{
    const gen_vector *vec = gen_set_find(set, base);
    const uint8_t *e = vec->file.data + GEN_ENTRY(v);
    const size_t payload = (size_t)galp_load_u64(e + E_OFFSET);
    return vec->scheme == GALP_SCHEME_ALP_RD
               ? payload + galp_layout_alprd_lane_end_offset(e[E_WIDTH], e[E_EXPONENT])
               : payload + galp_layout_lane_end_offset(e[E_WIDTH]);
}

static uint32_t payload_size(const gen_set *set, const char *base, uint32_t v)
{
    return galp_load_u32(gen_set_find(set, base)->file.data + GEN_ENTRY(v) + E_SIZE);
}

static void narrow_defects(gen_set *set)
{
    edit(set, "narrow_flag_in_raw_u8", "valid/raw_u8_small", GALP_ERR_RESERVED, H_FLAGS, 4,
         GALP_FLAG_NARROW_LANE_ENDS, "header flag bit 2 (narrow lane ends) in a u8 RAW column");
    edit(set, "narrow_flag_in_ffor_u16", "valid/checksums_u16_two_vectors", GALP_ERR_RESERVED,
         H_FLAGS, 4, GALP_FLAG_PAYLOAD_CHECKSUMS | GALP_FLAG_NARROW_LANE_ENDS,
         "header flag bit 2 (narrow lane ends) in a u16 FFOR column");
    edit(set, "narrow_flag_cleared", NARROW_F32, GALP_ERR_PAYLOAD_SIZE, H_FLAGS, 4,
         GALP_FLAG_COMPACT_GALP,
         "narrow file without its flag: vector 0's payload lacks the 32 bytes of u16 lane ends");
    edit(set, "narrow_payload_size_wide", NARROW_F32, GALP_ERR_PAYLOAD_SIZE, GEN_ENTRY(0) + E_SIZE,
         4, payload_size(set, NARROW_F32, 0) + 32,
         "narrow file: vector 0 (5 exceptions) with the payload_size of u16 lane ends");
    edit(set, "narrow_payload_size_256", NARROW_BOUNDARY, GALP_ERR_PAYLOAD_SIZE,
         GEN_ENTRY(1) + E_SIZE, 4, payload_size(set, NARROW_BOUNDARY, 1) - 32,
         "narrow file: vector 1 (256 exceptions) with the payload_size of u8 lane ends");
    /* Lane 0 holds 1 of vector 0's 5 exceptions (slot 0): an end of 3 exceeds lane 1's, 1. */
    edit(set, "narrow_lane_ends_decreasing", NARROW_F32, GALP_ERR_EXCEPTION_COUNT,
         lane_table(set, NARROW_F32, 0), 1, 3,
         "narrow lane ends of vector 0 not non-decreasing: lane_end[0] = 3, lane_end[1] = 1");
    edit(set, "narrow_lane_ends_total", NARROW_F32, GALP_ERR_EXCEPTION_COUNT,
         lane_table(set, NARROW_F32, 0) + 31, 1, 4,
         "narrow lane ends of vector 0 end at 4, its exception count is 5");
    edit(set, "alprd_narrow_lane_ends_decreasing", NARROW_ALPRD, GALP_ERR_EXCEPTION_COUNT,
         lane_table(set, NARROW_ALPRD, 0) + 1, 1, 3,
         "ALP_RD narrow lane ends of vector 0 not non-decreasing: lane_end[1] = 3, lane_end[2] = 2");
}

void gen_narrow_vectors(gen_set *set)
{
    galp_narrow(set, GALP_TYPE_F32);
    galp_narrow(set, GALP_TYPE_F64);
    galp_boundary(set);
    alprd_narrow(set);
    narrow_defects(set);
}
