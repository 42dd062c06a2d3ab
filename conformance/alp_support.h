/*
 * alp_support.h — helpers shared by the ALP / G-ALP tests: encode one vector with the reference
 * encoder and check everything a decoder can say about it.
 */
#ifndef GALP_ALP_SUPPORT_H
#define GALP_ALP_SUPPORT_H

#include <stdint.h>

#include "galp_internal.h"

/* Room for the largest payload (G-ALP, f64, full width, 1024 exceptions) plus the tail
 * padding a decoder may read (spec/format.md §3.5). */
#define ALP_SUPPORT_PAYLOAD_ROOM (128u * 64u + 32u + 1024u * 10u + GALP_TAIL_PADDING)

typedef struct alp_vector {
    galp_type type;
    galp_vector_info info;
    uint8_t payload[ALP_SUPPORT_PAYLOAD_ROOM];
} alp_vector;

/* Encodes m values of the type as one ALP or GALP vector, with row-group sampling over them. */
void alp_encode_one(galp_type type, galp_scheme scheme, const void *values, uint32_t m,
                    alp_vector *out);

/* Asserts that the vector validates, has the implied payload size, decodes bit-exactly to
 * `values` in bulk and value by value, and that the other exception layout, obtained with the
 * layout converter, validates and decodes to the same bits. */
void alp_check_roundtrip(const alp_vector *v, const void *values);

/* Both layouts encode and round-trip; returns the ALP-layout vector in *alp_out if not NULL. */
void alp_check_values(galp_type type, const void *values, uint32_t m, alp_vector *alp_out);

/* Lane-end entry l of a GALP payload (spec/galp.md §1). */
unsigned alp_lane_end(const alp_vector *v, unsigned lane);

#endif /* GALP_ALP_SUPPORT_H */
