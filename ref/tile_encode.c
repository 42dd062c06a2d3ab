/*
 * tile_encode.c — the reference encoder's choices for GPU-FOR, GPU-DFOR and GPU-RFOR
 * (spec/tile.md §3.3, §4.3, §5.3), and the payloads written with them.
 */
#include <string.h>

#include <galp/tile_layout.h>

#include "bytes.h"
#include "galp_internal.h"

/* spec/tile.md §3.3: a block's reference is the minimum of its items among the slots < m,
 * unsigned for values, signed for GPU-DFOR's deltas (§4.3), so that a column that goes down as
 * well as up costs a sign bit rather than 32. */
static uint32_t block_ref(const uint32_t *items, uint32_t count, bool is_signed)
{
    uint32_t ref = items[0];
    for (uint32_t i = 1; i < count; i++) {
        const bool below = is_signed ? (int32_t)items[i] < (int32_t)ref : items[i] < ref;
        ref = below ? items[i] : ref;
    }
    return ref;
}

/* Writes the blocks of `count` items (slots < count carry items; the others are filler packed
 * as offset 0) at `out`; returns their size and raises *largest to the largest width. */
static uint32_t write_blocks(const uint32_t *items, uint32_t count, bool signed_ref,
                             uint8_t *out, unsigned *largest)
{
    uint32_t size = 0;
    for (uint32_t first = 0; first < count; first += GALP_TILE_BLOCK_VALUES) {
        const uint32_t in_block = count - first < GALP_TILE_BLOCK_VALUES
                                      ? count - first
                                      : GALP_TILE_BLOCK_VALUES;
        const uint32_t ref = block_ref(items + first, in_block, signed_ref);
        uint8_t *block = out + size;
        galp_store_u32(block, ref);
        uint8_t *words = block + GALP_TILE_BLOCK_HEADER_BYTES;
        for (unsigned j = 0; j < GALP_TILE_MINIBLOCKS; j++) {
            const uint32_t lo = j * GALP_TILE_MINIBLOCK_VALUES;
            uint32_t range = 0;
            for (uint32_t i = lo; i < lo + GALP_TILE_MINIBLOCK_VALUES && i < in_block; i++)
                range = items[first + i] - ref > range ? items[first + i] - ref : range;
            const unsigned b = galp_ffor_bit_width(range);
            block[4 + j] = (uint8_t)b;
            *largest = b > *largest ? b : *largest;
            memset(words, 0, 4u * b);
            for (uint32_t i = lo; i < lo + GALP_TILE_MINIBLOCK_VALUES && i < in_block; i++)
                galp_packed_run_put(words, b, i - lo, items[first + i] - ref);
            words += 4u * b;
        }
        size += (uint32_t)(words - block);
    }
    return size;
}

/* spec/tile.md §4.3: d[i] = x[i] − x[i−1], d[0] = d[1] (0 when m = 1), start = x[0] − d[0]. */
static uint32_t dfor_deltas(const uint32_t *x, uint32_t m, uint32_t *d)
{
    for (uint32_t i = 1; i < m; i++)
        d[i] = x[i] - x[i - 1];
    d[0] = m > 1 ? d[1] : 0;
    return x[0] - d[0];
}

/* spec/tile.md §5.3: maximal runs; returns their count. */
static uint32_t find_runs(const uint32_t *x, uint32_t m, uint32_t *value, uint32_t *length)
{
    uint32_t c = 0;
    for (uint32_t i = 0; i < m; i++) {
        if (c > 0 && value[c - 1] == x[i]) {
            length[c - 1]++;
        } else {
            value[c] = x[i];
            length[c] = 1;
            c++;
        }
    }
    return c;
}

/* A packed run (spec/tile.md §2) of the c items minus their unsigned minimum, at `words`;
 * returns the width and stores the minimum in *ref. */
static unsigned write_run(const uint32_t *items, uint32_t c, uint8_t *words, uint32_t *ref)
{
    *ref = block_ref(items, c, false);
    uint32_t range = 0;
    for (uint32_t r = 0; r < c; r++)
        range = items[r] - *ref > range ? items[r] - *ref : range;
    const unsigned b = galp_ffor_bit_width(range);
    memset(words, 0, 4u * (size_t)galp_tile_packed_words(c, b));
    for (uint32_t r = 0; r < c; r++)
        galp_packed_run_put(words, b, r, items[r] - *ref);
    return b;
}

static uint32_t write_rfor(const uint32_t *x, uint32_t m, uint8_t *payload, unsigned *largest)
{
    uint32_t value[GALP_VECTOR_SIZE], length[GALP_VECTOR_SIZE], value_ref, length_ref;
    const uint32_t c = find_runs(x, m, value, length);
    uint8_t *values = payload + GALP_TILE_RFOR_HEADER_BYTES;
    const unsigned bv = write_run(value, c, values, &value_ref);
    const unsigned bl =
        write_run(length, c, values + 4u * galp_tile_packed_words(c, bv), &length_ref);
    galp_store_u32(payload + GALP_TILE_RFOR_RUN_COUNT, c);
    galp_store_u32(payload + GALP_TILE_RFOR_VALUE_REF, value_ref);
    galp_store_u32(payload + GALP_TILE_RFOR_LENGTH_REF, length_ref);
    payload[GALP_TILE_RFOR_VALUE_WIDTH] = (uint8_t)bv;
    payload[GALP_TILE_RFOR_LENGTH_WIDTH] = (uint8_t)bl;
    galp_store_u16(payload + GALP_TILE_RFOR_RESERVED, 0);
    *largest = bv > bl ? bv : bl;
    return (uint32_t)galp_tile_rfor_bytes(c, bv, bl);
}

/* One vector of m u32 values with the tile scheme `scheme`; the entry's fields are
 * spec/tile.md §6's. */
void galp_tile_encode_vector(galp_scheme scheme, const void *values, uint32_t m,
                             galp_vector_info *info, uint8_t *payload)
{
    uint64_t wide[GALP_VECTOR_SIZE];
    uint32_t x[GALP_VECTOR_SIZE];
    galp_values_widen(4, values, m, wide);
    for (uint32_t i = 0; i < m; i++)
        x[i] = (uint32_t)wide[i];

    unsigned largest = 0;
    uint32_t size;
    if (scheme == GALP_SCHEME_GPU_RFOR) {
        size = write_rfor(x, m, payload, &largest);
    } else if (scheme == GALP_SCHEME_GPU_DFOR) {
        uint32_t d[GALP_VECTOR_SIZE];
        galp_store_u32(payload, dfor_deltas(x, m, d));
        size = GALP_TILE_DFOR_START_BYTES +
               write_blocks(d, m, true, payload + GALP_TILE_DFOR_START_BYTES, &largest);
    } else {
        size = write_blocks(x, m, false, payload, &largest);
    }

    info->scheme = scheme;
    info->bit_width = (uint8_t)largest;
    info->base = 0;
    info->exponent = 0;
    info->factor = 0;
    info->exception_count = 0;
    info->payload_size = size;
}
