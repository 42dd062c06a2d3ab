/*
 * test_alprd.c — ALP_RD (spec/alprd.md): the worked example of §7, round trips of the encoder's
 * choices (r, k, dictionary sizes, exceptions, partial vectors), the choice between ALP and
 * ALP_RD (§6.1), format version 1.2, conversion of columns holding ALP_RD vectors, and every
 * validation step of §2 and §5 with its error class.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <galp/layout.h>

#include "test_support.h"

/* spec/alprd.md §7: right part i·40503 mod 2^16, left part 0x402d when i mod 3 = 0, else
 * 0x4049; slots 5, 37 and 20 have the left parts 0xbf80, 0x7fc0 and 0xff80. */
static void example_values(uint32_t values[GALP_VECTOR_SIZE])
{
    for (uint32_t i = 0; i < GALP_VECTOR_SIZE; i++)
        values[i] = (i % 3 == 0 ? 0x402du : 0x4049u) << 16 | ((i * 40503u) & 0xffffu);
    values[5] = 0xbf80u << 16 | (values[5] & 0xffffu);
    values[37] = 0x7fc0u << 16 | (values[37] & 0xffffu);
    values[20] = 0xff80u << 16 | (values[20] & 0xffffu);
}

static galp_vector_info vector_info(const uint8_t *file, size_t len, uint32_t v)
{
    galp_column column;
    assert_int_equal(galp_open(&column, file, len), GALP_OK);
    galp_vector_info info;
    assert_int_equal(galp_vector_info_get(&column, v, &info), GALP_OK);
    return info;
}

/* §7: the parameters, the payload size and the parts the text states, and the round trip. */
static void test_spec_example(void **state)
{
    (void)state;
    uint32_t values[GALP_VECTOR_SIZE];
    example_values(values);
    size_t len;
    /* The example's file has u16 lane ends: no GALP_FLAG_NARROW_LANE_ENDS (spec/alprd.md §7). */
    uint8_t *file = ts_compress_ex(GALP_TYPE_F32, GALP_SCHEME_ALP_RD, 0, values, GALP_VECTOR_SIZE, &len);
    const galp_vector_info info = vector_info(file, len, 0);
    assert_int_equal(info.scheme, GALP_SCHEME_ALP_RD);
    assert_int_equal(info.bit_width, 16);
    assert_int_equal(info.exponent, 1);
    assert_int_equal(info.factor, 0);
    assert_int_equal(info.base, 0);
    assert_int_equal(info.exception_count, 3);
    assert_int_equal(info.payload_size, 2268);
    const uint8_t *p = file + info.payload_offset;
    assert_int_equal(ts_get_le(p, 0, 2), 0x4049);
    assert_int_equal(ts_get_le(p, 2, 2), 0x402d);
    for (unsigned e = 2; e < 8; e++)
        assert_int_equal(ts_get_le(p, 2 * e, 2), 0);
    /* The codes: one word per lane, bit `row` set where slot 32·row + l has code 1. */
    static const uint32_t code_words[3] = {0x49249249u, 0x92492492u, 0x24924924u};
    for (unsigned l = 0; l < 32; l++)
        assert_int_equal(ts_get_le(p, 2064 + 4 * l, 4), code_words[l % 3]);
    /* Lane ends, then lane 5's slots 5 and 37 and lane 20's slot 20. */
    for (unsigned l = 0; l < 32; l++)
        assert_int_equal(ts_get_le(p, 2192 + 2 * l, 2), l < 5 ? 0 : l < 20 ? 2 : 3);
    static const uint16_t lefts[3] = {0xbf80, 0x7fc0, 0xff80}, slots[3] = {5, 37, 20};
    for (unsigned j = 0; j < 3; j++) {
        assert_int_equal(ts_get_le(p, 2256 + 2 * j, 2), lefts[j]);
        assert_int_equal(ts_get_le(p, 2262 + 2 * j, 2), slots[j]);
    }
    ts_check_decodes_to(file, len, GALP_TYPE_F32, values, GALP_VECTOR_SIZE);
    free(file);
}

/* Doubles near `center` with random low mantissa bits: a few left parts, random right parts,
 * the shape of high-precision coordinates. */
static void coordinates(uint64_t *state, uint64_t *values, uint32_t n, double center)
{
    for (uint32_t i = 0; i < n; i++) {
        double x = center + (double)ts_random_below(state, 1u << 30) / (double)(1u << 31);
        values[i] = ts_f64_bits(x);
    }
}

/* The same with steps of 2^-27 over [center, center + 8). In (40, 48] in magnitude (center −48)
 * they lie some 2^50 ulps of 2^-47 apart: ALP needs steps of 10^-15 or finer, so 53 bits or
 * more even with its integers up to 2^63 (spec/alp.md §6.1), where ALP_RD keeps 50;
 * coordinates() around −73.5 fit ALP in 46 bits. */
static void spread(uint64_t *state, uint64_t *values, uint32_t n, double center)
{
    for (uint32_t i = 0; i < n; i++) {
        double x = center + (double)ts_random_below(state, 1u << 30) / (double)(1u << 27);
        values[i] = ts_f64_bits(x);
    }
}

static void test_round_trip_f64(void **state)
{
    (void)state;
    uint64_t seed = 36;
    const uint32_t n = 3 * GALP_VECTOR_SIZE + 77; /* a partial last vector */
    uint64_t *values = malloc(n * sizeof *values);
    assert_non_null(values);
    coordinates(&seed, values, n, 40.0);
    values[1] = 0x7ff8000000000001u; /* NaN with a payload */
    values[70] = 0x8000000000000000u; /* −0.0 */
    values[n - 1] = 0xfff0000000000000u; /* −Inf in the partial vector */
    static const galp_scheme schemes[] = {GALP_SCHEME_AUTO, GALP_SCHEME_ALP_RD};
    for (size_t s = 0; s < 2; s++) {
        size_t len;
        uint8_t *file = ts_compress(GALP_TYPE_F64, schemes[s], values, n, &len);
        for (uint32_t v = 0; v < 3; v++) {
            const galp_vector_info info = vector_info(file, len, v);
            assert_int_equal(info.scheme, GALP_SCHEME_ALP_RD);
            assert_true(info.bit_width >= 48 && info.bit_width <= 63);
        }
        /* 77 values: 616 bytes RAW, less than any ALP_RD payload of 1024 slots. */
        assert_int_equal(vector_info(file, len, 3).scheme, GALP_SCHEME_RAW);
        /* 1.3 where a vector has 1 … 255 exceptions and so u8 lane ends (spec/galp.md §1.2),
         * 1.4 where one has its dictionary in its entry (spec/alprd.md §3.1) */
        const uint64_t flags = ts_get_le(file, TS_FLAGS, 4);
        assert_int_equal(file[TS_VERSION_MINOR], (flags & GALP_FLAG_ALPRD_DICT_IN_ENTRY) != 0 ? 4
                                                 : (flags & GALP_FLAG_NARROW_LANE_ENDS) != 0  ? 3
                                                                                              : 2);
        ts_check_decodes_to(file, len, GALP_TYPE_F64, values, n);
        free(file);
    }
    free(values);
}

/* Left parts drawn from `distinct` values: the dictionary holds them all when distinct <= 8,
 * with k = ceil(log2 distinct); more make exceptions in several lanes. */
static void test_dictionary_sizes(void **state)
{
    (void)state;
    uint64_t seed = 8;
    for (uint32_t distinct = 1; distinct <= 10; distinct++) {
        uint32_t values[GALP_VECTOR_SIZE];
        for (uint32_t i = 0; i < GALP_VECTOR_SIZE; i++) {
            /* Left part (top 16 bits) 0x3f80 + 3·d; rare ones (d >= 8) only in few slots. */
            uint32_t d = (uint32_t)ts_random_below(&seed, distinct < 8 ? distinct : 8);
            if (distinct > 8 && i % 97 == 0)
                d = 8 + (uint32_t)ts_random_below(&seed, distinct - 8);
            values[i] = (0x3f80u + 3u * d) << 16 | (uint32_t)ts_random_below(&seed, 1u << 16);
        }
        size_t len;
        uint8_t *file =
            ts_compress(GALP_TYPE_F32, GALP_SCHEME_ALP_RD, values, GALP_VECTOR_SIZE, &len);
        const galp_vector_info info = vector_info(file, len, 0);
        unsigned k = 0;
        while ((1u << k) < (distinct < 8 ? distinct : 8))
            k++;
        assert_int_equal(info.bit_width, 16);
        assert_int_equal(info.exponent, k);
        assert_int_equal(info.exception_count > 0, distinct > 8);
        ts_check_decodes_to(file, len, GALP_TYPE_F32, values, GALP_VECTOR_SIZE);
        free(file);
    }
}

/* Random bit patterns: no dictionary helps, r = W − 1 (ties go to the larger r, §6), and the
 * vector is RAW because ALP_RD with its 16-byte head is larger; with the dictionary {0, 1} in
 * its entry (§3.1) it is exactly RAW's size, and kept (spec/format.md §4.1). One value alone
 * (m = 1) is RAW as well. */
static void test_random_bits_are_raw(void **state)
{
    (void)state;
    uint64_t seed = 1;
    uint64_t values[GALP_VECTOR_SIZE];
    for (uint32_t i = 0; i < GALP_VECTOR_SIZE; i++)
        values[i] = ts_random(&seed);
    size_t len;
    uint8_t *file = ts_compress_ex(GALP_TYPE_F64, GALP_SCHEME_ALP_RD, GALP_FLAG_NARROW_LANE_ENDS, values,
                                   GALP_VECTOR_SIZE, &len);
    assert_int_equal(vector_info(file, len, 0).scheme, GALP_SCHEME_RAW);
    ts_check_decodes_to(file, len, GALP_TYPE_F64, values, GALP_VECTOR_SIZE);
    free(file);
    file = ts_compress(GALP_TYPE_F64, GALP_SCHEME_ALP_RD, values, GALP_VECTOR_SIZE, &len);
    const galp_vector_info in_entry = vector_info(file, len, 0);
    assert_int_equal(in_entry.scheme, GALP_SCHEME_ALP_RD);
    assert_int_equal(in_entry.bit_width, 63);
    assert_int_equal(in_entry.exponent, 1);
    assert_int_equal(in_entry.payload_size, GALP_VECTOR_SIZE * 8);
    ts_check_decodes_to(file, len, GALP_TYPE_F64, values, GALP_VECTOR_SIZE);
    free(file);
    file = ts_compress(GALP_TYPE_F64, GALP_SCHEME_ALP_RD, values, 1, &len);
    assert_int_equal(vector_info(file, len, 0).scheme, GALP_SCHEME_RAW);
    free(file);
}

/* spec/alprd.md §6.1: under AUTO decimals stay G-ALP (version 1.0, or 1.2 when compact) and
 * high-precision values become ALP_RD, each vector its own scheme, whether the row-group
 * sample says ALP (three vectors of decimals, one of spread values) or ALP_RD (the reverse).
 * A request for ALP or GALP gets no ALP_RD vector. */
static void test_alp_or_alprd(void **state)
{
    (void)state;
    uint64_t seed = 48;
    const uint32_t n = 4 * GALP_VECTOR_SIZE, decimals = 3 * GALP_VECTOR_SIZE;
    uint64_t values[4 * GALP_VECTOR_SIZE];
    for (uint32_t i = 0; i < decimals; i++)
        values[i] = ts_f64_bits((double)(1000 + ts_random_below(&seed, 9000)) / 100.0);
    spread(&seed, values + decimals, GALP_VECTOR_SIZE, -48.0);
    size_t len;
    uint8_t *file = ts_compress(GALP_TYPE_F64, GALP_SCHEME_AUTO, values, GALP_VECTOR_SIZE, &len);
    assert_int_equal(vector_info(file, len, 0).scheme, GALP_SCHEME_GALP);
    /* no ALP_RD vector: 1.0, or 1.2 only for a compact G-ALP vector (spec/galp.md §1.1) */
    assert_int_equal(file[TS_VERSION_MINOR], (file[TS_FLAGS] & GALP_FLAG_COMPACT_GALP) != 0 ? 2 : 0);
    assert_int_equal(vector_info(file, len, 0).exception_count == 0,
                     (file[TS_FLAGS] & GALP_FLAG_COMPACT_GALP) != 0);
    free(file);
    file = ts_compress(GALP_TYPE_F64, GALP_SCHEME_AUTO, values, n, &len);
    assert_int_equal(file[TS_COLUMN_SCHEME], GALP_SCHEME_GALP);
    for (uint32_t v = 0; v < 4; v++)
        assert_int_equal(vector_info(file, len, v).scheme, v < 3 ? GALP_SCHEME_GALP : GALP_SCHEME_ALP_RD);
    /* the ALP_RD vector's dictionary (k <= 2 of 16-bit left parts) is in its entry: 1.4 */
    assert_true(vector_info(file, len, 3).exponent <= 2);
    assert_int_equal(file[TS_VERSION_MINOR], 4);
    ts_check_decodes_to(file, len, GALP_TYPE_F64, values, n);
    free(file);

    /* One vector of decimals among three of coordinates: the sample says ALP_RD. */
    uint64_t reversed[4 * GALP_VECTOR_SIZE];
    memcpy(reversed, values + 2 * GALP_VECTOR_SIZE, 2 * GALP_VECTOR_SIZE * sizeof *values);
    coordinates(&seed, reversed + 2 * GALP_VECTOR_SIZE, 2 * GALP_VECTOR_SIZE, 12.25);
    file = ts_compress(GALP_TYPE_F64, GALP_SCHEME_AUTO, reversed, n, &len);
    for (uint32_t v = 0; v < 4; v++)
        assert_int_equal(vector_info(file, len, v).scheme, v == 0 ? GALP_SCHEME_GALP : GALP_SCHEME_ALP_RD);
    ts_check_decodes_to(file, len, GALP_TYPE_F64, reversed, n);
    free(file);

    static const galp_scheme asked[] = {GALP_SCHEME_ALP, GALP_SCHEME_GALP};
    for (size_t s = 0; s < 2; s++) {
        file = ts_compress(GALP_TYPE_F64, asked[s], values, n, &len);
        assert_int_equal(vector_info(file, len, 3).scheme, GALP_SCHEME_RAW);
        /* no ALP_RD vector: 1.2 only for a compact G-ALP vector (spec/galp.md §1.1) */
        assert_int_equal(file[TS_VERSION_MINOR], (file[TS_FLAGS] & GALP_FLAG_COMPACT_GALP) != 0 ? 2 : 0);
        free(file);
    }
}

/* A whole row group of coordinates: its sample says ALP_RD for every vector (§6.1). */
static void test_rowgroup_sample_chooses_alprd(void **state)
{
    (void)state;
    uint64_t seed = 22;
    const uint32_t n = 8 * GALP_VECTOR_SIZE;
    uint32_t *values = malloc(n * sizeof *values);
    /* Floats in [1, 2) with every mantissa bit random. */
    assert_non_null(values);
    for (uint32_t i = 0; i < n; i++) {
        float x = 1.0f + (float)ts_random_below(&seed, 1u << 23) / (float)(1u << 23);
        values[i] = (uint32_t)ts_f32_bits(x);
    }
    size_t len;
    uint8_t *file = ts_compress(GALP_TYPE_F32, GALP_SCHEME_AUTO, values, n, &len);
    for (uint32_t v = 0; v < 8; v++)
        assert_int_equal(vector_info(file, len, v).scheme, GALP_SCHEME_ALP_RD);
    ts_check_decodes_to(file, len, GALP_TYPE_F32, values, n);
    free(file);
    free(values);
}

/* galp_convert_scheme copies ALP_RD vectors, which both ALP layouts admit (spec/format.md §2),
 * and regroups the others. */
static void test_convert_keeps_alprd(void **state)
{
    (void)state;
    uint64_t seed = 7;
    const uint32_t n = 2 * GALP_VECTOR_SIZE;
    uint64_t values[2 * GALP_VECTOR_SIZE];
    for (uint32_t i = 0; i < GALP_VECTOR_SIZE; i++)
        values[i] = ts_f64_bits((double)ts_random_below(&seed, 100000) / 1000.0);
    coordinates(&seed, values + GALP_VECTOR_SIZE, GALP_VECTOR_SIZE, 51.0);
    size_t len;
    uint8_t *file = ts_compress(GALP_TYPE_F64, GALP_SCHEME_AUTO, values, n, &len);
    size_t out_cap = len, out_len;
    uint8_t *out = malloc(out_cap);
    assert_non_null(out);
    assert_int_equal(galp_convert_scheme(file, len, GALP_SCHEME_ALP, out, out_cap, &out_len),
                     GALP_OK);
    assert_int_equal(out[TS_COLUMN_SCHEME], GALP_SCHEME_ALP);
    assert_int_equal(vector_info(out, out_len, 0).scheme, GALP_SCHEME_ALP);
    assert_int_equal(vector_info(out, out_len, 1).scheme, GALP_SCHEME_ALP_RD);
    assert_memory_equal(out + vector_info(out, out_len, 1).payload_offset,
                        file + vector_info(file, len, 1).payload_offset,
                        vector_info(file, len, 1).payload_size);
    assert_int_equal(vector_info(out, out_len, 1).base, vector_info(file, len, 1).base);
    /* the copied vector keeps its dictionary in its entry, so the flag stays: 1.4 */
    assert_int_equal(ts_get_le(out, TS_FLAGS, 4) & GALP_FLAG_ALPRD_DICT_IN_ENTRY, GALP_FLAG_ALPRD_DICT_IN_ENTRY);
    assert_int_equal(out[TS_VERSION_MINOR], 4);
    ts_check_decodes_to(out, out_len, GALP_TYPE_F64, values, n);
    free(out);
    free(file);
}

/* ---- Validation (spec/format.md §6, spec/alprd.md §2 and §5) ---------------------------- */

/* The §7 example as a file, vector 0's payload at *payload. */
static uint8_t *example_file(size_t *len, size_t *payload)
{
    uint32_t values[GALP_VECTOR_SIZE];
    example_values(values);
    /* u16 lane ends, as in spec/alprd.md §7, whose offsets the tests below use */
    uint8_t *file = ts_compress_ex(GALP_TYPE_F32, GALP_SCHEME_ALP_RD, 0, values, GALP_VECTOR_SIZE, len);
    *payload = (size_t)ts_get_le(file, ts_entry(0, TS_ENT_PAYLOAD_OFFSET), 8);
    return file;
}

/* Sets entry field `field` (of `bytes` bytes) of the example and expects `expected`. */
static void expect_entry_change(size_t field, unsigned bytes, uint64_t value,
                                galp_status expected)
{
    size_t len, payload;
    uint8_t *file = example_file(&len, &payload);
    ts_put_le(file, ts_entry(0, field), bytes, value);
    ts_reseal(file);
    ts_expect_status(file, len, expected);
    free(file);
}

static void test_entry_fields(void **state)
{
    (void)state;
    expect_entry_change(TS_ENT_BIT_WIDTH, 1, 15, GALP_ERR_BIT_WIDTH); /* r < W − 16 */
    expect_entry_change(TS_ENT_BIT_WIDTH, 1, 32, GALP_ERR_BIT_WIDTH); /* r = W */
    expect_entry_change(TS_ENT_BASE, 8, 1, GALP_ERR_BASE);
    expect_entry_change(TS_ENT_EXPONENT, 1, 4, GALP_ERR_EXPONENT);    /* k > 3 */
    expect_entry_change(TS_ENT_FACTOR, 1, 1, GALP_ERR_EXPONENT);
    expect_entry_change(TS_ENT_EXCEPTION_COUNT, 2, 1025, GALP_ERR_EXCEPTION_COUNT);
    expect_entry_change(TS_ENT_EXCEPTION_COUNT, 2, 2, GALP_ERR_PAYLOAD_SIZE);
    expect_entry_change(TS_ENT_EXPONENT, 1, 2, GALP_ERR_PAYLOAD_SIZE);  /* k changes the size */
    expect_entry_change(TS_ENT_PAYLOAD_SIZE, 4, 2268 - 64, GALP_ERR_PAYLOAD_SIZE);
}

/* Writes a u16 at `offset` of the example's payload and expects `expected`. */
static void expect_payload_change(size_t offset, uint16_t value, galp_status expected)
{
    size_t len, payload;
    uint8_t *file = example_file(&len, &payload);
    ts_put_le(file, payload + offset, 2, value);
    ts_expect_status(file, len, expected);
    free(file);
}

static void test_payload_checks(void **state)
{
    (void)state;
    /* §5 rule 1: entries 0 and 1 are addressable (k = 1), 2 … 7 must be 0. */
    expect_payload_change(4, 1, GALP_ERR_LEFT_PART);
    expect_payload_change(14, 0x8000, GALP_ERR_LEFT_PART);
    /* Rule 2: lane ends decreasing, or not ending at c. */
    expect_payload_change(2192 + 2 * 5, 3, GALP_ERR_EXCEPTION_COUNT);
    expect_payload_change(2192 + 2 * 31, 2, GALP_ERR_EXCEPTION_COUNT);
    /* Rule 3: a position outside its lane, and two out of order within lane 5. */
    expect_payload_change(2262, 6, GALP_ERR_EXCEPTION_POSITION);
    expect_payload_change(2262, 69, GALP_ERR_EXCEPTION_POSITION);
    /* Rules 1 and 4 on addressable entries and exceptions cannot fail at r = 16, where every
     * u16 fits: test_left_part_width. */
}

/* Rule 1 and 4 for r = 17 (left parts of 15 bits): the example with its cut moved. The
 * right parts then hold 17 bits, so the payload grows by 128 bytes: build it by hand. */
static void test_left_part_width(void **state)
{
    (void)state;
    size_t len, payload;
    uint8_t *example = example_file(&len, &payload);
    const size_t size = 2268 + 128;
    const size_t payload_end = (payload + size + 15) / 16 * 16;
    const size_t new_len = payload_end + GALP_TAIL_PADDING;
    uint8_t *file = calloc(new_len, 1);
    assert_non_null(file);
    memcpy(file, example, 96);
    memcpy(file + payload, example + payload, 16);                     /* dictionary */
    memcpy(file + payload + 16 + 128 * 17, example + payload + 2064, 2268 - 2064); /* rest */
    ts_put_le(file, ts_entry(0, TS_ENT_BIT_WIDTH), 1, 17);
    ts_put_le(file, ts_entry(0, TS_ENT_PAYLOAD_SIZE), 4, size);
    ts_put_le(file, TS_PAYLOAD_END, 8, payload_end);
    ts_put_le(file, TS_FILE_SIZE, 8, new_len);
    ts_reseal(file);
    /* Dictionary entries 0x4049 and 0x402d need 16 bits: rule 1. */
    ts_expect_status(file, new_len, GALP_ERR_LEFT_PART);
    ts_put_le(file, payload, 2, 0x2024);
    ts_put_le(file, payload + 2, 2, 0x2016);
    /* Exception left parts 0xbf80 … need 16 bits: rule 4. */
    ts_expect_status(file, new_len, GALP_ERR_LEFT_PART);
    for (unsigned j = 0; j < 3; j++)
        ts_put_le(file, payload + 2256 + 128 + 2 * j, 2, 0x7fff);
    ts_expect_status(file, new_len, GALP_OK);
    free(file);
    free(example);
}

/* ALP_RD vectors are allowed in ALP_RD, ALP and GALP columns only (spec/format.md §2). */
static void test_where_allowed(void **state)
{
    (void)state;
    size_t len, payload;
    uint8_t *file = example_file(&len, &payload);
    for (unsigned s = GALP_SCHEME_RAW; s <= GALP_SCHEME_ALP_RD; s++) {
        file[TS_COLUMN_SCHEME] = (uint8_t)s;
        ts_reseal(file);
        ts_expect_status(file, len, s >= GALP_SCHEME_ALP ? GALP_OK : GALP_ERR_BAD_SCHEME);
    }
    file[TS_VALUE_TYPE] = GALP_TYPE_U32;
    ts_reseal(file);
    ts_expect_status(file, len, GALP_ERR_BAD_SCHEME);
    free(file);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_spec_example),
        cmocka_unit_test(test_round_trip_f64),
        cmocka_unit_test(test_dictionary_sizes),
        cmocka_unit_test(test_random_bits_are_raw),
        cmocka_unit_test(test_alp_or_alprd),
        cmocka_unit_test(test_rowgroup_sample_chooses_alprd),
        cmocka_unit_test(test_convert_keeps_alprd),
        cmocka_unit_test(test_entry_fields),
        cmocka_unit_test(test_payload_checks),
        cmocka_unit_test(test_left_part_width),
        cmocka_unit_test(test_where_allowed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
