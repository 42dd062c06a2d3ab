/*
 * gpu/async_copy.cuh — copies from global to shared memory that do not wait for their data
 * (cp.async, compute capability 8.0 and later), so that a block can have the next vectors'
 * payloads in flight while it decodes the current one (gpu/vector_pipeline.cuh).
 *
 * Copies are grouped: commit() closes the group of the copies issued since the previous
 * commit, and wait<N>() returns once at most N groups of this thread are still in flight.
 * A barrier after wait() makes every thread's completed copies visible to the block.
 * Before sm_80 the copies are ordinary loads and stores, complete when issued, so the same
 * code runs (without the overlap) on the sm_75 part of the fat binary.
 */
#ifndef GALP_GPU_ASYNC_COPY_CUH
#define GALP_GPU_ASYNC_COPY_CUH

#include <stdint.h>

namespace galp_gpu {

/* 16 bytes; both addresses 16-byte aligned. .cg: through L2 only, the payload is read once. */
__device__ __forceinline__ void copy16_async(void *shared_dst, const void *global_src)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    const unsigned dst = (unsigned)__cvta_generic_to_shared(shared_dst);
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(dst), "l"(global_src) : "memory");
#else
    *(uint4 *)shared_dst = __ldg((const uint4 *)global_src);
#endif
}

__device__ __forceinline__ void copy_commit()
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    asm volatile("cp.async.commit_group;\n" ::: "memory");
#endif
}

template <int Pending> __device__ __forceinline__ void copy_wait()
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    asm volatile("cp.async.wait_group %0;\n" ::"n"(Pending) : "memory");
#endif
}

} /* namespace galp_gpu */

#endif /* GALP_GPU_ASYNC_COPY_CUH */
