/*
 * gpu/str_arrow_writer.cuh — the visitor (galp/device/strings.cuh) of the str decompression
 * kernel (gpu/strings.cu): writes each string into Arrow's layout, its bytes from its offset
 * on and its end offset as the next row's start. Not installed.
 *
 * A lane writes the bytes of its pieces, far from those of the other lanes, so a store per
 * byte would cost a memory transaction per byte. The writer gathers them into 16-byte windows
 * aligned in memory and stores each window whole once the lane has written all of it; the
 * window at either end of a run of bytes, which a neighbouring piece of another lane may
 * share, is stored byte by byte. A run is the lane's bytes from a string whose offset does not
 * follow the lane's last byte, up to the next such string or flush(), which the kernel calls
 * last.
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
    uint64_t lo = 0, hi = 0; /* the bytes of out's window below out, in place */

    __device__ str_arrow_writer(uint8_t *d, Offset *o) : data(d), offsets(o) {}

    __device__ void begin(uint64_t r, uint64_t offset)
    {
        row = r;
        if (offset != out) {
            flush();
            out = start = offset;
        }
    }
    /* n is at most 8, so the bytes complete out's window only where they start in its
     * upper half, and at most 7 of them spill into the next window. */
    __device__ void bytes(uint64_t word, unsigned n)
    {
        const uintptr_t a = address(out);
        const unsigned at = (unsigned)(a & 15u);
        if (at < 8u) {
            lo |= word << (8u * at);
            hi |= at == 0 ? 0 : word >> (64u - 8u * at);
        } else {
            hi |= word << (8u * (at - 8u));
        }
        if (at + n >= 16u) {
            const unsigned room = 16u - at;
            store_window(a - at);
            lo = room < 8u ? word >> (8u * room) : 0;
            hi = 0;
        }
        out += n;
    }
    __device__ void end() { offsets[row + 1] = (Offset)out; }

    /* The bytes of the run's last, partial window. */
    __device__ void flush()
    {
        const uintptr_t a = address(out), s = address(start), w = a & ~(uintptr_t)15u;
        for (uintptr_t p = w > s ? w : s; p < a; p++)
            *(uint8_t *)p = byte_at((unsigned)(p - w));
        lo = hi = 0;
    }

private:
    __device__ uintptr_t address(uint64_t offset) const { return (uintptr_t)(data + offset); }

    __device__ uint8_t byte_at(unsigned i) const
    {
        return (uint8_t)(i < 8u ? lo >> (8u * i) : hi >> (8u * (i - 8u)));
    }

    /* The window at address w (16-byte aligned): whole when the run holds all of it, else its
     * bytes from the run's start. */
    __device__ void store_window(uintptr_t w)
    {
        const uintptr_t s = address(start);
        if (w >= s) {
            *(uint4 *)w = make_uint4((uint32_t)lo, (uint32_t)(lo >> 32), (uint32_t)hi,
                                     (uint32_t)(hi >> 32));
            return;
        }
        for (uintptr_t p = s; p < w + 16u; p++)
            *(uint8_t *)p = byte_at((unsigned)(p - w));
    }
};

#endif /* GALP_GPU_STR_ARROW_WRITER_CUH */
