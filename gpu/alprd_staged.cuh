/*
 * gpu/alprd_staged.cuh — the engine of gpu/alprd.cu's scans: the vectors of a float column that
 * holds ALP_RD vectors (spec/alprd.md), one warp per vector, each ALP_RD payload staged in
 * shared memory and decoded there straight to the caller's function (visit_staged_alprd).
 *
 * Every warp of a resident grid runs its own pipeline (for_each_alprd_vector): the payload of
 * its next ALP_RD vector is on its way into shared memory (cp.async, galp/device/async_copy.cuh)
 * while it decodes the current one, so that many bytes are in flight per multiprocessor. The
 * warp branches once per vector on its scheme, so the branch is uniform. RAW and G-ALP vectors,
 * the other kinds such a column holds (spec/format.md §2), are not staged: the kernels read
 * them from the image (a RAW vector's words are its values; G-ALP through visit_lane).
 */
#ifndef GALP_GPU_ALPRD_STAGED_CUH
#define GALP_GPU_ALPRD_STAGED_CUH

#include "galp/device/alprd.cuh"
#include "galp/device/async_copy.cuh"
#include "galp/device/vector_pipeline.cuh"
#include "galp/layout.h"
#include "stage_memory.cuh"

namespace galp::device::detail {

/* This warp's stages of the block's dynamic shared memory, laid out by launch_scan
 * (gpu/scan_launch.cuh: vector_stages per warp), of which for_each_alprd_vector uses two. */
static_assert(vector_stages >= 2, "the ALP_RD pipeline needs two stages per warp");
__device__ __forceinline__ uint8_t *alprd_warp_stages(unsigned stage_bytes)
{
    return stage_memory() + (threadIdx.x / 32u) * vector_stages * stage_bytes;
}

/* f(s, x) for every slot s < m of the ALP_RD vector staged at `payload` (entry e), each once,
 * with no tile: thread t takes rows 32·(t div L) ... 32·(t div L) + 31 of lane t mod L (a
 * float32 lane whole, half of a float64 one), and meets its lane's exceptions in slot order
 * (spec/alprd.md §3: entries lane_end[l-1] ... lane_end[l]-1, ascending positions), skipping
 * those of the half-lane before its rows. For the scans, which keep no values. */
template <typename T, typename F>
__device__ __forceinline__ void visit_staged_alprd(const uint8_t *payload, const vector_entry &e, unsigned m,
                                                   unsigned t, F &&f)
{
    typedef typename value_traits<T>::word Word;
    constexpr unsigned W = value_traits<T>::bits, L = value_traits<T>::lanes;
    const unsigned lane = t % L, h = t / L, r = e.bit_width, k = e.exponent, c = e.exception_count;
    const uint32_t *rights = (const uint32_t *)(payload + GALP_LAYOUT_ALPRD_DICT_BYTES);
    const uint32_t *codes = (const uint32_t *)(payload + galp_layout_alprd_codes_offset(r));
    const uint16_t *dict = (const uint16_t *)payload; /* code < 2^k <= 8: always an entry */
    const uint16_t *lefts = (const uint16_t *)(payload + galp_layout_alprd_lefts_offset(W, r, k, c, 0u));
    const uint16_t *positions = (const uint16_t *)(payload + galp_layout_alprd_positions_offset(W, r, k, c, 0u));
    unsigned next = 0, end = 0; /* this thread's exceptions: entries next ... end - 1 */
    if (c != 0) {
        const uint16_t *lane_end = (const uint16_t *)(payload + galp_layout_alprd_lane_end_offset(r, k));
        next = lane == 0 ? 0u : lane_end[lane - 1];
        end = min((unsigned)lane_end[lane], c);
        while (next < end && positions[next] < 32u * h * L)
            next++;
    }
    Word bits[32];
    alprd_unpack_rows<W>([&](unsigned i) { return rights[i]; }, [&](unsigned i) { return codes[i]; }, r, k, lane, h,
                         [&](unsigned i, Word right, uint32_t code) { bits[i] = (Word)dict[code] << r | right; });
    const Word right_mask = ~(Word)0 >> (W - r);
#pragma unroll
    for (unsigned row = 0; row < 32; row++) {
        const unsigned slot = (32u * h + row) * L + lane;
        if (next < end && positions[next] == slot)
            bits[row] = (Word)lefts[next++] << r | (bits[row] & right_mask);
        if (slot < m)
            f(slot, value_from_word<T>(bits[row]));
    }
}

/* body(v, entry, m, payload) for every vector v of the column that this warp takes (every
 * warps()-th from its index); every lane of the warp calls it. For an ALP_RD vector `payload`
 * is its payload staged in shared memory, for the others nullptr. `stages` is this warp's two
 * stages of stage_bytes (a multiple of 16, at least the column's largest payload rounded up
 * to 16) each. The payload of the next vector is copied while body runs and the entry of the
 * one after it loaded, as words parsed only past the body (entry_words, galp/device/column.cuh);
 * a stage is refilled only after the warp's __syncwarp past the body that read it. The copies
 * round the payload up to 16 bytes: payloads are 16-byte aligned and the file ends in 256 zero
 * bytes, so they stay in the image (spec/format.md §3.5). */
template <typename T, typename Body>
__device__ __forceinline__ void for_each_alprd_vector(const galp_gpu_view &col, uint8_t *stages, unsigned stage_bytes,
                                                      Body &&body)
{
    constexpr unsigned W = value_traits<T>::bits;
    const unsigned lane = threadIdx.x % 32u;
    const uint64_t n = col.vector_count, step = (uint64_t)gridDim.x * (blockDim.x / 32u);
    const uint64_t first = (uint64_t)blockIdx.x * (blockDim.x / 32u) + threadIdx.x / 32u;
    const auto issue = [&](uint64_t v, const vector_entry &e, uint8_t *stage) {
        if (v < n && e.scheme == GALP_SCHEME_ALP_RD) {
            const unsigned bytes = galp_layout_alprd_payload_bytes(W, e.bit_width, e.exponent, e.exception_count, 0u);
            const unsigned copied = min((bytes + 15u) & ~15u, stage_bytes); /* a valid image never clips */
            const uint8_t *src = col.data + e.payload_offset;
            for (unsigned o = lane * 16u; o < copied; o += 32u * 16u)
                copy16_async(stage + o, src + o);
        }
        copy_commit(); /* one group per vector, empty for the others */
    };
    vector_entry e = load_entry_words(col, first).parse(), next = load_entry_words(col, first + step).parse();
    issue(first, e, stages);
    unsigned s = 0;
    for (uint64_t v = first; v < n; v += step, s ^= 1u) { /* 64 bits: no wrap */
        issue(v + step, next, stages + (s ^ 1u) * stage_bytes);
        const entry_words after = load_entry_words(col, v + 2u * step);
        copy_wait<1>(); /* this lane's copies of vector v have landed ... */
        __syncwarp();   /* ... and every lane's are visible to the warp */
        const uint8_t *payload = e.scheme == GALP_SCHEME_ALP_RD ? stages + s * stage_bytes : nullptr;
        body((uint32_t)v, e, vector_value_count(col, (uint32_t)v), payload);
        __syncwarp(); /* the stage is reused by the next iteration */
        e = next;
        next = after.parse();
    }
    copy_wait<0>();
}

/* f(p, x) for every position p < m of vector v, each once, spread over the warp: from the stage
 * for an ALP_RD vector (visit_staged_alprd), from the image for a RAW one (lane t takes
 * p = t, t + 32, ...), and through visit_lane (galp/device/visit.cuh, lanes t < L) for a
 * G-ALP one. */
template <typename T, typename F>
__device__ __forceinline__ void visit_alprd_column_vector(const galp_gpu_view &col, uint32_t v, const vector_entry &e,
                                                          unsigned m, const uint8_t *payload, F &&f)
{
    typedef typename value_traits<T>::word Word;
    const unsigned t = threadIdx.x % 32u;
    if (payload != nullptr) {
        visit_staged_alprd<T>(payload, e, m, t, f);
    } else if (e.scheme == GALP_SCHEME_RAW) { /* value p is word p (spec/format.md §4.2) */
        const Word *words = (const Word *)(col.data + e.payload_offset);
        for (unsigned p = t; p < m; p += 32u)
            f(p, value_from_word<T>(words[p]));
    } else if (t < value_traits<T>::lanes) {
        visit_lane<T>(col, v, t, f);
    }
}

} /* namespace galp::device::detail */

#endif /* GALP_GPU_ALPRD_STAGED_CUH */
