/*
 * gpu/range.cu — fused range filters over a compressed column: the count of lo <= x <= hi and
 * "value exists" (include/galp_gpu.h), with predicate pushdown on G-ALP vectors
 * (gpu/pushdown.cuh): a first kernel plans every vector, the scan then compares packed
 * integers where the plan allows it (and decodes the packed integers outside its safe range).
 * The first kernel also gives a vector a verdict, its count, when the plan and a few
 * exceptions decide it (always for a constant vector with few exceptions); in columns with
 * many constant vectors the scan counts those vectors by their verdict without staging them.
 * Integer FFOR vectors are planned in the scan itself: x = p + base, so lo <= x <= hi is a
 * range of p where base + p does not wrap.
 * 32- and 64-bit types are scanned by a resident grid whose warps decode one vector at a
 * time from shared memory (gpu/vector_pipeline.cuh, gpu/block_vector.cuh), the plan staged
 * with the vector; 8- and 16-bit types a lane per thread (gpu/visit.cuh).
 */
#include "block_vector.cuh"
#include "dispatch.cuh"
#include "galp_device.cuh"
#include "kernels.h"
#include "reduce.cuh"
#include "scan_launch.cuh"

namespace galp_gpu {

constexpr unsigned range_threads = 256;

template <typename T> __device__ __forceinline__ T value_of_bits(uint64_t bits)
{
    return value_from_word<T>((typename value_traits<T>::word)bits);
}

/* The plan and the verdict of every vector, one thread per vector (gpu/pushdown.cuh): the
 * verdicts follow the vector_count plans. */
template <typename T>
__global__ void __launch_bounds__(range_threads) plan_kernel(galp_gpu_view col, uint64_t lo_bits, uint64_t hi_bits,
                                                  galp_gpu_range_plan *plan)
{
    const uint64_t v = (uint64_t)blockIdx.x * range_threads + threadIdx.x;
    if (v >= col.vector_count)
        return;
    const T lo = value_of_bits<T>(lo_bits), hi = value_of_bits<T>(hi_bits);
    const vector_entry e = read_vector_entry(col.data, (uint32_t)v);
    const galp_gpu_range_plan p = plan_vector<T>(e, lo, hi);
    plan[v] = p;
    ((uint32_t *)(plan + col.vector_count))[v] = vector_verdict<T>(col, (uint32_t)v, e, p, lo, hi);
}

/* 8- and 16-bit types (integers, so no G-ALP vector to plan: the device API's row_in_range
 * with a plan that decodes every value). Grid-stride over lanes with a resident grid and one
 * atomic per block, as in gpu/aggregate.cu; "exists" needs no atomic: any block that matches
 * stores 1. */
template <typename T>
__global__ void __launch_bounds__(range_threads) range_kernel(galp_gpu_view col, uint64_t lo_bits, uint64_t hi_bits,
                                                   uint64_t *count, uint32_t *found)
{
    constexpr unsigned L = value_traits<T>::lanes, warps = range_threads / 32;
    const T lo = value_of_bits<T>(lo_bits), hi = value_of_bits<T>(hi_bits);
    uint64_t hits = 0;
    const uint64_t lanes = (uint64_t)col.vector_count * L;
    for (uint64_t t = (uint64_t)blockIdx.x * range_threads + threadIdx.x; t < lanes;
         t += (uint64_t)gridDim.x * range_threads) {
        lane_per_thread<T> at(t);
        const galp_gpu_range_plan p = decode_all_plan();
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

/* The plan of an integer vector, x(p) = base + p (spec/ffor.md §4): on the packed integers
 * where base + p does not wrap, lo <= x <= hi is lo - base <= p <= hi - base. */
template <typename T, typename BV>
__device__ __forceinline__ galp_gpu_range_plan integer_plan(const BV &vec, T lo, T hi)
{
    const packed_range safe = vec.safe();
    galp_gpu_range_plan plan;
    plan.safe_lo = safe.lo, plan.safe_hi = safe.hi;
    if (hi < vec.base || lo > hi) {
        plan.lo = 1, plan.hi = 0;
    } else {
        plan.lo = lo > vec.base ? (uint64_t)(lo - vec.base) : 0u;
        plan.hi = min((uint64_t)(hi - vec.base), safe.hi);
    }
    return plan;
}

/* acc + the carry out of x + y: one add that sets the carry and one that adds it. */
__device__ __forceinline__ unsigned add_carry(unsigned acc, unsigned x, unsigned y)
{
    asm("{\n .reg .u32 t;\n add.cc.u32 t, %1, %2;\n addc.u32 %0, %0, 0;\n}\n" : "+r"(acc) : "r"(x), "r"(y));
    return acc;
}

/* Matches among this thread's 32 packed integers of a narrow full vector
 * (block_vector::packed_rows), by comparing them with the plan: p - lo <= hi - lo. With Any,
 * only whether there is one (an OR of comparisons, two instructions per value); otherwise how
 * many: 32 minus those whose p - lo exceeds hi - lo, counted as the carries of
 * (p - lo) + ~(hi - lo) (three instructions per value, where a comparison, a select and half
 * an add took three and a half). With CheckSafe, also whether some p lies outside
 * [safe_lo, safe_hi] (the caller then counts them again, decoding those). */
template <bool CheckSafe, bool Any>
__device__ __forceinline__ unsigned count_packed(const uint32_t (&p)[32], const galp_gpu_range_plan &plan, bool &unsafe)
{
    const uint32_t lo = (uint32_t)plan.lo, span = (uint32_t)(plan.hi - plan.lo);
    const uint32_t safe_lo = (uint32_t)plan.safe_lo, safe_span = (uint32_t)(plan.safe_hi - plan.safe_lo);
    const bool none = plan.lo > plan.hi;
    unsigned outside = 0;
    bool any = false, out = false;
#pragma unroll
    for (unsigned r = 0; r < 32; r++) {
        if constexpr (Any)
            any |= p[r] - lo <= span;
        else
            outside = add_carry(outside, p[r] - lo, ~span);
        if constexpr (CheckSafe)
            out |= p[r] - safe_lo > safe_span;
    }
    unsafe = out;
    if (none)
        return 0u;
    return Any ? (unsigned)any : 32u - outside;
}

/* Matches among this thread's values of a RAW float vector, compared as stored (IEEE: a NaN
 * never matches): a full float32 vector by block_vector::for_each_stored, otherwise its
 * groups. */
template <typename T, typename BV> __device__ __forceinline__ unsigned count_stored(const BV &vec, T lo, T hi)
{
    unsigned hits = 0;
    if constexpr (sizeof(T) == 4) {
        if (vec.full()) {
            vec.for_each_stored([&](T x, unsigned) { hits += x >= lo && x <= hi; });
            return hits;
        }
    }
    vec.for_each_packed([&](unsigned, typename BV::Word p) {
        const T x = value_from_word<T>(p);
        hits += x >= lo && x <= hi;
    });
    return hits;
}

/* 32- and 64-bit types, a warp per vector. With Kept (float columns with many constants), a
 * vector whose verdict the plan kernel wrote is counted by it and never staged
 * (vector_pipeline::run_kept). With Direct, a RAW float vector is compared as
 * stored (count_stored). Otherwise every slot below m is tested through its packed integer,
 * exception slots included (with Direct, a wide or partial vector whose plan covers all of
 * them with one subtraction and one comparison each: through packed_in_range, wide vectors
 * ran at 62-68 % of their read limit on an H100, docs/GPU.md); then thread 0 takes back
 * the c matches of the exception slots, which all hold the vector's fill (gpu/kernels.h), and
 * each exception's thread adds its stored value's match. match() equals
 * decode-then-compare for every packed integer (gpu/pushdown.cuh), so the threads agree
 * whichever way each counted. The per-thread
 * counts wrap, but the block's sum is the exact count, added to *result (Result = uint64_t).
 * Exists (Result = uint32_t, *result set to 1 when a value is found) sums the same counts,
 * except that in a full narrow vector without exceptions a thread adds 1 if any of its rows
 * matches: the block's sum is then positive exactly when the count is. */
template <typename T, typename Result, bool Direct, bool Kept>
__global__ void __launch_bounds__(scan_threads, GALP_GPU_SCAN_MIN_BLOCKS)
    block_range_kernel(galp_gpu_view col, uint64_t lo_bits, uint64_t hi_bits, const galp_gpu_range_plan *plan,
                       Result *result, unsigned stage_bytes)
{
    constexpr bool Exists = sizeof(Result) == sizeof(uint32_t);
    static_assert(Exists || sizeof(Result) == sizeof(uint64_t), "a found flag or a count");
    typedef warp_group<scan_threads, true> group;
    typedef block_vector<T, group> bv;
    typedef typename bv::Word Word;
    const T lo = value_of_bits<T>(lo_bits), hi = value_of_bits<T>(hi_bits);
    const unsigned t = group::rank();
    uint64_t hits = 0;
    vector_pipeline<T, group> pipe(col, stage_bytes, (const uint4 *)plan);
    auto scan = [&](uint32_t v, const staged_vector &stage) {
        bv vec;
        vec.init(col, v, stage);
        galp_gpu_range_plan pl;
        if constexpr (value_traits<T>::is_float) {
            if constexpr (Direct) {
                if (!vec.is_alp) { /* RAW (spec/format.md §2): the stored floats, no exceptions */
                    hits += count_stored<T>(vec, lo, hi);
                    return;
                }
            }
            if (plan != nullptr && vec.is_alp)
                pl = *(const galp_gpu_range_plan *)stage.record;
            else
                pl = decode_all_plan();
        } else {
            pl = integer_plan<T>(vec, lo, hi);
        }
        auto match = [&](Word p) -> bool {
            return packed_in_range<T>(pl, (uint64_t)p, lo, hi, [&](uint64_t q) { return vec.decode((Word)q); });
        };
        if (vec.full() && vec.narrow()) {
            const bool any_safe = pl.safe_lo <= pl.safe_hi;
            const bool all_safe = any_safe && pl.safe_lo == 0 && pl.safe_hi == (uint64_t)vec.max_packed();
            if (!all_safe || pl.lo <= pl.hi) { /* else no packed integer matches */
                bool unsafe = !any_safe;
                if (any_safe) {
                    uint32_t p[32];
                    vec.packed_rows(p);
                    unsigned h;
                    if (Exists && vec.c == 0)
                        h = all_safe ? count_packed<false, true>(p, pl, unsafe) : count_packed<true, true>(p, pl, unsafe);
                    else
                        h = all_safe ? count_packed<false, false>(p, pl, unsafe)
                                     : count_packed<true, false>(p, pl, unsafe);
                    hits += unsafe ? 0u : h;
                }
                if (unsafe) { /* unpacked again: kept in registers until here they spilled */
                    uint32_t p[32];
                    vec.packed_rows(p);
#pragma unroll
                    for (unsigned r = 0; r < 32; r++)
                        hits += match(p[r]);
                }
            }
        } else if (Direct && pl.safe_lo == 0 && pl.safe_hi == (uint64_t)vec.max_packed()) {
            /* wide or partial, every packed integer safe (all_safe above, written out again:
             * shared through a helper, or hoisted, it changed the SASS of the plain variant,
             * which is kept instruction for instruction the measured kernel of 4a712eb):
             * each compared with one subtraction */
            if (pl.lo <= pl.hi) {
                const uint64_t first = pl.lo, span = pl.hi - pl.lo;
                vec.for_each_packed([&](unsigned, Word p) { hits += (uint64_t)p - first <= span; });
            }
        } else {
            vec.for_each_packed([&](unsigned, Word p) { hits += match(p); });
        }
        if (vec.c != 0 && t == 0) /* every exception slot holds the fill (gpu/kernels.h) */
            hits -= vec.c * (unsigned)match(vec.packed_at(vec.exception_slot(0)));
        for (unsigned j = t; j < vec.c; j += group::threads) {
            const T x = value_from_word<T>(vec.exception_bits(j));
            hits += x >= lo && x <= hi;
        }
    };
    if constexpr (Kept) { /* a vector with a verdict is counted by it, never staged */
        const uint32_t *verdicts = (const uint32_t *)(plan + col.vector_count);
        pipe.run_kept([&](uint32_t v) { return __ldg(verdicts + v); },
                      [&](uint32_t, uint32_t verdict) {
                          hits += verdict == no_verdict ? 0u : verdict;
                          return verdict == no_verdict;
                      },
                      scan);
    } else {
        pipe.run(scan);
    }
    hits = block_reduce<group::max_per_block>(hits, [](uint64_t a, uint64_t b) { return a + b; });
    if (threadIdx.x == 0 && hits != 0) {
        if constexpr (Exists)
            *result = 1;
        else
            atomicAdd((unsigned long long *)result, (unsigned long long)hits);
    }
}

/* The variant of block_range_kernel for a column: with the paths for RAW and wide vectors
 * (Direct) only where it has such vectors, since compiled in they cost the narrow G-ALP
 * vectors of other columns 3-11 % on an H200 (docs/GPU.md); skipping the vectors that have
 * a verdict (Kept) only in a float column with many constants (skips_constants), which
 * have one when they have few exceptions. Every variant counts every vector right. */
template <typename T, typename Result>
static bool launch_block_range(const galp_gpu_view &col, const galp_gpu_shape &shape, uint64_t lo_bits,
                               uint64_t hi_bits, const galp_gpu_range_plan *plan, Result *result,
                               galp_gpu_stream stream)
{
    if constexpr (value_traits<T>::is_float) {
        if (plan != nullptr && skips_constants(shape, col.vector_count))
            return launch_scan(block_range_kernel<T, Result, false, true>, shape.largest_vector, col.vector_count,
                               stream, col, lo_bits, hi_bits, plan, result);
    }
    return shape.wide_or_raw ? launch_scan(block_range_kernel<T, Result, true, false>, shape.largest_vector,
                                           col.vector_count, stream, col, lo_bits, hi_bits, plan, result)
                             : launch_scan(block_range_kernel<T, Result, false, false>, shape.largest_vector,
                                           col.vector_count, stream, col, lo_bits, hi_bits, plan, result);
}

} /* namespace galp_gpu */

using namespace galp_gpu;

extern "C" galp_status galp_gpu_launch_range(const galp_gpu_view *view, const galp_gpu_shape *shape, uint64_t lo_bits,
                                             uint64_t hi_bits, galp_gpu_range_plan *plan, uint64_t *count,
                                             uint32_t *found, galp_gpu_stream stream)
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
        if constexpr (value_traits<T>::bits >= 32) {
            if (!(found != nullptr ? launch_block_range<T>(col, *shape, lo_bits, hi_bits, plan, found, stream)
                                   : launch_block_range<T>(col, *shape, lo_bits, hi_bits, plan, count, stream)))
                return GALP_ERR_CUDA;
        } else {
            unsigned blocks = resident_blocks(range_kernel<T>, range_threads, 0,
                                              lane_blocks(col, value_traits<T>::lanes, range_threads));
            range_kernel<T><<<blocks, range_threads, 0, stream>>>(col, lo_bits, hi_bits, count, found);
        }
        return launch_status();
    });
}
