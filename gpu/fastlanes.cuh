/*
 * gpu/fastlanes.cuh — the engine of gpu/fastlanes.cu: the vectors of a column that holds
 * FastLanes vectors (spec/fastlanes.md), each staged in shared memory and decoded there by
 * one warp.
 *
 * Such a column holds RAW, FFOR, DELTA, RLE, DICT and RUNS vectors (spec/format.md §2,
 * spec/fastlanes.md §5, §8; f32 and f64 columns only RAW and DICT). RUNS vectors decode with a
 * bitmap of their run heads and are summed and counted a run at a time, from their staged
 * payload (galp/device/runs.cuh). Every warp of a block runs its
 * own pipeline (for_each_staged_vector): the payload of its next vector is on its way into
 * shared memory (cp.async, galp/device/async_copy.cuh) while it decodes the current one, so
 * many bytes are in flight per multiprocessor, as in the bulk scans
 * (galp/device/vector_pipeline.cuh). The warp branches once per vector on its scheme, so the
 * branch is uniform. RAW, FFOR and DICT positions decode independently, lane t taking
 * positions t, t + 32, ... (a patched FFOR vector's patches, spec/ffor.md §8, are handed to
 * the lanes of their slots a round of 32 positions at a time, galp/device/ffor_patches.cuh);
 * DELTA and RLE are chains of consecutive positions
 * (spec/fastlanes.md §2.1, §3.1), so lane t takes the 32 consecutive positions
 * 32·t ... 32·t + 31: one lane chain of u32, two halves of a u64 chain joined by one shuffle,
 * or several whole chains of narrower types and of RLE's 16-row index lanes. Every lane of
 * the warp works on every vector kind. A lane's 32 deltas of u32, and of u64 up to 32 bits
 * wide, are unpacked with the width a constant (galp/device/unpack_fixed.cuh), and so are the
 * DICT codes of two neighbouring code lanes (for_each_code_pair) and the entries of integer
 * tables (decode_staged_table). The sums also take RLE
 * lanes a run at a time (for_each_staged_rle_run), u32 DELTA lanes that never wrap in closed
 * form or as offsets from their start (scan_staged_delta32), u64 DELTA half lanes of deltas
 * up to 32 bits wide in closed form (scan_staged_delta64), and DICT dictionaries as offsets
 * from their base (decode_staged_table, offsets_add_up).
 */
#ifndef GALP_GPU_FASTLANES_CUH
#define GALP_GPU_FASTLANES_CUH

#include "galp/device/async_copy.cuh"
#include "galp/device/column.cuh"
#include "galp/device/ffor_patches.cuh"
#include "galp/device/table.cuh"
#include "galp/device/runs.cuh"
#include "galp/device/unpack_fixed.cuh"
#include "galp/layout.h"

namespace galp::device::detail {

/* The b packed bits of slot s of FFOR-packed words staged in shared memory (galp/device/table.cuh). */
template <typename Word>
__device__ __forceinline__ typename reg_of<Word>::type staged_slot(const Word *words, unsigned b, unsigned s)
{
    constexpr unsigned L = 1024u / (8u * sizeof(Word));
    return slot_bits<Word>(b, s, [=](unsigned k, unsigned lane) { return words[k * L + lane]; });
}

/* A staged packed table of `count` W-bit entries (spec/fastlanes.md §1): entry j is
 * (base + packed bits of slot j) mod 2^W, j clamped to count - 1 because the indexes of
 * positions past a vector's value count are not validated (spec/fastlanes.md §3.2, §4.2). */
template <typename Word> struct staged_table {
    typedef typename reg_of<Word>::type reg;
    const Word *words;
    reg base;
    unsigned bit_width;
    unsigned count;

    __device__ __forceinline__ reg entry(unsigned j) const
    {
        reg u = staged_slot(words, bit_width, min(j, count - 1u)) + base;
        if constexpr (sizeof(Word) < 4)
            u &= (reg)((1u << (8u * sizeof(Word))) - 1u);
        return u;
    }
};

/* The dictionary of a staged DICT vector (spec/fastlanes.md §4), after its codes: D =
 * exception_count entries, 1 <= D <= m (validated by galp_open). */
template <typename Word>
__device__ __forceinline__ staged_table<Word> staged_dictionary(const uint8_t *payload, const vector_entry &e)
{
    return {(const Word *)(payload + galp_layout_table_offset(GALP_SCHEME_DICT, e.exception_count)),
            (typename reg_of<Word>::type)e.base, e.bit_width, e.exception_count};
}

/* The run values of a staged RLE vector (spec/fastlanes.md §3), after its run index: R =
 * exception_count entries, 1 <= R <= m (validated by galp_open). */
template <typename Word>
__device__ __forceinline__ staged_table<Word> staged_runs(const uint8_t *payload, const vector_entry &e)
{
    return {(const Word *)(payload + galp_layout_table_offset(GALP_SCHEME_RLE, e.exception_count)),
            (typename reg_of<Word>::type)e.base, e.bit_width, e.exception_count};
}

/* The code of position p of a staged DICT vector, in FFOR's slot order over 16-bit words. */
__device__ __forceinline__ unsigned staged_dict_code(const uint8_t *payload, const vector_entry &e, unsigned p)
{
    return staged_slot((const uint16_t *)payload, galp_layout_dict_code_bits(e.exception_count), p);
}

/* The codes of rows First ... First + 7 of DICT code lanes 2·lane and 2·lane + 1 of a staged
 * vector into lo[] and hi[]: row r of them are positions 64·r + 2·lane and 64·r + 2·lane + 1,
 * two neighbours (spec/fastlanes.md §4.1: 16-bit words, 64 lanes of 16 rows). The two lanes'
 * k-th words are the halves of the 32-bit word 32·k + lane, low half first, so a lane reads
 * the words of its rows once and unpacks both lanes with the code width C a constant. Half a
 * lane at a time keeps the codes of all widths in the registers one consumer reads. Codes of
 * positions past m are whatever the file holds, below 2^C <= 1024. */
template <unsigned C, unsigned First>
__device__ __forceinline__ void unpack_code_pairs_fixed(const uint32_t *words, unsigned lane, uint32_t (&lo)[8],
                                                        uint32_t (&hi)[8])
{
    constexpr uint32_t mask = (1u << C) - 1u;
    constexpr unsigned k0 = First * C / 16u, words_read = C == 0 ? 0u : ((First + 8u) * C - 1u) / 16u + 1u - k0;
    uint32_t w[words_read == 0 ? 1 : words_read];
    if constexpr (words_read != 0) {
#pragma unroll
        for (unsigned k = 0; k < words_read; k++)
            w[k] = words[(k0 + k) * 32u + lane];
    }
#pragma unroll
    for (unsigned r = 0; r < 8; r++) {
        const unsigned bit = (First + r) * C, k = bit / 16u - k0, off = bit % 16u;
        if constexpr (C == 0) {
            lo[r] = hi[r] = 0;
        } else if (off + C <= 16u) {
            lo[r] = w[k] >> off & mask;
            hi[r] = w[k] >> (16u + off) & mask;
        } else { /* into the lanes' next words, which the code ends in: k + 1 < words_read */
            lo[r] = __byte_perm(w[k], w[k + 1], 0x5410) >> off & mask;
            hi[r] = __byte_perm(w[k], w[k + 1], 0x7632) >> off & mask;
        }
    }
}

template <unsigned First>
__device__ __forceinline__ void unpack_code_pairs(const uint8_t *payload, const vector_entry &e, unsigned lane,
                                                  uint32_t (&lo)[8], uint32_t (&hi)[8])
{
    dispatch_width<0, 10>(galp_layout_dict_code_bits(e.exception_count), [&](auto width) {
        unpack_code_pairs_fixed<decltype(width)::value, First>((const uint32_t *)payload, lane, lo, hi);
    });
}

/* f(r, lo, hi) for rows r = 0 ... 15 of DICT code lanes 2·lane and 2·lane + 1 of a staged
 * vector, the codes of positions 64·r + 2·lane and 64·r + 2·lane + 1 (see above). */
template <typename F>
__device__ __forceinline__ void for_each_code_pair(const uint8_t *payload, const vector_entry &e, unsigned lane,
                                                   F &&f)
{
    uint32_t lo[8], hi[8];
    unpack_code_pairs<0>(payload, e, lane, lo, hi);
#pragma unroll
    for (unsigned r = 0; r < 8; r++)
        f(r, lo[r], hi[r]);
    unpack_code_pairs<8>(payload, e, lane, lo, hi);
#pragma unroll
    for (unsigned r = 0; r < 8; r++)
        f(8u + r, lo[r], hi[r]);
}

/* The 32 values of rows 32·h ... 32·h + 31 (h = lane mod 2) of lane lane / 2 of staged FFOR-packed
 * 64-bit words (a u64 DELTA vector's deltas, a u64 table), b <= 32 wide, unpacked with b a
 * constant: the lane's bit stream as 32-bit words (each 64-bit word low half first), in which
 * the half's values start at bit 32·h·b, word h·b, and take b words (spec/ffor.md §2), of
 * which only the lane's first `stored` are read (a table's, spec/fastlanes.md §1). */
__device__ __forceinline__ void unpack_half64(const uint64_t *words, unsigned b, unsigned lane, unsigned stored,
                                              uint32_t (&d)[32])
{
    constexpr unsigned L = value_traits<uint64_t>::lanes;
    const uint32_t *halves = (const uint32_t *)words;
    const unsigned l = lane / 2u, h = lane % 2u;
    unpack32(b, [&](unsigned k) {
        const unsigned j = h * b + k;
        return j < stored ? halves[(j / 2u) * 2u * L + 2u * l + j % 2u] : 0u;
    }, d);
}

/* The entries of a staged table (a DICT vector's dictionary, an RLE vector's run values, at
 * most 1024) decoded into `out` (every lane of the warp calls it), or with Offsets their packed
 * bits alone, the offsets from the table's base; visible to the warp on return. */
template <typename T, bool Offsets = false>
__device__ __forceinline__ void decode_staged_table(const staged_table<typename value_traits<T>::word> &table,
                                                    unsigned lane, T *out)
{
    const unsigned count = min(table.count, GALP_VECTOR_SIZE);
    const auto one_by_one = [&] {
        for (unsigned j = lane; j < count; j += 32u) {
            if constexpr (Offsets)
                out[j] = (T)staged_slot(table.words, table.bit_width, j);
            else
                out[j] = value_from_word<T>(table.entry(j));
        }
    };
    if constexpr (value_traits<T>::is_float) {
        one_by_one(); /* unpacked as below, the f64 decompression kernel took 254 registers */
    } else if constexpr (value_traits<T>::bits == 32) {
        /* 32 lanes of 32-bit words: lane t's entries t, t + 32, ... are rows 0, 1, ... of FFOR
         * lane t, unpacked with the width a constant from the table's stored words only (its
         * rows beyond the last entry are whatever the file holds, and land in the tile) */
        const unsigned rows = (count + 31u) / 32u, words = (rows * table.bit_width + 31u) / 32u;
        if (rows == 1u) { /* up to 32 entries: entry t is row 0 of lane t, the low b bits of its word */
            if (lane < count) {
                const uint32_t bits = words == 0 ? 0u : table.words[lane] & (0xffffffffu >> (32u - table.bit_width));
                out[lane] = Offsets ? (T)bits : (T)(bits + table.base);
            }
            __syncwarp();
            return;
        }
        uint32_t v[32];
        unpack32(table.bit_width, [&](unsigned k) { return k < words ? (uint32_t)table.words[k * 32u + lane] : 0u; },
                 v);
#pragma unroll
        for (unsigned r = 0; r < 32; r++) {
            if (r < rows) {
                if constexpr (Offsets)
                    out[r * 32u + lane] = (T)v[r];
                else
                    out[r * 32u + lane] = (T)(v[r] + table.base);
            }
        }
    } else if constexpr (value_traits<T>::bits == 64) {
        if (table.bit_width > 32u) {
            one_by_one();
            __syncwarp();
            return;
        }
        /* 16 lanes of 64-bit words: lane t takes rows 32·(t mod 2) ... of FFOR lane t / 2, the
         * entries 16·row + t / 2, the same way */
        const unsigned rows = (count + 15u) / 16u, stored = 2u * ((rows * table.bit_width + 63u) / 64u);
        if (rows == 1u) { /* up to 16 entries: entry t is row 0 of lane t, the low b bits of its word */
            if (lane < count) {
                const uint32_t bits =
                    stored == 0 ? 0u : (uint32_t)table.words[lane] & (0xffffffffu >> (32u - table.bit_width));
                out[lane] = Offsets ? (T)bits : (T)(bits + table.base);
            }
            __syncwarp();
            return;
        }
        uint32_t v[32];
        unpack_half64((const uint64_t *)table.words, table.bit_width, lane, stored, v);
#pragma unroll
        for (unsigned r = 0; r < 32; r++) {
            const unsigned row = 32u * (lane % 2u) + r;
            if (row < rows) {
                if constexpr (Offsets)
                    out[16u * row + lane / 2u] = (T)v[r];
                else
                    out[16u * row + lane / 2u] = (T)(v[r] + table.base);
            }
        }
    } else {
        one_by_one();
    }
    __syncwarp();
}

/* Whether each entry of an integer table is its base plus its offset, with no wrap mod 2^W,
 * and 32 offsets add up in 32 bits: base + 2^b - 1 < 2^W and b <= 27 (32·(2^27 - 1) < 2^32).
 * Then the sum of n entries is n·base plus their offsets' sum, and the entries' order is
 * their offsets' (spec/fastlanes.md §1). */
template <typename Word> __device__ __forceinline__ bool offsets_add_up(const staged_table<Word> &table)
{
    constexpr uint64_t all = sizeof(Word) == 8 ? ~(uint64_t)0 : ((uint64_t)1 << (8u * sizeof(Word))) - 1u;
    return table.bit_width <= 27u && (uint64_t)table.base <= all - (((uint64_t)1 << table.bit_width) - 1u);
}

/* Index lane l (< 64) of a staged RLE vector's run indexes: its base, and its 16 steps as the
 * bits of one word, row r bit r (spec/fastlanes.md §3.1: steps are 1 bit wide, or 0 for a
 * single run, galp_layout_rle_step_bits). Row r's index is base plus the bits up to r. */
struct rle_index_lane {
    unsigned base, steps;
};
__device__ __forceinline__ rle_index_lane staged_rle_index_lane(const uint8_t *payload, const vector_entry &e,
                                                               unsigned l)
{
    const bool steps_packed = galp_layout_rle_step_bits(e.exception_count) != 0;
    return {((const uint16_t *)payload)[l],
            steps_packed ? ((const uint16_t *)(payload + galp_layout_lane_bases_bytes()))[l] : 0u};
}

/* The run indexes of positions 64·r + 2·lane and 64·r + 2·lane + 1 (r < 16) of a staged RLE
 * vector into lo and hi: both are in index lane 4·r + lane / 8, rows 2·(lane mod 8) and the
 * next, mod 2^16. */
__device__ __forceinline__ void staged_run_index_pair(const uint8_t *payload, const vector_entry &e, unsigned r,
                                                      unsigned lane, unsigned &lo, unsigned &hi)
{
    const rle_index_lane x = staged_rle_index_lane(payload, e, 4u * r + lane / 8u);
    const unsigned row = 2u * (lane % 8u);
    lo = (x.base + __popc(x.steps & ((2u << row) - 1u))) & 0xffffu;
    hi = (x.base + __popc(x.steps & ((4u << row) - 1u))) & 0xffffu;
}

/* f(p, addend) for each patch of a staged patched FFOR vector (spec/ffor.md §8.2), patch j on
 * lane j mod 32, addend h_j << b for slot p: positions are distinct and below m (galp_open,
 * §8.4), so the lanes' calls touch distinct slots and may run in parallel. */
template <typename Word, typename F>
__device__ __forceinline__ void for_each_staged_patch(const uint8_t *payload, const vector_entry &e, unsigned lane,
                                                      F &&f)
{
    const patch_arrays<Word> at(payload, e.bit_width, e.exception_count);
    for (unsigned j = lane; j < e.exception_count; j += 32u)
        f(at.position(j), (typename reg_of<Word>::type)at.high[j] << e.bit_width);
}

/* f(r, lo, hi) for rows r = 0 ... 15, lo and hi the run indexes of positions 64·r + 2·lane and
 * 64·r + 2·lane + 1 of a staged RLE vector (staged_run_index_pair): no chain along an index
 * lane, so the rows are independent, like for_each_code_pair's of a DICT vector. */
template <typename F>
__device__ __forceinline__ void for_each_run_index_pair(const uint8_t *payload, const vector_entry &e, unsigned lane,
                                                        F &&f)
{
#pragma unroll
    for (unsigned r = 0; r < 16; r++) {
        unsigned lo, hi;
        staged_run_index_pair(payload, e, r, lane, lo, hi);
        f(r, lo, hi);
    }
}

/* f(index, n) for the runs of the positions 32·lane ... 32·lane + 31 (those below m) of a
 * staged RLE vector: n >= 1 consecutive positions of run index `index`, below R (galp_open),
 * together each position once, in position order. They are index lanes 2·lane and
 * 2·lane + 1 (16 rows each): an index changes only at a set step bit of rows 1 ... 15 and
 * where the second lane starts from its own base, so a stretch between two such rows is one
 * table entry (spec/fastlanes.md §3.1). One loop over the 32 positions' stretches, a lookup
 * each: the warp runs as many turns as its lane with the most stretches, not that count for
 * each index lane in turn. */
template <typename F>
__device__ __forceinline__ void for_each_staged_rle_run(const uint8_t *payload, const vector_entry &e, unsigned m,
                                                        unsigned lane, F &&f)
{
    if (32u * lane >= m)
        return;
    const unsigned count = min(32u, m - 32u * lane);
    const rle_index_lane a = staged_rle_index_lane(payload, e, 2u * lane);
    const rle_index_lane b = staged_rle_index_lane(payload, e, 2u * lane + 1u);
    /* row 0 of either lane adds its step to its base; position 16 starts the second lane */
    const unsigned second = (b.base + (b.steps & 1u)) & 0xffffu;
    unsigned starts = (a.steps & 0xfffeu) | (b.steps & 0xfffeu) << 16 | 1u << 16;
    starts &= count == 32u ? ~0u : (1u << count) - 1u;
    unsigned index = (a.base + (a.steps & 1u)) & 0xffffu, first = 0;
    for (;;) {
        const unsigned end = starts != 0 ? (unsigned)__ffs(starts) - 1u : count;
        f(index, end - first);
        if (starts == 0)
            break;
        starts &= starts - 1u;
        index = end == 16u ? second : (index + 1u) & 0xffffu;
        first = end;
    }
}

/* Σ_r d[r] and Σ_r (32 - r)·d[r] of 32 deltas below 2^b: the second is the sum of the running
 * first (the sum of a chain's values from its steps, spec/fastlanes.md §2.2). In 32-bit
 * registers, two additions a delta, where both fit (b <= 22: 528·(2^22 - 1) < 2^32), else a
 * 64-bit addition and a widening multiply-add. */
__device__ __forceinline__ void delta_moments(const uint32_t (&d)[32], unsigned b, uint64_t &total,
                                              uint64_t &weighted)
{
    if (b <= 22) {
        uint32_t run = 0, acc = 0;
#pragma unroll
        for (unsigned r = 0; r < 32; r++) {
            run += d[r];
            acc += run;
        }
        total = run;
        weighted = acc;
        return;
    }
    total = weighted = 0;
#pragma unroll
    for (unsigned r = 0; r < 32; r++) {
        total += d[r];
        weighted += (uint64_t)d[r] * (32u - r);
    }
}

/* f(p, x) for the positions 32·lane ... 32·lane + 31 (those below m) of a staged DELTA vector:
 * value(r) = value(r - 1) + base + d(r) mod 2^W from the lane base (spec/fastlanes.md §2.2),
 * in 32-bit or 64-bit registers whose wrap agrees with 2^W's. */
template <typename T, typename F>
__device__ __forceinline__ void decode_staged_delta(const uint8_t *payload, const vector_entry &e, unsigned m,
                                                    unsigned lane, F &&f)
{
    typedef typename value_traits<T>::word Word;
    typedef typename reg_of<Word>::type reg;
    constexpr unsigned W = value_traits<T>::bits, L = value_traits<T>::lanes;
    const Word *bases = (const Word *)payload;
    const Word *deltas = (const Word *)(payload + galp_layout_lane_bases_bytes());
    const reg base = (reg)e.base;
    const unsigned b = e.bit_width;
    if constexpr (W == 32) { /* one chain, its 32 deltas unpacked with b a constant */
        uint32_t d[32];
        unpack32(b, [&](unsigned k) { return (uint32_t)deltas[k * L + lane]; }, d);
        reg x = (reg)bases[lane];
#pragma unroll
        for (unsigned r = 0; r < 32; r++) {
            x += base + d[r];
            if (lane * 32u + r < m)
                f(lane * 32u + r, (T)x);
        }
    } else if constexpr (W < 32) { /* 32 / W whole chains of W rows */
        for (unsigned j = 0; j < 32u / W; j++) {
            const unsigned l = lane * (32u / W) + j;
            reg x = (reg)bases[l];
#pragma unroll 8
            for (unsigned r = 0; r < W; r++) {
                x += base + staged_slot(deltas, b, r * L + l);
                if (l * W + r < m)
                    f(l * W + r, (T)x);
            }
        }
    } else { /* rows 32·h ... 32·h + 31 of chain lane / 2, h = lane % 2 */
        const unsigned l = lane / 2u, h = lane % 2u, first = h * 32u;
        if (b <= 32) {
            uint32_t d[32];
            unpack_half64(deltas, b, lane, 2u * b, d);
            reg part = 0;
#pragma unroll
            for (unsigned r = 0; r < 32; r++)
                part += base + d[r];
            const reg before = __shfl_up_sync(0xffffffffu, part, 1); /* the first half's sum */
            reg x = (reg)bases[l] + (h != 0 ? before : (reg)0);
#pragma unroll
            for (unsigned r = 0; r < 32; r++) {
                x += base + d[r];
                if (l * W + first + r < m)
                    f(l * W + first + r, (T)x);
            }
            return;
        }
        reg part = 0;
#pragma unroll 8
        for (unsigned r = first; r < first + 32u; r++)
            part += base + staged_slot(deltas, b, r * L + l);
        const reg before = __shfl_up_sync(0xffffffffu, part, 1);
        reg x = (reg)bases[l] + (h != 0 ? before : (reg)0);
#pragma unroll 8
        for (unsigned r = first; r < first + 32u; r++) {
            x += base + staged_slot(deltas, b, r * L + l);
            if (l * W + r < m)
                f(l * W + r, (T)x);
        }
    }
}

/* The values of positions 32·lane ... 32·lane + 31 of a staged u32 DELTA vector, a full lane:
 * sum(s) with their sum mod 2^64 and extremes(lo, hi) where the lane's chain provably never
 * wraps, else each(x) for each value. Every step of a vector adds s + d with d < 2^b, s the
 * base as a signed number, so the values are the integers start + Σ_{k<=r} step_k wherever
 * these stay in 0 ... 2^32 - 1 (spec/fastlanes.md §2.2). With s >= 0 no step descends, with
 * s + 2^b - 1 <= 0 none ascends (both uniform over the warp): such a chain stays in range if
 * its last value does, and its sum is 32·start + Σ_k (32 - k)·step_k, two additions a delta,
 * its extremes its first and last values. A chain whose steps go both ways stays in range if
 * 32 steps all down or all up would; where the steps are also below 2^21 in size, its values'
 * offsets from start and their sum fit in 32 bits, four instructions a value in one pass. */
template <typename Sum, typename Extremes, typename Each>
__device__ __forceinline__ void scan_staged_delta32(const uint8_t *payload, const vector_entry &e, unsigned lane,
                                                    Sum &&sum, Extremes &&extremes, Each &&each)
{
    const uint32_t *bases = (const uint32_t *)payload;
    const uint32_t *deltas = (const uint32_t *)(payload + galp_layout_lane_bases_bytes());
    const uint32_t base = (uint32_t)e.base;
    const int64_t step = (int32_t)base, widest = step + (int64_t)((1ull << e.bit_width) - 1u);
    const bool ascending = step >= 0, descending = widest <= 0;
    uint32_t d[32];
    unpack32(e.bit_width, [&](unsigned k) { return deltas[k * 32u + lane]; }, d);
    const uint32_t start = bases[lane];
    if (ascending || descending) {
        uint64_t total, weighted;
        delta_moments(d, e.bit_width, total, weighted);
        const int64_t first = (int64_t)start + step + d[0], last = (int64_t)start + 32 * step + (int64_t)total;
        if (ascending ? last <= (int64_t)UINT32_MAX : last >= 0) {
            sum((uint64_t)(32 * (int64_t)start + 528 * step + (int64_t)weighted));
            extremes((uint32_t)min(first, last), (uint32_t)max(first, last));
            return;
        }
    } else if (max(-step, widest) < (int64_t)1 << 21 && (int64_t)start + 32 * step >= 0 &&
               (int64_t)start + 32 * widest <= (int64_t)UINT32_MAX) {
        int32_t y = 0, total = 0, lo = INT32_MAX, hi = INT32_MIN; /* |y| < 2^26, |total| < 2^31 */
#pragma unroll
        for (unsigned r = 0; r < 32; r++) {
            y += (int32_t)(base + d[r]);
            total += y;
            lo = min(lo, y);
            hi = max(hi, y);
        }
        sum((uint64_t)(32 * (int64_t)start + total));
        extremes((uint32_t)((int64_t)start + lo), (uint32_t)((int64_t)start + hi));
        return;
    }
    uint32_t x = start;
#pragma unroll
    for (unsigned r = 0; r < 32; r++) {
        x += base + d[r];
        each(x);
    }
}

/* The values of rows 32·h ... 32·h + 31 (h = lane mod 2) of chain lane / 2 of a full staged u64
 * DELTA vector whose deltas are at most 32 bits wide; every lane of the warp calls it (one
 * shuffle). The values are the chain's mod 2^64, and so is their sum, so the sum is always in
 * closed form: sum(32·start + 528·base + Σ_k (32 - k)·d_k mod 2^64), start the value before
 * row 32·h (spec/fastlanes.md §2.2). Then extremes(lo, hi) where the half is monotone and
 * never wraps, else each(x) for each value: with base >= 0 as a signed number no step
 * descends, with base + 2^b - 1 <= 0 none ascends, and |base| < 2^56 keeps the half's steps,
 * at most 32·(2^56 + 2^32) in size, from wrapping when added, so that the half wraps exactly
 * where start plus them carries or borrows. */
template <typename Sum, typename Extremes, typename Each>
__device__ __forceinline__ void scan_staged_delta64(const uint8_t *payload, const vector_entry &e, unsigned lane,
                                                    Sum &&sum, Extremes &&extremes, Each &&each)
{
    const uint64_t *bases = (const uint64_t *)payload;
    const uint64_t *deltas = (const uint64_t *)(payload + galp_layout_lane_bases_bytes());
    const uint64_t base = e.base, limit = (uint64_t)1 << 56;
    const unsigned b = e.bit_width;
    uint32_t d[32];
    unpack_half64(deltas, b, lane, 2u * b, d);
    uint64_t total, weighted;
    delta_moments(d, b, total, weighted);
    const uint64_t steps = 32u * base + total;                     /* the half's steps, mod 2^64 */
    const uint64_t before = __shfl_up_sync(0xffffffffu, steps, 1); /* the first half's */
    const uint64_t start = bases[lane / 2u] + (lane % 2u != 0 ? before : 0u);
    sum(32u * start + 528u * base + weighted);
    const int64_t step = (int64_t)base;
    const bool ascending = step >= 0 && base < limit;
    const bool descending = step < 0 && base >= 0u - limit && step + (int64_t)(((uint64_t)1 << b) - 1u) <= 0;
    const uint64_t first = start + base + d[0], last = start + steps;
    if (ascending && last >= start) {
        extremes(first, last);
        return;
    }
    if (descending && last <= start) {
        extremes(last, first);
        return;
    }
    uint64_t x = start;
#pragma unroll
    for (unsigned r = 0; r < 32; r++) {
        x += base + d[r];
        each(x);
    }
}

/* f(p, x) for the positions 32·lane ... 32·lane + 31 (those below m) of a staged RLE vector:
 * index lanes 2·lane and 2·lane + 1 of 16 rows, each row adding its step to the running index
 * mod 2^16, the value that entry of the run table (spec/fastlanes.md §3.1). A run's value is
 * read from the table once per lane and run, not per row. */
template <typename T, typename F>
__device__ __forceinline__ void decode_staged_rle(const uint8_t *payload, const vector_entry &e, unsigned m,
                                                  unsigned lane, F &&f)
{
    typedef typename value_traits<T>::word Word;
    typedef typename reg_of<Word>::type reg;
    constexpr unsigned index_lanes = 64, index_rows = 16; /* 16-bit words (spec/fastlanes.md §3) */
    const staged_table<Word> runs = staged_runs<Word>(payload, e);
    for (unsigned j = 0; j < index_lanes / 32u; j++) {
        const unsigned l = lane * (index_lanes / 32u) + j;
        const rle_index_lane x = staged_rle_index_lane(payload, e, l);
        const unsigned bits = x.steps;
        unsigned index = x.base, read = ~0u; /* read: the index whose entry `value` holds */
        reg value = 0;
#pragma unroll
        for (unsigned r = 0; r < index_rows; r++) {
            index = (index + (bits >> r & 1u)) & 0xffffu;
            if (l * index_rows + r < m) {
                if (index != read) {
                    value = runs.entry(index);
                    read = index;
                }
                f(l * index_rows + r, (T)value);
            }
        }
    }
}

/* f(p, x) for the positions 32·r + lane (r = 0 ... 31, those below m) of an unpatched u32 FFOR
 * vector (spec/ffor.md §4), rows 0 ... 31 of FFOR lane `lane`, unpacked with the width a
 * constant (galp/device/unpack_fixed.cuh) as DELTA's lanes are; (base + packed bits) mod 2^32.
 * Decompression takes FFOR vectors this way; the scans keep decode_staged_vector's slot at a
 * time, with which their kernels need fewer registers. */
template <typename F>
__device__ __forceinline__ void decode_staged_ffor32(const uint8_t *payload, const vector_entry &e, unsigned m,
                                                     unsigned lane, F &&f)
{
    uint32_t v[32];
    unpack32(e.bit_width, [&](unsigned k) { return ((const uint32_t *)payload)[k * 32u + lane]; }, v);
#pragma unroll
    for (unsigned r = 0; r < 32; r++)
        if (32u * r + lane < m)
            f(32u * r + lane, (uint32_t)e.base + v[r]);
}

/* f(p, x) for every position p < m of a vector staged at `payload`, each once, spread over
 * the 32 lanes of a warp (every lane calls it, with its lane number; which lane gets which
 * position depends on the scheme, see above). RUNS vectors are the caller's: decompression
 * expands them with a bitmap of their heads (expand_run_values), the scans take them a run at a
 * time. */
template <typename T, typename F>
__device__ __forceinline__ void decode_staged_vector(const uint8_t *payload, const vector_entry &e, unsigned m,
                                                     unsigned lane, F &&f)
{
    typedef typename value_traits<T>::word Word;
    typedef typename reg_of<Word>::type reg;
    if (e.scheme == GALP_SCHEME_RAW) { /* value p is word p (spec/format.md §4.2) */
        for (unsigned p = lane; p < m; p += 32)
            f(p, value_from_word<T>(((const Word *)payload)[p]));
    } else if (e.scheme == GALP_SCHEME_DICT) {
        const staged_table<Word> dict = staged_dictionary<Word>(payload, e);
        for (unsigned p = lane; p < m; p += 32)
            f(p, value_from_word<T>(dict.entry(staged_dict_code(payload, e, p))));
    } else if constexpr (!value_traits<T>::is_float) {
        if (e.scheme == GALP_SCHEME_FFOR) { /* a table of 1024 entries (spec/ffor.md §4) */
            const staged_table<Word> ffor = {(const Word *)payload, (reg)e.base, e.bit_width, GALP_VECTOR_SIZE};
            if (e.exception_count == 0) {
                for (unsigned p = lane; p < m; p += 32)
                    f(p, (T)ffor.entry(p));
            } else { /* patched (spec/ffor.md §8.2): rounds of 32 slots, every lane in each */
                warp_patches<Word> patches(payload, e.bit_width, e.exception_count);
                for (unsigned round = 0; 32u * round < m; round++) {
                    const unsigned p = 32u * round + lane;
                    const reg x = ffor.entry(p) + patches.round_addend(round, lane);
                    if (p < m)
                        f(p, (T)x);
                }
            }
        } else if (e.scheme == GALP_SCHEME_DELTA) {
            decode_staged_delta<T>(payload, e, m, lane, f);
        } else {
            decode_staged_rle<T>(payload, e, m, lane, f);
        }
    }
}

/* Asks L2 for the entry and, up to 512 bytes, the payload of vector u (if u < n): a hint
 * that waits only for the entry's offset and size (spec/format.md §3.3). Payloads are
 * 16-byte aligned and the file ends in 256 zero bytes, so the rounded-up payload stays in
 * the image (spec/format.md §3.5). */
__device__ __forceinline__ void look_ahead(const galp_gpu_view &col, uint64_t u)
{
    constexpr unsigned small = 512;
    if (u >= col.vector_count)
        return;
    const uint8_t *entry = (const uint8_t *)vector_entry_words(col.data, u);
    const uint64_t offset = __ldg((const unsigned long long *)entry);
    const uint32_t bytes = (__ldg((const unsigned *)(entry + 16)) + 15u) & ~15u;
    if (bytes != 0 && bytes <= small)
        prefetch_to_l2(col.data + offset, bytes);
}

/* body(v, entry, m, payload) for every vector v of the column that this warp takes (every
 * warps()-th from its index), with the vector's payload staged in shared memory. `stages`
 * is this warp's two stages of stage_bytes (a multiple of 16, at least the column's largest
 * payload rounded up to 16) each; every lane of the warp calls it. The payload of the next
 * vector is copied while body runs and the entry of the one after it loaded, as words parsed
 * only past the body (entry_words, galp/device/column.cuh). A stage is refilled only after the
 * warp's __syncwarp past the body that read it. The copies round the payload up to 16 bytes:
 * payloads are 16-byte aligned and the file ends in 256 zero bytes, so they stay in the image
 * (spec/format.md §3.5). Runs = false for a column without RUNS
 * vectors, whose payload sizes then need no branch. A column that holds RUNS vectors, whose
 * payloads can be a few bytes and whose sums take a few instructions, would wait for memory
 * at each vector: there every 32 vectors lane t asks L2 for the entry and small payload of
 * the warp's vector 2 + t ahead (look_ahead), so that the pipeline's loads find them there. */
template <typename T, bool Runs = true, typename Body>
__device__ __forceinline__ void for_each_staged_vector(const galp_gpu_view &col, uint8_t *stages,
                                                       unsigned stage_bytes, Body &&body)
{
    constexpr unsigned W = value_traits<T>::bits;
    const unsigned lane = threadIdx.x % 32u;
    const uint64_t n = col.vector_count, step = (uint64_t)gridDim.x * (blockDim.x / 32u);
    const uint64_t first = (uint64_t)blockIdx.x * (blockDim.x / 32u) + threadIdx.x / 32u;
    const auto issue = [&](uint64_t v, const vector_entry &e, uint8_t *stage) {
        if (v < n) {
            const unsigned bytes =
                Runs && e.scheme == GALP_SCHEME_RUNS
                    ? galp_layout_runs_payload_bytes(e.bit_width, e.exponent, e.exception_count)
                    : galp_layout_payload_bytes((galp_scheme)e.scheme, W, e.bit_width, e.exception_count,
                                                vector_value_count(col, (uint32_t)v), 0u);
            const unsigned copied = min((bytes + 15u) & ~15u, stage_bytes); /* a valid image never clips */
            const uint8_t *src = col.data + e.payload_offset;
            for (unsigned o = lane * 16u; o < copied; o += 32u * 16u)
                copy16_async(stage + o, src + o);
        }
        copy_commit(); /* one group per vector, empty past the column's end */
    };
    const bool ahead = Runs && (col.vector_schemes >> GALP_SCHEME_RUNS & 1u) != 0; /* uniform */
    vector_entry e = load_entry_words(col, first).parse(), next = load_entry_words(col, first + step).parse();
    issue(first, e, stages);
    unsigned s = 0, turn = 0;
    for (uint64_t v = first; v < n; v += step, s ^= 1u, turn++) { /* 64 bits: no wrap */
        issue(v + step, next, stages + (s ^ 1u) * stage_bytes);
        const entry_words after = load_entry_words(col, v + 2u * step);
        if (ahead && turn % 32u == 0)
            look_ahead(col, v + (2u + lane) * step);
        copy_wait<1>(); /* this lane's copies of vector v have landed ... */
        __syncwarp();   /* ... and every lane's are visible to the warp */
        body((uint32_t)v, e, vector_value_count(col, (uint32_t)v), (const uint8_t *)stages + s * stage_bytes);
        __syncwarp(); /* the stage is refilled by the next iteration */
        e = next;
        next = after.parse();
    }
    copy_wait<0>();
}

} /* namespace galp::device::detail */

#endif /* GALP_GPU_FASTLANES_CUH */
