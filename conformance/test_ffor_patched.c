/*
 * test_ffor_patched.c — patched FFOR vectors (spec/ffor.md §8, format 1.8): the encoder's width
 * is the smallest exact size (checked against every width), round trips of every type with
 * partial vectors, single values, the version and flag only where a vector has a patch, and
 * every validation step of §8.4 with the class it reports.
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

enum { N = 3 * GALP_VECTOR_SIZE + 700 };

/* n values of `size` bytes: small ones below 2^small, and in vectors 0 and 2 (and the partial
 * last one) every `every`-th one the type's largest less its index. */
static void outlier_column(uint8_t *bytes, unsigned size, uint32_t n, unsigned small, uint32_t every,
                           uint64_t seed)
{
    const uint64_t largest = size == 8 ? UINT64_MAX : ((uint64_t)1 << (8 * size)) - 1u;
    for (uint32_t i = 0; i < n; i++) {
        const bool outlier = (i / GALP_VECTOR_SIZE) % 2 == 0 && i % every == every - 1;
        ts_put_le(bytes, (size_t)i * size, size,
                  outlier ? largest - i % 251 : 3 + ts_random_below(&seed, (uint64_t)1 << small));
    }
}

/* The exact size of every width c for a vector's deltas, computed here from §8.3's formula:
 * the encoder's width must have the smallest, and the largest width among equals. */
static void check_width_choice(const galp_column *col, uint32_t v, const uint8_t *bytes, unsigned size)
{
    galp_vector_info info;
    assert_int_equal(galp_vector_info_get(col, v, &info), GALP_OK);
    if (info.scheme != GALP_SCHEME_FFOR)
        return;
    const unsigned w = 8 * size;
    uint64_t best = UINT64_MAX;
    unsigned best_width = 0;
    for (unsigned c = 0; c <= w; c++) {
        uint64_t patches = 0;
        for (uint32_t i = 0; i < info.value_count; i++) {
            const uint64_t d = ts_get_le(bytes, ((size_t)v * GALP_VECTOR_SIZE + i) * size, size) - info.base;
            patches += c < 64 && d >> c != 0;
        }
        const bool fits = c < w || patches == 0;
        const uint64_t bytes_c = 128u * c + patches * (size + 2u);
        if (fits && bytes_c <= best) {
            best = bytes_c;
            best_width = c;
        }
        if (patches == 0)
            break; /* wider widths only grow */
    }
    assert_int_equal(info.bit_width, best_width);
    assert_int_equal(info.payload_size, best);
}

static void test_round_trips(void **state)
{
    (void)state;
    static uint8_t bytes[N * 8];
    for (unsigned t = 0; t < 4; t++) {
        const unsigned size = 1u << t;
        const galp_type type = (galp_type)(GALP_TYPE_U8 + t);
        outlier_column(bytes, size, N, size == 1 ? 3 : 5, 64, 7 + t);
        size_t len;
        uint8_t *file = ts_compress_ex(type, GALP_SCHEME_FFOR, GALP_FLAG_PATCHED_FFOR, bytes, N, &len);
        assert_int_equal(ts_get_le(file, TS_FLAGS, 4), GALP_FLAG_PATCHED_FFOR);
        assert_int_equal(file[TS_VERSION_MINOR], 8);
        ts_check_decodes_to(file, len, type, bytes, N); /* bulk, per vector and every value */
        galp_column col;
        assert_int_equal(galp_open(&col, file, len), GALP_OK);
        for (uint32_t v = 0; v < col.vector_count; v++) {
            check_width_choice(&col, v, bytes, size);
            galp_vector_info info;
            assert_int_equal(galp_vector_info_get(&col, v, &info), GALP_OK);
            assert_int_equal(info.exception_count > 0, v % 2 == 0);
        }
        /* Without the flag: the plain layout, larger, and the version it had before. */
        size_t plain_len;
        uint8_t *plain = ts_compress_ex(type, GALP_SCHEME_FFOR, 0, bytes, N, &plain_len);
        assert_true(len < plain_len);
        assert_int_equal(plain[TS_VERSION_MINOR], 0);
        ts_check_decodes_to(plain, plain_len, type, bytes, N);
        free(plain);
        free(file);
    }
}

/* The flag and version only where a vector has a patch: uniform values need none. */
static void test_flag_only_where_used(void **state)
{
    (void)state;
    uint32_t values[2 * GALP_VECTOR_SIZE];
    uint64_t seed = 5;
    for (uint32_t i = 0; i < 2 * GALP_VECTOR_SIZE; i++)
        values[i] = (uint32_t)ts_random_below(&seed, 1u << 20);
    size_t len;
    uint8_t *file = ts_compress(GALP_TYPE_U32, GALP_SCHEME_AUTO, values, 2 * GALP_VECTOR_SIZE, &len);
    assert_int_equal(ts_get_le(file, TS_FLAGS, 4) & GALP_FLAG_PATCHED_FFOR, 0);
    assert_true(file[TS_VERSION_MINOR] < 8);
    free(file);
}

/* A u32 column of one full vector, width 5, patched at slots 0, 500 and 1023. */
static uint8_t *three_patches(size_t *len, galp_vector_info *info)
{
    uint32_t values[GALP_VECTOR_SIZE];
    for (uint32_t i = 0; i < GALP_VECTOR_SIZE; i++)
        values[i] = 100 + i % 32;
    values[0] = values[500] = values[1023] = 4000000000u;
    uint8_t *file = ts_compress_ex(GALP_TYPE_U32, GALP_SCHEME_FFOR, GALP_FLAG_PATCHED_FFOR, values,
                                   GALP_VECTOR_SIZE, len);
    galp_column col;
    assert_int_equal(galp_open(&col, file, *len), GALP_OK);
    assert_int_equal(galp_vector_info_get(&col, 0, info), GALP_OK);
    assert_int_equal(info->bit_width, 5);
    assert_int_equal(info->exception_count, 3);
    return file;
}

/* Patch j's value or position in a vector of three_patches. */
static size_t patch_field(const galp_vector_info *info, unsigned j, bool position)
{
    const uint32_t b = info->bit_width, p = info->exception_count;
    return (size_t)info->payload_offset +
           (position ? galp_layout_positions_offset(GALP_SCHEME_FFOR, 32, b, p, 0) + 2u * j
                     : galp_layout_values_offset(GALP_SCHEME_FFOR, 32, b, p, 0) + 4u * j);
}

static void expect_edit(size_t at, unsigned bytes, uint64_t value, bool header, galp_status expected)
{
    size_t len;
    galp_vector_info info;
    uint8_t *file = three_patches(&len, &info);
    ts_put_le(file, at, bytes, value);
    if (header)
        ts_reseal(file);
    ts_expect_status(file, len, expected);
    free(file);
}

/* spec/ffor.md §8.4, each step. */
static void test_validation(void **state)
{
    (void)state;
    size_t len;
    galp_vector_info info;
    free(three_patches(&len, &info));
    /* step 10.10: positions strictly increasing and below m; high parts 1 … 2^(W−b) − 1 */
    expect_edit(patch_field(&info, 1, true), 2, 0, false, GALP_ERR_EXCEPTION_POSITION);
    expect_edit(patch_field(&info, 2, true), 2, 500, false, GALP_ERR_EXCEPTION_POSITION);
    expect_edit(patch_field(&info, 2, true), 2, 1024, false, GALP_ERR_EXCEPTION_POSITION);
    expect_edit(patch_field(&info, 0, false), 4, 0, false, GALP_ERR_PATCH_VALUE);
    expect_edit(patch_field(&info, 1, false), 4, (uint64_t)1 << 27, false, GALP_ERR_PATCH_VALUE);
    expect_edit(patch_field(&info, 1, false), 4, ((uint64_t)1 << 27) - 1, false, GALP_OK);
    /* step 10.6: at most m, none at b = W, none without the flag */
    expect_edit(ts_entry(0, TS_ENT_EXCEPTION_COUNT), 2, 1025, true, GALP_ERR_EXCEPTION_COUNT);
    expect_edit(ts_entry(0, TS_ENT_BIT_WIDTH), 1, 32, true, GALP_ERR_EXCEPTION_COUNT);
    expect_edit(TS_FLAGS, 4, 0, true, GALP_ERR_EXCEPTION_COUNT);
    /* step 10.7: the size of 128·b + p·(W/8 + 2) */
    expect_edit(ts_entry(0, TS_ENT_PAYLOAD_SIZE), 4, 128 * 5 + 2 * 6, true, GALP_ERR_PAYLOAD_SIZE);
    expect_edit(ts_entry(0, TS_ENT_EXCEPTION_COUNT), 2, 2, true, GALP_ERR_PAYLOAD_SIZE);
}

/* Flag bit 9 only in FFOR columns (step 9). */
static void test_flag_reserved_elsewhere(void **state)
{
    (void)state;
    uint32_t values[GALP_VECTOR_SIZE];
    for (uint32_t i = 0; i < GALP_VECTOR_SIZE; i++)
        values[i] = 7 * i;
    const galp_scheme schemes[] = {GALP_SCHEME_DELTA, GALP_SCHEME_RLE, GALP_SCHEME_DICT, GALP_SCHEME_RUNS,
                                   GALP_SCHEME_RAW, GALP_SCHEME_GPU_FOR};
    for (size_t s = 0; s < sizeof schemes / sizeof schemes[0]; s++) {
        size_t len;
        uint8_t *file = ts_compress(GALP_TYPE_U32, schemes[s], values, GALP_VECTOR_SIZE, &len);
        ts_put_le(file, TS_FLAGS, 4, ts_get_le(file, TS_FLAGS, 4) | GALP_FLAG_PATCHED_FFOR);
        ts_reseal(file);
        ts_expect_status(file, len, GALP_ERR_RESERVED);
        free(file);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trips),
        cmocka_unit_test(test_flag_only_where_used),
        cmocka_unit_test(test_validation),
        cmocka_unit_test(test_flag_reserved_elsewhere),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
