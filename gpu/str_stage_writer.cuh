/*
 * gpu/str_stage_writer.cuh — the sink of gpu/str_warp_piece.cuh that writes a piece into
 * Arrow's string layout (its bytes from its first Arrow offset on, each string's end offset
 * as the next row's start). Not installed; the decompression kernel of gpu/strings.cu uses it.
 *
 * The warp's stage in shared memory stands for the memory from a 16-byte aligned address
 * `chunk` on. Each code ORs its bytes into the stage as the two or three aligned 4-byte words
 * they touch: the stage is zero wherever nothing has been put yet, and a code's word is zero
 * past its bytes, so codes that share a word, of one lane or of neighbouring lanes, need no
 * order among them and no byte stores. Then the warp stores every aligned 16-byte window of
 * memory that the piece's bytes so far fill whole, with one 16-byte store per lane, zeroes
 * what it stored, and moves the partial window left over (fewer than 16 bytes) to the stage's
 * start. So a window starts fewer than 16 bytes into the stage and adds at most 128 · 8, which
 * sizes it; the words a code's ORs name lie inside it too, even those ORed with zero, as the
 * window's last code starts at most 15 + 127 · 8 bytes in. The bytes at either end of a
 * piece, which share an aligned window with a neighbouring piece, are stored one by one.
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
    uint8_t *chunk = nullptr; /* the address stage[0] stands for; all before it is stored */
    uint32_t shift = 0;       /* the stage offset of the piece's first byte, mod 2^32 (it goes
                                 below 0 once the stage has moved past it) */
    uint32_t mine = 0;        /* the stage offset from which bytes are the piece's */
    Offset *ends = nullptr;   /* ends[i]: the end offset of its string i */
    uint64_t first_offset = 0;
    uint32_t out_len = 0;

    /* Every lane of the warp constructs it; the stage starts zero. */
    __device__ str_stage_writer(uint8_t *s, uint8_t *d, Offset *o) : stage(s), data(d), offsets(o)
    {
        zero_stage();
    }

    __device__ void begin(const str_warp::piece &pc)
    {
        uint8_t *const base = data + pc.first_offset;
        chunk = (uint8_t *)((uintptr_t)base & ~(uintptr_t)15);
        shift = (uint32_t)(base - chunk);
        mine = shift;
        ends = offsets + pc.first_row + 1;
        first_offset = pc.first_offset;
        out_len = pc.out_len;
    }

    __device__ void window(const str_warp::window &w, const str_warp::carry &before)
    {
        const uint32_t words = (uint32_t)__cvta_generic_to_shared(stage);
#pragma unroll
        for (unsigned k = 0; k < 4; k++) {
            /* a code of no bytes has a zero word (read_window), which ORs nothing */
            const uint32_t at = w.start(k) + shift, s = 8 * (at & 3u);
            const uint32_t lo = (uint32_t)w.word[k], hi = (uint32_t)(w.word[k] >> 32);
            const uint32_t word = words + (at & ~3u);
            const uint32_t top = __funnelshift_l(hi, 0, s);
            or_word(word, lo << s);
            or_word(word + 4, __funnelshift_l(lo, hi, s));
            if (top != 0) /* a code of more than 8 - at % 4 bytes */
                or_word(word + 8, top);
        }
        /* The end offset fits in an Offset: galp_gpu_decompress_str32 refuses columns of more
         * than 2^31 - 1 bytes. */
        Offset *end_at = ends + w.first_end;
#pragma unroll
        for (unsigned k = 0; k < 4; k++) {
            const bool ends_here = w.ends_after(k);
            store_if(ends_here, end_at, (Offset)(first_offset + w.end(k)));
            end_at += ends_here;
        }
        __syncwarp();
        const uint32_t end = before.pos + w.bytes < out_len ? before.pos + w.bytes : out_len;
        const uint32_t whole = (end + shift) & ~15u;
        if (whole != 0) {
            store(whole);
            __syncwarp();
            if (str_warp::lane_id() == 0) {
                *(uint4 *)stage = *(const uint4 *)(stage + whole);
                *(uint4 *)(stage + whole) = make_uint4(0, 0, 0, 0);
            }
            chunk += whole;
            shift -= whole;
            mine = 0;
            __syncwarp();
        }
    }

    /* Stores what is left and leaves the stage zero for the next piece (the codes of the
     * piece's padding may have put bytes past its end). */
    __device__ void finish()
    {
        store(out_len + shift);
        __syncwarp();
        zero_stage();
    }

private:
    /* ORs bits into the stage's word at shared_address. ptxas branches around a shared atomic
     * under a condition, so the callers OR the words most codes touch unconditionally: ORing
     * zero changes nothing. */
    __device__ static void or_word(uint32_t shared_address, uint32_t bits)
    {
        asm volatile("red.shared.or.b32 [%0], %1;" ::"r"(shared_address), "r"(bits) : "memory");
    }

    /* *at = v when `when`, as a predicated store rather than a branch around one. */
    __device__ static void store_if(bool when, int32_t *at, int32_t v)
    {
        asm volatile("{\n\t.reg .pred p;\n\tsetp.ne.u32 p, %0, 0;\n\t"
                     "@p st.global.b32 [%1], %2;\n\t}" ::"r"((unsigned)when), "l"(at), "r"(v)
                     : "memory");
    }
    __device__ static void store_if(bool when, int64_t *at, int64_t v)
    {
        asm volatile("{\n\t.reg .pred p;\n\tsetp.ne.u32 p, %0, 0;\n\t"
                     "@p st.global.b64 [%1], %2;\n\t}" ::"r"((unsigned)when), "l"(at), "l"(v)
                     : "memory");
    }

    __device__ void zero_stage()
    {
        for (unsigned o = 16 * str_warp::lane_id(); o < str_stage_size; o += 16 * 32)
            *(uint4 *)(stage + o) = make_uint4(0, 0, 0, 0);
        __syncwarp();
    }

    /* Stores the staged bytes from the piece's own up to stage offset `to`, and zeroes the
     * 16-byte windows it read. */
    __device__ void store(uint32_t to)
    {
        for (uint32_t o = 16 * str_warp::lane_id(); o < to; o += 16 * 32) {
            uint4 *const from = (uint4 *)(stage + o);
            if (o >= mine && o + 16 <= to) {
                *(uint4 *)(chunk + o) = *from;
            } else {
                for (uint32_t p = o > mine ? o : mine; p < o + 16 && p < to; p++)
                    chunk[p] = stage[p];
            }
            *from = make_uint4(0, 0, 0, 0);
        }
    }
};

#endif /* GALP_GPU_STR_STAGE_WRITER_CUH */
