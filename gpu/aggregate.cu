/*
 * gpu/aggregate.cu — fused aggregate over a compressed column: count, NaN count, sum, min and
 * max (include/galp_gpu.h), never materialising the column.
 *
 * 32- and 64-bit types: a resident grid whose warps each decode one vector at a time from
 * shared memory (galp/device/vector_pipeline.cuh, galp/device/block_vector.cuh). In a full vector whose
 * packed integers fit in 32 bits, each thread unpacks its 32 rows of one lane
 * (block_vector::packed_rows) and keeps their smallest and largest packed integer; when both
 * lie in the vector's safe range (galp/device/pushdown.cuh: there the value is a monotone function of
 * p, which holds for every vector an encoder writes) it decodes only those two, and sums
 * integers: an integer vector's sum is Σp + n·base, and a float64 G-ALP vector's is
 * FRAC · (FACT · (Σp + n·base)), formed exactly (in 64 bits when the products are small,
 * else in 128; add_packed) and rounded once per thread and vector, which is within a few units
 * of rounding of Σ|x| of the sum of the decoded values. float32 values are decoded and summed
 * one by one, because a float32 value differs from its decimal by up to 2^-24 of itself. Full
 * vectors of 64-bit types wider than 32 bits are summed alike in block_vector's groups. Full
 * RAW float vectors are summed as stored, their extremes taken by fmin and fmax
 * (aggregate_stored), in the variant of the kernel for columns that have such vectors
 * (Direct). Where some packed integer of a vector falls outside its safe range the warp decodes and adds the
 * vector's values one by one, as it does partial vectors (groups) and RAW vectors in the
 * other variants. A column with a value table (every vector a constant, few distinct values,
 * gpu/value_table.c) is aggregated on the host from it, and store_aggregate_kernel stores the
 * result.
 *
 * Exceptions. Each is added by one thread, from its stored value, and its slot is left out of
 * the rest. In the packed sums every exception slot holds `fill`, the packed integer of the
 * vector's lowest-index non-exception value, which the device image guarantees
 * (gpu/kernels.h, gpu/image.c): the extremes over all rows are then those of the
 * non-exception values, with no selection per row, and each fill is taken back from the sum
 * (exactly from a float64 vector's integer sum; from a float32 vector's sum of decoded
 * values, in one subtraction). Before the image did, the warp looked for a fill and wrote it
 * into every exception slot that held something else. Selecting rows by a mask instead costs
 * several instructions a value and made the f64 sums of columns with exceptions much slower
 * than those of columns without.
 * The decoding paths (partial vectors, and vectors with a packed integer outside the safe
 * range) do select: the exception slots are marked in a mask of each thread's rows.
 *
 * 8- and 16-bit types: threads visiting lanes (LANE_PER_THREAD, galp/device/mapping.cuh;
 * galp/device/visit.cuh) in a grid-stride loop.
 *
 * Partial results are combined per block, then with one set of atomics per block. Float
 * min/max use an order-preserving integer key of the bit pattern (so -0 < +0 and the result
 * is exact and order-independent); NaNs are counted and left out.
 */
#include "galp/device/block_vector.cuh"
#include "aggregate_partial.cuh"
#include "dispatch.cuh"
#include "galp/device.cuh"
#include "kernels.h"
#include "reduce.cuh"
#include "scan_launch.cuh"

namespace galp::device::detail {

constexpr unsigned aggregate_threads = 256;

__global__ void aggregate_finish(galp_gpu_aggregate *r, unsigned bits, bool is_float)
{
    finish_aggregate(r, bits, is_float);
}

/* 8- and 16-bit types: a grid-stride loop over lanes (LANE_PER_THREAD) with a grid the
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

/* FRAC · (FACT · (sum + n·base)) for a float64 G-ALP vector whose products do not wrap:
 * the sum of n values' k = (p + base)·FACT, exact in 128 bits (sum is Σp over those values,
 * with filled slots taken back, so at most 2^70 in magnitude), rounded to double (high and
 * low halves, two roundings) and multiplied by FRAC once. */
__device__ __forceinline__ double alp_sum(__int128 sum, unsigned n, uint64_t base, uint64_t fact, double frac)
{
    const __int128 k = (sum + (__int128)n * (__int128)(int64_t)base) * (__int128)fact;
    const double high = __ll2double_rn((long long)(k >> 64)), low = __ull2double_rn((unsigned long long)k);
    return __dmul_rn(__dadd_rn(__dmul_rn(high, 0x1p64), low), frac);
}

/* Whether a product k = (p + base)·FACT (a signed 64-bit integer) lies in (-2^57, 2^57): the
 * sum of 64 such products, up to 32 rows added and 32 fills taken back, then fits in 64 bits. */
__device__ __forceinline__ bool small_product(uint64_t k)
{
    return k + ((uint64_t)1 << 57) < ((uint64_t)1 << 58);
}

/* Adds this thread's 32 rows of a full vector, all with packed integers in the vector's safe
 * range, lo and hi the smallest and largest of them and `sum` their Σp (a type that cannot
 * wrap), less the `handled` fills it takes back for the exceptions it adds (filled slots, see
 * aggregate_packed). Integers add Σp + n·base mod 2^64. A float64 vector adds FRAC · K with
 * K = Σk = FACT·(Σp - handled·fill) + n·base·FACT: formed mod 2^64 in a few multiply-adds
 * when the extremes' and the fill's products are small enough for K to fit in 64 bits (nearly
 * always: FACT and the values of real columns are far from 2^57), otherwise exactly in 128
 * bits (alp_sum); the 128-bit path cost the sums about 40 instructions per vector. */
template <typename T, typename BV, typename Sum>
__device__ __forceinline__ void add_packed(const BV &vec, typename BV::Word lo, typename BV::Word hi, Sum sum,
                                           unsigned handled, typename BV::Word fill, aggregate_partial<T> &acc)
{
    const unsigned n = 32u - handled;
    acc.count += n;
    if constexpr (!value_traits<T>::is_float) {
        acc.add_extremes(vec.decode(lo), vec.decode(hi));
        acc.isum += (uint64_t)sum - (uint64_t)handled * (uint64_t)fill + (uint64_t)n * (uint64_t)vec.base;
    } else {
        const uint64_t k_lo = vec.product(lo), k_hi = vec.product(hi);
        acc.add_extremes(alp_from_product<T>(k_lo, vec.frac), alp_from_product<T>(k_hi, vec.frac));
        if (small_product(k_lo) && small_product(k_hi) && (handled == 0 || small_product(vec.product(fill)))) {
            const uint64_t k = ((uint64_t)sum - (uint64_t)handled * (uint64_t)fill) * (uint64_t)vec.fact +
                               (uint64_t)n * (uint64_t)vec.base_fact;
            acc.fsum += alp_from_product<T>(k, vec.frac);
        } else {
            acc.fsum += alp_sum((__int128)sum - (__int128)handled * (__int128)fill, n, (uint64_t)vec.base,
                                (uint64_t)vec.fact, vec.frac);
        }
    }
}

/* Whether a type's vectors decode and add each value (float32, see the top of the file). */
template <typename T> __host__ __device__ constexpr bool sums_per_value()
{
    return value_traits<T>::is_float && value_traits<T>::bits == 32;
}

/* A narrow full vector (see the top of the file): this thread's 32 packed integers p
 * (block_vector::packed_rows). With Exceptions, every exception slot holds `fill`, the
 * packed integer of a non-exception value (gpu/kernels.h): those slots leave the vector's
 * extremes as they are, so min and max take every row with no selection per row, and the
 * sum takes fill back once for each of the `handled` exceptions this thread took (j ≡ t mod
 * 32, whichever thread's rows hold them: the threads' sums add up the same, but then the
 * warp must take the vector together). Float32 rows are decoded and added one by one, and
 * the fills' values taken back in one subtraction; marking the exception rows and masking
 * each row instead costs several instructions a row, which made the float32 sums of columns
 * with exceptions slower. Returns false, having added nothing, when a packed integer of the
 * thread (or of the warp, when it takes the vector together) lies outside the vector's safe
 * range. */
template <bool Exceptions, typename T, typename BV>
__device__ __forceinline__ bool aggregate_packed(const BV &vec, const packed_range &safe, const uint32_t (&p)[32],
                                                 unsigned handled, uint32_t fill, aggregate_partial<T> &acc)
{
    uint64_t sum = 0;
    double fsum[2] = {0.0, 0.0}; /* two chains of dependent adds, not one */
    uint32_t lo = ~0u, hi = 0;
#pragma unroll
    for (unsigned r = 0; r < 32; r++) {
        lo = min(lo, p[r]);
        hi = max(hi, p[r]);
        if constexpr (sums_per_value<T>()) /* as G-ALP: a RAW vector has no safe range */
            fsum[r % 2] += (double)alp_from_product<T>(vec.product(p[r]), vec.frac);
        else
            sum += p[r];
    }
    if constexpr (Exceptions) {
        if (!__all_sync(~0u, lo >= safe.lo && hi <= safe.hi))
            return false;
    } else if (lo < safe.lo || hi > safe.hi) {
        return false;
    }
    if constexpr (sums_per_value<T>()) {
        acc.count += 32u - handled;
        acc.add_extremes(vec.decode(lo), vec.decode(hi));
        /* handled <= 32 copies of a float: exact in double, one rounding taken back */
        acc.fsum += (fsum[0] + fsum[1]) - (double)handled * (double)vec.decode(fill);
    } else {
        add_packed(vec, lo, hi, sum, handled, fill, acc);
    }
    return true;
}

/* A wide full vector (b > 32: float64 G-ALP, or a 64-bit integer type) in the groups of
 * block_vector, filled and taken back as in aggregate_packed. Σp is kept as two sums of
 * 32-bit halves, which cannot wrap. Returns false, having added nothing, unless every packed
 * integer of the vector lies in its safe range (the warp decides together).
 *
 * The kernels that meet wide vectors (integer types; float columns whose shape has them,
 * Direct) take the packed integers as 32-bit halves (packed_wide: no slot checked against m,
 * no 64-bit shift by a variable amount), which makes the wide float64 and u64 sums faster.
 * The loop is unrolled fully for float64 and by 8 groups for integers: with the
 * other choice the kernel spilled the next vector's entry right after loading it
 * (vector_pipeline::peek), so that each warp waited for that load once per vector, and the
 * sums were slower. The float variants that never meet a wide vector keep for_each_packed:
 * the path must be compiled into them (galp_gpu_launch_aggregate), and with packed_wide the
 * plain float64 kernel spilled more and its narrow sums were slower (docs/DESIGN.md). */
template <bool Direct, typename T, typename BV>
__device__ __forceinline__ bool aggregate_wide(const BV &vec, const packed_range &safe, unsigned handled,
                                               uint64_t fill, aggregate_partial<T> &acc)
{
    uint64_t lo = ~(uint64_t)0, hi = 0, low_halves = 0, high_halves = 0;
    auto add = [&](uint64_t p) {
        lo = min(lo, p);
        hi = max(hi, p);
        low_halves += (uint32_t)p;
        high_halves += p >> 32;
    };
    if constexpr (Direct || !value_traits<T>::is_float)
        vec.template for_each_packed_wide<value_traits<T>::is_float ? BV::groups : 8u>(add);
    else
        vec.for_each_packed([&](unsigned, uint64_t p) { add(p); });
    if (!__all_sync(~0u, lo >= safe.lo && hi <= safe.hi))
        return false;
    add_packed(vec, (typename BV::Word)lo, (typename BV::Word)hi, ((__int128)high_halves << 32) + (__int128)low_halves,
               handled, (typename BV::Word)fill, acc);
    return true;
}

/* How many exceptions thread t of the warp takes: j = t, t + 32, ... below c. */
__device__ __forceinline__ unsigned exceptions_taken(unsigned c, unsigned t)
{
    return t < c ? (c - t - 1u) / 32u + 1u : 0u;
}

/* This thread's 32 packed integers of a narrow full vector, each decoded and added (unpacked
 * again rather than kept in registers through aggregate_packed, which would spill them). */
template <typename T, typename BV>
__device__ __forceinline__ void aggregate_rows_decoded(const BV &vec, uint32_t skip, aggregate_partial<T> &acc)
{
    uint32_t p[32];
    vec.packed_rows(p);
#pragma unroll
    for (unsigned r = 0; r < 32; r++)
        if (!(skip >> r & 1u))
            acc.add(vec.decode(p[r]));
}

/* A full RAW float vector: each thread sums its values (block_vector::for_each_stored, two
 * chains) and takes their extremes with fmin and fmax, where adding them one by one (an order
 * key and a NaN test each) held the sums of incompressible columns near half their read
 * limit. That is the thread's exact
 * aggregate unless its sum is NaN (a NaN among its values, or infinities of both signs): that
 * thread then adds its values one by one. An extreme that is a zero may have the wrong sign
 * (fmin and fmax need not order -0 below +0): the thread then also takes the order keys of
 * its zeros, which puts -0 below +0. */
template <typename T, typename BV> __device__ __forceinline__ void aggregate_stored(const BV &vec, aggregate_partial<T> &acc)
{
    double sum[2] = {0.0, 0.0};
    T lo = (T)INFINITY, hi = (T)-INFINITY;
    vec.for_each_stored([&](T x, unsigned chain, unsigned) {
        sum[chain] += (double)x;
        lo = fmin(lo, x); /* the float overloads for float32 */
        hi = fmax(hi, x);
    });
    const double s = sum[0] + sum[1];
    if (s != s) {
        asm volatile("" ::: "memory"); /* loaded again, not kept in registers: they spilled */
        vec.for_each_stored([&](T x, unsigned, unsigned) { acc.add(x); });
        return;
    }
    acc.count += 32u;
    acc.fsum += s;
    acc.add_extremes(lo, hi);
    if (lo == (T)0 || hi == (T)0) {
        asm volatile("" ::: "memory"); /* as above */
        vec.for_each_stored([&](T x, unsigned, unsigned) {
            if (x == (T)0)
                acc.add_extremes(x, x);
        });
    }
}

/* Any vector, in the groups of block_vector: every slot below m decoded and added, those
 * marked in the row masks left out. */
template <typename T, typename BV>
__device__ __forceinline__ void aggregate_decoded(const BV &vec, const uint32_t *row_masks, aggregate_partial<T> &acc)
{
    vec.for_each_packed([&](unsigned s, typename BV::Word p) {
        if (!(vec.c != 0 && (row_masks[BV::row_owner(s)] >> BV::row_bit(s) & 1u)))
            acc.add(vec.decode(p));
    });
}

/* 32- and 64-bit types, a warp per vector. With Direct (float types), a full RAW vector is
 * summed as stored (aggregate_stored); without, it is decoded and added one by one, which is
 * right too but slower. Each thread has a mask of the exception rows among its 32 rows
 * (block_vector::packed_rows), built where a path needs it; the masks alternate between two
 * copies from vector to vector, so that a thread clears its word of one copy while the other
 * is in use, with no barrier of its own. Constant vectors are staged and added like any
 * other: the columns whose sums their entries once sped up are columns of constants, which
 * the host aggregates from their value tables (docs/DESIGN.md). */
template <typename T, bool Direct>
__global__ void __launch_bounds__(scan_threads, GALP_GPU_SCAN_MIN_BLOCKS)
    block_aggregate_kernel(galp_gpu_view col, galp_gpu_aggregate *r, unsigned stage_bytes)
{
    typedef warp_group<scan_threads, false> group;
    typedef block_vector<T, group> bv;
    __shared__ uint32_t row_masks[group::max_per_block][2][32];
    const unsigned t = group::rank();
    uint32_t(*masks)[32] = row_masks[group::in_block()];
    masks[0][t] = 0; /* ordered before use by the pipeline's barrier */
    aggregate_partial<T> acc;
    unsigned parity = 0;
    vector_pipeline<T, group> pipe(col, stage_memory(), stage_bytes, nullptr);
    auto aggregate_vector = [&](uint32_t v, const staged_vector &stage) {
        bv vec;
        vec.init(col, v, stage);
        uint32_t *marks = masks[parity];
        masks[parity ^ 1u][t] = 0; /* for the next vector */
        parity ^= 1u;
        /* A float vector that is not G-ALP is RAW (spec/format.md §2), without exceptions. */
        if constexpr (Direct && value_traits<T>::is_float) {
            if (vec.full() && !vec.is_alp) {
                aggregate_stored(vec, acc);
                return;
            }
        }
        /* Packed sums: a full vector with a safe range, and for its exceptions a value of the
         * vector in their slots, the fill (gpu/kernels.h), which needs one slot that is not an
         * exception. */
        const packed_range safe = vec.full() ? vec.safe() : packed_range{1, 0};
        const bool packed_sums = safe.lo <= safe.hi && vec.c < vec.m;
        /* read where it is used: read before the branches, it made the kernel spill more
         * and the f64 sums of vectors without exceptions slower */
        auto fill = [&] { return vec.packed_at(vec.exception_slot(0)); };
        bool added = false;
        if (vec.full() && vec.narrow()) {
            if (packed_sums) {
                uint32_t p[32];
                vec.packed_rows(p);
                added = vec.c != 0 ? aggregate_packed<true>(vec, safe, p, exceptions_taken(vec.c, t), (uint32_t)fill(), acc)
                                   : aggregate_packed<false>(vec, safe, p, 0u, 0u, acc);
            }
        } else if constexpr (value_traits<T>::bits == 64) { /* 32-bit types have no wide vectors */
            added = packed_sums &&
                    aggregate_wide<Direct>(vec, safe, exceptions_taken(vec.c, t), vec.c != 0 ? (uint64_t)fill() : 0u, acc);
        }
        if (!added) {
            if (vec.c != 0)
                vec.mark_exceptions(marks);
            if (vec.full() && vec.narrow())
                aggregate_rows_decoded(vec, marks[t], acc);
            else
                aggregate_decoded(vec, marks, acc);
        }
        for (unsigned j = t; j < vec.c; j += group::threads)
            acc.add(value_from_word<T>(vec.exception_bits(j)));
    };
    pipe.run(aggregate_vector);
    acc.template flush<scan_threads>(r);
}

/* Stores an aggregate in a kernel, ordered on the stream as the scans are: the one that the
 * host computed from a column's value table (gpu/value_table.c), or aggregate_start before
 * a scan. A scan launched as its programmatic dependent (gpu/fastlanes.cu) starts at once
 * and waits for it before it adds; one launched otherwise ignores the early launch. */
__global__ void store_aggregate_kernel(galp_gpu_aggregate *result, galp_gpu_aggregate value)
{
    allow_dependent_launch();
    *result = value;
}

} /* namespace galp::device::detail */

using namespace galp::device::detail;

extern "C" galp_status galp_gpu_launch_store_aggregate(galp_gpu_aggregate *result, const galp_gpu_aggregate *value,
                                                       galp_gpu_stream stream)
{
    store_aggregate_kernel<<<1, 1, 0, stream>>>(result, *value);
    return launch_status();
}

/* The variant of block_aggregate_kernel for a float column, as for the range scans
 * (gpu/range.cu): with the RAW path only where the column has RAW vectors (or wide ones:
 * the shape does not tell them apart), since compiled in, it slows the other float64 sums
 * (docs/DESIGN.md). The wide path is in both variants: left out, the plain float64 kernel
 * spilled more and its narrow sums were slower. */
extern "C" galp_status galp_gpu_launch_aggregate(const galp_gpu_view *view, const galp_gpu_shape *shape,
                                                 galp_gpu_aggregate *result, galp_gpu_stream stream)
{
    const galp_gpu_view col = *view;
    return dispatch_type(col.type, [&](auto zero) {
        typedef decltype(zero) T;
        store_aggregate_kernel<<<1, 1, 0, stream>>>(result, aggregate_start());
        if (col.vector_count != 0) {
            if constexpr (value_traits<T>::bits >= 32) {
                constexpr bool is_float = value_traits<T>::is_float;
                const bool launched =
                    is_float && shape->wide_or_raw
                        ? launch_scan(block_aggregate_kernel<T, is_float>, shape->largest_vector, col.vector_count,
                                      stream, col, result)
                        : launch_scan(block_aggregate_kernel<T, false>, shape->largest_vector, col.vector_count,
                                      stream, col, result);
                if (!launched)
                    return galp_gpu_cuda_failure();
            } else {
                unsigned blocks = resident_blocks(aggregate_kernel<T>, aggregate_threads, 0,
                                                  lane_blocks(col, value_traits<T>::lanes, aggregate_threads));
                aggregate_kernel<T><<<blocks, aggregate_threads, 0, stream>>>(col, result);
            }
        }
        aggregate_finish<<<1, 1, 0, stream>>>(result, value_traits<T>::bits, value_traits<T>::is_float);
        return launch_status();
    });
}
