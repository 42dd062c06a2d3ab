/*
 * test_gpu_str_device.cu — a user's kernels on the device API's string visitor
 * (galp/device/strings.cuh): one records what the visitor says of every row, the other counts
 * the rows a str_matcher accepts. conformance/test_gpu_str compares both with the reference
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
