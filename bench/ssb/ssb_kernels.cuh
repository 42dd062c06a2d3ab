/*
 * ssb_kernels.cuh — the SSB queries as fused kernels (the tile-based model of Shanbhag et al.,
 * after Crystal): one thread block of 128 threads per vector of 1024 lineorder rows, 8 rows per
 * thread in registers (row 128·i + t in item i of thread t, the tile loader's mapping,
 * spec/tile.md §1). The block loads the columns a plan needs one after the other, filters,
 * probes the dimension tables and sums the measure per group, and stops as soon as no row of
 * its vector passes.
 *
 * Columns come through a loader: raw_loader reads u32 arrays (rows that no longer pass are not
 * read), tile_loader decodes the vector of a GPU-FOR/DFOR/RFOR galp file (validated by
 * galp_open) into registers with galp/device/tile.cuh, with no decompression pass (the block
 * copies the payloads of all the columns it reads into shared memory at its start, so that
 * it waits for memory once, not once per column), and
 * fastlanes_loader does the same for galp's FFOR columns of FFOR, DELTA, RLE, DICT and RAW
 * vectors with galp/device/fastlanes_tile.cuh. The row functions are those of the CPU
 * executor (ssb_plan.h).
 */
#ifndef GALP_BENCH_SSB_KERNELS_CUH
#define GALP_BENCH_SSB_KERNELS_CUH

#include <stdint.h>

#include "galp/device/fastlanes_tile.cuh"
#include "galp/device/tile.cuh"
#include "ssb_plan.h"
#include "tile_decompress.cuh"

namespace ssb {

using galp::device::tile_items;
using galp::device::tile_threads;
constexpr unsigned items = tile_items;

/* A plan as the fact kernel takes it: columns by ssb_fact_column, the order in which the
 * kernel loads them, the dimension tables (on the device) in probe order, and the result
 * arrays. */
struct query {
    const uint8_t *column[SSB_FACT_COLUMNS]; /* loader's format; NULL when not read */
    uint64_t rows;
    /* load k reads column[load[k]]: the fact filters' columns, the probes' keys, measure_a,
     * then measure_b unless it is measure_a or kept from the first filter; distinct columns */
    int loads;
    ssb_fact_column load[SSB_FACT_COLUMNS];
    /* tile_loader: load k's payload is staged at word stage_word[k] of the kernel's dynamic
     * shared memory, which has room for the largest payload of every loaded column and its
     * spare words (galp::device::tile_spare_words) */
    uint32_t stage_word[SSB_FACT_COLUMNS];
    int fact_filters;
    ssb_ranges fact_filter[SSB_MAX_FACT_FILTERS];
    int probes;
    ssb_table table[SSB_DIMENSIONS];
    ssb_measure measure;
    ssb_fact_column measure_a, measure_b;
    uint32_t groups;
    unsigned long long *sums; /* two's complement of the signed sums */
    unsigned int *counts;
};

/* A thread's selected items: bit i for item i (one register, not one per item). */
typedef uint32_t selection;

__device__ __forceinline__ bool selected(selection sel, unsigned i)
{
    return (sel >> i & 1u) != 0;
}

/* A loader, every function called by every thread of the block: stage(q, first, sm, staged)
 * at the block's start may start reading the vectors of all q.loads loads ahead (staged: the
 * kernel's dynamic shared memory); load(q, k, first, m, sm, staged, sel, x) fills x with
 * load k's items; drain(q, sm) precedes a return before the last load, so that no copy into
 * shared memory outlives the block; min_blocks(keep_first) is the query kernel's floor on
 * the blocks a multiprocessor holds. */

/* u32 columns: item i of thread t is row first + 128·i + t; only selected items are read. */
struct raw_loader {
    struct shared {};
    /* no floor on the blocks a multiprocessor holds: the compiler's choice */
    static constexpr unsigned min_blocks(bool) { return 0; }
    /* nothing ahead: load reads only the rows still selected then */
    __device__ static void stage(const query &, uint64_t, shared &, uint32_t *) {}
    __device__ static void drain(const query &, shared &) {}
    __device__ static void read(const uint8_t *column, uint64_t first, selection sel,
                                uint32_t (&x)[items])
    {
        const uint32_t *values = reinterpret_cast<const uint32_t *>(column) + first;
#pragma unroll
        for (unsigned i = 0; i < items; i++)
            x[i] = selected(sel, i) ? values[i * tile_threads + threadIdx.x] : 0u;
    }
    __device__ static void load(const query &q, unsigned k, uint64_t first, uint32_t, shared &,
                                const uint32_t *, selection sel, uint32_t (&x)[items])
    {
        read(q.column[q.load[k]], first, sel, x);
    }
};

/* cp.async.wait_group takes its count as an immediate: returns once at most `pending` of the
 * thread's copy groups are in flight, or fewer. */
__device__ __forceinline__ void copy_wait_at_most(unsigned pending)
{
    using namespace galp::device::detail;
    switch (pending) {
    case 0: copy_wait<0>(); break;
    case 1: copy_wait<1>(); break;
    case 2: copy_wait<2>(); break;
    case 3: copy_wait<3>(); break;
    case 4: copy_wait<4>(); break;
    case 5: copy_wait<5>(); break;
    default: copy_wait<6>(); break;
    }
}

/* galp files of GPU-FOR/DFOR/RFOR columns (spec/tile.md); a vector stored RAW (spec/format.md
 * §4.2) is read as a raw_loader would. */
struct tile_loader {
    /* the decoders' scratch, and (sm_90) the barriers on which the loads' copies complete;
     * the payloads are staged in the dynamic shared memory */
    struct shared {
        uint32_t run_starts[GALP_VECTOR_SIZE / 32];
        uint32_t warp_total[tile_items * galp::device::tile_warps];
        uint64_t copied[SSB_FACT_COLUMNS];
    };
    /* The decoders are bound by instruction issue, and at 64 registers a thread (8 blocks)
     * many issue slots found no warp ready: as many blocks as the registers allow without
     * spills (ptxas -v), 10 at 48 a thread, or 9 at 56 for the kernel that also holds the
     * first filter's values (keep_first); 8 before sm_80, whose multiprocessors hold 1024
     * threads. */
    static constexpr unsigned min_blocks(bool keep_first)
    {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
        (void)keep_first;
        return 8;
#else
        return keep_first ? 9 : 10;
#endif
    }
    /* What the query kernel reads of a vector's metadata entry (spec/format.md §3.3), and
     * the fields' offsets there. */
    struct entry {
        uint64_t offset;
        uint32_t size;
        galp_scheme scheme;
    };
    static constexpr unsigned entry_payload_offset = 0, entry_payload_size = 16,
                              entry_scheme = 22;
    __device__ static entry entry_of(const uint8_t *file, uint64_t first)
    {
        const uint8_t *e = file + GALP_HEADER_SIZE +
                           (size_t)(first / GALP_VECTOR_SIZE) * GALP_VECTOR_ENTRY_SIZE;
        return {*reinterpret_cast<const uint64_t *>(e + entry_payload_offset),
                *reinterpret_cast<const uint32_t *>(e + entry_payload_size),
                (galp_scheme)e[entry_scheme]};
    }
    /* Every load's payload in flight at once, in load order, rounded up to 16 bytes past
     * its end, which stays inside the file (payloads start at multiples of 16 and
     * payload_end is round16 of the last one's end, spec/format.md §3.1, §3.2, §4); a RAW
     * vector is not staged. From sm_90 thread 0 copies each payload with one bulk copy that
     * completes on copied[k] (the copies cost the other threads no instruction); before, the
     * block copies it in 16-byte pieces, one copy group per load. The entries are all read
     * before the first copy, so that their loads do not wait for each other. */
    __device__ static void stage(const query &q, uint64_t first, shared &sm, uint32_t *staged)
    {
        using namespace galp::device::detail;
        entry e[SSB_FACT_COLUMNS];
#if GALP_GPU_BULK_COPY
        if (threadIdx.x == 0) {
#pragma unroll
            for (int k = 0; k < SSB_FACT_COLUMNS; k++)
                if (k < q.loads)
                    e[k] = entry_of(q.column[q.load[k]], first);
            bulk_barriers_init(sm.copied, (unsigned)q.loads);
#pragma unroll
            for (int k = 0; k < SSB_FACT_COLUMNS; k++) {
                if (k >= q.loads)
                    break;
                const unsigned bytes =
                    e[k].scheme != GALP_SCHEME_RAW ? (e[k].size + 15u) / 16u * 16u : 0u;
                bulk_barrier_expect(&sm.copied[k], bytes);
                if (bytes != 0)
                    bulk_copy(staged + q.stage_word[k], q.column[q.load[k]] + e[k].offset, bytes,
                              &sm.copied[k]);
            }
        }
        /* the barriers are initialised before any thread waits on them */
        __syncthreads();
#else
        (void)sm;
#pragma unroll
        for (int k = 0; k < SSB_FACT_COLUMNS; k++)
            if (k < q.loads)
                e[k] = entry_of(q.column[q.load[k]], first);
#pragma unroll
        for (int k = 0; k < SSB_FACT_COLUMNS; k++) {
            if (k >= q.loads)
                break;
            if (e[k].scheme != GALP_SCHEME_RAW) {
                const uint8_t *payload = q.column[q.load[k]] + e[k].offset;
                uint32_t *dst = staged + q.stage_word[k];
                for (uint32_t p = threadIdx.x; p < (e[k].size + 15u) / 16u; p += tile_threads)
                    copy16_async(dst + 4u * p, payload + 16u * p);
            }
            copy_commit();
        }
#endif
    }
    /* No copy may land in shared memory after the block has left it. */
    __device__ static void drain(const query &q, shared &sm)
    {
#if GALP_GPU_BULK_COPY
        if (threadIdx.x == 0)
            for (int k = 0; k < q.loads; k++)
                galp::device::detail::bulk_barrier_wait(&sm.copied[k], 0);
#else
        (void)q, (void)sm;
        galp::device::detail::copy_wait<0>();
#endif
    }
    /* Waits for load k's copy (the loads after it may stay in flight), then for the block:
     * before sm_90 that barrier makes every thread's pieces visible to the block, and it
     * always orders the previous decode's reads of the scratch before this one's writes. */
    __device__ static void load(const query &q, unsigned k, uint64_t first, uint32_t m,
                                shared &sm, const uint32_t *staged, selection sel,
                                uint32_t (&x)[items])
    {
        const entry e = entry_of(q.column[q.load[k]], first);
#if GALP_GPU_BULK_COPY
        galp::device::detail::bulk_barrier_wait(&sm.copied[k], 0);
#else
        copy_wait_at_most((unsigned)q.loads - 1u - k);
#endif
        __syncthreads();
        if (e.scheme == GALP_SCHEME_RAW) {
            raw_loader::read(q.column[q.load[k]] + e.offset, 0, sel, x);
            return;
        }
        galp::device::decode_tile(staged + q.stage_word[k], e.scheme, m, sel, sm.run_starts,
                                  sm.warp_total, x);
    }
};

/* galp FFOR columns whose vectors take FFOR, DELTA, RLE, DICT or RAW (spec/fastlanes.md §5),
 * validated by galp_open. Every thread of the block calls load. */
struct fastlanes_loader {
    typedef galp::device::fastlanes_tile_shared shared;
    /* 8 blocks of 128 threads: 64 registers a thread, without spills */
    static constexpr unsigned min_blocks(bool) { return 8; }
    /* Asks L2 for every load's payload (rounded up to 16 bytes as tile_loader::stage does)
     * with one instruction each, thread k for load k, so that a column loaded after others
     * does not wait for DRAM then. A hint: no value depends on it; nothing before sm_90. */
    __device__ static void stage(const query &q, uint64_t first, shared &, uint32_t *)
    {
        if (threadIdx.x < (unsigned)q.loads) {
            const uint8_t *file = q.column[q.load[threadIdx.x]];
            const tile_loader::entry e = tile_loader::entry_of(file, first);
            galp::device::detail::prefetch_to_l2(file + e.offset, (e.size + 15u) / 16u * 16u);
        }
    }
    __device__ static void drain(const query &, shared &) {}
    __device__ static void decode(const uint8_t *file, uint64_t first, uint32_t m, shared &sm,
                                  uint32_t (&x)[items])
    {
        galp::device::load_fastlanes_tile(file, (uint32_t)(first / GALP_VECTOR_SIZE), m, sm, x);
    }
    __device__ static void load(const query &q, unsigned k, uint64_t first, uint32_t m,
                                shared &sm, const uint32_t *, selection, uint32_t (&x)[items])
    {
        decode(q.column[q.load[k]], first, m, sm, x);
    }
};

__device__ __forceinline__ bool block_any(selection sel)
{
    return __syncthreads_or(sel != 0) != 0;
}

/* One block per vector of 1024 rows; blockDim.x == 128; the dynamic shared memory is the
 * loader's staging area (tile_loader's: q.stage_word). keep_first: the plan's measure_b is
 * its first filter's column (flight 1's lo_discount), whose values are kept from the filter
 * rather than loaded again; the other plans do not hold those registers. */
template <class Loader, bool keep_first>
__global__ void __launch_bounds__(tile_threads, Loader::min_blocks(keep_first))
    query_kernel(const query q)
{
    __shared__ typename Loader::shared sm;
    __shared__ long long warp_sum[tile_threads / 32];
    __shared__ unsigned warp_count[tile_threads / 32];
    extern __shared__ uint4 stage_area[];
    uint32_t *const staged = reinterpret_cast<uint32_t *>(stage_area);
    const uint64_t first = (uint64_t)blockIdx.x * GALP_VECTOR_SIZE;
    const uint32_t m = q.rows - first < GALP_VECTOR_SIZE ? (uint32_t)(q.rows - first)
                                                         : GALP_VECTOR_SIZE;
    /* every column the plan reads is on its way before the first is needed */
    Loader::stage(q, first, sm, staged);
    unsigned load = 0;
    selection sel = 0;
    uint32_t group[items], x[items], first_filtered[keep_first ? items : 1];
#pragma unroll
    for (unsigned i = 0; i < items; i++) {
        sel |= (i * tile_threads + threadIdx.x < m ? 1u : 0u) << i;
        group[i] = 0;
    }
    for (int f = 0; f < q.fact_filters; f++) {
        const ssb_ranges r = q.fact_filter[f];
        Loader::load(q, load++, first, m, sm, staged, sel, x);
#pragma unroll
        for (unsigned i = 0; i < items; i++) {
            if (!ssb_in(&r, x[i]))
                sel &= ~(1u << i);
            if (keep_first && f == 0)
                first_filtered[keep_first ? i : 0] = x[i];
        }
        if (!block_any(sel)) {
            Loader::drain(q, sm);
            return;
        }
    }
    for (int k = 0; k < q.probes; k++) {
        const ssb_table t = q.table[k];
        Loader::load(q, load++, first, m, sm, staged, sel, x);
#pragma unroll
        for (unsigned i = 0; i < items; i++)
            if (selected(sel, i) && !ssb_probe(&t, x[i], &group[i]))
                sel &= ~(1u << i);
        if (!block_any(sel)) {
            Loader::drain(q, sm);
            return;
        }
    }
    uint32_t b[items];
    Loader::load(q, load++, first, m, sm, staged, sel, x);
    if (keep_first) {
#pragma unroll
        for (unsigned i = 0; i < items; i++)
            b[i] = first_filtered[keep_first ? i : 0];
    } else if (q.measure_b != q.measure_a) {
        Loader::load(q, load, first, m, sm, staged, sel, b);
    } else {
#pragma unroll
        for (unsigned i = 0; i < items; i++)
            b[i] = x[i];
    }

    if (q.groups > 1) {
#pragma unroll
        for (unsigned i = 0; i < items; i++)
            if (selected(sel, i)) {
                atomicAdd(&q.sums[group[i]],
                          (unsigned long long)ssb_measure_of(q.measure, x[i], b[i]));
                atomicAdd(&q.counts[group[i]], 1u);
            }
        return;
    }
    /* one group: the block's sum and count, then one atomic each */
    long long sum = 0;
    unsigned count = 0;
#pragma unroll
    for (unsigned i = 0; i < items; i++)
        if (selected(sel, i)) {
            sum += ssb_measure_of(q.measure, x[i], b[i]);
            count++;
        }
    for (unsigned d = 16; d > 0; d /= 2) {
        sum += __shfl_down_sync(0xffffffffu, sum, d);
        count += __shfl_down_sync(0xffffffffu, count, d);
    }
    if (threadIdx.x % 32u == 0) {
        warp_sum[threadIdx.x / 32u] = sum;
        warp_count[threadIdx.x / 32u] = count;
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        for (unsigned w = 1; w < tile_threads / 32u; w++) {
            sum += warp_sum[w];
            count += warp_count[w];
        }
        if (count != 0) {
            atomicAdd(&q.sums[0], (unsigned long long)sum);
            atomicAdd(&q.counts[0], count);
        }
    }
}

/* Slot of every dimension row (ssb_plan.h); slots start as SSB_MISS, keys are distinct. */
__global__ void build_kernel(uint32_t *slots, uint32_t key_min, const uint32_t *keys,
                             const uint32_t *filter0, const uint32_t *filter1, ssb_ranges range0,
                             ssb_ranges range1, const uint32_t *attribute, uint32_t base,
                             uint64_t rows)
{
    const uint32_t *filter[2] = {filter0, filter1};
    const ssb_ranges range[2] = {range0, range1};
    for (uint64_t i = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; i < rows;
         i += (uint64_t)gridDim.x * blockDim.x)
        slots[keys[i] - key_min] = ssb_dimension_slot(filter, range, attribute, base, i);
}

/* The whole tile column decoded into out (u32) by galp_gpu_tile_decompress's engine
 * (gpu/tile_decompress.cuh), one block per vector, prefetching `ahead` as the library does
 * (galp::gpu::tile_prefetch_ahead): the library's full decompression, measured against the
 * copy ceiling and checked against the raw column. */
__global__ void __launch_bounds__(tile_threads, galp::gpu::tile_decompress_min_blocks)
    tile_decompress_kernel(const uint8_t *file, uint64_t rows, uint32_t *out, uint32_t ahead)
{
    __shared__ galp::device::tile_shared sm;
    galp::gpu::tile_decompress_vector(file, blockIdx.x, rows, out, sm, ahead);
}

/* The whole column decoded into out (u32) by a loader, one block per vector: the loader's
 * full decompression, measured and checked the same way. */
template <class Loader>
__global__ void __launch_bounds__(tile_threads) decode_kernel(const uint8_t *column, uint64_t rows,
                                                              uint32_t *out)
{
    __shared__ typename Loader::shared sm;
    const uint64_t first = (uint64_t)blockIdx.x * GALP_VECTOR_SIZE;
    const uint32_t m = rows - first < GALP_VECTOR_SIZE ? (uint32_t)(rows - first)
                                                       : GALP_VECTOR_SIZE;
    selection sel = 0;
    uint32_t x[items];
#pragma unroll
    for (unsigned i = 0; i < items; i++)
        sel |= (i * tile_threads + threadIdx.x < m ? 1u : 0u) << i;
    Loader::decode(column, first, m, sm, x);
#pragma unroll
    for (unsigned i = 0; i < items; i++)
        if (selected(sel, i))
            out[first + i * tile_threads + threadIdx.x] = x[i];
}

} /* namespace ssb */

#endif /* GALP_BENCH_SSB_KERNELS_CUH */
