/*
 * ffor_patch_choice.c — the reference encoder's bit width for a patched FFOR vector
 * (spec/ffor.md §8.3): the width c whose exact size, 128·c packed bytes plus W/8 + 2 bytes per
 * value whose delta needs more than c bits, is the smallest; the largest such c on a tie.
 */
#include <galp/layout.h>

#include "galp_internal.h"

unsigned galp_ffor_patched_width(unsigned w, uint64_t base, const uint64_t *values, uint32_t m)
{
    /* needing[k]: values whose delta has exactly k significant bits. */
    uint32_t needing[65] = {0};
    unsigned widest = 0;
    for (uint32_t i = 0; i < m; i++) {
        const unsigned bits = galp_ffor_bit_width(values[i] - base);
        needing[bits]++;
        widest = bits > widest ? bits : widest;
    }
    /* From the unpatched width down: p(c) grows by the values needing c + 1 bits. */
    const uint64_t patch_bytes = w / 8u + 2u;
    unsigned best = widest;
    uint64_t best_size = galp_layout_packed_bytes(widest), patches = 0;
    for (unsigned c = widest; c-- > 0;) {
        patches += needing[c + 1];
        const uint64_t size = galp_layout_packed_bytes(c) + patches * patch_bytes;
        if (size < best_size) {
            best = c;
            best_size = size;
        }
    }
    return best;
}
