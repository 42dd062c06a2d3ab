/*
 * test_alp_realdata.c — ALP and G-ALP round trips over the real-data corpus in
 * $GALP_DATA_DIR/alp (31 CSV samples, 3 row-group files), as f64 and cast to f32: every file
 * decodes bit-exactly in bulk, per vector and value by value, and the two layouts convert into
 * each other byte for byte; and on every dataset that the ALP reference stores with ALP
 * ($GALP_DATA_DIR/ALP-REFERENCE.md), galp-ALP and galp-G-ALP (whose vectors with a few
 * exceptions have u8 lane ends, spec/galp.md §1.2) are within 0.3 bits/value of the
 * reference's figure in the reference's own accounting; and on every dataset the reference
 * lists, ALP or ALP-RD, galp_compress's AUTO column is within 0.3 bits/value of it too, in
 * that accounting for the 1024-value samples and as the whole file for the row-group files
 * (ALP-RD dictionaries in the metadata entry, spec/alprd.md §3.1, bring the f32 cast of
 * bitcoin_transactions_f_tw there). Skips (77) when the data is absent.
 */
#include <setjmp.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "alp_data.h"
#include "alp_reference.h"
#include "galp.h"
#include "test_support.h"

/* The goal of docs/COMPRESSION.md: galp-ALP and G-ALP within this many bits/value of the
 * reference. */
#define REFERENCE_MARGIN 0.3

static alp_dataset *sets;
static int set_count;
static alp_reference_row reference[256];
static int reference_count;

/* spec/galp.md §7: converting the ALP file to G-ALP gives the G-ALP encoder's file, except
 * that the encoder stores RAW a vector whose G-ALP payload would exceed its RAW size. */
static void check_conversion(galp_type type, const uint8_t *alp, size_t alp_len,
                             const uint8_t *galp, size_t galp_len)
{
    galp_column from_alp, encoded;
    assert_int_equal(galp_open(&from_alp, alp, alp_len), GALP_OK);
    const size_t capacity = alp_len + (size_t)64 * from_alp.vector_count;
    uint8_t *converted = malloc(capacity);
    size_t len;
    assert_non_null(converted);
    assert_int_equal(galp_convert_scheme(alp, alp_len, GALP_SCHEME_GALP, converted, capacity,
                                         &len),
                     GALP_OK);
    if (len != galp_len || memcmp(converted, galp, len) != 0) {
        galp_column conv;
        assert_int_equal(galp_open(&conv, converted, len), GALP_OK);
        assert_int_equal(galp_open(&encoded, galp, galp_len), GALP_OK);
        for (uint32_t v = 0; v < conv.vector_count; v++) {
            galp_vector_info a, b;
            galp_vector_info_get(&conv, v, &a);
            galp_vector_info_get(&encoded, v, &b);
            if (a.scheme == b.scheme) {
                assert_int_equal(a.payload_size, b.payload_size);
                assert_memory_equal(converted + a.payload_offset, galp + b.payload_offset,
                                    a.payload_size);
                continue;
            }
            assert_int_equal(a.scheme, GALP_SCHEME_GALP);
            assert_int_equal(b.scheme, GALP_SCHEME_RAW);
            assert_true(a.payload_size > (uint64_t)b.value_count * galp_type_size(type));
        }
    }
    free(converted);
}

static void check_file(galp_type type, const void *values, size_t n)
{
    size_t alp_len, galp_len;
    uint8_t *alp = ts_compress(type, GALP_SCHEME_ALP, values, n, &alp_len);
    uint8_t *galp = ts_compress(type, GALP_SCHEME_GALP, values, n, &galp_len);
    ts_check_decodes_to(alp, alp_len, type, values, n);
    ts_check_decodes_to(galp, galp_len, type, values, n);
    check_conversion(type, alp, alp_len, galp, galp_len);
    free(alp);
    free(galp);
}

/* Where the reference stores the dataset with ALP, galp-ALP and galp-G-ALP must come within
 * the margin of it. Returns whether the dataset was compared. */
static bool check_against_reference(galp_type type, const char *name, const void *values,
                                    size_t n)
{
    const alp_reference_row *r = alp_reference_find(
        reference, reference_count, name, type == GALP_TYPE_F64 ? "double" : "float");
    if (r == NULL || strcmp(r->scheme, "ALP") != 0)
        return false;
    static const galp_scheme schemes[] = {GALP_SCHEME_ALP, GALP_SCHEME_GALP};
    for (size_t s = 0; s < 2; s++) {
        alp_measure galp;
        assert_int_equal(alp_measure_column(type, schemes[s], values, n, &galp), 0);
        if (galp.vector_bits > r->bits + REFERENCE_MARGIN)
            fail_msg("%s as %s: galp-%s %.3f b/v, ALP reference %.3f b/v", name, r->type,
                     galp_scheme_name(schemes[s]), galp.vector_bits, r->bits);
    }
    return true;
}

/* AUTO against every reference row of the dataset: the vector accounting for a sample of one
 * vector, whose file is mostly framing; the whole file for a row-group file. */
static void check_auto_against_reference(galp_type type, const char *name, const void *values,
                                         size_t n)
{
    const alp_reference_row *r = alp_reference_find(
        reference, reference_count, name, type == GALP_TYPE_F64 ? "double" : "float");
    if (r == NULL)
        return;
    alp_measure galp;
    assert_int_equal(alp_measure_column(type, GALP_SCHEME_AUTO, values, n, &galp), 0);
    const bool whole_file = n > GALP_VECTOR_SIZE;
    const double bits = whole_file ? galp.file_bits : galp.vector_bits;
    if (bits > r->bits + REFERENCE_MARGIN)
        fail_msg("%s as %s: galp AUTO %.3f b/v (%s), ALP reference (%s) %.3f b/v", name, r->type, bits,
                 whole_file ? "file" : "vector", r->scheme, r->bits);
}

static void test_f64(void **state)
{
    (void)state;
    for (int s = 0; s < set_count; s++) {
        check_file(GALP_TYPE_F64, sets[s].values, sets[s].n);
        check_against_reference(GALP_TYPE_F64, sets[s].name, sets[s].values, sets[s].n);
        check_auto_against_reference(GALP_TYPE_F64, sets[s].name, sets[s].values, sets[s].n);
    }
}

static void test_f32(void **state)
{
    (void)state;
    unsigned compared = 0;
    for (int s = 0; s < set_count; s++) {
        float *f = malloc(sets[s].n * sizeof *f);
        assert_non_null(f);
        for (size_t i = 0; i < sets[s].n; i++)
            f[i] = (float)sets[s].values[i];
        check_file(GALP_TYPE_F32, f, sets[s].n);
        compared += check_against_reference(GALP_TYPE_F32, sets[s].name, f, sets[s].n);
        check_auto_against_reference(GALP_TYPE_F32, sets[s].name, f, sets[s].n);
        free(f);
    }
    if (reference_count > 0 && compared == 0)
        fail_msg("ALP-REFERENCE.md has no float32 ALP rows for these datasets");
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
    reference_count = alp_reference_load(dir, reference, 256);
    if (reference_count == 0)
        fprintf(stderr, "no $GALP_DATA_DIR/ALP-REFERENCE.md: round trips only\n");
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_f64),
        cmocka_unit_test(test_f32),
    };
    int failed = cmocka_run_group_tests(tests, NULL, NULL);
    alp_data_free(sets, set_count);
    return failed;
}
