/*
 * galp/tile_layout.h — sizes and positions of the tile-based schemes' payloads, GPU-FOR,
 * GPU-DFOR and GPU-RFOR (spec/tile.md).
 *
 * One description for the reference codec and GPU decoders, as <galp/layout.h> is for the
 * FastLanes schemes. C99; under nvcc every function is also a device function. Arguments: m is
 * the vector's value count (1 … 1024), c a run count, b a bit width (0 … 32). For any values
 * the payload fields can hold the results fit in 64 bits.
 */
#ifndef GALP_TILE_LAYOUT_H
#define GALP_TILE_LAYOUT_H

#include <stdint.h>

#include <galp.h>
#include <galp/layout.h>

/* spec/tile.md §3.1: blocks of 128 values, four miniblocks of 32, widths 0 … 32. */
#define GALP_TILE_BLOCK_VALUES 128u
#define GALP_TILE_MINIBLOCK_VALUES 32u
#define GALP_TILE_MINIBLOCKS 4u
#define GALP_TILE_MAX_WIDTH 32u
/* A block's header: the u32 reference and the four width bytes (spec/tile.md §3.1). */
#define GALP_TILE_BLOCK_HEADER_BYTES 8u
/* GPU-DFOR's u32 start before its blocks (spec/tile.md §4.1). */
#define GALP_TILE_DFOR_START_BYTES 4u
/* GPU-RFOR's header: run count, value and length references, the two widths, 2 reserved
 * bytes (spec/tile.md §5.1); the reserved bytes are at offset 14. */
#define GALP_TILE_RFOR_HEADER_BYTES 16u
#define GALP_TILE_RFOR_RUN_COUNT 0u
#define GALP_TILE_RFOR_VALUE_REF 4u
#define GALP_TILE_RFOR_LENGTH_REF 8u
#define GALP_TILE_RFOR_VALUE_WIDTH 12u
#define GALP_TILE_RFOR_LENGTH_WIDTH 13u
#define GALP_TILE_RFOR_RESERVED 14u

/* Blocks of a GPU-FOR or GPU-DFOR vector of m values, ceil(m / 128) (spec/tile.md §3.1). */
GALP_HOST_DEVICE static inline GALP_LAYOUT_CONSTEXPR uint32_t galp_tile_blocks(uint32_t m)
{
    return (m + GALP_TILE_BLOCK_VALUES - 1u) / GALP_TILE_BLOCK_VALUES;
}

/* Words of a packed run of c offsets of width b, ceil(c·b / 32) (spec/tile.md §2). */
GALP_HOST_DEVICE static inline GALP_LAYOUT_CONSTEXPR uint64_t galp_tile_packed_words(uint64_t c,
                                                                                uint32_t b)
{
    return (c * b + 31u) / 32u;
}

/* Bytes of a block whose widths sum to width_sum: 8 + 4·width_sum (spec/tile.md §3.1). */
GALP_HOST_DEVICE static inline GALP_LAYOUT_CONSTEXPR uint32_t galp_tile_block_bytes(uint32_t width_sum)
{
    return GALP_TILE_BLOCK_HEADER_BYTES + 4u * width_sum;
}

/* Where a GPU-FOR or GPU-DFOR vector's first block starts (spec/tile.md §3.1, §4.1). */
GALP_HOST_DEVICE static inline GALP_LAYOUT_CONSTEXPR uint32_t galp_tile_blocks_offset(galp_scheme scheme)
{
    return scheme == GALP_SCHEME_GPU_DFOR ? GALP_TILE_DFOR_START_BYTES : 0u;
}

/* GPU-RFOR's payload size for c runs of widths bv and bl (spec/tile.md §5.1). */
GALP_HOST_DEVICE static inline GALP_LAYOUT_CONSTEXPR uint64_t galp_tile_rfor_bytes(uint64_t c,
                                                                              uint32_t bv,
                                                                              uint32_t bl)
{
    return GALP_TILE_RFOR_HEADER_BYTES + 4u * galp_tile_packed_words(c, bv) +
           4u * galp_tile_packed_words(c, bl);
}

/* The smallest and largest payload of a tile scheme's vector of m values (spec/tile.md §6). */
GALP_HOST_DEVICE static inline GALP_LAYOUT_CONSTEXPR uint32_t galp_tile_min_bytes(galp_scheme scheme,
                                                                             uint32_t m)
{
    return scheme == GALP_SCHEME_GPU_RFOR
               ? GALP_TILE_RFOR_HEADER_BYTES
               : galp_tile_blocks_offset(scheme) + galp_tile_blocks(m) * galp_tile_block_bytes(0);
}

GALP_HOST_DEVICE static inline GALP_LAYOUT_CONSTEXPR uint32_t galp_tile_max_bytes(galp_scheme scheme,
                                                                             uint32_t m)
{
    return scheme == GALP_SCHEME_GPU_RFOR
               ? (uint32_t)galp_tile_rfor_bytes(m, GALP_TILE_MAX_WIDTH, GALP_TILE_MAX_WIDTH)
               : galp_tile_blocks_offset(scheme) +
                     galp_tile_blocks(m) *
                         galp_tile_block_bytes(GALP_TILE_MINIBLOCKS * GALP_TILE_MAX_WIDTH);
}

#endif /* GALP_TILE_LAYOUT_H */
