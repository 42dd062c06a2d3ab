/*
 * delta.c — FastLanes DELTA in the transposed layout (spec/fastlanes.md §2): the decoder of a
 * DELTA vector and of RLE's run-index vector, which is the same layout over 16-bit values.
 *
 * Lane l of a transposed vector carries the W consecutive values l·W … l·W + W − 1 as an
 * independent prefix-sum chain: its lane base, then one packed delta per row, where row r is
 * FFOR slot r·L + l (spec/ffor.md §2–4). value(l, r) = lane_base[l] + Σ_{k ≤ r} (base + d_k)
 * mod 2^W, so no lane waits for another.
 */
#include <galp/layout.h>

#include "bytes.h"
#include "galp_internal.h"

static uint64_t width_mask(unsigned w)
{
    return w >= 64 ? UINT64_MAX : ((uint64_t)1 << w) - 1u;
}

/* Lane `lane`'s base: W/8 little-endian bytes at lane·W/8 (spec/fastlanes.md §2). */
static uint64_t lane_base(unsigned w, galp_reader *vector, uint32_t lane)
{
    return galp_read_le(vector, (uint64_t)lane * (w / 8), w / 8);
}

/* The packed deltas after the lane bases, 128·b bytes (spec/fastlanes.md §2). */
static galp_reader packed_deltas(unsigned b, galp_reader *vector)
{
    return galp_read_view(vector, galp_layout_lane_bases_bytes(), galp_layout_packed_bytes(b));
}

/* spec/fastlanes.md §2: the chain of the position's lane up to its row. */
uint64_t galp_delta_get(unsigned w, unsigned b, uint64_t base, galp_reader *vector,
                        uint32_t position)
{
    const uint32_t lanes = galp_layout_lanes(w), lane = position / w, row = position % w;
    galp_reader packed = packed_deltas(b, vector);
    uint64_t value = lane_base(w, vector, lane);
    for (uint32_t k = 0; k <= row; k++)
        value += base + galp_ffor_get(w, b, 0, &packed, k * lanes + lane);
    vector->overrun |= packed.overrun;
    return value & width_mask(w);
}

/* spec/fastlanes.md §2 for all 1024 positions, one lane's chain at a time. */
void galp_delta_unpack(unsigned w, unsigned b, uint64_t base, galp_reader *vector,
                       uint64_t out[GALP_VECTOR_SIZE])
{
    const uint32_t lanes = galp_layout_lanes(w);
    galp_reader packed = packed_deltas(b, vector);
    for (uint32_t lane = 0; lane < lanes; lane++) {
        uint64_t value = lane_base(w, vector, lane);
        for (uint32_t row = 0; row < w; row++) {
            value = (value + base + galp_ffor_get(w, b, 0, &packed, row * lanes + lane)) &
                    width_mask(w);
            out[galp_layout_transposed_position(w, row, lane)] = value;
        }
    }
    vector->overrun |= packed.overrun;
}

/* spec/fastlanes.md §2, written: positions 0 … m−1 of `in` are the values. Each lane's base is
 * its first value minus `base`, so that its row 0 packs a zero; every later row packs the
 * difference to the row before. Positions m … 1023 pack zeros (spec/format.md §4.3). Every
 * difference minus `base` must be below 2^b. */
void galp_delta_pack(unsigned w, unsigned b, uint64_t base, const uint64_t in[GALP_VECTOR_SIZE],
                     uint32_t m, uint8_t *vector)
{
    const uint32_t lanes = galp_layout_lanes(w);
    uint64_t slots[GALP_VECTOR_SIZE];
    for (uint32_t lane = 0; lane < lanes; lane++) {
        const uint32_t first = galp_layout_transposed_position(w, 0, lane);
        galp_store_le(w / 8, vector + (size_t)lane * (w / 8),
                      first < m ? (in[first] - base) & width_mask(w) : 0);
        for (uint32_t row = 0; row < w; row++) {
            const uint32_t p = galp_layout_transposed_position(w, row, lane);
            slots[row * lanes + lane] = row > 0 && p < m ? in[p] - in[p - 1] : base;
        }
    }
    galp_ffor_pack(w, b, base, slots, vector + galp_layout_lane_bases_bytes());
}

void galp_delta_decode_vector(galp_type type, const galp_vector_info *info, galp_reader *payload,
                              void *dst)
{
    const unsigned w = galp_type_bits(type);
    uint64_t out[GALP_VECTOR_SIZE];
    galp_delta_unpack(w, info->bit_width, info->base, payload, out);
    galp_values_narrow(w / 8, out, info->value_count, dst);
}
