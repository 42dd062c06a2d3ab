/*
 * test_alp.c — ALP (spec/alp.md): constants, decode arithmetic, the reference encoder's
 * exceptions and fillers, bit-exact round trips of every special value and of synthetic decimal
 * data at every bit width, and payload validation. Every vector is also checked in the G-ALP
 * layout (alp_support.c).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "alp_arith.h"
#include "alp_encode.h"
#include "alp_support.h"
#include "test_support.h"
#include "bytes.h"
#include "galp_layout.h"

/* spec/alp.md §4: FRAC_W[i] is the value-type number nearest to 10^-i, as a correctly rounded
 * decimal conversion gives; FACT_W[i] is 10^i mod 2^W. */
static void test_constants(void **state)
{
    (void)state;
    uint64_t power = 1;
    for (unsigned i = 0; i <= GALP_ALP_MAX_E64; i++) {
        char literal[16];
        snprintf(literal, sizeof literal, "1e-%u", i);
        assert_int_equal(galp_alp_frac64_bits[i], ts_f64_bits(strtod(literal, NULL)));
        assert_int_equal(galp_alp_fact64[i], power);
        assert_true(galp_alp_exp64[i] == (double)power);
        if (i <= GALP_ALP_MAX_E32) {
            assert_int_equal(galp_alp_frac32_bits[i], (uint32_t)ts_f32_bits(strtof(literal, NULL)));
            assert_int_equal(galp_alp_fact32[i], (uint32_t)power);
            assert_true(galp_alp_exp32[i] == (float)power);
        }
        power *= 10;
    }
}

/* spec/alp.md §4 steps 2–4 on hand-checked values, including the integer wrap. */
static void test_decode_arithmetic(void **state)
{
    (void)state;
    /* 1234 · 10^0 · fl(10^-2) = 12.34 (the double nearest 12.34) */
    assert_int_equal(galp_alp_decode64(1234, galp_alp_fact64[0], galp_alp_frac64(2)),
                     ts_f64_bits(12.34));
    /* 642 · 10^13 · fl(10^-14) = 64.2 (e = 14, f = 13) */
    assert_int_equal(galp_alp_decode64(642, galp_alp_fact64[13], galp_alp_frac64(14)),
                     ts_f64_bits(64.2));
    /* Negative integers are two's complement in W bits. */
    assert_int_equal(galp_alp_decode64((uint64_t)-5, 1, galp_alp_frac64(1)), ts_f64_bits(-0.5));
    assert_int_equal(galp_alp_decode32((uint32_t)-25, 1, galp_alp_frac32(1)),
                     (uint32_t)ts_f32_bits(-2.5f));
    /* Step 2 wraps: f32 3 · 10^9 mod 2^32 reads as −1294967296, f64 10 · 10^18 mod 2^64 as
     * −8446744073709551616 (e = f = 9 and e = f = 18: spec/alp.md §7.2). */
    assert_int_equal(galp_alp_decode32(3, galp_alp_fact32[9], galp_alp_frac32(9)), 0xbfa5c17du);
    assert_int_equal(galp_alp_decode64(10, galp_alp_fact64[18], galp_alp_frac64(18)),
                     0xc020e4bba3a48758u);
}

/* spec/alp.md §7: where the normative arithmetic and Parquet's two float multiplies
 * (k · 10^f · 10^-e in the value type) disagree. Both sides are computed here; the expected
 * normative results are the bit patterns given in the spec's example. */
static void test_parquet_boundary(void **state)
{
    (void)state;
    /* f64, k = 2^53 + 1, e = f = 1: one rounding of k·10 versus fl(fl(k)·10). */
    const uint64_t k64 = ((uint64_t)1 << 53) + 1;
    uint64_t ours = galp_alp_decode64(k64, galp_alp_fact64[1], galp_alp_frac64(1));
    volatile double parquet = (double)k64;
    parquet = parquet * 10.0;
    parquet = parquet * galp_alp_frac64(1);
    assert_int_equal(ours, 0x4340000000000001u);               /* 9007199254740994 */
    assert_int_equal(ts_f64_bits(parquet), 0x4340000000000000u); /* 9007199254740992 */
    /* Below the boundary the two agree: k = 2^53 − 1, and k·10^f far beyond 2^53. */
    const uint64_t below = ((uint64_t)1 << 53) - 1;
    volatile double agree = (double)below;
    agree = agree * 1e3;
    agree = agree * galp_alp_frac64(3);
    assert_int_equal(galp_alp_decode64(below, galp_alp_fact64[3], galp_alp_frac64(3)),
                     ts_f64_bits(agree));

    /* f32, k = 2^24 + 1, e = f = 1. */
    const uint32_t k32 = (1u << 24) + 1;
    uint32_t ours32 = galp_alp_decode32(k32, galp_alp_fact32[1], galp_alp_frac32(1));
    volatile float parquet32 = (float)k32;
    parquet32 = parquet32 * 10.0f;
    parquet32 = parquet32 * galp_alp_frac32(1);
    assert_int_equal(ours32, 0x4b800001u);                     /* 16777218 */
    assert_int_equal((uint32_t)ts_f32_bits(parquet32), 0x4b800000u);      /* 16777216 */
}

/* The recommended encoder's range (spec/alp.md §6.1): a scaled value t is rounded to an
 * integer while |t| < 2^(W−1) — below 2^52 (2^23) by adding and subtracting 2^52 (2^23), above
 * that t is already one; beyond 2^(W−1), and for every special value, the value is an
 * exception whatever (e, f). */
static void test_encoder_range(void **state)
{
    (void)state;
    int64_t k = 0;
    static const int64_t encodes64[] = {
        ((int64_t)1 << 51) - 1, (int64_t)1 << 51, ((int64_t)1 << 52) - 1, (int64_t)1 << 52,
        ((int64_t)1 << 52) + 2, INT64_MAX - 1023 /* the largest double below 2^63 */};
    for (size_t j = 0; j < sizeof encodes64 / sizeof encodes64[0]; j++)
        for (int sign = 1; sign >= -1; sign -= 2) {
            const int64_t want = sign * encodes64[j];
            assert_true(galp_alp_encode_value(64, ts_f64_bits((double)want), 0, 0, &k));
            assert_int_equal(k, want);
        }
    assert_false(galp_alp_encode_value(64, ts_f64_bits(9223372036854775808.0), 0, 0, &k));
    assert_false(galp_alp_encode_value(64, ts_f64_bits(-9223372036854775808.0), 0, 0, &k));
    static const int32_t encodes32[] = {(1 << 22) - 1, 1 << 22, (1 << 22) + 1, 6000001,
                                        (1 << 23) - 1, (1 << 23) + 1, (1 << 24) + 2,
                                        INT32_MAX - 127 /* the largest float below 2^31 */};
    for (size_t j = 0; j < sizeof encodes32 / sizeof encodes32[0]; j++)
        for (int sign = 1; sign >= -1; sign -= 2) {
            const int32_t want = sign * encodes32[j];
            assert_true(galp_alp_encode_value(32, (uint32_t)ts_f32_bits((float)want), 0, 0, &k));
            assert_int_equal(k, want);
        }
    assert_false(galp_alp_encode_value(32, (uint32_t)ts_f32_bits(2147483648.0f), 0, 0, &k));
    assert_false(galp_alp_encode_value(32, (uint32_t)ts_f32_bits(-2147483648.0f), 0, 0, &k));
    /* 4194304.5 rounds to the even 4194304, which does not decode back. */
    assert_false(galp_alp_encode_value(32, (uint32_t)ts_f32_bits(4194304.5f), 0, 0, &k));
    /* 12.34 with e = 2: k = 1234; with e = 1 it does not decode back. */
    assert_true(galp_alp_encode_value(64, ts_f64_bits(12.34), 2, 0, &k));
    assert_int_equal(k, 1234);
    assert_false(galp_alp_encode_value(64, ts_f64_bits(12.34), 1, 0, &k));
    static const uint64_t specials64[] = {0x7ff8000000000000u, 0x7ff0000000000000u,
                                          0xfff0000000000000u, 0x8000000000000000u};
    static const uint32_t specials32[] = {0x7fc00000u, 0x7f800000u, 0xff800000u, 0x80000000u};
    for (unsigned e = 0; e <= GALP_ALP_MAX_E64; e++)
        for (unsigned f = 0; f <= e; f++)
            for (size_t j = 0; j < 4; j++) {
                assert_false(galp_alp_encode_value(64, specials64[j], e, f, &k));
                if (e <= GALP_ALP_MAX_E32)
                    assert_false(galp_alp_encode_value(32, specials32[j], e, f, &k));
            }
}

/* spec/alp.md §6.3: a retry only above m/16 exceptions, and only with a pair other than the
 * one already tried; a refusal leaves the pair as it was. */
static void test_retry_pair(void **state)
{
    (void)state;
    double values[GALP_VECTOR_SIZE];
    for (uint32_t i = 0; i < GALP_VECTOR_SIZE; i++)
        values[i] = (double)i / 10.0; /* one decimal: (0, 0) leaves most as exceptions */
    const uint32_t m = GALP_VECTOR_SIZE;
    unsigned e = 0, f = 0;
    assert_false(galp_alp_retry_pair(64, values, m, m / 16, &e, &f));
    assert_int_equal(e, 0);
    assert_int_equal(f, 0);
    assert_true(galp_alp_retry_pair(64, values, m, m / 16 + 1, &e, &f));
    assert_true(e > 0);
    const unsigned found_e = e, found_f = f;
    assert_false(galp_alp_retry_pair(64, values, m, m, &e, &f)); /* the search finds it again */
    assert_int_equal(e, found_e);
    assert_int_equal(f, found_f);
}

/* Special values are always exceptions (spec/alp.md §5) and survive bit for bit. */
static void test_special_values_f64(void **state)
{
    (void)state;
    static const uint64_t specials[] = {
        0x7ff8000000000000u, /* quiet NaN */
        0xfff8000000000000u, /* negative quiet NaN */
        0x7ff0000000000001u, /* signalling NaN, smallest payload */
        0x7fffffffffffffffu, /* NaN, largest payload */
        0x7ff0000000000000u, /* +Inf */
        0xfff0000000000000u, /* −Inf */
        0x8000000000000000u, /* −0.0 */
    };
    static const uint64_t awkward[] = {
        0x0000000000000000u, /* +0.0 */
        0x0000000000000001u, /* smallest subnormal */
        0x800fffffffffffffu, /* largest negative subnormal */
        0x0010000000000000u, /* smallest normal */
        0x7fefffffffffffffu, /* largest finite */
        0xffefffffffffffffu, /* most negative finite */
        0x433fffffffffffffu, /* 2^53 − 1 */
        0x4340000000000000u, /* 2^53 */
        0x4340000000000001u, /* 2^53 + 2 */
        0xc340000000000000u, /* −2^53 */
        0x42ffffffffffffffu, /* 2^49 − 2^-4: not an integer */
        0x4300000000000000u, /* 2^49 */
        0x431ffffffffffff8u, /* 2^51 − 2 */
        0x431ffffffffffffcu, /* 2^51 − 1 */
        0x4320000000000000u, /* 2^51 */
        0x432fffffffffffffu, /* 2^52 − 0.5: the last number the rounding step changes */
        0x43dfffffffffffffu, /* 2^63 − 1024: the largest encodable integer */
        0x43e0000000000000u, /* 2^63: beyond the encoder's range, an exception */
        0xc31ffffffffffffcu, /* −(2^51 − 1) */
    };
    uint64_t values[GALP_VECTOR_SIZE];
    for (uint32_t i = 0; i < GALP_VECTOR_SIZE; i++)
        values[i] = ts_f64_bits((double)(i % 100) / 4.0);
    const size_t ns = sizeof specials / sizeof specials[0];
    const size_t na = sizeof awkward / sizeof awkward[0];
    for (size_t j = 0; j < ns; j++)
        values[7 * j + 3] = specials[j];
    for (size_t j = 0; j < na; j++)
        values[500 + 11 * j] = awkward[j];
    alp_vector v;
    alp_check_values(GALP_TYPE_F64, values, GALP_VECTOR_SIZE, &v);
    /* Every special is an exception, found by the ALP binary search among the positions. */
    const uint8_t *positions = v.payload + 128u * v.info.bit_width + 8u * v.info.exception_count;
    for (size_t j = 0; j < ns; j++) {
        int found = 0;
        for (unsigned x = 0; x < v.info.exception_count; x++)
            found |= galp_load_u16(positions + 2u * x) == 7 * j + 3;
        assert_true(found);
    }
}

static void test_special_values_f32(void **state)
{
    (void)state;
    static const uint32_t patterns[] = {
        0x7fc00000u, 0xffc00000u, 0x7f800001u, 0x7fffffffu, 0x7f800000u, 0xff800000u,
        0x80000000u, 0x00000000u, 0x00000001u, 0x807fffffu, 0x00800000u, 0x7f7fffffu,
        0xff7fffffu, 0x4b7fffffu /* 2^24 − 1 */, 0x4b800000u /* 2^24 */,
        0x4b800001u /* 2^24 + 2 */, 0x4a7fffffu /* 2^22 − 0.25 */, 0x4a800000u /* 2^22 */,
        0x4affffffu /* 2^23 − 0.5 */, 0x4effffffu /* 2^31 − 128 */, 0x4f000000u /* 2^31 */,
    };
    uint32_t values[GALP_VECTOR_SIZE];
    for (uint32_t i = 0; i < GALP_VECTOR_SIZE; i++)
        values[i] = (uint32_t)ts_f32_bits((float)(i % 50) / 8.0f);
    for (size_t j = 0; j < sizeof patterns / sizeof patterns[0]; j++)
        values[13 * j + 1] = patterns[j];
    alp_check_values(GALP_TYPE_F32, values, GALP_VECTOR_SIZE, NULL);
}

/* The double (float) nearest to the decimal k / 10^digits, as a parser gives it. */
static uint64_t decimal64(uint64_t k, unsigned digits)
{
    char text[48];
    snprintf(text, sizeof text, "%llue-%u", (unsigned long long)k, digits);
    return ts_f64_bits(strtod(text, NULL));
}

static uint32_t decimal32(uint64_t k, unsigned digits)
{
    char text[48];
    snprintf(text, sizeof text, "%llue-%u", (unsigned long long)k, digits);
    return (uint32_t)ts_f32_bits(strtof(text, NULL));
}

/* Decimals k / 100 with k spread evenly over [0, 2^b − 1], endpoints included, for every bit
 * width b: every vector round-trips; while the decimals have few enough digits for
 * k · 10^f · fl(10^-e) to round to them (b <= 20 for f64, i.e. up to 10^4 with 2 decimals;
 * b <= 12 for f32), the encoder packs at most b bits and leaves few exceptions (sampling sees
 * 32 values, so it may miss a rare one; an exception can also be cheaper than a wider range). */
static void test_decimal_every_bit_width(void **state)
{
    (void)state;
    uint64_t v64[GALP_VECTOR_SIZE];
    uint32_t v32[GALP_VECTOR_SIZE];
    alp_vector v;
    for (unsigned b = 0; b <= 52; b++) {
        const uint64_t span = b == 0 ? 0 : ((uint64_t)1 << b) - 1;
        for (uint32_t i = 0; i < GALP_VECTOR_SIZE; i++)
            v64[i] = decimal64(span * i / 1023, 2);
        alp_check_values(GALP_TYPE_F64, v64, GALP_VECTOR_SIZE, &v);
        if (b <= 20) {
            assert_in_range(v.info.bit_width, 0, b);
            assert_in_range(v.info.exception_count, 0, GALP_VECTOR_SIZE / 16);
        }
    }
    for (unsigned b = 0; b <= 26; b++) {
        const uint64_t span = b == 0 ? 0 : ((uint64_t)1 << b) - 1;
        for (uint32_t i = 0; i < GALP_VECTOR_SIZE; i++)
            v32[i] = decimal32(span * i / 1023, 1);
        alp_check_values(GALP_TYPE_F32, v32, GALP_VECTOR_SIZE, &v);
        if (b <= 12) {
            assert_in_range(v.info.bit_width, 0, b);
            assert_in_range(v.info.exception_count, 0, GALP_VECTOR_SIZE / 16);
        }
    }
}

/* f32 decimals of seven significant digits, such as coordinates or prices cast to float32
 * (73.00000 … 74.99999, five decimals, both signs): their integers lie between 2^22 and 2^23,
 * within the encoder's range (spec/alp.md §6.1), so the vector is ALP, smaller than RAW, at
 * about the bit width of the integers' range, with few exceptions. */
static void test_f32_seven_digits(void **state)
{
    (void)state;
    uint32_t v32[GALP_VECTOR_SIZE];
    alp_vector v;
    for (int negative = 0; negative <= 1; negative++) {
        for (uint32_t i = 0; i < GALP_VECTOR_SIZE; i++)
            v32[i] = decimal32(7300000 + (uint64_t)i * 7919 % 200000, 5) |
                     (negative ? 0x80000000u : 0);
        alp_check_values(GALP_TYPE_F32, v32, GALP_VECTOR_SIZE, &v);
        assert_in_range(v.info.bit_width, 18, 21); /* a range of 200000 at e = 5 or 6 */
        assert_in_range(v.info.exception_count, 0, GALP_VECTOR_SIZE / 16);
        assert_true(v.info.payload_size < GALP_VECTOR_SIZE * sizeof(float));
    }
}

/* Exceptions at the given positions (NaN) among decimals; checks the count and, in the G-ALP
 * layout, the lane ends. */
static void check_pattern(galp_type type, const uint16_t *positions, unsigned count)
{
    const unsigned w = galp_type_bits(type);
    const unsigned lanes = GALP_VECTOR_SIZE / w;
    uint64_t v64[GALP_VECTOR_SIZE];
    uint32_t v32[GALP_VECTOR_SIZE];
    for (uint32_t i = 0; i < GALP_VECTOR_SIZE; i++) {
        v64[i] = galp_alp_decode64(100 + i % 37, 1, galp_alp_frac64(1));
        v32[i] = galp_alp_decode32(100 + i % 37, 1, galp_alp_frac32(1));
    }
    unsigned per_lane[32] = {0};
    for (unsigned j = 0; j < count; j++) {
        v64[positions[j]] = 0x7ff8000000000000u + positions[j]; /* distinct NaN payloads */
        v32[positions[j]] = 0x7fc00000u + positions[j];
        per_lane[positions[j] % lanes]++;
    }
    const void *values = w == 64 ? (const void *)v64 : (const void *)v32;
    alp_vector *v = malloc(sizeof *v);
    assert_non_null(v);
    alp_check_values(type, values, GALP_VECTOR_SIZE, NULL);
    alp_encode_one(type, GALP_SCHEME_GALP, values, GALP_VECTOR_SIZE, v);
    assert_int_equal(v->info.exception_count, count);
    unsigned end = 0;
    for (unsigned l = 0; l < lanes; l++) {
        end += per_lane[l];
        assert_int_equal(alp_lane_end(v, l), end);
    }
    free(v);
}

static void test_exception_patterns(void **state)
{
    (void)state;
    static const galp_type types[] = {GALP_TYPE_F32, GALP_TYPE_F64};
    uint16_t positions[GALP_VECTOR_SIZE];
    for (size_t t = 0; t < 2; t++) {
        const unsigned w = galp_type_bits(types[t]);
        const unsigned lanes = GALP_VECTOR_SIZE / w;
        check_pattern(types[t], positions, 0); /* none */
        for (unsigned l = 0; l < lanes; l++)    /* one per lane, at varying rows */
            positions[l] = (uint16_t)(((l * 7) % w) * lanes + l);
        check_pattern(types[t], positions, lanes);
        for (unsigned r = 0; r < w; r++) /* a full lane: W exceptions in lane 5 */
            positions[r] = (uint16_t)(r * lanes + 5);
        check_pattern(types[t], positions, w);
        for (unsigned l = 0; l < 2; l++) /* full first and last lanes */
            for (unsigned r = 0; r < w; r++)
                positions[l * w + r] = (uint16_t)(r * lanes + (l == 0 ? 0 : lanes - 1));
        check_pattern(types[t], positions, 2 * w);
        for (unsigned i = 0; i < GALP_VECTOR_SIZE; i++) /* all 1024 */
            positions[i] = (uint16_t)i;
        check_pattern(types[t], positions, GALP_VECTOR_SIZE);
    }
}

/* Partial vectors (spec/format.md §4.3) and the fillers of spec/alp.md §5: exception slots hold
 * the integer of the lowest-index non-exception, unused slots a copy of slot 0. */
static void test_partial_vectors_and_fillers(void **state)
{
    (void)state;
    static const uint32_t sizes[] = {1, 2, 15, 16, 17, 100, 1000, 1023};
    uint64_t values[GALP_VECTOR_SIZE];
    uint64_t ints[GALP_VECTOR_SIZE];
    alp_vector v;
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        const uint32_t m = sizes[s];
        for (uint32_t i = 0; i < m; i++)
            values[i] = galp_alp_decode64(3000 + 17 * i, 1, galp_alp_frac64(3));
        values[0] = 0x8000000000000000u; /* −0.0 in slot 0: the filler is slot 1's integer */
        if (m > 5)
            values[m - 1] = ts_f64_bits(3.141592653589793);
        alp_check_values(GALP_TYPE_F64, values, m, &v);
        galp_reader payload = galp_reader_of(v.payload, v.info.payload_size);
        galp_ffor_unpack(64, v.info.bit_width, v.info.base, &payload, ints);
        int64_t k1 = 0;
        if (m > 1)
            assert_true(galp_alp_encode_value(64, values[1], v.info.exponent, v.info.factor,
                                              &k1));
        assert_int_equal(ints[0], (uint64_t)k1); /* 0 when every value is an exception */
        for (uint32_t i = m; i < GALP_VECTOR_SIZE; i++)
            assert_int_equal(ints[i], ints[0]);
    }
}

/* A hand-made ALP payload of m = 40 values at bit width 0 (every integer equals the base) with
 * three exceptions at slots 10, 20, 30. */
static void make_alp_payload(alp_vector *v)
{
    static const uint16_t positions[3] = {10, 20, 30};
    static const uint64_t values[3] = {0x7ff8000000000000u, 0x8000000000000000u, 1u};
    memset(v, 0, sizeof *v);
    v->type = GALP_TYPE_F64;
    v->info = (galp_vector_info){.scheme = GALP_SCHEME_ALP, .value_count = 40,
                                 .exception_count = 3, .base = 25, .exponent = 1};
    v->info.payload_size =
        (uint32_t)galp_exceptions_write(GALP_SCHEME_ALP, 0, 64, 3, positions, values, v->payload);
}

/* Each structural violation of an ALP payload has its error (spec/alp.md §5). */
static void test_validation_alp(void **state)
{
    (void)state;
    alp_vector v;
    make_alp_payload(&v);
    uint8_t *positions = v.payload + 3u * 8u;
    uint64_t decoded[40];
    galp_reader payload = galp_reader_of(v.payload, v.info.payload_size);
    assert_int_equal(galp_alp_validate_payload(GALP_TYPE_F64, 0, &v.info, &payload), GALP_OK);
    galp_alp_decode_vector(GALP_TYPE_F64, 0, &v.info, &payload, decoded);
    assert_false(payload.overrun);
    assert_int_equal(decoded[0], ts_f64_bits(2.5));
    assert_int_equal(decoded[10], 0x7ff8000000000000u);
    assert_int_equal(decoded[20], 0x8000000000000000u);
    assert_int_equal(decoded[30], 1u);

    static const struct {
        unsigned index;
        uint16_t position;
        galp_status expected;
    } cases[] = {
        {1, 10, GALP_ERR_EXCEPTION_POSITION},     /* 10, 10, 30: repeated */
        {1, 5, GALP_ERR_EXCEPTION_POSITION},      /* 10, 5, 30: descending */
        {2, 40, GALP_ERR_EXCEPTION_POSITION},     /* = m: beyond the partial vector */
        {2, 1023, GALP_ERR_EXCEPTION_POSITION},   /* inside 1024 slots, beyond m */
        {2, 0xffff, GALP_ERR_EXCEPTION_POSITION}, /* beyond the vector */
        {2, 39, GALP_OK},                         /* the last value is fine */
        {0, 0, GALP_OK},                          /* and the first */
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        make_alp_payload(&v);
        galp_store_u16(positions + 2u * cases[c].index, cases[c].position);
        galp_reader changed = galp_reader_of(v.payload, v.info.payload_size);
        assert_int_equal(galp_alp_validate_payload(GALP_TYPE_F64, 0, &v.info, &changed),
                         cases[c].expected);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_constants),
        cmocka_unit_test(test_decode_arithmetic),
        cmocka_unit_test(test_parquet_boundary),
        cmocka_unit_test(test_retry_pair),
        cmocka_unit_test(test_encoder_range),
        cmocka_unit_test(test_special_values_f64),
        cmocka_unit_test(test_special_values_f32),
        cmocka_unit_test(test_decimal_every_bit_width),
        cmocka_unit_test(test_f32_seven_digits),
        cmocka_unit_test(test_exception_patterns),
        cmocka_unit_test(test_partial_vectors_and_fillers),
        cmocka_unit_test(test_validation_alp),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
