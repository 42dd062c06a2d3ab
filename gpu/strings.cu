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
 * on its own, never assembling the strings' bytes: through an automaton of one table lookup
 * a code where the column's vectors share one default length and the query's table fits
 * (galp/device/str_automaton.cuh), else testing each code against a per-code table of where its
 * symbol agrees with the query (gpu/str_count_piece.cuh). The column was validated by
 * galp_open at upload (spec/fsst.md §6), so the kernels check nothing.
 */
#include <cuda_runtime.h>

#include "galp/device/str_automaton.cuh"
#include "galp/device/strings.cuh"

#include "cuda_status.h"
#include "dispatch.cuh"
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

/* Adds the lanes' matches to *count, one atomic add per warp. */
__device__ __forceinline__ void add_warp_matches(unsigned long long matches,
                                                 unsigned long long *count)
{
    for (int offset = 16; offset > 0; offset /= 2)
        matches += __shfl_down_sync(0xffffffffu, matches, offset);
    if ((threadIdx.x & 31) == 0 && matches != 0)
        atomicAdd(count, matches);
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
    add_warp_matches(matches, count);
}

/* The counts by automaton (galp/device/str_automaton.cuh), for a column whose vectors all have the
 * default length L (0: none): each block builds the table once and its warps take groups of
 * vectors in turn, so that the grid need be no larger than what the GPU holds at once. */
constexpr unsigned kDfaThreads = 512;

__global__ void __launch_bounds__(kDfaThreads, 2)
    count_strings_dfa(const galp_gpu_view col, unsigned group, const galp_gpu_str_query query,
                      uint32_t L, unsigned long long *count)
{
    extern __shared__ __align__(16) uint16_t dfa_table[];
    __shared__ galp::device::str_symbols symbols;
    __shared__ galp::device::str_query value;
    galp::device::stage_str_query(query.bytes, query.length, query.prefix != 0, value);
    galp::device::stage_str_symbols(col, symbols);
    const galp::device::str_automaton a = galp::device::stage_str_automaton(symbols, value, L, dfa_table);
    unsigned long long matches = 0;
    galp::device::for_each_str_piece_by_warp(col, group, [&](const galp::device::str_piece &piece) {
        matches += galp::device::count_str_automaton_piece(a, piece);
    });
    add_warp_matches(matches, count);
}

/* Launches count_strings_dfa if the column's vectors share a default length and the query's
 * table fits; false if it did not launch (the caller counts with count_strings). */
bool launch_count_dfa(const galp_gpu_view &col, unsigned group, const galp_gpu_str_query &query,
                      uint32_t default_length, unsigned long long *count, cudaStream_t s)
{
    using namespace galp::device::detail;
    const unsigned memory = default_length == GALP_GPU_STR_MIXED_DEFAULTS
                                ? 0
                                : galp::device::str_automaton_bytes(query.length, default_length);
    if (memory == 0)
        return false;
    const uint64_t warps = galp::device::str_warps_for(col, group);
    const uint64_t blocks_needed = (warps * 32 + kDfaThreads - 1) / kDfaThreads;
    const unsigned needed = blocks_needed < (1u << 30) ? (unsigned)blocks_needed : (1u << 30);
    const size_t static_bytes = sizeof(galp::device::str_symbols) + sizeof(galp::device::str_query);
    return launch_with_shared_memory(count_strings_dfa, memory, static_bytes, [&] {
        const unsigned blocks = resident_blocks(count_strings_dfa, kDfaThreads, memory, needed);
        if (blocks == 0)
            return false;
        count_strings_dfa<<<blocks, kDfaThreads, memory, s>>>(col, group, query, default_length,
                                                               count);
        return true;
    });
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
                                                 uint32_t default_length,
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
    if (launch_count_dfa(*col, group, *query, default_length, (unsigned long long *)count, s))
        return galp_gpu_status_from_cuda(cudaGetLastError());
    count_strings<<<group_blocks(*col, group), kThreads, 0, s>>>(*col, group, *query,
                                                                (unsigned long long *)count);
    return galp_gpu_status_from_cuda(cudaGetLastError());
}
