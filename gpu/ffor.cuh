/*
 * gpu/ffor.cuh — one lane of an FFOR-packed vector, unpacked one value per call
 * (spec/ffor.md; the per-lane view of spec/format.md §1: lane l holds slots l, l+L, l+2L...).
 *
 * The lane's packed words are word (lane, k) at index k·L + lane. Value r occupies bits
 * [r·b, r·b + b) of the lane's bit stream, LSB first, continuing into the next word of the
 * same lane when it straddles. The unpacker keeps two consecutive words of the lane in
 * registers (lo = the word the next value starts in, hi = the one after) and loads a new word
 * only when the value stream crosses into hi: one load per W/b values, no shared memory,
 * no per-value branch on the bit width, so any b runs the same instruction sequence (two
 * f64 vectors of one warp with different widths do not diverge apart from the load).
 *
 * Loads are bounded by `limit` (a word index): loads at or past it give zero without touching
 * memory. For FFOR the limit is one line past the packed words, which the 256-byte tail of
 * spec/format.md §3.5 allows; RAW vectors (gpu/raw.cuh) use the value count instead.
 */
#ifndef GALP_GPU_FFOR_CUH
#define GALP_GPU_FFOR_CUH

#include "types.cuh"

namespace galp_gpu {

template <typename Word> struct ffor_lane {
    typedef typename reg_of<Word>::type reg;
    static constexpr unsigned W = 8u * sizeof(Word);
    static constexpr unsigned L = 1024u / W;

    const Word *words;  /* this lane's word 0 */
    unsigned next;      /* line index k of the next word to load */
    unsigned limit;     /* first line index that is not loaded (reads give 0) */
    unsigned off;       /* bit offset of the next value in lo, < W */
    unsigned b;
    reg lo, hi, mask, base;

    __device__ __forceinline__ reg load_line(unsigned k) const
    {
        return k < limit ? (reg)__ldg(words + (size_t)k * L) : (reg)0;
    }

    /* packed: the vector's 128·b packed bytes; lines: lines that may be read. */
    __device__ __forceinline__ void init(const Word *packed, unsigned lane, unsigned bit_width,
                                         uint64_t for_base, unsigned lines)
    {
        words = packed + lane;
        b = bit_width;
        limit = lines;
        off = 0;
        base = (reg)for_base;
        mask = bit_width == 0 ? (reg)0 : (reg)(~(reg)0 >> (8u * sizeof(reg) - bit_width));
        lo = load_line(0);
        hi = load_line(1);
        next = 2;
    }

    /* The b packed bits of the next value, before the base is added. */
    __device__ __forceinline__ reg next_packed()
    {
        reg v;
        if constexpr (W == 64)
            v = (lo >> off) | ((hi << 1) << (63u - off)); /* no shift by 64 when off = 0 */
        else if constexpr (W == 32)
            v = __funnelshift_r(lo, hi, off);
        else
            v = (lo | hi << W) >> off;
        off += b;
        if (off >= W) {
            off -= W;
            lo = hi;
            hi = load_line(next++);
        }
        return v & mask;
    }

    /* Decoded integer: (packed + base) mod 2^W (spec/ffor.md §4). */
    __device__ __forceinline__ reg add_base(reg packed) const
    {
        reg u = packed + base;
        if constexpr (W < 32)
            u &= (reg)((1u << W) - 1u);
        return u;
    }
};

} /* namespace galp_gpu */

#endif /* GALP_GPU_FFOR_CUH */
