/*
 * gpu/str_stage_writer.cuh — the sink of gpu/str_warp_piece.cuh that writes a piece into
 * Arrow's string layout (its bytes from its first Arrow offset on, each string's end offset
 * as the next row's start). Not installed; the decompression kernel of gpu/strings.cu uses it.
 *
 * The warp's stage in shared memory is a ring: output address a is staged at byte
 * a mod str_ring_bytes. Each lane assembles its codes' bytes in registers and stages them as
 * aligned 4-byte words: a plain store where all four bytes are its own, an atomic OR where the
 * word is shared with the lanes or the window beside it (its first and last word). So the
 * ring must be zero wherever nothing is staged: it starts zero, and every 16 bytes stored out
 * are cleared. After each window the warp stores every aligned 16-byte window of memory that
 * the piece's bytes so far fill whole, with one 16-byte store per lane; the partial window
 * left over (fewer than 16 bytes) stays in the ring for the next window to complete, so
 * nothing moves. The end offsets take the same way through a second ring, each lane putting
 * its strings' end offsets at their places, so that they too leave in 16-byte stores. The
 * bytes and offsets at either end of a piece, which share an aligned window with a
 * neighbouring piece of another warp, are stored one by one.
 *
 * Why words and rings: staging byte by byte took eight shared-memory stores per code, and
 * moving the leftover to the stage's start one more serial step per window; shared-memory
 * traffic is what the decoder waits on. Writing each end offset straight to memory took a
 * store of 4 or 8 bytes scattered over several sectors per instruction, where strings are
 * short (a few codes each) most of the output.
 */
#ifndef GALP_GPU_STR_STAGE_WRITER_CUH
#define GALP_GPU_STR_STAGE_WRITER_CUH

#include <stdint.h>

#include "str_warp_piece.cuh"

/* A power of two that holds what is staged at once: fewer than 16 bytes left over, a window's
 * at most 256 · 8 bytes, and, while they are cleared, the 16-byte windows stored before it. */
constexpr unsigned str_ring_bytes = 4096;
static_assert(str_ring_bytes >= 16 + str_warp::window_bytes * 8, "a window fits the ring");
static_assert((str_ring_bytes & (str_ring_bytes - 1)) == 0, "the ring's size is a power of two");

/* The end offsets' ring, in offsets: a power of two that holds a window's at most 256 and
 * fewer than 16 bytes of them left over. */
constexpr unsigned str_end_ring = 512;
static_assert(str_end_ring >= 4 + str_warp::window_bytes, "a window's ends fit the ring");

template <typename Offset> struct str_stage_writer {
    static constexpr unsigned end_ring_bytes = str_end_ring * sizeof(Offset);

    const galp::device::str_symbols &symbols; /* in shared memory */
    uint8_t *const ring;     /* the warp's ring, 16-byte aligned, in shared memory */
    uint8_t *const end_ring; /* and its end offsets' ring, end_ring_bytes */
    uint8_t *const data;     /* the Arrow data */
    Offset *const offsets;   /* and offsets */
    /* the piece's */
    uintptr_t base = 0;  /* the address of its first byte */
    uintptr_t chunk = 0; /* 16-byte aligned; every byte of the piece before it is stored */
    Offset *ends = nullptr; /* ends[i]: the end offset of its string i */
    uintptr_t ends_chunk = 0; /* 16-byte aligned; every end offset before it is stored */
    /* its first Arrow offset: an Offset holds it, as galp_gpu_decompress_str32 refuses
     * columns of more than 2^31 - 1 bytes */
    Offset first_offset = 0;
    uint32_t out_len = 0;

    /* Every lane of the warp constructs it; it clears the ring (the end offsets' ring needs
     * no clearing: each of its offsets is stored whole, and stored out only once written). */
    __device__ str_stage_writer(const galp::device::str_symbols &t, uint8_t *r, uint8_t *er,
                                uint8_t *d, Offset *o)
        : symbols(t), ring(r), end_ring(er), data(d), offsets(o)
    {
        for (unsigned i = 16 * str_warp::lane_id(); i < str_ring_bytes; i += 16 * 32)
            *(uint4 *)(ring + i) = make_uint4(0, 0, 0, 0);
        __syncwarp();
    }

    __device__ void begin(const str_warp::piece &pc)
    {
        base = (uintptr_t)(data + pc.first_offset);
        chunk = base & ~(uintptr_t)15;
        ends = offsets + pc.first_row + 1;
        ends_chunk = (uintptr_t)ends & ~(uintptr_t)15;
        first_offset = (Offset)pc.first_offset;
        out_len = pc.out_len;
    }

    /* staged: the bytes of the piece staged up to the window's end, those past out_len
     * included; done: its strings ended up to the window's end. The end offsets go the way
     * of the bytes, through their own ring, so that they too leave in whole 16-byte stores
     * rather than one scattered 4- or 8-byte store each. */
    __device__ void window(const str_warp::window &w, uint32_t staged, uint32_t done)
    {
        stage_lane(w);
        const uint32_t at = (uint32_t)(uintptr_t)(ends + w.first_end); /* its low bits */
        for (unsigned k = 0; k < str_warp::lane_codes; k++)
            if (w.ends >> k & 1u) {
                const uint32_t place = at + sizeof(Offset) * __popc(w.ends & ((1u << k) - 1u));
                *(Offset *)(end_ring + (place & (end_ring_bytes - 1))) =
                    first_offset + (Offset)w.end(k);
            }
        __syncwarp();
        const uint32_t end = staged < out_len ? staged : out_len;
        const uintptr_t whole = (base + end) & ~(uintptr_t)15;
        if (whole > chunk) {
            store<true>(ring, str_ring_bytes, chunk, base, whole, whole);
            chunk = whole;
        }
        const uintptr_t ends_whole = (uintptr_t)(ends + done) & ~(uintptr_t)15;
        if (ends_whole > ends_chunk) {
            store<false>(end_ring, end_ring_bytes, ends_chunk, (uintptr_t)ends, ends_whole,
                         ends_whole);
            ends_chunk = ends_whole;
        }
        __syncwarp();
    }

    /* The rest of the piece's bytes and end offsets (done: its strings), and the ring cleared
     * of the bytes and of any staged past out_len (bytes of the zero padding after its codes,
     * spec/fsst.md §5). */
    __device__ void finish(uint32_t staged, uint32_t done)
    {
        store<true>(ring, str_ring_bytes, chunk, base, base + out_len,
                    (base + staged + 15) & ~(uintptr_t)15);
        const uintptr_t ends_end = (uintptr_t)(ends + done);
        store<false>(end_ring, end_ring_bytes, ends_chunk, (uintptr_t)ends, ends_end,
                     (ends_end + 15) & ~(uintptr_t)15);
        __syncwarp();
    }

private:
    /* Stages the lane's codes' bytes, which begin at address base + w.at: a 12-byte
     * accumulator (pending, and over above it) holds the bytes of the current aligned word
     * on, `fill` of them (those below the lane's first byte being zero), at most 3 before a
     * code and 3 + 8 after it, so each code completes zero, one or two words. Words whose
     * bytes are all the lane's are stored as they complete, with predicated stores; its first
     * word, where it holds bytes of the lanes below, and its last, where it holds bytes of
     * the lanes above or the next window, are OR-ed in at the end, the only branches. The
     * bytes of a code word past its size are zero (an escape's word is 0), so OR-ing whole
     * words is exact, and OR-ing zero would change nothing. */
    __device__ __forceinline__ void stage_lane(const str_warp::window &w) const
    {
        const uint32_t first = (uint32_t)base + w.at;
        uint32_t address = first & ~3u;
        unsigned fill = first & 3u;
        bool shared = fill != 0; /* the current word is the first and holds others' bytes */
        uint32_t head = 0;       /* that word's bytes of the lane, once complete */
        uint64_t pending = 0;
        for (unsigned k = 0; k < str_warp::lane_codes; k++) {
            const uint64_t x = w.bytes_of(symbols, k);
            const uint32_t over = fill != 0 ? (uint32_t)(x >> (64 - 8 * fill)) : 0;
            pending |= x << (8 * fill);
            fill += w.size(k);
            const bool one = fill >= 4, two = fill >= 8;
            /* the second word of a code is never the lane's first */
            if (one && !shared)
                *ring_word(address) = (uint32_t)pending;
            if (two)
                *ring_word(address + 4) = (uint32_t)(pending >> 32);
            head = one && shared ? (uint32_t)pending : head;
            pending = two ? over : one ? pending >> 32 | (uint64_t)over << 32 : pending;
            shared = shared && !one;
            address += two ? 8 : one ? 4 : 0;
            fill -= two ? 8 : one ? 4 : 0;
        }
        if (head != 0)
            atomicOr(ring_word(first), head);
        if ((uint32_t)pending != 0)
            atomicOr(ring_word(address), (uint32_t)pending);
    }

    /* The ring's word that stages the aligned word of memory at `address` (its low bits). */
    __device__ __forceinline__ uint32_t *ring_word(uint32_t address) const
    {
        return (uint32_t *)(ring + (address & (str_ring_bytes - 4)));
    }

    /* Byte i of a 16-byte window, without taking its registers' address (which would put
     * them in local memory). */
    __device__ __forceinline__ static uint8_t byte_of(const uint4 &v, unsigned i)
    {
        const uint32_t part = i < 8 ? (i < 4 ? v.x : v.y) : (i < 12 ? v.z : v.w);
        return (uint8_t)(part >> (8 * (i & 3u)));
    }

    /* Stores what a ring of `size` bytes stages for the addresses from `chunk` (16-byte
     * aligned) up to `to`, but not before `first` (the piece's), and with `clear` clears the
     * ring's 16-byte windows from chunk up to `until` (≥ to, 16-byte aligned). */
    template <bool clear>
    __device__ static void store(uint8_t *ring, unsigned size, uintptr_t chunk, uintptr_t first,
                                 uintptr_t to, uintptr_t until)
    {
        for (uintptr_t a = chunk + 16 * str_warp::lane_id(); a < until; a += 16 * 32) {
            uint4 *from = (uint4 *)(ring + (a & (size - 16)));
            const uint4 bytes = *from;
            if (clear)
                *from = make_uint4(0, 0, 0, 0);
            if (a >= first && a + 16 <= to) {
                *(uint4 *)a = bytes;
                continue;
            }
            for (uintptr_t p = a > first ? a : first; p < a + 16 && p < to; p++)
                *(uint8_t *)p = byte_of(bytes, (unsigned)(p - a));
        }
    }
};

#endif /* GALP_GPU_STR_STAGE_WRITER_CUH */
