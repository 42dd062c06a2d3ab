/*
 * test_ffor.c — FFOR columns (spec/ffor.md) through the public API: every integer type at every
 * bit width, extreme and wrapping bases, partial, empty and single-value columns, the RAW
 * fallback, and seeded property tests.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test_support.h"

static const galp_type int_types[] = {GALP_TYPE_U8, GALP_TYPE_U16, GALP_TYPE_U32, GALP_TYPE_U64};

static unsigned type_bits(galp_type type)
{
    return (unsigned)galp_type_size(type) * 8;
}

static uint64_t low_bits(unsigned bits)
{
    return bits >= 64 ? UINT64_MAX : ((uint64_t)1 << bits) - 1;
}

static void put_value(void *values, size_t bytes, size_t index, uint64_t value)
{
    switch (bytes) {
    case 1: ((uint8_t *)values)[index] = (uint8_t)value; break;
    case 2: ((uint16_t *)values)[index] = (uint16_t)value; break;
    case 4: ((uint32_t *)values)[index] = (uint32_t)value; break;
    default: ((uint64_t *)values)[index] = value; break;
    }
}

static uint64_t get_value(const void *values, size_t bytes, size_t index)
{
    switch (bytes) {
    case 1: return ((const uint8_t *)values)[index];
    case 2: return ((const uint16_t *)values)[index];
    case 4: return ((const uint32_t *)values)[index];
    default: return ((const uint64_t *)values)[index];
    }
}

/* n values of the type in [base, base + 2^b − 1], with both ends present when n >= 2, so the
 * encoder's bit width is exactly b. base + 2^b − 1 must not exceed 2^W − 1. */
static void *values_with_width(galp_type type, uint64_t n, uint64_t base, unsigned b,
                               uint64_t *seed)
{
    const size_t bytes = galp_type_size(type);
    void *values = malloc(n * bytes + 1);
    assert_non_null(values);
    for (uint64_t i = 0; i < n; i++)
        put_value(values, bytes, i, base + (ts_random(seed) & low_bits(b)));
    if (n >= 2) {
        put_value(values, bytes, ts_random_below(seed, n / 2), base);
        put_value(values, bytes, n / 2 + ts_random_below(seed, n - n / 2), base + low_bits(b));
    }
    return values;
}

/* One full vector per (type, b) with a random base that leaves room for the range, plus the
 * two extreme bases 0 and 2^W − 2^b: the vector's bit width and base are exactly as chosen. */
static void test_every_type_and_bit_width(void **state)
{
    (void)state;
    uint64_t seed = 1;
    for (size_t t = 0; t < sizeof int_types / sizeof int_types[0]; t++) {
        const galp_type type = int_types[t];
        const unsigned w = type_bits(type);
        for (unsigned b = 0; b <= w; b++) {
            const uint64_t top_base = low_bits(w) - low_bits(b); /* base + range = 2^W − 1 */
            const uint64_t bases[3] = {0, top_base, top_base ? ts_random_below(&seed, top_base) : 0};
            for (int k = 0; k < 3; k++) {
                void *values = values_with_width(type, GALP_VECTOR_SIZE, bases[k], b, &seed);
                size_t len;
                galp_vector_info info;
                free(ts_compress_ffor_vector(type, values, b, bases[k], &len, &info));
                free(values);
            }
        }
    }
}

/* The decoder adds the base modulo 2^W (spec/ffor.md §4): replacing a vector's base by any
 * W-bit value shifts every decoded value by the difference, wrapping around. */
static void test_base_addition_wraps(void **state)
{
    (void)state;
    uint64_t seed = 2;
    for (size_t t = 0; t < sizeof int_types / sizeof int_types[0]; t++) {
        const galp_type type = int_types[t];
        const unsigned w = type_bits(type);
        const size_t bytes = galp_type_size(type);
        const unsigned b = w / 2;
        void *values = values_with_width(type, GALP_VECTOR_SIZE, 0, b, &seed);
        size_t len;
        uint8_t *file = ts_compress(type, GALP_SCHEME_FFOR, values, GALP_VECTOR_SIZE, &len);
        const uint64_t new_bases[] = {low_bits(w), low_bits(w) - 1, ts_random(&seed) & low_bits(w)};
        for (size_t k = 0; k < sizeof new_bases / sizeof new_bases[0]; k++) {
            ts_put_le(file, ts_entry(0, TS_ENT_BASE), 8, new_bases[k]);
            ts_reseal(file);
            void *expected = malloc(GALP_VECTOR_SIZE * bytes);
            assert_non_null(expected);
            for (size_t i = 0; i < GALP_VECTOR_SIZE; i++)
                put_value(expected, bytes, i,
                          (get_value(values, bytes, i) + new_bases[k]) & low_bits(w));
            ts_check_decodes_to(file, len, type, expected, GALP_VECTOR_SIZE);
            free(expected);
        }
        free(file);
        free(values);
    }
}

/* Column lengths around vector boundaries: every vector but the last is full (spec/format.md
 * §2), the last packs 1024 slots of which only m are values (§4.3). */
static void test_partial_empty_and_single(void **state)
{
    (void)state;
    static const uint64_t lengths[] = {0, 1, 2, 1023, 1024, 1025, 2047, 2048, 2049, 5000};
    uint64_t seed = 3;
    for (size_t t = 0; t < sizeof int_types / sizeof int_types[0]; t++) {
        const galp_type type = int_types[t];
        const unsigned w = type_bits(type);
        for (size_t k = 0; k < sizeof lengths / sizeof lengths[0]; k++) {
            const uint64_t n = lengths[k];
            void *values = values_with_width(type, n, ts_random(&seed) & low_bits(w - 1), w - 3,
                                             &seed);
            size_t len;
            uint8_t *file = ts_compress(type, GALP_SCHEME_FFOR, values, n, &len);
            galp_column column;
            assert_int_equal(galp_open(&column, file, len), GALP_OK);
            assert_int_equal(column.vector_count, (n + GALP_VECTOR_SIZE - 1) / GALP_VECTOR_SIZE);
            ts_check_decodes_to(file, len, type, values, n);
            if (n == 0)
                assert_int_equal(len, GALP_HEADER_SIZE + GALP_TAIL_PADDING);
            free(file);
            free(values);
        }
    }
}

/* A short last vector whose range needs many bits is smaller RAW than packed (1024 slots at
 * full width): the encoder stores it RAW (spec/format.md §4.1); full vectors stay FFOR. */
static void test_raw_fallback(void **state)
{
    (void)state;
    uint32_t values[GALP_VECTOR_SIZE + 3];
    for (size_t i = 0; i < GALP_VECTOR_SIZE; i++)
        values[i] = (uint32_t)(i * 2654435761u);
    values[GALP_VECTOR_SIZE] = 0;
    values[GALP_VECTOR_SIZE + 1] = UINT32_MAX;
    values[GALP_VECTOR_SIZE + 2] = 12345;
    const uint64_t n = GALP_VECTOR_SIZE + 3;
    size_t len;
    uint8_t *file = ts_compress(GALP_TYPE_U32, GALP_SCHEME_FFOR, values, n, &len);
    assert_int_equal(len, galp_compress_bound(GALP_TYPE_U32, n));
    galp_column column;
    galp_vector_info info;
    assert_int_equal(galp_open(&column, file, len), GALP_OK);
    assert_int_equal(column.scheme, GALP_SCHEME_FFOR);
    assert_int_equal(galp_vector_info_get(&column, 0, &info), GALP_OK);
    assert_int_equal(info.scheme, GALP_SCHEME_FFOR);
    assert_int_equal(info.bit_width, 32);
    assert_int_equal(galp_vector_info_get(&column, 1, &info), GALP_OK);
    assert_int_equal(info.scheme, GALP_SCHEME_RAW);
    assert_int_equal(info.bit_width, 0);
    assert_int_equal(info.base, 0);
    assert_int_equal(info.payload_size, 3 * 4);
    assert_int_equal(info.value_count, 3);
    ts_check_decodes_to(file, len, GALP_TYPE_U32, values, n);
    free(file);
}

/* AUTO is FFOR for integers; RAW is honoured when asked. */
static void test_scheme_requests(void **state)
{
    (void)state;
    uint16_t values[GALP_VECTOR_SIZE];
    for (size_t i = 0; i < GALP_VECTOR_SIZE; i++)
        values[i] = (uint16_t)(500 + i % 100);
    static const galp_scheme asked[] = {GALP_SCHEME_AUTO, GALP_SCHEME_FFOR, GALP_SCHEME_RAW};
    static const galp_scheme stored[] = {GALP_SCHEME_FFOR, GALP_SCHEME_FFOR, GALP_SCHEME_RAW};
    for (size_t k = 0; k < 3; k++) {
        size_t len;
        uint8_t *file = ts_compress(GALP_TYPE_U16, asked[k], values, GALP_VECTOR_SIZE, &len);
        galp_column column;
        galp_vector_info info;
        assert_int_equal(galp_open(&column, file, len), GALP_OK);
        assert_int_equal(column.scheme, stored[k]);
        assert_int_equal(galp_vector_info_get(&column, 0, &info), GALP_OK);
        assert_int_equal(info.scheme, stored[k]);
        ts_check_decodes_to(file, len, GALP_TYPE_U16, values, GALP_VECTOR_SIZE);
        free(file);
    }
}

/* Seeded property test: random type, length, scheme and per-vector value distributions
 * (constant runs, narrow ranges at random bases, full-range noise). */
static void test_random_columns(void **state)
{
    (void)state;
    static const galp_scheme schemes[] = {GALP_SCHEME_AUTO, GALP_SCHEME_FFOR, GALP_SCHEME_RAW};
    uint64_t seed = 4;
    for (int round = 0; round < 200; round++) {
        const galp_type type = int_types[ts_random_below(&seed, 4)];
        const unsigned w = type_bits(type);
        const size_t bytes = galp_type_size(type);
        const uint64_t n = ts_random_below(&seed, 4 * GALP_VECTOR_SIZE + 1);
        void *values = malloc(n * bytes + 1);
        assert_non_null(values);
        uint64_t base = 0, range_bits = 0;
        for (uint64_t i = 0; i < n; i++) {
            if (i % 256 == 0) { /* new distribution every quarter vector */
                base = ts_random(&seed) & low_bits(w);
                range_bits = ts_random_below(&seed, w + 1);
            }
            put_value(values, bytes, i, base + (ts_random(&seed) & low_bits((unsigned)range_bits)));
        }
        size_t len;
        uint8_t *file = ts_compress(type, schemes[ts_random_below(&seed, 3)], values, n, &len);
        assert_true(len <= galp_compress_bound(type, n));
        ts_check_decodes_to(file, len, type, values, n);
        free(file);
        free(values);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_type_and_bit_width),
        cmocka_unit_test(test_base_addition_wraps),
        cmocka_unit_test(test_partial_empty_and_single),
        cmocka_unit_test(test_raw_fallback),
        cmocka_unit_test(test_scheme_requests),
        cmocka_unit_test(test_random_columns),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
