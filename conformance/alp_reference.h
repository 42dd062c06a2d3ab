/*
 * alp_reference.h — the ALP reference figures of $GALP_DATA_DIR/ALP-REFERENCE.md and the
 * per-vector accounting they use, applied to a galp column, so that galp and the reference are
 * compared like with like. Shared by conformance/test_alp_realdata.c and
 * bench/compression_table.c.
 */
#ifndef GALP_ALP_REFERENCE_H
#define GALP_ALP_REFERENCE_H

#include <stddef.h>

#include "galp.h"

/* One figure of the reference: file, type ("double" or "float"), scheme ("ALP" or
 * "ALP_RD"), bits/value. */
typedef struct alp_reference_row {
    char file[128];
    char type[16];
    char scheme[16];
    double bits;
} alp_reference_row;

/* Reads the rows of <dir>/ALP-REFERENCE.md: its main table (file | type | n | scheme |
 * bits/value | ...) and its table of float32 casts (file | scheme | bits/value | exceptions |
 * ..., type "float"). Returns how many were read, at most `room`; 0 when the file is absent. */
int alp_reference_load(const char *dir, alp_reference_row *rows, int room);

/* The first row for `file` and `type`, or NULL. */
const alp_reference_row *alp_reference_find(const alp_reference_row *rows, int count,
                                            const char *file, const char *type);

/* One column encoded by galp, measured. */
typedef struct alp_measure {
    double file_bits;   /* the galp file's bytes · 8 / n */
    double vector_bits; /* ALP-REFERENCE.md's per-vector accounting, per value */
    double mean_width;  /* over the ALP and G-ALP vectors (neither RAW nor ALP_RD) */
    unsigned long exceptions;
    unsigned raw_vectors, rd_vectors, vectors;
} alp_measure;

/* Encodes n values with `scheme` and measures the file. The per-vector accounting is
 * ALP-REFERENCE.md's: 1024·b + c·(W + 16) + 8+8+8+W+16 bits per vector (RAW vectors: m·W plus
 * the same metadata); the payload is counted whole, so a G-ALP vector adds the lane table it
 * holds. An ALP_RD vector (spec/alprd.md) counts its whole payload (dictionary and lane ends
 * included) plus the reference's 16 bits of exception count, instead of the ALP metadata.
 * Returns 0, or -1 when the column does not encode or open. */
int alp_measure_column(galp_type type, galp_scheme scheme, const void *values, size_t n,
                       alp_measure *out);

#endif /* GALP_ALP_REFERENCE_H */
