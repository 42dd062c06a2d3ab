/*
 * galp/device/tile.cuh — tile loaders for GPU-FOR, GPU-DFOR and GPU-RFOR (spec/tile.md): a
 * thread block of 128 threads decodes one vector (a tile of 1024 values) into registers, 8
 * values per thread, the model of Shanbhag et al. (a query kernel filters and aggregates the
 * registers in place, without writing the column out).
 *
 * Mapping (spec/tile.md §1): item i of thread t is slot 128·i + t of the vector, so item i of
 * every thread comes from block i, and the 32 slots of a warp's item are one 32-slot word of
 * the vector. The payload is copied into shared memory in coalesced 16-byte pieces that do not
 * wait for each other (cp.async from sm_80; payload offsets are multiples of 16 and tile
 * payload sizes of 4, spec/format.md §4, spec/tile.md §6), then decoded from there:
 *
 *   GPU-FOR   every thread walks the block headers (at most 8) itself, block i's header
 *             giving item i: offset r of miniblock t / 32 (spec/tile.md §3.2);
 *   GPU-DFOR  the same for the deltas, then one block-wide inclusive scan from the start
 *             value in slot order (§4.2): a warp scan per item, then the 32 (item, warp)
 *             totals scanned by every warp;
 *   GPU-RFOR  thread t takes the runs 8·t … 8·t + 7 below the run count (runs at or above
 *             it do not exist, §5.2), their lengths from one 32-bit window where the 8
 *             fit in it; a running sum of their lengths in registers, a warp
 *             scan of the thread sums and the warps' totals give the run ends, each run
 *             but the last sets the bit of its end (the next run's first slot) in a 1024-bit
 *             map of run starts, and a slot's run is the number of bits set at or before
 *             it, less one (§5.2). With length width 0 every run has length_ref values: slot
 *             s is in run s / length_ref.
 *
 * The loaders trust a payload that galp_open has validated (spec/format.md §6): the widths
 * are at most 32, the blocks fill the payload exactly, the run lengths are at least 1 and add
 * up to m. They read shared memory only inside the copied payload and the tile_spare_words
 * words after it, whose bits they mask off.
 */
#ifndef GALP_DEVICE_TILE_CUH
#define GALP_DEVICE_TILE_CUH

#include <stdint.h>

#include "galp/device/async_copy.cuh"
#include "galp/tile_layout.h"

namespace galp::device {

/* Threads of a tile loader's block, and items (values) each thread holds. */
constexpr unsigned tile_threads = 128;
constexpr unsigned tile_items = GALP_VECTOR_SIZE / tile_threads;
constexpr unsigned tile_warps = tile_threads / 32;

/* Words a payload staged in shared memory must have after it, whatever they hold: tile_offset
 * reads two words from where an offset starts, past the payload's end when it ends there. */
constexpr unsigned tile_spare_words = 2;

/* The shared memory of one tile loader: the largest payload (GPU-RFOR with 1024 runs of width
 * 32, spec/tile.md §6) as words and its spare words, 16-byte aligned for the copy; GPU-RFOR's
 * map of the slots where a run starts; the per-(item, warp) totals of a scan in slot order. */
struct tile_shared {
    alignas(16) uint32_t words[GALP_TILE_RFOR_HEADER_BYTES / 4 + 2 * GALP_VECTOR_SIZE +
                               tile_spare_words];
    uint32_t run_starts[GALP_VECTOR_SIZE / 32];
    uint32_t warp_total[tile_items * tile_warps];
};

namespace detail {

/* One warp scans the (item, warp) totals of tile_scan: a lane per total. */
static_assert(tile_items * tile_warps == 32, "a tile's warp totals fill one warp");

/* Offset j of the packed run of width b starting at shared word `first` (spec/tile.md §2).
 * Without a branch: it reads the offset's word and the next one whatever b (b = 0 included),
 * which for the run's last word is one of the payload's spare words (tile_spare_words); the
 * bits that do not belong to the offset are masked off. The funnel shift takes its shift
 * modulo 32 itself, so the bit position goes in whole. */
__device__ __forceinline__ uint32_t tile_offset(const uint32_t *words, uint32_t first, unsigned b,
                                                uint32_t j)
{
    const uint32_t bit = j * b, w = first + bit / 32u;
    /* the low b bits: one clamped bit-mask instruction from sm_70 (b = 32: all ones), else
     * the clamped shift by 32 − b, which leaves none for b = 0 */
    uint32_t mask;
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 700
    asm("bmsk.clamp.b32 %0, 0, %1;" : "=r"(mask) : "r"(b));
#else
    mask = __funnelshift_rc(0xffffffffu, 0u, 32u - b);
#endif
    return __funnelshift_r(words[w], words[w + 1], bit) & mask;
}

/* The __byte_perm selector that takes byte j (0 … 3) of its first operand, zero-extended:
 * one instruction where a shift and a mask took two. */
__device__ __forceinline__ unsigned tile_byte_selector(unsigned j)
{
    return 0x4440u + j; /* byte 0 from byte j, bytes 1 … 3 from the zero operand's byte 0 */
}

/* Inclusive sum over the warp's lanes in lane order. */
__device__ __forceinline__ uint32_t tile_warp_scan(uint32_t x)
{
    const unsigned lane = threadIdx.x % 32u;
#pragma unroll
    for (unsigned d = 1; d < 32u; d *= 2u) {
        const uint32_t up = __shfl_up_sync(0xffffffffu, x, d);
        if (lane >= d)
            x += up;
    }
    return x;
}

/* In place, items[i] becomes base + x[0] + … + x[128·i + t] mod 2^32: the inclusive sum in
 * slot order of the block's items, of which those at and after item `live` (the same in every
 * thread) are 0, so that they need no warp scan. warp_total is the block's shared scratch of
 * tile_items · tile_warps words. Every thread of the block must call it; it synchronises the
 * block once, after which the caller must synchronise again before the next scan. */
__device__ __forceinline__ void tile_scan(uint32_t *warp_total, uint32_t base, uint32_t live,
                                          uint32_t (&items)[tile_items])
{
    const unsigned lane = threadIdx.x % 32u, warp = threadIdx.x / 32u;
#pragma unroll
    for (unsigned i = 0; i < tile_items; i++) {
        if (i < live)
            items[i] = tile_warp_scan(items[i]);
        if (lane == 31u)
            warp_total[i * tile_warps + warp] = items[i];
    }
    __syncthreads();
    /* lane k: the sum of the totals before (item, warp) k, slot order being k's order */
    const uint32_t total = warp_total[lane];
    const uint32_t before = tile_warp_scan(total) - total;
#pragma unroll
    for (unsigned i = 0; i < tile_items; i++)
        items[i] += base + __shfl_sync(0xffffffffu, before, i * tile_warps + warp);
}

/* spec/tile.md §3.2: thread t's items of the blocks of a GPU-FOR or GPU-DFOR payload staged
 * at `words`, those whose bit is set in `want` (the others are 0); a warp that wants none
 * reads nothing. Block k + 1 starts after block k's 2 header words and its miniblocks' width
 * sum of words. Called by whole warps. */
__device__ __forceinline__ void tile_blocks(const uint32_t *words, galp_scheme scheme, uint32_t m,
                                            uint32_t want, uint32_t (&items)[tile_items])
{
    const uint32_t blocks = __any_sync(0xffffffffu, want != 0) ? galp_tile_blocks(m) : 0u;
    const unsigned j = threadIdx.x / GALP_TILE_MINIBLOCK_VALUES;
    const unsigned r = threadIdx.x % GALP_TILE_MINIBLOCK_VALUES;
    const unsigned byte_j = tile_byte_selector(j);
    uint32_t block = galp_tile_blocks_offset(scheme) / 4u;
#pragma unroll
    for (unsigned i = 0; i < tile_items; i++) {
        items[i] = 0;
        if (i >= blocks)
            continue;
        const uint32_t widths = words[block + 1];
        /* byte j of `before` is width[0] + … + width[j−1], byte 3 of `sum` all four; no
         * carries, the sums are <= 128 */
        const uint32_t before = (widths << 8) + (widths << 16) + (widths << 24);
        const uint32_t sum = widths * 0x01010101u >> 24;
        const unsigned b = __byte_perm(widths, 0u, byte_j);
        const uint32_t first = block + 2u + __byte_perm(before, 0u, byte_j);
        if (want >> i & 1u)
            items[i] = words[block] + tile_offset(words, first, b, r);
        block += 2u + sum;
    }
}

/* spec/tile.md §5.2: thread t's items of a GPU-RFOR payload staged at `words`, those whose bit
 * is set in `want` (the others are 0); run_starts (GALP_VECTOR_SIZE / 32 words) and
 * warp_total (its first tile_warps words) are the block's shared scratch, used only when the
 * lengths are packed (bl > 0). */
__device__ __forceinline__ void tile_runs(const uint32_t *words, uint32_t *run_starts,
                                          uint32_t *warp_total, uint32_t m, uint32_t want,
                                          uint32_t (&items)[tile_items])
{
    const uint32_t c = words[0], value_ref = words[1], length_ref = words[2];
    const unsigned bv = words[3] & 0xffu, bl = words[3] >> 8 & 0xffu;
    const uint32_t values = GALP_TILE_RFOR_HEADER_BYTES / 4u;
    const uint32_t lengths = values + (uint32_t)galp_tile_packed_words(c, bv);
    if (bl == 0) {
        /* every run has length_ref >= 1 values and c·length_ref = m (validated, §6); runs of
         * one value each (a column without runs) take no division */
        const bool single = length_ref == 1u;
#pragma unroll
        for (unsigned i = 0; i < tile_items; i++) {
            const uint32_t slot = i * tile_threads + threadIdx.x;
            const uint32_t run = single ? slot : slot / length_ref;
            items[i] = slot < m && (want >> i & 1u)
                           ? value_ref + tile_offset(words, values, bv, run)
                           : 0u;
        }
        return;
    }
    /* slot 0 starts run 0; ordered before the other bits by the first barrier below */
    if (threadIdx.x < GALP_VECTOR_SIZE / 32u)
        run_starts[threadIdx.x] = threadIdx.x == 0 ? 1u : 0u;
    /* thread t takes the consecutive runs tile_items·t … tile_items·t + 7, those below c (runs
     * at or above it do not exist and are not read), and their ends: its own running sum of
     * their lengths plus the lengths of the runs of the threads before it, which are one warp
     * scan of the thread sums and the totals of the warps before (warp_total), so that the
     * ends take one warp scan, not one per item */
    const unsigned lane = threadIdx.x % 32u, warp = threadIdx.x / 32u;
    const uint32_t first_run = tile_items * threadIdx.x;
    uint32_t end[tile_items], sum = 0;
    /* the thread's tile_items lengths in one window where they fit in 32 bits (runs of a few
     * rows: narrow length offsets), from bit tile_items·t·bl; read only by a thread that
     * has a run, so that it stays inside the lengths and the spare words after them */
    const bool window = bl * tile_items <= 32u;
    uint32_t packed = 0;
    if (window && first_run < c) {
        const uint32_t bit = first_run * bl, w = lengths + bit / 32u;
        packed = __funnelshift_r(words[w], words[w + 1], bit);
    }
#pragma unroll
    for (unsigned k = 0; k < tile_items; k++) {
        if (first_run + k < c)
            sum += length_ref + (window ? packed >> (k * bl) & ((1u << bl) - 1u)
                                        : tile_offset(words, lengths, bl, first_run + k));
        end[k] = sum;
    }
    const uint32_t in_warp = tile_warp_scan(sum);
    if (lane == 31u)
        warp_total[warp] = in_warp;
    __syncthreads();
    /* the lengths of the runs of the threads before t */
    uint32_t earlier = in_warp - sum;
#pragma unroll
    for (unsigned w = 0; w < tile_warps; w++)
        if (w < warp)
            earlier += warp_total[w];
#pragma unroll
    for (unsigned k = 0; k < tile_items; k++) {
        /* the end of run first_run + k, where the next run starts; the lengths are >= 1
         * and add up to m, so the ends before the last run's are distinct and below m */
        const uint32_t start = earlier + end[k];
        if (first_run + k + 1u < c)
            atomicOr(&run_starts[start / 32u], 1u << start % 32u);
    }
    __syncthreads();
    /* lane k: the runs started in the 32-slot words before word k; warp w's slots of item i
     * are word 4·i + w, and slot 0 starts run 0 */
    const uint32_t bits = run_starts[lane];
    const uint32_t before = tile_warp_scan(__popc(bits)) - __popc(bits);
    const uint32_t at_or_below = 0xffffffffu >> (31u - lane);
#pragma unroll
    for (unsigned i = 0; i < tile_items; i++) {
        const unsigned word = i * tile_warps + warp;
        const uint32_t run = __shfl_sync(0xffffffffu, before, word) +
                             __popc(__shfl_sync(0xffffffffu, bits, word) & at_or_below) - 1u;
        const uint32_t slot = i * tile_threads + threadIdx.x;
        items[i] = slot < m && (want >> i & 1u) ? value_ref + tile_offset(words, values, bv, run)
                                                : 0u;
    }
}

} /* namespace detail */

/* Decodes the tile scheme payload of a vector of m values (1 … 1024) staged in shared memory
 * at `words` (validated, spec/format.md §6) and followed by tile_spare_words words, into
 * items: item i of thread t is slot 128·i + t, decoded where bit i of the thread's `want` is
 * set and 0 elsewhere (GPU-DFOR decodes every item: its scan needs every delta); items of
 * slots >= m hold no value. Skipping the items a query no longer needs saves their unpacking,
 * not their copy. run_starts (GALP_VECTOR_SIZE / 32 words) and warp_total (tile_items ·
 * tile_warps words) are the block's shared scratch. Called by all 128 threads of the block,
 * which must have blockDim.x == tile_threads, once every thread's part of the staged payload
 * is visible to the block; the block must synchronise again before the scratch serves another
 * decode. */
__device__ __forceinline__ void decode_tile(const uint32_t *words, galp_scheme scheme, uint32_t m,
                                            uint32_t want, uint32_t *run_starts,
                                            uint32_t *warp_total, uint32_t (&items)[tile_items])
{
    if (scheme == GALP_SCHEME_GPU_RFOR) {
        detail::tile_runs(words, run_starts, warp_total, m, want, items);
    } else {
        /* every delta enters the scan */
        detail::tile_blocks(words, scheme, m, scheme == GALP_SCHEME_GPU_DFOR ? ~0u : want, items);
        if (scheme == GALP_SCHEME_GPU_DFOR)
            detail::tile_scan(warp_total, words[0], galp_tile_blocks(m), items);
    }
}

/* Decodes the tile scheme vector whose payload (payload_size bytes, validated) starts at
 * `payload`, of m values (1 … 1024), into items as decode_tile does, every item. Called by
 * all 128 threads of the block, which must have blockDim.x == tile_threads; `sm` is the
 * block's shared tile_shared. Ends with the block synchronised, so that sm can be reused for
 * the next tile. */
__device__ inline void load_tile(const uint8_t *payload, uint32_t payload_size, galp_scheme scheme,
                                 uint32_t m, tile_shared &sm, uint32_t (&items)[tile_items])
{
    /* 16-byte pieces copied without waiting for each (cp.async), then the last 0 … 3 words:
     * the payload ends on a word, not on a piece */
    const uint32_t whole = payload_size / 16u;
    for (uint32_t p = threadIdx.x; p < whole; p += tile_threads)
        detail::copy16_async(sm.words + 4u * p, payload + 16u * p);
    detail::copy_commit();
    const uint32_t tail = 4u * whole + threadIdx.x;
    if (tail < payload_size / 4u)
        sm.words[tail] = __ldg(reinterpret_cast<const uint32_t *>(payload) + tail);
    detail::copy_wait<0>();
    __syncthreads();
    decode_tile(sm.words, scheme, m, ~0u, sm.run_starts, sm.warp_total, items);
    __syncthreads();
}

} /* namespace galp::device */

#endif /* GALP_DEVICE_TILE_CUH */
