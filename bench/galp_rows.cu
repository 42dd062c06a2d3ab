/*
 * galp_rows.cu — libgalp's GPU decoder and scans on one dataset (galp_rows.h).
 *
 * The file is encoded by the reference encoder (one period, tiled: bench/galp_tile.h) and
 * uploaded with galp_gpu_column_upload, which turns ALP-layout vectors into G-ALP ones
 * (include/galp_gpu.h): the "alp" rows therefore time the G-ALP kernels on the regrouped
 * image, and only their ratio is the ALP layout's own. Likewise the upload unpacks DELTA lane
 * bases (spec/fastlanes.md §2.3): DELTA vectors are timed with their 128-byte lane bases, and
 * compressed_bytes, which sets the limit, is the smaller file's.
 */
#include "galp_rows.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "galp_gpu.h"
#include "galp_tile.h"

const char *galp_rows_codec_name(galp_scheme scheme)
{
    switch (scheme) {
    case GALP_SCHEME_GALP: return "galp";
    case GALP_SCHEME_ALP: return "alp";
    case GALP_SCHEME_FFOR: return "ffor";
    case GALP_SCHEME_DELTA: return "delta";
    case GALP_SCHEME_RLE: return "rle";
    case GALP_SCHEME_DICT: return "dict";
    case GALP_SCHEME_RUNS: return "runs";
    case GALP_SCHEME_AUTO: return "auto";
    default: return "raw";
    }
}

static int status_ok(galp_status st, const char *what)
{
    if (st != GALP_OK) {
        fprintf(stderr, "%s: %s\n", what, galp_strerror(st));
        return -1;
    }
    return 0;
}

/* Fills the per-file fields of a row made by bench_case_row. */
static void add_row(bench_report *report, bench_row *row, const galp_tile_stats *stats,
                    int *rc)
{
    row->bit_width = stats->bit_width;
    row->exception_rate = stats->exception_rate;
    if (bench_report_add(report, row) != 0)
        *rc = -1;
}

static void value_bytes(uint64_t bits, size_t size, void *out)
{
    memcpy(out, &bits, size); /* little-endian host: the low bytes hold the value */
}

int galp_rows(const bench_case *c, galp_scheme scheme, bench_report *report)
{
    const char *codec = galp_rows_codec_name(scheme);
    const bench_dataset *d = c->data;
    uint8_t *file = NULL;
    size_t file_len = 0, temp_size;
    galp_tile_stats stats;
    galp_gpu_column *col = NULL;
    galp_gpu_view view;
    bench_timing t;
    bench_row row;
    bench_sum sum;
    galp_gpu_aggregate agg, *d_agg = NULL;
    unsigned long long count;
    uint64_t *d_count64 = NULL, count64;
    uint32_t *d_found = NULL, found;
    void *temp = NULL;
    unsigned char lo[8], hi[8], needle[8];
    int rc = 0;
    char what[160];
    /* the device API's RAW/FFOR/G-ALP visitors behind the filter and warp rows; DELTA, RLE,
     * DICT and RUNS columns, and AUTO's integer columns that mix them with FFOR, are scanned by
     * the host API's calls alone (gpu/fastlanes.cu) */
    const bool lane_decoder_decodes = scheme != GALP_SCHEME_DELTA && scheme != GALP_SCHEME_RLE &&
                                      scheme != GALP_SCHEME_DICT && scheme != GALP_SCHEME_RUNS &&
                                      scheme != GALP_SCHEME_AUTO;

    if (!bench_case_wants_any(c)) /* e.g. the scans' longer tiling when no scan is asked for */
        return 0;
    snprintf(what, sizeof what, "%s: %s encode", d->name, codec);
    if (status_ok(galp_tile_encode(d->type, scheme, d->values, d->n, c->copies, &file,
                                   &file_len, &stats), what) != 0)
        return -1;
    snprintf(what, sizeof what, "%s: %s upload", d->name, codec);
    rc = status_ok(galp_gpu_column_upload(file, file_len, &col), what);
    free(file);
    if (rc != 0)
        return -1;
    galp_gpu_column_view(col, &view);
    value_bytes(c->lo_bits, c->value_size, lo);
    value_bytes(c->hi_bits, c->value_size, hi);
    value_bytes(c->needle_bits, c->value_size, needle);
    temp_size = galp_gpu_range_temp_size(col);
    if (cudaMalloc((void **)&d_agg, sizeof *d_agg) != cudaSuccess ||
        cudaMalloc((void **)&d_count64, sizeof *d_count64) != cudaSuccess ||
        cudaMalloc((void **)&d_found, sizeof *d_found) != cudaSuccess ||
        (temp_size > 0 && cudaMalloc(&temp, temp_size) != cudaSuccess)) {
        fprintf(stderr, "%s: %s: cannot allocate scan results\n", d->name, codec);
        rc = -1;
        goto done;
    }

    /* Full decompression into a poisoned buffer, then a bit-exact compare. */
    if (bench_case_wants(c, "decompress")) {
        if (bench_device_poison(c->d_output, c->bytes) != 0 ||
            bench_case_time(c, [&](cudaStream_t s) {
                return status_ok(galp_gpu_decompress(col, c->d_output, c->bytes, s), "decompress");
            }, &t) != 0) {
            rc = -1;
            goto done;
        }
        bench_case_row(c, &row, codec, "decompress", (double)file_len, t, BENCH_LIMIT_DECODE);
        bench_case_check_decoded(c, row.check, sizeof row.check);
        add_row(report, &row, &stats, &rc);
    }

    /* Fused aggregate (count, NaNs, sum, min, max), checked on count and sum. */
    if (bench_case_wants(c, "sum")) {
        if (bench_case_time(c, [&](cudaStream_t s) {
                return status_ok(galp_gpu_aggregate_column(col, d_agg, s), "aggregate");
            }, &t) != 0 ||
            cudaMemcpy(&agg, d_agg, sizeof agg, cudaMemcpyDeviceToHost) != cudaSuccess) {
            rc = -1;
            goto done;
        }
        sum.count = agg.count - agg.nan_count;
        sum.sum_f64 = agg.sum_f64;
        sum.sum_bits = agg.sum_bits;
        bench_case_row(c, &row, codec, "sum", (double)file_len, t, BENCH_LIMIT_SCAN);
        bench_case_check_sum(c, &sum, row.check, sizeof row.check);
        add_row(report, &row, &stats, &rc);
    }

    /* Fused filter without pushdown: every value decoded, then compared (scan_kernels.cuh). */
    if (bench_case_wants(c, "filter") && lane_decoder_decodes) {
        if (bench_case_time(c, [&](cudaStream_t s) {
                return bench_fused_count(&view, c->lo_bits, c->hi_bits, c->d_count, s);
            }, &t) != 0 ||
            cudaMemcpy(&count, c->d_count, sizeof count, cudaMemcpyDeviceToHost) != cudaSuccess) {
            rc = -1;
            goto done;
        }
        bench_case_row(c, &row, codec, "filter", (double)file_len, t, BENCH_LIMIT_SCAN);
        bench_case_check_count(c, count, row.check, sizeof row.check);
        add_row(report, &row, &stats, &rc);
    }

    /* The same filter and a sum through the device API's warp-per-vector visitor
     * (scan_kernels.cuh): 32- and 64-bit columns. */
    if (bench_case_wants(c, "warp-filter") && galp_type_size(c->data->type) >= 4 && lane_decoder_decodes) {
        if (bench_case_time(c, [&](cudaStream_t s) {
                return bench_warp_count(&view, c->lo_bits, c->hi_bits, c->d_count, s);
            }, &t) != 0 ||
            cudaMemcpy(&count, c->d_count, sizeof count, cudaMemcpyDeviceToHost) != cudaSuccess) {
            rc = -1;
            goto done;
        }
        bench_case_row(c, &row, codec, "warp-filter", (double)file_len, t, BENCH_LIMIT_SCAN);
        bench_case_check_count(c, count, row.check, sizeof row.check);
        add_row(report, &row, &stats, &rc);
    }
    if (bench_case_wants(c, "warp-sum") && galp_type_size(c->data->type) >= 4 && lane_decoder_decodes) {
        if (bench_case_time(c, [&](cudaStream_t s) { return bench_warp_sum(&view, c->d_sum, s); }, &t) != 0 ||
            cudaMemcpy(&sum, c->d_sum, sizeof sum, cudaMemcpyDeviceToHost) != cudaSuccess) {
            rc = -1;
            goto done;
        }
        bench_case_row(c, &row, codec, "warp-sum", (double)file_len, t, BENCH_LIMIT_SCAN);
        bench_case_check_sum(c, &sum, row.check, sizeof row.check);
        add_row(report, &row, &stats, &rc);
    }

    /* Pushed-down filter: bounds translated into each vector's packed integers. */
    if (bench_case_wants(c, "pushdown")) {
        if (bench_case_time(c, [&](cudaStream_t s) {
                return status_ok(galp_gpu_count_range(col, lo, hi, temp, temp_size, d_count64, s),
                                 "count_range");
            }, &t) != 0 ||
            cudaMemcpy(&count64, d_count64, sizeof count64, cudaMemcpyDeviceToHost) != cudaSuccess) {
            rc = -1;
            goto done;
        }
        bench_case_row(c, &row, codec, "pushdown", (double)file_len, t, BENCH_LIMIT_SCAN);
        bench_case_check_count(c, count64, row.check, sizeof row.check);
        add_row(report, &row, &stats, &rc);
    }

    /* "Does x exist", the G-ALP paper's filter query, for a value that is present. */
    if (bench_case_wants(c, "exists")) {
        if (bench_case_time(c, [&](cudaStream_t s) {
                return status_ok(galp_gpu_exists(col, needle, temp, temp_size, d_found, s),
                                 "exists");
            }, &t) != 0 ||
            cudaMemcpy(&found, d_found, sizeof found, cudaMemcpyDeviceToHost) != cudaSuccess) {
            rc = -1;
            goto done;
        }
        bench_case_row(c, &row, codec, "exists", (double)file_len, t, BENCH_LIMIT_SCAN);
        if (found != 1)
            snprintf(row.check, sizeof row.check, "FAILED: a present value not found");
        add_row(report, &row, &stats, &rc);
    }

done:
    cudaFree(d_agg);
    cudaFree(d_count64);
    cudaFree(d_found);
    cudaFree(temp);
    galp_gpu_column_free(col);
    return rc;
}
