/*
 * test_layout.c — <galp/layout.h> against the numbers the spec states: the lanes of
 * spec/ffor.md §2, the payload sizes of the worked examples (spec/ffor.md §6, spec/galp.md §6.1,
 * spec/format.md §7.2), the offsets of spec/alp.md §2 and spec/galp.md §1, and the tables,
 * transposition and payloads of spec/fastlanes.md §1–§4 and its examples (§6).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <galp/layout.h>

/* spec/ffor.md §2: 128 lanes for u8, 64 for u16, 32 for u32, 16 for u64. */
static void test_lanes(void **state)
{
    (void)state;
    assert_int_equal(galp_layout_lanes(8), 128);
    assert_int_equal(galp_layout_lanes(16), 64);
    assert_int_equal(galp_layout_lanes(32), 32);
    assert_int_equal(galp_layout_lanes(64), 16);
    /* spec/ffor.md §3: word k of lane l at index k·L + l. */
    assert_int_equal(galp_layout_word_index(32, 2, 5), 2 * 32 + 5);
    assert_int_equal(galp_layout_word_index(8, 1, 127), 255);
}

/* spec/galp.md §6.1: f64, b = 7, four exceptions of m = 40 values; the section starts at 896,
 * ALP payload 936, G-ALP payload 968 (lane_end[16] first). */
static void test_exception_offsets(void **state)
{
    (void)state;
    assert_int_equal(galp_layout_packed_bytes(7), 896);
    assert_int_equal(galp_layout_values_offset(GALP_SCHEME_ALP, 64, 7, 4, 0), 896);
    assert_int_equal(galp_layout_positions_offset(GALP_SCHEME_ALP, 64, 7, 4, 0), 896 + 32);
    assert_int_equal(galp_layout_payload_bytes(GALP_SCHEME_ALP, 64, 7, 4, 40, 0), 936);

    assert_int_equal(galp_layout_lane_end_offset(7), 896);
    assert_int_equal(galp_layout_lane_end_bytes(GALP_SCHEME_GALP, 64, 4, 0), 32);
    assert_int_equal(galp_layout_lane_end_bytes(GALP_SCHEME_ALP, 64, 4, 0), 0);
    assert_int_equal(galp_layout_values_offset(GALP_SCHEME_GALP, 64, 7, 4, 0), 896 + 32);
    assert_int_equal(galp_layout_positions_offset(GALP_SCHEME_GALP, 64, 7, 4, 0), 896 + 32 + 32);
    assert_int_equal(galp_layout_exception_bytes(GALP_SCHEME_GALP, 64, 4, 0), 72);
    assert_int_equal(galp_layout_payload_bytes(GALP_SCHEME_GALP, 64, 7, 4, 40, 0), 968);
}

/* spec/format.md §4 table, on the worked examples and at the extremes of the fields. */
static void test_payload_sizes(void **state)
{
    (void)state;
    assert_int_equal(galp_layout_payload_bytes(GALP_SCHEME_RAW, 32, 0, 0, 3, 0), 12);     /* format §7.2 */
    assert_int_equal(galp_layout_payload_bytes(GALP_SCHEME_FFOR, 32, 1, 0, 32, 0), 128);  /* format §7.3 */
    assert_int_equal(galp_layout_payload_bytes(GALP_SCHEME_FFOR, 32, 3, 0, 1024, 0), 384); /* ffor §6 ex. 1 */
    assert_int_equal(galp_layout_payload_bytes(GALP_SCHEME_FFOR, 8, 0, 0, 1024, 0), 0);    /* b = 0 */
    assert_int_equal(galp_layout_payload_bytes(GALP_SCHEME_GALP, 32, 0, 0, 1, 0), 64);    /* lane ends only */
    /* The largest metadata: no overflow in 32 bits. */
    assert_int_equal(galp_layout_payload_bytes(GALP_SCHEME_GALP, 8, 255, 65535, 1024, 0),
                     128u * 255 + 2u * 128 + 65535u * 3);
    assert_int_equal(galp_layout_payload_bytes(GALP_SCHEME_AUTO, 64, 1, 1, 1, 0), UINT32_MAX);
}

/* spec/alprd.md §7: f32, r = 16, k = 1, three exceptions: codes at 2064, lane ends at 2192,
 * left parts at 2256, positions at 2262, payload 2268. Without exceptions no lane ends. */
static void test_alprd_offsets(void **state)
{
    (void)state;
    assert_int_equal(GALP_LAYOUT_ALPRD_DICT_BYTES, 16);
    assert_int_equal(galp_layout_alprd_codes_offset(16), 2064);
    assert_int_equal(galp_layout_alprd_lane_end_offset(16, 1), 2192);
    assert_int_equal(galp_layout_lane_end_bytes(GALP_SCHEME_ALP_RD, 32, 3, 0), 64);
    assert_int_equal(galp_layout_alprd_lefts_offset(32, 16, 1, 3, 0), 2256);
    assert_int_equal(galp_layout_alprd_positions_offset(32, 16, 1, 3, 0), 2262);
    assert_int_equal(galp_layout_alprd_payload_bytes(32, 16, 1, 3, 0), 2268);
    assert_int_equal(galp_layout_lane_end_bytes(GALP_SCHEME_ALP_RD, 64, 0, 0), 0);
    assert_int_equal(galp_layout_alprd_payload_bytes(64, 48, 0, 0, 0), 16 + 128 * 48);
    assert_int_equal(galp_layout_alprd_payload_bytes(64, 63, 3, 1, 0), 16 + 128 * 66 + 32 + 4);
    /* The largest metadata: no overflow in 32 bits. */
    assert_int_equal(galp_layout_alprd_payload_bytes(64, 255, 255, 65535, GALP_FLAG_NARROW_LANE_ENDS),
                     16u + 128u * 510 + 32u + 4u * 65535);
    /* galp_layout_payload_bytes needs k for ALP_RD, which it does not take. */
    assert_int_equal(galp_layout_payload_bytes(GALP_SCHEME_ALP_RD, 64, 48, 0, 1024, 0), UINT32_MAX);
}

/* spec/fastlanes.md §1: table_bytes(c, b) = 128 · ceil(ceil(c / L) · b / W), and its
 * examples: 3 u32 values at b = 2 are one line, 300 u8 at b = 8 three, 1024 u64 at b = 64
 * sixty-four. */
static void test_fastlanes_tables(void **state)
{
    (void)state;
    assert_int_equal(galp_layout_table_bytes(32, 2, 3), 128);
    assert_int_equal(galp_layout_table_bytes(8, 8, 300), 3 * 128);
    assert_int_equal(galp_layout_table_bytes(64, 64, 1024), 64 * 128);
    assert_int_equal(galp_layout_table_bytes(64, 63, 3), 128);
    assert_int_equal(galp_layout_table_bytes(16, 0, 1000), 0);
    /* 33 u32 values at b = 17: two rows of 17 bits, 34 bits, two words per lane. */
    assert_int_equal(galp_layout_table_bytes(32, 17, 33), 2 * 128);
    /* spec/fastlanes.md §4.1: code bits = bits(D − 1). */
    assert_int_equal(galp_layout_dict_code_bits(1), 0);
    assert_int_equal(galp_layout_dict_code_bits(2), 1);
    assert_int_equal(galp_layout_dict_code_bits(3), 2);
    assert_int_equal(galp_layout_dict_code_bits(1024), 10);
    assert_int_equal(galp_layout_dict_code_bits(1025), 11);
    /* spec/fastlanes.md §3.1: steps of one bit, none for a single run. */
    assert_int_equal(galp_layout_rle_step_bits(1), 0);
    assert_int_equal(galp_layout_rle_step_bits(2), 1);
}

/* spec/fastlanes.md §2.1: position l·W + r in lane l, row r. */
static void test_fastlanes_transposition(void **state)
{
    (void)state;
    assert_int_equal(galp_layout_transposed_position(16, 5, 2), 37);
    assert_int_equal(galp_layout_transposed_position(8, 7, 127), 1023);
    assert_int_equal(galp_layout_transposed_position(64, 63, 15), 1023);
    assert_int_equal(galp_layout_lane_bases_bytes(), 128);
}

/* spec/format.md §4 table and spec/fastlanes.md §6: DELTA u16 b = 0 is 128 bytes; RLE u32 with
 * three runs at b = 2 is 128 + 128 + 128; DICT f64 with three entries at b = 63 is 256 + 128. */
static void test_fastlanes_payload_sizes(void **state)
{
    (void)state;
    assert_int_equal(galp_layout_payload_bytes(GALP_SCHEME_DELTA, 16, 0, 0, 100, 0), 128);
    assert_int_equal(galp_layout_payload_bytes(GALP_SCHEME_DELTA, 32, 3, 0, 1024, 0), 512);
    assert_int_equal(galp_layout_payload_bytes(GALP_SCHEME_RLE, 32, 2, 3, 300, 0), 384);
    assert_int_equal(galp_layout_table_offset(GALP_SCHEME_RLE, 3), 256);
    assert_int_equal(galp_layout_payload_bytes(GALP_SCHEME_RLE, 8, 0, 1, 1024, 0), 128);
    /* RUNS (spec/fastlanes.md §8.1): two packed runs of u32 words, R·k and R·b bits */
    assert_int_equal(galp_layout_runs_payload_bytes(2, 8, 3), 8);
    assert_int_equal(galp_layout_runs_payload_bytes(0, 10, 1), 4);
    assert_int_equal(galp_layout_runs_payload_bytes(0, 0, 1), 0);
    assert_int_equal(galp_layout_runs_payload_bytes(64, 10, 1024), 1280 + 8192);
    assert_int_equal(galp_layout_runs_part_bytes(33, 1), 8);
    assert_int_equal(galp_layout_payload_bytes(GALP_SCHEME_DICT, 64, 63, 3, 200, 0), 384);
    assert_int_equal(galp_layout_table_offset(GALP_SCHEME_DICT, 3), 256);
    assert_int_equal(galp_layout_payload_bytes(GALP_SCHEME_DICT, 8, 0, 1, 1024, 0), 0);
}

/* spec/galp.md §1.1: with the compact flag a G-ALP vector without exceptions is laid out as
 * ALP (the packed words alone); every other vector keeps its scheme's layout. */
static void test_compact_layout(void **state)
{
    (void)state;
    const uint32_t compact = GALP_FLAG_COMPACT_GALP;
    assert_int_equal(galp_layout_scheme(GALP_SCHEME_GALP, compact, 0), GALP_SCHEME_ALP);
    assert_int_equal(galp_layout_scheme(GALP_SCHEME_GALP, compact, 1), GALP_SCHEME_GALP);
    assert_int_equal(galp_layout_scheme(GALP_SCHEME_GALP, GALP_FLAG_PAYLOAD_CHECKSUMS, 0),
                     GALP_SCHEME_GALP);
    assert_int_equal(galp_layout_scheme(GALP_SCHEME_ALP, compact, 0), GALP_SCHEME_ALP);
    assert_int_equal(galp_layout_scheme(GALP_SCHEME_RAW, compact, 0), GALP_SCHEME_RAW);
    assert_int_equal(galp_layout_scheme(GALP_SCHEME_FFOR, compact, 0), GALP_SCHEME_FFOR);
    /* f32, b = 3, no exceptions: 384 bytes compact, 384 + 64 with the lane table. */
    assert_int_equal(galp_layout_payload_bytes(galp_layout_scheme(GALP_SCHEME_GALP, compact, 0),
                                               32, 3, 0, 1024, compact),
                     384);
    assert_int_equal(galp_layout_payload_bytes(galp_layout_scheme(GALP_SCHEME_GALP, 0, 0), 32, 3,
                                               0, 1024, 0),
                     448);
}

/* spec/galp.md §1.2: with the narrow flag a G-ALP or ALP_RD vector with 1 … 255 exceptions has
 * L one-byte lane ends; with 0 or 256 and more, or without the flag, 2·L bytes (or none for
 * ALP_RD without exceptions, or a compact G-ALP vector). Later offsets move by the difference. */
static void test_narrow_layout(void **state)
{
    (void)state;
    const uint32_t narrow = GALP_FLAG_NARROW_LANE_ENDS;
    assert_int_equal(galp_layout_lane_end_width(narrow, 1), 1);
    assert_int_equal(galp_layout_lane_end_width(narrow, 255), 1);
    assert_int_equal(galp_layout_lane_end_width(narrow, 256), 2);
    assert_int_equal(galp_layout_lane_end_width(narrow, 0), 2);
    assert_int_equal(galp_layout_lane_end_width(GALP_FLAG_COMPACT_GALP, 1), 2);
    assert_int_equal(galp_layout_lane_end_bytes(GALP_SCHEME_GALP, 32, 1, narrow), 32);
    assert_int_equal(galp_layout_lane_end_bytes(GALP_SCHEME_GALP, 64, 255, narrow), 16);
    assert_int_equal(galp_layout_lane_end_bytes(GALP_SCHEME_GALP, 32, 256, narrow), 64);
    assert_int_equal(galp_layout_lane_end_bytes(GALP_SCHEME_ALP_RD, 32, 3, narrow), 32);
    assert_int_equal(galp_layout_lane_end_bytes(GALP_SCHEME_ALP_RD, 64, 0, narrow), 0);
    assert_int_equal(galp_layout_lane_end_bytes(GALP_SCHEME_ALP, 32, 3, narrow), 0);
    /* spec/galp.md §6.1 in a narrow file: values at 896 + 16, positions after 4 · 8 bytes. */
    assert_int_equal(galp_layout_values_offset(GALP_SCHEME_GALP, 64, 7, 4, narrow), 896 + 16);
    assert_int_equal(galp_layout_positions_offset(GALP_SCHEME_GALP, 64, 7, 4, narrow), 896 + 16 + 32);
    assert_int_equal(galp_layout_payload_bytes(GALP_SCHEME_GALP, 64, 7, 4, 40, narrow), 952);
    assert_int_equal(galp_layout_payload_bytes(GALP_SCHEME_GALP, 32, 0, 256, 1024, narrow), 64 + 256 * 6);
    /* spec/alprd.md §7 in a narrow file: 32 bytes of lane ends instead of 64. */
    assert_int_equal(galp_layout_alprd_lefts_offset(32, 16, 1, 3, narrow), 2224);
    assert_int_equal(galp_layout_alprd_payload_bytes(32, 16, 1, 3, narrow), 2236);
    assert_true(galp_layout_narrow_lane_ends(GALP_SCHEME_GALP, 1, narrow));
    assert_true(galp_layout_narrow_lane_ends(GALP_SCHEME_ALP_RD, 255, narrow));
    assert_false(galp_layout_narrow_lane_ends(GALP_SCHEME_GALP, 256, narrow));
    assert_false(galp_layout_narrow_lane_ends(GALP_SCHEME_ALP, 3, narrow));
    assert_false(galp_layout_narrow_lane_ends(GALP_SCHEME_GALP, 3, 0));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lanes),
        cmocka_unit_test(test_exception_offsets),
        cmocka_unit_test(test_narrow_layout),
        cmocka_unit_test(test_payload_sizes),
        cmocka_unit_test(test_alprd_offsets),
        cmocka_unit_test(test_fastlanes_tables),
        cmocka_unit_test(test_fastlanes_transposition),
        cmocka_unit_test(test_fastlanes_payload_sizes),
        cmocka_unit_test(test_compact_layout),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
