/*
 * bytes.h — little-endian loads and stores (spec/format.md §1).
 *
 * Every multi-byte field of a galp file is little-endian. These helpers assemble and split
 * values byte by byte, so they are correct on any host and never perform unaligned or
 * type-punned accesses; compilers turn them into single moves on little-endian machines.
 * Every read of file bytes in the reference codec goes through them; callers check bounds
 * before calling (spec/format.md §6).
 */
#ifndef GALP_BYTES_H
#define GALP_BYTES_H

#include <stddef.h>
#include <stdint.h>

static inline uint8_t galp_load_u8(const uint8_t *p)
{
    return p[0];
}

static inline uint16_t galp_load_u16(const uint8_t *p)
{
    return (uint16_t)(p[0] | (unsigned)p[1] << 8);
}

static inline uint32_t galp_load_u32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static inline uint64_t galp_load_u64(const uint8_t *p)
{
    return (uint64_t)galp_load_u32(p) | (uint64_t)galp_load_u32(p + 4) << 32;
}

static inline void galp_store_u16(uint8_t *p, uint16_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
}

static inline void galp_store_u32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

static inline void galp_store_u64(uint8_t *p, uint64_t v)
{
    galp_store_u32(p, (uint32_t)v);
    galp_store_u32(p + 4, (uint32_t)(v >> 32));
}

/* A value of `bytes` = 1, 2, 4 or 8 bytes, widened to 64 bits. */
static inline uint64_t galp_load_le(unsigned bytes, const uint8_t *p)
{
    switch (bytes) {
    case 1: return p[0];
    case 2: return galp_load_u16(p);
    case 4: return galp_load_u32(p);
    default: return galp_load_u64(p);
    }
}

/* The low 8·bytes bits of v, bytes = 1, 2, 4 or 8. */
static inline void galp_store_le(unsigned bytes, uint8_t *p, uint64_t v)
{
    switch (bytes) {
    case 1: p[0] = (uint8_t)v; break;
    case 2: galp_store_u16(p, (uint16_t)v); break;
    case 4: galp_store_u32(p, (uint32_t)v); break;
    default: galp_store_u64(p, v); break;
    }
}

#endif /* GALP_BYTES_H */
