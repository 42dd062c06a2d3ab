/*
 * galp/device/rle.cuh — one lane of a FastLanes RLE vector (spec/fastlanes.md §3), its values
 * in position order, state in registers.
 *
 * RLE's run indexes are a transposed DELTA vector of 16-bit values whatever the column type
 * (64 lanes of 16 rows), so lane l (0 <= l < 64) carries the 16 consecutive positions
 * 16·l ... 16·l + 15: the value of row r is vector position 16·l + r (spec/fastlanes.md §3.1).
 * Each row adds a step of s bits (s = 1, or 0 for a single run) to the lane's running index,
 * and the value is that entry of the run-value table (galp/device/table.cuh).
 *
 *   rle_lane<T> d(col, vector, lane);     // T = uint8_t ... uint64_t, an RLE vector
 *   for (unsigned r = 0; r < 16; r++) { T x = d.next(); ... position 16·lane + r ... }
 *
 * Rows whose position is at or past the vector's value count carry no value
 * (spec/format.md §4.3) and must be ignored; their unvalidated indexes are clamped to the
 * table, so decoding them reads nothing outside it.
 */
#ifndef GALP_DEVICE_RLE_CUH
#define GALP_DEVICE_RLE_CUH

#include "galp/layout.h"

#include "column.cuh"
#include "ffor.cuh"
#include "table.cuh"

namespace galp::device::detail {

/* Lanes and rows of RLE's run-index vector and of DICT's codes: 16-bit words. */
constexpr unsigned index_lanes = 64, index_rows = 16;

template <typename T> struct rle_lane {
    typedef typename value_traits<T>::word Word;
    static_assert(!value_traits<T>::is_float, "RLE is an integer scheme (spec/fastlanes.md)");

    ffor_lane<uint16_t> steps;
    uint32_t index; /* the run index of the last row yielded, the lane base before row 0 */
    packed_table<Word> runs;

    rle_lane() = default; /* then init() */
    __device__ __forceinline__ rle_lane(const galp_gpu_view &col, uint32_t vector, unsigned lane)
    {
        init(col.data, read_vector_entry(col.data, vector), lane);
    }

    /* exception_count is the run count R, base and bit width describe the run values. */
    __device__ __forceinline__ void init(const uint8_t *image, const vector_entry &e, unsigned lane)
    {
        const uint8_t *payload = image + e.payload_offset;
        const unsigned s = galp_layout_rle_step_bits(e.exception_count);
        index = __ldg((const uint16_t *)payload + lane);
        steps.init((const uint16_t *)(payload + galp_layout_lane_bases_bytes()), lane, s, 0, s);
        runs.words = (const Word *)(payload + galp_layout_table_offset(GALP_SCHEME_RLE, e.exception_count));
        runs.base = (typename reg_of<Word>::type)e.base;
        runs.bit_width = e.bit_width;
        runs.count = e.exception_count;
    }

    /* The run index of the next row, mod 2^16 (spec/fastlanes.md §3.1). */
    __device__ __forceinline__ unsigned next_index()
    {
        index = (index + steps.next_packed()) & 0xffffu;
        return index;
    }

    __device__ __forceinline__ T next() { return (T)runs.entry(next_index()); }
};

} /* namespace galp::device::detail */

/* The public names of this header (docs/GPU.md). */
namespace galp::device {
using detail::rle_lane;
} /* namespace galp::device */

#endif /* GALP_DEVICE_RLE_CUH */
