/*
 * runs_encode.c — the reference encoder's RUNS vectors (spec/fastlanes.md §8.3, §8.5, §8.6): the
 * maximal runs of equal neighbouring values of positions 0 … m−1, written the smallest of up to
 * three ways: their values packed against their minimum, with the length width of the longest
 * run; where the caller allows it (GALP_FLAG_RUNS_DELTA_VALUES), their values delta-coded as
 * zig-zag coded differences; where it allows GALP_FLAG_RUNS_OFFSET_VALUES, as differences plus
 * an offset, the negated smallest difference (or 0), which run 0's entry holds. Delta-coded
 * vectors take the length width k that makes them smallest, runs longer than 2^k cut into pieces
 * of 2^k. A coding of a later format wins only where its payload takes fewer 16-byte units than
 * every earlier one's and RAW's, so that a file needs format 1.6 or 1.8 only where that saves
 * space.
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

/* A delta coding of run values (spec/fastlanes.md §8.5, §8.6): the entry factor, and for the
 * offset coding the offset that every entry carries. */
typedef struct delta_coding {
    uint8_t factor;
    uint64_t offset;
} delta_coding;

/* Run j's W-bit difference from run j−1's value (0 for run 0, whose value is the base). */
static uint64_t difference(unsigned w, const runs *r, uint32_t j)
{
    const uint64_t mask = w == 64 ? UINT64_MAX : (UINT64_C(1) << w) - 1u;
    return j == 0 ? 0 : (r->value[j] - r->value[j - 1u]) & mask;
}

/* The value entry of a run (or piece of a run) whose W-bit difference from the one before is d:
 * zig-zag coded (§8.5), or d plus the offset (§8.6). */
static uint64_t delta_entry(unsigned w, delta_coding coding, uint64_t d)
{
    const uint64_t mask = w == 64 ? UINT64_MAX : (UINT64_C(1) << w) - 1u;
    if (coding.factor == GALP_LAYOUT_RUNS_OFFSET_VALUES)
        return (d + coding.offset) & mask;
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
 * last piece, each piece after the first with the entry of a zero difference. */
static void write_delta_values(unsigned w, const runs *r, delta_coding coding, unsigned k, unsigned b,
                               galp_vector_info *info, uint8_t *payload)
{
    const uint32_t cap = UINT32_C(1) << k, count = capped_count(r, cap);
    const uint32_t values_offset = galp_layout_runs_part_bytes(count, k);
    info->payload_size = galp_layout_runs_payload_bytes(b, k, count);
    memset(payload, 0, info->payload_size);
    uint32_t piece = 0;
    for (uint32_t j = 0; j < r->count; j++) {
        const uint64_t entry = delta_entry(w, coding, difference(w, r, j));
        for (uint32_t left = r->length[j]; left > 0; piece++) {
            const uint32_t length = left < cap ? left : cap;
            galp_packed_run_put(payload, k, piece, length - 1u);
            galp_packed_run_put(payload + values_offset, b, piece,
                                left == r->length[j] ? entry : delta_entry(w, coding, 0));
            left -= length;
        }
    }
    info->base = r->value[0];
    info->bit_width = (uint8_t)b;
    info->exponent = (uint8_t)k;
    info->factor = coding.factor;
    info->exception_count = (uint16_t)count;
}

/* The value width b of a delta coding: the widest zig-zag coded difference (§8.5), or the span
 * of the differences and 0 from the smallest to the largest (§8.6), whose offset is the
 * negated smallest difference where it is negative, else 0; the zero differences of cut runs'
 * pieces change neither. */
static unsigned delta_width(unsigned w, const runs *r, delta_coding *coding)
{
    const uint64_t mask = w == 64 ? UINT64_MAX : (UINT64_C(1) << w) - 1u;
    const delta_coding zigzag = {GALP_LAYOUT_RUNS_DELTA_VALUES, 0};
    uint64_t widest = 0, below = 0, above = 0;
    for (uint32_t j = 1; j < r->count; j++) {
        const uint64_t d = difference(w, r, j), entry = delta_entry(w, zigzag, d);
        if ((d >> (w - 1u)) & 1u)
            below = ((0u - d) & mask) > below ? (0u - d) & mask : below;
        else
            above = d > above ? d : above;
        widest = entry > widest ? entry : widest;
    }
    coding->offset = below;
    return galp_ffor_bit_width(coding->factor == GALP_LAYOUT_RUNS_OFFSET_VALUES ? above + below : widest);
}

/* The length width that makes a delta-coded vector with values of b bits smallest, and its size. */
static unsigned best_length_width(const runs *r, unsigned b, uint32_t *size)
{
    unsigned best_k = 0;
    *size = UINT32_MAX;
    for (unsigned k = 0; k <= galp_ffor_bit_width(r->longest - 1u); k++) {
        const uint32_t count = capped_count(r, UINT32_C(1) << k);
        const uint32_t bytes = galp_layout_runs_payload_bytes(b, k, count);
        best_k = bytes < *size ? k : best_k;
        *size = bytes < *size ? bytes : *size;
    }
    return best_k;
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
    const uint64_t raw = (uint64_t)m * (w / 8u);
    uint64_t smallest = info->payload_size < raw ? info->payload_size : raw;
    static const struct {
        uint32_t flag;
        uint8_t factor;
    } codings[] = {{GALP_FLAG_RUNS_DELTA_VALUES, GALP_LAYOUT_RUNS_DELTA_VALUES},
                   {GALP_FLAG_RUNS_OFFSET_VALUES, GALP_LAYOUT_RUNS_OFFSET_VALUES}};
    for (unsigned c = 0; c < sizeof codings / sizeof codings[0]; c++) {
        if ((flags & codings[c].flag) == 0)
            continue;
        delta_coding coding = {codings[c].factor, 0};
        const unsigned b = delta_width(w, &r, &coding);
        uint32_t size;
        const unsigned k = best_length_width(&r, b, &size);
        if (galp_round16(size) < galp_round16(smallest)) {
            write_delta_values(w, &r, coding, k, b, info, payload);
            smallest = size;
        }
    }
}
