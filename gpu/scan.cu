/*
 * gpu/scan.cu — fused scans over compressed columns: aggregate (count, NaN count, sum,
 * min, max) and range filters (count of lo <= x <= hi, "value exists"), all through the
 * device API, never materialising the column.
 *
 * Each thread scans one lane (LANE_PER_THREAD); partial results are combined with warp
 * shuffles and one atomic per warp. Float min/max use an order-preserving integer key of
 * the bit pattern (so -0 < +0 and the result is exact and order-independent); NaNs are
 * counted and left out.
 */
#include "galp_device.cuh"
#include "dispatch.cuh"
#include "kernels.h"

namespace galp_gpu {

constexpr unsigned scan_threads = 256;

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

__device__ __forceinline__ uint64_t warp_sum(uint64_t v)
{
    for (int d = 16; d > 0; d >>= 1)
        v += __shfl_xor_sync(0xffffffffu, v, d);
    return v;
}
__device__ __forceinline__ double warp_sum(double v)
{
    for (int d = 16; d > 0; d >>= 1)
        v += __shfl_xor_sync(0xffffffffu, v, d);
    return v;
}
__device__ __forceinline__ uint64_t warp_min(uint64_t v)
{
    for (int d = 16; d > 0; d >>= 1)
        v = min(v, (uint64_t)__shfl_xor_sync(0xffffffffu, v, d));
    return v;
}
__device__ __forceinline__ uint64_t warp_max(uint64_t v)
{
    for (int d = 16; d > 0; d >>= 1)
        v = max(v, (uint64_t)__shfl_xor_sync(0xffffffffu, v, d));
    return v;
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

/* Whole warps stay in the loop (idle lanes contribute neutral values) so that the shuffles
 * see every lane. */
template <typename T>
__global__ void __launch_bounds__(scan_threads) aggregate_kernel(galp_gpu_view col, galp_gpu_aggregate *r)
{
    constexpr unsigned W = value_traits<T>::bits;
    constexpr bool is_float = value_traits<T>::is_float;
    lane_per_thread<T> at((uint64_t)blockIdx.x * scan_threads + threadIdx.x);
    uint64_t count = 0, nans = 0, isum = 0, kmin = ~(uint64_t)0, kmax = 0;
    double fsum = 0.0;
    if (at.vector < col.vector_count) {
        lane_decoder<T> d(col, at.vector, at.lane);
#pragma unroll 4
        for (unsigned r = 0; r < W; r++) {
            bool present = d.next_slot() < d.value_count;
            T x = d.next();
            if (!present)
                continue;
            count++;
            if constexpr (is_float) {
                if (x != x) {
                    nans++;
                    continue;
                }
                fsum += (double)x;
            } else {
                isum += (uint64_t)x;
            }
            uint64_t k = order_key(x);
            kmin = min(kmin, k);
            kmax = max(kmax, k);
        }
    }
    count = warp_sum(count);
    kmin = warp_min(kmin);
    kmax = warp_max(kmax);
    if constexpr (is_float) {
        nans = warp_sum(nans);
        fsum = warp_sum(fsum);
    } else {
        isum = warp_sum(isum);
    }
    if (threadIdx.x % 32 == 0 && count != 0) {
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

template <typename T> __device__ __forceinline__ T value_of_bits(uint64_t bits)
{
    return value_from_word<T>((typename value_traits<T>::word)bits);
}

/* Plans of every G-ALP vector, one thread per vector (gpu/pushdown.cuh). */
template <typename T>
__global__ void __launch_bounds__(scan_threads) plan_kernel(galp_gpu_view col, uint64_t lo_bits, uint64_t hi_bits,
                                                  galp_gpu_range_plan *plan)
{
    uint64_t v = (uint64_t)blockIdx.x * scan_threads + threadIdx.x;
    if (v < col.vector_count)
        plan[v] = plan_vector<T>(col, (uint32_t)v, value_of_bits<T>(lo_bits), value_of_bits<T>(hi_bits));
}

template <typename T>
__global__ void __launch_bounds__(scan_threads) range_kernel(galp_gpu_view col, uint64_t lo_bits, uint64_t hi_bits,
                                                   const galp_gpu_range_plan *plan, uint64_t *count,
                                                   uint32_t *found)
{
    constexpr unsigned W = value_traits<T>::bits;
    lane_per_thread<T> at((uint64_t)blockIdx.x * scan_threads + threadIdx.x);
    const T lo = value_of_bits<T>(lo_bits), hi = value_of_bits<T>(hi_bits);
    uint64_t hits = 0;
    if (at.vector < col.vector_count) {
        galp_gpu_range_plan p;
        p.mode = GALP_GPU_PLAN_DECODE;
        if (plan != nullptr)
            p = plan[at.vector];
        lane_decoder<T> d(col, at.vector, at.lane);
#pragma unroll 4
        for (unsigned r = 0; r < W; r++) {
            bool present = d.next_slot() < d.value_count;
            encoded_value<typename value_traits<T>::word> v = d.next_encoded();
            hits += present && row_in_range(d, p, v, lo, hi);
        }
    }
    if (found != nullptr) {
        if (__any_sync(0xffffffffu, hits != 0) && threadIdx.x % 32 == 0)
            *found = 1;
        return;
    }
    hits = warp_sum(hits);
    if (threadIdx.x % 32 == 0 && hits != 0)
        atomicAdd((unsigned long long *)count, (unsigned long long)hits);
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
            unsigned blocks = lane_blocks(col, value_traits<T>::lanes, scan_threads);
            aggregate_kernel<T><<<blocks, scan_threads, 0, stream>>>(col, result);
        }
        aggregate_finish<T><<<1, 1, 0, stream>>>(result);
        return launch_status();
    });
}

extern "C" galp_status galp_gpu_launch_range(const galp_gpu_view *view, uint64_t lo_bits, uint64_t hi_bits,
                                             galp_gpu_range_plan *plan, uint64_t *count, uint32_t *found,
                                             galp_gpu_stream stream)
{
    const galp_gpu_view col = *view;
    return dispatch_type(col.type, [&](auto zero) {
        typedef decltype(zero) T;
        if (cudaMemsetAsync(count ? (void *)count : (void *)found, 0,
                            count ? sizeof *count : sizeof *found, stream) != cudaSuccess)
            return GALP_ERR_CUDA;
        if (col.vector_count == 0)
            return launch_status();
        if constexpr (value_traits<T>::is_float) {
            if (plan != nullptr)
                plan_kernel<T><<<(col.vector_count + scan_threads - 1) / scan_threads, scan_threads, 0,
                                 stream>>>(col, lo_bits, hi_bits, plan);
        }
        unsigned blocks = lane_blocks(col, value_traits<T>::lanes, scan_threads);
        range_kernel<T><<<blocks, scan_threads, 0, stream>>>(col, lo_bits, hi_bits, plan, count, found);
        return launch_status();
    });
}
