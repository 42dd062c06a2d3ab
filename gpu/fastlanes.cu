/*
 * gpu/fastlanes.cu — full decompression and fused scans of columns whose image holds
 * FastLanes DELTA, RLE, DICT or RUNS vectors (spec/fastlanes.md; gpu/image.c keeps them as stored),
 * which the launchers of gpu/host.c send here instead of to the RAW/FFOR/G-ALP kernels.
 *
 * Every warp of a resident grid stages its vectors' payloads in shared memory two at a time
 * and decodes them there (for_each_staged_vector, gpu/fastlanes.cuh), shaped like the bulk
 * scans (gpu/scan_launch.cuh: two stages per warp sized by the column's largest vector), so
 * that every vector kind such a column may hold is decoded in one kernel with a branch per
 * vector, and the copies of the next vectors keep the memory system busy while the warps
 * decode. Decompression puts a vector's values into the warp's tile in shared memory at their
 * positions (DELTA's and RLE's lanes carry consecutive positions, not FFOR's slots) and then
 * writes them out in position order, 16 bytes a lane for a full vector into a 16-byte aligned
 * destination; for a DICT vector the tile holds its decoded dictionary instead, so that each
 * position costs its code and one lookup, written out directly: lane t unpacks code lanes 2t
 * and 2t + 1 with the code width a constant, whose rows are neighbouring positions, stored
 * together (8 or 16 bytes a lane, a warp's stores contiguous). A full RLE vector of 32- or
 * 64-bit values into an aligned destination goes the same way with its decoded run values in
 * the tile: a position's run index is its index lane's base plus a count of step bits, with no
 * chain along the lane, so lane t takes positions 64·r + 2t and 64·r + 2t + 1 too. The scans
 * add or compare in registers, with the accumulator of gpu/aggregate.cu
 * (gpu/aggregate_partial.cuh) and one set of atomics per block; the integer sum adds an RLE
 * lane run by run from its run values decoded into shared memory, a DICT vector's lookups in
 * its decoded dictionary (offsets from its base, in 32 bits, where they fit), and u32 and u64
 * DELTA lanes in closed form where it can (gpu/fastlanes.cuh); the sum and the range count
 * take a RUNS vector a run at a time, its value times its length, with no work per position;
 * the sum of a column of small RUNS vectors alone takes a lane per vector instead
 * (fastlanes_runs_aggregate_kernel), since a warp per vector would spend more on each
 * vector's entry, staging and wait than on its few runs.
 * Decompression decodes a RUNS vector's run values once into the tile (galp/device/runs.cuh,
 * decode_run_values: delta-coded ones as running sums over consecutive runs per lane) and
 * expands them with a bitmap of its run heads (expand_run_values): lane t stores positions
 * 32·w + t directly, each a count of heads and one load from the tile.
 * The aggregate's three kernels
 * (set the result, scan, finish) are programmatic dependent launches of each other, so none
 * waits for the launch of the next.
 */
#include "aggregate_partial.cuh"
#include "dispatch.cuh"
#include "fastlanes.cuh"
#include "kernels.h"
#include "reduce.cuh"
#include "scan_launch.cuh"

#include <type_traits>

namespace galp::device::detail {

/* A warp's values of one vector in shared memory, position p at p + p / 32: a lane that
 * writes 32 consecutive positions (DELTA, RLE) and a lane that writes every 32nd hit distinct
 * banks, and 16 / sizeof(T) consecutive positions (a divisor of 32) stay contiguous. */
constexpr unsigned tile_values = GALP_VECTOR_SIZE + GALP_VECTOR_SIZE / 32u;
__device__ __forceinline__ unsigned tile_index(unsigned p)
{
    return p + p / 32u;
}

/* This warp's stages in the block's dynamic shared memory, laid out by launch_scan
 * (plan_scan_launch: vector_stages per warp), of which for_each_staged_vector uses two. */
static_assert(vector_stages >= 2, "the FastLanes pipeline needs two stages per warp");
__device__ __forceinline__ uint8_t *warp_stages(unsigned stage_bytes)
{
    extern __shared__ __align__(16) uint8_t fastlanes_stages[];
    return fastlanes_stages + (threadIdx.x / 32u) * vector_stages * stage_bytes;
}

/* Positions p and p + 1 (p even, o + p aligned to their size) as one evict-first store. */
__device__ __forceinline__ void store_pair(uint32_t *o, uint32_t a, uint32_t b)
{
    __stcs((uint2 *)o, make_uint2(a, b));
}
__device__ __forceinline__ void store_pair(float *o, float a, float b)
{
    __stcs((float2 *)o, make_float2(a, b));
}
__device__ __forceinline__ void store_pair(uint64_t *o, uint64_t a, uint64_t b)
{
    __stcs((ulonglong2 *)o, make_ulonglong2(a, b));
}
__device__ __forceinline__ void store_pair(double *o, double a, double b)
{
    __stcs((double2 *)o, make_double2(a, b));
}

/* Blocks a multiprocessor holds at least (0: the compiler's choice), chosen so that no kernel
 * of the u8, u32 and u64 types spills: a spilled register is reloaded from local memory inside
 * the warp's pipeline, where (measured) the warp then also waits for the stage copies in
 * flight. Left to itself the compiler spilled at 72 registers; six blocks allow 85 (u64 and u8
 * decompression: five, 102), and the shared memory of a column of full-size vectors holds
 * fewer blocks anyway. The u32 aggregates ask for as many blocks as their
 * registers allow without spilling: seven without tables or runs (at eight, the call of
 * sum_patched_ffor32 spilled) or with either (two DICT sums, offsets and values, or runs a run
 * at a time), six with both; the u64 aggregate with
 * both asks for four (128 registers), where the compiler's own choice spilled. */
template <typename T>
constexpr unsigned decompress_min_blocks = std::is_same_v<T, uint64_t> || std::is_same_v<T, uint8_t> ? 5u
                                           : std::is_same_v<T, uint32_t>                            ? 6u
                                                                                                    : 0u;
template <typename T, bool Tables, bool Runs>
constexpr unsigned aggregate_min_blocks = std::is_same_v<T, uint32_t>   ? (Tables && Runs ? 6u : 7u)
                                          : std::is_same_v<T, uint64_t> ? (Tables && Runs ? 4u : 0u)
                                                                        : 0u;

template <typename T>
__global__ void __launch_bounds__(scan_threads, decompress_min_blocks<T>)
    fastlanes_decompress_kernel(galp_gpu_view col, T *out, bool aligned, unsigned stage_bytes)
{
    __shared__ __align__(16) T tiles[scan_threads / 32u][tile_values];
    __shared__ uint32_t run_heads[value_traits<T>::is_float ? 1u : scan_threads / 32u][64]; /* expand_run_values */
    T *tile = tiles[threadIdx.x / 32u];
    const unsigned lane = threadIdx.x % 32u;
    for_each_staged_vector<T, !value_traits<T>::is_float>(col, warp_stages(stage_bytes), stage_bytes,
                              [&](uint32_t v, const vector_entry &e, unsigned m, const uint8_t *payload) {
        T *o = out + (size_t)v * GALP_VECTOR_SIZE;
        if constexpr (!value_traits<T>::is_float && sizeof(T) >= 4) {
            if (e.scheme == GALP_SCHEME_RLE && aligned && m == GALP_VECTOR_SIZE) {
                /* the tile holds the decoded run values; every run index of a full vector is below R
                 * (galp_open), so each pair of positions is two indexes, two lookups and a store */
                decode_staged_table<T>(staged_runs<typename value_traits<T>::word>(payload, e), lane, tile);
                for_each_run_index_pair(payload, e, lane, [&](unsigned r, unsigned lo, unsigned hi) {
                    store_pair(o + 64u * r + 2u * lane, tile[lo], tile[hi]);
                });
                return;
            }
        }
        if constexpr (!value_traits<T>::is_float) {
            if (e.scheme == GALP_SCHEME_RUNS) {
                /* the tile holds the decoded run values instead: each position is stored directly,
                 * a warp's stores 32 consecutive positions */
                const runs_parts runs(payload, e);
                decode_run_values<T>(runs, lane, tile);
                expand_run_values<T>(runs, m, lane, run_heads[threadIdx.x / 32u], tile,
                                     [&](unsigned p, T x) { o[p] = x; });
                return;
            }
        }
        if (e.scheme == GALP_SCHEME_DICT) { /* the tile holds the decoded dictionary instead */
            decode_staged_table<T>(staged_dictionary<typename value_traits<T>::word>(payload, e), lane, tile);
            /* codes below m are below D (galp_open); the others index the tile, never past it */
            if constexpr (sizeof(T) >= 4) { /* 8- and 16-bit types store a position at a time */
                if (aligned && m == GALP_VECTOR_SIZE) {
                    for_each_code_pair(payload, e, lane, [&](unsigned r, uint32_t lo, uint32_t hi) {
                        store_pair(o + 64u * r + 2u * lane, tile[lo], tile[hi]);
                    });
                    return;
                }
            }
            for (unsigned p = lane; p < m; p += 32u) /* a partial vector, an unaligned destination */
                o[p] = tile[staged_dict_code(payload, e, p)];
            return;
        }
        /* 16 / sizeof(T) positions a store; a RAW vector's words are its values */
        const bool chunks = sizeof(T) >= 4 && aligned && m == GALP_VECTOR_SIZE;
        const bool raw = chunks && e.scheme == GALP_SCHEME_RAW;
        if (!raw) {
            const auto put = [&](unsigned p, T x) { tile[tile_index(p)] = x; };
            if (!value_traits<T>::is_float && e.scheme == GALP_SCHEME_FFOR && e.exception_count != 0) {
                /* patched (spec/ffor.md §8.2): the unpacked values, then each patch added at its
                 * slot by a lane of its own, rather than every round of slots looking for its
                 * patches */
                if constexpr (std::is_same_v<T, uint32_t>) {
                    decode_staged_ffor32(payload, e, m, lane, put);
                } else {
                    vector_entry unpatched = e;
                    unpatched.exception_count = 0;
                    decode_staged_vector<T>(payload, unpatched, m, lane, put);
                }
                __syncwarp();
                for_each_staged_patch<typename value_traits<T>::word>(payload, e, lane, [&](unsigned p, auto addend) {
                    tile[tile_index(p)] = (T)(tile[tile_index(p)] + addend); /* mod 2^W */
                });
            } else if (std::is_same_v<T, uint32_t> && e.scheme == GALP_SCHEME_FFOR) {
                decode_staged_ffor32(payload, e, m, lane, put);
            } else {
                decode_staged_vector<T>(payload, e, m, lane, put);
            }
            __syncwarp();
        }
        if (chunks) {
            constexpr unsigned per_chunk = 16u / sizeof(T);
            for (unsigned q = lane; q < GALP_VECTOR_SIZE / per_chunk; q += 32u) {
                const uint32_t *w = raw ? (const uint32_t *)payload + 4u * q
                                        : (const uint32_t *)(tile + tile_index(q * per_chunk));
                __stcs((uint4 *)o + q, make_uint4(w[0], w[1], w[2], w[3]));
            }
        } else {
            for (unsigned p = lane; p < m; p += 32u)
                o[p] = tile[tile_index(p)];
        }
    }); /* the pipeline's __syncwarp past each vector keeps the tile until its stores have read it */
}

/* The sum and extremes of a lane's 32 positions of a full vector whose table's entries are
 * offsets that add up (offsets_add_up), `pairs` visiting them as 16 pairs of table indexes, all
 * below the table's count: the tile holds the offsets, and the lane adds and compares them in
 * 32 bits, then adds 32 bases. */
template <typename T, typename Extremes, typename Pairs>
__device__ __forceinline__ void add_table_offsets(const staged_table<typename value_traits<T>::word> &table,
                                                  unsigned lane, T *tile, uint64_t &sum, Extremes &&extremes,
                                                  Pairs &&pairs)
{
    decode_staged_table<T, true>(table, lane, tile);
    uint32_t total = 0, least = ~0u, most = 0;
    pairs([&](unsigned, uint32_t a, uint32_t b) {
        const uint32_t x = (uint32_t)tile[a], y = (uint32_t)tile[b];
        total += x + y;
        least = min(least, min(x, y));
        most = max(most, max(x, y));
    });
    sum += 32u * (uint64_t)table.base + total;
    extremes((T)(table.base + least), (T)(table.base + most));
}

/* The sum and extremes of a staged patched FFOR vector of width 0 (spec/ffor.md §8.2) over the
 * warp: each patch adds its slot's value, the base plus its addend, on a lane of its own, and
 * the other m - p slots all hold the base (the patches' positions are distinct and below m,
 * galp_open): their sum is a product and their extremes the base. Inlined: such vectors cost
 * a column of constants little else. */
template <typename T, typename Add, typename Extremes>
__device__ __forceinline__ void sum_patched_constant(const uint8_t *payload, const vector_entry &e, unsigned m,
                                                     unsigned lane, uint64_t &sum, Add &&add, Extremes &&extremes)
{
    typedef typename value_traits<T>::word Word;
    typedef typename reg_of<Word>::type reg;
    for_each_staged_patch<Word>(payload, e, lane, [&](unsigned, reg addend) {
        add((T)((reg)e.base + addend)); /* mod 2^W */
    });
    if (lane == 0 && m > e.exception_count) {
        sum += (uint64_t)(T)e.base * (m - e.exception_count);
        extremes((T)e.base, (T)e.base);
    }
}

/* The sum and extremes of a staged patched FFOR vector of width b >= 1 over the warp: its
 * patched slots marked in `marks`, the warp's 32 words of shared memory, the other slots add
 * their unpacked values (add), a round of 32 slots at a time with one broadcast load of the
 * round's marks, and each patch its slot's value, on a lane of its own. */
template <typename T, typename Add>
__device__ __forceinline__ void sum_patched_ffor(const uint8_t *payload, const vector_entry &e, unsigned m,
                                                 unsigned lane, uint32_t *marks, Add &&add)
{
    typedef typename value_traits<T>::word Word;
    typedef typename reg_of<Word>::type reg;
    const staged_table<Word> ffor = {(const Word *)payload, (reg)e.base, e.bit_width, GALP_VECTOR_SIZE};
    for_each_staged_patch<Word>(payload, e, lane, [&](unsigned p, reg addend) {
        add((T)(ffor.entry(p) + addend)); /* mod 2^W */
    });
    marks[lane] = 0;
    __syncwarp();
    for_each_staged_patch<Word>(payload, e, lane, [&](unsigned p, reg) { atomicOr(marks + p / 32u, 1u << p % 32u); });
    __syncwarp();
    for (unsigned round = 0; 32u * round < m; round++) {
        const unsigned p = 32u * round + lane;
        if (p < m && (marks[round] >> lane & 1u) == 0)
            add((T)ffor.entry(p));
    }
    __syncwarp(); /* the marks are rewritten by the next vector */
}

/* What a lane's positions of a vector add to an integer aggregate: their sum mod 2^64 and
 * extremes, lo > hi where the lane has none. */
struct lane_sum32 {
    uint64_t sum;
    uint32_t lo, hi;
};

/* sum_patched_ffor for u32 vectors, a lane's 32 rows at a time as decompression unpacks them
 * (decode_staged_ffor32): one walk over the patches adds each patched slot's value and marks
 * its row in its lane's word of `marks` (slot p is row p / 32 of lane p mod 32, spec/ffor.md
 * §4), then each lane unpacks its rows with the width a constant and adds those its word leaves
 * unmarked. Not inlined: inlined into the aggregate kernels, its 32 unpacked values pushed the
 * pipeline's state into local memory; the entry comes by value, as a reference would keep it
 * there. */
__device__ __noinline__ lane_sum32 sum_patched_ffor32(const uint8_t *payload, vector_entry e, unsigned m,
                                                      unsigned lane, uint32_t *marks)
{
    const uint32_t base = (uint32_t)e.base;
    const staged_table<uint32_t> ffor = {(const uint32_t *)payload, base, e.bit_width, GALP_VECTOR_SIZE};
    lane_sum32 s = {0, ~0u, 0};
    const auto add = [&](uint32_t x) {
        s.sum += x;
        s.lo = min(s.lo, x);
        s.hi = max(s.hi, x);
    };
    marks[lane] = 0; /* only this lane reads it, after the __syncwarp below */
    __syncwarp();
    for_each_staged_patch<uint32_t>(payload, e, lane, [&](unsigned p, uint32_t addend) {
        atomicOr(marks + p % 32u, 1u << p / 32u);
        add(ffor.entry(p) + addend); /* mod 2^32 */
    });
    __syncwarp();
    const uint32_t patched = marks[lane];
    uint32_t v[32];
    unpack32(e.bit_width, [&](unsigned k) { return ((const uint32_t *)payload)[k * 32u + lane]; }, v);
#pragma unroll
    for (unsigned r = 0; r < 32; r++)
        if ((patched >> r & 1u) == 0 && 32u * r + lane < m)
            add(base + v[r]);
    return s;
}

/* The runs from which the integer sum takes a full RLE vector a position at a time, each a
 * lookup of its run's offset in 32 bits, rather than a run at a time: a lane's 32 positions
 * span about R / 32 runs, and its loop over them (for_each_staged_rle_run) costs a lookup, a
 * wide multiply-add and a branch per run, with the lanes of a warp taking different counts. */
constexpr unsigned rle_runs_by_position = 128;

/* Tables: the column holds DICT or RLE vectors, whose dictionaries and run values the warps
 * decode into shared memory (a tile each) for integer types; a kernel without that tile keeps
 * the room for more resident warps on other columns. Runs: the column holds RUNS vectors,
 * summed a run at a time; the kernels of columns without them do without that branch, which
 * would make the u32 and u64 ones spill. */
template <typename T, bool Tables, bool Runs>
__global__ void __launch_bounds__(scan_threads, aggregate_min_blocks<T, Tables, Runs>)
    fastlanes_aggregate_kernel(galp_gpu_view col, galp_gpu_aggregate *r, unsigned stage_bytes)
{
    allow_dependent_launch(); /* fastlanes_aggregate_finish, which waits for this grid */
    aggregate_partial<T> acc;
    const unsigned lane = threadIdx.x % 32u;
    if constexpr (value_traits<T>::is_float) { /* no RUNS vectors: an integer scheme */
        for_each_staged_vector<T, false>(col, warp_stages(stage_bytes), stage_bytes,
                                  [&](uint32_t, const vector_entry &e, unsigned m, const uint8_t *payload) {
            decode_staged_vector<T>(payload, e, m, lane, [&](unsigned, T x) { acc.add(x); });
        });
    } else { /* integers: no NaN, so the count is the vectors' m and the extremes plain T */
        __shared__ __align__(16) T tables[Tables ? scan_threads / 32u : 1u][Tables ? GALP_VECTOR_SIZE : 1u];
        __shared__ uint32_t patched_slots[scan_threads / 32u][32]; /* sum_patched_ffor, sum_patched_ffor32 */
        T *table_tile = tables[Tables ? threadIdx.x / 32u : 0u];
        T lo = (T)~(T)0, hi = 0;
        const auto add = [&](T x) {
            acc.isum += (uint64_t)x;
            lo = x < lo ? x : lo;
            hi = x > hi ? x : hi;
        };
        for_each_staged_vector<T, Runs>(col, warp_stages(stage_bytes), stage_bytes,
                                  [&](uint32_t, const vector_entry &e, unsigned m, const uint8_t *payload) {
            acc.count += lane == 0 ? m : 0u;
            const auto extremes = [&](T first, T last) {
                lo = first < lo ? first : lo;
                hi = last > hi ? last : hi;
            };
            if constexpr (sizeof(T) == 4) { /* u32 DELTA: full lanes summed in closed form */
                if (e.scheme == GALP_SCHEME_DELTA && m == GALP_VECTOR_SIZE) {
                    scan_staged_delta32(payload, e, lane, [&](uint64_t sum) { acc.isum += sum; }, extremes, add);
                    return;
                }
            }
            if constexpr (sizeof(T) == 8) { /* u64 DELTA up to 32 bits wide: half lanes in closed form */
                if (e.scheme == GALP_SCHEME_DELTA && m == GALP_VECTOR_SIZE && e.bit_width <= 32u) {
                    scan_staged_delta64(payload, e, lane, [&](uint64_t sum) { acc.isum += sum; }, extremes,
                                        [&](T x) { extremes(x, x); });
                    return;
                }
            }
            if (e.scheme == GALP_SCHEME_FFOR && e.exception_count != 0) {
                if (e.bit_width == 0) {
                    sum_patched_constant<T>(payload, e, m, lane, acc.isum, add, extremes);
                } else if constexpr (std::is_same_v<T, uint32_t>) {
                    const lane_sum32 s = sum_patched_ffor32(payload, e, m, lane, patched_slots[threadIdx.x / 32u]);
                    acc.isum += s.sum;
                    if (s.lo <= s.hi)
                        extremes(s.lo, s.hi);
                } else {
                    sum_patched_ffor<T>(payload, e, m, lane, patched_slots[threadIdx.x / 32u], add);
                }
                return;
            }
            if (Runs && e.scheme == GALP_SCHEME_RUNS) { /* a run adds its value times its length */
                for_each_run_unordered<T>(runs_parts(payload, e), lane, [&](T x, unsigned n) {
                    acc.isum += (uint64_t)x * n;
                    extremes(x, x);
                });
                return;
            }
            if (Tables && e.scheme == GALP_SCHEME_RLE) {
                /* u32 columns without RUNS vectors: in the other kernels the compiler then kept
                 * the scan's lambdas in local memory, read inside the pipeline */
                constexpr bool by_position = sizeof(T) == 4 && !Runs;
                const staged_table<typename value_traits<T>::word> table =
                    staged_runs<typename value_traits<T>::word>(payload, e);
                if (by_position && m == GALP_VECTOR_SIZE && table.count >= rle_runs_by_position &&
                    offsets_add_up(table)) {
                    /* every run index of a full vector is below R (galp_open) */
                    add_table_offsets<T>(table, lane, table_tile, acc.isum, extremes,
                                         [&](auto &&g) { for_each_run_index_pair(payload, e, lane, g); });
                    return;
                }
                /* a run adds its value times its length */
                decode_staged_table<T>(table, lane, table_tile);
                for_each_staged_rle_run(payload, e, m, lane, [&](unsigned index, unsigned n) {
                    const T x = table_tile[index];
                    acc.isum += (uint64_t)x * n;
                    extremes(x, x);
                });
            } else if (Tables && e.scheme == GALP_SCHEME_DICT) {
                const staged_table<typename value_traits<T>::word> table =
                    staged_dictionary<typename value_traits<T>::word>(payload, e);
                if (m == GALP_VECTOR_SIZE && offsets_add_up(table)) {
                    /* every code of a full vector is below D; wide dictionaries and partial
                     * vectors add values from the tile instead */
                    add_table_offsets<T>(table, lane, table_tile, acc.isum, extremes,
                                         [&](auto &&g) { for_each_code_pair(payload, e, lane, g); });
                    return;
                }
                decode_staged_table<T>(table, lane, table_tile);
                const bool full = m == GALP_VECTOR_SIZE;
                /* codes below m are below D (galp_open); the others index the tile, never past it */
                for_each_code_pair(payload, e, lane, [&](unsigned row, uint32_t a, uint32_t b) {
                    const unsigned p = 64u * row + 2u * lane;
                    if (full || p < m)
                        add(table_tile[a]);
                    if (full || p + 1u < m)
                        add(table_tile[b]);
                });
            } else { /* RUNS vectors were summed above */
                decode_staged_vector<T>(payload, e, m, lane, [&](unsigned, T x) { add(x); });
            }
        });
        if (lo <= hi) /* the thread saw a value (m >= 1 gives every lane one) */
            acc.add_extremes(lo, hi);
    }
    wait_for_prior_kernel(); /* the result set to aggregate_start */
    acc.template flush<scan_threads>(r);
}

/* The aggregate of an integer column of RUNS vectors alone, each at most lane_runs_payload
 * bytes (galp_gpu_launch_fastlanes_aggregate): a lane per vector. Such vectors are a few
 * runs each, whose payloads and entries a warp per vector would take one at a time at a few
 * instructions each, waiting for memory at every one; here each warp takes 32 consecutive
 * vectors a turn, lane t vector 32·g + t: it reads its entry and, with at most lane_runs runs,
 * walks the runs in global memory itself, value times length (for_each_run_in_lane). The warp
 * then takes its other vectors one by one, a warp each (for_each_run_unordered). */
constexpr uint32_t lane_runs_payload = 1024; /* bytes, at most */
constexpr unsigned runs_aggregate_min_blocks = 8; /* 64 registers: the compiler's choice spilled */
constexpr unsigned lane_runs = 128;

template <typename T>
__global__ void __launch_bounds__(scan_threads, runs_aggregate_min_blocks)
    fastlanes_runs_aggregate_kernel(galp_gpu_view col, galp_gpu_aggregate *r, unsigned /* stage bytes: none used */)
{
    allow_dependent_launch(); /* fastlanes_aggregate_finish, which waits for this grid */
    aggregate_partial<T> acc;
    const unsigned lane = threadIdx.x % 32u;
    const uint64_t n = col.vector_count, warps = (uint64_t)gridDim.x * (blockDim.x / 32u);
    const uint64_t warp = (uint64_t)blockIdx.x * (blockDim.x / 32u) + threadIdx.x / 32u;
    T lo = (T)~(T)0, hi = 0;
    const auto add_run = [&](T x, unsigned length) {
        acc.isum += (uint64_t)x * length;
        lo = x < lo ? x : lo;
        hi = x > hi ? x : hi;
    };
    for (uint64_t g = 32u * warp; g < n; g += 32u * warps) { /* uniform: every lane ballots */
        const uint64_t v = g + lane;
        const bool live = v < n;
        const vector_entry e = live ? read_vector_entry(col.data, (uint32_t)v) : vector_entry{};
        const bool own = live && e.exception_count <= lane_runs;
        if (live)
            acc.count += vector_value_count(col, (uint32_t)v);
        if (own)
            for_each_run_in_lane<T>(runs_parts(col.data + e.payload_offset, e), add_run);
        for (unsigned rest = __ballot_sync(~0u, live && !own); rest != 0; rest &= rest - 1u) {
            const vector_entry f = read_vector_entry(col.data, (uint32_t)(g + (unsigned)__ffs(rest) - 1u));
            for_each_run_unordered<T>(runs_parts(col.data + f.payload_offset, f), lane, add_run);
        }
    }
    if (lo <= hi) /* the thread saw a run */
        acc.add_extremes(lo, hi);
    wait_for_prior_kernel(); /* the result set to aggregate_start */
    acc.template flush<scan_threads>(r);
}

__global__ void fastlanes_aggregate_finish(galp_gpu_aggregate *r, unsigned bits, bool is_float)
{
    wait_for_prior_kernel(); /* every block's atomics */
    finish_aggregate(r, bits, is_float);
}

/* lo <= x <= hi: unsigned for integers, IEEE for floats (NaN matches nothing, -0 == +0),
 * include/galp_gpu.h. *count or *found was set to 0 before the launch. */
template <typename T>
__global__ void __launch_bounds__(scan_threads)
    fastlanes_range_kernel(galp_gpu_view col, uint64_t lo_bits, uint64_t hi_bits, uint64_t *count, uint32_t *found,
                           unsigned stage_bytes)
{
    const T lo = value_of_bits<T>(lo_bits), hi = value_of_bits<T>(hi_bits);
    const unsigned lane = threadIdx.x % 32u;
    uint64_t hits = 0;
    for_each_staged_vector<T, !value_traits<T>::is_float>(col, warp_stages(stage_bytes), stage_bytes,
                              [&](uint32_t, const vector_entry &e, unsigned m, const uint8_t *payload) {
        if constexpr (!value_traits<T>::is_float) {
            if (e.scheme == GALP_SCHEME_RUNS) { /* a run in the range counts its length */
                for_each_run_unordered<T>(runs_parts(payload, e), lane,
                                          [&](T x, unsigned n) { hits += lo <= x && x <= hi ? n : 0u; });
                return;
            }
        }
        decode_staged_vector<T>(payload, e, m, lane, [&](unsigned, T x) { hits += lo <= x && x <= hi; });
    });
    hits = block_reduce<scan_threads / 32u>(hits, [](uint64_t a, uint64_t b) { return a + b; });
    if (threadIdx.x == 0 && hits != 0) {
        if (count != nullptr)
            atomicAdd((unsigned long long *)count, (unsigned long long)hits);
        else
            *found = 1;
    }
}

} /* namespace galp::device::detail */

using namespace galp::device::detail;

extern "C" galp_status galp_gpu_launch_fastlanes_decompress(const galp_gpu_view *view, void *dst,
                                                            galp_gpu_stream stream)
{
    const galp_gpu_view col = *view;
    if (col.vector_count == 0)
        return GALP_OK;
    return dispatch_type(col.type, [&](auto zero) {
        typedef decltype(zero) T;
        return launched_status(launch_scan(fastlanes_decompress_kernel<T>, col.largest_vector, col.vector_count,
                                           stream, col, (T *)dst, (uintptr_t)dst % 16 == 0));
    });
}

extern "C" galp_status galp_gpu_launch_fastlanes_aggregate(const galp_gpu_view *view, galp_gpu_aggregate *result,
                                                           galp_gpu_stream stream)
{
    const galp_gpu_view col = *view;
    const galp_gpu_aggregate start = aggregate_start();
    const galp_status st = galp_gpu_launch_store_aggregate(result, &start, stream);
    if (st != GALP_OK)
        return st;
    return dispatch_type(col.type, [&](auto zero) {
        typedef decltype(zero) T;
        auto kernel = fastlanes_aggregate_kernel<T, false, false>;
        if constexpr (!value_traits<T>::is_float) {
            const bool tables = (col.vector_schemes >> GALP_SCHEME_DICT & 1u) != 0 ||
                                (col.vector_schemes >> GALP_SCHEME_RLE & 1u) != 0;
            const bool runs = (col.vector_schemes >> GALP_SCHEME_RUNS & 1u) != 0;
            kernel = runs     ? (tables ? fastlanes_aggregate_kernel<T, true, true> : fastlanes_aggregate_kernel<T, false, true>)
                     : tables ? fastlanes_aggregate_kernel<T, true, false>
                              : kernel;
            if (col.vector_schemes == 1u << GALP_SCHEME_RUNS && col.largest_vector <= lane_runs_payload) {
                /* small RUNS vectors alone: a lane per vector, 32 vectors a warp, no stages */
                const uint32_t groups = (uint32_t)(((uint64_t)col.vector_count + 31u) / 32u);
                if (groups != 0 &&
                    !launch_scan<true>(fastlanes_runs_aggregate_kernel<T>, 0u, groups, stream, col, result))
                    return galp_gpu_cuda_failure();
                kernel = nullptr;
            }
        }
        if (kernel != nullptr && col.vector_count != 0 &&
            !launch_scan<true>(kernel, col.largest_vector, col.vector_count, stream, col, result))
            return galp_gpu_cuda_failure();
        kernel_facts facts;
        if (!facts_of(fastlanes_aggregate_finish, facts) ||
            !launch_maybe_dependent(fastlanes_aggregate_finish, facts.dependent_launch, 1u, 1u, 0u, stream, result,
                                    value_traits<T>::bits, value_traits<T>::is_float))
            return galp_gpu_cuda_failure();
        return launch_status();
    });
}

extern "C" galp_status galp_gpu_launch_fastlanes_range(const galp_gpu_view *view, uint64_t lo_bits, uint64_t hi_bits,
                                                       uint64_t *count, uint32_t *found, galp_gpu_stream stream)
{
    const galp_gpu_view col = *view;
    const galp_status st = galp_gpu_status_from_cuda(
        cudaMemsetAsync(count ? (void *)count : (void *)found, 0, count ? sizeof *count : sizeof *found, stream));
    if (st != GALP_OK || col.vector_count == 0)
        return st;
    return dispatch_type(col.type, [&](auto zero) {
        typedef decltype(zero) T;
        return launched_status(launch_scan(fastlanes_range_kernel<T>, col.largest_vector, col.vector_count, stream,
                                           col, lo_bits, hi_bits, count, found));
    });
}
