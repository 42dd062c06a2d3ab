/*
 * gpu/tile_decompress.cuh — one vector of a GPU-FOR, GPU-DFOR or GPU-RFOR column decoded and
 * written out whole by a block of 128 threads: the engine of galp_gpu_tile_decompress
 * (gpu/tile.cu), which benchmarks call as it is.
 *
 * A whole-column decode owes no one the tile mapping of load_tile (item i of thread t is slot
 * 128·i + t, galp/device/tile.cuh), so GPU-FOR and GPU-DFOR vectors take a cheaper one: warp
 * w decodes blocks 2·w and 2·w + 1 (spec/tile.md §3.1), lane l the run of 4 consecutive slots
 * 4·l … 4·l + 3 of each (half 0 and half 1), inside miniblock l / 8. Then
 *   - a warp's blocks are the same for all its threads, and a warp walks only the block
 *     headers before its own;
 *   - where a block's miniblock widths are all at most 8, a run's 4 offsets come from one
 *     32-bit window, one funnel shift, not one per offset;
 *   - GPU-DFOR's inclusive prefix sum (§4.2) is 3 additions per half in registers, a warp
 *     scan of each half's 32 run totals and the totals of the blocks before, in place of
 *     load_tile's scan of every item;
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

/* Slots of a thread's run in each half, and the blocks of a warp: warp w decodes blocks 2·w
 * (half 0) and 2·w + 1 (half 1). */
constexpr unsigned run_slots = 4, warp_blocks = 2;

/* Whether every miniblock width of a block header's widths word is at most 8, so that a run of
 * run_slots offsets (at most 32 bits) lies in one 32-bit window: a width byte (<= 32) plus
 * 0x77 reaches 0x80 exactly when it is at least 9, and no byte carries into the next. */
__device__ __forceinline__ bool narrow_widths(uint32_t widths)
{
    return ((widths + 0x77777777u) & 0x80808080u) == 0u;
}

/* spec/tile.md §3.2: d[q] = ref + offset r + q of miniblock j of the block whose header is at
 * shared word `block`, r = 4·(lane mod 8), j = lane / 8. Where the block's widths are all
 * narrow (the same answer for the whole warp, whose lanes share the block), the run's 4·b
 * bits start at bit r·b of the miniblock and one funnel shift brings them into one word;
 * otherwise each offset is read on its own (tile_offset). */
__device__ __forceinline__ void block_run(const uint32_t *words, uint32_t block, unsigned lane,
                                          uint32_t *d)
{
    const uint32_t ref = words[block], widths = words[block + 1];
    const unsigned byte_j = galp::device::detail::tile_byte_selector(lane / 8u);
    const unsigned b = __byte_perm(widths, 0u, byte_j);
    const unsigned r = lane % 8u * run_slots;
    /* byte j of the sum of the bytes below it: the words of miniblocks 0 … j − 1 */
    const uint32_t first =
        block + 2u + __byte_perm((widths << 8) + (widths << 16) + (widths << 24), 0u, byte_j);
    if (narrow_widths(widths)) {
        /* the window may end in the word after the payload: one of the staged spare words
         * (tile_spare_words), whose bits the mask drops; b <= 8, so no shift reaches 32 */
        const uint32_t bit = r * b, w = first + bit / 32u;
        const uint32_t window = __funnelshift_r(words[w], words[w + 1], bit);
        const uint32_t mask = (1u << b) - 1u;
#pragma unroll
        for (unsigned q = 0; q < run_slots; q++)
            d[q] = ref + (window >> (q * b) & mask);
    } else {
#pragma unroll
        for (unsigned q = 0; q < run_slots; q++)
            d[q] = ref + galp::device::detail::tile_offset(words, first, b, r + q);
    }
}

/* spec/tile.md §3.2 in the consecutive mapping: d[4·h + q] = ref + offset of slot
 * 256·w + 128·h + 4·lane + q (block 2·w + h) of the GPU-FOR or GPU-DFOR blocks staged in sm,
 * w the thread's warp. A half whose block is past the payload's (its slots are all >= m)
 * reads nothing and gets zeros. The warp walks the headers of the blocks before its own
 * (block k + 1 starts 2 + its widths' sum words after block k), none past the payload. */
__device__ __forceinline__ void consecutive_offsets(const tile_shared &sm, galp_scheme scheme,
                                                    uint32_t m, uint32_t (&d)[tile_items])
{
    const unsigned warp = threadIdx.x / 32u, lane = threadIdx.x % 32u;
    const uint32_t blocks = galp_tile_blocks(m);
#pragma unroll
    for (unsigned q = 0; q < tile_items; q++)
        d[q] = 0;
    if (warp_blocks * warp >= blocks)
        return;
    uint32_t block = galp_tile_blocks_offset(scheme) / 4u;
#pragma unroll 1
    for (unsigned k = 0; k < warp; k++) {
        block += 2u + (sm.words[block + 1] * 0x01010101u >> 24);
        block += 2u + (sm.words[block + 1] * 0x01010101u >> 24);
    }
    block_run(sm.words, block, lane, d);
    if (warp_blocks * warp + 1u >= blocks)
        return;
    block += 2u + (sm.words[block + 1] * 0x01010101u >> 24);
    block_run(sm.words, block, lane, d + run_slots);
}

/* GPU-DFOR (spec/tile.md §4.2): x = start + d[0] + … + d[slot] mod 2^32 in place, for the
 * deltas of consecutive_offsets: each run's own running sum, a warp scan of the run totals of
 * each half (a half is one block, its runs in lane order), then the totals of the blocks
 * before: warp_total[k] is block k's, written here by lane 31 of warp k / 2, and the blocks
 * before 2·w are those of the warps before w. Slots >= m come after every slot < m, so their
 * deltas (zeros or filler) are never added to an output value. Every thread of the block
 * calls it; it synchronises the block once. */
__device__ __forceinline__ void consecutive_prefix(uint32_t *warp_total, uint32_t start,
                                                   uint32_t (&x)[tile_items])
{
    const unsigned lane = threadIdx.x % 32u, warp = threadIdx.x / 32u;
    uint32_t total[warp_blocks], in_warp[warp_blocks];
#pragma unroll
    for (unsigned h = 0; h < warp_blocks; h++) {
#pragma unroll
        for (unsigned q = 1; q < run_slots; q++)
            x[h * run_slots + q] += x[h * run_slots + q - 1];
        total[h] = x[h * run_slots + run_slots - 1];
        in_warp[h] = galp::device::detail::tile_warp_scan(total[h]);
        if (lane == 31u)
            warp_total[warp_blocks * warp + h] = in_warp[h];
    }
    __syncthreads();
    uint32_t before = start;
#pragma unroll
    for (unsigned k = 0; k < warp_blocks * (tile_warps - 1u); k++)
        if (k < warp_blocks * warp)
            before += warp_total[k];
    const uint32_t half0 = __shfl_sync(0xffffffffu, in_warp[0], 31);
    const uint32_t base[warp_blocks] = {before + in_warp[0] - total[0],
                                        before + half0 + in_warp[1] - total[1]};
#pragma unroll
    for (unsigned q = 0; q < tile_items; q++)
        x[q] += base[q / run_slots];
}

/* Slots 256·w + 128·h + 4·lane … + 3 of out + first, those below m: one 16-byte store per
 * half where all 4 are (out is 16-byte aligned, first a multiple of 1024), evict-first with
 * streaming; a warp's store is 512 contiguous bytes. */
__device__ __forceinline__ void store_consecutive(uint32_t *out, uint64_t first, uint32_t m,
                                                  const uint32_t (&x)[tile_items], bool streaming)
{
    const unsigned warp = threadIdx.x / 32u, lane = threadIdx.x % 32u;
#pragma unroll
    for (unsigned h = 0; h < warp_blocks; h++) {
        const uint32_t slot =
            (warp_blocks * warp + h) * GALP_TILE_BLOCK_VALUES + run_slots * lane;
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
    /* not unrolled: most payloads take one round or none, and unrolled rounds of predicated
     * copies cost every warp more than the loop */
#pragma unroll 1
    for (uint32_t p = threadIdx.x; p < whole; p += tile_threads)
        galp::device::detail::copy16_async(sm.words + 4u * p, payload + 16u * p);
    galp::device::detail::copy_commit();
    const uint32_t tail = 4u * whole + threadIdx.x;
    if (tail < size / 4u)
        sm.words[tail] = __ldg(reinterpret_cast<const uint32_t *>(payload) + tail);
    galp::device::detail::copy_wait<0>();
    __syncthreads();
    detail::consecutive_offsets(sm, scheme, m, x);
    if (scheme == GALP_SCHEME_GPU_DFOR)
        detail::consecutive_prefix(sm.warp_total, sm.words[0], x);
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
