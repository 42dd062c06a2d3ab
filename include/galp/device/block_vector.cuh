/*
 * galp/device/block_vector.cuh — cooperative decoding of one vector of a 32- or 64-bit type whose
 * payload a group of threads (a block or a warp, galp/device/vector_pipeline.cuh) has staged in shared
 * memory: the decoding strategy of the library's bulk kernels (gpu/decompress.cuh,
 * gpu/aggregate.cu, gpu/range.cu). The per-lane device API (galp/device/column.cuh, galp/device/visit.cuh) is
 * a second strategy, for kernels that consume values one lane at a time.
 *
 * Two mappings of threads to values. Groups, for decompression: thread t of the T threads
 * takes groups of N = 16 / sizeof(T) adjacent slots (N adjacent lanes of one row, 16 bytes of
 * output), group t + T·g for g < 1024 / (N·T): the row's bit offset is computed once for N
 * values, their packed words are one 16-byte shared load (word (k, lane) is at k·L + lane,
 * spec/ffor.md), and the N decoded values are one 16-byte store, so that every store
 * instruction of a warp writes 512 consecutive bytes. Rows, for the scans, which store
 * nothing: thread t of a warp takes 32 consecutive rows of one lane (packed_rows), a stretch of
 * the lane's bit stream unpacked by code compiled for the width: constant shifts and masks,
 * and no address arithmetic per value. Exceptions (spec/galp.md) are handled by the group in
 * parallel, one thread per entry, which needs neither lane_end nor a cursor: each kernel
 * says how.
 *
 * Narrow vectors (b <= 32, the common case of real columns) are unpacked with 32-bit
 * operations even in 64-bit columns: bit offset `off` of a 64-bit word is offset off mod 32
 * of one of its two halves, and a value of at most 32 bits spans at most two adjacent halves.
 * In groups the bit width is a run-time value (shifts by a variable amount), which keeps one
 * copy of the code for every width: real columns change width from vector to vector.
 */
#ifndef GALP_DEVICE_BLOCK_VECTOR_CUH
#define GALP_DEVICE_BLOCK_VECTOR_CUH

#include "alp_tables.cuh"
#include "unpack_fixed.cuh"
#include "vector_pipeline.cuh"

namespace galp::device::detail {

template <typename T, typename Group> struct block_vector {
    typedef value_traits<T> traits;
    typedef typename traits::word Word;
    static constexpr unsigned Threads = Group::threads;
    static_assert(traits::bits >= 32, "block-cooperative decoding is for 32- and 64-bit types");
    static_assert(Threads % 32 == 0 && 256 % Threads == 0, "whole warps, whole groups of slots");
    static constexpr unsigned W = traits::bits, L = traits::lanes;
    /* N slots per group, 16 bytes; groups per thread: 1024 = N · Threads · groups */
    static constexpr unsigned N = 16u / sizeof(Word);
    static constexpr unsigned groups = GALP_VECTOR_SIZE / (N * Threads);

    const Word *word;         /* packed words, in shared memory */
    const uint8_t *exc;       /* exception values then positions (spec/galp.md §1), shared */
    Word base, mask;
    Word fact, base_fact;     /* G-ALP: FACT[f] and base · FACT[f] (mod 2^W) */
    typename alp_float<T>::type frac;
    unsigned m;               /* values of the vector (spec/format.md §2) */
    unsigned b;               /* bit width; W for RAW */
    unsigned c;               /* exceptions (G-ALP), else 0 */
    unsigned factor;          /* G-ALP: f */
    bool is_alp;

    /* Vector v, staged by vector_pipeline. */
    __device__ __forceinline__ void init(const galp_gpu_view &col, uint32_t v, const staged_vector &s)
    {
        const vector_entry e = parse_vector_entry(s.entry[0], s.entry[1]);
        const bool raw = e.scheme == GALP_SCHEME_RAW;
        word = (const Word *)s.payload;
        m = vector_value_count(col, v);
        b = raw ? W : e.bit_width;
        base = raw ? (Word)0 : (Word)e.base;
        mask = b == 0 ? (Word)0 : (Word)(~(Word)0 >> (W - b));
        is_alp = traits::is_float && e.scheme == GALP_SCHEME_GALP; /* see safe() */
        c = is_alp ? e.exception_count : 0u;
        exc = s.payload + galp_layout_values_offset(GALP_SCHEME_GALP, W, b, c, 0u);
        factor = e.factor;
        if constexpr (traits::is_float) {
            fact = alp_fact<T>(e.factor);
            frac = alp_frac<T>(e.exponent);
        } else {
            fact = 0;
            frac = 0;
        }
        base_fact = base * fact;
    }

    /* A full narrow G-ALP vector whose scan record (gpu/scan_record.cuh) gives its width and
     * exception count, its payload staged at `payload`: what packed_rows, packed_at and the
     * exceptions need, no more. */
    __device__ __forceinline__ void init_packed(const uint8_t *payload, unsigned bit_width, unsigned exceptions)
    {
        word = (const Word *)payload;
        m = GALP_VECTOR_SIZE;
        b = bit_width;
        mask = b == 0 ? (Word)0 : (Word)(~(Word)0 >> (W - b));
        is_alp = true;
        c = exceptions;
        exc = payload + galp_layout_values_offset(GALP_SCHEME_GALP, W, b, c, 0u);
    }

    /* The largest packed integer, 2^b - 1. */
    __device__ __forceinline__ Word max_packed() const { return mask; }

    /* The packed integers whose values are a monotone function of them (galp/device/pushdown.cuh).
     * G-ALP vectors exist only in float columns (spec/format.md §2: a vector has its column's
     * scheme or RAW, and ALP schemes are for float types). */
    __device__ __forceinline__ packed_range safe() const
    {
        if constexpr (traits::is_float)
            return safe_range<T>(is_alp, (uint64_t)base, (uint64_t)mask,
                                 is_alp ? alp_product_limits<T>(factor) : product_limits{});
        else
            return safe_range<T>(false, (uint64_t)base, (uint64_t)mask, product_limits{});
    }
    __device__ __forceinline__ bool narrow() const { return b <= 32u; }
    __device__ __forceinline__ bool full() const { return m == GALP_VECTOR_SIZE; }

    /* Slot of the first of this thread's N values in group g. */
    static __device__ __forceinline__ unsigned group_slot(unsigned g)
    {
        return N * (Group::rank() + g * Threads);
    }

    /* The N words of line k at lanes lane ... lane + N - 1 (lane a multiple of N): 16 bytes. */
    __device__ __forceinline__ void line(unsigned k, unsigned lane, Word (&w)[N]) const
    {
        if constexpr (W == 64) {
            const ulonglong2 a = *(const ulonglong2 *)&word[k * L + lane];
            w[0] = a.x, w[1] = a.y;
        } else {
            const uint4 a = *(const uint4 *)&word[k * L + lane];
            w[0] = a.x, w[1] = a.y, w[2] = a.z, w[3] = a.w;
        }
    }

    /* Narrow vectors: the packed integers of slots s ... s + N - 1 (s a multiple of N). */
    __device__ __forceinline__ void packed_narrow(unsigned s, uint32_t (&p)[N]) const
    {
        const unsigned bit = s / L * b, k = bit / W, off = bit % W, lane = s % L;
        const uint32_t mask32 = (uint32_t)mask;
        Word lo[N], hi[N] = {};
        line(k, lane, lo);
        if (off + b > W)
            line(k + 1, lane, hi);
#pragma unroll
        for (unsigned j = 0; j < N; j++) {
            if constexpr (W == 64) {
                /* bits [off, off + b) lie in halves off/32 and off/32 + 1 of lo:hi */
                const bool upper = off >= 32u;
                const uint32_t first = upper ? (uint32_t)(lo[j] >> 32) : (uint32_t)lo[j];
                const uint32_t second = upper ? (uint32_t)hi[j] : (uint32_t)(lo[j] >> 32);
                p[j] = __funnelshift_r(first, second, off % 32u) & mask32;
            } else {
                p[j] = __funnelshift_r(lo[j], hi[j], off) & mask32;
            }
        }
    }

    /* The scans' mapping (a warp, Threads = 32, and a full narrow vector): thread t takes the
     * 32 rows first_row() ... first_row() + 31 of lane t mod L, 32 consecutive values of one
     * lane's bit stream (a 32-bit vector has 32 rows, a 64-bit one 64 rows of 16 lanes), and
     * unpacks them with code compiled for the width (galp/device/unpack_fixed.cuh). Row
     * first_row() + r of the thread is slot (first_row() + r)·L + lane. */
    static __device__ __forceinline__ unsigned row_lane() { return Group::rank() % L; }
    static __device__ __forceinline__ unsigned first_row() { return 32u * (Group::rank() / L); }
    /* The thread of slot s in that mapping, and the bit of the slot's row in a 32-bit mask
     * of that thread's rows. */
    static __device__ __forceinline__ unsigned row_owner(unsigned s) { return s % L + L * (s / L / 32u); }
    static __device__ __forceinline__ unsigned row_bit(unsigned s) { return s / L % 32u; }

    /* The groups mapping (group_slot, a warp): the thread of slot s, and the bit of the slot in
     * a 32-bit mask of that thread's slots, group g's N slots at bits g·N ... g·N + N - 1
     * (N · groups = 32 for a warp). */
    static __device__ __forceinline__ unsigned group_owner(unsigned s) { return s / N % Threads; }
    static __device__ __forceinline__ unsigned group_bit(unsigned s) { return s / N / Threads * N + s % N; }

    /* use(load), load(k) giving the k-th 32-bit word of the stretch of the lane's bit stream
     * that holds this thread's 32 rows in that mapping (b <= 32): word k of the lane for a
     * 32-bit type; for a 64-bit one, the lane's stream taken as 32-bit halves (words are
     * little-endian): half j is at w32[(j / 2)·2L + 2·lane + j mod 2]. The thread's rows start
     * at bit first_row()·b, half j0 = first_row() / 32 · b; relative to the even half before
     * it, half j0 + k sits at (k / 2)·2L + k mod 2 for an even j0, and one further (k even) or
     * 2L - 1 further (k odd) for an odd j0. */
    template <typename Use> __device__ __forceinline__ void with_row_words(Use &&use) const
    {
        static_assert(Threads == 32, "a warp: 32 threads of 32 rows");
        const uint32_t *w32 = (const uint32_t *)word;
        const unsigned lane = row_lane();
        if constexpr (W == 32) {
            use([&](unsigned k) { return w32[k * L + lane]; });
        } else {
            const unsigned j0 = first_row() / 32u * b, odd = j0 % 2u;
            const uint32_t *at = w32 + j0 / 2u * 2u * L + 2u * lane;
            const uint32_t *even_k = at + odd, *odd_k = at + (2u * L - 1u) * odd;
            use([&](unsigned k) { return (k % 2u == 0 ? even_k : odd_k)[k / 2u * 2u * L + k % 2u]; });
        }
    }

    /* This thread's 32 packed integers in that mapping (b <= 32). */
    __device__ __forceinline__ void packed_rows(uint32_t (&p)[32]) const
    {
        with_row_words([&](auto load) { unpack32(b, load, p); });
    }

    /* The same, unmasked and left-aligned (for_each_aligned, galp/device/unpack_fixed.cuh): f(a) for
     * each of the 32 rows, in order. */
    template <typename F> __device__ __forceinline__ void for_each_aligned_row(F &&f) const
    {
        with_row_words([&](auto load) { for_each_aligned(b, load, f); });
    }

    /* A full vector stored as it is (RAW, spec/format.md §4.2; a warp): f(x, chain, slot) for
     * this thread's 32 values, those of its 16-byte words t, t + 32, ... of the payload (4
     * values each of a 32-bit type, 2 of a 64-bit one: word i holds slots i·N ... i·N + N - 1),
     * in an order only sums, counts and extremes can use; chain alternates between 0 and 1
     * (two chains of adds). */
    template <typename F> __device__ __forceinline__ void for_each_stored(F &&f) const
    {
        static_assert(Threads == 32, "a warp of 32 threads, 32 values each");
        const uint4 *words = (const uint4 *)word + Group::rank();
        if constexpr (W == 32) {
#pragma unroll
            for (unsigned k = 0; k < 8; k++) {
                const uint4 w = words[32u * k];
                const unsigned s = N * (Group::rank() + 32u * k);
                f(value_from_word<T>(w.x), 0u, s), f(value_from_word<T>(w.y), 1u, s + 1u);
                f(value_from_word<T>(w.z), 0u, s + 2u), f(value_from_word<T>(w.w), 1u, s + 3u);
            }
        } else {
#pragma unroll 8
            for (unsigned k = 0; k < 16; k++) {
                const uint4 w = words[32u * k];
                const unsigned s = N * (Group::rank() + 32u * k);
                f(value_from_word<T>((uint64_t)w.y << 32 | w.x), 0u, s);
                f(value_from_word<T>((uint64_t)w.w << 32 | w.z), 1u, s + 1u);
            }
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

    /* Any width: the packed integers of slots s ... s + N - 1. */
    __device__ __forceinline__ void packed(unsigned s, Word (&p)[N]) const
    {
        const unsigned bit = s / L * b, k = bit / W, off = bit % W, lane = s % L;
        Word lo[N] = {}, hi[N] = {};
        if (b != 0)
            line(k, lane, lo);
        if (off + b > W)
            line(k + 1, lane, hi);
#pragma unroll
        for (unsigned j = 0; j < N; j++)
            p[j] = extract(lo[j], hi[j], off);
    }

    /* Wide vectors (64-bit words, b > 32): the same, with both lines always read, line k
     * twice where the group's values end in it (the second copy's bits then lie past b and
     * are masked off), so no zeroed words and no predicated loads; and each value taken as
     * 32-bit halves: the three from half off / 32 on, two funnel shifts by off mod 32 (about
     * half the instructions of extract's 64-bit shifts by a variable amount, which also made
     * the float64 aggregate spill registers). */
    __device__ __forceinline__ void packed_wide(unsigned s, Word (&p)[N]) const
    {
        static_assert(W == 64, "only 64-bit words are wider than 32 bits");
        const unsigned bit = s / L * b, k = bit / W, off = bit % W, lane = s % L;
        Word lo[N], hi[N];
        line(k, lane, lo);
        line(off + b > W ? k + 1 : k, lane, hi);
        const bool upper = off >= 32u;
        const uint32_t high_mask = (uint32_t)(mask >> 32); /* the low half is whole: b > 32 */
#pragma unroll
        for (unsigned j = 0; j < N; j++) {
            const uint32_t h0 = upper ? (uint32_t)(lo[j] >> 32) : (uint32_t)lo[j];
            const uint32_t h1 = upper ? (uint32_t)hi[j] : (uint32_t)(lo[j] >> 32);
            const uint32_t h2 = upper ? (uint32_t)(hi[j] >> 32) : (uint32_t)hi[j];
            p[j] = (uint64_t)(__funnelshift_r(h1, h2, off % 32u) & high_mask) << 32 | __funnelshift_r(h0, h1, off % 32u);
        }
    }

    /* Either: the packed integers of a group as words. */
    template <bool Narrow> __device__ __forceinline__ void packed_words(unsigned s, Word (&p)[N]) const
    {
        if constexpr (Narrow) {
            uint32_t q[N];
            packed_narrow(s, q);
#pragma unroll
            for (unsigned j = 0; j < N; j++)
                p[j] = q[j];
        } else {
            packed(s, p);
        }
    }

    /* Any vector, in groups: f(slot, packed integer) for each of this thread's slots below m. */
    template <typename F> __device__ __forceinline__ void for_each_packed(F &&f) const
    {
#pragma unroll
        for (unsigned g = 0; g < groups; g++) {
            const unsigned s = group_slot(g);
            Word p[N];
            packed(s, p);
#pragma unroll
            for (unsigned j = 0; j < N; j++)
                if (s + j < m)
                    f(s + j, p[j]);
        }
    }

    /* A full wide vector (b > 32): f(p) for each of this thread's packed integers, in groups
     * (packed_wide): no slot to check against m. Unroll: groups per iteration, all of them by
     * default (see aggregate_wide for why a kernel may want fewer). The loop is written twice
     * because `#pragma unroll(groups)` does not compile to the same code as `#pragma unroll`,
     * and the range scans keep the code of the full unroll that their floors assume. */
    template <unsigned Unroll = groups, typename F> __device__ __forceinline__ void for_each_packed_wide(F &&f) const
    {
        auto group = [&](unsigned g) {
            Word p[N];
            packed_wide(group_slot(g), p);
#pragma unroll
            for (unsigned j = 0; j < N; j++)
                f(p[j]);
        };
        if constexpr (Unroll >= groups) {
#pragma unroll
            for (unsigned g = 0; g < groups; g++)
                group(g);
        } else {
#pragma unroll(Unroll)
            for (unsigned g = 0; g < groups; g++)
                group(g);
        }
    }

    /* The packed integer of one slot. */
    __device__ __forceinline__ Word packed_at(unsigned slot) const
    {
        const unsigned bit = slot / L * b, k = bit / W, off = bit % W, lane = slot % L;
        const Word lo = b != 0 ? word[k * L + lane] : (Word)0;
        const Word hi = off + b > W ? word[(k + 1) * L + lane] : (Word)0;
        return extract(lo, hi, off);
    }

    /* G-ALP: the product k = (p + base)·FACT of spec/alp.md §4, as p·FACT + base·FACT
     * (mod 2^W), one multiply-add. */
    __device__ __forceinline__ Word product(Word packed) const { return packed * fact + base_fact; }

    /* packed -> value: + base (spec/ffor.md §4), then for G-ALP the ALP map (spec/alp.md §4). */
    __device__ __forceinline__ T decode(Word packed) const
    {
        if constexpr (traits::is_float) {
            if (is_alp)
                return alp_from_product<T>(product(packed), frac);
        }
        return value_from_word<T>((Word)(packed + base));
    }

    /* Exception j (spec/galp.md §1): its slot and bit pattern. */
    __device__ __forceinline__ unsigned exception_slot(unsigned j) const
    {
        return ((const uint16_t *)(exc + (size_t)c * sizeof(Word)))[j];
    }
    __device__ __forceinline__ Word exception_bits(unsigned j) const
    {
        return ((const Word *)exc)[j];
    }

    /* A warp's vector: sets the bit of each exception's slot in the 32-bit mask of the thread
     * that holds it, in the scans' mapping of rows (row_owner, row_bit) or, InGroups, in the
     * groups mapping (group_owner, group_bit); the masks zeroed and their zeros visible to
     * the warp before. Then waits for the warp. */
    template <bool InGroups = false> __device__ __forceinline__ void mark_exceptions(uint32_t *masks) const
    {
        static_assert(Threads == 32, "a warp's slot masks");
        for (unsigned j = Group::rank(); j < c; j += 32u) {
            const unsigned s = exception_slot(j);
            if constexpr (InGroups)
                atomicOr(&masks[group_owner(s)], 1u << group_bit(s));
            else
                atomicOr(&masks[row_owner(s)], 1u << row_bit(s));
        }
        __syncwarp();
    }
};

} /* namespace galp::device::detail */

#endif /* GALP_DEVICE_BLOCK_VECTOR_CUH */
