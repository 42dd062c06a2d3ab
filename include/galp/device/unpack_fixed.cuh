/*
 * galp/device/unpack_fixed.cuh — 32 packed values of one lane with a bit width known at compile time,
 * for the code paths that unpack a whole lane at once (galp/device/visit.cuh for 32-bit lanes in
 * global memory, galp/device/block_vector.cuh for the scans' staged vectors).
 *
 * spec/ffor.md: value r of a lane occupies bits [r·b, r·b + b) of the lane's bit stream, LSB
 * first. With b a constant every shift and mask is one, and the b words the 32 values span are
 * loaded up front, all in flight together. unpack32 compiles only the unpacking per width;
 * what consumes the values is shared by all widths, because real columns change width from
 * vector to vector and a fully specialised path per width overflowed the instruction cache
 * (docs/DESIGN.md). for_each_aligned is the exception: its consumer, the range scan's
 * comparison of about three instructions per value (gpu/range.cu), is small enough to compile
 * into every width, which costs columns of mixed widths a little and gains columns of one
 * narrow width much more.
 */
#ifndef GALP_DEVICE_UNPACK_FIXED_CUH
#define GALP_DEVICE_UNPACK_FIXED_CUH

#include <stdint.h>

namespace galp::device::detail {

template <unsigned N> struct width_constant {
    static constexpr unsigned value = N;
};

/* Calls f(width_constant<b>()) for the run-time b in [Lo, Hi], by binary search. */
template <unsigned Lo, unsigned Hi, typename F>
__device__ __forceinline__ void dispatch_width(unsigned b, F &&f)
{
    if constexpr (Lo == Hi) {
        f(width_constant<Lo>());
    } else {
        constexpr unsigned Mid = (Lo + Hi) / 2;
        if (b <= Mid)
            dispatch_width<Lo, Mid>(b, f);
        else
            dispatch_width<Mid + 1, Hi>(b, f);
    }
}

/* The 32 values of width B from a stream of 32-bit words, load(k) giving word k (k < B). */
template <unsigned B, typename Load>
__device__ __forceinline__ void unpack32_fixed(Load &&load, uint32_t (&v)[32])
{
    constexpr uint32_t mask = B == 0 ? 0u : (uint32_t)(~0u >> (32u - (B == 0 ? 1u : B)));
    uint32_t w[B == 0 ? 1 : B];
    if constexpr (B != 0) {
#pragma unroll
        for (unsigned k = 0; k < B; k++)
            w[k] = load(k);
    }
#pragma unroll
    for (unsigned r = 0; r < 32; r++) {
        const unsigned p = r * B, k = p / 32, off = p % 32;
        if constexpr (B == 0) {
            v[r] = 0;
        } else if (off + B > 32) {
            v[r] = __funnelshift_r(w[k], w[k + 1], off) & mask;
        } else {
            v[r] = (w[k] >> off) & mask;
        }
    }
}

/* The same for a run-time b <= 32. */
template <typename Load> __device__ __forceinline__ void unpack32(unsigned b, Load &&load, uint32_t (&v)[32])
{
    dispatch_width<0, 32>(b, [&](auto width) { unpack32_fixed<decltype(width)::value>(load, v); });
}

/* The same 32 values unmasked and left-aligned: f(a) for value r, in order, with
 * a = value << (32 - B) | g, where g < 2^(32 - B) holds the stream's bits just below the
 * value (another value's, whatever they are). One shift per value, none where a value ends
 * a word, against a shift and a mask: for callers that compare each value with bounds
 * aligned the same way (gpu/range.cu), where the bits below do not change the outcome. */
template <unsigned B, typename Load, typename F>
__device__ __forceinline__ void for_each_aligned_fixed(Load &&load, F &&f)
{
    if constexpr (B == 0) {
#pragma unroll
        for (unsigned r = 0; r < 32; r++)
            f(0u);
    } else {
        uint32_t w[B];
#pragma unroll
        for (unsigned k = 0; k < B; k++)
            w[k] = load(k);
#pragma unroll
        for (unsigned r = 0; r < 32; r++) {
            const unsigned k = r * B / 32, end = r * B % 32 + B; /* the value's bits [end - B, end) of w[k]:w[k + 1] */
            if (end <= 32)
                f(w[k] << (32 - end));
            else
                f(__funnelshift_l(w[k], w[k + 1], 64 - end));
        }
    }
}

/* The same for a run-time b <= 32. */
template <typename Load, typename F> __device__ __forceinline__ void for_each_aligned(unsigned b, Load &&load, F &&f)
{
    dispatch_width<0, 32>(b, [&](auto width) { for_each_aligned_fixed<decltype(width)::value>(load, f); });
}

} /* namespace galp::device::detail */

#endif /* GALP_DEVICE_UNPACK_FIXED_CUH */
