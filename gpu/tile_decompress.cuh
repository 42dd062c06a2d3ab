/*
 * gpu/tile_decompress.cuh — one vector of a GPU-FOR, GPU-DFOR or GPU-RFOR column decoded and
 * written out whole by a block of 128 threads: the engine of galp_gpu_tile_decompress
 * (gpu/tile.cu), which benchmarks call as it is.
 *
 * A whole-column decode owes no one the tile mapping of load_tile (item i of thread t is slot
 * 128·i + t, galp/device/tile.cuh), so GPU-FOR and GPU-DFOR vectors take a cheaper one:
 * thread t decodes the 8 consecutive slots 8·t … 8·t + 7, all in miniblock (t mod 16) / 4 of
 * block t / 16 (spec/tile.md §3.1). Then
 *   - a thread walks only the block headers before its own block (at most 7, not 8);
 *   - GPU-DFOR's inclusive prefix sum (§4.2) is 8 additions in registers plus one block-wide
 *     scan of the 128 thread totals, in place of load_tile's scan of every item;
 *   - the 8 values leave as two 16-byte stores.
 * Narrow columns are bound by these instructions, not by memory: their payload is a small
 * part of the bytes moved, the 4 bytes written per value the rest. GPU-RFOR and RAW vectors
 * go as before (load_tile, a copy).
 */
#ifndef GALP_GPU_TILE_DECOMPRESS_CUH
#define GALP_GPU_TILE_DECOMPRESS_CUH

#include <stdint.h>

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

/* spec/tile.md §3.2 in the consecutive mapping: d[q] = ref + offset of slot 8·t + q, of the
 * GPU-FOR or GPU-DFOR blocks staged in sm. Threads whose block is past the payload's (their
 * slots are all >= m) read nothing and get zeros. */
__device__ __forceinline__ void consecutive_offsets(const tile_shared &sm, galp_scheme scheme,
                                                    uint32_t m, uint32_t (&d)[tile_items])
{
    const unsigned t = threadIdx.x, k = t / 16u, j = t % 16u / 4u, r = t % 4u * 8u;
#pragma unroll
    for (unsigned q = 0; q < tile_items; q++)
        d[q] = 0;
    if (k >= galp_tile_blocks(m))
        return;
    uint32_t block = galp_tile_blocks_offset(scheme) / 4u;
    for (unsigned before = 0; before < k; before++) /* block `before` is 2 + its widths' sum words */
        block += 2u + (sm.words[block + 1] * 0x01010101u >> 24);
    const uint32_t ref = sm.words[block], widths = sm.words[block + 1];
    const unsigned b = widths >> (8u * j) & 0xffu;
    /* byte j of the sum of the bytes below it: the words of miniblocks 0 … j − 1 */
    const uint32_t first = block + 2u + (((widths << 8) + (widths << 16) + (widths << 24)) >> (8u * j) & 0xffu);
#pragma unroll
    for (unsigned q = 0; q < tile_items; q++)
        d[q] = ref + galp::device::detail::tile_offset(sm.words, first, b, r + q);
}

/* Slots first + 8·t … of out, those below m: 16-byte stores where all 8 are (out is
 * 16-byte aligned, first a multiple of 1024). */
__device__ __forceinline__ void store_consecutive(uint32_t *out, uint64_t first, uint32_t m,
                                                  const uint32_t (&x)[tile_items])
{
    const uint32_t slot = 8u * threadIdx.x;
    uint32_t *dst = out + first + slot;
    if (slot + tile_items <= m) {
        reinterpret_cast<uint4 *>(dst)[0] = make_uint4(x[0], x[1], x[2], x[3]);
        reinterpret_cast<uint4 *>(dst)[1] = make_uint4(x[4], x[5], x[6], x[7]);
        return;
    }
#pragma unroll
    for (unsigned q = 0; q < tile_items; q++)
        if (slot + q < m)
            dst[q] = x[q];
}

} /* namespace detail */

/* Decodes vector v of the validated tile column `file` (n values, device memory, 16-byte
 * aligned) into out[1024·v …] (16-byte aligned), its m values and nothing else. Called by all
 * tile_threads threads of the block; sm is the block's shared tile_shared, used for this one
 * vector. */
__device__ inline void tile_decompress_vector(const uint8_t *file, uint32_t v, uint64_t n,
                                              uint32_t *out, tile_shared &sm)
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
        /* x[i] = start + d[0] + … + d[i] mod 2^32 (spec/tile.md §4.2): the thread's own
         * running sum, then the exclusive scan of the thread totals in thread order, which
         * is slot order. Slots >= m come after every slot < m, so their deltas (zeros or
         * filler) are never added to an output value. */
#pragma unroll
        for (unsigned q = 1; q < tile_items; q++)
            x[q] += x[q - 1];
        const uint32_t total = x[tile_items - 1];
        const uint32_t in_warp = galp::device::detail::tile_warp_scan(total);
        const unsigned lane = threadIdx.x % 32u, warp = threadIdx.x / 32u;
        if (lane == 31u)
            sm.warp_total[warp] = in_warp;
        __syncthreads();
        uint32_t before = sm.words[0] + in_warp - total; /* start, then the warps before */
        for (unsigned w = 0; w < warp; w++)
            before += sm.warp_total[w];
#pragma unroll
        for (unsigned q = 0; q < tile_items; q++)
            x[q] += before;
    }
    detail::store_consecutive(out, first, m, x);
}

} /* namespace galp::gpu */

#endif /* GALP_GPU_TILE_DECOMPRESS_CUH */
