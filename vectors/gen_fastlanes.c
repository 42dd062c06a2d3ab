/*
 * gen_fastlanes.c — the valid DELTA, RLE, DICT and RUNS vectors (spec/fastlanes.md), from their own
 * seed so that the earlier vectors stay as they were. Each vector's parameters are asserted
 * with gen_expect_vector, so an encoder that stops producing them is noticed.
 */
#include <stdio.h>
#include <stdlib.h>

#include "galp_internal.h"
#include "gen_vectors.h"

static const galp_type int_types[] = {GALP_TYPE_U8, GALP_TYPE_U16, GALP_TYPE_U32, GALP_TYPE_U64};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* spec/fastlanes.md §2.2: vector v's differences, read as signed W-bit numbers, span exactly
 * [d0, d0 + 2^v − 1] with d0 of either sign, so its bit width is v, for v = 0 … W − 1 (b = W
 * would be larger than RAW); positions 1 and 2 (rows 1 and 2 of lane 0) take the two ends. */
static void delta_widths(gen_set *set, galp_type type, gen_rng *rng)
{
    const unsigned w = galp_type_bits(type);
    gen_column c = gen_column_new(type, (uint64_t)w * GALP_VECTOR_SIZE);
    for (unsigned v = 0; v < w; v++) {
        const uint64_t span = gen_mask(v);
        /* d0 = s − 2^(W−1) for s in [0, 2^W − 2^v]: the interval never crosses from the
         * largest positive to the most negative signed value. */
        const uint64_t s = v == 0 ? gen_low_bits(rng, w) : gen_below(rng, gen_mask(w) - span + 1);
        const uint64_t d0 = (s + (UINT64_C(1) << (w - 1))) & gen_mask(w);
        uint64_t x = gen_low_bits(rng, w);
        for (unsigned i = 0; i < GALP_VECTOR_SIZE; i++) {
            const uint64_t noise = i == 1 ? 0 : i == 2 ? span : gen_low_bits(rng, v);
            x = i == 0 ? x : x + d0 + noise;
            gen_column_set(&c, (uint64_t)v * GALP_VECTOR_SIZE + i, x & gen_mask(w));
        }
    }
    char name[64], desc[160];
    snprintf(name, sizeof name, "valid/delta_%s_widths", galp_type_name(type));
    snprintf(desc, sizeof desc,
             "DELTA %s: vector v has bit width v, v = 0..%u, differences of either sign",
             galp_type_name(type), w - 1);
    gen_vector *vec = gen_column_encode(set, name, GALP_SCHEME_DELTA, &c, desc);
    for (unsigned v = 0; v < w; v++)
        gen_expect_vector(vec, v, GALP_SCHEME_DELTA, (int)v, 0);
}

/* spec/fastlanes.md §3: vector k has runs of length lengths[k] (1 … 1024), random run values;
 * a last, partial vector of 500 values. Runs of 1 and 2 are larger than RAW for narrow types
 * and stored RAW; the others must stay RLE. */
static void rle_runs(gen_set *set, galp_type type, gen_rng *rng)
{
    static const unsigned lengths[] = {1, 2, 5, 16, 17, 100, 1024, 7};
    const unsigned w = galp_type_bits(type);
    const uint64_t n = (COUNT(lengths) - 1) * GALP_VECTOR_SIZE + 500;
    gen_column c = gen_column_new(type, n);
    uint64_t value = 0;
    for (uint64_t i = 0; i < n; i++) {
        const unsigned length = lengths[i / GALP_VECTOR_SIZE];
        if (i % GALP_VECTOR_SIZE % length == 0)
            value = gen_low_bits(rng, w);
        gen_column_set(&c, i, value);
    }
    char name[64], desc[160];
    snprintf(name, sizeof name, "valid/rle_%s_runs", galp_type_name(type));
    snprintf(desc, sizeof desc,
             "RLE %s: runs of 1, 2, 5, 16, 17, 100, 1024 values; last vector 500 values in runs "
             "of 7", galp_type_name(type));
    gen_vector *vec = gen_column_encode(set, name, GALP_SCHEME_RLE, &c, desc);
    for (uint32_t v = 2; v < COUNT(lengths); v++)
        gen_expect_vector(vec, v, GALP_SCHEME_RLE, -1, -1);
    gen_expect_vector(vec, 6, GALP_SCHEME_RLE, -1, 1);
}

/* spec/fastlanes.md §8: vector k has runs of length lengths[k], random run values of
 * value_bits[k] bits (so the values' bit width b ranges over 0 … W and the lengths' width k
 * over 0 … 10); a last, partial vector of 500 values. Vectors larger than RAW are RAW, and
 * neighbouring runs that happen to draw the same value are one run. */
static void runs_lengths(gen_set *set, galp_type type, gen_rng *rng)
{
    static const unsigned lengths[] = {1024, 1, 2, 3, 16, 100, 512, 7, 300};
    const unsigned w = galp_type_bits(type);
    const unsigned value_bits[] = {w, w / 4, w / 2, 1, w, 2, w, w - 1, w / 2};
    const uint64_t n = (COUNT(lengths) - 1) * GALP_VECTOR_SIZE + 500;
    gen_column c = gen_column_new(type, n);
    uint64_t value = 0;
    for (uint64_t i = 0; i < n; i++) {
        const unsigned k = (unsigned)(i / GALP_VECTOR_SIZE);
        if (i % GALP_VECTOR_SIZE % lengths[k] == 0)
            value = gen_low_bits(rng, value_bits[k]);
        gen_column_set(&c, i, value);
    }
    char name[64], desc[200];
    snprintf(name, sizeof name, "valid/runs_%s_lengths", galp_type_name(type));
    snprintf(desc, sizeof desc,
             "RUNS %s: runs of 1024, 1, 2, 3, 16, 100, 512, 7 values; last vector 500 values in "
             "runs of 300 and 200", galp_type_name(type));
    gen_vector *vec = gen_column_encode(set, name, GALP_SCHEME_RUNS, &c, desc);
    gen_expect_vector(vec, 0, GALP_SCHEME_RUNS, 0, 1);
    gen_expect_vector(vec, 1, GALP_SCHEME_RUNS, -1, -1);
    gen_expect_vector(vec, 5, GALP_SCHEME_RUNS, -1, -1);
    gen_expect_vector(vec, 6, GALP_SCHEME_RUNS, -1, 2);
    gen_expect_vector(vec, 8, GALP_SCHEME_RUNS, -1, 2);
}

/* spec/fastlanes.md §4: vector k draws from sizes[k] distinct values (at most 2^W), so its
 * dictionary has that size; the last vector holds 600 values. */
static void dict_sizes(gen_set *set, galp_type type, gen_rng *rng)
{
    static const unsigned sizes[] = {1, 2, 3, 16, 200, 1024, 5};
    const unsigned w = galp_type_bits(type);
    const uint64_t n = (COUNT(sizes) - 1) * GALP_VECTOR_SIZE + 600;
    gen_column c = gen_column_new(type, n);
    uint64_t entries[1024];
    for (uint32_t v = 0; v < COUNT(sizes); v++) {
        const uint32_t m = galp_vector_values(n, v);
        const unsigned d = w == 8 && sizes[v] > 256 ? 256 : sizes[v];
        /* d distinct values start + k·step: an odd step is invertible modulo 2^W. */
        const uint64_t start = gen_low_bits(rng, w), step = w == 8 ? 1 : gen_low_bits(rng, w) | 1;
        for (unsigned k = 0; k < d; k++)
            entries[k] = (start + k * step) & gen_mask(w);
        for (uint32_t i = 0; i < m; i++)
            gen_column_set(&c, (uint64_t)v * GALP_VECTOR_SIZE + i,
                           entries[i < d ? i : gen_below(rng, d)]);
    }
    char name[64], desc[160];
    snprintf(name, sizeof name, "valid/dict_%s_sizes", galp_type_name(type));
    snprintf(desc, sizeof desc,
             "DICT %s: dictionaries of 1, 2, 3, 16, 200, 1024 values (capped at 2^W); last vector "
             "600 values of 5", galp_type_name(type));
    gen_vector *vec = gen_column_encode(set, name, GALP_SCHEME_DICT, &c, desc);
    gen_expect_vector(vec, 2, GALP_SCHEME_DICT, -1, 3);
    gen_expect_vector(vec, 3, GALP_SCHEME_DICT, -1, 16);
    gen_expect_vector(vec, 6, GALP_SCHEME_DICT, -1, 5);
}

/* DICT over bit patterns (spec/fastlanes.md §4.1): NaN payloads, both zeros, infinities. */
static void dict_floats(gen_set *set, gen_rng *rng)
{
    static const uint64_t patterns64[] = {0x7ff8000000000123u, 0x8000000000000000u, 0,
                                          0x7ff0000000000000u, 0x3ff8000000000000u,
                                          0xc00c000000000000u, 0x0000000000000001u};
    static const uint32_t patterns32[] = {0xffc00042u, 0x80000000u, 0, 0xff800000u,
                                          0x3fc00000u, 0x40490fdbu, 0x00000001u};
    gen_column c = gen_column_new(GALP_TYPE_F64, 2 * GALP_VECTOR_SIZE + 77);
    for (uint64_t i = 0; i < c.n; i++)
        gen_column_set(&c, i, patterns64[gen_below(rng, COUNT(patterns64))]);
    gen_vector *vec = gen_column_encode(set, "valid/dict_f64_bit_patterns", GALP_SCHEME_DICT, &c,
                             "DICT f64: a NaN with payload, -0, +0, +Inf, 1.5, -3.5, the "
                             "smallest subnormal; 2 vectors and 77 values");
    gen_expect_vector(vec, 0, GALP_SCHEME_DICT, -1, 7);
    c = gen_column_new(GALP_TYPE_F32, GALP_VECTOR_SIZE + 900);
    for (uint64_t i = 0; i < c.n; i++)
        gen_column_set(&c, i, patterns32[gen_below(rng, COUNT(patterns32))]);
    vec = gen_column_encode(set, "valid/dict_f32_bit_patterns", GALP_SCHEME_DICT, &c,
                 "DICT f32: a NaN with payload, -0, +0, -Inf, 1.5, pi, the smallest subnormal; "
                 "1924 values");
    gen_expect_vector(vec, 1, GALP_SCHEME_DICT, -1, 7);
}

/* spec/fastlanes.md §5: an AUTO u32 column is a FFOR column whose vectors are DELTA, RLE, DICT,
 * FFOR and RAW; with payload checksums. RLE's vector is one run of 64 and 640 runs of 1 and 2
 * distinct values: RUNS would need 6-bit lengths, more than RLE's run-index vector. The last
 * vector, 100 values spanning 32 bits with one run of 2, is RAW: as RUNS, 99 full-width values
 * and 99 one-bit lengths are larger. */
static void auto_mixed(gen_set *set, gen_rng *rng)
{
    gen_column c = gen_column_new(GALP_TYPE_U32, 4 * GALP_VECTOR_SIZE + 100);
    static const uint32_t three[3] = {9, 123456789, 42};
    for (uint64_t i = 0; i < GALP_VECTOR_SIZE; i++) {
        gen_column_set(&c, i, 1700000000u + 60 * i);
        const uint64_t run = i < 64 ? 0 : 1 + (i - 64) / 3 * 2 + ((i - 64) % 3 != 0);
        gen_column_set(&c, GALP_VECTOR_SIZE + i, (uint32_t)(run * 2654435761u));
        gen_column_set(&c, 2 * GALP_VECTOR_SIZE + i, three[gen_below(rng, 3)]);
        gen_column_set(&c, 3 * GALP_VECTOR_SIZE + i, 500 + gen_low_bits(rng, 6));
    }
    uint64_t x = 0;
    for (uint64_t i = 4 * GALP_VECTOR_SIZE; i < c.n; i++) {
        x = i == 4 * GALP_VECTOR_SIZE + 1 ? x : i == c.n - 1 ? UINT32_MAX : gen_low_bits(rng, 32);
        gen_column_set(&c, i, i == c.n - 2 ? 0 : x);
    }
    gen_vector *vec = gen_encoded_ex(set, "valid/auto_u32_mixed", GALP_TYPE_U32, GALP_SCHEME_AUTO,
                                     GALP_FLAG_PAYLOAD_CHECKSUMS, c.bytes, c.n,
                                     "FFOR u32 column with DELTA, RLE, DICT, FFOR and RAW vectors, "
                                     "payload checksums (the encoder's AUTO)");
    vec->scheme = GALP_SCHEME_FFOR; /* the column scheme it stores */
    free(c.bytes);
    const galp_scheme schemes[5] = {GALP_SCHEME_DELTA, GALP_SCHEME_RLE, GALP_SCHEME_DICT,
                                    GALP_SCHEME_FFOR, GALP_SCHEME_RAW};
    for (uint32_t v = 0; v < 5; v++)
        gen_expect_vector(vec, v, schemes[v], -1, -1);
}

/* spec/fastlanes.md §5, §8: an AUTO u32 column with few runs a vector (the shape of a sorted
 * or slowly changing column) is a FFOR column of RUNS vectors, version 1.5. */
static void auto_runs(gen_set *set)
{
    gen_column c = gen_column_new(GALP_TYPE_U32, 3 * GALP_VECTOR_SIZE);
    for (uint64_t i = 0; i < c.n; i++)
        gen_column_set(&c, i, (uint32_t)(20240101u + i / 100 * 7919u));
    gen_vector *vec = gen_encoded_ex(set, "valid/auto_u32_runs", GALP_TYPE_U32, GALP_SCHEME_AUTO,
                                     0, c.bytes, c.n,
                                     "FFOR u32 column of RUNS vectors, runs of 100 (the "
                                     "encoder's AUTO)");
    vec->scheme = GALP_SCHEME_FFOR;
    free(c.bytes);
    for (uint32_t v = 0; v < 3; v++)
        gen_expect_vector(vec, v, GALP_SCHEME_RUNS, -1, -1);
}

void gen_fastlanes_vectors(gen_set *set)
{
    gen_rng rng = {0x67616c70666c7331u}; /* "galpfls1" */
    for (unsigned t = 0; t < COUNT(int_types); t++) {
        delta_widths(set, int_types[t], &rng);
        rle_runs(set, int_types[t], &rng);
        dict_sizes(set, int_types[t], &rng);
    }
    dict_floats(set, &rng);
    auto_mixed(set, &rng);
    gen_rng runs_rng = {0x67616c7072756e73u}; /* "galpruns": the earlier vectors keep theirs */
    for (unsigned t = 0; t < COUNT(int_types); t++)
        runs_lengths(set, int_types[t], &runs_rng);
    auto_runs(set);
}
