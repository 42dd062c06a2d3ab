/*
 * galp.h — public C API of libgalp, the reference codec for the galp column format.
 *
 * The format is defined in spec/ (start at spec/format.md). Every function here returns a
 * galp_status; GALP_OK is zero and every failure class has its own value (galp_strerror names
 * it). Decoders never read or write outside the buffers they are given, on any input.
 *
 * <galp/layout.h> (where each part of a vector payload sits) and <galp/alp_constants.h> (the
 * ALP decoder tables) are installed beside it for decoders written against the format.
 */
#ifndef GALP_H
#define GALP_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Values per vector (spec/format.md §2). */
#define GALP_VECTOR_SIZE 1024u
/* Bytes a decoder may read past the end of any vector payload (spec/format.md §3.5). */
#define GALP_TAIL_PADDING 256u
/* Size of the fixed file header and of one vector metadata entry (spec/format.md §3). */
#define GALP_HEADER_SIZE 64u
#define GALP_VECTOR_ENTRY_SIZE 32u
#define GALP_VERSION_MAJOR 1u
/* The format version this library implements. It reads every minor version and writes the
 * lowest that expresses a file: 1.0 without flags, 1.1 with payload checksums, 1.2 with
 * compact G-ALP vectors, with ALP_RD, DELTA, RLE, DICT, GPU_FOR, GPU_DFOR or GPU_RFOR
 * vectors, or a STR column, 1.3 with narrow lane ends, 1.4 with ALP_RD dictionaries in the
 * metadata entry, 1.5 with packed DELTA lane bases or RUNS vectors, 1.6 with a compact symbol
 * table or RUNS vectors whose run values are delta-coded, 1.7 with lean FSST vectors, 1.8 with
 * patched FFOR vectors or RUNS vectors whose run values are offset-coded differences
 * (spec/format.md §1.1). */
#define GALP_VERSION_MINOR 8u

/* Header flag bits (spec/format.md §3.1). PAYLOAD_CHECKSUMS: every vector entry holds the CRC32C
 * of its payload (§3.3), checked by galp_open. */
#define GALP_FLAG_PAYLOAD_CHECKSUMS 1u
/* COMPACT_GALP (G-ALP columns only): a G-ALP vector without exceptions has no lane table
 * (spec/galp.md §1.1). */
#define GALP_FLAG_COMPACT_GALP 2u
/* NARROW_LANE_ENDS (ALP, G-ALP and ALP_RD columns only): a G-ALP or ALP_RD vector with 1 to 255
 * exceptions stores its lane ends as u8 (spec/galp.md §1.2, version 1.3). */
#define GALP_FLAG_NARROW_LANE_ENDS 4u
/* ALPRD_DICT_IN_ENTRY (ALP, G-ALP and ALP_RD columns only): an ALP_RD vector whose dictionary
 * fits in 64 bits keeps it bit-packed in its entry's base field and has no dictionary head in
 * its payload (spec/alprd.md §3.1, version 1.4). */
#define GALP_FLAG_ALPRD_DICT_IN_ENTRY 8u
/* PACKED_LANE_BASES (FFOR and DELTA columns only): every DELTA vector stores its lane bases
 * packed, a base of the bases and one field per lane of the width in its entry's exponent
 * (spec/fastlanes.md §2.3, version 1.5). */
#define GALP_FLAG_PACKED_LANE_BASES 16u
/* RUNS_DELTA_VALUES (FFOR and RUNS columns only): a RUNS vector whose entry's factor is 1 stores
 * its run values delta-coded, each the zig-zag coded difference from the value before it
 * (spec/fastlanes.md §8.5, version 1.6). */
#define GALP_FLAG_RUNS_DELTA_VALUES 32u
/* COMPACT_SYMBOLS (STR columns only): the symbol table is stored in its compact form, each
 * symbol after the bytes it shares with the start of the one before it (spec/fsst.md §3.1,
 * version 1.6). */
#define GALP_FLAG_COMPACT_SYMBOLS 64u
/* LEAN_STR_VECTORS (STR columns only): every FSST vector keeps its piece count in its entry and
 * leaves out of its head what the layout implies, the code size and the first piece's entry;
 * its payload is 4-byte aligned (spec/fsst.md §5.1, version 1.7). */
#define GALP_FLAG_LEAN_STR_VECTORS 256u
/* PATCHED_FFOR (FFOR columns only): a FFOR vector may take a bit width below its deltas' and
 * keep the high bits of the few that do not fit as patches after its packed words, their count
 * in its entry's exception_count (spec/ffor.md §8, version 1.8). */
#define GALP_FLAG_PATCHED_FFOR 512u
/* RUNS_OFFSET_VALUES (FFOR and RUNS columns only): a RUNS vector whose entry's factor is 2 stores
 * each run value as its difference from the value before it plus an offset, the offset being
 * run 0's entry (spec/fastlanes.md §8.6, version 1.8). */
#define GALP_FLAG_RUNS_OFFSET_VALUES 1024u
/* Every flag above: what galp_compress and galp_str_compress accept, and what `galp encode`
 * passes unless an option turns one off. */
#define GALP_FLAGS_ALL                                                                             \
    (GALP_FLAG_PAYLOAD_CHECKSUMS | GALP_FLAG_COMPACT_GALP | GALP_FLAG_NARROW_LANE_ENDS |           \
     GALP_FLAG_ALPRD_DICT_IN_ENTRY | GALP_FLAG_PACKED_LANE_BASES | GALP_FLAG_RUNS_DELTA_VALUES |    \
     GALP_FLAG_COMPACT_SYMBOLS | GALP_FLAG_LEAN_STR_VECTORS | GALP_FLAG_PATCHED_FFOR |              \
     GALP_FLAG_RUNS_OFFSET_VALUES)

/* Value types, as stored in the header's value_type byte (spec/format.md §3.1). */
typedef enum galp_type {
    GALP_TYPE_U8 = 1,
    GALP_TYPE_U16 = 2,
    GALP_TYPE_U32 = 3,
    GALP_TYPE_U64 = 4,
    GALP_TYPE_F32 = 5,
    GALP_TYPE_F64 = 6,
    /* Strings of arbitrary bytes (spec/fsst.md): not a fixed-width type, so the value-array
     * functions refuse it (GALP_ERR_ARGUMENT); the galp_str_* and galp_column_*str* calls
     * below read and write it. */
    GALP_TYPE_STR = 7
} galp_type;

/* Schemes, as stored in the header and in each vector entry (spec/format.md §4). */
typedef enum galp_scheme {
    GALP_SCHEME_RAW = 0,
    GALP_SCHEME_FFOR = 1,
    GALP_SCHEME_ALP = 2,
    GALP_SCHEME_GALP = 3,
    GALP_SCHEME_ALP_RD = 4, /* format 1.2; also a per-vector companion of ALP and GALP */
    /* FastLanes DELTA, RLE and DICT (spec/fastlanes.md); also companions in FFOR columns. */
    GALP_SCHEME_DELTA = 5,
    GALP_SCHEME_RLE = 6,
    GALP_SCHEME_DICT = 7,
    /* The tile-based u32 schemes of format 1.2 (spec/tile.md). */
    GALP_SCHEME_GPU_FOR = 8,
    GALP_SCHEME_GPU_DFOR = 9,
    GALP_SCHEME_GPU_RFOR = 10,
    GALP_SCHEME_FSST = 11,  /* STR columns only (spec/fsst.md) */
    GALP_SCHEME_RUNS = 12,  /* format 1.5: run lengths and run values (spec/fastlanes.md §8);
                               also a companion in FFOR columns */
    /* Encoder request only, never stored: pick the best scheme for the type. */
    GALP_SCHEME_AUTO = 255
} galp_scheme;

/* One value per failure class; spec/format.md §6 lists the classes and the order of checks. */
typedef enum galp_status {
    GALP_OK = 0,
    GALP_ERR_ARGUMENT = 1,          /* caller error: NULL pointer, unknown type or scheme asked */
    GALP_ERR_DST_TOO_SMALL = 2,     /* output buffer smaller than needed */
    GALP_ERR_TRUNCATED = 3,         /* input shorter than the header or than file_size */
    GALP_ERR_BAD_MAGIC = 4,         /* not a galp column file */
    GALP_ERR_VERSION = 5,           /* unsupported major version */
    GALP_ERR_LAYOUT = 6,            /* section offsets or file_size inconsistent */
    GALP_ERR_COUNT_MISMATCH = 7,    /* vector_count != ceil(value_count / 1024) */
    GALP_ERR_CHECKSUM = 8,          /* CRC32C over header and metadata does not match */
    GALP_ERR_BAD_TYPE = 9,          /* unknown value type */
    GALP_ERR_BAD_SCHEME = 10,       /* unknown scheme, or scheme not allowed for type/column */
    GALP_ERR_RESERVED = 11,         /* a reserved field or flag is non-zero */
    GALP_ERR_BIT_WIDTH = 12,        /* bit width above the type width, or non-zero where none */
    GALP_ERR_BASE = 13,             /* FOR base has bits above the type width, or non-zero for RAW */
    GALP_ERR_EXPONENT = 14,         /* ALP e or f out of range (f > e, e > max) */
    GALP_ERR_EXCEPTION_COUNT = 15,  /* exception count above vector or lane capacity */
    GALP_ERR_EXCEPTION_POSITION = 16, /* position >= the vector's value count, outside its lane,
                                         or not ascending */
    GALP_ERR_PAYLOAD_OFFSET = 17,   /* payload misaligned, outside payload section or overlapping */
    GALP_ERR_PAYLOAD_SIZE = 18,     /* payload size differs from the size the metadata implies */
    GALP_ERR_INDEX = 19,            /* vector or value index beyond the column */
    GALP_ERR_TOO_LARGE = 20,        /* input too large for the format (more than 2^32-1 vectors) */
    GALP_ERR_NO_DEVICE = 21,        /* GPU API: no CUDA device or CUDA support not built */
    GALP_ERR_CUDA = 22,             /* GPU API: a CUDA runtime call failed (galp_gpu_last_cuda_error) */
    GALP_ERR_NO_MEMORY = 23,        /* a host or device allocation failed */
    GALP_ERR_PAYLOAD_CHECKSUM = 24, /* a vector payload does not match its CRC32C */
    GALP_ERR_LEFT_PART = 25,        /* ALP_RD left part wider than W - r bits, or unused
                                       dictionary entry non-zero */
    GALP_ERR_DICT_CODE = 26,        /* an RLE run index or DICT code not below the vector's
                                       run count or dictionary size */
    GALP_ERR_RUN_LENGTHS = 27,      /* GPU-RFOR or RUNS runs do not cover the vector's values
                                       exactly */
    GALP_ERR_SYMBOL_TABLE = 28,     /* FSST symbol count, length or descriptor bits invalid */
    GALP_ERR_CODE = 29,             /* FSST code that names no symbol */
    GALP_ERR_ESCAPE = 30,           /* FSST escape code as the last byte of a piece */
    GALP_ERR_PIECE = 31,            /* FSST pieces out of order, misaligned or out of range */
    GALP_ERR_STRING_OFFSET = 32,    /* string offsets decreasing or not what the codes decode to */
    GALP_ERR_PATCH_VALUE = 33       /* a FFOR patch's high bits are 0 or do not fit in W - b bits */
} galp_status;

/* Number of galp_status values; galp_strerror accepts 0 .. GALP_STATUS_COUNT-1. */
#define GALP_STATUS_COUNT 34

/* Human-readable, specific description of a status ("truncated input", ...). Never NULL. */
const char *galp_strerror(int status);
/* Short stable identifier of a status ("GALP_ERR_TRUNCATED"); used by vectors/ manifests. */
const char *galp_status_name(int status);

/* Size in bytes of one value of the type, or 0 for an unknown type. */
size_t galp_type_size(galp_type type);
/* Short names ("u32", "f64", "galp", ...) used by the CLI and reports; NULL if unknown. */
const char *galp_type_name(galp_type type);
const char *galp_scheme_name(galp_scheme scheme);

/* ---------------------------------------------------------------------------------------
 * Encoding
 * ------------------------------------------------------------------------------------- */

/* Largest possible encoded size of n values of the type, any scheme; 0 if n is too large. */
size_t galp_compress_bound(galp_type type, uint64_t n);

/* Encode n values (native little-endian array of the type) into dst.
 * scheme: RAW, FFOR, DELTA or RLE (integer types), DICT (all types), ALP, GALP or ALP_RD
 * (float types), GPU_FOR, GPU_DFOR or GPU_RFOR (u32), or AUTO: for integers a FFOR column
 * whose vectors each take the smallest of FFOR, DELTA, RLE and DICT (spec/fastlanes.md §5),
 * for floats G-ALP. ALP, GALP and AUTO store a float vector ALP_RD where ALP would not
 * compress it (spec/alprd.md §6.1).
 * Whatever the scheme asked, any vector whose encoding would exceed its RAW size is stored RAW
 * (spec/format.md §4.1), so *dst_len <= galp_compress_bound(type, n).
 * Stack use: compressing, opening and decoding fit in a thread with a 64 KiB stack
 * (conformance/test_stack.c). galp_compress takes its working memory (one vector's payload, and
 * two trial encodings of a vector for ALP and GALP) from malloc once per call and returns
 * GALP_ERR_NO_MEMORY when that allocation fails. */
galp_status galp_compress(galp_type type, galp_scheme scheme, const void *values, uint64_t n,
                          void *dst, size_t dst_capacity, size_t *dst_len);

/* galp_compress with a choice of header flags, any of:
 *  - GALP_FLAG_PAYLOAD_CHECKSUMS: payload checksums (version 1.1; same size);
 *  - GALP_FLAG_COMPACT_GALP: G-ALP vectors without exceptions have no lane table; the header
 *    has the flag, and the file is version 1.2, only if the column has such a vector;
 *  - GALP_FLAG_NARROW_LANE_ENDS: G-ALP and ALP_RD vectors with 1 to 255 exceptions have u8
 *    lane ends; the header has the flag, and the file is version 1.3, only if the column has
 *    such a vector;
 *  - GALP_FLAG_ALPRD_DICT_IN_ENTRY: ALP_RD vectors whose dictionary fits in 64 bits keep it in
 *    their entry's base; the header has the flag, and the file is version 1.4, only if the
 *    column has such a vector;
 *  - GALP_FLAG_PACKED_LANE_BASES: DELTA vectors store their lane bases packed; the header has
 *    the flag, and the file is version 1.5, only if the column has a DELTA vector;
 *  - GALP_FLAG_RUNS_DELTA_VALUES: RUNS vectors may store their run values delta-coded where
 *    that is smaller; the header has the flag, and the file is version 1.6, only if the column
 *    has such a vector;
 *  - GALP_FLAG_PATCHED_FFOR: FFOR vectors take the bit width of the smallest exact size and
 *    keep the deltas wider than it as patches; the header has the flag, and the file is
 *    version 1.8, only if the column has a vector with a patch;
 *  - GALP_FLAG_COMPACT_SYMBOLS, GALP_FLAG_LEAN_STR_VECTORS: accepted and change nothing
 *    (only STR columns have a symbol table and FSST vectors), as galp_str_compress takes the
 *    other flags.
 * galp_compress passes GALP_FLAG_COMPACT_GALP | GALP_FLAG_NARROW_LANE_ENDS |
 * GALP_FLAG_ALPRD_DICT_IN_ENTRY | GALP_FLAG_PACKED_LANE_BASES | GALP_FLAG_RUNS_DELTA_VALUES |
 * GALP_FLAG_PATCHED_FFOR. Without them a G-ALP file is one that decoders of versions
 * 1.0 and 1.1 read. Other bits are
 * GALP_ERR_ARGUMENT. */
galp_status galp_compress_ex(galp_type type, galp_scheme scheme, uint32_t flags,
                             const void *values, uint64_t n, void *dst, size_t dst_capacity,
                             size_t *dst_len);

/* ---------------------------------------------------------------------------------------
 * Decoding
 * ------------------------------------------------------------------------------------- */

/* A validated, read-only view of a column file. galp_open checks every header field, offset,
 * size, checksum and exception structure (spec/format.md §6) once, and with
 * GALP_FLAG_PAYLOAD_CHECKSUMS every payload's CRC32C (one pass over the payloads); the other
 * calls then only check their own arguments. Holds no allocation: nothing to close; copies are
 * views too. The view borrows src, whose bytes must not change while it is in use.
 *
 * The fields may be read but not changed: galp_open seals them (a checksum of all of them,
 * in `seal`), and every call taking a galp_column returns GALP_ERR_ARGUMENT, reading nothing,
 * for a view modified after galp_open or never filled by it. */
typedef struct galp_column {
    const uint8_t *data;     /* the file bytes (borrowed) */
    size_t size;             /* file_size from the header (<= the length given to galp_open) */
    galp_type type;
    galp_scheme scheme;      /* column scheme; vectors use it or RAW */
    uint64_t value_count;
    uint32_t vector_count;
    uint16_t version_minor;
    uint32_t flags;          /* header flags: GALP_FLAG_PAYLOAD_CHECKSUMS, GALP_FLAG_COMPACT_GALP,
                              * GALP_FLAG_NARROW_LANE_ENDS, GALP_FLAG_ALPRD_DICT_IN_ENTRY,
                              * GALP_FLAG_PACKED_LANE_BASES */
    uint32_t checksum;
    uint32_t seal;           /* private: set by galp_open, checked by every call */
} galp_column;

/* Per-vector metadata, decoded from the vector's 32-byte entry (spec/format.md §3.3). */
typedef struct galp_vector_info {
    uint64_t payload_offset; /* absolute byte offset in the file */
    uint64_t base;           /* FOR base, in the low type-width bits */
    uint32_t payload_size;   /* bytes */
    uint32_t value_count;    /* values in this vector: 1024, or fewer for the last one */
    uint16_t exception_count; /* ALP/G-ALP exceptions; RLE, RUNS run count; DICT dictionary size */
    galp_scheme scheme;
    uint8_t bit_width;       /* ALP_RD: the right part width r */
    uint8_t exponent;        /* ALP e; ALP_RD: the code width k; DELTA with packed lane bases:
                              * their field width */
    uint8_t factor;          /* ALP f */
    uint32_t payload_checksum; /* CRC32C of the payload with GALP_FLAG_PAYLOAD_CHECKSUMS, else 0 */
} galp_vector_info;

/* src_len may exceed file_size: the column is read from the start of a larger buffer and the
 * bytes after file_size are ignored (spec/format.md §3.5; a tool reading a file of its own
 * should refuse them, as `galp` does). */
galp_status galp_open(galp_column *column, const void *src, size_t src_len);

galp_status galp_vector_info_get(const galp_column *column, uint32_t vector,
                                 galp_vector_info *info);

/* Decode the whole column into dst (value_count values of the column type). */
galp_status galp_decompress(const void *src, size_t src_len, void *dst, size_t dst_capacity,
                            uint64_t *value_count);
galp_status galp_column_decode(const galp_column *column, void *dst, size_t dst_capacity);

/* Decode vector i alone into dst (room for info.value_count values). */
galp_status galp_column_decode_vector(const galp_column *column, uint32_t vector, void *dst,
                                      size_t dst_capacity);

/* Decode the single value at index into *value (type-sized). O(1) for every scheme except the
 * ALP exception lookup, which is a binary search (spec/alp.md). */
galp_status galp_column_get(const galp_column *column, uint64_t index, void *value);

/* ---------------------------------------------------------------------------------------
 * Converting between the ALP and G-ALP exception layouts
 * ------------------------------------------------------------------------------------- */

/* Rewrites a valid ALP or GALP column (src) as a column of scheme `to` (ALP or GALP) in dst,
 * without re-encoding: integers, exponents, factors and RAW vectors are kept, only each
 * vector's exceptions are regrouped (spec/galp.md §3), so both files decode to the same bits.
 * src is fully validated first (its errors are returned as by galp_open); a column of another
 * scheme is BAD_SCHEME. *dst_len receives the size of the converted file, also when the result
 * is DST_TOO_SMALL, so a caller can size dst. G-ALP adds 2·L bytes per non-RAW vector, so the
 * converted file may exceed galp_compress_bound by up to 64 bytes per vector. src and dst must
 * not overlap. */
galp_status galp_convert_scheme(const void *src, size_t src_len, galp_scheme to, void *dst,
                                size_t dst_capacity, size_t *dst_len);

/* Decoded size in bytes of a valid column file (value_count * type size), read from the header
 * after full validation. */
galp_status galp_decompress_bound(const void *src, size_t src_len, size_t *decoded_size);

/* ---------------------------------------------------------------------------------------
 * String columns (value type STR, scheme FSST; spec/fsst.md)
 * ------------------------------------------------------------------------------------- */

/* Largest possible encoded size of n strings holding `bytes` bytes in all (spec/fsst.md §7);
 * 0 if n or bytes is too large for the format or for size_t. */
size_t galp_str_compress_bound(uint64_t n, uint64_t bytes);

/* Encode n strings: string i is data[offsets[i] .. offsets[i+1]) (n + 1 non-decreasing
 * offsets, as in Arrow's layout; offsets[0] need not be 0). flags: GALP_FLAG_PAYLOAD_CHECKSUMS
 * or not; GALP_FLAG_COMPACT_SYMBOLS or not: with it, the symbol table is written in its
 * compact form when that makes the file smaller, and then the header has the flag and the file
 * is version 1.6; GALP_FLAG_LEAN_STR_VECTORS or not: with it, every vector has the lean head
 * and 4-byte alignment (spec/fsst.md §5.1), the header has the flag and the file is version
 * 1.7 (a column with no strings keeps the plain form); GALP_FLAG_COMPACT_GALP, GALP_FLAG_NARROW_LANE_ENDS,
 * GALP_FLAG_ALPRD_DICT_IN_ENTRY, GALP_FLAG_PACKED_LANE_BASES and GALP_FLAG_RUNS_DELTA_VALUES
 * are accepted and change nothing (a STR column has no G-ALP, ALP_RD, DELTA or RUNS vectors,
 * and its header never has those
 * flags),
 * as galp_compress_ex takes them for any column.
 * The file is version 1.2 (1.6 with a compact table, 1.7 with lean heads) and at most
 * galp_str_compress_bound(n, offsets[n] - offsets[0]) bytes. Decreasing offsets are
 * GALP_ERR_ARGUMENT; a vector of 1024 strings holding 2^32 bytes or more is GALP_ERR_TOO_LARGE.
 * Working memory comes from malloc (GALP_ERR_NO_MEMORY when it fails). */
galp_status galp_str_compress(const uint64_t *offsets, const uint8_t *data, uint64_t n,
                              uint32_t flags, void *dst, size_t dst_capacity, size_t *dst_len);

/* Total string bytes of an opened STR column (the decoded size of its data array). */
galp_status galp_column_str_bytes(const galp_column *column, uint64_t *bytes);

/* Decode the whole STR column into Arrow's string layout: value_count + 1 offsets (starting
 * at 0) and the string bytes. offsets_capacity and data_capacity count elements and bytes.
 * The int32 form is GALP_ERR_TOO_LARGE when the strings hold more than 2^31 - 1 bytes. */
galp_status galp_column_decode_str32(const galp_column *column, int32_t *offsets,
                                     size_t offsets_capacity, uint8_t *data,
                                     size_t data_capacity);
galp_status galp_column_decode_str64(const galp_column *column, int64_t *offsets,
                                     size_t offsets_capacity, uint8_t *data,
                                     size_t data_capacity);

/* The strings of a STR column as records, each string's length (u32, little-endian) followed
 * by its bytes: the binary form of `galp decode` and the expected output of the conformance
 * vectors (spec/conformance.md §4). *dst_len receives the size, also with
 * GALP_ERR_DST_TOO_SMALL. */
galp_status galp_column_decode_str_records(const galp_column *column, uint8_t *dst,
                                           size_t dst_capacity, size_t *dst_len);

/* The string at `index`: its length in *len and, when it fits, its bytes in dst
 * (GALP_ERR_DST_TOO_SMALL, with *len set, when it does not). Decodes one piece of one vector
 * (spec/fsst.md §5). */
galp_status galp_column_get_str(const galp_column *column, uint64_t index, uint8_t *dst,
                                size_t dst_capacity, size_t *len);

#ifdef __cplusplus
}
#endif

#endif /* GALP_H */
