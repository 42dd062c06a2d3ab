/*
 * gpu/str_count_dfa.cuh — the fused string counts of gpu/strings.cu as an automaton: how many
 * strings of a piece (spec/fsst.md §5) equal a query, or start with it, for columns whose
 * vectors share one default length (none counts as one), with the query short enough for its
 * table to fit in shared memory.
 *
 *   str_dfa_rows        the rows of the table for a query length and default length
 *   str_dfa_bytes       the shared memory they take, 0 where they pass max_rows
 *   stage_str_dfa       the whole block builds the table from the staged symbols and query
 *   str_dfa_start       the row every string of the column starts in
 *   count_str_dfa_piece a lane counts the matching strings of one piece
 *
 * Why an automaton: everything the count needs to know about a string while its codes go by
 * is a handful of cases: terminated and still agreeing with the query at position p
 * (0 ... n), terminated and disagreeing, a default string agreeing at p (0 ... L − 1), a
 * default string disagreeing at p; and whether the last code was an escape, whose next byte
 * is a literal. With each case a row of 256 entries, one per code (or, after an escape, per
 * literal byte), holding the row the code leads to and whether it ended a string and whether
 * that string matched, a code costs one shared-memory load and a few integer instructions
 * (extract, address, mask, sum), where following the string's position, agreement and
 * length costs several times that. The table is worked out once per block from the symbol
 * table and the query with str_query_agrees, so nothing about how the encoder parsed a
 * string is assumed: any valid sequence of codes leads where its bytes do.
 *
 * Entries are 16 bits: the next row's key (row_key: its byte offset in the table, row · 512
 * in bits 9-15, so at most 128 rows, with its swizzle) and, in bits 0 and 3, str_dfa_end +
 * str_dfa_matched when the code ends a string that matched, str_dfa_end when it ends one that
 * did not, 0 otherwise. A lane sums entry − (entry without the flags) over a 32-bit word of
 * four codes: at most 4 · 9, so the word's ends (the sum's bits 3 on) and matches (bits 0-2)
 * come apart exactly.
 *
 * Why steps of several chunks: a lane follows one chain of dependent loads, one code after
 * another, and its next codes come from global memory; a load of each lane's next 16 bytes
 * waited longer than its 16 codes took to run, so each lane loads 64 bytes at once, a step
 * ahead of their use.
 */
#ifndef GALP_GPU_STR_COUNT_DFA_CUH
#define GALP_GPU_STR_COUNT_DFA_CUH

#include <stdint.h>

#include "galp/device/strings.cuh"
#include "str_count_piece.cuh"

namespace str_dfa {

constexpr unsigned row_codes = 256;
constexpr unsigned row_shift = 9; /* a row's byte offset: row << row_shift (256 · 2 bytes) */
constexpr unsigned max_rows = 128;
constexpr uint32_t str_dfa_matched = 1, str_dfa_end = 8;
constexpr uint32_t flag_bits = str_dfa_matched | str_dfa_end;

/* Where code b's entry sits in row r: at 2b XOR swizzle(r), bits 2 and 4-6 of the byte
 * offset, the bits that pick a shared-memory bank and that the flags leave free. Without it
 * every row would put code b in the same bank, and the lanes of a warp, each in its own row
 * and most reading the few codes common in the column, would wait on each other's loads;
 * with it, rows that differ modulo 16 put each code in different banks. An entry holds its
 * row's offset and swizzle together, so that a code's address is one XOR. */
__host__ __device__ inline uint32_t swizzle(unsigned row)
{
    return (row & 1u) << 2 | (row >> 1 & 7u) << 4;
}
__host__ __device__ inline uint32_t row_key(unsigned row)
{
    return (uint32_t)row << row_shift | swizzle(row);
}

/* States, for a query of n bytes and a default length L (0: the vectors have none); each is
 * two rows, the second for the byte after an escape:
 *   p          0 ... n   a terminated string that agrees so far, at position p (for a
 *                        prefix, n means it has all of the query)
 *   n + 1                a terminated string that disagrees
 *   n + 2 + p  p < L     a default string that agrees at position p
 *   n + 2 + L + p        a default string that disagrees, at position p */
__host__ __device__ inline unsigned str_dfa_rows(uint32_t n, uint32_t L)
{
    return 2 * (n + 2 + 2 * L);
}

/* Bytes of the table for a query of n bytes and default length L, or 0 where it would take
 * more than max_rows rows (n and L are bounded first, so that the rows do not overflow). */
__host__ __device__ inline unsigned str_dfa_bytes(uint32_t n, uint32_t L)
{
    if (n > max_rows || L > max_rows || str_dfa_rows(n, L) > max_rows)
        return 0;
    return str_dfa_rows(n, L) * row_codes * (unsigned)sizeof(uint16_t);
}

/* The state every string starts in: a default string at position 0 where the vectors have a
 * default length (its first code may still mark it terminated), else a terminated one. */
__device__ __forceinline__ unsigned start_state(uint32_t n, uint32_t L)
{
    return L == 0 ? 0u : n + 2;
}

/* The key of the row every string starts in. */
__device__ __forceinline__ uint32_t str_dfa_start(uint32_t n, uint32_t L)
{
    return row_key(2 * start_state(n, L));
}

__device__ inline uint16_t dfa_entry(unsigned state, bool literal, uint32_t flags)
{
    return (uint16_t)(row_key(2 * state + (literal ? 1u : 0u)) | flags);
}

/* What a code does, or, after an escape, a literal byte: its bytes, and whether it is the
 * escape, a code the table does not define (k ... 254: they occur only past a piece's last
 * string, where nothing is counted) or terminal. */
struct dfa_code {
    uint64_t word;
    unsigned length;
    bool escape, undefined, terminal;
};

__device__ inline dfa_code dfa_code_of(const galp::device::str_symbols &t, bool literal, unsigned b)
{
    constexpr unsigned escape = galp::device::detail::str_escape;
    dfa_code c{literal ? (uint64_t)b : 0, literal ? 1u : 0u, !literal && b == escape,
               !literal && b != escape && b >= t.count, false};
    if (!literal && b < t.count) {
        c.word = t.word[b];
        c.length = t.descriptor[b] & 0x0fu;
        c.terminal = (t.descriptor[b] & 0x80u) != 0;
    }
    return c;
}

/* The entry of code c in `state`'s row (its literal row if c is a literal byte), as
 * spec/fsst.md §5 decodes it. */
__device__ inline uint16_t str_dfa_transition(const galp::device::str_query &q, uint32_t L,
                                              unsigned state, bool literal, const dfa_code &c)
{
    const uint32_t n = q.length;
    if (c.escape)
        return dfa_entry(state, true, 0);
    if (c.undefined) /* stays where it is */
        return dfa_entry(state, literal, 0);
    const bool default_string = state >= n + 2, disagreed = state == n + 1 || state >= n + 2 + L;
    const uint32_t p = state <= n ? state
                       : state == n + 1 ? 0
                                        : state - (state >= n + 2 + L ? n + 2 + L : n + 2);
    const bool agrees =
        !disagreed && galp::device::str_query_agrees(q.word, n, q.prefix, p, c.word, c.length);
    const uint32_t pos = p + c.length;
    const bool matched = agrees && (q.prefix ? pos >= n : pos == n);
    const uint32_t flags = str_dfa_end + (matched ? str_dfa_matched : 0);
    const unsigned start = start_state(n, L);
    const unsigned terminated = agrees ? (pos < n ? pos : n) : n + 1;
    if (!default_string) /* it ends at its terminal symbol */
        return c.terminal ? dfa_entry(start, false, flags) : dfa_entry(terminated, false, 0);
    if (c.terminal) /* the end symbol: what follows is a terminated string */
        return dfa_entry(terminated, false, 0);
    if (pos >= L) /* no code crosses the end of a default string */
        return dfa_entry(start, false, flags);
    return dfa_entry(agrees ? n + 2 + pos : n + 2 + L + pos, false, 0);
}

/* Every thread of the block calls it (it ends with __syncthreads), after t and q are staged,
 * with str_dfa_rows(q.length, L) <= max_rows rows of room at `table`. A thread takes a code
 * (or a literal byte) and fills its entry in every state's row, so that it reads the symbol
 * once. */
__device__ inline void stage_str_dfa(const galp::device::str_symbols &t,
                                     const galp::device::str_query &q, uint32_t L,
                                     uint16_t *table)
{
    const unsigned states = str_dfa_rows(q.length, L) / 2;
    for (unsigned i = threadIdx.x; i < 2 * row_codes; i += blockDim.x) {
        const bool literal = i >= row_codes;
        const unsigned b = i % row_codes;
        const dfa_code c = dfa_code_of(t, literal, b);
        for (unsigned state = 0; state < states; state++) {
            const unsigned row = 2 * state + (literal ? 1u : 0u);
            table[(row_key(row) ^ 2 * b) / 2] = str_dfa_transition(q, L, state, literal, c);
        }
    }
    __syncthreads();
}

/* One code: its entry from the row whose key is `state`, the flags added to `flags`. */
__device__ __forceinline__ void dfa_step(const uint8_t *table, uint32_t &state, uint32_t &flags,
                                         uint32_t code)
{
    const uint32_t entry = *(const uint16_t *)(table + (state ^ 2 * code));
    state = entry & ~flag_bits;
    flags += entry - state;
}

/* The codes of one 32-bit word, the first in its low byte, from row `state`: false if the
 * piece's last string ends in it. Its four entries' flags add up to at most 4 · 9 < 512, so
 * the word's ends (bits 3 on) and matches (bits 0-2) come apart from the one sum; the word
 * in which the piece's last string ends is run again code by code, stopping there, as the
 * bytes after it (zeros up to the next piece, spec/fsst.md §5, or the next vector) are not
 * strings of the piece. */
__device__ __forceinline__ bool dfa_word(const uint8_t *table, uint32_t w, uint32_t strings,
                                         uint32_t &state, uint32_t &ends, uint32_t &sum)
{
    uint32_t s = state, flags = 0;
#pragma unroll
    for (unsigned i = 0; i < 4; i++)
        dfa_step(table, s, flags, (w >> (8 * i)) & 0xffu);
    if (ends + (flags >> 3) < strings) {
        ends += flags >> 3;
        sum += flags;
        state = s;
        return true;
    }
    s = state;
#pragma unroll
    for (unsigned i = 0; i < 4; i++) {
        if (ends < strings) {
            uint32_t f = 0;
            dfa_step(table, s, f, (w >> (8 * i)) & 0xffu);
            ends += f >> 3;
            sum += f;
        }
    }
    return false;
}

/* The aligned 16-byte chunks of codes a lane loads at once (the top of the file says why;
 * 4 keeps the kernel within 64 registers). */
constexpr unsigned step_chunks = 4;

/* The words of `codes` from word `skip` on (dfa_word), until the piece's last string ends:
 * false then. */
__device__ __forceinline__ bool dfa_step_words(const uint8_t *table,
                                               const uint4 (&codes)[step_chunks], unsigned skip,
                                               uint32_t strings, uint32_t &state, uint32_t &ends,
                                               uint32_t &sum)
{
    bool more = true;
#pragma unroll
    for (unsigned k = 0; k < step_chunks; k++) {
        const uint32_t words[4] = {codes[k].x, codes[k].y, codes[k].z, codes[k].w};
#pragma unroll
        for (unsigned i = 0; i < 4; i++)
            more = more &&
                   (skip > 4 * k + i || dfa_word(table, words[i], strings, state, ends, sum));
    }
    return more;
}

/* The strings of the piece that match, with the table staged (stage_str_dfa) and `start`
 * from str_dfa_start. The codes come step_chunks aligned 16-byte chunks at a time, each step
 * loaded one step ahead of its use: the piece starts 4-byte aligned (spec/fsst.md §5), so its
 * first chunk starts at most 12 bytes before it, inside the file, and the step after the one
 * that holds its last code ends at most 32 · step_chunks bytes past that code, inside the
 * 256 bytes that spec/format.md §3.5 guarantees after every payload. The words of the first
 * chunk before the piece are skipped. */
__device__ __forceinline__ uint32_t count_str_dfa_piece(const uint8_t *table, uint32_t start,
                                                        const galp::device::str_piece &piece)
{
    static_assert(32 * step_chunks <= 256, "a step ahead must stay inside the file's tail");
    const uint4 *chunk = (const uint4 *)((uintptr_t)piece.codes & ~(uintptr_t)15);
    uint4 codes[step_chunks], ahead[step_chunks];
#pragma unroll
    for (unsigned k = 0; k < step_chunks; k++)
        codes[k] = str_count::load_code_chunk(chunk + k);
#pragma unroll
    for (unsigned k = 0; k < step_chunks; k++)
        ahead[k] = str_count::load_code_chunk(chunk + step_chunks + k);
    uint32_t state = start, ends = 0, sum = 0;
    const unsigned skip = (unsigned)((uintptr_t)piece.codes & 15) / 4;
    bool more = dfa_step_words(table, codes, skip, piece.strings, state, ends, sum);
    while (more) {
        chunk += step_chunks;
#pragma unroll
        for (unsigned k = 0; k < step_chunks; k++) {
            codes[k] = ahead[k];
            ahead[k] = str_count::load_code_chunk(chunk + step_chunks + k);
        }
        more = dfa_step_words(table, codes, 0, piece.strings, state, ends, sum);
    }
    return sum - str_dfa_end * ends;
}

} // namespace str_dfa

#endif /* GALP_GPU_STR_COUNT_DFA_CUH */
