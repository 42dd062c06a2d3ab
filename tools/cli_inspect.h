/*
 * cli_inspect.h — what `galp inspect` gathers about a column file, shared by its text and JSON
 * printers.
 */
#ifndef GALP_CLI_INSPECT_H
#define GALP_CLI_INSPECT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "galp.h"

/* Largest lane count (f32: 1024/32) and ALP exponent (f64: spec/alp.md §3). */
#define INSPECT_MAX_LANES 32u
#define INSPECT_MAX_EXPONENT 18u

/* One vector: its metadata entry and, for G-ALP and ALP-RD, its exceptions per lane. */
typedef struct inspect_vector {
    galp_vector_info info;
    uint16_t lane_exceptions[INSPECT_MAX_LANES]; /* G-ALP and ALP-RD vectors; else all zero */
    bool dict_in_entry; /* an ALP-RD vector whose dictionary is its base (spec/alprd.md §3.1) */
    unsigned lane_base_width; /* DELTA: bits per lane base, the packed width c or W
                               * (spec/fastlanes.md §2.3) */
} inspect_vector;

/* The whole column, summarised. */
typedef struct inspect_report {
    const char *path;
    const galp_column *column;
    unsigned lanes;                   /* L = 1024 / W (spec/format.md §1) */
    uint64_t raw_size;                /* value_count · W/8 */
    uint64_t payload_bytes;           /* sum of payload_size */
    uint32_t vectors_by_scheme[256];  /* indexed by the scheme byte (galp_scheme) */
    uint32_t packed_vectors;          /* vectors not stored RAW; bit widths are over these */
    unsigned bit_width_min, bit_width_max;
    uint64_t bit_width_sum;
    uint64_t exceptions;              /* ALP/G-ALP/ALP-RD: all exceptions of the column */
    uint32_t most_exceptions, most_exceptions_vector;
    uint32_t most_lane_exceptions, most_lane_vector, most_lane; /* G-ALP, ALP-RD */
    uint32_t dicts_in_entry;          /* ALP-RD vectors whose dictionary is their base */
    uint32_t packed_lane_bases;       /* DELTA vectors whose lane bases are packed below W bits */
    uint32_t delta_run_values;        /* RUNS vectors whose run values are delta-coded */
    uint32_t offset_run_values;       /* RUNS vectors whose run values are offset-coded differences */
    uint32_t patched_vectors;         /* FFOR vectors with at least one patch */
    uint64_t patches;                 /* their patches, in all */
    uint32_t ef_vectors[INSPECT_MAX_EXPONENT + 1][INSPECT_MAX_EXPONENT + 1]; /* [e][f], ALP */
} inspect_report;

/* Reads vector v's metadata (and lane counts) from an opened column. */
void inspect_read_vector(const galp_column *column, uint32_t v, inspect_vector *out);

/* Whether the column's scheme is ALP, G-ALP or ALP-RD (then e, f — k for ALP-RD vectors — and
 * exceptions are reported). */
bool inspect_is_alp(const inspect_report *report);

/* The FOR base of an ALP/G-ALP vector as the signed W-bit integer it adds to (spec/alp.md §4
 * step 3 reads the sum as two's complement), which is how a reader thinks of it. */
int64_t inspect_signed_base(const inspect_report *report, uint64_t base);

/* Bits per value and compression ratio of n values of `bytes` bytes (ratio 0 when bytes = 0). */
double inspect_bits_per_value(uint64_t bytes, uint64_t n);
double inspect_ratio(uint64_t raw_bytes, uint64_t bytes);

void inspect_print_text(FILE *out, const inspect_report *report, bool vectors);
/* `text` as a JSON string, quotes included; bytes outside UTF-8 become U+FFFD. */
void inspect_print_json_string(FILE *out, const char *text);
void inspect_print_json(FILE *out, const inspect_report *report, bool vectors);

#endif /* GALP_CLI_INSPECT_H */
