/*
 * byte_source.h — turns a fuzzer input into a stream of choices.
 *
 * Generators draw every decision (a type, a bit width, a value) from the input bytes, so a
 * mutation of the input changes the generated column locally and libFuzzer can steer it. An input
 * is usually far shorter than the 8 KiB of values a column needs, so once the bytes run out the
 * stream continues with a splitmix64 sequence seeded from the whole input: still fully
 * determined by the input (a crash reproduces from its file), never constant.
 */
#ifndef GALP_FUZZ_BYTE_SOURCE_H
#define GALP_FUZZ_BYTE_SOURCE_H

#include <stddef.h>
#include <stdint.h>

typedef struct byte_source {
    const uint8_t *data;
    size_t size;
    size_t pos;
    uint64_t state; /* splitmix64 state used after the input is exhausted */
} byte_source;

static inline void byte_source_init(byte_source *src, const uint8_t *data, size_t size)
{
    src->data = data;
    src->size = size;
    src->pos = 0;
    /* FNV-1a of the input: a seed that changes with every byte. */
    uint64_t h = 0xcbf29ce484222325u;
    for (size_t i = 0; i < size; i++) {
        h ^= data[i];
        h *= 0x100000001b3u;
    }
    src->state = h;
}

static inline uint8_t byte_source_u8(byte_source *src)
{
    if (src->pos < src->size)
        return src->data[src->pos++];
    src->state += 0x9e3779b97f4a7c15u;
    uint64_t z = src->state;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return (uint8_t)(z ^ (z >> 31));
}

/* `bytes` bytes, little-endian, 0 <= bytes <= 8. */
static inline uint64_t byte_source_bits(byte_source *src, unsigned bytes)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < bytes; i++)
        v |= (uint64_t)byte_source_u8(src) << (8 * i);
    return v;
}

static inline uint16_t byte_source_u16(byte_source *src)
{
    return (uint16_t)byte_source_bits(src, 2);
}

static inline uint64_t byte_source_u64(byte_source *src)
{
    return byte_source_bits(src, 8);
}

/* A number in 0 .. limit - 1 (limit >= 1), from one or two bytes. */
static inline unsigned byte_source_below(byte_source *src, unsigned limit)
{
    return limit <= 256 ? byte_source_u8(src) % limit : byte_source_u16(src) % limit;
}

#endif /* GALP_FUZZ_BYTE_SOURCE_H */
