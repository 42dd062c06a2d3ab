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

/* spec/alp.md §6.1 steps 3–5: a scaled value t becomes an integer k only while |t| < 2^(W−1),
 * so that k fits a W-bit two's-complement word; beyond that it is an exception. */
#define LIMIT64 9223372036854775808.0 /* 2^63 */
#define LIMIT32 2147483648.0f         /* 2^31 */
/* From 2^52 (binary64) or 2^23 (binary32) on, consecutive numbers are at least 1 apart: every
 * number there is an integer. */
#define INTEGRAL64 4503599627370496.0 /* 2^52 */
#define INTEGRAL32 8388608.0f         /* 2^23 */

/* t rounded to the nearest integer, ties to even (spec/alp.md §6.1 step 4). Below 2^52 in
 * magnitude, t ± 2^52 (sign of t) lies where the spacing of doubles is exactly 1, so the
 * addition rounds t to an integer and the subtraction is exact. Needs IEEE arithmetic (no
 * fast-math reassociation, which would fold the two operations away). */
static double nearest_integer64(double t)
{
    if (!(t > -INTEGRAL64 && t < INTEGRAL64))
        return t;
    double r;
    if (t >= 0) {
        r = t + INTEGRAL64;
        r = r - INTEGRAL64;
    } else {
        r = t - INTEGRAL64;
        r = r + INTEGRAL64;
    }
    return r;
}

static float nearest_integer32(float t)
{
    if (!(t > -INTEGRAL32 && t < INTEGRAL32))
        return t;
    float r;
    if (t >= 0) {
        r = t + INTEGRAL32;
        r = r - INTEGRAL32;
    } else {
        r = t - INTEGRAL32;
        r = r + INTEGRAL32;
    }
    return r;
}

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
    int64_t n = (int64_t)nearest_integer64(t); /* exact: an integer of magnitude < 2^63 */
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
    int32_t n = (int32_t)nearest_integer32(t); /* exact: an integer of magnitude < 2^31 */
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
    return galp_layout_payload_bytes(GALP_SCHEME_ALP, w, v->bit_width, v->c, 0, 0);
}

/* The pair comes from the sampler (alp_sample.c, spec/alp.md §6.2), which may ask for a second
 * encoding with another pair (§6.3); of the two, the smaller payload is kept. */
void galp_alp_encode_vector(galp_alp_workspace *work, galp_type type, galp_scheme scheme,
                            uint32_t flags, const galp_alp_candidates *candidates,
                            const void *values, uint32_t m, galp_vector_info *info,
                            uint8_t *payload)
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
    size_t section = galp_exceptions_write(galp_layout_scheme(scheme, flags, best->c), flags, w,
                                           best->c, best->positions, best->exceptions,
                                           payload + packed);

    info->scheme = scheme;
    info->bit_width = (uint8_t)best->bit_width;
    info->base = best->base;
    info->exponent = (uint8_t)best->e;
    info->factor = (uint8_t)best->f;
    info->exception_count = (uint16_t)best->c;
    info->payload_size = (uint32_t)(packed + section);
}
