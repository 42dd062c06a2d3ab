/*
 * ffor.c — FastLanes FFOR bit-packing of one 1024-value vector over W-bit words (spec/ffor.md).
 *
 * Layout (spec/ffor.md §2, §3; include/galp/layout.h): the vector has L = 1024 / W lanes; slot i
 * lives in lane i mod L at row i div L. Each lane is a bit stream of W·b bits, stored LSB-first
 * in b words of W bits; word k of lane l sits at word index k·L + l. A delta that does not fit
 * in what is left of a word continues in the low bits of the same lane's next word.
 *
 * Packing and unpacking both work slot by slot with the formulas of spec/ffor.md §3 and §4, so
 * each line below is a line of the spec. (Sequential lane walkers, which avoid the division per
 * value, belong to optimized decoders, not to the reference.)
 */
#include <galp/layout.h>

#include "bytes.h"
#include "galp_internal.h"

/* The low `bits` bits set, 0 <= bits <= 64 (a shift by 64 would be undefined). */
static inline uint64_t low_mask(unsigned bits)
{
    return bits >= 64 ? UINT64_MAX : ((uint64_t)1 << bits) - 1u;
}

/* Word `index` of the packed words (W/8 little-endian bytes at index·W/8, spec/ffor.md §3). */
static uint64_t read_word(unsigned w, galp_reader *packed, uint32_t index)
{
    return galp_read_le(packed, (uint64_t)index * (w / 8), w / 8);
}

/* The encoder's side: `packed` is its own buffer of 128·b bytes. */
static uint64_t load_word(unsigned w, const uint8_t *packed, uint32_t index)
{
    return galp_load_le(w / 8, packed + (size_t)index * (w / 8));
}

static void store_word(unsigned w, uint8_t *packed, uint32_t index, uint64_t word)
{
    galp_store_le(w / 8, packed + (size_t)index * (w / 8), word);
}

/* Where slot i's delta starts: its lane, and word k of that lane at bit s (spec/ffor.md §4). */
typedef struct slot_bits {
    uint32_t lane, k, s;
} slot_bits;

static slot_bits locate_slot(unsigned w, unsigned b, uint32_t i)
{
    const uint32_t lanes = galp_layout_lanes(w);
    const uint32_t first = (i / lanes) * b; /* first stream bit of the delta: row · b */
    slot_bits at = {i % lanes, first / w, first % w};
    return at;
}

/* spec/ffor.md §3: delta d = (x − base) mod 2^W, below 2^b, in stream bits row·b … row·b+b−1 of
 * its lane; the bits that do not fit in word k go to the low bits of word k + 1. */
void galp_ffor_pack(unsigned w, unsigned b, uint64_t base, const uint64_t in[GALP_VECTOR_SIZE],
                    uint8_t *packed)
{
    if (b == 0)
        return; /* no packed words */
    for (uint32_t j = 0; j < galp_layout_packed_bytes(b); j++)
        packed[j] = 0;
    for (uint32_t i = 0; i < GALP_VECTOR_SIZE; i++) {
        const uint64_t d = (in[i] - base) & low_mask(b);
        const slot_bits at = locate_slot(w, b, i);
        const uint32_t word = galp_layout_word_index(w, at.k, at.lane);
        store_word(w, packed, word, load_word(w, packed, word) | d << at.s);
        if (at.s + b > w) {
            const uint32_t next = galp_layout_word_index(w, at.k + 1, at.lane);
            store_word(w, packed, next, load_word(w, packed, next) | d >> (w - at.s));
        }
    }
}

/* spec/ffor.md §4, for one slot: at most two words read, none when b = 0. */
uint64_t galp_ffor_get(unsigned w, unsigned b, uint64_t base, galp_reader *packed, uint32_t index)
{
    uint64_t d = 0;
    if (b > 0) {
        const slot_bits at = locate_slot(w, b, index);
        d = read_word(w, packed, galp_layout_word_index(w, at.k, at.lane)) >> at.s;
        if (at.s + b > w) /* a straddling delta */
            d |= read_word(w, packed, galp_layout_word_index(w, at.k + 1, at.lane)) << (w - at.s);
        d &= low_mask(b);
    }
    return (d + base) & low_mask(w);
}

/* spec/ffor.md §4 for every slot of the vector. It reads only words 0 … b−1 of each lane, so it
 * needs none of the bytes past the packed words that spec/ffor.md §5's streaming unpacker
 * loads. */
void galp_ffor_unpack(unsigned w, unsigned b, uint64_t base, galp_reader *packed,
                      uint64_t out[GALP_VECTOR_SIZE])
{
    for (uint32_t i = 0; i < GALP_VECTOR_SIZE; i++)
        out[i] = galp_ffor_get(w, b, base, packed, i);
}

/* spec/ffor.md §4 for slots 0 … m−1 (slots m … 1023 are not output, spec/format.md §4.3),
 * plus the vector's patches (§8.2; none without flag bit 9). */
void galp_ffor_decode_vector(galp_type type, const galp_vector_info *info, galp_reader *payload,
                             void *dst)
{
    const unsigned w = galp_type_bits(type);
    uint64_t out[GALP_VECTOR_SIZE];
    galp_ffor_unpack(w, info->bit_width, info->base, payload, out);
    galp_ffor_apply_patches(w, info, payload, out);
    galp_values_narrow(w / 8, out, info->value_count, dst);
}

/* spec/ffor.md §4 and §8.2 for one slot of a vector: the unpacked value plus its patch. */
uint64_t galp_ffor_vector_get(unsigned w, const galp_vector_info *info, galp_reader *payload,
                              uint32_t slot)
{
    const uint64_t unpacked = galp_ffor_get(w, info->bit_width, info->base, payload, slot);
    return (unpacked + galp_ffor_patch_addend(w, info, payload, slot)) & low_mask(w);
}
