/*
 * test_payload_reader.c — the reference decoders read payloads only through the bounds-checked
 * galp_reader (ref/bytes.h): given a view shorter than the payload its metadata implies, each
 * decoder reads nothing outside the view (heap buffers of exactly the view's size, so ASan
 * sees any stray read) and reports the overrun, which galp_open's callers turn into
 * GALP_ERR_PAYLOAD_SIZE.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <galp/layout.h>

#include "galp_internal.h"
#include "galp_layout.h"

/* A heap copy of the first `size` bytes of `payload`, and a reader over exactly those. */
static galp_reader short_view(const uint8_t *payload, size_t size, uint8_t **copy)
{
    *copy = malloc(size ? size : 1);
    assert_non_null(*copy);
    memcpy(*copy, payload, size);
    return galp_reader_of(*copy, size);
}

static void test_reads_inside_view(void **state)
{
    (void)state;
    static const uint8_t bytes[4] = {0x01, 0x02, 0x03, 0x04};
    galp_reader r = galp_reader_of(bytes, sizeof bytes);
    assert_int_equal(galp_read_le(&r, 0, 4), 0x04030201u);
    assert_int_equal(galp_read_u16(&r, 2), 0x0403u);
    assert_false(r.overrun);
    assert_int_equal(galp_read_le(&r, 3, 2), 0);
    assert_true(r.overrun);
    galp_reader far = galp_reader_of(bytes, sizeof bytes);
    assert_int_equal(galp_read_le(&far, UINT64_MAX - 1, 4), 0); /* no wrap of offset + size */
    assert_true(far.overrun);
}

/* A span (for checksums) is the view's own memory when inside it, NULL with overrun when not. */
static void test_span_inside_view(void **state)
{
    (void)state;
    static const uint8_t bytes[4] = {0x01, 0x02, 0x03, 0x04};
    galp_reader r = galp_reader_of(bytes, sizeof bytes);
    assert_ptr_equal(galp_read_span(&r, 1, 3), bytes + 1);
    assert_ptr_equal(galp_read_span(&r, 4, 0), bytes + 4);
    assert_false(r.overrun);
    assert_null(galp_read_span(&r, 2, 3));
    assert_true(r.overrun);
    galp_reader far = galp_reader_of(bytes, sizeof bytes);
    assert_null(galp_read_span(&far, 2, UINT64_MAX)); /* no wrap of offset + n */
    assert_true(far.overrun);
}

/* FFOR at b = 5 (u32): 640 packed bytes; a view one byte short. */
static void test_ffor_short_payload(void **state)
{
    (void)state;
    uint32_t values[GALP_VECTOR_SIZE];
    uint64_t wide[GALP_VECTOR_SIZE];
    for (uint32_t i = 0; i < GALP_VECTOR_SIZE; i++) {
        values[i] = 7u + i % 31u;
        wide[i] = values[i];
    }
    uint8_t packed[128 * 5];
    galp_ffor_pack(32, 5, 7, wide, packed);
    galp_vector_info info = {.scheme = GALP_SCHEME_FFOR, .bit_width = 5, .base = 7,
                             .value_count = GALP_VECTOR_SIZE,
                             .payload_size = galp_layout_packed_bytes(5)};

    uint8_t *copy;
    galp_reader whole = short_view(packed, sizeof packed, &copy);
    uint32_t out[GALP_VECTOR_SIZE];
    galp_ffor_decode_vector(GALP_TYPE_U32, &info, &whole, out);
    assert_false(whole.overrun);
    assert_memory_equal(out, values, sizeof values);
    free(copy);

    galp_reader cut = short_view(packed, sizeof packed - 1, &copy);
    galp_ffor_decode_vector(GALP_TYPE_U32, &info, &cut, out);
    assert_true(cut.overrun);
    cut.overrun = false;
    (void)galp_ffor_get(32, 5, 7, &cut, GALP_VECTOR_SIZE - 1); /* the last word's last byte */
    assert_true(cut.overrun);
    free(copy);
}

/* RAW: m values of W/8 bytes; a view one value short. */
static void test_raw_short_payload(void **state)
{
    (void)state;
    uint8_t payload[8 * 3] = {0};
    galp_vector_info info = {.scheme = GALP_SCHEME_RAW, .value_count = 3, .payload_size = 24};
    uint8_t *copy;
    galp_reader cut = short_view(payload, 16, &copy);
    uint64_t out[3];
    galp_raw_decode_vector(GALP_TYPE_U64, &info, &cut, out);
    assert_true(cut.overrun);
    free(copy);
}

/* ALP and G-ALP at b = 0 with exceptions: every cut of the exception section is refused by
 * validation (PAYLOAD_SIZE) and flagged by the decoders. */
static void test_alp_short_payload(void **state)
{
    (void)state;
    static const uint16_t positions[3] = {3, 20, 37};
    static const uint64_t values[3] = {0x7ff8000000000000u, 0x8000000000000000u, 1u};
    const galp_scheme schemes[2] = {GALP_SCHEME_ALP, GALP_SCHEME_GALP};
    for (int s = 0; s < 2; s++) {
        uint8_t payload[2 * 16 + 3 * 10];
        const size_t size = galp_exceptions_write(schemes[s], 0, 64, 3, positions, values, payload);
        galp_vector_info info = {.scheme = schemes[s], .value_count = 40, .exception_count = 3,
                                 .base = 25, .exponent = 1, .payload_size = (uint32_t)size};
        assert_int_equal(size, galp_layout_payload_bytes(schemes[s], 64, 0, 3, 40, 0));
        for (size_t cut_at = 0; cut_at < size; cut_at++) {
            uint8_t *copy;
            galp_reader cut = short_view(payload, cut_at, &copy);
            assert_int_equal(galp_alp_validate_payload(GALP_TYPE_F64, 0, &info, &cut),
                             GALP_ERR_PAYLOAD_SIZE);
            cut.overrun = false;
            uint64_t out[40];
            galp_alp_decode_vector(GALP_TYPE_F64, 0, &info, &cut, out);
            assert_true(cut.overrun);
            cut.overrun = false;
            uint64_t one;
            galp_alp_get(GALP_TYPE_F64, 0, &info, &cut, 37, &one);
            assert_true(cut.overrun);
            free(copy);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reads_inside_view),
        cmocka_unit_test(test_span_inside_view),
        cmocka_unit_test(test_ffor_short_payload),
        cmocka_unit_test(test_raw_short_payload),
        cmocka_unit_test(test_alp_short_payload),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
