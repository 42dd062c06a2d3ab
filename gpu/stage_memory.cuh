/*
 * gpu/stage_memory.cuh — where the library's own scan and decompression kernels keep their
 * vector stages (galp/device/vector_pipeline.cuh): the block's dynamic shared memory, sized by
 * their launchers (gpu/scan_launch.cuh). Not installed: a user's kernel passes shared memory
 * of its own to the device API instead.
 */
#ifndef GALP_GPU_STAGE_MEMORY_CUH
#define GALP_GPU_STAGE_MEMORY_CUH

#include <stdint.h>

namespace galp::device::detail {

__device__ __forceinline__ uint8_t *stage_memory()
{
    extern __shared__ uint4 galp_stage_memory[];
    return (uint8_t *)galp_stage_memory;
}

} /* namespace galp::device::detail */

#endif /* GALP_GPU_STAGE_MEMORY_CUH */
