/*
 * alp_constants.c — ALP constant tables.
 *
 * The decoder tables are the normative bit patterns of spec/alp.md §4, written as integers so
 * that no compiler's decimal-to-binary conversion can change them; conformance/test_alp.c checks
 * that FRAC_W[i] is the value-type number nearest to 10^-i.
 */
#include "alp_constants.h"

/* FRAC64[i] = fl64(10^-i) (spec/alp.md §4). */
const uint64_t galp_alp_frac64_bits[GALP_ALP_MAX_E64 + 1] = {
    0x3ff0000000000000u, 0x3fb999999999999au, 0x3f847ae147ae147bu, 0x3f50624dd2f1a9fcu,
    0x3f1a36e2eb1c432du, 0x3ee4f8b588e368f1u, 0x3eb0c6f7a0b5ed8du, 0x3e7ad7f29abcaf48u,
    0x3e45798ee2308c3au, 0x3e112e0be826d695u, 0x3ddb7cdfd9d7bdbbu, 0x3da5fd7fe1796495u,
    0x3d719799812dea11u, 0x3d3c25c268497682u, 0x3d06849b86a12b9bu, 0x3cd203af9ee75616u,
    0x3c9cd2b297d889bcu, 0x3c670ef54646d497u, 0x3c32725dd1d243acu,
};

/* FACT64[i] = 10^i (spec/alp.md §4). */
const uint64_t galp_alp_fact64[GALP_ALP_MAX_E64 + 1] = {
    1u,
    10u,
    100u,
    1000u,
    10000u,
    100000u,
    1000000u,
    10000000u,
    100000000u,
    1000000000u,
    10000000000u,
    100000000000u,
    1000000000000u,
    10000000000000u,
    100000000000000u,
    1000000000000000u,
    10000000000000000u,
    100000000000000000u,
    1000000000000000000u,
};

/* FRAC32[i] = fl32(10^-i) (spec/alp.md §4). */
const uint32_t galp_alp_frac32_bits[GALP_ALP_MAX_E32 + 1] = {
    0x3f800000u, 0x3dcccccdu, 0x3c23d70au, 0x3a83126fu, 0x38d1b717u, 0x3727c5acu,
    0x358637bdu, 0x33d6bf95u, 0x322bcc77u, 0x3089705fu, 0x2edbe6ffu,
};

/* FACT32[i] = 10^i mod 2^32: the last entry wraps (spec/alp.md §4). */
const uint32_t galp_alp_fact32[GALP_ALP_MAX_E32 + 1] = {
    1u, 10u, 100u, 1000u, 10000u, 100000u, 1000000u, 10000000u, 100000000u, 1000000000u,
    1410065408u,
};

/* Powers of ten for the encoder: every entry is an exact binary64 / binary32 number
 * (10^i = 2^i · 5^i and 5^18 < 2^53, 5^10 < 2^24), so the literals cannot be misrounded. */
const double galp_alp_exp64[GALP_ALP_MAX_E64 + 1] = {
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9,
    1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18,
};
const float galp_alp_exp32[GALP_ALP_MAX_E32 + 1] = {
    1e0f, 1e1f, 1e2f, 1e3f, 1e4f, 1e5f, 1e6f, 1e7f, 1e8f, 1e9f, 1e10f,
};
