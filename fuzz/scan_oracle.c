/*
 * scan_oracle.c — the host's answers to the GPU's fused scans (scan_oracle.h).
 */
#include "scan_oracle.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "bytes.h"

static bool is_float_type(galp_type type)
{
    return type == GALP_TYPE_F32 || type == GALP_TYPE_F64;
}

static bool is_nan(unsigned w, uint64_t bits)
{
    return w == 64 ? (bits & 0x7fffffffffffffffu) > 0x7ff0000000000000u
                   : (bits & 0x7fffffffu) > 0x7f800000u;
}

/* A key whose unsigned order is the numeric order of non-NaN floats, with -0 below +0. */
static uint64_t float_order_key(unsigned w, uint64_t bits)
{
    const uint64_t sign = (uint64_t)1 << (w - 1);
    return bits & sign ? ~bits & (sign | (sign - 1)) : bits | sign;
}

/* The inverse of float_order_key. */
static uint64_t float_from_order_key(unsigned w, uint64_t key)
{
    const uint64_t sign = (uint64_t)1 << (w - 1);
    return key & sign ? key & ~sign : ~key & (sign | (sign - 1));
}

uint64_t fuzz_scan_neighbour(galp_type type, uint64_t bits, int up)
{
    const unsigned w = 8 * (unsigned)galp_type_size(type);
    const uint64_t mask = w == 64 ? UINT64_MAX : ((uint64_t)1 << w) - 1;
    const uint64_t step = up ? 1 : mask; /* +1 or -1 modulo 2^w */
    if (!is_float_type(type))
        return (bits + step) & mask;
    return float_from_order_key(w, (float_order_key(w, bits) + step) & mask);
}

/* A float value from its bits, as a double (exact for f32 too). */
static double as_double(galp_type type, uint64_t bits)
{
    if (type == GALP_TYPE_F64) {
        double d;
        memcpy(&d, &bits, sizeof d);
        return d;
    }
    float f;
    uint32_t b = (uint32_t)bits;
    memcpy(&f, &b, sizeof f);
    return f;
}

/* lo <= x <= hi, with IEEE comparison for floats. */
static bool in_range(galp_type type, uint64_t x, uint64_t lo, uint64_t hi)
{
    if (!is_float_type(type))
        return lo <= x && x <= hi;
    const double v = as_double(type, x);
    return as_double(type, lo) <= v && v <= as_double(type, hi);
}

void fuzz_scan_expect(galp_type type, const uint8_t *values, uint64_t n,
                      const fuzz_scan_args *args, fuzz_scan_expectation *out)
{
    const unsigned bytes = (unsigned)galp_type_size(type), w = 8 * bytes;
    const bool fp = is_float_type(type);
    memset(out, 0, sizeof *out);
    galp_gpu_aggregate *a = &out->want.aggregate;
    a->count = n;
    uint64_t min_key = UINT64_MAX, max_key = 0;
    for (uint64_t i = 0; i < n; i++) {
        const uint64_t x = galp_load_le(bytes, values + i * bytes);
        out->want.count += in_range(type, x, args->lo, args->hi);
        out->want.found |= in_range(type, x, args->probe, args->probe);
        if (fp && is_nan(w, x)) {
            a->nan_count++;
            continue;
        }
        if (fp) {
            const double v = as_double(type, x);
            a->sum_f64 += v;
            out->abs_sum += fabs(v);
            out->wide_sum += v;
            out->wide_abs_sum += fabsl((long double)v);
            out->infinite_inputs += isinf(v) != 0;
        } else {
            a->sum_bits += x;
        }
        const uint64_t key = fp ? float_order_key(w, x) : x;
        if (key <= min_key) {
            min_key = key;
            a->min_bits = x;
        }
        if (key >= max_key) {
            max_key = key;
            a->max_bits = x;
        }
    }
    a->has_min_max = a->count > a->nan_count;
}

/* Whether a GPU float sum can be the sum of the same values in another order. */
static bool float_sum_agrees(uint64_t n, const fuzz_scan_expectation *e, double got)
{
    const double seq = e->want.aggregate.sum_f64;
    if (isfinite(seq) && isfinite(e->abs_sum))
        return fabs(got - seq) <= 2.0 * (double)n * 0x1p-52 * e->abs_sum;
    if (e->infinite_inputs > 0) /* every order's sum is infinite or NaN */
        return !isfinite(got);
    /* Finite values whose sum overflows in some orders: an order whose sum stays finite must
     * still be close to the exact one. */
    return !isfinite(got) ||
           fabsl((long double)got - e->wide_sum) <= 2.0L * (long double)n * 0x1p-52L * e->wide_abs_sum;
}

const char *fuzz_scan_disagreement(galp_type type, const fuzz_scan_expectation *expect,
                                   const fuzz_scans *got, char *msg, size_t len)
{
    const galp_gpu_aggregate *g = &got->aggregate, *w = &expect->want.aggregate;
    typedef unsigned long long ull;
    if (g->count != w->count || g->nan_count != w->nan_count || g->has_min_max != w->has_min_max)
        snprintf(msg, len, "aggregate: count %llu/%llu, NaNs %llu/%llu, has_min_max %u/%u (GPU/host)",
                 (ull)g->count, (ull)w->count, (ull)g->nan_count, (ull)w->nan_count,
                 g->has_min_max, w->has_min_max);
    else if (w->has_min_max && (g->min_bits != w->min_bits || g->max_bits != w->max_bits))
        snprintf(msg, len, "aggregate: min %llx/%llx, max %llx/%llx (GPU/host)",
                 (ull)g->min_bits, (ull)w->min_bits, (ull)g->max_bits, (ull)w->max_bits);
    else if (!is_float_type(type) && g->sum_bits != w->sum_bits)
        snprintf(msg, len, "aggregate: sum %llu/%llu (GPU/host)", (ull)g->sum_bits, (ull)w->sum_bits);
    else if (is_float_type(type) && !float_sum_agrees(w->count - w->nan_count, expect, g->sum_f64))
        snprintf(msg, len, "aggregate: sum %.17g, host's sequential sum %.17g (sum of |x| %.17g)",
                 g->sum_f64, w->sum_f64, expect->abs_sum);
    else if (got->count != expect->want.count)
        snprintf(msg, len, "range count %llu/%llu (GPU/host)", (ull)got->count,
                 (ull)expect->want.count);
    else if (got->found != expect->want.found)
        snprintf(msg, len, "exists %u/%u (GPU/host)", got->found, expect->want.found);
    else
        return NULL;
    return msg;
}
