/*
 * galp/device/str_shared_starts.cuh — the compact symbol table (spec/fsst.md §3.1, header flag
 * bit 6) expanded in shared memory into the plain one that the string decoders read.
 *
 * In the compact form symbol c is the first P_c bytes of symbol c − 1 followed by its S_c
 * stored bytes, so each symbol depends on every one before it. As a function of the symbol
 * before it, symbol c is x ↦ (x & M_c) | W_c, M_c the mask of the low P_c bytes and W_c its
 * stored bytes shifted up by P_c bytes; two such functions compose into one of the same form,
 * (M_a, W_a) then (M_b, W_b) being (M_a & M_b, (W_a & M_b) | W_b), so one warp expands the
 * table with a scan, 32 symbols at a time, instead of a thread walking all 255.
 */
#ifndef GALP_DEVICE_STR_SHARED_STARTS_CUH
#define GALP_DEVICE_STR_SHARED_STARTS_CUH

#include <stdint.h>

#include "galp.h"

namespace galp::device::detail {

/* Header flag bit 6 (spec/format.md §3.1): the column's table is compact. */
__device__ __forceinline__ bool str_table_compact(const uint8_t *image)
{
    return (__ldg((const uint32_t *)(image + 20)) & GALP_FLAG_COMPACT_SYMBOLS) != 0;
}

/* P_c, the bytes a compact descriptor shares with the symbol before it (0 in a plain one). */
__device__ __forceinline__ unsigned str_shared_bytes(uint8_t descriptor)
{
    return (descriptor >> 4) & 7u;
}

/* Called by the 32 lanes of one warp: word[c] holds W_c (symbol c's stored bytes, shifted up
 * by P_c bytes) and descriptor[c] its compact descriptor, for c < k; on return word[c] is
 * symbol c's bytes and descriptor[c] its plain descriptor (length P_c + S_c, terminal flag;
 * spec/fsst.md §3). The table was validated (P_0 = 0, P_c ≤ ℓ_{c−1}, ℓ_c ≤ 8). */
__device__ inline void str_expand_shared_starts(uint64_t *word, uint8_t *descriptor, unsigned k)
{
    const unsigned lane = threadIdx.x & 31u;
    uint64_t before = 0; /* the last symbol of the previous 32 */
    for (unsigned c0 = 0; c0 < k; c0 += 32) {
        const unsigned c = c0 + lane;
        /* past the table: the identity (all bytes kept, none added) */
        const unsigned d = c < k ? descriptor[c] : 0xffu;
        uint64_t mask = c < k ? (1ull << (8 * str_shared_bytes((uint8_t)d))) - 1 : ~0ull;
        uint64_t own = c < k ? word[c] : 0;
        for (int step = 1; step < 32; step *= 2) {
            const uint64_t mask_up = __shfl_up_sync(0xffffffffu, mask, step);
            const uint64_t own_up = __shfl_up_sync(0xffffffffu, own, step);
            if ((int)lane >= step) {
                own = (own_up & mask) | own;
                mask &= mask_up;
            }
        }
        const uint64_t symbol = (before & mask) | own;
        if (c < k) {
            word[c] = symbol;
            descriptor[c] = (uint8_t)((d & 0x80u) | (str_shared_bytes((uint8_t)d) + (d & 0x0fu)));
        }
        before = __shfl_sync(0xffffffffu, symbol, 31);
    }
}

} // namespace galp::device::detail

#endif /* GALP_DEVICE_STR_SHARED_STARTS_CUH */
