/*
 * ffor_patch.c — the patches of a patched FFOR vector (spec/ffor.md §8, format 1.8): their
 * validation, and their addition to an unpacked vector or to one unpacked slot.
 *
 * Patch j holds the high bits h_j of slot pos_j's delta, the bits from b upward; the packed
 * words hold its low b bits like every other slot's. The value is therefore the unpacked one
 * plus h_j · 2^b, modulo 2^W (§8.2). The p values (W bits each) and then the p u16 positions
 * follow the packed words, in ALP's exception layout (§8.1, include/galp/layout.h).
 */
#include <galp/layout.h>

#include "bytes.h"
#include "galp_internal.h"

typedef struct ffor_patch {
    uint32_t position;
    uint64_t high; /* the delta's bits from b upward, h_j */
} ffor_patch;

static ffor_patch read_patch(unsigned w, const galp_vector_info *info, galp_reader *payload,
                             uint32_t j)
{
    const uint32_t b = info->bit_width, p = info->exception_count;
    const uint64_t value_at = galp_layout_values_offset(GALP_SCHEME_FFOR, w, b, p, 0u);
    const uint64_t position_at = galp_layout_positions_offset(GALP_SCHEME_FFOR, w, b, p, 0u);
    ffor_patch patch = {galp_read_u16(payload, position_at + 2u * (uint64_t)j),
                        galp_read_le(payload, value_at + (uint64_t)j * (w / 8u), w / 8u)};
    return patch;
}

/* What patch `patch` adds to its slot's unpacked value: h_j · 2^b (§8.2). Step 10.6 keeps b
 * below W in a vector with patches, so the shift is defined. */
static uint64_t patch_addend(unsigned b, ffor_patch patch)
{
    return patch.high << b;
}

/* spec/ffor.md §8.4 step 3 (spec/format.md §6 step 10.10): positions strictly increasing and
 * below m, else EXCEPTION_POSITION; each high part 1 … 2^(W−b) − 1, else PATCH_VALUE (0 would
 * change nothing, and higher bits would leave the W-bit value). */
galp_status galp_ffor_validate_patches(galp_type type, const galp_vector_info *info,
                                       galp_reader *payload)
{
    const unsigned w = galp_type_bits(type);
    const unsigned room = w - info->bit_width; /* bits above the width, >= 1 with patches */
    uint32_t previous = 0;
    for (uint32_t j = 0; j < info->exception_count; j++) {
        const ffor_patch patch = read_patch(w, info, payload, j);
        if (patch.position >= info->value_count || (j > 0 && patch.position <= previous))
            return GALP_ERR_EXCEPTION_POSITION;
        if (patch.high == 0 || (room < 64u && patch.high >> room != 0))
            return GALP_ERR_PATCH_VALUE;
        previous = patch.position;
    }
    return GALP_OK;
}

/* §8.2 for every patch of the vector: out holds §4's 1024 unpacked values. */
void galp_ffor_apply_patches(unsigned w, const galp_vector_info *info, galp_reader *payload,
                             uint64_t out[GALP_VECTOR_SIZE])
{
    const uint64_t mask = w >= 64 ? UINT64_MAX : ((uint64_t)1 << w) - 1u;
    for (uint32_t j = 0; j < info->exception_count; j++) {
        const ffor_patch patch = read_patch(w, info, payload, j);
        out[patch.position] = (out[patch.position] + patch_addend(info->bit_width, patch)) & mask;
    }
}

/* §8.2 for one slot: a binary search of the sorted positions; 0 when the slot has no patch. */
uint64_t galp_ffor_patch_addend(unsigned w, const galp_vector_info *info, galp_reader *payload,
                                uint32_t slot)
{
    uint32_t lo = 0, hi = info->exception_count; /* the patch, if any, is among lo … hi−1 */
    while (lo < hi) {
        const uint32_t mid = lo + (hi - lo) / 2u;
        const ffor_patch patch = read_patch(w, info, payload, mid);
        if (patch.position == slot)
            return patch_addend(info->bit_width, patch);
        if (patch.position < slot)
            lo = mid + 1u;
        else
            hi = mid;
    }
    return 0;
}
