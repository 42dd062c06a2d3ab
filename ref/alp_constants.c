/*
 * alp_constants.c — ALP constant tables.
 *
 * The decoder tables are defined from the one definition of spec/alp.md §4's bit patterns,
 * include/galp/alp_constants.h; conformance/test_alp.c checks that FRAC_W[i] is the value-type
 * number nearest to 10^-i and FACT_W[i] is 10^i mod 2^W.
 */
#include "alp_constants.h"

/* spec/alp.md §4: FRAC64, FACT64, FRAC32 and FACT32 (FACT32[10] wraps mod 2^32). */
const uint64_t galp_alp_frac64_bits[GALP_ALP_MAX_E64 + 1] = GALP_ALP_FRAC64_BITS_INIT;
const uint64_t galp_alp_fact64[GALP_ALP_MAX_E64 + 1] = GALP_ALP_FACT64_INIT;
const uint32_t galp_alp_frac32_bits[GALP_ALP_MAX_E32 + 1] = GALP_ALP_FRAC32_BITS_INIT;
const uint32_t galp_alp_fact32[GALP_ALP_MAX_E32 + 1] = GALP_ALP_FACT32_INIT;

/* Powers of ten for the encoder: every entry is an exact binary64 / binary32 number
 * (10^i = 2^i · 5^i and 5^18 < 2^53, 5^10 < 2^24), so the literals cannot be misrounded. */
const double galp_alp_exp64[GALP_ALP_MAX_E64 + 1] = {
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9,
    1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18,
};
const float galp_alp_exp32[GALP_ALP_MAX_E32 + 1] = {
    1e0f, 1e1f, 1e2f, 1e3f, 1e4f, 1e5f, 1e6f, 1e7f, 1e8f, 1e9f, 1e10f,
};
