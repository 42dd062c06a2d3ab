/*
 * gen_valid.c — the valid vectors: what each covers is in its MANIFEST description and in
 * spec/conformance.md §3.
 */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "galp_internal.h"
#include "gen_vectors.h"

static const galp_type all_types[] = {GALP_TYPE_U8,  GALP_TYPE_U16, GALP_TYPE_U32,
                                      GALP_TYPE_U64, GALP_TYPE_F32, GALP_TYPE_F64};
static const galp_type int_types[] = {GALP_TYPE_U8, GALP_TYPE_U16, GALP_TYPE_U32, GALP_TYPE_U64};
static const galp_type float_types[] = {GALP_TYPE_F32, GALP_TYPE_F64};
static const galp_scheme float_schemes[] = {GALP_SCHEME_ALP, GALP_SCHEME_GALP};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* Decimal-like value as the type's bit pattern: prices with 2 digits (f64), readings with 1
 * digit (f32). */
static uint64_t decimal_bits(galp_type type, gen_rng *rng)
{
    if (type == GALP_TYPE_F64)
        return gen_f64_bits(gen_decimal64(rng, 2, 250000, 240000));
    return gen_f32_bits(gen_decimal32(rng, 1, 200, 400));
}

/* IEEE special values and extremes that ALP must store as exceptions or decode exactly. */
static const uint64_t specials64[] = {
    0x7ff8000000000000u, /* quiet NaN */
    0xfff8000000000001u, /* negative quiet NaN with payload */
    0x7ff0000000000001u, /* signalling NaN, lowest payload */
    0x7fffffffffffffffu, /* NaN, all payload bits */
    0x8000000000000000u, /* -0.0 */
    0x0000000000000000u, /* +0.0 */
    0x7ff0000000000000u, /* +Inf */
    0xfff0000000000000u, /* -Inf */
    0x0000000000000001u, /* smallest subnormal */
    0x000fffffffffffffu, /* largest subnormal */
    0x8000000000000001u, /* negative subnormal */
    0x0010000000000000u, /* DBL_MIN */
    0x7fefffffffffffffu, /* DBL_MAX */
    0xffefffffffffffffu, /* -DBL_MAX */
    0x4340000000000001u, /* 2^53 + 2: beyond the exact integers of the decoder's conversion */
    0xc3e0000000000000u, /* -2^63 */
    0x43e0000000000000u, /* 2^63 */
    0x3fb999999999999au, /* 0.1 */
};
static const uint32_t specials32[] = {
    0x7fc00000u, 0xffc00001u, 0x7f800001u, 0x7fffffffu, 0x80000000u, 0x00000000u,
    0x7f800000u, 0xff800000u, 0x00000001u, 0x007fffffu, 0x80000001u, 0x00800000u,
    0x7f7fffffu, 0xff7fffffu, 0x4b800001u, 0xcf000000u, 0x4f000000u, 0x3dcccccdu,
};

static uint64_t special_bits(galp_type type, unsigned i)
{
    if (type == GALP_TYPE_F64)
        return specials64[i % COUNT(specials64)];
    return specials32[i % COUNT(specials32)];
}

/* Values no (e, f) can reproduce bit for bit, so every encoder stores them as exceptions:
 * the NaNs, -0.0 and the infinities of the tables above. */
static uint64_t exception_bits(galp_type type, unsigned i)
{
    static const unsigned always_exceptions[] = {0, 1, 2, 3, 4, 6, 7};
    return special_bits(type, always_exceptions[i % COUNT(always_exceptions)]);
}

static uint64_t nan_bits(galp_type type)
{
    return type == GALP_TYPE_F64 ? 0x7ff8000000000000u : 0x7fc00000u;
}

/* ---- integer columns ---------------------------------------------------------------- */

/* Vector v of the column has FFOR bit width v: its values span exactly [base, base + 2^v - 1]. */
static void ffor_widths(gen_set *set, galp_type type, gen_rng *rng)
{
    const unsigned w = galp_type_bits(type);
    gen_column c = gen_column_new(type, (uint64_t)(w + 1) * GALP_VECTOR_SIZE);
    for (unsigned v = 0; v <= w; v++) {
        uint64_t span = gen_mask(v);
        /* base in [0, 2^W - 2^v]; v = 0 allows every W-bit base */
        uint64_t base = v == 0 ? gen_low_bits(rng, w) : gen_below(rng, gen_mask(w) - span + 1);
        for (unsigned i = 0; i < GALP_VECTOR_SIZE; i++) {
            uint64_t delta = i == 0 ? 0 : i == 1 ? span : gen_low_bits(rng, v);
            gen_column_set(&c, (uint64_t)v * GALP_VECTOR_SIZE + i, base + delta);
        }
    }
    char name[64], desc[160];
    snprintf(name, sizeof name, "valid/ffor_%s_widths", galp_type_name(type));
    snprintf(desc, sizeof desc, "FFOR %s: vector v has bit width v, v = 0..%u", galp_type_name(type), w);
    gen_vector *vec = gen_column_encode(set, name, GALP_SCHEME_FFOR, &c, desc);
    for (unsigned v = 0; v <= w; v++)
        gen_expect_vector(vec, v, GALP_SCHEME_FFOR, (int)v, 0);
}

static void integer_columns(gen_set *set, gen_rng *rng)
{
    for (unsigned t = 0; t < COUNT(int_types); t++)
        ffor_widths(set, int_types[t], rng);

    /* Several vectors with different ranges and a partial last vector. */
    gen_column c = gen_column_new(GALP_TYPE_U32, 5000);
    for (uint64_t i = 0; i < c.n; i++)
        gen_column_set(&c, i,
                       1000000u * (i / 1024) + gen_low_bits(rng, 3 + 4 * (unsigned)(i / 1024)));
    gen_vector *vec = gen_column_encode(set, "valid/ffor_u32_multi", GALP_SCHEME_FFOR, &c,
                             "FFOR u32, 5 vectors of growing range, last vector 904 values");
    gen_expect_vector(vec, 4, GALP_SCHEME_FFOR, 19, 0);

    /* A small last vector of wide values is cheaper RAW: the per-vector fallback. */
    c = gen_column_new(GALP_TYPE_U16, 1034);
    for (uint64_t i = 0; i < c.n; i++)
        gen_column_set(&c, i, i < 1024 ? 7000 + gen_low_bits(rng, 5) : gen_low_bits(rng, 16));
    vec = gen_column_encode(set, "valid/ffor_u16_partial_raw", GALP_SCHEME_FFOR, &c,
                 "FFOR u16 column whose 10-value last vector is stored RAW");
    gen_expect_vector(vec, 0, GALP_SCHEME_FFOR, 5, 0);
    gen_expect_vector(vec, 1, GALP_SCHEME_RAW, 0, 0);

    /* Small two-vector column: the base of many invalid vectors. */
    c = gen_column_new(GALP_TYPE_U16, 1500);
    for (uint64_t i = 0; i < c.n; i++)
        gen_column_set(&c, i, 1000 + gen_low_bits(rng, 6));
    vec = gen_column_encode(set, "valid/ffor_u16_two_vectors", GALP_SCHEME_FFOR, &c,
                 "FFOR u16, 1500 values: 2 vectors of bit width 6");
    gen_expect_vector(vec, 1, GALP_SCHEME_FFOR, 6, 0);

    /* Bases that make (unpacked + base) wrap modulo 2^W (spec/ffor.md §4). */
    static craft_vector cv;
    const galp_type wrap_types[] = {GALP_TYPE_U8, GALP_TYPE_U64};
    for (unsigned t = 0; t < COUNT(wrap_types); t++) {
        unsigned w = galp_type_bits(wrap_types[t]);
        cv = (craft_vector){.scheme = GALP_SCHEME_FFOR, .m = 1000, .bit_width = w / 2,
                            .base = gen_mask(w) - 5};
        for (unsigned i = 0; i < GALP_VECTOR_SIZE; i++)
            cv.slot[i] = gen_low_bits(rng, w / 2);
        char name[64];
        snprintf(name, sizeof name, "valid/ffor_%s_wrap", galp_type_name(wrap_types[t]));
        gen_crafted(set, name, wrap_types[t], GALP_SCHEME_FFOR, 1000, &cv,
                    "FFOR, 1000 values, base 2^W-6: unpacked + base wraps modulo 2^W");
    }

    /* Payloads need not be back to back (spec/format.md §4): gaps of 16 and 48 bytes. */
    static craft_vector gaps[3];
    for (unsigned v = 0; v < 3; v++) {
        gaps[v] = (craft_vector){.scheme = GALP_SCHEME_FFOR, .m = v < 2 ? 1024 : 100,
                                 .bit_width = 3 + v, .base = 77777 * v, .gap = 16 * v * v};
        for (unsigned i = 0; i < GALP_VECTOR_SIZE; i++)
            gaps[v].slot[i] = gen_low_bits(rng, 3 + v);
    }
    gen_crafted(set, "valid/ffor_u32_payload_gaps", GALP_TYPE_U32, GALP_SCHEME_FFOR, 2148, gaps,
                "FFOR u32, 3 vectors with 16 and 64 zero bytes between payloads");
}

/* ---- every type ------------------------------------------------------------------------ */

static galp_scheme natural_scheme(galp_type type, unsigned variant)
{
    if (!galp_type_is_float(type))
        return GALP_SCHEME_FFOR;
    return variant % 2 ? GALP_SCHEME_GALP : GALP_SCHEME_ALP;
}

static void small_columns(gen_set *set, gen_rng *rng)
{
    char name[64], desc[160];
    for (unsigned t = 0; t < COUNT(all_types); t++) {
        galp_type type = all_types[t];
        const char *tn = galp_type_name(type);
        unsigned w = galp_type_bits(type);

        gen_column c = gen_column_new(type, 1024 + 333);
        for (uint64_t i = 0; i < c.n; i++)
            gen_column_set(&c, i, gen_low_bits(rng, w));
        snprintf(name, sizeof name, "valid/raw_%s", tn);
        snprintf(desc, sizeof desc, "RAW %s, 1357 random bit patterns in 2 vectors", tn);
        gen_column_encode(set, name, GALP_SCHEME_RAW, &c, desc);

        galp_scheme scheme = natural_scheme(type, t);
        c = gen_column_new(type, 0);
        snprintf(name, sizeof name, "valid/empty_%s_%s", tn, galp_scheme_name(scheme));
        snprintf(desc, sizeof desc, "empty %s column (no vectors)", tn);
        gen_column_encode(set, name, scheme, &c, desc);

        scheme = natural_scheme(type, t + 1);
        c = gen_column_new(type, 1);
        gen_column_set(&c, 0, galp_type_is_float(type) ? decimal_bits(type, rng) : gen_mask(w) - 1);
        snprintf(name, sizeof name, "valid/one_%s_%s", tn, galp_scheme_name(scheme));
        snprintf(desc, sizeof desc, "one %s value", tn);
        gen_column_encode(set, name, scheme, &c, desc);
    }
    gen_column c = gen_column_new(GALP_TYPE_U8, 100);
    for (uint64_t i = 0; i < c.n; i++)
        gen_column_set(&c, i, gen_low_bits(rng, 8));
    gen_column_encode(set, "valid/raw_u8_small", GALP_SCHEME_RAW, &c, "RAW u8, 100 values");
}

/* ---- floating-point columns from the encoder ------------------------------------------- */

enum exception_pattern { EXC_NONE, EXC_PER_LANE, EXC_FULL_LANE };

static void exception_patterns(gen_set *set, galp_type type, galp_scheme scheme, gen_rng *rng)
{
    static const char *const pattern_names[] = {"none", "per_lane", "full_lane"};
    const unsigned lanes = galp_type_lanes(type), w = galp_type_bits(type);
    char name[64], desc[160];
    for (unsigned p = EXC_NONE; p <= EXC_FULL_LANE; p++) {
        gen_column c = gen_column_new(type, GALP_VECTOR_SIZE);
        for (unsigned i = 0; i < GALP_VECTOR_SIZE; i++)
            gen_column_set(&c, i, decimal_bits(type, rng));
        unsigned count = 0;
        if (p == EXC_PER_LANE) /* lane l's exception at a random row */
            for (unsigned l = 0; l < lanes; l++)
                gen_column_set(&c, l + lanes * gen_below(rng, w), exception_bits(type, count++));
        if (p == EXC_FULL_LANE) /* every slot of lane 5 */
            for (unsigned r = 0; r < w; r++)
                gen_column_set(&c, 5 + lanes * r, exception_bits(type, count++));
        snprintf(name, sizeof name, "valid/%s_%s_exc_%s", galp_scheme_name(scheme),
                 galp_type_name(type), pattern_names[p]);
        snprintf(desc, sizeof desc, "%s %s, one vector, %u exceptions (%s)",
                 galp_scheme_name(scheme), galp_type_name(type), count, pattern_names[p]);
        gen_vector *vec = gen_column_encode(set, name, scheme, &c, desc);
        gen_expect_vector(vec, 0, scheme, -1, (int)count);
    }
}

static void float_columns(gen_set *set, galp_type type, galp_scheme scheme, gen_rng *rng)
{
    const char *tn = galp_type_name(type), *sn = galp_scheme_name(scheme);
    char name[64], desc[160];
    exception_patterns(set, type, scheme, rng);

    /* Decimal data over several vectors, partial last vector. */
    gen_column c = gen_column_new(type, 3000);
    for (uint64_t i = 0; i < c.n; i++)
        gen_column_set(&c, i, decimal_bits(type, rng));
    snprintf(name, sizeof name, "valid/%s_%s_decimals", sn, tn);
    snprintf(desc, sizeof desc, "%s %s, 3000 decimal-like values (3 vectors)", sn, tn);
    gen_vector *vec = gen_column_encode(set, name, scheme, &c, desc);
    for (uint32_t v = 0; v < 3; v++)
        gen_expect_vector(vec, v, scheme, -1, 0);

    /* Special values and extremes among decimals. */
    c = gen_column_new(type, 2 * GALP_VECTOR_SIZE);
    for (uint64_t i = 0; i < c.n; i++)
        gen_column_set(&c, i, i % 37 == 3 ? special_bits(type, (unsigned)(i / 37))
                                      : decimal_bits(type, rng));
    snprintf(name, sizeof name, "valid/%s_%s_specials", sn, tn);
    snprintf(desc, sizeof desc, "%s %s: NaN payloads, +-0, +-Inf, subnormals, extremes", sn, tn);
    vec = gen_column_encode(set, name, scheme, &c, desc);
    gen_expect_vector(vec, 1, scheme, -1, -1);

    /* A vector of random bit patterns between decimal ones is stored RAW. */
    c = gen_column_new(type, 2 * GALP_VECTOR_SIZE + 500);
    for (uint64_t i = 0; i < c.n; i++)
        gen_column_set(&c, i, i / GALP_VECTOR_SIZE == 1 ? gen_low_bits(rng, galp_type_bits(type))
                                                    : decimal_bits(type, rng));
    snprintf(name, sizeof name, "valid/%s_%s_mixed_raw", sn, tn);
    snprintf(desc, sizeof desc, "%s %s, 3 vectors, the middle one random bits stored RAW", sn, tn);
    vec = gen_column_encode(set, name, scheme, &c, desc);
    gen_expect_vector(vec, 1, GALP_SCHEME_RAW, 0, 0);
    gen_expect_vector(vec, 2, scheme, -1, -1);
}

/* Two-vector columns with a few NaN exceptions at known positions: bases of invalid vectors. */
static void float_bases(gen_set *set, gen_rng *rng)
{
    struct base {
        const char *name;
        galp_type type;
        galp_scheme scheme;
        uint16_t nan_at[4];
    } bases[] = {
        {"valid/alp_f64_two_vectors", GALP_TYPE_F64, GALP_SCHEME_ALP, {3, 700, 1024 + 10, 1024 + 50}},
        {"valid/galp_f32_two_vectors", GALP_TYPE_F32, GALP_SCHEME_GALP, {1, 33, 1024 + 5, 1024 + 37}},
    };
    for (unsigned b = 0; b < COUNT(bases); b++) {
        gen_column c = gen_column_new(bases[b].type, 1924);
        for (uint64_t i = 0; i < c.n; i++)
            gen_column_set(&c, i, decimal_bits(bases[b].type, rng));
        for (unsigned j = 0; j < 4; j++)
            gen_column_set(&c, bases[b].nan_at[j], nan_bits(bases[b].type));
        gen_vector *vec = gen_column_encode(set, bases[b].name, bases[b].scheme, &c,
                                 "1924 decimals, NaN exceptions at 2 positions in each vector");
        gen_expect_vector(vec, 0, bases[b].scheme, -1, 2);
        gen_expect_vector(vec, 1, bases[b].scheme, -1, 2);
    }
}

/* ---- hand-built ALP and G-ALP vectors -------------------------------------------------- */

/* Vector v has bit width v, a random base (so that unpacked + base wraps), exponent and
 * factor spread over their whole range, and 0, a few, or one-per-lane exceptions. */
static void alp_widths(gen_set *set, galp_type type, galp_scheme scheme, gen_rng *rng)
{
    const unsigned w = galp_type_bits(type), lanes = galp_type_lanes(type);
    const unsigned max_e = type == GALP_TYPE_F64 ? 18 : 10;
    craft_vector *cv = calloc(w + 1, sizeof *cv);
    if (!cv)
        gen_fail("out of memory");
    for (unsigned v = 0; v <= w; v++) {
        unsigned e = v == 1 ? max_e : v % (max_e + 1);
        cv[v] = (craft_vector){.scheme = scheme, .m = GALP_VECTOR_SIZE, .bit_width = v,
                               .base = gen_low_bits(rng, w), .exponent = e,
                               .factor = v == 1 ? max_e : (v * 7) % (e + 1)};
        for (unsigned i = 0; i < GALP_VECTOR_SIZE; i++)
            cv[v].slot[i] = gen_low_bits(rng, v);
        unsigned count = v % 3 == 0 ? 0 : v % 3 == 1 ? 1 + v % 7 : lanes;
        for (unsigned j = 0; j < count; j++) {
            /* ascending positions: spread evenly, one per lane in the third case */
            cv[v].position[j] = (uint16_t)(count == lanes ? j + lanes * ((j * 5 + v) % w)
                                                          : j * (GALP_VECTOR_SIZE / count) + v);
            cv[v].exception[j] = gen_low_bits(rng, w);
        }
        /* one-per-lane positions are ascending in lane order only; sort them */
        for (unsigned a = 1; a < count; a++)
            for (unsigned b = a; b > 0 && cv[v].position[b - 1] > cv[v].position[b]; b--) {
                uint16_t p = cv[v].position[b];
                cv[v].position[b] = cv[v].position[b - 1];
                cv[v].position[b - 1] = p;
            }
        cv[v].exception_count = (uint16_t)count;
    }
    char name[64], desc[160];
    snprintf(name, sizeof name, "valid/%s_%s_widths", galp_scheme_name(scheme), galp_type_name(type));
    snprintf(desc, sizeof desc, "%s %s: vector v has bit width v = 0..%u, wrapping base, e/f "
             "over their range", galp_scheme_name(scheme), galp_type_name(type), w);
    gen_crafted(set, name, type, scheme, (uint64_t)(w + 1) * GALP_VECTOR_SIZE, cv, desc);
    free(cv);
}

/* Every slot an exception (the encoder would store such a vector RAW; decoders must still
 * read it), and a partial vector whose lane 3 is an exception in every slot that holds a
 * value (spec/galp.md §4 capacity). */
static void exception_extremes(gen_set *set, galp_type type, galp_scheme scheme, gen_rng *rng)
{
    const unsigned w = galp_type_bits(type), lanes = galp_type_lanes(type);
    static craft_vector cv[2];
    char name[64], desc[160];
    cv[0] = (craft_vector){.scheme = scheme, .m = GALP_VECTOR_SIZE, .base = 42,
                           .exception_count = GALP_VECTOR_SIZE};
    for (unsigned i = 0; i < GALP_VECTOR_SIZE; i++) {
        cv[0].position[i] = (uint16_t)i;
        cv[0].exception[i] = i % 5 ? gen_low_bits(rng, w) : special_bits(type, i / 5);
    }
    snprintf(name, sizeof name, "valid/%s_%s_exc_all", galp_scheme_name(scheme), galp_type_name(type));
    snprintf(desc, sizeof desc, "%s %s, bit width 0, all 1024 values exceptions",
             galp_scheme_name(scheme), galp_type_name(type));
    gen_crafted(set, name, type, scheme, GALP_VECTOR_SIZE, cv, desc);

    for (unsigned v = 0; v < 2; v++) {
        cv[v] = (craft_vector){.scheme = scheme, .m = v ? 100 : GALP_VECTOR_SIZE,
                               .bit_width = 9, .base = 1000, .exponent = 3, .factor = 1};
        for (unsigned i = 0; i < GALP_VECTOR_SIZE; i++)
            cv[v].slot[i] = gen_low_bits(rng, 9);
    }
    unsigned count = 0;
    for (unsigned i = 3; i < 100; i += lanes) {
        cv[1].position[count] = (uint16_t)i;
        cv[1].exception[count++] = special_bits(type, i);
    }
    cv[1].exception_count = (uint16_t)count;
    snprintf(name, sizeof name, "valid/%s_%s_partial_full_lane", galp_scheme_name(scheme),
             galp_type_name(type));
    snprintf(desc, sizeof desc, "%s %s, last vector of 100 values, its lane 3 all %u exceptions",
             galp_scheme_name(scheme), galp_type_name(type), count);
    gen_crafted(set, name, type, scheme, GALP_VECTOR_SIZE + 100, cv, desc);
}

/* Minor versions only add meaning to fields that are zero (spec/format.md §1.1): a 1.0 decoder
 * reads a 1.3 file that uses none of them. */
static void future_minor_version(gen_set *set)
{
    const gen_vector *src = gen_set_find(set, "valid/galp_f64_decimals");
    gen_buf file = {0}, out = {0};
    gen_buf_append(&file, src->file.data, src->file.len);
    gen_buf_append(&out, src->out.data, src->out.len);
    /* src moves when the set grows: copy first */
    gen_vector *vec = gen_set_add(set, "valid/minor_version_3", GALP_OK, GALP_TYPE_F64,
                                  GALP_SCHEME_GALP, "galp_f64_decimals with version 1.3 in the header");
    vec->file = file;
    vec->out = out;
    vec->file.data[5] = 3;
    gen_fix_checksum(&vec->file);
}

/* Columns with payload checksums (spec/format.md §3.4), from their own seed so that adding
 * them left every earlier vector as it was. checksums_u16_two_vectors and checksums_u16_other
 * have the same shape (2 vectors of bit width 6) and different values: the bases of the
 * swapped and spliced payload vectors. */
static void payload_checksum_columns(gen_set *set)
{
    gen_rng rng = {0x67616c7063726331u}; /* "galpcrc1" */
    static const char *const u16_names[] = {"valid/checksums_u16_two_vectors",
                                            "valid/checksums_u16_other"};
    for (unsigned k = 0; k < COUNT(u16_names); k++) {
        gen_column c = gen_column_new(GALP_TYPE_U16, 1500);
        for (uint64_t i = 0; i < c.n; i++)
            gen_column_set(&c, i, 2000 + gen_low_bits(&rng, 6));
        gen_vector *vec = gen_encoded_ex(set, u16_names[k], c.type, GALP_SCHEME_FFOR,
                                         GALP_FLAG_PAYLOAD_CHECKSUMS, c.bytes, c.n,
                                         "payload checksums, FFOR u16, 1500 values: 2 vectors of "
                                         "bit width 6");
        free(c.bytes);
        gen_expect_vector(vec, 0, GALP_SCHEME_FFOR, 6, 0);
        gen_expect_vector(vec, 1, GALP_SCHEME_FFOR, 6, 0);
    }

    /* A constant vector (bit width 0: an empty payload, checksum 0) and a RAW last vector. */
    gen_column c = gen_column_new(GALP_TYPE_U32, 2 * GALP_VECTOR_SIZE + 300);
    for (uint64_t i = 0; i < c.n; i++)
        gen_column_set(&c, i, i < GALP_VECTOR_SIZE ? 77 : i < 2 * GALP_VECTOR_SIZE
                                                          ? 5000 + gen_low_bits(&rng, 11)
                                                          : gen_low_bits(&rng, 32));
    gen_vector *vec = gen_encoded_ex(set, "valid/checksums_u32_ffor", c.type, GALP_SCHEME_FFOR,
                                     GALP_FLAG_PAYLOAD_CHECKSUMS, c.bytes, c.n,
                                     "payload checksums, FFOR u32: constant (empty payload), "
                                     "b = 11, RAW vectors");
    free(c.bytes);
    gen_expect_vector(vec, 0, GALP_SCHEME_FFOR, 0, 0);
    gen_expect_vector(vec, 1, GALP_SCHEME_FFOR, 11, 0);
    gen_expect_vector(vec, 2, GALP_SCHEME_RAW, 0, 0);

    /* Float columns with exceptions, a RAW vector of random bits in the middle. */
    char name[64], desc[160];
    for (unsigned t = 0; t < COUNT(float_types); t++)
        for (unsigned s = 0; s < COUNT(float_schemes); s++) {
            const galp_type type = float_types[t];
            const galp_scheme scheme = float_schemes[s];
            c = gen_column_new(type, 2 * GALP_VECTOR_SIZE + 700);
            for (uint64_t i = 0; i < c.n; i++)
                gen_column_set(&c, i,
                               i / GALP_VECTOR_SIZE == 1 ? gen_low_bits(&rng, galp_type_bits(type))
                               : i % 53 == 7             ? special_bits(type, (unsigned)(i / 53))
                                                         : decimal_bits(type, &rng));
            snprintf(name, sizeof name, "valid/checksums_%s_%s", galp_scheme_name(scheme),
                     galp_type_name(type));
            snprintf(desc, sizeof desc, "payload checksums, %s %s: decimals and specials, a RAW "
                     "middle vector", galp_scheme_name(scheme), galp_type_name(type));
            vec = gen_encoded_ex(set, name, type, scheme, GALP_FLAG_PAYLOAD_CHECKSUMS, c.bytes,
                                 c.n, desc);
            free(c.bytes);
            gen_expect_vector(vec, 0, scheme, -1, -1);
            gen_expect_vector(vec, 1, GALP_SCHEME_RAW, 0, 0);
        }

    gen_encoded_ex(set, "valid/checksums_empty_f64", GALP_TYPE_F64, GALP_SCHEME_GALP,
                         GALP_FLAG_PAYLOAD_CHECKSUMS, NULL, 0,
                         "payload checksums flag on an empty f64 column (no vectors)");
}

/* Compact G-ALP columns (spec/galp.md §1.1, version 1.2), from their own seed so that adding
 * them left every earlier vector as it was: near-constant vectors without exceptions and
 * without lane tables (bit width 0, then a few decimals), one with special values that keeps
 * its lane table, and a partial last vector without exceptions. */
static void compact_galp_columns(gen_set *set)
{
    gen_rng rng = {0x67616c70636d7031u}; /* "galpcmp1" */
    static const uint32_t flags[] = {GALP_FLAG_COMPACT_GALP,
                                     GALP_FLAG_COMPACT_GALP | GALP_FLAG_PAYLOAD_CHECKSUMS};
    static const char *const prefixes[] = {"valid/galp", "valid/checksums_galp"};
    char name[64], desc[160];
    for (unsigned k = 0; k < COUNT(flags); k++)
        for (unsigned t = 0; t < COUNT(float_types); t++) {
            const galp_type type = float_types[t];
            gen_column c = gen_column_new(type, 4 * GALP_VECTOR_SIZE - 300);
            const uint64_t constant = decimal_bits(type, &rng);
            uint64_t few[3];
            for (unsigned j = 0; j < COUNT(few); j++)
                few[j] = decimal_bits(type, &rng);
            for (uint64_t i = 0; i < c.n; i++)
                gen_column_set(&c, i,
                               i < GALP_VECTOR_SIZE ? constant : few[gen_low_bits(&rng, 8) % 3]);
            for (unsigned j = 0; j < 5; j++) /* vector 2: slots 0, 63, 126, 189, 252 */
                gen_column_set(&c, 2 * GALP_VECTOR_SIZE + 7 * j * 9, exception_bits(type, j));
            snprintf(name, sizeof name, "%s_%s_compact", prefixes[k], galp_type_name(type));
            snprintf(desc, sizeof desc, "%scompact galp %s (version 1.2): 4 vectors, only vector 2 "
                     "with exceptions and a lane table", k ? "payload checksums, " : "",
                     galp_type_name(type));
            gen_vector *vec = gen_encoded_ex(set, name, type, GALP_SCHEME_GALP, flags[k], c.bytes,
                                             c.n, desc);
            free(c.bytes);
            gen_expect_vector(vec, 0, GALP_SCHEME_GALP, 0, 0);
            gen_expect_vector(vec, 1, GALP_SCHEME_GALP, -1, 0);
            gen_expect_vector(vec, 2, GALP_SCHEME_GALP, -1, 5);
            gen_expect_vector(vec, 3, GALP_SCHEME_GALP, -1, 0);
        }
}

void gen_valid_vectors(gen_set *set)
{
    gen_rng rng = {0x67616c7076656331u}; /* "galpvec1" */
    integer_columns(set, &rng);
    small_columns(set, &rng);
    for (unsigned t = 0; t < COUNT(float_types); t++)
        for (unsigned s = 0; s < COUNT(float_schemes); s++) {
            float_columns(set, float_types[t], float_schemes[s], &rng);
            alp_widths(set, float_types[t], float_schemes[s], &rng);
            exception_extremes(set, float_types[t], float_schemes[s], &rng);
        }
    float_bases(set, &rng);
    future_minor_version(set);
    payload_checksum_columns(set);
    gen_fastlanes_vectors(set);
    compact_galp_columns(set);
}
