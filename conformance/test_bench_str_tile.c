/*
 * test_bench_str_tile.c — the string benchmark's tiler (bench/str_tile.h): a repeated str
 * column is valid and decodes to its period's strings repeated, with and without payload
 * checksums; periods that do not fill whole vectors, other types and zero copies are refused.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "galp.h"
#include "str_tile.h"
#include "test_support.h"

enum { PERIOD = 2 * GALP_VECTOR_SIZE, COPIES = 3 };

/* Strings of 0 to 40 bytes of a small alphabet, some escapes among them. */
static uint8_t *make_strings(uint64_t n, uint64_t *offsets)
{
    uint8_t *data = malloc(n * 40 + 1);
    assert_non_null(data);
    uint64_t seed = 5;
    offsets[0] = 0;
    for (uint64_t i = 0; i < n; i++) {
        const uint64_t len = ts_random_below(&seed, 41);
        for (uint64_t k = 0; k < len; k++)
            data[offsets[i] + k] = i % 13 == 0 ? (uint8_t)ts_random(&seed)
                                               : (uint8_t)("abcde -"[ts_random_below(&seed, 7)]);
        offsets[i + 1] = offsets[i] + len;
    }
    return data;
}

static uint8_t *compress(const uint64_t *offsets, const uint8_t *data, uint64_t n, uint32_t flags,
                         size_t *len)
{
    const size_t bound = galp_str_compress_bound(n, offsets[n]);
    uint8_t *file = malloc(bound);
    assert_non_null(file);
    assert_int_equal(galp_str_compress(offsets, data, n, flags, file, bound, len), GALP_OK);
    return file;
}

static void test_tiled_decodes_to_period_repeated(void **state)
{
    (void)state;
    uint64_t offsets[PERIOD + 1];
    uint8_t *data = make_strings(PERIOD, offsets);
    const uint64_t bytes = offsets[PERIOD];
    for (uint32_t flags = 0; flags <= GALP_FLAG_PAYLOAD_CHECKSUMS; flags += GALP_FLAG_PAYLOAD_CHECKSUMS) {
        size_t len;
        uint8_t *file = compress(offsets, data, PERIOD, flags, &len);
        galp_column period, tiled;
        assert_int_equal(galp_open(&period, file, len), GALP_OK);
        uint8_t *big = NULL;
        size_t big_len = 0;
        assert_int_equal(str_tile(&period, COPIES, &big, &big_len), GALP_OK);
        assert_int_equal(galp_open(&tiled, big, big_len), GALP_OK);
        assert_int_equal(tiled.value_count, (uint64_t)PERIOD * COPIES);
        assert_int_equal(tiled.flags, flags);

        int64_t *got_offsets = malloc(((size_t)PERIOD * COPIES + 1) * sizeof *got_offsets);
        uint8_t *got = malloc(bytes * COPIES + 1);
        assert_true(got_offsets && got);
        assert_int_equal(galp_column_decode_str64(&tiled, got_offsets, (size_t)PERIOD * COPIES + 1,
                                                  got, bytes * COPIES),
                         GALP_OK);
        for (uint64_t k = 0; k < COPIES; k++) {
            assert_memory_equal(got + k * bytes, data, bytes);
            for (uint64_t i = 0; i <= PERIOD; i++)
                assert_int_equal(got_offsets[k * PERIOD + i], k * bytes + offsets[i]);
        }
        free(got_offsets);
        free(got);
        free(big);
        free(file);
    }
    free(data);
}

static void test_refusals(void **state)
{
    (void)state;
    uint64_t offsets[PERIOD + 1];
    uint8_t *data = make_strings(PERIOD, offsets);
    size_t len;
    uint8_t *file = compress(offsets, data, PERIOD - 1, 0, &len);
    galp_column col;
    uint8_t *big = (uint8_t *)&col; /* must come back NULL */
    size_t big_len = 1;
    assert_int_equal(galp_open(&col, file, len), GALP_OK);
    assert_int_equal(str_tile(&col, 2, &big, &big_len), GALP_ERR_ARGUMENT);
    assert_null(big);
    assert_int_equal(big_len, 0);
    free(file);

    file = compress(offsets, data, PERIOD, 0, &len);
    assert_int_equal(galp_open(&col, file, len), GALP_OK);
    assert_int_equal(str_tile(&col, 0, &big, &big_len), GALP_ERR_ARGUMENT);
    free(file);

    const uint32_t values[GALP_VECTOR_SIZE] = {0};
    uint8_t ints[GALP_VECTOR_SIZE * 4 + 4096];
    assert_int_equal(galp_compress(GALP_TYPE_U32, GALP_SCHEME_FFOR, values, GALP_VECTOR_SIZE, ints,
                                   sizeof ints, &len),
                     GALP_OK);
    assert_int_equal(galp_open(&col, ints, len), GALP_OK);
    assert_int_equal(str_tile(&col, 2, &big, &big_len), GALP_ERR_ARGUMENT);
    free(data);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tiled_decodes_to_period_repeated),
        cmocka_unit_test(test_refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
