/*
 * test_galp_narrow.c — narrow lane ends (spec/galp.md §1.2, format 1.3): galp_compress writes
 * u8 lane ends for G-ALP vectors with 1 … 255 exceptions and sets flag bit 2 (version 1.3)
 * exactly when a vector has them; 256 exceptions keep u16 ends; galp_compress_ex without the
 * flag writes the 1.2 layout; every form decodes, in bulk and value by value, and converts to
 * ALP and back; validation reads the table in the width the vector has.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <galp/layout.h>

#include "test_support.h"

enum { N = 3 * GALP_VECTOR_SIZE };

/* Integers i mod 13 (bit width 4), with `per_vector[v]` NaNs at every 4th slot of vector v. */
static uint8_t *column(galp_type type, const unsigned per_vector[3])
{
    uint8_t *values = malloc((size_t)N * 8);
    assert_non_null(values);
    for (uint64_t i = 0; i < N; i++) {
        const unsigned v = (unsigned)(i / GALP_VECTOR_SIZE), slot = (unsigned)(i % GALP_VECTOR_SIZE);
        const bool nan = slot % 4 == 0 && slot / 4 < per_vector[v];
        uint64_t bits;
        if (type == GALP_TYPE_F64) {
            const double x = (double)(i % 13);
            memcpy(&bits, &x, 8);
            bits = nan ? 0x7ff8000000000000u | i : bits;
        } else {
            const float x = (float)(i % 13);
            uint32_t b32;
            memcpy(&b32, &x, 4);
            bits = nan ? 0x7fc00000u | i : b32;
        }
        ts_store_bits(type, values, i, bits);
    }
    return values;
}

static uint32_t payload_size(const uint8_t *file, uint32_t v)
{
    return (uint32_t)ts_get_le(file, ts_entry(v, TS_ENT_PAYLOAD_SIZE), 4);
}

/* Vectors with 255, 256 and 5 NaNs: u8 lane ends for those with 1 … 255 exceptions, u16 for
 * more, sizes as §1.2 says; both kinds must occur. */
static void check_boundary(galp_type type)
{
    const unsigned w = 8 * (unsigned)galp_type_size(type), lanes = GALP_VECTOR_SIZE / w;
    static const unsigned counts[3] = {255, 256, 5};
    uint8_t *values = column(type, counts);
    size_t len, wide_len;
    uint8_t *file = ts_compress(type, GALP_SCHEME_GALP, values, N, &len);
    uint8_t *wide = ts_compress_ex(type, GALP_SCHEME_GALP, GALP_FLAG_COMPACT_GALP, values, N, &wide_len);
    assert_int_equal(ts_get_le(file, TS_FLAGS, 4), GALP_FLAG_NARROW_LANE_ENDS);
    assert_int_equal(file[TS_VERSION_MINOR], 3);
    assert_int_equal(ts_get_le(wide, TS_FLAGS, 4), 0);
    assert_int_equal(wide[TS_VERSION_MINOR], 0);
    unsigned narrow = 0, wide16 = 0;
    for (uint32_t v = 0; v < 3; v++) {
        const unsigned c = (unsigned)ts_get_le(file, ts_entry(v, TS_ENT_EXCEPTION_COUNT), 2);
        assert_true(c >= counts[v]); /* the NaNs, and whatever else the encoder's e, f miss */
        narrow += c <= 255;
        wide16 += c > 255;
        const uint32_t saved = c <= 255 ? lanes : 0;
        assert_int_equal(payload_size(wide, v) - payload_size(file, v), saved);
        /* the last lane end is c, in the width the vector has */
        const size_t table = (size_t)ts_get_le(file, ts_entry(v, TS_ENT_PAYLOAD_OFFSET), 8) +
                             128u * file[ts_entry(v, TS_ENT_BIT_WIDTH)];
        const unsigned width = c <= 255 ? 1 : 2;
        assert_int_equal(ts_get_le(file, table + width * (lanes - 1), width), c);
    }
    assert_true(narrow >= 1 && wide16 >= 1);
    ts_check_decodes_to(file, len, type, values, N);
    ts_check_decodes_to(wide, wide_len, type, values, N);

    /* Validation reads the width the vector has: the last lane end of vector 2 (5 NaNs) wrong. */
    const unsigned c2 = (unsigned)ts_get_le(file, ts_entry(2, TS_ENT_EXCEPTION_COUNT), 2);
    assert_true(c2 <= 255);
    const size_t table2 = (size_t)ts_get_le(file, ts_entry(2, TS_ENT_PAYLOAD_OFFSET), 8) +
                          128u * file[ts_entry(2, TS_ENT_BIT_WIDTH)];
    ts_put_le(file, table2 + lanes - 1, 1, c2 - 1);
    ts_expect_status(file, len, GALP_ERR_EXCEPTION_COUNT);
    ts_put_le(file, table2 + lanes - 1, 1, c2);
    ts_expect_status(file, len, GALP_OK);
    /* Without the flag the sizes no longer match (u16 lane ends are L bytes longer). */
    ts_put_le(file, TS_FLAGS, 4, 0);
    ts_reseal(file);
    ts_expect_status(file, len, GALP_ERR_PAYLOAD_SIZE);
    free(wide);
    free(file);
    free(values);
}

static void test_boundary_f32(void **state)
{
    (void)state;
    check_boundary(GALP_TYPE_F32);
}

static void test_boundary_f64(void **state)
{
    (void)state;
    check_boundary(GALP_TYPE_F64);
}

/* The flag only where a vector uses it: none without exceptions, none with 256 or more each. */
static void test_flag_only_when_used(void **state)
{
    (void)state;
    static const unsigned none[3] = {0, 0, 0}, many[3] = {256, 256, 256};
    const unsigned *cases[2] = {none, many};
    for (unsigned k = 0; k < 2; k++) {
        uint8_t *values = column(GALP_TYPE_F32, cases[k]);
        size_t len;
        uint8_t *file = ts_compress(GALP_TYPE_F32, GALP_SCHEME_GALP, values, N, &len);
        assert_int_equal(ts_get_le(file, TS_FLAGS, 4) & GALP_FLAG_NARROW_LANE_ENDS, 0);
        assert_true(file[TS_VERSION_MINOR] <= 2);
        ts_check_decodes_to(file, len, GALP_TYPE_F32, values, N);
        free(file);
        free(values);
    }
}

/* spec/galp.md §7: ALP → G-ALP gives the narrow file galp_compress writes, and back. */
static void test_conversion(void **state)
{
    (void)state;
    static const unsigned counts[3] = {255, 256, 3};
    uint8_t *values = column(GALP_TYPE_F64, counts);
    size_t alp_len, galp_len, len;
    uint8_t *alp = ts_compress(GALP_TYPE_F64, GALP_SCHEME_ALP, values, N, &alp_len);
    uint8_t *galp = ts_compress(GALP_TYPE_F64, GALP_SCHEME_GALP, values, N, &galp_len);
    const size_t room = alp_len + galp_len;
    uint8_t *out = malloc(room);
    assert_non_null(out);
    assert_int_equal(galp_convert_scheme(alp, alp_len, GALP_SCHEME_GALP, out, room, &len), GALP_OK);
    assert_int_equal(len, galp_len);
    assert_memory_equal(out, galp, galp_len);
    assert_int_equal(galp_convert_scheme(galp, galp_len, GALP_SCHEME_ALP, out, room, &len), GALP_OK);
    assert_int_equal(len, alp_len);
    assert_memory_equal(out, alp, alp_len);
    free(out);
    free(galp);
    free(alp);
    free(values);
}

/* Flag bit 2 is reserved outside ALP, G-ALP and ALP_RD columns (spec/format.md §6 step 9). */
static void test_flag_where_allowed(void **state)
{
    (void)state;
    const uint32_t values[3] = {1, 2, 3};
    size_t len;
    uint8_t *file = ts_compress(GALP_TYPE_U32, GALP_SCHEME_FFOR, values, 3, &len);
    ts_put_le(file, TS_FLAGS, 4, GALP_FLAG_NARROW_LANE_ENDS);
    ts_reseal(file);
    ts_expect_status(file, len, GALP_ERR_RESERVED);
    free(file);
    static const unsigned none[3] = {0, 0, 0};
    uint8_t *floats = column(GALP_TYPE_F64, none);
    file = ts_compress(GALP_TYPE_F64, GALP_SCHEME_ALP, floats, N, &len);
    ts_put_le(file, TS_FLAGS, 4, GALP_FLAG_NARROW_LANE_ENDS); /* allowed, describes nothing */
    ts_reseal(file);
    ts_expect_status(file, len, GALP_OK);
    free(file);
    free(floats);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_boundary_f32),
        cmocka_unit_test(test_boundary_f64),
        cmocka_unit_test(test_flag_only_when_used),
        cmocka_unit_test(test_conversion),
        cmocka_unit_test(test_flag_where_allowed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
