/*
 * gpu/alprd.cu — full decompression and fused scans of float columns that hold ALP_RD vectors
 * (spec/alprd.md), beside RAW and G-ALP ones (gpu/alprd_kernels.h).
 *
 * Decompression takes a block per vector, its payload staged whole in shared memory, in the
 * shape of gpu/decompress.cuh's kernel for the columns without ALP_RD vectors: an ALP_RD
 * vector is decoded in 16-byte groups (decompress_alprd_vector, gpu/alprd_block.cuh), a RAW
 * or G-ALP one by that kernel's decompress_vector, so that every slot leaves in its group's
 * 16-byte store and a multiprocessor holds as many blocks as it holds threads, each waiting on
 * its own loads. An ALP_RD payload is most of the bytes it decodes to, so this kernel moves
 * nearly what a copy moves, and takes the decompression's shape for it (docs/DESIGN.md, "A
 * block per vector, staged whole": a resident grid of pipelined warps, the scans' shape,
 * stayed further from the copy rate).
 *
 * The scans give every warp of a resident grid one vector at a time, its ALP_RD payloads
 * staged in shared memory two at a time (for_each_alprd_vector, gpu/alprd_staged.cuh),
 * shaped like the bulk scans (gpu/scan_launch.cuh: two stages per warp sized by the column's
 * largest vector), and keep no tile, which leaves the shared memory to more warps. They decode
 * and then compare or add (decode-then-compare): no bound is translated into an ALP_RD
 * vector's right parts or codes, whose values are not monotone in the decoded value across
 * the dictionary; the results are those of the scans of gpu/aggregate.cu and gpu/range.cu
 * (include/galp_gpu.h), with the accumulator of gpu/aggregate_partial.cuh and one set of
 * atomics per block.
 *
 * The hot kernels of RAW, FFOR and G-ALP columns (gpu/decompress.cu, gpu/aggregate.cu,
 * gpu/range.cu) have no ALP_RD path: a branch in their per-vector code changed their register
 * allocation, and the host API routes columns with ALP_RD vectors here instead.
 */
#include "aggregate_partial.cuh"
#include "alprd_block.cuh"
#include "alprd_kernels.h"
#include "alprd_staged.cuh"
#include "dispatch.cuh"
#include "kernels.h"
#include "reduce.cuh"
#include "scan_launch.cuh"

namespace galp::device::detail {

/* A block per vector, as block_decompress_kernel (gpu/decompress.cuh), with its launch bounds:
 * decompress_threads_for<T>() threads, registers held so that a multiprocessor runs as many
 * blocks as it holds threads. Each vector's payload is staged whole at the start of the
 * block's dynamic shared memory (stage_bytes, at least the column's largest vector rounded up
 * to 16; the copies round the payload up to 16 bytes, which stays in the image: payloads are
 * 16-byte aligned and the file ends in 256 zero bytes, spec/format.md §3.5), then decoded by
 * the vector's scheme. The grid is a block per vector; a block loops only where a column has
 * more vectors than a grid may have blocks. Aligned: `out` is 16-byte aligned. */
template <typename T>
__global__ void __launch_bounds__(decompress_threads_for<T>(), GALP_GPU_THREADS_PER_SM / decompress_threads_for<T>())
    alprd_decompress_kernel(galp_gpu_view col, T *out, unsigned stage_bytes, bool aligned)
{
    constexpr unsigned threads = decompress_threads_for<T>(), W = value_traits<T>::bits;
    __shared__ exception_map map;
    uint8_t *stage = stage_memory();
    unsigned parity = 0;
    if (threadIdx.x < GALP_VECTOR_SIZE / 32)
        map.marks[0][threadIdx.x] = 0; /* ordered before use by the barrier after the copies */
    for (uint64_t v = blockIdx.x; v < col.vector_count; v += gridDim.x) { /* 64 bits: no wrap */
        const vector_entry e = read_vector_entry(col.data, (uint32_t)v);
        const unsigned m = vector_value_count(col, (uint32_t)v);
        const bool alprd = e.scheme == GALP_SCHEME_ALP_RD;
        const unsigned bytes = alprd ? galp_layout_alprd_payload_bytes(W, e.bit_width, e.exponent, e.exception_count, 0u)
                                     : payload_bytes<T>(e.scheme, e.bit_width, e.exception_count, m);
        const unsigned chunks = min((bytes + 15u) & ~15u, stage_bytes) / 16u; /* a valid image never clips */
        const uint4 *src = (const uint4 *)(col.data + e.payload_offset);
        for (unsigned q = threadIdx.x; q < chunks; q += threads)
            copy16_async(stage + 16u * q, src + q);
        copy_commit();
        copy_wait<0>();
        __syncthreads(); /* every thread's copies visible to the block */
        if (alprd)
            decompress_alprd_vector<T, threads>(stage, e, m, map, parity, out + v * GALP_VECTOR_SIZE, aligned);
        else
            decompress_vector<T, threads>(col, (uint32_t)v,
                                          staged_vector{vector_entry_words(col.data, (uint32_t)v), nullptr, stage}, map,
                                          parity, out, aligned, false);
        __syncthreads(); /* the stage and the exception map are reused by the next vector */
    }
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
        const unsigned memory = (col.largest_vector + 15u) & ~15u, threads = decompress_threads_for<T>();
        const unsigned blocks = col.vector_count < (1u << 30) ? col.vector_count : (1u << 30);
        const bool aligned = (uintptr_t)dst % 16 == 0;
        return launched_status(launch_with_shared_memory(alprd_decompress_kernel<T>, memory, sizeof(exception_map), [&] {
            alprd_decompress_kernel<T><<<blocks, threads, memory, stream>>>(col, (T *)dst, memory, aligned);
            return true;
        }));
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
