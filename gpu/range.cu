/*
 * gpu/range.cu — fused range filters over a compressed column: the count of lo <= x <= hi and
 * "value exists" (include/galp_gpu.h), with predicate pushdown on G-ALP vectors
 * (gpu/pushdown.cuh): a first kernel plans every vector, the scan then compares packed
 * integers where the plan allows it. 64-bit types are scanned a vector per block
 * (gpu/block_vector.cuh), the others a lane per thread (gpu/visit.cuh; faster for 32-bit
 * types, docs/GPU.md).
 */
#include "block_vector.cuh"
#include "dispatch.cuh"
#include "galp_device.cuh"
#include "kernels.h"
#include "reduce.cuh"

namespace galp_gpu {

constexpr unsigned range_threads = 256;
constexpr unsigned scan_vector_threads = 64; /* block_range_kernel */

template <typename T> __device__ __forceinline__ T value_of_bits(uint64_t bits)
{
    return value_from_word<T>((typename value_traits<T>::word)bits);
}

/* Plans of every G-ALP vector, one thread per vector (gpu/pushdown.cuh). */
template <typename T>
__global__ void __launch_bounds__(range_threads) plan_kernel(galp_gpu_view col, uint64_t lo_bits, uint64_t hi_bits,
                                                  galp_gpu_range_plan *plan)
{
    uint64_t v = (uint64_t)blockIdx.x * range_threads + threadIdx.x;
    if (v < col.vector_count)
        plan[v] = plan_vector<T>(col, (uint32_t)v, value_of_bits<T>(lo_bits), value_of_bits<T>(hi_bits));
}

/* Grid-stride over lanes with a resident grid and one atomic per block, as in
 * gpu/aggregate.cu; "exists" needs no atomic: any block that matches stores 1. */
template <typename T>
__global__ void __launch_bounds__(range_threads) range_kernel(galp_gpu_view col, uint64_t lo_bits, uint64_t hi_bits,
                                                   const galp_gpu_range_plan *plan, uint64_t *count,
                                                   uint32_t *found)
{
    constexpr unsigned L = value_traits<T>::lanes, warps = range_threads / 32;
    const T lo = value_of_bits<T>(lo_bits), hi = value_of_bits<T>(hi_bits);
    uint64_t hits = 0;
    const uint64_t lanes = (uint64_t)col.vector_count * L;
    for (uint64_t t = (uint64_t)blockIdx.x * range_threads + threadIdx.x; t < lanes;
         t += (uint64_t)gridDim.x * range_threads) {
        lane_per_thread<T> at(t);
        galp_gpu_range_plan p;
        p.mode = GALP_GPU_PLAN_DECODE;
        if (plan != nullptr)
            p = plan[at.vector];
        visit_lane_encoded<T>(col, at.vector, at.lane, [&](const lane_decoder<T> &d, unsigned, const auto &v) {
            hits += row_in_range(d, p, v, lo, hi);
        });
    }
    if (found != nullptr) {
        if (__any_sync(0xffffffffu, hits != 0) && threadIdx.x % 32 == 0)
            *found = 1;
        return;
    }
    hits = block_reduce<warps>(hits, [](uint64_t a, uint64_t b) { return a + b; });
    if (threadIdx.x == 0 && hits != 0)
        atomicAdd((unsigned long long *)count, (unsigned long long)hits);
}

/* 64-bit types: blocks of a resident grid take one vector at a time. Every slot below
 * m is tested through its packed integer, exception slots included; then each exception's
 * thread takes back its slot's packed verdict and adds its stored value's. The per-thread
 * counts wrap, but the block's sum is the exact count, so "exists" also uses the block's sum. */
template <typename T>
__global__ void __launch_bounds__(scan_vector_threads) block_range_kernel(galp_gpu_view col, uint64_t lo_bits,
                                                          uint64_t hi_bits, const galp_gpu_range_plan *plan,
                                                          uint64_t *count, uint32_t *found)
{
    typedef block_vector<T, scan_vector_threads> bv;
    typedef typename bv::Word Word;
    __shared__ typename bv::shared sh;
    const T lo = value_of_bits<T>(lo_bits), hi = value_of_bits<T>(hi_bits);
    uint64_t hits = 0;
    for (uint32_t v = blockIdx.x; v < col.vector_count; v += gridDim.x) {
        bv vec;
        vec.init(col, v, read_vector_entry(col.data, v));
        galp_gpu_range_plan p;
        p.mode = GALP_GPU_PLAN_DECODE;
        if (plan != nullptr && vec.is_alp)
            p = plan[v];
        vec.stage(sh);
        /* loaded together with the packed words: this thread's first exception */
        const bool has_first = threadIdx.x < vec.c;
        const unsigned first_slot = has_first ? vec.exception_slot(threadIdx.x) : 0u;
        const Word first_bits = has_first ? vec.exception_bits(threadIdx.x) : (Word)0;
        __syncthreads();
        auto match = [&](Word packed) -> bool {
            if (p.mode == GALP_GPU_PLAN_PACKED)
                return (uint64_t)packed >= p.lo && (uint64_t)packed <= p.hi;
            const T x = vec.decode(packed);
            return x >= lo && x <= hi;
        };
#pragma unroll
        for (unsigned g = 0; g < bv::groups; g++) {
            const unsigned s = bv::group_slot(g);
            Word packed[4];
            vec.packed4(sh, s, packed);
#pragma unroll
            for (unsigned j = 0; j < 4; j++)
                hits += s + j < vec.m && match(packed[j]);
        }
        for (unsigned j = threadIdx.x; j < vec.c; j += scan_vector_threads) {
            const bool first = j == threadIdx.x;
            const T x = value_from_word<T>(first ? first_bits : vec.exception_bits(j));
            hits += x >= lo && x <= hi;
            hits -= match(vec.packed_at(sh, first ? first_slot : vec.exception_slot(j)));
        }
        __syncthreads(); /* the next vector's staging overwrites sh */
    }
    hits = block_reduce<scan_vector_threads / 32>(hits, [](uint64_t a, uint64_t b) { return a + b; });
    if (threadIdx.x == 0 && hits != 0) {
        if (found != nullptr)
            *found = 1;
        else
            atomicAdd((unsigned long long *)count, (unsigned long long)hits);
    }
}

} /* namespace galp_gpu */

using namespace galp_gpu;

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
                plan_kernel<T><<<(col.vector_count + range_threads - 1) / range_threads, range_threads, 0,
                                 stream>>>(col, lo_bits, hi_bits, plan);
        }
        if constexpr (value_traits<T>::bits == 64) {
            unsigned blocks = resident_blocks(block_range_kernel<T>, scan_vector_threads, col.vector_count);
            block_range_kernel<T><<<blocks, scan_vector_threads, 0, stream>>>(col, lo_bits, hi_bits, plan, count, found);
        } else {
            unsigned blocks = resident_blocks(range_kernel<T>, range_threads,
                                              lane_blocks(col, value_traits<T>::lanes, range_threads));
            range_kernel<T><<<blocks, range_threads, 0, stream>>>(col, lo_bits, hi_bits, plan, count, found);
        }
        return launch_status();
    });
}
