/*
 * gpu/str_stage_writer.cuh — the sink of gpu/str_warp_piece.cuh that writes a piece into
 * Arrow's string layout (its bytes from its first Arrow offset on, each string's end offset
 * as the next row's start). Not installed; the decompression kernel of gpu/strings.cu uses it.
 *
 * The warp's stage in shared memory stands for the memory from a 16-byte aligned address
 * `chunk` on. The lanes put each window's bytes into it, then the warp stores every aligned
 * 16-byte window of memory that the piece's bytes so far fill whole, with one 16-byte store
 * per lane, and moves the partial window left over (fewer than 16 bytes) to the stage's
 * start. So a window starts fewer than 16 bytes into the stage and adds at most 128 · 8, which
 * sizes it. The bytes at either end of a piece, which share an aligned window with a
 * neighbouring piece of another warp, are stored one by one.
 */
#ifndef GALP_GPU_STR_STAGE_WRITER_CUH
#define GALP_GPU_STR_STAGE_WRITER_CUH

#include <stdint.h>

#include "str_warp_piece.cuh"

constexpr unsigned str_stage_size = 16 + str_warp::window_bytes * 8;

template <typename Offset> struct str_stage_writer {
    uint8_t *const stage;  /* the warp's stage, 16-byte aligned, in shared memory */
    uint8_t *const data;   /* the Arrow data */
    Offset *const offsets; /* and offsets */
    /* the piece's */
    uintptr_t base = 0;  /* the address of its first byte */
    uintptr_t chunk = 0; /* the address stage[0] stands for; all before it is stored */
    Offset *ends = nullptr; /* ends[i]: the end offset of its string i */
    uint64_t first_offset = 0;
    uint32_t out_len = 0;

    __device__ str_stage_writer(uint8_t *s, uint8_t *d, Offset *o) : stage(s), data(d), offsets(o)
    {
    }

    __device__ void begin(const str_warp::piece &pc)
    {
        base = (uintptr_t)(data + pc.first_offset);
        chunk = base & ~(uintptr_t)15;
        ends = offsets + pc.first_row + 1;
        first_offset = pc.first_offset;
        out_len = pc.out_len;
    }

    __device__ void window(const str_warp::window &w, const str_warp::carry &before)
    {
        for (unsigned k = 0; k < 4; k++) {
            uint8_t *to = stage + (base + w.start(k) - chunk);
            for (unsigned i = 0; i < 8; i++)
                if (i < w.size(k))
                    to[i] = (uint8_t)(w.word[k] >> (8 * i));
        }
        /* The end offset fits in an Offset: galp_gpu_decompress_str32 refuses columns of more
         * than 2^31 - 1 bytes. */
        for (unsigned k = 0, i = w.first_end; k < 4; k++)
            if (w.ends >> k & 1u)
                ends[i++] = (Offset)(first_offset + w.end(k));
        __syncwarp();
        const uint32_t end = before.pos + w.bytes < out_len ? before.pos + w.bytes : out_len;
        const uintptr_t whole = (base + end) & ~(uintptr_t)15;
        if (whole > chunk) {
            store(whole);
            __syncwarp();
            if (str_warp::lane_id() == 0)
                *(uint4 *)stage = *(const uint4 *)(stage + (whole - chunk));
            chunk = whole;
            __syncwarp();
        }
    }

    __device__ void finish()
    {
        store(base + out_len);
        __syncwarp();
    }

private:
    /* Stores the staged bytes from chunk (or the piece's first byte) up to address `to`. */
    __device__ void store(uintptr_t to)
    {
        for (uintptr_t a = chunk + 16 * str_warp::lane_id(); a < to; a += 16 * 32) {
            const uint8_t *from = stage + (a - chunk);
            if (a >= base && a + 16 <= to) {
                *(uint4 *)a = *(const uint4 *)from;
                continue;
            }
            for (uintptr_t p = a > base ? a : base; p < a + 16 && p < to; p++)
                *(uint8_t *)p = from[p - a];
        }
    }
};

#endif /* GALP_GPU_STR_STAGE_WRITER_CUH */
