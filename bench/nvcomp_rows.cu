/*
 * nvcomp_rows.cu — nvCOMP's codecs on one dataset (nvcomp_rows.h).
 *
 * nvCOMP has no fused scan: its "scan" is a decompression into device memory followed by the
 * plain scan kernel of the uncompressed baseline (scan_kernels.cuh). Each timed repetition is
 * decompress, sum, filter, with an event between each: decompress-then-sum is the first two
 * segments, decompress-then-filter the first and the third, both over the same decompression.
 */
#include "nvcomp_rows.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nvcomp_column.h"

const char *nvcomp_rows_version(void)
{
    static char text[32];
    snprintf(text, sizeof text, "nvCOMP %s", nvcomp_version_string());
    return text;
}

/* Whether name is an item of the comma-separated list. */
static int listed(const char *list, const char *name)
{
    size_t len = strlen(name);
    for (const char *p = list; p && *p;) {
        size_t item = strcspn(p, ",");
        if (item == len && strncmp(p, name, len) == 0)
            return 1;
        p += item + (p[item] == ',');
    }
    return list == NULL;
}

typedef struct timed_column {
    const bench_case *c;
    nvcomp_column *column;
} timed_column;

static int launch(void *p, int segment, cudaStream_t stream)
{
    timed_column *t = (timed_column *)p;
    const bench_case *c = t->c;
    char err[256];
    switch (segment) {
    case 0:
        if (nvcomp_column_decompress(t->column, stream, err, sizeof err) != 0) {
            fprintf(stderr, "%s\n", err);
            return -1;
        }
        return 0;
    case 1: return bench_plain_sum(c->data->type, c->d_output, c->values, c->d_sum, stream);
    default:
        return bench_plain_count(c->data->type, c->d_output, c->values, c->lo_bits, c->hi_bits,
                                 c->d_count, stream);
    }
}

static int one_codec(const bench_case *c, const nvcomp_codec *codec, bench_report *report)
{
    const bench_dataset *d = c->data;
    nvcomp_element element = {(unsigned)c->value_size,
                              d->type == GALP_TYPE_F32 || d->type == GALP_TYPE_F64};
    nvcomp_column column;
    char err[256], name[40], decoded[96];
    bench_row row;
    bench_sum sum;
    unsigned long long count;
    int rc = 0;

    snprintf(name, sizeof name, "nvcomp-%s", codec->name);
    if (nvcomp_column_build(&column, codec, element, c->d_column, c->bytes, d->n * c->value_size,
                            NVCOMP_ROWS_CHUNK_BYTES, c->d_output, err, sizeof err) != 0) {
        fprintf(stderr, "\nnote: %s skipped on %s: %s\n", name, d->name, err);
        return 0;
    }
    double *ms = (double *)malloc((size_t)c->runs * 3 * sizeof *ms);
    timed_column tc = {c, &column};
    if (!ms || bench_device_poison(c->d_output, c->bytes) != 0 ||
        bench_time_segments(launch, &tc, 3, c->warmup, c->runs, 0, ms) != 0 ||
        cudaMemcpy(&sum, c->d_sum, sizeof sum, cudaMemcpyDeviceToHost) != cudaSuccess ||
        cudaMemcpy(&count, c->d_count, sizeof count, cudaMemcpyDeviceToHost) != cudaSuccess) {
        fprintf(stderr, "%s on %s: timing failed\n", name, d->name);
        rc = -1;
        goto done;
    }
    if (nvcomp_column_check(&column, err, sizeof err) != 0)
        snprintf(decoded, sizeof decoded, "FAILED: %.80s", err);
    else
        bench_case_check_decoded(c, decoded, sizeof decoded);

    if (c->decode_rows) {
        bench_case_row(c, &row, name, "decompress", (double)column.compressed_bytes,
                       bench_timing_of(ms, 3, c->runs, 1u), BENCH_LIMIT_DECODE);
        snprintf(row.check, sizeof row.check, "%s", decoded);
        rc |= bench_report_add(report, &row);
    }
    if (!c->scan_rows) /* the scans are measured on their own tiling (galp_bench.cu) */
        goto done;
    bench_case_row(c, &row, name, "decompress+sum", (double)column.compressed_bytes,
                   bench_timing_of(ms, 3, c->runs, 3u), BENCH_LIMIT_SCAN);
    bench_case_check_sum(c, &sum, row.check, sizeof row.check);
    rc |= bench_report_add(report, &row);
    bench_case_row(c, &row, name, "decompress+filter", (double)column.compressed_bytes,
                   bench_timing_of(ms, 3, c->runs, 5u), BENCH_LIMIT_SCAN);
    bench_case_check_count(c, count, row.check, sizeof row.check);
    rc |= bench_report_add(report, &row);
done:
    free(ms);
    nvcomp_column_free(&column);
    return rc;
}

int nvcomp_rows(const bench_case *c, const char *only, bench_report *report)
{
    for (size_t i = 0; i < nvcomp_codec_count; i++)
        if (listed(only, nvcomp_codecs[i].name) && one_codec(c, &nvcomp_codecs[i], report) != 0)
            return -1;
    return 0;
}
