/*
 * test_cli_parse.c — cli_parse_value (tools/cli_values.h), the one parser of the values that
 * `galp encode` reads from text and `galp scan` takes as bounds: exact binary32 from decimal text
 * (one rounding), decimal integers only, out-of-range numbers rejected rather than turned into
 * infinities or wrapped.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "cli_values.h"

/* Parses `text` as `type`, asserting success, and returns the bit pattern. */
static uint64_t parsed_bits(galp_type type, const char *text)
{
    uint8_t value[8] = {0};
    const char *problem = cli_parse_value(type, text, value);
    if (problem != NULL)
        fail_msg("'%s' as %s: %s", text, galp_type_name(type), problem);
    return cli_value_bits(type, value);
}

/* Asserts that `text` is refused as `type` with a message that starts with `why`, and that the
 * destination is left alone. */
static void assert_refused(galp_type type, const char *text, const char *why)
{
    uint8_t value[8] = {0xa5, 0xa5, 0xa5, 0xa5, 0xa5, 0xa5, 0xa5, 0xa5};
    const char *problem = cli_parse_value(type, text, value);
    if (problem == NULL)
        fail_msg("'%s' as %s accepted", text, galp_type_name(type));
    if (strncmp(problem, why, strlen(why)) != 0)
        fail_msg("'%s' as %s: '%s', expected '%s...'", text, galp_type_name(type), problem, why);
    for (size_t i = 0; i < sizeof value; i++)
        assert_int_equal(value[i], 0xa5);
}

static void test_f32_rounds_once(void **state)
{
    (void)state;
    /* Just above the midpoint of 1 and its successor 1 + 2^-23: the nearest float is the
     * successor. Through double the text first rounds to the midpoint itself, which then ties
     * to even, to 1. */
    assert_int_equal(parsed_bits(GALP_TYPE_F32, "1.000000059604644775390625000000001"),
                     0x3f800001);
    /* The midpoint exactly: ties to even. */
    assert_int_equal(parsed_bits(GALP_TYPE_F32, "1.000000059604644775390625"), 0x3f800000);
    assert_int_equal(parsed_bits(GALP_TYPE_F32, "0.1"), 0x3dcccccd);
    assert_int_equal(parsed_bits(GALP_TYPE_F32, "3.40282347e+38"), 0x7f7fffff);
    assert_int_equal(parsed_bits(GALP_TYPE_F32, "-0"), 0x80000000);
    assert_int_equal(parsed_bits(GALP_TYPE_F32, "1e-45"), 0x00000001);
    assert_int_equal(parsed_bits(GALP_TYPE_F32, "1e-50"), 0x00000000); /* underflow is kept */
    assert_int_equal(parsed_bits(GALP_TYPE_F32, "-inf"), 0xff800000);
}

static void test_f64_exact(void **state)
{
    (void)state;
    assert_int_equal(parsed_bits(GALP_TYPE_F64, "0.1"), 0x3fb999999999999aULL);
    assert_int_equal(parsed_bits(GALP_TYPE_F64, "1.7976931348623157e308"), 0x7fefffffffffffffULL);
    assert_int_equal(parsed_bits(GALP_TYPE_F64, "infinity"), 0x7ff0000000000000ULL);
    assert_int_equal(parsed_bits(GALP_TYPE_F64, "-0"), 0x8000000000000000ULL);
}

static void test_float_overflow_refused(void **state)
{
    (void)state;
    assert_refused(GALP_TYPE_F32, "1e39", "out of range for f32");
    assert_refused(GALP_TYPE_F32, "-1e39", "out of range for f32");
    assert_refused(GALP_TYPE_F32, "1e400", "out of range for f32");
    assert_refused(GALP_TYPE_F32, "3.4028236e38", "out of range for f32"); /* rounds past max */
    assert_refused(GALP_TYPE_F64, "1e400", "out of range for f64");
    assert_refused(GALP_TYPE_F64, "-1e309", "out of range for f64");
}

static void test_float_syntax(void **state)
{
    (void)state;
    assert_refused(GALP_TYPE_F64, "", "not a number");
    assert_refused(GALP_TYPE_F64, "1.5x", "not a number");
    assert_refused(GALP_TYPE_F64, " 1.5", "not a number");
    assert_refused(GALP_TYPE_F64, "1.5 ", "not a number");
    assert_refused(GALP_TYPE_F32, "--1", "not a number");
}

static void test_integers_decimal_only(void **state)
{
    (void)state;
    assert_int_equal(parsed_bits(GALP_TYPE_U8, "010"), 10);
    assert_int_equal(parsed_bits(GALP_TYPE_U16, "+7"), 7);
    assert_int_equal(parsed_bits(GALP_TYPE_U64, "18446744073709551615"), UINT64_MAX);
    assert_refused(GALP_TYPE_U8, "0x10", "not an unsigned decimal integer");
    assert_refused(GALP_TYPE_U32, "0X10", "not an unsigned decimal integer");
    assert_refused(GALP_TYPE_U32, "-1", "not an unsigned decimal integer");
    assert_refused(GALP_TYPE_U32, "1.5", "not an unsigned decimal integer");
    assert_refused(GALP_TYPE_U32, " 1", "not an unsigned decimal integer");
    assert_refused(GALP_TYPE_U32, "", "not an unsigned decimal integer");
}

static void test_integer_range(void **state)
{
    (void)state;
    assert_int_equal(parsed_bits(GALP_TYPE_U8, "255"), 255);
    assert_refused(GALP_TYPE_U8, "256", "out of range for u8");
    assert_refused(GALP_TYPE_U16, "65536", "out of range for u16");
    assert_refused(GALP_TYPE_U32, "4294967296", "out of range for u32");
    assert_refused(GALP_TYPE_U64, "18446744073709551616", "out of range for u64");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_f32_rounds_once),
        cmocka_unit_test(test_f64_exact),
        cmocka_unit_test(test_float_overflow_refused),
        cmocka_unit_test(test_float_syntax),
        cmocka_unit_test(test_integers_decimal_only),
        cmocka_unit_test(test_integer_range),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
