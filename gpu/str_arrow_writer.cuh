/*
 * gpu/str_arrow_writer.cuh — a visitor of galp/device/strings.cuh that writes the strings of
 * a lane's pieces into Arrow's string layout: each piece's bytes from its first Arrow offset
 * on, and each string's end offset as the next row's start (offsets[row + 1]). Not installed;
 * the decompression kernel of gpu/strings.cu gives one to each lane.
 *
 * A piece owns the bytes E_{v-1} + o_j ... E_{v-1} + o_{j+1} - 1 and the offsets of rows
 * first_row + 1 ... first_row + strings (spec/fsst.md §4, §5): the lanes' streams never
 * overlap, and each goes through a str_chunk_writer.
 */
#ifndef GALP_GPU_STR_ARROW_WRITER_CUH
#define GALP_GPU_STR_ARROW_WRITER_CUH

#include <stdint.h>

#include "galp/device/strings.cuh"
#include "str_chunk_writer.cuh"

template <typename Offset> struct str_arrow_writer {
    uint8_t *const data;   /* the Arrow data */
    Offset *const offsets; /* and offsets */
    str_chunk_writer data_out, ends_out;
    uint64_t offset = 0; /* the Arrow offset after the bytes so far */

    __device__ str_arrow_writer(uint8_t *d, Offset *o) : data(d), offsets(o) {}

    __device__ __forceinline__ void begin_piece(const galp::device::str_piece &piece)
    {
        offset = piece.first_offset;
        data_out.begin(data + offset);
        ends_out.begin((uint8_t *)(offsets + piece.first_row + 1));
    }
    __device__ __forceinline__ void finish_piece()
    {
        data_out.finish();
        ends_out.finish();
    }

    /* the visitor: strings follow one another, so begin needs nothing */
    __device__ __forceinline__ void begin(uint64_t, uint64_t) {}
    __device__ __forceinline__ void bytes(uint64_t word, unsigned n)
    {
        data_out.append(word, n);
        offset += n;
    }
    /* The end offset fits in an Offset: galp_gpu_decompress_str32 refuses columns of more
     * than 2^31 - 1 bytes. Its bytes past sizeof(Offset) are zero, as append wants. */
    __device__ __forceinline__ void end()
    {
        const uint64_t value = sizeof(Offset) == 4 ? (uint64_t)(uint32_t)offset : offset;
        ends_out.append(value, sizeof(Offset));
    }
};

#endif /* GALP_GPU_STR_ARROW_WRITER_CUH */
