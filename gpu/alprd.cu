/*
 * gpu/alprd.cu — full decompression and fused scans of float columns that hold ALP_RD vectors
 * (spec/alprd.md), beside RAW and G-ALP ones (gpu/alprd_kernels.h).
 *
 * Every kernel maps a thread to a lane (LANE_PER_THREAD, galp/device/mapping.cuh) and decodes
 * it with the device API's visit_lane_alprd (galp/device/alprd.cuh), which takes each vector
 * by its own scheme; a warp covers one float32 vector or two float64 vectors, so its threads
 * agree on the scheme except where two float64 vectors of different kinds meet. The
 * decompression stores value r of a lane at slot r·L + lane: every store instruction of a
 * warp writes whole 128-byte lines. The scans decode and then compare or add (decode-then-
 * compare): no bound is translated into an ALP_RD vector's right parts or codes, whose
 * values are not monotone in the decoded value across the dictionary; the results are those
 * of the scans of gpu/aggregate.cu and gpu/range.cu (include/galp_gpu.h), with a grid the GPU
 * holds at once and one set of atomics per block, as there.
 *
 * The hot kernels of RAW, FFOR and G-ALP columns (gpu/decompress.cu, gpu/aggregate.cu,
 * gpu/range.cu) have no ALP_RD path: a branch in their per-vector code changed their register
 * allocation, and the host API routes columns with ALP_RD vectors here instead.
 */
#include "aggregate_partial.cuh"
#include "alprd_kernels.h"
#include "dispatch.cuh"
#include "galp/device/alprd.cuh"
#include "galp/device/mapping.cuh"
#include "kernels.h"
#include "reduce.cuh"

namespace galp::device::detail {

constexpr unsigned alprd_threads = 256;

template <typename T>
__global__ void __launch_bounds__(alprd_threads) alprd_decompress_kernel(galp_gpu_view col, T *out)
{
    const lane_per_thread<T> at((uint64_t)blockIdx.x * alprd_threads + threadIdx.x);
    if (at.vector >= col.vector_count)
        return;
    T *o = out + (size_t)at.vector * GALP_VECTOR_SIZE;
    visit_lane_alprd<T>(col, at.vector, at.lane, [&](unsigned slot, T x) { o[slot] = x; });
}

/* f(x) for every value of the lanes of this thread: a grid-stride loop over lanes. */
template <typename T, typename F> __device__ __forceinline__ void for_each_value(const galp_gpu_view &col, F &&f)
{
    const uint64_t lanes = (uint64_t)col.vector_count * value_traits<T>::lanes;
    for (uint64_t t = (uint64_t)blockIdx.x * alprd_threads + threadIdx.x; t < lanes;
         t += (uint64_t)gridDim.x * alprd_threads) {
        const lane_per_thread<T> at(t);
        visit_lane_alprd<T>(col, at.vector, at.lane, [&](unsigned, T x) { f(x); });
    }
}

template <typename T>
__global__ void __launch_bounds__(alprd_threads) alprd_aggregate_kernel(galp_gpu_view col, galp_gpu_aggregate *r)
{
    aggregate_partial<T> acc;
    for_each_value<T>(col, [&](T x) { acc.add(x); });
    acc.template flush<alprd_threads>(r);
}

__global__ void alprd_aggregate_finish(galp_gpu_aggregate *r, unsigned bits)
{
    finish_aggregate(r, bits, true);
}

/* IEEE comparison: a NaN value or bound matches nothing, -0 == +0. "exists" needs no atomic:
 * any warp that matches stores 1. */
template <typename T>
__global__ void __launch_bounds__(alprd_threads)
    alprd_range_kernel(galp_gpu_view col, uint64_t lo_bits, uint64_t hi_bits, uint64_t *count, uint32_t *found)
{
    const T lo = value_of_bits<T>(lo_bits), hi = value_of_bits<T>(hi_bits);
    uint64_t hits = 0;
    for_each_value<T>(col, [&](T x) { hits += lo <= x && x <= hi; });
    if (found != nullptr) {
        if (__any_sync(0xffffffffu, hits != 0) && threadIdx.x % 32 == 0)
            *found = 1;
        return;
    }
    hits = block_reduce<alprd_threads / 32>(hits, [](uint64_t a, uint64_t b) { return a + b; });
    if (threadIdx.x == 0 && hits != 0)
        atomicAdd((unsigned long long *)count, (unsigned long long)hits);
}

/* Calls f(T()) for a float column; an integer column has no ALP_RD vector. */
template <typename F> galp_status dispatch_float(galp_type type, F &&f)
{
    switch (type) {
    case GALP_TYPE_F32: return f(0.0f);
    case GALP_TYPE_F64: return f(0.0);
    default: return GALP_ERR_ARGUMENT;
    }
}

/* Blocks of a grid-stride kernel: one thread per lane, but no more than the GPU holds. */
template <typename K> unsigned resident_lane_blocks(K kernel, const galp_gpu_view &col, unsigned lanes)
{
    return resident_blocks(kernel, alprd_threads, 0, lane_blocks(col, lanes, alprd_threads));
}

} /* namespace galp::device::detail */

using namespace galp::device::detail;

extern "C" galp_status galp_gpu_launch_alprd_decompress(const galp_gpu_view *view, void *dst, galp_gpu_stream stream)
{
    const galp_gpu_view col = *view;
    return dispatch_float(col.type, [&](auto zero) {
        typedef decltype(zero) T;
        const unsigned blocks = lane_blocks(col, value_traits<T>::lanes, alprd_threads);
        if (blocks != 0)
            alprd_decompress_kernel<T><<<blocks, alprd_threads, 0, stream>>>(col, (T *)dst);
        return launch_status();
    });
}

extern "C" galp_status galp_gpu_launch_alprd_aggregate(const galp_gpu_view *view, galp_gpu_aggregate *result,
                                                       galp_gpu_stream stream)
{
    const galp_gpu_view col = *view;
    return dispatch_float(col.type, [&](auto zero) {
        typedef decltype(zero) T;
        const galp_gpu_aggregate start = aggregate_start();
        const galp_status st = galp_gpu_launch_store_aggregate(result, &start, stream);
        if (st != GALP_OK)
            return st;
        if (col.vector_count != 0) {
            const unsigned blocks = resident_lane_blocks(alprd_aggregate_kernel<T>, col, value_traits<T>::lanes);
            if (blocks == 0)
                return galp_gpu_cuda_failure();
            alprd_aggregate_kernel<T><<<blocks, alprd_threads, 0, stream>>>(col, result);
        }
        alprd_aggregate_finish<<<1, 1, 0, stream>>>(result, value_traits<T>::bits);
        return launch_status();
    });
}

extern "C" galp_status galp_gpu_launch_alprd_range(const galp_gpu_view *view, uint64_t lo_bits, uint64_t hi_bits,
                                                   uint64_t *count, uint32_t *found, galp_gpu_stream stream)
{
    const galp_gpu_view col = *view;
    return dispatch_float(col.type, [&](auto zero) {
        typedef decltype(zero) T;
        const galp_status st = galp_gpu_status_from_cuda(
            cudaMemsetAsync(count ? (void *)count : (void *)found, 0, count ? sizeof *count : sizeof *found, stream));
        if (st != GALP_OK || col.vector_count == 0)
            return st;
        const unsigned blocks = resident_lane_blocks(alprd_range_kernel<T>, col, value_traits<T>::lanes);
        if (blocks == 0)
            return galp_gpu_cuda_failure();
        alprd_range_kernel<T><<<blocks, alprd_threads, 0, stream>>>(col, lo_bits, hi_bits, count, found);
        return launch_status();
    });
}
