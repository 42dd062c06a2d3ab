/*
 * galp/device/column.cuh — the per-lane decoder of the device API.
 *
 * galp::device::lane_decoder<T> is built from (column view, vector index, lane) and yields the
 * lane's values in row order, one per call (or N per call): value r is slot r·L + lane of
 * the vector (spec/format.md §1). It handles every vector kind of a device image (RAW, FFOR,
 * G-ALP; galp_gpu_column_upload has turned ALP-layout vectors into G-ALP) with one code path:
 *
 *   FFOR unpack (galp/device/ffor.cuh; RAW = FFOR with b = W, galp/device/raw.cuh)
 *   -> + base                                  spec/ffor.md §4
 *   -> ALP decode if the vector is G-ALP        spec/alp.md §4 (galp/device/alp.cuh)
 *   -> exception patch, buffered, in registers  spec/galp.md §3, §5 (galp/device/exceptions.cuh)
 *      or, in an integer column, a patched FFOR vector's patch added, buffered likewise
 *      (spec/ffor.md §8.2, galp/device/ffor_patches.cuh)
 *
 * State lives in registers only; the decoder reads the 32-byte vector entry, the lane's two
 * lane_end entries and, lazily, its packed words and exceptions from global memory.
 * The caller must not ask for more rows than the lane has (W rows); rows whose slot is at or
 * past the vector's value_count carry no value (spec/format.md §4.3) and must be ignored.
 */
#ifndef GALP_DEVICE_COLUMN_CUH
#define GALP_DEVICE_COLUMN_CUH

#include "galp_gpu.h"

#include "alp.cuh"
#include "ffor.cuh"
#include "exceptions.cuh"
#include "ffor_patches.cuh"
#include "raw.cuh"
#include "types.cuh"

namespace galp::device::detail {

/* One 32-byte entry of the vector metadata table (spec/format.md §3.3). */
struct vector_entry {
    uint64_t payload_offset;
    uint64_t base;
    unsigned exception_count;
    unsigned scheme;
    unsigned bit_width;
    unsigned exponent;
    unsigned factor;
};

/* The exception count, scheme and bit width of a vector, which one 32-bit word of its entry
 * holds (bytes 20-23, spec/format.md §3.3): the bulk kernels' pipeline reads that word alone. */
struct vector_kind {
    unsigned exception_count, scheme, bit_width;
};
__device__ __forceinline__ vector_kind parse_vector_kind(uint32_t word)
{
    vector_kind k;
    k.scheme = (word >> 16) & 0xffu;
    k.bit_width = word >> 24;
    k.exception_count = word & 0xffffu;
    return k;
}

/* The entry from its two 16-byte halves, wherever they were loaded from. Its word with the
 * exception count, scheme and bit width is parsed here in place, not by parse_vector_kind:
 * that changed the register allocation of the f32/f64 decompression kernels, whose
 * performance floors (bench/floors.txt) assume their current code. */
__device__ __forceinline__ vector_entry parse_vector_entry(uint4 a, uint4 c)
{
    vector_entry e;
    e.payload_offset = (uint64_t)a.y << 32 | a.x;
    e.base = (uint64_t)a.w << 32 | a.z;
    e.exception_count = c.y & 0xffffu;
    e.scheme = (c.y >> 16) & 0xffu;
    e.bit_width = c.y >> 24;
    e.exponent = c.z & 0xffu;
    e.factor = (c.z >> 8) & 0xffu;
    return e;
}

/* Where vector v's entry lies in a device image: the metadata table follows the 64-byte
 * header (spec/format.md §3.1, §3.3). */
__device__ __forceinline__ const uint4 *vector_entry_words(const uint8_t *image, uint64_t v)
{
    return (const uint4 *)(image + GALP_HEADER_SIZE + (size_t)GALP_VECTOR_ENTRY_SIZE * v);
}

__device__ __forceinline__ vector_entry read_vector_entry(const uint8_t *image, uint32_t vector)
{
    const uint4 *p = vector_entry_words(image, vector);
    return parse_vector_entry(__ldg(p), __ldg(p + 1));
}

/* A vector's 32-byte entry as loaded, parsed later: a pipeline that loads the entry of a
 * vector some turns ahead keeps these words and parses them only when it needs the fields, so
 * that no instruction next to the load waits for memory (a parse placed there by the compiler
 * made every warp wait the whole latency at every vector). Zero for a vector past the column. */
struct entry_words {
    uint4 a, c;
    __device__ __forceinline__ vector_entry parse() const { return parse_vector_entry(a, c); }
};
__device__ __forceinline__ entry_words load_entry_words(const galp_gpu_view &col, uint64_t v)
{
    const uint4 *p = vector_entry_words(col.data, v);
    return v < col.vector_count ? entry_words{__ldg(p), __ldg(p + 1)} : entry_words{};
}

/* Values in vector v of a column of n values (spec/format.md §2). */
__device__ __forceinline__ unsigned vector_value_count(const galp_gpu_view &col, uint32_t v)
{
    uint64_t first = (uint64_t)v * GALP_VECTOR_SIZE;
    uint64_t rest = col.value_count - first;
    return rest < GALP_VECTOR_SIZE ? (unsigned)rest : GALP_VECTOR_SIZE;
}

struct no_alp {
    __device__ __forceinline__ void init(unsigned, unsigned) {}
};
template <typename T, bool IsFloat> struct alp_of { typedef no_alp type; };
template <typename T> struct alp_of<T, true> { typedef alp_params<T> type; };

/* The cursor over what replaces or changes a row: G-ALP exceptions in a float column, FFOR
 * patches (spec/ffor.md §8) in an integer one. */
template <typename Word, bool IsFloat> struct cursor_of { typedef patch_cursor<Word> type; };
template <typename Word> struct cursor_of<Word, true> { typedef exception_cursor<Word> type; };

/* One row of a lane before the ALP map: predicate pushdown (galp/device/pushdown.cuh) compares the
 * packed integer instead of the decoded value. */
template <typename Word> struct encoded_value {
    typename reg_of<Word>::type packed; /* the b packed bits (meaningless for an exception) */
    bool is_exception;                  /* an exception (floats) or a patched slot (integers) */
    Word exception_bits;                /* the exception's bit pattern when is_exception; for a
                                           patched slot what its patch adds, h << b */
};

template <typename T, unsigned Ahead = 1> struct lane_decoder {
    typedef value_traits<T> traits;
    typedef typename traits::word Word;
    typedef typename reg_of<Word>::type reg;
    static constexpr unsigned L = traits::lanes;

    ffor_lane<Word, Ahead> ffor;
    typename cursor_of<Word, traits::is_float>::type exceptions;
    typename alp_of<T, traits::is_float>::type alp;
    uint32_t vector;
    unsigned lane;
    unsigned slot;        /* slot of the next value: row · L + lane */
    unsigned value_count; /* m of this vector: slots at or past it carry no value */
    bool is_alp;          /* G-ALP vector: apply the ALP map */

    __device__ __forceinline__ lane_decoder(const galp_gpu_view &col, uint32_t vector, unsigned lane)
    {
        init(col, vector, lane, read_vector_entry(col.data, vector));
    }

    /* With the vector's entry already read (a loop over vectors can load the next entry
     * while it decodes the current vector). */
    __device__ __forceinline__ lane_decoder(const galp_gpu_view &col, uint32_t vector, unsigned lane,
                                            const vector_entry &e)
    {
        init(col, vector, lane, e);
    }

    __device__ __forceinline__ void init(const galp_gpu_view &col, uint32_t vector, unsigned lane,
                                         const vector_entry &e)
    {
        const uint8_t *payload = col.data + e.payload_offset;
        this->vector = vector;
        this->lane = lane;
        value_count = vector_value_count(col, vector);
        slot = lane;
        is_alp = e.scheme == GALP_SCHEME_GALP;
        if (e.scheme == GALP_SCHEME_RAW)
            raw_lane_init(ffor, payload, value_count, lane);
        else
            ffor.init((const Word *)payload, lane, e.bit_width, e.base, e.bit_width);
        /* A G-ALP vector without exceptions may have no lane table (spec/galp.md §1.1); in an
         * integer column, exception_count counts a FFOR vector's patches (spec/ffor.md §8.1). */
        if constexpr (traits::is_float) {
            if (is_alp && e.exception_count != 0)
                exceptions.init(payload + galp_layout_lane_end_offset(e.bit_width), e.exception_count, lane);
            else
                exceptions.init_empty();
        } else {
            if (e.scheme == GALP_SCHEME_FFOR && e.exception_count != 0)
                exceptions.init(payload, e.bit_width, e.exception_count, lane);
            else
                exceptions.init_empty();
        }
        alp.init(e.exponent, e.factor);
    }

    /* Slot of the value the next call yields; >= value_count means no value. */
    __device__ __forceinline__ unsigned next_slot() const { return slot; }

    /* The next row, not yet decoded; decode() finishes it. */
    __device__ __forceinline__ encoded_value<Word> next_encoded()
    {
        encoded_value<Word> v;
        v.packed = ffor.next_packed();
        v.exception_bits = 0;
        v.is_exception = exceptions.patch(slot, v.exception_bits);
        slot += L;
        return v;
    }

    __device__ __forceinline__ T decode(const encoded_value<Word> &v) const
    {
        if (v.is_exception) {
            if constexpr (traits::is_float)
                return value_from_word<T>(v.exception_bits);
            else /* spec/ffor.md §8.2: the unpacked value plus h << b, mod 2^W */
                return value_from_word<T>((Word)(ffor.add_base(v.packed) + v.exception_bits));
        }
        reg u = ffor.add_base(v.packed);
        if constexpr (traits::is_float) {
            if (is_alp)
                return alp.decode(u);
        }
        return value_from_word<T>(u);
    }

    __device__ __forceinline__ T next() { return decode(next_encoded()); }

    /* The next row when the caller has unpacked its b bits itself (galp/device/visit.cuh); the
     * decoder's own unpacker is then not used. */
    __device__ __forceinline__ encoded_value<Word> next_encoded_from(reg packed)
    {
        encoded_value<Word> v;
        v.packed = packed;
        v.exception_bits = 0;
        v.is_exception = exceptions.patch(slot, v.exception_bits);
        slot += L;
        return v;
    }

    /* N consecutive rows of the lane: out[j] is slot (row + j)·L + lane. */
    template <int N> __device__ __forceinline__ void next(T (&out)[N])
    {
#pragma unroll
        for (int j = 0; j < N; j++)
            out[j] = next();
    }
};

} /* namespace galp::device::detail */

/* The public names of this header (docs/GPU.md). */
namespace galp::device {
using detail::lane_decoder;
} /* namespace galp::device */

#endif /* GALP_DEVICE_COLUMN_CUH */
