/*
 * gpu/dispatch.cuh — calls a functor templated on the value type for a column's galp_type.
 * Used by the launchers (gpu/decompress.cu, gpu/aggregate.cu, gpu/range.cu); not part of the device API.
 */
#ifndef GALP_GPU_DISPATCH_CUH
#define GALP_GPU_DISPATCH_CUH

#include <pthread.h>

#include <cuda_runtime.h>

#include "galp_gpu.h"

namespace galp_gpu {

template <typename F> galp_status dispatch_type(galp_type type, F &&f)
{
    switch (type) {
    case GALP_TYPE_U8: return f((uint8_t)0);
    case GALP_TYPE_U16: return f((uint16_t)0);
    case GALP_TYPE_U32: return f((uint32_t)0);
    case GALP_TYPE_U64: return f((uint64_t)0);
    case GALP_TYPE_F32: return f(0.0f);
    case GALP_TYPE_F64: return f(0.0);
    }
    return GALP_ERR_ARGUMENT;
}

/* Status of the launches just made (a grid of 0 blocks fails to launch, so it lands here). */
inline galp_status launch_status()
{
    return cudaGetLastError() == cudaSuccess ? GALP_OK : GALP_ERR_CUDA;
}

/* Blocks of `threads` threads covering one thread per lane of every vector. */
inline unsigned lane_blocks(const galp_gpu_view &col, unsigned lanes, unsigned threads)
{
    return (unsigned)(((uint64_t)col.vector_count * lanes + threads - 1) / threads);
}

/* Serialises the launches that raise a kernel's limit of dynamic shared memory: the limit is an
 * attribute of the kernel, one for the whole process, so without the lock a host thread could
 * set it lower between another thread's opt-in and launch, and that launch would fail. */
inline pthread_mutex_t shared_memory_opt_in = PTHREAD_MUTEX_INITIALIZER;

/* Runs launch(), which launches `kernel` with `memory` bytes of dynamic shared memory beside
 * its `static_bytes`, and returns its result (false: not launched), having asked for the
 * largest shared-memory carveout of L1: the kernels of gpu/vector_pipeline.cuh keep their data
 * in shared memory, and resident_blocks counts on as many blocks per multiprocessor as shared
 * memory allows. A kernel must opt in once its static and dynamic shared memory together pass
 * 48 KiB: a test of the dynamic part alone failed the aggregate's launch for stages of
 * 47-48 KiB beside its 1,184 static bytes. Such launches hold shared_memory_opt_in from the
 * opt-in to the launch. Below the line a launch does not opt in, and the kernel's limit is at
 * least what it needs: the default (48 KiB less the static bytes) or a larger one that an
 * opt-in left, which costs the smaller launches nothing measurable (docs/GPU.md). */
template <typename K, typename Launch>
inline bool launch_with_shared_memory(K kernel, unsigned memory, size_t static_bytes, Launch &&launch)
{
    if (cudaFuncSetAttribute(kernel, cudaFuncAttributePreferredSharedMemoryCarveout,
                             cudaSharedmemCarveoutMaxShared) != cudaSuccess)
        return false;
    if (memory + static_bytes <= 48u * 1024u)
        return launch();
    if (pthread_mutex_lock(&shared_memory_opt_in) != 0)
        return false;
    const bool launched =
        cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)memory) == cudaSuccess &&
        launch();
    pthread_mutex_unlock(&shared_memory_opt_in);
    return launched;
}

/* Blocks of a grid-stride kernel with `memory` bytes of dynamic shared memory: enough to
 * cover the column, but no more than the GPU holds at once, so that per-block results
 * (atomics) stay few. 0 if the device cannot be queried; the launch then fails and
 * launch_status reports it. */
template <typename K>
inline unsigned resident_blocks(K kernel, unsigned threads, unsigned memory, unsigned needed)
{
    int device = 0, sms = 0, per_sm = 0;
    if (cudaGetDevice(&device) != cudaSuccess ||
        cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device) != cudaSuccess ||
        cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, (int)threads, memory) != cudaSuccess)
        return 0;
    uint64_t resident = (uint64_t)sms * (uint64_t)per_sm;
    return needed < resident ? needed : (unsigned)resident;
}

} /* namespace galp_gpu */

#endif /* GALP_GPU_DISPATCH_CUH */
