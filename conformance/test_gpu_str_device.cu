/*
 * test_gpu_str_device.cu — a user's kernels on the device API's string visitor
 * (galp/device/strings.cuh): one records what the visitor says of every row, one counts the
 * rows a str_matcher accepts, and one counts and visits the matches of the string automaton
 * (galp/device/str_automaton.cuh). conformance/test_gpu_str compares them with the reference
 * decoder's strings.
 */
#include <cuda_runtime.h>

#include "galp/device.cuh"
#include "test_gpu_str_device.h"

namespace {

constexpr uint64_t fnv_offset = 14695981039346656037ull, fnv_prime = 1099511628211ull;

/* Records each row's offset, length and hash, and counts its visits. */
struct row_recorder {
    test_str_row *rows;
    uint64_t row, length, hash;
    __device__ void begin(uint64_t r, uint64_t offset)
    {
        row = r;
        length = 0;
        hash = fnv_offset;
        rows[r].offset = offset;
        atomicAdd((unsigned long long *)&rows[r].visits, 1ull);
    }
    __device__ void bytes(uint64_t word, unsigned n)
    {
        for (unsigned i = 0; i < n; i++)
            hash = (hash ^ (uint8_t)(word >> (8 * i))) * fnv_prime;
        if (n < 8) /* the bytes of word past n are zero (the visitor's contract): any other
                      bytes spoil the hash, which then differs from the reference's */
            hash ^= word >> (8 * n);
        length += n;
    }
    __device__ void end()
    {
        rows[row].length = length;
        rows[row].hash = hash;
    }
};

__global__ void record_rows(galp_gpu_view col, unsigned group, test_str_row *rows)
{
    __shared__ galp::device::str_symbols symbols;
    galp::device::stage_str_symbols(col, symbols);
    row_recorder recorder{rows, 0, 0, 0};
    galp::device::visit_strings_by_warp(col, symbols, recorder, group);
}

struct counter {
    galp::device::str_matcher matcher;
    unsigned long long matches;
    __device__ void begin(uint64_t, uint64_t) { matcher.begin(); }
    __device__ void bytes(uint64_t word, unsigned n) { matcher.bytes(word, n); }
    __device__ void end() { matches += matcher.matched(); }
};

__global__ void count_matches(galp_gpu_view col, unsigned group, const uint8_t *query,
                              uint32_t length, int prefix, unsigned long long *count)
{
    __shared__ galp::device::str_symbols symbols;
    __shared__ galp::device::str_query staged;
    galp::device::stage_str_symbols(col, symbols);
    galp::device::stage_str_query(query, length, prefix != 0, staged);
    counter c{galp::device::str_matcher(staged), 0};
    galp::device::visit_strings_by_warp(col, symbols, c, group);
    atomicAdd(count, c.matches);
}

/* The device API's automaton for vectors of default length L: each lane counts its pieces'
 * matches and visits them, marking each matching row. */
__global__ void automaton_matches(galp_gpu_view col, unsigned group, const uint8_t *query,
                                  uint32_t length, int prefix, uint32_t L,
                                  unsigned long long *counted, unsigned long long *visited,
                                  uint8_t *rows)
{
    extern __shared__ __align__(16) uint8_t storage[];
    __shared__ galp::device::str_symbols symbols;
    __shared__ galp::device::str_query staged;
    galp::device::stage_str_symbols(col, symbols);
    galp::device::stage_str_query(query, length, prefix != 0, staged);
    const galp::device::str_automaton a =
        galp::device::stage_str_automaton(symbols, staged, L, storage);
    unsigned long long c = 0, v = 0;
    galp::device::for_each_str_piece_by_warp(col, group, [&](const galp::device::str_piece &piece) {
        c += galp::device::count_str_automaton_piece(a, piece);
        v += galp::device::visit_str_automaton_matches(a, piece, [&](uint64_t row) { rows[row]++; });
    });
    atomicAdd(counted, c);
    atomicAdd(visited, v);
}

unsigned grid(const galp_gpu_view &col, unsigned blocks, unsigned threads, unsigned group)
{
    if (blocks != 0)
        return blocks;
    const uint64_t warps = galp::device::str_warps_for(col, group);
    const uint64_t need = (warps * 32 + threads - 1) / threads;
    return need == 0 ? 1u : (unsigned)need;
}

galp_status finish(cudaError_t err)
{
    if (err == cudaSuccess)
        err = cudaGetLastError();
    if (err == cudaSuccess)
        err = cudaDeviceSynchronize();
    return err == cudaSuccess ? GALP_OK : GALP_ERR_CUDA;
}

/* A count's device buffers: the query's bytes, `counters` (at most most_counters) zeroed
 * counters and `rows` zeroed bytes (a mark per row); `status` is GALP_ERR_NO_MEMORY where one
 * could not be allocated. */
struct count_buffers {
    static constexpr unsigned most_counters = 2;
    uint8_t *query = NULL, *rows = NULL;
    unsigned long long *counts = NULL;
    galp_status status = GALP_OK;
    cudaError_t err = cudaSuccess;

    count_buffers(const uint8_t *bytes, uint32_t length, unsigned counters, size_t row_bytes)
    {
        if (cudaMalloc((void **)&query, length + 1) != cudaSuccess ||
            cudaMalloc((void **)&counts, counters * sizeof *counts) != cudaSuccess ||
            (row_bytes > 0 && cudaMalloc((void **)&rows, row_bytes) != cudaSuccess)) {
            status = GALP_ERR_NO_MEMORY;
            return;
        }
        err = length == 0 ? cudaSuccess : cudaMemcpy(query, bytes, length, cudaMemcpyHostToDevice);
        if (err == cudaSuccess)
            err = cudaMemset(counts, 0, counters * sizeof *counts);
        if (err == cudaSuccess && row_bytes > 0)
            err = cudaMemset(rows, 0, row_bytes);
    }
    ~count_buffers()
    {
        cudaFree(query);
        cudaFree(counts);
        cudaFree(rows);
    }

    /* After the launch: the counters into got (zero where anything failed), then the status. */
    galp_status finish_counts(uint64_t *got, unsigned counters)
    {
        unsigned long long host[most_counters] = {0, 0};
        if (err == cudaSuccess)
            err = cudaGetLastError();
        if (err == cudaSuccess)
            err = cudaMemcpy(host, counts, counters * sizeof *counts, cudaMemcpyDeviceToHost);
        for (unsigned i = 0; i < counters; i++)
            got[i] = err == cudaSuccess ? host[i] : 0;
        return finish(err);
    }
};

} // namespace

extern "C" uint64_t test_str_hash(const uint8_t *bytes, uint64_t length)
{
    uint64_t hash = fnv_offset;
    for (uint64_t i = 0; i < length; i++)
        hash = (hash ^ bytes[i]) * fnv_prime;
    return hash;
}

extern "C" galp_status test_str_device_rows(const galp_gpu_view *view, unsigned blocks,
                                            unsigned threads, unsigned group, test_str_row *rows)
{
    const size_t size = (view->value_count ? view->value_count : 1) * sizeof *rows;
    test_str_row *d_rows = NULL;
    if (cudaMalloc((void **)&d_rows, size) != cudaSuccess)
        return GALP_ERR_NO_MEMORY;
    cudaError_t err = cudaMemset(d_rows, 0, size);
    if (err == cudaSuccess) {
        record_rows<<<grid(*view, blocks, threads, group), threads>>>(*view, group, d_rows);
        err = cudaGetLastError();
    }
    if (err == cudaSuccess)
        err = cudaMemcpy(rows, d_rows, view->value_count * sizeof *rows, cudaMemcpyDeviceToHost);
    const galp_status st = finish(err);
    cudaFree(d_rows);
    return st;
}

extern "C" unsigned test_str_automaton_bytes(uint32_t length, uint32_t default_length)
{
    return galp::device::str_automaton_bytes(length, default_length);
}

extern "C" galp_status test_str_device_automaton(const galp_gpu_view *view, uint32_t default_length,
                                                 const uint8_t *query, uint32_t length, int prefix,
                                                 unsigned blocks, unsigned threads, unsigned group,
                                                 uint64_t *counted, uint64_t *visited, uint8_t *rows)
{
    const unsigned memory = galp::device::str_automaton_bytes(length, default_length);
    count_buffers b(query, length, 2, view->value_count ? view->value_count : 1);
    if (b.status != GALP_OK)
        return b.status;
    if (b.err == cudaSuccess)
        b.err = cudaFuncSetAttribute(automaton_matches, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                     (int)memory);
    if (b.err == cudaSuccess)
        automaton_matches<<<grid(*view, blocks, threads, group), threads, memory>>>(
            *view, group, b.query, length, prefix, default_length, b.counts, b.counts + 1, b.rows);
    uint64_t got[2];
    const galp_status st = b.finish_counts(got, 2);
    *counted = got[0];
    *visited = got[1];
    if (st == GALP_OK && cudaMemcpy(rows, b.rows, view->value_count, cudaMemcpyDeviceToHost) != cudaSuccess)
        return GALP_ERR_CUDA;
    return st;
}

extern "C" galp_status test_str_device_count(const galp_gpu_view *view, const uint8_t *query,
                                             uint32_t length, int prefix, unsigned blocks,
                                             unsigned threads, unsigned group, uint64_t *count)
{
    count_buffers b(query, length, 1, 0);
    if (b.status != GALP_OK)
        return b.status;
    if (b.err == cudaSuccess)
        count_matches<<<grid(*view, blocks, threads, group), threads>>>(*view, group, b.query, length,
                                                                         prefix, b.counts);
    return b.finish_counts(count, 1);
}
