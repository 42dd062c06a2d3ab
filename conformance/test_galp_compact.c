/*
 * test_galp_compact.c — compact G-ALP files (spec/galp.md §1.1, spec/format.md §1.1, §3.1): a
 * G-ALP vector without exceptions has no lane table when the header has GALP_FLAG_COMPACT_GALP.
 * What galp_compress writes, and only where it pays; the version it declares; decoding in bulk,
 * per vector and per value; the files without the flag; validation of the flag and of the
 * payload sizes it implies; conversion to and from the ALP layout.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "galp.h"
#include "test_support.h"

#define VECTORS 4
#define N (VECTORS * GALP_VECTOR_SIZE - 100) /* the last vector is partial */

/* A near-constant column: vectors 0, 1 and 3 hold a few decimals and no exception; vector 2
 * has NaNs in lanes 1 and 3 (slots 1, 3, 35). Bit widths 0 (vector 0) and 2. */
static void near_constant(galp_type type, uint8_t *values)
{
    for (uint32_t i = 0; i < N; i++) {
        const double x = i < GALP_VECTOR_SIZE ? 21.5 : 21.5 + (double)(i % 3) * 0.25;
        ts_store_bits(type, values, i, ts_float_bits(type, x));
    }
    const uint64_t nan = type == GALP_TYPE_F64 ? 0x7ff8000000000000u : 0x7fc00000u;
    static const uint32_t slots[] = {1, 3, 35};
    for (size_t j = 0; j < 3; j++)
        ts_store_bits(type, values, 2 * GALP_VECTOR_SIZE + slots[j], nan + j);
}

/* Decodes the column in bulk, vector by vector and value by value, against `values`. */
static void check_decodes(const uint8_t *file, size_t len, galp_type type, const uint8_t *values)
{
    const size_t size = galp_type_size(type);
    ts_check_decodes_to(file, len, type, values, N);
    galp_column column;
    assert_int_equal(galp_open(&column, file, len), GALP_OK);
    uint8_t vector[GALP_VECTOR_SIZE * 8], one[8];
    for (uint32_t v = 0; v < VECTORS; v++) {
        const uint32_t m = v + 1 < VECTORS ? GALP_VECTOR_SIZE : N - v * GALP_VECTOR_SIZE;
        assert_int_equal(galp_column_decode_vector(&column, v, vector, sizeof vector), GALP_OK);
        assert_memory_equal(vector, values + (size_t)v * GALP_VECTOR_SIZE * size, m * size);
    }
    for (uint64_t i = 0; i < N; i++) {
        assert_int_equal(galp_column_get(&column, i, one), GALP_OK);
        assert_memory_equal(one, values + i * size, size);
    }
}

/* galp_compress_ex with GALP_FLAG_COMPACT_GALP leaves out the lane table of every vector without
 * exceptions, sets the flag and writes version 1.2; without the flag it writes the 1.0 file, one
 * lane table (2·L bytes, a multiple of 16) larger per such vector. */
static void check_type(galp_type type)
{
    const unsigned w = 8 * (unsigned)galp_type_size(type), lanes = GALP_VECTOR_SIZE / w;
    uint8_t *values = malloc((size_t)N * 8);
    assert_non_null(values);
    near_constant(type, values);
    size_t len, full_len;
    uint8_t *file = ts_compress_ex(type, GALP_SCHEME_GALP, GALP_FLAG_COMPACT_GALP, values, N, &len);
    uint8_t *full = ts_compress_ex(type, GALP_SCHEME_GALP, 0, values, N, &full_len);
    assert_int_equal(ts_get_le(file, TS_FLAGS, 4), GALP_FLAG_COMPACT_GALP);
    assert_int_equal(file[TS_VERSION_MINOR], 2);
    assert_int_equal(ts_get_le(full, TS_FLAGS, 4), 0);
    assert_int_equal(full[TS_VERSION_MINOR], 0);

    galp_column column, full_column;
    assert_int_equal(galp_open(&column, file, len), GALP_OK);
    assert_int_equal(galp_open(&full_column, full, full_len), GALP_OK);
    unsigned compact = 0;
    for (uint32_t v = 0; v < VECTORS; v++) {
        galp_vector_info a, b;
        assert_int_equal(galp_vector_info_get(&column, v, &a), GALP_OK);
        assert_int_equal(galp_vector_info_get(&full_column, v, &b), GALP_OK);
        assert_int_equal(a.scheme, GALP_SCHEME_GALP);
        assert_int_equal(a.exception_count, v == 2 ? 3 : 0);
        const uint32_t exceptions = a.exception_count * (w / 8 + 2);
        assert_int_equal(a.payload_size,
                         128u * a.bit_width + (a.exception_count ? 2 * lanes + exceptions : 0));
        assert_int_equal(b.payload_size, 128u * b.bit_width + 2 * lanes + exceptions);
        compact += a.exception_count == 0;
    }
    assert_int_equal(compact, 3);
    assert_int_equal(full_len - len, compact * 2 * lanes);
    check_decodes(file, len, type, values);
    check_decodes(full, full_len, type, values);

    /* Payload checksums and the compact form together: both flags, still version 1.2. */
    size_t sums_len;
    uint8_t *sums = ts_compress_ex(type, GALP_SCHEME_GALP,
                                   GALP_FLAG_PAYLOAD_CHECKSUMS | GALP_FLAG_COMPACT_GALP, values,
                                   N, &sums_len);
    assert_int_equal(ts_get_le(sums, TS_FLAGS, 4),
                     GALP_FLAG_PAYLOAD_CHECKSUMS | GALP_FLAG_COMPACT_GALP);
    assert_int_equal(sums[TS_VERSION_MINOR], 2);
    assert_int_equal(sums_len, len);
    check_decodes(sums, sums_len, type, values);

    /* Where every vector has exceptions the flag would say nothing: the file is 1.0. */
    for (uint32_t v = 0; v < VECTORS; v++)
        ts_store_bits(type, values, v * GALP_VECTOR_SIZE + 5,
                      type == GALP_TYPE_F64 ? 0xfff0000000000000u : 0xff800000u);
    size_t every_len;
    uint8_t *every = ts_compress_ex(type, GALP_SCHEME_GALP, GALP_FLAG_COMPACT_GALP, values, N, &every_len);
    assert_int_equal(ts_get_le(every, TS_FLAGS, 4), 0);
    assert_int_equal(every[TS_VERSION_MINOR], 0);
    check_decodes(every, every_len, type, values);
    free(every);
    free(sums);
    free(full);
    free(file);
    free(values);
}

static void test_compact_f64(void **state)
{
    (void)state;
    check_type(GALP_TYPE_F64);
}

static void test_compact_f32(void **state)
{
    (void)state;
    check_type(GALP_TYPE_F32);
}

/* spec/format.md §6 steps 9 and 10.7: the flag only in a G-ALP column (RESERVED elsewhere,
 * like every bit above it), and each vector's payload_size as the flag implies. */
static void test_compact_validation(void **state)
{
    (void)state;
    uint8_t *values = malloc((size_t)N * 8);
    assert_non_null(values);
    near_constant(GALP_TYPE_F64, values);
    size_t len;
    uint8_t *file = ts_compress(GALP_TYPE_F64, GALP_SCHEME_GALP, values, N, &len);
    const uint32_t flags = (uint32_t)ts_get_le(file, TS_FLAGS, 4); /* compact, maybe narrow */
    ts_put_le(file, TS_FLAGS, 4, flags | 16u);
    ts_reseal(file);
    ts_expect_status(file, len, GALP_ERR_RESERVED);
    /* Without the flag, vector 0 (no exceptions) lacks its lane table. */
    ts_put_le(file, TS_FLAGS, 4, 0);
    ts_reseal(file);
    ts_expect_status(file, len, GALP_ERR_PAYLOAD_SIZE);
    /* With it, a vector without exceptions that keeps a lane table in its size. */
    ts_put_le(file, TS_FLAGS, 4, flags);
    const uint64_t size = ts_get_le(file, ts_entry(0, TS_ENT_PAYLOAD_SIZE), 4);
    ts_put_le(file, ts_entry(0, TS_ENT_PAYLOAD_SIZE), 4, size + 32);
    ts_reseal(file);
    ts_expect_status(file, len, GALP_ERR_PAYLOAD_SIZE);
    ts_put_le(file, ts_entry(0, TS_ENT_PAYLOAD_SIZE), 4, size);
    ts_reseal(file);
    ts_expect_status(file, len, GALP_OK);
    free(file);

    static const galp_scheme others[] = {GALP_SCHEME_ALP, GALP_SCHEME_RAW};
    for (size_t s = 0; s < 2; s++) {
        file = ts_compress(GALP_TYPE_F64, others[s], values, N, &len);
        ts_put_le(file, TS_FLAGS, 4, GALP_FLAG_COMPACT_GALP);
        ts_reseal(file);
        ts_expect_status(file, len, GALP_ERR_RESERVED);
        free(file);
    }
    free(values);
}

/* spec/galp.md §7: ALP to G-ALP gives what galp_compress writes, compact; G-ALP, compact or
 * not, back to ALP gives the ALP file. */
static void test_compact_conversion(void **state)
{
    (void)state;
    static const galp_type types[] = {GALP_TYPE_F32, GALP_TYPE_F64};
    for (size_t t = 0; t < 2; t++) {
        uint8_t *values = malloc((size_t)N * 8);
        assert_non_null(values);
        near_constant(types[t], values);
        size_t alp_len, galp_len, full_len, len;
        uint8_t *alp = ts_compress(types[t], GALP_SCHEME_ALP, values, N, &alp_len);
        uint8_t *galp = ts_compress(types[t], GALP_SCHEME_GALP, values, N, &galp_len);
        uint8_t *full = ts_compress_ex(types[t], GALP_SCHEME_GALP, 0, values, N, &full_len);
        uint8_t *out = malloc(full_len);
        assert_non_null(out);
        assert_int_equal(galp_convert_scheme(alp, alp_len, GALP_SCHEME_GALP, out, full_len, &len),
                         GALP_OK);
        assert_int_equal(len, galp_len);
        assert_memory_equal(out, galp, galp_len);
        const uint8_t *sources[] = {galp, full};
        const size_t lens[] = {galp_len, full_len};
        for (size_t s = 0; s < 2; s++) {
            assert_int_equal(galp_convert_scheme(sources[s], lens[s], GALP_SCHEME_ALP, out,
                                                 full_len, &len),
                             GALP_OK);
            assert_int_equal(len, alp_len);
            assert_memory_equal(out, alp, alp_len);
        }
        free(out);
        free(full);
        free(galp);
        free(alp);
        free(values);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_compact_f64),
        cmocka_unit_test(test_compact_f32),
        cmocka_unit_test(test_compact_validation),
        cmocka_unit_test(test_compact_conversion),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
