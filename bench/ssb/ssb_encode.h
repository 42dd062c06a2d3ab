/*
 * ssb_encode.h — the 14 lineorder columns of the paper's set encoded with galp's u32 schemes
 * in parallel: the three tile schemes (spec/tile.md), of which the smallest is the GPU
 * queries' tile column (the paper's per-column choice, Shanbhag et al. §8), and galp's
 * FastLanes cascade (GALP_SCHEME_AUTO: FFOR, DELTA, RLE or DICT per vector,
 * spec/fastlanes.md §5), the queries' FastLanes column.
 */
#ifndef GALP_BENCH_SSB_ENCODE_H
#define GALP_BENCH_SSB_ENCODE_H

#include <stddef.h>
#include <stdint.h>

#include "galp.h"
#include "ssb_data.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SSB_LINEORDER_COLUMNS 14

/* The schemes measured, in report order. */
#define SSB_ENCODINGS 4
extern const galp_scheme ssb_encodings[SSB_ENCODINGS]; /* GPU_FOR, GPU_DFOR, GPU_RFOR, AUTO */

typedef struct ssb_encoded {
    const char *name;              /* "lo_orderkey", ... */
    int fact;                      /* its ssb_fact_column, or −1: not read by the queries */
    uint64_t values;
    size_t bytes[SSB_ENCODINGS];   /* whole-file size per scheme */
    uint8_t *file[SSB_ENCODINGS];  /* every scheme's file (malloc'd, validated by galp_open) */
    int tile;                      /* index of the smallest tile scheme */
} ssb_encoded;

/* Encodes the 14 columns of DIR (the queries' columns from d, the others read from DIR) on
 * `threads` threads. Returns 0, or -1 with a message in err (nothing left allocated). */
int ssb_encode_lineorder(const ssb_data *d, const char *dir, int threads,
                         ssb_encoded cols[SSB_LINEORDER_COLUMNS], char *err, size_t err_len);
void ssb_encoded_free(ssb_encoded cols[SSB_LINEORDER_COLUMNS]);

#ifdef __cplusplus
}
#endif

#endif /* GALP_BENCH_SSB_ENCODE_H */
