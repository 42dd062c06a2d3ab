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
 *   left = dict[code], or the lane's exception  step 3, the next two buffered
 *   bits = left << r | right                    step 4
 *
 * State lives in registers only: the two unpackers' windows, the 8 dictionary entries (two
 * 64-bit registers, selected by shifts, so no per-thread array goes to local memory), and the
 * lane's next two exceptions. Both packed parts share the lanes and rows of spec/ffor.md §2, so a
 * thread reads its lane's words of each and nothing else; the exceptions of lane l are entries
 * lane_end[l-1] ... lane_end[l]-1 (spec/alprd.md §3), met in slot order.
 *
 * visit_lane_alprd(col, vector, lane, f) calls f(slot, x) for each value of the lane, for any
 * vector of a device image: the lanes of a full ALP_RD vector with the widths compiled in
 * (alprd_full_lane), those of a partial one through alprd_lane_decoder, the others (RAW,
 * G-ALP) through visit_lane (galp/device/visit.cuh). lane_decoder, visit_lane and the warp visitor
 * decode RAW, FFOR and G-ALP vectors only; a column that holds ALP_RD vectors
 * (galp_gpu_column_upload keeps them in their own layout) is decoded per lane with these.
 */
#ifndef GALP_DEVICE_ALPRD_CUH
#define GALP_DEVICE_ALPRD_CUH

#include "galp_gpu.h"

#include "alprd_f32_lane.cuh"
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
 * (spec/alprd.md §3). The next two are buffered, and after a hit the entry after those is
 * loaded right away, so that the load is in flight while the rows up to the next hit are
 * decoded rather than stalling the row after the hit; no entry past the lane is read. */
struct alprd_exception_cursor {
    const uint16_t *lefts, *positions;
    unsigned left;            /* entries of this lane not yet consumed */
    unsigned pos, value;      /* buffered: position and left part of the next entry */
    unsigned pos2, value2;    /* buffered: those of the entry after it, where there is one */

    __device__ __forceinline__ void init(const uint8_t *payload, unsigned w, unsigned r, unsigned k, unsigned c,
                                         unsigned lane)
    {
        left = 0;
        pos = value = pos2 = value2 = 0;
        lefts = positions = nullptr;
        if (c == 0) /* no lane table (spec/alprd.md §3) */
            return;
        const uint16_t *lane_end = (const uint16_t *)(payload + galp_layout_alprd_lane_end_offset(r, k));
        const unsigned start = lane == 0 ? 0u : __ldg(lane_end + lane - 1);
        left = __ldg(lane_end + lane) - start;
        lefts = (const uint16_t *)(payload + galp_layout_alprd_lefts_offset(w, r, k, c, 0u)) + start;
        positions = (const uint16_t *)(payload + galp_layout_alprd_positions_offset(w, r, k, c, 0u)) + start;
        if (left >= 1) {
            pos = __ldg(positions);
            value = __ldg(lefts);
        }
        if (left >= 2) {
            pos2 = __ldg(positions + 1);
            value2 = __ldg(lefts + 1);
        }
    }

    /* If slot is this lane's next exception, replace *left_part with its left part and advance. */
    __device__ __forceinline__ bool patch(unsigned slot, unsigned &left_part)
    {
        if (left != 0 && pos == slot) {
            left_part = value;
            left--;
            positions++;
            lefts++;
            pos = pos2;
            value = value2;
            if (left >= 2) {
                pos2 = __ldg(positions + 1);
                value2 = __ldg(lefts + 1);
            }
            return true;
        }
        return false;
    }
};

/* Half-word j of lane `lane` of W-bit packed words (spec/ffor.md §2-§3) read through load32(i),
 * which gives 32-bit word i of the part: a lane's bit stream is its words' bits, LSB first, so
 * it is also the stream of their little-endian 32-bit halves. Rows 32·h ... 32·h + 31 of width
 * b then occupy half-words h·b ... h·b + b - 1, whole ones, whatever b is. */
template <unsigned W, typename Load32>
__device__ __forceinline__ uint32_t alprd_half_word(Load32 &&load32, unsigned j, unsigned lane)
{
    constexpr unsigned L = 1024u / W;
    if constexpr (W == 32)
        return load32(j * L + lane);
    else
        return load32(((j >> 1) * L + lane) * 2u + (j & 1u));
}

/* f(i, value) for the Count values of width B (32 < B < 64) that start at bit Off (< 32) of a
 * stream of 32-bit words, load(k) giving word k: value i is bits [Off + i·B, Off + i·B + B),
 * which span two or three words. */
template <unsigned B, unsigned Count, unsigned Off, typename Load, typename F>
__device__ __forceinline__ void unpack_wide_fixed(Load &&load, F &&f)
{
    static_assert(B > 32 && B < 64 && Off < 32, "values wider than one word and narrower than two");
    constexpr unsigned N = (Off + Count * B + 31) / 32;
    uint32_t w[N];
#pragma unroll
    for (unsigned k = 0; k < N; k++)
        w[k] = load(k);
#pragma unroll
    for (unsigned i = 0; i < Count; i++) {
        const unsigned p = Off + i * B, k = p / 32, off = p % 32;
        const uint32_t lo = __funnelshift_r(w[k], w[k + 1], off);
        uint32_t hi;
        if (off + B <= 64) /* the value ends in word k + 1 */
            hi = w[k + 1] >> off;
        else
            hi = __funnelshift_r(w[k + 1], w[k + 2 < N ? k + 2 : N - 1], off);
        f(i, (uint64_t)(hi & ((1u << (B - 32)) - 1u)) << 32 | lo);
    }
}

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

/* Rows 32·h ... 32·h + 31 of lane `lane` of an ALP_RD vector with right part width r and code
 * width k (spec/alprd.md §2): put(i, right part of row i, code of row i) for each row in
 * order. Each part is read through its load32 (32-bit word i of the part, alprd_half_word),
 * all words of the rows loaded up front and unpacked by code compiled for each width
 * (W - 16 <= r <= W - 1, k <= 3). put is compiled into the unpacking of each r, so that no
 * register array holds the rows between the two: a float64 row takes two registers. */
template <unsigned W, typename LoadR, typename LoadC, typename Put>
__device__ __forceinline__ void alprd_unpack_rows(LoadR &&rights, LoadC &&codes, unsigned r, unsigned k, unsigned lane,
                                                  unsigned h, Put &&put)
{
    uint32_t code[32];
    dispatch_width<0, GALP_LAYOUT_ALPRD_MAX_CODE_WIDTH>(k, [&](auto width) {
        constexpr unsigned K = decltype(width)::value;
        unpack32_fixed<K>([&](unsigned j) { return alprd_half_word<W>(codes, h * K + j, lane); }, code);
    });
    dispatch_width<W - GALP_LAYOUT_ALPRD_MAX_LEFT_WIDTH, W - 1>(r, [&](auto width) {
        constexpr unsigned R = decltype(width)::value;
        const auto load = [&](unsigned j) { return alprd_half_word<W>(rights, h * R + j, lane); };
        if constexpr (W == 32) {
            uint32_t right[32];
            unpack32_fixed<R>(load, right);
#pragma unroll
            for (unsigned i = 0; i < 32; i++)
                put(i, right[i], code[i]);
        } else {
            unpack_wide_fixed<R, 32, 0>(load, [&](unsigned i, auto right) { put(i, right, code[i]); });
        }
    });
}

/* A lane of a full ALP_RD vector, as visit_lane takes a full 32-bit lane
 * (galp/device/visit.cuh): a float32 lane's 32 rows at once (alprd_f32_full_lane), a float64
 * lane's 64 rows 16 at a time (so that a thread's words in flight fit the registers of several
 * blocks per multiprocessor), the rows' words of right parts and codes loaded up front, all in
 * flight together, and the right parts unpacked by code compiled for their width; then
 * f(slot, x) for each row. False, and no call, for a partial vector, and for a float32 lane
 * with more exceptions than alprd_f32_full_lane holds. */
template <typename T, typename F>
__device__ __forceinline__ bool alprd_full_lane(const galp_gpu_view &col, uint32_t vector, const vector_entry &e,
                                                unsigned lane, F &&f)
{
    constexpr unsigned W = value_traits<T>::bits;
    if (vector_value_count(col, vector) != GALP_VECTOR_SIZE)
        return false;
    const uint8_t *payload = col.data + e.payload_offset;
    if constexpr (W == 32) {
        return alprd_f32_full_lane(payload, e, lane, f);
    } else {
        typedef typename reg_of<typename value_traits<T>::word>::type reg;
        constexpr unsigned L = value_traits<T>::lanes;
        const unsigned r = e.bit_width, k = e.exponent;
        alprd_dictionary dict;
        dict.load(payload);
        alprd_exception_cursor exceptions;
        exceptions.init(payload, W, r, k, e.exception_count, lane);
        const uint32_t *right_words = (const uint32_t *)(payload + GALP_LAYOUT_ALPRD_DICT_BYTES);
        const uint32_t *code_words = (const uint32_t *)(payload + galp_layout_alprd_codes_offset(r));
        const auto rights = [&](unsigned i) { return __ldg(right_words + i); };
        const auto codes = [&](unsigned i) { return __ldg(code_words + i); };
        /* row `row` of the lane, from its right part and code */
        const auto emit = [&](unsigned row, reg right, unsigned code) {
            const unsigned slot = lane + row * L;
            unsigned left = dict.left(code);
            if (e.exception_count != 0)
                exceptions.patch(slot, left);
            f(slot, value_from_word<T>((reg)left << r | right));
        };
#pragma unroll 1
        for (unsigned q = 0; q < W / 16u; q++) {
            /* rows 16q ... 16q + 15: bits 16q·b ... of the lane's stream of 32-bit half-words
             * (alprd_half_word), from half-word 16q·b div 32 at bit 0 or 16 */
            const unsigned code_bit = 16u * q * k, right_bit = 16u * q * r;
            uint64_t code_window = 0; /* the 16 codes, 16·k <= 48 bits, from bit 0 */
            if (k != 0) {
                const unsigned first = code_bit / 32u, off = code_bit % 32u;
                code_window = alprd_half_word<W>(codes, first, lane);
                if (off + 16u * k > 32u)
                    code_window |= (uint64_t)alprd_half_word<W>(codes, first + 1u, lane) << 32;
                code_window >>= off;
            }
            const auto code_of = [&](unsigned i) { return (unsigned)(code_window >> (i * k)) & ((1u << k) - 1u); };
            const auto load = [&](unsigned j) { return alprd_half_word<W>(rights, right_bit / 32u + j, lane); };
            dispatch_width<W - GALP_LAYOUT_ALPRD_MAX_LEFT_WIDTH, W - 1>(r, [&](auto width) {
                constexpr unsigned R = decltype(width)::value;
                const auto put = [&](unsigned i, uint64_t right) { emit(16u * q + i, right, code_of(i)); };
                if (right_bit % 32u == 0)
                    unpack_wide_fixed<R, 16, 0>(load, put);
                else
                    unpack_wide_fixed<R, 16, 16>(load, put);
            });
        }
    }
    return true;
}

/* f(slot, x) for each value of lane `lane` of the ALP_RD vector `vector` of entry e, value by
 * value, with four words of right parts in flight: any lane, full or partial. */
template <typename T, typename F>
__device__ __forceinline__ void alprd_visit_lane_by_values(const galp_gpu_view &col, uint32_t vector, unsigned lane,
                                                           const vector_entry &e, F &&f)
{
    alprd_lane_decoder<T, 4> d(col, vector, lane, e);
    for (unsigned row = 0; row < value_traits<T>::bits; row++) {
        const unsigned slot = d.next_slot();
        const T x = d.next();
        if (slot < d.value_count)
            f(slot, x);
    }
}

/* f(slot, x) for each value of lane `lane` of vector `vector`, whatever its scheme. The lanes
 * that alprd_full_lane does not take (those of a partial vector, and float32 lanes with many
 * exceptions) go value by value. */
template <typename T, typename F>
__device__ __forceinline__ void visit_lane_alprd(const galp_gpu_view &col, uint32_t vector, unsigned lane, F &&f)
{
    const vector_entry e = read_vector_entry(col.data, vector);
    if (e.scheme != GALP_SCHEME_ALP_RD)
        visit_lane<T>(col, vector, lane, f);
    else if (!alprd_full_lane<T>(col, vector, e, lane, f))
        alprd_visit_lane_by_values<T>(col, vector, lane, e, f);
}

} /* namespace galp::device::detail */

/* The public names of this header (docs/GPU.md). */
namespace galp::device {
using detail::alprd_lane_decoder;
using detail::visit_lane_alprd;
} /* namespace galp::device */

#endif /* GALP_DEVICE_ALPRD_CUH */
