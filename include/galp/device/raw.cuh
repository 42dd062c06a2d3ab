/*
 * galp/device/raw.cuh — RAW vectors (spec/format.md §4.2) through the FFOR lane unpacker.
 *
 * A RAW vector stores value i as word i. In the FFOR layout with b = W, value (lane, row r)
 * is word r·L + lane = i as well, so RAW is FFOR with b = W and base 0 and needs no code of
 * its own: only its bound differs. A RAW payload holds exactly m words (m < 1024 in the last
 * vector), so lane `lane` takes values from its lines k with k·L + lane < m only; the
 * unpacker may also read the line after those, which ends less than 128 bytes past the
 * payload, inside the 256 readable bytes of spec/format.md §3.5.
 */
#ifndef GALP_DEVICE_RAW_CUH
#define GALP_DEVICE_RAW_CUH

#include "ffor.cuh"

namespace galp::device::detail {

/* Lines of `lane` that hold values in a RAW vector of m values, which is also the first line
 * it never takes bits from. */
template <typename Word>
__device__ __forceinline__ unsigned raw_lines(unsigned m, unsigned lane)
{
    constexpr unsigned L = ffor_lane<Word>::L;
    return m > lane ? (m - lane + L - 1u) / L : 0u;
}

template <typename Word, unsigned Ahead>
__device__ __forceinline__ void raw_lane_init(ffor_lane<Word, Ahead> &lane_unpacker, const uint8_t *payload,
                                              unsigned m, unsigned lane)
{
    lane_unpacker.init((const Word *)payload, lane, ffor_lane<Word, Ahead>::W, 0,
                       raw_lines<Word>(m, lane));
}

} /* namespace galp::device::detail */

#endif /* GALP_DEVICE_RAW_CUH */
