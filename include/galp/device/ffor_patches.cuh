/*
 * galp/device/ffor_patches.cuh — the patches of a patched FFOR vector (spec/ffor.md §8,
 * format 1.8) on the device: patch j adds h_j << b to slot pos_j's unpacked value, modulo 2^W
 * (§8.2). The h_j (W bits each) and then the u16 positions, strictly increasing, follow the
 * vector's packed words (§8.1). A vector without patches (exception_count 0) reads none of
 * this: each decoder below keeps its patch-free path and pays only where a vector has patches.
 *
 * Three ways to find a slot's patch, one per mapping of threads to slots:
 *
 *   warp_patches   a warp decoding slots 32·r ... 32·r + 31 in round r = 0, 1, ...: the
 *                  round's patches are the next run of the sorted positions, found with one
 *                  ballot; each is given to the lane of its slot. No serial walk: a round
 *                  without patches costs a load, a ballot and a compare per lane.
 *   patch_cursor   one FFOR lane in row order (slots l, l + L, ...), as lane_decoder walks it:
 *                  the next patch of the lane buffered in registers, one compare per value; the
 *                  cursor skips the other lanes' patches, so a lane reads at most the p
 *                  positions once.
 *   patch_addend_at  any single slot: a binary search of the positions.
 */
#ifndef GALP_DEVICE_FFOR_PATCHES_CUH
#define GALP_DEVICE_FFOR_PATCHES_CUH

#include "types.cuh"

namespace galp::device::detail {

/* Where a vector's patch values and positions start (spec/ffor.md §8.1). The values are
 * aligned to their width (they start at 128·b); the u16 positions follow p values of W/8
 * bytes, so for W = 8 they start at an odd offset when p is odd and are read a byte at a time
 * (position, position_ldg: plain loads, which shared memory needs, or read-only global ones). */
template <typename Word> struct patch_arrays {
    static constexpr unsigned W = 8u * sizeof(Word);
    const Word *high;
    const uint8_t *positions;

    patch_arrays() = default;
    __device__ __forceinline__ patch_arrays(const uint8_t *payload, unsigned b, unsigned count)
        : high((const Word *)(payload + galp_layout_values_offset(GALP_SCHEME_FFOR, W, b, count, 0u))),
          positions(payload + galp_layout_positions_offset(GALP_SCHEME_FFOR, W, b, count, 0u))
    {
    }

    __device__ __forceinline__ unsigned position(unsigned j) const
    {
        if constexpr (W == 8)
            return positions[2u * j] | (unsigned)positions[2u * j + 1u] << 8;
        else
            return ((const uint16_t *)positions)[j];
    }

    __device__ __forceinline__ unsigned position_ldg(unsigned j) const
    {
        if constexpr (W == 8)
            return __ldg(positions + 2u * j) | (unsigned)__ldg(positions + 2u * j + 1u) << 8;
        else
            return __ldg((const uint16_t *)positions + j);
    }
};

/* A warp's patches of a vector whose payload (staged or in global memory) is at `payload`;
 * every lane of the warp holds one and calls round_addend for the rounds in order. */
template <typename Word> struct warp_patches {
    typedef typename reg_of<Word>::type reg;
    patch_arrays<Word> at;
    unsigned count, next, b; /* next: the first patch of the rounds still to come */

    __device__ __forceinline__ warp_patches(const uint8_t *payload, unsigned bit_width, unsigned patches)
        : at(payload, bit_width, patches), count(patches), next(0), b(bit_width)
    {
    }

    /* What slot 32·round + lane adds (0 without a patch). The patches of the round are the k
     * positions from `next` on that are below its end: k <= 32, since positions are distinct
     * and every earlier round has taken its own. */
    __device__ __forceinline__ reg round_addend(unsigned round, unsigned lane)
    {
        const unsigned end = 32u * (round + 1u), j = next + lane;
        const bool in_round = j < count && at.position(j) < end;
        const unsigned k = __popc(__ballot_sync(0xffffffffu, in_round));
        reg add = 0;
        for (unsigned i = 0; i < k; i++) /* uniform: k is the warp's */
            if (at.position(next + i) % 32u == lane)
                add = (reg)at.high[next + i] << b;
        next += k;
        return add;
    }
};

/* One FFOR lane's patches in row order: slots lane, lane + L, ... (L = 1024 / W). */
template <typename Word> struct patch_cursor {
    static constexpr unsigned L = galp_layout_lanes(8u * sizeof(Word));
    patch_arrays<Word> at;     /* the vector's patches, in global memory */
    unsigned next;             /* the lane's next patch, while left != 0 */
    unsigned left;             /* patches from there to the end of the arrays */
    unsigned pos;              /* buffered: the lane's next patched slot */
    Word addend;               /* buffered: h << b */
    unsigned lane, b;

    __device__ __forceinline__ void init_empty()
    {
        at.high = nullptr;
        at.positions = nullptr;
        next = 0;
        left = 0;
        pos = 0;
        addend = 0;
        lane = 0;
        b = 0;
    }

    __device__ __forceinline__ void init(const uint8_t *payload, unsigned bit_width, unsigned count, unsigned l)
    {
        at = patch_arrays<Word>(payload, bit_width, count);
        next = 0;
        left = count;
        lane = l;
        b = bit_width;
        seek();
    }

    /* Moves to the first patch from here on that lies in this lane, and buffers it. */
    __device__ __forceinline__ void seek()
    {
        for (; left != 0; left--, next++) {
            const unsigned p = at.position_ldg(next);
            if (p % L == lane) {
                pos = p;
                addend = (Word)(__ldg(at.high + next) << b);
                return;
            }
        }
    }

    /* If slot (the lane's next, in row order) is patched, *add gets its addend. */
    __device__ __forceinline__ bool patch(unsigned slot, Word &add)
    {
        if (left != 0 && pos == slot) {
            add = addend;
            left--, next++;
            seek();
            return true;
        }
        return false;
    }
};

/* The addend of one slot: a binary search of the sorted positions in global memory. */
template <typename Word>
__device__ __forceinline__ typename reg_of<Word>::type patch_addend_at(const uint8_t *payload, unsigned b,
                                                                       unsigned count, unsigned slot)
{
    const patch_arrays<Word> at(payload, b, count);
    unsigned lo = 0, hi = count; /* the patch, if any, is among lo ... hi - 1 */
    while (lo < hi) {
        const unsigned mid = (lo + hi) / 2u, p = at.position_ldg(mid);
        if (p == slot)
            return (typename reg_of<Word>::type)__ldg(at.high + mid) << b;
        if (p < slot)
            lo = mid + 1u;
        else
            hi = mid;
    }
    return 0;
}

} /* namespace galp::device::detail */

/* The public names of this header (docs/GPU.md). */
namespace galp::device {
using detail::patch_addend_at;
using detail::patch_cursor;
using detail::warp_patches;
} /* namespace galp::device */

#endif /* GALP_DEVICE_FFOR_PATCHES_CUH */
