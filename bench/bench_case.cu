/*
 * bench_case.cu — a dataset tiled on the device, its predicate and right answers
 * (bench_case.cuh).
 */
#include "bench_case.cuh"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Value i of the period widened to double (floats) or to uint64 (integers). */
static double as_double(const bench_dataset *d, uint64_t i)
{
    if (d->type == GALP_TYPE_F64)
        return ((const double *)d->values)[i];
    return ((const float *)d->values)[i];
}

static uint64_t as_u64(const bench_dataset *d, uint64_t i, size_t size)
{
    uint64_t x = 0;
    memcpy(&x, (const char *)d->values + i * size, size); /* little-endian host */
    return x;
}

static int is_float(galp_type t)
{
    return t == GALP_TYPE_F32 || t == GALP_TYPE_F64;
}

static uint64_t float_bits(galp_type t, double x)
{
    uint64_t bits = 0;
    if (t == GALP_TYPE_F64) {
        memcpy(&bits, &x, 8);
    } else {
        float f = (float)x;
        uint32_t b;
        memcpy(&b, &f, 4);
        bits = b;
    }
    return bits;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* lo, hi = the 40th and 60th percentiles of the period; needle = a value of the period;
 * then the answers over the period, times the copies. */
static int predicate_and_answers(bench_case *c)
{
    const bench_dataset *d = c->data;
    uint64_t n = d->n, kept = 0;
    if (is_float(d->type)) {
        double *v = (double *)malloc(n * sizeof *v), sum = 0, abs_sum = 0;
        if (!v)
            return -1;
        for (uint64_t i = 0; i < n; i++) {
            double x = as_double(d, i);
            if (x == x) {
                v[kept++] = x;
                sum += x;
                abs_sum += fabs(x);
            }
        }
        if (kept == 0) { /* all NaN: an empty range */
            v[0] = 1;
            kept = 1;
        }
        qsort(v, kept, sizeof *v, cmp_double);
        double lo = v[kept * 2 / 5], hi = v[kept * 3 / 5];
        c->lo_bits = float_bits(d->type, lo);
        c->hi_bits = float_bits(d->type, hi);
        c->needle_bits = float_bits(d->type, v[kept / 2]);
        free(v);
        unsigned long long count = 0, finite = 0;
        for (uint64_t i = 0; i < n; i++) {
            double x = as_double(d, i);
            count += lo <= x && x <= hi;
            finite += x == x;
        }
        c->want_count = count * c->copies;
        c->want_sum_count = finite * c->copies;
        c->want_sum_f64 = sum * (double)c->copies;
        /* Summation order differs on the GPU: allow the rounding of a long double sum. */
        c->sum_tolerance = 1e-9 * abs_sum * (double)c->copies + 1e-300;
    } else {
        uint64_t *v = (uint64_t *)malloc(n * sizeof *v), sum = 0;
        if (!v)
            return -1;
        for (uint64_t i = 0; i < n; i++) {
            v[i] = as_u64(d, i, c->value_size);
            sum += v[i];
        }
        qsort(v, n, sizeof *v, cmp_u64);
        uint64_t lo = v[n * 2 / 5], hi = v[n * 3 / 5];
        c->lo_bits = lo;
        c->hi_bits = hi;
        c->needle_bits = v[n / 2];
        free(v);
        unsigned long long count = 0;
        for (uint64_t i = 0; i < n; i++) {
            uint64_t x = as_u64(d, i, c->value_size);
            count += lo <= x && x <= hi;
        }
        c->want_count = count * c->copies;
        c->want_sum_count = n * c->copies;
        c->want_sum_bits = sum * c->copies; /* mod 2^64, as the scans wrap */
    }
    return 0;
}

int bench_case_open(bench_case *c, const bench_dataset *data, size_t min_bytes, int warmup,
                    int runs, const bench_ceilings *ceilings)
{
    memset(c, 0, sizeof *c);
    c->data = data;
    c->value_size = galp_type_size(data->type);
    size_t period = data->n * c->value_size;
    c->copies = (min_bytes + period - 1) / period;
    if (c->copies == 0)
        c->copies = 1;
    c->values = data->n * c->copies;
    c->bytes = period * c->copies;
    c->warmup = warmup;
    c->runs = runs;
    c->ceilings = *ceilings;
    c->decode_rows = c->scan_rows = 1;
    if (predicate_and_answers(c) != 0) {
        fprintf(stderr, "%s: out of host memory\n", data->name);
        return -1;
    }
    if (bench_device_tiled(data->values, period, c->bytes, &c->d_column) != 0 ||
        cudaMalloc(&c->d_output, c->bytes) != cudaSuccess ||
        cudaMalloc(&c->d_sum, sizeof *c->d_sum) != cudaSuccess ||
        cudaMalloc(&c->d_count, sizeof *c->d_count) != cudaSuccess) {
        fprintf(stderr, "%s: cannot allocate 2 x %zu bytes on the device\n", data->name,
                c->bytes);
        bench_case_close(c);
        return -1;
    }
    return 0;
}

void bench_case_close(bench_case *c)
{
    cudaFree(c->d_column);
    cudaFree(c->d_output);
    cudaFree(c->d_sum);
    cudaFree(c->d_count);
    c->d_column = c->d_output = NULL;
    c->d_sum = NULL;
    c->d_count = NULL;
}

void bench_case_row(const bench_case *c, bench_row *row, const char *codec, const char *op,
                    double compressed_bytes, bench_timing t, bench_limit limit)
{
    memset(row, 0, sizeof *row);
    snprintf(row->dataset, sizeof row->dataset, "%s", c->data->name);
    row->source = c->data->source;
    row->type = galp_type_name(c->data->type);
    row->values = c->values;
    row->source_values = c->data->n_source;
    snprintf(row->codec, sizeof row->codec, "%s", codec);
    row->op = op;
    row->decoded_bytes = (double)c->bytes;
    row->compressed_bytes = compressed_bytes;
    row->ratio = row->decoded_bytes / compressed_bytes;
    row->bit_width = -1;
    row->exception_rate = -1;
    row->median_ms = t.median_ms;
    row->min_ms = t.min_ms;
    row->runs = t.runs;
    /* The fewest bytes the op must move, at the rate of the memory operation it is:
     * decode reads the compressed bytes and writes the decoded ones (copy rate, counting
     * both); a scan reads only the compressed bytes (read rate). */
    if (limit == BENCH_LIMIT_DECODE)
        row->limit_gbps = c->ceilings.copy * row->decoded_bytes /
                          (compressed_bytes + row->decoded_bytes);
    else
        row->limit_gbps = c->ceilings.read * row->decoded_bytes / compressed_bytes;
    /* a scan's floor: what one launch that only reads its bytes takes (0 if it cannot be
     * measured, said on stderr) */
    if (limit == BENCH_LIMIT_SCAN && bench_read_floor((size_t)compressed_bytes, c->warmup, c->runs,
                                                      &row->read_floor_ms) != 0)
        row->read_floor_ms = 0;
    snprintf(row->check, sizeof row->check, "ok");
    bench_row_finish(row);
}

void bench_case_check_sum(const bench_case *c, const bench_sum *got, char *check, size_t len)
{
    if (got->count != c->want_sum_count)
        snprintf(check, len, "FAILED: sum counted %llu values, want %llu", got->count,
                 c->want_sum_count);
    else if (is_float(c->data->type) && !(fabs(got->sum_f64 - c->want_sum_f64) <= c->sum_tolerance))
        snprintf(check, len, "FAILED: sum %.17g, want %.17g", got->sum_f64, c->want_sum_f64);
    else if (!is_float(c->data->type) && got->sum_bits != c->want_sum_bits)
        snprintf(check, len, "FAILED: sum %llu, want %llu", got->sum_bits, c->want_sum_bits);
    else
        snprintf(check, len, "ok");
}

void bench_case_check_count(const bench_case *c, unsigned long long got, char *check,
                            size_t len)
{
    if (got != c->want_count)
        snprintf(check, len, "FAILED: count %llu, want %llu", got, c->want_count);
    else
        snprintf(check, len, "ok");
}

void bench_case_check_decoded(const bench_case *c, char *check, size_t len)
{
    long long diff = bench_device_diff(c->d_output, c->d_column, c->bytes);
    if (diff != 0)
        snprintf(check, len, "FAILED: %lld of %zu decoded bytes differ", diff, c->bytes);
    else
        snprintf(check, len, "ok");
}

int bench_list_matches(const char *list, const char *name, int contains)
{
    if (list == NULL)
        return 1;
    for (const char *word = list; *word;) {
        size_t len = strcspn(word, ",");
        for (const char *at = name; *at; at++) {
            if (strncmp(at, word, len) == 0 && (contains || (at == name && at[len] == '\0')))
                return 1;
            if (!contains)
                break;
        }
        word += len + (word[len] == ',');
    }
    return 0;
}

const char bench_ops[] = "decompress,sum,filter,warp-filter,warp-sum,pushdown,exists";

int bench_case_wants(const bench_case *c, const char *op)
{
    return bench_list_matches(c->ops, op, 0) && (strcmp(op, "decompress") == 0 ? c->decode_rows : c->scan_rows);
}

int bench_case_wants_any(const bench_case *c)
{
    for (const char *word = bench_ops; *word;) {
        char op[16];
        const size_t len = strcspn(word, ",");
        snprintf(op, sizeof op, "%.*s", (int)len, word);
        if (bench_case_wants(c, op))
            return 1;
        word += len + (word[len] == ',');
    }
    return 0;
}

int bench_case_baseline(const bench_case *c, bench_report *report)
{
    bench_timing t;
    bench_row row;
    bench_sum sum;
    unsigned long long count;
    galp_type type = c->data->type;
    if (bench_case_wants(c, "sum")) {
        if (bench_case_time(c, [&](cudaStream_t s) {
                return bench_plain_sum(type, c->d_column, c->values, c->d_sum, s);
            }, &t) != 0)
            return -1;
        BENCH_CUDA(cudaMemcpy(&sum, c->d_sum, sizeof sum, cudaMemcpyDeviceToHost));
        bench_case_row(c, &row, "none", "sum", (double)c->bytes, t, BENCH_LIMIT_SCAN);
        bench_case_check_sum(c, &sum, row.check, sizeof row.check);
        if (bench_report_add(report, &row) != 0)
            return -1;
    }
    if (!bench_case_wants(c, "filter"))
        return 0;
    if (bench_case_time(c, [&](cudaStream_t s) {
            return bench_plain_count(type, c->d_column, c->values, c->lo_bits, c->hi_bits,
                                     c->d_count, s);
        }, &t) != 0)
        return -1;
    BENCH_CUDA(cudaMemcpy(&count, c->d_count, sizeof count, cudaMemcpyDeviceToHost));
    bench_case_row(c, &row, "none", "filter", (double)c->bytes, t, BENCH_LIMIT_SCAN);
    bench_case_check_count(c, count, row.check, sizeof row.check);
    return bench_report_add(report, &row);
}
