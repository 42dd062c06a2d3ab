/*
 * gpu/decompress.cu — launcher of the full-decompression kernel (gpu/decompress.cuh).
 */
#include "decompress.cuh"
#include "dispatch.cuh"
#include "kernels.h"

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
