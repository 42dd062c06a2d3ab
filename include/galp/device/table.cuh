/*
 * galp/device/table.cuh — random access to one slot of FFOR-packed words, and the packed
 * tables of FastLanes RLE and DICT (spec/fastlanes.md §1) built on it.
 *
 * Slot s of a vector packed with b bits over W-bit words is row s div L of lane s mod L
 * (spec/ffor.md §2-§3): its bits start at bit (s div L)·b of the lane's stream, in word
 * k = that div W, at index k·L + lane, and continue into word k + 1 of the lane when they
 * straddle. Only the words that hold the slot's bits are read, so a reader never leaves the
 * packed words (a table of c entries packs exactly the words its entries use).
 */
#ifndef GALP_DEVICE_TABLE_CUH
#define GALP_DEVICE_TABLE_CUH

#include "types.cuh"

namespace galp::device::detail {

/* The b packed bits (0 <= b <= W) of slot s, before any base is added; word(k, lane) reads word
 * k of a lane's stream: through the read-only cache from global memory (packed_slot), or a
 * plain load from words staged in shared memory. */
template <typename Word, typename WordAt>
__device__ __forceinline__ typename reg_of<Word>::type slot_bits(unsigned b, unsigned s, WordAt word)
{
    typedef typename reg_of<Word>::type reg;
    constexpr unsigned W = 8u * sizeof(Word), L = 1024u / W;
    if (b == 0)
        return 0;
    const unsigned lane = s % L, bit = (s / L) * b, k = bit / W, off = bit % W;
    reg v = (reg)word(k, lane) >> off;
    if (off + b > W) /* straddles into the lane's next word; off > 0 here */
        v |= (reg)word(k + 1u, lane) << (W - off);
    return v & (reg)(~(reg)0 >> (8u * sizeof(reg) - b));
}

template <typename Word>
__device__ __forceinline__ typename reg_of<Word>::type packed_slot(const Word *words, unsigned b, unsigned s)
{
    constexpr unsigned L = 1024u / (8u * sizeof(Word));
    return slot_bits<Word>(b, s, [=](unsigned k, unsigned lane) { return __ldg(words + (size_t)k * L + lane); });
}

/* A packed table of `count` W-bit entries (spec/fastlanes.md §1): entry j is
 * (base + packed bits of slot j) mod 2^W. */
template <typename Word> struct packed_table {
    typedef typename reg_of<Word>::type reg;
    const Word *words;
    reg base;
    unsigned bit_width;
    unsigned count;

    /* Entry min(j, count - 1): indexes of positions past a vector's value count are not
     * validated (spec/fastlanes.md §3.2, §4.2) and must not read past the table. */
    __device__ __forceinline__ reg entry(unsigned j) const
    {
        reg u = packed_slot(words, bit_width, min(j, count - 1u)) + base;
        if constexpr (sizeof(Word) < 4)
            u &= (reg)((1u << (8u * sizeof(Word))) - 1u);
        return u;
    }
};

} /* namespace galp::device::detail */

#endif /* GALP_DEVICE_TABLE_CUH */
