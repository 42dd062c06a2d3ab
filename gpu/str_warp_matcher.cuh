/*
 * gpu/str_warp_matcher.cuh — the sink of gpu/str_warp_piece.cuh that counts the strings of a
 * piece equal to a query, or starting with it (galp/device/strings.cuh, str_query), without
 * decoding them anywhere. Not installed; the count kernel of gpu/strings.cu uses it.
 *
 * Every code compares its own bytes with the query's at its place in its string (where its
 * string starts: the last end before it, a warp scan), and is a mismatch when they differ or,
 * for equality, run past the query's end. A string matches when its length fits the query
 * (a string of another length needs no comparison) and none of its codes is a mismatch:
 * with the count of mismatched codes so far kept at each string's end, that is the count at
 * its end equal to the count at the end before it — two more scans, and no shared memory.
 */
#ifndef GALP_GPU_STR_WARP_MATCHER_CUH
#define GALP_GPU_STR_WARP_MATCHER_CUH

#include <stdint.h>

#include "galp/device/strings.cuh"
#include "str_warp_piece.cuh"

struct str_warp_matcher {
    const galp::device::str_query &query; /* in shared memory */
    unsigned long long matches = 0;       /* the lane's count, over all its pieces */
    /* the piece's */
    uint32_t mismatched = 0; /* mismatched codes so far */
    uint32_t at_open = 0;    /* of them, those before the open string */

    __device__ explicit str_warp_matcher(const galp::device::str_query &q) : query(q) {}

    __device__ void begin(const str_warp::piece &)
    {
        mismatched = 0;
        at_open = 0;
    }

    __device__ void window(const str_warp::window &w, const str_warp::carry &before)
    {
        using str_warp::exclusive_max;
        using str_warp::exclusive_sum;
        const uint32_t length = query.length;
        const bool prefix = query.prefix;
        uint32_t last_end = 0;
        for (unsigned k = 0; k < 4; k++)
            if (w.ends >> k & 1u)
                last_end = w.at[k] + w.size[k];
        const uint32_t lane_start = exclusive_max(last_end, before.start);
        uint32_t start = lane_start;
        unsigned bad = 0;
        for (unsigned k = 0; k < 4; k++) {
            const uint32_t at = w.at[k] - start;
            /* a code that starts past the query's end mismatches for equality and is past
             * the compared bytes for a prefix, without a look at the query */
            const bool differs = at >= length ? !prefix
                                              : !galp::device::str_query_agrees(
                                                    query.word, length, prefix, at, w.word[k],
                                                    w.size[k]);
            bad |= (unsigned)(w.size[k] != 0 && differs) << k;
            if (w.ends >> k & 1u)
                start = w.at[k] + w.size[k];
        }
        uint32_t total;
        const uint32_t before_lane = mismatched + exclusive_sum(__popc(bad), &total);
        uint32_t at_last_end = 0;
        for (unsigned k = 0; k < 4; k++)
            if (w.ends >> k & 1u)
                at_last_end = before_lane + __popc(bad & ((2u << k) - 1u));
        uint32_t opened = exclusive_max(at_last_end, at_open);
        start = lane_start;
        for (unsigned k = 0; k < 4; k++) {
            if (!(w.ends >> k & 1u))
                continue;
            const uint32_t end = w.at[k] + w.size[k], size = end - start;
            const uint32_t count = before_lane + __popc(bad & ((2u << k) - 1u));
            matches += (prefix ? size >= length : size == length) && count == opened;
            start = end;
            opened = count;
        }
        const uint32_t m = str_warp::warp_max(at_last_end);
        at_open = m > at_open ? m : at_open;
        mismatched += total;
    }

    __device__ void finish() {}
};

#endif /* GALP_GPU_STR_WARP_MATCHER_CUH */
