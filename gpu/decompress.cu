/*
 * gpu/decompress.cu — launcher of the full-decompression kernels (gpu/decompress.cuh).
 */
#include "decompress.cuh"
#include "dispatch.cuh"
#include "kernels.h"

/* Launches block_decompress_kernel<T> with a block per vector (the kernel loops should a
 * column exceed the grid), `memory` bytes of stage, and with or without the prefetch (only
 * into a 16-byte aligned destination: its evict-first stores are the 16-byte ones). */
template <typename T>
static bool launch_blocks(const galp_gpu_view &col, unsigned memory, T *dst, bool aligned, bool prefetch,
                          cudaStream_t stream)
{
    using namespace galp::device::detail;
    constexpr unsigned threads = decompress_threads_for<T>();
    const unsigned blocks = col.vector_count < (1u << 30) ? col.vector_count : (1u << 30);
    return launch_with_shared_memory(block_decompress_kernel<T>, memory, sizeof(exception_map), [&] {
        /* two grids of resident blocks ahead (gpu/decompress.cuh), counted once the carveout
         * is set; if the runtime cannot tell how many that is, a prefetch of what the
         * blocks just read, which costs a few loads */
        const uint32_t ahead = prefetch ? 2u * resident_blocks(block_decompress_kernel<T>, threads, memory, 1u << 30)
                                        : 0u;
        block_decompress_kernel<T><<<blocks, threads, memory, stream>>>(col, dst, memory, aligned, prefetch, ahead);
        return true;
    });
}

extern "C" galp_status galp_gpu_launch_decompress(const galp_gpu_view *view, const galp_gpu_shape *shape, void *dst,
                                                  galp_gpu_stream stream)
{
    using namespace galp::device::detail;
    const galp_gpu_view col = *view;
    return dispatch_type(col.type, [&](auto zero) {
        typedef decltype(zero) T;
        if constexpr (value_traits<T>::bits >= 32) {
            const unsigned memory = stage_bytes_for(shape->largest_vector);
            const bool aligned = (uintptr_t)dst % 16 == 0;
            const bool prefetch = GALP_GPU_DECOMPRESS_PREFETCH && aligned &&
                                  small_payloads<T>(shape->payload_bytes, col.vector_count);
            return launched_status(launch_blocks<T>(col, memory, (T *)dst, aligned, prefetch, stream));
        } else {
            unsigned blocks = lane_blocks(col, value_traits<T>::lanes, decompress_threads);
            decompress_kernel<T><<<blocks, decompress_threads, 0, stream>>>(col, (T *)dst);
            return launch_status();
        }
    });
}
