/*
 * test_galp.c — G-ALP (spec/galp.md): the worked examples of spec/galp.md §6 byte for byte,
 * payload validation, the lane-scan single-value lookup, and whole-column conversion between
 * the ALP and G-ALP layouts (galp_convert_scheme), including files with crafted errors.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "alp_arith.h"
#include "alp_support.h"
#include "bytes.h"
#include "galp_layout.h"
#include "test_support.h"

#define NAN64 0x7ff8000000000000u
#define NEG_ZERO64 0x8000000000000000u
#define PI64 0x400921fb54442d18u

/* spec/galp.md §6.1: 40 values, 1.5 at even and 2.25 at odd slots, with NaN at 3 and 35,
 * −0.0 at 17 and π at 19; e = 2, f = 0, base 150, bit width 7. */
static void example_values(uint64_t values[40])
{
    for (unsigned i = 0; i < 40; i++)
        values[i] = ts_f64_bits(i % 2 ? 2.25 : 1.5);
    values[3] = NAN64;
    values[17] = NEG_ZERO64;
    values[19] = PI64;
    values[35] = NAN64;
}

static const uint8_t example_alp_section[] = {
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xf8, 0x7f, /* value of slot 3: NaN */
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80, /* slot 17: −0.0 */
    0x18, 0x2d, 0x44, 0x54, 0xfb, 0x21, 0x09, 0x40, /* slot 19: π */
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xf8, 0x7f, /* slot 35: NaN */
    0x03, 0x00, 0x11, 0x00, 0x13, 0x00, 0x23, 0x00, /* positions 3, 17, 19, 35 */
};

static const uint8_t example_galp_section[] = {
    /* lane_end[16]: lane 1 holds 1 exception, lane 3 holds 3 */
    0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x04, 0x00, 0x04, 0x00, 0x04, 0x00, 0x04, 0x00,
    0x04, 0x00, 0x04, 0x00, 0x04, 0x00, 0x04, 0x00, 0x04, 0x00, 0x04, 0x00, 0x04, 0x00,
    0x04, 0x00, 0x04, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80, /* lane 1: slot 17, −0.0 */
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xf8, 0x7f, /* lane 3: slot 3, NaN */
    0x18, 0x2d, 0x44, 0x54, 0xfb, 0x21, 0x09, 0x40, /* lane 3: slot 19, π */
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xf8, 0x7f, /* lane 3: slot 35, NaN */
    0x11, 0x00, 0x03, 0x00, 0x13, 0x00, 0x23, 0x00, /* positions 17, 3, 19, 35 */
};

/* The example payload built from the spec's description of its packed section: all zero but
 * word 0 of lanes 1, 5, 7, 9, 11, 13 and 15 (word (lane, 0) at byte 8·lane). */
static void example_payload(galp_scheme scheme, alp_vector *v)
{
    memset(v, 0, sizeof *v);
    v->type = GALP_TYPE_F64;
    v->info = (galp_vector_info){.scheme = scheme, .value_count = 40, .exception_count = 4,
                                 .bit_width = 7, .base = 150, .exponent = 2, .factor = 0};
    galp_store_u64(v->payload + 8 * 1, 0x12c04b);
    galp_store_u64(v->payload + 8 * 5, 0x12e5cb);
    galp_store_u64(v->payload + 8 * 7, 0x12e5cb);
    for (unsigned lane = 9; lane < 16; lane += 2)
        galp_store_u64(v->payload + 8 * lane, 0x25cb);
    const uint8_t *section = scheme == GALP_SCHEME_GALP ? example_galp_section
                                                        : example_alp_section;
    size_t size = scheme == GALP_SCHEME_GALP ? sizeof example_galp_section
                                             : sizeof example_alp_section;
    memcpy(v->payload + 128 * 7, section, size);
    v->info.payload_size = (uint32_t)(128 * 7 + size);
}

static void test_worked_example(void **state)
{
    (void)state;
    uint64_t values[40];
    example_values(values);
    alp_vector *spec = malloc(sizeof *spec);
    alp_vector *encoded = malloc(sizeof *encoded);
    assert_non_null(spec);
    assert_non_null(encoded);
    static const galp_scheme schemes[] = {GALP_SCHEME_ALP, GALP_SCHEME_GALP};
    for (size_t s = 0; s < 2; s++) {
        /* The spec's bytes decode to the values, in bulk and one by one, in both layouts. */
        example_payload(schemes[s], spec);
        assert_int_equal(spec->info.payload_size, schemes[s] == GALP_SCHEME_GALP ? 968 : 936);
        alp_check_roundtrip(spec, values);
        /* The integers are 150 (1.5) and 225 (2.25); exception slots and slots 40..1023 hold
         * the filler 150, so the packed section is FFOR of exactly that vector. */
        uint64_t ints[GALP_VECTOR_SIZE];
        uint8_t packed[128 * 7];
        for (unsigned i = 0; i < GALP_VECTOR_SIZE; i++)
            ints[i] = i < 40 && i % 2 && i != 3 && i != 17 && i != 19 && i != 35 ? 225 : 150;
        galp_ffor_pack(64, 7, 150, ints, packed);
        assert_memory_equal(packed, spec->payload, sizeof packed);
        /* The reference encoder may choose differently (here: bit width 0 and the 20 values
         * 2.25 as exceptions, 200 bytes), never larger than the spec's valid encoding. */
        alp_encode_one(GALP_TYPE_F64, schemes[s], values, 40, encoded);
        assert_true(encoded->info.payload_size <= spec->info.payload_size);
        alp_check_roundtrip(encoded, values);
    }
    free(spec);
    free(encoded);
}

/* spec/galp.md §6.2: a full f64 lane (64 NaNs in lane 5) has lane_end 0 for lanes 0–4 and 64
 * from lane 5 on — the count the published 6-bit field cannot hold. */
static void test_full_lane_example(void **state)
{
    (void)state;
    static const uint8_t expected_lane_end[32] = {
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x40, 0x00, 0x40, 0x00,
        0x40, 0x00, 0x40, 0x00, 0x40, 0x00, 0x40, 0x00, 0x40, 0x00, 0x40, 0x00, 0x40, 0x00,
        0x40, 0x00, 0x40, 0x00,
    };
    uint64_t values[GALP_VECTOR_SIZE];
    for (unsigned i = 0; i < GALP_VECTOR_SIZE; i++)
        values[i] = i % 16 == 5 ? NAN64 : ts_f64_bits((double)(i % 10) + 0.5);
    alp_vector *v = malloc(sizeof *v);
    assert_non_null(v);
    alp_encode_one(GALP_TYPE_F64, GALP_SCHEME_GALP, values, GALP_VECTOR_SIZE, v);
    assert_int_equal(v->info.exception_count, 64);
    assert_memory_equal(v->payload + 128u * v->info.bit_width, expected_lane_end,
                        sizeof expected_lane_end);
    alp_check_roundtrip(v, values);
    free(v);
}

/* Each structural violation of a GALP payload has its error (spec/galp.md §4), starting from
 * the worked example; m may be lowered to make a lane's capacity smaller. */
static void test_validation_galp(void **state)
{
    (void)state;
    static const struct {
        unsigned m;
        size_t offset; /* byte within the exception section */
        uint16_t value;
        galp_status expected;
    } cases[] = {
        {40, 0, 0, GALP_OK},
        {40, 2, 2, GALP_ERR_EXCEPTION_COUNT},     /* lane_end[1] = 2 > lane_end[2] = 1 */
        {40, 30, 3, GALP_ERR_EXCEPTION_COUNT},    /* lane_end[15] = 3 != c = 4 */
        {40, 30, 5, GALP_ERR_EXCEPTION_COUNT},    /* lane_end[15] = 5 != c = 4 */
        {35, 0, 0, GALP_ERR_EXCEPTION_COUNT},     /* lane 3 has 2 slots below m = 35, 3 entries */
        {36, 0, 0, GALP_OK},                      /* 3 slots below m = 36 */
        {40, 64 + 0, 18, GALP_ERR_EXCEPTION_POSITION}, /* 18 is in lane 2, not lane 1 */
        {40, 64 + 2, 19, GALP_ERR_EXCEPTION_POSITION}, /* lane 3: 19, 19, 35 */
        {40, 64 + 4, 3, GALP_ERR_EXCEPTION_POSITION},  /* lane 3: 3, 3, 35 */
        {40, 64 + 6, 51, GALP_ERR_EXCEPTION_POSITION}, /* lane 3, but 51 >= m */
        {40, 64 + 6, 1011, GALP_ERR_EXCEPTION_POSITION}, /* lane 3, below 1024, >= m */
    };
    alp_vector *v = malloc(sizeof *v);
    assert_non_null(v);
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        example_payload(GALP_SCHEME_GALP, v);
        v->info.value_count = cases[c].m;
        if (cases[c].offset != 0 || cases[c].value != 0)
            galp_store_u16(v->payload + 128 * 7 + cases[c].offset, cases[c].value);
        galp_reader payload = galp_reader_of(v->payload, v->info.payload_size);
        assert_int_equal(galp_alp_validate_payload(GALP_TYPE_F64, 0, &v->info, &payload),
                         cases[c].expected);
    }
    free(v);
}

/* Columns of several vectors (the last partial, one all exceptions) in both schemes: the
 * converter maps each to the other, both decode to the input, and converting back gives the
 * original file byte for byte. */
static void check_conversion(galp_type type, const void *values, uint64_t n)
{
    size_t alp_len, galp_len, len;
    uint8_t *alp = ts_compress(type, GALP_SCHEME_ALP, values, n, &alp_len);
    uint8_t *galp = ts_compress(type, GALP_SCHEME_GALP, values, n, &galp_len);
    size_t room = galp_len + alp_len;
    uint8_t *out = malloc(room);
    assert_non_null(out);

    assert_int_equal(galp_convert_scheme(alp, alp_len, GALP_SCHEME_GALP, out, room, &len),
                     GALP_OK);
    assert_int_equal(len, galp_len);
    assert_memory_equal(out, galp, galp_len); /* same as encoding G-ALP directly */
    ts_check_decodes_to(out, len, type, values, n);

    assert_int_equal(galp_convert_scheme(galp, galp_len, GALP_SCHEME_ALP, out, room, &len),
                     GALP_OK);
    assert_int_equal(len, alp_len);
    assert_memory_equal(out, alp, alp_len);

    /* Too small: the needed size is reported. */
    assert_int_equal(galp_convert_scheme(alp, alp_len, GALP_SCHEME_GALP, out, galp_len - 1, &len),
                     GALP_ERR_DST_TOO_SMALL);
    assert_int_equal(len, galp_len);
    free(out);
    free(alp);
    free(galp);
}

static void test_convert_columns(void **state)
{
    (void)state;
    const uint64_t n = 5 * GALP_VECTOR_SIZE + 333;
    double *d = malloc(n * sizeof *d);
    float *f = malloc(n * sizeof *f);
    assert_non_null(d);
    assert_non_null(f);
    for (uint64_t i = 0; i < n; i++) {
        d[i] = (double)(i % 1000) / 8.0;
        f[i] = (float)(i % 700) / 4.0f;
    }
    for (uint64_t i = 0; i < n; i += 37) { /* scattered specials */
        d[i] = ts_as_f64(NAN64 + i);
        f[i] = ts_as_f32(0x80000000u);
    }
    for (uint64_t i = GALP_VECTOR_SIZE; i < 2 * GALP_VECTOR_SIZE; i++) { /* a RAW vector */
        d[i] = ts_as_f64(0x7ff0000000000001u + i);
        f[i] = ts_as_f32(0x7f800001u + (uint32_t)i);
    }
    check_conversion(GALP_TYPE_F64, d, n);
    check_conversion(GALP_TYPE_F32, f, n);
    free(d);
    free(f);
}

/* Argument and input errors of galp_convert_scheme. */
static void test_convert_errors(void **state)
{
    (void)state;
    uint32_t ints[GALP_VECTOR_SIZE];
    double values[GALP_VECTOR_SIZE];
    for (unsigned i = 0; i < GALP_VECTOR_SIZE; i++) {
        ints[i] = i;
        values[i] = i * 0.25;
    }
    values[5] = ts_as_f64(NAN64);
    size_t len, out_len;
    uint8_t out[16384];
    uint8_t *ffor = ts_compress(GALP_TYPE_U32, GALP_SCHEME_FFOR, ints, GALP_VECTOR_SIZE, &len);
    assert_int_equal(galp_convert_scheme(ffor, len, GALP_SCHEME_GALP, out, sizeof out, &out_len),
                     GALP_ERR_BAD_SCHEME);
    free(ffor);
    uint8_t *alp = ts_compress(GALP_TYPE_F64, GALP_SCHEME_ALP, values, 1000, &len);
    assert_int_equal(galp_convert_scheme(alp, len, GALP_SCHEME_RAW, out, sizeof out, &out_len),
                     GALP_ERR_ARGUMENT);
    assert_int_equal(galp_convert_scheme(NULL, len, GALP_SCHEME_GALP, out, sizeof out, &out_len),
                     GALP_ERR_ARGUMENT);
    assert_int_equal(galp_convert_scheme(alp, len - 1, GALP_SCHEME_GALP, out, sizeof out,
                                         &out_len),
                     GALP_ERR_TRUNCATED);
    /* The input is validated in full: a corrupt exception position (payload bytes, not
     * covered by the checksum) is reported as galp_open reports it. */
    galp_column column;
    galp_vector_info info;
    assert_int_equal(galp_open(&column, alp, len), GALP_OK);
    assert_int_equal(galp_vector_info_get(&column, 0, &info), GALP_OK);
    assert_int_equal(info.exception_count, 1);
    galp_store_u16(alp + info.payload_offset + 128u * info.bit_width + 8, 1000); /* = m */
    assert_int_equal(galp_convert_scheme(alp, len, GALP_SCHEME_GALP, out, sizeof out, &out_len),
                     GALP_ERR_EXCEPTION_POSITION);
    free(alp);
}

/* Whole files with crafted ALP/G-ALP payload errors: galp_open reports the payload checks. */
static void test_file_validation(void **state)
{
    (void)state;
    double values[2048];
    for (unsigned i = 0; i < 2048; i++)
        values[i] = (double)(i % 90) * 0.5;
    values[3] = ts_as_f64(NAN64);
    values[19] = ts_as_f64(NEG_ZERO64);
    values[1024 + 7] = ts_as_f64(NAN64);
    static const galp_scheme schemes[] = {GALP_SCHEME_ALP, GALP_SCHEME_GALP};
    for (size_t s = 0; s < 2; s++) {
        size_t len;
        /* u16 lane ends (format 1.2), whose offsets the edits below use */
        uint8_t *file = ts_compress_ex(GALP_TYPE_F64, schemes[s], GALP_FLAG_COMPACT_GALP, values, 2048, &len);
        galp_column column;
        galp_vector_info info;
        assert_int_equal(galp_open(&column, file, len), GALP_OK);
        assert_int_equal(galp_vector_info_get(&column, 0, &info), GALP_OK);
        assert_int_equal(info.exception_count, 2);
        size_t section = info.payload_offset + 128u * info.bit_width;
        size_t lanes = schemes[s] == GALP_SCHEME_GALP ? 32 : 0;
        size_t positions = section + lanes + 2 * 8;
        uint16_t saved = galp_load_u16(file + positions + 2);

        galp_store_u16(file + positions + 2, 3); /* payload: not covered by the CRC */
        assert_int_equal(ts_open_copy(file, len), GALP_ERR_EXCEPTION_POSITION);
        galp_store_u16(file + positions + 2, saved);
        assert_int_equal(ts_open_copy(file, len), GALP_OK);
        if (schemes[s] == GALP_SCHEME_GALP) {
            galp_store_u16(file + section + 30, 1); /* lane_end[15] != c */
            assert_int_equal(ts_open_copy(file, len), GALP_ERR_EXCEPTION_COUNT);
            galp_store_u16(file + section + 30, 2);
        }
        /* Metadata changes need the checksum recomputed to reach the check. */
        file[ts_entry(0, TS_ENT_EXPONENT)] = 19;
        ts_reseal(file);
        assert_int_equal(ts_open_copy(file, len), GALP_ERR_EXPONENT);
        file[ts_entry(0, TS_ENT_EXPONENT)] = info.exponent;
        file[ts_entry(0, TS_ENT_FACTOR)] = (uint8_t)(info.exponent + 1);
        ts_reseal(file);
        assert_int_equal(ts_open_copy(file, len), GALP_ERR_EXPONENT);
        file[ts_entry(0, TS_ENT_FACTOR)] = info.factor;
        ts_reseal(file);
        assert_int_equal(ts_open_copy(file, len), GALP_OK);
        free(file);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_worked_example),
        cmocka_unit_test(test_full_lane_example),
        cmocka_unit_test(test_validation_galp),
        cmocka_unit_test(test_convert_columns),
        cmocka_unit_test(test_convert_errors),
        cmocka_unit_test(test_file_validation),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
