/*
 * galp/device/pushdown.cuh — range predicates lo <= x <= hi translated into a G-ALP vector's packed
 * integer domain, so that a scan compares integers and never converts to floating point.
 *
 * Why it is exact. In a G-ALP vector a non-exception value is x(p) = D(k(p)) with
 * k(p) = (p + base)·FACT[f] (spec/alp.md §4) and D(k) = convert(k) ⊗ FRAC[e]. convert and ⊗ by
 * a positive constant are monotone non-decreasing under round-to-nearest, so D is monotone
 * non-decreasing in the signed integer k. On the packed integers p for which neither the add
 * nor the multiply wraps — base + p and (base + p)·FACT[f] inside the signed W-bit range,
 * an interval [safe_lo, safe_hi] because both are increasing in p (safe_range) — x(p) is
 * therefore monotone non-decreasing. Hence, on that interval, {p : x(p) >= lo} = [p_lo, safe_hi]
 * and {p : x(p) <= hi} = [safe_lo, p_hi], where p_lo and p_hi are found by a search that
 * evaluates the very decode function the scan would have used (IEEE comparisons: a NaN bound
 * yields an empty set, and -0 == +0 holds on both sides). The search starts where the bound
 * lies in real arithmetic, p ≈ bound·10^(e-f) - base, and widens from there (first_true_near):
 * the guess decides how many decodes it takes, never its answer. A safe p matches iff
 * p_lo <= p <= p_hi; any other p is decoded and compared, so the answer is decode-then-compare's
 * for every p. Encoders only write packed integers that decode to their values, so in practice
 * every p of a vector is safe. Exceptions are not decoded from p: the scan compares their
 * stored value as a float. RAW vectors have no safe interval.
 *
 * The same interval lets the aggregates (gpu/aggregate.cu) take a vector's extremes among its
 * packed integers, and lets integer FFOR vectors, x(p) = base + p, be planned alike.
 */
#ifndef GALP_DEVICE_PUSHDOWN_CUH
#define GALP_DEVICE_PUSHDOWN_CUH

#include "column.cuh"
#include "range_plan.h"

namespace galp::device::detail {

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

/* The packed integers [lo, hi] of a vector (empty when lo > hi). */
struct packed_range {
    uint64_t lo, hi;
    __device__ __forceinline__ bool contains(uint64_t p) const { return p - lo <= hi - lo && lo <= hi; }
};

/* The signed integers u = base + p whose product with FACT does not wrap: -down <= u <= up,
 * up = floor((2^(W-1) - 1) / FACT) and down = floor(2^(W-1) / FACT). The device API divides;
 * the bulk kernels look them up (galp/device/alp_tables.cuh). */
struct product_limits {
    uint64_t up, down;
};
template <typename T> __device__ __forceinline__ product_limits divide_product_limits(uint64_t fact)
{
    constexpr uint64_t half = (uint64_t)1 << (value_traits<T>::bits - 1);
    return product_limits{(half - 1u) / fact, half / fact};
}

/* A G-ALP vector's base read as the signed W-bit integer it is added to (spec/alp.md §4). */
template <typename T> __device__ __forceinline__ int64_t signed_base(uint64_t base)
{
    return value_traits<T>::bits == 64 ? (int64_t)base : (int64_t)(int32_t)(uint32_t)base;
}

/* [safe_lo, safe_hi]: the packed integers p <= max_p whose value x(p) is a monotone
 * function of p (see above). G-ALP: base + p and (base + p)·FACT in the signed range;
 * integer FFOR and RAW: base + p does not wrap; RAW floats: none. */
template <typename T>
__device__ __forceinline__ packed_range safe_range(bool is_alp, uint64_t base, uint64_t max_p, product_limits lim)
{
    constexpr unsigned W = value_traits<T>::bits;
    packed_range r;
    r.lo = 0;
    r.hi = max_p;
    if (!is_alp) {
        if constexpr (value_traits<T>::is_float) {
            r.lo = 1, r.hi = 0;
        } else {
            const uint64_t top = W == 64 ? ~(uint64_t)0 : ((uint64_t)1 << W) - 1u;
            r.hi = min(max_p, top - base); /* base <= top: it is a W-bit word */
        }
        return r;
    }
    /* In 64 bits (a 128-bit version cost the aggregate about 50 instructions per vector):
     * with base_s the signed base, u = base_s + p <= up needs base_s <= up and p <= up - base_s,
     * which lies in [0, 2^64); u >= -down needs p >= -down - base_s, positive only when
     * base_s < -down, and then at most 2^63. */
    const int64_t base_s = signed_base<T>(base);
    const uint64_t first = base_s < (int64_t)(0u - lim.down) ? (0u - (uint64_t)base_s) - lim.down : 0u;
    if (base_s > (int64_t)lim.up || first > max_p) {
        r.lo = 1, r.hi = 0;
        return r;
    }
    const uint64_t last = lim.up - (uint64_t)base_s;
    r.lo = first;
    r.hi = last < max_p ? last : max_p;
    return r;
}

/* First p in [a, b] with pred(p), given that pred is false then true on [a, b]; false if
 * there is none. The search starts at `guess` (clamped into [a, b]) and steps away from it by
 * 1, 2, 4, ... until pred changes, then bisects the last step: about 2·log2(d + 2) calls of
 * pred when the answer is d away from the guess, where a bisection of [a, b] made
 * log2(b - a) + 1 (64 for a vector of width 64). */
template <typename Pred>
__device__ __forceinline__ bool first_true_near(uint64_t a, uint64_t b, uint64_t guess, Pred pred, uint64_t &first)
{
    uint64_t g = guess < a ? a : guess > b ? b : guess;
    uint64_t lo, hi; /* the answer lies in [lo, hi], and pred(hi) holds */
    uint64_t step = 1;
    if (pred(g)) {
        hi = g;
        for (;;) { /* down: lo is past the last p found false, or a */
            if (hi - a < step) {
                lo = a;
                break;
            }
            const uint64_t q = hi - step;
            if (!pred(q)) {
                lo = q + 1;
                break;
            }
            hi = q;
            step = step > (~(uint64_t)0 >> 1) ? step : 2 * step;
        }
    } else {
        if (g == b)
            return false;
        lo = g + 1;
        for (;;) { /* up: the first p found true is hi */
            const uint64_t q = b - lo < step - 1 ? b : lo + (step - 1);
            if (pred(q)) {
                hi = q;
                break;
            }
            if (q == b)
                return false;
            lo = q + 1;
            step = step > (~(uint64_t)0 >> 1) ? step : 2 * step;
        }
    }
    while (lo < hi) {
        const uint64_t mid = lo + (hi - lo) / 2;
        if (pred(mid))
            hi = mid;
        else
            lo = mid + 1;
    }
    first = lo;
    return true;
}

/* The largest packed integer of a vector of bit width b, 2^b - 1. */
__device__ __forceinline__ uint64_t max_packed(unsigned bit_width)
{
    return bit_width >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << bit_width) - 1u;
}

/* The exception values of a G-ALP vector of the image, after its 128·b bytes of packed words
 * and its 2L-byte lane table (spec/galp.md §1): W/8-byte aligned, since payloads are 16-byte
 * aligned (spec/format.md §3, §4). */
template <typename T>
__device__ __forceinline__ const typename value_traits<T>::word *exception_values(const galp_gpu_view &col,
                                                                                  const vector_entry &e)
{
    return (const typename value_traits<T>::word *)(col.data + e.payload_offset +
                                                    galp_layout_values_offset(GALP_SCHEME_GALP, value_traits<T>::bits,
                                                                              e.bit_width, e.exception_count, 0u));
}

/* matches plus how many of the exceptions of G-ALP vector e of the image lie in [lo, hi]
 * (IEEE: a NaN never does), read one after the other by one thread. */
template <typename T, typename Count>
__device__ __forceinline__ Count add_exception_matches(const galp_gpu_view &col, const vector_entry &e, T lo, T hi,
                                                       Count matches)
{
    const auto *values = exception_values<T>(col, e);
    for (unsigned j = 0; j < e.exception_count; j++) {
        const T x = value_from_word<T>(__ldg(values + j));
        matches += x >= lo && x <= hi;
    }
    return matches;
}

/* The plan that compares no packed integer: every value is decoded and compared. */
__device__ __forceinline__ galp_gpu_range_plan decode_all_plan()
{
    galp_gpu_range_plan plan;
    plan.lo = 1, plan.hi = 0;
    plan.safe_lo = 1, plan.safe_hi = 0;
    return plan;
}

/* What planning a G-ALP vector needs besides its entry: its decoder, the products that do
 * not wrap, and 10^(e - f), which places the searches' guesses. The device API computes them
 * (alp_plan_params_of, no tables); the plan kernel looks them up (galp/device/alp_tables.cuh). */
template <typename T> struct alp_plan_params {
    packed_decoder<T> x;
    product_limits lim;
    double scale;
};

template <typename T> __device__ __forceinline__ alp_plan_params<T> alp_plan_params_of(const vector_entry &e)
{
    alp_plan_params<T> in;
    in.x.base = e.base;
    in.x.alp.init(e.exponent, e.factor);
    in.lim = divide_product_limits<T>(in.x.alp.fact);
    in.scale = __ull2double_rn(pow10_u64(e.exponent >= e.factor ? e.exponent - e.factor : 0u));
    return in;
}

/* The packed integer p where x(p) is about v, x(p) ≈ (base + p)·10^(f-e): a guess for
 * first_true_near, clamped to [0, 2^64 - 1] (0 for a NaN v). */
__device__ __forceinline__ uint64_t packed_near(double v, double scale, int64_t base_s)
{
    const double p = v * scale - (double)base_s;
    if (!(p >= 0.0))
        return 0;
    return p < 18446744073709551616.0 ? (uint64_t)p : ~(uint64_t)0;
}

/* The plan of one G-ALP vector, whose entry is e, for lo <= x <= hi. Some x(p) <= hi exactly
 * when the first p with !(x(p) <= hi) is not safe_lo, so the two searches decide it. */
template <typename T>
__device__ inline galp_gpu_range_plan plan_alp_vector(const vector_entry &e, const alp_plan_params<T> &in, T lo, T hi)
{
    galp_gpu_range_plan plan = decode_all_plan();
    const packed_range safe = safe_range<T>(true, e.base, max_packed(e.bit_width), in.lim);
    plan.safe_lo = safe.lo, plan.safe_hi = safe.hi;
    if (safe.lo > safe.hi)
        return plan;
    const int64_t base_s = signed_base<T>(e.base);
    uint64_t p_lo = 0, p_hi_plus = 0;
    const bool has_lo = first_true_near(safe.lo, safe.hi, packed_near((double)lo, in.scale, base_s),
                                        [&](uint64_t p) { return in.x(p) >= lo; }, p_lo);
    /* Last p with x(p) <= hi = (first p with x(p) > hi) - 1, or safe_hi if there is none;
     * x(p) <= hi false on the whole interval (e.g. hi is NaN) gives an empty range. */
    const bool has_gt = first_true_near(safe.lo, safe.hi, packed_near((double)hi, in.scale, base_s),
                                        [&](uint64_t p) { return !(in.x(p) <= hi); }, p_hi_plus);
    if (!has_lo || (has_gt && p_hi_plus == safe.lo))
        return plan; /* empty: lo = 1 > hi = 0 */
    plan.lo = p_lo;
    plan.hi = has_gt ? p_hi_plus - 1 : safe.hi;
    return plan;
}

/* The plan of a G-ALP vector of width b whose stored packed integers all lie in its safe
 * interval (galp_gpu_shape.stored_safe, checked at upload: stored_safe_kernel, gpu/range.cu),
 * widened to the whole packed range 0 ... 2^b - 1, with its range widened at the ends it
 * shares with the safe interval. For every stored p the widened plan answers as the plan did
 * (a p of the safe interval matches iff it is in [lo, hi], and the widened range holds the
 * same p of it); packed integers outside the safe interval, which it would compare wrongly,
 * are never stored. So such a vector is compared as integers, or decided by its verdict,
 * like a vector all of whose packed range is safe. The reference encoder gave the small
 * integers of `cms9` and `medicare9` e = f = 16 (spec/alp.md §6.2: ties go to the larger e):
 * (base + p)·10^16 wraps past 922, but no stored p reaches that far (the values that would
 * wrap are exceptions). */
__device__ __forceinline__ galp_gpu_range_plan widen_stored_safe(galp_gpu_range_plan plan, uint64_t max_p)
{
    if (plan.safe_lo > plan.safe_hi) /* no safe p: a vector of stored packed integers has one */
        return plan;
    if (plan.lo <= plan.hi) {
        plan.lo = plan.lo == plan.safe_lo ? 0u : plan.lo;
        plan.hi = plan.hi == plan.safe_hi ? max_p : plan.hi;
    }
    plan.safe_lo = 0, plan.safe_hi = max_p;
    return plan;
}

/* The plan of one vector, whose entry is e, for lo <= x <= hi. */
template <typename T> __device__ inline galp_gpu_range_plan plan_vector(const vector_entry &e, T lo, T hi)
{
    if (e.scheme != GALP_SCHEME_GALP)
        return decode_all_plan();
    return plan_alp_vector<T>(e, alp_plan_params_of<T>(e), lo, hi);
}

/* ... and of vector `vector` of a column. */
template <typename T>
__device__ inline galp_gpu_range_plan plan_vector(const galp_gpu_view &col, uint32_t vector, T lo, T hi)
{
    return plan_vector<T>(read_vector_entry(col.data, vector), lo, hi);
}

/* A vector's verdict: its number of matches when its plan decides them without its packed
 * integers, else no_verdict. In a G-ALP vector whose packed integers 0 ... 2^b - 1 are all
 * safe, none matches when the plan's range is empty and all do when it spans them all (a
 * vector of width 0 is always one or the other); the m - c non-exception values then match
 * or not together, and the exceptions, when there are at most verdict_exceptions, are
 * compared one by one (their positions are distinct and below m, spec/galp.md §4). */
constexpr uint32_t no_verdict = ~0u;
constexpr unsigned verdict_exceptions = 16;
template <typename T>
__device__ inline uint32_t vector_verdict(const galp_gpu_view &col, uint32_t vector, const vector_entry &e,
                                          const galp_gpu_range_plan &plan, T lo, T hi)
{
    const uint64_t max_p = max_packed(e.bit_width);
    if (e.scheme != GALP_SCHEME_GALP || e.exception_count > verdict_exceptions || plan.safe_lo != 0 ||
        plan.safe_hi != max_p)
        return no_verdict;
    const bool none = plan.lo > plan.hi;
    if (!none && (plan.lo != 0 || plan.hi != max_p))
        return no_verdict;
    return add_exception_matches<T, uint32_t>(col, e, lo, hi,
                                              none ? 0u : vector_value_count(col, vector) - e.exception_count);
}

/* Whether packed integer p matches under a plan: by comparison where it is safe, else x is
 * decoded (decode(p)) and compared. Equal to decode-then-compare for every p. */
template <typename T, typename Decode>
__device__ __forceinline__ bool packed_in_range(const galp_gpu_range_plan &plan, uint64_t p, T lo, T hi, Decode decode)
{
    if (packed_range{plan.safe_lo, plan.safe_hi}.contains(p))
        return p >= plan.lo && p <= plan.hi;
    const T x = decode(p);
    return x >= lo && x <= hi;
}

/* Whether a row matches under its vector's plan (callers still drop slots >= value_count). */
template <typename T, unsigned Ahead>
__device__ __forceinline__ bool row_in_range(const lane_decoder<T, Ahead> &d, const galp_gpu_range_plan &plan,
                                             const encoded_value<typename value_traits<T>::word> &v,
                                             T lo, T hi)
{
    if (v.is_exception) {
        T x = d.decode(v);
        return x >= lo && x <= hi;
    }
    return packed_in_range<T>(plan, (uint64_t)v.packed, lo, hi, [&](uint64_t) { return d.decode(v); });
}

} /* namespace galp::device::detail */

/* The public names of this header (docs/GPU.md). */
namespace galp::device {
using detail::plan_vector;
using detail::row_in_range;
} /* namespace galp::device */

#endif /* GALP_DEVICE_PUSHDOWN_CUH */
