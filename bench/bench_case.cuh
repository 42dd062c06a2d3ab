/*
 * bench_case.cuh — one dataset on the device, ready for every codec to be measured on the
 * same bytes: the tiled column, an output buffer, a range predicate, and the right answers.
 *
 * The answers come from the host (the period's values, times the number of copies), so every
 * device result of every codec — decoded bytes, sums, counts — is checked against something
 * no GPU kernel computed.
 */
#ifndef GALP_BENCH_CASE_CUH
#define GALP_BENCH_CASE_CUH

#include <cuda_runtime.h>
#include <stdlib.h>

#include <type_traits>

#include "bench_data.h"
#include "bench_device.cuh"
#include "bench_report.h"
#include "scan_kernels.cuh"

typedef struct bench_case {
    const bench_dataset *data;
    size_t value_size;
    uint64_t copies;         /* of the period */
    uint64_t values;         /* data->n * copies */
    size_t bytes;            /* values * value_size, >= the size asked for */
    void *d_column;          /* the tiled values (device) */
    void *d_output;          /* bytes of device memory for decoders */
    bench_sum *d_sum;        /* device result slots */
    unsigned long long *d_count;
    /* lo <= x <= hi selects about the middle fifth of the values; needle is a value present */
    uint64_t lo_bits, hi_bits, needle_bits;
    /* right answers over the whole column */
    unsigned long long want_count;   /* values in [lo, hi] */
    unsigned long long want_sum_count; /* non-NaN values */
    double want_sum_f64, sum_tolerance;
    unsigned long long want_sum_bits;
    int warmup, runs;
    bench_ceilings ceilings;
    const char *ops;         /* comma-separated ops to measure (bench_case_wants), NULL: all */
    /* which rows this tiling measures: decompression, scans (both after bench_case_open; a
     * scan may take a longer tiling, docs/PERFORMANCE.md "Method") */
    int decode_rows, scan_rows;
} bench_case;

/* Every op galp-bench measures, comma-separated (--ops takes a list of these). */
extern const char bench_ops[];

/* Whether op (one of bench_ops) is to be measured on this tiling: listed in ops, and a
 * decompression (decode_rows) or a scan (scan_rows). */
int bench_case_wants(const bench_case *c, const char *op);

/* Whether any op of bench_ops is to be measured on this tiling (bench_case_wants), so that
 * a codec need not encode a column that no row of it would measure. */
int bench_case_wants_any(const bench_case *c);

/* Whether `name` is one of the comma-separated words of `list`, or contains one of them
 * (contains = 1); a NULL list matches every name. */
int bench_list_matches(const char *list, const char *name, int contains);

/* Tiles the dataset to at least min_bytes on the device and computes predicate and answers.
 * Returns 0 or -1 (message printed). */
int bench_case_open(bench_case *c, const bench_dataset *data, size_t min_bytes, int warmup,
                    int runs, const bench_ceilings *ceilings);
void bench_case_close(bench_case *c);

/* A row with the dataset's fields, codec, op, compressed size and timing filled in; limit is
 * "decode" (compressed read + decoded written at the copy rate) or "scan" (compressed read
 * at the read rate). */
typedef enum { BENCH_LIMIT_DECODE, BENCH_LIMIT_SCAN } bench_limit;
void bench_case_row(const bench_case *c, bench_row *row, const char *codec, const char *op,
                    double compressed_bytes, bench_timing t, bench_limit limit);

/* Checks of device results (copied back here), writing "ok" or the discrepancy into check. */
void bench_case_check_sum(const bench_case *c, const bench_sum *got, char *check, size_t len);
void bench_case_check_count(const bench_case *c, unsigned long long got, char *check,
                            size_t len);
void bench_case_check_decoded(const bench_case *c, char *check, size_t len);

/* Times one operation, f(stream) -> 0 or -1, with the case's warm-ups and runs. Returns 0 or
 * -1; *t gets the median and minimum. */
template <typename F> int bench_case_time(const bench_case *c, F &&f, bench_timing *t)
{
    typedef typename std::remove_reference<F>::type Fn;
    double *ms = (double *)malloc((size_t)c->runs * sizeof *ms);
    auto call = [](void *p, int, cudaStream_t s) { return (*(Fn *)p)(s); };
    int rc = ms ? bench_time_segments(call, (void *)&f, 1, c->warmup, c->runs, 0, ms) : -1;
    if (rc == 0)
        *t = bench_timing_of(ms, 1, c->runs, 1u);
    free(ms);
    return rc;
}

/* The uncompressed baseline: plain sum and plain range count over the tiled column. */
int bench_case_baseline(const bench_case *c, bench_report *report);

#endif /* GALP_BENCH_CASE_CUH */
