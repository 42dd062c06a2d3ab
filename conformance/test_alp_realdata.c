/*
 * test_alp_realdata.c — ALP and G-ALP round trips over the real-data corpus in
 * $GALP_DATA_DIR/alp (31 CSV samples, 3 row-group files), as f64 and cast to f32: every file
 * decodes bit-exactly in bulk, per vector and value by value, and the two layouts convert into
 * each other byte for byte. Skips (77) when the data is absent.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "alp_data.h"
#include "galp.h"
#include "test_support.h"

static alp_dataset *sets;
static int set_count;

static void check_file(galp_type type, const void *values, size_t n)
{
    size_t alp_len, galp_len, len;
    uint8_t *alp = ts_compress(type, GALP_SCHEME_ALP, values, n, &alp_len);
    uint8_t *galp = ts_compress(type, GALP_SCHEME_GALP, values, n, &galp_len);
    ts_check_decodes_to(alp, alp_len, type, values, n);
    ts_check_decodes_to(galp, galp_len, type, values, n);
    uint8_t *converted = malloc(galp_len);
    assert_non_null(converted);
    assert_int_equal(galp_convert_scheme(alp, alp_len, GALP_SCHEME_GALP, converted, galp_len,
                                         &len),
                     GALP_OK);
    assert_int_equal(len, galp_len);
    assert_memory_equal(converted, galp, galp_len);
    free(converted);
    free(alp);
    free(galp);
}

static void test_f64(void **state)
{
    (void)state;
    for (int s = 0; s < set_count; s++)
        check_file(GALP_TYPE_F64, sets[s].values, sets[s].n);
}

static void test_f32(void **state)
{
    (void)state;
    for (int s = 0; s < set_count; s++) {
        float *f = malloc(sets[s].n * sizeof *f);
        assert_non_null(f);
        for (size_t i = 0; i < sets[s].n; i++)
            f[i] = (float)sets[s].values[i];
        check_file(GALP_TYPE_F32, f, sets[s].n);
        free(f);
    }
}

int main(void)
{
    const char *dir = getenv("GALP_DATA_DIR");
    if (dir == NULL || (set_count = alp_data_load(dir, &sets)) == 0) {
        fprintf(stderr, "SKIP: no ALP data in $GALP_DATA_DIR/alp (GALP_DATA_DIR=%s)\n",
                dir ? dir : "(unset)");
        return 77;
    }
    if (set_count < 0)
        return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_f64),
        cmocka_unit_test(test_f32),
    };
    int failed = cmocka_run_group_tests(tests, NULL, NULL);
    alp_data_free(sets, set_count);
    return failed;
}
