/*
 * galp/device/visit.cuh — whole-lane visitors of the device API: the fastest way to consume every
 * value of a lane, for kernels that do (decompression, scans).
 *
 * visit_lane(col, vector, lane, f) calls f(slot, x) for each value of the lane in row order;
 * visit_lane_encoded calls f(decoder, slot, encoded) with the row before its ALP map, for
 * predicate pushdown. Slots at or past the vector's value count are skipped.
 *
 * Why a second path beside lane_decoder::next(): the per-value decoder takes the bit width at
 * run time, so each value pays for a funnel shift with a variable offset, a test for the word
 * boundary and the window shift that follows it. For a full vector of a 32-bit type the
 * visitor dispatches once per lane to code compiled for its bit width that only unpacks: the
 * lane's b words are loaded up front (all in flight at once) and every shift and mask is a
 * constant, giving the 32 packed values in registers; base, ALP decode and exception patching
 * then run in code shared by all widths. Keeping the width-specific part that small matters:
 * real columns change width from vector to vector, and a fully specialised lane per width
 * (tried first) overflowed the instruction cache and ran several times slower on them.
 * A full 64-bit lane of width b <= 32 (nearly every G-ALP float64 vector of real data) is two
 * such 32-row halves, unpacked from 32-bit halves of its words one after the other, so that
 * 32 registers hold its packed values. Wider and RAW 64-bit lanes, 8/16-bit types and the
 * last, partial vector use the per-value decoder. Both paths patch exceptions with the
 * same buffered cursor and decode with the same ALP arithmetic, so they produce the same bits.
 * visit_lane also takes the decoder's per-row questions out of those runs (is the vector
 * G-ALP, is this row an exception): with them asked per row, a float64 lane of a narrow
 * column cost several times the instructions per value (docs/DESIGN.md).
 */
#ifndef GALP_DEVICE_VISIT_CUH
#define GALP_DEVICE_VISIT_CUH

#include "column.cuh"
#include "unpack_fixed.cuh"

namespace galp::device::detail {

/* For a full lane that code compiled for its width can unpack (32-bit types: any lane of a
 * full vector, RAW as FFOR with b = 32 and base 0, galp/device/raw.cuh; 64-bit types: b <= 32, not
 * RAW), g(row0, v) for each run of 32 rows, row0 = 0 (and 32 for 64-bit types), v holding
 * their packed integers; false, and no call, for any other lane.
 *
 * A 64-bit lane's words are read as 32-bit halves (little-endian, spec/ffor.md §2): half j of
 * the lane's bit stream is half j mod 2 of its word j div 2, and rows 32h ... 32h + 31 are the
 * 32·b bits from half h·b on, unpacked as a 32-bit lane's 32 rows are. The runs' loop is kept
 * rolled: one copy of the code per width. */
template <typename T, typename G>
__device__ __forceinline__ bool for_each_row_run(const galp_gpu_view &col, const vector_entry &e,
                                                 unsigned value_count, unsigned lane, G &&g)
{
    constexpr unsigned W = value_traits<T>::bits, L = value_traits<T>::lanes;
    if (value_count != GALP_VECTOR_SIZE)
        return false;
    if constexpr (W == 32) {
        const unsigned b = e.scheme == GALP_SCHEME_RAW ? 32u : e.bit_width;
        const uint32_t *lane_words = (const uint32_t *)(col.data + e.payload_offset) + lane;
        uint32_t v[32];
        unpack32(b, [&](unsigned k) { return __ldg(lane_words + (size_t)k * L); }, v);
        g(0u, v);
        return true;
    } else if constexpr (W == 64) {
        if (e.scheme == GALP_SCHEME_RAW || e.bit_width > 32u)
            return false;
        const unsigned b = e.bit_width;
        const uint32_t *halves = (const uint32_t *)(col.data + e.payload_offset) + 2u * lane;
#pragma unroll 1
        for (unsigned h = 0; h < 2; h++) {
            uint32_t v[32];
            unpack32(b, [&](unsigned k) {
                const unsigned j = h * b + k;
                return __ldg(halves + (size_t)(j / 2u) * 2u * L + j % 2u);
            }, v);
            g(32u * h, v);
        }
        return true;
    } else {
        return false;
    }
}

/* The other lanes, value by value through the decoder: f(slot, row()) for each row whose slot
 * is below the vector's value count, row() taking the decoder's next row (encoded or
 * decoded). */
template <typename T, typename Row, typename F>
__device__ __forceinline__ void for_each_row_by_value(lane_decoder<T> &d, Row &&row, F &&f)
{
    for (unsigned r = 0; r < value_traits<T>::bits; r++) {
        const unsigned slot = d.next_slot();
        const auto x = row();
        if (slot < d.value_count)
            f(slot, x);
    }
}

template <typename T, typename F>
__device__ __forceinline__ void visit_lane_encoded(const galp_gpu_view &col, uint32_t vector, unsigned lane, F &&f)
{
    typedef typename value_traits<T>::word Word;
    constexpr unsigned L = value_traits<T>::lanes;
    const vector_entry e = read_vector_entry(col.data, vector);
    lane_decoder<T> d(col, vector, lane, e);
    if (for_each_row_run<T>(col, e, d.value_count, lane, [&](unsigned row0, const uint32_t(&v)[32]) {
#pragma unroll
            for (unsigned r = 0; r < 32; r++)
                f(d, lane + (row0 + r) * L, d.next_encoded_from(v[r]));
        }))
        return;
    for_each_row_by_value(d, [&] { return d.next_encoded(); },
                          [&](unsigned slot, const encoded_value<Word> &v) { f(d, slot, v); });
}

/* In the runs of for_each_row_run the choices are taken out of the rows: whether the vector is
 * G-ALP is asked once per run, and (p + base)·FACT is formed as p·FACT + base·FACT, the same
 * product mod 2^W. A vector without exceptions (its entry says so for all its lanes: the
 * lanes of one vector take the same loop) is decoded with no patching at all; in the others
 * each row takes its exception, when it is one, through a select, or in an integer column its
 * FFOR patch's addend (spec/ffor.md §8.2). */
template <typename T, typename F>
__device__ __forceinline__ void visit_lane(const galp_gpu_view &col, uint32_t vector, unsigned lane, F &&f)
{
    typedef typename value_traits<T>::word Word;
    typedef typename reg_of<Word>::type reg;
    constexpr unsigned L = value_traits<T>::lanes;
    const vector_entry e = read_vector_entry(col.data, vector);
    lane_decoder<T> d(col, vector, lane, e);
    if (for_each_row_run<T>(col, e, d.value_count, lane, [&](unsigned row0, const uint32_t(&v)[32]) {
            auto each_row = [&](auto decode) {
                if (e.exception_count == 0) {
#pragma unroll
                    for (unsigned r = 0; r < 32; r++)
                        f(lane + (row0 + r) * L, decode((reg)v[r]));
                    return;
                }
#pragma unroll
                for (unsigned r = 0; r < 32; r++) {
                    const unsigned slot = lane + (row0 + r) * L;
                    Word bits = 0;
                    const bool hit = d.exceptions.patch(slot, bits);
                    if constexpr (value_traits<T>::is_float)
                        f(slot, hit ? value_from_word<T>(bits) : decode((reg)v[r]));
                    else /* a FFOR patch adds h << b, 0 elsewhere (spec/ffor.md §8.2) */
                        f(slot, value_from_word<T>((Word)(d.ffor.add_base((reg)v[r]) + bits)));
                }
            };
            if constexpr (value_traits<T>::is_float) {
                if (d.is_alp) {
                    const reg base_fact = d.ffor.base * d.alp.fact;
                    each_row([&](reg p) { return alp_from_product<T>(p * d.alp.fact + base_fact, d.alp.frac); });
                    return;
                }
            }
            each_row([&](reg p) { return value_from_word<T>(d.ffor.add_base(p)); });
        }))
        return;
    for_each_row_by_value(d, [&] { return d.next(); }, f);
}

} /* namespace galp::device::detail */

/* The public names of this header (docs/GPU.md). */
namespace galp::device {
using detail::visit_lane;
using detail::visit_lane_encoded;
} /* namespace galp::device */

#endif /* GALP_DEVICE_VISIT_CUH */
