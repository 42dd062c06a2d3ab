/*
 * runs.c — RUNS vectors (spec/fastlanes.md §8): R = exception_count runs, stored as R run
 * lengths minus one of k = exponent bits, then R run value entries of b = bit_width bits, each
 * part a packed run of u32 words (spec/tile.md §2). An entry is the run value less the entry's
 * base, or with factor 1 (§8.5) the zig-zag coded difference from the value before it, or with
 * factor 2 (§8.6) that difference plus run 0's entry, the base before run 0. Run j covers the positions after runs 0 … j−1; validation proves that the
 * lengths cover exactly m positions.
 */
#include <galp/layout.h>

#include "bytes.h"
#include "galp_internal.h"

static uint32_t run_length(const galp_vector_info *info, galp_reader *payload, uint32_t j)
{
    return 1u + (uint32_t)galp_packed_run_get(payload, 0, info->exponent, j);
}

static uint64_t value_entry(const galp_vector_info *info, galp_reader *payload, uint32_t j)
{
    const uint32_t values = galp_layout_runs_part_bytes(info->exception_count, info->exponent);
    return galp_packed_run_get(payload, values, info->bit_width, j);
}

/* Run value j given run j−1's (the base for j = 0), modulo 2^W (the caller narrows to W bits:
 * zig-zag decoding and the addition both commute with the narrowing). */
static uint64_t next_run_value(const galp_vector_info *info, galp_reader *payload, uint32_t j,
                               uint64_t previous)
{
    const uint64_t entry = value_entry(info, payload, j);
    if (info->factor == GALP_LAYOUT_RUNS_DELTA_VALUES)
        return previous + galp_layout_runs_unzigzag(entry);
    if (info->factor == GALP_LAYOUT_RUNS_OFFSET_VALUES)
        return previous + entry - value_entry(info, payload, 0);
    return info->base + entry;
}

/* spec/fastlanes.md §8.2: the R lengths add up to m (the container has checked 1 <= R <= m,
 * k <= 10 and the payload size). */
galp_status galp_runs_validate_payload(const galp_vector_info *info, galp_reader *payload)
{
    uint32_t covered = 0;
    for (uint32_t j = 0; j < info->exception_count; j++)
        covered += run_length(info, payload, j); /* at most 65535 · 1024: no wrap */
    if (payload->overrun)
        return GALP_ERR_PAYLOAD_SIZE;
    return covered == info->value_count ? GALP_OK : GALP_ERR_RUN_LENGTHS;
}

/* The value of the run that covers `position`: a walk over the lengths (and, for delta-coded
 * values, the values) before it. */
uint64_t galp_runs_get(const galp_vector_info *info, galp_reader *payload, uint32_t position)
{
    uint64_t value = next_run_value(info, payload, 0, info->base);
    uint32_t end = 0, j = 0;
    while (j + 1u < info->exception_count && (end += run_length(info, payload, j)) <= position)
        value = next_run_value(info, payload, ++j, value);
    return value;
}

void galp_runs_decode_vector(galp_type type, const galp_vector_info *info, galp_reader *payload,
                             void *dst)
{
    uint64_t out[GALP_VECTOR_SIZE];
    uint64_t value = info->base;
    uint32_t p = 0;
    for (uint32_t j = 0; j < info->exception_count && p < info->value_count; j++) {
        value = next_run_value(info, payload, j, value);
        const uint32_t length = run_length(info, payload, j);
        for (uint32_t i = 0; i < length && p < info->value_count; i++)
            out[p++] = value;
    }
    galp_values_narrow((unsigned)galp_type_size(type), out, p, dst);
}
