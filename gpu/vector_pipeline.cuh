/*
 * gpu/vector_pipeline.cuh — how the bulk kernels get a vector into shared memory.
 *
 * The scans (gpu/aggregate.cu, gpu/range.cu) run a resident grid whose blocks each take every
 * gridDim-th vector, with the next Stages - 1 vectors of the block already on their way into
 * shared memory while it decodes the current one (run). Why: a block that loads a vector and
 * then waits for it leaves the memory system idle while it decodes, and the scans, which
 * write nothing, ran at a fifth of the read bandwidth that way (docs/GPU.md). Here the loads
 * of vector i + Stages - 1 are issued (gpu/async_copy.cuh) before the block waits for
 * vector i, and the entry of the vector after that is read into registers one iteration
 * ahead. Decompression (gpu/decompress.cuh) stages one vector per block (run_one): its
 * stores keep the memory system busy, and a block per vector measured faster there.
 *
 * A stage holds, 16-byte aligned:
 *
 *   [0, 32)    the vector's 32-byte metadata entry (spec/format.md §3.3)
 *   [32, 64)   32 bytes of per-vector data of the kernel (a range plan), if any
 *   [64, ...)  the payload (spec/format.md §4), rounded up to 16 bytes; the reads past the
 *              payload stay in the file because payloads are 16-byte aligned and the file
 *              ends in 256 zero bytes (§3.5).
 *
 * A stage has room for the column's largest vector (galp_gpu_image_stage_size, measured by
 * the host API at upload), so every vector, exceptions included, is decoded from shared
 * memory: at most 3 · (64 + 18,464) bytes per block for float64 (G-ALP, b = 64, 1024
 * exceptions).
 */
#ifndef GALP_GPU_VECTOR_PIPELINE_CUH
#define GALP_GPU_VECTOR_PIPELINE_CUH

#include "async_copy.cuh"
#include "column.cuh"

namespace galp_gpu {

/* Threads a multiprocessor holds (2048 from sm_80 on, 1024 before; CUDA programming guide):
 * kernels whose blocks are few threads hold their registers to fill it. */
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
#define GALP_GPU_THREADS_PER_SM 1024
#else
#define GALP_GPU_THREADS_PER_SM 2048
#endif

/* Tuning of the scans, threads per block (a block decodes one vector at a time) and stages
 * per block: the defaults were the fastest on an H200 (docs/GPU.md); the macros let a
 * benchmark build try others. */
#ifndef GALP_GPU_SCAN_THREADS
#define GALP_GPU_SCAN_THREADS 32
#endif
/* Scan blocks per multiprocessor the registers must allow (the scans hold few bytes of
 * shared memory per block, so registers would otherwise limit them). */
#ifndef GALP_GPU_SCAN_MIN_BLOCKS
#define GALP_GPU_SCAN_MIN_BLOCKS (GALP_GPU_THREADS_PER_SM / 2 / GALP_GPU_SCAN_THREADS)
#endif
#ifndef GALP_GPU_STAGES
#define GALP_GPU_STAGES 3
#endif
constexpr unsigned scan_threads = GALP_GPU_SCAN_THREADS;
constexpr unsigned vector_stages = GALP_GPU_STAGES;

constexpr unsigned stage_header_bytes = 64;

/* Payload bytes of a vector of a device image (no ALP layout there): RAW m·W/8
 * (spec/format.md §4.2), FFOR 128·b (spec/ffor.md), G-ALP 128·b + 2·L + c·(W/8 + 2)
 * (spec/galp.md §1). */
template <typename T>
__device__ __forceinline__ unsigned payload_bytes(unsigned scheme, unsigned b, unsigned c, unsigned m)
{
    constexpr unsigned bytes = value_traits<T>::bits / 8u, L = value_traits<T>::lanes;
    if (scheme == GALP_SCHEME_RAW)
        return m * bytes;
    const unsigned packed = 128u * b;
    return scheme == GALP_SCHEME_GALP ? packed + 2u * L + c * (bytes + 2u) : packed;
}

/* Bytes of one stage for a column whose largest vector needs largest_vector bytes (host
 * side). */
inline unsigned stage_bytes_for(unsigned largest_vector)
{
    return stage_header_bytes + ((largest_vector + 15u) & ~15u);
}

/* The block's dynamic shared memory: the stages. */
__device__ __forceinline__ uint8_t *stage_memory()
{
    extern __shared__ uint4 galp_stage_memory[];
    return (uint8_t *)galp_stage_memory;
}

template <typename T, unsigned Threads, unsigned Stages = vector_stages> struct vector_pipeline {
    static_assert(Stages >= 1, "a stage to decode from");
    const galp_gpu_view &col;
    uint8_t *const memory;        /* Stages × stage_bytes of dynamic shared memory */
    const unsigned stage_bytes;
    const uint4 *const sidecar;   /* 32 bytes per vector, or null */

    uint64_t next;                /* the next vector to issue (64 bits: next + gridDim must not wrap) */
    uint64_t next_offset;         /* its payload offset and the entry word with c, scheme, b */
    uint32_t next_fields;

    __device__ __forceinline__ vector_pipeline(const galp_gpu_view &c, unsigned bytes, const uint4 *side)
        : col(c), memory(stage_memory()), stage_bytes(bytes), sidecar(side)
    {
    }

    /* Read the entry of `next` (its value is first used one iteration later). */
    __device__ __forceinline__ void peek()
    {
        if (next < col.vector_count) {
            const uint4 *e = entry_words((uint32_t)next);
            const uint4 a = __ldg(e);
            next_offset = (uint64_t)a.y << 32 | a.x;
            next_fields = __ldg((const unsigned *)(e + 1) + 1);
        }
    }

    __device__ __forceinline__ const uint4 *entry_words(uint32_t v) const
    {
        return (const uint4 *)(col.data + GALP_HEADER_SIZE + (size_t)GALP_VECTOR_ENTRY_SIZE * v);
    }

    /* Start copying vector `next` into stage `slot`; always closes a group of copies, empty
     * past the end, so that wait<Stages - 1> keeps meaning "the oldest stage is complete". */
    __device__ __forceinline__ void issue(unsigned slot)
    {
        if (next < col.vector_count) {
            uint8_t *dst = memory + slot * stage_bytes;
            if (threadIdx.x < 2)
                copy16_async(dst + 16u * threadIdx.x, entry_words((uint32_t)next) + threadIdx.x);
            else if (sidecar != nullptr && threadIdx.x < 4)
                copy16_async(dst + 16u * threadIdx.x, sidecar + 2u * (size_t)next + (threadIdx.x - 2u));
            const unsigned size = payload_bytes<T>((next_fields >> 16) & 0xffu, next_fields >> 24,
                                                   next_fields & 0xffffu, vector_value_count(col, (uint32_t)next));
            const unsigned chunks = (size + 15u) / 16u;
            const uint4 *src = (const uint4 *)(col.data + next_offset);
            for (unsigned k = threadIdx.x; k < chunks; k += Threads)
                copy16_async(dst + stage_header_bytes + 16u * k, src + k);
            next += gridDim.x;
            peek();
        }
        copy_commit();
    }

    /* body(v, stage) for every vector v of this block, in order; every thread of the block
     * calls run, and body may use barriers. */
    template <typename Body> __device__ __forceinline__ void run(Body &&body)
    {
        next = blockIdx.x;
        peek();
#pragma unroll
        for (unsigned s = 0; s + 1 < Stages; s++)
            issue(s);
        unsigned slot = 0;
        for (uint64_t v = blockIdx.x; v < col.vector_count; v += gridDim.x) {
            issue(slot == 0 ? Stages - 1 : slot - 1);
            copy_wait<Stages - 1>();
            __syncthreads();
            body((uint32_t)v, (const uint8_t *)(memory + slot * stage_bytes));
            __syncthreads(); /* the stage is refilled by the next issue */
            slot = slot + 1 == Stages ? 0 : slot + 1;
        }
        copy_wait<0>();
    }

    /* body(v, stage) for vector v alone, loaded into stage 0 and waited for; ends with a
     * barrier, so that a caller may run it again. */
    template <typename Body> __device__ __forceinline__ void run_one(uint32_t v, Body &&body)
    {
        next = v;
        peek();
        issue(0);
        copy_wait<0>();
        __syncthreads();
        body(v, (const uint8_t *)memory);
        __syncthreads();
    }
};

} /* namespace galp_gpu */

#endif /* GALP_GPU_VECTOR_PIPELINE_CUH */
