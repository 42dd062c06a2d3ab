/*
 * galp/device/fastlanes_tile.cuh — a tile loader for the vectors of u32 FFOR columns, which
 * hold FFOR, DELTA, RLE, DICT, RUNS and RAW vectors (spec/fastlanes.md §5, §8): a thread block of 128
 * threads decodes one vector into registers, 8 values per thread, in the mapping of the tile
 * schemes' load_tile (galp/device/tile.cuh): item i of thread t is position 128·i + t of the
 * vector, so a query kernel takes either column kind through the same registers.
 *
 * The payload is copied into shared memory in coalesced 16-byte pieces, all in flight at once
 * (cp.async from sm_80), each 128-byte line of it at a stride of 144 bytes; then every item
 * decodes on its own from there, or with one warp scan:
 *
 *   FFOR   item i of thread t is row 4·i + t / 32 of lane t mod 32 (spec/ffor.md §2): a warp
 *          reads one word of each lane, 32 banks; the packed lines alone are staged, and a
 *          patched vector's items (spec/ffor.md §8) each add their patch, found by a binary
 *          search of the positions in global memory (galp/device/ffor_patches.cuh);
 *   DELTA  item i of warp w is lane 4·i + w's row t mod 32 (spec/fastlanes.md §2.1): the
 *          warp unpacks that lane's 32 deltas, a lane per thread, and scans them. The lane's
 *          words lie 32 words apart in the payload, all in one bank; the padded lines put
 *          them in 8 banks, so a warp's read waits for at most ceil(b / 8) + 1 of them;
 *   RLE    position p is row p mod 16 of index lane p / 16 (§3.1); with 1-bit steps its run
 *          index is the lane base plus the steps set in rows 0 … p mod 16 of the lane's one
 *          16-bit step word, then one table entry;
 *   DICT   one 16-bit code in FFOR's slot order, then one dictionary entry (§4.1);
 *   RAW    value p is u32 p of the payload, read directly (spec/format.md §4.2);
 *   RUNS   the payload is staged as it lies; warp 0 marks where runs start in a bitmap of
 *          32 words and counts the starts before each word (galp/device/runs.cuh,
 *          spec/fastlanes.md §8), then an item's run is the starts before its word plus those
 *          in the word up to it, and its value that run's packed entry.
 *
 * The loader trusts a file that galp_open has validated (spec/format.md §6): payload sizes
 * as the entry implies, widths at most 32, run and dictionary counts in 1 … m. It reads
 * shared memory only inside the copied payload: run indexes and codes of positions at or
 * past m are not validated and are clamped to the table.
 */
#ifndef GALP_DEVICE_FASTLANES_TILE_CUH
#define GALP_DEVICE_FASTLANES_TILE_CUH

#include <stdint.h>

#include "galp/device/async_copy.cuh"
#include "galp/device/ffor_patches.cuh"
#include "galp/device/runs.cuh"
#include "galp/device/tile.cuh"
#include "galp/layout.h"

namespace galp::device {

/* A staged 128-byte line takes 36 words: line k's word j lies in bank (4·k + j) mod 32. */
constexpr unsigned fastlanes_tile_line_words = 36;
/* The largest u32 payload in 128-byte lines: DICT with 10-bit codes and a table of 1024
 * entries of 32 bits (spec/fastlanes.md §4.1); RLE takes at most 34, DELTA 33, FFOR 32. */
constexpr unsigned fastlanes_tile_lines = 10 + 32;

/* The shared memory of one FastLanes tile loader: the staged payload, 16-byte aligned for
 * the copy. */
struct fastlanes_tile_shared {
    alignas(16) uint32_t words[fastlanes_tile_lines * fastlanes_tile_line_words];
};

/* A RUNS payload is staged unpadded, its run heads (32 words) and the counts of heads before
 * each of their words (32 words) in the last 64 words, past the largest u32 payload
 * (spec/fastlanes.md §8.1: 1024 lengths of 10 bits and 1024 values of 32 bits). */
constexpr unsigned fastlanes_tile_run_heads = fastlanes_tile_lines * fastlanes_tile_line_words - 64u;
static_assert(galp_layout_runs_payload_bytes(32u, GALP_LAYOUT_RUNS_MAX_LENGTH_WIDTH, GALP_VECTOR_SIZE) <=
                  4u * fastlanes_tile_run_heads,
              "a RUNS payload and its heads fit the loader's shared memory");
/* A RUNS vector with delta-coded values (spec/fastlanes.md §8.5) keeps, in the 32 words
 * before its heads, the value of the run before each 32 positions' first run. */
constexpr unsigned fastlanes_tile_run_carries = fastlanes_tile_run_heads - 32u;
static_assert(galp_layout_runs_payload_bytes(32u, GALP_LAYOUT_RUNS_MAX_LENGTH_WIDTH, GALP_VECTOR_SIZE) <=
                  4u * fastlanes_tile_run_carries,
              "a RUNS payload, its carries and its heads fit the loader's shared memory");

namespace detail {

/* Word j (< 32) of staged line k, and 16-bit word j (< 64) of it. */
__device__ __forceinline__ uint32_t fl_word(const fastlanes_tile_shared &sm, unsigned k, unsigned j)
{
    return sm.words[k * fastlanes_tile_line_words + j];
}
__device__ __forceinline__ uint32_t fl_half(const fastlanes_tile_shared &sm, unsigned k, unsigned j)
{
    return reinterpret_cast<const uint16_t *>(sm.words + k * fastlanes_tile_line_words)[j];
}

/* The b packed bits (b <= 32) of FFOR slot s of 32-bit words staged from line `first`: row
 * s / 32 of lane s mod 32 (spec/ffor.md §2-§3); reads the lane's next word only when the
 * value straddles, so it never leaves the packed lines. */
__device__ __forceinline__ uint32_t fl_slot32(const fastlanes_tile_shared &sm, unsigned first,
                                              unsigned b, unsigned s)
{
    if (b == 0)
        return 0;
    const unsigned lane = s % 32u, bit = s / 32u * b, k = first + bit / 32u, off = bit % 32u;
    uint32_t v = fl_word(sm, k, lane) >> off;
    if (off + b > 32u)
        v |= fl_word(sm, k + 1u, lane) << (32u - off);
    return v & (0xffffffffu >> (32u - b));
}

/* The same over 16-bit words from line 0 (DICT's codes, spec/fastlanes.md §4.1): row s / 64
 * of lane s mod 64, c <= 16. */
__device__ __forceinline__ uint32_t fl_slot16(const fastlanes_tile_shared &sm, unsigned c, unsigned s)
{
    if (c == 0)
        return 0;
    const unsigned lane = s % 64u, bit = s / 64u * c, k = bit / 16u, off = bit % 16u;
    uint32_t v = fl_half(sm, k, lane) >> off;
    if (off + c > 16u)
        v |= fl_half(sm, k + 1u, lane) << (16u - off);
    return v & (0xffffu >> (16u - c));
}

/* Entry min(j, count − 1) of a staged table (spec/fastlanes.md §1) from line `first`. */
__device__ __forceinline__ uint32_t fl_entry(const fastlanes_tile_shared &sm, unsigned first,
                                             uint32_t base, unsigned b, unsigned count, unsigned j)
{
    return base + fl_slot32(sm, first, b, min(j, count - 1u));
}

} /* namespace detail */

namespace detail {

/* The first run of positions 32·w … 32·w + 31 of a staged RUNS vector: position p's run is p
 * where k = 0 (R = m), else a count of heads (mark_run_heads). */
__device__ __forceinline__ unsigned first_run_of_word(const runs_parts &runs, const uint32_t *heads,
                                                      const uint32_t *before, unsigned w)
{
    return runs.length_width == 0 ? min(32u * w, runs.count) : run_at(heads[w], before[w], 0);
}

} /* namespace detail */

/* The items of a staged RUNS vector with delta-coded values (spec/fastlanes.md §8.5), its heads
 * marked where k > 0. Warp 0 first stores, for each word w of 32 positions, the value of the
 * run before its first run lo(w) (the base for w = 0): lane w adds the steps of runs lo(w) …
 * lo(w + 1) − 1 (at most 32), and an exclusive scan over the lanes sums them. Then each warp,
 * for each of its words, decodes runs lo … lo + 31 on that value (delta_run_value) and each
 * position takes its run's value from lane (run − lo). */
__device__ inline void load_delta_runs(const detail::runs_parts &runs, uint32_t m, fastlanes_tile_shared &sm,
                                       uint32_t (&items)[tile_items])
{
    const unsigned t = threadIdx.x, lane = t % 32u, warp = t / 32u;
    const uint32_t *heads = sm.words + fastlanes_tile_run_heads, *before = heads + 32;
    uint32_t *carries = sm.words + fastlanes_tile_run_carries;
    runs.with_steps<uint32_t>([&](const auto &step) { /* uniform over the block */
        if (warp == 0) {
            const unsigned lo = detail::first_run_of_word(runs, heads, before, lane);
            const unsigned hi = lane == 31u ? runs.count : detail::first_run_of_word(runs, heads, before, lane + 1u);
            uint32_t sum = 0; /* lo <= hi <= lo + 32: the runs after lo start in word `lane` */
            for (unsigned j = lo; j < hi; j++)
                sum += step(j);
            uint32_t scan = sum;
#pragma unroll
            for (unsigned d = 1; d < 32u; d *= 2u) {
                const uint32_t below = __shfl_up_sync(~0u, scan, d);
                scan += lane >= d ? below : 0u;
            }
            carries[lane] = (uint32_t)runs.base + scan - sum;
        }
        __syncthreads();
#pragma unroll
        for (unsigned i = 0; i < tile_items; i++) {
            const unsigned p = i * tile_threads + t, w = p / 32u; /* uniform over the warp; p mod 32 = lane */
            const unsigned lo = detail::first_run_of_word(runs, heads, before, w);
            const uint32_t x = detail::delta_run_value<uint32_t>(runs, step, lo, lane, carries[w]);
            const unsigned r = runs.length_width == 0 ? p : detail::run_at(heads[w], before[w], lane);
            const uint32_t value = __shfl_sync(~0u, x, (r - lo) % 32u);
            items[i] = p < m ? value : 0u;
        }
    });
    __syncthreads();
}

/* Decodes vector `vector` (of m values, 1 … 1024) of the u32 column whose validated file, or
 * device image, starts at `image` (16-byte aligned) into items: item i of thread t is
 * position 128·i + t; items of positions >= m hold no value. Called by all 128 threads of
 * the block, which must have blockDim.x == tile_threads; `sm` is the block's shared
 * fastlanes_tile_shared. Ends with the block synchronised, so that sm can take the next
 * vector. */
__device__ inline void load_fastlanes_tile(const uint8_t *image, uint32_t vector, uint32_t m,
                                           fastlanes_tile_shared &sm, uint32_t (&items)[tile_items])
{
    const uint4 *entry = reinterpret_cast<const uint4 *>(
        image + GALP_HEADER_SIZE + (size_t)vector * GALP_VECTOR_ENTRY_SIZE);
    const uint4 head = __ldg(entry), tail = __ldg(entry + 1);
    /* spec/format.md §3.3: payload offset, base (its low 32 bits are the u32 base), payload
     * size, then exception count, scheme and bit width in one word */
    const uint8_t *payload = image + ((uint64_t)head.y << 32 | head.x);
    const uint32_t base = head.z, payload_size = tail.x;
    const unsigned count = tail.y & 0xffffu, scheme = tail.y >> 16 & 0xffu, b = tail.y >> 24;
    const unsigned t = threadIdx.x, lane = t % 32u, warp = t / 32u;
    if (scheme == GALP_SCHEME_RUNS) {
        /* 16-byte pieces: the payload is 16-byte aligned and the file ends in 256 zero bytes
         * (spec/format.md §3.5), so the last piece stays in the image */
        for (uint32_t p = t; p < (payload_size + 15u) / 16u; p += tile_threads)
            detail::copy16_async(sm.words + 4u * p, payload + 16u * p);
        detail::copy_commit();
        detail::copy_wait<0>();
        __syncthreads();
        const unsigned k = tail.z & 0xffu, factor = tail.z >> 8 & 0xffu; /* entry bytes 24, 25 */
        const detail::vector_entry e = {0u, base, count, scheme, b, k, factor};
        const detail::runs_parts runs(reinterpret_cast<const uint8_t *>(sm.words), e);
        uint32_t *heads = sm.words + fastlanes_tile_run_heads, *before = heads + 32;
        if (k != 0) { /* else every run is one position long: run p is position p */
            if (warp == 0) {
                detail::mark_run_heads(runs, lane, heads);
                before[lane] = detail::heads_before(heads[lane], lane);
            }
            __syncthreads();
        }
        if (runs.delta) {
            load_delta_runs(runs, m, sm, items);
            return;
        }
#pragma unroll
        for (unsigned i = 0; i < tile_items; i++) {
            const unsigned p = i * tile_threads + t, w = p / 32u; /* p mod 32 = lane */
            items[i] = p < m ? runs.value<uint32_t>(k == 0 ? p : detail::run_at(heads[w], before[w], lane)) : 0u;
        }
        __syncthreads();
        return;
    }
    if (scheme == GALP_SCHEME_RAW) {
        const uint32_t *values = reinterpret_cast<const uint32_t *>(payload);
#pragma unroll
        for (unsigned i = 0; i < tile_items; i++) {
            const unsigned p = i * tile_threads + t;
            items[i] = p < m ? __ldg(values + p) : 0u;
        }
        return;
    }
    /* FFOR, DELTA, RLE and DICT payloads are whole lines (spec/fastlanes.md §1-§4), but for a
     * FFOR vector's patches, which stay in global memory (spec/ffor.md §8.1) */
    const uint32_t pieces = scheme == GALP_SCHEME_FFOR ? 8u * b : payload_size / 16u;
    for (uint32_t p = t; p < pieces; p += tile_threads)
        detail::copy16_async(sm.words + p / 8u * fastlanes_tile_line_words + p % 8u * 4u,
                             payload + 16u * p);
    detail::copy_commit();
    detail::copy_wait<0>();
    __syncthreads();
    if (scheme == GALP_SCHEME_DELTA) {
        /* spec/fastlanes.md §2.2: value(l, r) = lane_base[l] + (r + 1)·base + d(0, l) + … +
         * d(r, l) mod 2^32, the deltas in line 1 on */
#pragma unroll
        for (unsigned i = 0; i < tile_items; i++) {
            const unsigned l = i * tile_warps + warp;
            const uint32_t d = detail::fl_slot32(sm, 1u, b, lane * 32u + l);
            items[i] = detail::fl_word(sm, 0u, l) + (lane + 1u) * base + detail::tile_warp_scan(d);
        }
    } else if (scheme == GALP_SCHEME_RLE) {
        /* spec/fastlanes.md §3.1: index lane bases in line 0, 1-bit steps (s = 1 when R > 1)
         * in line 1, the run values from line 1 + s */
        const unsigned s = galp_layout_rle_step_bits(count);
#pragma unroll
        for (unsigned i = 0; i < tile_items; i++) {
            const unsigned p = i * tile_threads + t, l = p / 16u, r = p % 16u;
            uint32_t index = detail::fl_half(sm, 0u, l);
            if (s != 0)
                index += __popc(detail::fl_half(sm, 1u, l) & ((2u << r) - 1u));
            items[i] = detail::fl_entry(sm, 1u + s, base, b, count, index & 0xffffu);
        }
    } else if (scheme == GALP_SCHEME_DICT) {
        /* spec/fastlanes.md §4.1: c-bit codes in lines 0 … c − 1, then the dictionary */
        const unsigned c = galp_layout_dict_code_bits(count);
#pragma unroll
        for (unsigned i = 0; i < tile_items; i++) {
            const unsigned p = i * tile_threads + t;
            items[i] = detail::fl_entry(sm, c, base, b, count, detail::fl_slot16(sm, c, p));
        }
    } else { /* FFOR: spec/ffor.md §4, and §8.2's patches where the vector has them */
#pragma unroll
        for (unsigned i = 0; i < tile_items; i++)
            items[i] = base + detail::fl_slot32(sm, 0u, b, i * tile_threads + t);
        if (count != 0) {
#pragma unroll
            for (unsigned i = 0; i < tile_items; i++)
                items[i] += detail::patch_addend_at<uint32_t>(payload, b, count, i * tile_threads + t);
        }
    }
    __syncthreads();
}

} /* namespace galp::device */

#endif /* GALP_DEVICE_FASTLANES_TILE_CUH */
