/*
 * scan_kernels.cu — plain-array scans and the decode-then-compare fused scan (scan_kernels.cuh).
 */
#include "scan_kernels.cuh"

#include <stdio.h>

#include "galp/device.cuh"

namespace {

constexpr unsigned threads = 256;

template <typename T> __device__ __forceinline__ T warp_sum(T v)
{
    for (int d = 16; d > 0; d >>= 1)
        v += __shfl_xor_sync(0xffffffffu, v, d);
    return v;
}

/* Adds one value to a thread's partial sum (floats: double, NaN left out). */
template <typename T> struct partial_sum {
    unsigned long long count = 0, bits = 0;
    double f = 0.0;
    __device__ __forceinline__ void add(T x)
    {
        if constexpr (galp::device::value_traits<T>::is_float) {
            if (x != x)
                return;
            f += (double)x;
        } else {
            bits += (unsigned long long)x;
        }
        count++;
    }
    __device__ __forceinline__ void flush(bench_sum *r)
    {
        count = warp_sum(count);
        bits = warp_sum(bits);
        f = warp_sum(f);
        if (threadIdx.x % 32 == 0 && count != 0) {
            atomicAdd(&r->count, count);
            atomicAdd(&r->sum_bits, bits);
            atomicAdd(&r->sum_f64, f);
        }
    }
};

/* Each thread loads 16 bytes at a time: 16 / sizeof(T) values. */
template <typename T>
__global__ void __launch_bounds__(threads) plain_sum_kernel(const uint4 *d, size_t n16, bench_sum *r)
{
    partial_sum<T> s;
    for (size_t i = (size_t)blockIdx.x * threads + threadIdx.x; i < n16;
         i += (size_t)gridDim.x * threads) {
        uint4 v = d[i];
        const T *x = (const T *)&v;
#pragma unroll
        for (unsigned j = 0; j < 16 / sizeof(T); j++)
            s.add(x[j]);
    }
    s.flush(r);
}

template <typename T>
__global__ void __launch_bounds__(threads) plain_count_kernel(const uint4 *d, size_t n16, uint64_t lo_bits,
                                                  uint64_t hi_bits, unsigned long long *count)
{
    T lo = galp::device::detail::value_of_bits<T>(lo_bits), hi = galp::device::detail::value_of_bits<T>(hi_bits);
    unsigned long long c = 0;
    for (size_t i = (size_t)blockIdx.x * threads + threadIdx.x; i < n16;
         i += (size_t)gridDim.x * threads) {
        uint4 v = d[i];
        const T *x = (const T *)&v;
#pragma unroll
        for (unsigned j = 0; j < 16 / sizeof(T); j++)
            c += lo <= x[j] && x[j] <= hi;
    }
    c = warp_sum(c);
    if (threadIdx.x % 32 == 0 && c != 0)
        atomicAdd(count, c);
}

/* One thread per lane of a vector (the device API's LANE_PER_THREAD mapping), through its
 * fastest per-lane path, visit_lane (galp/device/visit.cuh); whole warps stay to the end so that the
 * shuffles see every lane. */
template <typename T>
__global__ void __launch_bounds__(threads) fused_count_kernel(galp_gpu_view col, uint64_t lo_bits,
                                                  uint64_t hi_bits, unsigned long long *count)
{
    T lo = galp::device::detail::value_of_bits<T>(lo_bits), hi = galp::device::detail::value_of_bits<T>(hi_bits);
    galp::device::lane_per_thread<T> at((uint64_t)blockIdx.x * threads + threadIdx.x);
    unsigned long long c = 0;
    if (at.vector < col.vector_count)
        galp::device::visit_lane<T>(col, at.vector, at.lane, [&](unsigned, T x) { c += lo <= x && x <= hi; });
    c = warp_sum(c);
    if (threadIdx.x % 32 == 0 && c != 0)
        atomicAdd(count, c);
}

/* The same filter and a sum through the device API's other mapping, WARP_PER_VECTOR
 * (visit_vectors_by_warp, galp/device/warp_visit.cuh): each warp decodes whole vectors staged in
 * shared memory, the next one in flight while it decodes. Blocks of warp_threads threads,
 * the library's scan blocks (galp/device/vector_pipeline.cuh), with the registers they allow. */
constexpr unsigned warp_threads = galp::device::detail::scan_threads;

/* The visitor's temp storage: the kernels' dynamic shared memory, as plan_warp_visit sizes it. */
extern __shared__ uint4 visit_temp[];

template <typename T>
__global__ void __launch_bounds__(warp_threads, GALP_GPU_SCAN_MIN_BLOCKS)
    warp_count_kernel(galp_gpu_view col, uint64_t lo_bits, uint64_t hi_bits, unsigned long long *count)
{
    T lo = galp::device::detail::value_of_bits<T>(lo_bits), hi = galp::device::detail::value_of_bits<T>(hi_bits);
    unsigned matches = 0; /* 32 bits: see warp_sum_kernel */
    galp::device::visit_vectors_by_warp<T, warp_threads>(col, visit_temp, galp::device::dynamic_shared_bytes(), [&](uint32_t, unsigned, T x) { matches += lo <= x && x <= hi; });
    const unsigned long long c = warp_sum((unsigned long long)matches);
    if (threadIdx.x % 32 == 0 && c != 0)
        atomicAdd(count, c);
}

/* The visitor calls its function once per value, so the count is the column's values less
 * its NaNs: each thread counts only NaNs, and adds 0 in their place, rather than adding one
 * to a 64-bit count and skipping the add per value (two instructions a value fewer); and
 * only where the visitor says a value may be one (its fourth argument: values decoded from
 * G-ALP integers are never NaN, galp/device/warp_visit.cuh). Its
 * counts are 32-bit: a thread of the resident grid (some 10^5 threads on an H100) visits
 * about value_count / threads values, far below 2^32 for the benchmark's columns. */
template <typename T>
__global__ void __launch_bounds__(warp_threads, GALP_GPU_SCAN_MIN_BLOCKS)
    warp_sum_kernel(galp_gpu_view col, bench_sum *r)
{
    double f = 0.0;
    unsigned long long bits = 0;
    unsigned nans = 0;
    galp::device::visit_vectors_by_warp<T, warp_threads>(col, visit_temp, galp::device::dynamic_shared_bytes(), [&](uint32_t, unsigned, T x, auto finite) {
        if constexpr (!galp::device::value_traits<T>::is_float) {
            bits += (unsigned long long)x;
        } else if constexpr (decltype(finite)::value) { /* decoded from G-ALP: never NaN */
            f += (double)x;
        } else {
            const bool nan = x != x;
            f += nan ? 0.0 : (double)x;
            nans += nan;
        }
    });
    const unsigned long long nan_total = warp_sum((unsigned long long)nans);
    f = warp_sum(f);
    bits = warp_sum(bits);
    if (threadIdx.x % 32 == 0) {
        atomicAdd(&r->count, 0ull - nan_total); /* mod 2^64: r->count = value_count - NaNs */
        atomicAdd(&r->sum_bits, bits);
        atomicAdd(&r->sum_f64, f);
    }
    if (blockIdx.x == 0 && threadIdx.x == 0)
        atomicAdd(&r->count, (unsigned long long)col.value_count);
}

unsigned plain_grid(size_t n16)
{
    int device = 0, sms = 1;
    cudaGetDevice(&device);
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
    size_t want = (n16 + threads - 1) / threads, cap = (size_t)sms * 16;
    return (unsigned)(want < cap ? want : cap);
}

int launched(const char *what)
{
    cudaError_t e = cudaGetLastError();
    if (e != cudaSuccess) {
        fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(e));
        return -1;
    }
    return 0;
}

/* Launches `kernel` shaped by galp::device::plan_warp_visit; no launch for an empty column. */
template <typename K, typename... Args> int launch_warp_visit(K kernel, const galp_gpu_view &col, cudaStream_t stream,
                                                             const char *what, Args... args)
{
    galp::device::warp_visit_launch l;
    const galp_status st = galp::device::plan_warp_visit(kernel, col, warp_threads, &l);
    if (st != GALP_OK) {
        fprintf(stderr, "%s: %s\n", what, galp_strerror(st));
        return -1;
    }
    if (col.vector_count > 0)
        kernel<<<l.blocks, l.threads, l.shared_bytes, stream>>>(col, args...);
    return launched(what);
}

/* Calls f(T{}) with T the C++ type of the galp type. */
template <typename F> int with_type(galp_type type, F f)
{
    switch (type) {
    case GALP_TYPE_U8: return f(uint8_t{});
    case GALP_TYPE_U16: return f(uint16_t{});
    case GALP_TYPE_U32: return f(uint32_t{});
    case GALP_TYPE_U64: return f(uint64_t{});
    case GALP_TYPE_F32: return f(float{});
    case GALP_TYPE_F64: return f(double{});
    case GALP_TYPE_STR: break; /* strings are not scanned by these kernels */
    }
    fprintf(stderr, "scan: unknown value type %d\n", (int)type);
    return -1;
}

/* For the warp visitor's 32- and 64-bit types: zeroes the result (bytes at result), then
 * f(T{}) launches; -1 for 8- and 16-bit columns. */
template <typename R, typename F>
int with_warp_type(const galp_gpu_view *view, R *result, cudaStream_t stream, const char *what, F f)
{
    return with_type(view->type, [&](auto zero) {
        typedef decltype(zero) T;
        if constexpr (galp::device::value_traits<T>::bits < 32) {
            fprintf(stderr, "%s: 8- and 16-bit columns are decoded per lane\n", what);
            return -1;
        } else {
            if (cudaMemsetAsync(result, 0, sizeof *result, stream) != cudaSuccess)
                return launched(what);
            return f(zero);
        }
    });
}

} // namespace

int bench_plain_sum(galp_type type, const void *d, uint64_t n, bench_sum *result,
                    cudaStream_t stream)
{
    return with_type(type, [&](auto zero) {
        typedef decltype(zero) T;
        size_t n16 = n * sizeof(T) / 16;
        if (cudaMemsetAsync(result, 0, sizeof *result, stream) != cudaSuccess)
            return launched("plain sum");
        plain_sum_kernel<T><<<plain_grid(n16), threads, 0, stream>>>((const uint4 *)d, n16, result);
        return launched("plain sum");
    });
}

int bench_plain_count(galp_type type, const void *d, uint64_t n, uint64_t lo_bits,
                      uint64_t hi_bits, unsigned long long *count, cudaStream_t stream)
{
    return with_type(type, [&](auto zero) {
        typedef decltype(zero) T;
        size_t n16 = n * sizeof(T) / 16;
        if (cudaMemsetAsync(count, 0, sizeof *count, stream) != cudaSuccess)
            return launched("plain count");
        plain_count_kernel<T><<<plain_grid(n16), threads, 0, stream>>>((const uint4 *)d, n16, lo_bits,
                                                                      hi_bits, count);
        return launched("plain count");
    });
}

int bench_fused_count(const galp_gpu_view *view, uint64_t lo_bits, uint64_t hi_bits,
                      unsigned long long *count, cudaStream_t stream)
{
    return with_type(view->type, [&](auto zero) {
        typedef decltype(zero) T;
        uint64_t lanes = (uint64_t)view->vector_count * galp::device::value_traits<T>::lanes;
        if (cudaMemsetAsync(count, 0, sizeof *count, stream) != cudaSuccess)
            return launched("fused count");
        if (lanes > 0)
            fused_count_kernel<T><<<(unsigned)((lanes + threads - 1) / threads), threads, 0, stream>>>(
                *view, lo_bits, hi_bits, count);
        return launched("fused count");
    });
}

int bench_warp_count(const galp_gpu_view *view, uint64_t lo_bits, uint64_t hi_bits, unsigned long long *count,
                     cudaStream_t stream)
{
    return with_warp_type(view, count, stream, "warp count", [&](auto zero) {
        typedef decltype(zero) T;
        return launch_warp_visit(warp_count_kernel<T>, *view, stream, "warp count", lo_bits, hi_bits, count);
    });
}

int bench_warp_sum(const galp_gpu_view *view, bench_sum *result, cudaStream_t stream)
{
    return with_warp_type(view, result, stream, "warp sum", [&](auto zero) {
        typedef decltype(zero) T;
        return launch_warp_visit(warp_sum_kernel<T>, *view, stream, "warp sum", result);
    });
}
