/*
 * test_gpu_fastlanes_device.cu — a user's kernel on the device API's FastLanes decoders
 * (galp/device/delta.cuh, rle.cuh, dict.cuh, runs.cuh), which conformance/test_gpu_fastlanes
 * compares bit for bit with the reference decoder. Each decoder stores its rows at the
 * positions its header gives: DELTA row r of lane l at l·W + r, RLE at 16·l + r, DICT at
 * 64·r + l; RUNS's warp visitor gives each position with its value.
 */
#include "dispatch.cuh"
#include "galp/device.cuh"
#include "galp/device/fastlanes_tile.cuh"
#include "test_gpu_fastlanes_device.h"

namespace {

constexpr unsigned threads = 64;

using namespace galp::device;

template <typename T> __global__ void __launch_bounds__(threads) decode_vectors(galp_gpu_view col, T *out)
{
    constexpr unsigned W = value_traits<T>::bits, L = value_traits<T>::lanes;
    const uint32_t v = blockIdx.x;
    const detail::vector_entry e = detail::read_vector_entry(col.data, v);
    const unsigned m = detail::vector_value_count(col, v);
    T *o = out + (size_t)v * GALP_VECTOR_SIZE;
    if (e.scheme == GALP_SCHEME_DICT) {
        const unsigned lane = threadIdx.x;
        if (lane % 2 == 0) {
            dict_lane<T> d(col, v, lane);
            for (unsigned r = 0; r < 16; r++) {
                const T x = d.next();
                if (64 * r + lane < m)
                    o[64 * r + lane] = x;
            }
        } else {
            for (unsigned p = lane; p < m; p += 64)
                o[p] = dict_value<T>(col, v, p);
        }
        return;
    }
    if constexpr (!value_traits<T>::is_float) {
        if (e.scheme == GALP_SCHEME_DELTA) {
            for (unsigned lane = threadIdx.x; lane < L; lane += threads) {
                delta_lane<T> d(col, v, lane);
                for (unsigned r = 0; r < W; r++) {
                    const T x = d.next();
                    if (lane * W + r < m)
                        o[lane * W + r] = x;
                }
            }
            return;
        }
        if (e.scheme == GALP_SCHEME_RUNS) { /* one warp visits the vector */
            if (threadIdx.x < 32) {
                const runs_warp<T> d(col, v);
                d.visit(threadIdx.x, [&](unsigned p, T x) { o[p] = x; });
            }
            return;
        }
        if (e.scheme == GALP_SCHEME_RLE) {
            rle_lane<T> d(col, v, threadIdx.x);
            for (unsigned r = 0; r < 16; r++) {
                const T x = d.next();
                if (16 * threadIdx.x + r < m)
                    o[16 * threadIdx.x + r] = x;
            }
            return;
        }
    }
    for (unsigned lane = threadIdx.x; lane < L; lane += threads) { /* RAW, FFOR */
        lane_decoder<T> d(col, v, lane);
        for (unsigned r = 0; r < W; r++) {
            const T x = d.next();
            if (r * L + lane < m)
                o[r * L + lane] = x;
        }
    }
}

/* A u32 column through the block loader load_fastlanes_tile: item i of thread t is position
 * 128·i + t of the block's vector. */
__global__ void __launch_bounds__(tile_threads) decode_tiles(galp_gpu_view col, uint32_t *out)
{
    __shared__ fastlanes_tile_shared sm;
    const uint32_t v = blockIdx.x;
    const unsigned m = detail::vector_value_count(col, v);
    uint32_t items[tile_items];
    load_fastlanes_tile(col.data, v, m, sm, items);
    for (unsigned i = 0; i < tile_items; i++) {
        const unsigned p = i * tile_threads + threadIdx.x;
        if (p < m)
            out[(size_t)v * GALP_VECTOR_SIZE + p] = items[i];
    }
}

} /* namespace */

extern "C" galp_status test_device_api_fastlanes_tile_decode(const galp_gpu_view *view, uint32_t *dst)
{
    if (view->type != GALP_TYPE_U32)
        return GALP_ERR_ARGUMENT;
    if (view->vector_count == 0)
        return GALP_OK;
    decode_tiles<<<view->vector_count, tile_threads>>>(*view, dst);
    const galp_status st = galp::device::detail::launch_status();
    return st != GALP_OK ? st : galp_gpu_status_from_cuda(cudaDeviceSynchronize());
}

extern "C" galp_status test_device_api_fastlanes_decode(const galp_gpu_view *view, void *dst)
{
    const galp_gpu_view col = *view;
    if (col.vector_count == 0)
        return GALP_OK;
    return galp::device::detail::dispatch_type(col.type, [&](auto zero) {
        typedef decltype(zero) T;
        decode_vectors<T><<<col.vector_count, threads>>>(col, (T *)dst);
        const galp_status st = galp::device::detail::launch_status();
        return st != GALP_OK ? st : galp_gpu_status_from_cuda(cudaDeviceSynchronize());
    });
}
