/*
 * galp/device/alprd.cuh — the per-lane decoder of ALP_RD vectors (spec/alprd.md) and a lane
 * visitor for columns that may hold them.
 *
 * galp::device::alprd_lane_decoder<T> (T = float or double) is built from (column view,
 * vector index, lane) of an ALP_RD vector and yields the lane's values in row order, one per
 * call, as lane_decoder (galp/device/column.cuh) does for RAW, FFOR and G-ALP vectors:
 *
 *   right parts: FFOR unpack, base 0, width r  spec/alprd.md §4 step 1 (galp/device/ffor.cuh)
 *   codes: FFOR unpack, base 0, width k         step 2 (no word is read when k = 0)
 *   left = dict[code], or the lane's exception  step 3, buffered as in spec/galp.md §5
 *   bits = left << r | right                    step 4
 *
 * State lives in registers only: the two unpackers' windows, the 8 dictionary entries (two
 * 64-bit registers, selected by shifts, so no per-thread array goes to local memory), and the
 * lane's next exception. Both packed parts share the lanes and rows of spec/ffor.md §2, so a
 * thread reads its lane's words of each and nothing else; the exceptions of lane l are entries
 * lane_end[l-1] ... lane_end[l]-1 (spec/alprd.md §3), met in slot order.
 *
 * visit_lane_alprd(col, vector, lane, f) calls f(slot, x) for each value of the lane, for any
 * vector of a device image: ALP_RD vectors through alprd_lane_decoder, the others (RAW, G-ALP)
 * through visit_lane (galp/device/visit.cuh). lane_decoder, visit_lane and the warp visitor
 * decode RAW, FFOR and G-ALP vectors only; a column that holds ALP_RD vectors
 * (galp_gpu_column_upload keeps them in their own layout) is decoded per lane with these.
 */
#ifndef GALP_DEVICE_ALPRD_CUH
#define GALP_DEVICE_ALPRD_CUH

#include "galp_gpu.h"

#include "column.cuh"
#include "ffor.cuh"
#include "types.cuh"
#include "unpack_fixed.cuh"
#include "visit.cuh"

namespace galp::device::detail {

/* dict[8] of spec/alprd.md §3: entries 0-3 in `low`, 4-7 in `high`, 16 bits each. The
 * dictionary starts the payload, which is 16-byte aligned (spec/format.md §4.1): one load. */
struct alprd_dictionary {
    uint64_t low, high;

    __device__ __forceinline__ void load(const uint8_t *payload)
    {
        const uint4 d = __ldg((const uint4 *)payload);
        low = (uint64_t)d.y << 32 | d.x;
        high = (uint64_t)d.w << 32 | d.z;
    }

    /* code < 2^k <= 8 (spec/alprd.md §4 step 2): the low 3 bits pick the entry. */
    __device__ __forceinline__ unsigned left(unsigned code) const
    {
        return (unsigned)(((code & 4u) ? high : low) >> (16u * (code & 3u))) & 0xffffu;
    }
};

/* One lane's exceptions of an ALP_RD vector: u16 left parts and u16 positions, grouped by lane
 * (spec/alprd.md §3). The next one is buffered, and the entry after a hit is loaded right
 * away; that load may be one entry past the lane (past the payload for the last lane), which
 * spec/alprd.md §4 allows, and is never used since `left` is then 0. */
struct alprd_exception_cursor {
    const uint16_t *lefts, *positions;
    unsigned left;  /* entries of this lane not yet consumed */
    unsigned pos;   /* buffered: position of the next entry */
    unsigned value; /* buffered: its left part */

    __device__ __forceinline__ void init(const uint8_t *payload, unsigned w, unsigned r, unsigned k, unsigned c,
                                         unsigned lane)
    {
        left = 0;
        pos = 0;
        value = 0;
        lefts = positions = nullptr;
        if (c == 0) /* no lane table (spec/alprd.md §3) */
            return;
        const uint16_t *lane_end = (const uint16_t *)(payload + galp_layout_alprd_lane_end_offset(r, k));
        const unsigned start = lane == 0 ? 0u : __ldg(lane_end + lane - 1);
        left = __ldg(lane_end + lane) - start;
        lefts = (const uint16_t *)(payload + galp_layout_alprd_lefts_offset(w, r, k, c, 0u)) + start;
        positions = (const uint16_t *)(payload + galp_layout_alprd_positions_offset(w, r, k, c, 0u)) + start;
        pos = __ldg(positions);
        value = __ldg(lefts);
    }

    /* If slot is this lane's next exception, replace *left_part with its left part and advance. */
    __device__ __forceinline__ bool patch(unsigned slot, unsigned &left_part)
    {
        if (left != 0 && pos == slot) {
            left_part = value;
            left--;
            positions++;
            lefts++;
            pos = __ldg(positions);
            value = __ldg(lefts);
            return true;
        }
        return false;
    }
};

template <typename T, unsigned Ahead = 1> struct alprd_lane_decoder {
    static_assert(value_traits<T>::is_float, "ALP_RD vectors hold float32 or float64 values");
    typedef typename value_traits<T>::word Word;
    typedef typename reg_of<Word>::type reg;
    static constexpr unsigned W = value_traits<T>::bits;
    static constexpr unsigned L = value_traits<T>::lanes;

    ffor_lane<Word, Ahead> rights;
    ffor_lane<Word, 1> codes;
    alprd_dictionary dict;
    alprd_exception_cursor exceptions;
    unsigned r;
    unsigned slot;        /* slot of the next value: row · L + lane */
    unsigned value_count; /* m of this vector: slots at or past it carry no value */

    __device__ __forceinline__ alprd_lane_decoder(const galp_gpu_view &col, uint32_t vector, unsigned lane)
    {
        init(col, vector, lane, read_vector_entry(col.data, vector));
    }

    __device__ __forceinline__ alprd_lane_decoder(const galp_gpu_view &col, uint32_t vector, unsigned lane,
                                                  const vector_entry &e)
    {
        init(col, vector, lane, e);
    }

    /* e: the entry of an ALP_RD vector, bit_width r and exponent k (spec/alprd.md §2). Each
     * unpacker's bound is one line past its part (spec/ffor.md: the unpacker may read it; it
     * lies in the next part, the next payload or the file's readable tail, spec/format.md
     * §3.5). */
    __device__ __forceinline__ void init(const galp_gpu_view &col, uint32_t vector, unsigned lane,
                                         const vector_entry &e)
    {
        const uint8_t *payload = col.data + e.payload_offset;
        r = e.bit_width;
        slot = lane;
        value_count = vector_value_count(col, vector);
        rights.init((const Word *)(payload + GALP_LAYOUT_ALPRD_DICT_BYTES), lane, r, 0, r);
        codes.init((const Word *)(payload + galp_layout_alprd_codes_offset(r)), lane, e.exponent, 0, e.exponent);
        dict.load(payload);
        exceptions.init(payload, W, r, e.exponent, e.exception_count, lane);
    }

    /* Slot of the value the next call yields; >= value_count means no value. */
    __device__ __forceinline__ unsigned next_slot() const { return slot; }

    /* The next row's bit pattern (spec/alprd.md §4). */
    __device__ __forceinline__ reg next_bits()
    {
        const reg right = rights.next_packed();
        unsigned left = dict.left((unsigned)codes.next_packed());
        exceptions.patch(slot, left);
        slot += L;
        return (reg)left << r | right;
    }

    __device__ __forceinline__ T next() { return value_from_word<T>(next_bits()); }
};

/* A full float32 lane of an ALP_RD vector, as visit_lane takes a full 32-bit lane
 * (galp/device/visit.cuh): its r words of right parts and k words of codes loaded up front,
 * all in flight together, and unpacked by code compiled for each width (16 <= r <= 31,
 * 0 <= k <= 3); then f(slot, x) for its 32 rows. False, and no call, for any other lane. */
template <typename T, typename F>
__device__ __forceinline__ bool alprd_full_lane(const galp_gpu_view &col, uint32_t vector, const vector_entry &e,
                                                unsigned lane, F &&f)
{
    constexpr unsigned W = value_traits<T>::bits, L = value_traits<T>::lanes;
    if constexpr (W == 32) {
        if (vector_value_count(col, vector) != GALP_VECTOR_SIZE)
            return false;
        const uint8_t *payload = col.data + e.payload_offset;
        alprd_dictionary dict;
        dict.load(payload);
        alprd_exception_cursor exceptions;
        exceptions.init(payload, W, e.bit_width, e.exponent, e.exception_count, lane);
        const uint32_t *right_words = (const uint32_t *)(payload + GALP_LAYOUT_ALPRD_DICT_BYTES) + lane;
        const uint32_t *code_words = (const uint32_t *)(payload + galp_layout_alprd_codes_offset(e.bit_width)) + lane;
        uint32_t right[32], code[32];
        dispatch_width<W - GALP_LAYOUT_ALPRD_MAX_LEFT_WIDTH, W - 1>(e.bit_width, [&](auto width) {
            unpack32_fixed<decltype(width)::value>([&](unsigned k) { return __ldg(right_words + (size_t)k * L); },
                                                   right);
        });
        dispatch_width<0, GALP_LAYOUT_ALPRD_MAX_CODE_WIDTH>(e.exponent, [&](auto width) {
            unpack32_fixed<decltype(width)::value>([&](unsigned k) { return __ldg(code_words + (size_t)k * L); },
                                                   code);
        });
#pragma unroll
        for (unsigned row = 0; row < 32; row++) {
            const unsigned slot = lane + row * L;
            unsigned left = dict.left(code[row]);
            if (e.exception_count != 0)
                exceptions.patch(slot, left);
            f(slot, value_from_word<T>(left << e.bit_width | right[row]));
        }
        return true;
    } else {
        return false;
    }
}

/* f(slot, x) for each value of lane `lane` of vector `vector`, whatever its scheme. Lanes that
 * alprd_full_lane does not take go value by value, with four words of right parts in flight
 * (a float64 lane has 48 to 63 of them). */
template <typename T, typename F>
__device__ __forceinline__ void visit_lane_alprd(const galp_gpu_view &col, uint32_t vector, unsigned lane, F &&f)
{
    const vector_entry e = read_vector_entry(col.data, vector);
    if (e.scheme != GALP_SCHEME_ALP_RD) {
        visit_lane<T>(col, vector, lane, f);
        return;
    }
    if (alprd_full_lane<T>(col, vector, e, lane, f))
        return;
    alprd_lane_decoder<T, 4> d(col, vector, lane, e);
    for (unsigned row = 0; row < value_traits<T>::bits; row++) {
        const unsigned slot = d.next_slot();
        const T x = d.next();
        if (slot < d.value_count)
            f(slot, x);
    }
}

} /* namespace galp::device::detail */

/* The public names of this header (docs/GPU.md). */
namespace galp::device {
using detail::alprd_lane_decoder;
using detail::visit_lane_alprd;
} /* namespace galp::device */

#endif /* GALP_DEVICE_ALPRD_CUH */
