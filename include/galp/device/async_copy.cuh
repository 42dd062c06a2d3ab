/*
 * galp/device/async_copy.cuh — copies from global to shared memory that do not wait for their data
 * (cp.async, compute capability 8.0 and later), so that a block can have the next vectors'
 * payloads in flight while it decodes the current one (galp/device/vector_pipeline.cuh).
 *
 * Copies are grouped: commit() closes the group of the copies issued since the previous
 * commit, and wait<N>() returns once at most N groups of this thread are still in flight.
 * A barrier after wait() makes every thread's completed copies visible to the block.
 * Before sm_80 the copies are ordinary loads and stores, complete when issued, so the same
 * code runs (without the overlap) on the sm_75 part of the fat binary.
 */
#ifndef GALP_DEVICE_ASYNC_COPY_CUH
#define GALP_DEVICE_ASYNC_COPY_CUH

#include <stdint.h>

namespace galp::device::detail {

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

/* Hopper (sm_90) and later: bulk copies by the copy engine (cp.async.bulk), any multiple of 16
 * bytes from one instruction of one thread, completing on an mbarrier in shared memory: the
 * barrier's phase completes once its one expected arrival has come and the bytes announced
 * with it have landed. Copying a vector in 16-byte pieces spread over a warp costs the scans
 * instructions per vector in addresses, loop control and copies that one bulk copy per piece
 * saves (docs/DESIGN.md).
 * The functions below do nothing where GALP_GPU_BULK_COPY is 0; callers of the copies test it. */
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
#define GALP_GPU_BULK_COPY 1
#else
#define GALP_GPU_BULK_COPY 0
#endif

__device__ __forceinline__ unsigned shared_address(const void *p)
{
    return (unsigned)__cvta_generic_to_shared(p);
}

/* n barriers of one arrival each; one fence then makes their initialisation visible to the
 * copy engine. */
__device__ __forceinline__ void bulk_barriers_init(uint64_t *bars, unsigned n)
{
#if GALP_GPU_BULK_COPY
    for (unsigned s = 0; s < n; s++)
        asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;\n" ::"r"(shared_address(bars + s)) : "memory");
    asm volatile("fence.mbarrier_init.release.cluster;\n" ::: "memory");
#else
    (void)bars, (void)n;
#endif
}

/* The one arrival of the barrier's current phase, announcing `bytes` of copies. */
__device__ __forceinline__ void bulk_barrier_expect(uint64_t *bar, unsigned bytes)
{
#if GALP_GPU_BULK_COPY
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;\n" ::"r"(shared_address(bar)), "r"(bytes)
                 : "memory");
#else
    (void)bar, (void)bytes;
#endif
}

/* `bytes` (a multiple of 16, both addresses 16-byte aligned) from global to shared memory. */
__device__ __forceinline__ void bulk_copy(void *shared_dst, const void *global_src, unsigned bytes, uint64_t *bar)
{
#if GALP_GPU_BULK_COPY
    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];\n" ::"r"(
                     shared_address(shared_dst)),
                 "l"(global_src), "r"(bytes), "r"(shared_address(bar))
                 : "memory");
#else
    (void)shared_dst, (void)global_src, (void)bytes, (void)bar;
#endif
}

/* Asks L2 for `bytes` (a multiple of 16) at `global_src` (16-byte aligned), all of them
 * inside one allocation, with one instruction that does not wait for them: a hint, which the
 * memory system may drop. Nothing before sm_90. */
__device__ __forceinline__ void prefetch_to_l2(const void *global_src, unsigned bytes)
{
#if GALP_GPU_BULK_COPY
    asm volatile("cp.async.bulk.prefetch.L2.global [%0], %1;\n" ::"l"(global_src), "r"(bytes) : "memory");
#else
    (void)global_src, (void)bytes;
#endif
}

/* Returns once the barrier's phase of the given parity (0, 1, 0, ... from its initialisation)
 * has completed; the copies it tracked are then visible to the calling thread. */
__device__ __forceinline__ void bulk_barrier_wait(uint64_t *bar, unsigned parity)
{
#if GALP_GPU_BULK_COPY
    unsigned done;
    do {
        asm volatile("{\n .reg .pred p;\n mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n"
                     " selp.u32 %0, 1, 0, p;\n}\n"
                     : "=r"(done)
                     : "r"(shared_address(bar)), "r"(parity)
                     : "memory");
    } while (!done);
#else
    (void)bar, (void)parity;
#endif
}

} /* namespace galp::device::detail */

#endif /* GALP_DEVICE_ASYNC_COPY_CUH */
