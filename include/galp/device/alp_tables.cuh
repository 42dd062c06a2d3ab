/*
 * galp/device/alp_tables.cuh — FACT[f] and FRAC[e] of spec/alp.md §3 as constant-memory tables, for
 * the bulk kernels (galp/device/block_vector.cuh), which look them up once per vector in every
 * thread: a uniform constant load is cheaper there than the loop and the IEEE division with
 * which the device API's alp_params (galp/device/alp.cuh) computes them without constant memory.
 *
 * The tables are galp/alp_constants.h's, the one definition that the reference codec uses too;
 * conformance/test_gpu.c checks entry by entry that alp_params computes the same constants.
 */
#ifndef GALP_DEVICE_ALP_TABLES_CUH
#define GALP_DEVICE_ALP_TABLES_CUH

#include "galp/alp_constants.h"

#include "alp.cuh"
#include "pushdown.cuh"

namespace galp::device::detail {

/* FACT[f] and the bit patterns of FRAC[e], from the one definition of spec/alp.md §4's tables
 * (galp/alp_constants.h). FACT32 is the low 32 bits of the 64-bit table (spec/alp.md §4).
 * static: each translation unit of a whole-program (-rdc=false) build owns its copy, as CUDA
 * requires of a __constant__ variable defined in a header. */
static __constant__ uint64_t alp_fact_table[GALP_ALP_MAX_E64 + 1] = GALP_ALP_FACT64_INIT;
static __constant__ uint64_t alp_frac64_bits[GALP_ALP_MAX_E64 + 1] = GALP_ALP_FRAC64_BITS_INIT;
static __constant__ uint32_t alp_frac32_bits[GALP_ALP_MAX_E32 + 1] = GALP_ALP_FRAC32_BITS_INIT;

/* floor(2^(W-1) / FACT[f]) (galp/device/pushdown.cuh, product_limits). For f >= 1 FACT is not a
 * power of two, so it does not divide 2^(W-1) and floor((2^(W-1) - 1) / FACT) is the same
 * quotient; for f = 0 it is one less. */
static __constant__ uint64_t alp_half_over_fact64[19] = {
    9223372036854775808u, 922337203685477580u, 92233720368547758u, 9223372036854775u,
    922337203685477u, 92233720368547u, 9223372036854u, 922337203685u, 92233720368u, 9223372036u,
    922337203u, 92233720u, 9223372u, 922337u, 92233u, 9223u, 922u, 92u, 9u};
static __constant__ uint32_t alp_half_over_fact32[11] = {
    2147483648u, 214748364u, 21474836u, 2147483u, 214748u, 21474u, 2147u, 214u, 21u, 2u, 1u};

template <typename T> __device__ __forceinline__ product_limits alp_product_limits(unsigned f)
{
    const uint64_t down = sizeof(T) == 8 ? alp_half_over_fact64[f] : alp_half_over_fact32[f];
    return product_limits{f == 0 ? down - 1u : down, down};
}

/* The header has checked e and f against the type's ranges (spec/alp.md §3). */
template <typename T> __device__ __forceinline__ typename value_traits<T>::word alp_fact(unsigned f)
{
    return (typename value_traits<T>::word)alp_fact_table[f];
}
template <typename T> __device__ __forceinline__ T alp_frac(unsigned e);
template <> __device__ __forceinline__ double alp_frac<double>(unsigned e)
{
    return __longlong_as_double((long long)alp_frac64_bits[e]);
}
template <> __device__ __forceinline__ float alp_frac<float>(unsigned e) { return __uint_as_float(alp_frac32_bits[e]); }

/* alp_plan_params_of (galp/device/pushdown.cuh) by lookups, for the plan kernel (gpu/range.cu): the
 * loops, the IEEE division and the two 64-bit divisions that compute them cost about as many
 * instructions as the searches they serve. */
template <typename T> __device__ __forceinline__ alp_plan_params<T> alp_plan_params_looked_up(const vector_entry &e)
{
    alp_plan_params<T> in;
    in.x.base = e.base;
    in.x.alp.fact = alp_fact<T>(e.factor);
    in.x.alp.frac = alp_frac<T>(e.exponent);
    in.lim = alp_product_limits<T>(e.factor);
    in.scale = (double)alp_fact_table[e.exponent - e.factor]; /* f <= e: galp_open checked it at upload (spec/alp.md §3) */
    return in;
}

/* The value of every slot of a vector of width 0 that is not an exception: packed integer 0
 * decoded (spec/ffor.md §4: b = 0 stores no bits), the base for FFOR, its ALP map
 * base·FACT ⊗ FRAC for G-ALP (spec/alp.md §4), for the scans that take such vectors from their
 * entries (gpu/aggregate.cu, gpu/range.cu). */
template <typename T> __device__ __forceinline__ T constant_value(const vector_entry &e)
{
    typedef typename value_traits<T>::word Word;
    if constexpr (value_traits<T>::is_float)
        return alp_plan_params_looked_up<T>(e).x(0);
    else
        return value_from_word<T>((Word)e.base);
}

} /* namespace galp::device::detail */

#endif /* GALP_DEVICE_ALP_TABLES_CUH */
