/*
 * gpu/visit.cuh — whole-lane visitors of the device API: the fastest way to consume every
 * value of a lane, for kernels that do (decompression, scans).
 *
 * visit_lane(col, vector, lane, f) calls f(slot, x) for each value of the lane in row order;
 * visit_lane_encoded calls f(decoder, slot, encoded) with the row before its ALP map, for
 * predicate pushdown. Slots at or past the vector's value count are skipped.
 *
 * Why a second path beside lane_decoder::next(): the per-value decoder takes the bit width at
 * run time, so each value pays for a funnel shift with a variable offset, a test for the word
 * boundary and the window shift that follows it. For a full vector whose bit width b is
 * known, the visitor dispatches once per lane to code compiled for that b: every
 * word index, shift and mask is a constant, the lane's b words are loaded up front (all loads
 * in flight at once), and a value costs a shift or two and a mask. The last, partial vector
 * goes through lane_decoder::next_encoded(). Both paths patch exceptions with the same
 * buffered cursor and decode with the same ALP arithmetic, so they produce the same bits.
 */
#ifndef GALP_GPU_VISIT_CUH
#define GALP_GPU_VISIT_CUH

#include "column.cuh"

namespace galp_gpu {

/* Widths with compiled code: every width of 32-bit types, up to 32 bits for 64-bit types
 * (wider 64-bit vectors and the narrow types take the per-value decoder). Each width is a
 * fully unrolled lane, so this bounds code size and compile time. */
constexpr unsigned fixed_width_max = 32;

template <unsigned N> struct width_constant {
    static constexpr unsigned value = N;
};

/* Calls f(width_constant<b>()) for the run-time b in [Lo, Hi], by binary search. */
template <unsigned Lo, unsigned Hi, typename F>
__device__ __forceinline__ void dispatch_width(unsigned b, F &&f)
{
    if constexpr (Lo == Hi) {
        f(width_constant<Lo>());
    } else {
        constexpr unsigned Mid = (Lo + Hi) / 2;
        if (b <= Mid)
            dispatch_width<Lo, Mid>(b, f);
        else
            dispatch_width<Mid + 1, Hi>(b, f);
    }
}

/* Unpacks the W values of one lane of a full vector with bit width B known at compile time
 * (spec/ffor.md: value r occupies bits [r·B, r·B + B) of the lane's words, LSB first). */
template <typename T, unsigned B, typename F>
__device__ __forceinline__ void visit_full_lane_fixed(lane_decoder<T> &d, const typename value_traits<T>::word *lane_words,
                                                      F &&f)
{
    typedef typename lane_decoder<T>::reg reg;
    constexpr unsigned W = value_traits<T>::bits, L = value_traits<T>::lanes;
    constexpr unsigned regbits = 8u * sizeof(reg);
    constexpr reg mask = B == 0 ? (reg)0 : (reg)(~(reg)0 >> (regbits - (B == 0 ? 1 : B)));
    reg w[B == 0 ? 1 : B];
#pragma unroll
    for (unsigned k = 0; k < B; k++)
        w[k] = (reg)__ldg(lane_words + (size_t)k * L);
#pragma unroll
    for (unsigned r = 0; r < W; r++) {
        const unsigned p = r * B, k = p / W, off = p % W;
        reg v = 0;
        if constexpr (B != 0) {
            v = w[k] >> off;
            if (off + B > W)
                v |= w[k + 1] << (W - off);
            v &= mask;
        }
        f(d, d.lane + r * L, d.next_encoded_from(v));
    }
}

template <typename T, typename F>
__device__ __forceinline__ void visit_lane_encoded(const galp_gpu_view &col, uint32_t vector, unsigned lane, F &&f)
{
    typedef typename value_traits<T>::word Word;
    constexpr unsigned W = value_traits<T>::bits;
    const vector_entry e = read_vector_entry(col.data, vector);
    lane_decoder<T> d(col, vector, lane, e);
    const unsigned b = e.scheme == GALP_SCHEME_RAW ? W : e.bit_width; /* RAW: gpu/raw.cuh */
    if constexpr (W >= 32) {
        if (d.value_count == GALP_VECTOR_SIZE && b <= fixed_width_max) {
            const Word *lane_words = (const Word *)(col.data + e.payload_offset) + lane;
            dispatch_width<0, (W < fixed_width_max ? W : fixed_width_max)>(b, [&](auto width) {
                visit_full_lane_fixed<T, decltype(width)::value>(d, lane_words, f);
            });
            return;
        }
    }
    for (unsigned r = 0; r < W; r++) {
        const unsigned slot = d.next_slot();
        encoded_value<Word> v = d.next_encoded();
        if (slot < d.value_count)
            f(d, slot, v);
    }
}

template <typename T, typename F>
__device__ __forceinline__ void visit_lane(const galp_gpu_view &col, uint32_t vector, unsigned lane, F &&f)
{
    visit_lane_encoded<T>(col, vector, lane,
                          [&](const lane_decoder<T> &d, unsigned slot, const encoded_value<typename value_traits<T>::word> &v) {
                              f(slot, d.decode(v));
                          });
}

} /* namespace galp_gpu */

#endif /* GALP_GPU_VISIT_CUH */
