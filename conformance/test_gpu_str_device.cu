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
    const size_t n = view->value_count ? view->value_count : 1;
    uint8_t *d_query = NULL, *d_rows = NULL;
    unsigned long long *d_counts = NULL;
    if (cudaMalloc((void **)&d_query, length + 1) != cudaSuccess)
        return GALP_ERR_NO_MEMORY;
    if (cudaMalloc((void **)&d_counts, 2 * sizeof *d_counts) != cudaSuccess ||
        cudaMalloc((void **)&d_rows, n) != cudaSuccess) {
        cudaFree(d_query);
        cudaFree(d_counts);
        return GALP_ERR_NO_MEMORY;
    }
    cudaError_t err = length == 0 ? cudaSuccess : cudaMemcpy(d_query, query, length, cudaMemcpyHostToDevice);
    if (err == cudaSuccess)
        err = cudaMemset(d_counts, 0, 2 * sizeof *d_counts);
    if (err == cudaSuccess)
        err = cudaMemset(d_rows, 0, n);
    if (err == cudaSuccess)
        err = cudaFuncSetAttribute(automaton_matches, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                   (int)memory);
    if (err == cudaSuccess) {
        automaton_matches<<<grid(*view, blocks, threads, group), threads, memory>>>(
            *view, group, d_query, length, prefix, default_length, d_counts, d_counts + 1, d_rows);
        err = cudaGetLastError();
    }
    unsigned long long got[2] = {0, 0};
    if (err == cudaSuccess)
        err = cudaMemcpy(got, d_counts, sizeof got, cudaMemcpyDeviceToHost);
    if (err == cudaSuccess)
        err = cudaMemcpy(rows, d_rows, view->value_count, cudaMemcpyDeviceToHost);
    *counted = got[0];
    *visited = got[1];
    const galp_status st = finish(err);
    cudaFree(d_query);
    cudaFree(d_counts);
    cudaFree(d_rows);
    return st;
}

extern "C" galp_status test_str_device_count(const galp_gpu_view *view, const uint8_t *query,
                                             uint32_t length, int prefix, unsigned blocks,
                                             unsigned threads, unsigned group, uint64_t *count)
{
    uint8_t *d_query = NULL;
    unsigned long long *d_count = NULL;
    if (cudaMalloc((void **)&d_query, length + 1) != cudaSuccess)
        return GALP_ERR_NO_MEMORY;
    if (cudaMalloc((void **)&d_count, sizeof *d_count) != cudaSuccess) {
        cudaFree(d_query);
        return GALP_ERR_NO_MEMORY;
    }
    cudaError_t err = length == 0 ? cudaSuccess : cudaMemcpy(d_query, query, length, cudaMemcpyHostToDevice);
    if (err == cudaSuccess)
        err = cudaMemset(d_count, 0, sizeof *d_count);
    if (err == cudaSuccess) {
        count_matches<<<grid(*view, blocks, threads, group), threads>>>(*view, group, d_query, length,
                                                                         prefix, d_count);
        err = cudaGetLastError();
    }
    unsigned long long got = 0;
    if (err == cudaSuccess)
        err = cudaMemcpy(&got, d_count, sizeof got, cudaMemcpyDeviceToHost);
    *count = got;
    const galp_status st = finish(err);
    cudaFree(d_query);
    cudaFree(d_count);
    return st;
}
