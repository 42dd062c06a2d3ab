/*
 * tile_packed.c — packed runs (spec/tile.md §2): c entries of b bits LSB-first in
 * little-endian u32 words; an entry that does not fit in what is left of its word continues
 * in the low bits of the next one. The tile schemes pack offsets of b <= 32 bits; RUNS
 * (spec/fastlanes.md §8) packs run values of up to 64 bits, which may span three words.
 */
#include "bytes.h"
#include "galp_internal.h"

static uint64_t low_mask(unsigned bits)
{
    return bits >= 64u ? UINT64_MAX : ((uint64_t)1 << bits) - 1u;
}

/* Entry j (b <= 64) of the run whose first word is at byte `offset` of the view. Reads the
 * words the entry occupies and no others, none when b = 0. */
uint64_t galp_packed_run_get(galp_reader *payload, uint64_t offset, unsigned b, uint32_t j)
{
    if (b == 0)
        return 0;
    const uint64_t t = (uint64_t)j * b;
    const uint64_t k = t / 32u;
    const unsigned s = (unsigned)(t % 32u);
    uint64_t d = galp_read_u32(payload, offset + 4u * k) >> s;
    if (s + b > 32u)
        d |= (uint64_t)galp_read_u32(payload, offset + 4u * (k + 1u)) << (32u - s);
    if (s + b > 64u) /* s > 0 here, since b <= 64 */
        d |= (uint64_t)galp_read_u32(payload, offset + 4u * (k + 2u)) << (64u - s);
    return d & low_mask(b);
}

/* The encoder's side: ORs entry d (< 2^b, b <= 64) in as entry j of the run at `words`,
 * whose ceil(c·b/32) words the caller has zeroed. */
void galp_packed_run_put(uint8_t *words, unsigned b, uint32_t j, uint64_t d)
{
    if (b == 0)
        return;
    const uint64_t t = (uint64_t)j * b;
    uint8_t *word = words + 4u * (t / 32u);
    const unsigned s = (unsigned)(t % 32u);
    const uint64_t bits = d << s;
    galp_store_u32(word, galp_load_u32(word) | (uint32_t)bits);
    if (s + b > 32u)
        galp_store_u32(word + 4, galp_load_u32(word + 4) | (uint32_t)(bits >> 32));
    if (s + b > 64u)
        galp_store_u32(word + 8, galp_load_u32(word + 8) | (uint32_t)(d >> (64u - s)));
}
