/*
 * gpu/tile_decompress.cuh — one vector of a GPU-FOR, GPU-DFOR or GPU-RFOR column decoded and
 * written out whole by a block of 128 threads: the engine of galp_gpu_tile_decompress
 * (gpu/tile.cu), which benchmarks call as it is.
 *
 * A whole-column decode owes no one the tile mapping of load_tile (item i of thread t is slot
 * 128·i + t, galp/device/tile.cuh), so GPU-FOR and GPU-DFOR vectors take a cheaper one:
 * thread t decodes the two runs of 4 consecutive slots 4·t … 4·t + 3 (half 0) and
 * 512 + 4·t … 512 + 4·t + 3 (half 1), each inside miniblock (t mod 32) / 8 of block t / 32
 * and 4 + t / 32 (spec/tile.md §3.1). Then
 *   - a warp's blocks are the same for all its threads, and a thread walks only the block
 *     headers before its second block;
 *   - GPU-DFOR's inclusive prefix sum (§4.2) is 3 additions per half in registers plus one
 *     block-wide scan of the 128 totals of each half, in place of load_tile's scan of every
 *     item;
 *   - the values leave in 16-byte stores, a warp's store 512 contiguous bytes.
 * Narrow columns are bound by these instructions, not by memory: their payload is a small
 * part of the bytes moved, the 4 bytes written per value the rest. GPU-RFOR and RAW vectors
 * go as before (load_tile, a copy).
 *
 * Columns of small payloads also take FFOR decompression's L2 prefetch (gpu/decompress.cuh,
 * docs/DESIGN.md "Decompression"): a block's entry and payload are a few hundred bytes read
 * among 4 KiB of stores, and such small scattered reads wait on DRAM far longer than their
 * bytes unless L2 already holds them. So every prefetch_burst-th block asks L2 for the
 * entries and payloads of the run of vectors `ahead` blocks on (tile_prefetch_ahead: two
 * grids of resident blocks), and the 16-byte stores are evict-first, so that they do not push
 * those runs out of L2. Neither changes a value.
 */
#ifndef GALP_GPU_TILE_DECOMPRESS_CUH
#define GALP_GPU_TILE_DECOMPRESS_CUH

#include <stdint.h>

#include "decompress.cuh"
#include "dispatch.cuh"
#include "galp/device/async_copy.cuh"
#include "galp/device/tile.cuh"
#include "galp/tile_layout.h"

namespace galp::gpu {

using galp::device::tile_items;
using galp::device::tile_shared;
using galp::device::tile_threads;
using galp::device::tile_warps;

/* The floor on blocks per multiprocessor of a kernel built on tile_decompress_vector: 16
 * blocks of 128 threads fill an SM's 2048 threads at 32 registers a thread, without spills;
 * left to itself the compiler took more registers and held fewer blocks. */
constexpr unsigned tile_decompress_min_blocks = 16;

namespace detail {

/* Field offsets of a vector's metadata entry (spec/format.md §3.3). */
constexpr unsigned entry_payload_offset = 0, entry_payload_size = 16, entry_scheme = 22;

/* Slots of a thread in each half, and the first slot of half 1. */
constexpr unsigned run_slots = 4, half_slots = GALP_VECTOR_SIZE / 2;

/* spec/tile.md §3.2 in the consecutive mapping: d[4·h + q] = ref + offset of slot
 * 512·h + 4·t + q, of the GPU-FOR or GPU-DFOR blocks staged in sm. A half whose block is past
 * the payload's (its slots are all >= m) reads nothing and gets zeros. */
__device__ __forceinline__ void consecutive_offsets(const tile_shared &sm, galp_scheme scheme,
                                                    uint32_t m, uint32_t (&d)[tile_items])
{
    const unsigned warp = threadIdx.x / 32u, lane = threadIdx.x % 32u;
    const unsigned j = lane / 8u, r = lane % 8u * run_slots;
    const uint32_t blocks = galp_tile_blocks(m);
    uint32_t block = galp_tile_blocks_offset(scheme) / 4u;
    unsigned k = 0;
#pragma unroll
    for (unsigned h = 0; h < 2; h++) {
        const unsigned mine = warp + h * (half_slots / GALP_TILE_BLOCK_VALUES);
        /* block k is 2 + its widths' sum words; headers past the payload are not read */
        for (; k < mine && k < blocks; k++)
            block += 2u + (sm.words[block + 1] * 0x01010101u >> 24);
#pragma unroll
        for (unsigned q = 0; q < run_slots; q++)
            d[h * run_slots + q] = 0;
        if (mine >= blocks)
            continue;
        const uint32_t ref = sm.words[block], widths = sm.words[block + 1];
        const unsigned byte_j = galp::device::detail::tile_byte_selector(j);
        const unsigned b = __byte_perm(widths, 0u, byte_j);
        /* byte j of the sum of the bytes below it: the words of miniblocks 0 … j − 1 */
        const uint32_t first =
            block + 2u + __byte_perm((widths << 8) + (widths << 16) + (widths << 24), 0u, byte_j);
#pragma unroll
        for (unsigned q = 0; q < run_slots; q++)
            d[h * run_slots + q] = ref + galp::device::detail::tile_offset(sm.words, first, b, r + q);
    }
}

/* Slots 512·h + 4·t … + 3 of out + first, those below m: one 16-byte store per half where
 * all 4 are (out is 16-byte aligned, first a multiple of 1024), evict-first with
 * streaming. */
__device__ __forceinline__ void store_consecutive(uint32_t *out, uint64_t first, uint32_t m,
                                                  const uint32_t (&x)[tile_items], bool streaming)
{
#pragma unroll
    for (unsigned h = 0; h < 2; h++) {
        const uint32_t slot = h * half_slots + run_slots * threadIdx.x;
        uint32_t *dst = out + first + slot;
        if (slot + run_slots <= m) {
            galp::device::detail::store_vector(
                reinterpret_cast<uint4 *>(dst),
                make_uint4(x[run_slots * h], x[run_slots * h + 1], x[run_slots * h + 2], x[run_slots * h + 3]),
                streaming);
        } else {
#pragma unroll
            for (unsigned q = 0; q < run_slots; q++)
                if (slot + q < m)
                    dst[q] = x[h * run_slots + q];
        }
    }
}

/* tile_decompress_vector's decode and stores, evict-first with streaming. */
__device__ inline void decompress_vector(const uint8_t *file, uint32_t v, uint64_t n, uint32_t *out,
                                         tile_shared &sm, bool streaming)
{
    const uint8_t *entry = file + GALP_HEADER_SIZE + (size_t)v * GALP_VECTOR_ENTRY_SIZE;
    const uint64_t offset = *reinterpret_cast<const uint64_t *>(entry + detail::entry_payload_offset);
    const uint32_t size = *reinterpret_cast<const uint32_t *>(entry + detail::entry_payload_size);
    const galp_scheme scheme = (galp_scheme)entry[detail::entry_scheme];
    const uint64_t first = (uint64_t)v * GALP_VECTOR_SIZE;
    const uint32_t m = n - first < GALP_VECTOR_SIZE ? (uint32_t)(n - first) : GALP_VECTOR_SIZE;
    const uint8_t *payload = file + offset;

    if (scheme == GALP_SCHEME_RAW) {
        const uint32_t *values = reinterpret_cast<const uint32_t *>(payload);
        for (uint32_t i = threadIdx.x; i < m; i += tile_threads)
            out[first + i] = values[i];
        return;
    }
    uint32_t x[tile_items];
    if (scheme == GALP_SCHEME_GPU_RFOR) {
        galp::device::load_tile(payload, size, scheme, m, sm, x);
        for (unsigned i = 0; i < tile_items; i++) {
            const uint32_t slot = i * tile_threads + threadIdx.x;
            if (slot < m)
                out[first + slot] = x[i];
        }
        return;
    }
    /* the payload staged as load_tile stages it: 16-byte pieces, then the last 0 … 3 words */
    const uint32_t whole = size / 16u;
    for (uint32_t p = threadIdx.x; p < whole; p += tile_threads)
        galp::device::detail::copy16_async(sm.words + 4u * p, payload + 16u * p);
    galp::device::detail::copy_commit();
    const uint32_t tail = 4u * whole + threadIdx.x;
    if (tail < size / 4u)
        sm.words[tail] = __ldg(reinterpret_cast<const uint32_t *>(payload) + tail);
    galp::device::detail::copy_wait<0>();
    __syncthreads();
    detail::consecutive_offsets(sm, scheme, m, x);
    if (scheme == GALP_SCHEME_GPU_DFOR) {
        /* x = start + d[0] + … + d[slot] mod 2^32 (spec/tile.md §4.2): each run's own running
         * sum, then per half the exclusive scan of the 128 run totals in thread order, which
         * is slot order, half 1 after all of half 0. Slots >= m come after every slot < m, so
         * their deltas (zeros or filler) are never added to an output value. */
        const unsigned lane = threadIdx.x % 32u, warp = threadIdx.x / 32u;
        uint32_t total[2], in_warp[2];
#pragma unroll
        for (unsigned h = 0; h < 2; h++) {
#pragma unroll
            for (unsigned q = 1; q < detail::run_slots; q++)
                x[h * detail::run_slots + q] += x[h * detail::run_slots + q - 1];
            total[h] = x[h * detail::run_slots + detail::run_slots - 1];
            in_warp[h] = galp::device::detail::tile_warp_scan(total[h]);
            if (lane == 31u)
                sm.warp_total[h * tile_warps + warp] = in_warp[h];
        }
        __syncthreads();
        /* half 0's total, and per half the totals of the warps before this one */
        uint32_t half0 = 0, warps_before[2] = {0, 0};
        for (unsigned w = 0; w < tile_warps; w++) {
            half0 += sm.warp_total[w];
            if (w < warp) {
                warps_before[0] += sm.warp_total[w];
                warps_before[1] += sm.warp_total[tile_warps + w];
            }
        }
        const uint32_t start = sm.words[0];
        const uint32_t before[2] = {start + warps_before[0] + in_warp[0] - total[0],
                                    start + half0 + warps_before[1] + in_warp[1] - total[1]};
#pragma unroll
        for (unsigned q = 0; q < tile_items; q++)
            x[q] += before[q / detail::run_slots];
    }
    store_consecutive(out, first, m, x, streaming);
}

} /* namespace detail */

/* Decodes vector v of the validated tile column `file` (n values, device memory, 16-byte
 * aligned) into out[1024·v …] (16-byte aligned), its m values and nothing else; with ahead
 * (tile_prefetch_ahead, 0: none), block v, when v is a multiple of prefetch_burst, then asks
 * L2 for the run of vectors v + ahead … (prefetch_vectors) and the 16-byte stores are
 * evict-first. Called by all tile_threads threads of the block; sm is the block's shared
 * tile_shared, used for this one vector. */
__device__ inline void tile_decompress_vector(const uint8_t *file, uint32_t v, uint64_t n,
                                              uint32_t *out, tile_shared &sm, uint32_t ahead)
{
    using galp::device::detail::prefetch_burst;
    detail::decompress_vector(file, v, n, out, sm, ahead != 0);
    if (ahead != 0 && v % prefetch_burst == 0 && threadIdx.x == 0) {
        /* what prefetch_vectors reads of a column: its file and its vector count */
        galp_gpu_view col = {};
        col.data = file;
        col.vector_count = (uint32_t)((n + GALP_VECTOR_SIZE - 1u) / GALP_VECTOR_SIZE);
        galp::device::detail::prefetch_vectors<uint32_t>(col, (uint64_t)v + ahead, prefetch_burst);
    }
}

/* The `ahead` of tile_decompress_vector for `kernel`, a kernel built on it (tile_threads
 * threads a block, no dynamic shared memory), decoding a column of `vectors` vectors whose
 * file is `file_bytes` bytes: two grids of resident blocks, as FFOR decompression's launcher
 * takes (gpu/decompress.cu), where the payloads are small (small_payloads, of which the file's
 * 32-byte entries are a negligible part), else 0, no prefetch. 0 too if the runtime cannot
 * tell how many blocks are resident. */
template <typename K> inline uint32_t tile_prefetch_ahead(K kernel, uint64_t file_bytes, uint32_t vectors)
{
    using namespace galp::device::detail;
    if (!GALP_GPU_DECOMPRESS_PREFETCH || !small_payloads<uint32_t>(file_bytes, vectors))
        return 0;
    return 2u * resident_blocks(kernel, tile_threads, 0, 1u << 30);
}

} /* namespace galp::gpu */

#endif /* GALP_GPU_TILE_DECOMPRESS_CUH */
