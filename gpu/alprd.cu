/*
 * gpu/alprd.cu — full decompression and fused scans of float columns that hold ALP_RD vectors
 * (spec/alprd.md), beside RAW and G-ALP ones (gpu/alprd_kernels.h).
 *
 * Every warp of a resident grid takes one vector at a time, its ALP_RD payloads staged in
 * shared memory two at a time and decoded there (for_each_alprd_vector, gpu/alprd_staged.cuh),
 * shaped like the bulk scans (gpu/scan_launch.cuh: two stages per warp sized by the column's
 * largest vector). Decompression decodes a vector into the warp's tile and writes the tile out
 * in position order, 16 bytes a lane for a full vector into a 16-byte aligned destination, so
 * that every store instruction of a warp writes 512 consecutive bytes; the scans keep no tile,
 * which leaves the shared memory to more warps. The scans decode and then compare
 * or add (decode-then-compare): no bound is translated into an ALP_RD vector's right parts or
 * codes, whose values are not monotone in the decoded value across the dictionary; the
 * results are those of the scans of gpu/aggregate.cu and gpu/range.cu (include/galp_gpu.h),
 * with the accumulator of gpu/aggregate_partial.cuh and one set of atomics per block.
 *
 * The hot kernels of RAW, FFOR and G-ALP columns (gpu/decompress.cu, gpu/aggregate.cu,
 * gpu/range.cu) have no ALP_RD path: a branch in their per-vector code changed their register
 * allocation, and the host API routes columns with ALP_RD vectors here instead.
 */
#include "aggregate_partial.cuh"
#include "alprd_kernels.h"
#include "alprd_staged.cuh"
#include "dispatch.cuh"
#include "kernels.h"
#include "reduce.cuh"
#include "scan_launch.cuh"

namespace galp::device::detail {

/* The tile of each warp of a block: a vector's 1024 bit patterns, 16-byte aligned rows. */
template <typename T> struct alprd_tiles {
    typedef typename value_traits<T>::word Word;
    __device__ __forceinline__ static Word *of_warp()
    {
        __shared__ __align__(16) Word tiles[scan_threads / 32u][GALP_VECTOR_SIZE];
        return tiles[threadIdx.x / 32u];
    }
};

template <typename T>
__global__ void __launch_bounds__(scan_threads)
    alprd_decompress_kernel(galp_gpu_view col, T *out, bool aligned, unsigned stage_bytes)
{
    typedef typename value_traits<T>::word Word;
    Word *tile = alprd_tiles<T>::of_warp();
    const unsigned t = threadIdx.x % 32u;
    constexpr unsigned per_chunk = 16u / sizeof(T);
    for_each_alprd_vector<T>(col, alprd_warp_stages(stage_bytes), stage_bytes,
                             [&](uint32_t v, const vector_entry &e, unsigned m, const uint8_t *payload) {
        T *o = out + (size_t)v * GALP_VECTOR_SIZE;
        const bool chunks = aligned && m == GALP_VECTOR_SIZE;
        if (payload == nullptr && e.scheme != GALP_SCHEME_RAW) { /* G-ALP, lane by lane */
            if (t < value_traits<T>::lanes)
                visit_lane<T>(col, v, t, [&](unsigned slot, T x) { o[slot] = x; });
            return;
        }
        const Word *words = (const Word *)(col.data + e.payload_offset); /* RAW: value p is word p */
        if (payload != nullptr) {
            decode_staged_alprd<T>(payload, e, t, tile);
            words = tile;
        }
        if (chunks) {
            const uint4 *chunk = (const uint4 *)words;
            for (unsigned q = t; q < GALP_VECTOR_SIZE / per_chunk; q += 32u)
                __stcs((uint4 *)o + q, payload != nullptr ? chunk[q] : __ldg(chunk + q));
        } else {
            for (unsigned p = t; p < m; p += 32u)
                o[p] = value_from_word<T>(words[p]);
        }
    });
}

template <typename T>
__global__ void __launch_bounds__(scan_threads) alprd_aggregate_kernel(galp_gpu_view col, galp_gpu_aggregate *r,
                                                                       unsigned stage_bytes)
{
    aggregate_partial<T> acc;
    for_each_alprd_vector<T>(col, alprd_warp_stages(stage_bytes), stage_bytes,
                             [&](uint32_t v, const vector_entry &e, unsigned m, const uint8_t *payload) {
        visit_alprd_column_vector<T>(col, v, e, m, payload, [&](unsigned, T x) { acc.add(x); });
    });
    acc.template flush<scan_threads>(r);
}

__global__ void alprd_aggregate_finish(galp_gpu_aggregate *r, unsigned bits)
{
    finish_aggregate(r, bits, true);
}

/* IEEE comparison: a NaN value or bound matches nothing, -0 == +0. *count or *found was set
 * to 0 before the launch. */
template <typename T>
__global__ void __launch_bounds__(scan_threads) alprd_range_kernel(galp_gpu_view col, uint64_t lo_bits,
                                                                   uint64_t hi_bits, uint64_t *count,
                                                                   uint32_t *found, unsigned stage_bytes)
{
    const T lo = value_of_bits<T>(lo_bits), hi = value_of_bits<T>(hi_bits);
    uint64_t hits = 0;
    for_each_alprd_vector<T>(col, alprd_warp_stages(stage_bytes), stage_bytes,
                             [&](uint32_t v, const vector_entry &e, unsigned m, const uint8_t *payload) {
        visit_alprd_column_vector<T>(col, v, e, m, payload, [&](unsigned, T x) { hits += lo <= x && x <= hi; });
    });
    hits = block_reduce<scan_threads / 32u>(hits, [](uint64_t a, uint64_t b) { return a + b; });
    if (threadIdx.x == 0 && hits != 0) {
        if (count != nullptr)
            atomicAdd((unsigned long long *)count, (unsigned long long)hits);
        else
            *found = 1;
    }
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

} /* namespace galp::device::detail */

using namespace galp::device::detail;

extern "C" galp_status galp_gpu_launch_alprd_decompress(const galp_gpu_view *view, void *dst, galp_gpu_stream stream)
{
    const galp_gpu_view col = *view;
    if (col.vector_count == 0)
        return GALP_OK;
    return dispatch_float(col.type, [&](auto zero) {
        typedef decltype(zero) T;
        return launched_status(launch_scan(alprd_decompress_kernel<T>, col.largest_vector, col.vector_count, stream,
                                           col, (T *)dst, (uintptr_t)dst % 16 == 0));
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
        if (col.vector_count != 0 &&
            !launch_scan(alprd_aggregate_kernel<T>, col.largest_vector, col.vector_count, stream, col, result))
            return galp_gpu_cuda_failure();
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
        return launched_status(launch_scan(alprd_range_kernel<T>, col.largest_vector, col.vector_count, stream, col,
                                           lo_bits, hi_bits, count, found));
    });
}
