/*
 * test_column_seal.c — a galp_column changed after galp_open is refused (include/galp.h).
 *
 * Every call taking a view must return GALP_ERR_ARGUMENT, write nothing and read nothing
 * outside the file when any one field of the view differs from what galp_open set: a longer
 * value_count or vector_count, another data pointer, size, type or scheme would otherwise
 * steer the decoders past the end of the validated file (run under ASan to see it).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "galp.h"
#include "test_support.h"

enum { VALUES = 2 * GALP_VECTOR_SIZE + 300, OUT_BYTES = 8 * 4 * GALP_VECTOR_SIZE };

/* The changes made to a view, one at a time. */
enum change {
    CHANGE_DATA,
    CHANGE_SIZE_UP,
    CHANGE_SIZE_DOWN,
    CHANGE_TYPE,
    CHANGE_SCHEME,
    CHANGE_VALUE_COUNT_BY_ONE,
    CHANGE_VALUE_COUNT_BY_VECTOR,
    CHANGE_VECTOR_COUNT,
    CHANGE_VERSION_MINOR,
    CHANGE_CHECKSUM,
    CHANGE_SEAL,
    CHANGE_COUNT
};

static void apply(galp_column *view, enum change change)
{
    switch (change) {
    case CHANGE_DATA: view->data += 16; break;
    case CHANGE_SIZE_UP: view->size += 1; break;
    case CHANGE_SIZE_DOWN: view->size -= 1; break;
    case CHANGE_TYPE:
        view->type = view->type == GALP_TYPE_U32 ? GALP_TYPE_U64 : GALP_TYPE_F32;
        break;
    case CHANGE_SCHEME:
        view->scheme = view->scheme == GALP_SCHEME_GALP ? GALP_SCHEME_ALP : GALP_SCHEME_RAW;
        break;
    case CHANGE_VALUE_COUNT_BY_ONE: view->value_count += 1; break;
    case CHANGE_VALUE_COUNT_BY_VECTOR:
        view->value_count += GALP_VECTOR_SIZE;
        view->vector_count += 1;
        break;
    case CHANGE_VECTOR_COUNT: view->vector_count += 1; break;
    case CHANGE_VERSION_MINOR: view->version_minor += 1; break;
    case CHANGE_CHECKSUM: view->checksum ^= 1u; break;
    case CHANGE_SEAL: view->seal ^= 1u; break;
    case CHANGE_COUNT: break;
    }
}

/* Every call taking a view refuses `view` and leaves its outputs untouched. */
static void expect_refused(const galp_column *view)
{
    uint8_t *out = malloc(OUT_BYTES);
    assert_non_null(out);
    memset(out, 0xA5, OUT_BYTES);
    galp_vector_info info;
    memset(&info, 0xA5, sizeof info);
    galp_vector_info untouched;
    memset(&untouched, 0xA5, sizeof untouched);

    assert_int_equal(galp_column_decode(view, out, OUT_BYTES), GALP_ERR_ARGUMENT);
    assert_int_equal(galp_column_decode_vector(view, 2, out, OUT_BYTES), GALP_ERR_ARGUMENT);
    assert_int_equal(galp_column_get(view, VALUES - 1, out), GALP_ERR_ARGUMENT);
    assert_int_equal(galp_vector_info_get(view, 2, &info), GALP_ERR_ARGUMENT);
    for (size_t i = 0; i < OUT_BYTES; i++)
        assert_int_equal(out[i], 0xA5);
    assert_memory_equal(&info, &untouched, sizeof info);
    free(out);
}

/* The column of `values` in `scheme`, opened from a heap copy of exactly its size; each change
 * of a copy of the view is refused, and an unchanged copy still decodes. */
static void check_column(galp_type type, galp_scheme scheme, const void *values)
{
    size_t len;
    uint8_t *file = ts_compress(type, scheme, values, VALUES, &len);
    galp_column view;
    assert_int_equal(galp_open(&view, file, len), GALP_OK);
    assert_int_equal(view.scheme, scheme);

    for (int change = 0; change < CHANGE_COUNT; change++) {
        galp_column changed = view;
        apply(&changed, (enum change)change);
        expect_refused(&changed);
    }

    galp_column copy = view;
    uint8_t *out = malloc(OUT_BYTES);
    assert_non_null(out);
    assert_int_equal(galp_column_decode(&copy, out, OUT_BYTES), GALP_OK);
    assert_memory_equal(out, values, VALUES * galp_type_size(type));
    free(out);
    free(file);
}

static void test_ffor_view_changed(void **state)
{
    (void)state;
    static uint32_t values[VALUES];
    for (uint32_t i = 0; i < VALUES; i++)
        values[i] = 1000u + i % 97u;
    check_column(GALP_TYPE_U32, GALP_SCHEME_FFOR, values);
}

/* Decimals with a few NaN exceptions in each vector, in both exception layouts. */
static void test_alp_views_changed(void **state)
{
    (void)state;
    static double values[VALUES];
    for (uint32_t i = 0; i < VALUES; i++)
        values[i] = i % 61u == 5u ? ts_as_f64(0x7ff8000000000001u) : (double)(i % 500u) / 100.0;
    check_column(GALP_TYPE_F64, GALP_SCHEME_GALP, values);
    check_column(GALP_TYPE_F64, GALP_SCHEME_ALP, values);
}

/* A view galp_open never filled, or one whose galp_open failed, is refused too. */
static void test_unopened_view(void **state)
{
    (void)state;
    galp_column zero;
    memset(&zero, 0, sizeof zero);
    expect_refused(&zero);

    static const uint8_t not_a_file[GALP_HEADER_SIZE];
    galp_column failed;
    memset(&failed, 0, sizeof failed);
    assert_int_equal(galp_open(&failed, not_a_file, sizeof not_a_file), GALP_ERR_BAD_MAGIC);
    expect_refused(&failed);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ffor_view_changed),
        cmocka_unit_test(test_alp_views_changed),
        cmocka_unit_test(test_unopened_view),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
