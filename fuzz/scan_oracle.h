/*
 * scan_oracle.h — what the CUDA decoder's fused scans must answer, computed on the host.
 *
 * The differential target (fuzz_differential.c) decodes a column with the reference decoder
 * and derives from those values what galp_gpu_aggregate_column, galp_gpu_count_range and
 * galp_gpu_exists must report under the semantics of include/galp_gpu.h; then it judges the
 * GPU's answers. Plain C with no GPU dependency, so that the oracle itself is unit-tested
 * (fuzz/test_scan_oracle.c) and runs in every build of the target.
 */
#ifndef GALP_FUZZ_SCAN_ORACLE_H
#define GALP_FUZZ_SCAN_ORACLE_H

#include <stddef.h>
#include <stdint.h>

#include "galp_gpu.h"

/* One run of the three scans: the GPU's answers, or the host's expectation. Values are bit
 * patterns of the column type, zero-extended to 64 bits. */
typedef struct fuzz_scans {
    galp_gpu_aggregate aggregate;
    uint64_t count; /* values with lo <= x <= hi */
    uint32_t found; /* 1 when some value x == probe, else 0 */
} fuzz_scans;

/* The scans' arguments. */
typedef struct fuzz_scan_args {
    uint64_t lo, hi; /* galp_gpu_count_range's bounds */
    uint64_t probe;  /* galp_gpu_exists's value */
} fuzz_scan_args;

/* The host's expectation, with what judging a floating-point sum needs: its summation order
 * is unspecified (include/galp_gpu.h), so it is compared within a bound, not bit for bit. */
typedef struct fuzz_scan_expectation {
    fuzz_scans want;          /* aggregate.sum_f64: the sequential double sum */
    double abs_sum;           /* sequential double sum of |x| over the non-NaN values */
    long double wide_sum;     /* the same two sums in long double, for sums that overflow */
    long double wide_abs_sum; /*   a double in some summation orders */
    int infinite_inputs;      /* non-NaN infinite values */
} fuzz_scan_expectation;

/* Computes the expectation for n values of `type` (little-endian, packed): count, NaN count,
 * wrapping integer sum mod 2^64, min/max (NaNs left out, -0 below +0), the range count and
 * existence with IEEE comparison for floats (NaN matches nothing, -0 == +0). */
void fuzz_scan_expect(galp_type type, const uint8_t *values, uint64_t n,
                      const fuzz_scan_args *args, fuzz_scan_expectation *out);

/* The value next to `bits` in the order that min and max use (floats: numeric, -0 below +0;
 * NaN patterns step like their bit patterns), one step up (up != 0) or down, wrapping at the
 * ends of the type. */
uint64_t fuzz_scan_neighbour(galp_type type, uint64_t bits, int up);

/* NULL when `got` agrees with the expectation, else a description of the first disagreement
 * written to msg (len bytes). A float sum agrees within 2·n·2^-52·Σ|x| of the sequential
 * sum: each of two orders is within (n - 1)·eps·Σ|x| of the exact sum. */
const char *fuzz_scan_disagreement(galp_type type, const fuzz_scan_expectation *expect,
                                   const fuzz_scans *got, char *msg, size_t len);

#endif /* GALP_FUZZ_SCAN_ORACLE_H */
