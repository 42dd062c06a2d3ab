/*
 * gpu/strings.cu — decompression of str columns into Arrow's layout (spec/fsst.md §5;
 * gpu/strings.h).
 *
 * One thread per piece: pieces start at string boundaries with known output offsets, so every
 * thread decodes its strings, writes their bytes and their end offsets, and needs nothing from
 * any other thread. Each block stages the symbol table (at most 255 symbols of 8 bytes, a
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

template <typename Offset>
__global__ void decode_pieces(const uint8_t *__restrict__ file,
                              const galp_gpu_str_piece *__restrict__ pieces, uint64_t piece_count,
                              const galp_gpu_str_table *__restrict__ table,
                              Offset *__restrict__ offsets, uint8_t *__restrict__ data)
{
    __shared__ uint64_t symbol[255];
    __shared__ uint8_t length[255];
    __shared__ uint8_t terminal[255];
    for (unsigned c = threadIdx.x; c < 255; c += blockDim.x) {
        symbol[c] = table->bytes[c];
        length[c] = table->len[c];
        terminal[c] = table->terminal[c];
    }
    __syncthreads();
    const uint64_t p = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (p == 0)
        offsets[0] = 0;
    if (p >= piece_count)
        return;
    const galp_gpu_str_piece piece = pieces[p];
    const uint8_t *codes = file + piece.code_begin;
    const uint32_t count = table->count;
    uint64_t q = 0, out = piece.out_begin;
    for (uint32_t s = 0; s < piece.strings; s++) {
        uint32_t fixed = piece.default_length;
        /* spec/fsst.md §5 step 1: an end symbol first marks a terminated string. */
        if (fixed != 0 && codes[q] < count && terminal[codes[q]] && length[codes[q]] == 0) {
            q++;
            fixed = 0;
        }
        uint64_t n = 0;
        for (;;) {
            if (fixed != 0 && n == fixed)
                break;
            const unsigned x = codes[q];
            if (x == kEscape) {
                data[out + n] = codes[q + 1];
                n++;
                q += 2;
                continue;
            }
            const uint64_t word = symbol[x];
            for (unsigned i = 0; i < length[x]; i++)
                data[out + n + i] = (uint8_t)(word >> (8 * i));
            n += length[x];
            q++;
            if (terminal[x])
                break;
        }
        out += n;
        offsets[piece.first_string + s + 1] = (Offset)out;
    }
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
