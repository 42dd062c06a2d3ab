/*
 * alp_encode.h — pieces of the recommended ALP encoder (spec/alp.md §6) shared by the sampler
 * (alp_sample.c), the vector encoder (alp_encode.c) and the G-ALP layout (galp_layout.c).
 */
#ifndef GALP_ALP_ENCODE_H
#define GALP_ALP_ENCODE_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "galp_internal.h"

/* Values per sampled vector, at both sampling levels (spec/alp.md §6.2). */
#define GALP_ALP_SAMPLES_PER_VECTOR 32u

/* Bit pattern of value i of an array of W-bit floats (W = 32 or 64), widened. */
static inline uint64_t galp_alp_load_bits(unsigned w, const void *values, uint64_t i)
{
    if (w == 64) {
        uint64_t b;
        memcpy(&b, (const uint8_t *)values + 8 * i, sizeof b);
        return b;
    }
    uint32_t b;
    memcpy(&b, (const uint8_t *)values + 4 * i, sizeof b);
    return b;
}

/* Largest e (and f) for W-bit floats (spec/alp.md §3). */
unsigned galp_alp_max_exponent(unsigned w);

/* Encodes the W-bit float with bit pattern `bits` with exponent e and factor f. Returns true
 * and the integer in *k when the normative decode (spec/alp.md §4) of *k gives `bits` back
 * exactly; false when the value must be an exception. */
bool galp_alp_encode_value(unsigned w, uint64_t bits, unsigned e, unsigned f, int64_t *k);

/* Estimated size in bits of `count` values encoded with (e, f): bit width of the non-exception
 * integers' range per value plus (W + 16) bits per exception (spec/alp.md §6.2). */
uint64_t galp_alp_estimate_bits(unsigned w, const uint64_t *bits, unsigned count, unsigned e,
                                unsigned f);

/* Second sampling level: the (e, f) among the row group's candidates for one vector of m
 * values (spec/alp.md §6.2). */
void galp_alp_choose_vector(unsigned w, const galp_alp_candidates *candidates,
                            const void *values, uint32_t m, unsigned *e, unsigned *f);

/* The encoder's second opinion (spec/alp.md §6.3): given the pair (*e, *f) that left
 * `exceptions` of the vector's m values as exceptions, whether to encode the vector a second
 * time, and with which pair. True with a different pair in (*e, *f) when the exceptions exceed
 * m/16 and every pair searched on a second, skewed sample finds one; the encoder then keeps
 * the smaller of the two payloads. False leaves (*e, *f) as they were. */
bool galp_alp_retry_pair(unsigned w, const void *values, uint32_t m, uint32_t exceptions,
                         unsigned *e, unsigned *f);

#endif /* GALP_ALP_ENCODE_H */
