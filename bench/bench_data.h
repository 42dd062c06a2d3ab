/*
 * bench_data.h — the benchmark's inputs: real datasets, their f32 casts, synthetic sweeps and
 * user files, each as one period of values that the harness tiles to the measured size.
 */
#ifndef GALP_BENCH_DATA_H
#define GALP_BENCH_DATA_H

#include <stdint.h>

#include "galp.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct bench_dataset {
    char name[96];       /* file stem ("city_temperature_f") or sweep point ("f64-b12-x5") */
    const char *source;  /* "rowgroup", "sample", "synthetic" or "file" */
    galp_type type;
    void *values;        /* the period, malloc'd */
    uint64_t n;          /* values in the period: a positive multiple of 1024 */
    uint64_t n_source;   /* values read from the source (n rounds it up by wrapping around) */
} bench_dataset;

void bench_dataset_free(bench_dataset *d);

/* Reads a file of values into d as one period (name = file stem). ".csv": one decimal per
 * line (strtod), giving f64; anything else: raw little-endian values of `type`. Returns 0 or
 * -1 with a message in err. */
int bench_dataset_read(const char *path, galp_type type, const char *source, bench_dataset *d,
                       char *err, size_t err_len);

/* Every dataset of the ALP corpus under dir ($GALP_DATA_DIR/alp): the .bin files of
 * rowgroups/, then the .csv files of samples/, each in name order. *out is malloc'd; returns the count (0 when dir holds
 * none) or -1 with a message in err. */
int bench_dataset_list_alp(const char *dir, bench_dataset **out, char *err, size_t err_len);

/* f32 cast of an f64 dataset (each value rounded to nearest); name gets "-f32". */
int bench_dataset_cast_f32(const bench_dataset *f64, bench_dataset *out);

/* The integer column of a decimal f64 dataset (the ALP corpus): round(100·x) less the
 * smallest such value, so every value is >= 0; u32 when that fits, else u64 (name
 * "<stem>-int"). -1 if a value is not finite or the scaled range passes 2^63. */
int bench_dataset_scaled_int(const bench_dataset *f64, bench_dataset *out);

/* n (a multiple of 1024) sorted u64 timestamps in microseconds, steps of 1000 plus up to 15
 * of jitter: DELTA's input. */
int bench_dataset_sorted_timestamps(uint64_t n, uint64_t seed, bench_dataset *out);

/* Synthetic decimals for ALP/G-ALP: `n` values k · 10^-e with k spread over 2^bits integers
 * (bits <= 48 for f64, <= 23 for f32; from 23 on the encoder stores f32 vectors RAW), and `exception_percent` % of the slots replaced by
 * values ALP cannot encode. Deterministic for a seed. type: GALP_TYPE_F32 or GALP_TYPE_F64. */
int bench_dataset_synthetic_alp(galp_type type, unsigned bits, unsigned exception_percent,
                                uint64_t n, uint64_t seed, bench_dataset *out);

/* Synthetic integers for FFOR: base + k with k uniform over 2^bits values. */
int bench_dataset_synthetic_ffor(galp_type type, unsigned bits, uint64_t n, uint64_t seed,
                                 bench_dataset *out);

#ifdef __cplusplus
}
#endif

#endif /* GALP_BENCH_DATA_H */
