/*
 * galp/device/alprd_match.cuh — which rows of a lane hold values in a range, for columns that
 * may hold ALP_RD vectors (spec/alprd.md): a range filter of the device API.
 *
 * alprd_lane_match<T>(col, vector, lane, lo, hi) returns the lane's rows whose value x has
 * lo <= x <= hi, as a mask: bit i for row i, slot lane + i·L (spec/ffor.md §2), a uint32_t
 * for float (32 rows) and a uint64_t for double (64 rows). The comparison is IEEE's, on the
 * values the reference decoder yields: a NaN matches nothing and a NaN bound matches nothing,
 * -0 == +0. Rows at or past the vector's value count are clear. Vectors of any scheme.
 *
 * A float32 lane of a full ALP_RD vector is decoded by code that checks no row for an
 * exception (alprd_f32_full_lane_match): every row is compared as its dictionary entry
 * makes it, then the lane's exception rows (spec/alprd.md §4 step 3), met after, are
 * compared again with their own left parts and their bits replaced. The exceptions' left
 * parts and positions, which only the lane table addresses, are thus awaited while the rows
 * are compared rather than before, and a row costs what it costs in a vector without
 * exceptions. Other lanes go through visit_lane_alprd (galp/device/alprd.cuh).
 */
#ifndef GALP_DEVICE_ALPRD_MATCH_CUH
#define GALP_DEVICE_ALPRD_MATCH_CUH

#include "alprd.cuh"
#include "alprd_f32_lane.cuh"

namespace galp::device::detail {

/* The rows of a lane as bits: float32 lanes have 32, float64 lanes 64. */
template <typename T> struct lane_rows;
template <> struct lane_rows<float> {
    typedef uint32_t mask;
};
template <> struct lane_rows<double> {
    typedef uint64_t mask;
};

/* A u16 at p (global memory), loaded where the call stands (alprd_load_v4_here says why). */
__device__ __forceinline__ unsigned alprd_load_u16_here(const uint16_t *p)
{
    unsigned short v;
    asm volatile("ld.relaxed.gpu.global.u16 %0, [%1];" : "=h"(v) : "l"(__cvta_generic_to_global(p)));
    return v;
}

/* alprd_lane_match for lane `lane` of the full float32 ALP_RD vector of entry e whose
 * payload is `payload`. The lane's first exception is loaded before the rows, the others
 * while the one before is patched. An exception row's right part is read again from the
 * lane's words (a row picked at run time cannot pick a register); the words were just read,
 * so the cache usually holds them. */
__device__ __forceinline__ uint32_t alprd_f32_full_lane_match(const uint8_t *payload, const vector_entry &e,
                                                              unsigned lane, float lo, float hi)
{
    constexpr unsigned W = 32, L = 32;
    const unsigned r = e.bit_width, k = e.exponent, c = e.exception_count;
    alprd_f32_lane_words words;
    words.load(payload, r, k, c, lane);
    const unsigned count = words.exception_end - words.exception_start;
    const uint16_t *lefts = nullptr, *positions = nullptr;
    unsigned next_position = 0, next_left = 0;
    if (count != 0) {
        lefts = (const uint16_t *)(payload + galp_layout_alprd_lefts_offset(W, r, k, c, 0u)) + words.exception_start;
        positions = (const uint16_t *)(payload + galp_layout_alprd_positions_offset(W, r, k, c, 0u)) +
                    words.exception_start;
        next_position = alprd_load_u16_here(positions);
        next_left = alprd_load_u16_here(lefts);
    }
    alprd_byte_dictionary dict;
    dict.set(words.dictionary);
    uint32_t code_nibbles[4];
    dispatch_width<0, GALP_LAYOUT_ALPRD_MAX_CODE_WIDTH>(k, [&](auto width) {
        constexpr unsigned K = decltype(width)::value;
        alprd_code_nibbles<K>([&](unsigned j) { return words.code[j]; }, code_nibbles);
    });
    uint32_t match = 0;
    dispatch_width<W - GALP_LAYOUT_ALPRD_MAX_LEFT_WIDTH, W - 1>(r, [&](auto width) {
        constexpr unsigned R = decltype(width)::value;
        uint32_t right[32];
        unpack32_fixed<R>([&](unsigned j) { return words.right[j]; }, right);
#pragma unroll
        for (unsigned row = 0; row < 32; row++) {
            const float x = __uint_as_float(dict.left_shifted<R>(code_nibbles[row / 8] >> 4 * (row % 8)) | right[row]);
            match |= (uint32_t)(lo <= x && x <= hi) << row;
        }
    });
    /* Each position is a slot of this lane (spec/alprd.md §5), row p div L; its right part
     * is bits row·r ... row·r + r - 1 of the lane's stream of words (spec/ffor.md §3). */
    const uint32_t *right_words = (const uint32_t *)(payload + GALP_LAYOUT_ALPRD_DICT_BYTES);
    for (unsigned j = 0; j < count; j++) {
        const unsigned row = next_position / L % 32u, left = next_left;
        if (j + 1 < count) {
            next_position = __ldg(positions + j + 1);
            next_left = __ldg(lefts + j + 1);
        }
        const unsigned bit = row * r, word = bit / 32u, off = bit % 32u;
        const uint32_t low = __ldg(right_words + word * L + lane);
        const uint32_t high = off + r > 32u ? __ldg(right_words + (word + 1u) * L + lane) : 0u;
        const uint32_t right_part = __funnelshift_r(low, high, off) & ((1u << r) - 1u);
        const float x = __uint_as_float(left << r | right_part);
        match = (match & ~(1u << row)) | (uint32_t)(lo <= x && x <= hi) << row;
    }
    return match;
}

/* The mask of rows of lane `lane` of vector `vector` whose values lie in [lo, hi], for a
 * vector of any scheme (the header comment says what it guarantees). */
template <typename T>
__device__ __forceinline__ typename lane_rows<T>::mask alprd_lane_match(const galp_gpu_view &col, uint32_t vector,
                                                                        unsigned lane, T lo, T hi)
{
    typedef typename lane_rows<T>::mask mask;
    constexpr unsigned L = value_traits<T>::lanes;
    mask match = 0;
    const auto compare = [&](unsigned slot, T x) { match |= (mask)(lo <= x && x <= hi) << (slot - lane) / L; };
    const vector_entry e = read_vector_entry(col.data, vector);
    if (e.scheme != GALP_SCHEME_ALP_RD) {
        visit_lane<T>(col, vector, lane, compare);
        return match;
    }
    if constexpr (value_traits<T>::bits == 32) {
        if (vector_value_count(col, vector) == GALP_VECTOR_SIZE)
            return alprd_f32_full_lane_match(col.data + e.payload_offset, e, lane, lo, hi);
    }
    if (!alprd_full_lane<T>(col, vector, e, lane, compare))
        alprd_visit_lane_by_values<T>(col, vector, lane, e, compare);
    return match;
}

} /* namespace galp::device::detail */

/* The public names of this header (docs/GPU.md). */
namespace galp::device {
using detail::alprd_lane_match;
using detail::lane_rows;
} /* namespace galp::device */

#endif /* GALP_DEVICE_ALPRD_MATCH_CUH */
