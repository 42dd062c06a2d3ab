/*
 * gpu/str_count_piece.cuh — the fused string counts of gpu/strings.cu: how many strings of a
 * piece (spec/fsst.md §5) equal a query, or start with it, decided code by code without
 * assembling any string's bytes.
 *
 *   str_match_table        an entry per code and per escaped byte: its length and terminal
 *                          flag and, for each string position below str_match_positions,
 *                          whether its bytes agree with the query there; for a query of at
 *                          most str_short_length bytes, a 4-byte entry too
 *   stage_str_match_table  the whole block builds it from the staged symbols and query
 *   count_str_piece        a lane counts the matching strings of one piece
 *
 * Why a table: a string matches when each of its codes agrees with the query at the position
 * where the code's bytes land (str_query_agrees), and when it ends at the query's length (or,
 * for a prefix, at or past it). With the agreement of every code at every position worked
 * out once per block, a code costs one shared-memory load and a bit test instead of a byte
 * comparison, and an escaped byte costs the same through its own entry. Past the query's
 * length every position agrees as the length itself does, so for a query shorter than
 * str_match_positions the last position stands for all later ones and no code is ever
 * compared byte by byte; a longer query compares the codes that land from that position on.
 * Nothing is assumed about how the encoder parsed a string: any valid sequence of codes is
 * followed as it is.
 *
 * Why short entries: for a query of at most str_short_length bytes a lane's state is one
 * number, the bit of the entry that the next code is tested at: 5 plus the string's position,
 * which stops at the query's length (a prefix agrees with any bytes past it; for equality
 * nothing that agrees goes past it), or 32 once the string has disagreed, a bit no entry has.
 * A code then costs a 4-byte load, one clamped shift and a minimum, where the 8-byte entries
 * carry a position, a flag and a 64-bit shift.
 */
#ifndef GALP_GPU_STR_COUNT_PIECE_CUH
#define GALP_GPU_STR_COUNT_PIECE_CUH

#include <stdint.h>

#include "galp/device/strings.cuh"

namespace str_count {

/* String positions whose agreement an entry holds: bits 0 .. 55; the descriptor (spec/fsst.md
 * §3: bits 0-3 the length, bit 7 the terminal flag) is bits 56 .. 63. */
constexpr unsigned str_match_positions = 56;

/* Queries of at most this many bytes take the short entries: bit 0 the terminal flag, bits
 * 1-4 the length, bit str_short_shift + p the agreement at position p (0 ... 26). */
constexpr unsigned str_short_length = 26;
constexpr unsigned str_short_shift = 5;
constexpr unsigned str_short_dead = 32; /* the bit a string that has disagreed is tested at */

/* entry[c] and, for a short query, short_entry[c], c < 256: code c, symbol c for c < k;
 * entry[256 + b]: the byte b after an escape (one byte, not terminal). The escape code's own
 * entry agrees everywhere and adds nothing: the byte after it is judged on the next turn.
 * Codes the table does not define (k ... 254) get 0: they occur only past a piece's last
 * string, where nothing is counted. The short entries serve the vectors without a default
 * length (count_str_piece), the others every other vector of the column. */
struct str_match_table {
    uint64_t entry[512];
    uint32_t short_entry[512];
};
constexpr unsigned str_literals = 256;

/* Every thread of the block calls it (it ends with __syncthreads), after t and q are staged. */
__device__ inline void stage_str_match_table(const galp::device::str_symbols &t,
                                             const galp::device::str_query &q,
                                             str_match_table &m)
{
    constexpr unsigned escape = galp::device::detail::str_escape;
    const bool short_query = q.length <= str_short_length;
    for (unsigned c = threadIdx.x; c < 512; c += blockDim.x) {
        const bool literal = c >= str_literals;
        const unsigned code = c % str_literals;
        uint64_t entry = 0;
        if (!literal && code == escape) {
            entry = ~0ull >> 8;
        } else if (literal || code < t.count) {
            const uint8_t d = literal ? 1u : t.descriptor[code];
            const uint64_t word = literal ? code : t.word[code];
            bool agrees = false;
            for (unsigned at = 0; at < str_match_positions; at++) {
                if (at <= q.length) /* past it, as at the length */
                    agrees = galp::device::str_query_agrees(q.word, q.length, q.prefix, at, word,
                                                            d & 0x0fu);
                entry |= (uint64_t)agrees << at;
            }
            entry |= (uint64_t)d << 56;
        }
        m.entry[c] = entry;
        /* the same facts: the terminal flag, the length, the agreement at positions 0 ... 26
         * (those past the length are never tested: a string stops there) */
        if (short_query)
            m.short_entry[c] = (uint32_t)(entry >> 63) | (uint32_t)(entry >> 56 & 0x0fu) << 1 |
                               (uint32_t)entry << str_short_shift;
    }
    __syncthreads();
}

/* A piece's codes a 32-bit word at a time, from aligned 16-byte chunks (load_str_chunk; a
 * piece's first code is 4-byte aligned, spec/fsst.md §5 and §5.1, so its first chunk starts
 * at most 12 bytes before it, inside the file). next(more) loads a chunk only when more
 * codes are wanted, so nothing past the chunk of the piece's last code is read. */
struct code_words {
    const uint4 *chunk;
    uint4 codes;
    unsigned words; /* of codes, those not yet read */

    __device__ __forceinline__ explicit code_words(const uint8_t *first)
        : chunk((const uint4 *)((uintptr_t)first & ~(uintptr_t)15)),
          codes(galp::device::detail::load_str_chunk(chunk)),
          words(4)
    {
        for (unsigned skip = (unsigned)((uintptr_t)first & 15) / 4; skip > 0; skip--)
            next(false);
    }
    /* the next four codes, the first in the low byte */
    __device__ __forceinline__ uint32_t word() const { return codes.x; }
    __device__ __forceinline__ void next(bool more)
    {
        codes = make_uint4(codes.y, codes.z, codes.w, 0);
        if (--words == 0 && more) {
            codes = galp::device::detail::load_str_chunk(++chunk);
            words = 4;
        }
    }
};

/* f(b) for each code byte b of the piece from `first` on, four a word (unrolled), while
 * more(): it is asked before each word, and before a chunk is loaded, so that the loop has
 * one back edge and the lanes of a warp stay together, each waiting only at its end. */
template <typename More, typename F>
__device__ __forceinline__ void for_each_code_byte(const uint8_t *first, More &&more, F &&f)
{
    code_words codes(first);
    while (more()) {
        const uint32_t w = codes.word();
#pragma unroll
        for (unsigned i = 0; i < 4; i++)
            f((w >> (8 * i)) & 0xffu);
        codes.next(more());
    }
}

/* Bits of x from bit `at` on, none when at >= 32 (PTX clamps the shift). */
__device__ __forceinline__ uint32_t shift_right_clamped(uint32_t x, uint32_t at)
{
    uint32_t r;
    asm("shr.b32 %0, %1, %2;" : "=r"(r) : "r"(x), "r"(at));
    return r;
}

/* The strings of the piece, of a vector without a default length, that match a query of at
 * most str_short_length bytes, whose table has the short entries; it follows
 * count_str_piece_as below turn for turn. State: at, the entry bit the next code is tested at
 * (str_short_shift plus the string's position, at most `full` for the query's length, or
 * str_short_dead); s and literal as below. A string matches when it ends at `full`; once the
 * piece's last string has ended, later ends count nothing. (Vectors with a default length
 * stay with count_str_piece_as: the string's bytes, which end a default string, would be one
 * more number to carry, and that version measured slower than it.) */
__device__ __forceinline__ uint32_t count_str_piece_short(const str_match_table &m,
                                                          const galp::device::str_query &q,
                                                          const galp::device::str_piece &piece)
{
    constexpr unsigned escape = galp::device::detail::str_escape;
    const uint32_t full = str_short_shift + q.length, strings = piece.strings;
    uint32_t s = 0, at = str_short_shift, matches = 0, literal = 0;
    for_each_code_byte(piece.codes, [&] { return s < strings; }, [&](unsigned b) {
        const uint32_t entry = m.short_entry[literal + b];
        const unsigned n = entry >> 1 & 0x0fu;
        const bool terminal = (entry & 1u) != 0;
        at = (shift_right_clamped(entry, at) & 1u) != 0 ? min(at + n, full) : str_short_dead;
        literal = literal == 0 && b == escape ? str_literals : 0;
        matches += terminal && at == full && s < strings;
        s += terminal;
        at = terminal ? str_short_shift : at;
    });
    return matches;
}

/* The strings of the piece that match q, for a vector with a default length (Default) or
 * without, and a query of str_match_positions bytes or more (Long) or shorter. One turn per
 * code byte, an escape and its literal byte taking a turn each, so that the four codes of a
 * 32-bit word take four turns unrolled; a turn reads nothing ahead. Like visit_str_piece
 * (galp/device/strings.cuh), a turn closes whatever string its code ends, and one back edge
 * per word keeps the lanes of a warp together, each waiting only at the end of its piece.
 *
 * State: pos, the string's bytes so far; alive, while its codes agree with the query, and 0
 * once the piece's last string has ended, so that the turns on the bytes after it count
 * nothing; fixed, the length that ends a default string (spec/fsst.md §5), or 0 for a
 * terminated one; literal, str_literals after an escape code, else 0. While a string is
 * alive, pos is at most the query's length when equality is asked (a code agrees only if its
 * bytes fit), so a string matches when it ends alive at pos >= length. The column was
 * validated, so a terminal code while the string is a default one is the end symbol that
 * marks a terminated string (a default string holds no terminal symbol), and a default
 * string ends at the code that brings pos to fixed; that code adds bytes, which tells it from
 * an escape code (no bytes) and a terminated string's codes from a default one's. The codes
 * come a word at a time (for_each_code_byte), the next chunk only while strings remain. */
template <bool Default, bool Long>
__device__ __forceinline__ uint32_t count_str_piece_as(const str_match_table &m,
                                                       const galp::device::str_symbols &t,
                                                       const galp::device::str_query &q,
                                                       const galp::device::str_piece &piece)
{
    constexpr unsigned escape = galp::device::detail::str_escape;
    constexpr uint32_t last = str_match_positions - 1;
    const uint32_t length = q.length;
    const uint32_t strings = piece.strings, fixed0 = Default ? piece.default_length : 0;
    uint32_t s = 0, pos = 0, fixed = fixed0, matches = 0, alive = 1, literal = 0;
    for_each_code_byte(piece.codes, [&] { return s < strings; }, [&](unsigned b) {
        const uint64_t entry = m.entry[literal + b];
        const unsigned d = (unsigned)(entry >> 56), n = d & 0x0fu;
        const bool terminal = (d & 0x80u) != 0;
        uint32_t agrees = (uint32_t)(entry >> (pos < last ? pos : last)) & 1u;
        if (Long && pos > last && alive != 0 && (literal != 0 || b != escape))
            agrees = galp::device::str_query_agrees(q.word, length, q.prefix, pos,
                                                    literal != 0 ? (uint64_t)b : t.word[b], n);
        alive &= agrees;
        pos += n;
        literal = literal == 0 && b == escape ? str_literals : 0;
        bool ends;
        if (Default) {
            ends = terminal ? fixed == 0 : pos == fixed && n != 0;
            fixed = ends ? fixed0 : terminal ? 0 : fixed;
        } else {
            ends = terminal;
        }
        matches += ends && alive != 0 && pos >= length;
        s += ends;
        pos = ends ? 0 : pos;
        alive = ends ? (uint32_t)(s < strings) : alive;
    });
    return matches;
}

/* The strings of the piece that match q (count_str_piece_short, count_str_piece_as), with m
 * staged for q (stage_str_match_table). */
__device__ __forceinline__ uint32_t count_str_piece(const str_match_table &m,
                                                    const galp::device::str_symbols &t,
                                                    const galp::device::str_query &q,
                                                    const galp::device::str_piece &piece)
{
    if (q.length <= str_short_length && piece.default_length == 0)
        return count_str_piece_short(m, q, piece);
    const bool long_query = q.length >= str_match_positions;
    if (piece.default_length != 0)
        return long_query ? count_str_piece_as<true, true>(m, t, q, piece)
                          : count_str_piece_as<true, false>(m, t, q, piece);
    return long_query ? count_str_piece_as<false, true>(m, t, q, piece)
                      : count_str_piece_as<false, false>(m, t, q, piece);
}

} // namespace str_count

#endif /* GALP_GPU_STR_COUNT_PIECE_CUH */
