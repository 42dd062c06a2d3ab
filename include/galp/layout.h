/*
 * galp/layout.h — where each part of a vector payload sits and how large it is
 * (spec/format.md §4, spec/ffor.md §2–3, spec/alp.md §2, spec/galp.md §1,
 * spec/fastlanes.md §1–4).
 *
 * One description of the payload layout for every decoder: the reference codec, the GPU host
 * code and the CUDA kernels include this header. It is C99 and needs no CUDA header; under
 * nvcc every function is also a device function.
 *
 * Arguments: w is the type width W in bits (8, 16, 32 or 64), b the bit width, c the exception
 * count, m the vector's value count and flags the file's header flags. For any value the
 * metadata fields can hold (b <= 255, c <= 65535, m <= 1024) every result fits in 32 bits, so
 * the functions can be applied to unvalidated metadata to compute the size it implies.
 *
 *   offset 0                         packed words          galp_layout_packed_bytes
 *   galp_layout_lane_end_offset      lane_end[L] (G-ALP)   galp_layout_lane_end_bytes
 *   galp_layout_values_offset        exception values      c · W/8
 *   galp_layout_positions_offset     exception positions   2·c
 *
 * ALP_RD (spec/alprd.md §3), with r the right part width and k the code width:
 *
 *   offset 0                              dict[8] (u16)         GALP_LAYOUT_ALPRD_DICT_BYTES
 *   GALP_LAYOUT_ALPRD_DICT_BYTES          right parts           galp_layout_packed_bytes(r)
 *   galp_layout_alprd_codes_offset        codes                 galp_layout_packed_bytes(k)
 *   galp_layout_alprd_lane_end_offset     lane_end[L] if c > 0  galp_layout_lane_end_bytes
 *   galp_layout_alprd_lefts_offset        exception left parts  2·c
 *   galp_layout_alprd_positions_offset    exception positions   2·c
 *
 * A vector whose dictionary is in its metadata entry (galp_layout_alprd_dict_in_entry,
 * spec/alprd.md §3.1) has no dictionary head: galp_layout_alprd_head_bytes is 0 and every
 * part sits 16 bytes earlier. The functions that take flags give the vector's own offsets
 * (galp_layout_alprd_codes_at and _lane_end_at for the codes and the lane ends);
 * codes_offset and lane_end_offset, which do not, those of a payload with the head, the
 * layout the GPU kernels read (gpu/image.c restores the head).
 *
 * The scheme argument is the vector's layout, galp_layout_scheme: a G-ALP vector without
 * exceptions in a file with GALP_FLAG_COMPACT_GALP is laid out as ALP. The lane ends of a
 * G-ALP or ALP_RD vector are u16, or u8 in a file with GALP_FLAG_NARROW_LANE_ENDS when
 * 1 <= c <= 255 (galp_layout_lane_end_width); galp_layout_lane_end_bytes is the one size of
 * the table, and every offset after it follows from it.
 */
#ifndef GALP_LAYOUT_PUBLIC_H
#define GALP_LAYOUT_PUBLIC_H

#include <stdbool.h>
#include <stdint.h>

#include <galp.h>

/* Under nvcc the host compiler sees these static functions in every translation unit that
 * includes the header, most of which use a few; `unused` keeps its -Wunused-function quiet. */
#if defined(__CUDACC__) && defined(__GNUC__)
#define GALP_HOST_DEVICE __host__ __device__ __attribute__((unused))
#elif defined(__CUDACC__)
#define GALP_HOST_DEVICE __host__ __device__
#else
#define GALP_HOST_DEVICE
#endif

/* In C++14 and later the functions are also constexpr, so that kernels can size arrays and
 * template constants with them. */
#if defined(__cplusplus) && __cplusplus >= 201402L
#define GALP_LAYOUT_CONSTEXPR constexpr
#else
#define GALP_LAYOUT_CONSTEXPR
#endif

/* The layout of a vector of `scheme` with c exceptions in a file with header `flags`: with
 * GALP_FLAG_COMPACT_GALP, a G-ALP vector without exceptions has no lane table, which is the
 * ALP layout of a vector without exceptions, the packed words alone (spec/galp.md §1.1);
 * every other vector has its scheme's layout. */
GALP_HOST_DEVICE static inline GALP_LAYOUT_CONSTEXPR galp_scheme galp_layout_scheme(galp_scheme scheme, uint32_t flags,
                                                                  uint32_t c)
{
    return scheme == GALP_SCHEME_GALP && c == 0 && (flags & GALP_FLAG_COMPACT_GALP) != 0 ? GALP_SCHEME_ALP
                                                                                         : scheme;
}

/* Lanes of a vector of W-bit values, L = 1024 / W (spec/ffor.md §2). */
GALP_HOST_DEVICE static inline GALP_LAYOUT_CONSTEXPR uint32_t galp_layout_lanes(uint32_t w)
{
    return GALP_VECTOR_SIZE / w;
}

/* Word index of word k of lane l, k·L + l; its byte offset is that times W/8 (spec/ffor.md §3). */
GALP_HOST_DEVICE static inline GALP_LAYOUT_CONSTEXPR uint32_t galp_layout_word_index(uint32_t w, uint32_t k, uint32_t lane)
{
    return k * galp_layout_lanes(w) + lane;
}

/* Bytes of the packed integer vector, 128·b: b words per lane, L lanes of W bits each
 * (spec/ffor.md §3, spec/format.md §4). */
GALP_HOST_DEVICE static inline GALP_LAYOUT_CONSTEXPR uint32_t galp_layout_packed_bytes(uint32_t b)
{
    return 128u * b;
}

/* G-ALP's lane_end[L] table starts right after the packed words (spec/galp.md §1). */
GALP_HOST_DEVICE static inline GALP_LAYOUT_CONSTEXPR uint32_t galp_layout_lane_end_offset(uint32_t b)
{
    return galp_layout_packed_bytes(b);
}

/* Bytes of one lane end: 1 (u8) in a file with GALP_FLAG_NARROW_LANE_ENDS when 1 <= c <= 255,
 * since the ends are cumulative counts of at most c; else 2 (u16) (spec/galp.md §1.2). */
GALP_HOST_DEVICE static inline GALP_LAYOUT_CONSTEXPR uint32_t galp_layout_lane_end_width(uint32_t flags, uint32_t c)
{
    return (flags & GALP_FLAG_NARROW_LANE_ENDS) != 0 && c >= 1u && c <= 255u ? 1u : 2u;
}

/* Size of the lane_end table of a vector laid out as `scheme` (galp_layout_scheme): L entries
 * for G-ALP, and for ALP_RD when c > 0; none for ALP or any other scheme (spec/galp.md §1,
 * §1.2, spec/alprd.md §3, spec/alp.md §2). */
GALP_HOST_DEVICE static inline GALP_LAYOUT_CONSTEXPR uint32_t galp_layout_lane_end_bytes(galp_scheme scheme, uint32_t w, uint32_t c,
                                                                   uint32_t flags)
{
    return scheme == GALP_SCHEME_GALP || (scheme == GALP_SCHEME_ALP_RD && c > 0u)
               ? galp_layout_lane_end_width(flags, c) * galp_layout_lanes(w)
               : 0u;
}

/* Whether a vector laid out as `scheme` has u8 lane ends in a file with header `flags`: it has
 * a lane table and 1 <= c <= 255 exceptions, and the file GALP_FLAG_NARROW_LANE_ENDS. */
GALP_HOST_DEVICE static inline GALP_LAYOUT_CONSTEXPR int galp_layout_narrow_lane_ends(galp_scheme scheme, uint32_t c,
                                                                uint32_t flags)
{
    return galp_layout_lane_end_bytes(scheme, 32u, c, flags) != 0u && galp_layout_lane_end_width(flags, c) == 1u;
}

/* First exception value: after the packed words, and the lane ends for G-ALP
 * (spec/alp.md §2, spec/galp.md §1). */
GALP_HOST_DEVICE static inline GALP_LAYOUT_CONSTEXPR uint32_t galp_layout_values_offset(galp_scheme scheme, uint32_t w, uint32_t b,
                                                                  uint32_t c, uint32_t flags)
{
    return galp_layout_packed_bytes(b) + galp_layout_lane_end_bytes(scheme, w, c, flags);
}

/* First exception position (u16): after the c values of W/8 bytes (spec/alp.md §2, spec/galp.md §1). */
GALP_HOST_DEVICE static inline GALP_LAYOUT_CONSTEXPR uint32_t galp_layout_positions_offset(galp_scheme scheme, uint32_t w, uint32_t b,
                                                                     uint32_t c, uint32_t flags)
{
    return galp_layout_values_offset(scheme, w, b, c, flags) + c * (w / 8u);
}

/* Size of the exception section, lane ends included: everything after the packed words
 * (spec/alp.md §2, spec/galp.md §1). A patched FFOR vector's c patches take ALP's layout, so
 * these three functions with scheme FFOR place and size them: the high bits of the c patched
 * deltas (W bits each), then their u16 positions (spec/ffor.md §8.1). */
GALP_HOST_DEVICE static inline GALP_LAYOUT_CONSTEXPR uint32_t galp_layout_exception_bytes(galp_scheme scheme, uint32_t w, uint32_t c,
                                                                    uint32_t flags)
{
    return galp_layout_lane_end_bytes(scheme, w, c, flags) + c * (w / 8u + 2u);
}

/* Whether a FFOR vector's exception_count counts patches: header flag bit 9 (spec/ffor.md §8,
 * format 1.8). Without it the count is 0 (spec/format.md §6 step 10.6). */
GALP_HOST_DEVICE static inline GALP_LAYOUT_CONSTEXPR int galp_layout_ffor_patched(uint32_t flags)
{
    return (flags & GALP_FLAG_PATCHED_FFOR) != 0u;
}

/* ALP_RD's dictionary: 8 u16 entries at the head of the payload, addressed by codes of at
 * most 3 bits; left parts of at most 16 bits, so that r >= W - 16 (spec/alprd.md §2–3). */
#define GALP_LAYOUT_ALPRD_DICT_ENTRIES 8u
#define GALP_LAYOUT_ALPRD_DICT_BYTES 16u
#define GALP_LAYOUT_ALPRD_MAX_CODE_WIDTH 3u
#define GALP_LAYOUT_ALPRD_MAX_LEFT_WIDTH 16u

/* Whether an ALP_RD vector keeps its dictionary bit-packed in its entry's base field: in a
 * file with GALP_FLAG_ALPRD_DICT_IN_ENTRY, when its 2^k entries of W − r bits fit in 64 bits,
 * 2^k·(W − r) <= 64 (spec/alprd.md §3.1). Metadata that no valid vector has (k > 3, r >= w)
 * never qualifies, so that the rule applies to unvalidated fields without overflow. */
GALP_HOST_DEVICE static inline GALP_LAYOUT_CONSTEXPR int galp_layout_alprd_dict_in_entry(uint32_t w, uint32_t r, uint32_t k,
                                                                   uint32_t flags)
{
    return (flags & GALP_FLAG_ALPRD_DICT_IN_ENTRY) != 0u && k <= GALP_LAYOUT_ALPRD_MAX_CODE_WIDTH && r < w &&
           ((w - r) << k) <= 64u;
}

/* Bits of the packed dictionary in base: 2^k entries of W − r bits, entry e at bits
 * e·(W − r) … (e + 1)·(W − r) − 1 (spec/alprd.md §3.1); only for a vector that qualifies. */
GALP_HOST_DEVICE static inline GALP_LAYOUT_CONSTEXPR uint32_t galp_layout_alprd_dict_bits(uint32_t w, uint32_t r, uint32_t k)
{
    return (w - r) << k;
}

/* Entry e < 2^k of a dictionary packed in base: its W − r bits at e·(W − r), least significant
 * bit first (spec/alprd.md §3.1). For a vector that qualifies e·(W − r) < 64; the modulo keeps
 * any other argument defined. */
GALP_HOST_DEVICE static inline GALP_LAYOUT_CONSTEXPR uint32_t galp_layout_alprd_dict_entry(uint32_t w, uint32_t r, uint64_t base,
                                                                     uint32_t e)
{
    const uint32_t width = (w - r - 1u) % 64u + 1u; /* W − r, 1 … 64 */
    return (uint32_t)(base >> (e * width % 64u) & (((uint64_t)2 << (width - 1u)) - 1u));
}

/* Bytes of the dictionary head of an ALP_RD payload: 16, or 0 where the dictionary is in the
 * entry (spec/alprd.md §3, §3.1). */
GALP_HOST_DEVICE static inline GALP_LAYOUT_CONSTEXPR uint32_t galp_layout_alprd_head_bytes(uint32_t w, uint32_t r, uint32_t k,
                                                                     uint32_t flags)
{
    return galp_layout_alprd_dict_in_entry(w, r, k, flags) ? 0u : GALP_LAYOUT_ALPRD_DICT_BYTES;
}

/* ALP_RD's codes follow the dictionary and the r-bit right parts (spec/alprd.md §3). */
GALP_HOST_DEVICE static inline GALP_LAYOUT_CONSTEXPR uint32_t galp_layout_alprd_codes_offset(uint32_t r)
{
    return GALP_LAYOUT_ALPRD_DICT_BYTES + galp_layout_packed_bytes(r);
}

/* ALP_RD's lane_end[L] follows the k-bit codes; it is there only when c > 0 (spec/alprd.md §3). */
GALP_HOST_DEVICE static inline GALP_LAYOUT_CONSTEXPR uint32_t galp_layout_alprd_lane_end_offset(uint32_t r, uint32_t k)
{
    return galp_layout_alprd_codes_offset(r) + galp_layout_packed_bytes(k);
}

/* The codes and the lane ends of an ALP_RD vector in its own layout: after the head, if any,
 * and the right parts (spec/alprd.md §3, §3.1). */
GALP_HOST_DEVICE static inline GALP_LAYOUT_CONSTEXPR uint32_t galp_layout_alprd_codes_at(uint32_t w, uint32_t r, uint32_t k,
                                                                   uint32_t flags)
{
    return galp_layout_alprd_head_bytes(w, r, k, flags) + galp_layout_packed_bytes(r);
}

GALP_HOST_DEVICE static inline GALP_LAYOUT_CONSTEXPR uint32_t galp_layout_alprd_lane_end_at(uint32_t w, uint32_t r, uint32_t k,
                                                                      uint32_t flags)
{
    return galp_layout_alprd_codes_at(w, r, k, flags) + galp_layout_packed_bytes(k);
}

/* ALP_RD's exception left parts (u16), then their positions (u16) (spec/alprd.md §3). */
GALP_HOST_DEVICE static inline GALP_LAYOUT_CONSTEXPR uint32_t galp_layout_alprd_lefts_offset(uint32_t w, uint32_t r, uint32_t k,
                                                                       uint32_t c, uint32_t flags)
{
    return galp_layout_alprd_lane_end_at(w, r, k, flags) + galp_layout_lane_end_bytes(GALP_SCHEME_ALP_RD, w, c, flags);
}

GALP_HOST_DEVICE static inline GALP_LAYOUT_CONSTEXPR uint32_t galp_layout_alprd_positions_offset(uint32_t w, uint32_t r, uint32_t k,
                                                                           uint32_t c, uint32_t flags)
{
    return galp_layout_alprd_lefts_offset(w, r, k, c, flags) + 2u * c;
}

/* The payload_size of an ALP_RD vector (spec/format.md §4 table):
 * head + 128·(r + k) + lane table + 4·c, the head 16 bytes or 0 (spec/alprd.md §3.1). */
GALP_HOST_DEVICE static inline GALP_LAYOUT_CONSTEXPR uint32_t galp_layout_alprd_payload_bytes(uint32_t w, uint32_t r, uint32_t k,
                                                                        uint32_t c, uint32_t flags)
{
    return galp_layout_alprd_positions_offset(w, r, k, c, flags) + 2u * c;
}

/* ---- FastLanes DELTA, RLE and DICT (spec/fastlanes.md) ----------------------------------
 * A transposed vector of W-bit values (DELTA, and RLE's run indexes with W = 16) starts with
 * its L lane bases, L·W/8 = 128 bytes, followed by the packed deltas (spec/fastlanes.md §2). */
GALP_HOST_DEVICE static inline GALP_LAYOUT_CONSTEXPR uint32_t galp_layout_lane_bases_bytes(void)
{
    return 128u;
}

/* Whether a file's DELTA vectors store their lane bases packed: every one of them in a file
 * with GALP_FLAG_PACKED_LANE_BASES, with the fields' width c in the entry's exponent
 * (spec/fastlanes.md §2.3). RLE's run-index vector keeps its 128-byte lane bases. */
GALP_HOST_DEVICE static inline GALP_LAYOUT_CONSTEXPR int galp_layout_delta_packed_bases(uint32_t flags)
{
    return (flags & GALP_FLAG_PACKED_LANE_BASES) != 0u;
}

/* Whether a DELTA vector's head holds a base of the bases and L fields of c < W bits; with
 * c = W (or without the flag) it holds the L lane bases themselves (spec/fastlanes.md §2.3). */
GALP_HOST_DEVICE static inline GALP_LAYOUT_CONSTEXPR int galp_layout_delta_fields(uint32_t w, uint32_t c, uint32_t flags)
{
    return galp_layout_delta_packed_bases(flags) && c < w;
}

/* Bytes of a DELTA vector's lane-base head: round16 of 1 + ceil(L·c / W) words of W bits, the
 * base of the bases then L fields of c bits, or the 128 bytes of the L W-bit lane bases
 * (spec/fastlanes.md §2.1, §2.3). Any exponent c <= 255 gives a size, so unvalidated
 * metadata does too. */
GALP_HOST_DEVICE static inline GALP_LAYOUT_CONSTEXPR uint32_t galp_layout_delta_head_bytes(uint32_t w, uint32_t c,
                                                                     uint32_t flags)
{
    return galp_layout_delta_fields(w, c, flags)
               ? ((1u + (galp_layout_lanes(w) * c + w - 1u) / w) * (w / 8u) + 15u) / 16u * 16u
               : galp_layout_lane_bases_bytes();
}

/* The payload_size of a DELTA vector: its head, then 128·b bytes of packed deltas
 * (spec/format.md §4 table, spec/fastlanes.md §2.1, §2.3); c is the entry's exponent. */
GALP_HOST_DEVICE static inline GALP_LAYOUT_CONSTEXPR uint32_t galp_layout_delta_payload_bytes(uint32_t w, uint32_t b,
                                                                        uint32_t c, uint32_t flags)
{
    return galp_layout_delta_head_bytes(w, c, flags) + galp_layout_packed_bytes(b);
}

/* Transposed position of slot (row r, lane l): lane l carries the W consecutive values
 * l·W … l·W + W − 1 of the vector, row r the value l·W + r (spec/fastlanes.md §2). */
GALP_HOST_DEVICE static inline GALP_LAYOUT_CONSTEXPR uint32_t galp_layout_transposed_position(uint32_t w, uint32_t row,
                                                                        uint32_t lane)
{
    return lane * w + row;
}

/* A table of c values (RLE run values, DICT dictionary) is packed like FFOR's slots 0 … c−1:
 * ceil(c / L) rows, so ceil(rows·b / W) words per lane, whole 128-byte lines
 * (spec/fastlanes.md §1). */
GALP_HOST_DEVICE static inline GALP_LAYOUT_CONSTEXPR uint32_t galp_layout_table_bytes(uint32_t w, uint32_t b, uint32_t c)
{
    return galp_layout_packed_bytes((((c + galp_layout_lanes(w) - 1u) / galp_layout_lanes(w)) * b + w - 1u) / w);
}

/* Bit width of a DICT code for a dictionary of c entries: the bits of c − 1, 0 for c <= 1
 * (spec/fastlanes.md §4). */
GALP_HOST_DEVICE static inline GALP_LAYOUT_CONSTEXPR uint32_t galp_layout_dict_code_bits(uint32_t c)
{
    uint32_t bits = 0;
    for (uint32_t x = c > 0u ? c - 1u : 0u; x != 0u; x >>= 1)
        bits++;
    return bits;
}

/* Bit width of RLE's run-index steps: 1, or 0 for a single run (spec/fastlanes.md §3). */
GALP_HOST_DEVICE static inline GALP_LAYOUT_CONSTEXPR uint32_t galp_layout_rle_step_bits(uint32_t c)
{
    return c > 1u ? 1u : 0u;
}

/* RUNS (spec/fastlanes.md §8): R run lengths minus one, k <= 10 bits each (the entry's
 * exponent byte), then R run values less the base, b bits each, each part a packed run of
 * little-endian u32 words (spec/tile.md §2, with entries of up to 64 bits). */
#define GALP_LAYOUT_RUNS_MAX_LENGTH_WIDTH 10u
GALP_HOST_DEVICE static inline GALP_LAYOUT_CONSTEXPR uint32_t galp_layout_runs_part_bytes(uint32_t c, uint32_t b)
{
    return 4u * ((c * b + 31u) / 32u);
}

/* The payload_size of a RUNS vector of c runs, lengths of k bits and values of b bits. */
GALP_HOST_DEVICE static inline GALP_LAYOUT_CONSTEXPR uint32_t galp_layout_runs_payload_bytes(uint32_t b, uint32_t k, uint32_t c)
{
    return galp_layout_runs_part_bytes(c, k) + galp_layout_runs_part_bytes(c, b);
}

/* A RUNS entry's factor (format 1.6, spec/fastlanes.md §8.5): 0, run values less the base;
 * 1, delta-coded run values, each the zig-zag coded difference from the value before it
 * (the base before run 0); with format 1.8 (§8.6) also 2, offset-coded differences, each
 * entry the difference from the value before it plus run 0's entry. */
#define GALP_LAYOUT_RUNS_DELTA_VALUES 1u
#define GALP_LAYOUT_RUNS_OFFSET_VALUES 2u
/* Whether a RUNS entry's factor says that its run values are differences, each decoded from the
 * value before it (§8.5, §8.6), rather than values less the base (§8.1). */
GALP_HOST_DEVICE static inline GALP_LAYOUT_CONSTEXPR bool galp_layout_runs_delta_coded(unsigned factor)
{
    return factor == GALP_LAYOUT_RUNS_DELTA_VALUES || factor == GALP_LAYOUT_RUNS_OFFSET_VALUES;
}
GALP_HOST_DEVICE static inline GALP_LAYOUT_CONSTEXPR uint64_t galp_layout_runs_unzigzag(uint64_t e)
{
    return (e >> 1) ^ (0u - (e & 1u));
}

/* Where the run values (RLE) or the dictionary (DICT) start: after the run-index vector
 * (128-byte lane bases, then its steps of the width above, in the 16-bit layout) or after
 * the codes (spec/fastlanes.md §3, §4). */
GALP_HOST_DEVICE static inline GALP_LAYOUT_CONSTEXPR uint32_t galp_layout_table_offset(galp_scheme scheme, uint32_t c)
{
    return scheme == GALP_SCHEME_RLE
               ? galp_layout_lane_bases_bytes() + galp_layout_packed_bytes(galp_layout_rle_step_bits(c))
               : galp_layout_packed_bytes(galp_layout_dict_code_bits(c));
}

/* The payload_size a vector's metadata implies (spec/format.md §4 table): RAW m·W/8, FFOR 128·b
 * + c·(W/8 + 2) (c patches, spec/ffor.md §8.1; c = 0 without flag bit 9),
 * ALP 128·b + c·(W/8 + 2), G-ALP 128·b + lane table + c·(W/8 + 2) (scheme: the vector's
 * layout, galp_layout_scheme; flags: the header's, for the lane table's width), DELTA
 * 128 + 128·b, RLE and DICT their index part and a table of c values (spec/fastlanes.md). ALP_RD's size also depends on the code width:
 * galp_layout_alprd_payload_bytes; a DELTA vector with packed lane bases on their width:
 * galp_layout_delta_payload_bytes (the DELTA size here is that of the 128-byte lane bases,
 * the layout the GPU kernels read: gpu/image.c restores it). Any other scheme implies no valid size here: UINT32_MAX,
 * which no payload_size of a valid file equals. */
GALP_HOST_DEVICE static inline GALP_LAYOUT_CONSTEXPR uint32_t galp_layout_payload_bytes(galp_scheme scheme, uint32_t w, uint32_t b,
                                                                  uint32_t c, uint32_t m, uint32_t flags)
{
    switch (scheme) {
    case GALP_SCHEME_RAW: return m * (w / 8u);
    case GALP_SCHEME_FFOR:
    case GALP_SCHEME_ALP:
    case GALP_SCHEME_GALP: return galp_layout_packed_bytes(b) + galp_layout_exception_bytes(scheme, w, c, flags);
    case GALP_SCHEME_DELTA: return galp_layout_lane_bases_bytes() + galp_layout_packed_bytes(b);
    case GALP_SCHEME_RLE:
    case GALP_SCHEME_DICT: return galp_layout_table_offset(scheme, c) + galp_layout_table_bytes(w, b, c);
    default: return UINT32_MAX;
    }
}

#endif /* GALP_LAYOUT_PUBLIC_H */
