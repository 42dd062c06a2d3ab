/*
 * galp_rows.h — libgalp's GPU decoder measured on one bench_case: for one scheme, the
 * compression ratio, full decompression, the fused sum, the fused decode-then-compare filter,
 * the pushed-down filter (galp_gpu_count_range) and "does x exist" (galp_gpu_exists).
 */
#ifndef GALP_BENCH_GALP_ROWS_H
#define GALP_BENCH_GALP_ROWS_H

#include "bench_case.cuh"

/* Codec names in the results: "galp" (G-ALP), "alp" (ALP layout), "ffor", and "delta",
 * "rle", "dict" (FastLanes, spec/fastlanes.md) and "auto" (integers: the smallest of FFOR,
 * DELTA, RLE, DICT or RAW per vector). */
const char *galp_rows_codec_name(galp_scheme scheme);

/* Appends the scheme's rows; a wrong result is a row whose check says FAILED. Returns 0, or
 * -1 when the measurement itself could not run (message printed). */
int galp_rows(const bench_case *c, galp_scheme scheme, bench_report *report);

#endif /* GALP_BENCH_GALP_ROWS_H */
