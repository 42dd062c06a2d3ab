/*
 * galp/device/dict.cuh — FastLanes DICT vectors (spec/fastlanes.md §4): one lane of codes
 * in row order, or one position at random, state in registers.
 *
 * DICT's codes are FFOR-packed over 16-bit words whatever the column type, in FFOR's slot
 * order (64 lanes of 16 rows): the value of row r of lane l (0 <= l < 64) is vector position
 * r·64 + l, as for FFOR and unlike DELTA and RLE. Each code indexes the dictionary, a packed
 * table of bit patterns (galp/device/table.cuh): for f32 and f64 the pattern is the value.
 *
 *   dict_lane<T> d(col, vector, lane);    // T = uint8_t ... double, a DICT vector
 *   for (unsigned r = 0; r < 16; r++) { T x = d.next(); ... position 64·r + lane ... }
 *   T y = dict_value<T>(col, vector, p);   // position p alone: one code, one entry
 *
 * Positions at or past the vector's value count carry no value (spec/format.md §4.3) and
 * must be ignored; their unvalidated codes are clamped to the dictionary, so decoding them
 * reads nothing outside it.
 */
#ifndef GALP_DEVICE_DICT_CUH
#define GALP_DEVICE_DICT_CUH

#include "galp/layout.h"

#include "column.cuh"
#include "ffor.cuh"
#include "table.cuh"

namespace galp::device::detail {

/* The dictionary of a DICT vector: exception_count is its size D, base and bit width
 * describe its entries. */
template <typename Word>
__device__ __forceinline__ packed_table<Word> dict_table(const uint8_t *image, const vector_entry &e)
{
    packed_table<Word> t;
    t.words = (const Word *)(image + e.payload_offset + galp_layout_table_offset(GALP_SCHEME_DICT, e.exception_count));
    t.base = (typename reg_of<Word>::type)e.base;
    t.bit_width = e.bit_width;
    t.count = e.exception_count;
    return t;
}

/* The value at position p (< 1024) of DICT vector `vector`. */
template <typename T>
__device__ __forceinline__ T dict_value(const galp_gpu_view &col, uint32_t vector, unsigned p)
{
    const uint8_t *image = col.data;
    const vector_entry e = read_vector_entry(image, vector);
    const unsigned c = galp_layout_dict_code_bits(e.exception_count);
    const unsigned code = packed_slot((const uint16_t *)(image + e.payload_offset), c, p);
    return value_from_word<T>(dict_table<typename value_traits<T>::word>(image, e).entry(code));
}

template <typename T> struct dict_lane {
    typedef typename value_traits<T>::word Word;

    ffor_lane<uint16_t> codes;
    packed_table<Word> dict;

    dict_lane() = default; /* then init() */
    __device__ __forceinline__ dict_lane(const galp_gpu_view &col, uint32_t vector, unsigned lane)
    {
        init(col.data, read_vector_entry(col.data, vector), lane);
    }

    __device__ __forceinline__ void init(const uint8_t *image, const vector_entry &e, unsigned lane)
    {
        const unsigned c = galp_layout_dict_code_bits(e.exception_count);
        /* line c, one past the codes, is the first the lane never takes bits from */
        codes.init((const uint16_t *)(image + e.payload_offset), lane, c, 0, c);
        dict = dict_table<Word>(image, e);
    }

    __device__ __forceinline__ T next() { return value_from_word<T>(dict.entry(codes.next_packed())); }
};

} /* namespace galp::device::detail */

/* The public names of this header (docs/GPU.md). */
namespace galp::device {
using detail::dict_lane;
using detail::dict_value;
} /* namespace galp::device */

#endif /* GALP_DEVICE_DICT_CUH */
