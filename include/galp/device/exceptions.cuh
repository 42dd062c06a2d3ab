/*
 * galp/device/exceptions.cuh — one lane's exceptions of a G-ALP vector, buffered (spec/galp.md §1, §5).
 *
 * Lane l's exceptions are entries lane_end[l-1] ... lane_end[l]-1 of the value and position
 * arrays, in ascending position order. The cursor keeps the next exception's position and
 * value in registers and compares one slot index per decoded value: no scan of other lanes'
 * exceptions, no per-value loop. After a hit it loads the following entry right away, so
 * the load has until the next hit to arrive. That load may be the entry one past the lane
 * (and, for the last lane, past the payload): spec/galp.md §5 allows it, and the cursor never
 * uses it because `left` is then zero.
 */
#ifndef GALP_DEVICE_EXCEPTIONS_CUH
#define GALP_DEVICE_EXCEPTIONS_CUH

#include "types.cuh"

namespace galp::device::detail {

template <typename Word> struct exception_cursor {
    static constexpr unsigned W = 8u * sizeof(Word);
    static constexpr unsigned L = galp_layout_lanes(W);

    const Word *values;         /* next entry of this lane */
    const uint16_t *positions;
    unsigned left;              /* entries of this lane not yet consumed */
    unsigned pos;               /* buffered: position of the next entry */
    Word value;                 /* buffered: its bit pattern */

    /* A vector without exceptions (RAW, FFOR, and G-ALP with exception_count 0, which may
     * have no lane table: spec/galp.md §1.1). */
    __device__ __forceinline__ void init_empty()
    {
        values = nullptr;
        positions = nullptr;
        left = 0;
        pos = 0;
        value = 0;
    }

    /* section: the payload bytes right after the packed words, where the lane table starts
     * (galp_layout_lane_end_offset); c: exception count, at least 1. Offsets below are
     * relative to it. Lane ends are u16: the device image has no narrow ones (gpu/image.c). */
    __device__ __forceinline__ void init(const uint8_t *section, unsigned c, unsigned lane)
    {
        const uint16_t *lane_end = (const uint16_t *)section;
        unsigned start = lane == 0 ? 0u : __ldg(lane_end + lane - 1);
        left = __ldg(lane_end + lane) - start;
        values = (const Word *)(section + galp_layout_lane_end_bytes(GALP_SCHEME_GALP, W, c, 0u)) + start;
        positions = (const uint16_t *)(section + galp_layout_positions_offset(GALP_SCHEME_GALP, W, 0, c, 0u)) + start;
        pos = __ldg(positions);
        value = __ldg(values);
    }

    /* If slot is this lane's next exception, replace *bits with it and advance. */
    __device__ __forceinline__ bool patch(unsigned slot, Word &bits)
    {
        if (left != 0 && pos == slot) {
            bits = value;
            left--;
            positions++;
            values++;
            pos = __ldg(positions);
            value = __ldg(values);
            return true;
        }
        return false;
    }
};

} /* namespace galp::device::detail */

#endif /* GALP_DEVICE_EXCEPTIONS_CUH */
