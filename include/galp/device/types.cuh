/*
 * galp/device/types.cuh — value types of the device API: word width, lanes, float or integer.
 *
 * spec/format.md §1: W is the width of the value type, L = 1024 / W the lanes of a vector.
 * A float column stores its integers (ALP) and its exceptions in unsigned words of the same
 * width, so every type maps to the unsigned word its payload is made of.
 */
#ifndef GALP_DEVICE_TYPES_CUH
#define GALP_DEVICE_TYPES_CUH

#include <stdint.h>

#include "galp.h"
#include "galp/layout.h"

namespace galp::device::detail {

template <typename T> struct value_traits;

#define GALP_GPU_TRAITS(T, WORD, TYPE, IS_FLOAT)                                              \
    template <> struct value_traits<T> {                                                      \
        typedef WORD word;                                                                    \
        static constexpr unsigned bits = 8u * sizeof(WORD);                                   \
        static constexpr unsigned lanes = galp_layout_lanes(bits);                                       \
        static constexpr galp_type type = TYPE;                                               \
        static constexpr bool is_float = IS_FLOAT;                                            \
    };
GALP_GPU_TRAITS(uint8_t, uint8_t, GALP_TYPE_U8, false)
GALP_GPU_TRAITS(uint16_t, uint16_t, GALP_TYPE_U16, false)
GALP_GPU_TRAITS(uint32_t, uint32_t, GALP_TYPE_U32, false)
GALP_GPU_TRAITS(uint64_t, uint64_t, GALP_TYPE_U64, false)
GALP_GPU_TRAITS(float, uint32_t, GALP_TYPE_F32, true)
GALP_GPU_TRAITS(double, uint64_t, GALP_TYPE_F64, true)
#undef GALP_GPU_TRAITS

/* Registers hold words of up to 32 bits in a 32-bit register (the GPU has no narrower ALU
 * operations) and 64-bit words in a pair. */
template <typename Word> struct reg_of { typedef uint32_t type; };
template <> struct reg_of<uint64_t> { typedef uint64_t type; };

/* Bit patterns <-> values, without type punning through memory. */
__device__ __forceinline__ float from_bits(uint32_t w, float *) { return __uint_as_float(w); }
__device__ __forceinline__ double from_bits(uint64_t w, double *)
{
    return __longlong_as_double((long long)w);
}
template <typename T, typename R> __device__ __forceinline__ T value_from_word(R w)
{
    if constexpr (value_traits<T>::is_float)
        return from_bits(w, (T *)nullptr);
    else
        return (T)w;
}

/* The value of type T whose bit pattern is the low bits of a 64-bit word (the host API's
 * query bounds, include/galp_gpu.h). */
template <typename T> __device__ __forceinline__ T value_of_bits(uint64_t bits)
{
    return value_from_word<T>((typename value_traits<T>::word)bits);
}

} /* namespace galp::device::detail */

/* The public names of this header (docs/GPU.md). */
namespace galp::device {
using detail::value_traits;
} /* namespace galp::device */

#endif /* GALP_DEVICE_TYPES_CUH */
