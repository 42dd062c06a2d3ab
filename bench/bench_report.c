/*
 * bench_report.c — collecting rows and writing them as a table, CSV and JSON (bench_report.h).
 */
#include "bench_report.h"

#include <stdlib.h>
#include <string.h>

int bench_report_add(bench_report *r, const bench_row *row)
{
    if (r->count == r->cap) {
        size_t cap = r->cap ? 2 * r->cap : 256;
        bench_row *grown = realloc(r->rows, cap * sizeof *grown);
        if (!grown)
            return -1;
        r->rows = grown;
        r->cap = cap;
    }
    r->rows[r->count++] = *row;
    return 0;
}

void bench_report_free(bench_report *r)
{
    free(r->rows);
    memset(r, 0, sizeof *r);
}

void bench_row_finish(bench_row *row)
{
    row->gbps = row->median_ms > 0 ? row->decoded_bytes / (row->median_ms * 1e6) : 0;
    row->gvalues_per_ms = row->median_ms > 0 ? (double)row->values / row->median_ms / 1e9 : 0;
    row->fraction = row->limit_gbps > 0 ? row->gbps / row->limit_gbps : 0;
    row->floor_fraction = row->median_ms > 0 ? row->read_floor_ms / row->median_ms : 0;
}

void bench_report_table(const bench_report *r, const bench_context *c, FILE *out)
{
    fprintf(out, "device: %s\n", c->device);
    fprintf(out, "ceilings: copy %.0f GB/s (kernel %.0f, cudaMemcpy %.0f; bytes read + written), "
                 "read %.0f GB/s, write %.0f GB/s\n",
            c->copy_gbps, c->copy_kernel_gbps, c->copy_memcpy_gbps, c->read_gbps, c->write_gbps);
    fprintf(out, "limits: decode = (compressed read + decoded written) at the copy rate; "
                 "scans = compressed read at the read rate; %%floor = a read of as many bytes "
                 "by one launch\n\n");
    fprintf(out, "%-30s %-4s %-20s %-18s %8s %9s %9s %7s %6s %6s %s\n", "dataset", "type", "codec",
            "op", "ratio", "GB/s", "Gval/ms", "limit", "%lim", "%floor", "check");
    const char *last = "";
    for (size_t i = 0; i < r->count; i++) {
        const bench_row *w = &r->rows[i];
        if (strcmp(last, w->dataset) != 0) {
            /* Say how the column was made: the dataset, tiled to the measured size. */
            fprintf(out, "\n-- %s (%s, %s): %llu values", w->dataset, w->source, w->type,
                    (unsigned long long)w->source_values);
            if (w->values > w->source_values)
                fprintf(out, ", tiled to %llu values", (unsigned long long)w->values);
            fprintf(out, ", %.2f GiB decoded\n", w->decoded_bytes / 1073741824.0);
        }
        last = w->dataset;
        fprintf(out, "%-30.30s %-4s %-20.20s %-18s %8.2f %9.1f %9.3f %7.0f %5.1f%% %5.1f%% %s\n",
                w->dataset, w->type, w->codec, w->op, w->ratio, w->gbps, w->gvalues_per_ms,
                w->limit_gbps, 100 * w->fraction, 100 * w->floor_fraction, w->check);
    }
}

static const char *csv_header =
    "dataset,source,type,values,source_values,codec,op,decoded_bytes,compressed_bytes,ratio,"
    "bit_width,exception_rate,median_ms,min_ms,runs,gbps,gvalues_per_ms,limit_gbps,fraction,"
    "read_floor_ms,floor_fraction,check";

FILE *bench_report_csv_open(const bench_context *c, const char *path)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return NULL;
    fprintf(f, "# device: %s\n# date: %s\n# commit: %s\n# command: %s\n", c->device, c->date,
            c->commit, c->command);
    fprintf(f, "# ceilings_gbps: copy=%.1f copy_kernel=%.1f copy_memcpy=%.1f read=%.1f write=%.1f\n",
            c->copy_gbps, c->copy_kernel_gbps, c->copy_memcpy_gbps, c->read_gbps, c->write_gbps);
    fprintf(f, "%s\n", csv_header);
    return f;
}

int bench_report_csv_rows(FILE *f, const bench_report *r, size_t first)
{
    for (size_t i = first; i < r->count; i++) {
        const bench_row *w = &r->rows[i];
        fprintf(f,
                "%s,%s,%s,%llu,%llu,%s,%s,%.0f,%.0f,%.6g,%.4g,%.6g,%.6g,%.6g,%d,%.6g,%.6g,%.6g,"
                "%.6g,%.6g,%.6g,%s\n",
                w->dataset, w->source, w->type, (unsigned long long)w->values,
                (unsigned long long)w->source_values, w->codec, w->op, w->decoded_bytes,
                w->compressed_bytes, w->ratio, w->bit_width, w->exception_rate, w->median_ms,
                w->min_ms, w->runs, w->gbps, w->gvalues_per_ms, w->limit_gbps, w->fraction,
                w->read_floor_ms, w->floor_fraction, w->check);
    }
    return fflush(f) == 0 && !ferror(f) ? 0 : -1;
}

/* Writes s as a JSON string (the texts here are ASCII; quotes and backslashes escaped). */
static void json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; s && *s; s++) {
        if (*s == '"' || *s == '\\')
            fputc('\\', f);
        if ((unsigned char)*s >= 0x20)
            fputc(*s, f);
    }
    fputc('"', f);
}

int bench_report_json(const bench_report *r, const bench_context *c, const char *path)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    fprintf(f, "{\n  \"device\": ");
    json_string(f, c->device);
    fprintf(f, ",\n  \"date\": ");
    json_string(f, c->date);
    fprintf(f, ",\n  \"commit\": ");
    json_string(f, c->commit);
    fprintf(f, ",\n  \"command\": ");
    json_string(f, c->command);
    fprintf(f, ",\n  \"nvcomp\": ");
    if (c->nvcomp)
        json_string(f, c->nvcomp);
    else
        fputs("null", f);
    fprintf(f,
            ",\n  \"ceilings_gbps\": {\"copy\": %.1f, \"copy_kernel\": %.1f, \"copy_memcpy\": "
            "%.1f, \"read\": %.1f, \"write\": %.1f, \"buffer_bytes\": %.0f},\n  \"rows\": [\n",
            c->copy_gbps, c->copy_kernel_gbps, c->copy_memcpy_gbps, c->read_gbps, c->write_gbps,
            c->ceiling_bytes);
    for (size_t i = 0; i < r->count; i++) {
        const bench_row *w = &r->rows[i];
        fprintf(f, "    {\"dataset\": ");
        json_string(f, w->dataset);
        fprintf(f,
                ", \"source\": \"%s\", \"type\": \"%s\", \"values\": %llu, \"source_values\": "
                "%llu, \"codec\": ",
                w->source, w->type, (unsigned long long)w->values,
                (unsigned long long)w->source_values);
        json_string(f, w->codec);
        fprintf(f,
                ", \"op\": \"%s\", \"decoded_bytes\": %.0f, \"compressed_bytes\": %.0f, "
                "\"ratio\": %.6g, \"bit_width\": %.4g, \"exception_rate\": %.6g, \"median_ms\": "
                "%.6g, \"min_ms\": %.6g, \"runs\": %d, \"gbps\": %.6g, \"gvalues_per_ms\": %.6g, "
                "\"limit_gbps\": %.6g, \"fraction\": %.6g, \"read_floor_ms\": %.6g, "
                "\"floor_fraction\": %.6g, \"check\": ",
                w->op, w->decoded_bytes, w->compressed_bytes, w->ratio, w->bit_width,
                w->exception_rate, w->median_ms, w->min_ms, w->runs, w->gbps, w->gvalues_per_ms,
                w->limit_gbps, w->fraction, w->read_floor_ms, w->floor_fraction);
        json_string(f, w->check);
        fprintf(f, "}%s\n", i + 1 < r->count ? "," : "");
    }
    fprintf(f, "  ]\n}\n");
    return fclose(f) == 0 ? 0 : -1;
}
