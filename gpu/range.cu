/*
 * gpu/range.cu — fused range filters over a compressed column: the count of lo <= x <= hi and
 * "value exists" (include/galp_gpu.h), with predicate pushdown on G-ALP vectors
 * (galp/device/pushdown.cuh): a first kernel plans every vector, the scan then compares packed
 * integers where the plan allows it (and decodes the packed integers outside its safe range).
 * In a float column of narrow vectors (no RAW or wide one) the first kernel writes each
 * vector a 16-byte scan record instead (gpu/scan_record.cuh): its count when the plan and a
 * few exceptions decide it, else what the scan needs to stage it and compare its packed
 * integers, or that it must be counted the general way; the scan then walks its vectors by
 * their records (gpu/record_pipeline.cuh) and never reads an entry or a plan of a vector
 * whose record serves.
 * Where the upload found that a column's partly safe vectors store only safe packed integers
 * (stored_safe_kernel), the first kernel plans them as wholly safe (widen_stored_safe).
 * A column of constant vectors has neither plans nor a scan: with few distinct values the
 * host counts it from its value table (gpu/value_table.c) and one thread stores the result
 * (store_result_kernel); else, with few exceptions, one kernel counts each vector from its
 * entry and exceptions (constant_range_kernel).
 * Integer FFOR vectors are planned in the scan itself: x = p + base, so lo <= x <= hi is a
 * range of p where base + p does not wrap.
 * 32- and 64-bit types are scanned by a resident grid whose warps decode one vector at a
 * time from shared memory (galp/device/vector_pipeline.cuh, galp/device/block_vector.cuh), the plan staged
 * with the vector; 8- and 16-bit types a lane per thread (galp/device/visit.cuh).
 */
#include "galp/device/block_vector.cuh"
#include "dispatch.cuh"
#include "galp/device.cuh"
#include "kernels.h"
#include "record_pipeline.cuh"
#include "reduce.cuh"
#include "scan_launch.cuh"

namespace galp::device::detail {

constexpr unsigned range_threads = 256;

/* The result of a range count (*count) or exists (*found, when count is null) set to 0,
 * before the blocks of the scan add to it. */
__device__ __forceinline__ void reset_result(uint64_t *count, uint32_t *found)
{
    if (count != nullptr)
        *count = 0;
    else
        *found = 0;
}

/* The plan of every vector, one thread per vector (galp/device/pushdown.cuh), with
 * stored_safe (a column whose stored packed integers the upload found safe,
 * galp_gpu_shape.stored_safe) widened to the whole packed range (widen_stored_safe); with
 * records, its scan record too (gpu/scan_record.cuh), which follow the vector_count plans,
 * and the plan only where the record says the scan needs it (a general vector). It also sets
 * the scan's result to 0 (*count, or *found), which a memset did, a third operation on the
 * stream; and lets the scan be launched at once (allow_dependent_launch), which waits for it.
 * Both choices are kernel arguments, the same for the whole launch: stored_safe as a
 * template parameter had been measured only on a column of constants, which
 * constant_range_kernel now counts without a plan (docs/DESIGN.md). */
template <typename T>
__global__ void __launch_bounds__(range_threads)
    plan_kernel(galp_gpu_view col, uint64_t lo_bits, uint64_t hi_bits, galp_gpu_range_plan *plan, uint64_t *count,
                uint32_t *found, bool records, bool stored_safe)
{
    allow_dependent_launch();
    const uint64_t v = (uint64_t)blockIdx.x * range_threads + threadIdx.x;
    if (v == 0)
        reset_result(count, found);
    if (v >= col.vector_count)
        return;
    const T lo = value_of_bits<T>(lo_bits), hi = value_of_bits<T>(hi_bits);
    const vector_entry e = read_vector_entry(col.data, (uint32_t)v);
    galp_gpu_range_plan p = e.scheme == GALP_SCHEME_GALP ? plan_alp_vector<T>(e, alp_plan_params_looked_up<T>(e), lo, hi)
                                                          : decode_all_plan();
    if (stored_safe && e.scheme == GALP_SCHEME_GALP && e.bit_width <= 32u)
        p = widen_stored_safe(p, max_packed(e.bit_width));
    if (records) {
        const uint4 record = scan_record_of<T>(col, (uint32_t)v, e, p, lo, hi);
        if (record_kind(record.w) == record_general)
            plan[v] = p;
        ((uint4 *)(plan + col.vector_count))[v] = record;
    } else {
        plan[v] = p;
    }
}

/* Clears *stored_safe when a G-ALP vector of at most 32 bits whose packed range is only
 * partly safe (safe_range, galp/device/pushdown.cuh) decodes a value, not an exception, from a packed
 * integer outside its safe interval (galp_gpu_shape.stored_safe). A lane per thread, grid-
 * stride, as range_kernel; the other vectors cost their entry alone. Exception slots are left
 * out: whatever they hold, a scan takes back what it counted of them (gpu/kernels.h). */
template <typename T>
__global__ void __launch_bounds__(range_threads) stored_safe_kernel(galp_gpu_view col, int *stored_safe)
{
    constexpr unsigned L = value_traits<T>::lanes;
    bool safe = true;
    const uint64_t lanes = (uint64_t)col.vector_count * L;
    for (uint64_t t = (uint64_t)blockIdx.x * range_threads + threadIdx.x; t < lanes;
         t += (uint64_t)gridDim.x * range_threads) {
        lane_per_thread<T> at(t);
        const vector_entry e = read_vector_entry(col.data, at.vector);
        if (e.scheme != GALP_SCHEME_GALP || e.bit_width > 32u)
            continue;
        const uint64_t max_p = max_packed(e.bit_width);
        const packed_range r = safe_range<T>(true, e.base, max_p, alp_product_limits<T>(e.factor));
        if (r.lo == 0 && r.hi == max_p)
            continue;
        visit_lane_encoded<T>(col, at.vector, at.lane, [&](const lane_decoder<T> &, unsigned, const auto &v) {
            safe = safe && (v.is_exception || r.contains((uint64_t)v.packed));
        });
    }
    if (!safe)
        *stored_safe = 0;
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

/* The same for 64-bit x and y. */
__device__ __forceinline__ unsigned add_carry(unsigned acc, uint64_t x, uint64_t y)
{
    asm("{\n .reg .u64 t;\n add.cc.u64 t, %1, %2;\n addc.u32 %0, %0, 0;\n}\n" : "+r"(acc) : "l"(x), "l"(y));
    return acc;
}

/* Matches among this thread's packed integers of a full wide vector (64-bit words in the
 * groups of block_vector, every one safe): those with p - first <= span, counted as the
 * values less the carries of (p - first) + ~span, as in count_in_span. For all of them
 * 32 minus those carries: no slot to check against m, and a 32-bit count. */
template <typename BV> __device__ __forceinline__ unsigned count_groups_in_span(const BV &vec, uint64_t first, uint64_t span)
{
    unsigned outside = 0;
    vec.for_each_packed_wide([&](uint64_t p) { outside = add_carry(outside, p - first, ~span); });
    return BV::groups * BV::N - outside;
}

/* A thread's count of its 32 packed integers p in [lo, lo + span] (p - lo <= span), for
 * count_in_span and count_rows_in_span: 32 minus those whose p - lo exceeds span, counted as
 * the carries of (p - lo) + ~span (three instructions per value, where a comparison, a
 * select and half an add took three and a half). Exists takes this count too (a positive
 * count is a match): an OR of comparisons for exists alone would be a second instantiation
 * of every range kernel. */
struct span_tally {
    uint32_t lo, span;
    unsigned outside = 0;

    __device__ __forceinline__ span_tally(uint32_t first, uint32_t width) : lo(first), span(width) {}
    __device__ __forceinline__ void add(uint32_t p) { outside = add_carry(outside, p - lo, ~span); }
    /* None: no packed integer matches. */
    __device__ __forceinline__ unsigned matches(bool none) const { return none ? 0u : 32u - outside; }
};

/* Matches among this thread's 32 packed integers of a narrow full vector
 * (block_vector::packed_rows), by comparing them with [lo, lo + span] (span_tally). With
 * CheckSafe, also whether some p lies outside [safe_lo, safe_lo + safe_span] (the caller then
 * counts them again, decoding those). */
template <bool CheckSafe>
__device__ __forceinline__ unsigned count_in_span(const uint32_t (&p)[32], uint32_t lo, uint32_t span, bool none,
                                                  uint32_t safe_lo, uint32_t safe_span, bool &unsafe)
{
    span_tally tally(lo, span);
    bool out = false;
#pragma unroll
    for (unsigned r = 0; r < 32; r++) {
        tally.add(p[r]);
        if constexpr (CheckSafe)
            out |= p[r] - safe_lo > safe_span;
    }
    unsafe = out;
    return tally.matches(none);
}

/* The same for this thread's 32 rows of a full narrow vector (a warp), compared as they lie
 * in the packed words: left-aligned and unmasked (block_vector::for_each_aligned_row), each
 * row is a = p << (32 - b) | g with g < 2^(32 - b), so p - lo <= span exactly when
 * a - (lo << (32 - b)) <= span << (32 - b) | (2^(32 - b) - 1) (no wrap: lo + span < 2^b).
 * One shift per value replaces a shift and a mask. */
template <typename BV>
__device__ __forceinline__ unsigned count_rows_in_span(const BV &vec, uint32_t lo, uint32_t span, bool none)
{
    const unsigned below = 32u - vec.b; /* 64-bit shifts: b = 0 leaves 32 bits below */
    const uint32_t first = (uint32_t)((uint64_t)lo << below);
    span_tally tally(first, (uint32_t)((uint64_t)span << below | ((1ull << below) - 1u)));
    vec.for_each_aligned_row([&](uint32_t a) { tally.add(a); });
    return tally.matches(none);
}

/* The same with the packed integers [plan.lo, plan.hi] of a plan. */
template <bool CheckSafe>
__device__ __forceinline__ unsigned count_packed(const uint32_t (&p)[32], const galp_gpu_range_plan &plan, bool &unsafe)
{
    return count_in_span<CheckSafe>(p, (uint32_t)plan.lo, (uint32_t)(plan.hi - plan.lo), plan.lo > plan.hi,
                                    (uint32_t)plan.safe_lo, (uint32_t)(plan.safe_hi - plan.safe_lo), unsafe);
}

/* Matches among this thread's values of a RAW float vector, compared as stored (IEEE: a NaN
 * never matches): a full float32 vector by block_vector::for_each_stored, otherwise its
 * groups. */
template <typename T, typename BV> __device__ __forceinline__ unsigned count_stored(const BV &vec, T lo, T hi)
{
    unsigned hits = 0;
    if constexpr (sizeof(T) == 4) {
        if (vec.full()) {
            vec.for_each_stored([&](T x, unsigned, unsigned) { hits += x >= lo && x <= hi; });
            return hits;
        }
    }
    vec.for_each_packed([&](unsigned, typename BV::Word p) {
        const T x = value_from_word<T>(p);
        hits += x >= lo && x <= hi;
    });
    return hits;
}

/* The matches of vector v, staged at `stage` (or read where `stage` points in global memory),
 * for lo <= x <= hi; planned: G-ALP vectors have a plan at stage.record (galp/device/pushdown.cuh). With
 * Direct, a RAW float vector is compared as stored (count_stored). Otherwise every slot below
 * m is tested through its packed integer, exception slots included (with Direct, a wide or
 * partial vector whose plan covers all of them with one subtraction and one comparison each,
 * far cheaper for wide vectors than packed_in_range); then thread 0 takes back the c matches
 * of the exception slots, which all hold the vector's fill (gpu/kernels.h), and each
 * exception's thread adds its stored value's match.
 * match() equals decode-then-compare for every packed integer (galp/device/pushdown.cuh), so the
 * threads agree whichever way each counted. The per-thread counts wrap, but the warp's sum is
 * the exact count. */
template <typename T, bool Direct, typename Group>
__device__ __forceinline__ uint64_t count_vector(const galp_gpu_view &col, uint32_t v, const staged_vector &stage,
                                                 bool planned, T lo, T hi)
{
    typedef block_vector<T, Group> bv;
    typedef typename bv::Word Word;
    const unsigned t = Group::rank();
    uint64_t hits = 0;
    bv vec;
    vec.init(col, v, stage);
    galp_gpu_range_plan pl;
    if constexpr (value_traits<T>::is_float) {
        if constexpr (Direct) {
            if (!vec.is_alp) /* RAW (spec/format.md §2): the stored floats, no exceptions */
                return count_stored<T>(vec, lo, hi);
        }
        if (planned && vec.is_alp)
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
                const unsigned h = all_safe ? count_packed<false>(p, pl, unsafe) : count_packed<true>(p, pl, unsafe);
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
         * shared through a helper, or hoisted, it changed the SASS of the plain variant, whose
         * code must stay as it is because its performance floor assumes it):
         * each compared with one subtraction */
        if (pl.lo <= pl.hi) {
            const uint64_t first = pl.lo, span = pl.hi - pl.lo;
            auto each_slot = [&] { vec.for_each_packed([&](unsigned, Word p) { hits += (uint64_t)p - first <= span; }); };
            if constexpr (bv::W == 64) {
                if (vec.full()) /* wide: a full narrow vector took the branch above */
                    hits += count_groups_in_span(vec, first, span);
                else
                    each_slot();
            } else {
                each_slot();
            }
        }
    } else {
        vec.for_each_packed([&](unsigned, Word p) { hits += match(p); });
    }
    if (vec.c != 0 && t == 0) /* every exception slot holds the fill (gpu/kernels.h) */
        hits -= vec.c * (unsigned)match(vec.packed_at(vec.exception_slot(0)));
    for (unsigned j = t; j < vec.c; j += Group::threads) {
        const T x = value_from_word<T>(vec.exception_bits(j));
        hits += x >= lo && x <= hi;
    }
    return hits;
}

/* The block's count added to *count, or (exists: count is null) *found set to 1 when it is
 * positive; blocks of at most Threads threads. One kernel serves both: which one is a
 * branch once per block. */
template <unsigned Threads = scan_threads>
__device__ __forceinline__ void range_result(uint64_t hits, uint64_t *count, uint32_t *found)
{
    hits = block_reduce<Threads / 32>(hits, [](uint64_t a, uint64_t b) { return a + b; });
    if (threadIdx.x == 0 && hits != 0) {
        if (count == nullptr)
            *found = 1;
        else
            atomicAdd((unsigned long long *)count, (unsigned long long)hits);
    }
}

/* Stores a result in a kernel: ordered on the stream as a scan is, and cheaper than a copy
 * from host memory. Either the result that the host counted from a column's value table
 * (gpu/value_table.c), or 0 before constant_range_kernel, which is launched at once
 * (allow_dependent_launch; a kernel not launched as a dependent ignores it) and waits for
 * this one only before it adds. */
__global__ void store_result_kernel(uint64_t *count, uint32_t *found, uint64_t matches)
{
    allow_dependent_launch();
    if (count != nullptr)
        *count = matches;
    else
        *found = matches != 0;
}

/* Columns whose every vector has width 0, with at most verdict_exceptions exceptions
 * (constant and near-constant columns, all_constant): one thread per vector counts it from
 * its entry and exceptions alone. Its m - c other values are all constant_value
 * (galp/device/alp_tables.cuh), so one comparison decides them; each exception's stored value is
 * compared (add_exception_matches, as vector_verdict does). No plan, no record and no scan:
 * the plan kernel and the scan by records, or the staged scan, decide these vectors the same
 * way from their verdicts at a small fraction of the speed (docs/DESIGN.md). */
template <typename T>
__global__ void __launch_bounds__(range_threads)
    constant_range_kernel(galp_gpu_view col, uint64_t lo_bits, uint64_t hi_bits, uint64_t *count, uint32_t *found)
{
    const uint64_t v = (uint64_t)blockIdx.x * range_threads + threadIdx.x;
    uint64_t hits = 0;
    if (v < col.vector_count) {
        const T lo = value_of_bits<T>(lo_bits), hi = value_of_bits<T>(hi_bits);
        const vector_entry e = read_vector_entry(col.data, (uint32_t)v);
        const T x = constant_value<T>(e);
        if (x >= lo && x <= hi)
            hits = vector_value_count(col, (uint32_t)v) - e.exception_count;
        if constexpr (value_traits<T>::is_float) /* FFOR vectors have none (spec/format.md §3.3) */
            hits = add_exception_matches<T>(col, e, lo, hi, hits);
    }
    wait_for_prior_kernel(); /* the result set to 0 */
    range_result<range_threads>(hits, count, found);
}

/* 32- and 64-bit types, a warp per vector staged with its entry and plan
 * (vector_pipeline::run): integer columns, and float columns that have RAW or wide vectors
 * (Direct, count_vector). */
template <typename T, bool Direct>
__global__ void __launch_bounds__(scan_threads, GALP_GPU_SCAN_MIN_BLOCKS)
    block_range_kernel(galp_gpu_view col, uint64_t lo_bits, uint64_t hi_bits, const galp_gpu_range_plan *plan,
                       uint64_t *count, uint32_t *found, unsigned stage_bytes)
{
    typedef warp_group<scan_threads, true> group;
    const T lo = value_of_bits<T>(lo_bits), hi = value_of_bits<T>(hi_bits);
    uint64_t hits = 0;
    wait_for_prior_kernel(); /* the plans, and the result set to 0 */
    vector_pipeline<T, group> pipe(col, stage_memory(), stage_bytes, (const uint4 *)plan);
    pipe.run([&](uint32_t v, const staged_vector &stage) {
        hits += count_vector<T, Direct, group>(col, v, stage, plan != nullptr, lo, hi);
    });
    range_result(hits, count, found);
}

/* The matches of the warp's general vectors (gpu/scan_record.cuh), staged with their entries
 * and plans (vector_pipeline::run_kept, which asks each record's kind) and counted by
 * count_vector. Not inlined, so that record_range_kernel's loop over packed vectors keeps its
 * registers: inlined, this loop made the float64 kernel spill in both loops (60 bytes), and
 * a call once per warp costs next to nothing. */
template <typename T, typename Group>
__device__ __noinline__ uint64_t count_general_vectors(galp_gpu_view col, const galp_gpu_range_plan *plan,
                                                       unsigned stage_bytes, T lo, T hi)
{
    const uint4 *records = (const uint4 *)(plan + col.vector_count);
    uint64_t hits = 0;
    vector_pipeline<T, Group> pipe(col, stage_memory(), stage_bytes, (const uint4 *)plan);
    pipe.run_kept([&](uint32_t v) { return __ldg(&records[v].w); },
                  [&](uint32_t, uint32_t kind_word) { return record_kind(kind_word) == record_general; },
                  [&](uint32_t v, const staged_vector &stage) {
                      hits += count_vector<T, false, Group>(col, v, stage, true, lo, hi);
                  });
    return hits;
}

/* Float columns of narrow vectors, a warp per vector by the vectors' scan records
 * (gpu/scan_record.cuh), which follow the plans: a counted vector adds its count, a packed
 * one is staged alone (gpu/record_pipeline.cuh) and its 1024 packed integers are compared
 * with the record's [lo, lo + span], then corrected for its exceptions as in count_vector
 * (the c exception slots hold the fill; each exception's stored value is compared). A warp
 * that met general vectors then stages those with their entries and plans
 * (vector_pipeline::run_kept, which asks each record's kind) and counts them by count_vector:
 * counted one by one from global memory, the columns whose vectors are only partly safe
 * ran slower than with the staged kernel. */
template <typename T>
__global__ void __launch_bounds__(scan_threads, GALP_GPU_SCAN_MIN_BLOCKS)
    record_range_kernel(galp_gpu_view col, uint64_t lo_bits, uint64_t hi_bits, const galp_gpu_range_plan *plan,
                        uint64_t *count, uint32_t *found, unsigned stage_bytes)
{
    typedef warp_group<scan_threads, true> group;
    typedef block_vector<T, group> bv;
    __shared__ uint4 window_records[group::max_per_block][32];
    const T lo = value_of_bits<T>(lo_bits), hi = value_of_bits<T>(hi_bits);
    const unsigned t = group::rank();
    uint64_t hits = 0;
    wait_for_prior_kernel(); /* the records, and the result set to 0 */
    record_pipeline<T, group> pipe(col, stage_bytes, (const uint4 *)(plan + col.vector_count),
                                   window_records[group::in_block()]);
    pipe.run([&](uint32_t count) { hits += count; },
             [&](const scan_record &r, const uint8_t *payload) {
                 bv vec;
                 vec.init_packed(payload, r.bit_width, r.exceptions);
                 hits += count_rows_in_span(vec, r.lo, r.span, r.none);
                 if (r.exceptions != 0) {
                     if (t == 0 && !r.none) /* the exception slots hold the fill (gpu/kernels.h) */
                         hits -= r.exceptions * (unsigned)((uint32_t)vec.packed_at(vec.exception_slot(0)) - r.lo <= r.span);
                     for (unsigned j = t; j < r.exceptions; j += group::threads) {
                         const T x = value_from_word<T>(vec.exception_bits(j));
                         hits += x >= lo && x <= hi;
                     }
                 }
             });
    if (pipe.general_seen)
        hits += count_general_vectors<T, group>(col, plan, stage_bytes, lo, hi);
    range_result(hits, count, found);
}

/* Whether the range scan of a column goes by scan records: a float column with G-ALP
 * vectors (a plan buffer), none of them RAW or wide, and at most 1/8 of them partly safe:
 * those are general vectors, counted after the others (count_general_vectors), and columns
 * made of them run slower by records than with the staged kernel. */
static bool scans_by_record(const galp_gpu_shape &shape, uint32_t vectors, const galp_gpu_range_plan *plan)
{
    return plan != nullptr && !shape.wide_or_raw &&
           (shape.stored_safe || (uint64_t)shape.partly_safe_vectors * 8u <= vectors);
}

/* The kernel of a column: by records where the plan kernel wrote them (by_record, from
 * scans_by_record); else staged, with the paths for RAW and wide vectors (Direct) only where
 * it has such vectors, since compiled in they slow the narrow vectors of other columns
 * (more registers, docs/DESIGN.md). u32 never takes them: its vectors are all narrow (a RAW
 * u32 vector is 32 bits wide, spec/format.md §4.2) and not float, so Direct would change only
 * how a column's partial last vector is counted. After a plan kernel, a programmatic
 * dependent launch (launch_scan). */
template <typename T>
static bool launch_block_range(const galp_gpu_view &col, const galp_gpu_shape &shape, bool by_record, bool after_plan,
                               uint64_t lo_bits, uint64_t hi_bits, const galp_gpu_range_plan *plan, uint64_t *count,
                               uint32_t *found, galp_gpu_stream stream)
{
    auto launch = [&](auto kernel) {
        return after_plan ? launch_scan<true>(kernel, shape.largest_vector, col.vector_count, stream, col, lo_bits,
                                              hi_bits, plan, count, found)
                          : launch_scan<false>(kernel, shape.largest_vector, col.vector_count, stream, col, lo_bits,
                                               hi_bits, plan, count, found);
    };
    if constexpr (value_traits<T>::is_float) {
        if (by_record)
            return launch(record_range_kernel<T>);
    }
    constexpr bool has_direct_paths = value_traits<T>::is_float || value_traits<T>::bits == 64;
    if constexpr (has_direct_paths) {
        if (shape.wide_or_raw)
            return launch(block_range_kernel<T, true>);
    }
    return launch(block_range_kernel<T, false>);
}

/* Whether every vector of a column is one that constant_range_kernel counts. */
static bool all_constant(const galp_gpu_shape &shape, uint32_t vectors)
{
    return shape.constant_vectors == vectors && shape.constant_exceptions <= verdict_exceptions;
}

/* store_result_kernel storing 0, then constant_range_kernel as its programmatic dependent.
 * Integer types share constant_range_kernel<uint64_t>: every integer type is unsigned, a
 * constant integer vector's value is its base, which has no bit at or above W (validated at
 * upload, spec/format.md §3.3 and §6), and FFOR vectors have no exceptions, so comparing the
 * base with lo and hi zero-extended to 64 bits compares the W-bit values. */
template <typename T>
static bool launch_constant_range(const galp_gpu_view &col, uint64_t lo_bits, uint64_t hi_bits, uint64_t *count,
                                  uint32_t *found, galp_gpu_stream stream)
{
    if constexpr (!value_traits<T>::is_float && value_traits<T>::bits < 64) {
        constexpr uint64_t low_bits = ((uint64_t)1 << value_traits<T>::bits) - 1u;
        return launch_constant_range<uint64_t>(col, lo_bits & low_bits, hi_bits & low_bits, count, found, stream);
    } else {
        store_result_kernel<<<1, 1, 0, stream>>>(count, found, 0);
        auto kernel = constant_range_kernel<T>;
        kernel_facts facts;
        return facts_of(kernel, facts) &&
               launch_maybe_dependent(kernel, facts.dependent_launch,
                                      (col.vector_count + range_threads - 1) / range_threads, range_threads, 0, stream,
                                      col, lo_bits, hi_bits, count, found);
    }
}

/* plan_kernel<T> over the column's vectors. */
template <typename T>
static void launch_plan(const galp_gpu_view &col, bool by_record, bool stored_safe, uint64_t lo_bits,
                        uint64_t hi_bits, galp_gpu_range_plan *plan, uint64_t *count, uint32_t *found,
                        galp_gpu_stream stream)
{
    const unsigned blocks = (col.vector_count + range_threads - 1) / range_threads;
    plan_kernel<T><<<blocks, range_threads, 0, stream>>>(col, lo_bits, hi_bits, plan, count, found, by_record,
                                                         stored_safe);
}

} /* namespace galp::device::detail */

using namespace galp::device::detail;

extern "C" galp_status galp_gpu_launch_range(const galp_gpu_view *view, const galp_gpu_shape *shape, uint64_t lo_bits,
                                             uint64_t hi_bits, galp_gpu_range_plan *plan, uint64_t *count,
                                             uint32_t *found, galp_gpu_stream stream)
{
    const galp_gpu_view col = *view;
    return dispatch_type(col.type, [&](auto zero) {
        typedef decltype(zero) T;
        if (col.vector_count != 0 && all_constant(*shape, col.vector_count)) {
            return launched_status(launch_constant_range<T>(col, lo_bits, hi_bits, count, found, stream));
        }
        /* G-ALP float columns are planned first, by a kernel that also sets the result to 0 */
        const bool planned = value_traits<T>::is_float && plan != nullptr && col.vector_count != 0;
        if (!planned) {
            const galp_status st = galp_gpu_status_from_cuda(
                cudaMemsetAsync(count ? (void *)count : (void *)found, 0, count ? sizeof *count : sizeof *found, stream));
            if (st != GALP_OK)
                return st;
        }
        if (col.vector_count == 0)
            return launch_status();
        /* decided once: the scan by records reads what the plan kernel wrote for it */
        const bool by_record = scans_by_record(*shape, col.vector_count, plan);
        if constexpr (value_traits<T>::is_float) {
            if (planned)
                launch_plan<T>(col, by_record, shape->stored_safe != 0, lo_bits, hi_bits, plan, count, found, stream);
        }
        if constexpr (value_traits<T>::bits >= 32) {
            if (!launch_block_range<T>(col, *shape, by_record, planned, lo_bits, hi_bits, plan, count, found, stream))
                return galp_gpu_cuda_failure();
        } else {
            unsigned blocks = resident_blocks(range_kernel<T>, range_threads, 0,
                                              lane_blocks(col, value_traits<T>::lanes, range_threads));
            range_kernel<T><<<blocks, range_threads, 0, stream>>>(col, lo_bits, hi_bits, count, found);
        }
        return launch_status();
    });
}

extern "C" galp_status galp_gpu_launch_store_result(uint64_t *count, uint32_t *found, uint64_t matches,
                                                    galp_gpu_stream stream)
{
    store_result_kernel<<<1, 1, 0, stream>>>(count, found, matches);
    return launch_status();
}

extern "C" galp_status galp_gpu_check_stored_safe(const galp_gpu_view *view, int *stored_safe)
{
    const galp_gpu_view col = *view;
    *stored_safe = 0;
    return dispatch_type(col.type, [&](auto zero) {
        typedef decltype(zero) T;
        if constexpr (value_traits<T>::is_float) {
            int *flag = nullptr;
            const int yes = 1;
            const unsigned blocks = resident_blocks(stored_safe_kernel<T>, range_threads, 0,
                                                    lane_blocks(col, value_traits<T>::lanes, range_threads));
            galp_status st = galp_gpu_status_from_cuda(cudaMalloc((void **)&flag, sizeof *flag));
            if (st == GALP_OK)
                st = galp_gpu_status_from_cuda(cudaMemcpy(flag, &yes, sizeof yes, cudaMemcpyHostToDevice));
            if (st == GALP_OK && col.vector_count != 0) {
                stored_safe_kernel<T><<<blocks, range_threads>>>(col, flag);
                st = launch_status();
            }
            if (st == GALP_OK)
                st = galp_gpu_status_from_cuda(cudaMemcpy(stored_safe, flag, sizeof *flag, cudaMemcpyDeviceToHost));
            cudaFree(flag);
            return st;
        } else {
            return GALP_OK; /* no G-ALP vector */
        }
    });
}
