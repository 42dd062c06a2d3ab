/*
 * gpu/pushdown.cuh — range predicates lo <= x <= hi translated into a G-ALP vector's packed
 * integer domain, so that a scan compares integers and never converts to floating point.
 *
 * Why it is exact. In a G-ALP vector a non-exception value is x(p) = D(k(p)) with
 * k(p) = (p + base)·FACT[f] (spec/alp.md §4) and D(k) = convert(k) ⊗ FRAC[e]. convert and ⊗ by
 * a positive constant are monotone non-decreasing under round-to-nearest, so D is monotone
 * non-decreasing in the signed integer k. If neither the add nor the multiply wraps for any
 * packed p in [0, 2^b - 1] — base + p and (base + p)·FACT[f] stay inside the signed W-bit
 * range, which is linear in p so its two ends decide it — then x(p) is monotone
 * non-decreasing in p. Hence {p : x(p) >= lo} = [p_lo, 2^b - 1] and {p : x(p) <= hi} =
 * [0, p_hi], where p_lo and p_hi are found by binary search evaluating the very decode
 * function the scan would have used (IEEE comparisons: a NaN bound yields an empty set, and
 * -0 == +0 holds on both sides). A value matches iff p_lo <= p <= p_hi. Exceptions are not
 * decoded from p: the scan compares their stored value as a float. Vectors where a wrap is
 * possible, and RAW vectors, are scanned by decode-then-compare (plan mode DECODE).
 */
#ifndef GALP_GPU_PUSHDOWN_CUH
#define GALP_GPU_PUSHDOWN_CUH

#include "column.cuh"
#include "kernels.h"

namespace galp_gpu {

/* Decoding x(p) for packed values p of one G-ALP vector. */
template <typename T> struct packed_decoder {
    typedef typename value_traits<T>::word Word;
    uint64_t base;
    alp_params<T> alp;
    __device__ __forceinline__ T operator()(uint64_t p) const
    {
        return alp.decode((Word)(p + base));
    }
};

/* First p in [0, max_p] with pred(p), given that pred is false then true (monotone);
 * max_p + 1 (wrapping to 0 for max_p = 2^64 - 1 is avoided by the `found` flag) if none. */
template <typename Pred>
__device__ __forceinline__ bool first_true(uint64_t max_p, Pred pred, uint64_t &first)
{
    if (!pred(max_p))
        return false;
    uint64_t lo = 0, hi = max_p;
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (pred(mid))
            hi = mid;
        else
            lo = mid + 1;
    }
    first = lo;
    return true;
}

/* The plan of one vector for lo <= x <= hi. */
template <typename T>
__device__ inline galp_gpu_range_plan plan_vector(const galp_gpu_view &col, uint32_t vector, T lo, T hi)
{
    constexpr unsigned W = value_traits<T>::bits;
    galp_gpu_range_plan plan;
    plan.mode = GALP_GPU_PLAN_DECODE;
    plan.lo = 1;
    plan.hi = 0;
    vector_entry e = read_vector_entry(col.data, vector);
    if (e.scheme != GALP_SCHEME_GALP)
        return plan;
    uint64_t max_p = e.bit_width == 64 ? ~(uint64_t)0 : ((uint64_t)1 << e.bit_width) - 1u;
    packed_decoder<T> x;
    x.base = e.base;
    x.alp.init(e.exponent, e.factor);

    /* No wrap: base + p and (base + p)·FACT stay in the signed W-bit range for all p. */
    __int128 base_s = W == 64 ? (__int128)(int64_t)e.base : (__int128)(int32_t)(uint32_t)e.base;
    __int128 k_lo = base_s, k_hi = base_s + (__int128)max_p;
    __int128 smax = ((__int128)1 << (W - 1)) - 1, smin = -((__int128)1 << (W - 1));
    __int128 fact = (__int128)x.alp.fact;
    if (k_hi > smax || k_lo * fact < smin || k_hi * fact > smax)
        return plan;

    plan.mode = GALP_GPU_PLAN_PACKED;
    uint64_t p_lo = 0, p_hi_plus = 0;
    bool has_lo = first_true(max_p, [&](uint64_t p) { return x(p) >= lo; }, p_lo);
    /* Last p with x(p) <= hi = (first p with x(p) > hi) - 1, or max_p if there is none;
     * x(p) <= hi false everywhere (e.g. hi is NaN) gives an empty range. */
    bool has_gt = first_true(max_p, [&](uint64_t p) { return !(x(p) <= hi); }, p_hi_plus);
    bool any_le = x(0) <= hi;
    if (!has_lo || !any_le)
        return plan; /* empty: lo = 1 > hi = 0 */
    plan.lo = p_lo;
    plan.hi = has_gt ? p_hi_plus - 1 : max_p;
    return plan;
}

/* Whether a row matches under its vector's plan (callers still drop slots >= value_count). */
template <typename T, unsigned Ahead>
__device__ __forceinline__ bool row_in_range(const lane_decoder<T, Ahead> &d, const galp_gpu_range_plan &plan,
                                             const encoded_value<typename value_traits<T>::word> &v,
                                             T lo, T hi)
{
    if (plan.mode == GALP_GPU_PLAN_PACKED && !v.is_exception)
        return (uint64_t)v.packed >= plan.lo && (uint64_t)v.packed <= plan.hi;
    T x = d.decode(v);
    return x >= lo && x <= hi;
}

} /* namespace galp_gpu */

#endif /* GALP_GPU_PUSHDOWN_CUH */
