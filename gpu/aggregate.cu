/*
 * gpu/aggregate.cu — fused aggregate over a compressed column: count, NaN count, sum, min and
 * max (include/galp_gpu.h), never materialising the column.
 *
 * 32- and 64-bit types: a resident grid whose warps each decode one vector at a time from
 * shared memory (gpu/vector_pipeline.cuh, gpu/block_vector.cuh). In a full vector whose
 * packed integers fit in 32 bits, each thread unpacks its 32 rows of one lane
 * (block_vector::packed_rows) and keeps their smallest and largest packed integer; when both
 * lie in the vector's safe range (gpu/pushdown.cuh: there the value is a monotone function of
 * p, which holds for every vector an encoder writes) it decodes only those two, and sums
 * integers: an integer vector's sum is Σp + n·base, and a float64 G-ALP vector's is
 * FRAC · (FACT · (Σp + n·base)), formed exactly in 128 bits and rounded once per thread and
 * vector, which is within a few units of rounding of Σ|x| of the sum of the decoded values.
 * float32 values are decoded and summed one by one, because a float32 value differs from its
 * decimal by up to 2^-24 of itself. A thread whose extremes fall outside the safe range
 * decodes and adds its values one by one, as do RAW vectors; partial and wider vectors are
 * decoded in block_vector's groups. The exception slots are marked in a mask of each
 * thread's rows and left out; each exception is then added by one thread.
 * 8- and 16-bit types: threads visiting lanes (LANE_PER_THREAD, gpu/mapping.cuh;
 * gpu/visit.cuh) in a grid-stride loop.
 *
 * Partial results are combined per block, then with one set of atomics per block. Float
 * min/max use an order-preserving integer key of the bit pattern (so -0 < +0 and the result
 * is exact and order-independent); NaNs are counted and left out.
 */
#include "block_vector.cuh"
#include "dispatch.cuh"
#include "galp_device.cuh"
#include "kernels.h"
#include "reduce.cuh"
#include "scan_launch.cuh"

namespace galp_gpu {

constexpr unsigned aggregate_threads = 256;

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
        add_extremes(x, x);
    }

    /* Values known to lie between lo and hi, both among them and neither NaN. */
    __device__ __forceinline__ void add_extremes(T lo, T hi)
    {
        kmin = min(kmin, order_key(lo));
        kmax = max(kmax, order_key(hi));
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
 * the sum of those n values' k = (p + base)·FACT, exact in 128 bits, rounded to double
 * (high and low halves, two roundings) and multiplied by FRAC once. */
__device__ __forceinline__ double alp_sum(uint64_t sum, unsigned n, uint64_t base, uint64_t fact, double frac)
{
    const __int128 k = ((__int128)sum + (__int128)n * (__int128)(int64_t)base) * (__int128)fact;
    const double high = __ll2double_rn((long long)(k >> 64)), low = __ull2double_rn((unsigned long long)k);
    return __dmul_rn(__dadd_rn(__dmul_rn(high, 0x1p64), low), frac);
}

/* A narrow full vector (see the top of the file): this thread's 32 packed integers p
 * (block_vector::packed_rows), the rows marked in `skip` left out when Masked. Returns false,
 * having added nothing, when some packed integer lies outside the vector's safe range. */
template <bool Masked, typename T, typename BV>
__device__ __forceinline__ bool aggregate_packed(const BV &vec, const packed_range &safe, const uint32_t (&p)[32],
                                                 uint32_t skip, aggregate_partial<T> &acc)
{
    constexpr bool per_value_sum = value_traits<T>::is_float && value_traits<T>::bits == 32;
    uint64_t sum = 0;
    double fsum[2] = {0.0, 0.0}; /* two chains of dependent adds, not one */
    uint32_t lo = ~0u, hi = 0;
#pragma unroll
    for (unsigned r = 0; r < 32; r++) {
        const bool out = Masked && (skip >> r & 1u);
        lo = min(lo, out ? ~0u : p[r]);
        hi = max(hi, out ? 0u : p[r]);
        if constexpr (per_value_sum)
            fsum[r % 2] += out ? 0.0 : (double)vec.decode(p[r]);
        else
            sum += out ? 0u : p[r];
    }
    const unsigned n = 32u - (Masked ? __popc(skip) : 0u);
    if (n == 0)
        return true;
    if (lo < safe.lo || hi > safe.hi)
        return false;
    acc.count += n;
    acc.add_extremes(vec.decode(lo), vec.decode(hi));
    if constexpr (!value_traits<T>::is_float)
        acc.isum += sum + (uint64_t)n * (uint64_t)vec.base;
    else if constexpr (per_value_sum)
        acc.fsum += fsum[0] + fsum[1];
    else
        acc.fsum += alp_sum(sum, n, (uint64_t)vec.base, (uint64_t)vec.fact, vec.frac);
    return true;
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

/* 32- and 64-bit types, a warp per vector. Each thread has a mask of the exception rows among
 * its 32 rows (block_vector::packed_rows); the masks alternate between two copies from vector
 * to vector, so that a thread clears its word of one copy while the other is in use, with no
 * barrier of its own. */
template <typename T>
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
    vector_pipeline<T, group> pipe(col, stage_bytes, nullptr);
    pipe.run([&](uint32_t v, const uint8_t *stage) {
        bv vec;
        vec.init(col, v, stage);
        uint32_t *marks = masks[parity];
        masks[parity ^ 1u][t] = 0; /* for the next vector */
        parity ^= 1u;
        if (vec.c != 0) {
            for (unsigned j = t; j < vec.c; j += group::threads) {
                const unsigned s = vec.exception_slot(j);
                atomicOr(&marks[bv::row_owner(s)], 1u << bv::row_bit(s));
            }
            __syncwarp();
        }
        if (vec.full() && vec.narrow()) {
            const packed_range safe = vec.safe();
            const uint32_t skip = vec.c != 0 ? marks[t] : 0u;
            bool packed = false;
            if (safe.lo <= safe.hi) {
                uint32_t p[32];
                vec.packed_rows(p);
                packed = vec.c != 0 ? aggregate_packed<true>(vec, safe, p, skip, acc)
                                    : aggregate_packed<false>(vec, safe, p, skip, acc);
            }
            if (!packed)
                aggregate_rows_decoded(vec, skip, acc);
        } else {
            aggregate_decoded(vec, marks, acc);
        }
        for (unsigned j = t; j < vec.c; j += group::threads)
            acc.add(value_from_word<T>(vec.exception_bits(j)));
    });
    acc.template flush<scan_threads>(r);
}

} /* namespace galp_gpu */

using namespace galp_gpu;

extern "C" galp_status galp_gpu_launch_aggregate(const galp_gpu_view *view, uint32_t largest_vector,
                                                 galp_gpu_aggregate *result, galp_gpu_stream stream)
{
    const galp_gpu_view col = *view;
    return dispatch_type(col.type, [&](auto zero) {
        typedef decltype(zero) T;
        aggregate_init<<<1, 1, 0, stream>>>(result);
        if (col.vector_count != 0) {
            if constexpr (value_traits<T>::bits >= 32) {
                const scan_launch l = plan_scan_launch(block_aggregate_kernel<T>, largest_vector, col.vector_count);
                if (l.blocks == 0)
                    return GALP_ERR_CUDA;
                block_aggregate_kernel<T><<<l.blocks, l.threads, l.memory, stream>>>(col, result, l.stage);
            } else {
                unsigned blocks = resident_blocks(aggregate_kernel<T>, aggregate_threads, 0,
                                                  lane_blocks(col, value_traits<T>::lanes, aggregate_threads));
                aggregate_kernel<T><<<blocks, aggregate_threads, 0, stream>>>(col, result);
            }
        }
        aggregate_finish<T><<<1, 1, 0, stream>>>(result);
        return launch_status();
    });
}

