/*
 * alp_constants.h — the ALP decoder tables of spec/alp.md §4 (defined once, in
 * include/galp/alp_constants.h) and the encoder's powers of ten.
 */
#ifndef GALP_ALP_CONSTANTS_H
#define GALP_ALP_CONSTANTS_H

#include <stdint.h>

#include <galp/alp_constants.h>

/* Decoder constants, exact bit patterns (spec/alp.md §4 table). */
extern const uint64_t galp_alp_frac64_bits[GALP_ALP_MAX_E64 + 1];
extern const uint64_t galp_alp_fact64[GALP_ALP_MAX_E64 + 1];
extern const uint32_t galp_alp_frac32_bits[GALP_ALP_MAX_E32 + 1];
extern const uint32_t galp_alp_fact32[GALP_ALP_MAX_E32 + 1];

/* Encoder constants: 10^i exactly representable (f64: i <= 22, f32: i <= 10). */
extern const double galp_alp_exp64[GALP_ALP_MAX_E64 + 1];
extern const float galp_alp_exp32[GALP_ALP_MAX_E32 + 1];

#endif /* GALP_ALP_CONSTANTS_H */
