/*
 * test_alprd_dict.c — ALP_RD dictionaries in the metadata entry (spec/alprd.md §3.1, format
 * 1.4): the rule 2^k·(W − r) <= 64 at its boundaries; galp_compress packs the dictionary of
 * every vector that qualifies into base, drops its 16-byte head and sets flag bit 3 (version
 * 1.4) exactly when a vector does so, and galp_compress_ex without the flag writes the 1.3
 * file; both decode, in bulk and value by value; conversion ALP <-> G-ALP keeps the flag where a
 * copied vector needs it; validation rejects unused bits of base, a base in a vector with a
 * head, a cleared flag, the flag outside float columns and a payload size with a head.
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

enum { N = 4 * GALP_VECTOR_SIZE - 124 };

static const uint32_t dict_flag = GALP_FLAG_ALPRD_DICT_IN_ENTRY;

/* A value with left part `left` above bit r and random bits below. */
static uint32_t rd_value(uint64_t *rng, uint32_t left, unsigned r)
{
    return left << r | (uint32_t)(ts_random(rng) & ((UINT64_C(1) << r) - 1u));
}

/* Four f32 vectors (the last with 900 values) the encoder stores ALP_RD with
 * (r, k) = (16, 1) and two exceptions, (16, 2), (24, 3) — dictionaries of 32, 64 and 64 bits —
 * and (23, 3), 72 bits, which keeps its head. */
static uint32_t *four_vectors(void)
{
    static const uint32_t four[4] = {0x3f81u, 0x4041u, 0xbf81u, 0xc041u};
    static const uint32_t eight[8] = {0x3fu, 0x40u, 0x41u, 0x42u, 0xbfu, 0xc0u, 0xc1u, 0xc2u};
    uint32_t *values = malloc(N * sizeof *values);
    assert_non_null(values);
    uint64_t rng = 0x5eed;
    for (uint32_t i = 0; i < N; i++) {
        const uint32_t v = i / GALP_VECTOR_SIZE;
        values[i] = v == 0   ? rd_value(&rng, i % 3 == 0 ? 0x402du : 0x4049u, 16)
                    : v == 1 ? rd_value(&rng, four[i % 4], 16)
                    : v == 2 ? rd_value(&rng, eight[i % 8], 24)
                             : rd_value(&rng, eight[i % 8] << 1, 23);
    }
    values[7] = rd_value(&rng, 0xbf80u, 16);
    values[40] = rd_value(&rng, 0x7fc0u, 16);
    return values;
}

static void test_rule(void **state)
{
    (void)state;
    assert_true(galp_layout_alprd_dict_in_entry(32, 16, 2, dict_flag));  /* 4 · 16 = 64 */
    assert_false(galp_layout_alprd_dict_in_entry(32, 16, 3, dict_flag)); /* 128 */
    assert_true(galp_layout_alprd_dict_in_entry(32, 24, 3, dict_flag));  /* 8 · 8 = 64 */
    assert_false(galp_layout_alprd_dict_in_entry(32, 23, 3, dict_flag)); /* 72 */
    assert_true(galp_layout_alprd_dict_in_entry(64, 48, 0, dict_flag));
    assert_true(galp_layout_alprd_dict_in_entry(64, 56, 3, dict_flag));
    assert_false(galp_layout_alprd_dict_in_entry(64, 55, 3, dict_flag));
    assert_false(galp_layout_alprd_dict_in_entry(32, 31, 1, GALP_FLAG_NARROW_LANE_ENDS));
    /* unvalidated metadata never qualifies: k > 3, r >= W */
    assert_false(galp_layout_alprd_dict_in_entry(32, 31, 4, dict_flag));
    assert_false(galp_layout_alprd_dict_in_entry(32, 32, 0, dict_flag));
    assert_false(galp_layout_alprd_dict_in_entry(32, 255, 255, dict_flag));
    /* the spec/alprd.md §7 vector: 2268 bytes with a head and u16 lane ends, 2220 without a
     * head and with u8 ones; every part 16 bytes earlier */
    const uint32_t both = dict_flag | GALP_FLAG_NARROW_LANE_ENDS;
    assert_int_equal(galp_layout_alprd_payload_bytes(32, 16, 1, 3, 0), 2268);
    assert_int_equal(galp_layout_alprd_payload_bytes(32, 16, 1, 3, both), 2220);
    assert_int_equal(galp_layout_alprd_codes_at(32, 16, 1, both), 2048);
    assert_int_equal(galp_layout_alprd_lane_end_at(32, 16, 1, both), 2176);
    assert_int_equal(galp_layout_alprd_lefts_offset(32, 16, 1, 3, both), 2208);
    assert_int_equal(galp_layout_alprd_codes_at(32, 16, 3, both), galp_layout_alprd_codes_offset(16));
}

static uint32_t entry_u32(const uint8_t *file, uint32_t v, size_t field, unsigned bytes)
{
    return (uint32_t)ts_get_le(file, ts_entry(v, field), bytes);
}

/* With and without the flag: same choices here, the qualifying vectors 16 bytes smaller with
 * their head's entries packed in base, the last vector unchanged. */
static void test_entry_versus_head(void **state)
{
    (void)state;
    uint32_t *values = four_vectors();
    size_t len, head_len;
    uint8_t *file = ts_compress(GALP_TYPE_F32, GALP_SCHEME_ALP_RD, values, N, &len);
    uint8_t *head = ts_compress_ex(GALP_TYPE_F32, GALP_SCHEME_ALP_RD, GALP_FLAG_NARROW_LANE_ENDS, values, N,
                                   &head_len);
    assert_int_equal(ts_get_le(file, TS_FLAGS, 4), GALP_FLAG_NARROW_LANE_ENDS | dict_flag);
    assert_int_equal(file[TS_VERSION_MINOR], 4);
    assert_int_equal(ts_get_le(head, TS_FLAGS, 4), GALP_FLAG_NARROW_LANE_ENDS);
    assert_int_equal(head[TS_VERSION_MINOR], 3);
    static const unsigned r_of[4] = {16, 16, 24, 23}, k_of[4] = {1, 2, 3, 3};
    for (uint32_t v = 0; v < 4; v++) {
        const unsigned r = file[ts_entry(v, TS_ENT_BIT_WIDTH)], k = file[ts_entry(v, TS_ENT_EXPONENT)];
        assert_int_equal(file[ts_entry(v, TS_ENT_SCHEME)], GALP_SCHEME_ALP_RD);
        assert_int_equal(r, r_of[v]);
        assert_int_equal(k, k_of[v]);
        assert_int_equal(head[ts_entry(v, TS_ENT_BIT_WIDTH)], r);
        assert_int_equal(head[ts_entry(v, TS_ENT_EXPONENT)], k);
        const uint8_t *p = file + ts_get_le(file, ts_entry(v, TS_ENT_PAYLOAD_OFFSET), 8);
        const uint8_t *q = head + ts_get_le(head, ts_entry(v, TS_ENT_PAYLOAD_OFFSET), 8);
        const uint32_t size = entry_u32(file, v, TS_ENT_PAYLOAD_SIZE, 4);
        const uint64_t base = ts_get_le(file, ts_entry(v, TS_ENT_BASE), 8);
        assert_int_equal(ts_get_le(head, ts_entry(v, TS_ENT_BASE), 8), 0);
        if (v == 3) { /* 72 bits: the head stays */
            assert_int_equal(base, 0);
            assert_int_equal(size, entry_u32(head, v, TS_ENT_PAYLOAD_SIZE, 4));
            assert_memory_equal(p, q, size);
            continue;
        }
        assert_int_equal(size + 16, entry_u32(head, v, TS_ENT_PAYLOAD_SIZE, 4));
        assert_memory_equal(p, q + 16, size);
        const unsigned width = 32 - r;
        uint64_t packed = 0;
        for (unsigned e = 0; e < 8; e++) {
            const uint64_t entry = ts_get_le(q, 2 * e, 2);
            if (e < (1u << k))
                packed |= entry << (e * width);
            else
                assert_int_equal(entry, 0);
        }
        assert_int_equal(base, packed);
    }
    /* vector 1's last entry, 0xc041 or another with its top bit set, fills bit 63 */
    assert_true(ts_get_le(file, ts_entry(1, TS_ENT_BASE), 8) >> 63 == 1);
    ts_check_decodes_to(file, len, GALP_TYPE_F32, values, N);
    ts_check_decodes_to(head, head_len, GALP_TYPE_F32, values, N);
    free(head);
    free(file);
    free(values);
}

/* No vector qualifies: no flag, the file of 1.3. */
static void test_flag_only_when_used(void **state)
{
    (void)state;
    uint32_t *values = four_vectors();
    const uint32_t *last = values + 3 * GALP_VECTOR_SIZE;
    size_t len, head_len;
    uint8_t *file = ts_compress(GALP_TYPE_F32, GALP_SCHEME_ALP_RD, last, 900, &len);
    uint8_t *head = ts_compress_ex(GALP_TYPE_F32, GALP_SCHEME_ALP_RD,
                                   GALP_FLAG_COMPACT_GALP | GALP_FLAG_NARROW_LANE_ENDS, last, 900, &head_len);
    assert_int_equal(ts_get_le(file, TS_FLAGS, 4) & dict_flag, 0);
    assert_int_equal(len, head_len);
    assert_memory_equal(file, head, len);
    free(head);
    free(file);
    free(values);
}

/* An AUTO column of a decimal vector and the ALP_RD ones: G-ALP -> ALP -> G-ALP copies the
 * ALP_RD vectors with their bases and keeps the flag, and gives back galp_compress's file. */
static void test_conversion(void **state)
{
    (void)state;
    uint32_t *rd = four_vectors();
    float *values = malloc((N + GALP_VECTOR_SIZE) * sizeof *values);
    assert_non_null(values);
    for (uint32_t i = 0; i < GALP_VECTOR_SIZE; i++)
        values[i] = (float)(i % 100) / 4.0f;
    memcpy(values + GALP_VECTOR_SIZE, rd, N * sizeof *rd);
    const uint64_t n = N + GALP_VECTOR_SIZE;
    size_t alp_len, galp_len, len;
    uint8_t *galp = ts_compress(GALP_TYPE_F32, GALP_SCHEME_AUTO, values, n, &galp_len);
    assert_int_equal(ts_get_le(galp, TS_FLAGS, 4) & dict_flag, dict_flag);
    const size_t room = 2 * galp_len;
    uint8_t *alp = malloc(room), *out = malloc(room);
    assert_non_null(alp);
    assert_non_null(out);
    assert_int_equal(galp_convert_scheme(galp, galp_len, GALP_SCHEME_ALP, alp, room, &alp_len), GALP_OK);
    assert_int_equal(ts_get_le(alp, TS_FLAGS, 4) & dict_flag, dict_flag);
    assert_int_equal(alp[TS_VERSION_MINOR], 4);
    for (uint32_t v = 1; v < 5; v++) {
        assert_int_equal(alp[ts_entry(v, TS_ENT_SCHEME)], GALP_SCHEME_ALP_RD);
        assert_int_equal(ts_get_le(alp, ts_entry(v, TS_ENT_BASE), 8),
                         ts_get_le(galp, ts_entry(v, TS_ENT_BASE), 8));
    }
    ts_check_decodes_to(alp, alp_len, GALP_TYPE_F32, values, n);
    assert_int_equal(galp_convert_scheme(alp, alp_len, GALP_SCHEME_GALP, out, room, &len), GALP_OK);
    assert_int_equal(len, galp_len);
    assert_memory_equal(out, galp, galp_len);
    /* Without a vector that qualifies the converted file has no flag, even from a source
     * that has it (allowed there, describing nothing). */
    free(alp);
    alp = ts_compress(GALP_TYPE_F32, GALP_SCHEME_ALP, values, GALP_VECTOR_SIZE, &alp_len);
    assert_true(alp_len <= room);
    ts_put_le(alp, TS_FLAGS, 4, ts_get_le(alp, TS_FLAGS, 4) | dict_flag);
    ts_reseal(alp);
    ts_expect_status(alp, alp_len, GALP_OK);
    assert_int_equal(galp_convert_scheme(alp, alp_len, GALP_SCHEME_GALP, out, room, &len), GALP_OK);
    assert_int_equal(ts_get_le(out, TS_FLAGS, 4) & dict_flag, 0);
    ts_check_decodes_to(out, len, GALP_TYPE_F32, values, GALP_VECTOR_SIZE);
    free(out);
    free(galp);
    free(alp);
    free(values);
    free(rd);
}

/* One edit of a valid file, resealed, and the class it must get. */
static void expect_edit(const uint8_t *file, size_t len, size_t at, unsigned bytes, uint64_t value,
                        galp_status expected)
{
    uint8_t *copy = malloc(len);
    assert_non_null(copy);
    memcpy(copy, file, len);
    ts_put_le(copy, at, bytes, value);
    ts_reseal(copy);
    ts_expect_status(copy, len, expected);
    free(copy);
}

static void test_validation(void **state)
{
    (void)state;
    uint32_t *values = four_vectors();
    size_t len;
    uint8_t *file = ts_compress(GALP_TYPE_F32, GALP_SCHEME_ALP_RD, values, N, &len);
    const uint64_t base0 = ts_get_le(file, ts_entry(0, TS_ENT_BASE), 8);
    /* k = 1, W − r = 16: bits 32 … 63 unused */
    expect_edit(file, len, ts_entry(0, TS_ENT_BASE), 8, base0 | UINT64_C(1) << 32, GALP_ERR_BASE);
    expect_edit(file, len, ts_entry(0, TS_ENT_BASE), 8, base0 | UINT64_C(1) << 63, GALP_ERR_BASE);
    /* the last vector has its head: base must be 0 */
    expect_edit(file, len, ts_entry(3, TS_ENT_BASE), 8, 1, GALP_ERR_BASE);
    /* k = 3 at r = 16 does not qualify (128 bits): the base must then be 0 */
    expect_edit(file, len, ts_entry(0, TS_ENT_EXPONENT), 1, 3, GALP_ERR_BASE);
    /* k beyond 3 never qualifies either: BASE comes first (spec/format.md §6 step 10.4) */
    expect_edit(file, len, ts_entry(0, TS_ENT_EXPONENT), 1, 4, GALP_ERR_BASE);
    /* the flag cleared: vector 0's base is its dictionary */
    expect_edit(file, len, TS_FLAGS, 4, GALP_FLAG_NARROW_LANE_ENDS, GALP_ERR_BASE);
    /* payload_size with a head */
    expect_edit(file, len, ts_entry(0, TS_ENT_PAYLOAD_SIZE), 4,
                ts_get_le(file, ts_entry(0, TS_ENT_PAYLOAD_SIZE), 4) + 16, GALP_ERR_PAYLOAD_SIZE);
    /* a dictionary entry changed in base decodes to the changed left part (no check can
     * catch it, every 16-bit entry is valid): the file still opens */
    expect_edit(file, len, ts_entry(0, TS_ENT_BASE), 8, base0 ^ 1u, GALP_OK);
    free(file);
    /* flag bit 3 is reserved outside ALP, G-ALP and ALP_RD columns (spec/format.md §6 step 9) */
    const uint32_t ints[3] = {1, 2, 3};
    file = ts_compress(GALP_TYPE_U32, GALP_SCHEME_FFOR, ints, 3, &len);
    expect_edit(file, len, TS_FLAGS, 4, dict_flag, GALP_ERR_RESERVED);
    free(file);
    free(values);
}

/* The packed entry decodes: a changed bit of vector 0's entry 1 (bits 16 … 31) changes the
 * high half of every value coded 1. */
static void test_decode_reads_base(void **state)
{
    (void)state;
    uint32_t *values = four_vectors();
    size_t len;
    uint8_t *file = ts_compress(GALP_TYPE_F32, GALP_SCHEME_ALP_RD, values, GALP_VECTOR_SIZE, &len);
    const uint64_t base = ts_get_le(file, ts_entry(0, TS_ENT_BASE), 8);
    const uint32_t entry1 = (uint32_t)(base >> 16 & 0xffffu);
    assert_int_equal(base >> 32, 0);
    ts_put_le(file, ts_entry(0, TS_ENT_BASE), 8, base ^ UINT64_C(1) << 16);
    ts_reseal(file);
    galp_column column;
    assert_int_equal(galp_open(&column, file, len), GALP_OK);
    uint32_t got;
    for (uint64_t i = 0; i < GALP_VECTOR_SIZE; i++) {
        assert_int_equal(galp_column_get(&column, i, &got), GALP_OK);
        const uint32_t want = values[i] >> 16 == entry1 ? values[i] ^ UINT32_C(1) << 16 : values[i];
        assert_int_equal(got, want);
    }
    free(file);
    free(values);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rule),
        cmocka_unit_test(test_entry_versus_head),
        cmocka_unit_test(test_flag_only_when_used),
        cmocka_unit_test(test_conversion),
        cmocka_unit_test(test_validation),
        cmocka_unit_test(test_decode_reads_base),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
