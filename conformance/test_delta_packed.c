/*
 * test_delta_packed.c — packed DELTA lane bases (spec/fastlanes.md §2.3, format 1.5): the head
 * size at its boundaries; galp_compress packs the lane bases of every DELTA vector and sets flag
 * bit 4 (version 1.5) exactly when the column has one, galp_compress_ex without the flag writes
 * the 1.4 layout; both decode, in bulk and value by value, for every integer type, partial last
 * vectors and lane bases on both sides of 2^W; each lane base decodes from the head as the spec
 * defines it; validation rejects a width above W, a non-zero factor, a cleared or foreign flag
 * and a payload size that does not follow from the width.
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

static const uint32_t packed_flag = GALP_FLAG_PACKED_LANE_BASES;
static const galp_type integer_types[4] = {GALP_TYPE_U8, GALP_TYPE_U16, GALP_TYPE_U32, GALP_TYPE_U64};

static uint64_t mask_of(unsigned w)
{
    return w == 64 ? UINT64_MAX : (UINT64_C(1) << w) - 1u;
}

static void test_head_bytes(void **state)
{
    (void)state;
    /* round16(W/8 · (1 + ceil(L·c / W))): the table of spec/fastlanes.md §2.3 */
    static const struct { unsigned w, c, bytes; } rows[] = {
        {8, 0, 16},  {8, 7, 128},  {8, 8, 128},   {16, 0, 16},  {16, 8, 80},  {16, 9, 80},
        {16, 12, 112}, {16, 15, 128}, {16, 16, 128}, {32, 0, 16}, {32, 8, 48},  {32, 12, 64},
        {32, 31, 128}, {32, 32, 128}, {64, 0, 16}, {64, 8, 32},  {64, 12, 32}, {64, 60, 128},
        {64, 61, 144}, {64, 63, 144}, {64, 64, 128},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        assert_int_equal(galp_layout_delta_head_bytes(rows[i].w, rows[i].c, packed_flag), rows[i].bytes);
    assert_int_equal(galp_layout_delta_head_bytes(32, 12, 0), 128); /* no flag: 128 bytes */
    assert_int_equal(galp_layout_delta_payload_bytes(32, 3, 12, packed_flag), 64 + 384);
    assert_int_equal(galp_layout_delta_payload_bytes(32, 3, 0, 0), 512);
    /* unvalidated metadata: an exponent above W sizes as the plain lane bases */
    assert_int_equal(galp_layout_delta_head_bytes(8, 255, packed_flag), 128);
}

/* n values of a random walk with steps below 2^step_bits, starting at `start`, in `type`. */
static void *walk(galp_type type, uint64_t n, uint64_t start, unsigned step_bits, uint64_t seed)
{
    const unsigned bytes = (unsigned)galp_type_size(type);
    uint8_t *values = malloc(n * bytes + 1);
    assert_non_null(values);
    uint64_t x = start;
    for (uint64_t i = 0; i < n; i++) {
        ts_store_bits(type, values, i, x & mask_of(8 * bytes));
        x += ts_random(&seed) & ((UINT64_C(1) << step_bits) - 1u);
    }
    return values;
}

/* Lane l's base as spec/fastlanes.md §2.3 defines it, from the payload's head: B plus bits
 * l·c … of the stream of W-bit words from word 1, or with c = W word l itself. */
static uint64_t spec_lane_base(const uint8_t *payload, unsigned w, unsigned c, unsigned lane)
{
    if (c == w)
        return ts_get_le(payload, lane * (w / 8), w / 8);
    uint64_t field = 0;
    for (unsigned i = 0; i < c; i++) {
        const uint64_t bit = (uint64_t)lane * c + i;
        const uint64_t word = ts_get_le(payload, (1 + bit / w) * (w / 8), w / 8);
        field |= (word >> (bit % w) & 1u) << i;
    }
    return (ts_get_le(payload, 0, w / 8) + field) & mask_of(w);
}

/* Every DELTA vector of `file` has the head of its entry's width, whose lane bases are the
 * lanes' first values minus base (spec/fastlanes.md §2.2) for the lanes that start below m. */
static void check_heads(const uint8_t *file, galp_type type, const void *values, uint64_t n)
{
    const unsigned w = 8 * (unsigned)galp_type_size(type);
    const uint32_t nv = (uint32_t)((n + GALP_VECTOR_SIZE - 1) / GALP_VECTOR_SIZE);
    for (uint32_t v = 0; v < nv; v++) {
        if (file[ts_entry(v, TS_ENT_SCHEME)] != GALP_SCHEME_DELTA)
            continue;
        const unsigned c = file[ts_entry(v, TS_ENT_EXPONENT)], b = file[ts_entry(v, TS_ENT_BIT_WIDTH)];
        assert_true(c <= w);
        const uint32_t head = galp_layout_delta_head_bytes(w, c, packed_flag);
        assert_true(head <= 128);
        assert_int_equal(ts_get_le(file, ts_entry(v, TS_ENT_PAYLOAD_SIZE), 4), head + 128u * b);
        const uint8_t *p = file + ts_get_le(file, ts_entry(v, TS_ENT_PAYLOAD_OFFSET), 8);
        const uint64_t base = ts_get_le(file, ts_entry(v, TS_ENT_BASE), 8);
        const uint64_t first = (uint64_t)v * GALP_VECTOR_SIZE;
        for (unsigned lane = 0; lane < 1024 / w && first + (uint64_t)lane * w < n; lane++)
            assert_int_equal(spec_lane_base(p, w, c, lane),
                             (ts_bits_at(type, values, first + (uint64_t)lane * w) - base) & mask_of(w));
    }
}

/* Compresses with and without the flag (FFOR column of AUTO, or DELTA), checks the flag and
 * version, the heads, the sizes, and that both decode; returns the bytes saved. */
static long round_trip(galp_type type, galp_scheme scheme, const void *values, uint64_t n)
{
    size_t len, plain_len;
    uint8_t *file = ts_compress(type, scheme, values, n, &len);
    uint8_t *plain = ts_compress_ex(type, scheme, GALP_FLAG_COMPACT_GALP | GALP_FLAG_NARROW_LANE_ENDS |
                                                      GALP_FLAG_ALPRD_DICT_IN_ENTRY,
                                    values, n, &plain_len);
    const uint32_t nv = (uint32_t)((n + GALP_VECTOR_SIZE - 1) / GALP_VECTOR_SIZE);
    bool delta = false;
    for (uint32_t v = 0; v < nv; v++)
        delta |= file[ts_entry(v, TS_ENT_SCHEME)] == GALP_SCHEME_DELTA;
    /* the RUNS flags (§8.5, §8.6) are the only others an integer column may get */
    const uint32_t runs_flags = GALP_FLAG_RUNS_DELTA_VALUES | GALP_FLAG_RUNS_OFFSET_VALUES;
    const uint32_t flags = (uint32_t)ts_get_le(file, TS_FLAGS, 4);
    assert_int_equal(flags & ~runs_flags, delta ? packed_flag : 0u);
    assert_int_equal(ts_get_le(plain, TS_FLAGS, 4), 0u);
    if (delta)
        assert_int_equal(file[TS_VERSION_MINOR], (flags & GALP_FLAG_RUNS_OFFSET_VALUES) != 0  ? 8
                                                 : (flags & GALP_FLAG_RUNS_DELTA_VALUES) != 0 ? 6
                                                                                              : 5);
    /* Without the flag only RUNS vectors (also format 1.5) raise the version above 1.2. */
    bool runs = false;
    for (uint32_t v = 0; v < nv; v++)
        runs |= plain[ts_entry(v, TS_ENT_SCHEME)] == GALP_SCHEME_RUNS;
    assert_true(runs ? plain[TS_VERSION_MINOR] == 5 : plain[TS_VERSION_MINOR] <= 2);
    check_heads(file, type, values, n);
    ts_check_decodes_to(file, len, type, values, n);
    ts_check_decodes_to(plain, plain_len, type, values, n);
    free(plain);
    free(file);
    return (long)plain_len - (long)len;
}

static void test_round_trips(void **state)
{
    (void)state;
    static const uint64_t sizes[] = {1, 7, 100, 1024, 1500, 3 * 1024, 5000};
    for (size_t t = 0; t < 4; t++) {
        const unsigned w = 8 * (unsigned)galp_type_size(integer_types[t]);
        for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
            for (unsigned step = 1; step <= (w < 16 ? 2u : 6u); step += 2) {
                void *values = walk(integer_types[t], sizes[s], mask_of(w) - 40, step, 7 + s + step);
                round_trip(integer_types[t], GALP_SCHEME_DELTA, values, sizes[s]);
                round_trip(integer_types[t], GALP_SCHEME_AUTO, values, sizes[s]);
                free(values);
            }
    }
}

/* A column that DELTA wins with small steps: AUTO picks DELTA and the flag saves bytes. */
static void test_saves_bytes(void **state)
{
    (void)state;
    void *values = walk(GALP_TYPE_U32, 8 * 1024, 100000, 3, 99);
    assert_true(round_trip(GALP_TYPE_U32, GALP_SCHEME_AUTO, values, 8 * 1024) >= 8 * (128 - 64));
    free(values);
}

/* Lane bases on both sides of 2^W: lane l starts at 8·l − 100 (mod 2^W), rows step by 1. The
 * shortest arc runs from −100 over 0 to 8·L − 108: c = bits(8·(L − 1)), B = −100 − base. */
static void test_wrapping_bases(void **state)
{
    (void)state;
    for (size_t t = 1; t < 4; t++) {
        const galp_type type = integer_types[t];
        const unsigned w = 8 * (unsigned)galp_type_size(type), lanes = 1024 / w;
        uint8_t *values = malloc(1024 * 8);
        assert_non_null(values);
        for (unsigned p = 0; p < 1024; p++)
            ts_store_bits(type, values, p, (UINT64_C(8) * (p / w) - 100 + p % w) & mask_of(w));
        size_t len;
        uint8_t *file = ts_compress(type, GALP_SCHEME_DELTA, values, 1024, &len);
        assert_int_equal(file[ts_entry(0, TS_ENT_SCHEME)], GALP_SCHEME_DELTA);
        assert_int_equal(file[ts_entry(0, TS_ENT_BIT_WIDTH)], 0);
        const uint64_t base = ts_get_le(file, ts_entry(0, TS_ENT_BASE), 8);
        assert_int_equal(base, 1);
        unsigned c = 0;
        while ((UINT64_C(8) * (lanes - 1)) >> c != 0)
            c++;
        assert_int_equal(file[ts_entry(0, TS_ENT_EXPONENT)], c);
        const uint8_t *p = file + ts_get_le(file, ts_entry(0, TS_ENT_PAYLOAD_OFFSET), 8);
        assert_int_equal(ts_get_le(p, 0, w / 8), (0 - UINT64_C(101)) & mask_of(w));
        ts_check_decodes_to(file, len, type, values, 1024);
        free(file);
        free(values);
    }
}

/* u32 column of 3000 values with small steps, stored DELTA with the flag; vector 0's entry
 * and the header are edited in a copy. */
static uint8_t *flagged_file(size_t *len)
{
    void *values = walk(GALP_TYPE_U32, 3000, 5, 2, 3);
    uint8_t *file = ts_compress(GALP_TYPE_U32, GALP_SCHEME_DELTA, values, 3000, len);
    free(values);
    assert_int_equal(ts_get_le(file, TS_FLAGS, 4), packed_flag);
    assert_true(file[ts_entry(0, TS_ENT_EXPONENT)] > 0);
    return file;
}

static void expect_edit(size_t at, unsigned bytes, uint64_t value, galp_status expected)
{
    size_t len;
    uint8_t *file = flagged_file(&len);
    ts_put_le(file, at, bytes, value);
    ts_reseal(file);
    ts_expect_status(file, len, expected);
    free(file);
}

static void test_validation(void **state)
{
    (void)state;
    size_t len;
    uint8_t *file = flagged_file(&len);
    const uint64_t size = ts_get_le(file, ts_entry(0, TS_ENT_PAYLOAD_SIZE), 4);
    free(file);
    expect_edit(ts_entry(0, TS_ENT_EXPONENT), 1, 33, GALP_ERR_EXPONENT);
    expect_edit(ts_entry(0, TS_ENT_FACTOR), 1, 1, GALP_ERR_EXPONENT);
    expect_edit(ts_entry(0, TS_ENT_PAYLOAD_SIZE), 4, size + 16, GALP_ERR_PAYLOAD_SIZE);
    expect_edit(TS_FLAGS, 4, 0, GALP_ERR_EXPONENT); /* without the flag exponent must be 0 */
    expect_edit(TS_FLAGS, 4, packed_flag | UINT32_C(1) << 31, GALP_ERR_RESERVED);
    /* the width 32 = W is valid; its head is the 128 bytes of plain lane bases, so the size
     * no longer matches */
    expect_edit(ts_entry(0, TS_ENT_EXPONENT), 1, 32, GALP_ERR_PAYLOAD_SIZE);
    /* the flag in a column that holds no DELTA vectors: DICT, and a float column */
    file = flagged_file(&len);
    file[TS_COLUMN_SCHEME] = GALP_SCHEME_DICT;
    ts_reseal(file);
    ts_expect_status(file, len, GALP_ERR_RESERVED);
    free(file);
    const double d[3] = {1.5, 2.5, 3.5};
    uint8_t *f = ts_compress(GALP_TYPE_F64, GALP_SCHEME_AUTO, d, 3, &len);
    ts_put_le(f, TS_FLAGS, 4, ts_get_le(f, TS_FLAGS, 4) | packed_flag);
    ts_reseal(f);
    ts_expect_status(f, len, GALP_ERR_RESERVED);
    free(f);
}

/* The flag in a FFOR column without DELTA vectors is valid and changes nothing. */
static void test_flag_without_delta(void **state)
{
    (void)state;
    uint32_t values[1024];
    uint64_t seed = 5;
    for (unsigned i = 0; i < 1024; i++)
        values[i] = (uint32_t)(ts_random(&seed) & 0xff);
    size_t len;
    uint8_t *file = ts_compress(GALP_TYPE_U32, GALP_SCHEME_FFOR, values, 1024, &len);
    assert_int_equal(ts_get_le(file, TS_FLAGS, 4), 0);
    ts_put_le(file, TS_FLAGS, 4, packed_flag);
    ts_reseal(file);
    ts_check_decodes_to(file, len, GALP_TYPE_U32, values, 1024);
    free(file);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_head_bytes),
        cmocka_unit_test(test_round_trips),
        cmocka_unit_test(test_saves_bytes),
        cmocka_unit_test(test_wrapping_bases),
        cmocka_unit_test(test_validation),
        cmocka_unit_test(test_flag_without_delta),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
