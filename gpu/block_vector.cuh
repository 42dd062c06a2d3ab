/*
 * gpu/block_vector.cuh — block-cooperative decoding of whole vectors of 32- and 64-bit types,
 * the strategy of the library's bulk kernels (gpu/decompress.cuh, gpu/aggregate.cu,
 * gpu/range.cu). The per-lane device API (gpu/column.cuh, gpu/visit.cuh) is unchanged; this
 * is a second strategy specialised for kernels that consume every value of a vector.
 *
 * Why: a thread that decodes one lane on its own waits on a chain of dependent loads (vector
 * entry, lane ends, first exception, then one packed word per W/b values), so a resident
 * grid keeps too few bytes in flight to reach the memory bandwidth (docs/GPU.md). Here a block
 * of T threads (T = 32 or 64, docs/GPU.md) takes one vector at a time:
 *
 *   1. every thread reads the vector entry (one broadcast load), then the block copies the
 *      vector's 128·b packed bytes (spec/ffor.md; m·W/8 for RAW, spec/format.md §4.2) into
 *      shared memory with 16-byte loads, all issued before any is used;
 *   2. after a barrier, thread t decodes slots 4·(t + T·g) ... +3 for g < 1024 / 4T: four
 *      adjacent lanes of one row, so the row's bit offset is computed once for four values,
 *      the packed words of the four lanes are one 16- or 32-byte shared load (word (k, lane)
 *      is at k·L + lane), and the four decoded values are adjacent in the output;
 *   3. exceptions (spec/galp.md) are handled by the block in parallel, one thread per entry,
 *      which needs neither lane_end nor a cursor: each kernel says how.
 *
 * The bit width is a run-time value here (shifts by a variable amount), which keeps one copy
 * of the code for every width: real columns change width from vector to vector (docs/GPU.md).
 * Reads stay inside the payload except for the rounding of a RAW vector's m·W/8 bytes up to
 * 16, which the 256-byte tail of spec/format.md §3.5 covers; payloads are 16-byte aligned
 * (spec/format.md §4).
 */
#ifndef GALP_GPU_BLOCK_VECTOR_CUH
#define GALP_GPU_BLOCK_VECTOR_CUH

#include "column.cuh"

namespace galp_gpu {

/* Threads: the block's threads, a multiple of 32 that divides 256 (each takes groups of four
 * slots, and the 16-byte chunks of the largest packed block divide evenly among them). */
template <typename T, unsigned Threads> struct block_vector {
    typedef value_traits<T> traits;
    typedef typename traits::word Word;
    static_assert(traits::bits >= 32, "block-cooperative decoding is for 32- and 64-bit types");
    static_assert(Threads % 32 == 0 && 256 % Threads == 0, "whole warps, whole groups of four slots");
    static constexpr unsigned W = traits::bits, L = traits::lanes;
    /* 16-byte chunks of the largest packed block (b = W), and each thread's share of them */
    static constexpr unsigned chunks = 128u * W / 16u, chunks_per_thread = chunks / Threads;
    /* groups of four slots per thread: 1024 = 4 · Threads · groups */
    static constexpr unsigned groups = GALP_VECTOR_SIZE / (4u * Threads);

    /* The shared memory of one vector: its packed words, line-major (spec/ffor.md). */
    struct shared {
        union {
            uint4 chunk[chunks];
            Word word[chunks * 16 / sizeof(Word)];
        };
    };

    const uint8_t *payload;
    Word base, mask;
    unsigned m;        /* values of the vector (spec/format.md §2) */
    unsigned b;        /* bit width; W for RAW */
    unsigned c;        /* exceptions (G-ALP), else 0 */
    unsigned staged;   /* bytes of packed words */
    bool is_alp;
    typename alp_of<T, traits::is_float>::type alp;

    __device__ __forceinline__ void init(const galp_gpu_view &col, uint32_t v, const vector_entry &e)
    {
        const bool raw = e.scheme == GALP_SCHEME_RAW;
        payload = col.data + e.payload_offset;
        m = vector_value_count(col, v);
        b = raw ? W : e.bit_width;
        base = raw ? (Word)0 : (Word)e.base;
        mask = b == 0 ? (Word)0 : (Word)(~(Word)0 >> (W - b));
        is_alp = e.scheme == GALP_SCHEME_GALP;
        c = is_alp ? e.exception_count : 0u;
        staged = raw ? m * (W / 8u) : 128u * b;
        alp.init(e.exponent, e.factor);
    }

    /* Step 1: all of this thread's loads are issued before the first store to shared memory. */
    __device__ __forceinline__ void stage(shared &s) const
    {
        const uint4 *g = (const uint4 *)payload;
        const unsigned n = (staged + 15u) / 16u;
        uint4 r[chunks_per_thread];
#pragma unroll
        for (unsigned i = 0; i < chunks_per_thread; i++) {
            const unsigned k = threadIdx.x + i * Threads;
            r[i] = k < n ? __ldg(g + k) : make_uint4(0, 0, 0, 0);
        }
#pragma unroll
        for (unsigned i = 0; i < chunks_per_thread; i++) {
            const unsigned k = threadIdx.x + i * Threads;
            if (k < n)
                s.chunk[k] = r[i];
        }
    }

    /* Bits [off, off + b) of the two-word window lo:hi. */
    __device__ __forceinline__ Word extract(Word lo, Word hi, unsigned off) const
    {
        Word v;
        if constexpr (W == 64)
            v = (lo >> off) | ((hi << 1) << (63u - off)); /* no shift by 64 when off = 0 */
        else
            v = __funnelshift_r(lo, hi, off);
        return v & mask;
    }

    /* The packed integer of one slot. */
    __device__ __forceinline__ Word packed_at(const shared &s, unsigned slot) const
    {
        const unsigned bit = slot / L * b, k = bit / W, off = bit % W, lane = slot % L;
        const Word lo = b != 0 ? s.word[k * L + lane] : (Word)0;
        const Word hi = off + b > W ? s.word[(k + 1) * L + lane] : (Word)0;
        return extract(lo, hi, off);
    }

    /* The four packed words of line k at lanes lane ... lane + 3 (lane a multiple of 4). */
    __device__ __forceinline__ void line4(const shared &s, unsigned k, unsigned lane, Word (&w)[4]) const
    {
        if constexpr (W == 64) {
            const ulonglong2 *p = (const ulonglong2 *)&s.word[k * L + lane];
            const ulonglong2 a = p[0], c2 = p[1];
            w[0] = a.x, w[1] = a.y, w[2] = c2.x, w[3] = c2.y;
        } else {
            const uint4 a = *(const uint4 *)&s.word[k * L + lane];
            w[0] = a.x, w[1] = a.y, w[2] = a.z, w[3] = a.w;
        }
    }

    /* Slot of the first of this thread's four values in group g. */
    static __device__ __forceinline__ unsigned group_slot(unsigned g)
    {
        return 4u * (threadIdx.x + g * Threads);
    }

    /* Step 2: the packed integers of slots s ... s + 3 (s a multiple of 4). */
    __device__ __forceinline__ void packed4(const shared &sh, unsigned s, Word (&p)[4]) const
    {
        const unsigned bit = s / L * b, k = bit / W, off = bit % W, lane = s % L;
        Word lo[4] = {0, 0, 0, 0}, hi[4] = {0, 0, 0, 0};
        if (b != 0)
            line4(sh, k, lane, lo);
        if (off + b > W)
            line4(sh, k + 1, lane, hi);
#pragma unroll
        for (unsigned j = 0; j < 4; j++)
            p[j] = extract(lo[j], hi[j], off);
    }

    /* packed -> value: + base (spec/ffor.md §4), then the ALP map for G-ALP (spec/alp.md §4). */
    __device__ __forceinline__ T decode(Word packed) const
    {
        const Word u = packed + base;
        if constexpr (traits::is_float) {
            if (is_alp)
                return alp.decode(u);
        }
        return value_from_word<T>(u);
    }

    /* Exception j (spec/galp.md §1): its slot and bit pattern. */
    __device__ __forceinline__ unsigned exception_slot(unsigned j) const
    {
        return __ldg((const uint16_t *)(payload + 128u * b + 2u * L + (size_t)c * sizeof(Word)) + j);
    }
    __device__ __forceinline__ Word exception_bits(unsigned j) const
    {
        return __ldg((const Word *)(payload + 128u * b + 2u * L) + j);
    }
};

} /* namespace galp_gpu */

#endif /* GALP_GPU_BLOCK_VECTOR_CUH */
