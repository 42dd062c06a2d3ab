/*
 * galp/device/alp.cuh — the ALP decode arithmetic on the device (spec/alp.md §3, §4).
 *
 * x = convert(s) ⊗ FRAC[e] where s is (u · FACT[f]) mod 2^W read as signed: a wrapping integer
 * multiply, one conversion and one multiply, each rounding to nearest even. The explicit
 * intrinsics (__ll2double_rn, __dmul_rn, ...) keep the compiler from fusing or reassociating.
 *
 * No tables: FACT[f] = 10^f is computed by multiplication (exact in 64 bits for f <= 18, and
 * spec/alp.md §4 defines FACT32 as the low 32 bits), and FRAC[e] = fl(10^-e) is the IEEE
 * quotient 1 / 10^e, which is correctly rounded because 10^e is exact in the value type for
 * e <= 18 (f64) and e <= 10 (f32), the ranges spec/alp.md §3 allows. The results equal the
 * entries of galp/alp_constants.h, the tables' one definition (conformance/test_gpu.c checks
 * every e and f). So the decoder needs neither constant nor shared memory.
 */
#ifndef GALP_DEVICE_ALP_CUH
#define GALP_DEVICE_ALP_CUH

#include "types.cuh"

namespace galp::device::detail {

__device__ __forceinline__ uint64_t pow10_u64(unsigned n)
{
    uint64_t p = 1;
    for (unsigned i = 0; i < n; i++)
        p *= 10u;
    return p;
}

/* The float type of T's ALP arithmetic (T itself; a trait so that integer types name one too). */
template <typename T> struct alp_float { typedef T type; };

/* convert(q) ⊗ FRAC for the product q = u · FACT (mod 2^W) read as signed (spec/alp.md §4). */
template <typename T> __device__ __forceinline__ T alp_from_product(uint64_t k, double frac);
template <> __device__ __forceinline__ double alp_from_product<double>(uint64_t k, double frac)
{
    return __dmul_rn(__ll2double_rn((long long)k), frac);
}
template <typename T> __device__ __forceinline__ T alp_from_product(uint32_t k, float frac);
template <> __device__ __forceinline__ float alp_from_product<float>(uint32_t k, float frac)
{
    return __fmul_rn(__int2float_rn((int)k), frac);
}

template <typename T> struct alp_params;

template <> struct alp_params<double> {
    uint64_t fact;
    double frac;
    __device__ __forceinline__ void init(unsigned e, unsigned f)
    {
        fact = pow10_u64(f);
        frac = __ddiv_rn(1.0, __ull2double_rn(pow10_u64(e)));
    }
    __device__ __forceinline__ double decode(uint64_t u) const
    {
        return alp_from_product<double>(u * fact, frac);
    }
};

template <> struct alp_params<float> {
    uint32_t fact;
    float frac;
    __device__ __forceinline__ void init(unsigned e, unsigned f)
    {
        fact = (uint32_t)pow10_u64(f);
        frac = __fdiv_rn(1.0f, __ull2float_rn(pow10_u64(e)));
    }
    __device__ __forceinline__ float decode(uint32_t u) const
    {
        return alp_from_product<float>(u * fact, frac);
    }
};

} /* namespace galp::device::detail */

#endif /* GALP_DEVICE_ALP_CUH */
