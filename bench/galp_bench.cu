/*
 * galp_bench.cu — `galp-bench`: libgalp's GPU decoder side by side with nvCOMP on one GPU.
 *
 * For every dataset (the ALP corpus under $GALP_DATA_DIR/alp, its f32 casts, synthetic sweeps
 * of bit width and exception rate, or one user file), tiled to >= 1 GiB decoded so that no
 * cache holds it (the scans further, until they read >= 64 MiB: scan_tiling_bytes), on the
 * same device bytes:
 *   none          plain sum and filter over the uncompressed column (the baseline)
 *   galp / alp    G-ALP and the ALP layout (floats), ffor (integers): ratio, decompress,
 *                 fused sum, fused filter, pushed-down filter, exists
 *   nvcomp-*      every nvCOMP codec: ratio, decompress, decompress+sum, decompress+filter
 * Each figure is a median of >= 10 timed runs after warm-ups (CUDA events), checked against
 * answers computed on the host, and set against its bandwidth limit measured in this run
 * (bench_case.cuh). Results: a table on stdout, PREFIX.csv and PREFIX.json; progress on
 * stderr. bench/plot.py draws the figures; docs/PERFORMANCE.md explains them.
 */
#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_case.cuh"
#include "bench_data.h"
#include "bench_report.h"
#include "galp_gpu.h"
#include "galp_rows.h"
#include "galp_tile.h"
#ifdef GALP_BENCH_NVCOMP
#include "nvcomp_rows.h"
#endif

typedef struct options {
    const char *data_dir;
    const char *input;
    galp_type input_type;
    const char *only;      /* substrings of dataset names, comma-separated */
    const char *ops;       /* galp's and the baseline's ops, comma-separated; NULL: all */
    const char *codecs;    /* nvCOMP codec list */
    const char *schemes;   /* galp's codecs, comma-separated; NULL: all that apply */
    const char *out;       /* output prefix */
    const char *commit;
    size_t bytes;
    size_t scan_bytes; /* compressed bytes a scan reads, at least (0: scans on the --size tiling) */
    int warmup, runs;
    int real, f32, sweeps, nvcomp, nvcomp_sweeps, alp_layout;
    int fastlanes; /* integer columns and DELTA, RLE, DICT, RUNS and AUTO rows (--fastlanes) */
} options;

static void usage(FILE *f)
{
    fprintf(f,
            "usage: galp-bench [options]\n"
            "  --data DIR          ALP corpus (default $GALP_DATA_DIR/alp, else ../shared/data/alp)\n"
            "  --input FILE        benchmark this file only: .csv (f64 decimals) or raw values\n"
            "  --type T            value type of --input: u8 u16 u32 u64 f32 f64 (default f64)\n"
            "  --only TEXT[,TEXT]  only datasets whose name contains one of the TEXTs\n"
            "  --ops LIST          only these of galp's and the baseline's ops, comma-separated:\n"
            "                      decompress,sum,filter,warp-filter,warp-sum,pushdown,exists\n"
            "                      (default all; warp-*: 32- and 64-bit columns)\n"
            "  --no-alp            leave out the ALP layout's rows (they time the G-ALP kernels)\n"
            "  --no-real, --no-f32, --no-sweeps   leave out the corpus, its f32 casts, the sweeps\n"
            "  --no-nvcomp         leave out nvCOMP's rows\n"
            "  --fastlanes         add the corpus scaled to integers and sorted timestamps, and\n"
            "                      DELTA, RLE, DICT, RUNS and AUTO rows beside FFOR on integer columns\n"
            "  --nvcomp-sweeps     run nvCOMP on the synthetic sweeps too\n"
            "  --codecs LIST       nvCOMP codecs, comma-separated (default all)\n"
            "  --schemes LIST      only these of galp's rows, comma-separated: galp, alp, ffor,\n"
            "                      delta, rle, dict, runs, auto (default all that apply)\n"
            "  --size BYTES        decoded bytes per column, at least (default 1073741824)\n"
            "  --scan-bytes BYTES  scans read at least this many compressed bytes: their column\n"
            "                      is tiled further where galp's smallest file of it is shorter,\n"
            "                      within a quarter of free device memory (default 67108864; 0: off)\n"
            "  --runs N            timed runs per figure, at least 10 (default 10)\n"
            "  --warmup N          untimed runs first (default 3)\n"
            "  --out PREFIX        write PREFIX.csv and PREFIX.json (default galp-bench)\n"
            "  --commit SHA        recorded in the outputs\n");
}

static int parse_type(const char *s, galp_type *t)
{
    for (int i = GALP_TYPE_U8; i <= GALP_TYPE_F64; i++)
        if (strcmp(galp_type_name((galp_type)i), s) == 0) {
            *t = (galp_type)i;
            return 0;
        }
    return -1;
}

/* Whether every word of the comma-separated list is an op galp-bench measures. */
static int known_ops(const char *list)
{
    for (const char *word = list;;) {
        const size_t len = strcspn(word, ",");
        char one[16];
        if (len == 0 || len >= sizeof one)
            return 0;
        memcpy(one, word, len);
        one[len] = '\0';
        if (!bench_list_matches(bench_ops, one, 0))
            return 0;
        if (word[len] == '\0')
            return 1;
        word += len + 1;
    }
}

static int parse_options(int argc, char **argv, options *o)
{
    static const struct option longs[] = {
        {"data", required_argument, 0, 'd'},   {"input", required_argument, 0, 'i'},
        {"type", required_argument, 0, 't'},   {"only", required_argument, 0, 'o'},
        {"no-real", no_argument, 0, 'R'},      {"no-f32", no_argument, 0, 'F'},
        {"no-sweeps", no_argument, 0, 'S'},    {"no-nvcomp", no_argument, 0, 'N'},
        {"nvcomp-sweeps", no_argument, 0, 'W'}, {"codecs", required_argument, 0, 'c'},
        {"size", required_argument, 0, 's'},   {"runs", required_argument, 0, 'r'},
        {"warmup", required_argument, 0, 'w'}, {"out", required_argument, 0, 'p'},
        {"commit", required_argument, 0, 'C'}, {"help", no_argument, 0, 'h'},
        {"ops", required_argument, 0, 'O'},    {"no-alp", no_argument, 0, 'A'},
        {"fastlanes", no_argument, 0, 'L'},    {"scan-bytes", required_argument, 0, 'B'},
        {"schemes", required_argument, 0, 'G'},
        {0, 0, 0, 0}};
    const char *env = getenv("GALP_DATA_DIR");
    static char data_dir[4096];
    snprintf(data_dir, sizeof data_dir, "%s/alp", env && *env ? env : "../shared/data");
    *o = (options){data_dir, NULL, GALP_TYPE_F64, NULL, NULL, NULL, NULL, "galp-bench", "unknown",
                   (size_t)1 << 30, (size_t)64 << 20, 3, 10, 1, 1, 1, 1, 0, 1, 0};
    int ch;
    while ((ch = getopt_long(argc, argv, "h", longs, NULL)) != -1) {
        switch (ch) {
        case 'd': o->data_dir = optarg; break;
        case 'i': o->input = optarg; break;
        case 't':
            if (parse_type(optarg, &o->input_type) != 0) {
                fprintf(stderr, "galp-bench: unknown type '%s'\n", optarg);
                return -1;
            }
            break;
        case 'o': o->only = optarg; break;
        case 'O': o->ops = optarg; break;
        case 'A': o->alp_layout = 0; break;
        case 'L': o->fastlanes = 1; break;
        case 'R': o->real = 0; break;
        case 'F': o->f32 = 0; break;
        case 'S': o->sweeps = 0; break;
        case 'N': o->nvcomp = 0; break;
        case 'W': o->nvcomp_sweeps = 1; break;
        case 'c': o->codecs = optarg; break;
        case 'G': o->schemes = optarg; break;
        case 's': o->bytes = strtoull(optarg, NULL, 0); break;
        case 'B': o->scan_bytes = strtoull(optarg, NULL, 0); break;
        case 'r': o->runs = atoi(optarg); break;
        case 'w': o->warmup = atoi(optarg); break;
        case 'p': o->out = optarg; break;
        case 'C': o->commit = optarg; break;
        case 'h': usage(stdout); exit(0);
        default: usage(stderr); return -1;
        }
    }
    if (o->ops && !known_ops(o->ops)) {
        fprintf(stderr, "galp-bench: --ops takes a comma-separated list of %s\n", bench_ops);
        return -1;
    }
    if (optind != argc || o->runs < 10 || o->warmup < 1 || o->bytes < 16) {
        fprintf(stderr, "galp-bench: %s\n",
                optind != argc ? "unexpected argument" : "need --runs >= 10, --warmup >= 1");
        usage(stderr);
        return -1;
    }
    return 0;
}

/* ---- the list of datasets ---------------------------------------------------------------- */

typedef struct dataset_list {
    bench_dataset *items;
    int count, cap;
} dataset_list;

static int push(dataset_list *l, const bench_dataset *d, const options *o)
{
    if (!bench_list_matches(o->only, d->name, 1)) {
        free(d->values);
        return 0;
    }
    if (l->count == l->cap) {
        int cap = l->cap ? 2 * l->cap : 64;
        bench_dataset *grown = (bench_dataset *)realloc(l->items, cap * sizeof *grown);
        if (!grown)
            return -1;
        l->items = grown;
        l->cap = cap;
    }
    l->items[l->count++] = *d;
    return 0;
}

/* One period of 128 vectors per sweep point: enough for the encoder's sampling. */
static const uint64_t sweep_values = 128 * GALP_VECTOR_SIZE;

static int add_sweeps(dataset_list *l, const options *o)
{
    bench_dataset d;
    uint64_t seed = 1;
    static const unsigned exceptions[] = {1, 2, 5, 10, 20, 50};
    for (unsigned b = 0; b <= 48; b += 4)
        if (bench_dataset_synthetic_alp(GALP_TYPE_F64, b, 0, sweep_values, seed++, &d) ||
            push(l, &d, o))
            return -1;
    for (unsigned x : exceptions)
        if (bench_dataset_synthetic_alp(GALP_TYPE_F64, 16, x, sweep_values, seed++, &d) ||
            push(l, &d, o))
            return -1;
    for (unsigned b = 0; b <= 22; b += b == 20 ? 2 : 4)
        if (bench_dataset_synthetic_alp(GALP_TYPE_F32, b, 0, sweep_values, seed++, &d) ||
            push(l, &d, o))
            return -1;
    for (unsigned x : exceptions)
        if (bench_dataset_synthetic_alp(GALP_TYPE_F32, 12, x, sweep_values, seed++, &d) ||
            push(l, &d, o))
            return -1;
    for (unsigned b = 0; b <= 32; b += 4)
        if (bench_dataset_synthetic_ffor(GALP_TYPE_U32, b, sweep_values, seed++, &d) ||
            push(l, &d, o))
            return -1;
    for (unsigned b = 0; b <= 64; b += 8)
        if (bench_dataset_synthetic_ffor(GALP_TYPE_U64, b, sweep_values, seed++, &d) ||
            push(l, &d, o))
            return -1;
    return 0;
}

static int collect(dataset_list *l, const options *o)
{
    char err[512];
    bench_dataset d;
    if (o->input) {
        if (bench_dataset_read(o->input, o->input_type, "file", &d, err, sizeof err) != 0) {
            fprintf(stderr, "galp-bench: %s\n", err);
            return -1;
        }
        return push(l, &d, o);
    }
    if (o->real) {
        bench_dataset *real = NULL;
        int n = bench_dataset_list_alp(o->data_dir, &real, err, sizeof err);
        if (n < 0) {
            fprintf(stderr, "galp-bench: %s\n", err);
            return -1;
        }
        if (n == 0)
            fprintf(stderr, "galp-bench: no datasets under %s (set GALP_DATA_DIR): real-data "
                            "rows skipped\n", o->data_dir);
        for (int i = 0; i < n; i++) {
            bench_dataset cast, scaled; /* made before push, which may free the source's values */
            if (o->f32 && bench_dataset_cast_f32(&real[i], &cast) != 0)
                return -1;
            const bool integers = o->fastlanes && bench_dataset_scaled_int(&real[i], &scaled) == 0;
            if (push(l, &real[i], o) != 0 || (o->f32 && push(l, &cast, o) != 0) ||
                (integers && push(l, &scaled, o) != 0))
                return -1;
        }
        free(real);
    }
    bench_dataset stamps;
    if (o->fastlanes && (bench_dataset_sorted_timestamps(sweep_values, 7, &stamps) != 0 || push(l, &stamps, o) != 0))
        return -1;
    return o->sweeps ? add_sweeps(l, o) : 0;
}

/* ---- the run ------------------------------------------------------------------------------ */

static void describe_device(bench_context *ctx)
{
    cudaDeviceProp p;
    int device = 0;
    cudaGetDevice(&device);
    cudaGetDeviceProperties(&p, device);
    snprintf(ctx->device, sizeof ctx->device, "%.120s, %d SMs, %.0f MiB L2, %.0f GiB, CC %d.%d",
             p.name, p.multiProcessorCount, p.l2CacheSize / 1048576.0,
             p.totalGlobalMem / 1073741824.0, p.major, p.minor);
    time_t now = time(NULL);
    strftime(ctx->date, sizeof ctx->date, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
}

static char *join_args(int argc, char **argv)
{
    size_t len = 1;
    for (int i = 0; i < argc; i++)
        len += strlen(argv[i]) + 1;
    char *s = (char *)calloc(len, 1);
    for (int i = 0; s && i < argc; i++) {
        strcat(s, argv[i]);
        if (i + 1 < argc)
            strcat(s, " ");
    }
    return s;
}

/* galp's schemes measured on the dataset, into schemes[] (at most 7), those that apply to
 * its type and options and that --schemes names; returns their count. */
static size_t galp_schemes(const bench_dataset *d, const options *o, galp_scheme *schemes)
{
    static const galp_scheme fastlanes[] = {GALP_SCHEME_DELTA, GALP_SCHEME_RLE, GALP_SCHEME_DICT, GALP_SCHEME_RUNS,
                                            GALP_SCHEME_AUTO};
    const int is_float = d->type == GALP_TYPE_F32 || d->type == GALP_TYPE_F64;
    galp_scheme all[7];
    size_t n = 0, kept = 0;
    all[n++] = is_float ? GALP_SCHEME_GALP : GALP_SCHEME_FFOR;
    if (is_float && o->alp_layout)
        all[n++] = GALP_SCHEME_ALP;
    for (size_t k = 0; k < sizeof fastlanes / sizeof fastlanes[0] && !is_float && o->fastlanes; k++)
        all[n++] = fastlanes[k];
    for (size_t k = 0; k < n; k++)
        if (bench_list_matches(o->schemes, galp_rows_codec_name(all[k]), 0))
            schemes[kept++] = all[k];
    return kept;
}

/* Every row of the dataset that this tiling of it measures (c->decode_rows, c->scan_rows). */
static int measure(bench_case *c, const options *o, bench_report *report)
{
    galp_scheme schemes[7];
    const size_t n = galp_schemes(c->data, o, schemes);
    c->ops = o->ops;
    int rc = bench_case_baseline(c, report);
    for (size_t k = 0; k < n && rc == 0; k++)
        rc = galp_rows(c, schemes[k], report);
#ifdef GALP_BENCH_NVCOMP
    if (rc == 0 && o->nvcomp && (strcmp(c->data->source, "synthetic") != 0 || o->nvcomp_sweeps))
        rc = nvcomp_rows(c, o->codecs, report);
#endif
    return rc;
}

/* The decoded bytes of the scans' tiling (docs/PERFORMANCE.md "Method"): a scan of a column
 * whose compressed form is a few MiB would time its launch, not its reads, so the period is
 * repeated until galp's smallest file of it (over the schemes measured) holds at least
 * --scan-bytes, but no further than a quarter of the free device memory (the column, the
 * output buffer, the compressed copies), and never below --size. Every codec's scan rows of
 * the dataset (the baseline's and nvCOMP's included) are measured on that same tiling. */
static size_t scan_tiling_bytes(const bench_dataset *d, const options *o)
{
    const uint64_t period = d->n * galp_type_size(d->type);
    const uint64_t decode_copies = (o->bytes + period - 1) / period;
    if (o->scan_bytes == 0)
        return o->bytes;
    galp_scheme schemes[7];
    const size_t n = galp_schemes(d, o, schemes);
    uint64_t smallest = UINT64_MAX;
    for (size_t k = 0; k < n; k++) {
        uint64_t bytes;
        if (galp_tile_period_bytes(d->type, schemes[k], d->values, d->n, &bytes) == GALP_OK && bytes < smallest)
            smallest = bytes;
    }
    size_t free_bytes = 0, total_bytes = 0;
    if (smallest == UINT64_MAX || smallest == 0 || cudaMemGetInfo(&free_bytes, &total_bytes) != cudaSuccess)
        return o->bytes;
    uint64_t copies = (o->scan_bytes + smallest - 1) / smallest;
    const uint64_t most = free_bytes / 4u / period;
    copies = copies < most ? copies : most;
    copies = copies > decode_copies ? copies : decode_copies;
    return (size_t)(copies * period);
}

static int run_dataset(const bench_dataset *d, const options *o, const bench_ceilings *ceil,
                       bench_report *report)
{
    bench_case c;
    const size_t scan_bytes = scan_tiling_bytes(d, o);
    if (bench_case_open(&c, d, o->bytes, o->warmup, o->runs, ceil) != 0)
        return -1;
    const int own_tiling = scan_bytes > c.bytes; /* the scans' */
    c.scan_rows = !own_tiling;
    int rc = measure(&c, o, report);
    bench_case_close(&c);
    if (rc != 0 || !own_tiling)
        return rc;
    if (bench_case_open(&c, d, scan_bytes, o->warmup, o->runs, ceil) != 0)
        return -1;
    c.decode_rows = 0;
    rc = measure(&c, o, report);
    bench_case_close(&c);
    return rc;
}

int main(int argc, char **argv)
{
    options o;
    dataset_list list = {NULL, 0, 0};
    bench_report report = {NULL, 0, 0};
    bench_ceilings ceil;
    bench_context ctx;
    char path[4096];
    int failed = 0;

    if (parse_options(argc, argv, &o) != 0)
        return 2;
    galp_status st = galp_gpu_available();
    if (st != GALP_OK) {
        fprintf(stderr, "galp-bench: no usable GPU: %s\n", galp_strerror(st));
        return 1;
    }
    memset(&ctx, 0, sizeof ctx);
    describe_device(&ctx);
    ctx.commit = o.commit;
    ctx.command = join_args(argc, argv);
#ifdef GALP_BENCH_NVCOMP
    ctx.nvcomp = nvcomp_rows_version();
#else
    if (o.nvcomp)
        fprintf(stderr, "galp-bench: built without nvCOMP (./configure --with-nvcomp=DIR, "
                        "tools/get-nvcomp.sh): nvCOMP rows skipped\n");
#endif
    if (collect(&list, &o) != 0)
        return 1;
    fprintf(stderr, "galp-bench: %s; %d datasets, each tiled to >= %zu bytes decoded\n",
            ctx.device, list.count, o.bytes);
    if (bench_measure_ceilings(o.bytes, o.warmup, o.runs, &ceil) != 0)
        return 1;
    ctx.copy_gbps = ceil.copy;
    ctx.copy_kernel_gbps = ceil.copy_kernel;
    ctx.copy_memcpy_gbps = ceil.copy_memcpy;
    ctx.read_gbps = ceil.read;
    ctx.write_gbps = ceil.write;
    ctx.ceiling_bytes = (double)ceil.bytes;

    snprintf(path, sizeof path, "%s.csv", o.out);
    FILE *csv = bench_report_csv_open(&ctx, path);
    if (!csv) {
        fprintf(stderr, "galp-bench: cannot write %s\n", path);
        return 1;
    }
    for (int i = 0; i < list.count; i++) {
        const bench_dataset *d = &list.items[i];
        size_t first = report.count;
        fprintf(stderr, "\r[%3d/%3d] %-34.34s %-4s %llu values%s", i + 1, list.count, d->name,
                galp_type_name(d->type), (unsigned long long)d->n_source,
                d->n_source < o.bytes / galp_type_size(d->type) ? ", tiled" : "");
        fflush(stderr);
        if (run_dataset(d, &o, &ceil, &report) != 0) {
            fprintf(stderr, "\ngalp-bench: measuring %s failed\n", d->name);
            return 1;
        }
        if (bench_report_csv_rows(csv, &report, first) != 0) {
            fprintf(stderr, "\ngalp-bench: cannot write %s.csv\n", o.out);
            return 1;
        }
    }
    fclose(csv);
    fputc('\n', stderr);

    bench_report_table(&report, &ctx, stdout);
    for (size_t i = 0; i < report.count; i++)
        failed += strcmp(report.rows[i].check, "ok") != 0;
    snprintf(path, sizeof path, "%s.json", o.out);
    if (bench_report_json(&report, &ctx, path) != 0)
        fprintf(stderr, "galp-bench: cannot write %s\n", path), failed++;
    printf("\n%zu results, %d wrong; written to %s.csv and %s.json\n", report.count, failed,
           o.out, o.out);
    for (int i = 0; i < list.count; i++)
        bench_dataset_free(&list.items[i]);
    free(list.items);
    bench_report_free(&report);
    free((void *)ctx.command);
    return failed ? 1 : 0;
}
