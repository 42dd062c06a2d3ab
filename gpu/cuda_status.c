/*
 * gpu/cuda_status.c — CUDA runtime errors as galp_status (gpu/cuda_status.h).
 */
#include <cuda_runtime.h>

#include "cuda_status.h"
#include "galp_gpu.h"

/* Per thread, so that concurrent callers (include/galp_gpu.h allows them) each see their own. */
static _Thread_local int last_cuda_error;

galp_status galp_gpu_status_from_cuda(int cuda_error)
{
    if (cuda_error == cudaSuccess)
        return GALP_OK;
    last_cuda_error = cuda_error;
    switch (cuda_error) {
    case cudaErrorMemoryAllocation:
        return GALP_ERR_NO_MEMORY;
    case cudaErrorNoDevice:
    case cudaErrorInsufficientDriver:
        return GALP_ERR_NO_DEVICE;
    default:
        return GALP_ERR_CUDA;
    }
}

galp_status galp_gpu_cuda_failure(void)
{
    const cudaError_t pending = cudaGetLastError();
    return galp_gpu_status_from_cuda(pending != cudaSuccess ? pending : cudaErrorUnknown);
}

int galp_gpu_last_cuda_error(void)
{
    return last_cuda_error;
}
