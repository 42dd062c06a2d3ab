/*
 * gpu/str_warp_piece.cuh — a piece of an FSST vector (spec/fsst.md §5) decoded by a whole
 * warp, 128 code bytes at a time, with no serial walk over its codes. Not installed; the
 * kernels of gpu/strings.cu use it.
 *
 * A piece is read in windows of 128 code bytes, lane l holding bytes 4l … 4l + 3. Three facts
 * make every window's codes, output positions and string ends computable with warp scans:
 *
 * - Escapes. A byte is a literal exactly when the byte before it is an escape code, and a
 *   run of 255 bytes that starts at a code position alternates escape, literal, escape, …
 *   (a run starts at a code position whenever the byte before it is not 255, code or
 *   literal alike). So a lane whose 4 bytes are not all 255 knows whether the byte after
 *   them is a literal from the parity of its own trailing run of 255s, and a lane of four
 *   255s passes on what it received: the first byte of lane l is a literal as said by the
 *   nearest lane below l that is not all 255 (two ballots), or by the window before.
 * - Positions. Each code outputs ℓ bytes (a literal 1, an escape 0): a prefix sum gives
 *   every code's output position.
 * - String ends. With L = 0 a string ends at each terminal code. With L ≠ 0 terminal codes
 *   occur only in terminated strings, which begin with an end symbol (the mark) and end at
 *   their first terminal code, while the default strings between them hold none: so a
 *   window's terminal codes alternate mark, end, mark, end, …, and the parity of the
 *   terminal codes before a code (and whether the window starts inside a terminated string)
 *   says which a terminal code is, or whether a code lies among default strings. There a
 *   string ends where the bytes since the last string's end reach L; as no code crosses the
 *   end of a default string, a lane finds the first such end with one division and each
 *   later one L bytes on.
 *
 * Why a table of 512 entries (decode_table): with the escaped bytes as entries of their own,
 * a code and the literal after an escape are both one lookup, and whether the next byte is a
 * literal is whether this lookup was the escape's: a code costs two shared-memory loads and
 * no branch.
 *
 * The column must have been validated (galp_gpu_column_upload does), as the proof above
 * relies on spec/fsst.md §6: every code names a symbol, no default string holds a terminal
 * symbol or crosses L bytes, and every piece decodes to its recorded size.
 */
#ifndef GALP_GPU_STR_WARP_PIECE_CUH
#define GALP_GPU_STR_WARP_PIECE_CUH

#include <stdint.h>

#include "galp/device/strings.cuh"

namespace str_warp {

constexpr unsigned full_mask = 0xffffffffu;
constexpr unsigned window_bytes = 128; /* 4 code bytes per lane */
constexpr unsigned literal_entries = 256; /* decode_table: entry 256 + b is the literal b */

/* Entry c < 256: code c, that is symbol c for c < k, and 0 bytes for the escape code and the
 * unused codes k … 254 (these occur only in the zero padding after a piece's codes, which
 * nothing reads back); entry 256 + b: the escaped byte b. word holds the bytes, first in the
 * low byte and zero past them; descriptor bits 0-3 their number, bit 7 the terminal flag. */
struct decode_table {
    uint64_t word[2 * literal_entries];
    uint8_t descriptor[2 * literal_entries];
};

/* Every thread of the block calls it (it ends with __syncthreads), after t is staged. */
__device__ inline void stage_decode_table(const galp::device::str_symbols &t, decode_table &d)
{
    for (unsigned c = threadIdx.x; c < 2 * literal_entries; c += blockDim.x) {
        const bool literal = c >= literal_entries, symbol = !literal && c < t.count;
        const unsigned length = literal ? 1u : symbol ? t.descriptor[c] & 0x0fu : 0u;
        const uint64_t word = literal ? c - literal_entries : symbol ? t.word[c] : 0;
        d.word[c] = length == 8 ? word : word & ((1ull << (8 * length)) - 1);
        d.descriptor[c] = symbol ? t.descriptor[c] & 0x8fu : (uint8_t)length;
    }
    __syncthreads();
}

/* One piece, with the bounds a warp needs that the device API's str_piece leaves out. */
struct piece {
    const uint8_t *codes;    /* its first code byte, 4-byte aligned */
    uint32_t limit;          /* its code bytes: c_{j+1} - c_j, or C - c_j for the last */
    uint32_t strings;        /* s_{j+1} - s_j, at least 1 */
    uint32_t default_length; /* the vector's L */
    uint32_t out_len;        /* its decoded bytes: o_{j+1} - o_j */
    uint64_t first_row;      /* column index of its first string */
    uint64_t first_offset;   /* Arrow offset of its first byte: E_{v-1} + o_j */
};

/* Piece j of vector v (spec/fsst.md §4, §5, §5.1), whose piece count is p. The header's lean
 * flag is read here, for each piece, rather than held by the caller across decode_piece, where
 * one more live register makes decode_strings spill. */
__device__ inline piece load_piece(const galp_gpu_view &col, uint32_t v, const uint8_t *payload,
                                   uint32_t p, uint32_t j)
{
    namespace d = galp::device::detail;
    const bool lean = d::str_lean(col);
    const uint8_t *entry = col.data + GALP_HEADER_SIZE + (size_t)GALP_VECTOR_ENTRY_SIZE * v;
    const uint64_t first = v == 0 ? 0 : d::load_u64(entry - GALP_VECTOR_ENTRY_SIZE + 8);
    const uint64_t first_row = (uint64_t)v * GALP_VECTOR_SIZE, left = col.value_count - first_row;
    const uint32_t m = left < GALP_VECTOR_SIZE ? (uint32_t)left : GALP_VECTOR_SIZE;
    const d::str_entry e = d::load_str_entry(payload, lean, j);
    const bool last = j + 1 == p;
    /* the next piece's entry, or the vector's ends: s_p = m, C, o_p = D_v */
    const d::str_entry next =
        last ? d::str_entry{m, d::str_code_size(entry, payload, p, lean),
                            (uint32_t)(d::load_u64(entry + 8) - first)}
             : d::load_str_entry(payload, lean, j + 1);
    piece pc;
    pc.codes = payload + d::str_entry_at(lean, p) + e.code;
    pc.limit = next.code - e.code;
    pc.strings = next.first - e.first;
    pc.default_length = d::load_u32(payload + d::str_default_length_at(lean));
    pc.out_len = next.out - e.out;
    pc.first_row = first_row + e.first;
    pc.first_offset = first + e.out;
    return pc;
}

__device__ __forceinline__ unsigned lane_id() { return threadIdx.x & 31u; }

/* Inclusive prefix sum of v over the warp: each step adds the value d lanes below, where
 * there is one (the shuffle's predicate), so that a step is two instructions. */
__device__ __forceinline__ uint32_t inclusive_sum(uint32_t v)
{
#pragma unroll
    for (unsigned d = 1; d < 32; d *= 2)
        asm("{\n\t.reg .u32 r;\n\t.reg .pred p;\n\t"
            "shfl.sync.up.b32 r|p, %0, %1, 0, -1;\n\t"
            "@p add.u32 %0, %0, r;\n\t}"
            : "+r"(v)
            : "r"(d));
    return v;
}

/* The value v of the highest lane of `lanes`, or `none` if there is none. Every lane calls it. */
__device__ __forceinline__ uint32_t from_highest(unsigned lanes, uint32_t v, uint32_t none)
{
    const uint32_t got = __shfl_sync(full_mask, v, lanes != 0 ? 31 - __clz(lanes) : 0);
    return lanes != 0 ? got : none;
}

/* The same among the lanes of `lanes` below this one. */
__device__ __forceinline__ uint32_t from_nearest_below(unsigned lanes, uint32_t v, uint32_t none)
{
    return from_highest(lanes & ((1u << lane_id()) - 1u), v, none);
}

/* ⌊x / L⌋ for L ≥ 1, with a multiply-high by ⌈2^32 / L⌉ in place of a division: that quotient
 * is ⌊x / L⌋ or one more (never less, as the factor is at least 2^32 / L), so one correction
 * makes it exact. */
struct divider {
    uint32_t L, factor;
    __device__ explicit divider(uint32_t length)
        : L(length), factor(length > 1 ? 0xffffffffu / length + 1 : 0)
    {
    }
    __device__ __forceinline__ uint32_t operator()(uint32_t x) const
    {
        if (L == 1)
            return x;
        const uint32_t q = __umulhi(x, factor);
        return q - ((uint64_t)q * L > x);
    }
};

/* The lane's four codes of a window, and what the warp carries from one window to the next.
 * Positions are relative to the piece's first decoded byte. */
struct window {
    uint64_t word[4];   /* the code's bytes, zero past them (a literal: itself; 0 for an
                           escape and for bytes past the piece's codes) */
    uint32_t sizes;     /* byte k: how many of code k (0 for an escape and for bytes past the
                           piece's codes; at most 8, so a byte holds the sums below too) */
    uint32_t at;        /* where code 0's go; each code's follow those of the codes before it */
    uint32_t ends;      /* byte k's bit 7: one of the piece's strings ends after code k */
    uint32_t first_end; /* the piece's index of the first string the lane ends */
    uint32_t bytes;     /* the whole window's output bytes */

    __device__ __forceinline__ uint32_t size(unsigned k) const { return sizes >> (8 * k) & 0xffu; }
    /* where code k's bytes start, and end: the byte sums of sizes below k, and up to k */
    __device__ __forceinline__ uint32_t start(unsigned k) const
    {
        return at + ((sizes * 0x01010100u) >> (8 * k) & 0xffu);
    }
    __device__ __forceinline__ uint32_t end(unsigned k) const
    {
        return at + ((sizes * 0x01010101u) >> (8 * k) & 0xffu);
    }
    __device__ __forceinline__ bool ends_after(unsigned k) const
    {
        return (ends >> (8 * k + 7) & 1u) != 0;
    }
};

struct carry {
    uint32_t pos = 0;  /* the window's first output position */
    uint32_t done = 0; /* strings of the piece ended before it */
    uint32_t last = 0; /* where the last string before it ended (read with L ≠ 0) */
    bool literal = false;    /* its first byte is a literal */
    bool terminated = false; /* it starts inside a terminated string (L ≠ 0) */
};

/* The string ends of a lane's codes in a vector of default length L (spec/fsst.md §5), as bit
 * 7 of byte k for code k. `terminal` holds the same bits for the lane's terminal codes, and
 * `parity` counts the terminal codes of the window before the lane, plus one if the window
 * starts inside a terminated string. A terminal code with odd parity ends a terminated
 * string, one with even parity marks the start of one; a code of bytes with even parity lies
 * among default strings, which end every L bytes from the end of the last string before them
 * (`region`). Two passes: the terminated strings' ends need nothing from other lanes, and the
 * last of them below a lane gives that lane its region. */
struct default_ends {
    uint32_t terminated_ends = 0, last_terminated = 0;

    /* first pass: the terminated strings' ends, which need no knowledge of other lanes */
    __device__ __forceinline__ void find_terminated(const window &w, uint32_t terminal,
                                                    uint32_t parity)
    {
#pragma unroll
        for (unsigned k = 0; k < 4; k++) {
            const uint32_t bit = terminal & (0x80u << (8 * k));
            if (bit != 0 && (parity & 1u) != 0) {
                terminated_ends |= bit;
                last_terminated = w.end(k);
            }
            parity += bit != 0;
        }
    }

    /* second pass: the default strings' ends, from `region`, where the last string before
     * the lane ended */
    __device__ __forceinline__ uint32_t all(const window &w, const divider &div, uint32_t terminal,
                                            uint32_t parity, uint32_t region) const
    {
        const uint32_t L = div.L;
        uint32_t ends = terminated_ends;
        /* the first default end after the lane's start: no code crosses one */
        uint32_t target = region + L * (div(w.at - region) + 1);
#pragma unroll
        for (unsigned k = 0; k < 4; k++) {
            const uint32_t bit = terminal & (0x80u << (8 * k));
            const uint32_t end = w.end(k);
            if (bit != 0) {
                if ((parity & 1u) != 0)
                    target = end + L;
                parity++;
            } else if ((parity & 1u) == 0 && w.size(k) != 0 && end == target) {
                ends |= 0x80u << (8 * k);
                target += L;
            }
        }
        return ends;
    }
};

/* Classifies the window whose lane-l bytes are `bytes` (valid: how many of them are the
 * piece's, 0 … 4) and fills w from it and c, then advances c past it. Every lane calls it;
 * Default: the piece's vector has a default length (div divides by it). */
template <bool Default>
__device__ __forceinline__ void read_window(const decode_table &t, const piece &pc,
                                            const divider &div, uint32_t bytes, unsigned valid,
                                            carry &c, window &w)
{
    const uint32_t keep = valid >= 4 ? 0xffffffffu : (1u << (8 * valid)) - 1u;
    /* byte k 0xff: code byte k is 255 and the piece's */
    const uint32_t ff = __vcmpeq4(bytes, 0xffffffffu) & keep;
    const unsigned trailing = __clz(~ff) / 8; /* 255s at the lane's end, 0 … 4 */
    const unsigned open = __ballot_sync(full_mask, ff != 0xffffffffu);
    const unsigned odd = __ballot_sync(full_mask, ff != 0xffffffffu && (trailing & 1u));
    const unsigned prior = open & ((1u << lane_id()) - 1u);
    uint32_t literal = prior != 0 ? odd >> (31 - __clz(prior)) & 1u : c.literal;
    uint32_t descriptors = 0;
#pragma unroll
    for (unsigned k = 0; k < 4; k++) {
        const unsigned entry = (bytes >> (8 * k) & 0xffu) | literal << 8;
        w.word[k] = t.word[entry];
        descriptors |= (uint32_t)t.descriptor[entry] << (8 * k);
        literal = entry == galp::device::detail::str_escape;
    }
    /* bytes past the piece's codes (in its last window only) put nothing */
#pragma unroll
    for (unsigned k = 0; k < 4; k++)
        w.word[k] = k < valid ? w.word[k] : 0;
    const bool next_literal = __shfl_sync(full_mask, literal, 31);
    w.sizes = descriptors & keep & 0x0f0f0f0fu;
    const uint32_t terminal = descriptors & keep & 0x80808080u;
    const uint32_t sum = (w.sizes * 0x01010101u) >> 24;
    /* One scan for two sums: the lane's output bytes (at most 4 · 8, so at most 1024 in a
     * window) in the low 16 bits, its terminal codes in the high 16. */
    const uint32_t mine = sum | (uint32_t)__popc(terminal) << 16;
    const uint32_t both = inclusive_sum(mine), below_both = both - mine;
    const uint32_t window_both = __shfl_sync(full_mask, both, 31);
    w.at = c.pos + (below_both & 0xffffu);
    w.bytes = window_both & 0xffffu;

    /* with L = 0 the strings end at the terminal codes */
    uint32_t ends = terminal;
    uint32_t first = c.done + (below_both >> 16), ended = window_both >> 16;
    if (Default) {
        const uint32_t parity = (below_both >> 16) + c.terminated;
        default_ends d;
        d.find_terminated(w, terminal, parity);
        const unsigned with = __ballot_sync(full_mask, d.terminated_ends != 0);
        const uint32_t region = from_nearest_below(with, d.last_terminated, c.last);
        ends = d.all(w, div, terminal, parity, region);
        const uint32_t count = __popc(ends), counts = inclusive_sum(count);
        first = c.done + counts - count;
        ended = __shfl_sync(full_mask, counts, 31);
        c.terminated ^= (window_both >> 16) & 1u;
        /* where the window's last string ended: the last end of the highest lane with one */
        uint32_t last_end = 0;
#pragma unroll
        for (unsigned k = 0; k < 4; k++)
            if (ends & (0x80u << (8 * k)))
                last_end = w.end(k);
        c.last = from_highest(__ballot_sync(full_mask, ends != 0), last_end, c.last);
    }
    /* ends past the piece's last string come from the zero padding after its codes
     * (spec/fsst.md §5), in its last window only: keep the first `room` ends of the lane */
    if (c.done + ended > pc.strings) {
        const uint32_t room = first < pc.strings ? pc.strings - first : 0;
        for (unsigned k = 0, kept = 0; k < 4; k++)
            if (ends & (0x80u << (8 * k))) {
                if (kept >= room)
                    ends &= ~(0x80u << (8 * k));
                kept++;
            }
    }
    w.ends = ends;
    w.first_end = first;
    c.done = c.done + ended < pc.strings ? c.done + ended : pc.strings;
    c.pos += w.bytes;
    c.literal = next_literal;
}

/* Decodes the piece window by window: calls sink.begin(pc), hands each window to
 * sink.window(w, c) (c: the carry before the window), then calls sink.finish(). Every lane of
 * the warp calls it with the same piece. Each lane's next word is loaded before the current
 * window is worked on; words at or past limit are not read (the last piece's final word may
 * hold bytes past C, which lie in its payload's padding, and are ignored). */
template <bool Default, typename Sink>
__device__ __forceinline__ void decode_piece_as(const decode_table &t, const piece &pc, Sink &sink)
{
    const unsigned lane = lane_id();
    const divider div(Default ? pc.default_length : 1);
    carry c;
    sink.begin(pc);
    uint32_t offset = 4 * lane;
    uint32_t bytes = offset < pc.limit ? galp::device::detail::load_u32(pc.codes + offset) : 0;
    while (offset - 4 * lane < pc.limit && c.done < pc.strings) {
        const uint32_t left = offset < pc.limit ? pc.limit - offset : 0;
        const unsigned valid = left < 4 ? left : 4;
        const uint32_t next = offset + window_bytes;
        const uint32_t following =
            next < pc.limit ? galp::device::detail::load_u32(pc.codes + next) : 0;
        const carry before = c;
        window w;
        read_window<Default>(t, pc, div, bytes, valid, c, w);
        sink.window(w, before);
        bytes = following;
        offset = next;
    }
    sink.finish();
}

template <typename Sink>
__device__ void decode_piece(const decode_table &t, const piece &pc, Sink &sink)
{
    if (pc.default_length != 0)
        decode_piece_as<true>(t, pc, sink);
    else
        decode_piece_as<false>(t, pc, sink);
}

/* The mapping: vector v has `slots` items (1 to 32), the warps of the grid take the items in
 * turn, and item s of vector v decodes its pieces s, s + slots, … into the warp's sink. A
 * vector has about `slots` pieces when the launcher picks slots as the column's pieces per
 * vector rounded up, so an item is about one piece, and no list of pieces is needed. */
template <typename Sink>
__device__ void for_each_piece(const galp_gpu_view &col, const decode_table &t, unsigned slots,
                               Sink &sink)
{
    const uint64_t warp = ((uint64_t)blockIdx.x * blockDim.x + threadIdx.x) / 32;
    const uint64_t warps = (uint64_t)gridDim.x * blockDim.x / 32;
    const uint64_t items = (uint64_t)col.vector_count * slots;
    for (uint64_t item = warp; item < items; item += warps) {
        const uint32_t v = (uint32_t)(item / slots), s = (uint32_t)(item % slots);
        const uint8_t *entry = col.data + GALP_HEADER_SIZE + (size_t)GALP_VECTOR_ENTRY_SIZE * v;
        const uint8_t *payload = col.data + galp::device::detail::load_u64(entry);
        const uint32_t p = galp::device::detail::str_piece_count(
            entry, payload, galp::device::detail::str_lean(col));
        for (uint32_t j = s; j < p; j += slots)
            decode_piece(t, load_piece(col, v, payload, p, j), sink);
    }
}

/* Warps per vector for for_each_piece: the column's pieces per vector, rounded up. */
__host__ __device__ inline unsigned slots_for(uint64_t vector_count, uint64_t piece_count)
{
    const uint64_t s = vector_count == 0 ? 1 : (piece_count + vector_count - 1) / vector_count;
    return s < 1 ? 1u : s > 32 ? 32u : (unsigned)s;
}

} // namespace str_warp

#endif /* GALP_GPU_STR_WARP_PIECE_CUH */
