/*
 * gpu/reduce.cuh — the block reduction shared by the scan kernels (gpu/aggregate.cu,
 * gpu/range.cu).
 */
#ifndef GALP_GPU_REDUCE_CUH
#define GALP_GPU_REDUCE_CUH

#include <stdint.h>

namespace galp::device::detail {

/* Combines v over the block with op (associative and commutative); the result is valid in
 * thread 0. Every thread of the block must call it, with blockDim.x a multiple of 32 and at
 * most 32·MaxWarps. */
template <unsigned MaxWarps, typename V, typename Op>
__device__ __forceinline__ V block_reduce(V v, Op op)
{
    __shared__ V partial[MaxWarps];
    for (int d = 16; d > 0; d >>= 1)
        v = op(v, (V)__shfl_xor_sync(0xffffffffu, v, d));
    if (threadIdx.x % 32 == 0)
        partial[threadIdx.x / 32] = v;
    __syncthreads();
    if (threadIdx.x == 0)
        for (unsigned w = 1; w < blockDim.x / 32u; w++)
            v = op(v, partial[w]);
    __syncthreads(); /* partial may be reused by the next call with the same types */
    return v;
}

} /* namespace galp::device::detail */

#endif /* GALP_GPU_REDUCE_CUH */
