/*
 * gpu/str_arrow_writer.cuh — the visitor (galp/device/strings.cuh) of the str decompression
 * kernel (gpu/strings.cu): writes each string into Arrow's layout, its bytes from its offset
 * on and its end offset as the next row's start. Not installed.
 *
 * A lane writes the bytes and the offsets of its pieces, far from those of the other lanes, so
 * a store per byte or per offset would cost a memory request each. The lane writes both arrays
 * through a run_writer, which gathers them into 16-byte windows aligned in memory and stores
 * each window whole once the lane has written all of it; the window at either end of a run,
 * which a neighbouring piece of another lane may share, is stored byte by byte. A run is what
 * the lane writes from a string that does not follow its last one (another piece) up to the
 * next such string or flush(), which the kernel calls last.
 */
#ifndef GALP_GPU_STR_ARROW_WRITER_CUH
#define GALP_GPU_STR_ARROW_WRITER_CUH

#include <stdint.h>

/* Consecutive bytes of one array, written in runs through 16-byte windows. */
struct run_writer {
    uint8_t *base;
    uint64_t out = 0;        /* the next byte's position in base */
    uint64_t start = 0;      /* where the run began */
    uint64_t lo = 0, hi = 0; /* the bytes of out's window below out, in place */

    __device__ explicit run_writer(uint8_t *b) : base(b) {}

    /* Ends the run and starts the next at position at, unless at continues it. */
    __device__ void move_to(uint64_t at)
    {
        if (at != out) {
            flush();
            out = start = at;
        }
    }
    /* The next n bytes (1 ... 8), the first in the low byte of word, its bytes past n zero
     * (so they can be or'ed in place). As n is at most 8 they
     * complete out's window only where they start in its upper half, and at most 7 of them
     * spill into the next window. */
    __device__ void put(uint64_t word, unsigned n)
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
    /* The bytes of the run's last, partial window. */
    __device__ void flush()
    {
        const uintptr_t a = address(out), s = address(start), w = a & ~(uintptr_t)15u;
        for (uintptr_t p = w > s ? w : s; p < a; p++)
            *(uint8_t *)p = byte_at((unsigned)(p - w));
        lo = hi = 0;
    }

private:
    __device__ uintptr_t address(uint64_t at) const { return (uintptr_t)(base + at); }

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

template <typename Offset> struct str_arrow_writer {
    run_writer data, offsets; /* offsets: the bytes of the Offset array */

    __device__ str_arrow_writer(uint8_t *d, Offset *o) : data(d), offsets((uint8_t *)o) {}

    __device__ void begin(uint64_t row, uint64_t offset)
    {
        data.move_to(offset);
        offsets.move_to((row + 1) * sizeof(Offset));
    }
    __device__ void bytes(uint64_t word, unsigned n) { data.put(word, n); }
    /* The end offset: data.out fits in an Offset (galp_gpu_decompress_str32 refuses columns of
     * more than 2^31 - 1 bytes), so its bytes past sizeof(Offset) are zero, as put() needs. */
    __device__ void end() { offsets.put(data.out, sizeof(Offset)); }
    __device__ void flush()
    {
        data.flush();
        offsets.flush();
    }
};

#endif /* GALP_GPU_STR_ARROW_WRITER_CUH */
