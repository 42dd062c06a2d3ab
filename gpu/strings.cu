/*
 * gpu/strings.cu — str columns on the device (spec/fsst.md; gpu/strings.h): decompression
 * into Arrow's layout, and counts of the strings equal to, or starting with, a query.
 *
 * Both kernels stage the symbol table in shared memory, the decompression also its decode
 * table (escaped bytes as entries of their own). The decompression decodes each piece with a
 * whole warp (gpu/str_warp_piece.cuh), 128 code bytes at a time, writing each window of codes
 * through the warp's stage in shared memory (gpu/str_stage_writer.cuh). The counts
 * take the device API's mapping of pieces to lanes (galp/device/strings.cuh): the warps deal
 * the pieces of groups of vectors out to their lanes, and every lane follows its piece's codes
 * on its own, testing each against a per-code table of where its symbol agrees with the query
 * (gpu/str_count_piece.cuh) instead of assembling the strings' bytes. The column was
 * validated by galp_open at upload (spec/fsst.md §6), so the kernels check nothing.
 */
#include <cuda_runtime.h>

#include "galp/device/strings.cuh"

#include "cuda_status.h"
#include "str_count_piece.cuh"
#include "str_stage_writer.cuh"
#include "str_warp_piece.cuh"
#include "strings.h"

namespace {

constexpr unsigned kThreads = 128;

/* Pieces each warp takes in turn, about: every block stages the symbol table (up to 2303
 * bytes, spec/fsst.md §3) before it decodes anything, which a few pieces per block would
 * repeat for every few kilobytes of codes. */
constexpr unsigned kPiecesPerWarp = 8;

/* Blocks of kThreads threads for `slots` warps' work per vector, kPiecesPerWarp per warp (at
 * least one block, so that the decompression writes offsets[0] for an empty column too). */
unsigned piece_blocks(const galp_gpu_view &col, unsigned slots)
{
    const uint64_t items = (uint64_t)col.vector_count * slots;
    const uint64_t warps = (items + kPiecesPerWarp - 1) / kPiecesPerWarp;
    const uint64_t blocks = (warps * 32 + kThreads - 1) / kThreads;
    return blocks == 0 ? 1u : (unsigned)blocks;
}

/* Blocks of kThreads threads with a warp per group of `group` vectors. */
unsigned group_blocks(const galp_gpu_view &col, unsigned group)
{
    const uint64_t warps = galp::device::str_warps_for(col, group);
    return (unsigned)((warps * 32 + kThreads - 1) / kThreads);
}

template <typename Offset>
__global__ void __launch_bounds__(kThreads)
    decode_strings(const galp_gpu_view col, unsigned slots, Offset *__restrict__ offsets,
                   uint8_t *__restrict__ data)
{
    __shared__ galp::device::str_symbols symbols;
    __shared__ str_warp::decode_table table;
    __shared__ __align__(16) uint8_t stages[kThreads / 32][str_stage_size];
    galp::device::stage_str_symbols(col, symbols);
    str_warp::stage_decode_table(symbols, table);
    if (blockIdx.x == 0 && threadIdx.x == 0)
        offsets[0] = 0;
    str_stage_writer<Offset> writer(stages[threadIdx.x / 32], data, offsets);
    str_warp::for_each_piece(col, table, slots, writer);
}

__global__ void __launch_bounds__(kThreads)
    count_strings(const galp_gpu_view col, unsigned group, const galp_gpu_str_query query,
                  unsigned long long *count)
{
    __shared__ galp::device::str_symbols symbols;
    __shared__ galp::device::str_query value;
    __shared__ str_count::str_match_table table;
    galp::device::stage_str_query(query.bytes, query.length, query.prefix != 0, value);
    galp::device::stage_str_symbols(col, symbols);
    str_count::stage_str_match_table(symbols, value, table);
    unsigned long long matches = 0;
    galp::device::for_each_str_piece_by_warp(col, group, [&](const galp::device::str_piece &piece) {
        matches += str_count::count_str_piece(table, symbols, value, piece);
    });
    for (int offset = 16; offset > 0; offset /= 2)
        matches += __shfl_down_sync(0xffffffffu, matches, offset);
    if ((threadIdx.x & 31) == 0 && matches != 0)
        atomicAdd(count, matches);
}

} // namespace

extern "C" galp_status galp_gpu_launch_str_decompress(const galp_gpu_view *col,
                                                      uint64_t piece_count, void *offsets,
                                                      unsigned offset_bytes, uint8_t *data,
                                                      galp_gpu_stream stream)
{
    cudaStream_t s = (cudaStream_t)stream;
    const unsigned slots = str_warp::slots_for(col->vector_count, piece_count);
    const unsigned blocks = piece_blocks(*col, slots);
    if (offset_bytes == 4)
        decode_strings<int32_t><<<blocks, kThreads, 0, s>>>(*col, slots, (int32_t *)offsets, data);
    else
        decode_strings<int64_t><<<blocks, kThreads, 0, s>>>(*col, slots, (int64_t *)offsets, data);
    return galp_gpu_status_from_cuda(cudaGetLastError());
}

extern "C" galp_status galp_gpu_launch_str_count(const galp_gpu_view *col, uint64_t piece_count,
                                                 const galp_gpu_str_query *query, uint64_t *count,
                                                 galp_gpu_stream stream)
{
    cudaStream_t s = (cudaStream_t)stream;
    cudaError_t err = cudaMemsetAsync(count, 0, sizeof *count, s);
    if (err != cudaSuccess)
        return galp_gpu_status_from_cuda(err);
    if (col->vector_count == 0)
        return GALP_OK;
    const unsigned group = galp::device::str_vectors_per_warp_for(col->vector_count, piece_count);
    count_strings<<<group_blocks(*col, group), kThreads, 0, s>>>(*col, group, *query,
                                                                (unsigned long long *)count);
    return galp_gpu_status_from_cuda(cudaGetLastError());
}
