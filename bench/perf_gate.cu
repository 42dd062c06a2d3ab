/*
 * perf_gate.cu — `galp-perf-gate`: the performance gate of `make check` on a GPU runner.
 *
 * Measures, in one process and in well under a minute, the device's copy and read bandwidth
 * and libgalp's GPU throughput on a few columns (real columns of the corpus when
 * $GALP_DATA_DIR has them, and synthetic columns that are always there), then asserts the
 * floors of bench/floors.txt. A floor is a fraction of the limit measured in this run
 * (decode: compressed read + decoded written at the copy rate; scans: compressed read at the
 * read rate; bench_case.cuh), so one floors file serves an A100, an H100 and an H200.
 * Every result is also checked for correctness, as in galp-bench.
 *
 * Usage: galp-perf-gate --floors FILE [--data DIR] [--size BYTES]
 * Exit: 0 all floors met, 1 a floor missed or a result wrong, 2 usage or floors file error,
 * 77 no usable GPU (automake's SKIP).
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_case.cuh"
#include "bench_data.h"
#include "bench_report.h"
#include "galp_gpu.h"
#include "galp_rows.h"

typedef struct floor_line {
    char dataset[96], codec[32], op[32];
    double floor;
    int line;
} floor_line;

static int read_floors(const char *path, floor_line **out, int *count)
{
    FILE *f = fopen(path, "r");
    char text[512];
    int line = 0, n = 0, cap = 0;
    floor_line *v = NULL;
    if (!f) {
        fprintf(stderr, "galp-perf-gate: cannot open %s\n", path);
        return -1;
    }
    while (fgets(text, sizeof text, f)) {
        floor_line fl;
        char extra[8];
        line++;
        char *hash = strchr(text, '#');
        if (hash)
            *hash = '\0';
        if (text[strspn(text, " \t\r\n")] == '\0')
            continue;
        if (sscanf(text, "%95s %31s %31s %lf %7s", fl.dataset, fl.codec, fl.op, &fl.floor,
                   extra) != 4 ||
            !(fl.floor > 0 && fl.floor <= 1)) {
            fprintf(stderr, "%s:%d: want DATASET CODEC OP FLOOR with 0 < FLOOR <= 1\n", path,
                    line);
            fclose(f);
            free(v);
            return -1;
        }
        fl.line = line;
        if (n == cap) {
            cap = cap ? 2 * cap : 32;
            floor_line *grown = (floor_line *)realloc(v, cap * sizeof *grown);
            if (!grown) {
                fclose(f);
                free(v);
                return -1;
            }
            v = grown;
        }
        v[n++] = fl;
    }
    fclose(f);
    *out = v;
    *count = n;
    return 0;
}

/* A file of the corpus (`file` under data_dir, of kind `source`: "rowgroup" or "sample"), as
 * f64 when keep_f64 and cast to f32 when keep_f32, appended to d[*n]; absent, it is left out
 * with a note. */
static int add_corpus_column(const char *data_dir, const char *file, const char *source, int keep_f64,
                             int keep_f32, bench_dataset *d, int *n)
{
    char path[4096], err[512];
    bench_dataset f64;
    snprintf(path, sizeof path, "%.4000s/%.64s", data_dir, file);
    if (bench_dataset_read(path, GALP_TYPE_F64, source, &f64, err, sizeof err) != 0) {
        fprintf(stderr, "galp-perf-gate: %s: its cases skipped\n", err);
        return 0;
    }
    if (keep_f32 && bench_dataset_cast_f32(&f64, &d[*n + (keep_f64 ? 1 : 0)]) != 0) {
        bench_dataset_free(&f64);
        return -1;
    }
    if (keep_f64)
        d[*n] = f64;
    else
        bench_dataset_free(&f64);
    *n += (keep_f64 ? 1 : 0) + (keep_f32 ? 1 : 0);
    return 0;
}

/* The gate's columns (at most gate_max_columns): synthetic ones always, real ones when the
 * corpus is there: the row group city_temperature_f_tw as f64 and f32 (G-ALP), and two whose
 * vectors are all RAW (the scans' stored-float paths and the variants that have them): the
 * row group bitcoin_transactions_f_tw cast to f32 and the sample poi_lat as f64. */
enum { gate_max_columns = 12 };
static int gate_datasets(const char *data_dir, bench_dataset *d, int *count)
{
    int n = 0;
    if (add_corpus_column(data_dir, "rowgroups/city_temperature_f_tw.bin", "rowgroup", 1, 1, d, &n) != 0 ||
        add_corpus_column(data_dir, "rowgroups/bitcoin_transactions_f_tw.bin", "rowgroup", 0, 1, d, &n) != 0 ||
        add_corpus_column(data_dir, "samples/poi_lat.csv", "sample", 1, 0, d, &n) != 0)
        return -1;
    const uint64_t values = 128 * GALP_VECTOR_SIZE;
    if (bench_dataset_synthetic_alp(GALP_TYPE_F64, 16, 0, values, 11, &d[n++]) != 0 ||
        bench_dataset_synthetic_alp(GALP_TYPE_F64, 16, 5, values, 12, &d[n++]) != 0 ||
        bench_dataset_synthetic_alp(GALP_TYPE_F32, 12, 0, values, 13, &d[n++]) != 0 ||
        bench_dataset_synthetic_ffor(GALP_TYPE_U32, 12, values, 14, &d[n++]) != 0 ||
        bench_dataset_synthetic_ffor(GALP_TYPE_U64, 24, values, 15, &d[n++]) != 0)
        return -1;
    *count = n;
    return 0;
}

static const bench_row *find_row(const bench_report *r, const floor_line *fl)
{
    for (size_t i = 0; i < r->count; i++)
        if (strcmp(r->rows[i].dataset, fl->dataset) == 0 &&
            strcmp(r->rows[i].codec, fl->codec) == 0 && strcmp(r->rows[i].op, fl->op) == 0)
            return &r->rows[i];
    return NULL;
}

static int named_by_floor(const floor_line *floors, int n, const bench_row *row)
{
    for (int i = 0; i < n; i++)
        if (strcmp(row->dataset, floors[i].dataset) == 0 &&
            strcmp(row->codec, floors[i].codec) == 0 && strcmp(row->op, floors[i].op) == 0)
            return 1;
    return 0;
}

static int have_dataset(const bench_dataset *d, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (strcmp(d[i].name, name) == 0)
            return 1;
    return 0;
}

int main(int argc, char **argv)
{
    static const struct option longs[] = {{"floors", required_argument, 0, 'f'},
                                          {"data", required_argument, 0, 'd'},
                                          {"size", required_argument, 0, 's'},
                                          {0, 0, 0, 0}};
    const char *floors_path = NULL, *env = getenv("GALP_DATA_DIR");
    char data_dir[4096];
    size_t bytes = (size_t)512 << 20; /* ~10x the largest L2 (H200: 60 MB) */
    int ch;
    snprintf(data_dir, sizeof data_dir, "%s/alp", env && *env ? env : "../shared/data");
    while ((ch = getopt_long(argc, argv, "", longs, NULL)) != -1) {
        switch (ch) {
        case 'f': floors_path = optarg; break;
        case 'd': snprintf(data_dir, sizeof data_dir, "%s", optarg); break;
        case 's': bytes = strtoull(optarg, NULL, 0); break;
        default: floors_path = NULL; optind = argc + 1; break;
        }
    }
    if (!floors_path || optind != argc) {
        fprintf(stderr, "usage: galp-perf-gate --floors FILE [--data DIR] [--size BYTES]\n");
        return 2;
    }
    floor_line *floors;
    int nfloors;
    if (read_floors(floors_path, &floors, &nfloors) != 0)
        return 2;

    galp_status st = galp_gpu_available();
    if (st != GALP_OK) {
        printf("galp-perf-gate: SKIP: no usable GPU (%s)\n", galp_strerror(st));
        return 77;
    }
    bench_ceilings ceil;
    bench_dataset data[gate_max_columns];
    int ndata = 0;
    if (bench_measure_ceilings(bytes, 3, 10, &ceil) != 0 ||
        gate_datasets(data_dir, data, &ndata) != 0)
        return 1;
    cudaDeviceProp p;
    cudaGetDeviceProperties(&p, 0);
    printf("galp-perf-gate: %s; copy %.0f GB/s (read + written), read %.0f GB/s; "
           "columns of %zu MiB\n",
           p.name, ceil.copy, ceil.read, bytes >> 20);

    bench_report report = {NULL, 0, 0};
    for (int i = 0; i < ndata; i++) {
        bench_case c;
        int is_float = data[i].type == GALP_TYPE_F32 || data[i].type == GALP_TYPE_F64;
        if (bench_case_open(&c, &data[i], bytes, 3, 10, &ceil) != 0)
            return 1;
        int rc = galp_rows(&c, is_float ? GALP_SCHEME_GALP : GALP_SCHEME_FFOR, &report);
        bench_case_close(&c);
        if (rc != 0)
            return 1;
    }

    int passed = 0, failed = 0, skipped = 0;
    for (int i = 0; i < nfloors; i++) {
        const floor_line *fl = &floors[i];
        const bench_row *row = find_row(&report, fl);
        if (!row && !have_dataset(data, ndata, fl->dataset)) {
            printf("  SKIP  %-24s %-5s %-10s (no such column here: data absent)\n",
                   fl->dataset, fl->codec, fl->op);
            skipped++;
            continue;
        }
        if (!row) {
            printf("  FAIL  %-24s %-5s %-10s no measurement of that name (%s:%d)\n",
                   fl->dataset, fl->codec, fl->op, floors_path, fl->line);
            failed++;
            continue;
        }
        int ok = row->fraction >= fl->floor && strcmp(row->check, "ok") == 0;
        printf("  %s  %-24s %-5s %-10s %8.1f GB/s = %5.1f%% of %7.1f GB/s (floor %4.1f%%)%s%s\n",
               ok ? "PASS" : "FAIL", fl->dataset, fl->codec, fl->op, row->gbps,
               100 * row->fraction, row->limit_gbps, 100 * fl->floor,
               strcmp(row->check, "ok") ? "  WRONG RESULT: " : "",
               strcmp(row->check, "ok") ? row->check : "");
        ok ? passed++ : failed++;
    }
    /* Wrong results fail the gate whether or not a floor names them. */
    for (size_t i = 0; i < report.count; i++)
        if (strcmp(report.rows[i].check, "ok") != 0 &&
            !named_by_floor(floors, nfloors, &report.rows[i])) {
            printf("  FAIL  %-24s %-5s %-10s %s\n", report.rows[i].dataset,
                   report.rows[i].codec, report.rows[i].op, report.rows[i].check);
            failed++;
        }
    printf("galp-perf-gate: %d passed, %d failed, %d skipped%s\n", passed, failed, skipped,
           failed ? "  <== PERFORMANCE GATE FAILED" : "");
    for (int i = 0; i < ndata; i++)
        bench_dataset_free(&data[i]);
    bench_report_free(&report);
    free(floors);
    return failed ? 1 : 0;
}
