/*
 * gpu/str_chunk_writer.cuh — one lane's stream of bytes to global memory, gathered in
 * registers and stored a whole aligned 16-byte chunk at a time. Not installed; the str
 * decompression (gpu/str_arrow_writer.cuh) writes each piece's string bytes and end offsets
 * with it.
 *
 * A lane owns the bytes from where its stream begins to where it ends; the chunks at either
 * end of that range may be shared with other lanes' streams, so their bytes are stored one
 * by one, and only the chunks the lane fills whole take a 16-byte store. Bytes of different lanes
 * never overlap, so no store of one lane touches a byte of another.
 */
#ifndef GALP_GPU_STR_CHUNK_WRITER_CUH
#define GALP_GPU_STR_CHUNK_WRITER_CUH

#include <stdint.h>

struct str_chunk_writer {
    uint8_t *chunk;  /* the 16-byte aligned chunk being filled */
    uint64_t lo, hi; /* the chunk's bytes so far: byte i at bit 8 i of lo, or 8 (i - 8) of hi */
    unsigned from;   /* the chunk's first byte of the stream: 0 past the stream's first chunk */
    unsigned fill;   /* where the next byte goes in the chunk, 0 ... 15 */

    __device__ __forceinline__ void begin(uint8_t *at)
    {
        chunk = (uint8_t *)((uintptr_t)at & ~(uintptr_t)15);
        from = (unsigned)((uintptr_t)at & 15);
        fill = from;
        lo = 0;
        hi = 0;
    }

    /* Appends the n (0 ... 8) bytes of word, the first in its low byte and the bytes past n
     * zero, as the visitor calls of galp/device/strings.cuh hand them over. */
    __device__ __forceinline__ void append(uint64_t word, unsigned n)
    {
        const unsigned shift = 8 * (fill & 7u);
        const uint64_t low = word << shift;
        /* the bytes that pass the end of the 8-byte half they start in */
        const uint64_t over = shift == 0 ? 0 : word >> (64 - shift);
        if (fill < 8) {
            lo |= low;
            hi |= over; /* fill + n <= 15: all of them fit in hi */
        } else {
            hi |= low; /* over: the bytes past the chunk, zero unless it fills */
        }
        fill += n;
        if (fill >= 16) { /* only from fill >= 8 before, so over holds what is left */
            store_chunk();
            chunk += 16;
            from = 0;
            fill -= 16;
            lo = over;
            hi = 0;
        }
    }

    /* Stores the bytes of the last, partial chunk. */
    __device__ __forceinline__ void finish() { store_bytes(from, fill); }

private:
    __device__ __forceinline__ void store_chunk()
    {
        if (from == 0)
            __stcg((ulonglong2 *)chunk, make_ulonglong2(lo, hi));
        else
            store_bytes(from, 16);
    }

    /* Stores bytes from ... to - 1 of the chunk, one by one: at most two chunks of a
     * stream, so a loop kept short in code. */
    __device__ void store_bytes(unsigned from, unsigned to)
    {
#pragma unroll 1
        for (unsigned i = from; i < to; i++)
            __stcg(chunk + i, (uint8_t)(i < 8 ? lo >> (8 * i) : hi >> (8 * (i - 8))));
    }
};

#endif /* GALP_GPU_STR_CHUNK_WRITER_CUH */
