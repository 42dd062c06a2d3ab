/*
 * gpu/aggregate_partial.cuh — the accumulator of the fused aggregates (include/galp_gpu.h):
 * per thread, then per block, then into the result with one set of atomics per block, and
 * the finishing step. Shared by the kernels of gpu/aggregate.cu and gpu/fastlanes.cu, so that
 * both produce one aggregate by the same rules.
 */
#ifndef GALP_GPU_AGGREGATE_PARTIAL_CUH
#define GALP_GPU_AGGREGATE_PARTIAL_CUH

#include "galp_gpu.h"
#include "galp/device/types.cuh"
#include "reduce.cuh"

namespace galp::device::detail {

/* Order-preserving key of a value's bits: unsigned order of keys = numeric order of values
 * (floats: -inf < ... < -0 < +0 < ... < +inf). */
template <typename T> __device__ __forceinline__ uint64_t order_key(T x)
{
    if constexpr (value_traits<T>::is_float) {
        constexpr unsigned W = value_traits<T>::bits;
        uint64_t bits = sizeof(T) == 8 ? (uint64_t)__double_as_longlong((double)x)
                                       : (uint64_t)__float_as_uint((float)x);
        uint64_t sign = (uint64_t)1 << (W - 1);
        uint64_t all = W == 64 ? ~(uint64_t)0 : (sign << 1) - 1u;
        return (bits & sign) ? (~bits & all) : (bits | sign);
    } else {
        return (uint64_t)x;
    }
}

/* The bits of the value of an order key, for a type of `bits` bits (float or not): one
 * kernel finishes the aggregate of every type. */
__device__ __forceinline__ uint64_t key_to_bits(uint64_t key, unsigned bits, bool is_float)
{
    if (!is_float)
        return key;
    const uint64_t sign = (uint64_t)1 << (bits - 1);
    const uint64_t all = bits == 64 ? ~(uint64_t)0 : (sign << 1) - 1u;
    return (key & sign) ? (key & ~sign) : (~key & all);
}

/* The aggregate before the scan adds to it: all zero but min_bits, which holds order keys
 * (the largest, for none yet) until aggregate_finish. */
inline galp_gpu_aggregate aggregate_start()
{
    galp_gpu_aggregate a = {};
    a.min_bits = ~(uint64_t)0;
    return a;
}

/* The aggregate after every block has added to it: min_bits and max_bits from order keys
 * back to bit patterns, has_min_max set. */
__device__ __forceinline__ void finish_aggregate(galp_gpu_aggregate *r, unsigned bits, bool is_float)
{
    r->has_min_max = r->count > r->nan_count;
    r->min_bits = r->has_min_max ? key_to_bits(r->min_bits, bits, is_float) : 0;
    r->max_bits = r->has_min_max ? key_to_bits(r->max_bits, bits, is_float) : 0;
}

/* One thread's partial aggregate, then the block's, added into the result with one set of
 * atomics per block: same-address atomics serialise, and one set per warp of a
 * one-vector-per-warp grid took longer than the scan itself. */
template <typename T> struct aggregate_partial {
    uint64_t count = 0, nans = 0, isum = 0, kmin = ~(uint64_t)0, kmax = 0;
    double fsum = 0.0;

    __device__ __forceinline__ void add(T x)
    {
        count++;
        if constexpr (value_traits<T>::is_float) {
            if (x != x) {
                nans++;
                return;
            }
            fsum += (double)x;
        } else {
            isum += (uint64_t)x;
        }
        add_extremes(x, x);
    }

    /* Values known to lie between lo and hi, both among them and neither NaN. */
    __device__ __forceinline__ void add_extremes(T lo, T hi)
    {
        kmin = min(kmin, order_key(lo));
        kmax = max(kmax, order_key(hi));
    }

    /* Every thread of the block calls it, once. */
    template <unsigned Threads> __device__ __forceinline__ void flush(galp_gpu_aggregate *r)
    {
        constexpr unsigned warps = Threads / 32;
        count = block_reduce<warps>(count, [](uint64_t a, uint64_t b) { return a + b; });
        kmin = block_reduce<warps>(kmin, [](uint64_t a, uint64_t b) { return min(a, b); });
        kmax = block_reduce<warps>(kmax, [](uint64_t a, uint64_t b) { return max(a, b); });
        if constexpr (value_traits<T>::is_float) {
            nans = block_reduce<warps>(nans, [](uint64_t a, uint64_t b) { return a + b; });
            fsum = block_reduce<warps>(fsum, [](double a, double b) { return a + b; });
        } else {
            isum = block_reduce<warps>(isum, [](uint64_t a, uint64_t b) { return a + b; });
        }
        if (threadIdx.x == 0 && count != 0) {
            atomicAdd((unsigned long long *)&r->count, (unsigned long long)count);
            if constexpr (value_traits<T>::is_float) {
                atomicAdd((unsigned long long *)&r->nan_count, (unsigned long long)nans);
                atomicAdd(&r->sum_f64, fsum);
            } else {
                atomicAdd((unsigned long long *)&r->sum_bits, (unsigned long long)isum);
            }
            atomicMin((unsigned long long *)&r->min_bits, (unsigned long long)kmin);
            atomicMax((unsigned long long *)&r->max_bits, (unsigned long long)kmax);
        }
    }
};

} /* namespace galp::device::detail */

#endif /* GALP_GPU_AGGREGATE_PARTIAL_CUH */
