/*
 * gpu/scan_launch.cuh — the launch shape of the warp-per-vector scans (gpu/aggregate.cu,
 * gpu/range.cu; galp/device/vector_pipeline.cuh): host side.
 *
 * Each warp of a scan block holds vector_stages stages sized by the column's largest vector.
 * A block has scan_threads / 32 warps, or fewer when their stages would not fit the shared
 * memory a block may have (a column with wide vectors full of exceptions, or a GPU with less
 * shared memory); the grid is as many blocks as the GPU holds at once, or fewer if the column
 * has fewer vectors than warps.
 */
#ifndef GALP_GPU_SCAN_LAUNCH_CUH
#define GALP_GPU_SCAN_LAUNCH_CUH

#include "dispatch.cuh"
#include "galp/device/vector_pipeline.cuh"
#include "stage_memory.cuh"

namespace galp::device::detail {

struct scan_launch {
    unsigned threads; /* a multiple of 32, at most scan_threads; 0: no block fits (the device
                         cannot be queried, or one warp's stages do not fit) */
    unsigned memory;  /* dynamic shared memory per block */
    unsigned stage;   /* bytes of one stage */
    size_t static_bytes; /* the kernel's static shared memory */
};

template <typename K> inline scan_launch plan_scan_launch(K kernel, uint32_t largest_vector, kernel_facts &facts)
{
    scan_launch l = {0, 0, stage_bytes_for(largest_vector), 0};
    if (!facts_of(kernel, facts) || (size_t)facts.shared_optin < facts.static_bytes)
        return l;
    /* the block's static shared memory (reductions, stage barriers) comes out of the same limit */
    l.static_bytes = facts.static_bytes;
    const uint64_t dynamic_limit = (uint64_t)facts.shared_optin - facts.static_bytes;
    const uint64_t per_warp = (uint64_t)vector_stages * l.stage;
    const unsigned warps = (unsigned)min((uint64_t)scan_threads / 32u, dynamic_limit / per_warp);
    l.threads = 32u * warps;
    l.memory = (unsigned)(warps * per_warp);
    return l;
}

/* In a kernel launched as a programmatic dependent of the kernel before it in the stream
 * (launch_scan with Dependent): until that kernel has completed and its writes are visible.
 * At once in a kernel launched otherwise. */
__device__ __forceinline__ void wait_for_prior_kernel()
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    asm volatile("griddepcontrol.wait;" ::: "memory");
#endif
}

/* In the kernel before such a dependent: the dependent may be launched now, its blocks
 * taking what room this kernel's leave, and wait there (wait_for_prior_kernel). */
__device__ __forceinline__ void allow_dependent_launch()
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    asm volatile("griddepcontrol.launch_dependents;");
#endif
}

/* kernel<<<blocks, threads, memory, stream>>>(args...), as a programmatic dependent launch
 * of the kernel before it in the stream where `dependent` asks for one (a kernel that starts
 * with wait_for_prior_kernel, after one that allows it, on a GPU that has them: compute
 * capability 9.0): its blocks are launched while the kernel before it runs, not after it.
 * False when the launch fails at once. */
template <typename... Params, typename... Args>
inline bool launch_maybe_dependent(void (*kernel)(Params...), bool dependent, unsigned blocks, unsigned threads,
                                   unsigned memory, cudaStream_t stream, Args... args)
{
    if (dependent) {
        cudaLaunchAttribute attribute;
        attribute.id = cudaLaunchAttributeProgrammaticStreamSerialization;
        attribute.val.programmaticStreamSerializationAllowed = 1;
        cudaLaunchConfig_t config = {};
        config.gridDim = blocks;
        config.blockDim = threads;
        config.dynamicSmemBytes = memory;
        config.stream = stream;
        config.attrs = &attribute;
        config.numAttrs = 1;
        return cudaLaunchKernelEx(&config, kernel, args...) == cudaSuccess;
    }
    kernel<<<blocks, threads, memory, stream>>>(args...);
    return true;
}

/* kernel<<<...>>>(args..., stage bytes) shaped by plan_scan_launch on `stream`, as many blocks
 * as the GPU holds at once (fewer for a short column); false when no block fits. With
 * Dependent, a programmatic dependent launch (launch_maybe_dependent: with the kept kernel
 * facts of gpu/dispatch.cuh, the scan need not wait for the host after the plan kernel). */
template <bool Dependent = false, typename... Params, typename... Args>
inline bool launch_scan(void (*kernel)(Params...), uint32_t largest_vector, uint32_t vectors, cudaStream_t stream,
                        Args... args)
{
    kernel_facts facts;
    const scan_launch l = plan_scan_launch(kernel, largest_vector, facts);
    if (l.threads == 0)
        return false;
    return launch_with_shared_memory(kernel, l.memory, l.static_bytes, [&] {
        const unsigned warps = l.threads / 32u;
        const unsigned blocks = resident_blocks(kernel, l.threads, l.memory, (unsigned)(((uint64_t)vectors + warps - 1u) / warps));
        return blocks != 0 && launch_maybe_dependent(kernel, Dependent && facts.dependent_launch, blocks, l.threads,
                                                     l.memory, stream, args..., l.stage);
    });
}

} /* namespace galp::device::detail */

#endif /* GALP_GPU_SCAN_LAUNCH_CUH */
