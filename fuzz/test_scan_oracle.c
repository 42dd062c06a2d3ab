/*
 * test_scan_oracle.c — the differential target's host answers to the GPU scans
 * (fuzz/scan_oracle.h), checked on hand-made columns with known answers, and its judgement
 * of GPU answers that are right, within the float sum's bound, or wrong in one field.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "bytes.h"
#include "scan_oracle.h"

enum { MAX_VALUES = 16 };

static uint64_t f64_bits(double d)
{
    uint64_t b;
    memcpy(&b, &d, sizeof b);
    return b;
}

static uint64_t f32_bits(float f)
{
    uint32_t b;
    memcpy(&b, &f, sizeof b);
    return b;
}

/* Packs n bit patterns as little-endian values of the type into buf. */
static const uint8_t *pack(galp_type type, const uint64_t *bits, unsigned n, uint8_t *buf)
{
    const unsigned width = (unsigned)galp_type_size(type);
    for (unsigned i = 0; i < n; i++)
        galp_store_le(width, buf + i * width, bits[i]);
    return buf;
}

static fuzz_scan_expectation expect(galp_type type, const uint64_t *bits, unsigned n, uint64_t lo,
                                    uint64_t hi, uint64_t probe)
{
    uint8_t buf[8 * MAX_VALUES];
    const fuzz_scan_args args = {lo, hi, probe};
    fuzz_scan_expectation e;
    fuzz_scan_expect(type, pack(type, bits, n, buf), n, &args, &e);
    return e;
}

static void test_unsigned_wrapping_sum_and_inclusive_range(void **state)
{
    (void)state;
    const uint64_t u8[] = {7, 255, 0, 7, 200};
    fuzz_scan_expectation e = expect(GALP_TYPE_U8, u8, 5, 7, 200, 0);
    assert_int_equal(e.want.aggregate.count, 5);
    assert_int_equal(e.want.aggregate.nan_count, 0);
    assert_int_equal(e.want.aggregate.sum_bits, 469); /* mod 2^64, not mod 2^8 */
    assert_int_equal(e.want.aggregate.min_bits, 0);
    assert_int_equal(e.want.aggregate.max_bits, 255);
    assert_int_equal(e.want.aggregate.has_min_max, 1);
    assert_int_equal(e.want.count, 3); /* 7, 7, 200: both bounds included */
    assert_int_equal(e.want.found, 1);
    e = expect(GALP_TYPE_U8, u8, 5, 200, 7, 1); /* lo > hi: empty range */
    assert_int_equal(e.want.count, 0);
    assert_int_equal(e.want.found, 0);

    const uint64_t u64[] = {UINT64_MAX, 2, UINT64_MAX - 1};
    e = expect(GALP_TYPE_U64, u64, 3, UINT64_MAX, UINT64_MAX, UINT64_MAX - 1);
    assert_int_equal(e.want.aggregate.sum_bits, UINT64_MAX); /* 2^64 - 1 + 2 + 2^64 - 2, wrapped */
    assert_int_equal(e.want.aggregate.min_bits, 2);
    assert_int_equal(e.want.aggregate.max_bits, UINT64_MAX);
    assert_int_equal(e.want.count, 1);
    assert_int_equal(e.want.found, 1);
}

static void test_float_nan_and_signed_zero(void **state)
{
    (void)state;
    const uint64_t nan = 0x7ff8000000000000u, negative_nan = 0xfff0000000000001u;
    const uint64_t v[] = {f64_bits(-0.0), nan, f64_bits(1.5), f64_bits(0.0), negative_nan,
                          f64_bits(-2.0)};
    fuzz_scan_expectation e = expect(GALP_TYPE_F64, v, 6, f64_bits(0.0), f64_bits(1.5), f64_bits(-0.0));
    const galp_gpu_aggregate *a = &e.want.aggregate;
    assert_int_equal(a->count, 6);
    assert_int_equal(a->nan_count, 2);
    assert_true(a->sum_f64 == -0.5);
    assert_true(e.abs_sum == 3.5);
    assert_int_equal(a->min_bits, f64_bits(-2.0));
    assert_int_equal(a->max_bits, f64_bits(1.5));
    assert_int_equal(e.want.count, 3); /* -0, 1.5 and +0: -0 == +0 */
    assert_int_equal(e.want.found, 1); /* -0 finds both zeros */

    e = expect(GALP_TYPE_F64, v, 6, nan, nan, nan); /* NaN matches nothing */
    assert_int_equal(e.want.count, 0);
    assert_int_equal(e.want.found, 0);
    e = expect(GALP_TYPE_F64, v, 6, f64_bits(-INFINITY), f64_bits(INFINITY), f64_bits(3.0));
    assert_int_equal(e.want.count, 4);
    assert_int_equal(e.want.found, 0);

    const uint64_t zeros[] = {f64_bits(0.0), f64_bits(-0.0)}; /* -0 orders below +0 */
    e = expect(GALP_TYPE_F64, zeros, 2, 0, 0, 0);
    assert_int_equal(e.want.aggregate.min_bits, f64_bits(-0.0));
    assert_int_equal(e.want.aggregate.max_bits, f64_bits(0.0));

    const uint64_t only_nan[] = {nan, negative_nan};
    e = expect(GALP_TYPE_F64, only_nan, 2, 0, 0, 0);
    assert_int_equal(e.want.aggregate.has_min_max, 0);
    assert_int_equal(e.want.aggregate.nan_count, 2);
}

static void test_f32_values(void **state)
{
    (void)state;
    const uint64_t v[] = {f32_bits(0.1f), f32_bits(-3.25f), 0x7fc00000u, f32_bits(0.1f)};
    fuzz_scan_expectation e = expect(GALP_TYPE_F32, v, 4, f32_bits(0.1f), f32_bits(0.1f), f32_bits(-3.25f));
    assert_int_equal(e.want.aggregate.nan_count, 1);
    assert_true(e.want.aggregate.sum_f64 == (double)0.1f + (double)-3.25f + (double)0.1f);
    assert_int_equal(e.want.aggregate.min_bits, f32_bits(-3.25f));
    assert_int_equal(e.want.aggregate.max_bits, f32_bits(0.1f));
    assert_int_equal(e.want.count, 2); /* compared as floats, not as doubles 0.1 */
    assert_int_equal(e.want.found, 1);
}

static void test_neighbours(void **state)
{
    (void)state;
    assert_int_equal(fuzz_scan_neighbour(GALP_TYPE_U8, 255, 1), 0);
    assert_int_equal(fuzz_scan_neighbour(GALP_TYPE_U16, 0, 0), 0xffff);
    assert_int_equal(fuzz_scan_neighbour(GALP_TYPE_U64, 41, 1), 42);
    assert_int_equal(fuzz_scan_neighbour(GALP_TYPE_F64, f64_bits(0.0), 0), f64_bits(-0.0));
    assert_int_equal(fuzz_scan_neighbour(GALP_TYPE_F64, f64_bits(-0.0), 0), 0x8000000000000001u);
    assert_int_equal(fuzz_scan_neighbour(GALP_TYPE_F64, f64_bits(1.0), 1), f64_bits(nextafter(1.0, 2.0)));
    assert_int_equal(fuzz_scan_neighbour(GALP_TYPE_F64, f64_bits(-1.0), 1), f64_bits(nextafter(-1.0, 0.0)));
    assert_int_equal(fuzz_scan_neighbour(GALP_TYPE_F32, f32_bits(-0.0f), 1), f32_bits(0.0f));
    assert_int_equal(fuzz_scan_neighbour(GALP_TYPE_F32, f32_bits(2.0f), 0), f32_bits(nextafterf(2.0f, 0.0f)));
    assert_int_equal(fuzz_scan_neighbour(GALP_TYPE_F32, 0x7f7fffffu, 1), 0x7f800000u); /* to +inf */
}

/* The GPU's answers equal to the expectation, as a starting point for wrong ones. */
static fuzz_scans echo(const fuzz_scan_expectation *e)
{
    return e->want;
}

static int agrees(galp_type type, const fuzz_scan_expectation *e, const fuzz_scans *got)
{
    char msg[256];
    return fuzz_scan_disagreement(type, e, got, msg, sizeof msg) == NULL;
}

static void test_each_wrong_field_is_reported(void **state)
{
    (void)state;
    const uint64_t v[] = {3, 9, 4};
    const fuzz_scan_expectation e = expect(GALP_TYPE_U32, v, 3, 3, 4, 9);
    fuzz_scans got = echo(&e);
    assert_true(agrees(GALP_TYPE_U32, &e, &got));
    got.aggregate.count++;
    assert_false(agrees(GALP_TYPE_U32, &e, &got));
    got = echo(&e);
    got.aggregate.nan_count = 1;
    assert_false(agrees(GALP_TYPE_U32, &e, &got));
    got = echo(&e);
    got.aggregate.has_min_max = 0;
    assert_false(agrees(GALP_TYPE_U32, &e, &got));
    got = echo(&e);
    got.aggregate.min_bits = 4;
    assert_false(agrees(GALP_TYPE_U32, &e, &got));
    got = echo(&e);
    got.aggregate.max_bits = 4;
    assert_false(agrees(GALP_TYPE_U32, &e, &got));
    got = echo(&e);
    got.aggregate.sum_bits++;
    assert_false(agrees(GALP_TYPE_U32, &e, &got));
    got = echo(&e);
    got.count = 3;
    assert_false(agrees(GALP_TYPE_U32, &e, &got));
    got = echo(&e);
    got.found = 0;
    assert_false(agrees(GALP_TYPE_U32, &e, &got));
    got = echo(&e);
    got.aggregate.sum_f64 = 1e300; /* an integer column's float sum is not part of the result */
    assert_true(agrees(GALP_TYPE_U32, &e, &got));

    const uint64_t zeros[] = {f64_bits(-0.0), f64_bits(0.0)};
    const fuzz_scan_expectation z = expect(GALP_TYPE_F64, zeros, 2, 0, 0, 0);
    got = echo(&z);
    got.aggregate.min_bits = f64_bits(0.0); /* the right value but the wrong zero */
    assert_false(agrees(GALP_TYPE_F64, &z, &got));
}

static void test_float_sum_within_order_bound(void **state)
{
    (void)state;
    /* 1 + 2^53 + 1 is 2^53 + 2 in one order and 2^53 in another: both are allowed, since
     * 2·3·2^-52·(2^53 + 2) > 2; a sum 64 further away is not. */
    const uint64_t v[] = {f64_bits(1.0), f64_bits(0x1p53), f64_bits(1.0)};
    const fuzz_scan_expectation e = expect(GALP_TYPE_F64, v, 3, 0, 0, 0);
    assert_true(e.want.aggregate.sum_f64 == 0x1p53);
    fuzz_scans got = echo(&e);
    got.aggregate.sum_f64 = 0x1p53 + 2.0;
    assert_true(agrees(GALP_TYPE_F64, &e, &got));
    got.aggregate.sum_f64 = 0x1p53 + 64.0;
    assert_false(agrees(GALP_TYPE_F64, &e, &got));
    got.aggregate.sum_f64 = NAN;
    assert_false(agrees(GALP_TYPE_F64, &e, &got));

    /* An infinite value: every order's sum is infinite or NaN, never finite. */
    const uint64_t inf[] = {f64_bits(INFINITY), f64_bits(1.0)};
    const fuzz_scan_expectation i = expect(GALP_TYPE_F64, inf, 2, 0, 0, 0);
    got = echo(&i);
    assert_true(agrees(GALP_TYPE_F64, &i, &got));
    got.aggregate.sum_f64 = 1.0;
    assert_false(agrees(GALP_TYPE_F64, &i, &got));

    /* Finite values whose sequential sum overflows, but not every order's: max + max - max is
     * +inf in order and max when the last two go first. A finite sum must be near the exact. */
    const uint64_t big[] = {f64_bits(0x1.fffffffffffffp1023), f64_bits(0x1.fffffffffffffp1023),
                            f64_bits(-0x1.fffffffffffffp1023)};
    const fuzz_scan_expectation b = expect(GALP_TYPE_F64, big, 3, 0, 0, 0);
    assert_true(isinf(b.want.aggregate.sum_f64));
    got = echo(&b);
    assert_true(agrees(GALP_TYPE_F64, &b, &got));
    got.aggregate.sum_f64 = 0x1.fffffffffffffp1023;
    assert_true(agrees(GALP_TYPE_F64, &b, &got));
    got.aggregate.sum_f64 = 1.0;
    assert_false(agrees(GALP_TYPE_F64, &b, &got));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_unsigned_wrapping_sum_and_inclusive_range),
        cmocka_unit_test(test_float_nan_and_signed_zero),
        cmocka_unit_test(test_f32_values),
        cmocka_unit_test(test_neighbours),
        cmocka_unit_test(test_each_wrong_field_is_reported),
        cmocka_unit_test(test_float_sum_within_order_bound),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
