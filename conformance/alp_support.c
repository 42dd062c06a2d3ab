/*
 * alp_support.c — see alp_support.h.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "alp_support.h"
#include "bytes.h"
#include "galp_layout.h"

void alp_encode_one(galp_type type, galp_scheme scheme, const void *values, uint32_t m,
                    alp_vector *out)
{
    galp_alp_candidates candidates;
    memset(out, 0, sizeof *out);
    out->type = type;
    galp_alp_sample_rowgroup(type, values, m, &candidates);
    assert_true(candidates.count >= 1 && candidates.count <= GALP_ALP_MAX_CANDIDATES);
    galp_alp_workspace *work = galp_alp_workspace_new();
    assert_non_null(work);
    galp_alp_encode_vector(work, type, scheme, 0, &candidates, values, m, &out->info,
                           out->payload);
    galp_alp_workspace_free(work);
    out->info.value_count = m;
    assert_int_equal(out->info.scheme, scheme);
}

static void check_decodes(const alp_vector *v, const void *values)
{
    const size_t size = galp_type_size(v->type);
    const uint32_t m = v->info.value_count;
    uint8_t decoded[GALP_VECTOR_SIZE * 8];
    uint8_t one[8];

    galp_reader payload = galp_reader_of(v->payload, v->info.payload_size);
    assert_int_equal(galp_alp_validate_payload(v->type, 0, &v->info, &payload), GALP_OK);
    assert_int_equal(v->info.payload_size, galp_payload_size(v->type, 0, &v->info));
    galp_alp_decode_vector(v->type, 0, &v->info, &payload, decoded);
    assert_memory_equal(decoded, values, m * size);
    for (uint32_t i = 0; i < m; i++) {
        galp_alp_get(v->type, 0, &v->info, &payload, i, one);
        assert_memory_equal(one, (const uint8_t *)values + i * size, size);
    }
    assert_false(payload.overrun);
}

void alp_check_roundtrip(const alp_vector *v, const void *values)
{
    check_decodes(v, values);
    alp_vector *other = malloc(sizeof *other);
    assert_non_null(other);
    *other = *v;
    other->info.scheme = v->info.scheme == GALP_SCHEME_ALP ? GALP_SCHEME_GALP : GALP_SCHEME_ALP;
    galp_reader payload = galp_reader_of(v->payload, v->info.payload_size);
    other->info.payload_size = (uint32_t)galp_convert_payload(
        v->info.scheme, 0, other->info.scheme, 0, (unsigned)galp_type_bits(v->type),
        v->info.bit_width, v->info.exception_count, &payload, other->payload);
    assert_false(payload.overrun);
    check_decodes(other, values);
    free(other);
}

void alp_check_values(galp_type type, const void *values, uint32_t m, alp_vector *alp_out)
{
    alp_vector *alp = malloc(sizeof *alp);
    alp_vector *galp = malloc(sizeof *galp);
    assert_non_null(alp);
    assert_non_null(galp);
    alp_encode_one(type, GALP_SCHEME_ALP, values, m, alp);
    alp_encode_one(type, GALP_SCHEME_GALP, values, m, galp);
    alp_check_roundtrip(alp, values);
    alp_check_roundtrip(galp, values);
    /* Same parameters and integers: the layouts differ only in their exception sections. */
    assert_int_equal(alp->info.exponent, galp->info.exponent);
    assert_int_equal(alp->info.factor, galp->info.factor);
    assert_int_equal(alp->info.bit_width, galp->info.bit_width);
    assert_int_equal(alp->info.exception_count, galp->info.exception_count);
    assert_memory_equal(alp->payload, galp->payload, 128u * alp->info.bit_width);
    if (alp_out != NULL)
        *alp_out = *alp;
    free(alp);
    free(galp);
}

unsigned alp_lane_end(const alp_vector *v, unsigned lane)
{
    return galp_load_u16(v->payload + 128u * v->info.bit_width + 2u * lane);
}
