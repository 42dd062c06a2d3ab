/*
 * ffor.c — FastLanes FFOR bit-packing of one 1024-value vector over W-bit words (spec/ffor.md).
 *
 * Layout (spec/ffor.md §2, §3): the vector has L = 1024 / W lanes; value i lives in lane
 * i mod L at row i div L. Each lane is a bit stream of W·b bits, stored LSB-first in b words of
 * W bits; word k of lane l sits at word index k·L + l. A value that does not fit in what is left
 * of a word continues in the low bits of the same lane's next word.
 *
 * The packer and unpacker walk one lane at a time, carrying the current word and the bit
 * position in it, instead of recomputing word and shift per value: that keeps them simple and
 * fast (no division per value). Each is written once over a W parameter and instantiated for
 * the four widths so that the compiler sees W as a constant.
 */
#include "bytes.h"
#include "galp_internal.h"

/* The low `bits` bits set, 0 <= bits <= 64 (a shift by 64 would be undefined). */
static inline uint64_t low_mask(unsigned bits)
{
    return bits >= 64 ? UINT64_MAX : ((uint64_t)1 << bits) - 1u;
}

/* Bits needed to represent `range` (the vector's maximum minus its base): 0 for 0. */
unsigned galp_ffor_bit_width(uint64_t range)
{
    unsigned bits = 0;
    while (range) {
        bits++;
        range >>= 1;
    }
    return bits;
}

static inline uint64_t load_word(unsigned w, const uint8_t *packed, unsigned word_index)
{
    return galp_load_le(w / 8, packed + (size_t)word_index * (w / 8));
}

static inline void store_word(unsigned w, uint8_t *packed, unsigned word_index, uint64_t word)
{
    galp_store_le(w / 8, packed + (size_t)word_index * (w / 8), word);
}

/* spec/ffor.md §3. 1 <= b <= w. */
static inline void pack_lanes(unsigned w, unsigned b, uint64_t base,
                              const uint64_t in[GALP_VECTOR_SIZE], uint8_t *packed)
{
    const unsigned lanes = GALP_VECTOR_SIZE / w;
    const uint64_t value_mask = low_mask(b);
    for (unsigned lane = 0; lane < lanes; lane++) {
        uint64_t word = 0;   /* bits of word k gathered so far */
        unsigned filled = 0; /* how many: always < w between values */
        unsigned k = 0;
        for (unsigned row = 0; row < w; row++) {
            uint64_t delta = (in[row * lanes + lane] - base) & value_mask;
            word |= delta << filled;
            if (filled + b < w) {
                filled += b;
                continue;
            }
            /* The word is full: store it and start the next with the bits of delta that
             * did not fit (none when it ended exactly at the word's end). */
            store_word(w, packed, k * lanes + lane, word);
            k++;
            unsigned stored = w - filled;
            word = stored < 64 ? delta >> stored : 0;
            filled = filled + b - w;
        }
    }
}

/* spec/ffor.md §4. 1 <= b <= w. */
static inline void unpack_lanes(unsigned w, unsigned b, uint64_t base, const uint8_t *packed,
                                uint64_t out[GALP_VECTOR_SIZE])
{
    const unsigned lanes = GALP_VECTOR_SIZE / w;
    const uint64_t value_mask = low_mask(b);
    const uint64_t word_mask = low_mask(w);
    for (unsigned lane = 0; lane < lanes; lane++) {
        uint64_t word = load_word(w, packed, lane);
        unsigned used = 0; /* bits of `word` consumed: always < w between values */
        unsigned k = 0;
        for (unsigned row = 0; row < w; row++) {
            uint64_t value = word >> used;
            unsigned available = w - used;
            if (b < available) {
                used += b;
            } else {
                /* The value ends at or beyond this word's end: its high part (if any) is in
                 * the low bits of the lane's next word. Never load past word b-1. */
                k++;
                if (k < b) {
                    word = load_word(w, packed, k * lanes + lane);
                    if (b > available)
                        value |= word << available;
                }
                used = b - available;
            }
            out[row * lanes + lane] = ((value & value_mask) + base) & word_mask;
        }
    }
}

void galp_ffor_pack(unsigned w, unsigned b, uint64_t base, const uint64_t in[GALP_VECTOR_SIZE],
                    uint8_t *packed)
{
    if (b == 0)
        return; /* spec/ffor.md §3: no packed words */
    switch (w) {
    case 8: pack_lanes(8, b, base, in, packed); break;
    case 16: pack_lanes(16, b, base, in, packed); break;
    case 32: pack_lanes(32, b, base, in, packed); break;
    default: pack_lanes(64, b, base, in, packed); break;
    }
}

void galp_ffor_unpack(unsigned w, unsigned b, uint64_t base, const uint8_t *packed,
                      uint64_t out[GALP_VECTOR_SIZE])
{
    if (b == 0) {
        /* spec/ffor.md §4: every value is the base. */
        for (unsigned i = 0; i < GALP_VECTOR_SIZE; i++)
            out[i] = base & low_mask(w);
        return;
    }
    switch (w) {
    case 8: unpack_lanes(8, b, base, packed, out); break;
    case 16: unpack_lanes(16, b, base, packed, out); break;
    case 32: unpack_lanes(32, b, base, packed, out); break;
    default: unpack_lanes(64, b, base, packed, out); break;
    }
}

/* One value in O(1) (spec/ffor.md §4): row r of lane l occupies bits r·b … r·b+b-1 of the
 * lane's stream, i.e. starts in word (r·b) div W at bit (r·b) mod W. */
uint64_t galp_ffor_get(unsigned w, unsigned b, uint64_t base, const uint8_t *packed,
                       uint32_t index)
{
    const unsigned lanes = GALP_VECTOR_SIZE / w;
    const uint64_t word_mask = low_mask(w);
    if (b == 0)
        return base & word_mask;
    unsigned lane = index % lanes;
    unsigned first_bit = (index / lanes) * b;
    unsigned k = first_bit / w;
    unsigned shift = first_bit % w;
    uint64_t value = load_word(w, packed, k * lanes + lane) >> shift;
    if (shift + b > w)
        value |= load_word(w, packed, (k + 1) * lanes + lane) << (w - shift);
    return ((value & low_mask(b)) + base) & word_mask;
}

/* The reference encoder's choice (spec/ffor.md §3): base = the unsigned minimum of the vector,
 * bit width = the width of (maximum − base). Slots m … 1023 of a last, partial vector copy slot
 * 0 so that they never widen the range (spec/format.md §4.3). */
void galp_ffor_encode_vector(galp_type type, const void *values, uint32_t m,
                             galp_vector_info *info, uint8_t *payload)
{
    const unsigned w = galp_type_bits(type);
    uint64_t in[GALP_VECTOR_SIZE];
    galp_values_widen(w / 8, values, m, in);
    for (uint32_t i = m; i < GALP_VECTOR_SIZE; i++)
        in[i] = in[0];

    uint64_t min = in[0], max = in[0];
    for (uint32_t i = 1; i < m; i++) {
        min = in[i] < min ? in[i] : min;
        max = in[i] > max ? in[i] : max;
    }
    const unsigned b = galp_ffor_bit_width(max - min);
    galp_ffor_pack(w, b, min, in, payload);

    info->scheme = GALP_SCHEME_FFOR;
    info->bit_width = (uint8_t)b;
    info->base = min;
    info->exponent = 0;
    info->factor = 0;
    info->exception_count = 0;
    info->payload_size = 128u * b;
}

void galp_ffor_decode_vector(galp_type type, const galp_vector_info *info,
                             const uint8_t *payload, void *dst)
{
    const unsigned w = galp_type_bits(type);
    uint64_t out[GALP_VECTOR_SIZE];
    galp_ffor_unpack(w, info->bit_width, info->base, payload, out);
    galp_values_narrow(w / 8, out, info->value_count, dst);
}
