/*
 * galp/device/ffor.cuh — one lane of an FFOR-packed vector, unpacked one value per call
 * (spec/ffor.md; the per-lane view of spec/format.md §1: lane l holds slots l, l+L, l+2L...).
 *
 * The lane's packed words are word (lane, k) at index k·L + lane. Value r occupies bits
 * [r·b, r·b + b) of the lane's bit stream, LSB first, continuing into the next word of the
 * same lane when it straddles. The unpacker keeps a window of Ahead + 1 consecutive words of
 * the lane in registers (the word the next value starts in, then the following ones) and
 * loads one new word each time the value stream crosses a word boundary: one load per W/b
 * values, no shared memory, no per-value branch on the bit width, so any b runs the same
 * instruction sequence (two f64 vectors of one warp with different widths do not diverge
 * apart from the load). Ahead = 1 uses the fewest registers; a larger Ahead keeps more loads
 * in flight per thread, which full decompression needs at high bit widths to read at memory speed.
 *
 * Loads never wait on a condition: line k is read from min(k, last), where `last` is the first
 * line the lane never takes bits from (line b for FFOR: one line past the packed words, which
 * the 256-byte tail of spec/format.md §3.5 makes readable; RAW vectors use their own bound,
 * galp/device/raw.cuh). Reading a clamped line again is harmless because its bits are masked off.
 * A conditional load (`k < limit ? load : 0`) would instead make the select wait for the
 * load and serialise the lane on memory latency at every word boundary.
 */
#ifndef GALP_DEVICE_FFOR_CUH
#define GALP_DEVICE_FFOR_CUH

#include "types.cuh"

namespace galp::device::detail {

template <typename Word, unsigned Ahead = 1> struct ffor_lane {
    static_assert(Ahead >= 1, "the unpacker needs the word after the current one");
    typedef typename reg_of<Word>::type reg;
    static constexpr unsigned W = 8u * sizeof(Word);
    static constexpr unsigned L = 1024u / W;

    const Word *words;  /* this lane's word 0 */
    unsigned next;      /* line index k of the next word to load */
    unsigned last;      /* loads of lines past it read it instead */
    unsigned off;       /* bit offset of the next value in buf[0], < W */
    unsigned b;
    reg buf[Ahead + 1]; /* buf[0]: the word the next value starts in; then the next words */
    reg mask, base;

    __device__ __forceinline__ reg load_line(unsigned k) const
    {
        return (reg)__ldg(words + (size_t)min(k, last) * L);
    }

    /* packed: the vector's 128·b packed bytes; last_line: see above. */
    __device__ __forceinline__ void init(const Word *packed, unsigned lane, unsigned bit_width,
                                         uint64_t for_base, unsigned last_line)
    {
        words = packed + lane;
        b = bit_width;
        last = last_line;
        off = 0;
        base = (reg)for_base;
        mask = bit_width == 0 ? (reg)0 : (reg)(~(reg)0 >> (8u * sizeof(reg) - bit_width));
#pragma unroll
        for (unsigned i = 0; i <= Ahead; i++)
            buf[i] = load_line(i);
        next = Ahead + 1;
    }

    /* The b packed bits of the next value, before the base is added. */
    __device__ __forceinline__ reg next_packed()
    {
        const reg lo = buf[0], hi = buf[1];
        reg v;
        if constexpr (W == 64)
            v = (lo >> off) | ((hi << 1) << (63u - off)); /* no shift by 64 when off = 0 */
        else if constexpr (W == 32)
            v = __funnelshift_r(lo, hi, off);
        else
            v = (lo | hi << W) >> off;
        off += b;
        if (off >= W) { /* the stream moves into the next word: shift the window by one */
            off -= W;
#pragma unroll
            for (unsigned i = 0; i < Ahead; i++)
                buf[i] = buf[i + 1];
            buf[Ahead] = load_line(next++);
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

} /* namespace galp::device::detail */

#endif /* GALP_DEVICE_FFOR_CUH */
