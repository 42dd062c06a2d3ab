/*
 * test_value_table.c — the value table of a column of constants (gpu/value_table.c), which
 * the GPU's range scans count such a column from (gpu/range.cu). Host code only: it runs
 * in every build, with or without a GPU.
 *
 * Each table is checked against the column's values by brute force: entries strictly
 * ascending by bit pattern, each count the number of values with that pattern, counts adding
 * up to the column's length, its range counts and its aggregate those of the values; a column
 * that cannot have a table must get 0 entries.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "galp.h"
#include "test_support.h"
#include "value_table.h"

static unsigned width_of(galp_type type)
{
    return (unsigned)galp_type_size(type);
}

/* Compresses the n values, opens the file and builds its table into table (room for the
 * maximum); returns the entry count. *file must be freed. */
static uint32_t table_of(galp_type type, galp_scheme scheme, const uint8_t *values, uint64_t n, uint8_t **file,
                         galp_column *col, galp_gpu_value_count *table)
{
    size_t len = 0;
    *file = ts_compress(type, scheme, values, n, &len);
    assert_int_equal(galp_open(col, *file, len), GALP_OK);
    return galp_gpu_value_table_build(col, table);
}

/* Asserts that every vector of the column has width 0 (and is not RAW): the precondition of a
 * table, so that a test of one really has a column of constants. */
static void assert_all_constant(const galp_column *col)
{
    for (uint32_t v = 0; v < col->vector_count; v++) {
        galp_vector_info info;
        assert_int_equal(galp_vector_info_get(col, v, &info), GALP_OK);
        assert_int_not_equal(info.scheme, GALP_SCHEME_RAW);
        assert_int_equal(info.bit_width, 0);
    }
}

/* The table must describe the n values exactly (see the top of the file). */
static void assert_table_describes(galp_type type, const uint8_t *values, uint64_t n,
                                   const galp_gpu_value_count *table, uint32_t entries)
{
    assert_true(entries > 0);
    uint64_t total = 0;
    for (uint32_t k = 0; k < entries; k++) {
        if (k > 0)
            assert_true(table[k - 1].bits < table[k].bits);
        uint64_t expected = 0;
        for (uint64_t i = 0; i < n; i++)
            expected += ts_bits_at(type, values, i) == table[k].bits;
        assert_int_equal(table[k].count, expected);
        total += table[k].count;
    }
    assert_int_equal(total, n);
}

/* The table's count of lo <= x <= hi must be the column's, for every pair of bounds among the
 * column's values at random places, their neighbours and, for floats, NaN, ±0 and ±infinity. */
static void assert_counts_match(galp_type type, const uint8_t *values, uint64_t n, const galp_gpu_value_count *table,
                                uint32_t entries, uint64_t *seed)
{
    uint64_t bounds[16];
    unsigned nb = 0;
    if (type == GALP_TYPE_F64 || type == GALP_TYPE_F32) {
        bounds[nb++] = ts_float_bits(type, NAN);
        bounds[nb++] = ts_float_bits(type, -0.0);
        bounds[nb++] = ts_float_bits(type, 0.0);
        bounds[nb++] = ts_float_bits(type, -INFINITY);
        bounds[nb++] = ts_float_bits(type, INFINITY);
    } else {
        bounds[nb++] = 0;
        bounds[nb++] = 8u * width_of(type) == 64 ? ~(uint64_t)0 : ((uint64_t)1 << 8u * width_of(type)) - 1u;
    }
    while (nb + 2 <= 16) {
        const uint64_t x = ts_bits_at(type, values, ts_random_below(seed, n));
        bounds[nb++] = x;
        bounds[nb++] = x + 1u; /* the next value up (positive floats), or a NaN pattern */
    }
    for (unsigned i = 0; i < nb; i++) {
        for (unsigned j = 0; j < nb; j++) {
            uint64_t expected = 0;
            for (uint64_t k = 0; k < n; k++)
                expected += ts_in_range(type, ts_bits_at(type, values, k), bounds[i], bounds[j]);
            assert_int_equal(galp_gpu_value_table_count(table, entries, type, bounds[i], bounds[j]), expected);
        }
    }
}

/* The table's aggregate must be the column's (ts_check_aggregate). */
static void assert_aggregate_matches(galp_type type, const uint8_t *values, uint64_t n,
                                     const galp_gpu_value_count *table, uint32_t entries)
{
    galp_gpu_aggregate got;
    memset(&got, 0xa5, sizeof got);
    galp_gpu_value_table_aggregate(table, entries, type, &got);
    ts_check_aggregate(type, values, n, &got);
    assert_int_equal(got.reserved, 0);
    if (type == GALP_TYPE_F32 || type == GALP_TYPE_F64)
        assert_int_equal(got.sum_bits, 0);
}

/* Integer columns of constants (FFOR: each value is its vector's base), a partial last vector
 * and a constant repeated in non-adjacent vectors (so that a count is added to an entry that
 * is not the last one touched): 0, the type's largest value and random constants. */
static void test_integer_constants(void **state)
{
    (void)state;
    const galp_type types[] = {GALP_TYPE_U8, GALP_TYPE_U16, GALP_TYPE_U32, GALP_TYPE_U64};
    enum { vectors = 7 };
    const uint64_t n = (uint64_t)(vectors - 1) * 1024 + 300;
    uint64_t seed = 5;
    galp_gpu_value_count *table = malloc(GALP_GPU_VALUE_TABLE_MAX * sizeof *table);
    uint8_t *values = malloc(n * 8);
    assert_non_null(table);
    assert_non_null(values);
    for (size_t t = 0; t < 4; t++) {
        const unsigned w = 8u * width_of(types[t]);
        const uint64_t max = w == 64 ? ~(uint64_t)0 : ((uint64_t)1 << w) - 1;
        const uint64_t r = ts_random(&seed) & max;
        const uint64_t constants[vectors] = {r, 0, max, r, 0, 7, r};
        for (uint64_t i = 0; i < n; i++)
            ts_store_bits(types[t], values, i, constants[i / 1024]);
        uint8_t *file;
        galp_column col;
        const uint32_t entries = table_of(types[t], GALP_SCHEME_FFOR, values, n, &file, &col, table);
        assert_all_constant(&col);
        assert_int_equal(entries, 4);
        assert_table_describes(types[t], values, n, table, entries);
        assert_counts_match(types[t], values, n, table, entries, &seed);
        assert_aggregate_matches(types[t], values, n, table, entries);
        free(file);
    }
    free(values);
    free(table);
}

/* Float columns of constants with exceptions (ALP and G-ALP layouts: the exception sections
 * differ, spec/alp.md §5, spec/galp.md §1): vector v is the decimal (v mod 3)/10 with c_v
 * exceptions at random slots, among them slot 0 (so the constant is read from a later slot):
 * NaN, -0.0 (equal to the constant 0.0, and the smaller extreme) and non-decimals, repeated
 * across vectors, as are the constants; one vector has 300 or more exceptions of one value. */
static void test_float_constants_with_exceptions(void **state)
{
    (void)state;
    static const unsigned exceptions[] = {0, 1, 5, 40, 3, 300, 0, 1};
    const unsigned vectors = sizeof exceptions / sizeof exceptions[0], last = 300;
    const uint64_t n = (uint64_t)(vectors - 1) * 1024 + last;
    const galp_type types[] = {GALP_TYPE_F32, GALP_TYPE_F64};
    const galp_scheme schemes[] = {GALP_SCHEME_ALP, GALP_SCHEME_GALP};
    galp_gpu_value_count *table = malloc(GALP_GPU_VALUE_TABLE_MAX * sizeof *table);
    uint8_t *values = malloc(n * 8);
    assert_non_null(table);
    assert_non_null(values);
    uint64_t seed = 11;
    for (size_t t = 0; t < 2; t++) {
        const galp_type type = types[t];
        const uint64_t specials[] = {ts_float_bits(type, NAN), ts_float_bits(type, -0.0), ts_float_bits(type, 1.0 / 3.0),
                                     ts_float_bits(type, 1.0 / 7.0)};
        for (unsigned v = 0; v < vectors; v++) {
            const unsigned m = v + 1 == vectors ? last : 1024;
            const uint64_t constant = ts_float_bits(type, (double)(v % 3) / 10.0); /* 0.0 among them */
            for (unsigned i = 0; i < m; i++) {
                const uint64_t at = (uint64_t)v * 1024 + i;
                const int exception = i < exceptions[v] || ts_random_below(&seed, 1024) < exceptions[v];
                ts_store_bits(type, values, at, constant);
                if (exception && exceptions[v] == 300)
                    ts_store_bits(type, values, at, specials[3]);
                else if (exception)
                    ts_store_bits(type, values, at, specials[ts_random_below(&seed, 4)]);
            }
        }
        for (size_t s = 0; s < 2; s++) {
            uint8_t *file;
            galp_column col;
            const uint32_t entries = table_of(type, schemes[s], values, n, &file, &col, table);
            assert_all_constant(&col);
            assert_table_describes(type, values, n, table, entries);
            assert_counts_match(type, values, n, table, entries, &seed);
            assert_aggregate_matches(type, values, n, table, entries);
            free(file);
        }
    }
    free(values);
    free(table);
}

/* The golden vectors whose one vector has width 0 and nothing but exceptions (vectors/valid,
 * in both layouts and float types): no constant, each value an entry of its own or added to
 * one; the values are their .out files. Skipped without $GALP_SRCDIR (the test harness sets
 * it). */
static void test_golden_all_exceptions(void **state)
{
    (void)state;
    static const char *const names[] = {"alp_f32_exc_all", "alp_f64_exc_all", "galp_f32_exc_all", "galp_f64_exc_all"};
    const char *src = getenv("GALP_SRCDIR");
    if (src == NULL)
        skip();
    galp_gpu_value_count *table = malloc(GALP_GPU_VALUE_TABLE_MAX * sizeof *table);
    assert_non_null(table);
    uint64_t seed = 13;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char path[4096];
        size_t len = 0, out_len = 0;
        assert_true(snprintf(path, sizeof path, "%s/vectors/valid/%s.galp", src, names[i]) < (int)sizeof path);
        uint8_t *file = ts_read_file(path, &len);
        assert_true(snprintf(path, sizeof path, "%s/vectors/valid/%s.out", src, names[i]) < (int)sizeof path);
        uint8_t *values = ts_read_file(path, &out_len);
        assert_non_null(file);
        assert_non_null(values);
        galp_column col;
        assert_int_equal(galp_open(&col, file, len), GALP_OK);
        assert_all_constant(&col);
        galp_vector_info info;
        assert_int_equal(galp_vector_info_get(&col, 0, &info), GALP_OK);
        assert_int_equal(info.exception_count, info.value_count);
        assert_int_equal(out_len, col.value_count * width_of(col.type));
        const uint32_t entries = galp_gpu_value_table_build(&col, table);
        assert_table_describes(col.type, values, col.value_count, table, entries);
        assert_counts_match(col.type, values, col.value_count, table, entries, &seed);
        assert_aggregate_matches(col.type, values, col.value_count, table, entries);
        free(values);
        free(file);
    }
    free(table);
}

/* A u32 column of `distinct` constant vectors, each a different value, in a scrambled order:
 * its table entry count. */
static uint32_t distinct_constants_entries(unsigned distinct, galp_gpu_value_count *table, uint8_t *values)
{
    const uint64_t n = (uint64_t)distinct * 1024;
    for (uint64_t i = 0; i < n; i++)
        ts_store_bits(GALP_TYPE_U32, values, i, (i / 1024 * 2654435761u) % 1000003u);
    uint8_t *file;
    galp_column col;
    const uint32_t entries = table_of(GALP_TYPE_U32, GALP_SCHEME_FFOR, values, n, &file, &col, table);
    assert_all_constant(&col);
    if (entries != 0)
        assert_table_describes(GALP_TYPE_U32, values, n, table, entries);
    free(file);
    return entries;
}

/* At most GALP_GPU_VALUE_TABLE_MAX distinct values get a table, one more gets none. */
static void test_table_limit(void **state)
{
    (void)state;
    const unsigned max = GALP_GPU_VALUE_TABLE_MAX;
    galp_gpu_value_count *table = malloc(max * sizeof *table);
    uint8_t *values = malloc((uint64_t)(max + 1) * 1024 * 4);
    assert_non_null(table);
    assert_non_null(values);
    assert_int_equal(distinct_constants_entries(max, table, values), max);
    assert_int_equal(distinct_constants_entries(max + 1, table, values), 0);
    free(values);
    free(table);
}

/* Columns that are not all constants get no table: one vector of width 1 among constants
 * (first, middle, last), a RAW column of constants, and an empty column. */
static void test_no_table(void **state)
{
    (void)state;
    enum { vectors = 3 };
    const uint64_t n = vectors * 1024;
    galp_gpu_value_count *table = malloc(GALP_GPU_VALUE_TABLE_MAX * sizeof *table);
    uint8_t *values = malloc(n * 4);
    assert_non_null(table);
    assert_non_null(values);
    uint8_t *file;
    galp_column col;
    for (unsigned odd = 0; odd < vectors; odd++) {
        for (uint64_t i = 0; i < n; i++)
            ts_store_bits(GALP_TYPE_U32, values, i, i / 1024 == odd ? 40u + i % 2u : 40u);
        assert_int_equal(table_of(GALP_TYPE_U32, GALP_SCHEME_FFOR, values, n, &file, &col, table), 0);
        galp_vector_info info;
        assert_int_equal(galp_vector_info_get(&col, odd, &info), GALP_OK);
        assert_int_equal(info.bit_width, 1);
        free(file);
    }
    for (uint64_t i = 0; i < n; i++)
        ts_store_bits(GALP_TYPE_U32, values, i, 40u);
    assert_int_equal(table_of(GALP_TYPE_U32, GALP_SCHEME_RAW, values, n, &file, &col, table), 0);
    free(file);
    assert_int_equal(table_of(GALP_TYPE_U32, GALP_SCHEME_FFOR, values, 0, &file, &col, table), 0);
    free(file);
    free(values);
    free(table);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_integer_constants),
        cmocka_unit_test(test_float_constants_with_exceptions),
        cmocka_unit_test(test_golden_all_exceptions),
        cmocka_unit_test(test_table_limit),
        cmocka_unit_test(test_no_table),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
