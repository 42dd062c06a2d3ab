/*
 * gpu/str_ring_writer.cuh — the sink of gpu/str_warp_piece.cuh that writes a piece into
 * Arrow's string layout (its bytes from its first Arrow offset on, each string's end offset
 * as the next row's start). Not installed; the decompression kernel of gpu/strings.cu uses it.
 *
 * The lanes put each window's bytes into the warp's ring of str_ring_size bytes in shared
 * memory at the ring index of their global address, then the warp copies every 16-byte
 * window of memory that the piece's bytes so far fill whole with one aligned 16-byte store
 * per lane. The bytes at either end of a piece, which share an aligned window with a
 * neighbouring piece of another warp, are stored one by one. A window of codes outputs at
 * most 128 · 8 bytes and fewer than 16 wait in the ring, so a ring of 2048 bytes never
 * overwrites a byte before it is copied.
 */
#ifndef GALP_GPU_STR_RING_WRITER_CUH
#define GALP_GPU_STR_RING_WRITER_CUH

#include <stdint.h>

#include "str_warp_piece.cuh"

constexpr unsigned str_ring_size = 2048; /* a power of two, at least 16 + 128 · 8 */

template <typename Offset> struct str_ring_writer {
    uint8_t *ring;      /* the warp's ring, 16-byte aligned, in shared memory */
    uint8_t *out;       /* the piece's first byte in the Arrow data */
    Offset *ends;       /* ends[i]: the end offset of the piece's string i */
    uint64_t first_offset;
    uint32_t out_len;
    uint32_t copied = 0; /* the piece's bytes stored to out so far */

    __device__ str_ring_writer(uint8_t *r, uint8_t *data, Offset *offsets,
                               const str_warp::piece &pc)
        : ring(r), out(data + pc.first_offset), ends(offsets + pc.first_row + 1),
          first_offset(pc.first_offset), out_len(pc.out_len)
    {
    }

    __device__ void window(const str_warp::window &w, const str_warp::carry &before)
    {
        const uintptr_t base = (uintptr_t)out;
        for (unsigned k = 0; k < 4; k++)
            for (unsigned i = 0; i < 8; i++)
                if (i < w.size[k])
                    ring[(base + w.at[k] + i) & (str_ring_size - 1)] =
                        (uint8_t)(w.word[k] >> (8 * i));
        /* The end offset fits in an Offset: galp_gpu_decompress_str32 refuses columns of more
         * than 2^31 - 1 bytes. */
        for (unsigned k = 0, i = w.first_end; k < 4; k++)
            if (w.ends >> k & 1u)
                ends[i++] = (Offset)(first_offset + w.at[k] + w.size[k]);
        __syncwarp();
        const uint32_t end = before.pos + w.bytes < out_len ? before.pos + w.bytes : out_len;
        const uintptr_t whole = (base + end) & ~(uintptr_t)15;
        if (whole > base + copied) {
            copy(copied, (uint32_t)(whole - base));
            copied = (uint32_t)(whole - base);
        }
        __syncwarp();
    }

    __device__ void finish()
    {
        copy(copied, out_len);
        __syncwarp();
    }

private:
    /* Stores the piece's bytes [lo, hi) from the ring, 16-byte window by window. */
    __device__ void copy(uint32_t lo, uint32_t hi)
    {
        const uintptr_t a = (uintptr_t)out + lo, b = (uintptr_t)out + hi;
        for (uintptr_t w = (a & ~(uintptr_t)15) + 16 * str_warp::lane_id(); w < b; w += 16 * 32) {
            const uint8_t *from = ring + (w & (str_ring_size - 1));
            if (w >= a && w + 16 <= b) {
                *(uint4 *)w = *(const uint4 *)from;
                continue;
            }
            for (uintptr_t p = w > a ? w : a; p < w + 16 && p < b; p++)
                *(uint8_t *)p = ring[p & (str_ring_size - 1)];
        }
    }
};

#endif /* GALP_GPU_STR_RING_WRITER_CUH */
