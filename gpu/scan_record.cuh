/*
 * gpu/scan_record.cuh — the 16-byte record of one vector that the range scan of a column of
 * narrow float vectors reads in place of the vector's entry and plan (gpu/range.cu). The plan
 * kernel writes one per vector (scan_record_of); the scan's warps read them 32 at a time, one
 * lane each (gpu/record_pipeline.cuh). Parsing an entry, reading a plan and choosing a path
 * cost each warp many instructions per vector, and staging entry, plan and payload three
 * copies (docs/DESIGN.md): with a record, one lane of the plan kernel has
 * done the choosing, and the scan stages the payload alone.
 *
 * A record is four 32-bit words (galp_gpu_scan_record, gpu/kernels.h):
 *   x  payload offset / 16 (payloads are 16-byte aligned, spec/format.md §3.3, §4)
 *   y  packed: lo, the first packed integer that matches; counted: the vector's count
 *   z  packed: hi - lo
 *   w  bits 0-7 bit width b, bits 8-18 exception count c, bit 29 "no packed integer
 *      matches", bits 30-31 the kind
 * and of one of three kinds:
 *   packed   a full G-ALP vector of width b <= 32 whose packed integers 0 ... 2^b - 1 are all
 *            safe (galp/device/pushdown.cuh): the scan stages its payload, compares every slot's
 *            packed integer p with lo <= p <= hi, and corrects for its exceptions (gpu/range.cu);
 *   counted  a vector whose count its plan and at most verdict_exceptions exceptions decide
 *            (vector_verdict): never staged;
 *   general  any other vector (the partial last vector, a vector whose packed range is only
 *            partly safe, a payload past 64 GiB): the scan counts it the general way, from
 *            its entry and from its plan, which the plan kernel writes for these alone.
 */
#ifndef GALP_GPU_SCAN_RECORD_CUH
#define GALP_GPU_SCAN_RECORD_CUH

#include "galp/device/pushdown.cuh"

namespace galp::device::detail {

enum scan_record_kind : unsigned { record_packed = 0, record_counted = 1, record_general = 2 };

struct scan_record {
    uint32_t lo, span;      /* packed: the matching packed integers [lo, lo + span] */
    unsigned bit_width;     /* packed: b <= 32 */
    unsigned exceptions;    /* packed: c */
    bool none;              /* packed: no packed integer matches */
};

/* The kind of a record, from its word w (the scans that only ask for the kind load that word). */
__device__ __forceinline__ scan_record_kind record_kind(uint32_t w)
{
    return (scan_record_kind)(w >> 30);
}

/* A counted record's count. */
__device__ __forceinline__ uint32_t record_count(const uint4 &r) { return r.y; }

/* The start of a packed record's payload in the image. */
__device__ __forceinline__ const uint8_t *record_payload(const galp_gpu_view &col, const uint4 &r)
{
    return col.data + (uint64_t)r.x * 16u;
}

__device__ __forceinline__ scan_record parse_scan_record(const uint4 &r)
{
    scan_record s;
    s.lo = r.y, s.span = r.z;
    s.bit_width = r.w & 0xffu;
    s.exceptions = (r.w >> 8) & 0x7ffu;
    s.none = (r.w >> 29) & 1u;
    return s;
}

/* Bytes of a packed vector's payload that its scan reads: the packed words, then, when it has
 * exceptions, the lane table and the exceptions (spec/galp.md §1), in 16-byte pieces (the
 * image's next payload, or its 256-byte tail, follows: spec/format.md §3.5). */
template <typename T> __device__ __forceinline__ unsigned record_staged_bytes(const scan_record &s)
{
    const unsigned packed = galp_layout_packed_bytes(s.bit_width);
    return s.exceptions == 0 ? packed
                             : (packed + galp_layout_exception_bytes(GALP_SCHEME_GALP, value_traits<T>::bits, s.exceptions, 0u) + 15u) & ~15u;
}

/* The record of vector v, whose entry is e and plan p, for lo <= x <= hi. */
template <typename T>
__device__ inline uint4 scan_record_of(const galp_gpu_view &col, uint32_t v, const vector_entry &e,
                                       const galp_gpu_range_plan &p, T lo, T hi)
{
    const uint32_t verdict = vector_verdict<T>(col, v, e, p, lo, hi);
    if (verdict != no_verdict)
        return make_uint4(0u, verdict, 0u, (unsigned)record_counted << 30);
    const bool packed = e.scheme == GALP_SCHEME_GALP && vector_value_count(col, v) == GALP_VECTOR_SIZE &&
                        e.bit_width <= 32u && p.safe_lo == 0 && p.safe_hi == max_packed(e.bit_width) &&
                        e.payload_offset / 16u <= UINT32_MAX;
    if (!packed)
        return make_uint4(0u, 0u, 0u, (unsigned)record_general << 30);
    const bool none = p.lo > p.hi;
    return make_uint4((uint32_t)(e.payload_offset / 16u), none ? 0u : (uint32_t)p.lo,
                      none ? 0u : (uint32_t)(p.hi - p.lo),
                      e.bit_width | e.exception_count << 8 | (unsigned)none << 29 | (unsigned)record_packed << 30);
}

} /* namespace galp::device::detail */

#endif /* GALP_GPU_SCAN_RECORD_CUH */
