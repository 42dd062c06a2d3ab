/*
 * galp/device/warp_visit.cuh — the device API's second thread-to-data mapping, WARP_PER_VECTOR: each
 * warp of a kernel decodes whole vectors of a 32- or 64-bit column together, the way the
 * library's own scans do (gpu/aggregate.cu, gpu/range.cu).
 *
 *   galp_status visit_vectors_by_warp<T, BlockThreads>(col, temp, temp_bytes, f)
 *
 * calls f(vector, slot, x) once for every value of the column, on one thread of a warp; a
 * functor that takes a fourth argument also learns, at compile time, whether x can be NaN
 * or infinite (visit_value, below).
 * Warp w of the grid (w = blockIdx.x · warps per block + warp of the block, of n warps in
 * all) takes vectors w, w + n, w + 2n, ...; while it decodes one, the next is already on its
 * way into shared memory (galp/device/vector_pipeline.cuh). Which thread visits which value:
 *
 *   - a full vector of width b <= 32 (nearly every vector of real data): thread t visits the
 *     32 rows 32·(t div L) ... 32·(t div L) + 31 of lane t mod L (slots (32·(t div L) + r)·L +
 *     lane, spec/format.md §1), in row order, unpacked by code compiled for the width
 *     (block_vector::packed_rows); a 32-bit column is a vector per warp, a lane per thread;
 *   - a full 64-bit vector stored as it is (RAW, or FFOR of width 64 with base 0): thread t
 *     visits the values of the payload's 16-byte words t, t + 32, t + 64, ... (a 32-bit one,
 *     of width 32, takes the rows above);
 *   - any other vector (wider than 32 bits, or the last, partial one): thread t visits the
 *     16-byte groups of slots t, t + 32, ... of block_vector::for_each_packed;
 *   - exception j of a G-ALP vector (spec/galp.md §1) is visited by thread j mod 32, after the
 *     thread's other values of the vector; its slot is skipped by the thread above.
 *
 * Why a second mapping beside LANE_PER_THREAD (galp/device/mapping.cuh, galp/device/visit.cuh): a thread that
 * decodes one lane first waits for its vector's entry, then for its lane's words, then for
 * its exceptions, and a grid of such threads keeps too few loads in flight to read at memory
 * speed; its decode-then-compare filter runs well below the speed of the library's scans
 * (docs/DESIGN.md). Here a warp's loads are asynchronous copies issued a vector ahead.
 *
 * How to launch a kernel that calls it (docs/GPU.md has an example):
 *   - every thread of every block calls it, with the same col and the same temp;
 *     blockDim.x is a multiple of 32 and at most BlockThreads;
 *   - temp is shared memory that the kernel owns and gives the visitor for the call, 16-byte
 *     aligned, of at least warp_visit_temp_bytes(col, blockDim.x) bytes (CUB's TempStorage
 *     idea): the stages of each warp's vectors and its exception marks. Dynamic shared
 *     memory suits it, since its size depends on the column; plan_warp_visit computes it
 *     and a grid, and raises the kernel's limit of dynamic shared memory where it passes
 *     48 KiB;
 *   - as many blocks as the GPU holds at once (no more than the column has vectors for) read
 *     fastest: each warp then takes several vectors, and its next one is in flight.
 * A call that breaks these rules visits nothing and returns GALP_ERR_ARGUMENT in every
 * thread of the block (the conditions are the block's, so all its threads agree); a
 * correct one returns GALP_OK.
 */
#ifndef GALP_DEVICE_WARP_VISIT_CUH
#define GALP_DEVICE_WARP_VISIT_CUH

#include <type_traits>

#include <cuda_runtime.h>

#include "galp_gpu.h"

#include "block_vector.cuh"

namespace galp::device::detail {

/* Bytes of temp a block of `threads` threads passes for col: per warp 32 words of exception
 * marks, first, where their place depends on the warp alone, then per warp vector_stages
 * stages of the largest vector (galp/device/vector_pipeline.cuh). */
__host__ __device__ inline size_t warp_visit_temp_bytes(const galp_gpu_view &col, unsigned threads)
{
    return (size_t)(threads / 32u) * (32u * sizeof(uint32_t) + (size_t)vector_stages * stage_bytes_for(col.largest_vector));
}

struct warp_visit_launch {
    unsigned blocks, threads;
    size_t shared_bytes; /* dynamic shared memory: warp_visit_temp_bytes(col, threads) */
};

/* Host: the launch of `kernel`, a kernel that passes its dynamic shared memory to
 * visit_vectors_by_warp, in blocks of `threads` threads on the current device: as many blocks
 * as the device holds at once, or as the column has vectors for its warps, and the shared
 * memory they need, which the kernel is allowed. That limit is a setting of the kernel for
 * the whole process (cudaFuncSetAttribute): it is only ever raised here, so that planning a
 * column of smaller vectors cannot fail the launch of one planned before it; host threads
 * that plan and launch the same kernel at once should still plan their largest column first.
 * GALP_ERR_ARGUMENT for a block size that is not a positive multiple of 32 or a null out;
 * a CUDA failure as galp_gpu_status_from_cuda reports it (its code kept for
 * galp_gpu_last_cuda_error); GALP_ERR_ARGUMENT too when one block's memory cannot fit on the
 * device (a column whose vectors are too large for this many warps a block);
 * GALP_ERR_BAD_SCHEME for a column that holds vectors the visitor does not decode (ALP_RD,
 * DELTA, RLE, DICT, patched FFOR: col.vector_schemes beyond GALP_GPU_VISITOR_SCHEMES). */
template <typename K>
inline galp_status plan_warp_visit(K kernel, const galp_gpu_view &col, unsigned threads, warp_visit_launch *out)
{
    if (out == nullptr || threads == 0 || threads % 32u != 0)
        return GALP_ERR_ARGUMENT;
    /* ALP_RD vectors: visit_lane_alprd (galp/device/alprd.cuh); DELTA, RLE, DICT: delta_lane,
     * rle_lane, dict_lane (galp/device/delta.cuh, rle.cuh, dict.cuh); patched FFOR vectors
     * (GALP_GPU_PATCHED_FFOR): lane_decoder, visit_lane (galp/device/ffor_patches.cuh) */
    if ((col.vector_schemes & ~GALP_GPU_VISITOR_SCHEMES) != 0u)
        return GALP_ERR_BAD_SCHEME;
    const unsigned warps = threads / 32u;
    *out = warp_visit_launch{0u, threads, warp_visit_temp_bytes(col, threads)};
    cudaFuncAttributes kept;
    cudaError_t e = cudaFuncGetAttributes(&kept, kernel);
    if (e == cudaSuccess && out->shared_bytes > (size_t)kept.maxDynamicSharedSizeBytes)
        e = cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)out->shared_bytes);
    int device = 0, sms = 0, per_sm = 0;
    if (e == cudaSuccess)
        e = cudaGetDevice(&device);
    if (e == cudaSuccess)
        e = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
    if (e == cudaSuccess)
        e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, (int)threads, out->shared_bytes);
    if (e != cudaSuccess)
        return galp_gpu_status_from_cuda(e);
    if (per_sm == 0)
        return GALP_ERR_ARGUMENT; /* one block's stages do not fit */
    const uint64_t resident = (uint64_t)sms * (uint64_t)per_sm;
    const uint64_t needed = ((uint64_t)col.vector_count + warps - 1u) / warps;
    out->blocks = (unsigned)(needed < resident ? needed : resident);
    return GALP_OK;
}

/* The block's dynamic shared memory in bytes (PTX %dynamic_smem_size): what a kernel launched
 * as plan_warp_visit says can pass as temp_bytes. */
__device__ __forceinline__ unsigned dynamic_shared_bytes()
{
    unsigned bytes;
    asm("mov.u32 %0, %%dynamic_smem_size;" : "=r"(bytes));
    return bytes;
}

/* Calls f(vector, slot, x), or f(vector, slot, x, finite) where f takes a fourth argument:
 * finite is std::true_type where x can be neither NaN nor infinite (any integer; a float
 * decoded from its G-ALP integer, k·FRAC with |k| < 2^W and FRAC <= 1, spec/alp.md §4),
 * else std::false_type (a float stored as it is, an exception or a RAW value, or one of a
 * partial vector). A compile-time constant: a reduction can leave its NaN test
 * out of the rows that cannot need it, as the library's aggregate does (gpu/aggregate.cu). */
template <bool Finite, typename T, typename F>
__device__ __forceinline__ void visit_value(F &f, uint32_t v, unsigned slot, T x)
{
    typedef std::bool_constant<Finite || !value_traits<T>::is_float> finite;
    if constexpr (std::is_invocable_v<F &, uint32_t, unsigned, T, finite>)
        f(v, slot, x, finite{});
    else
        f(v, slot, x);
}

/* A G-ALP float64 vector of width b <= 32 whose products k = (p + base)·FACT (spec/alp.md §4)
 * all lie strictly inside ±2^52 for 0 <= p < 2^b: then neither the sum nor the product wraps,
 * p·FACT + base·FACT is that k exactly, and a fused multiply-add in double computes it
 * exactly (every operand and the result are integers below 2^53), so k·FRAC is the value
 * the integer path (the conversion of k, then the multiply) gives, bit for bit. A row then
 * takes three instructions (p converted to double, the multiply-add, the multiply by FRAC)
 * where the integer path takes five (a 64-bit multiply-add in three, the conversion of k,
 * the multiply); p as 2^52 + p from its bit pattern, less 2^52, took two moves and an add
 * for the conversion. k is increasing in p, so its ends decide; they are estimated in
 * double, each rounding at most doubling their error, so a bound of 2^52 leaves 2^53 safe. */
template <typename BV>
__device__ __forceinline__ bool products_exact_in_double(const BV &vec, double &fact, double &base_fact)
{
    fact = (double)vec.fact; /* 10^f, f <= 18: exact in double */
    const double base = (double)(int64_t)vec.base;
    const double low = base * fact, high = (base + (double)vec.mask) * fact;
    base_fact = (double)(int64_t)vec.base_fact;
    return fabs(low) < 0x1p52 && fabs(high) < 0x1p52;
}

/* A full vector of width b <= 32 in the scans' mapping: the thread's 32 rows, those marked in
 * `skip` left out. Where the vector has no exceptions (the same for the whole warp) the rows
 * are visited with no test; G-ALP is asked once, not per row. Every row is decoded before
 * the test, so that the test predicates the call instead of branching around the decode,
 * which compiled to a branch per row and twice the code. */
template <typename T, typename BV, typename F>
__device__ __forceinline__ void visit_rows(const BV &vec, uint32_t v, uint32_t skip, F &f)
{
    typedef typename reg_of<typename BV::Word>::type reg;
    uint32_t p[32];
    vec.packed_rows(p);
    const unsigned first = BV::first_row() * BV::L + BV::row_lane();
    auto each_row = [&](auto finite, auto decode) {
        constexpr bool Finite = decltype(finite)::value;
        if (vec.c == 0) {
#pragma unroll
            for (unsigned r = 0; r < 32; r++)
                visit_value<Finite, T>(f, v, first + r * BV::L, decode((reg)p[r]));
        } else {
#pragma unroll
            for (unsigned r = 0; r < 32; r++) {
                const T x = decode((reg)p[r]);
                if (!(skip >> r & 1u))
                    visit_value<Finite, T>(f, v, first + r * BV::L, x);
            }
        }
    };
    if constexpr (value_traits<T>::is_float) {
        if (vec.is_alp) {
            if constexpr (BV::W == 64) {
                double fact, base_fact;
                if (products_exact_in_double(vec, fact, base_fact)) {
                    each_row(std::true_type{}, [&](reg p) {
                        return __dmul_rn(__fma_rn(__uint2double_rn((uint32_t)p), fact, base_fact), vec.frac);
                    });
                    return;
                }
            }
            each_row(std::true_type{}, [&](reg p) { return alp_from_product<T>(vec.product(p), vec.frac); });
            return;
        }
    }
    /* RAW floats are stored values; integers are finite whatever the tag */
    each_row(std::false_type{}, [&](reg p) { return value_from_word<T>((typename BV::Word)(p + vec.base)); });
}

/* A full vector of a 64-bit type wider than 32 bits, in the groups of block_vector, taken as
 * 32-bit halves (block_vector::packed_wide): f(vector, slot, x) for each of the thread's
 * slots but its exceptions' (the warp's `marks`, 32 words). A G-ALP
 * vector whose products fit in double decodes as the narrow rows do (products_exact_in_double:
 * p < 2^53 there, so it converts exactly), with no 64-bit integer multiply. False, and no
 * call, for a 32-bit type. */
template <typename T, typename BV, typename F>
__device__ __forceinline__ bool visit_wide(const BV &vec, uint32_t v, uint32_t *marks, F &f)
{
    if constexpr (BV::W == 64) {
        uint32_t skip = 0;
        if (vec.c != 0) {
            /* The vector's exceptions are marked in the rows mapping (visit_vectors_by_warp,
             * which keeps the narrow vectors' code to itself): marked again in the groups
             * mapping, each thread tests its slots in a register, not each in shared memory. */
            const unsigned t = BV::group_owner(BV::group_slot(0));
            marks[t] = 0;
            __syncwarp();
            vec.template mark_exceptions<true>(marks);
            skip = marks[t];
        }
        auto each_slot = [&](auto finite, auto decode) {
            constexpr bool Finite = decltype(finite)::value;
#pragma unroll
            for (unsigned g = 0; g < BV::groups; g++) {
                const unsigned s = BV::group_slot(g);
                uint64_t p[BV::N];
                vec.packed_wide(s, p);
#pragma unroll
                for (unsigned j = 0; j < BV::N; j++) {
                    const T x = decode(p[j]);
                    if (!(skip >> (g * BV::N + j) & 1u))
                        visit_value<Finite, T>(f, v, s + j, x);
                }
            }
        };
        if constexpr (value_traits<T>::is_float) {
            /* a float column's other full wide vectors are RAW, visited as stored */
            if (!vec.is_alp)
                return false;
            double fact, base_fact;
            if (products_exact_in_double(vec, fact, base_fact)) {
                each_slot(std::true_type{}, [&](uint64_t p) {
                    return __dmul_rn(__fma_rn(__ull2double_rn(p), fact, base_fact), vec.frac);
                });
            } else {
                each_slot(std::true_type{}, [&](uint64_t p) { return alp_from_product<T>(vec.product(p), vec.frac); });
            }
        } else {
            each_slot(std::false_type{}, [&](uint64_t p) { return value_from_word<T>(p + vec.base); });
        }
        return true;
    } else {
        return false;
    }
}

template <typename T, unsigned BlockThreads = scan_threads, typename F>
__device__ __forceinline__ galp_status visit_vectors_by_warp(const galp_gpu_view &col, void *temp, size_t temp_bytes,
                                                             F &&f)
{
    static_assert(value_traits<T>::bits >= 32, "warps decode vectors of 32- and 64-bit types");
    typedef warp_group<BlockThreads, false> group;
    typedef block_vector<T, group> bv;
    const unsigned stage = stage_bytes_for(col.largest_vector);
    /* the rules of the launch (top of the file): a block that broke them would stage or mark
     * outside the memory it was given */
    if (blockDim.x % 32u != 0 || blockDim.x > BlockThreads || temp == nullptr || (uintptr_t)temp % 16u != 0 ||
        !__isShared(temp) || temp_bytes < warp_visit_temp_bytes(col, blockDim.x))
        return GALP_ERR_ARGUMENT;
    const unsigned t = group::rank();
    uint32_t *const marks = (uint32_t *)temp + 32u * group::in_block();
    uint8_t *const stages = (uint8_t *)temp + (blockDim.x / 32u) * 32u * sizeof(uint32_t);
    vector_pipeline<T, group> pipe(col, stages, stage, nullptr);
    pipe.run([&](uint32_t v, const staged_vector &staged) {
        bv vec;
        vec.init(col, v, staged);
        if (vec.c != 0) {
            marks[t] = 0; /* the warp has left the last vector's marks: run's barrier */
            __syncwarp();
            vec.mark_exceptions(marks);
        }
        if (vec.full() && vec.narrow()) {
            visit_rows<T>(vec, v, vec.c != 0 ? marks[t] : 0u, f);
        } else if (vec.full() && vec.b == bv::W && !vec.is_alp && vec.base == 0) {
            vec.for_each_stored([&](T x, unsigned, unsigned slot) { visit_value<false>(f, v, slot, x); });
        } else if (!(vec.full() && visit_wide<T>(vec, v, marks, f))) {
            vec.for_each_packed([&](unsigned s, typename bv::Word p) {
                const T x = vec.decode(p);
                if (!(vec.c != 0 && (marks[bv::row_owner(s)] >> bv::row_bit(s) & 1u)))
                    visit_value<false>(f, v, s, x);
            });
        }
        for (unsigned j = t; j < vec.c; j += 32u)
            visit_value<false>(f, v, vec.exception_slot(j), value_from_word<T>(vec.exception_bits(j)));
    });
    return GALP_OK;
}

} /* namespace galp::device::detail */

/* The public names of this header (docs/GPU.md). */
namespace galp::device {
using detail::visit_vectors_by_warp;
using detail::warp_visit_launch;
using detail::warp_visit_temp_bytes;
using detail::plan_warp_visit;
using detail::dynamic_shared_bytes;
} /* namespace galp::device */

#endif /* GALP_DEVICE_WARP_VISIT_CUH */
