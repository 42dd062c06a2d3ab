/*
 * alp_sample.c — two-level choice of the exponent e and factor f (spec/alp.md §6.2).
 *
 * Level 1, once per row group of up to 100 vectors: from up to 8 vectors spread over the row
 * group, 32 values each, find each sample's cheapest (e, f) by trying every pair; keep the 5
 * pairs that won most often. Level 2, per vector: try those candidates on 32 of the vector's
 * values, in order, and stop after two candidates in a row fail to improve on the best.
 * galp_alp_retry_pair is the encoder's second opinion (spec/alp.md §6.3): whether a vector is
 * worth a second encoding, and with which pair, found by trying every pair on a skewed sample.
 */
#include "alp_arith.h"
#include "alp_constants.h"
#include "alp_encode.h"
#include "galp_internal.h"

/* Vectors sampled per row group (spec/alp.md §6.2). */
#define ROWGROUP_SAMPLED_VECTORS 8u
/* Level 2 stops after this many consecutive candidates that are no better than the best. */
#define EARLY_EXIT_AFTER 2u
/* spec/alp.md §6.3: more exceptions than this among a vector's m values call for a retry. */
#define RETRY_WHEN_EXCEPTIONS_ABOVE(m) ((m) / 16u)

uint64_t galp_alp_estimate_bits(unsigned w, const uint64_t *bits, unsigned count, unsigned e,
                                unsigned f)
{
    uint64_t exceptions = 0;
    bool any = false;
    int64_t lo = 0, hi = 0;
    for (unsigned i = 0; i < count; i++) {
        int64_t k;
        if (!galp_alp_encode_value(w, bits[i], e, f, &k)) {
            exceptions++;
            continue;
        }
        lo = !any || k < lo ? k : lo;
        hi = !any || k > hi ? k : hi;
        any = true;
    }
    unsigned width = galp_ffor_bit_width((uint64_t)hi - (uint64_t)lo);
    return (uint64_t)count * width + exceptions * (w + 16u);
}

/* Up to 32 values of a vector of m values, one from each stretch of ceil(m/32) slots, at
 * offset `skew`·j mod stride within stretch j; returns how many. */
static unsigned take_sample(unsigned w, const void *values, uint32_t m, uint32_t skew,
                            uint64_t sample[GALP_ALP_SAMPLES_PER_VECTOR])
{
    uint32_t stride = (m + GALP_ALP_SAMPLES_PER_VECTOR - 1) / GALP_ALP_SAMPLES_PER_VECTOR;
    unsigned count = 0;
    for (uint32_t j = 0; j < GALP_ALP_SAMPLES_PER_VECTOR; j++) {
        uint32_t i = j * stride + skew * j % stride;
        if (i >= m)
            break;
        sample[count++] = galp_alp_load_bits(w, values, i);
    }
    return count;
}

static bool is_special(unsigned w, uint64_t bits)
{
    return w == 64 ? galp_alp_special64(bits) : galp_alp_special32((uint32_t)bits);
}

/* The cheapest (e, f) over all pairs; ties keep the larger e, then the larger f. Returns its
 * estimate in bits. */
static uint64_t best_pair(unsigned w, const uint64_t *sample, unsigned count, unsigned *e_out,
                          unsigned *f_out)
{
    uint64_t best = UINT64_MAX;
    for (unsigned e = galp_alp_max_exponent(w) + 1; e-- > 0;) {
        for (unsigned f = e + 1; f-- > 0;) {
            uint64_t cost = galp_alp_estimate_bits(w, sample, count, e, f);
            if (cost < best) {
                best = cost;
                *e_out = e;
                *f_out = f;
            }
        }
    }
    return best;
}

/* The sample of one vector: every ceil(m/32)-th value from slot 0, as the ALP reference takes
 * it. Those slots all lie in lane 0 of a full vector, so if every one of them is NaN, ±Inf or
 * −0.0 (an exception under every (e, f), e.g. a lane of NaNs) the sample says nothing; then
 * the skewed sample is taken instead. */
static unsigned sample_vector(unsigned w, const void *values, uint32_t m,
                              uint64_t sample[GALP_ALP_SAMPLES_PER_VECTOR])
{
    unsigned count = take_sample(w, values, m, 0, sample);
    for (unsigned j = 0; j < count; j++)
        if (!is_special(w, sample[j]))
            return count;
    return take_sample(w, values, m, 1, sample);
}

/* The second sample takes value j at offset j within its stretch (slot 33·j of a full vector,
 * lane j mod L), so that it sees every lane and both parities the first sample may have
 * missed. Real data rarely needs it; vectors that do are typically patterned or hard to encode
 * anyway. */
bool galp_alp_retry_pair(unsigned w, const void *values, uint32_t m, uint32_t exceptions,
                         unsigned *e, unsigned *f)
{
    if (exceptions <= RETRY_WHEN_EXCEPTIONS_ABOVE(m))
        return false;
    uint64_t sample[GALP_ALP_SAMPLES_PER_VECTOR];
    unsigned count = take_sample(w, values, m, 1, sample);
    unsigned retry_e = *e, retry_f = *f;
    best_pair(w, sample, count, &retry_e, &retry_f);
    if (retry_e == *e && retry_f == *f)
        return false;
    *e = retry_e;
    *f = retry_f;
    return true;
}

void galp_alp_sample_rowgroup(galp_type type, const void *values, uint64_t n,
                              galp_alp_candidates *out)
{
    const unsigned w = galp_type_bits(type);
    const unsigned max_e = galp_alp_max_exponent(w);
    /* wins[e][f]: how many sampled vectors chose (e, f). */
    unsigned wins[GALP_ALP_MAX_E64 + 1][GALP_ALP_MAX_E64 + 1] = {{0}};
    out->count = 0;
    out->estimate_bits = 0;
    out->estimate_values = 0;
    if (n == 0)
        return;

    const uint64_t vectors = (n + GALP_VECTOR_SIZE - 1) / GALP_VECTOR_SIZE;
    const uint64_t jump = (vectors + ROWGROUP_SAMPLED_VECTORS - 1) / ROWGROUP_SAMPLED_VECTORS;
    for (uint64_t v = 0; v < vectors; v += jump) {
        uint64_t first = v * GALP_VECTOR_SIZE;
        uint64_t left = n - first;
        uint32_t m = left < GALP_VECTOR_SIZE ? (uint32_t)left : GALP_VECTOR_SIZE;
        uint64_t sample[GALP_ALP_SAMPLES_PER_VECTOR];
        unsigned count = sample_vector(w, (const uint8_t *)values + first * (w / 8), m, sample);
        unsigned e = 0, f = 0;
        out->estimate_bits += best_pair(w, sample, count, &e, &f);
        out->estimate_values += count;
        wins[e][f]++;
    }

    /* Keep the most frequent winners; ties prefer the larger e, then the larger f. */
    while (out->count < GALP_ALP_MAX_CANDIDATES) {
        unsigned best_wins = 0, best_e = 0, best_f = 0;
        for (unsigned e = max_e + 1; e-- > 0;)
            for (unsigned f = e + 1; f-- > 0;)
                if (wins[e][f] > best_wins) {
                    best_wins = wins[e][f];
                    best_e = e;
                    best_f = f;
                }
        if (best_wins == 0)
            break;
        wins[best_e][best_f] = 0;
        out->exponent[out->count] = (uint8_t)best_e;
        out->factor[out->count] = (uint8_t)best_f;
        out->count++;
    }
}

void galp_alp_choose_vector(unsigned w, const galp_alp_candidates *candidates,
                            const void *values, uint32_t m, unsigned *e, unsigned *f)
{
    uint64_t sample[GALP_ALP_SAMPLES_PER_VECTOR];
    unsigned count = sample_vector(w, values, m, sample);
    if (candidates == NULL || candidates->count == 0) {
        best_pair(w, sample, count, e, f); /* no row-group sample: search every pair */
        return;
    }
    *e = candidates->exponent[0];
    *f = candidates->factor[0];
    if (candidates->count == 1)
        return;
    uint64_t best = UINT64_MAX;
    unsigned worse_in_a_row = 0;
    for (unsigned i = 0; i < candidates->count && worse_in_a_row < EARLY_EXIT_AFTER; i++) {
        uint64_t cost = galp_alp_estimate_bits(w, sample, count, candidates->exponent[i],
                                               candidates->factor[i]);
        if (cost < best) {
            best = cost;
            *e = candidates->exponent[i];
            *f = candidates->factor[i];
            worse_in_a_row = 0;
        } else {
            worse_in_a_row++;
        }
    }
}
