/*
 * galp/device/alp_tables.cuh — FACT[f] and FRAC[e] of spec/alp.md §3 as constant-memory tables, for
 * the bulk kernels (galp/device/block_vector.cuh), which look them up once per vector in every
 * thread: a uniform constant load is cheaper there than the loop and the IEEE division with
 * which the device API's alp_params (galp/device/alp.cuh) computes them without constant memory.
 *
 * Each FRAC entry is written as the decimal 1e-e, which the compiler rounds to the nearest
 * value of the type: fl(10^-e), the correctly rounded quotient that spec/alp.md's bit
 * patterns define and alp_params computes; conformance/test_gpu.c checks both paths by
 * decoding every golden vector bit-exactly.
 */
#ifndef GALP_DEVICE_ALP_TABLES_CUH
#define GALP_DEVICE_ALP_TABLES_CUH

#include "alp.cuh"
#include "pushdown.cuh"

namespace galp::device::detail {

/* 10^f for f <= 18 (FACT32 is its low 32 bits, spec/alp.md §4). */
static __constant__ uint64_t alp_fact_table[19] = {
    1ull, 10ull, 100ull, 1000ull, 10000ull, 100000ull, 1000000ull, 10000000ull, 100000000ull,
    1000000000ull, 10000000000ull, 100000000000ull, 1000000000000ull, 10000000000000ull,
    100000000000000ull, 1000000000000000ull, 10000000000000000ull, 100000000000000000ull,
    1000000000000000000ull};
static __constant__ double alp_frac64_table[19] = {
    1e0, 1e-1, 1e-2, 1e-3, 1e-4, 1e-5, 1e-6, 1e-7, 1e-8, 1e-9,
    1e-10, 1e-11, 1e-12, 1e-13, 1e-14, 1e-15, 1e-16, 1e-17, 1e-18};
static __constant__ float alp_frac32_table[11] = {
    1e0f, 1e-1f, 1e-2f, 1e-3f, 1e-4f, 1e-5f, 1e-6f, 1e-7f, 1e-8f, 1e-9f, 1e-10f};

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
template <> __device__ __forceinline__ double alp_frac<double>(unsigned e) { return alp_frac64_table[e]; }
template <> __device__ __forceinline__ float alp_frac<float>(unsigned e) { return alp_frac32_table[e]; }

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
