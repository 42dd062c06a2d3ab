/*
 * gpu/decompress.cu — full decompression into global memory (spec/format.md §5).
 *
 * One thread per lane (LANE_PER_THREAD, gpu/column.cuh); each thread decodes its whole lane,
 * W values, and stores value r at slot r·L + lane of its vector, so every store instruction of
 * a warp writes whole 128-byte lines. Only the last vector can be partial: its slots at or
 * past m are decoded but not stored (spec/format.md §4.3).
 */
#include "galp_device.cuh"
#include "dispatch.cuh"
#include "kernels.h"

namespace galp_gpu {

constexpr unsigned decompress_threads = 256;

template <typename T>
__global__ void __launch_bounds__(decompress_threads) decompress_kernel(galp_gpu_view col, T *out)
{
    constexpr unsigned L = value_traits<T>::lanes, W = value_traits<T>::bits;
    lane_per_thread<T> at((uint64_t)blockIdx.x * decompress_threads + threadIdx.x);
    if (at.vector >= col.vector_count)
        return;
    lane_decoder<T> d(col, at.vector, at.lane);
    T *o = out + (size_t)at.vector * GALP_VECTOR_SIZE + at.lane;
    if (d.value_count == GALP_VECTOR_SIZE) {
#pragma unroll 8
        for (unsigned r = 0; r < W; r++)
            o[r * L] = d.next();
    } else {
        for (unsigned r = 0; r < W; r++) {
            bool present = d.next_slot() < d.value_count;
            T x = d.next();
            if (present)
                o[r * L] = x;
        }
    }
}

} /* namespace galp_gpu */

extern "C" galp_status galp_gpu_launch_decompress(const galp_gpu_view *view, void *dst,
                                                  galp_gpu_stream stream)
{
    using namespace galp_gpu;
    const galp_gpu_view col = *view;
    return dispatch_type(col.type, [&](auto zero) {
        typedef decltype(zero) T;
        unsigned blocks = lane_blocks(col, value_traits<T>::lanes, decompress_threads);
        decompress_kernel<T><<<blocks, decompress_threads, 0, stream>>>(col, (T *)dst);
        return launch_status();
    });
}
