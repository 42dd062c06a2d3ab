/*
 * test_arrow.c — the Arrow C Data Interface export (include/galp_arrow.h): every value type
 * and string columns export the decoded values in Arrow's layout, the release callbacks free
 * everything (run under ASan), and bad arguments leave the structs released. Without CUDA the
 * device export reports GALP_ERR_NO_DEVICE; with a GPU, conformance/test_gpu_arrow.c checks it.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "galp.h"
#include "galp_arrow.h"
#include "test_support.h"

enum { VALUES = 2 * GALP_VECTOR_SIZE + 77 };

static void check_values(galp_type type, galp_scheme scheme, const char *format)
{
    size_t width = galp_type_size(type);
    uint8_t *values = malloc(VALUES * width);
    uint64_t seed = type;
    for (uint64_t i = 0; i < VALUES; i++)
        ts_store_bits(type, values, i, ts_random_below(&seed, 1000));
    size_t len;
    uint8_t *file = ts_compress(type, scheme, values, VALUES, &len);
    galp_column col;
    assert_int_equal(galp_open(&col, file, len), GALP_OK);

    struct ArrowSchema schema;
    struct ArrowArray array;
    assert_int_equal(galp_arrow_export(&col, &schema, &array), GALP_OK);
    assert_string_equal(schema.format, format);
    assert_int_equal(schema.n_children, 0);
    assert_int_equal(array.length, VALUES);
    assert_int_equal(array.null_count, 0);
    assert_int_equal(array.n_buffers, 2);
    assert_null(array.buffers[0]);
    assert_int_equal((uintptr_t)array.buffers[1] % 64, 0);
    assert_memory_equal(array.buffers[1], values, VALUES * width);
    array.release(&array);
    assert_null(array.release);
    schema.release(&schema);
    assert_null(schema.release);
    free(file);
    free(values);
}

static void test_value_types(void **state)
{
    (void)state;
    check_values(GALP_TYPE_U8, GALP_SCHEME_FFOR, "C");
    check_values(GALP_TYPE_U16, GALP_SCHEME_DELTA, "S");
    check_values(GALP_TYPE_U32, GALP_SCHEME_AUTO, "I");
    check_values(GALP_TYPE_U64, GALP_SCHEME_RLE, "L");
    check_values(GALP_TYPE_F32, GALP_SCHEME_GALP, "f");
    check_values(GALP_TYPE_F64, GALP_SCHEME_ALP, "g");
}

static void test_strings(void **state)
{
    (void)state;
    const char text[] = "galpFSSTstringsarrow";
    const uint64_t offsets[] = {0, 4, 4, 8, 15, 20};
    size_t cap = galp_str_compress_bound(5, 20), len;
    uint8_t *file = malloc(cap);
    assert_int_equal(galp_str_compress(offsets, (const uint8_t *)text, 5, 0, file, cap, &len),
                     GALP_OK);
    galp_column col;
    assert_int_equal(galp_open(&col, file, len), GALP_OK);
    struct ArrowSchema schema;
    struct ArrowArray array;
    assert_int_equal(galp_arrow_export(&col, &schema, &array), GALP_OK);
    assert_string_equal(schema.format, "u");
    assert_int_equal(array.length, 5);
    assert_int_equal(array.n_buffers, 3);
    const int32_t *got = array.buffers[1];
    for (int i = 0; i <= 5; i++)
        assert_int_equal(got[i], (int32_t)offsets[i]);
    assert_memory_equal(array.buffers[2], text, 20);
    array.release(&array);
    schema.release(&schema);
    free(file);
}

static void test_empty_column(void **state)
{
    (void)state;
    size_t len;
    uint8_t *file = ts_compress(GALP_TYPE_F64, GALP_SCHEME_AUTO, NULL, 0, &len);
    galp_column col;
    assert_int_equal(galp_open(&col, file, len), GALP_OK);
    struct ArrowSchema schema;
    struct ArrowArray array;
    assert_int_equal(galp_arrow_export(&col, &schema, &array), GALP_OK);
    assert_int_equal(array.length, 0);
    assert_non_null(array.buffers[1]);
    array.release(&array);
    schema.release(&schema);
    free(file);
}

static void test_refusals(void **state)
{
    (void)state;
    uint32_t values[3] = {1, 2, 3};
    size_t len;
    uint8_t *file = ts_compress(GALP_TYPE_U32, GALP_SCHEME_FFOR, values, 3, &len);
    galp_column col;
    assert_int_equal(galp_open(&col, file, len), GALP_OK);
    struct ArrowSchema schema = {.release = (void (*)(struct ArrowSchema *))1};
    struct ArrowArray array = {.release = (void (*)(struct ArrowArray *))1};
    assert_int_equal(galp_arrow_export(NULL, &schema, &array), GALP_ERR_ARGUMENT);
    assert_null(schema.release);
    assert_null(array.release);
    assert_int_equal(galp_arrow_export(&col, NULL, &array), GALP_ERR_ARGUMENT);
    schema.release = (void (*)(struct ArrowSchema *))1;
    assert_int_equal(galp_arrow_export(&col, &schema, NULL), GALP_ERR_ARGUMENT);
    assert_null(schema.release);
    galp_column changed = col;
    changed.value_count += 1; /* not what galp_open sealed */
    assert_int_equal(galp_arrow_export(&changed, &schema, &array), GALP_ERR_ARGUMENT);
    assert_null(schema.release);
    assert_null(array.release);
    free(file);
}

/* A NULL column is refused before any CUDA call (GALP_ERR_ARGUMENT); a build without CUDA
 * refuses everything with GALP_ERR_NO_DEVICE. Either way the structs are left released. */
static void test_device_export_refusal(void **state)
{
    (void)state;
#ifdef GALP_HAVE_CUDA
    const galp_status expected = GALP_ERR_ARGUMENT;
#else
    const galp_status expected = GALP_ERR_NO_DEVICE;
#endif
    struct ArrowSchema schema = {.release = (void (*)(struct ArrowSchema *))1};
    struct ArrowDeviceArray array = {.array.release = (void (*)(struct ArrowArray *))1};
    assert_int_equal(galp_gpu_arrow_export(NULL, NULL, &schema, &array), expected);
    assert_null(schema.release);
    assert_null(array.array.release);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_value_types),
        cmocka_unit_test(test_strings),
        cmocka_unit_test(test_empty_column),
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_device_export_refusal),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
