/*
 * alp_encode.c — the recommended ALP / G-ALP vector encoder (spec/alp.md §6).
 *
 * Per value: round(x · 10^e · 10^-f) with the magic-number trick, then the normative decode of
 * the integer must give the input's bit pattern back, or the value is an exception. Per vector:
 * exceptions' integer slots and the unused slots of a partial vector are filled so they never
 * widen the FOR range, the integers are FFOR-packed and the exceptions written in the layout of
 * the scheme (position order for ALP, lane order for GALP).
 */
#include <stdlib.h>
#include <string.h>

#include <galp/layout.h>

#include "alp_arith.h"
#include "alp_encode.h"
#include "galp_internal.h"
#include "galp_layout.h"

/* Adding and subtracting 1.5·2^52 (1.5·2^23) rounds a binary64 (binary32) number t with
 * |t| < 2^51 (2^22) to the nearest integer, ties to even: t + MAGIC lies in [2^52, 2^53), where
 * the spacing of doubles is exactly 1. Needs IEEE arithmetic (no fast-math reassociation).
 * Outside that range the value becomes an exception. */
#define MAGIC64 6755399441055744.0
#define LIMIT64 2251799813685248.0 /* 2^51 */
#define MAGIC32 12582912.0f
#define LIMIT32 4194304.0f /* 2^22 */

unsigned galp_alp_max_exponent(unsigned w)
{
    return w == 64 ? GALP_ALP_MAX_E64 : GALP_ALP_MAX_E32;
}

static bool encode64(uint64_t bits, unsigned e, unsigned f, int64_t *k)
{
    if (galp_alp_special64(bits))
        return false;
    double x;
    memcpy(&x, &bits, sizeof x);
    double t = x * galp_alp_exp64[e];
    t = t * galp_alp_frac64(f);
    if (!(t > -LIMIT64 && t < LIMIT64))
        return false;
    double r = t + MAGIC64;
    r = r - MAGIC64;
    int64_t n = (int64_t)r; /* exact: r is an integer of magnitude <= 2^51 */
    if (galp_alp_decode64((uint64_t)n, galp_alp_fact64[f], galp_alp_frac64(e)) != bits)
        return false;
    *k = n;
    return true;
}

static bool encode32(uint32_t bits, unsigned e, unsigned f, int64_t *k)
{
    if (galp_alp_special32(bits))
        return false;
    float x;
    memcpy(&x, &bits, sizeof x);
    float t = x * galp_alp_exp32[e];
    t = t * galp_alp_frac32(f);
    if (!(t > -LIMIT32 && t < LIMIT32))
        return false;
    float r = t + MAGIC32;
    r = r - MAGIC32;
    int32_t n = (int32_t)r;
    if (galp_alp_decode32((uint32_t)n, galp_alp_fact32[f], galp_alp_frac32(e)) != bits)
        return false;
    *k = n;
    return true;
}

bool galp_alp_encode_value(unsigned w, uint64_t bits, unsigned e, unsigned f, int64_t *k)
{
    return w == 64 ? encode64(bits, e, f, k) : encode32((uint32_t)bits, e, f, k);
}

/* A vector encoded with one (e, f), before packing. */
typedef struct vector_encoding {
    unsigned e, f, bit_width;
    uint64_t base;
    uint32_t c;
    int64_t ints[GALP_VECTOR_SIZE];
    uint16_t positions[GALP_VECTOR_SIZE];  /* exceptions, ascending */
    uint64_t exceptions[GALP_VECTOR_SIZE];
} vector_encoding;

struct galp_alp_workspace {
    vector_encoding trial[2];          /* the sampled (e, f), then the retry's (§6.3) */
    bool is_exception[GALP_VECTOR_SIZE];
    uint64_t words[GALP_VECTOR_SIZE];  /* the integers to pack, masked to W bits */
};

galp_alp_workspace *galp_alp_workspace_new(void)
{
    return malloc(sizeof(galp_alp_workspace));
}

void galp_alp_workspace_free(galp_alp_workspace *work)
{
    free(work);
}

static void encode_with(unsigned w, const void *values, uint32_t m, unsigned e, unsigned f,
                        bool is_exception[GALP_VECTOR_SIZE], vector_encoding *out)
{
    const uint64_t mask = w == 64 ? UINT64_MAX : UINT32_MAX;
    bool have_filler = false;
    int64_t filler = 0; /* integer of the lowest-index non-exception (spec/alp.md §5) */
    out->e = e;
    out->f = f;
    out->c = 0;
    for (uint32_t i = 0; i < m; i++) {
        uint64_t bits = galp_alp_load_bits(w, values, i);
        is_exception[i] = !galp_alp_encode_value(w, bits, e, f, &out->ints[i]);
        if (is_exception[i]) {
            out->positions[out->c] = (uint16_t)i;
            out->exceptions[out->c] = bits;
            out->c++;
        } else if (!have_filler) {
            filler = out->ints[i];
            have_filler = true;
        }
    }
    for (uint32_t i = 0; i < m; i++)
        if (is_exception[i])
            out->ints[i] = filler;
    /* spec/format.md §4.3: unused slots of a partial vector copy slot 0. */
    for (uint32_t i = m; i < GALP_VECTOR_SIZE; i++)
        out->ints[i] = out->ints[0];

    int64_t lo = out->ints[0], hi = out->ints[0];
    for (uint32_t i = 1; i < m; i++) {
        lo = out->ints[i] < lo ? out->ints[i] : lo;
        hi = out->ints[i] > hi ? out->ints[i] : hi;
    }
    out->base = (uint64_t)lo & mask;
    out->bit_width = galp_ffor_bit_width((uint64_t)hi - (uint64_t)lo);
}

/* Payload bytes of an encoding, apart from G-ALP's fixed lane ends. */
static uint64_t encoded_bytes(unsigned w, const vector_encoding *v)
{
    return galp_layout_payload_bytes(GALP_SCHEME_ALP, w, v->bit_width, v->c, 0);
}

/* The pair comes from the sampler (alp_sample.c, spec/alp.md §6.2), which may ask for a second
 * encoding with another pair (§6.3); of the two, the smaller payload is kept. */
void galp_alp_encode_vector(galp_alp_workspace *work, galp_type type, galp_scheme scheme,
                            const galp_alp_candidates *candidates, const void *values,
                            uint32_t m, galp_vector_info *info, uint8_t *payload)
{
    const unsigned w = galp_type_bits(type);
    const uint64_t mask = w == 64 ? UINT64_MAX : UINT32_MAX;
    vector_encoding *first = &work->trial[0], *second = &work->trial[1];
    vector_encoding *best = first;
    uint64_t *words = work->words;
    unsigned e, f;
    galp_alp_choose_vector(w, candidates, values, m, &e, &f);
    encode_with(w, values, m, e, f, work->is_exception, first);
    if (galp_alp_retry_pair(w, values, m, first->c, &e, &f)) {
        encode_with(w, values, m, e, f, work->is_exception, second);
        if (encoded_bytes(w, second) < encoded_bytes(w, first))
            best = second;
    }

    for (uint32_t i = 0; i < GALP_VECTOR_SIZE; i++)
        words[i] = (uint64_t)best->ints[i] & mask;
    galp_ffor_pack(w, best->bit_width, best->base, words, payload);
    size_t packed = galp_layout_packed_bytes(best->bit_width);
    size_t section = galp_exceptions_write(scheme, w, best->c, best->positions, best->exceptions,
                                           payload + packed);

    info->scheme = scheme;
    info->bit_width = (uint8_t)best->bit_width;
    info->base = best->base;
    info->exponent = (uint8_t)best->e;
    info->factor = (uint8_t)best->f;
    info->exception_count = (uint16_t)best->c;
    info->payload_size = (uint32_t)(packed + section);
}
