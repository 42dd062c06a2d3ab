/*
 * runs_encode.c — the reference encoder's RUNS vectors (spec/fastlanes.md §8.3, §8.5): the
 * maximal runs of equal neighbouring values of positions 0 … m−1, written, where the caller
 * allows delta-coded values (GALP_FLAG_RUNS_DELTA_VALUES), the smaller of two ways: their values packed against their minimum, with the length width of the longest run;
 * or their values delta-coded, with the length width k that makes the vector smallest, runs
 * longer than 2^k cut into pieces of 2^k. The first wins unless the second's payload takes
 * fewer 16-byte units than both it and RAW, so that a file needs format 1.6 only where
 * delta-coding saves space.
 */
#include <string.h>

#include <galp/layout.h>

#include "galp_internal.h"

typedef struct runs {
    uint32_t count;
    uint32_t longest;
    uint64_t value[GALP_VECTOR_SIZE];
    uint32_t length[GALP_VECTOR_SIZE];
} runs;

/* Run j's value entry with delta-coded values: the zig-zag coded W-bit difference from run
 * j−1's value (0 for run 0, whose value is the base). */
static uint64_t zigzag_delta(unsigned w, const runs *r, uint32_t j)
{
    if (j == 0)
        return 0;
    const uint64_t mask = w == 64 ? UINT64_MAX : (UINT64_C(1) << w) - 1u;
    const uint64_t d = (r->value[j] - r->value[j - 1u]) & mask;
    const uint64_t negative = (d >> (w - 1u)) & 1u;
    return ((d << 1) & mask) ^ (negative ? mask : 0u);
}

/* Runs of at most `cap` positions: how many the maximal runs become. */
static uint32_t capped_count(const runs *r, uint32_t cap)
{
    uint32_t count = 0;
    for (uint32_t j = 0; j < r->count; j++)
        count += (r->length[j] + cap - 1u) / cap;
    return count;
}

static void write_for_values(const runs *r, galp_vector_info *info, uint8_t *payload)
{
    uint64_t min = UINT64_MAX, max = 0; /* m >= 1, so at least one run */
    for (uint32_t j = 0; j < r->count; j++) {
        min = r->value[j] < min ? r->value[j] : min;
        max = r->value[j] > max ? r->value[j] : max;
    }
    const unsigned k = galp_ffor_bit_width(r->longest - 1u), b = galp_ffor_bit_width(max - min);
    const uint32_t values_offset = galp_layout_runs_part_bytes(r->count, k);
    info->payload_size = galp_layout_runs_payload_bytes(b, k, r->count);
    memset(payload, 0, info->payload_size);
    for (uint32_t j = 0; j < r->count; j++) {
        galp_packed_run_put(payload, k, j, r->length[j] - 1u);
        galp_packed_run_put(payload + values_offset, b, j, r->value[j] - min);
    }
    info->base = min;
    info->bit_width = (uint8_t)b;
    info->exponent = (uint8_t)k;
    info->factor = 0;
    info->exception_count = (uint16_t)r->count;
}

/* Delta-coded values with length width k: a run longer than 2^k becomes pieces of 2^k and a
 * last piece, each piece after the first with entry 0 (no change). */
static void write_delta_values(unsigned w, const runs *r, unsigned k, unsigned b,
                               galp_vector_info *info, uint8_t *payload)
{
    const uint32_t cap = UINT32_C(1) << k, count = capped_count(r, cap);
    const uint32_t values_offset = galp_layout_runs_part_bytes(count, k);
    info->payload_size = galp_layout_runs_payload_bytes(b, k, count);
    memset(payload, 0, info->payload_size);
    uint32_t piece = 0;
    for (uint32_t j = 0; j < r->count; j++) {
        const uint64_t entry = zigzag_delta(w, r, j);
        for (uint32_t left = r->length[j]; left > 0; piece++) {
            const uint32_t length = left < cap ? left : cap;
            galp_packed_run_put(payload, k, piece, length - 1u);
            galp_packed_run_put(payload + values_offset, b, piece, left == r->length[j] ? entry : 0);
            left -= length;
        }
    }
    info->base = r->value[0];
    info->bit_width = (uint8_t)b;
    info->exponent = (uint8_t)k;
    info->factor = GALP_LAYOUT_RUNS_DELTA_VALUES;
    info->exception_count = (uint16_t)count;
}

void galp_runs_encode_vector(galp_type type, uint32_t flags, const void *values, uint32_t m,
                             galp_vector_info *info, uint8_t *payload)
{
    const unsigned w = galp_type_bits(type);
    uint64_t in[GALP_VECTOR_SIZE];
    runs r = {.count = 0, .longest = 1};
    galp_values_widen(w / 8, values, m, in);
    for (uint32_t p = 0; p < m; p++) {
        if (p == 0 || in[p] != in[p - 1]) {
            r.value[r.count] = in[p];
            r.length[r.count++] = 0;
        }
        const uint32_t length = ++r.length[r.count - 1u];
        r.longest = length > r.longest ? length : r.longest;
    }
    write_for_values(&r, info, payload);
    info->scheme = GALP_SCHEME_RUNS;
    if ((flags & GALP_FLAG_RUNS_DELTA_VALUES) == 0)
        return;
    uint64_t widest = 0;
    for (uint32_t j = 1; j < r.count; j++) {
        const uint64_t entry = zigzag_delta(w, &r, j);
        widest = entry > widest ? entry : widest;
    }
    const unsigned b = galp_ffor_bit_width(widest);
    unsigned best_k = 0;
    uint32_t best = UINT32_MAX;
    for (unsigned k = 0; k <= galp_ffor_bit_width(r.longest - 1u); k++) {
        const uint32_t count = capped_count(&r, UINT32_C(1) << k);
        const uint32_t size = galp_layout_runs_payload_bytes(b, k, count);
        best_k = size < best ? k : best_k;
        best = size < best ? size : best;
    }
    const uint64_t raw = (uint64_t)m * (w / 8u), plain = info->payload_size < raw ? info->payload_size : raw;
    if (galp_round16(best) < galp_round16(plain))
        write_delta_values(w, &r, best_k, b, info, payload);
}
