/*
 * gen_delta_packed.c — vectors of packed DELTA lane bases (spec/fastlanes.md §2.3, format
 * 1.5): for each integer type a DELTA column whose vectors have lane-base widths of a few
 * bits, wrapping around 2^W, one below W (for u64 the widest that still saves bytes), W (the
 * plain 128-byte form under the flag) and a partial last vector; a FFOR column of AUTO vectors
 * mixing DELTA with the other schemes; and one defect of each rule: the width above W, a
 * factor, the flag cleared, the flag on a 1.4 DELTA file, the flag outside FFOR and DELTA
 * columns, the payload size of the plain form.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <galp/layout.h>

#include "bytes.h"
#include "galp_internal.h"
#include "gen_vectors.h"

#define PACKED_U32 "valid/delta_u32_packed_lane_bases"
#define AUTO_U32 "valid/auto_u32_packed_lane_bases"

enum { H_FLAGS = 20, E_SIZE = 16, E_EXPONENT = 24, E_FACTOR = 25 };

static const uint32_t packed_flag = GALP_FLAG_PACKED_LANE_BASES;

/* A vector of 1024 values whose lane l starts at start + spread_l (lane 0 at spread 0, lane 1
 * at 2^s − 1, the others random below 2^s) and steps by 1 + (3 random bits) per row: base 1,
 * b = 3, and lane-base width s where the spreads' arc is the shortest around 2^W. */
static void lanes_from(gen_rng *rng, unsigned w, uint64_t start, unsigned spread_bits, uint8_t *out)
{
    const unsigned lanes = GALP_VECTOR_SIZE / w;
    for (unsigned l = 0; l < lanes; l++) {
        uint64_t x = start + (l == 1   ? gen_mask(spread_bits)
                              : l == 0 ? 0
                                       : gen_low_bits(rng, spread_bits));
        for (unsigned r = 0; r < w; r++) {
            galp_store_le(w / 8, out + (size_t)(l * w + r) * (w / 8), x & gen_mask(w));
            x += 1u + gen_low_bits(rng, 3);
        }
    }
}

/* The widest lane-base width whose packed head is smaller than the plain 128 bytes. */
static unsigned widest_packed(unsigned w)
{
    unsigned c = w;
    while (galp_layout_delta_head_bytes(w, c, packed_flag) >= galp_layout_lane_bases_bytes())
        c--;
    return c;
}

/* A DELTA column of type `type`: vector 0 with lane bases 5 bits apart (3 for u8), 1 wrapping
 * around 2^W (bases from 2^W − 2^(s−1)), 2 with the widest packed width that is smaller than
 * 128 bytes, 3 with lane bases of W bits (c = W, the plain form), 4 partial (700 values). */
static void packed_column(gen_set *set, galp_type type, uint64_t seed)
{
    const unsigned w = galp_type_bits(type), bytes = w / 8;
    const unsigned widest = widest_packed(w), wrap = w == 8 ? 5 : 9;
    const uint64_t n = 4 * GALP_VECTOR_SIZE + 700;
    uint8_t *values = calloc(5 * GALP_VECTOR_SIZE, bytes);
    if (values == NULL)
        abort();
    gen_rng rng = {seed};
    const size_t vector_bytes = (size_t)GALP_VECTOR_SIZE * bytes;
    lanes_from(&rng, w, gen_low_bits(&rng, w), w == 8 ? 3 : 5, values);
    lanes_from(&rng, w, (0 - (UINT64_C(1) << (wrap - 1))) & gen_mask(w), wrap,
               values + vector_bytes);
    lanes_from(&rng, w, gen_low_bits(&rng, w), widest, values + 2 * vector_bytes);
    lanes_from(&rng, w, 0, w, values + 3 * vector_bytes);
    lanes_from(&rng, w, 1000, 2, values + 4 * vector_bytes);
    char name[64], desc[200];
    snprintf(name, sizeof name, "valid/delta_%s_packed_lane_bases", galp_type_name(type));
    snprintf(desc, sizeof desc,
             "DELTA %s, packed lane bases (version 1.5): widths of a few bits, around 2^W, %u, "
             "%u (plain), then a partial vector",
             galp_type_name(type), widest, w);
    gen_vector *vec = gen_encoded_ex(set, name, type, GALP_SCHEME_DELTA, packed_flag, values, n, desc);
    for (uint32_t v = 0; v < 5; v++)
        gen_expect_vector(vec, v, GALP_SCHEME_DELTA, v == 4 ? -1 : 3, 0);
    const unsigned expected[4] = {w == 8 ? 3 : 5, wrap, widest, w};
    for (uint32_t v = 0; v < 4; v++)
        gen_expect_entry_byte(vec, v, E_EXPONENT, expected[v], "lane-base width");
    free(values);
}

/* AUTO on u32: DELTA (packed), FFOR, RUNS, DICT and DELTA again, with the flag: both of
 * version 1.5's additions in one file. */
static void auto_column(gen_set *set)
{
    enum { n = 5 * GALP_VECTOR_SIZE };
    static uint32_t values[n];
    gen_rng rng = {0x67616c7064656c31u}; /* "galpdel1" */
    uint32_t x = 70000;
    for (uint32_t i = 0; i < n; i++) {
        const uint32_t v = i / GALP_VECTOR_SIZE, k = i % GALP_VECTOR_SIZE;
        if (v == 0 || v == 4)
            x += 1u + (uint32_t)gen_low_bits(&rng, 2);
        values[i] = v == 1   ? (uint32_t)gen_low_bits(&rng, 6)
                    : v == 2 ? k / 200 * 1000u
                    : v == 3 ? (k % 3 == 0 ? 9u : k % 3 == 1 ? 123456789u : 42u)
                             : x;
    }
    gen_vector *vec = gen_encoded_ex(set, AUTO_U32, GALP_TYPE_U32, GALP_SCHEME_AUTO, packed_flag, values, n,
                                     "u32 AUTO: packed DELTA, FFOR, RUNS, DICT and packed DELTA vectors "
                                     "in one FFOR column (version 1.5)");
    static const galp_scheme schemes[5] = {GALP_SCHEME_DELTA, GALP_SCHEME_FFOR, GALP_SCHEME_RUNS,
                                           GALP_SCHEME_DICT, GALP_SCHEME_DELTA};
    for (uint32_t v = 0; v < 5; v++)
        gen_expect_vector(vec, v, schemes[v], -1, -1);
}

static void packed_defects(gen_set *set)
{
    const gen_vector *u32 = gen_set_find(set, PACKED_U32);
    const uint32_t size0 = galp_load_u32(u32->file.data + GEN_ENTRY(0) + E_SIZE);
    gen_edit(set, "delta_packed_width_above_w", PACKED_U32, GALP_ERR_EXPONENT, GEN_ENTRY(0) + E_EXPONENT, 1, 33,
         "vector 0 with lane-base width 33 in a u32 column");
    gen_edit(set, "delta_packed_factor", PACKED_U32, GALP_ERR_EXPONENT, GEN_ENTRY(0) + E_FACTOR, 1, 1,
         "vector 0 with factor 1");
    gen_edit(set, "delta_packed_flag_cleared", PACKED_U32, GALP_ERR_EXPONENT, H_FLAGS, 4, 0,
         "file without flag bit 4: vector 0's exponent, its lane-base width, must be 0");
    gen_edit(set, "delta_packed_flag_on_plain", "valid/delta_u32_widths", GALP_ERR_PAYLOAD_SIZE, H_FLAGS, 4,
         packed_flag, "flag bit 4 on a 1.2 DELTA file: vector 0 (width 0) implies a 16-byte head");
    gen_edit(set, "delta_packed_flag_in_dict_u16", "valid/dict_u16_sizes", GALP_ERR_RESERVED, H_FLAGS, 4,
         packed_flag, "header flag bit 4 (packed DELTA lane bases) in a u16 DICT column");
    gen_edit(set, "delta_packed_payload_size_plain", PACKED_U32, GALP_ERR_PAYLOAD_SIZE, GEN_ENTRY(0) + E_SIZE, 4,
         size0 - galp_layout_delta_head_bytes(32, 5, packed_flag) + 128,
         "vector 0 (5-bit lane bases) with the payload_size of 128 bytes of plain lane bases");
    gen_edit(set, "delta_packed_width_plain", PACKED_U32, GALP_ERR_PAYLOAD_SIZE, GEN_ENTRY(0) + E_EXPONENT, 1, 32,
         "vector 0 with lane-base width 32 (the plain form) and the payload_size of 5-bit fields");
}

void gen_delta_packed_vectors(gen_set *set)
{
    packed_column(set, GALP_TYPE_U8, 0x67616c7064707538u);
    packed_column(set, GALP_TYPE_U16, 0x67616c7064707531u);
    packed_column(set, GALP_TYPE_U32, 0x67616c7064707533u);
    packed_column(set, GALP_TYPE_U64, 0x67616c7064707536u);
    auto_column(set);
    packed_defects(set);
}
