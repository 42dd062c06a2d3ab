/*
 * gpu/fastlanes.cuh — one vector of a column that holds FastLanes vectors
 * (spec/fastlanes.md), visited by a whole block: the engine of gpu/fastlanes.cu.
 *
 * Such a column holds RAW, FFOR, DELTA, RLE and DICT vectors (spec/format.md §2,
 * spec/fastlanes.md §5; f32 and f64 columns only RAW and DICT). The block branches once per
 * vector on its scheme, so the branch is uniform: RAW, FFOR and DICT positions decode
 * independently (galp/device/table.cuh, galp/device/dict.cuh), thread t taking positions
 * t, t + Threads, ..., which makes every warp's loads of packed words and codes whole lines;
 * DELTA and RLE are chains, a thread per lane (galp/device/delta.cuh, galp/device/rle.cuh),
 * each lane's positions consecutive.
 */
#ifndef GALP_GPU_FASTLANES_CUH
#define GALP_GPU_FASTLANES_CUH

#include "galp/device/column.cuh"
#include "galp/device/delta.cuh"
#include "galp/device/dict.cuh"
#include "galp/device/rle.cuh"
#include "galp/device/table.cuh"

namespace galp::device::detail {

/* f(p, x) for every position p < m of vector v, each once, spread over the block's Threads
 * threads (every thread of the block calls it; which thread gets which position depends on
 * the vector's scheme). */
template <typename T, unsigned Threads, typename F>
__device__ __forceinline__ void visit_fastlanes_vector(const galp_gpu_view &col, uint32_t v, F &&f)
{
    typedef typename value_traits<T>::word Word;
    constexpr unsigned W = value_traits<T>::bits, L = value_traits<T>::lanes;
    const vector_entry e = read_vector_entry(col.data, v);
    const unsigned m = vector_value_count(col, v);
    const uint8_t *payload = col.data + e.payload_offset;
    if (e.scheme == GALP_SCHEME_RAW) { /* value p is word p (spec/format.md §4.2) */
        for (unsigned p = threadIdx.x; p < m; p += Threads)
            f(p, value_from_word<T>(__ldg((const Word *)payload + p)));
    } else if (e.scheme == GALP_SCHEME_DICT) {
        const packed_table<Word> dict = dict_table<Word>(col.data, e);
        const unsigned c = galp_layout_dict_code_bits(e.exception_count);
        for (unsigned p = threadIdx.x; p < m; p += Threads)
            f(p, value_from_word<T>(dict.entry(packed_slot((const uint16_t *)payload, c, p))));
    } else if constexpr (!value_traits<T>::is_float) {
        if (e.scheme == GALP_SCHEME_FFOR) { /* a table of 1024 entries (spec/ffor.md §4) */
            const packed_table<Word> ffor = {(const Word *)payload, (typename reg_of<Word>::type)e.base,
                                             e.bit_width, GALP_VECTOR_SIZE};
            for (unsigned p = threadIdx.x; p < m; p += Threads)
                f(p, (T)ffor.entry(p));
        } else if (e.scheme == GALP_SCHEME_DELTA) {
            for (unsigned lane = threadIdx.x; lane < L && lane * W < m; lane += Threads) {
                delta_lane<T> d;
                d.init(col.data, e, lane);
                for (unsigned r = 0; r < W; r++) {
                    const T x = d.next();
                    if (lane * W + r < m)
                        f(lane * W + r, x);
                }
            }
        } else { /* RLE */
            for (unsigned lane = threadIdx.x; lane < index_lanes && lane * index_rows < m; lane += Threads) {
                rle_lane<T> d;
                d.init(col.data, e, lane);
                for (unsigned r = 0; r < index_rows; r++) {
                    const T x = d.next();
                    if (lane * index_rows + r < m)
                        f(lane * index_rows + r, x);
                }
            }
        }
    }
}

} /* namespace galp::device::detail */

#endif /* GALP_GPU_FASTLANES_CUH */
