/*
 * gpu/alprd_block.cuh — full decompression of an ALP_RD vector (spec/alprd.md) by a block,
 * its payload staged whole in shared memory: the shape of gpu/decompress.cuh's blocks, which
 * gpu/alprd.cu's decompression kernel shares with them (a block per vector, RAW and G-ALP
 * vectors through decompress_vector).
 *
 * Thread t of the block's Threads takes groups of N = 16 / sizeof(T) adjacent slots, group
 * t + Threads·g for g < 1024 / (N·Threads), as block_vector's groups do (galp/device/block_vector.cuh):
 * slots s ... s + N - 1 are row s div L of lanes s mod L ... s mod L + N - 1 of both packed
 * parts (spec/ffor.md §2), so that one 16-byte shared load gives the group's words of a line
 * of either part, and the group's N values leave in one 16-byte store: every store
 * instruction of a warp writes 512 consecutive bytes. Per slot (spec/alprd.md §4): the right
 * part (r bits at bit row·r of the lane's stream), the code (k bits at row·k), the left part
 * dict[code] or, at an exception, its own, and left << r | right. The exceptions are mapped
 * first, one thread per entry, into gpu/decompress.cuh's exception map, so that each slot is
 * stored once, in its group, and no lane table is read.
 */
#ifndef GALP_GPU_ALPRD_BLOCK_CUH
#define GALP_GPU_ALPRD_BLOCK_CUH

#include "decompress.cuh"

namespace galp::device::detail {

/* An ALP_RD vector staged in shared memory, read group by group by the block's Threads
 * threads: the parts of a group's slots, and the vector's exceptions. */
template <typename T, unsigned Threads> struct alprd_block_vector {
    typedef typename value_traits<T>::word Word;
    static constexpr unsigned W = value_traits<T>::bits, L = value_traits<T>::lanes;
    static constexpr unsigned N = 16u / sizeof(Word); /* slots of a group: 16 bytes */
    static constexpr unsigned groups = GALP_VECTOR_SIZE / (N * Threads);
    static_assert(groups * N * Threads == GALP_VECTOR_SIZE, "whole groups for every thread");

    const Word *rights, *codes;          /* the packed parts, in shared memory */
    const uint16_t *dict, *lefts, *positions;
    unsigned r, k, c;

    /* The vector of entry e, staged at `payload` (16-byte aligned; the image's payloads have
     * the dictionary head and u16 lane ends, gpu/image.c). */
    __device__ __forceinline__ alprd_block_vector(const uint8_t *payload, const vector_entry &e)
        : rights((const Word *)(payload + GALP_LAYOUT_ALPRD_DICT_BYTES)),
          codes((const Word *)(payload + galp_layout_alprd_codes_offset(e.bit_width))),
          dict((const uint16_t *)payload),
          lefts((const uint16_t *)(payload + galp_layout_alprd_lefts_offset(W, e.bit_width, e.exponent,
                                                                             e.exception_count, 0u))),
          positions(lefts + e.exception_count), r(e.bit_width), k(e.exponent), c(e.exception_count)
    {
    }

    /* Slot of the first of this thread's N slots in group g. */
    static __device__ __forceinline__ unsigned group_slot(unsigned g) { return N * (threadIdx.x + g * Threads); }

    /* Words j·L + lane ... j·L + lane + N - 1 of a part (lane a multiple of N): 16 bytes. */
    static __device__ __forceinline__ void line(const Word *part, unsigned j, unsigned lane, Word (&w)[N])
    {
        if constexpr (W == 64) {
            const ulonglong2 a = *(const ulonglong2 *)&part[j * L + lane];
            w[0] = a.x, w[1] = a.y;
        } else {
            const uint4 a = *(const uint4 *)&part[j * L + lane];
            w[0] = a.x, w[1] = a.y, w[2] = a.z, w[3] = a.w;
        }
    }

    /* Bits [off, off + b) of each word pair lo:hi, b <= 32: a float64 word's bits as its two
     * 32-bit halves (little-endian), so that a value of at most 32 bits spans two adjacent
     * halves and no 64-bit shift by a variable amount is needed. */
    static __device__ __forceinline__ uint32_t narrow_bits(Word lo, Word hi, unsigned off, uint32_t mask)
    {
        if constexpr (W == 64) {
            const bool upper = off >= 32u;
            const uint32_t first = upper ? (uint32_t)(lo >> 32) : (uint32_t)lo;
            const uint32_t second = upper ? (uint32_t)hi : (uint32_t)(lo >> 32);
            return __funnelshift_r(first, second, off % 32u) & mask;
        } else {
            return __funnelshift_r(lo, hi, off) & mask;
        }
    }

    /* The right parts of slots s ... s + N - 1: r bits at bit row·r of each lane's stream,
     * in line j = row·r div W and, where they reach past it, line j + 1 (otherwise line j
     * again, whose second copy's bits fall outside the mask: no line past the part is read). */
    __device__ __forceinline__ void right_parts(unsigned s, Word (&right)[N]) const
    {
        const unsigned bit = s / L * r, j = bit / W, off = bit % W, lane = s % L;
        Word lo[N], hi[N];
        line(rights, j, lane, lo);
        line(rights, off + r > W ? j + 1u : j, lane, hi);
#pragma unroll
        for (unsigned n = 0; n < N; n++) {
            if constexpr (W == 64) {
                /* 48 <= r <= 63: the value spans halves off div 32 ... off div 32 + 2 of lo:hi */
                const bool upper = off >= 32u;
                const uint32_t h0 = upper ? (uint32_t)(lo[n] >> 32) : (uint32_t)lo[n];
                const uint32_t h1 = upper ? (uint32_t)hi[n] : (uint32_t)(lo[n] >> 32);
                const uint32_t h2 = upper ? (uint32_t)(hi[n] >> 32) : (uint32_t)hi[n];
                const uint32_t high = __funnelshift_r(h1, h2, off % 32u) & (~0u >> (64u - r));
                right[n] = (uint64_t)high << 32 | __funnelshift_r(h0, h1, off % 32u);
            } else {
                right[n] = narrow_bits(lo[n], hi[n], off, ~0u >> (32u - r));
            }
        }
    }

    /* The left parts the codes of slots s ... s + N - 1 select: dict[code], code the k bits at
     * bit row·k of each lane's stream, 0 where k = 0 (no code words exist: none is read). A
     * code is below 2^k <= 8, so it always selects one of the head's 8 entries. */
    __device__ __forceinline__ void dictionary_lefts(unsigned s, uint32_t (&left)[N]) const
    {
        uint32_t code[N] = {};
        if (k != 0) {
            const unsigned bit = s / L * k, j = bit / W, off = bit % W, lane = s % L;
            Word lo[N], hi[N];
            line(codes, j, lane, lo);
            line(codes, off + k > W ? j + 1u : j, lane, hi);
#pragma unroll
            for (unsigned n = 0; n < N; n++)
                code[n] = narrow_bits(lo[n], hi[n], off, (1u << k) - 1u);
        }
#pragma unroll
        for (unsigned n = 0; n < N; n++)
            left[n] = dict[code[n]];
    }

    /* A value's bit pattern from its left and right parts (spec/alprd.md §4 step 4); a left
     * part has W - r <= 16 bits, so for float64 it lies in the high half. */
    __device__ __forceinline__ Word join(uint32_t left, Word right) const
    {
        if constexpr (W == 64)
            return (uint64_t)(left << (r - 32u)) << 32 | right;
        else
            return left << r | right;
    }

    /* Sets, for each exception, its slot's bit in marks (zero before) and index[slot] to its
     * entry, one thread per entry. Positions are below m <= 1024 (spec/alprd.md §5); the test
     * keeps the map's bounds whatever the image holds. */
    __device__ __forceinline__ void map_exceptions(uint32_t *marks, uint16_t *index) const
    {
        for (unsigned j = threadIdx.x; j < c; j += Threads) {
            const unsigned p = positions[j];
            if (p < GALP_VECTOR_SIZE) {
                index[p] = (uint16_t)j;
                atomicOr(&marks[p / 32u], 1u << p % 32u);
            }
        }
    }
};

/* The groups of an ALP_RD vector, Patch: with its exceptions in place (marks and index made
 * by map_exceptions and visible to the block). Groups below wide_end (the vector's m, or 0
 * for a destination that is not 16-byte aligned) leave in one 16-byte store, the others a
 * store per slot below m. */
template <bool Patch, typename T, typename V>
__device__ __forceinline__ void decompress_alprd_groups(const V &vec, const uint32_t *marks, const uint16_t *index,
                                                        T *o, unsigned m, unsigned wide_end)
{
    constexpr unsigned N = V::N;
#pragma unroll
    for (unsigned g = 0; g < V::groups; g++) {
        const unsigned s = V::group_slot(g);
        typename V::Word right[N];
        uint32_t left[N];
        vec.right_parts(s, right);
        vec.dictionary_lefts(s, left);
        if constexpr (Patch) {
            const uint32_t marked = marks[s / 32u] >> (s % 32u) & ((1u << N) - 1u);
            if (marked != 0) { /* most groups of a vector with few exceptions have none */
#pragma unroll
                for (unsigned n = 0; n < N; n++)
                    if (marked >> n & 1u)
                        left[n] = vec.lefts[index[s + n]];
            }
        }
        T x[N];
#pragma unroll
        for (unsigned n = 0; n < N; n++)
            x[n] = value_from_word<T>(vec.join(left[n], right[n]));
        if (s + N <= wide_end) {
            store16(o + s, x, false);
        } else {
            for (unsigned n = 0; n < N; n++)
                if (s + n < m)
                    o[s + n] = x[n];
        }
    }
}

/* The ALP_RD vector of entry e (m values) staged at `payload`, decoded by the block's Threads
 * threads into o (16-byte aligned where `aligned`). The exception map's marks alternate
 * between two copies as decompress_vector's do (gpu/decompress.cuh), one cleared for the next
 * vector while the other is in use: marks[parity] is zero on entry, and so is the other copy
 * on return, once the block's next barrier has passed. */
template <typename T, unsigned Threads>
__device__ __forceinline__ void decompress_alprd_vector(const uint8_t *payload, const vector_entry &e, unsigned m,
                                                        exception_map &map, unsigned &parity, T *o, bool aligned)
{
    const alprd_block_vector<T, Threads> vec(payload, e);
    const unsigned wide_end = aligned ? m : 0u;
    uint32_t *marks = map.marks[parity];
    if (threadIdx.x < GALP_VECTOR_SIZE / 32)
        map.marks[parity ^ 1u][threadIdx.x] = 0; /* for the next vector */
    parity ^= 1u;
    if (vec.c != 0) {
        vec.map_exceptions(marks, map.index);
        __syncthreads();
        decompress_alprd_groups<true>(vec, marks, map.index, o, m, wide_end);
    } else {
        decompress_alprd_groups<false>(vec, marks, map.index, o, m, wide_end);
    }
}

} /* namespace galp::device::detail */

#endif /* GALP_GPU_ALPRD_BLOCK_CUH */
