/*
 * bytes.h — little-endian loads and stores (spec/format.md §1).
 *
 * Every multi-byte field of a galp file is little-endian. These helpers assemble and split
 * values byte by byte, so they are correct on any host and never perform unaligned or
 * type-punned accesses; compilers turn them into single moves on little-endian machines.
 * Every byte the decoder reads from a file (header, metadata table, payloads) is read through a
 * galp_reader (end of this file), which checks each read against the bounds of its view; the
 * raw loads are for buffers the encoder writes itself.
 */
#ifndef GALP_BYTES_H
#define GALP_BYTES_H

#include <stdbool.h>
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

/* A bounds-checked view of `size` bytes of a file, such as one vector payload. A read that
 * does not lie wholly inside the view reads nothing, returns 0 and sets `overrun`, which the
 * caller turns into an error: so a decoder given a view of the size the metadata implies can
 * read nothing outside the file, whatever the bytes inside say. */
typedef struct galp_reader {
    const uint8_t *data;
    uint64_t size;
    bool overrun;
} galp_reader;

static inline galp_reader galp_reader_of(const uint8_t *data, uint64_t size)
{
    galp_reader r = {data, size, false};
    return r;
}

/* The little-endian value of `bytes` = 1, 2, 4 or 8 bytes at `offset` of the view. */
static inline uint64_t galp_read_le(galp_reader *r, uint64_t offset, unsigned bytes)
{
    if (offset > r->size || bytes > r->size - offset) {
        r->overrun = true;
        return 0;
    }
    return galp_load_le(bytes, r->data + offset);
}

static inline uint8_t galp_read_u8(galp_reader *r, uint64_t offset)
{
    return (uint8_t)galp_read_le(r, offset, 1);
}

static inline uint16_t galp_read_u16(galp_reader *r, uint64_t offset)
{
    return (uint16_t)galp_read_le(r, offset, 2);
}

static inline uint32_t galp_read_u32(galp_reader *r, uint64_t offset)
{
    return (uint32_t)galp_read_le(r, offset, 4);
}

static inline uint64_t galp_read_u64(galp_reader *r, uint64_t offset)
{
    return galp_read_le(r, offset, 8);
}

/* The n bytes at `offset` of the view, for a consumer of a whole span such as a checksum;
 * NULL (and `overrun`) when they do not lie wholly inside it. */
static inline const uint8_t *galp_read_span(galp_reader *r, uint64_t offset, uint64_t n)
{
    if (offset > r->size || n > r->size - offset) {
        r->overrun = true;
        return NULL;
    }
    return r->data + offset;
}

/* The n bytes at `offset` of the view as a view of their own, for a part of a payload that a
 * decoder reads from its own offset 0; an empty view (and `overrun`) when they do not lie
 * wholly inside it. A caller folds the part's `overrun` back into the whole's. */
static inline galp_reader galp_read_view(galp_reader *r, uint64_t offset, uint64_t n)
{
    const uint8_t *span = galp_read_span(r, offset, n);
    return galp_reader_of(span, span != NULL ? n : 0);
}

/* Copies n bytes from `offset` of the view to out (zeros where they would leave it). */
static inline void galp_read_bytes(galp_reader *r, uint64_t offset, size_t n, uint8_t *out)
{
    for (size_t i = 0; i < n; i++)
        out[i] = (uint8_t)galp_read_le(r, offset + i, 1);
}

#endif /* GALP_BYTES_H */
