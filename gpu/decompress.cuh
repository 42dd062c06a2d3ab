/*
 * gpu/decompress.cuh — the full-decompression kernels (spec/format.md §5).
 *
 * 32- and 64-bit types into a 16-byte aligned destination: block_decompress_kernel32/64, one
 * vector per block (gpu/block_vector.cuh), 16-byte stores.
 *
 * Otherwise (8/16-bit types, an unaligned destination) decompress_kernel, built on the device
 * API: one thread per lane (LANE_PER_THREAD, gpu/mapping.cuh), each visiting its lane with
 * visit_lane (gpu/visit.cuh) and storing value r at slot r·L + lane, so every store
 * instruction of a warp writes whole 128-byte lines. Slots at or past m of the last vector
 * are not stored (spec/format.md §4.3).
 */
#ifndef GALP_GPU_DECOMPRESS_CUH
#define GALP_GPU_DECOMPRESS_CUH

#include "block_vector.cuh"
#include "mapping.cuh"
#include "visit.cuh"

namespace galp_gpu {

constexpr unsigned decompress_threads = 256;

template <typename T>
__global__ void __launch_bounds__(decompress_threads) decompress_kernel(galp_gpu_view col, T *out)
{
    lane_per_thread<T> at((uint64_t)blockIdx.x * decompress_threads + threadIdx.x);
    if (at.vector >= col.vector_count)
        return;
    T *o = out + (size_t)at.vector * GALP_VECTOR_SIZE;
    visit_lane<T>(col, at.vector, at.lane, [&](unsigned slot, T x) { o[slot] = x; });
}

/* Four adjacent values with 16-byte stores (o is 16-byte aligned). */
__device__ __forceinline__ void store4(float *o, const float (&x)[4])
{
    *(float4 *)o = make_float4(x[0], x[1], x[2], x[3]);
}
__device__ __forceinline__ void store4(uint32_t *o, const uint32_t (&x)[4])
{
    *(uint4 *)o = make_uint4(x[0], x[1], x[2], x[3]);
}
__device__ __forceinline__ void store4(double *o, const double (&x)[4])
{
    ((double2 *)o)[0] = make_double2(x[0], x[1]);
    ((double2 *)o)[1] = make_double2(x[2], x[3]);
}
__device__ __forceinline__ void store4(uint64_t *o, const uint64_t (&x)[4])
{
    ((ulonglong2 *)o)[0] = make_ulonglong2(x[0], x[1]);
    ((ulonglong2 *)o)[1] = make_ulonglong2(x[2], x[3]);
}

constexpr unsigned decompress_vector_threads = 64;

/* Vector v: slots 4·(t + T·g) ... +3 as 16-byte stores (two for 64-bit types), each warp
 * writing 512 or 1024 consecutive bytes; in a partial last vector only slots below m. Then,
 * after a barrier that orders them after those stores, the exceptions overwrite their slots,
 * one thread per exception (spec/galp.md §3: slot position[j] is value[j]). */
template <typename T> __device__ __forceinline__ void block_decompress(const galp_gpu_view &col, T *out)
{
    typedef block_vector<T, decompress_vector_threads> bv;
    typedef typename bv::Word Word;
    __shared__ typename bv::shared sh;
    for (uint32_t v = blockIdx.x; v < col.vector_count; v += gridDim.x) {
        bv vec;
        vec.init(col, v, read_vector_entry(col.data, v));
        vec.stage(sh);
        /* loaded together with the packed words: this thread's first exception */
        const bool has_first = threadIdx.x < vec.c;
        const unsigned first_slot = has_first ? vec.exception_slot(threadIdx.x) : 0u;
        const Word first_bits = has_first ? vec.exception_bits(threadIdx.x) : (Word)0;
        __syncthreads();
        T *o = out + (size_t)v * GALP_VECTOR_SIZE;
#pragma unroll
        for (unsigned g = 0; g < bv::groups; g++) {
            const unsigned s = bv::group_slot(g);
            Word p[4];
            vec.packed4(sh, s, p);
            T x[4];
#pragma unroll
            for (unsigned j = 0; j < 4; j++)
                x[j] = vec.decode(p[j]);
            if (s + 4u <= vec.m) {
                store4(o + s, x);
            } else {
                for (unsigned j = 0; j < 4; j++)
                    if (s + j < vec.m)
                        o[s + j] = x[j];
            }
        }
        if (vec.c != 0) {
            __syncthreads();
            if (has_first)
                o[first_slot] = value_from_word<T>(first_bits);
            for (unsigned j = threadIdx.x + decompress_vector_threads; j < vec.c; j += decompress_vector_threads)
                o[vec.exception_slot(j)] = value_from_word<T>(vec.exception_bits(j));
        }
        __syncthreads(); /* the next vector's staging overwrites sh */
    }
}

/* The same code, compiled twice: 32-bit types held to 32 registers so that 32 blocks (the
 * most an SM runs) are resident, 2-8 points faster on the H200; 64-bit types were faster
 * with the 48 registers the compiler picks for them (docs/GPU.md). */
template <typename T>
__global__ void __launch_bounds__(decompress_vector_threads, 32) block_decompress_kernel32(galp_gpu_view col, T *out)
{
    block_decompress<T>(col, out);
}
template <typename T>
__global__ void __launch_bounds__(decompress_vector_threads) block_decompress_kernel64(galp_gpu_view col, T *out)
{
    block_decompress<T>(col, out);
}

} /* namespace galp_gpu */

#endif /* GALP_GPU_DECOMPRESS_CUH */
