/*
 * galp/device/tile.cuh — tile loaders for GPU-FOR, GPU-DFOR and GPU-RFOR (spec/tile.md): a
 * thread block of 128 threads decodes one vector (a tile of 1024 values) into registers, 8
 * values per thread, the model of Shanbhag et al. (a query kernel filters and aggregates the
 * registers in place, without writing the column out).
 *
 * Mapping (spec/tile.md §1): item i of thread t is slot 128·i + t of the vector, so item i of
 * every thread comes from block i. The payload is first copied into shared memory with
 * coalesced 4-byte loads (payload offsets are multiples of 16 and tile payload sizes of 4,
 * spec/format.md §4, spec/tile.md §6), then decoded from there:
 *
 *   GPU-FOR   one thread walks the block headers (at most 8) for their word offsets; each
 *             thread then takes offset r of miniblock t / 32 of block i (spec/tile.md §3.2);
 *   GPU-DFOR  the same for the deltas, then one block-wide inclusive scan from the start
 *             value, 128 slots at a time in slot order (§4.2);
 *   GPU-RFOR  thread t decodes runs t, t + 128, … below the run count (runs at or above it do
 *             not exist, §5.2), an inclusive scan of their lengths gives the run ends, and
 *             each slot finds its run by binary search among the ends (§5.2).
 *
 * The loaders trust a payload that galp_open has validated (spec/format.md §6): the widths
 * are at most 32, the blocks fill the payload exactly, the run lengths are at least 1 and add
 * up to m. They read shared memory only inside the copied payload.
 */
#ifndef GALP_DEVICE_TILE_CUH
#define GALP_DEVICE_TILE_CUH

#include <stdint.h>

#include "galp/tile_layout.h"

namespace galp::device {

/* Threads of a tile loader's block, and items (values) each thread holds. */
constexpr unsigned tile_threads = 128;
constexpr unsigned tile_items = GALP_VECTOR_SIZE / tile_threads;

/* The shared memory of one tile loader: the largest payload (GPU-RFOR with 1024 runs of width
 * 32, spec/tile.md §6) as words, and the run table (GPU-RFOR: run ends and values; GPU-FOR and
 * GPU-DFOR: the word offset of each block in run_end[0 … 7]). */
struct tile_shared {
    uint32_t words[GALP_TILE_RFOR_HEADER_BYTES / 4 + 2 * GALP_VECTOR_SIZE];
    uint32_t run_end[GALP_VECTOR_SIZE];
    uint32_t run_value[GALP_VECTOR_SIZE];
    uint32_t warp_total[tile_threads / 32];
};

namespace detail {

/* Offset j of the packed run of width b starting at shared word `first` (spec/tile.md §2);
 * reads the next word only for an offset that straddles, and no word when b = 0. */
__device__ __forceinline__ uint32_t tile_offset(const uint32_t *words, uint32_t first, unsigned b,
                                                uint32_t j)
{
    if (b == 0)
        return 0;
    const uint32_t bit = j * b, w = first + bit / 32u, s = bit % 32u;
    uint64_t window = words[w];
    if (s + b > 32u)
        window |= (uint64_t)words[w + 1] << 32;
    return (uint32_t)((window >> s) & ((1ull << b) - 1ull));
}

/* Inclusive sum of x over the block's threads in thread order; *total gets the block's sum.
 * Every thread of the block must call it. */
__device__ __forceinline__ uint32_t tile_block_scan(uint32_t x, tile_shared &sm, uint32_t *total)
{
    const unsigned lane = threadIdx.x % 32u, warp = threadIdx.x / 32u;
    for (unsigned d = 1; d < 32u; d *= 2u) {
        const uint32_t up = __shfl_up_sync(0xffffffffu, x, d);
        if (lane >= d)
            x += up;
    }
    if (lane == 31u)
        sm.warp_total[warp] = x;
    __syncthreads();
    uint32_t before = 0, sum = 0;
    for (unsigned k = 0; k < tile_threads / 32u; k++) {
        before += k < warp ? sm.warp_total[k] : 0u;
        sum += sm.warp_total[k];
    }
    __syncthreads(); /* warp_total is reused by the next scan */
    *total = sum;
    return x + before;
}

/* spec/tile.md §3.2: thread t's items of the blocks of a GPU-FOR or GPU-DFOR payload. */
__device__ __forceinline__ void tile_blocks(tile_shared &sm, galp_scheme scheme, uint32_t m,
                                            uint32_t (&items)[tile_items])
{
    const uint32_t blocks = galp_tile_blocks(m);
    if (threadIdx.x == 0) {
        uint32_t at = galp_tile_blocks_offset(scheme) / 4u;
        for (uint32_t k = 0; k < blocks; k++) {
            sm.run_end[k] = at;
            const uint32_t widths = sm.words[at + 1];
            at += 2u + (widths & 0xffu) + (widths >> 8 & 0xffu) + (widths >> 16 & 0xffu) +
                  (widths >> 24);
        }
    }
    __syncthreads();
    const unsigned j = threadIdx.x / GALP_TILE_MINIBLOCK_VALUES;
    const unsigned r = threadIdx.x % GALP_TILE_MINIBLOCK_VALUES;
    for (unsigned i = 0; i < tile_items; i++) {
        items[i] = 0;
        if (i >= blocks)
            continue;
        const uint32_t block = sm.run_end[i], widths = sm.words[block + 1];
        /* byte j of `before` is width[0] + … + width[j−1]; no carries, the sums are <= 96 */
        const uint32_t before = (widths << 8) + (widths << 16) + (widths << 24);
        const unsigned b = widths >> (8u * j) & 0xffu;
        const uint32_t first = block + 2u + (before >> (8u * j) & 0xffu);
        items[i] = sm.words[block] + tile_offset(sm.words, first, b, r);
    }
}

/* spec/tile.md §4.2: x[i] = start + d[0] + … + d[i], in slot order 128·i + t. */
__device__ __forceinline__ void tile_prefix_sum(tile_shared &sm, uint32_t (&items)[tile_items])
{
    uint32_t carry = sm.words[0];
    for (unsigned i = 0; i < tile_items; i++) {
        uint32_t total;
        items[i] = carry + tile_block_scan(items[i], sm, &total);
        carry += total;
    }
}

/* spec/tile.md §5.2: thread t's items of a GPU-RFOR payload. */
__device__ __forceinline__ void tile_runs(tile_shared &sm, uint32_t m, uint32_t (&items)[tile_items])
{
    const uint32_t c = sm.words[0], value_ref = sm.words[1], length_ref = sm.words[2];
    const unsigned bv = sm.words[3] & 0xffu, bl = sm.words[3] >> 8 & 0xffu;
    const uint32_t values = GALP_TILE_RFOR_HEADER_BYTES / 4u;
    const uint32_t lengths = values + (uint32_t)galp_tile_packed_words(c, bv);
    uint32_t end = 0;
    for (unsigned k = 0; k < tile_items; k++) {
        const uint32_t run = k * tile_threads + threadIdx.x;
        const bool exists = run < c;
        const uint32_t length = exists ? length_ref + tile_offset(sm.words, lengths, bl, run) : 0u;
        if (exists)
            sm.run_value[run] = value_ref + tile_offset(sm.words, values, bv, run);
        uint32_t total;
        const uint32_t ends = end + tile_block_scan(length, sm, &total);
        if (exists)
            sm.run_end[run] = ends;
        end += total;
    }
    __syncthreads();
    for (unsigned i = 0; i < tile_items; i++) {
        const uint32_t slot = i * tile_threads + threadIdx.x;
        uint32_t lo = 0, hi = c; /* the first run whose end is above slot */
        while (lo < hi) {
            const uint32_t mid = (lo + hi) / 2u;
            if (sm.run_end[mid] > slot)
                hi = mid;
            else
                lo = mid + 1u;
        }
        items[i] = slot < m && lo < c ? sm.run_value[lo] : 0u;
    }
}

} /* namespace detail */

/* Decodes the tile scheme vector whose payload (payload_size bytes, validated) starts at
 * `payload`, of m values (1 … 1024), into items: item i of thread t is slot 128·i + t; items
 * of slots >= m hold no value. Called by all 128 threads of the block, which must have
 * blockDim.x == tile_threads; `sm` is the block's shared tile_shared. Ends with the block
 * synchronised, so that sm can be reused for the next tile. */
__device__ inline void load_tile(const uint8_t *payload, uint32_t payload_size, galp_scheme scheme,
                                 uint32_t m, tile_shared &sm, uint32_t (&items)[tile_items])
{
    const uint32_t *source = reinterpret_cast<const uint32_t *>(payload);
    for (uint32_t w = threadIdx.x; w < payload_size / 4u; w += tile_threads)
        sm.words[w] = source[w];
    __syncthreads();
    if (scheme == GALP_SCHEME_GPU_RFOR) {
        detail::tile_runs(sm, m, items);
    } else {
        detail::tile_blocks(sm, scheme, m, items);
        if (scheme == GALP_SCHEME_GPU_DFOR)
            detail::tile_prefix_sum(sm, items);
    }
    __syncthreads();
}

} /* namespace galp::device */

#endif /* GALP_DEVICE_TILE_CUH */
