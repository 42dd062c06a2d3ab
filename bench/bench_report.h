/*
 * bench_report.h — the benchmark's results: one row per (dataset, codec, operation), written
 * as a table (stdout), CSV and JSON (files), with the run's context (device, ceilings,
 * command, commit) in the JSON header and the CSV's comment lines.
 */
#ifndef GALP_BENCH_REPORT_H
#define GALP_BENCH_REPORT_H

#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct bench_row {
    char dataset[96];
    const char *source;      /* rowgroup, sample, synthetic, file */
    const char *type;        /* f32, f64, u32, ... */
    uint64_t values;         /* decoded values measured (the tiled column) */
    uint64_t source_values;  /* values of the dataset before tiling */
    char codec[32];          /* galp, alp, ffor, nvcomp-<codec>, none */
    const char *op;          /* decompress, sum, filter, pushdown, exists, decompress+sum, ... */
    double decoded_bytes;
    double compressed_bytes; /* what a scan or decode must read */
    double ratio;            /* decoded / compressed */
    double bit_width;        /* galp: mean bit width; -1 otherwise */
    double exception_rate;   /* galp ALP/G-ALP: exceptions per value; -1 otherwise */
    double median_ms, min_ms;
    int runs;
    double gbps;             /* decoded bytes / median time, 10^9 B/s */
    double gvalues_per_ms;   /* decoded values / median time, 10^9 per ms */
    double limit_gbps;       /* the same figure at the op's bandwidth limit */
    double fraction;         /* gbps / limit_gbps */
    double read_floor_ms;    /* scans: the read floor of compressed_bytes (bench_read_floor); else 0 */
    double floor_fraction;   /* read_floor_ms / median_ms */
    char check[96];          /* "ok", or why the result was wrong */
} bench_row;

typedef struct bench_context {
    char device[256];        /* "NVIDIA H100 80GB HBM3, 132 SMs, 50 MiB L2, CC 9.0" */
    char date[32];           /* UTC, ISO 8601 */
    const char *commit;      /* as given on the command line, or "unknown" */
    const char *command;     /* the command line */
    const char *nvcomp;      /* nvCOMP version, or NULL when its rows are not built */
    double copy_gbps, copy_kernel_gbps, copy_memcpy_gbps, read_gbps, write_gbps;
    double ceiling_bytes;
} bench_context;

typedef struct bench_report {
    bench_row *rows;
    size_t count, cap;
} bench_report;

/* Appends a copy of row; returns 0 or -1 when out of memory. */
int bench_report_add(bench_report *r, const bench_row *row);
void bench_report_free(bench_report *r);

/* Fills gbps, gvalues_per_ms and fraction from the timing and limit already in the row. */
void bench_row_finish(bench_row *row);

void bench_report_table(const bench_report *r, const bench_context *c, FILE *out);
/* The CSV is written as the run goes, so that an interrupted run keeps what it measured:
 * open writes the context as comment lines and the column names, rows appends (and flushes)
 * rows first .. count-1. */
FILE *bench_report_csv_open(const bench_context *c, const char *path);
int bench_report_csv_rows(FILE *f, const bench_report *r, size_t first);
int bench_report_json(const bench_report *r, const bench_context *c, const char *path);

#ifdef __cplusplus
}
#endif

#endif /* GALP_BENCH_REPORT_H */
