/*
 * gpu/dispatch.cuh — calls a functor templated on the value type for a column's galp_type.
 * Used by the launchers (gpu/decompress.cu, gpu/aggregate.cu, gpu/range.cu); not part of the device API.
 */
#ifndef GALP_GPU_DISPATCH_CUH
#define GALP_GPU_DISPATCH_CUH

#include <pthread.h>

#include <cuda_runtime.h>

#include "cuda_status.h"
#include "galp_gpu.h"

namespace galp::device::detail {

template <typename F> galp_status dispatch_type(galp_type type, F &&f)
{
    switch (type) {
    case GALP_TYPE_U8: return f((uint8_t)0);
    case GALP_TYPE_U16: return f((uint16_t)0);
    case GALP_TYPE_U32: return f((uint32_t)0);
    case GALP_TYPE_U64: return f((uint64_t)0);
    case GALP_TYPE_F32: return f(0.0f);
    case GALP_TYPE_F64: return f(0.0);
    case GALP_TYPE_STR: break; /* no fixed-width values: gpu/strings.cu serves it */
    }
    return GALP_ERR_ARGUMENT;
}

/* Status of the launches just made (a grid of 0 blocks fails to launch, so it lands here). */
inline galp_status launch_status()
{
    return galp_gpu_status_from_cuda(cudaGetLastError());
}

/* Status of a launcher that returned false: the runtime call that failed left its error. */
inline galp_status launched_status(bool launched)
{
    return launched ? launch_status() : galp_gpu_cuda_failure();
}

/* Blocks of `threads` threads covering one thread per lane of every vector. */
inline unsigned lane_blocks(const galp_gpu_view &col, unsigned lanes, unsigned threads)
{
    return (unsigned)(((uint64_t)col.vector_count * lanes + threads - 1) / threads);
}

/* What the launchers ask the runtime about a kernel on the current device: constants of the
 * process, asked once per kernel and device and then kept. Asked at every call, they cost the
 * host microseconds while the GPU, done with the kernels before, waited for the next launch:
 * kept, with the scan's dependent launch (gpu/scan_launch.cuh), the host is off the
 * critical path between a column's kernels. A carveout asked for is a hint, and lost
 * with the context by cudaDeviceReset; the rest cannot change while the process runs. */
struct kernel_facts {
    const void *kernel;
    int device;
    int multiprocessors;
    int shared_optin;          /* cudaDevAttrMaxSharedMemoryPerBlockOptin */
    bool dependent_launch;     /* programmatic dependent launch: compute capability 9.0 on */
    size_t static_bytes;       /* the kernel's static shared memory */
    unsigned threads, memory;  /* the last occupancy asked (threads 0: none yet) */
    int per_sm;                /* and its answer: blocks per multiprocessor */
    bool carveout;             /* the largest shared-memory carveout asked for */
};

inline pthread_mutex_t kernel_facts_lock = PTHREAD_MUTEX_INITIALIZER;
inline kernel_facts kernel_facts_kept[256];
inline unsigned kernel_facts_count;

/* The kept facts of `kernel` on the current device, made if new; null if the runtime cannot
 * tell, or no room is left to keep them (256 kernel-device pairs: the library has fewer
 * kernels). Call with kernel_facts_lock held. */
inline kernel_facts *facts_locked(const void *kernel)
{
    int device = 0;
    if (cudaGetDevice(&device) != cudaSuccess)
        return nullptr;
    for (unsigned i = 0; i < kernel_facts_count; i++)
        if (kernel_facts_kept[i].kernel == kernel && kernel_facts_kept[i].device == device)
            return &kernel_facts_kept[i];
    kernel_facts f = {kernel, device, 0, 0, false, 0, 0, 0, 0, false};
    int major = 0;
    cudaFuncAttributes attributes;
    if (kernel_facts_count == sizeof kernel_facts_kept / sizeof kernel_facts_kept[0] ||
        cudaDeviceGetAttribute(&f.multiprocessors, cudaDevAttrMultiProcessorCount, device) != cudaSuccess ||
        cudaDeviceGetAttribute(&f.shared_optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, device) != cudaSuccess ||
        cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device) != cudaSuccess ||
        cudaFuncGetAttributes(&attributes, kernel) != cudaSuccess)
        return nullptr;
    f.dependent_launch = major >= 9;
    f.static_bytes = attributes.sharedSizeBytes;
    kernel_facts_kept[kernel_facts_count] = f;
    return &kernel_facts_kept[kernel_facts_count++];
}

/* A copy of the facts of `kernel` on the current device, with in per_sm its blocks per
 * multiprocessor at `threads` threads and `memory` bytes of dynamic shared memory when
 * threads is not 0; with Carveout, the kernel's largest shared-memory carveout of L1 asked
 * for first (once). False if the runtime cannot tell. */
template <bool Carveout = false, typename K>
inline bool facts_of(K kernel, kernel_facts &out, unsigned threads = 0, unsigned memory = 0)
{
    if (pthread_mutex_lock(&kernel_facts_lock) != 0)
        return false;
    kernel_facts *f = facts_locked((const void *)kernel);
    bool known = f != nullptr;
    if (Carveout && known && !f->carveout)
        known = f->carveout = cudaFuncSetAttribute(kernel, cudaFuncAttributePreferredSharedMemoryCarveout,
                                                   cudaSharedmemCarveoutMaxShared) == cudaSuccess;
    if (known && threads != 0 && (f->threads != threads || f->memory != memory)) {
        known = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&f->per_sm, kernel, (int)threads, memory) == cudaSuccess;
        f->threads = known ? threads : 0;
        f->memory = memory;
    }
    if (known)
        out = *f;
    pthread_mutex_unlock(&kernel_facts_lock);
    return known;
}

/* Serialises the launches that raise a kernel's limit of dynamic shared memory: the limit is an
 * attribute of the kernel, one for the whole process, so without the lock a host thread could
 * set it lower between another thread's opt-in and launch, and that launch would fail. */
inline pthread_mutex_t shared_memory_opt_in = PTHREAD_MUTEX_INITIALIZER;

/* Runs launch(), which launches `kernel` with `memory` bytes of dynamic shared memory beside
 * its `static_bytes`, and returns its result (false: not launched), having asked for the
 * largest shared-memory carveout of L1: the kernels of galp/device/vector_pipeline.cuh keep their data
 * in shared memory, and resident_blocks counts on as many blocks per multiprocessor as shared
 * memory allows. A kernel must opt in once its static and dynamic shared memory together pass
 * 48 KiB: a test of the dynamic part alone fails the launch of a kernel whose stages fit
 * under 48 KiB but not beside its static bytes. Such launches hold shared_memory_opt_in from the
 * opt-in to the launch. Below the line a launch does not opt in, and the kernel's limit is at
 * least what it needs: the default (48 KiB less the static bytes) or a larger one that an
 * opt-in left, which does not slow the smaller launches. */
template <typename K, typename Launch>
inline bool launch_with_shared_memory(K kernel, unsigned memory, size_t static_bytes, Launch &&launch)
{
    kernel_facts facts;
    if (!facts_of<true>(kernel, facts))
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
    kernel_facts facts;
    if (!facts_of(kernel, facts, threads, memory))
        return 0;
    const uint64_t resident = (uint64_t)facts.multiprocessors * (uint64_t)facts.per_sm;
    return needed < resident ? needed : (unsigned)resident;
}

} /* namespace galp::device::detail */

#endif /* GALP_GPU_DISPATCH_CUH */
