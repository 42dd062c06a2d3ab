/*
 * alp_arith.h — the ALP per-value arithmetic shared by decoder and encoder.
 *
 * The decode steps are exactly spec/alp.md §4: a wrapping W-bit integer multiply, a
 * two's-complement reinterpretation, one IEEE conversion and one IEEE multiply, each in its own
 * statement. The encoder verifies every value with these same functions (spec/alp.md §6), so an
 * encoded value can never decode differently from what the encoder checked.
 */
#ifndef GALP_ALP_ARITH_H
#define GALP_ALP_ARITH_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "alp_constants.h"

/* FRAC_W[e] as a number of the value type. */
static inline double galp_alp_frac64(unsigned e)
{
    double d;
    memcpy(&d, &galp_alp_frac64_bits[e], sizeof d);
    return d;
}

static inline float galp_alp_frac32(unsigned e)
{
    float d;
    memcpy(&d, &galp_alp_frac32_bits[e], sizeof d);
    return d;
}

/* u read as a two's-complement integer (spec/alp.md §4 step 3), without relying on the
 * implementation-defined conversion of an out-of-range unsigned value. */
static inline int64_t galp_alp_signed64(uint64_t u)
{
    return u <= (uint64_t)INT64_MAX ? (int64_t)u : -(int64_t)~u - 1;
}

static inline int32_t galp_alp_signed32(uint32_t u)
{
    return u <= (uint32_t)INT32_MAX ? (int32_t)u : -(int32_t)~u - 1;
}

/* Steps 2–4 of spec/alp.md §4 for one FOR-decoded integer u; returns the bit pattern. */
static inline uint64_t galp_alp_decode64(uint64_t u, uint64_t fact, double frac)
{
    uint64_t k = u * fact;                    /* wraps mod 2^64 */
    double s = (double)galp_alp_signed64(k);  /* round to nearest, ties to even */
    double x = s * frac;                      /* one IEEE multiply */
    uint64_t bits;
    memcpy(&bits, &x, sizeof bits);
    return bits;
}

static inline uint32_t galp_alp_decode32(uint32_t u, uint32_t fact, float frac)
{
    uint32_t k = u * fact;                    /* wraps mod 2^32 */
    float s = (float)galp_alp_signed32(k);
    float x = s * frac;
    uint32_t bits;
    memcpy(&bits, &x, sizeof bits);
    return bits;
}

/* Values that are always exceptions (spec/alp.md §6.1): NaN (any payload), ±Inf and −0.0.
 * Tested on the bit pattern, before any float-to-integer conversion. */
static inline bool galp_alp_special64(uint64_t bits)
{
    return (bits & 0x7ff0000000000000u) == 0x7ff0000000000000u || bits == 0x8000000000000000u;
}

static inline bool galp_alp_special32(uint32_t bits)
{
    return (bits & 0x7f800000u) == 0x7f800000u || bits == 0x80000000u;
}

#endif /* GALP_ALP_ARITH_H */
