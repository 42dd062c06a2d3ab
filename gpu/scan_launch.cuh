/*
 * gpu/scan_launch.cuh — the launch shape of the warp-per-vector scans (gpu/aggregate.cu,
 * gpu/range.cu; gpu/vector_pipeline.cuh): host side.
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
#include "vector_pipeline.cuh"

namespace galp_gpu {

struct scan_launch {
    unsigned blocks;  /* 0: the launch is impossible (the device cannot be queried, or one
                         warp's stages do not fit) */
    unsigned threads; /* a multiple of 32, at most scan_threads */
    unsigned memory;  /* dynamic shared memory per block */
    unsigned stage;   /* bytes of one stage */
};

template <typename K> inline scan_launch plan_scan_launch(K kernel, uint32_t largest_vector, uint32_t vectors)
{
    scan_launch l = {0, 0, 0, stage_bytes_for(largest_vector)};
    int device = 0, limit = 0;
    cudaFuncAttributes attributes;
    if (cudaGetDevice(&device) != cudaSuccess ||
        cudaDeviceGetAttribute(&limit, cudaDevAttrMaxSharedMemoryPerBlockOptin, device) != cudaSuccess ||
        cudaFuncGetAttributes(&attributes, kernel) != cudaSuccess || (size_t)limit < attributes.sharedSizeBytes)
        return l;
    /* the block's static shared memory (reductions, stage barriers) comes out of the same limit */
    const uint64_t dynamic_limit = (uint64_t)limit - attributes.sharedSizeBytes;
    const uint64_t per_warp = (uint64_t)vector_stages * l.stage;
    const unsigned warps = (unsigned)min((uint64_t)scan_threads / 32u, dynamic_limit / per_warp);
    if (warps == 0)
        return l;
    l.threads = 32u * warps;
    l.memory = (unsigned)(warps * per_warp);
    if (prefer_shared_memory(kernel, l.memory, attributes.sharedSizeBytes))
        l.blocks = resident_blocks(kernel, l.threads, l.memory, (unsigned)(((uint64_t)vectors + warps - 1u) / warps));
    return l;
}

/* Whether the scans of a column of narrow float vectors should skip the vectors they can
 * take from metadata (vector_pipeline::run_kept: gpu/range.cu, gpu/aggregate.cu): where at
 * least 1/8 of them are constants. Asking about every vector cost columns without such
 * vectors up to 4 % on an H100 (docs/GPU.md). */
inline bool skips_constants(const galp_gpu_shape &shape, uint32_t vectors)
{
    return !shape.wide_or_raw && (uint64_t)shape.constant_vectors * 8u >= vectors;
}

/* kernel<<<...>>>(args..., stage bytes) shaped by plan_scan_launch on `stream`; false when no
 * block fits on the device. */
template <typename... Params, typename... Args>
inline bool launch_scan(void (*kernel)(Params...), uint32_t largest_vector, uint32_t vectors, cudaStream_t stream,
                        Args... args)
{
    const scan_launch l = plan_scan_launch(kernel, largest_vector, vectors);
    if (l.blocks != 0)
        kernel<<<l.blocks, l.threads, l.memory, stream>>>(args..., l.stage);
    return l.blocks != 0;
}

} /* namespace galp_gpu */

#endif /* GALP_GPU_SCAN_LAUNCH_CUH */
