/*
 * test_bench_tile.c — the benchmark's inputs, tested on the CPU: a tiled galp file
 * (bench/galp_tile.h) must be a valid file that decodes to the period repeated, and the
 * synthetic sweeps (bench/bench_data.h) must have the bit widths and exception rates their
 * names promise, since the benchmark reports throughput against them.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "bench_data.h"
#include "galp.h"
#include "galp_tile.h"

/* Encodes d tiled `copies` times with the scheme, decodes it with the reference decoder and
 * checks every copy against the period, and the file's size against what each copy adds
 * (galp_tile_period_bytes, by which galp-bench sizes its scans); returns the stats. */
static galp_tile_stats check_tiled(const bench_dataset *d, galp_scheme scheme, uint64_t copies)
{
    uint8_t *file = NULL;
    size_t len = 0, size = galp_type_size(d->type);
    galp_tile_stats stats;
    assert_int_equal(galp_tile_encode(d->type, scheme, d->values, d->n, copies, &file, &len,
                                      &stats),
                     GALP_OK);
    uint64_t per_copy = 0;
    assert_int_equal(galp_tile_period_bytes(d->type, scheme, d->values, d->n, &per_copy), GALP_OK);
    assert_int_equal(len, GALP_HEADER_SIZE + copies * per_copy + GALP_TAIL_PADDING);
    galp_column col;
    assert_int_equal(galp_open(&col, file, len), GALP_OK);
    assert_int_equal(col.value_count, d->n * copies);
    if (scheme != GALP_SCHEME_AUTO) /* AUTO writes a column of the type's scheme */
        assert_int_equal(col.scheme, scheme);
    uint8_t *out = malloc(d->n * copies * size);
    assert_non_null(out);
    assert_int_equal(galp_column_decode(&col, out, d->n * copies * size), GALP_OK);
    for (uint64_t t = 0; t < copies; t++)
        assert_memory_equal(out + t * d->n * size, d->values, d->n * size);
    free(out);
    free(file);
    return stats;
}

static void tiled_alp_and_galp_decode_to_the_period_repeated(void **state)
{
    (void)state;
    bench_dataset d;
    assert_int_equal(bench_dataset_synthetic_alp(GALP_TYPE_F64, 20, 5, 4 * 1024, 7, &d), 0);
    check_tiled(&d, GALP_SCHEME_GALP, 5);
    check_tiled(&d, GALP_SCHEME_ALP, 3);
    bench_dataset f32;
    assert_int_equal(bench_dataset_cast_f32(&d, &f32), 0);
    assert_string_equal(f32.name, "f64-b20-x5-f32");
    check_tiled(&f32, GALP_SCHEME_GALP, 2);
    bench_dataset_free(&f32);
    bench_dataset_free(&d);
}

static void tiled_ffor_decodes_to_the_period_repeated(void **state)
{
    (void)state;
    bench_dataset d;
    assert_int_equal(bench_dataset_synthetic_ffor(GALP_TYPE_U32, 9, 2 * 1024, 3, &d), 0);
    galp_tile_stats s = check_tiled(&d, GALP_SCHEME_FFOR, 4);
    assert_true(s.bit_width <= 9.0 && s.bit_width > 8.0);
    bench_dataset_free(&d);
}

/* --fastlanes's inputs: the corpus scaled to integers (round(100·x) less the minimum, u32
 * when the range fits, u64 otherwise, refused when not finite) and sorted timestamps, which
 * tile as DELTA, RLE, DICT and AUTO files without counting their run and dictionary sizes as
 * exceptions. */
static void fastlanes_inputs_are_integers_that_tile(void **state)
{
    (void)state;
    double x[1024];
    for (unsigned i = 0; i < 1024; i++)
        x[i] = -12.5 + 0.01 * (double)(i % 300);
    bench_dataset f64 = {"prices", "sample", GALP_TYPE_F64, x, 1024, 1024}, d;
    assert_int_equal(bench_dataset_scaled_int(&f64, &d), 0);
    assert_string_equal(d.name, "prices-int");
    assert_int_equal(d.type, GALP_TYPE_U32);
    assert_int_equal(((uint32_t *)d.values)[0], 0);
    assert_int_equal(((uint32_t *)d.values)[299], 299);
    static const galp_scheme schemes[] = {GALP_SCHEME_DELTA, GALP_SCHEME_RLE, GALP_SCHEME_DICT, GALP_SCHEME_AUTO};
    for (size_t k = 0; k < 4; k++)
        assert_true(check_tiled(&d, schemes[k], 3).exception_rate == 0.0);
    bench_dataset_free(&d);
    x[7] = 1e12; /* a range of 1e14 after scaling: u64 */
    assert_int_equal(bench_dataset_scaled_int(&f64, &d), 0);
    assert_int_equal(d.type, GALP_TYPE_U64);
    assert_int_equal(((uint64_t *)d.values)[7], (uint64_t)(1e14 + 1250.0));
    bench_dataset_free(&d);
    x[7] = INFINITY;
    assert_int_not_equal(bench_dataset_scaled_int(&f64, &d), 0);

    assert_int_equal(bench_dataset_sorted_timestamps(4 * 1024, 9, &d), 0);
    assert_int_equal(d.type, GALP_TYPE_U64);
    const uint64_t *ts = (const uint64_t *)d.values;
    for (unsigned i = 1; i < 4 * 1024; i++)
        assert_true(ts[i] - ts[i - 1] >= 1000 && ts[i] - ts[i - 1] <= 1015);
    assert_true(check_tiled(&d, GALP_SCHEME_DELTA, 2).bit_width <= 4.0);
    bench_dataset_free(&d);
}

static void bad_periods_are_refused(void **state)
{
    (void)state;
    double v[1500] = {0};
    uint8_t *file = (uint8_t *)1;
    size_t len = 1;
    assert_int_equal(galp_tile_encode(GALP_TYPE_F64, GALP_SCHEME_GALP, v, 1500, 2, &file, &len,
                                      NULL),
                     GALP_ERR_ARGUMENT);
    assert_null(file);
    assert_int_equal(len, 0);
    assert_int_equal(galp_tile_encode(GALP_TYPE_F64, GALP_SCHEME_GALP, v, 1024, 0, &file, &len,
                                      NULL),
                     GALP_ERR_ARGUMENT);
    uint64_t per_copy = 1;
    assert_int_equal(galp_tile_period_bytes(GALP_TYPE_F64, GALP_SCHEME_GALP, v, 1500, &per_copy),
                     GALP_ERR_ARGUMENT);
    assert_int_equal(per_copy, 0);
}

/* The sweep's values are exact decimals: the bit width asked and, unless asked for, almost no
 * exceptions (the encoder's sampled choice of e and f may still cost a few per mille). */
static void alp_sweeps_have_the_promised_shape(void **state)
{
    (void)state;
    static const unsigned widths[] = {0, 8, 24, 40, 48};
    for (size_t i = 0; i < sizeof widths / sizeof widths[0]; i++) {
        bench_dataset d;
        assert_int_equal(bench_dataset_synthetic_alp(GALP_TYPE_F64, widths[i], 0, 16 * 1024,
                                                     11 + i, &d),
                         0);
        galp_tile_stats s = check_tiled(&d, GALP_SCHEME_GALP, 1);
        assert_true(s.exception_rate < 0.005);
        assert_true(s.raw_fraction == 0.0);
        assert_true(s.bit_width <= widths[i] + 1.0 && s.bit_width + 1.0 >= widths[i]);
        bench_dataset_free(&d);
    }
    bench_dataset d;
    assert_int_equal(bench_dataset_synthetic_alp(GALP_TYPE_F32, 12, 20, 16 * 1024, 5, &d), 0);
    galp_tile_stats s = check_tiled(&d, GALP_SCHEME_GALP, 1);
    assert_true(s.exception_rate > 0.17 && s.exception_rate < 0.23);
    bench_dataset_free(&d);
    assert_int_not_equal(bench_dataset_synthetic_alp(GALP_TYPE_F64, 49, 0, 1024, 1, &d), 0);
}

/* A CSV of fewer than 1024 values wraps around to whole vectors. */
static void short_files_wrap_to_whole_vectors(void **state)
{
    (void)state;
    char path[] = "/tmp/galp-bench-tile-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    assert_non_null(f);
    fputs("1.5\n2.25\n\n-3\n", f);
    fclose(f);
    char named[64];
    snprintf(named, sizeof named, "%s.csv", path);
    assert_int_equal(rename(path, named), 0);
    bench_dataset d;
    char err[256];
    assert_int_equal(bench_dataset_read(named, GALP_TYPE_F64, "file", &d, err, sizeof err), 0);
    remove(named);
    assert_int_equal(d.n, 1024);
    assert_int_equal(d.n_source, 3);
    const double *v = d.values;
    assert_true(v[0] == 1.5 && v[1] == 2.25 && v[2] == -3 && v[3] == 1.5 && v[1023] == 1.5);
    bench_dataset_free(&d);
}

/* Raw files are whole values of the type; anything else is refused with a message. */
static void raw_files_are_read_as_values_of_their_type(void **state)
{
    (void)state;
    char path[] = "/tmp/galp-bench-raw-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "wb");
    assert_non_null(f);
    uint32_t v[2048];
    for (unsigned i = 0; i < 2048; i++)
        v[i] = 1000u + i * 7u;
    assert_int_equal(fwrite(v, 1, sizeof v - 2, f), sizeof v - 2); /* 2 bytes short */
    fclose(f);
    bench_dataset d;
    char err[256];
    assert_int_not_equal(bench_dataset_read(path, GALP_TYPE_U32, "file", &d, err, sizeof err), 0);
    assert_non_null(strstr(err, "not a whole number of u32 values"));
    assert_int_equal(bench_dataset_read(path, GALP_TYPE_U16, "file", &d, err, sizeof err), 0);
    assert_int_equal(d.type, GALP_TYPE_U16);
    assert_int_equal(d.n_source, 4095);
    assert_int_equal(d.n, 4096);
    assert_memory_equal(d.values, v, sizeof v - 2);
    bench_dataset_free(&d);
    remove(path);
}

/* The ALP corpus, when present: row groups first, then samples, each as one period. */
static void the_alp_corpus_is_listed_in_order(void **state)
{
    (void)state;
    const char *env = getenv("GALP_DATA_DIR");
    char dir[4096], err[256];
    snprintf(dir, sizeof dir, "%s/alp", env && *env ? env : "../shared/data");
    bench_dataset *all = NULL;
    int n = bench_dataset_list_alp(dir, &all, err, sizeof err);
    if (n == 0) {
        print_message("no datasets under %s (set GALP_DATA_DIR): skipped\n", dir);
        skip();
    }
    assert_true(n > 3);
    assert_string_equal(all[0].source, "rowgroup");
    assert_string_equal(all[n - 1].source, "sample");
    for (int i = 0; i < n; i++) {
        assert_int_equal(all[i].type, GALP_TYPE_F64);
        assert_int_equal(all[i].n % 1024, 0);
        if (i > 0 && strcmp(all[i].source, all[i - 1].source) == 0)
            assert_true(strcmp(all[i - 1].name, all[i].name) < 0);
        bench_dataset_free(&all[i]);
    }
    free(all);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(tiled_alp_and_galp_decode_to_the_period_repeated),
        cmocka_unit_test(tiled_ffor_decodes_to_the_period_repeated),
        cmocka_unit_test(fastlanes_inputs_are_integers_that_tile),
        cmocka_unit_test(bad_periods_are_refused),
        cmocka_unit_test(alp_sweeps_have_the_promised_shape),
        cmocka_unit_test(short_files_wrap_to_whole_vectors),
        cmocka_unit_test(raw_files_are_read_as_values_of_their_type),
        cmocka_unit_test(the_alp_corpus_is_listed_in_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
