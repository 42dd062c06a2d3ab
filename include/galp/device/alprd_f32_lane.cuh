/*
 * galp/device/alprd_f32_lane.cuh — the 32 rows of one lane of a full float32 ALP_RD vector
 * (spec/alprd.md), for visit_lane_alprd (galp/device/alprd.cuh); its loads, dictionary and
 * codes serve alprd_lane_match (galp/device/alprd_match.cuh) too.
 *
 * A float32 lane carries twice the values per byte of a float64 one, so a filter over it is
 * bound by the instructions per value, and by the round trips to memory a thread waits for,
 * rather than by reading. This path spends few of both:
 *
 *   - every word of the lane that its metadata entry alone addresses (the dictionary, the
 *     codes, the right parts and the lane's bounds in the lane table) is loaded before any of
 *     them is used, so that a lane waits for one round trip to memory after its entry, and
 *     for one more where the vector has exceptions (their left parts and positions, which the
 *     lane table addresses), rather than one for each part in turn;
 *   - the right parts are unpacked by code compiled for their width r, and the left part is
 *     placed with a shift by that constant (spec/alprd.md §4 step 4);
 *   - the dictionary lookup is one byte permute (PRMT) where a left part fits a byte
 *     (r >= 24), three where it needs two, against the selects and 64-bit shifts of a lookup
 *     in two 64-bit registers: the dictionary's low and high bytes form two 8-byte tables, a
 *     code c < 8 (spec/alprd.md §4 step 2) selects byte c of each, and the bytes a permute
 *     fills beyond the entry are shifted out, since r >= 16;
 *   - the 32 codes of a lane wait in four registers, one 4-bit field each, spread once from
 *     their k-bit packing: a row's code is then one shift away, and the registers the codes
 *     no longer hold keep the lane's right-part words in flight together;
 *   - a vector without exceptions checks none (its exception count is uniform over its
 *     lanes); with exceptions, a 32-bit mask of the lane's exception rows, built once, makes
 *     the check one bit test per row, and the lane's left parts wait in registers, so that
 *     the patch (spec/alprd.md §4 step 3) is a few register moves and no load.
 */
#ifndef GALP_DEVICE_ALPRD_F32_LANE_CUH
#define GALP_DEVICE_ALPRD_F32_LANE_CUH

#include "galp/layout.h"

#include "column.cuh"
#include "unpack_fixed.cuh"

namespace galp::device::detail {

/* PTX prmt.b32 in its default mode: byte n of the result is byte (s >> 4n) & 7 of b:a, the
 * sign of that byte where bit 3 of the nibble is set. */
__device__ __forceinline__ uint32_t alprd_permute(uint32_t a, uint32_t b, uint32_t s)
{
    uint32_t d;
    asm("prmt.b32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(s));
    return d;
}

/* The 16 bytes at p (global memory, 16-byte aligned), loaded where the call stands. The
 * compiler moves a load through the read-only path (__ldg) down to the first use of its value
 * where one block holds all uses, which would put a round trip to memory between the words
 * loaded before it and its own; it does not move a relaxed load of device scope, which reads
 * the same bytes here, since nothing writes the column while a kernel reads it. */
__device__ __forceinline__ uint4 alprd_load_v4_here(const void *p)
{
    uint4 v;
    asm volatile("ld.relaxed.gpu.global.v4.u32 {%0, %1, %2, %3}, [%4];"
                 : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
                 : "l"(__cvta_generic_to_global(p)));
    return v;
}

/* dict[8] of spec/alprd.md §3 as two byte tables: byte e of low (of high) is the low (high)
 * byte of entry e. */
struct alprd_byte_dictionary {
    uint32_t low[2], high[2];

    /* d: the 16 bytes of dict[8], as loaded from the payload's head */
    __device__ __forceinline__ void set(const uint4 &d)
    {
        low[0] = alprd_permute(d.x, d.y, 0x6420u);
        low[1] = alprd_permute(d.z, d.w, 0x6420u);
        high[0] = alprd_permute(d.x, d.y, 0x7531u);
        high[1] = alprd_permute(d.z, d.w, 0x7531u);
    }

    /* dict[code] << R, R >= 16, for a selector whose low 4 bits are a code < 8 and whose
     * other nibbles are codes < 8 too (alprd_code_nibbles). A permute puts byte `code` of a
     * table in byte 0 and bytes of the table chosen by the other nibbles (none with the sign
     * bit 3 set) in bytes 1-3; a left part of W - R <= 8 bits is byte 0, otherwise its two
     * bytes are joined by a third permute, which puts copies of the low one in bytes 2-3.
     * Bytes 1-3 of the first case and 2-3 of the second end up at bit 8 + R or above, and
     * the shift drops them. */
    template <unsigned R> __device__ __forceinline__ uint32_t left_shifted(uint32_t code) const
    {
        static_assert(R >= 16 && R < 32, "float32 right part widths");
        uint32_t left = alprd_permute(low[0], low[1], code);
        if constexpr (R < 24)
            left = alprd_permute(left, alprd_permute(high[0], high[1], code), 0x40u);
        return left << R;
    }
};

/* The 32 codes of a lane (spec/alprd.md §4 step 2), K bits each in the lane's code words
 * load(0) ... load(K - 1), as 4-bit fields: code i in bits 4(i mod 8) of nibbles[i / 8].
 * Codes 8g ... 8g + 7 are the 8K bits at 8K·g of the lane's stream; their upper half moves to
 * bit 16, then in each half the upper half to bit 8 of it, then in each byte to bit 4: three
 * shift-and-merge steps per register, against a shift and a mask per code. */
template <unsigned K, typename Load>
__device__ __forceinline__ void alprd_code_nibbles(Load &&load, uint32_t (&nibbles)[4])
{
    static_assert(K <= 3, "ALP_RD code widths (spec/alprd.md §3)");
    if constexpr (K == 0) {
#pragma unroll
        for (unsigned g = 0; g < 4; g++)
            nibbles[g] = 0;
    } else {
        constexpr uint32_t half = (1u << 4 * K) - 1u, quarter = ((1u << 2 * K) - 1u) * 0x00010001u,
                           eighth = ((1u << K) - 1u) * 0x01010101u;
        uint32_t w[K];
#pragma unroll
        for (unsigned j = 0; j < K; j++)
            w[j] = load(j);
#pragma unroll
        for (unsigned g = 0; g < 4; g++) {
            const unsigned p = 8 * K * g, j = p / 32, off = p % 32;
            const uint32_t x = off + 8 * K <= 32 ? w[j] >> off : __funnelshift_r(w[j], w[j + 1 < K ? j + 1 : j], off);
            uint32_t y = (x & half) | (x >> 4 * K & half) << 16;
            y = (y & quarter) | (y >> 2 * K & quarter) << 8;
            nibbles[g] = (y & eighth) | (y >> K & eighth) << 4;
        }
    }
}

/* The exceptions a lane takes in registers (alprd_f32_full_lane): the probability of more in
 * one lane is small where exceptions are few per vector, as ALP_RD's encoder makes them
 * (spec/alprd.md §6); such a lane goes through alprd_lane_decoder. */
constexpr unsigned alprd_f32_lane_exceptions = 4;

/* The words of one lane of a full float32 ALP_RD vector that depend on its entry alone: the
 * dictionary, the lane's code and right-part words (spec/alprd.md §3) and, where the vector
 * has exceptions, the lane's bounds in the lane table. All are loaded by load() before any is
 * used, so that they are in flight together: a use between two of them would hold the later
 * ones back by a round trip to memory (the exceptions' left parts and positions, addressed
 * by the lane table, can only follow). The widths are run-time values here, so the words past
 * r (past k) are left unread and zero; the code that compiles the widths in takes the first
 * r (k) of them. */
struct alprd_f32_lane_words {
    static constexpr unsigned L = 32, max_right = 32 - 1, max_code = GALP_LAYOUT_ALPRD_MAX_CODE_WIDTH;
    uint4 dictionary;
    uint32_t right[max_right], code[max_code];
    unsigned exception_start, exception_end; /* lane_end[lane - 1], lane_end[lane]: 0, 0 if c = 0 */

    __device__ __forceinline__ void load(const uint8_t *payload, unsigned r, unsigned k, unsigned c, unsigned lane)
    {
        exception_start = exception_end = 0;
        if (c != 0) {
            const uint16_t *lane_end = (const uint16_t *)(payload + galp_layout_alprd_lane_end_offset(r, k));
            exception_start = lane == 0 ? 0u : __ldg(lane_end + lane - 1);
            exception_end = __ldg(lane_end + lane);
        }
        dictionary = alprd_load_v4_here(payload); /* the payload is 16-byte aligned */
        const uint32_t *right_words = (const uint32_t *)(payload + GALP_LAYOUT_ALPRD_DICT_BYTES);
        const uint32_t *code_words = (const uint32_t *)(payload + galp_layout_alprd_codes_offset(r));
#pragma unroll
        for (unsigned j = 0; j < max_code; j++)
            code[j] = j < k ? __ldg(code_words + j * L + lane) : 0u;
#pragma unroll
        for (unsigned j = 0; j < max_right; j++)
            right[j] = j < r ? __ldg(right_words + j * L + lane) : 0u;
    }
};

/* Lane `lane` of the ALP_RD vector of entry e whose payload is `payload`, a full vector
 * (m = 1024): f(slot, x) for its 32 rows in order; false, and no call, if the lane has more
 * than alprd_f32_lane_exceptions exceptions. Lane l's exceptions are entries lane_end[l-1]
 * ... lane_end[l]-1, in slot order, each at a slot of the lane (spec/alprd.md §3, validated
 * by §5), so row p div L of the lane is an exception row for each position p, and the rows
 * meet the lane's left parts in their order. Those wait in `queue`, 16 bits a field (a left
 * part has W - R <= 16 bits, spec/alprd.md §3), and a permute selects the next one: its
 * selector `field` names the field's two bytes and moves on by two bytes at each exception
 * row. Three registers, against one per exception and a shift of them all at each exception
 * row, leave room for the right-part words in flight together. */
template <typename F>
__device__ __forceinline__ bool alprd_f32_full_lane(const uint8_t *payload, const vector_entry &e, unsigned lane,
                                                    F &&f)
{
    constexpr unsigned W = 32, L = 32, X = alprd_f32_lane_exceptions;
    const unsigned r = e.bit_width, k = e.exponent, c = e.exception_count;
    alprd_f32_lane_words words;
    words.load(payload, r, k, c, lane);
    const unsigned count = words.exception_end - words.exception_start;
    if (count > X)
        return false;
    uint32_t exception_rows = 0, queue[2] = {0, 0};
    if (c != 0) {
        const unsigned start = words.exception_start;
        const uint16_t *lefts = (const uint16_t *)(payload + galp_layout_alprd_lefts_offset(W, r, k, c, 0u)) + start;
        const uint16_t *positions =
            (const uint16_t *)(payload + galp_layout_alprd_positions_offset(W, r, k, c, 0u)) + start;
#pragma unroll
        for (unsigned j = 0; j < X; j++) {
            if (j < count) {
                queue[j / 2] |= (uint32_t)__ldg(lefts + j) << 16 * (j % 2);
                exception_rows |= 1u << (__ldg(positions + j) / L % 32u);
            }
        }
    }
    alprd_byte_dictionary dict;
    dict.set(words.dictionary);
    uint32_t code_nibbles[4];
    dispatch_width<0, GALP_LAYOUT_ALPRD_MAX_CODE_WIDTH>(k, [&](auto width) {
        constexpr unsigned K = decltype(width)::value;
        alprd_code_nibbles<K>([&](unsigned j) { return words.code[j]; }, code_nibbles);
    });
    /* the rows with the exception check compiled in or out */
    const auto rows = [&](auto checked) {
        dispatch_width<W - GALP_LAYOUT_ALPRD_MAX_LEFT_WIDTH, W - 1>(r, [&](auto width) {
            constexpr unsigned R = decltype(width)::value;
            uint32_t right[32];
            unpack32_fixed<R>([&](unsigned j) { return words.right[j]; }, right);
            /* selector of field i: bytes 2i and 2i + 1 of queue, nibbles below 8 for i < X */
            uint32_t field = 0x10u;
#pragma unroll
            for (unsigned row = 0; row < 32; row++) {
                uint32_t bits = dict.left_shifted<R>(code_nibbles[row / 8] >> 4 * (row % 8)) | right[row];
                if (decltype(checked)::value && (exception_rows & 1u << row) != 0) {
                    /* the field in bytes 0-1, copies of byte 0 of queue[0] in bytes 2-3: the
                     * shift keeps the low W - R <= 16 bits, the left part */
                    bits = alprd_permute(queue[0], queue[1], field) << R | right[row];
                    field += 0x22u;
                }
                f(lane + row * L, __uint_as_float(bits));
            }
        });
    };
    if (c != 0)
        rows(width_constant<1>());
    else
        rows(width_constant<0>());
    return true;
}

} /* namespace galp::device::detail */

#endif /* GALP_DEVICE_ALPRD_F32_LANE_CUH */
