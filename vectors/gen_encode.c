/*
 * gen_encode.c — vectors written by the reference encoder (galp_compress_ex).
 *
 * The expected output of such a vector is its input: galp is lossless. `make check` re-encodes
 * every .out file and requires the committed .galp bytes (spec/conformance.md §4), so an
 * encoder change that alters the format is caught.
 */
#include <stdlib.h>
#include <string.h>

#include "bytes.h"
#include "gen_vectors.h"

gen_vector *gen_encoded(gen_set *set, const char *name, galp_type type, galp_scheme scheme,
                        const void *values, uint64_t n, const char *description)
{
    return gen_encoded_ex(set, name, type, scheme, 0, values, n, description);
}

gen_column gen_column_new(galp_type type, uint64_t n)
{
    gen_column c = {type, n, calloc(n ? (size_t)n : 1, galp_type_size(type))};
    if (!c.bytes)
        gen_fail("out of memory");
    return c;
}

void gen_column_set(gen_column *c, uint64_t i, uint64_t bits)
{
    const size_t size = galp_type_size(c->type);
    uint8_t le[8];
    galp_store_u64(le, bits);
    memcpy(c->bytes + i * size, le, size);
}

gen_vector *gen_column_encode(gen_set *set, const char *name, galp_scheme scheme, gen_column *c,
                              const char *description)
{
    gen_vector *vec = gen_encoded(set, name, c->type, scheme, c->bytes, c->n, description);
    free(c->bytes);
    c->bytes = NULL;
    return vec;
}

gen_vector *gen_encoded_ex(gen_set *set, const char *name, galp_type type, galp_scheme scheme,
                           uint32_t flags, const void *values, uint64_t n,
                           const char *description)
{
    gen_vector *vec = gen_set_add(set, name, GALP_OK, type, scheme, description);
    size_t cap = galp_compress_bound(type, n);
    uint8_t *dst = malloc(cap);
    size_t len = 0;
    if (!dst)
        gen_fail("out of memory");
    galp_status st = galp_compress_ex(type, scheme, flags, values, n, dst, cap, &len);
    if (st != GALP_OK)
        gen_fail("%s: galp_compress_ex failed: %s", name, galp_status_name(st));
    gen_buf_append(&vec->file, dst, len);
    gen_buf_append(&vec->out, values, (size_t)n * galp_type_size(type));
    vec->from_encoder = true;
    free(dst);
    return vec;
}

void gen_expect_vector(const gen_vector *vec, uint32_t v, galp_scheme scheme, int bit_width,
                       int exceptions)
{
    galp_column col;
    galp_vector_info info;
    galp_status st = galp_open(&col, vec->file.data, vec->file.len);
    if (st == GALP_OK)
        st = galp_vector_info_get(&col, v, &info);
    if (st != GALP_OK)
        gen_fail("%s: cannot read vector %u: %s", vec->name, v, galp_status_name(st));
    if (info.scheme != scheme || (bit_width >= 0 && info.bit_width != bit_width) ||
        (exceptions >= 0 && info.exception_count != exceptions))
        gen_fail("%s: vector %u is %s/b=%u/c=%u, the vector is meant to have %s/b=%d/c=%d; "
                 "the encoder changed its choices: adjust the generator's inputs",
                 vec->name, v, galp_scheme_name(info.scheme), info.bit_width,
                 info.exception_count, galp_scheme_name(scheme), bit_width, exceptions);
}

void gen_expect_entry_byte(const gen_vector *vec, uint32_t v, size_t field, unsigned expected,
                           const char *what)
{
    const size_t at = GEN_ENTRY(v) + field;
    if (at >= vec->file.len)
        gen_fail("%s: vector %u's entry is beyond the file", vec->name, v);
    if (vec->file.data[at] != expected)
        gen_fail("%s: vector %u has %s %u, not %u", vec->name, v, what, vec->file.data[at],
                 expected);
}
