/*
 * nvcomp_rows.h — nvCOMP's codecs measured on one bench_case, on the same bytes as libgalp:
 * compression ratio, decompression, and decompress-then-scan (sum, filter), each codec's
 * output checked bit for bit against the column and its scans against the right answers.
 * Built only with nvCOMP (./configure --with-nvcomp, or bench/build-gpu.sh finding .nvcomp/).
 */
#ifndef GALP_BENCH_NVCOMP_ROWS_H
#define GALP_BENCH_NVCOMP_ROWS_H

#include "bench_case.cuh"

/* Chunk size nvCOMP recommends for its batched codecs. */
#define NVCOMP_ROWS_CHUNK_BYTES 65536u

/* Codecs whose name is in the comma-separated list `only` (NULL: all). Appends their rows;
 * a codec that cannot handle the data (it refuses to compress) gets a note on stderr and no
 * rows. Returns 0, or -1 when a measurement could not run. */
int nvcomp_rows(const bench_case *c, const char *only, bench_report *report);

/* "nvCOMP 6.0.0" */
const char *nvcomp_rows_version(void);

#endif /* GALP_BENCH_NVCOMP_ROWS_H */
