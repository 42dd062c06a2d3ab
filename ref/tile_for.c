/*
 * tile_for.c — GPU-FOR and GPU-DFOR vectors (spec/tile.md §3, §4): validation, decoding and
 * single values.
 *
 * Both payloads are ceil(m/128) blocks, GPU-DFOR's after a u32 start. A block is its reference,
 * four miniblock widths and the four packed miniblocks; its size follows from the widths, so a
 * block is found by walking the ones before it (at most seven). GPU-FOR's block items are the
 * values; GPU-DFOR's are deltas, summed from the start inclusively.
 */
#include <galp/tile_layout.h>

#include "bytes.h"
#include "galp_internal.h"

/* A block's header (spec/tile.md §3.1) and where it starts in the payload. */
typedef struct tile_block {
    uint64_t offset;
    uint32_t ref;
    uint8_t width[GALP_TILE_MINIBLOCKS];
} tile_block;

static tile_block read_block(galp_reader *payload, uint64_t offset)
{
    tile_block block = {offset, galp_read_u32(payload, offset), {0}};
    for (unsigned j = 0; j < GALP_TILE_MINIBLOCKS; j++)
        block.width[j] = galp_read_u8(payload, offset + 4u + j);
    return block;
}

/* 8 + 4·(sum of the widths) bytes, and miniblock j at word 2 + width[0] + … + width[j−1]. */
static uint32_t width_sum(const tile_block *block, unsigned miniblocks)
{
    uint32_t sum = 0;
    for (unsigned j = 0; j < miniblocks; j++)
        sum += block->width[j];
    return sum;
}

static uint64_t block_end(const tile_block *block)
{
    return block->offset + galp_tile_block_bytes(width_sum(block, GALP_TILE_MINIBLOCKS));
}

/* spec/tile.md §3.2: slot `i` of the block (0 … 127), (ref + offset) mod 2^32. */
static uint32_t block_item(galp_reader *payload, const tile_block *block, uint32_t i)
{
    const unsigned j = i / GALP_TILE_MINIBLOCK_VALUES;
    const uint64_t miniblock = block->offset + galp_tile_block_bytes(width_sum(block, j));
    return block->ref + (uint32_t)galp_packed_run_get(payload, miniblock, block->width[j],
                                             i % GALP_TILE_MINIBLOCK_VALUES);
}

/* The block items of slots 0 … count−1 (count <= 1024). */
static void decode_items(const galp_vector_info *info, galp_reader *payload, uint32_t count,
                         uint32_t items[GALP_VECTOR_SIZE])
{
    uint64_t offset = galp_tile_blocks_offset(info->scheme);
    for (uint32_t k = 0; k * GALP_TILE_BLOCK_VALUES < count; k++) {
        const tile_block block = read_block(payload, offset);
        for (uint32_t i = 0; i < GALP_TILE_BLOCK_VALUES; i++) {
            const uint32_t slot = k * GALP_TILE_BLOCK_VALUES + i;
            if (slot < count)
                items[slot] = block_item(payload, &block, i);
        }
        offset = block_end(&block);
    }
}

/* spec/tile.md §4.2: x[i] = (start + d[0] + … + d[i]) mod 2^32, over the first count items. */
static void prefix_sum(galp_reader *payload, uint32_t count, uint32_t items[GALP_VECTOR_SIZE])
{
    uint32_t x = galp_read_u32(payload, 0);
    for (uint32_t i = 0; i < count; i++) {
        x += items[i];
        items[i] = x;
    }
}

/* spec/tile.md §6, GPU-FOR and GPU-DFOR: the blocks in order, each header inside the payload,
 * widths at most 32, each block inside the payload; the last ending at payload_size; the
 * largest width the entry's bit_width. */
galp_status galp_tile_for_validate(const galp_vector_info *info, galp_reader *payload)
{
    uint64_t offset = galp_tile_blocks_offset(info->scheme);
    unsigned largest = 0;
    for (uint32_t k = 0; k < galp_tile_blocks(info->value_count); k++) {
        if (payload->size - offset < GALP_TILE_BLOCK_HEADER_BYTES)
            return GALP_ERR_PAYLOAD_SIZE;
        const tile_block block = read_block(payload, offset);
        for (unsigned j = 0; j < GALP_TILE_MINIBLOCKS; j++) {
            if (block.width[j] > GALP_TILE_MAX_WIDTH)
                return GALP_ERR_BIT_WIDTH;
            largest = block.width[j] > largest ? block.width[j] : largest;
        }
        offset = block_end(&block);
        if (offset > payload->size)
            return GALP_ERR_PAYLOAD_SIZE;
    }
    if (offset != payload->size)
        return GALP_ERR_PAYLOAD_SIZE;
    return largest == info->bit_width ? GALP_OK : GALP_ERR_BIT_WIDTH;
}

/* spec/tile.md §3.2, §4.2 for slots 0 … m−1; filler slots are not output. */
void galp_tile_for_decode_vector(const galp_vector_info *info, galp_reader *payload, void *dst)
{
    uint32_t items[GALP_VECTOR_SIZE];
    decode_items(info, payload, info->value_count, items);
    if (info->scheme == GALP_SCHEME_GPU_DFOR)
        prefix_sum(payload, info->value_count, items);
    uint64_t out[GALP_VECTOR_SIZE];
    for (uint32_t i = 0; i < info->value_count; i++)
        out[i] = items[i];
    galp_values_narrow(4, out, info->value_count, dst);
}

/* Slot `index` alone: its block for GPU-FOR; the deltas up to it for GPU-DFOR. */
uint32_t galp_tile_for_get(const galp_vector_info *info, galp_reader *payload, uint32_t index)
{
    uint32_t items[GALP_VECTOR_SIZE];
    if (info->scheme == GALP_SCHEME_GPU_DFOR) {
        decode_items(info, payload, index + 1u, items);
        prefix_sum(payload, index + 1u, items);
        return items[index];
    }
    tile_block block = read_block(payload, 0);
    for (uint32_t k = 0; k < index / GALP_TILE_BLOCK_VALUES; k++)
        block = read_block(payload, block_end(&block));
    return block_item(payload, &block, index % GALP_TILE_BLOCK_VALUES);
}
