/*
 * galp/device/delta.cuh — one lane of a FastLanes DELTA vector (spec/fastlanes.md §2), its
 * values in position order, state in registers.
 *
 * Lane l (0 <= l < L = 1024 / W) of a DELTA vector carries the W consecutive positions
 * l·W ... l·W + W - 1: the value of row r is vector position l·W + r (spec/fastlanes.md §2.1),
 * not FFOR's slot r·L + l. Each lane is an independent prefix-sum chain from its lane base,
 * so a thread per lane decodes a vector with no communication; the lanes of a warp read
 * their packed deltas as FFOR's lanes do, whole 128-byte lines (galp/device/ffor.cuh).
 *
 *   delta_lane<T> d(col, vector, lane);   // T = uint8_t ... uint64_t, a DELTA vector
 *   for (unsigned r = 0; r < W; r++) { T x = d.next(); ... position lane·W + r ... }
 *
 * Rows whose position is at or past the vector's value count carry no value
 * (spec/format.md §4.3) and must be ignored; decoding them reads nothing outside the file.
 */
#ifndef GALP_DEVICE_DELTA_CUH
#define GALP_DEVICE_DELTA_CUH

#include "galp/layout.h"

#include "column.cuh"
#include "ffor.cuh"

namespace galp::device::detail {

template <typename T> struct delta_lane {
    typedef typename value_traits<T>::word Word;
    typedef typename reg_of<Word>::type reg;
    static_assert(!value_traits<T>::is_float, "DELTA is an integer scheme (spec/fastlanes.md)");
    static constexpr unsigned W = value_traits<T>::bits, L = value_traits<T>::lanes;

    ffor_lane<Word> deltas; /* adds the entry's base to each packed delta */
    reg value;              /* the value of the last row yielded, the lane base before row 0 */

    delta_lane() = default; /* then init() */
    __device__ __forceinline__ delta_lane(const galp_gpu_view &col, uint32_t vector, unsigned lane)
    {
        init(col.data, read_vector_entry(col.data, vector), lane);
    }

    /* payload_offset, base and bit width come from the vector's entry (spec/fastlanes.md §2.1). */
    __device__ __forceinline__ void init(const uint8_t *image, const vector_entry &e, unsigned lane)
    {
        const uint8_t *payload = image + e.payload_offset;
        value = (reg)__ldg((const Word *)payload + lane);
        /* line b, one past the packed deltas, is the first the lane never takes bits from; it
         * lies in the next payload or the file's zero tail (spec/format.md §3.5) */
        deltas.init((const Word *)(payload + galp_layout_lane_bases_bytes()), lane, e.bit_width, e.base,
                    e.bit_width);
    }

    /* Row r of the lane, r counting the calls: value(r) = value(r - 1) + base + d(r) mod 2^W
     * (spec/fastlanes.md §2.2). */
    __device__ __forceinline__ T next()
    {
        value = deltas.add_base(value + deltas.next_packed());
        return (T)value;
    }
};

} /* namespace galp::device::detail */

/* The public names of this header (docs/GPU.md). */
namespace galp::device {
using detail::delta_lane;
} /* namespace galp::device */

#endif /* GALP_DEVICE_DELTA_CUH */
