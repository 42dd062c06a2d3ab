/*
 * tile_rfor.c — GPU-RFOR vectors (spec/tile.md §5): validation, decoding and single values.
 *
 * The payload is a 16-byte header (run count c, value and length references, their widths)
 * and two packed runs of c offsets each: the run values, then the run lengths.
 */
#include <galp/tile_layout.h>

#include "bytes.h"
#include "galp_internal.h"

/* The header of spec/tile.md §5.1. */
typedef struct rfor_header {
    uint32_t run_count, value_ref, length_ref;
    uint8_t value_width, length_width;
} rfor_header;

static rfor_header read_header(galp_reader *payload)
{
    rfor_header h = {
        galp_read_u32(payload, GALP_TILE_RFOR_RUN_COUNT),
        galp_read_u32(payload, GALP_TILE_RFOR_VALUE_REF),
        galp_read_u32(payload, GALP_TILE_RFOR_LENGTH_REF),
        galp_read_u8(payload, GALP_TILE_RFOR_VALUE_WIDTH),
        galp_read_u8(payload, GALP_TILE_RFOR_LENGTH_WIDTH),
    };
    return h;
}

/* Where the packed lengths start: after the header and the ceil(c·bv/32) value words. */
static uint64_t lengths_offset(const rfor_header *h)
{
    return GALP_TILE_RFOR_HEADER_BYTES + 4u * galp_tile_packed_words(h->run_count, h->value_width);
}

/* spec/tile.md §5.2: run r's value and length, each (reference + offset) mod 2^32. */
static uint32_t run_value(galp_reader *payload, const rfor_header *h, uint32_t r)
{
    return h->value_ref +
           (uint32_t)galp_packed_run_get(payload, GALP_TILE_RFOR_HEADER_BYTES, h->value_width, r);
}

static uint32_t run_length(galp_reader *payload, const rfor_header *h, uint32_t r)
{
    return h->length_ref + (uint32_t)galp_packed_run_get(payload, lengths_offset(h), h->length_width, r);
}

/* spec/tile.md §6, GPU-RFOR, steps 1–6 in order. */
galp_status galp_tile_rfor_validate(const galp_vector_info *info, galp_reader *payload)
{
    const rfor_header h = read_header(payload);
    if (galp_read_u16(payload, GALP_TILE_RFOR_RESERVED) != 0)
        return GALP_ERR_RESERVED;
    if (h.value_width > GALP_TILE_MAX_WIDTH || h.length_width > GALP_TILE_MAX_WIDTH)
        return GALP_ERR_BIT_WIDTH;
    if (h.run_count == 0 || h.run_count > info->value_count)
        return GALP_ERR_RUN_LENGTHS;
    if (payload->size != galp_tile_rfor_bytes(h.run_count, h.value_width, h.length_width))
        return GALP_ERR_PAYLOAD_SIZE;
    const unsigned largest = h.value_width > h.length_width ? h.value_width : h.length_width;
    if (largest != info->bit_width)
        return GALP_ERR_BIT_WIDTH;
    /* Lengths of at least 1 that add up to m; every partial sum stays <= m <= 1024. */
    uint32_t covered = 0;
    for (uint32_t r = 0; r < h.run_count; r++) {
        const uint32_t length = run_length(payload, &h, r);
        if (length == 0 || length > info->value_count - covered)
            return GALP_ERR_RUN_LENGTHS;
        covered += length;
    }
    return covered == info->value_count ? GALP_OK : GALP_ERR_RUN_LENGTHS;
}

/* spec/tile.md §5.2: each run's value, len[r] times, for the m slots. */
void galp_tile_rfor_decode_vector(const galp_vector_info *info, galp_reader *payload, void *dst)
{
    const rfor_header h = read_header(payload);
    uint64_t out[GALP_VECTOR_SIZE];
    uint32_t slot = 0;
    for (uint32_t r = 0; r < h.run_count && slot < info->value_count; r++) {
        const uint32_t value = run_value(payload, &h, r);
        const uint32_t length = run_length(payload, &h, r);
        for (uint32_t i = 0; i < length && slot < info->value_count; i++)
            out[slot++] = value;
    }
    galp_values_narrow(4, out, info->value_count, dst);
}

/* The value of the run that covers slot `index`. */
uint32_t galp_tile_rfor_get(galp_reader *payload, uint32_t index)
{
    const rfor_header h = read_header(payload);
    uint64_t end = 0;
    for (uint32_t r = 0; r < h.run_count; r++) {
        end += run_length(payload, &h, r);
        if (index < end)
            return run_value(payload, &h, r);
    }
    return 0; /* unreachable in a validated vector: the runs cover every slot */
}
