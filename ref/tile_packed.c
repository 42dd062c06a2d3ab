/*
 * tile_packed.c — the packed runs of the tile-based schemes (spec/tile.md §2): c offsets of b
 * bits, 0 <= b <= 32, LSB-first in little-endian u32 words; an offset that does not fit in
 * what is left of its word continues in the low bits of the next one.
 */
#include "bytes.h"
#include "galp_internal.h"

static uint64_t low_mask(unsigned bits)
{
    return ((uint64_t)1 << bits) - 1u; /* bits <= 32 */
}

/* spec/tile.md §2: offset j of the run whose first word is at byte `offset` of the view. Reads
 * word k + 1 only for an offset that straddles, and no word when b = 0. */
uint32_t galp_tile_packed_get(galp_reader *payload, uint64_t offset, unsigned b, uint32_t j)
{
    if (b == 0)
        return 0;
    const uint64_t t = (uint64_t)j * b;
    const uint64_t k = t / 32u;
    const unsigned s = (unsigned)(t % 32u);
    uint64_t d = galp_read_u32(payload, offset + 4u * k) >> s;
    if (s + b > 32u)
        d |= (uint64_t)galp_read_u32(payload, offset + 4u * (k + 1u)) << (32u - s);
    return (uint32_t)(d & low_mask(b));
}

/* The encoder's side: ORs offset d (< 2^b) in as offset j of the run at `words`, whose
 * ceil(c·b/32) words the caller has zeroed. */
void galp_tile_packed_put(uint8_t *words, unsigned b, uint32_t j, uint32_t d)
{
    if (b == 0)
        return;
    const uint64_t t = (uint64_t)j * b;
    uint8_t *word = words + 4u * (t / 32u);
    const unsigned s = (unsigned)(t % 32u);
    const uint64_t bits = (uint64_t)d << s;
    galp_store_u32(word, galp_load_u32(word) | (uint32_t)bits);
    if (s + b > 32u)
        galp_store_u32(word + 4, galp_load_u32(word + 4) | (uint32_t)(bits >> 32));
}
