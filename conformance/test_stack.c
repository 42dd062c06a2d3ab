/*
 * test_stack.c — the codec runs in a thread with a small stack (include/galp.h, "Stack use"):
 * every scheme of every type is compressed, opened and decoded inside a thread created with
 * TEST_STACK_SIZE bytes of stack. The float columns mix values that take the ALP retry (a
 * second encoding of the same vector, spec/alp.md §6.3) with exceptions, so the encoder's
 * deepest path runs. A stack overflow kills the test.
 */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test_support.h"

/* What include/galp.h promises callers: the codec fits in a 64 KiB thread stack. */
#define TEST_STACK_SIZE (64u * 1024u)

/* Three and a half vectors: full vectors and a partial last one. */
#define N 3584u

typedef struct job {
    galp_type type;
    galp_scheme scheme;
    const uint8_t *values;
    galp_status compress, open, decode;
    int same; /* decoded bits equal the input */
} job;

static void *run_job(void *arg)
{
    job *j = arg;
    size_t value_bytes = galp_type_size(j->type);
    size_t cap = galp_compress_bound(j->type, N), len = 0;
    uint8_t *file = malloc(cap);
    uint8_t *out = malloc(N * value_bytes);
    if (file == NULL || out == NULL) {
        free(file);
        free(out);
        return NULL; /* the results stay unset: the caller's assertions fail */
    }
    j->compress = galp_compress(j->type, j->scheme, j->values, N, file, cap, &len);
    galp_column col;
    if (j->compress == GALP_OK && (j->open = galp_open(&col, file, len)) == GALP_OK &&
        (j->decode = galp_column_decode(&col, out, N * value_bytes)) == GALP_OK)
        j->same = memcmp(out, j->values, N * value_bytes) == 0;
    free(file);
    free(out);
    return NULL;
}

static void run_in_small_thread(job *j)
{
    pthread_attr_t attr;
    pthread_t thread;
    j->compress = j->open = j->decode = GALP_ERR_ARGUMENT;
    j->same = 0;
    assert_int_equal(pthread_attr_init(&attr), 0);
    assert_int_equal(pthread_attr_setstacksize(&attr, TEST_STACK_SIZE), 0);
    assert_int_equal(pthread_create(&thread, &attr, run_job, j), 0);
    assert_int_equal(pthread_join(thread, NULL), 0);
    pthread_attr_destroy(&attr);
    assert_int_equal(j->compress, GALP_OK);
    assert_int_equal(j->open, GALP_OK);
    assert_int_equal(j->decode, GALP_OK);
    assert_true(j->same);
}

/* Floats: the first vector is decimals with two digits, the second alternates two scales so the
 * sampled (e, f) leaves many exceptions and the encoder retries, the rest is random bits. */
static void fill_floats(galp_type type, uint8_t *values)
{
    uint64_t seed = 35;
    for (uint32_t i = 0; i < N; i++) {
        uint64_t bits;
        if (i < 1024)
            bits = ts_float_bits(type, (double)ts_random_below(&seed, 100000) / 100.0);
        else if (i < 2048)
            bits = ts_float_bits(type, i % 2 ? (double)ts_random_below(&seed, 1000) / 1000.0
                                              : (double)ts_random_below(&seed, 1000) * 7.0);
        else
            bits = ts_random(&seed);
        ts_store_bits(type, values, i, bits);
    }
}

static void fill_integers(galp_type type, uint8_t *values)
{
    uint64_t seed = 36;
    for (uint32_t i = 0; i < N; i++)
        ts_store_bits(type, values, i, i < 2048 ? 1000 + ts_random_below(&seed, 4096)
                                                : ts_random(&seed));
}

static void check_type(galp_type type, const galp_scheme *schemes, size_t count)
{
    uint8_t *values = malloc(N * galp_type_size(type));
    assert_non_null(values);
    if (type == GALP_TYPE_F32 || type == GALP_TYPE_F64)
        fill_floats(type, values);
    else
        fill_integers(type, values);
    for (size_t i = 0; i < count; i++) {
        job j = {.type = type, .scheme = schemes[i], .values = values};
        run_in_small_thread(&j);
    }
    free(values);
}

static void test_floats_in_small_stack(void **state)
{
    (void)state;
    static const galp_scheme schemes[] = {GALP_SCHEME_GALP, GALP_SCHEME_ALP, GALP_SCHEME_DICT,
                                          GALP_SCHEME_RAW};
    check_type(GALP_TYPE_F64, schemes, 4);
    check_type(GALP_TYPE_F32, schemes, 4);
}

static void test_integers_in_small_stack(void **state)
{
    (void)state;
    /* AUTO encodes every vector with FFOR, DELTA, RLE and DICT (spec/fastlanes.md §5). */
    static const galp_scheme schemes[] = {GALP_SCHEME_FFOR, GALP_SCHEME_DELTA, GALP_SCHEME_RLE,
                                          GALP_SCHEME_DICT, GALP_SCHEME_AUTO, GALP_SCHEME_RAW};
    for (int t = GALP_TYPE_U8; t <= GALP_TYPE_U64; t++)
        check_type((galp_type)t, schemes, 6);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_floats_in_small_stack),
        cmocka_unit_test(test_integers_in_small_stack),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
