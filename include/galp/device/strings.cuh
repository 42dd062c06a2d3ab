/*
 * galp/device/strings.cuh — str columns (spec/fsst.md) in the device API: a user's kernel
 * receives each string of an FSST column, in pieces of its symbols, without the column ever
 * being decoded to memory.
 *
 *   str_symbols                the column's symbol table (spec/fsst.md §3), in shared memory
 *   stage_str_symbols          the whole block stages it from the column, once per kernel
 *   visit_strings_by_warp      the mapping PIECE_PER_LANE: each warp takes groups of
 *                              vectors (str_vectors_per_warp_for picks how many,
 *                              str_warps_for sizes a grid with a warp per group) and its
 *                              lanes decode their pieces (spec/fsst.md §5),
 *                              one piece per lane at a time, calling the visitor for each
 *                              string of it
 *   visit_str_piece            one piece, for kernels with a mapping of their own
 *   for_each_str_piece_by_warp the same mapping, handing each lane's pieces to a function
 *                              of the caller's instead of decoding them
 *   str_query                  a query of str_matcher, in shared memory (stage_str_query)
 *   str_matcher                equality or prefix test of a string against a query, fed by
 *                              the same calls
 *   str_query_agrees           whether bytes at a position of a string agree with a query
 *
 * A visitor is any object with these three members; each lane calls them on its own copy,
 * for the strings of one piece after another, each string's calls in this order:
 *
 *   __device__ void begin(uint64_t row, uint64_t offset);  string `row` of the column starts;
 *                                                          `offset` is its Arrow offset (the
 *                                                          string bytes of the rows before it)
 *   __device__ void bytes(uint64_t word, unsigned n);      its next n bytes (1 ... 8), the
 *                                                          first in the low byte of word,
 *                                                          the bytes past them zero
 *   __device__ void end();                                 it has ended
 *
 * Why a piece per lane: a piece is the only point of a vector's codes where decoding can
 * start (spec/fsst.md §5), and a vector of short strings holds only a few pieces, so a warp
 * per vector would leave most lanes idle. A warp takes 32 vectors at once instead, numbers
 * their pieces with a warp scan and deals them out to its lanes.
 *
 * The column must have been validated (galp_gpu_column_upload does): every code names a
 * symbol, no escape ends a piece and every piece decodes to its recorded size, so nothing
 * here checks the codes.
 */
#ifndef GALP_DEVICE_STRINGS_CUH
#define GALP_DEVICE_STRINGS_CUH

#include <stdint.h>

#include "galp.h"
#include "galp_gpu.h"
#include "galp/device/str_shared_starts.cuh"

namespace galp::device {

/* The symbol table (spec/fsst.md §3): symbol c's bytes, first in the low byte of word[c],
 * and its descriptor (bits 0-3 its length, bit 7 its terminal flag). */
struct str_symbols {
    uint64_t word[255];
    uint8_t descriptor[255];
    unsigned count;
};

/* One piece of a vector (spec/fsst.md §5), with its positions in the column. */
struct str_piece {
    const uint8_t *codes;    /* its first code, 4-byte aligned */
    uint64_t first_row;      /* column index of its first string */
    uint64_t first_offset;   /* Arrow offset of its first string: E_{v-1} + o_j */
    uint32_t strings;        /* s_{j+1} - s_j */
    uint32_t default_length; /* the vector's L (0: none) */
};

/* The vectors a warp of visit_strings_by_warp takes at once, by default: a vector of short
 * strings has two to four pieces (spec/fsst.md §7: about 2 KiB of codes each), so 16 vectors
 * keep the 32 lanes busy. Columns of longer strings have more pieces per vector and want
 * fewer vectors per warp, so that more warps share the work: str_vectors_per_warp_for picks
 * the number from the column's piece count, which the host can read from the file. */
constexpr unsigned str_vectors_per_warp = 16;

/* About 32 pieces per warp, between 1 and 32 vectors. */
__host__ __device__ inline unsigned str_vectors_per_warp_for(uint64_t vector_count,
                                                             uint64_t piece_count)
{
    const uint64_t g = piece_count == 0 ? 32 : 32 * vector_count / piece_count;
    return g < 1 ? 1u : g > 32 ? 32u : (unsigned)g;
}

/* The warps that give every group of vectors_per_warp vectors its own warp. */
__host__ __device__ inline uint64_t str_warps_for(const galp_gpu_view &col,
                                                  unsigned vectors_per_warp = str_vectors_per_warp)
{
    return (col.vector_count + vectors_per_warp - 1) / vectors_per_warp;
}

namespace detail {

constexpr unsigned str_escape = 255;
constexpr uint8_t str_end_symbol = 0x80; /* terminal, no bytes (spec/fsst.md §5) */

__device__ __forceinline__ uint32_t load_u32(const uint8_t *p) { return __ldg((const uint32_t *)p); }
__device__ __forceinline__ uint64_t load_u64(const uint8_t *p) { return __ldg((const unsigned long long *)p); }

/* spec/fsst.md §5 and §5.1: a vector's payload in the plain form holds p, C and L, then
 * every piece's entry; in the lean form (header flag bit 8) it holds L, then the entries of
 * pieces 1 … p − 1 (piece 0's is 0, 0, 0), its p is the entry's exception_count and its C
 * what the directory leaves of payload_size. */
constexpr unsigned str_header_flags = 20;   /* header offset of the flags (spec/format.md §3.1) */
constexpr unsigned str_entry_size = 16;     /* entry offset of payload_size (format §3.3) */
constexpr unsigned str_entry_count = 20;    /* entry offset of exception_count */

__device__ __forceinline__ bool str_lean(const galp_gpu_view &col)
{
    return (load_u32(col.data + str_header_flags) & GALP_FLAG_LEAN_STR_VECTORS) != 0;
}

/* Payload offset of piece j's entry (j ≥ 1 in the lean form); with j = p, of the code area. */
__device__ __forceinline__ size_t str_entry_at(bool lean, uint32_t j)
{
    return lean ? 4 + 12 * (size_t)(j - 1) : 12 + 12 * (size_t)j;
}

/* Payload offset of the default length L. */
__device__ __forceinline__ size_t str_default_length_at(bool lean) { return lean ? 0 : 8; }

/* Vector v's piece count, from its metadata entry or its payload. */
__device__ __forceinline__ uint32_t str_piece_count(const uint8_t *entry, const uint8_t *payload,
                                                    bool lean)
{
    return lean ? load_u32(entry + str_entry_count) & 0xffffu : load_u32(payload);
}

/* Vector v's code size C. */
__device__ __forceinline__ uint32_t str_code_size(const uint8_t *entry, const uint8_t *payload,
                                                  uint32_t pieces, bool lean)
{
    return lean ? load_u32(entry + str_entry_size) - (uint32_t)str_entry_at(true, pieces)
                : load_u32(payload + 4);
}

/* Piece j's entry: s_j, c_j, o_j (the lean form's piece 0 has none: 0, 0, 0). */
struct str_entry {
    uint32_t first, code, out;
};
__device__ __forceinline__ str_entry load_str_entry(const uint8_t *payload, bool lean, uint32_t j)
{
    if (lean && j == 0)
        return str_entry{0, 0, 0};
    const uint8_t *e = payload + str_entry_at(lean, j);
    return str_entry{load_u32(e), load_u32(e + 4), load_u32(e + 8)};
}

/* A 16-byte chunk of a lane's codes, asking L2 (sm_80 on) to fetch the 256-byte block that
 * holds it: a lane reads its piece a chunk or a few at a time, so without the hint every
 * 32-byte sector waits for DRAM in turn; with it, the lane's next chunks of that block are
 * already in L2. A 256-byte aligned block never leaves the chunk's page. */
__device__ __forceinline__ uint4 load_str_chunk(const uint4 *chunk)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    uint4 v;
    asm("ld.global.nc.L2::256B.v4.u32 {%0, %1, %2, %3}, [%4];"
        : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
        : "l"(chunk));
    return v;
#else
    return __ldg(chunk);
#endif
}

/* The symbol table sits after the header and the metadata table (spec/fsst.md §2). */
__device__ __forceinline__ const uint8_t *str_table(const galp_gpu_view &col)
{
    return col.data + GALP_HEADER_SIZE + (size_t)GALP_VECTOR_ENTRY_SIZE * col.vector_count;
}

/* Reads a piece's codes in aligned 16-byte chunks, one load per 16 codes, each chunk loaded
 * when the first of its codes is needed. A piece starts 4-byte aligned (spec/fsst.md §5,
 * §5.1), so its first chunk starts at most 12 bytes before it, inside the file (the header,
 * the tables or the payloads before it), and no chunk past the one that holds the piece's
 * last code is read. Nothing is loaded ahead: a chunk
 * held ahead in registers has to move into the current words when they run out, which in a
 * loop of one turn per code costs register moves at every turn, while the other warps of the
 * SM keep it busy during a load. */
struct code_reader {
    const uint4 *next; /* the chunk after the current one */
    uint32_t word;     /* the current word's unread codes, the next in its low byte */
    uint32_t w1, w2, w3;
    unsigned left;     /* codes left in word */
    unsigned words;    /* of w1, w2, w3, those still unread */

    __device__ __forceinline__ explicit code_reader(const uint8_t *codes)
    {
        const uint4 *chunk = (const uint4 *)((uintptr_t)codes & ~(uintptr_t)15);
        take(__ldg(chunk));
        next = chunk + 1;
        for (unsigned skip = (unsigned)((uintptr_t)codes & 15) / 4; skip > 0; skip--)
            shift();
        left = 4;
    }
    __device__ __forceinline__ unsigned peek()
    {
        if (left == 0) {
            if (words == 0)
                take(__ldg(next++));
            else
                shift();
            left = 4;
        }
        return word & 0xffu;
    }
    __device__ __forceinline__ void skip()
    {
        word >>= 8;
        left--;
    }
    __device__ __forceinline__ unsigned next_code()
    {
        const unsigned x = peek();
        skip();
        return x;
    }

private:
    __device__ __forceinline__ void take(const uint4 &c)
    {
        word = c.x;
        w1 = c.y;
        w2 = c.z;
        w3 = c.w;
        words = 3;
    }
    __device__ __forceinline__ void shift()
    {
        word = w1;
        w1 = w2;
        w2 = w3;
        words--;
    }
};

/* Vector v's payload, its strings (m), its pieces (p) and the Arrow offset of its first
 * string (E_{v-1}), from its metadata entry and the one before (spec/fsst.md §4, §5). */
struct str_vector {
    const uint8_t *payload;
    uint64_t first_offset;
    uint32_t strings;
    uint32_t pieces;
    bool lean; /* the column's vectors have the lean form (spec/fsst.md §5.1) */
};
__device__ __forceinline__ str_vector load_str_vector(const galp_gpu_view &col, uint32_t v,
                                                      bool lean)
{
    const uint8_t *entry = col.data + GALP_HEADER_SIZE + (size_t)GALP_VECTOR_ENTRY_SIZE * v;
    str_vector s;
    s.payload = col.data + load_u64(entry);
    s.lean = lean;
    s.pieces = str_piece_count(entry, s.payload, lean);
    s.first_offset = v == 0 ? 0 : load_u64(entry - GALP_VECTOR_ENTRY_SIZE + 8);
    const uint64_t first_row = (uint64_t)v * GALP_VECTOR_SIZE;
    const uint64_t left = col.value_count - first_row;
    s.strings = left < GALP_VECTOR_SIZE ? (uint32_t)left : GALP_VECTOR_SIZE;
    return s;
}

/* Piece j of a vector, from its piece directory (spec/fsst.md §5). */
__device__ __forceinline__ str_piece load_str_piece(const str_vector &vec, uint32_t v, uint32_t j)
{
    const str_entry e = load_str_entry(vec.payload, vec.lean, j);
    const uint32_t next =
        j + 1 < vec.pieces ? load_u32(vec.payload + str_entry_at(vec.lean, j + 1)) : vec.strings;
    str_piece piece;
    piece.codes = vec.payload + str_entry_at(vec.lean, vec.pieces) + e.code;
    piece.first_row = (uint64_t)v * GALP_VECTOR_SIZE + e.first;
    piece.first_offset = vec.first_offset + e.out;
    piece.strings = next - e.first;
    piece.default_length = load_u32(vec.payload + str_default_length_at(vec.lean));
    return piece;
}

} // namespace detail

/* Stages the column's symbol table into t. Every thread of the block calls it (it ends with
 * __syncthreads), blockDim.x a multiple of 32. The descriptors go first; warp 0 then sums
 * the symbol lengths (where each symbol's bytes start), and each thread assembles the words
 * of its symbols. A compact table (spec/fsst.md §3.1) stores each symbol's bytes after those
 * it shares with the symbol before it: they are assembled in place, and warp 0 then fills in
 * the shared bytes (str_expand_shared_starts), leaving t as a plain table would. */
__device__ inline void stage_str_symbols(const galp_gpu_view &col, str_symbols &t)
{
    const uint8_t *table = detail::str_table(col);
    const unsigned k = detail::load_u32(table);
    for (unsigned c = threadIdx.x; c < k; c += blockDim.x)
        t.descriptor[c] = table[8 + c];
    if (threadIdx.x == 0)
        t.count = k;
    __syncthreads();
    if (threadIdx.x < 32) { /* word[c] = where symbol c's bytes start, for the moment */
        uint64_t carry = 0;
        for (unsigned c0 = 0; c0 < k; c0 += 32) {
            const unsigned c = c0 + threadIdx.x;
            const unsigned length = c < k ? t.descriptor[c] & 0x0fu : 0;
            unsigned sum = length;
            for (int d = 1; d < 32; d *= 2) {
                const unsigned other = __shfl_up_sync(0xffffffffu, sum, d);
                if ((int)threadIdx.x >= d)
                    sum += other;
            }
            if (c < k)
                t.word[c] = carry + sum - length;
            carry += __shfl_sync(0xffffffffu, sum, 31);
        }
    }
    __syncthreads();
    const uint8_t *bytes = table + 8 + k;
    for (unsigned c = threadIdx.x; c < k; c += blockDim.x) {
        const uint8_t *at = bytes + t.word[c];
        uint64_t word = 0;
        for (unsigned i = 0; i < (t.descriptor[c] & 0x0fu); i++)
            word |= (uint64_t)at[i] << (8 * i);
        t.word[c] = word << (8 * detail::str_shared_bytes(t.descriptor[c]));
    }
    __syncthreads();
    if (detail::str_table_compact(col.data)) {
        if (threadIdx.x < 32)
            detail::str_expand_shared_starts(t.word, t.descriptor, k);
        __syncthreads();
    }
}

/* Decodes one piece (spec/fsst.md §5, "Decoding piece j") and calls the visitor for each of
 * its strings. A string of the default length ends when it has L bytes, unless its first
 * code is the end symbol; any other ends with its terminal symbol.
 *
 * One loop turn per code (an escape and its byte count as one), whatever string it belongs
 * to: the lanes of a warp decode pieces whose strings end at different codes, and a loop per
 * string would hold every lane until the warp's longest current string had ended. Here a
 * lane waits only at the end of its piece. A turn reads one descriptor: an end symbol while
 * the current string is still a default one (fixed != 0) can only be its first code, the
 * mark of a terminated string, since a default string holds no terminal symbol (the column
 * was validated), so no turn looks ahead at the next code. The loop has one back edge, at
 * its end, so that the compiler closes every branch of a turn inside it: with an early
 * exit or a second back edge it may instead nest a loop over one string's codes, which
 * brings back the wait for the warp's longest string. */
template <typename Visitor>
__device__ __forceinline__ void visit_str_piece(const str_symbols &t, const str_piece &piece,
                                                Visitor &visitor)
{
    if (piece.strings == 0)
        return;
    detail::code_reader codes(piece.codes);
    uint64_t offset = piece.first_offset;
    uint32_t s = 0, length = 0, fixed = piece.default_length;
    visitor.begin(piece.first_row, offset);
    do {
        /* an escape and its literal byte as a one-byte symbol that is not terminal, so that
         * the lanes of a warp take one path whether their codes are escapes or not */
        const unsigned x = codes.next_code();
        const bool escape = x == detail::str_escape;
        const uint64_t word = escape ? codes.next_code() : t.word[x];
        const unsigned d = escape ? 1u : t.descriptor[x], n = d & 0x0fu;
        const bool mark = fixed != 0 && d == detail::str_end_symbol;
        if (n != 0)
            visitor.bytes(word, n);
        length += n;
        const bool ends = !mark && ((d & 0x80u) != 0 || length == fixed);
        fixed = mark ? 0 : fixed;
        if (ends) {
            offset += length;
            visitor.end();
            if (++s < piece.strings) {
                visitor.begin(piece.first_row + s, offset);
                length = 0;
                fixed = piece.default_length;
            }
        }
    } while (s < piece.strings);
}

/* The mapping PIECE_PER_LANE: the grid's warps take groups of vectors_per_warp (1 to 32)
 * consecutive vectors, a group per warp in turn, and each warp deals out the group's pieces
 * to its lanes, which call on_piece(const str_piece &) on them. Every lane of every warp of
 * the grid must call it (it uses whole-warp shuffles) with the same vectors_per_warp, with
 * any grid and block shape. */
template <typename OnPiece>
__device__ void for_each_str_piece_by_warp(const galp_gpu_view &col, unsigned vectors_per_warp,
                                           OnPiece &&on_piece)
{
    const unsigned G = vectors_per_warp < 1 ? 1u : vectors_per_warp > 32 ? 32u : vectors_per_warp;
    const unsigned lane = threadIdx.x % 32;
    const uint64_t warp = ((uint64_t)blockIdx.x * blockDim.x + threadIdx.x) / 32;
    const uint64_t warps = (uint64_t)gridDim.x * blockDim.x / 32;
    const bool lean = detail::str_lean(col);
    for (uint64_t group = warp * G; group < col.vector_count; group += warps * G) {
        /* lane i < G: vector group + i, its pieces and where they start in the group's list */
        const uint64_t v = group + lane;
        detail::str_vector vec{};
        uint32_t pieces = 0;
        if (lane < G && v < col.vector_count) {
            vec = detail::load_str_vector(col, (uint32_t)v, lean);
            pieces = vec.pieces;
        }
        uint32_t end = pieces;
        for (int d = 1; d < 32; d *= 2) {
            const uint32_t other = __shfl_up_sync(0xffffffffu, end, d);
            if ((int)lane >= d)
                end += other;
        }
        const uint32_t start = end - pieces;
        const uint32_t total = __shfl_sync(0xffffffffu, end, 31);
        for (uint32_t k0 = 0; k0 < total; k0 += 32) {
            const uint32_t k = k0 + lane;
            /* the last vector of the group whose pieces start at or before k (lanes past
             * the group's vectors have none: their start is total) */
            unsigned owner = 0;
            for (unsigned step = 16; step > 0; step /= 2) {
                const uint32_t s = __shfl_sync(0xffffffffu, start, owner + step);
                if (s <= k)
                    owner += step;
            }
            const uint32_t owner_start = __shfl_sync(0xffffffffu, start, owner);
            detail::str_vector mine;
            mine.payload = (const uint8_t *)__shfl_sync(0xffffffffu, (unsigned long long)vec.payload, owner);
            mine.first_offset = __shfl_sync(0xffffffffu, (unsigned long long)vec.first_offset, owner);
            mine.strings = __shfl_sync(0xffffffffu, vec.strings, owner);
            mine.pieces = __shfl_sync(0xffffffffu, vec.pieces, owner);
            mine.lean = lean;
            if (k < total) {
                const str_piece piece = detail::load_str_piece(mine, (uint32_t)(group + owner), k - owner_start);
                on_piece(piece);
            }
        }
    }
}

/* PIECE_PER_LANE with the visitor: each lane calls visit_str_piece on its pieces. Every lane
 * of every warp of the grid must call it with the same vectors_per_warp, with any grid and
 * block shape; visitor is the lane's own. */
template <typename Visitor>
__device__ void visit_strings_by_warp(const galp_gpu_view &col, const str_symbols &t,
                                      Visitor &visitor,
                                      unsigned vectors_per_warp = str_vectors_per_warp)
{
    for_each_str_piece_by_warp(col, vectors_per_warp,
                               [&](const str_piece &piece) { visit_str_piece(t, piece, visitor); });
}

/* A query of str_matcher: a string's bytes are to equal bytes[0 .. length) (prefix false) or
 * start with them (prefix true), length at most GALP_GPU_STR_QUERY_MAX. Its bytes are kept as
 * little-endian words, the first in the low byte of word[0] and zeros past length, so that
 * the query's bytes at any position up to length come from two aligned 8-byte loads (hence
 * the word after the one that holds position length). Keep it in shared memory. */
struct str_query {
    uint64_t word[GALP_GPU_STR_QUERY_MAX / 8 + 2];
    uint32_t length;
    bool prefix;
};

/* Stages the query bytes[0 .. length) into q. A longer length than GALP_GPU_STR_QUERY_MAX
 * is the caller's error (the host API refuses such queries); it is cut to that many bytes, so
 * that nothing is written past q. Every thread of the block calls it (it ends with
 * __syncthreads); bytes may be in any memory space the threads can read. */
__device__ inline void stage_str_query(const uint8_t *bytes, uint32_t length, bool prefix,
                                       str_query &q)
{
    const uint32_t n = length < GALP_GPU_STR_QUERY_MAX ? length : GALP_GPU_STR_QUERY_MAX;
    constexpr unsigned words = GALP_GPU_STR_QUERY_MAX / 8 + 2;
    for (unsigned w = threadIdx.x; w < words; w += blockDim.x) {
        uint64_t word = 0;
        for (unsigned i = 0; i < 8 && 8 * w + i < n; i++)
            word |= (uint64_t)bytes[8 * w + i] << (8 * i);
        q.word[w] = word;
    }
    if (threadIdx.x == 0) {
        q.length = n;
        q.prefix = prefix;
    }
    __syncthreads();
}

/* Whether a string's n bytes (0 ... 8, the first in the low byte of word) at position `at`
 * of it agree with the query words[0 .. length) (a str_query's): they equal the query's bytes
 * at `at` as far as the query goes, and for equality (prefix false) do not go past its end.
 * Straight-line code, no branch: the lanes of a warp compare at different points of their
 * strings. */
__device__ __forceinline__ bool str_query_agrees(const uint64_t *words, uint32_t length,
                                                 bool prefix, uint32_t at, uint64_t word,
                                                 unsigned n)
{
    const uint32_t from = at < length ? at : length, left = length - from;
    const unsigned m = n < left ? n : left, shift = 8 * (from & 7u);
    /* the words that hold the query's bytes from .. from + 7 (from / 8 + 1 is at most
     * GALP_GPU_STR_QUERY_MAX / 8 + 1, inside the words); w[1] shifted left by 64 - shift in
     * two steps, as a shift by 64 (shift 0) is undefined */
    const uint64_t *w = words + from / 8;
    const uint64_t query = w[0] >> shift | (w[1] << 1) << (63 - shift);
    const uint64_t mask = m == 0 ? 0 : ~0ull >> (64 - 8 * m);
    return (prefix || n <= left) && ((query ^ word) & mask) == 0;
}

/* Whether a string equals a query, or starts with it, decided as its bytes stream by: call
 * begin() at each string's start, bytes() with each of its bytes, and matched() after its
 * end. Once a string's bytes differ from the query's, the rest of them are not compared. */
class str_matcher {
public:
    __device__ explicit str_matcher(const str_query &query)
        : words_(query.word), length_(query.length), prefix_(query.prefix)
    {
    }
    __device__ __forceinline__ void begin()
    {
        at_ = 0;
        agrees_ = true;
    }
    __device__ __forceinline__ void bytes(uint64_t word, unsigned n)
    {
        if (agrees_)
            agrees_ = agrees(word, n);
        at_ += n;
    }
    __device__ __forceinline__ bool matched() const
    {
        return agrees_ && (prefix_ ? at_ >= length_ : at_ == length_);
    }

private:
    /* The string's next n bytes, after at_ bytes that agree with the query. */
    __device__ __forceinline__ bool agrees(uint64_t word, unsigned n) const
    {
        return str_query_agrees(words_, length_, prefix_, at_, word, n);
    }

    const uint64_t *words_;
    uint32_t length_;
    bool prefix_;
    uint32_t at_ = 0;
    bool agrees_ = true;
};

} // namespace galp::device

#endif /* GALP_DEVICE_STRINGS_CUH */
