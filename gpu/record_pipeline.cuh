/*
 * gpu/record_pipeline.cuh — a warp's walk over its vectors by their scan records
 * (gpu/scan_record.cuh), for the range scan of columns of narrow float vectors (gpu/range.cu).
 *
 * The warp takes the vectors index() + k·count() of its group (gpu/vector_pipeline.cuh), 32 at
 * a time: lane k reads the record of vector k of the window, one window ahead, so a record's
 * load has a window's work to arrive. A counted vector is counted by its lane and nothing
 * more. The warp visits the packed vectors in order, each staged into shared memory Stages - 1
 * vectors ahead of its visit (one bulk copy on sm_90, 16-byte copies spread over the warp
 * before), its record held in registers until then. General vectors (the last
 * vector, one whose packed range is only partly safe) are left to the kernel, which visits
 * them once the packed ones are done (general_seen says whether the warp met any): visited
 * inside the loop, they made the float64 kernel spill its loop's state (72 bytes). Compared
 * with vector_pipeline::run, a packed vector costs the warp no entry, no plan and one copy
 * instead of three.
 */
#ifndef GALP_GPU_RECORD_PIPELINE_CUH
#define GALP_GPU_RECORD_PIPELINE_CUH

#include "scan_record.cuh"
#include "vector_pipeline.cuh"

namespace galp_gpu {

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

    /* Start staging packed vector `next` into stage `slot`: its payload, after the stage
     * header (its record stays in the caller's registers). Without bulk copies every call
     * closes a group of copies, empty past the end, so that wait<Stages - 1> keeps meaning
     * "the oldest stage is complete". */
    __device__ __forceinline__ void issue(unsigned slot)
    {
        if (next < col.vector_count) {
            uint8_t *stage = memory + slot * stage_bytes + stage_header_bytes;
            const unsigned bytes = parse_scan_record(next_record).staged_bytes;
            const uint4 *src = (const uint4 *)record_payload(col, next_record);
            if constexpr (bulk) {
                if (Group::rank() == 0) {
                    bulk_barrier_expect(copies.barriers + slot, bytes);
                    if (bytes != 0)
                        bulk_copy(stage, src, bytes, copies.barriers + slot);
                }
            } else {
                copies.spread(stage, src, bytes / 16u);
            }
        }
        if constexpr (!bulk)
            copy_commit();
    }

    /* The record of the vector the next issue stages, or, past the warp's last vector, one
     * that no stage holds (a general record: never staged). */
    __device__ __forceinline__ uint4 next_staged() const
    {
        return next < col.vector_count ? next_record : make_uint4(0u, 0u, 0u, (unsigned)record_general << 30);
    }

    /* For every vector of the warp: counted(count) for a counted one (by its lane), and
     * packed(record, payload) for a packed one with its payload staged in shared memory;
     * general_seen says afterwards whether the warp has general vectors. Every lane calls
     * run; packed is called by the whole warp and may use its barrier. The records of the
     * stages in flight are kept in registers, oldest first: written into the stage by one
     * lane and read back by all, they cost each vector a store, three loads and a barrier of
     * the warp. */
    template <typename Counted, typename Packed> __device__ __forceinline__ void run(Counted &&counted, Packed &&packed)
    {
        auto load = [&](uint32_t v) { return __ldg(records + v); };
        walk.start(col, load);
        todo = 0;
        general_seen = false;
        advance(counted);
        uint4 staged[Stages];
#pragma unroll
        for (unsigned s = 0; s + 1 < Stages; s++) {
            staged[s] = next_staged();
            issue(s);
            advance(counted);
        }
        for (unsigned slot = 0;; slot = slot + 1 == Stages ? 0 : slot + 1) {
            staged[Stages - 1] = next_staged();
            issue(slot == 0 ? Stages - 1 : slot - 1);
            advance(counted);
            if (record_kind(staged[0].w) != record_packed)
                break; /* and so are the later ones */
            copies.template wait<Stages - 1>(slot);
            packed(parse_scan_record(staged[0]), memory + slot * stage_bytes + stage_header_bytes);
            Group::sync(); /* the stage is refilled by the next issue */
#pragma unroll
            for (unsigned s = 0; s + 1 < Stages; s++)
                staged[s] = staged[s + 1];
        }
        if constexpr (!bulk)
            copy_wait<0>(); /* the empty groups past the end */
    }
};

} /* namespace galp_gpu */

#endif /* GALP_GPU_RECORD_PIPELINE_CUH */
