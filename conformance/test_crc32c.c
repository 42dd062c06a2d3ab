/*
 * test_crc32c.c — galp_crc32c (spec/format.md §3.4) against a bit-by-bit CRC32C: the library's
 * function (the SSE 4.2 path on x86-64 processors that have it) and the portable definition
 * alone, compiled here from ref/crc32c.c under another name. Every length up to a few hundred
 * bytes at every alignment, large buffers, and CRCs continued across split calls.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test_support.h"

#define GALP_CRC32C_PORTABLE_ONLY
#define galp_crc32c crc32c_portable_only
#include "crc32c.c"
#undef galp_crc32c
/* The library's (galp_internal.h declared it under the other name above). */
uint32_t galp_crc32c(uint32_t crc, const void *data, size_t len);

typedef uint32_t (*crc_function)(uint32_t crc, const void *data, size_t len);
static const crc_function functions[] = {galp_crc32c, crc32c_portable_only};

enum { BUFFER = 1u << 20 };

static uint8_t *random_buffer(uint64_t seed)
{
    uint8_t *buffer = malloc(BUFFER);
    assert_non_null(buffer);
    for (size_t i = 0; i < BUFFER; i++)
        buffer[i] = (uint8_t)ts_random(&seed);
    return buffer;
}

static void test_check_value(void **state)
{
    (void)state;
    for (size_t f = 0; f < 2; f++) {
        assert_int_equal(functions[f](0, "123456789", 9), 0xE3069283u);
        assert_int_equal(functions[f](0, "", 0), 0);
    }
}

static void test_lengths_and_alignments(void **state)
{
    (void)state;
    uint8_t *buffer = random_buffer(30);
    for (size_t f = 0; f < 2; f++)
        for (size_t offset = 0; offset < 16; offset++)
            for (size_t len = 0; len <= 300; len++)
                assert_int_equal(functions[f](0, buffer + offset, len),
                                 ts_crc32c(buffer + offset, len));
    for (size_t f = 0; f < 2; f++)
        assert_int_equal(functions[f](0, buffer + 3, BUFFER - 3), ts_crc32c(buffer + 3, BUFFER - 3));
    free(buffer);
}

static void test_continued(void **state)
{
    (void)state;
    uint8_t *buffer = random_buffer(31);
    uint64_t seed = 32;
    const size_t len = 5000;
    const uint32_t whole = ts_crc32c(buffer, len);
    for (int round = 0; round < 200; round++) {
        const size_t split = ts_random_below(&seed, len + 1);
        for (size_t f = 0; f < 2; f++)
            assert_int_equal(functions[f](functions[f](0, buffer, split), buffer + split,
                                          len - split),
                             whole);
    }
    free(buffer);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_check_value),
        cmocka_unit_test(test_lengths_and_alignments),
        cmocka_unit_test(test_continued),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
