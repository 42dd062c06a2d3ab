/*
 * test_gpu_device.cu — a user's kernels on the device API: decompression by lane_decoder with
 * N rows per call (galp/device/column.cuh, next<N>), by visit_lane (galp/device/visit.cuh) and by
 * visit_vectors_by_warp (galp/device/warp_visit.cuh), which
 * conformance/test_gpu compares bit for bit with the reference decoder for every N and the
 * visitor; and a range count by predicate pushdown
 * (plan_vector and row_in_range, galp/device/pushdown.cuh), which it compares with decode-then-compare.
 */
#include "dispatch.cuh"
#include "galp/device.cuh"
#include "test_gpu_device.h"

namespace {

constexpr unsigned threads = 256;

/* One thread per lane; row r of the lane is slot r·L + lane (spec/format.md §1). */
template <typename T, int N> __global__ void __launch_bounds__(threads) decode_by_rows(galp_gpu_view col, T *out)
{
    using namespace galp::device::detail;
    constexpr unsigned L = value_traits<T>::lanes, W = value_traits<T>::bits;
    lane_per_thread<T> at((uint64_t)blockIdx.x * threads + threadIdx.x);
    if (at.vector >= col.vector_count)
        return;
    lane_decoder<T> d(col, at.vector, at.lane);
    T *o = out + (size_t)at.vector * GALP_VECTOR_SIZE;
    for (unsigned r = 0; r < W; r += N) {
        T x[N];
        d.next<N>(x);
        for (unsigned j = 0; j < N; j++)
            if ((r + j) * L + at.lane < d.value_count)
                o[(r + j) * L + at.lane] = x[j];
    }
}

/* The same with the whole-lane visitor (galp/device/visit.cuh), whose full 32- and 64-bit lanes of
 * width b <= 32 take code compiled for their width. */
template <typename T> __global__ void __launch_bounds__(threads) decode_by_visit(galp_gpu_view col, T *out)
{
    using namespace galp::device::detail;
    lane_per_thread<T> at((uint64_t)blockIdx.x * threads + threadIdx.x);
    if (at.vector >= col.vector_count)
        return;
    T *o = out + (size_t)at.vector * GALP_VECTOR_SIZE;
    visit_lane<T>(col, at.vector, at.lane, [&](unsigned slot, T x) { o[slot] = x; });
}

/* The warp-per-vector visitor (galp/device/warp_visit.cuh): each value stored at its slot and counted,
 * so that a value visited twice or never shows, and counted again where the visitor says it
 * cannot be NaN or infinite but is; the statuses its calls returned are or-ed into *status. */
constexpr unsigned warp_threads = 128;

template <typename T>
__global__ void __launch_bounds__(warp_threads)
    decode_by_warp(galp_gpu_view col, T *out, unsigned long long *visits, unsigned long long *false_finite,
                   unsigned *status)
{
    extern __shared__ uint4 temp[];
    unsigned long long n = 0, wrong = 0;
    const galp_status st = galp::device::visit_vectors_by_warp<T, warp_threads>(
        col, temp, galp::device::dynamic_shared_bytes(), [&](uint32_t v, unsigned slot, T x, auto finite) {
            out[(size_t)v * GALP_VECTOR_SIZE + slot] = x;
            n++;
            if constexpr (galp::device::value_traits<T>::is_float && decltype(finite)::value)
                wrong += !isfinite(x);
        });
    if (st != GALP_OK)
        atomicOr(status, (unsigned)st);
    atomicAdd(visits, n);
    if (wrong != 0)
        atomicAdd(false_finite, wrong);
}

template <typename T, int N> galp_status launch(const galp_gpu_view &col, void *dst)
{
    const unsigned blocks = galp::device::detail::lane_blocks(col, galp::device::value_traits<T>::lanes, threads);
    if constexpr (N == 0)
        decode_by_visit<T><<<blocks, threads>>>(col, (T *)dst);
    else
        decode_by_rows<T, N><<<blocks, threads>>>(col, (T *)dst);
    return cudaDeviceSynchronize() == cudaSuccess ? galp::device::detail::launch_status() : GALP_ERR_CUDA;
}

/* lo <= x <= hi counted one thread per lane: each thread plans its lane's vector itself, as
 * a kernel without the plan kernel's scratch buffer would, and compares its rows through the
 * plan. */
template <typename T>
__global__ void __launch_bounds__(threads) count_by_plan(galp_gpu_view col, uint64_t lo_bits, uint64_t hi_bits,
                                                        unsigned long long *count)
{
    using namespace galp::device::detail;
    lane_per_thread<T> at((uint64_t)blockIdx.x * threads + threadIdx.x);
    if (at.vector >= col.vector_count)
        return;
    const T lo = value_of_bits<T>(lo_bits), hi = value_of_bits<T>(hi_bits);
    const galp_gpu_range_plan plan = plan_vector<T>(col, at.vector, lo, hi);
    unsigned long long hits = 0;
    visit_lane_encoded<T>(col, at.vector, at.lane, [&](const lane_decoder<T> &d, unsigned, const auto &v) {
        hits += row_in_range(d, plan, v, lo, hi);
    });
    if (hits != 0)
        atomicAdd(count, hits);
}

/* Counts the e, f where the device API's computed ALP constants (alp_params, galp/device/alp.cuh)
 * or its constant tables (galp/device/alp_tables.cuh) differ from galp/alp_constants.h. */
__global__ void alp_constant_mismatches(unsigned *mismatches)
{
    using namespace galp::device::detail;
    const uint64_t fact64[] = GALP_ALP_FACT64_INIT, frac64[] = GALP_ALP_FRAC64_BITS_INIT;
    const uint32_t fact32[] = GALP_ALP_FACT32_INIT, frac32[] = GALP_ALP_FRAC32_BITS_INIT;
    unsigned bad = 0;
    for (unsigned e = 0; e <= GALP_ALP_MAX_E64; e++) {
        alp_params<double> p;
        p.init(e, e);
        bad += p.fact != fact64[e] || (uint64_t)__double_as_longlong(p.frac) != frac64[e];
        bad += alp_fact<double>(e) != fact64[e] || (uint64_t)__double_as_longlong(alp_frac<double>(e)) != frac64[e];
    }
    for (unsigned e = 0; e <= GALP_ALP_MAX_E32; e++) {
        alp_params<float> p;
        p.init(e, e);
        bad += p.fact != fact32[e] || __float_as_uint(p.frac) != frac32[e];
        bad += alp_fact<float>(e) != fact32[e] || __float_as_uint(alp_frac<float>(e)) != frac32[e];
    }
    *mismatches = bad;
}

} /* namespace */

extern "C" galp_status test_device_alp_constants(unsigned *mismatches)
{
    unsigned *dev = nullptr;
    galp_status st = galp_gpu_status_from_cuda(cudaMalloc((void **)&dev, sizeof *dev));
    if (st != GALP_OK)
        return st;
    alp_constant_mismatches<<<1, 1>>>(dev);
    st = galp::device::detail::launch_status();
    if (st == GALP_OK)
        st = galp_gpu_status_from_cuda(cudaMemcpy(mismatches, dev, sizeof *dev, cudaMemcpyDeviceToHost));
    cudaFree(dev);
    return st;
}

extern "C" galp_status test_device_api_decode(const galp_gpu_view *view, unsigned per_call, void *dst)
{
    const galp_gpu_view col = *view;
    if (col.vector_count == 0)
        return GALP_OK;
    return galp::device::detail::dispatch_type(col.type, [&](auto zero) {
        typedef decltype(zero) T;
        switch (per_call) {
        case 0: return launch<T, 0>(col, dst);
        case 1: return launch<T, 1>(col, dst);
        case 2: return launch<T, 2>(col, dst);
        case 4: return launch<T, 4>(col, dst);
        case 8: return launch<T, 8>(col, dst);
        case 32:
            if constexpr (galp::device::value_traits<T>::bits >= 32)
                return launch<T, 32>(col, dst);
            break;
        }
        return GALP_ERR_ARGUMENT;
    });
}

extern "C" galp_status test_device_api_decode_by_warp(const galp_gpu_view *view, test_warp_launch how, void *dst,
                                                      uint64_t *visits, uint64_t *false_finite,
                                                      galp_status *visit_status)
{
    const galp_gpu_view col = *view;
    return galp::device::detail::dispatch_type(col.type, [&](auto zero) {
        typedef decltype(zero) T;
        if constexpr (galp::device::value_traits<T>::bits < 32) {
            return GALP_ERR_ARGUMENT;
        } else {
            galp::device::warp_visit_launch l;
            galp_status st =
                galp::device::plan_warp_visit(decode_by_warp<T>, col, how == TEST_WARP_SMALL_GRID ? 64u : warp_threads, &l);
            if (st != GALP_OK)
                return st;
            if (how == TEST_WARP_SMALL_GRID && l.blocks > 3u)
                l.blocks = 3u;
            if (how == TEST_WARP_SHORT_TEMP)
                l.shared_bytes -= 16u;
            /* [0] visits, [1] false finites, [2] the or of the visitor's statuses */
            unsigned long long *counted = nullptr;
            st = galp_gpu_status_from_cuda(cudaMalloc((void **)&counted, 3 * sizeof *counted));
            if (st != GALP_OK)
                return st;
            unsigned long long back[3];
            st = galp_gpu_status_from_cuda(cudaMemset(counted, 0, 3 * sizeof *counted));
            if (st == GALP_OK && col.vector_count != 0) {
                decode_by_warp<T><<<l.blocks, l.threads, l.shared_bytes>>>(col, (T *)dst, counted, counted + 1,
                                                                           (unsigned *)(counted + 2));
                st = galp::device::detail::launch_status();
            }
            if (st == GALP_OK)
                st = galp_gpu_status_from_cuda(cudaDeviceSynchronize());
            if (st == GALP_OK)
                st = galp_gpu_status_from_cuda(cudaMemcpy(back, counted, sizeof back, cudaMemcpyDeviceToHost));
            if (st == GALP_OK) {
                *visits = back[0];
                *false_finite = back[1];
                *visit_status = (galp_status)back[2];
            }
            cudaFree(counted);
            return st;
        }
    });
}

extern "C" galp_status test_device_api_count_range(const galp_gpu_view *view, uint64_t lo_bits, uint64_t hi_bits,
                                                   uint64_t *count)
{
    const galp_gpu_view col = *view;
    return galp::device::detail::dispatch_type(col.type, [&](auto zero) {
        typedef decltype(zero) T;
        if constexpr (galp::device::value_traits<T>::is_float) {
            if (cudaMemset(count, 0, sizeof *count) != cudaSuccess)
                return GALP_ERR_CUDA;
            if (col.vector_count != 0) {
                const unsigned blocks = galp::device::detail::lane_blocks(col, galp::device::value_traits<T>::lanes, threads);
                count_by_plan<T><<<blocks, threads>>>(col, lo_bits, hi_bits, (unsigned long long *)count);
            }
            return cudaDeviceSynchronize() == cudaSuccess ? galp::device::detail::launch_status() : GALP_ERR_CUDA;
        } else {
            return GALP_ERR_ARGUMENT;
        }
    });
}

/* ---- columns with ALP_RD vectors (galp/device/alprd.cuh) ------------------------------- */

namespace {

/* One thread per lane. by_rows: the per-row decoders, alprd_lane_decoder::next for an ALP_RD
 * vector and lane_decoder::next for the others; else visit_lane_alprd. */
template <typename T>
__global__ void __launch_bounds__(threads) decode_alprd(galp_gpu_view col, T *out, bool by_rows)
{
    using namespace galp::device::detail;
    constexpr unsigned L = value_traits<T>::lanes, W = value_traits<T>::bits;
    lane_per_thread<T> at((uint64_t)blockIdx.x * threads + threadIdx.x);
    if (at.vector >= col.vector_count)
        return;
    T *o = out + (size_t)at.vector * GALP_VECTOR_SIZE;
    if (!by_rows) {
        visit_lane_alprd<T>(col, at.vector, at.lane, [&](unsigned slot, T x) { o[slot] = x; });
        return;
    }
    const vector_entry e = read_vector_entry(col.data, at.vector);
    const unsigned m = vector_value_count(col, at.vector);
    auto rows = [&](auto &d) {
        for (unsigned r = 0; r < W; r++) {
            const T x = d.next();
            if (r * L + at.lane < m)
                o[r * L + at.lane] = x;
        }
    };
    if (e.scheme == GALP_SCHEME_ALP_RD) {
        alprd_lane_decoder<T> d(col, at.vector, at.lane, e);
        rows(d);
    } else {
        lane_decoder<T> d(col, at.vector, at.lane, e);
        rows(d);
    }
}

/* lo <= x <= hi counted one thread per lane, decode-then-compare through visit_lane_alprd. */
template <typename T>
__global__ void __launch_bounds__(threads) count_alprd(galp_gpu_view col, uint64_t lo_bits, uint64_t hi_bits,
                                                      unsigned long long *count)
{
    using namespace galp::device::detail;
    lane_per_thread<T> at((uint64_t)blockIdx.x * threads + threadIdx.x);
    if (at.vector >= col.vector_count)
        return;
    const T lo = value_of_bits<T>(lo_bits), hi = value_of_bits<T>(hi_bits);
    unsigned long long hits = 0;
    visit_lane_alprd<T>(col, at.vector, at.lane, [&](unsigned, T x) { hits += lo <= x && x <= hi; });
    if (hits != 0)
        atomicAdd(count, hits);
}

/* Each lane's mask of rows in [lo, hi], by alprd_lane_match. */
template <typename T>
__global__ void __launch_bounds__(threads) match_alprd(galp_gpu_view col, uint64_t lo_bits, uint64_t hi_bits,
                                                      uint64_t *masks)
{
    using namespace galp::device::detail;
    const uint64_t thread = (uint64_t)blockIdx.x * threads + threadIdx.x;
    lane_per_thread<T> at(thread);
    if (at.vector >= col.vector_count)
        return;
    masks[thread] = alprd_lane_match<T>(col, at.vector, at.lane, value_of_bits<T>(lo_bits), value_of_bits<T>(hi_bits));
}

/* Calls f(T()) for a float column, GALP_ERR_ARGUMENT for another. */
template <typename F> galp_status dispatch_float(galp_type type, F &&f)
{
    if (type == GALP_TYPE_F32)
        return f(0.0f);
    if (type == GALP_TYPE_F64)
        return f(0.0);
    return GALP_ERR_ARGUMENT;
}

} /* namespace */

extern "C" galp_status test_device_api_decode_alprd(const galp_gpu_view *view, unsigned by_rows, void *dst)
{
    const galp_gpu_view col = *view;
    return dispatch_float(col.type, [&](auto zero) {
        typedef decltype(zero) T;
        if (col.vector_count != 0) {
            const unsigned blocks = galp::device::detail::lane_blocks(col, galp::device::value_traits<T>::lanes, threads);
            decode_alprd<T><<<blocks, threads>>>(col, (T *)dst, by_rows != 0);
        }
        return cudaDeviceSynchronize() == cudaSuccess ? galp::device::detail::launch_status() : GALP_ERR_CUDA;
    });
}

extern "C" galp_status test_device_api_count_range_alprd(const galp_gpu_view *view, uint64_t lo_bits,
                                                         uint64_t hi_bits, uint64_t *count)
{
    const galp_gpu_view col = *view;
    return dispatch_float(col.type, [&](auto zero) {
        typedef decltype(zero) T;
        if (cudaMemset(count, 0, sizeof *count) != cudaSuccess)
            return GALP_ERR_CUDA;
        if (col.vector_count != 0) {
            const unsigned blocks = galp::device::detail::lane_blocks(col, galp::device::value_traits<T>::lanes, threads);
            count_alprd<T><<<blocks, threads>>>(col, lo_bits, hi_bits, (unsigned long long *)count);
        }
        return cudaDeviceSynchronize() == cudaSuccess ? galp::device::detail::launch_status() : GALP_ERR_CUDA;
    });
}

extern "C" galp_status test_device_api_match_alprd(const galp_gpu_view *view, uint64_t lo_bits, uint64_t hi_bits,
                                                   uint64_t *masks)
{
    const galp_gpu_view col = *view;
    return dispatch_float(col.type, [&](auto zero) {
        typedef decltype(zero) T;
        if (col.vector_count != 0) {
            const unsigned blocks = galp::device::detail::lane_blocks(col, galp::device::value_traits<T>::lanes, threads);
            match_alprd<T><<<blocks, threads>>>(col, lo_bits, hi_bits, masks);
        }
        return cudaDeviceSynchronize() == cudaSuccess ? galp::device::detail::launch_status() : GALP_ERR_CUDA;
    });
}
