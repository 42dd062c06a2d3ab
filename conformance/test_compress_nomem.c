/*
 * test_compress_nomem.c — galp_compress when its working memory cannot be allocated: every
 * allocation it makes is failed in turn, and each time it must return GALP_ERR_NO_MEMORY,
 * leave dst and *dst_len alone and free what it did get (LeakSanitizer checks that in sanitizer
 * builds). Linked with the static library and -Wl,--wrap=malloc (conformance/local.mk), so
 * the library's calls to malloc come here.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "galp.h"

void *__real_malloc(size_t size);
void *__wrap_malloc(size_t size);

/* Allocations left to succeed before one fails; negative: none fails. */
static long allocations_before_failure = -1;
/* Allocations seen while counting. */
static long allocations_seen;

void *__wrap_malloc(size_t size)
{
    allocations_seen++;
    if (allocations_before_failure == 0) {
        allocations_before_failure = -1;
        return NULL;
    }
    if (allocations_before_failure > 0)
        allocations_before_failure--;
    return __real_malloc(size);
}

enum { N = 2500 };

static void check_scheme(galp_type type, galp_scheme scheme, const void *values)
{
    size_t cap = galp_compress_bound(type, N), len = 0;
    uint8_t *dst = malloc(cap);
    assert_non_null(dst);

    allocations_seen = 0;
    assert_int_equal(galp_compress(type, scheme, values, N, dst, cap, &len), GALP_OK);
    const long allocations = allocations_seen;
    assert_true(allocations >= 1);

    for (long k = 0; k < allocations; k++) {
        memset(dst, 0xA5, cap);
        len = 12345;
        allocations_before_failure = k;
        assert_int_equal(galp_compress(type, scheme, values, N, dst, cap, &len),
                         GALP_ERR_NO_MEMORY);
        assert_int_equal(allocations_before_failure, -1); /* the k-th one did fail */
        assert_int_equal(len, 12345);
        for (size_t i = 0; i < cap; i++)
            assert_int_equal(dst[i], 0xA5);
    }
    free(dst);
}

static void test_floats(void **state)
{
    (void)state;
    double *values = malloc(N * sizeof *values);
    assert_non_null(values);
    for (int i = 0; i < N; i++)
        values[i] = (i % 1000) / 100.0;
    check_scheme(GALP_TYPE_F64, GALP_SCHEME_GALP, values);
    check_scheme(GALP_TYPE_F64, GALP_SCHEME_ALP, values);
    check_scheme(GALP_TYPE_F64, GALP_SCHEME_RAW, values);
    free(values);
}

static void test_integers(void **state)
{
    (void)state;
    uint32_t *values = malloc(N * sizeof *values);
    assert_non_null(values);
    for (uint32_t i = 0; i < N; i++)
        values[i] = 1000 + i % 77;
    check_scheme(GALP_TYPE_U32, GALP_SCHEME_FFOR, values);
    free(values);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_floats),
        cmocka_unit_test(test_integers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
