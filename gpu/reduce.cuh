/*
 * gpu/reduce.cuh — warp reductions shared by the scan kernels (gpu/aggregate.cu,
 * gpu/range.cu). All 32 threads of the warp must take part.
 */
#ifndef GALP_GPU_REDUCE_CUH
#define GALP_GPU_REDUCE_CUH

#include <stdint.h>

namespace galp_gpu {

__device__ __forceinline__ uint64_t warp_sum(uint64_t v)
{
    for (int d = 16; d > 0; d >>= 1)
        v += __shfl_xor_sync(0xffffffffu, v, d);
    return v;
}
__device__ __forceinline__ double warp_sum(double v)
{
    for (int d = 16; d > 0; d >>= 1)
        v += __shfl_xor_sync(0xffffffffu, v, d);
    return v;
}
__device__ __forceinline__ uint64_t warp_min(uint64_t v)
{
    for (int d = 16; d > 0; d >>= 1)
        v = min(v, (uint64_t)__shfl_xor_sync(0xffffffffu, v, d));
    return v;
}
__device__ __forceinline__ uint64_t warp_max(uint64_t v)
{
    for (int d = 16; d > 0; d >>= 1)
        v = max(v, (uint64_t)__shfl_xor_sync(0xffffffffu, v, d));
    return v;
}

} /* namespace galp_gpu */

#endif /* GALP_GPU_REDUCE_CUH */
