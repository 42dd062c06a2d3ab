/*
 * delta.c — FastLanes DELTA in the transposed layout (spec/fastlanes.md §2): the decoder of a
 * DELTA vector and of RLE's run-index vector, which is the same layout over 16-bit values.
 *
 * Lane l of a transposed vector carries the W consecutive values l·W … l·W + W − 1 as an
 * independent prefix-sum chain: its lane base, then one packed delta per row, where row r is
 * FFOR slot r·L + l (spec/ffor.md §2–4). value(l, r) = lane_base[l] + Σ_{k ≤ r} (base + d_k)
 * mod 2^W, so no lane waits for another. The lane bases are L W-bit values (§2.1), or in a
 * DELTA vector of a file with packed lane bases a base of the bases and L fields of c bits
 * (§2.3, with c < W; c = W is the plain form); either way one lane's base is read in O(1).
 */
#include <string.h>

#include <galp/layout.h>

#include "bytes.h"
#include "galp_internal.h"

static uint64_t width_mask(unsigned w)
{
    return w >= 64 ? UINT64_MAX : ((uint64_t)1 << w) - 1u;
}

/* How a transposed vector's head holds its lane bases: plain (L W-bit values), or packed with
 * fields of `width` bits (spec/fastlanes.md §2.1, §2.3); the deltas follow at `bytes`. */
typedef struct lane_bases {
    bool packed;
    unsigned width;
    uint32_t bytes;
} lane_bases;

static lane_bases vector_bases(unsigned w, uint32_t flags, const galp_vector_info *info)
{
    const lane_bases bases = {galp_layout_delta_fields(w, info->exponent, flags) != 0, info->exponent,
                              galp_layout_delta_head_bytes(w, info->exponent, flags)};
    return bases;
}

/* Lane `lane`'s field of c bits: bits lane·c … lane·c + c − 1 of the stream of W-bit words
 * that starts at word 1, least significant bit first; at most two words, as c < W. */
static uint64_t packed_field(unsigned w, unsigned c, galp_reader *head, uint32_t lane)
{
    uint64_t field = 0;
    for (unsigned got = 0; got < c;) {
        const uint64_t bit = (uint64_t)lane * c + got;
        const unsigned shift = (unsigned)(bit % w), take = w - shift < c - got ? w - shift : c - got;
        const uint64_t word = galp_read_le(head, (1u + bit / w) * (w / 8), w / 8);
        field |= (word >> shift & width_mask(take)) << got;
        got += take;
    }
    return field;
}

/* Lane `lane`'s base: W/8 little-endian bytes at lane·W/8 (§2.1), or the base of the bases
 * (word 0) plus the lane's field, modulo 2^W (§2.3). */
static uint64_t lane_base(unsigned w, const lane_bases *bases, galp_reader *vector, uint32_t lane)
{
    if (!bases->packed)
        return galp_read_le(vector, (uint64_t)lane * (w / 8), w / 8);
    return (galp_read_le(vector, 0, w / 8) + packed_field(w, bases->width, vector, lane)) & width_mask(w);
}

/* The packed deltas after the lane bases, 128·b bytes (spec/fastlanes.md §2). */
static galp_reader packed_deltas(unsigned b, const lane_bases *bases, galp_reader *vector)
{
    return galp_read_view(vector, bases->bytes, galp_layout_packed_bytes(b));
}

/* spec/fastlanes.md §2.2: the chain of the position's lane up to its row. */
static uint64_t chain_get(unsigned w, unsigned b, uint64_t base, const lane_bases *bases,
                          galp_reader *vector, uint32_t position)
{
    const uint32_t lanes = galp_layout_lanes(w), lane = position / w, row = position % w;
    galp_reader packed = packed_deltas(b, bases, vector);
    uint64_t value = lane_base(w, bases, vector, lane);
    for (uint32_t k = 0; k <= row; k++)
        value += base + galp_ffor_get(w, b, 0, &packed, k * lanes + lane);
    vector->overrun |= packed.overrun;
    return value & width_mask(w);
}

/* spec/fastlanes.md §2.2 for all 1024 positions, one lane's chain at a time. */
static void chain_unpack(unsigned w, unsigned b, uint64_t base, const lane_bases *bases,
                         galp_reader *vector, uint64_t out[GALP_VECTOR_SIZE])
{
    const uint32_t lanes = galp_layout_lanes(w);
    galp_reader packed = packed_deltas(b, bases, vector);
    for (uint32_t lane = 0; lane < lanes; lane++) {
        uint64_t value = lane_base(w, bases, vector, lane);
        for (uint32_t row = 0; row < w; row++) {
            value = (value + base + galp_ffor_get(w, b, 0, &packed, row * lanes + lane)) &
                    width_mask(w);
            out[galp_layout_transposed_position(w, row, lane)] = value;
        }
    }
    vector->overrun |= packed.overrun;
}

/* RLE's run-index vector keeps its plain lane bases (spec/fastlanes.md §2.3). */
uint64_t galp_delta_get(unsigned w, unsigned b, uint64_t base, galp_reader *vector,
                        uint32_t position)
{
    const lane_bases plain = {false, 0, galp_layout_lane_bases_bytes()};
    return chain_get(w, b, base, &plain, vector, position);
}

void galp_delta_unpack(unsigned w, unsigned b, uint64_t base, galp_reader *vector,
                       uint64_t out[GALP_VECTOR_SIZE])
{
    const lane_bases plain = {false, 0, galp_layout_lane_bases_bytes()};
    chain_unpack(w, b, base, &plain, vector, out);
}

uint64_t galp_delta_vector_get(unsigned w, uint32_t flags, const galp_vector_info *info,
                               galp_reader *vector, uint32_t position)
{
    const lane_bases bases = vector_bases(w, flags, info);
    return chain_get(w, info->bit_width, info->base, &bases, vector, position);
}

/* The 1024 slots of the transposed deltas of positions 0 … m−1 of `in`: row 0 of every lane
 * and positions m … 1023 pack base, i.e. a zero delta; every other row the difference to the
 * row before (spec/fastlanes.md §2.2). */
static void transposed_deltas(unsigned w, uint64_t base, const uint64_t in[GALP_VECTOR_SIZE], uint32_t m,
                              uint64_t slots[GALP_VECTOR_SIZE])
{
    const uint32_t lanes = galp_layout_lanes(w);
    for (uint32_t lane = 0; lane < lanes; lane++)
        for (uint32_t row = 0; row < w; row++) {
            const uint32_t p = galp_layout_transposed_position(w, row, lane);
            slots[row * lanes + lane] = row > 0 && p < m ? in[p] - in[p - 1] : base;
        }
}

/* spec/fastlanes.md §2, written: positions 0 … m−1 of `in` are the values. Each lane's base is
 * its first value minus `base`, so that its row 0 packs a zero; every later row packs the
 * difference to the row before. Positions m … 1023 pack zeros and lanes that start at or
 * after m have base 0 (spec/format.md §4.3). Every difference minus `base` must be below 2^b. */
void galp_delta_pack(unsigned w, unsigned b, uint64_t base, const uint64_t in[GALP_VECTOR_SIZE],
                     uint32_t m, uint8_t *vector)
{
    const uint32_t lanes = galp_layout_lanes(w);
    uint64_t slots[GALP_VECTOR_SIZE];
    for (uint32_t lane = 0; lane < lanes; lane++) {
        const uint32_t first = galp_layout_transposed_position(w, 0, lane);
        galp_store_le(w / 8, vector + (size_t)lane * (w / 8),
                      first < m ? (in[first] - base) & width_mask(w) : 0);
    }
    transposed_deltas(w, base, in, m, slots);
    galp_ffor_pack(w, b, base, slots, vector + galp_layout_lane_bases_bytes());
}

/* spec/fastlanes.md §2.3, written: the head (word 0 the base of the bases, then field l of
 * `c` bits at stream bit l·c of the words from 1; the rest of the head zero), then the packed
 * deltas as galp_delta_pack writes them. fields[l] < 2^c. */
void galp_delta_pack_packed(unsigned w, unsigned b, uint64_t base, uint64_t base_of_bases, unsigned c,
                            const uint64_t fields[GALP_VECTOR_SIZE / 8], const uint64_t in[GALP_VECTOR_SIZE],
                            uint32_t m, uint8_t *vector)
{
    const uint32_t lanes = galp_layout_lanes(w), head = galp_layout_delta_head_bytes(w, c, GALP_FLAG_PACKED_LANE_BASES);
    memset(vector, 0, head);
    galp_store_le(w / 8, vector, base_of_bases);
    for (uint32_t lane = 0; lane < lanes; lane++)
        for (unsigned put = 0; put < c;) {
            const uint64_t bit = (uint64_t)lane * c + put;
            const unsigned shift = (unsigned)(bit % w), take = w - shift < c - put ? w - shift : c - put;
            uint8_t *word = vector + (1u + bit / w) * (w / 8);
            galp_store_le(w / 8, word, galp_load_le(w / 8, word) | (fields[lane] >> put & width_mask(take)) << shift);
            put += take;
        }
    uint64_t slots[GALP_VECTOR_SIZE];
    transposed_deltas(w, base, in, m, slots);
    galp_ffor_pack(w, b, base, slots, vector + head);
}

/* spec/fastlanes.md §2.1 from §2.3: the L lane bases written as W-bit values, the packed
 * deltas copied after them. */
uint32_t galp_delta_plain_payload(unsigned w, uint32_t flags, const galp_vector_info *info, galp_reader *vector,
                                  uint8_t *dst)
{
    const lane_bases bases = vector_bases(w, flags, info);
    for (uint32_t lane = 0; lane < galp_layout_lanes(w); lane++)
        galp_store_le(w / 8, dst + (size_t)lane * (w / 8), lane_base(w, &bases, vector, lane));
    const uint8_t *deltas = galp_read_span(vector, bases.bytes, galp_layout_packed_bytes(info->bit_width));
    if (deltas != NULL)
        memcpy(dst + galp_layout_lane_bases_bytes(), deltas, galp_layout_packed_bytes(info->bit_width));
    return galp_layout_lane_bases_bytes() + galp_layout_packed_bytes(info->bit_width);
}

void galp_delta_decode_vector(galp_type type, uint32_t flags, const galp_vector_info *info,
                              galp_reader *payload, void *dst)
{
    const unsigned w = galp_type_bits(type);
    const lane_bases bases = vector_bases(w, flags, info);
    uint64_t out[GALP_VECTOR_SIZE];
    chain_unpack(w, info->bit_width, info->base, &bases, payload, out);
    galp_values_narrow(w / 8, out, info->value_count, dst);
}
