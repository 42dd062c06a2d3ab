/*
 * gpu/decompress.cu — launcher of the full-decompression kernels (gpu/decompress.cuh).
 */
#include "decompress.cuh"
#include "dispatch.cuh"
#include "kernels.h"

extern "C" galp_status galp_gpu_launch_decompress(const galp_gpu_view *view, uint32_t largest_vector, void *dst,
                                                  galp_gpu_stream stream)
{
    using namespace galp_gpu;
    const galp_gpu_view col = *view;
    return dispatch_type(col.type, [&](auto zero) {
        typedef decltype(zero) T;
        if constexpr (value_traits<T>::bits >= 32) {
            if ((uintptr_t)dst % 16 == 0) {
                const unsigned memory = stage_bytes_for(largest_vector);
                /* a block per vector; the kernel loops should a column exceed the grid */
                const unsigned blocks = col.vector_count < (1u << 30) ? col.vector_count : (1u << 30);
                if (!launch_with_shared_memory(block_decompress_kernel<T>, memory, sizeof(exception_map), [&] {
                        block_decompress_kernel<T>
                            <<<blocks, decompress_threads_for<T>(), memory, stream>>>(col, (T *)dst, memory);
                        return true;
                    }))
                    return GALP_ERR_CUDA;
                return launch_status();
            }
        }
        unsigned blocks = lane_blocks(col, value_traits<T>::lanes, decompress_threads);
        decompress_kernel<T><<<blocks, decompress_threads, 0, stream>>>(col, (T *)dst);
        return launch_status();
    });
}
