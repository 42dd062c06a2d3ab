/*
 * gpu/str_arrow_writer.cuh — the visitor (galp/device/strings.cuh) of the str decompression
 * kernel (gpu/strings.cu): writes each string into Arrow's layout, its bytes from its offset
 * on and its end offset as the next row's start. Not installed.
 *
 * A lane writes the bytes of its pieces, far from those of the other lanes, so a store per
 * byte would cost a memory transaction per byte. The writer gathers them into 8-byte words
 * aligned in memory and stores each word whole once the lane has written all of it; the word
 * at either end of a run of bytes, which a neighbouring piece of another lane may share, is
 * stored byte by byte. A run is the lane's bytes from a string whose offset does not follow
 * the lane's last byte, up to the next such string or flush(), which the kernel calls last.
 */
#ifndef GALP_GPU_STR_ARROW_WRITER_CUH
#define GALP_GPU_STR_ARROW_WRITER_CUH

#include <stdint.h>

template <typename Offset> struct str_arrow_writer {
    uint8_t *data;
    Offset *offsets;
    uint64_t row = 0;
    uint64_t out = 0;     /* the next byte's offset */
    uint64_t start = 0;   /* where the run began */
    uint64_t pending = 0; /* the bytes of out's word below out, in place */

    __device__ str_arrow_writer(uint8_t *d, Offset *o) : data(d), offsets(o) {}

    __device__ void begin(uint64_t r, uint64_t offset)
    {
        row = r;
        if (offset != out) {
            flush();
            out = start = offset;
        }
    }
    __device__ void bytes(uint64_t word, unsigned n)
    {
        const uintptr_t a = address(out);
        const unsigned at = (unsigned)(a & 7u), room = 8u - at;
        pending |= word << (8u * at);
        if (n >= room) { /* out's word is complete */
            store_word(a - at, pending);
            pending = room < 8u ? word >> (8u * room) : 0;
        }
        out += n;
    }
    __device__ void end() { offsets[row + 1] = (Offset)out; }

    /* The bytes of the run's last, partial word. */
    __device__ void flush()
    {
        const uintptr_t a = address(out), s = address(start), w = a & ~(uintptr_t)7u;
        for (uintptr_t p = w > s ? w : s; p < a; p++)
            *(uint8_t *)p = (uint8_t)(pending >> (8u * (p - w)));
        pending = 0;
    }

private:
    __device__ uintptr_t address(uint64_t offset) const { return (uintptr_t)(data + offset); }

    /* The word at address w (8-byte aligned): whole when the run holds all of it, else its
     * bytes from the run's start. */
    __device__ void store_word(uintptr_t w, uint64_t word)
    {
        const uintptr_t s = address(start);
        if (w >= s) {
            *(uint64_t *)w = word;
            return;
        }
        for (uintptr_t p = s; p < w + 8u; p++)
            *(uint8_t *)p = (uint8_t)(word >> (8u * (p - w)));
    }
};

#endif /* GALP_GPU_STR_ARROW_WRITER_CUH */
