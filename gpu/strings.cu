/*
 * gpu/strings.cu — str columns on the device (spec/fsst.md §5; gpu/strings.h): decompression
 * into Arrow's layout, and counts of the strings equal to, or starting with, a query.
 *
 * One thread per piece: pieces start at string boundaries with known output offsets, so every
 * thread decodes its strings, writes their bytes and their end offsets (or compares them with
 * the query as they stream by), and needs nothing from any other thread. Each block stages the symbol table (at most 255 symbols of 8 bytes, a
 * length and a terminal flag) in shared memory once. The file was validated by galp_open at
 * upload: every code names a symbol, no escape ends a piece, every piece decodes to its
 * recorded output (spec/fsst.md §6), so the kernel checks nothing.
 */
#include <cuda_runtime.h>

#include "cuda_status.h"
#include "strings.h"

namespace {

constexpr unsigned kThreads = 128;
constexpr unsigned kEscape = 255;

/* The symbol table of a block, in shared memory. */
struct shared_table {
    uint64_t symbol[255];
    uint8_t length[255];
    uint8_t terminal[255];
    uint32_t count;
};

__device__ void stage_table(const galp_gpu_str_table *__restrict__ table, shared_table &t)
{
    for (unsigned c = threadIdx.x; c < 255; c += blockDim.x) {
        t.symbol[c] = table->bytes[c];
        t.length[c] = table->len[c];
        t.terminal[c] = table->terminal[c];
    }
    if (threadIdx.x == 0)
        t.count = table->count;
    __syncthreads();
}

/* spec/fsst.md §5: the strings of one piece, in order, as a stream of bytes: sink.byte(b) for
 * each byte, sink.end() after each string. Codes and bytes are validated (no checks here). */
template <typename Sink>
__device__ void visit_piece(const uint8_t *__restrict__ file, const galp_gpu_str_piece &piece,
                            const shared_table &t, Sink &sink)
{
    const uint8_t *codes = file + piece.code_begin;
    uint64_t q = 0;
    for (uint32_t s = 0; s < piece.strings; s++) {
        uint32_t fixed = piece.default_length;
        /* step 1: an end symbol first marks a terminated string */
        if (fixed != 0 && codes[q] < t.count && t.terminal[codes[q]] && t.length[codes[q]] == 0) {
            q++;
            fixed = 0;
        }
        uint64_t n = 0;
        for (;;) {
            if (fixed != 0 && n == fixed)
                break;
            const unsigned x = codes[q];
            if (x == kEscape) {
                sink.byte(codes[q + 1]);
                n++;
                q += 2;
                continue;
            }
            const uint64_t word = t.symbol[x];
            for (unsigned i = 0; i < t.length[x]; i++)
                sink.byte((uint8_t)(word >> (8 * i)));
            n += t.length[x];
            q++;
            if (t.terminal[x])
                break;
        }
        sink.end();
    }
}

/* Writes a piece's strings into Arrow's layout. */
template <typename Offset> struct arrow_sink {
    uint8_t *data;
    Offset *offsets;
    uint64_t out, next_string;
    __device__ void byte(uint8_t b) { data[out++] = b; }
    __device__ void end() { offsets[next_string++] = (Offset)out; }
};

template <typename Offset>
__global__ void decode_pieces(const uint8_t *__restrict__ file,
                              const galp_gpu_str_piece *__restrict__ pieces, uint64_t piece_count,
                              const galp_gpu_str_table *__restrict__ table,
                              Offset *__restrict__ offsets, uint8_t *__restrict__ data)
{
    __shared__ shared_table t;
    stage_table(table, t);
    const uint64_t p = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (p == 0)
        offsets[0] = 0;
    if (p >= piece_count)
        return;
    const galp_gpu_str_piece piece = pieces[p];
    arrow_sink<Offset> sink{data, offsets, piece.out_begin, piece.first_string + 1};
    visit_piece(file, piece, t, sink);
}

/* Compares each string with the query as its bytes stream by; counts the matches. */
struct match_sink {
    const galp_gpu_str_query *query;
    uint64_t matches;
    uint32_t at;
    bool differs;
    __device__ void byte(uint8_t b)
    {
        if (at < query->length && query->bytes[at] != b)
            differs = true;
        at++;
    }
    __device__ void end()
    {
        const bool hit = !differs && (query->prefix ? at >= query->length : at == query->length);
        matches += hit;
        at = 0;
        differs = false;
    }
};

__global__ void count_pieces(const uint8_t *__restrict__ file,
                             const galp_gpu_str_piece *__restrict__ pieces, uint64_t piece_count,
                             const galp_gpu_str_table *__restrict__ table,
                             const galp_gpu_str_query query, unsigned long long *count)
{
    __shared__ shared_table t;
    stage_table(table, t);
    const uint64_t p = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
    match_sink sink{&query, 0, 0, false};
    if (p < piece_count) {
        const galp_gpu_str_piece piece = pieces[p];
        visit_piece(file, piece, t, sink);
    }
    unsigned long long matches = sink.matches;
    for (int offset = 16; offset > 0; offset /= 2)
        matches += __shfl_down_sync(0xffffffffu, matches, offset);
    if ((threadIdx.x & 31) == 0 && matches != 0)
        atomicAdd(count, matches);
}

} // namespace

extern "C" galp_status galp_gpu_launch_str_decompress(const uint8_t *file,
                                                      const galp_gpu_str_piece *pieces,
                                                      uint64_t piece_count,
                                                      const galp_gpu_str_table *table,
                                                      void *offsets, unsigned offset_bytes,
                                                      uint8_t *data, galp_gpu_stream stream)
{
    /* At least one block, so that offsets[0] is written for an empty column too. */
    const uint64_t blocks = piece_count == 0 ? 1 : (piece_count + kThreads - 1) / kThreads;
    cudaStream_t s = (cudaStream_t)stream;
    if (offset_bytes == 4)
        decode_pieces<int32_t><<<(unsigned)blocks, kThreads, 0, s>>>(
            file, pieces, piece_count, table, (int32_t *)offsets, data);
    else
        decode_pieces<int64_t><<<(unsigned)blocks, kThreads, 0, s>>>(
            file, pieces, piece_count, table, (int64_t *)offsets, data);
    return galp_gpu_status_from_cuda(cudaGetLastError());
}

extern "C" galp_status galp_gpu_launch_str_count(const uint8_t *file,
                                                 const galp_gpu_str_piece *pieces,
                                                 uint64_t piece_count,
                                                 const galp_gpu_str_table *table,
                                                 const galp_gpu_str_query *query,
                                                 uint64_t *count, galp_gpu_stream stream)
{
    cudaStream_t s = (cudaStream_t)stream;
    cudaError_t err = cudaMemsetAsync(count, 0, sizeof *count, s);
    if (err != cudaSuccess)
        return galp_gpu_status_from_cuda(err);
    if (piece_count == 0)
        return GALP_OK;
    const uint64_t blocks = (piece_count + kThreads - 1) / kThreads;
    count_pieces<<<(unsigned)blocks, kThreads, 0, s>>>(file, pieces, piece_count, table, *query,
                                                       (unsigned long long *)count);
    return galp_gpu_status_from_cuda(cudaGetLastError());
}
