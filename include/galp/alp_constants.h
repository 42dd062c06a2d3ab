/*
 * galp/alp_constants.h — the ALP decoder constants FRAC_W and FACT_W of spec/alp.md §4, the one
 * definition every decoder uses.
 *
 * Each table is an array initializer, so that C code defines ordinary arrays from it and CUDA
 * code __constant__ or __device__ arrays, all with the same entries:
 *
 *     const uint64_t frac64_bits[GALP_ALP_MAX_E64 + 1] = GALP_ALP_FRAC64_BITS_INIT;
 *     static __constant__ uint64_t frac64_bits[GALP_ALP_MAX_E64 + 1] = GALP_ALP_FRAC64_BITS_INIT;
 *
 * The FRAC tables hold the exact bit patterns of the spec's table, as integers, so that no
 * compiler's decimal-to-binary conversion can change them; read an entry as a double or float
 * by copying its bits (memcpy in C, __longlong_as_double / __uint_as_float in CUDA).
 */
#ifndef GALP_ALP_CONSTANTS_PUBLIC_H
#define GALP_ALP_CONSTANTS_PUBLIC_H

#include <stdint.h>

/* Largest exponent e (and factor f) of an f64 and of an f32 vector (spec/alp.md §3). */
#define GALP_ALP_MAX_E64 18u
#define GALP_ALP_MAX_E32 10u

/* FRAC64[i] = fl64(10^-i), binary64 bit patterns, i = 0 … 18 (spec/alp.md §4). */
#define GALP_ALP_FRAC64_BITS_INIT                                                              \
    {                                                                                          \
        UINT64_C(0x3ff0000000000000), UINT64_C(0x3fb999999999999a),                            \
        UINT64_C(0x3f847ae147ae147b), UINT64_C(0x3f50624dd2f1a9fc),                            \
        UINT64_C(0x3f1a36e2eb1c432d), UINT64_C(0x3ee4f8b588e368f1),                            \
        UINT64_C(0x3eb0c6f7a0b5ed8d), UINT64_C(0x3e7ad7f29abcaf48),                            \
        UINT64_C(0x3e45798ee2308c3a), UINT64_C(0x3e112e0be826d695),                            \
        UINT64_C(0x3ddb7cdfd9d7bdbb), UINT64_C(0x3da5fd7fe1796495),                            \
        UINT64_C(0x3d719799812dea11), UINT64_C(0x3d3c25c268497682),                            \
        UINT64_C(0x3d06849b86a12b9b), UINT64_C(0x3cd203af9ee75616),                            \
        UINT64_C(0x3c9cd2b297d889bc), UINT64_C(0x3c670ef54646d497),                            \
        UINT64_C(0x3c32725dd1d243ac)                                                           \
    }

/* FACT64[i] = 10^i, i = 0 … 18 (spec/alp.md §4). */
#define GALP_ALP_FACT64_INIT                                                                   \
    {                                                                                          \
        UINT64_C(0x0000000000000001), UINT64_C(0x000000000000000a),                            \
        UINT64_C(0x0000000000000064), UINT64_C(0x00000000000003e8),                            \
        UINT64_C(0x0000000000002710), UINT64_C(0x00000000000186a0),                            \
        UINT64_C(0x00000000000f4240), UINT64_C(0x0000000000989680),                            \
        UINT64_C(0x0000000005f5e100), UINT64_C(0x000000003b9aca00),                            \
        UINT64_C(0x00000002540be400), UINT64_C(0x000000174876e800),                            \
        UINT64_C(0x000000e8d4a51000), UINT64_C(0x000009184e72a000),                            \
        UINT64_C(0x00005af3107a4000), UINT64_C(0x00038d7ea4c68000),                            \
        UINT64_C(0x002386f26fc10000), UINT64_C(0x016345785d8a0000),                            \
        UINT64_C(0x0de0b6b3a7640000)                                                           \
    }

/* FRAC32[i] = fl32(10^-i), binary32 bit patterns, i = 0 … 10 (spec/alp.md §4). */
#define GALP_ALP_FRAC32_BITS_INIT                                                              \
    {                                                                                          \
        UINT32_C(0x3f800000), UINT32_C(0x3dcccccd), UINT32_C(0x3c23d70a), UINT32_C(0x3a83126f), \
        UINT32_C(0x38d1b717), UINT32_C(0x3727c5ac), UINT32_C(0x358637bd), UINT32_C(0x33d6bf95), \
        UINT32_C(0x322bcc77), UINT32_C(0x3089705f), UINT32_C(0x2edbe6ff)                        \
    }

/* FACT32[i] = 10^i mod 2^32, i = 0 … 10: the last entry wraps (spec/alp.md §4). */
#define GALP_ALP_FACT32_INIT                                                                   \
    {                                                                                          \
        UINT32_C(0x00000001), UINT32_C(0x0000000a), UINT32_C(0x00000064), UINT32_C(0x000003e8), \
        UINT32_C(0x00002710), UINT32_C(0x000186a0), UINT32_C(0x000f4240), UINT32_C(0x00989680), \
        UINT32_C(0x05f5e100), UINT32_C(0x3b9aca00), UINT32_C(0x540be400)                        \
    }

#endif /* GALP_ALP_CONSTANTS_PUBLIC_H */
