/*
 * gpu/decompress.cuh — the full-decompression kernels (spec/format.md §5).
 *
 * 32- and 64-bit types: block_decompress_kernel, a block per vector decoding it from shared
 * memory (galp/device/vector_pipeline.cuh, galp/device/block_vector.cuh), with the exceptions
 * patched in registers; into a 16-byte aligned destination with 16-byte stores, the entries
 * and payloads of later vectors asked of L2 in runs, otherwise with a store per value.
 *
 * 8- and 16-bit types: decompress_kernel, built on the device API: one thread per lane (LANE_PER_THREAD, galp/device/mapping.cuh), each visiting its lane with
 * visit_lane (galp/device/visit.cuh) and storing value r at slot r·L + lane, so every store
 * instruction of a warp writes whole 128-byte lines. Slots at or past m of the last vector
 * are not stored (spec/format.md §4.3).
 */
#ifndef GALP_GPU_DECOMPRESS_CUH
#define GALP_GPU_DECOMPRESS_CUH

#include "galp/device/async_copy.cuh"
#include "galp/device/block_vector.cuh"
#include "galp/device/mapping.cuh"
#include "galp/device/visit.cuh"
#include "stage_memory.cuh"

namespace galp::device::detail {

constexpr unsigned decompress_threads = 256;

template <typename T>
__global__ void __launch_bounds__(decompress_threads) decompress_kernel(galp_gpu_view col, T *out)
{
    lane_per_thread<T> at((uint64_t)blockIdx.x * decompress_threads + threadIdx.x);
    if (at.vector >= col.vector_count)
        return;
    T *o = out + (size_t)at.vector * GALP_VECTOR_SIZE;
    visit_lane<T>(col, at.vector, at.lane, [&](unsigned slot, T x) { o[slot] = x; });
}

/* Whether the launcher runs the decompression kernel that prefetches (0: never), so that a
 * benchmark build can measure without it, and the vectors it asks L2 for at a time
 * (prefetch_vectors, prefetch_burst): the fastest burst length of those a probe tried
 * (docs/DESIGN.md). */
#ifndef GALP_GPU_DECOMPRESS_PREFETCH
#define GALP_GPU_DECOMPRESS_PREFETCH 1
#endif
constexpr unsigned prefetch_burst = 256;

/* One group's N values as one 16-byte store (o is 16-byte aligned). With streaming (a
 * kernel argument, the same for the whole launch), marked evict-first in L2 (st.global.cs):
 * the values are written once, and they must not push out of L2 the entries and payloads
 * that prefetch_vectors asked for ahead of the blocks. */
template <typename V> __device__ __forceinline__ void store_vector(V *o, V x, bool streaming)
{
    if (streaming)
        __stcs(o, x);
    else
        *o = x;
}
__device__ __forceinline__ void store16(float *o, const float (&x)[4], bool streaming)
{
    store_vector((float4 *)o, make_float4(x[0], x[1], x[2], x[3]), streaming);
}
__device__ __forceinline__ void store16(uint32_t *o, const uint32_t (&x)[4], bool streaming)
{
    store_vector((uint4 *)o, make_uint4(x[0], x[1], x[2], x[3]), streaming);
}
__device__ __forceinline__ void store16(double *o, const double (&x)[2], bool streaming)
{
    store_vector((double2 *)o, make_double2(x[0], x[1]), streaming);
}
__device__ __forceinline__ void store16(uint64_t *o, const uint64_t (&x)[2], bool streaming)
{
    store_vector((ulonglong2 *)o, make_ulonglong2(x[0], x[1]), streaming);
}

/* Whether a column's payloads are small enough for the prefetching kernel: on average at
 * most a quarter of the bytes they decode to (FFOR u32 up to b = 8). Its reads are then a
 * 32-byte entry and a payload of a few hundred bytes per block among 4-8 KiB of stores, and
 * such small reads scattered through a stream of writes cost far more than their bytes
 * unless L2 already holds them. Columns of larger payloads, whose reads are long runs
 * already, gain nothing from the prefetch and lose a little to it (docs/DESIGN.md). */
template <typename T> __host__ __device__ constexpr bool small_payloads(uint64_t payload_bytes, uint64_t vectors)
{
    return payload_bytes <= vectors * (sizeof(T) * GALP_VECTOR_SIZE / 4u);
}

/* Asks L2 (galp/device/async_copy.cuh) for the entries of vectors first ... first + count - 1 and
 * their payloads, in vector order (spec/format.md §4.1) from the payload of `first` to that
 * of first + count, read from their entries: the DRAM then sees the reads of the prefetching
 * kernel as long runs, and its blocks find them in L2. The payloads are left out where
 * the run's average is at most a lane table (2·L bytes: a G-ALP vector of width 0 without
 * exceptions, whose lane table decompression never reads, vector_pipeline::staged_bytes) or
 * is not small (small_payloads). The last run of the column is left to its blocks. */
template <typename T>
__device__ __forceinline__ void prefetch_vectors(const galp_gpu_view &col, uint64_t first, unsigned count)
{
    if (first + count >= col.vector_count)
        return;
    const uint8_t *entries = (const uint8_t *)vector_entry_words(col.data, first);
    prefetch_to_l2(entries, GALP_VECTOR_ENTRY_SIZE * count);
    const uint64_t start = __ldg((const unsigned long long *)entries);
    const uint64_t end = __ldg((const unsigned long long *)(entries + (size_t)GALP_VECTOR_ENTRY_SIZE * count));
    const uint64_t bytes = end - start; /* end >= start: payloads are in order */
    if (bytes > (uint64_t)count * 2u * value_traits<T>::lanes && small_payloads<T>(bytes, count))
        prefetch_to_l2(col.data + start, (unsigned)bytes);
}

/* Exceptions of the vector being decoded: a bitmap of their slots and, for a marked slot,
 * its index in the exception list. The bitmap alternates between two copies from vector to
 * vector, so that one is cleared while the other is in use (spec/galp.md §3). */
struct exception_map {
    uint32_t marks[2][GALP_VECTOR_SIZE / 32];
    uint16_t index[GALP_VECTOR_SIZE];
};

/* The groups of vector `vec` (galp/device/block_vector.cuh), with the exceptions in place when
 * Patch: those below wide_end (the vector's m, or 0 for a destination that is not 16-byte
 * aligned) one 16-byte store each, the others a store per slot below m. */
template <bool Narrow, bool Patch, typename T, typename BV>
__device__ __forceinline__ void decompress_groups(const BV &vec, const uint32_t *marks, const uint16_t *index, T *o,
                                                  unsigned wide_end, bool streaming)
{
    typedef typename BV::Word Word;
#pragma unroll
    for (unsigned g = 0; g < BV::groups; g++) {
        const unsigned s = BV::group_slot(g);
        Word p[BV::N];
        vec.template packed_words<Narrow>(s, p);
        T x[BV::N];
#pragma unroll
        for (unsigned j = 0; j < BV::N; j++)
            x[j] = vec.decode(p[j]);
        if constexpr (Patch) {
            const uint32_t m = marks[s / 32] >> (s % 32) & ((1u << BV::N) - 1u);
            if (m != 0) { /* most groups of a vector with few exceptions have none */
#pragma unroll
                for (unsigned j = 0; j < BV::N; j++)
                    if (m >> j & 1u)
                        x[j] = value_from_word<T>(vec.exception_bits(index[s + j]));
            }
        }
        if (s + BV::N <= wide_end) {
            store16(o + s, x, streaming);
        } else {
            for (unsigned j = 0; j < BV::N; j++)
                if (s + j < vec.m)
                    o[s + j] = x[j];
        }
    }
}

/* Vector v, staged in shared memory. A vector with exceptions first maps them (one thread
 * each), so that every slot is stored once, in its 16-byte group: patching them afterwards
 * with scattered stores cost more L2 bandwidth than the groups themselves on columns with
 * many exceptions. */
template <typename T, unsigned Threads>
__device__ __forceinline__ void decompress_vector(const galp_gpu_view &col, uint32_t v, const staged_vector &stage,
                                                  exception_map &map, unsigned &parity, T *out, bool aligned,
                                                  bool streaming)
{
    block_vector<T, block_group<Threads>> vec;
    vec.init(col, v, stage);
    T *o = out + (size_t)v * GALP_VECTOR_SIZE;
    const unsigned wide_end = aligned ? vec.m : 0u;
    uint32_t *marks = map.marks[parity];
    if (threadIdx.x < GALP_VECTOR_SIZE / 32)
        map.marks[parity ^ 1u][threadIdx.x] = 0; /* for the next vector */
    parity ^= 1u;
    if (vec.c != 0) {
        for (unsigned j = threadIdx.x; j < vec.c; j += Threads) {
            const unsigned s = vec.exception_slot(j);
            map.index[s] = (uint16_t)j;
            atomicOr(&marks[s / 32], 1u << (s % 32));
        }
        __syncthreads();
        if (vec.narrow())
            decompress_groups<true, true>(vec, marks, map.index, o, wide_end, streaming);
        else
            decompress_groups<false, true>(vec, marks, map.index, o, wide_end, streaming);
    } else if (vec.narrow()) {
        decompress_groups<true, false>(vec, marks, map.index, o, wide_end, streaming);
    } else {
        decompress_groups<false, false>(vec, marks, map.index, o, wide_end, streaming);
    }
}

/* Threads of a decompression block: 128 for 64-bit types, 64 for 32-bit types, the fastest
 * block size for each (docs/DESIGN.md). */
template <typename T> __host__ __device__ constexpr unsigned decompress_threads_for()
{
    return sizeof(T) == 8 ? 128u : 64u;
}

/* 32- and 64-bit types: a block per vector, its payload staged in one go
 * (vector_pipeline::run_one), registers held so that a multiprocessor runs as many blocks as
 * it holds threads. Aligned: `out` is 16-byte aligned (else a store per value, not a second
 * kernel: the unaligned case is rare, and a store-per-value kernel per type cost more to
 * build than it earned). With prefetch (columns of small payloads), block
 * v, when v is a multiple of prefetch_burst, then asks L2 for the run of vectors `ahead` on
 * (prefetch_vectors), and the stores are evict-first; the launcher sets `ahead` to two grids'
 * worth of resident blocks, far enough that their blocks have not started, near enough that
 * the runs stay in L2 until they do. prefetch is a kernel argument, not a template
 * parameter: a second instantiation earned no more than a few tenths of a point of the
 * decompression medians (docs/DESIGN.md). */
template <typename T>
__global__ void __launch_bounds__(decompress_threads_for<T>(), GALP_GPU_THREADS_PER_SM / decompress_threads_for<T>())
    block_decompress_kernel(galp_gpu_view col, T *out, unsigned stage_bytes, bool aligned, bool prefetch,
                            uint32_t ahead)
{
    constexpr unsigned threads = decompress_threads_for<T>();
    __shared__ exception_map map;
    unsigned parity = 0;
    if (threadIdx.x < GALP_VECTOR_SIZE / 32)
        map.marks[0][threadIdx.x] = 0; /* ordered before use by run_one's barrier */
    vector_pipeline<T, block_group<threads>, 1> pipe(col, stage_memory(), stage_bytes, nullptr);
    for (uint64_t v = blockIdx.x; v < col.vector_count; v += gridDim.x) { /* 64 bits: no wrap */
        pipe.run_one((uint32_t)v, [&](uint32_t u, const staged_vector &stage) {
            decompress_vector<T, threads>(col, u, stage, map, parity, out, aligned, prefetch);
        });
        if (prefetch && v % prefetch_burst == 0 && threadIdx.x == 0)
            prefetch_vectors<T>(col, v + ahead, prefetch_burst);
    }
}

} /* namespace galp::device::detail */

#endif /* GALP_GPU_DECOMPRESS_CUH */
