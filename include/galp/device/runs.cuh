/*
 * galp/device/runs.cuh — a FastLanes RUNS vector (spec/fastlanes.md §8) for one warp: its runs,
 * value and length, or its values in position order, read where the payload lies (the image in
 * global memory, or a copy staged in shared memory).
 *
 * A RUNS payload holds R run lengths minus one of k bits, then R run values less the entry's
 * base of b bits, each part a packed run of u32 words (spec/fastlanes.md §8.1); with factor 1
 * (format 1.6, §8.5) the value entries are delta-coded, each the zig-zag coded difference
 * from the run value before it, with factor 2 (format 1.8, §8.6) that difference plus an
 * offset, entry 0, and every decoder here takes their prefix over the warp
 * (delta_run_value), 32 runs at a time. Runs need no
 * positions for a sum, a count or an extreme; positions come from a prefix sum over the
 * lengths, which the warp computes 32 runs at a time.
 *
 *   runs_warp<T> d(col, vector);              // T = uint8_t ... uint64_t, a RUNS vector
 *   d.visit_runs(lane, [&](T x, unsigned n) { ... });     // runs lane, lane + 32, ... (all 32 lanes call it)
 *   d.visit(lane, [&](unsigned p, T x) { ... });          // every position p < m, once;
 *                                                        // all 32 lanes of the warp call it
 *
 * The bulk decoders (the library's decompression, load_fastlanes_tile) expand a vector with a
 * bitmap of the positions where runs start in shared memory instead (mark_run_heads), after
 * which a position's run is a population count; the library's decompression decodes the run
 * values once per vector into shared memory first (decode_run_values), so that a position
 * costs a count of heads and one load from there (expand_run_values).
 *
 * galp_open has checked 1 <= R <= m, k <= 10 and that the lengths add up to m
 * (spec/fastlanes.md §8.2), so a valid image's runs cover exactly the vector's m positions.
 */
#ifndef GALP_DEVICE_RUNS_CUH
#define GALP_DEVICE_RUNS_CUH

#include "galp/layout.h"

#include "column.cuh"

namespace galp::device::detail {

/* Entry j of width b <= 32 of a packed run of u32 words (spec/tile.md §2), reading only the
 * one or two words it occupies (none for b = 0, whose part has no words). */
__device__ __forceinline__ uint32_t packed_run_entry32(const uint32_t *words, unsigned b, unsigned j)
{
    if (b == 0)
        return 0;
    const unsigned t = j * b, k = t / 32u, s = t % 32u;
    const uint32_t hi = s + b > 32u ? words[k + 1u] : 0u;
    return __funnelshift_r(words[k], hi, s) & (0xffffffffu >> (32u - b));
}

/* Entry j of width b <= 64 of a packed run of u32 words (spec/tile.md §2 with entries of up to
 * 64 bits), reading only the one to three words it occupies. */
__device__ __forceinline__ uint64_t packed_run_entry(const uint32_t *words, unsigned b, unsigned j)
{
    if (b <= 32u)
        return packed_run_entry32(words, b, j);
    const unsigned t = j * b, k = t / 32u, s = t % 32u;
    uint64_t d = words[k] >> s;
    d |= (uint64_t)words[k + 1u] << (32u - s); /* s + b > 32 */
    if (s + b > 64u) /* s > 0 here */
        d |= (uint64_t)words[k + 2u] << (64u - s);
    return b == 64u ? d : d & (((uint64_t)1 << b) - 1u);
}

/* Sums of run values modulo 2^W: 32-bit words for W <= 32, so that a shuffle moves one word. */
template <typename T, bool Wide = (sizeof(T) == 8)> struct run_word {
    typedef uint32_t type;
};
template <typename T> struct run_word<T, true> {
    typedef uint64_t type;
};

/* Entry j of a part of b <= W bits (galp_open), in T's run word. */
template <typename T>
__device__ __forceinline__ typename run_word<T>::type run_entry(const uint32_t *words, unsigned b, unsigned j)
{
    if constexpr (sizeof(T) <= 4)
        return packed_run_entry32(words, b, j);
    else
        return packed_run_entry(words, b, j);
}

/* The two parts of a RUNS payload: R = exception_count lengths of k = exponent bits, then the
 * values of b = bit_width bits (spec/fastlanes.md §8.1), delta-coded where factor is 1 (§8.5)
 * or 2 (§8.6; galp_open allows them only in a file with header flag bit 5 or 10). */
struct runs_parts {
    const uint32_t *lengths, *values;
    unsigned count, length_width, value_width;
    uint64_t base;
    bool delta, zigzag; /* delta-coded values (factor 1 or 2); zig-zag coded (factor 1) */

    runs_parts() = default;
    __device__ __forceinline__ runs_parts(const uint8_t *payload, const vector_entry &e)
        : lengths((const uint32_t *)payload),
          values((const uint32_t *)(payload + galp_layout_runs_part_bytes(e.exception_count, e.exponent))),
          count(e.exception_count), length_width(e.exponent), value_width(e.bit_width), base(e.base),
          delta(galp_layout_runs_delta_coded(e.factor)), zigzag(e.factor == GALP_LAYOUT_RUNS_DELTA_VALUES)
    {
    }
    __device__ __forceinline__ unsigned length(unsigned j) const
    {
        return 1u + packed_run_entry32(lengths, length_width, j);
    }
    /* g(step), step(j) the difference of run j's value from run j − 1's (the base for j = 0)
     * in a delta-coded vector, as a run_word<T>: its entry zig-zag decoded (§8.5), or less
     * entry 0, the offset (§8.6), modulo 2^W once narrowed. The coding is uniform over the
     * vector, so it is chosen here once and each caller's loop over runs is compiled for
     * either, the offset read once and held only by the loop that needs it. The steps
     * capture the words and width they read, not this object, which would need an address. */
    template <typename T, typename G> __device__ __forceinline__ void with_steps(G &&g) const
    {
        typedef typename run_word<T>::type word;
        const uint32_t *words = values;
        const unsigned b = value_width;
        if (zigzag) {
            g([words, b](unsigned j) { return coded_step<T>(run_entry<T>(words, b, j), true, 0u); });
        } else {
            const word offset = offset_of<T>();
            g([words, b, offset](unsigned j) { return coded_step<T>(run_entry<T>(words, b, j), false, offset); });
        }
    }
    /* The step that entry e of a delta-coded vector stands for: e zig-zag decoded (§8.5), or
     * e less the offset (§8.6). */
    template <typename T>
    static __device__ __forceinline__ typename run_word<T>::type coded_step(typename run_word<T>::type e, bool zigzag,
                                                                          typename run_word<T>::type offset)
    {
        return zigzag ? (typename run_word<T>::type)galp_layout_runs_unzigzag(e) : e - offset;
    }
    /* The offset of offset-coded values (§8.6), entry 0. */
    template <typename T> __device__ __forceinline__ typename run_word<T>::type offset_of() const
    {
        return (typename run_word<T>::type)(sizeof(T) <= 4 ? first_entry32() : first_entry());
    }
    /* Entry 0 of the values: the low b bits of their first word (and second, for b > 32). */
    __device__ __forceinline__ uint32_t first_entry32() const
    {
        return value_width == 0 ? 0u : values[0] & (0xffffffffu >> (32u - value_width));
    }
    __device__ __forceinline__ uint64_t first_entry() const
    {
        if (value_width <= 32u)
            return first_entry32();
        const uint64_t d = values[0] | (uint64_t)values[1] << 32;
        return value_width == 64u ? d : d & (((uint64_t)1 << value_width) - 1u);
    }
    /* The value of run j of a vector whose values are not delta-coded: every decoder of this
     * header reads such run values here alone. */
    template <typename T> __device__ __forceinline__ T value(unsigned j) const
    {
        return (T)((typename run_word<T>::type)base + run_entry<T>(values, value_width, j)); /* mod 2^W */
    }
};

/* The runs first … last − 1 that lane t takes where each lane takes consecutive runs (32
 * lanes cover all R): c = ceil(R / 32) made odd, from t·c, so that the lanes' first runs lie
 * an odd number of entries apart and their shared-memory slots and packed entries fall on
 * different banks; with an even count lanes t and t + 32 / 2^i would share one (all 32 lanes
 * at 32 runs each). */
struct lane_runs {
    unsigned first, last;
    __device__ __forceinline__ lane_runs(unsigned count, unsigned lane)
    {
        const unsigned per_lane = (count + 31u) / 32u | 1u;
        first = min(lane * per_lane, count);
        last = min(first + per_lane, count);
    }
};

/* The value of the run before lane t's first (lane_runs) in a delta-coded vector, the base
 * for run 0: the lane adds the steps of its runs, calling partial(j, s) with s the sum up to
 * run j, and an exclusive warp scan of the lanes' sums (mod 2^W) adds the runs before. Every
 * lane of the warp calls it. */
template <typename T, typename Step, typename Partial>
__device__ __forceinline__ typename run_word<T>::type value_before_lane(const runs_parts &runs, const lane_runs &mine,
                                                                        unsigned lane, const Step &step,
                                                                        Partial &&partial)
{
    typedef typename run_word<T>::type word;
    word total = 0;
    for (unsigned j = mine.first; j < mine.last; j++) {
        total += step(j);
        partial(j, total);
    }
    word x = total; /* an inclusive scan of the sums, less the lane's own */
#pragma unroll
    for (unsigned d = 1; d < 32u; d *= 2u) {
        const word before = __shfl_up_sync(~0u, x, d);
        x += lane >= d ? before : 0u;
    }
    return x - total + (word)runs.base;
}

/* The value of run first + lane of a delta-coded vector (spec/fastlanes.md §8.5): `carry`, the
 * value of run first − 1 (the base for first = 0), plus an inclusive warp scan of the steps of
 * runs first … first + lane; lanes past run R − 1 add nothing. Every lane of the warp calls it
 * with the same first and carry; it returns carry for runs past R − 1. The one place where
 * delta-coded run values are decoded: every decoder below takes 32 consecutive runs a turn. */
template <typename T, typename Step>
__device__ __forceinline__ typename run_word<T>::type delta_run_value(const runs_parts &runs, const Step &step,
                                                                      unsigned first, unsigned lane,
                                                                      typename run_word<T>::type carry)
{
    typedef typename run_word<T>::type word;
    const unsigned j = first + lane;
    word x = j < runs.count ? step(j) : 0u;
#pragma unroll
    for (unsigned d = 1; d < 32u; d *= 2u) {
        const word before = __shfl_up_sync(~0u, x, d);
        x += lane >= d ? before : 0u;
    }
    return carry + x;
}

/* g(j, x) for every run j of a delta-coded vector, x its value, run j on lane j mod 32: 32
 * runs a turn (delta_run_value), each turn carrying the value of its last run to the next.
 * Every lane of the warp calls it. */
template <typename T, typename G>
__device__ __forceinline__ void for_each_delta_run(const runs_parts &runs, unsigned lane, G &&g)
{
    typedef typename run_word<T>::type word;
    runs.template with_steps<T>([&](const auto &step) {
        word carry = (word)runs.base; /* the value of run first − 1 */
        for (unsigned first = 0; first < runs.count; first += 32u) { /* uniform: every lane shuffles */
            const word x = delta_run_value<T>(runs, step, first, lane, carry);
            carry = __shfl_sync(~0u, x, 31);
            if (first + lane < runs.count)
                g(first + lane, (T)x);
        }
    });
}

/* f(x, n) for every run of the vector, value x and length n, in order, on the calling thread
 * alone: a lane that takes a vector of few runs by itself (delta-coded values, §8.5, §8.6, are
 * a running sum here, mod 2^W once narrowed). The lanes of a warp hold different vectors, so
 * one loop serves every coding, chosen per run, rather than a loop per coding that the warp
 * would run one after another. */
template <typename T, typename F>
__device__ __forceinline__ void for_each_run_in_lane(const runs_parts &runs, F &&f)
{
    typedef typename run_word<T>::type word;
    const word offset = runs.delta && !runs.zigzag ? runs.template offset_of<T>() : 0u;
    word x = (word)runs.base; /* delta-coded values: the value of run j − 1 */
    for (unsigned j = 0; j < runs.count; j++) {
        const word e = run_entry<T>(runs.values, runs.value_width, j);
        x = runs.delta ? x + runs_parts::coded_step<T>(e, runs.zigzag, offset) : (word)runs.base + e;
        f((T)x, runs.length(j));
    }
}

/* f(x, n) for every run, value x and length n, run j on lane j mod 32. Every lane of the warp
 * calls it. */
template <typename T, typename F>
__device__ __forceinline__ void for_each_run(const runs_parts &runs, unsigned lane, F &&f)
{
    if (!runs.delta) {
        for (unsigned j = lane; j < runs.count; j += 32u)
            f(runs.template value<T>(j), runs.length(j));
        return;
    }
    for_each_delta_run<T>(runs, lane, [&](unsigned j, T x) { f(x, runs.length(j)); });
}

/* f(x, n) for every run, value x and length n, each once on some lane of the warp, for
 * callers that need no particular run on a particular lane (sums, counts, extremes). Values
 * that are not delta-coded go as for_each_run. Delta-coded ones (§8.5, §8.6) go as
 * decode_run_values takes them: lane t its consecutive runs (lane_runs) from the value before
 * them (value_before_lane), with a running sum: a run costs two steps decoded, no shuffle
 * chain. Every lane of the warp calls it. */
template <typename T, typename F>
__device__ __forceinline__ void for_each_run_unordered(const runs_parts &runs, unsigned lane, F &&f)
{
    if (!runs.delta) {
        for_each_run<T>(runs, lane, f);
        return;
    }
    const lane_runs mine(runs.count, lane);
    runs.template with_steps<T>([&](const auto &step) {
        auto x = value_before_lane<T>(runs, mine, lane, step, [](unsigned, auto) {});
        for (unsigned j = mine.first; j < mine.last; j++) {
            x += step(j);
            f((T)x, runs.length(j));
        }
    });
}

/* f(p, x) for the positions p < m, 32 runs at a time: lane t reads run first + t, an inclusive
 * scan of the lengths over the warp gives the runs' ends, and each lane takes positions
 * start + t, start + t + 32, ... of the 32 runs' span, finding its run by a binary search over
 * the 32 ends (shuffles) and its value from that run's lane. No lane walks over runs, and every
 * lane does the same work whatever the lengths. Every lane of the warp calls it. */
template <typename T, typename F>
__device__ __forceinline__ void for_each_run_value(const runs_parts &runs, unsigned m, unsigned lane, F &&f)
{
    runs.template with_steps<T>([&](const auto &step) { for_each_run_value<T>(runs, step, m, lane, f); });
}

/* The same with the vector's steps (runs_parts::with_steps), which only delta-coded values read. */
template <typename T, typename Step, typename F>
__device__ __forceinline__ void for_each_run_value(const runs_parts &runs, const Step &step, unsigned m,
                                                   unsigned lane, F &&f)
{
    unsigned start = 0; /* where the 32 runs begin; uniform over the warp */
    typename run_word<T>::type carry = (typename run_word<T>::type)runs.base; /* delta-coded values */
    for (unsigned first = 0; first < runs.count; first += 32u) {
        const unsigned j = first + lane;
        const bool live = j < runs.count;
        unsigned end = live ? runs.length(j) : 0u;
#pragma unroll
        for (unsigned d = 1; d < 32u; d *= 2u) {
            const unsigned before = __shfl_up_sync(~0u, end, d);
            end += lane >= d ? before : 0u;
        }
        end += start; /* run j covers [end - length, end); a lane past R repeats the last end */
        unsigned long long x;
        if (runs.delta) { /* uniform */
            x = delta_run_value<T>(runs, step, first, lane, carry);
            carry = __shfl_sync(~0u, (typename run_word<T>::type)x, 31);
        } else {
            x = live ? (unsigned long long)runs.template value<T>(j) : 0u;
        }
        const unsigned span_end = __shfl_sync(~0u, end, 31);
        for (unsigned q = start; q < span_end; q += 32u) { /* uniform: every lane shuffles */
            const unsigned p = q + lane;
            unsigned below = 0; /* runs of the 32 that end at or before p: p's run is lane `below` */
#pragma unroll
            for (unsigned step = 16; step != 0; step /= 2u)
                below += __shfl_sync(~0u, end, below + step - 1u) <= p ? step : 0u;
            const unsigned long long value = __shfl_sync(~0u, x, below);
            if (p < span_end && p < m)
                f(p, (T)value);
        }
        start = span_end;
    }
}

/* The run heads of a vector whose lengths have k >= 1 bits, into `heads`, the warp's 32 words of
 * shared memory: bit p mod 32 of heads[p / 32] is set where a run starts at position p, and
 * no bit else (every start is below m <= 1024, spec/fastlanes.md §8.2). Every lane of the
 * warp calls it; the bitmap is visible to the warp on return. Lane t takes its consecutive
 * runs (lane_runs): it adds their lengths, noting in 64 bits the starts that lie
 * less than 64 positions after its first run's, and a warp scan of these sums gives where its
 * first run starts; the noted starts then take at most three atomic ORs, and only a lane whose
 * runs span more than 64 positions walks them again for the others. So the warp decodes each
 * length once where runs are short (many runs), and twice at most where they are few. */
__device__ __forceinline__ void mark_run_heads(const runs_parts &runs, unsigned lane, uint32_t *heads)
{
    const lane_runs mine(runs.count, lane);
    const unsigned first = mine.first, last = mine.last;
    unsigned span = 0;
    uint64_t near = 0; /* bit i: one of the lane's runs starts i < 64 positions after its first */
    for (unsigned j = first; j < last; j++) {
        near |= span < 64u ? (uint64_t)1 << span : 0u;
        span += runs.length(j);
    }
    unsigned start = span; /* an inclusive scan, less the lane's own span */
#pragma unroll
    for (unsigned d = 1; d < 32u; d *= 2u) {
        const unsigned before = __shfl_up_sync(~0u, start, d);
        start += lane >= d ? before : 0u;
    }
    start -= span;
    heads[lane] = 0;
    __syncwarp();
    if (first < last) { /* near's bits are starts below m: words start / 32 ... start / 32 + 2 */
        const unsigned w = start / 32u, s = start % 32u;
        const uint64_t low = near << s;
        const uint32_t high = s == 0 ? 0u : (uint32_t)(near >> (64u - s));
        atomicOr(heads + w, (uint32_t)low);
        if ((uint32_t)(low >> 32) != 0)
            atomicOr(heads + w + 1u, (uint32_t)(low >> 32));
        if (high != 0)
            atomicOr(heads + w + 2u, high);
    }
    if (span > 64u) { /* the starts 64 or more positions after the lane's first */
        unsigned p = start;
        for (unsigned j = first; j < last; j++) {
            if (p - start >= 64u)
                atomicOr(heads + p / 32u, 1u << p % 32u);
            p += runs.length(j);
        }
    }
    __syncwarp();
}

/* The heads before word `lane` of a bitmap whose word `lane` is `word`: an exclusive warp
 * scan of the words' bit counts (every lane of the warp calls it). */
__device__ __forceinline__ unsigned heads_before(uint32_t word, unsigned lane)
{
    unsigned n = __popc(word);
#pragma unroll
    for (unsigned d = 1; d < 32u; d *= 2u) {
        const unsigned before = __shfl_up_sync(~0u, n, d);
        n += lane >= d ? before : 0u;
    }
    return n - __popc(word);
}

/* The run of position 32·w + i, from heads word w and the heads before that word: the heads
 * at or before the position, less one (position 0 is run 0's head). load_fastlanes_tile
 * (galp/device/fastlanes_tile.cuh) finds an item's run with it. */
__device__ __forceinline__ unsigned run_at(uint32_t word, unsigned before, unsigned i)
{
    return before + __popc(word & (0xffffffffu >> (31u - i))) - 1u;
}

/* The run heads of mark_run_heads in words 0 … 31 of `heads` (the warp's 64 words of shared
 * memory) and, in word 32 + w, the heads before word w less one, so that the run of position
 * 32·w + i is heads[32 + w] plus the heads at or before bit i of word w (position 0 is run 0's
 * head; the sum wraps through 0 for w = 0). Every lane of the warp calls it; both are visible
 * to the warp on return. */
__device__ __forceinline__ void mark_run_starts(const runs_parts &runs, unsigned lane, uint32_t *heads)
{
    mark_run_heads(runs, lane, heads);
    heads[32u + lane] = heads_before(heads[lane], lane) - 1u;
    __syncwarp();
}

/* The values of the R runs into values[0 … R − 1], each decoded once; every lane of the warp
 * calls it, and the values are visible to the warp on return. Values that are not
 * delta-coded are independent entries, lane t taking runs t, t + 32, ... Delta-coded values
 * (spec/fastlanes.md §8.5, §8.6) are a running sum: lane t takes its consecutive runs
 * (lane_runs), writes its own running sum of their steps, and a warp scan of the lanes'
 * totals gives the value before its first run (value_before_lane), which a second pass over
 * its runs adds. So a
 * run costs one step decoded and two shared-memory writes, where a warp scan per 32 runs
 * would cost a shuffle chain per run. Sums are taken modulo 2^W (T's width): truncating to T
 * commutes with the additions. */
template <typename T>
__device__ __forceinline__ void decode_run_values(const runs_parts &runs, unsigned lane, T *values)
{
    if (!runs.delta) {
        for (unsigned j = lane; j < runs.count; j += 32u)
            values[j] = runs.template value<T>(j);
        __syncwarp();
        return;
    }
    typedef typename run_word<T>::type word;
    const lane_runs mine(runs.count, lane);
    runs.template with_steps<T>([&](const auto &step) {
        const word before = value_before_lane<T>(runs, mine, lane, step, [&](unsigned j, word s) { values[j] = (T)s; });
        for (unsigned j = mine.first; j < mine.last; j++)
            values[j] = (T)(before + (word)values[j]);
    });
    __syncwarp();
}

/* f(p, values[r]) for every position p < m, each once, r its run, `values` the run values of
 * decode_run_values; every lane of the warp calls it, `heads` the warp's 64 words of shared
 * memory. In turn w lane t takes position 32·w + t (a warp's f calls touch 32 consecutive
 * positions): its run is a count of heads (mark_run_starts), read with two broadcast loads
 * and a population count, and consecutive lanes read the same or consecutive run values.
 * Lengths of k = 0 bits are all one, so R = m and run p is position p, with no heads to mark. */
template <typename T, typename F>
__device__ __forceinline__ void expand_run_values(const runs_parts &runs, unsigned m, unsigned lane,
                                                  uint32_t *heads, const T *values, F &&f)
{
    if (runs.length_width == 0) {
        for (unsigned p = lane; p < m; p += 32u)
            f(p, values[p]);
        return;
    }
    mark_run_starts(runs, lane, heads);
    const uint32_t at_or_before = 0xffffffffu >> (31u - lane);
    if (m == GALP_VECTOR_SIZE) { /* a full vector: no position to leave out */
#pragma unroll 8
        for (unsigned w = 0; w < 32u; w++)
            f(32u * w + lane, values[heads[32u + w] + __popc(heads[w] & at_or_before)]);
        return;
    }
    for (unsigned w = 0; 32u * w < m; w++) {
        const unsigned p = 32u * w + lane;
        if (p < m)
            f(p, values[heads[32u + w] + __popc(heads[w] & at_or_before)]);
    }
}

template <typename T> struct runs_warp {
    static_assert(!value_traits<T>::is_float, "RUNS is an integer scheme (spec/fastlanes.md §8)");

    runs_parts runs;
    unsigned m; /* the vector's value count */

    runs_warp() = default; /* then init() */
    __device__ __forceinline__ runs_warp(const galp_gpu_view &col, uint32_t vector)
    {
        init(col.data, read_vector_entry(col.data, vector), vector_value_count(col, vector));
    }
    __device__ __forceinline__ void init(const uint8_t *image, const vector_entry &e, unsigned values)
    {
        runs = runs_parts(image + e.payload_offset, e);
        m = values;
    }

    template <typename F> __device__ __forceinline__ void visit_runs(unsigned lane, F &&f) const
    {
        for_each_run<T>(runs, lane, f);
    }
    template <typename F> __device__ __forceinline__ void visit(unsigned lane, F &&f) const
    {
        for_each_run_value<T>(runs, m, lane, f);
    }
};

} /* namespace galp::device::detail */

/* The public names of this header (docs/GPU.md). */
namespace galp::device {
using detail::runs_warp;
} /* namespace galp::device */

#endif /* GALP_DEVICE_RUNS_CUH */
