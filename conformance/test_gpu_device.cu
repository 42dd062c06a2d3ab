/*
 * test_gpu_device.cu — a user's decompression kernel on the device API: lane_decoder with
 * N rows per call (gpu/column.cuh, next<N>), which conformance/test_gpu compares bit for bit
 * with the reference decoder for every N.
 */
#include "dispatch.cuh"
#include "galp_device.cuh"
#include "test_gpu_device.h"

namespace {

constexpr unsigned threads = 256;

/* One thread per lane; row r of the lane is slot r·L + lane (spec/format.md §1). */
template <typename T, int N> __global__ void __launch_bounds__(threads) decode_by_rows(galp_gpu_view col, T *out)
{
    using namespace galp_gpu;
    constexpr unsigned L = value_traits<T>::lanes, W = value_traits<T>::bits;
    lane_per_thread<T> at((uint64_t)blockIdx.x * threads + threadIdx.x);
    if (at.vector >= col.vector_count)
        return;
    lane_decoder<T> d(col, at.vector, at.lane);
    T *o = out + (size_t)at.vector * GALP_VECTOR_SIZE;
    for (unsigned r = 0; r < W; r += N) {
        T x[N];
        d.next<N>(x);
        for (unsigned j = 0; j < N; j++)
            if ((r + j) * L + at.lane < d.value_count)
                o[(r + j) * L + at.lane] = x[j];
    }
}

template <typename T, int N> galp_status launch(const galp_gpu_view &col, void *dst)
{
    const unsigned blocks = galp_gpu::lane_blocks(col, galp_gpu::value_traits<T>::lanes, threads);
    decode_by_rows<T, N><<<blocks, threads>>>(col, (T *)dst);
    return cudaDeviceSynchronize() == cudaSuccess ? galp_gpu::launch_status() : GALP_ERR_CUDA;
}

} /* namespace */

extern "C" galp_status test_device_api_decode(const galp_gpu_view *view, unsigned per_call, void *dst)
{
    const galp_gpu_view col = *view;
    if (col.vector_count == 0)
        return GALP_OK;
    return galp_gpu::dispatch_type(col.type, [&](auto zero) {
        typedef decltype(zero) T;
        switch (per_call) {
        case 1: return launch<T, 1>(col, dst);
        case 2: return launch<T, 2>(col, dst);
        case 4: return launch<T, 4>(col, dst);
        case 8: return launch<T, 8>(col, dst);
        case 32:
            if constexpr (galp_gpu::value_traits<T>::bits >= 32)
                return launch<T, 32>(col, dst);
            break;
        }
        return GALP_ERR_ARGUMENT;
    });
}
