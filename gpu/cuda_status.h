/*
 * gpu/cuda_status.h — the one mapping from a CUDA runtime error to a galp_status, shared by
 * the host API (C) and the launchers (C++). Not installed.
 *
 * Every CUDA failure the library reports passes through galp_gpu_status_from_cuda
 * (include/galp_gpu.h), which keeps the error for galp_gpu_last_cuda_error in a per-thread
 * slot: the status tells the class of failure, the kept code tells the CUDA cause.
 */
#ifndef GALP_GPU_CUDA_STATUS_H
#define GALP_GPU_CUDA_STATUS_H

#include "galp_gpu.h"

#ifdef __cplusplus
extern "C" {
#endif

/* For a step that failed without a CUDA error to show for it (a launcher that returned
 * false): the runtime's pending error if there is one, else cudaErrorUnknown; never GALP_OK. */
galp_status galp_gpu_cuda_failure(void);

#ifdef __cplusplus
}
#endif

#endif /* GALP_GPU_CUDA_STATUS_H */
