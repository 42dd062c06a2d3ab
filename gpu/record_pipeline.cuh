/*
 * gpu/record_pipeline.cuh — a warp's walk over its vectors by their scan records
 * (gpu/scan_record.cuh), for the range scan of columns of narrow float vectors (gpu/range.cu).
 *
 * The warp takes the vectors index() + k·count() of its group (galp/device/vector_pipeline.cuh), 32 at
 * a time: lane k reads the record of vector k of the window, one window ahead, so a record's
 * load has a window's work to arrive. A counted vector is counted by its lane and nothing
 * more. The warp visits the packed vectors in order, each staged into shared memory Stages - 1
 * vectors ahead of its visit (one bulk copy on sm_90, 16-byte copies spread over the warp
 * before), with its record in the first 16 bytes of the stage. General vectors (the last
 * vector, one whose packed range is only partly safe) are left to the kernel, which visits
 * them once the packed ones are done (general_seen says whether the warp met any): visited
 * inside the loop, they made the float64 kernel spill its loop's state (72 bytes). Compared
 * with vector_pipeline::run, a packed vector costs the warp no entry, no plan and one copy
 * instead of three.
 */
#ifndef GALP_GPU_RECORD_PIPELINE_CUH
#define GALP_GPU_RECORD_PIPELINE_CUH

#include "scan_record.cuh"
#include "galp/device/vector_pipeline.cuh"
#include "stage_memory.cuh"

namespace galp::device::detail {

/* Stages: vector_stages, which gpu/scan_launch.cuh sizes every scan warp's shared memory by. */
template <typename T, typename Group, unsigned Stages = vector_stages> struct record_pipeline {
    static_assert(Stages >= 1, "a stage to decode from");
    static constexpr bool bulk = stage_copies<Group, Stages>::bulk;
    const galp_gpu_view &col;
    const uint4 *const records;   /* one per vector */
    uint8_t *const memory;        /* the warp's Stages × stage_bytes of dynamic shared memory */
    const unsigned stage_bytes;
    stage_copies<Group, Stages> copies;
    uint4 *const window_records;  /* the 32 records of the current window, in shared memory */
    window_walk<Group, uint4> walk; /* the warp's vectors 32 at a time, with their records */
    uint32_t todo;                /* the current window's packed vectors still to visit: bit k */
    bool general_seen;            /* some window had a general vector */
    uint32_t next;                /* the next vector to visit, or vector_count when none is left */
    uint4 next_record;

    /* Every lane of the warp constructs it, together. */
    __device__ __forceinline__ record_pipeline(const galp_gpu_view &c, unsigned bytes, const uint4 *recs,
                                               uint4 *window_memory)
        : col(c), records(recs), memory(stage_memory() + Group::in_block() * Stages * bytes), stage_bytes(bytes),
          window_records(window_memory)
    {
    }

    /* next, next_record = the next packed vector to visit; counted(count) for each counted
     * vector of a window, by its lane, when the window is read. */
    template <typename Counted> __device__ __forceinline__ void advance(Counted &counted)
    {
        auto load = [&](uint32_t v) { return __ldg(records + v); };
        while (todo == 0) {
            uint64_t v;
            uint4 mine;
            if (!walk.step(col, load, v, mine)) {
                next = col.vector_count;
                return;
            }
            const bool valid = v < col.vector_count;
            const scan_record_kind kind = record_kind(mine.w);
            if (valid && kind == record_counted)
                counted(record_count(mine));
            general_seen |= __any_sync(0xffffffffu, valid && kind == record_general);
            Group::sync(); /* every lane is done with the previous window's records */
            window_records[Group::rank()] = mine;
            todo = __ballot_sync(0xffffffffu, valid && kind == record_packed);
            Group::sync();
        }
        const unsigned k = __ffs(todo) - 1u;
        todo &= todo - 1u;
        next = (uint32_t)walk.vector(k);
        next_record = window_records[k];
    }

    /* Start staging packed vector `next` into stage `slot`: its record into the stage's first
     * 16 bytes, its payload after the stage header. Without bulk copies every call closes a
     * group of copies, empty past the end, so that wait<Stages - 1> keeps meaning "the oldest
     * stage is complete". */
    __device__ __forceinline__ void issue(unsigned slot)
    {
        if (next < col.vector_count) {
            uint8_t *stage = memory + slot * stage_bytes;
            const unsigned bytes = record_staged_bytes<T>(parse_scan_record(next_record));
            const uint4 *src = (const uint4 *)record_payload(col, next_record);
            if (Group::rank() == 0)
                *(uint4 *)stage = next_record;
            if constexpr (bulk) {
                if (Group::rank() == 0) {
                    bulk_barrier_expect(copies.barriers + slot, bytes);
                    if (bytes != 0)
                        bulk_copy(stage + stage_header_bytes, src, bytes, copies.barriers + slot);
                }
            } else {
                copies.spread(stage + stage_header_bytes, src, bytes / 16u);
            }
        }
        if constexpr (!bulk)
            copy_commit();
    }

    /* Until stage `slot`, the oldest in flight, has landed and is visible to the warp, its
     * record included (written by lane 0 when it was issued). */
    template <int Pending> __device__ __forceinline__ void wait(unsigned slot)
    {
        copies.template wait<Pending>(slot);
        if constexpr (bulk)
            Group::sync(); /* the record: lane 0 wrote it, the copy engine did not */
    }

    /* For every vector of the warp: counted(count) for a counted one (by its lane), and
     * packed(record, payload) for a packed one with its payload staged in shared memory;
     * general_seen says afterwards whether the warp has general vectors. Every lane calls
     * run; packed is called by the whole warp and may use its barrier. */
    template <typename Counted, typename Packed> __device__ __forceinline__ void run(Counted &&counted, Packed &&packed)
    {
        auto load = [&](uint32_t v) { return __ldg(records + v); };
        walk.start(col, load);
        todo = 0;
        general_seen = false;
        advance(counted);
        stage_ring<Stages>(
            col.vector_count, [&] { return (uint64_t)next; },
            [&](unsigned slot) {
                issue(slot);
                advance(counted);
            },
            [&](uint64_t, unsigned slot) {
                const uint8_t *stage = memory + slot * stage_bytes;
                wait<Stages - 1>(slot);
                packed(parse_scan_record(*(const uint4 *)stage), stage + stage_header_bytes);
                Group::sync(); /* the stage is refilled by the next issue */
            });
        if constexpr (!bulk)
            copy_wait<0>(); /* the empty groups past the end */
    }
};

} /* namespace galp::device::detail */

#endif /* GALP_GPU_RECORD_PIPELINE_CUH */
