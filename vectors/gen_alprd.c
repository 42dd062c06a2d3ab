/*
 * gen_alprd.c — the ALP_RD vectors (spec/alprd.md), valid and invalid, as one block of the
 * MANIFEST: the encoder's choices (the worked example, coordinates with a partial last vector,
 * dictionary sizes 1 … 8, ALP_RD vectors in G-ALP and ALP columns, payload checksums),
 * hand-built edges (r = W − 1, every value an exception, a full lane in a partial vector, a
 * code pointing at a zero dictionary entry), and one invalid vector per check of
 * spec/format.md §6 and spec/alprd.md §2 and §5 that an ALP_RD vector can fail.
 */
#include <stdlib.h>
#include <string.h>

#include <galp/layout.h>

#include "bytes.h"
#include "galp_internal.h"
#include "gen_vectors.h"

#define RD_EXAMPLE "valid/alprd_f32_spec_example"  /* f32, r = 16, k = 1, c = 3 (lanes 5, 20) */
#define RD_SIGN "valid/alprd_f64_r63"              /* f64, r = 63, k = 0, c = 6 */
#define RD_ALL "valid/alprd_f32_all_exceptions" /* f32, r = 16, k = 3, c = 1024 */
#define RD_PARTIAL "valid/alprd_f64_partial_full_lane" /* f64, m = 100, lane 3 all exceptions */

/* spec/alprd.md §7. */
static void example_values(uint32_t values[GALP_VECTOR_SIZE])
{
    for (uint32_t i = 0; i < GALP_VECTOR_SIZE; i++)
        values[i] = (i % 3 == 0 ? 0x402du : 0x4049u) << 16 | ((i * 40503u) & 0xffffu);
    values[5] = 0xbf80u << 16 | (values[5] & 0xffffu);
    values[37] = 0x7fc0u << 16 | (values[37] & 0xffffu);
    values[20] = 0xff80u << 16 | (values[20] & 0xffffu);
}

/* Doubles in [center, center + 0.5) with 30 random fraction bits: high-precision values. */
static uint64_t coordinate(gen_rng *rng, double center)
{
    return gen_f64_bits(center + (double)gen_below(rng, 1u << 30) / (double)(1u << 31));
}

/* Doubles in [center, center + 8) with 30 random fraction bits (steps of 2^-27), one draw each
 * as coordinate(). In (40, 48] in magnitude (center −48) they lie some 2^50 ulps of 2^-47
 * apart: ALP needs steps of 10^-15 or finer, so 53 bits or more even with its integers up to
 * 2^63 (spec/alp.md §6.1), where ALP_RD keeps 50. */
static uint64_t spread(gen_rng *rng, double center)
{
    return gen_f64_bits(center + (double)gen_below(rng, 1u << 30) / (double)(1u << 27));
}

static void encoded_vectors(gen_set *set, gen_rng *rng)
{
    uint32_t example[GALP_VECTOR_SIZE];
    example_values(example);
    gen_vector *vec = gen_encoded(set, RD_EXAMPLE, GALP_TYPE_F32, GALP_SCHEME_ALP_RD, example,
                                  GALP_VECTOR_SIZE, "spec/alprd.md section 7: r = 16, k = 1, "
                                  "3 exceptions in lanes 5 and 20");
    gen_expect_vector(vec, 0, GALP_SCHEME_ALP_RD, 16, 3);

    /* Three vectors, the last of 900 values; NaN, -0.0 and -Inf in several lanes of each. */
    enum { coordinates = 2 * GALP_VECTOR_SIZE + 900 };
    uint64_t *values = malloc(coordinates * sizeof *values);
    if (!values)
        gen_fail("out of memory");
    for (uint32_t i = 0; i < coordinates; i++)
        values[i] = coordinate(rng, 40.0);
    static const uint32_t specials[] = {1, 70, 1030, 2100, 2899};
    static const uint64_t patterns[] = {0x7ff8000000000001u, 0x8000000000000000u,
                                        0xfff0000000000000u};
    for (unsigned j = 0; j < sizeof specials / sizeof specials[0]; j++)
        values[specials[j]] = patterns[j % 3];
    vec = gen_encoded(set, "valid/alprd_f64_coordinates", GALP_TYPE_F64, GALP_SCHEME_ALP_RD,
                      values, coordinates, "high-precision f64, 3 vectors (last of 900 values), "
                      "special values as exceptions in several lanes");
    for (uint32_t v = 0; v < 3; v++)
        gen_expect_vector(vec, v, GALP_SCHEME_ALP_RD, -1, -1);

    /* Vector v draws its left parts (high 16 bits) from v + 1 values: dictionaries of 1 … 8
     * entries, k = 0, 1, 2, 2, 3, 3, 3, 3; vector 7 also has two rare left parts in 12 slots
     * of several lanes, which stay exceptions. */
    uint32_t *f32 = malloc(8 * GALP_VECTOR_SIZE * sizeof *f32);
    if (!f32)
        gen_fail("out of memory");
    for (uint32_t v = 0; v < 8; v++)
        for (uint32_t i = 0; i < GALP_VECTOR_SIZE; i++) {
            uint32_t left = 0x3f80u + 3u * (uint32_t)gen_below(rng, v + 1);
            if (v == 7 && i % 89 == 3)
                left = 0xc000u + (i & 1u);
            f32[v * GALP_VECTOR_SIZE + i] = left << 16 | (uint32_t)gen_low_bits(rng, 16);
        }
    vec = gen_encoded(set, "valid/alprd_f32_dict_sizes", GALP_TYPE_F32, GALP_SCHEME_ALP_RD, f32,
                      8 * GALP_VECTOR_SIZE, "8 vectors with dictionaries of 1 to 8 entries "
                      "(k = 0 to 3); exceptions in vector 7");
    static const int k_of[8] = {0, 1, 2, 2, 3, 3, 3, 3};
    for (uint32_t v = 0; v < 8; v++) {
        gen_expect_vector(vec, v, GALP_SCHEME_ALP_RD, 16, v < 7 ? 0 : 12);
        galp_column col;
        galp_vector_info info;
        if (galp_open(&col, vec->file.data, vec->file.len) != GALP_OK ||
            galp_vector_info_get(&col, v, &info) != GALP_OK || info.exponent != k_of[v])
            gen_fail("%s: vector %u is meant to have k = %d", vec->name, v, k_of[v]);
    }

    /* AUTO: two vectors of decimals, one of high-precision values, one of random bits: a G-ALP
     * column with G-ALP, ALP_RD and RAW vectors (spec/alprd.md §6.1). The third vector's values
     * are spread() rather than coordinate(): ALP encodes coordinate()'s at 46 bits since its
     * integers reach 2^63 (spec/alp.md §6.1), and AUTO then keeps ALP. */
    enum { mixed = 4 * GALP_VECTOR_SIZE };
    uint64_t *column = malloc(mixed * sizeof *column);
    if (!column)
        gen_fail("out of memory");
    for (uint32_t i = 0; i < mixed; i++)
        column[i] = i < 2 * GALP_VECTOR_SIZE ? gen_f64_bits(gen_decimal64(rng, 2, 5000, 4000))
                    : i < 3 * GALP_VECTOR_SIZE ? spread(rng, -48.0)
                                               : gen_next(rng);
    vec = gen_encoded(set, "valid/alprd_galp_column_f64", GALP_TYPE_F64, GALP_SCHEME_AUTO, column,
                      mixed, "AUTO: a G-ALP column of G-ALP, G-ALP, ALP_RD and RAW vectors");
    vec->scheme = GALP_SCHEME_GALP;
    static const galp_scheme mixed_schemes[] = {GALP_SCHEME_GALP, GALP_SCHEME_GALP,
                                                GALP_SCHEME_ALP_RD, GALP_SCHEME_RAW};
    for (uint32_t v = 0; v < 4; v++)
        gen_expect_vector(vec, v, mixed_schemes[v], -1, -1);

    /* The same column in the ALP layout (galp_convert_scheme copies the ALP_RD vector). */
    gen_vector *alp = gen_set_add(set, "valid/alprd_alp_column_f64", GALP_OK, GALP_TYPE_F64,
                                  GALP_SCHEME_ALP, "an ALP column of ALP, ALP, ALP_RD and RAW "
                                  "vectors (alprd_galp_column_f64 converted)");
    const gen_vector *galp = gen_set_find(set, "valid/alprd_galp_column_f64");
    size_t len = 0;
    uint8_t *converted = malloc(galp->file.len);
    if (!converted || galp_convert_scheme(galp->file.data, galp->file.len, GALP_SCHEME_ALP,
                                          converted, galp->file.len, &len) != GALP_OK)
        gen_fail("%s: conversion failed", alp->name);
    gen_buf_append(&alp->file, converted, len);
    gen_buf_append(&alp->out, column, mixed * sizeof *column);
    gen_expect_vector(alp, 2, GALP_SCHEME_ALP_RD, -1, -1);

    uint32_t two[2 * GALP_VECTOR_SIZE];
    memcpy(two, example, sizeof example);
    memcpy(two + GALP_VECTOR_SIZE, f32 + 7 * GALP_VECTOR_SIZE, sizeof example);
    vec = gen_encoded_ex(set, "valid/checksums_alprd_f32", GALP_TYPE_F32, GALP_SCHEME_ALP_RD,
                         GALP_FLAG_PAYLOAD_CHECKSUMS, two, 2 * GALP_VECTOR_SIZE,
                         "payload checksums over two ALP_RD vectors with exceptions");
    gen_expect_vector(vec, 1, GALP_SCHEME_ALP_RD, 16, 12);
    free(converted);
    free(column);
    free(f32);
    free(values);
}

/* A crafted ALP_RD vector of m values with right parts drawn at random. */
static void craft_rd(craft_vector *cv, gen_rng *rng, uint32_t m, unsigned r, unsigned k)
{
    memset(cv, 0, sizeof *cv);
    cv->scheme = GALP_SCHEME_ALP_RD;
    cv->m = m;
    cv->bit_width = r;
    cv->exponent = k;
    for (uint32_t i = 0; i < GALP_VECTOR_SIZE; i++)
        cv->slot[i] = gen_low_bits(rng, r);
}

static void crafted_vectors(gen_set *set, gen_rng *rng)
{
    craft_vector *cv = malloc(sizeof *cv);
    if (!cv)
        gen_fail("out of memory");

    /* r = W − 1: the left part is the sign. Negative values through the one-entry dictionary,
     * six positive ones as exceptions in lanes 0, 4, 7 and 15. */
    craft_rd(cv, rng, GALP_VECTOR_SIZE, 63, 0);
    cv->dict[0] = 1;
    static const uint16_t sign_positions[] = {0, 7, 16, 31, 500, 1007};
    for (unsigned j = 0; j < 6; j++)
        cv->position[j] = sign_positions[j];
    cv->exception_count = 6;
    gen_crafted(set, RD_SIGN, GALP_TYPE_F64, GALP_SCHEME_ALP_RD, GALP_VECTOR_SIZE, cv,
                "r = 63 (left part: the sign), k = 0, 6 exceptions in lanes 0, 4, 7 and 15");

    /* Every value an exception, with a full dictionary of 8 entries that no value uses. */
    craft_rd(cv, rng, GALP_VECTOR_SIZE, 16, 3);
    for (unsigned e = 0; e < 8; e++)
        cv->dict[e] = (uint16_t)(0x3f00u + e);
    for (uint32_t i = 0; i < GALP_VECTOR_SIZE; i++) {
        cv->code[i] = (uint8_t)gen_below(rng, 8);
        cv->position[i] = (uint16_t)i;
        cv->exception[i] = gen_low_bits(rng, 16);
    }
    cv->exception_count = GALP_VECTOR_SIZE;
    gen_crafted(set, RD_ALL, GALP_TYPE_F32, GALP_SCHEME_ALP_RD, GALP_VECTOR_SIZE, cv,
                "r = 16, k = 3, all 1024 values exceptions (32 in every lane)");

    /* A last vector of 100 values whose lane 3 is an exception in every slot below m. */
    craft_rd(cv, rng, 100, 52, 1);
    cv->dict[0] = 0x400;
    cv->dict[1] = 0xc00;
    for (uint32_t i = 0; i < GALP_VECTOR_SIZE; i++)
        cv->code[i] = (uint8_t)gen_below(rng, 2);
    for (uint32_t i = 3; i < 100; i += 16) {
        cv->position[cv->exception_count] = (uint16_t)i;
        cv->exception[cv->exception_count++] = 0x7ff;
    }
    gen_crafted(set, RD_PARTIAL, GALP_TYPE_F64, GALP_SCHEME_ALP_RD, 100, cv,
                "m = 100, r = 52, k = 1, lane 3 an exception in all 7 slots below m");

    /* k = 2 with three entries: code 3 points at the zero entry and decodes to left part 0. */
    craft_rd(cv, rng, GALP_VECTOR_SIZE, 20, 2);
    cv->dict[0] = 0x3f8;
    cv->dict[1] = 0x3f9;
    cv->dict[2] = 0xbf8;
    for (uint32_t i = 0; i < GALP_VECTOR_SIZE; i++)
        cv->code[i] = (uint8_t)gen_below(rng, 4);
    gen_crafted(set, "valid/alprd_f32_zero_entry_code", GALP_TYPE_F32, GALP_SCHEME_ALP_RD,
                GALP_VECTOR_SIZE, cv, "r = 20, k = 2, dictionary of 3: code 3 decodes to left "
                "part 0 (spec/alprd.md section 4)");
    free(cv);
}

/* The header's flags and the entry fields (spec/format.md §3.1, §3.3) by byte offset. */
enum { H_FLAGS = 20, E_BASE = 8, E_SIZE = 16, E_EXCEPTIONS = 20, E_SCHEME = 22, E_WIDTH = 23, E_EXPONENT = 24,
       E_FACTOR = 25 };

/* A copy of `base` named invalid/NAME; `at` and `value` edit `bytes` bytes. A header or
 * metadata edit gets its checksum recomputed; a payload edit needs none (§3.4). */
static void defect(gen_set *set, const char *name, const char *base, galp_status expect,
                   size_t at, unsigned bytes, uint64_t value, const char *description)
{
    const gen_vector *src = gen_set_find(set, base);
    if (!src)
        gen_fail("%s: base vector %s missing", name, base);
    gen_buf copy = {0};
    gen_buf_append(&copy, src->file.data, src->file.len);
    const galp_type type = src->type;
    const galp_scheme scheme = src->scheme;
    char full[64] = "invalid/";
    strncat(full, name, sizeof full - strlen(full) - 1);
    gen_vector *vec = gen_set_add(set, full, expect, type, scheme, description);
    vec->file = copy;
    if (at + bytes > vec->file.len)
        gen_fail("%s: edit at %zu beyond the file", full, at);
    galp_store_le(bytes, vec->file.data + at, value);
    if (at < GEN_ENTRY(galp_load_u32(vec->file.data + 16)))
        gen_fix_checksum(&vec->file);
}

/* Where part `part` of vector 0's ALP_RD payload is (spec/alprd.md §3). */
enum rd_part { RD_DICT, RD_LANE_END, RD_LEFTS, RD_POSITIONS };
static size_t part_at(const gen_set *set, const char *base, enum rd_part part)
{
    const gen_vector *vec = gen_set_find(set, base);
    const uint8_t *e = vec->file.data + GEN_ENTRY(0);
    const unsigned w = galp_type_bits(vec->type), r = e[E_WIDTH], k = e[E_EXPONENT];
    const unsigned c = galp_load_u16(e + E_EXCEPTIONS);
    const size_t payload = (size_t)galp_load_u64(e);
    const uint32_t flags = galp_load_u32(vec->file.data + H_FLAGS);
    switch (part) {
    case RD_DICT: return payload;
    case RD_LANE_END: return payload + galp_layout_alprd_lane_end_offset(r, k);
    case RD_LEFTS: return payload + galp_layout_alprd_lefts_offset(w, r, k, c, flags);
    default: return payload + galp_layout_alprd_positions_offset(w, r, k, c, flags);
    }
}

static void invalid_vectors(gen_set *set)
{
    const size_t entry = GEN_ENTRY(0);
    defect(set, "alprd_in_raw_column", RD_EXAMPLE, GALP_ERR_BAD_SCHEME, 7, 1, GALP_SCHEME_RAW,
           "an ALP_RD vector in a RAW column");
    defect(set, "alprd_column_u32", RD_EXAMPLE, GALP_ERR_BAD_SCHEME, 6, 1, GALP_TYPE_U32,
           "column scheme ALP_RD for u32 values");
    defect(set, "alprd_bit_width_below", RD_EXAMPLE, GALP_ERR_BIT_WIDTH, entry + E_WIDTH, 1, 15,
           "f32 ALP_RD with r = 15 (left parts of 17 bits)");
    defect(set, "alprd_bit_width_w", RD_EXAMPLE, GALP_ERR_BIT_WIDTH, entry + E_WIDTH, 1, 32,
           "f32 ALP_RD with r = 32 (no left part)");
    defect(set, "alprd_base", RD_EXAMPLE, GALP_ERR_BASE, entry + E_BASE, 8, 1, "ALP_RD base 1");
    defect(set, "alprd_code_width", RD_EXAMPLE, GALP_ERR_EXPONENT, entry + E_EXPONENT, 1, 4,
           "ALP_RD code width k = 4");
    defect(set, "alprd_factor", RD_EXAMPLE, GALP_ERR_EXPONENT, entry + E_FACTOR, 1, 1,
           "ALP_RD factor 1");
    defect(set, "alprd_exception_count_above_m", RD_EXAMPLE, GALP_ERR_EXCEPTION_COUNT,
           entry + E_EXCEPTIONS, 2, 1025, "ALP_RD exception count 1025");
    defect(set, "alprd_payload_size_no_lane_end", RD_EXAMPLE, GALP_ERR_PAYLOAD_SIZE,
           entry + E_SIZE, 4, 2268 - 64, "ALP_RD payload size without the lane ends of c > 0");

    const size_t lane_end = part_at(set, RD_EXAMPLE, RD_LANE_END);
    const size_t positions = part_at(set, RD_EXAMPLE, RD_POSITIONS);
    defect(set, "alprd_lane_end_decreasing", RD_EXAMPLE, GALP_ERR_EXCEPTION_COUNT,
           lane_end + 2 * 5, 2, 3, "ALP_RD lane_end 0, ..., 3 (lane 5), 2, ...");
    defect(set, "alprd_lane_end_total", RD_SIGN, GALP_ERR_EXCEPTION_COUNT,
           part_at(set, RD_SIGN, RD_LANE_END) + 2 * 15, 2, 5,
           "ALP_RD lane_end[15] = 5 with 6 exceptions");
    defect(set, "alprd_lane_over_capacity", RD_ALL, GALP_ERR_EXCEPTION_COUNT,
           part_at(set, RD_ALL, RD_LANE_END), 2, 33, "ALP_RD: 33 exceptions in lane 0 of 32 slots");
    defect(set, "alprd_position_wrong_lane", RD_EXAMPLE, GALP_ERR_EXCEPTION_POSITION, positions, 2,
           6, "ALP_RD lane 5's first position is 6");
    defect(set, "alprd_position_not_ascending", RD_EXAMPLE, GALP_ERR_EXCEPTION_POSITION,
           positions, 2, 69, "ALP_RD lane 5 positions 69, 37");
    defect(set, "alprd_position_beyond_m", RD_PARTIAL, GALP_ERR_EXCEPTION_POSITION,
           part_at(set, RD_PARTIAL, RD_POSITIONS) + 2 * 6, 2, 115,
           "ALP_RD lane 3 position 115 in the last vector of 100 values");

    /* r = 63: left parts of 1 bit (spec/alprd.md §5 rules 1 and 4). */
    defect(set, "alprd_dictionary_entry_wide", RD_SIGN, GALP_ERR_LEFT_PART,
           part_at(set, RD_SIGN, RD_DICT), 2, 3, "ALP_RD r = 63, dictionary entry 3");
    defect(set, "alprd_dictionary_unused_entry", RD_SIGN, GALP_ERR_LEFT_PART,
           part_at(set, RD_SIGN, RD_DICT) + 2, 2, 1,
           "ALP_RD k = 0, dictionary entry 1 non-zero");
    defect(set, "alprd_exception_left_wide", RD_SIGN, GALP_ERR_LEFT_PART,
           part_at(set, RD_SIGN, RD_LEFTS) + 2 * 5, 2, 2,
           "ALP_RD r = 63, exception left part 2");
}

void gen_alprd_vectors(gen_set *set)
{
    gen_rng rng = {0x616c7072642d3336u}; /* "alprd-36" */
    encoded_vectors(set, &rng);
    crafted_vectors(set, &rng);
    invalid_vectors(set);
}
