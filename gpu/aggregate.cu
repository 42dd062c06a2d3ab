/*
 * gpu/aggregate.cu — fused aggregate over a compressed column: count, NaN count, sum, min and
 * max (include/galp_gpu.h), through the device API, never materialising the column.
 *
 * Threads visit lanes (LANE_PER_THREAD, gpu/mapping.cuh; gpu/visit.cuh) in a grid-stride
 * loop; partial results are combined per block, then with one set of atomics per block. Float min/max use an
 * order-preserving integer key of the bit pattern (so -0 < +0 and the result is exact and
 * order-independent); NaNs are counted and left out.
 */
#include "dispatch.cuh"
#include "galp_device.cuh"
#include "kernels.h"
#include "reduce.cuh"

namespace galp_gpu {

constexpr unsigned aggregate_threads = 256;

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

template <typename T> __device__ __forceinline__ uint64_t key_to_bits(uint64_t key)
{
    if constexpr (value_traits<T>::is_float) {
        constexpr unsigned W = value_traits<T>::bits;
        uint64_t sign = (uint64_t)1 << (W - 1);
        uint64_t all = W == 64 ? ~(uint64_t)0 : (sign << 1) - 1u;
        return (key & sign) ? (key & ~sign) : (~key & all);
    } else {
        return key;
    }
}

__global__ void aggregate_init(galp_gpu_aggregate *r)
{
    r->count = 0;
    r->nan_count = 0;
    r->sum_bits = 0;
    r->sum_f64 = 0.0;
    r->min_bits = ~(uint64_t)0; /* keys until aggregate_finish */
    r->max_bits = 0;
    r->has_min_max = 0;
    r->reserved = 0;
}

template <typename T> __global__ void aggregate_finish(galp_gpu_aggregate *r)
{
    r->has_min_max = r->count > r->nan_count;
    r->min_bits = r->has_min_max ? key_to_bits<T>(r->min_bits) : 0;
    r->max_bits = r->has_min_max ? key_to_bits<T>(r->max_bits) : 0;
}

/* A grid-stride loop over lanes (LANE_PER_THREAD) with a grid the GPU holds at once, then one
 * set of atomics per block: same-address atomics serialise, and one set per warp of a
 * one-vector-per-warp grid took longer than the scan itself. */
template <typename T>
__global__ void __launch_bounds__(aggregate_threads) aggregate_kernel(galp_gpu_view col, galp_gpu_aggregate *r)
{
    constexpr bool is_float = value_traits<T>::is_float;
    constexpr unsigned L = value_traits<T>::lanes, warps = aggregate_threads / 32;
    uint64_t count = 0, nans = 0, isum = 0, kmin = ~(uint64_t)0, kmax = 0;
    double fsum = 0.0;
    const uint64_t lanes = (uint64_t)col.vector_count * L;
    for (uint64_t t = (uint64_t)blockIdx.x * aggregate_threads + threadIdx.x; t < lanes;
         t += (uint64_t)gridDim.x * aggregate_threads) {
        lane_per_thread<T> at(t);
        visit_lane<T>(col, at.vector, at.lane, [&](unsigned, T x) {
            count++;
            if constexpr (is_float) {
                if (x != x) {
                    nans++;
                    return;
                }
                fsum += (double)x;
            } else {
                isum += (uint64_t)x;
            }
            uint64_t k = order_key(x);
            kmin = min(kmin, k);
            kmax = max(kmax, k);
        });
    }
    count = block_reduce<warps>(count, [](uint64_t a, uint64_t b) { return a + b; });
    kmin = block_reduce<warps>(kmin, [](uint64_t a, uint64_t b) { return min(a, b); });
    kmax = block_reduce<warps>(kmax, [](uint64_t a, uint64_t b) { return max(a, b); });
    if constexpr (is_float) {
        nans = block_reduce<warps>(nans, [](uint64_t a, uint64_t b) { return a + b; });
        fsum = block_reduce<warps>(fsum, [](double a, double b) { return a + b; });
    } else {
        isum = block_reduce<warps>(isum, [](uint64_t a, uint64_t b) { return a + b; });
    }
    if (threadIdx.x == 0 && count != 0) {
        atomicAdd((unsigned long long *)&r->count, (unsigned long long)count);
        if constexpr (is_float) {
            atomicAdd((unsigned long long *)&r->nan_count, (unsigned long long)nans);
            atomicAdd(&r->sum_f64, fsum);
        } else {
            atomicAdd((unsigned long long *)&r->sum_bits, (unsigned long long)isum);
        }
        atomicMin((unsigned long long *)&r->min_bits, (unsigned long long)kmin);
        atomicMax((unsigned long long *)&r->max_bits, (unsigned long long)kmax);
    }
}

} /* namespace galp_gpu */

using namespace galp_gpu;

extern "C" galp_status galp_gpu_launch_aggregate(const galp_gpu_view *view, galp_gpu_aggregate *result,
                                                 galp_gpu_stream stream)
{
    const galp_gpu_view col = *view;
    return dispatch_type(col.type, [&](auto zero) {
        typedef decltype(zero) T;
        aggregate_init<<<1, 1, 0, stream>>>(result);
        if (col.vector_count != 0) {
            unsigned blocks = resident_blocks(aggregate_kernel<T>, aggregate_threads,
                                              lane_blocks(col, value_traits<T>::lanes, aggregate_threads));
            aggregate_kernel<T><<<blocks, aggregate_threads, 0, stream>>>(col, result);
        }
        aggregate_finish<T><<<1, 1, 0, stream>>>(result);
        return launch_status();
    });
}

