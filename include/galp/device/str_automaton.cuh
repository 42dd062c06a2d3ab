/*
 * galp/device/str_automaton.cuh — string equality and prefix matching as an automaton, for
 * users' kernels (installed; galp/device/strings.cuh gives the pieces): one shared-memory
 * lookup a code, no string assembled. gpu/strings.cu's counts are built on it.
 *
 *   str_automaton_bytes          shared memory the automaton of a query takes (0: too large)
 *   stage_str_automaton          the whole block builds it from the staged symbols and query
 *   count_str_automaton_piece    a lane counts the matching strings of one piece
 *   visit_str_automaton_matches  a lane calls on_match(row) for each matching string of one
 *                                piece, in order
 *
 * The automaton is built for one default length L (spec/fsst.md §5; 0: none) and serves the
 * pieces of vectors of that L only: galp_gpu_str_default_length (galp_gpu.h) tells whether
 * every vector of an uploaded column has the same one; for other pieces, str_matcher.
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
 * in bits 9-15, so at most 128 rows, with its swizzle) and, in bits 0 and 7, str_dfa_end +
 * str_dfa_matched when the code ends a string that matched, str_dfa_end when it ends one that
 * did not, 0 otherwise. A lane sums entry − (entry without the flags) over a step of 64
 * codes: its matches (at most 64) stay in bits 0-6 and its ends come apart above them.
 *
 * Why steps of several chunks: a lane follows one chain of dependent loads, one code after
 * another, and its next codes come from global memory; a load of each lane's next 16 bytes
 * waited longer than its 16 codes took to run, so each lane loads 64 bytes at once, a step
 * ahead of their use. Why a step runs unchecked: a lane's time is its chain's, and a test
 * whether the piece's last string has ended, after every word, put a compare and a branch
 * on the chain; a step's codes are all the piece's until its last string ends, so a lane
 * runs a whole step and tests once, and runs again, code by code, only the step in which
 * the piece ends (or, for visit_str_automaton_matches, one with a match).
 */
#ifndef GALP_DEVICE_STR_AUTOMATON_CUH
#define GALP_DEVICE_STR_AUTOMATON_CUH

#include <stdint.h>

#include "galp/device/strings.cuh"

namespace galp::device {

namespace str_dfa {

constexpr unsigned row_codes = 256;
constexpr unsigned row_shift = 9; /* a row's byte offset: row << row_shift (256 · 2 bytes) */
constexpr unsigned max_rows = 128;
constexpr uint32_t str_dfa_matched = 1, str_dfa_end = 128;
constexpr uint32_t flag_bits = str_dfa_matched | str_dfa_end;
constexpr unsigned end_shift = 7;                      /* ends = flag sum >> end_shift */
constexpr uint32_t match_bits = str_dfa_end - 1;       /* matches = flag sum & match_bits */

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

__device__ inline dfa_code dfa_code_of(const str_symbols &t, bool literal, unsigned b)
{
    constexpr unsigned escape = detail::str_escape;
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
__device__ inline uint16_t str_dfa_transition(const str_query &q, uint32_t L,
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
        !disagreed && str_query_agrees(q.word, n, q.prefix, p, c.word, c.length);
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
__device__ inline void stage_str_dfa(const str_symbols &t,
                                     const str_query &q, uint32_t L,
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

/* A looked-up entry taken: the row it leads to becomes `state`, its flags are added to
 * `flags`. */
__device__ __forceinline__ void dfa_take(uint32_t entry, uint32_t &state, uint32_t &flags)
{
    state = entry & ~flag_bits;
    flags += entry - state;
}

/* One code: its entry from the row whose key is `state` (dfa_take). `table` is the table's
 * shared-memory address: a 32-bit address needs no conversion from a generic pointer. */
__device__ __forceinline__ void dfa_step(uint32_t table, uint32_t &state, uint32_t &flags,
                                         uint32_t code)
{
    uint32_t entry;
    asm volatile("ld.shared.u16 %0, [%1];" : "=r"(entry) : "r"(table + (state ^ 2 * code)));
    dfa_take(entry, state, flags);
}

/* Code i (0 ... 3) of word w, the first in its low byte, as dfa_step, taken out of the word
 * in the same asm statement as the load: the compiler would otherwise take all the codes of
 * an unchecked step (dfa_run_step) out of their words before the first lookup, in more
 * registers than the kernel has. */
template <unsigned i>
__device__ __forceinline__ void dfa_step_in_word(uint32_t table, uint32_t &state,
                                                 uint32_t &flags, uint32_t w)
{
    uint32_t entry;
    asm volatile("{\n\t.reg .u32 a;\n\t"
                 "bfe.u32 a, %1, %3, 8;\n\t"
                 "shl.b32 a, a, 1;\n\t"
                 "xor.b32 a, a, %2;\n\t"
                 "add.u32 a, a, %4;\n\t"
                 "ld.shared.u16 %0, [a];\n\t}"
                 : "=r"(entry)
                 : "r"(w), "r"(state), "n"(8 * i), "r"(table));
    dfa_take(entry, state, flags);
}

/* The codes of one 32-bit word, the first in its low byte, from row `state`: false if the
 * piece's last string ends in it. A word in which the piece's last string ends is run again
 * code by code, stopping there, as the bytes after it (zeros up to the next piece,
 * spec/fsst.md §5, or the next vector) are not strings of the piece; so is a word with a
 * match when Rows, so that on_match(i) hears the index i in the piece of each matching
 * string. */
template <bool Rows, typename OnMatch>
__device__ __forceinline__ bool dfa_word(uint32_t table, uint32_t w, uint32_t strings,
                                         uint32_t &state, uint32_t &ends, uint32_t &sum,
                                         OnMatch &&on_match)
{
    uint32_t s = state, flags = 0;
#pragma unroll
    for (unsigned i = 0; i < 4; i++)
        dfa_step(table, s, flags, (w >> (8 * i)) & 0xffu);
    const bool last = ends + (flags >> end_shift) >= strings;
    if (!last && !(Rows && (flags & match_bits) != 0)) {
        ends += flags >> end_shift;
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
            if (Rows && (f & str_dfa_matched) != 0)
                on_match(ends);
            ends += f >> end_shift;
            sum += f;
        }
    }
    state = s;
    return !last;
}

/* The aligned 16-byte chunks of codes a lane loads at once (the top of the file says why;
 * 4, two steps in registers, is what the library's count kernel holds in 64 registers, the
 * most that lets two blocks of 512 threads share a multiprocessor). */
constexpr unsigned step_chunks = 4;

/* The words of `codes` from word `skip` on (dfa_word), until the piece's last string ends:
 * false then. Checked after every word: for a piece's first step, and to run again a step
 * that dfa_run_step found the piece to end in. */
template <bool Rows, typename OnMatch>
__device__ __forceinline__ bool dfa_step_words(uint32_t table,
                                               const uint4 (&codes)[step_chunks], unsigned skip,
                                               uint32_t strings, uint32_t &state, uint32_t &ends,
                                               uint32_t &sum, OnMatch &&on_match)
{
    bool more = true;
#pragma unroll
    for (unsigned k = 0; k < step_chunks; k++) {
        const uint32_t words[4] = {codes[k].x, codes[k].y, codes[k].z, codes[k].w};
#pragma unroll
        for (unsigned i = 0; i < 4; i++)
            more = more && (skip > 4 * k + i ||
                            dfa_word<Rows>(table, words[i], strings, state, ends, sum, on_match));
    }
    return more;
}

/* Every code of a step from row `state`, unchecked: their flags' sum (at most 64 matches,
 * so that they stay in match_bits). */
__device__ __forceinline__ uint32_t dfa_run_step(uint32_t table, const uint4 (&codes)[step_chunks],
                                                 uint32_t &state)
{
    static_assert(16 * step_chunks <= match_bits, "a step's matches must stay in match_bits");
    uint32_t s = state, flags = 0;
#pragma unroll
    for (unsigned k = 0; k < step_chunks; k++) {
        const uint32_t words[4] = {codes[k].x, codes[k].y, codes[k].z, codes[k].w};
#pragma unroll
        for (unsigned j = 0; j < 4; j++) {
            dfa_step_in_word<0>(table, s, flags, words[j]);
            dfa_step_in_word<1>(table, s, flags, words[j]);
            dfa_step_in_word<2>(table, s, flags, words[j]);
            dfa_step_in_word<3>(table, s, flags, words[j]);
        }
    }
    state = s;
    return flags;
}

/* The matching strings of the piece counted, and with Rows each one's index in the piece
 * handed to on_match. The codes come step_chunks aligned 16-byte chunks at a time, each step
 * loaded one step ahead of its use: the piece starts 4-byte aligned (spec/fsst.md §5), so its
 * first chunk starts at most 12 bytes before it, inside the file, and the step after the one
 * that holds its last code ends at most 32 · step_chunks bytes past that code, inside the
 * 256 bytes that spec/format.md §3.5 guarantees after every payload. The words of the first
 * chunk before the piece are skipped. */
template <bool Rows, typename OnMatch>
__device__ __forceinline__ uint32_t walk_piece(const uint8_t *shared_table, uint32_t start,
                                               const str_piece &piece, OnMatch &&on_match)
{
    const uint32_t table = (uint32_t)__cvta_generic_to_shared(shared_table);
    static_assert(32 * step_chunks <= 256, "a step ahead must stay inside the file's tail");
    const uint4 *chunk = (const uint4 *)((uintptr_t)piece.codes & ~(uintptr_t)15);
    uint4 codes[step_chunks], ahead[step_chunks];
#pragma unroll
    for (unsigned k = 0; k < step_chunks; k++)
        codes[k] = detail::load_str_chunk(chunk + k);
#pragma unroll
    for (unsigned k = 0; k < step_chunks; k++)
        ahead[k] = detail::load_str_chunk(chunk + step_chunks + k);
    uint32_t state = start, ends = 0, sum = 0;
    const unsigned skip = (unsigned)((uintptr_t)piece.codes & 15) / 4;
    bool more = dfa_step_words<Rows>(table, codes, skip, piece.strings, state, ends, sum, on_match);
    while (more) {
        chunk += step_chunks;
#pragma unroll
        for (unsigned k = 0; k < step_chunks; k++) {
            codes[k] = ahead[k];
            ahead[k] = detail::load_str_chunk(chunk + step_chunks + k);
        }
        uint32_t s = state;
        const uint32_t flags = dfa_run_step(table, codes, s);
        if (ends + (flags >> end_shift) < piece.strings && !(Rows && (flags & match_bits) != 0)) {
            ends += flags >> end_shift;
            sum += flags;
            state = s;
        } else {
            more = dfa_step_words<Rows>(table, codes, 0, piece.strings, state, ends, sum,
                                        on_match);
        }
    }
    return sum - str_dfa_end * ends;
}

} // namespace str_dfa

/* A staged automaton: its table in shared memory, the row every string starts in, and the
 * default length of the vectors it serves. */
struct str_automaton {
    const uint8_t *table;
    uint32_t start;
    uint32_t default_length;
};

/* Bytes of shared memory (16-byte aligned) the automaton of a query of n bytes takes for
 * vectors of default length L (0: none), or 0 where it would take more than
 * str_dfa::max_rows rows, 2(n + 2 + 2L), that is more than 64 KiB. */
__host__ __device__ inline unsigned str_automaton_bytes(uint32_t n, uint32_t L)
{
    return str_dfa::str_dfa_bytes(n, L);
}

/* Every thread of the block calls it (it ends with __syncthreads), after t and q are staged
 * (stage_str_symbols, stage_str_query), with str_automaton_bytes(q.length, L) != 0 bytes of
 * shared memory at storage. */
__device__ inline str_automaton stage_str_automaton(const str_symbols &t, const str_query &q,
                                                    uint32_t L, void *storage)
{
    str_dfa::stage_str_dfa(t, q, L, (uint16_t *)storage);
    return str_automaton{(const uint8_t *)storage, str_dfa::str_dfa_start(q.length, L), L};
}

/* The strings of a piece that match the automaton's query; the piece's vector must have the
 * automaton's default length (piece.default_length == a.default_length). */
__device__ __forceinline__ uint32_t count_str_automaton_piece(const str_automaton &a,
                                                              const str_piece &piece)
{
    return str_dfa::walk_piece<false>(a.table, a.start, piece, [](uint32_t) {});
}

/* on_match(row) for each string of the piece that matches, in order (row: its column index);
 * the piece's vector must have the automaton's default length. Returns their count. */
template <typename OnMatch>
__device__ __forceinline__ uint32_t visit_str_automaton_matches(const str_automaton &a,
                                                                const str_piece &piece,
                                                                OnMatch &&on_match)
{
    return str_dfa::walk_piece<true>(a.table, a.start, piece,
                                     [&](uint32_t i) { on_match(piece.first_row + i); });
}

} // namespace galp::device

#endif /* GALP_DEVICE_STR_AUTOMATON_CUH */
