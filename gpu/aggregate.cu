/*
 * gpu/aggregate.cu — fused aggregate over a compressed column: count, NaN count, sum, min and
 * max (include/galp_gpu.h), through the device API, never materialising the column.
 *
 * 64-bit types are decoded a vector per block (gpu/block_vector.cuh), the others by threads
 * visiting lanes (LANE_PER_THREAD, gpu/mapping.cuh; gpu/visit.cuh, whose fixed-width path makes
 * 32-bit types faster that way: docs/GPU.md), both in a grid-stride loop over a resident grid; partial results are combined per block, then with
 * one set of atomics per block. Float min/max use an order-preserving integer key of the bit
 * pattern (so -0 < +0 and the result is exact and order-independent); NaNs are counted and
 * left out.
 */
#include "block_vector.cuh"
#include "dispatch.cuh"
#include "galp_device.cuh"
#include "kernels.h"
#include "reduce.cuh"

namespace galp_gpu {

constexpr unsigned aggregate_threads = 256;
constexpr unsigned scan_vector_threads = 64; /* block_aggregate_kernel */

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
        uint64_t k = order_key(x);
        kmin = min(kmin, k);
        kmax = max(kmax, k);
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

/* 8-, 16- and 32-bit types: a grid-stride loop over lanes (LANE_PER_THREAD) with a grid the
 * GPU holds at once. */
template <typename T>
__global__ void __launch_bounds__(aggregate_threads) aggregate_kernel(galp_gpu_view col, galp_gpu_aggregate *r)
{
    constexpr unsigned L = value_traits<T>::lanes;
    aggregate_partial<T> acc;
    const uint64_t lanes = (uint64_t)col.vector_count * L;
    for (uint64_t t = (uint64_t)blockIdx.x * aggregate_threads + threadIdx.x; t < lanes;
         t += (uint64_t)gridDim.x * aggregate_threads) {
        lane_per_thread<T> at(t);
        visit_lane<T>(col, at.vector, at.lane, [&](unsigned, T x) { acc.add(x); });
    }
    acc.template flush<aggregate_threads>(r);
}

/* 64-bit types: blocks of a resident grid take one vector at a time
 * (gpu/block_vector.cuh). The exception slots are first marked in a bitmap of the vector, so
 * that their packed integers are skipped; each exception is then added by one thread. */
template <typename T>
__global__ void __launch_bounds__(scan_vector_threads) block_aggregate_kernel(galp_gpu_view col, galp_gpu_aggregate *r)
{
    typedef block_vector<T, scan_vector_threads> bv;
    typedef typename bv::Word Word;
    __shared__ typename bv::shared sh;
    __shared__ uint32_t is_exception[GALP_VECTOR_SIZE / 32];
    aggregate_partial<T> acc;
    for (uint32_t v = blockIdx.x; v < col.vector_count; v += gridDim.x) {
        bv vec;
        vec.init(col, v, read_vector_entry(col.data, v));
        vec.stage(sh);
        /* loaded together with the packed words: this thread's first exception */
        const bool has_first = threadIdx.x < vec.c;
        const unsigned first = has_first ? vec.exception_slot(threadIdx.x) : 0u;
        const Word first_bits = has_first ? vec.exception_bits(threadIdx.x) : (Word)0;
        if (vec.c != 0 && threadIdx.x < GALP_VECTOR_SIZE / 32)
            is_exception[threadIdx.x] = 0;
        __syncthreads();
        if (vec.c != 0) {
            for (unsigned j = threadIdx.x; j < vec.c; j += scan_vector_threads) {
                const unsigned s = j == threadIdx.x ? first : vec.exception_slot(j);
                atomicOr(&is_exception[s / 32], 1u << (s % 32));
            }
            __syncthreads();
        }
#pragma unroll
        for (unsigned g = 0; g < bv::groups; g++) {
            const unsigned s = bv::group_slot(g);
            Word p[4];
            vec.packed4(sh, s, p);
            const unsigned skip = vec.c != 0 ? is_exception[s / 32] >> (s % 32) : 0u;
#pragma unroll
            for (unsigned j = 0; j < 4; j++)
                if (s + j < vec.m && !(skip >> j & 1u))
                    acc.add(vec.decode(p[j]));
        }
        if (has_first)
            acc.add(value_from_word<T>(first_bits));
        for (unsigned j = threadIdx.x + scan_vector_threads; j < vec.c; j += scan_vector_threads)
            acc.add(value_from_word<T>(vec.exception_bits(j)));
        __syncthreads(); /* the next vector's staging overwrites sh and is_exception */
    }
    acc.template flush<scan_vector_threads>(r);
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
            if constexpr (value_traits<T>::bits == 64) {
                unsigned blocks = resident_blocks(block_aggregate_kernel<T>, scan_vector_threads, col.vector_count);
                block_aggregate_kernel<T><<<blocks, scan_vector_threads, 0, stream>>>(col, result);
            } else {
                unsigned blocks = resident_blocks(aggregate_kernel<T>, aggregate_threads,
                                                  lane_blocks(col, value_traits<T>::lanes, aggregate_threads));
                aggregate_kernel<T><<<blocks, aggregate_threads, 0, stream>>>(col, result);
            }
        }
        aggregate_finish<T><<<1, 1, 0, stream>>>(result);
        return launch_status();
    });
}

