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
 *   string ends where the bytes since the last terminated string's end reach a multiple of L.
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

/* Exclusive prefix sum of v over the warp; *total the warp's sum. */
__device__ __forceinline__ uint32_t exclusive_sum(uint32_t v, uint32_t *total)
{
    uint32_t s = v;
    for (unsigned d = 1; d < 32; d *= 2) {
        const uint32_t o = __shfl_up_sync(full_mask, s, d);
        if (lane_id() >= d)
            s += o;
    }
    *total = __shfl_sync(full_mask, s, 31);
    return s - v;
}

/* The largest v of the lanes below this one, or below if larger (none below: below). */
__device__ __forceinline__ uint32_t exclusive_max(uint32_t v, uint32_t below)
{
    uint32_t s = v;
    for (unsigned d = 1; d < 32; d *= 2) {
        const uint32_t o = __shfl_up_sync(full_mask, s, d);
        if (lane_id() >= d)
            s = o > s ? o : s;
    }
    const uint32_t prev = __shfl_up_sync(full_mask, s, 1);
    return lane_id() == 0 || prev < below ? below : prev;
}

/* The largest v over the warp. */
__device__ __forceinline__ uint32_t warp_max(uint32_t v)
{
    for (unsigned d = 16; d > 0; d /= 2) {
        const uint32_t o = __shfl_xor_sync(full_mask, v, d);
        v = o > v ? o : v;
    }
    return v;
}

/* Whether x is a multiple of L (≥ 1), with a multiply-high by ⌈2^32 / L⌉ in place of a
 * division: that quotient is ⌊x / L⌋ or one more (never less, as the factor is at least
 * 2^32 / L), so one correction makes it exact. */
struct multiple_test {
    uint32_t L, factor;
    __device__ explicit multiple_test(uint32_t length)
        : L(length), factor(length > 1 ? 0xffffffffu / length + 1 : 0)
    {
    }
    __device__ __forceinline__ bool operator()(uint32_t x) const
    {
        if (L == 1)
            return true;
        uint32_t q = __umulhi(x, factor);
        q -= (uint64_t)q * L > x;
        return x - q * L == 0;
    }
};

/* The lane's four codes of a window, and what the warp carries from one window to the next.
 * Positions are relative to the piece's first decoded byte. */
struct window {
    uint64_t word[4];  /* the code's bytes, the first in the low byte (a literal: itself) */
    uint32_t sizes;    /* byte k: how many of code k (0 for an escape and for bytes past the
                          piece's codes; at most 8, so a byte holds the sums below too) */
    uint32_t at;       /* where code 0's go; each code's follow those of the codes before it */
    unsigned ends;      /* bit k: one of the piece's strings ends after code k */
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
};

struct carry {
    uint32_t pos = 0;    /* the window's first output position */
    uint32_t done = 0;   /* strings of the piece ended before it */
    uint32_t start = 0;  /* where the string open at its start began (L ≠ 0) */
    bool literal = false;    /* its first byte is a literal */
    bool terminated = false; /* it starts inside a terminated string (L ≠ 0) */
};

/* Classifies the window whose lane-l bytes are `bytes` (valid: how many of them are the
 * piece's, 0 … 4) and fills w from it and c, then advances c past it. Every lane calls it. */
__device__ __forceinline__ void read_window(const galp::device::str_symbols &t, const piece &pc,
                                            const multiple_test &multiple, uint32_t bytes,
                                            unsigned valid, carry &c, window &w)
{
    const unsigned lane = lane_id(), below = (1u << lane) - 1u;
    /* bit k: byte k is 255 and the piece's */
    unsigned ff = 0;
    for (unsigned k = 0; k < 4; k++)
        ff |= (unsigned)((bytes >> (8 * k) & 0xffu) == 0xffu && k < valid) << k;
    const unsigned trailing = __clz(~(ff << 28)); /* 255s at the lane's end, 0 … 4 */
    const unsigned open = __ballot_sync(full_mask, ff != 0xfu);
    const unsigned odd = __ballot_sync(full_mask, ff != 0xfu && (trailing & 1u));
    const unsigned prior = open & below;
    bool literal = prior != 0 ? (odd >> (31 - __clz(prior))) & 1u : c.literal;

    uint32_t sum = 0;
    w.sizes = 0;
    unsigned terminal = 0;
    for (unsigned k = 0; k < 4; k++) {
        const unsigned x = bytes >> (8 * k) & 0xffu;
        const bool escape = k < valid && !literal && x == galp::device::detail::str_escape;
        const unsigned d = k >= valid || escape ? 0u : literal ? 1u : t.descriptor[x];
        w.word[k] = literal ? x : d == 0 ? 0 : t.word[x];
        w.sizes |= (d & 0x0fu) << (8 * k);
        sum += d & 0x0fu;
        terminal |= (d >> 7) << k;
        literal = escape;
    }
    const bool next_literal = __shfl_sync(full_mask, literal, 31);
    /* One scan for two sums: the lane's output bytes (at most 4 · 8, so at most 1024 in a
     * window) in the low 16 bits, its terminal codes in the high 16. */
    uint32_t both;
    const uint32_t below_both = exclusive_sum(sum | (uint32_t)__popc(terminal) << 16, &both);
    const uint32_t total = both & 0xffffu, at = c.pos + (below_both & 0xffffu);
    w.at = at;

    /* with L = 0 the strings end at the terminal codes */
    unsigned ends = terminal;
    uint32_t first = c.done + (below_both >> 16), ended = both >> 16;
    if (pc.default_length != 0) {
        const uint32_t terminals = below_both >> 16, term_total = both >> 16;
        uint32_t region = c.start;
        if (term_total != 0) {
            /* where the lane's last terminated string ended: a terminal code whose parity
             * (terminals before it, and the carried state) is odd ends one */
            uint32_t last = 0;
            for (unsigned k = 0, t_before = terminals; k < 4; k++)
                if (terminal >> k & 1u) {
                    if ((t_before + c.terminated) & 1u)
                        last = w.end(k);
                    t_before++;
                }
            region = exclusive_max(last, c.start);
        }
        ends = 0;
        for (unsigned k = 0, t_before = terminals; k < 4; k++) {
            const bool inside = (t_before + c.terminated) & 1u;
            if (terminal >> k & 1u) {
                ends |= (unsigned)inside << k; /* a mark when outside */
                if (inside)
                    region = w.end(k);
                t_before++;
            } else if (!inside && w.size(k) != 0 && multiple(w.end(k) - region)) {
                ends |= 1u << k;
            }
        }
        c.terminated ^= term_total & 1u;
        first = c.done + exclusive_sum(__popc(ends), &ended);
    }
    /* ends past the piece's last string come from the zero padding after its codes
     * (spec/fsst.md §5): only the first `room` ends of the lane are the piece's */
    const uint32_t room = first < pc.strings ? pc.strings - first : 0;
    for (unsigned k = 0, kept = 0; k < 4; k++)
        if (ends >> k & 1u) {
            if (kept >= room)
                ends &= ~(1u << k);
            kept++;
        }
    w.ends = ends;
    w.first_end = first;
    w.bytes = total;
    /* the string open after the window began where its last string ended (read only with
     * L ≠ 0) */
    if (pc.default_length != 0) {
        uint32_t last_end = 0;
        for (unsigned k = 0; k < 4; k++)
            if (ends >> k & 1u)
                last_end = w.end(k);
        const uint32_t m = warp_max(last_end);
        c.start = m > c.start ? m : c.start;
    }
    c.done = c.done + ended < pc.strings ? c.done + ended : pc.strings;
    c.pos += total;
    c.literal = next_literal;
}

/* Decodes the piece window by window: calls sink.begin(pc), hands each window to
 * sink.window(w, c) (c: the carry before the window), then calls sink.finish(). Every lane of
 * the warp calls it with the same piece. Each lane's next word is loaded before the current window is worked on; words at or
 * past limit are not read (the last piece's final word may hold bytes past C, which lie in
 * its payload's padding, and are ignored). */
template <typename Sink>
__device__ void decode_piece(const galp::device::str_symbols &t, const piece &pc, Sink &sink)
{
    const unsigned lane = lane_id();
    const multiple_test multiple(pc.default_length != 0 ? pc.default_length : 1);
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
        read_window(t, pc, multiple, bytes, valid, c, w);
        sink.window(w, before);
        bytes = following;
        offset = next;
    }
    sink.finish();
}

/* The mapping: vector v has `slots` items (1 to 32), the warps of the grid take the items in
 * turn, and item s of vector v decodes its pieces s, s + slots, … into the warp's sink. A
 * vector has about `slots` pieces when the launcher picks slots as the column's pieces per
 * vector rounded up, so an item is about one piece, and no list of pieces is needed. */
template <typename Sink>
__device__ void for_each_piece(const galp_gpu_view &col, const galp::device::str_symbols &t,
                               unsigned slots, Sink &sink)
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
