/*
 * gpu/fastlanes.cu — full decompression and fused scans of columns whose image holds
 * FastLanes DELTA, RLE or DICT vectors (spec/fastlanes.md; gpu/image.c keeps them as stored),
 * which the launchers of gpu/host.c send here instead of to the RAW/FFOR/G-ALP kernels.
 *
 * A block visits one vector at a time (visit_fastlanes_vector, gpu/fastlanes.cuh), so every
 * vector kind such a column may hold is decoded in one kernel with a branch per vector.
 * Decompression stages the vector's values in shared memory at their positions (DELTA's
 * and RLE's lanes carry consecutive positions, not FFOR's slots) and then writes them out
 * coalesced, 16 bytes a thread for a full vector into a 16-byte aligned destination. The
 * scans decode and compare or add in registers, with the accumulator of gpu/aggregate.cu
 * (gpu/aggregate_partial.cuh) and one set of atomics per block.
 */
#include "aggregate_partial.cuh"
#include "dispatch.cuh"
#include "fastlanes.cuh"
#include "kernels.h"
#include "reduce.cuh"

namespace galp::device::detail {

/* 64 threads: a thread per lane of RLE and DICT, and of DELTA up to 64 lanes (u8's 128 take
 * two each). DELTA's and RLE's chains leave the threads past their lanes idle, so small
 * blocks, many of them resident per multiprocessor, keep more vectors in flight. */
constexpr unsigned fastlanes_threads = 64;

template <typename T>
__global__ void __launch_bounds__(fastlanes_threads)
    fastlanes_decompress_kernel(galp_gpu_view col, T *out, bool aligned)
{
    __shared__ __align__(16) T values[GALP_VECTOR_SIZE];
    for (uint64_t v = blockIdx.x; v < col.vector_count; v += gridDim.x) { /* 64 bits: no wrap */
        const unsigned m = vector_value_count(col, (uint32_t)v);
        visit_fastlanes_vector<T, fastlanes_threads>(col, (uint32_t)v, [&](unsigned p, T x) { values[p] = x; });
        __syncthreads();
        T *o = out + (size_t)v * GALP_VECTOR_SIZE;
        if (aligned && m == GALP_VECTOR_SIZE) {
            constexpr unsigned chunks = GALP_VECTOR_SIZE * sizeof(T) / 16u;
            for (unsigned i = threadIdx.x; i < chunks; i += fastlanes_threads)
                __stcs((uint4 *)o + i, ((const uint4 *)values)[i]);
        } else {
            for (unsigned p = threadIdx.x; p < m; p += fastlanes_threads)
                o[p] = values[p];
        }
        __syncthreads(); /* values is rewritten by the next vector */
    }
}

template <typename T>
__global__ void __launch_bounds__(fastlanes_threads)
    fastlanes_aggregate_kernel(galp_gpu_view col, galp_gpu_aggregate *r)
{
    aggregate_partial<T> acc;
    for (uint64_t v = blockIdx.x; v < col.vector_count; v += gridDim.x)
        visit_fastlanes_vector<T, fastlanes_threads>(col, (uint32_t)v, [&](unsigned, T x) { acc.add(x); });
    acc.template flush<fastlanes_threads>(r);
}

__global__ void fastlanes_aggregate_finish(galp_gpu_aggregate *r, unsigned bits, bool is_float)
{
    finish_aggregate(r, bits, is_float);
}

/* lo <= x <= hi: unsigned for integers, IEEE for floats (NaN matches nothing, -0 == +0),
 * include/galp_gpu.h. *count or *found was set to 0 before the launch. */
template <typename T>
__global__ void __launch_bounds__(fastlanes_threads)
    fastlanes_range_kernel(galp_gpu_view col, uint64_t lo_bits, uint64_t hi_bits, uint64_t *count, uint32_t *found)
{
    const T lo = value_of_bits<T>(lo_bits), hi = value_of_bits<T>(hi_bits);
    uint64_t hits = 0;
    for (uint64_t v = blockIdx.x; v < col.vector_count; v += gridDim.x)
        visit_fastlanes_vector<T, fastlanes_threads>(col, (uint32_t)v,
                                                     [&](unsigned, T x) { hits += lo <= x && x <= hi; });
    hits = block_reduce<fastlanes_threads / 32>(hits, [](uint64_t a, uint64_t b) { return a + b; });
    if (threadIdx.x == 0 && hits != 0) {
        if (count != nullptr)
            atomicAdd((unsigned long long *)count, (unsigned long long)hits);
        else
            *found = 1;
    }
}

/* A grid of at most the blocks the GPU holds at once, so that the scans' atomics stay few. */
template <typename K> static unsigned scan_blocks(K kernel, uint32_t vectors)
{
    return resident_blocks(kernel, fastlanes_threads, 0, vectors);
}

} /* namespace galp::device::detail */

using namespace galp::device::detail;

extern "C" galp_status galp_gpu_launch_fastlanes_decompress(const galp_gpu_view *view, void *dst,
                                                            galp_gpu_stream stream)
{
    const galp_gpu_view col = *view;
    return dispatch_type(col.type, [&](auto zero) {
        typedef decltype(zero) T;
        const unsigned blocks = col.vector_count < (1u << 30) ? col.vector_count : (1u << 30);
        fastlanes_decompress_kernel<T><<<blocks, fastlanes_threads, 0, stream>>>(col, (T *)dst,
                                                                                 (uintptr_t)dst % 16 == 0);
        return launch_status();
    });
}

extern "C" galp_status galp_gpu_launch_fastlanes_aggregate(const galp_gpu_view *view, galp_gpu_aggregate *result,
                                                           galp_gpu_stream stream)
{
    const galp_gpu_view col = *view;
    const galp_gpu_aggregate start = aggregate_start();
    const galp_status st = galp_gpu_launch_store_aggregate(result, &start, stream);
    if (st != GALP_OK)
        return st;
    return dispatch_type(col.type, [&](auto zero) {
        typedef decltype(zero) T;
        if (col.vector_count != 0) {
            const unsigned blocks = scan_blocks(fastlanes_aggregate_kernel<T>, col.vector_count);
            fastlanes_aggregate_kernel<T><<<blocks, fastlanes_threads, 0, stream>>>(col, result);
        }
        fastlanes_aggregate_finish<<<1, 1, 0, stream>>>(result, value_traits<T>::bits, value_traits<T>::is_float);
        return launch_status();
    });
}

extern "C" galp_status galp_gpu_launch_fastlanes_range(const galp_gpu_view *view, uint64_t lo_bits, uint64_t hi_bits,
                                                       uint64_t *count, uint32_t *found, galp_gpu_stream stream)
{
    const galp_gpu_view col = *view;
    const galp_status st = galp_gpu_status_from_cuda(
        cudaMemsetAsync(count ? (void *)count : (void *)found, 0, count ? sizeof *count : sizeof *found, stream));
    if (st != GALP_OK || col.vector_count == 0)
        return st;
    return dispatch_type(col.type, [&](auto zero) {
        typedef decltype(zero) T;
        const unsigned blocks = scan_blocks(fastlanes_range_kernel<T>, col.vector_count);
        fastlanes_range_kernel<T><<<blocks, fastlanes_threads, 0, stream>>>(col, lo_bits, hi_bits, count, found);
        return launch_status();
    });
}
