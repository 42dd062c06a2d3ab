/*
 * gpu/decompress.cuh — the full-decompression kernel (spec/format.md §5), built on the device
 * API: one thread per lane (LANE_PER_THREAD, gpu/mapping.cuh), each visiting its lane with
 * visit_lane (gpu/visit.cuh) and storing value r at slot r·L + lane, so every store
 * instruction of a warp writes whole 128-byte lines. Slots at or past m of the last vector
 * are not stored (spec/format.md §4.3).
 */
#ifndef GALP_GPU_DECOMPRESS_CUH
#define GALP_GPU_DECOMPRESS_CUH

#include "mapping.cuh"
#include "visit.cuh"

namespace galp_gpu {

constexpr unsigned decompress_threads = 256;

template <typename T>
__global__ void __launch_bounds__(decompress_threads) decompress_kernel(galp_gpu_view col, T *out)
{
    lane_per_thread<T> at((uint64_t)blockIdx.x * decompress_threads + threadIdx.x);
    if (at.vector >= col.vector_count)
        return;
    T *o = out + (size_t)at.vector * GALP_VECTOR_SIZE;
    visit_lane<T>(col, at.vector, at.lane, [&](unsigned slot, T x) { o[slot] = x; });
}

} /* namespace galp_gpu */

#endif /* GALP_GPU_DECOMPRESS_CUH */
