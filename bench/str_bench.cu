/*
 * bench/str_bench.cu — str columns (spec/fsst.md) on the GPU beside nvCOMP's codecs on the
 * same strings, against the device's ceilings measured in the same process.
 *
 *   galp-str-bench [--gib G] [--files LIST] [--codecs LIST] [--out PREFIX] [--commit C] [DATA_DIR]
 *
 * Each file of DATA_DIR/strings (default $GALP_DATA_DIR, else ../shared/data) is split as the
 * FSST reference splits it (bench/str_lines.h). Its first whole vectors of strings (a multiple
 * of 1024) are the period: compressed once by the reference encoder, repeated until the
 * strings and their newlines take at least G GiB (default 1) by bench/str_tile.h, uploaded,
 * and measured:
 *
 *   galp decompress      galp_gpu_decompress_str32 into Arrow's layout (int32 offsets and the
 *                        bytes), checked against the period repeated;
 *   galp filter-equal    galp_gpu_str_count_equal (a lane per piece testing each code
 *                        against a match table, gpu/str_count_piece.cuh), for the period's
 *                        middle string, checked against the host's count;
 *   nvcomp-<codec>       the same strings as text (each followed by its newline: the file's
 *                        own bytes, repeated) in 64 KiB chunks, decompressed and compared.
 *
 * Every row measures against the text's bytes, the same for every codec: ratio = text bytes /
 * compressed bytes (for galp the whole file: header, tables, pieces, tail), GB/s = text bytes /
 * median time. The limit of a decompression is its compressed bytes read plus what it writes
 * (galp: the Arrow offsets and bytes; nvCOMP: the text) at the copy rate; of a filter, its
 * compressed bytes at the read rate. Medians of 15 runs after 3 warm-ups, the L2 scrubbed
 * before each (bench/bench_device.cuh). Exit 0 when every check passed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cuda_runtime.h>

#include "bench_device.cuh"
#include "bench_report.h"
#include "galp.h"
#include "galp_gpu.h"
#include "str_lines.h"
#include "str_tile.h"
#ifdef GALP_BENCH_NVCOMP
#include "nvcomp_column.h"
#include "nvcomp_rows.h"
#endif

enum { warmup = 3, runs = 15 };

static const char *const all_files = "c_name,city,email,genome,hex,l_comment,urls2,wiki";
static const char *const default_codecs = "lz4,snappy,zstd,gdeflate,ans";

typedef struct options {
    double gib;
    const char *files, *codecs, *out, *commit, *data_dir;
} options;

static int parse_options(int argc, char **argv, options *o)
{
    *o = (options){1.0, all_files, default_codecs, "galp-str-bench", "unknown", NULL};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--gib") == 0 && v && (o->gib = atof(v)) > 0)
            i++;
        else if (strcmp(a, "--files") == 0 && v)
            o->files = argv[++i];
        else if (strcmp(a, "--codecs") == 0 && v)
            o->codecs = argv[++i];
        else if (strcmp(a, "--out") == 0 && v)
            o->out = argv[++i];
        else if (strcmp(a, "--commit") == 0 && v)
            o->commit = argv[++i];
        else if (a[0] != '-' && o->data_dir == NULL)
            o->data_dir = a;
        else {
            fprintf(stderr, "usage: galp-str-bench [--gib G] [--files LIST] [--codecs LIST] "
                            "[--out PREFIX] [--commit C] [DATA_DIR]\n");
            return -1;
        }
    }
    if (o->data_dir == NULL)
        o->data_dir = getenv("GALP_DATA_DIR");
    if (o->data_dir == NULL || o->data_dir[0] == '\0')
        o->data_dir = "../shared/data";
    return 0;
}

/* One file's column on the device and what its rows have in common. */
typedef struct str_case {
    const char *name;
    uint64_t source_strings;   /* strings of the file */
    uint64_t strings;          /* of the tiled column */
    uint64_t copies;
    const str_lines *lines;
    uint64_t period;           /* strings of the period */
    uint64_t period_bytes;     /* their string bytes */
    size_t text_bytes;         /* the tiled text: strings and newlines */
    bench_ceilings ceilings;
} str_case;

/* A row measured on `text_bytes` of the case, its limit from the bytes read and written. */
static void fill_row(const str_case *c, bench_row *row, const char *codec, const char *op,
                     double compressed, double written, bench_timing t)
{
    memset(row, 0, sizeof *row);
    snprintf(row->dataset, sizeof row->dataset, "strings/%s", c->name);
    row->source = "file";
    row->type = "str";
    row->values = c->strings;
    row->source_values = c->source_strings;
    snprintf(row->codec, sizeof row->codec, "%s", codec);
    row->op = op;
    row->decoded_bytes = (double)c->text_bytes;
    row->compressed_bytes = compressed;
    row->ratio = row->decoded_bytes / compressed;
    row->bit_width = -1;
    row->exception_rate = -1;
    row->median_ms = t.median_ms;
    row->min_ms = t.min_ms;
    row->runs = t.runs;
    row->limit_gbps = written > 0 ? c->ceilings.copy * row->decoded_bytes / (compressed + written)
                                  : c->ceilings.read * row->decoded_bytes / compressed;
    bench_row_finish(row);
}

template <typename F> static int launch_fn(void *f, int, cudaStream_t s)
{
    return (*(F *)f)(s);
}
template <typename F> static int time_op(F f, bench_timing *t)
{
    double ms[runs];
    if (bench_time_segments(launch_fn<F>, &f, 1, warmup, runs, 0, ms) != 0)
        return -1;
    *t = bench_timing_of(ms, 1, runs, 1u);
    return 0;
}

/* The galp rows: decompression (checked against the period repeated) and the filter. */
static int galp_rows(const str_case *c, const uint8_t *file, size_t file_len, bench_report *report)
{
    galp_gpu_column *col = NULL;
    galp_status st = galp_gpu_column_upload(file, file_len, &col);
    if (st != GALP_OK) {
        fprintf(stderr, "galp-str-bench: %s: upload: %s\n", c->name, galp_strerror(st));
        return -1;
    }
    const uint64_t n = c->strings, bytes = c->period_bytes * c->copies;
    int32_t *d_offsets = NULL;
    uint8_t *d_data = NULL;
    void *d_want = NULL;
    uint64_t *d_count = NULL;
    int32_t *offsets = (int32_t *)malloc((n + 1) * sizeof *offsets);
    int rc = -1;
    bench_row row;
    bench_timing t;
    if (offsets == NULL || cudaMalloc((void **)&d_offsets, (n + 1) * sizeof *d_offsets) ||
        cudaMalloc((void **)&d_data, bytes) || cudaMalloc((void **)&d_count, sizeof *d_count) ||
        bench_device_tiled(c->lines->data, c->period_bytes, bytes, &d_want) != 0 ||
        bench_device_poison(d_data, bytes) != 0) {
        fprintf(stderr, "galp-str-bench: %s: out of memory\n", c->name);
        goto done;
    }

    if (time_op([&](cudaStream_t s) {
            return galp_gpu_decompress_str32(col, d_offsets, n + 1, d_data, bytes,
                                             (galp_gpu_stream)s) == GALP_OK ? 0 : -1;
        }, &t) != 0)
        goto done;
    fill_row(c, &row, "galp", "decompress", (double)file_len,
             (double)((n + 1) * sizeof *offsets + bytes), t);
    snprintf(row.check, sizeof row.check, "ok");
    if (bench_device_diff(d_data, d_want, bytes) != 0 ||
        cudaMemcpy(offsets, d_offsets, (n + 1) * sizeof *offsets, cudaMemcpyDeviceToHost))
        snprintf(row.check, sizeof row.check, "FAILED: bytes differ from the strings");
    for (uint64_t i = 0; i <= n && strcmp(row.check, "ok") == 0; i++) {
        const uint64_t k = i / c->period, j = i % c->period;
        if ((uint64_t)offsets[i] != k * c->period_bytes + c->lines->offsets[j])
            snprintf(row.check, sizeof row.check, "FAILED: offset %llu", (unsigned long long)i);
    }
    if (bench_report_add(report, &row) != 0)
        goto done;

    {
        /* the period's middle string, counted on the host */
        const uint64_t *o = c->lines->offsets;
        const uint64_t pick = c->period / 2, len = o[pick + 1] - o[pick];
        const uint8_t *q = c->lines->data + o[pick];
        uint64_t want = 0, got = 0;
        for (uint64_t i = 0; i < c->period; i++)
            want += o[i + 1] - o[i] == len && memcmp(c->lines->data + o[i], q, len) == 0;
        want *= c->copies;
        if (len > GALP_GPU_STR_QUERY_MAX ||
            time_op([&](cudaStream_t s) {
                return galp_gpu_str_count_equal(col, q, len, d_count, (galp_gpu_stream)s) ==
                               GALP_OK ? 0 : -1;
            }, &t) != 0 ||
            cudaMemcpy(&got, d_count, sizeof got, cudaMemcpyDeviceToHost) != cudaSuccess)
            goto done;
        fill_row(c, &row, "galp", "filter-equal", (double)file_len, 0, t);
        bench_read_floor(file_len, warmup, runs, &row.read_floor_ms);
        bench_row_finish(&row);
        if (got == want)
            snprintf(row.check, sizeof row.check, "ok");
        else
            snprintf(row.check, sizeof row.check, "FAILED: count %llu, want %llu",
                     (unsigned long long)got, (unsigned long long)want);
        if (bench_report_add(report, &row) != 0)
            goto done;
    }
    rc = 0;
done:
    cudaFree(d_offsets);
    cudaFree(d_data);
    cudaFree(d_want);
    cudaFree(d_count);
    free(offsets);
    galp_gpu_column_free(col);
    return rc;
}

#ifdef GALP_BENCH_NVCOMP
/* Whether name is an item of the comma-separated list. */
static int listed(const char *list, const char *name)
{
    const size_t len = strlen(name);
    for (const char *p = list; *p;) {
        const size_t item = strcspn(p, ",");
        if (item == len && strncmp(p, name, len) == 0)
            return 1;
        p += item + (p[item] == ',');
    }
    return 0;
}

/* nvCOMP's codecs of the list on the tiled text. */
static int nvcomp_str_rows(const str_case *c, const char *codecs, bench_report *report)
{
    const size_t period_text = str_lines_text_bytes(c->lines, c->period);
    void *d_text = NULL, *d_out = NULL;
    int rc = -1;
    if (bench_device_tiled(c->lines->text, period_text, c->text_bytes, &d_text) != 0 ||
        cudaMalloc(&d_out, c->text_bytes) != cudaSuccess) {
        fprintf(stderr, "galp-str-bench: %s: out of memory for nvCOMP\n", c->name);
        goto done;
    }
    for (size_t i = 0; i < nvcomp_codec_count; i++) {
        const nvcomp_codec *codec = &nvcomp_codecs[i];
        if (!listed(codecs, codec->name))
            continue;
        char err[256], name[32];
        snprintf(name, sizeof name, "nvcomp-%s", codec->name);
        nvcomp_column column;
        if (nvcomp_column_build(&column, codec, nvcomp_element{1, 0}, d_text, c->text_bytes,
                                period_text, NVCOMP_ROWS_CHUNK_BYTES, d_out, err,
                                sizeof err) != 0) {
            fprintf(stderr, "note: %s skipped on %s: %s\n", name, c->name, err);
            continue;
        }
        bench_timing t;
        bench_row row;
        const int timed = bench_device_poison(d_out, c->text_bytes) == 0 &&
                          time_op([&](cudaStream_t s) {
                              return nvcomp_column_decompress(&column, s, err, sizeof err);
                          }, &t) == 0;
        if (timed) {
            fill_row(c, &row, name, "decompress", (double)column.compressed_bytes,
                     (double)c->text_bytes, t);
            if (nvcomp_column_check(&column, err, sizeof err) != 0)
                snprintf(row.check, sizeof row.check, "FAILED: %.80s", err);
            else if (bench_device_diff(d_out, d_text, c->text_bytes) != 0)
                snprintf(row.check, sizeof row.check, "FAILED: output differs from the text");
            else
                snprintf(row.check, sizeof row.check, "ok");
        }
        nvcomp_column_free(&column);
        if (!timed || bench_report_add(report, &row) != 0)
            goto done;
    }
    rc = 0;
done:
    cudaFree(d_text);
    cudaFree(d_out);
    return rc;
}
#endif

/* One file: read, compress the period, tile, measure. */
static int run_file(const options *o, const char *name, const bench_ceilings *ceil,
                    bench_report *report)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/strings/%s", o->data_dir, name);
    str_lines lines;
    if (str_lines_read(path, &lines) != 0) {
        fprintf(stderr, "galp-str-bench: cannot read %s: skipped\n", path);
        return 0;
    }
    str_case c;
    memset(&c, 0, sizeof c);
    c.name = name;
    c.lines = &lines;
    c.ceilings = *ceil;
    c.source_strings = lines.n;
    c.period = lines.n - lines.n % GALP_VECTOR_SIZE;
    int rc = -1;
    uint8_t *file = NULL, *tiled = NULL;
    size_t len = 0, tiled_len = 0;
    galp_column period;
    galp_status st = GALP_OK;
    if (c.period == 0 || lines.offsets[c.period] == 0) {
        fprintf(stderr, "galp-str-bench: %s: fewer than %u strings, or only empty ones: "
                        "skipped\n", path, GALP_VECTOR_SIZE);
        rc = 0;
        goto done;
    }
    c.period_bytes = lines.offsets[c.period];
    {
        const double want = o->gib * 1073741824.0;
        const size_t period_text = str_lines_text_bytes(&lines, c.period);
        c.copies = (uint64_t)((want + (double)period_text - 1) / (double)period_text);
        c.copies = c.copies ? c.copies : 1;
        c.strings = c.period * c.copies;
        c.text_bytes = period_text * c.copies;
        const size_t bound = galp_str_compress_bound(c.period, c.period_bytes);
        file = (uint8_t *)malloc(bound);
        if (file == NULL)
            st = GALP_ERR_NO_MEMORY;
        if (st == GALP_OK)
            st = galp_str_compress(lines.offsets, lines.data, c.period, 0, file, bound, &len);
        if (st == GALP_OK)
            st = galp_open(&period, file, len);
        if (st == GALP_OK)
            st = str_tile(&period, c.copies, &tiled, &tiled_len);
        if (st == GALP_OK && c.period_bytes * c.copies > INT32_MAX)
            st = GALP_ERR_TOO_LARGE; /* the int32 Arrow form; lower --gib */
    }
    if (st != GALP_OK) {
        fprintf(stderr, "galp-str-bench: %s: %s\n", name, galp_strerror(st));
        goto done;
    }
    fprintf(stderr, "galp-str-bench: %s: %llu strings, %llu copies of %llu\n", name,
            (unsigned long long)c.strings, (unsigned long long)c.copies,
            (unsigned long long)c.period);
    rc = galp_rows(&c, tiled, tiled_len, report);
#ifdef GALP_BENCH_NVCOMP
    if (rc == 0)
        rc = nvcomp_str_rows(&c, o->codecs, report);
#endif
done:
    free(file);
    free(tiled);
    str_lines_free(&lines);
    return rc;
}

int main(int argc, char **argv)
{
    options o;
    if (parse_options(argc, argv, &o) != 0)
        return 2;
    const galp_status st = galp_gpu_available();
    if (st != GALP_OK) {
        fprintf(stderr, "galp-str-bench: no usable GPU: %s\n", galp_strerror(st));
        return 1;
    }
    bench_context ctx;
    memset(&ctx, 0, sizeof ctx);
    cudaDeviceProp p;
    cudaGetDeviceProperties(&p, 0);
    snprintf(ctx.device, sizeof ctx.device, "%.120s, %d SMs, %.0f MiB L2, CC %d.%d", p.name,
             p.multiProcessorCount, p.l2CacheSize / 1048576.0, p.major, p.minor);
    const time_t now = time(NULL);
    strftime(ctx.date, sizeof ctx.date, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
    ctx.commit = o.commit;
    ctx.command = argv[0];
#ifdef GALP_BENCH_NVCOMP
    ctx.nvcomp = nvcomp_rows_version();
#else
    fprintf(stderr, "galp-str-bench: built without nvCOMP (tools/get-nvcomp.sh): nvCOMP rows "
                    "skipped\n");
#endif
    bench_ceilings ceil;
    if (bench_measure_ceilings((size_t)(o.gib * 1073741824.0), warmup, runs, &ceil) != 0)
        return 1;
    ctx.copy_gbps = ceil.copy;
    ctx.copy_kernel_gbps = ceil.copy_kernel;
    ctx.copy_memcpy_gbps = ceil.copy_memcpy;
    ctx.read_gbps = ceil.read;
    ctx.write_gbps = ceil.write;
    ctx.ceiling_bytes = (double)ceil.bytes;

    bench_report report = {NULL, 0, 0};
    char list[256];
    snprintf(list, sizeof list, "%s", o.files);
    for (char *name = strtok(list, ","); name; name = strtok(NULL, ","))
        if (run_file(&o, name, &ceil, &report) != 0) {
            fprintf(stderr, "galp-str-bench: measuring %s failed\n", name);
            return 1;
        }
    bench_report_table(&report, &ctx, stdout);
    int failed = 0;
    for (size_t i = 0; i < report.count; i++)
        failed += strcmp(report.rows[i].check, "ok") != 0;
    char path[4096];
    snprintf(path, sizeof path, "%s.csv", o.out);
    FILE *csv = bench_report_csv_open(&ctx, path);
    if (csv == NULL || bench_report_csv_rows(csv, &report, 0) != 0)
        failed++, fprintf(stderr, "galp-str-bench: cannot write %s\n", path);
    if (csv)
        fclose(csv);
    snprintf(path, sizeof path, "%s.json", o.out);
    if (bench_report_json(&report, &ctx, path) != 0)
        failed++, fprintf(stderr, "galp-str-bench: cannot write %s\n", path);
    printf("\n%zu results, %d wrong; written to %s.csv and %s.json\n", report.count, failed,
           o.out, o.out);
    bench_report_free(&report);
    return failed ? 1 : 0;
}
