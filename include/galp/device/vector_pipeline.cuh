/*
 * galp/device/vector_pipeline.cuh — how the bulk kernels get a vector into shared memory.
 *
 * A pipeline belongs to a group of threads that decode one vector together: a whole block
 * (block_group, decompression) or one warp of a block on its own (warp_group, the scans).
 * The scans (gpu/aggregate.cu, gpu/range.cu) run a resident grid whose warps each take every
 * count()-th vector, with the next Stages - 1 vectors of the warp already on their way into
 * shared memory while it decodes the current one (run). Why: a warp that loads a vector and
 * then waits for it leaves the memory system idle while it decodes, and the scans, which
 * write nothing, ran far below the read bandwidth that way (docs/DESIGN.md). Here the loads
 * of vector i + Stages - 1 are issued (galp/device/async_copy.cuh) before the warp waits for
 * vector i, and the entry of the vector after that is read into registers one iteration
 * ahead. run_kept stages only the vectors a kernel asks for, 32 vectors of a warp at a time,
 * one lane about each (the aggregate skips the constant vectors it can add from their
 * entries; the range scans of narrow float columns walk their vectors by scan records
 * instead, gpu/record_pipeline.cuh). The copies are 16-byte cp.async copies spread over the group, each thread waiting
 * for its own before a barrier of the group, or, where the group asks for them and the GPU
 * has them (sm_90), one bulk copy per piece issued by one thread and completing on a
 * barrier of the stage that every thread waits on. The warps of a scan block share
 * nothing but the block's final reduction, so they synchronise with __syncwarp, and a
 * multiprocessor is not limited to the 32 one-warp blocks it can hold. Decompression
 * (gpu/decompress.cuh) stages one vector per block (run_one): its stores keep the memory
 * system busy, and a block per vector is faster there.
 *
 * A stage holds, 16-byte aligned:
 *
 *   [0, 32)    the vector's 32-byte metadata entry (spec/format.md §3.3)
 *   [32, 64)   32 bytes of per-vector data of the kernel (a range plan), if any
 *   [64, ...)  the payload (spec/format.md §4), rounded up to 16 bytes; the reads past the
 *              payload stay in the file because payloads are 16-byte aligned and the file
 *              ends in 256 zero bytes (§3.5).
 *
 * A stage has room for the column's largest vector (galp_gpu_image_shape, measured by
 * the host API at upload), so every vector, exceptions included, is decoded from shared
 * memory: at most 2 · (64 + 18,464) bytes per warp for float64 (G-ALP, b = 64, 1024
 * exceptions). Shared memory, not registers, is what limits the warps of a multiprocessor
 * on columns of large vectors, so a third stage costs more warps than it gains (docs/DESIGN.md).
 */
#ifndef GALP_DEVICE_VECTOR_PIPELINE_CUH
#define GALP_DEVICE_VECTOR_PIPELINE_CUH

#include "async_copy.cuh"
#include "column.cuh"

namespace galp::device::detail {

/* Threads a multiprocessor holds (2048 from sm_80 on, 1024 before; CUDA programming guide):
 * kernels whose blocks are few threads hold their registers to fill it. */
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
#define GALP_GPU_THREADS_PER_SM 1024
#else
#define GALP_GPU_THREADS_PER_SM 2048
#endif

/* Tuning of the scans, threads per block (each warp decodes its own vectors) and stages per
 * warp: the defaults are the fastest of those tried (docs/DESIGN.md); the macros let a benchmark
 * build try others. */
#ifndef GALP_GPU_SCAN_THREADS
#define GALP_GPU_SCAN_THREADS 128
#endif
/* Scan blocks per multiprocessor the registers must allow: 3/8 of the threads a
 * multiprocessor holds, 80 registers per thread. A thread holds its 32 unpacked values and
 * the words they came from; held to 64 registers, the scans spill and run
 * slower. */
#ifndef GALP_GPU_SCAN_MIN_BLOCKS
#define GALP_GPU_SCAN_MIN_BLOCKS (GALP_GPU_THREADS_PER_SM * 3 / 8 / GALP_GPU_SCAN_THREADS)
#endif
#ifndef GALP_GPU_STAGES
#define GALP_GPU_STAGES 2
#endif
constexpr unsigned scan_threads = GALP_GPU_SCAN_THREADS;
constexpr unsigned vector_stages = GALP_GPU_STAGES;
static_assert(scan_threads % 32 == 0, "scan blocks are whole warps");

/* The threads that decode a vector together and share a pipeline: all Threads of a block,
 * which stage a vector with 16-byte copies spread over them (bulk copies made the
 * decompression of small payloads slower), and leave out the payload
 * of a G-ALP vector of width 0 without exceptions (vector_pipeline::staged_bytes). */
template <unsigned Threads> struct block_group {
    static constexpr unsigned threads = Threads, max_per_block = 1;
    static constexpr bool bulk_copies = false, skips_lane_tables = true;
    static __device__ __forceinline__ unsigned rank() { return threadIdx.x; }
    static __device__ __forceinline__ uint64_t index() { return blockIdx.x; }
    static __device__ __forceinline__ uint64_t count() { return gridDim.x; }
    static __device__ __forceinline__ unsigned in_block() { return 0; }
    static __device__ __forceinline__ void sync() { __syncthreads(); }
};

/* ... or each warp of a block on its own (a block of at most MaxThreads threads: the
 * launcher may run fewer warps per block when the stages of a column's largest vector do not
 * fit that many, gpu/scan_launch.cuh), staging with one bulk copy per piece where the GPU has
 * them and BulkCopies asks for them: they make the range scans faster, and the
 * aggregate of columns of small vectors slower (docs/DESIGN.md). */
template <unsigned MaxThreads, bool BulkCopies> struct warp_group {
    static constexpr unsigned threads = 32, max_per_block = MaxThreads / 32;
    static constexpr bool bulk_copies = BulkCopies, skips_lane_tables = false;
    static __device__ __forceinline__ unsigned rank() { return threadIdx.x % 32u; }
    static __device__ __forceinline__ unsigned per_block() { return blockDim.x / 32u; }
    static __device__ __forceinline__ uint64_t index() { return (uint64_t)blockIdx.x * per_block() + threadIdx.x / 32u; }
    static __device__ __forceinline__ uint64_t count() { return (uint64_t)gridDim.x * per_block(); }
    static __device__ __forceinline__ unsigned in_block() { return threadIdx.x / 32u; }
    static __device__ __forceinline__ void sync() { __syncwarp(); }
};

constexpr unsigned stage_header_bytes = 64;

/* Where the body of a pipeline finds a staged vector (shared memory): its 32-byte metadata
 * entry, the kernel's 32 bytes of per-vector data (a range plan), if any, and its payload. */
struct staged_vector {
    const uint4 *entry;
    const uint4 *record;
    const uint8_t *payload;
};

/* The staged vector of a stage laid out as above. */
__device__ __forceinline__ staged_vector staged_at(uint8_t *stage)
{
    return staged_vector{(const uint4 *)stage, (const uint4 *)(stage + 32), stage + stage_header_bytes};
}

/* Payload bytes of a vector of a device image (spec/format.md §4 table): RAW, FFOR or G-ALP, the
 * only schemes an image holds, so the two tests below stand for galp_layout_payload_bytes's
 * switch on every scheme, which cost the scans' per-vector issue path measurable time. */
template <typename T>
__device__ __forceinline__ unsigned payload_bytes(unsigned scheme, unsigned b, unsigned c, unsigned m)
{
    constexpr unsigned W = value_traits<T>::bits;
    if (scheme == GALP_SCHEME_RAW)
        return galp_layout_payload_bytes(GALP_SCHEME_RAW, W, b, c, m, 0u);
    return galp_layout_packed_bytes(b) + (scheme == GALP_SCHEME_GALP ? galp_layout_exception_bytes(GALP_SCHEME_GALP, W, c, 0u) : 0u);
}

/* Bytes of one stage for a column whose largest vector needs largest_vector bytes. */
__host__ __device__ inline unsigned stage_bytes_for(unsigned largest_vector)
{
    return stage_header_bytes + ((largest_vector + 15u) & ~15u);
}

/* With Bulk, the block's N stage barriers (galp/device/async_copy.cuh): one per stage of each
 * pipeline; otherwise none. */
template <bool Bulk, unsigned N> __device__ __forceinline__ uint64_t *stage_barriers()
{
    if constexpr (Bulk) {
        __shared__ uint64_t barriers[N];
        return barriers;
    } else {
        return nullptr;
    }
}

/* A warp's walk over its group's vectors index() + k·count(), 32 at a time: lane k holds
 * vector window + k·count() of the current window, and look() of its vector of the next
 * window, a load issued a window ahead so that it has a window's work to arrive
 * (vector_pipeline::run_kept, record_pipeline). */
template <typename Group, typename Seen> struct window_walk {
    uint64_t window; /* wraps before the first window */
    Seen ahead;

    template <typename Look> __device__ __forceinline__ void start(const galp_gpu_view &col, Look &look)
    {
        window = Group::index() - 32u * Group::count(); /* the first step moves to index() */
        const uint64_t first = Group::index() + Group::rank() * Group::count();
        ahead = first < col.vector_count ? look((uint32_t)first) : Seen{};
    }

    /* To the next window: false when the group has none left; else this lane's vector v
     * (valid below vector_count) and what look() said of it. */
    template <typename Look>
    __device__ __forceinline__ bool step(const galp_gpu_view &col, Look &look, uint64_t &v, Seen &seen)
    {
        static_assert(Group::threads == 32, "the lanes of one warp take a window");
        window += 32u * Group::count();
        if (window >= col.vector_count)
            return false;
        v = window + Group::rank() * Group::count();
        const uint64_t later = v + 32u * Group::count();
        seen = ahead;
        ahead = later < col.vector_count ? look((uint32_t)later) : Seen{};
        return true;
    }

    /* Vector k of the current window. */
    __device__ __forceinline__ uint64_t vector(unsigned k) const { return window + (uint64_t)k * Group::count(); }
};

/* The loop of a pipeline that stages a varying set of vectors, a warp's Stages stages in
 * turn: the vector of stage i + Stages - 1 is issued before stage i is visited. next() is
 * the vector the next issue(slot) stages (vector_count once none is left), issue(slot)
 * stages it and moves on to the one after, visit(v, slot) waits for stage `slot` and
 * decodes vector v from it (vector_pipeline::run_kept, record_pipeline::run). */
template <unsigned Stages, typename Next, typename Issue, typename Visit>
__device__ __forceinline__ void stage_ring(uint64_t vector_count, Next &&next, Issue &&issue, Visit &&visit)
{
    uint64_t staged[Stages]; /* staged[i]: the vector of the i-th oldest stage in flight */
#pragma unroll
    for (unsigned s = 0; s + 1 < Stages; s++) {
        staged[s] = next();
        issue(s);
    }
    for (unsigned slot = 0;; slot = slot + 1 == Stages ? 0 : slot + 1) {
        staged[Stages - 1] = next();
        issue(slot == 0 ? Stages - 1 : slot - 1);
        if (staged[0] >= vector_count)
            break; /* and so are the later ones */
        visit(staged[0], slot);
#pragma unroll
        for (unsigned s = 0; s + 1 < Stages; s++)
            staged[s] = staged[s + 1];
    }
}

/* The copies into a group's Stages stages and the waits for them (galp/device/async_copy.cuh): with
 * bulk copies (sm_90, where the group asks for them) one thread's copies complete on a
 * barrier per stage, whose phases are tracked here; otherwise 16-byte copies spread over the
 * group, which its callers close in one commit group per stage issued. Shared by the
 * pipelines of this file and of gpu/record_pipeline.cuh. */
template <typename Group, unsigned Stages> struct stage_copies {
    static constexpr bool bulk = GALP_GPU_BULK_COPY && Group::bulk_copies;
    uint64_t *const barriers;     /* bulk: stage s completes on barriers[s] */
    unsigned phases = 0;          /* bulk: bit s is the parity of the phase of barriers[s] to wait for */

    /* Every thread of the group constructs it, together. */
    __device__ __forceinline__ stage_copies()
        : barriers(stage_barriers<bulk, Group::max_per_block * Stages>() + Group::in_block() * Stages)
    {
        if constexpr (bulk) {
            if (Group::rank() == 0)
                bulk_barriers_init(barriers, Stages);
            Group::sync();
        }
    }

    /* Without bulk copies: `chunks` 16-byte pieces from src to dst, spread over the group. */
    static __device__ __forceinline__ void spread(uint8_t *dst, const uint4 *src, unsigned chunks)
    {
        for (unsigned k = Group::rank(); k < chunks; k += Group::threads)
            copy16_async(dst + 16u * k, src + k);
    }

    /* Until stage `slot`, the oldest in flight, has landed and its copies are visible to the
     * whole group (Pending: the later stages still in flight). */
    template <int Pending> __device__ __forceinline__ void wait(unsigned slot)
    {
        if constexpr (bulk) {
            bulk_barrier_wait(barriers + slot, phases >> slot & 1u);
            phases ^= 1u << slot;
        } else {
            copy_wait<Pending>();
            Group::sync();
        }
    }
};

template <typename T, typename Group, unsigned Stages = vector_stages> struct vector_pipeline {
    static_assert(Stages >= 1, "a stage to decode from");
    static constexpr bool bulk = stage_copies<Group, Stages>::bulk;
    const galp_gpu_view &col;
    uint8_t *const memory;        /* the group's Stages × stage_bytes of shared memory */
    const unsigned stage_bytes;
    const uint4 *const sidecar;   /* 32 bytes per vector, or null */

    uint64_t next;                /* the next vector to issue (64 bits: next + count() must not wrap) */
    uint64_t next_offset;         /* its payload offset and the entry word with c, scheme, b */
    uint32_t next_fields;
    stage_copies<Group, Stages> copies;
    window_walk<Group, uint32_t> walk; /* run_kept: the group's vectors 32 at a time, */
    uint32_t todo;                /* of which those with bit k set are still to stage */

    /* Every thread of the group constructs it, together, with the same block_stages: shared
     * memory, 16-byte aligned, of Stages × bytes for each group of the block. */
    __device__ __forceinline__ vector_pipeline(const galp_gpu_view &c, uint8_t *block_stages, unsigned bytes,
                                               const uint4 *side)
        : col(c), memory(block_stages + Group::in_block() * Stages * bytes), stage_bytes(bytes), sidecar(side)
    {
    }

    /* Read the entry of `next` (its value is first used one iteration later). */
    __device__ __forceinline__ void peek()
    {
        if (next < col.vector_count) {
            const uint4 a = __ldg(entry_words((uint32_t)next));
            next_offset = (uint64_t)a.y << 32 | a.x;
            next_fields = kind_word((uint32_t)next);
        }
    }

    /* Bytes of vector `next` to stage: its payload; with Group::skips_lane_tables, none for a
     * G-ALP vector without exceptions whose packed words are empty (b = 0): its only bytes
     * then are the lane table (spec/galp.md §1), which serves per-lane decoders, and loading
     * it held the decompression of near-constant columns well below their limit. */
    __device__ __forceinline__ unsigned staged_bytes() const
    {
        const vector_kind k = parse_vector_kind(next_fields);
        if constexpr (Group::skips_lane_tables) {
            if (k.scheme == GALP_SCHEME_GALP && k.exception_count == 0)
                return galp_layout_packed_bytes(k.bit_width);
        }
        return payload_bytes<T>(k.scheme, k.bit_width, k.exception_count, vector_value_count(col, (uint32_t)next));
    }

    __device__ __forceinline__ const uint4 *entry_words(uint32_t v) const
    {
        return vector_entry_words(col.data, v);
    }

    /* The word of vector v's entry with its exception count, scheme and bit width
     * (parse_vector_kind). */
    __device__ __forceinline__ uint32_t kind_word(uint32_t v) const { return __ldg((const uint32_t *)entry_words(v) + 5); }

    /* Start copying vector `next` into stage `slot`, then step() to the vector after it: with
     * bulk copies, one thread copies the entry, the sidecar and the payload; otherwise the
     * group's threads copy 16 bytes each and every call closes a group of copies, empty past
     * the end, so that wait<Stages - 1> keeps meaning "the oldest stage is complete". */
    template <typename Step> __device__ __forceinline__ void issue(unsigned slot, Step &&step)
    {
        if (next < col.vector_count) {
            uint8_t *dst = memory + slot * stage_bytes;
            const unsigned chunks = (staged_bytes() + 15u) / 16u;
            const uint4 *src = (const uint4 *)(col.data + next_offset);
            if constexpr (bulk) {
                if (Group::rank() == 0) {
                    uint64_t *bar = copies.barriers + slot;
                    bulk_barrier_expect(bar, 32u + (sidecar != nullptr ? 32u : 0u) + 16u * chunks);
                    bulk_copy(dst, entry_words((uint32_t)next), 32u, bar);
                    if (sidecar != nullptr)
                        bulk_copy(dst + 32, sidecar + 2u * (size_t)next, 32u, bar);
                    if (chunks != 0)
                        bulk_copy(dst + stage_header_bytes, src, 16u * chunks, bar);
                }
            } else {
                const unsigned t = Group::rank();
                if (t < 2)
                    copy16_async(dst + 16u * t, entry_words((uint32_t)next) + t);
                else if (sidecar != nullptr && t < 4)
                    copy16_async(dst + 16u * t, sidecar + 2u * (size_t)next + (t - 2u));
                copies.spread(dst + stage_header_bytes, src, chunks);
            }
            step();
            peek();
        }
        if constexpr (!bulk)
            copy_commit();
    }

    /* The step to the group's next vector in run and run_one. */
    __device__ __forceinline__ void stride() { next += Group::count(); }

    /* Until stage `slot`, the oldest in flight, has landed and is visible to the whole group
     * (Pending: the later stages still in flight). */
    template <int Pending> __device__ __forceinline__ void wait(unsigned slot) { copies.template wait<Pending>(slot); }

    /* body(v, staged_vector) for every vector v of this group, in order; every thread of the
     * group calls run, and body may use the group's barrier. The stage is the body's until it
     * returns. */
    template <typename Body> __device__ __forceinline__ void run(Body &&body)
    {
        auto step = [&] { stride(); };
        next = Group::index();
        peek();
#pragma unroll
        for (unsigned s = 0; s + 1 < Stages; s++)
            issue(s, step);
        unsigned slot = 0;
        for (uint64_t v = Group::index(); v < col.vector_count; v += Group::count()) {
            issue(slot == 0 ? Stages - 1 : slot - 1, step);
            wait<Stages - 1>(slot);
            body((uint32_t)v, staged_at(memory + slot * stage_bytes));
            Group::sync(); /* the stage is refilled by the next issue */
            slot = slot + 1 == Stages ? 0 : slot + 1;
        }
        if constexpr (!bulk)
            copy_wait<0>(); /* the empty groups past the end */
    }

    /* run for the group's vectors v with keep(v, look(v)) only, 32 vectors at a time: lane k
     * of the warp asks about vector k of a window of the group's next 32 (advance_kept), so
     * keep is asked once per vector, by one thread (which may count what it skips), and look,
     * a load, is issued a window ahead. The aggregate skips this way the constant vectors it
     * adds from their entries (gpu/aggregate.cu): taken one by one, a skipped vector cost a
     * warp a load's latency. */
    template <typename Look, typename Keep, typename Body>
    __device__ __forceinline__ void run_kept(Look &&look, Keep &&keep, Body &&body)
    {
        auto step = [&] { advance_kept(look, keep); };
        walk.start(col, look);
        todo = 0;
        step();
        peek();
        stage_ring<Stages>(
            col.vector_count, [&] { return next; }, [&](unsigned slot) { issue(slot, step); },
            [&](uint64_t v, unsigned slot) {
                wait<Stages - 1>(slot);
                body((uint32_t)v, staged_at(memory + slot * stage_bytes));
                Group::sync(); /* the stage is refilled by the next issue */
            });
        if constexpr (!bulk)
            copy_wait<0>(); /* the empty groups past the end */
    }

    /* next = the group's next vector that keep asks for, or vector_count when none is left. */
    template <typename Look, typename Keep> __device__ __forceinline__ void advance_kept(Look &look, Keep &keep)
    {
        while (todo == 0) {
            uint64_t v;
            uint32_t seen;
            if (!walk.step(col, look, v, seen)) {
                next = col.vector_count;
                return;
            }
            todo = __ballot_sync(0xffffffffu, v < col.vector_count && keep((uint32_t)v, seen));
        }
        next = walk.vector(__ffs(todo) - 1u);
        todo &= todo - 1u;
    }

    /* body(v, staged_vector) for vector v alone, loaded into stage 0 and waited for; body starts and
     * ends with a barrier of the group, so that a caller may run it again. Copies spread over
     * the threads only, whose wait is that barrier (bulk copies are slower in decompression, the
     * one user). */
    template <typename Body> __device__ __forceinline__ void run_one(uint32_t v, Body &&body)
    {
        static_assert(!bulk, "run_one stages with the group's threads");
        next = v;
        peek();
        issue(0, [&] { stride(); });
        wait<0>(0);
        body(v, staged_at(memory));
        Group::sync();
    }
};

} /* namespace galp::device::detail */

#endif /* GALP_DEVICE_VECTOR_PIPELINE_CUH */
