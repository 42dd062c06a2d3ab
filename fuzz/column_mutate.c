/*
 * column_mutate.c — see column_mutate.h. Each case names the rule it breaks.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <galp/layout.h>

#include "alp_constants.h"
#include "bytes.h"
#include "column_mutate.h"
#include "fuzz_require.h"
#include "galp_internal.h"

/* Header field offsets (spec/format.md §3.1) and entry field offsets (§3.3). */
enum {
    H_VERSION_MAJOR = 4, H_VERSION_MINOR = 5, H_TYPE = 6, H_SCHEME = 7, H_VALUE_COUNT = 8,
    H_VECTOR_COUNT = 16, H_FLAGS = 20, H_METADATA_OFFSET = 24, H_PAYLOAD_OFFSET = 32,
    H_PAYLOAD_END = 40, H_FILE_SIZE = 48, H_RESERVED = 56, H_CHECKSUM = 60
};
enum {
    E_PAYLOAD_OFFSET = 0, E_BASE = 8, E_PAYLOAD_SIZE = 16, E_EXCEPTION_COUNT = 20, E_SCHEME = 22,
    E_BIT_WIDTH = 23, E_EXPONENT = 24, E_FACTOR = 25, E_RESERVED = 26, E_PAYLOAD_CHECKSUM = 28
};

/* What the mutations need to know about the valid column they start from. */
typedef struct facts {
    uint8_t *file;
    unsigned w, lanes;
    bool sums;          /* payload checksums (spec/format.md §3.4) */
    uint32_t nv;
    uint64_t n, payload_offset, payload_end, file_size;
} facts;

typedef struct entry {
    uint8_t *at;        /* the 32 metadata bytes */
    uint8_t *payload;
    uint32_t m;         /* values in the vector */
    uint8_t scheme, bit_width;
    uint16_t c;         /* exception count */
    uint32_t payload_size;
    bool dict_in_entry; /* an ALP_RD vector whose dictionary is base (spec/alprd.md §3.1) */
    uint32_t head;      /* ALP_RD: bytes of the dictionary head, 16 or 0 */
} entry;

static entry entry_of(const facts *fc, uint32_t v)
{
    entry e;
    e.at = fc->file + GALP_HEADER_SIZE + (size_t)v * GALP_VECTOR_ENTRY_SIZE;
    e.payload = fc->file + galp_load_u64(e.at + E_PAYLOAD_OFFSET);
    uint64_t left = fc->n - (uint64_t)v * GALP_VECTOR_SIZE;
    e.m = left < GALP_VECTOR_SIZE ? (uint32_t)left : GALP_VECTOR_SIZE;
    e.scheme = e.at[E_SCHEME];
    e.bit_width = e.at[E_BIT_WIDTH];
    e.c = galp_load_u16(e.at + E_EXCEPTION_COUNT);
    e.payload_size = galp_load_u32(e.at + E_PAYLOAD_SIZE);
    e.dict_in_entry = e.scheme == GALP_SCHEME_ALP_RD &&
                      galp_layout_alprd_dict_in_entry(fc->w, e.bit_width, e.at[E_EXPONENT],
                                                      galp_load_u32(fc->file + H_FLAGS));
    e.head = e.dict_in_entry ? 0u : 16u;
    return e;
}

static bool is_alp(uint8_t scheme)
{
    return scheme == GALP_SCHEME_ALP || scheme == GALP_SCHEME_GALP;
}

/* spec/alprd.md: ALP_RD vectors have exceptions grouped by lane, as G-ALP's. */
static bool is_rd(uint8_t scheme)
{
    return scheme == GALP_SCHEME_ALP_RD;
}

static bool has_lanes(uint8_t scheme)
{
    return scheme == GALP_SCHEME_GALP || is_rd(scheme);
}

/* Where an ALP_RD vector's lane ends start (spec/alprd.md §3, after a head or none, §3.1;
 * present when c > 0). */
static size_t alprd_lane_end_at(const entry *e)
{
    return e->head + 128u * ((size_t)e->bit_width + e->at[E_EXPONENT]);
}

/* spec/fastlanes.md: RLE and DICT, whose exception_count is the size of a table of values. */
static bool is_table(uint8_t scheme)
{
    return scheme == GALP_SCHEME_RLE || scheme == GALP_SCHEME_DICT;
}

/* RUNS (spec/fastlanes.md §8): exception_count is the run count, exponent the length width. */
static bool is_runs(uint8_t scheme)
{
    return scheme == GALP_SCHEME_RUNS;
}

/* GPU-FOR, GPU-DFOR, GPU-RFOR (spec/tile.md). */
static bool is_tile(uint8_t scheme)
{
    return scheme == GALP_SCHEME_GPU_FOR || scheme == GALP_SCHEME_GPU_DFOR ||
           scheme == GALP_SCHEME_GPU_RFOR;
}

/* spec/format.md §2: the schemes a type allows (the tile schemes for u32 only), and those a
 * column scheme's vectors may use: the column scheme, RAW, ALP_RD in an ALP or GALP column,
 * DELTA, RLE, DICT or RUNS in a FFOR column. */
static bool column_allowed(galp_type type, uint8_t s)
{
    const bool is_float = type == GALP_TYPE_F32 || type == GALP_TYPE_F64;
    if (s == GALP_SCHEME_RAW || s == GALP_SCHEME_DICT)
        return true;
    if (is_tile(s))
        return type == GALP_TYPE_U32;
    return is_float ? is_alp(s) || is_rd(s)
                    : s == GALP_SCHEME_FFOR || s == GALP_SCHEME_DELTA || s == GALP_SCHEME_RLE ||
                          is_runs(s);
}

/* The column schemes that may hold G-ALP or ALP_RD vectors, where flag bit 2 has a meaning
 * (spec/format.md §3.1, spec/galp.md §1.2). */
static bool lane_table_scheme(uint8_t s)
{
    return s == GALP_SCHEME_ALP || s == GALP_SCHEME_GALP || s == GALP_SCHEME_ALP_RD;
}

/* The column schemes that may hold DELTA vectors, where flag bit 4 has a meaning
 * (spec/format.md §3.1, spec/fastlanes.md §2.3). */
static bool delta_scheme(uint8_t s)
{
    return s == GALP_SCHEME_FFOR || s == GALP_SCHEME_DELTA;
}

/* Column schemes that may hold RUNS vectors, where header flag bits 5 and 10 may be set. */
static bool runs_scheme(uint8_t s)
{
    return s == GALP_SCHEME_FFOR || s == GALP_SCHEME_RUNS;
}

static bool vector_allowed(uint8_t column_scheme, uint8_t s)
{
    return s == column_scheme || s == GALP_SCHEME_RAW || (is_rd(s) && is_alp(column_scheme)) ||
           (column_scheme == GALP_SCHEME_FFOR &&
            (s == GALP_SCHEME_DELTA || is_table(s) || is_runs(s)));
}

/* Bytes of RUNS's run lengths before its run values (spec/fastlanes.md §8.1). */
static uint32_t runs_length_bytes(const entry *e)
{
    return 4u * ((e->c * e->at[E_EXPONENT] + 31u) / 32u);
}

/* Bytes of an RLE run-index vector or DICT codes before the table (spec/fastlanes.md §3, §4). */
static uint32_t index_bytes(const entry *e)
{
    unsigned code_bits = 0;
    while (e->c > 0 && (unsigned)(e->c - 1) >> code_bits != 0)
        code_bits++;
    return e->scheme == GALP_SCHEME_RLE ? 128u + 128u * (e->c > 1) : 128u * code_bits;
}

static uint32_t payload_crc(const entry *e)
{
    return galp_crc32c(0, e->payload, e->payload_size);
}

/* After a payload edit in a column with payload checksums: either the payload's checksum is
 * recomputed (and the header resealed), so that `expected` still names the rule the edit
 * breaks, or it is left, and step 10.9 rejects the vector first (spec/format.md §6). */
static galp_status after_payload_edit(byte_source *src, const facts *fc, const entry *e,
                                      galp_status expected)
{
    if (!fc->sums)
        return expected;
    if (byte_source_below(src, 2) == 0)
        return GALP_ERR_PAYLOAD_CHECKSUM; /* every change of up to 32 bits alters a CRC32C */
    galp_store_u32(e->at + E_PAYLOAD_CHECKSUM, payload_crc(e));
    fuzz_column_seal(fc->file);
    return expected;
}

/* spec/ffor.md §8: whether a vector's exception_count may count patches: a FFOR vector of
 * width below W in a column with header flag bit 9. */
static bool patchable(const facts *fc, const entry *e)
{
    return e->scheme == GALP_SCHEME_FFOR && e->bit_width < fc->w &&
           (galp_load_u32(fc->file + H_FLAGS) & GALP_FLAG_PATCHED_FFOR) != 0;
}

/* A non-zero byte. */
static uint8_t nonzero(byte_source *src)
{
    return (uint8_t)(1 + byte_source_below(src, 255));
}

static fuzz_mutation result(const char *name, galp_status expected, size_t size)
{
    fuzz_mutation m = {name, expected, size};
    return m;
}

/* A vector with at least `min_c` exceptions, searched from a random start; -1 if none. */
static int64_t alp_vector_with(byte_source *src, const facts *fc, unsigned min_c)
{
    if (fc->nv == 0)
        return -1;
    uint32_t start = byte_source_below(src, fc->nv);
    for (uint32_t k = 0; k < fc->nv; k++) {
        uint32_t v = (start + k) % fc->nv;
        entry e = entry_of(fc, v);
        if ((is_alp(e.scheme) || is_rd(e.scheme)) && e.c >= min_c)
            return v;
    }
    return -1;
}

/* Where the lane ends of a GALP or ALP_RD vector start (spec/galp.md §1, spec/alprd.md §3). */
static uint8_t *lane_end_of(const entry *e)
{
    return e->payload + (is_rd(e->scheme) ? alprd_lane_end_at(e) : 128u * e->bit_width);
}

/* Bytes of each lane end of a GALP or ALP_RD vector: one under the narrow flag for 1 … 255
 * exceptions, else two (spec/galp.md §1.2). */
static unsigned lane_end_width(const facts *fc, const entry *e)
{
    return galp_layout_narrow_lane_ends((galp_scheme)e->scheme, e->c, galp_load_u32(fc->file + H_FLAGS))
               ? 1u
               : 2u;
}

static unsigned load_lane_end(const uint8_t *ends, unsigned width, unsigned l)
{
    return width == 1 ? ends[l] : galp_load_u16(ends + 2u * l);
}

static void store_lane_end(uint8_t *ends, unsigned width, unsigned l, unsigned value)
{
    if (width == 1)
        ends[l] = (uint8_t)value;
    else
        galp_store_u16(ends + 2u * l, (uint16_t)value);
}

/* Where the exception positions of a vector start (spec/alp.md §2, spec/galp.md §1,
 * spec/alprd.md §3: u16 left parts instead of values). */
static uint8_t *positions_of(const facts *fc, const entry *e)
{
    if (is_rd(e->scheme))
        return lane_end_of(e) + lane_end_width(fc, e) * fc->lanes + 2u * e->c;
    size_t at = 128u * e->bit_width + (size_t)e->c * (fc->w / 8);
    if (e->scheme == GALP_SCHEME_GALP)
        at += lane_end_width(fc, e) * fc->lanes;
    return e->payload + at;
}

/* Header rules, spec/format.md §6 steps 1–9. */
static bool mutate_header(byte_source *src, fuzz_column *col, facts *fc, unsigned kind,
                          fuzz_mutation *out)
{
    uint8_t *f = fc->file;
    switch (kind) {
    case 0: /* step 1 / 6: shorter than the header or than file_size */
        *out = result("truncated", GALP_ERR_TRUNCATED, byte_source_below(src, 1u << 16) % fc->file_size);
        return true;
    case 1: /* step 2 */
        f[byte_source_below(src, 4)] ^= nonzero(src);
        *out = result("magic", GALP_ERR_BAD_MAGIC, col->buffer_size);
        return true;
    case 2: /* step 3 */
        f[H_VERSION_MAJOR] = (uint8_t)(GALP_VERSION_MAJOR + nonzero(src));
        *out = result("version_major", GALP_ERR_VERSION, col->buffer_size);
        return true;
    case 3: /* step 4: vector_count disagrees, or value_count beyond 1024 · (2^32 − 1) */
        if (byte_source_below(src, 2))
            galp_store_u32(f + H_VECTOR_COUNT, fc->nv + 1 + byte_source_u16(src));
        else
            galp_store_u64(f + H_VALUE_COUNT, (uint64_t)GALP_VECTOR_SIZE * UINT32_MAX + 1 +
                                                  byte_source_u64(src) % (1u << 20));
        *out = result("counts", GALP_ERR_COUNT_MISMATCH, col->buffer_size);
        return true;
    case 4: /* step 5: a section position moved */
    {
        static const unsigned fields[] = {H_METADATA_OFFSET, H_PAYLOAD_OFFSET, H_FILE_SIZE};
        unsigned field = fields[byte_source_below(src, 3)];
        galp_store_u64(f + field, galp_load_u64(f + field) + 1 + byte_source_below(src, 4096));
        *out = result("section position", GALP_ERR_LAYOUT, col->buffer_size);
        return true;
    }
    case 5: /* step 5: payload_end not a multiple of 16, file_size kept consistent */
    {
        uint64_t end = fc->payload_end + 1 + byte_source_below(src, 15);
        galp_store_u64(f + H_PAYLOAD_END, end);
        galp_store_u64(f + H_FILE_SIZE, end + GALP_TAIL_PADDING);
        *out = result("payload_end alignment", GALP_ERR_LAYOUT, col->buffer_size);
        return true;
    }
    case 6: /* payload_end 16 bytes early: before the payload section (step 5) or before the
             * end of the last payload (step 10.8) */
    {
        uint64_t end = fc->payload_end - 16;
        galp_store_u64(f + H_PAYLOAD_END, end);
        galp_store_u64(f + H_FILE_SIZE, end + GALP_TAIL_PADDING);
        fuzz_column_seal(f);
        *out = result("payload_end early",
                      end < fc->payload_offset ? GALP_ERR_LAYOUT : GALP_ERR_PAYLOAD_OFFSET,
                      (size_t)end + GALP_TAIL_PADDING);
        return true;
    }
    case 7: /* step 11: payload_end past round16 of the last payload's end */
    {
        uint64_t grow = 16u * (1 + byte_source_below(src, 4));
        size_t size = (size_t)(fc->file_size + grow);
        uint8_t *bigger = realloc(col->file, size);
        FUZZ_REQUIRE(bigger != NULL, "out of memory for %zu bytes", size);
        memset(bigger + fc->file_size, 0, grow);
        col->file = fc->file = f = bigger;
        col->buffer_size = col->file_size = size;
        galp_store_u64(f + H_PAYLOAD_END, fc->payload_end + grow);
        galp_store_u64(f + H_FILE_SIZE, size);
        fuzz_column_seal(f);
        *out = result("payload_end late", GALP_ERR_LAYOUT, size);
        return true;
    }
    case 8: /* step 7: a byte that only the checksum protects */
    {
        static const unsigned header_bytes[] = {H_VERSION_MINOR, H_TYPE, H_SCHEME, H_FLAGS,
                                                H_RESERVED + 3, H_CHECKSUM, H_CHECKSUM + 3};
        size_t table = (size_t)fc->nv * GALP_VECTOR_ENTRY_SIZE;
        unsigned pick = byte_source_below(src, 7 + (table ? 1 : 0));
        size_t at = pick < 7 ? header_bytes[pick]
                             : GALP_HEADER_SIZE + byte_source_below(src, 1u << 16) % table;
        f[at] ^= nonzero(src);
        *out = result("checksum", GALP_ERR_CHECKSUM, col->buffer_size);
        return true;
    }
    case 9: /* step 8: unknown value type (7 is STR since format 1.2, spec/fsst.md) */
        f[H_TYPE] = byte_source_below(src, 2) ? 0 : (uint8_t)(GALP_TYPE_STR + 1 + byte_source_below(src, 248));
        fuzz_column_seal(f);
        *out = result("value_type", GALP_ERR_BAD_TYPE, col->buffer_size);
        return true;
    case 10: /* step 8 (scheme not allowed for the type) or 10.1 (vectors not of the new scheme) */
    {
        uint8_t s = (uint8_t)(col->scheme + 1 + byte_source_below(src, 255)); /* != old */
        bool allowed = column_allowed(col->type, s);
        galp_status expected = allowed ? GALP_OK : GALP_ERR_BAD_SCHEME;
        /* step 9: the compact flag (bit 1) is reserved outside G-ALP columns, the narrow and
         * dictionary flags (bits 2 and 3) outside ALP, G-ALP and ALP_RD columns */
        if (allowed && s != GALP_SCHEME_GALP && (galp_load_u32(f + H_FLAGS) & GALP_FLAG_COMPACT_GALP))
            expected = GALP_ERR_RESERVED;
        if (allowed && !lane_table_scheme(s) &&
            (galp_load_u32(f + H_FLAGS) & (GALP_FLAG_NARROW_LANE_ENDS | GALP_FLAG_ALPRD_DICT_IN_ENTRY)))
            expected = GALP_ERR_RESERVED;
        /* and the packed lane-base flag (bit 4) outside FFOR and DELTA columns */
        if (allowed && !delta_scheme(s) && (galp_load_u32(f + H_FLAGS) & GALP_FLAG_PACKED_LANE_BASES))
            expected = GALP_ERR_RESERVED;
        /* and the delta-coded and offset-coded RUNS flags (bits 5, 10) outside FFOR and RUNS
         * columns, the patched-FFOR flag (bit 9) outside FFOR columns */
        if (allowed && !runs_scheme(s) &&
            (galp_load_u32(f + H_FLAGS) & (GALP_FLAG_RUNS_DELTA_VALUES | GALP_FLAG_RUNS_OFFSET_VALUES)))
            expected = GALP_ERR_RESERVED;
        if (allowed && s != GALP_SCHEME_FFOR && (galp_load_u32(f + H_FLAGS) & GALP_FLAG_PATCHED_FFOR))
            expected = GALP_ERR_RESERVED;
        for (uint32_t v = 0; expected == GALP_OK && v < fc->nv; v++)
            if (!vector_allowed(s, entry_of(fc, v).scheme))
                expected = GALP_ERR_BAD_SCHEME;
        f[H_SCHEME] = s;
        fuzz_column_seal(f);
        *out = result("column_scheme", expected, col->buffer_size);
        return true;
    }
    case 11: /* step 9: a reserved flag bit (6 … 31; 1 outside G-ALP; 2 and 3 outside ALP, G-ALP
              * and ALP_RD; 4 outside FFOR and DELTA; 5 and 10 outside FFOR and RUNS; 9 outside
              * FFOR) or the reserved u32 */
    {
        const unsigned lowest = col->scheme == GALP_SCHEME_GALP ? 4 : 1;
        if (byte_source_below(src, 2)) {
            unsigned bit = lowest + byte_source_below(src, 32 - lowest);
            if (((bit == 2 || bit == 3) && lane_table_scheme(col->scheme)) ||
                (bit == 4 && delta_scheme(col->scheme)) || ((bit == 5 || bit == 10) && runs_scheme(col->scheme)) ||
                (bit == 9 && col->scheme == GALP_SCHEME_FFOR))
                bit = 1; /* bits 2 and 3, 4, 5 and 10, or 9 have a meaning there; bit 1 is reserved (not G-ALP) */
            galp_store_u32(f + H_FLAGS, galp_load_u32(f + H_FLAGS) | (uint32_t)1 << bit);
        } else
            f[H_RESERVED + byte_source_below(src, 4)] = nonzero(src);
        fuzz_column_seal(f);
        *out = result("header reserved", GALP_ERR_RESERVED, col->buffer_size);
        return true;
    }
    case 12: /* no rule: a minor version above 0 is accepted (spec/format.md §1.1) */
        f[H_VERSION_MINOR] = nonzero(src);
        fuzz_column_seal(f);
        *out = result("version_minor", GALP_OK, col->buffer_size);
        return true;
    default:
        return false;
    }
}

/* Metadata entry rules, spec/format.md §6 step 10.1–10.8. */
static bool mutate_entry(byte_source *src, fuzz_column *col, facts *fc, unsigned kind,
                         fuzz_mutation *out)
{
    if (fc->nv == 0)
        return false;
    const uint32_t v = byte_source_below(src, fc->nv);
    const entry e = entry_of(fc, v);
    const bool raw = e.scheme == GALP_SCHEME_RAW;
    const unsigned max_e = fc->w == 64 ? GALP_ALP_MAX_E64 : GALP_ALP_MAX_E32;
    uint8_t *a = e.at;
    switch (kind) {
    case 0: /* 10.1: neither the column scheme, nor a companion it admits, nor RAW */
    {
        uint8_t s;
        do
            s = byte_source_u8(src);
        while (vector_allowed((uint8_t)col->scheme, s));
        a[E_SCHEME] = s;
        *out = result("vector scheme", GALP_ERR_BAD_SCHEME, 0);
        break;
    }
    case 1: /* 10.2, or with payload checksums 10.9 for bytes 28 … 31 */
    {
        const unsigned at = byte_source_below(src, 6);
        a[E_RESERVED + at] ^= nonzero(src);
        *out = fc->sums && E_RESERVED + at >= E_PAYLOAD_CHECKSUM
                   ? result("payload_checksum", GALP_ERR_PAYLOAD_CHECKSUM, 0)
                   : result("vector reserved", GALP_ERR_RESERVED, 0);
        break;
    }
    case 2: /* 10.3: above W, or non-zero for RAW; ALP_RD: below W − 16 or W */
        if (is_rd(e.scheme) && byte_source_below(src, 2))
            a[E_BIT_WIDTH] = (uint8_t)(byte_source_below(src, 2) ? fc->w : byte_source_below(src, fc->w - 16));
        else
            a[E_BIT_WIDTH] = (uint8_t)(raw ? nonzero(src) : fc->w + 1 + byte_source_below(src, 255 - fc->w));
        *out = result("bit_width", GALP_ERR_BIT_WIDTH, 0);
        break;
    case 3: /* 10.4: a bit at or above W, or non-zero for RAW and ALP_RD; a bit above an ALP_RD
             * dictionary in base (spec/alprd.md §3.1) */
    {
        const bool zero_base = raw || (is_rd(e.scheme) && !e.dict_in_entry);
        const unsigned lowest = e.dict_in_entry ? galp_layout_alprd_dict_bits(fc->w, e.bit_width, a[E_EXPONENT])
                                : zero_base     ? 0u
                                                : fc->w;
        if (lowest >= 64)
            return false;
        galp_store_u64(a + E_BASE, galp_load_u64(a + E_BASE) |
                                       (uint64_t)1 << (lowest + byte_source_below(src, 64 - lowest)));
        *out = result("base", GALP_ERR_BASE, 0);
        break;
    }
    case 4: /* 10.5: e above the maximum, f above e, or either non-zero outside ALP; ALP_RD:
             * k above 3 or factor non-zero. A k above 3 leaves no dictionary in base: one that
             * was there and is not 0 fails 10.4 first (spec/alprd.md §3.1). */
        if (is_rd(e.scheme)) {
            const bool k = byte_source_below(src, 2) == 0;
            a[k ? E_EXPONENT : E_FACTOR] = (uint8_t)(4 + byte_source_below(src, 252));
            *out = result("exponent/factor",
                          k && galp_load_u64(a + E_BASE) != 0 ? GALP_ERR_BASE : GALP_ERR_EXPONENT, 0);
            break;
        } else if (e.scheme == GALP_SCHEME_DELTA &&
                   (galp_load_u32(fc->file + H_FLAGS) & GALP_FLAG_PACKED_LANE_BASES) != 0) {
            /* spec/fastlanes.md §2.3: a lane-base width above W, or a factor */
            if (byte_source_below(src, 2))
                a[E_EXPONENT] = (uint8_t)(fc->w + 1 + byte_source_below(src, 255 - fc->w));
            else
                a[E_FACTOR] = nonzero(src);
        } else if (is_runs(e.scheme)) { /* k above 10, or a factor other than 0, 1 with flag bit
                                         * 5 and 2 with flag bit 10 */
            const uint32_t flags = galp_load_u32(fc->file + H_FLAGS);
            const uint8_t factor = nonzero(src);
            if (byte_source_below(src, 2))
                a[E_EXPONENT] = (uint8_t)(11 + byte_source_below(src, 245));
            else if ((factor == GALP_LAYOUT_RUNS_DELTA_VALUES && (flags & GALP_FLAG_RUNS_DELTA_VALUES) != 0) ||
                     (factor == GALP_LAYOUT_RUNS_OFFSET_VALUES && (flags & GALP_FLAG_RUNS_OFFSET_VALUES) != 0))
                a[E_FACTOR] = 3; /* the factors of the column's flags have a meaning */
            else
                a[E_FACTOR] = factor;
        } else if (!is_alp(e.scheme))
            a[E_EXPONENT + byte_source_below(src, 2)] = nonzero(src);
        else if (byte_source_below(src, 2))
            a[E_EXPONENT] = (uint8_t)(max_e + 1 + byte_source_below(src, 255 - max_e));
        else
            a[E_FACTOR] = (uint8_t)(a[E_EXPONENT] + 1 + byte_source_below(src, 255 - a[E_EXPONENT]));
        *out = result("exponent/factor", GALP_ERR_EXPONENT, 0);
        break;
    case 5: /* 10.6: more exceptions (or table entries, or runs, or FFOR patches) than values,
             * none in RLE, DICT or RUNS, or any outside ALP, RLE, DICT, RUNS and patched FFOR
             * (spec/ffor.md §8.4: a FFOR vector of width W has none even there) */
    {
        const bool counted = is_table(e.scheme) || is_runs(e.scheme);
        const bool patched = patchable(fc, &e);
        galp_store_u16(a + E_EXCEPTION_COUNT,
                       (uint16_t)(counted && byte_source_below(src, 2) ? 0
                                  : is_alp(e.scheme) || is_rd(e.scheme) || counted || patched
                                      ? e.m + 1 + byte_source_below(src, 65535 - e.m)
                                      : 1 + byte_source_below(src, 65535)));
        *out = result("exception_count", GALP_ERR_EXCEPTION_COUNT, 0);
        break;
    }
    case 6: /* 10.7 */
    {
        uint32_t delta = byte_source_below(src, 2) ? 1 + byte_source_below(src, 64) : byte_source_u16(src) + 1u;
        if (is_tile(e.scheme))
            delta |= 1u; /* a size off the 4-byte grid (spec/tile.md §6), refused at 10.7 */
        uint32_t size = byte_source_below(src, 2) && e.payload_size >= delta ? e.payload_size - delta
                                                                             : e.payload_size + delta;
        galp_store_u32(a + E_PAYLOAD_SIZE, size);
        *out = result("payload_size", GALP_ERR_PAYLOAD_SIZE, 0);
        break;
    }
    case 7: /* 10.8: misaligned, before the section, overlapping the previous, past the end */
    {
        uint64_t offset = galp_load_u64(a + E_PAYLOAD_OFFSET);
        switch (byte_source_below(src, 4)) {
        case 0: offset += 1 + byte_source_below(src, 15); break;
        case 1: offset = fc->payload_offset - 16u * (1 + byte_source_below(src, 4)); break;
        case 2:
            if (v > 0 && entry_of(fc, v - 1).payload_size > 0)
                offset = galp_load_u64(a - GALP_VECTOR_ENTRY_SIZE + E_PAYLOAD_OFFSET);
            else
                offset = fc->payload_end + 16;
            break;
        default: offset = UINT64_MAX - 15 - 16u * byte_source_below(src, 16); break;
        }
        galp_store_u64(a + E_PAYLOAD_OFFSET, offset);
        *out = result("payload_offset", GALP_ERR_PAYLOAD_OFFSET, 0);
        break;
    }
    default:
        return false;
    }
    out->size = col->buffer_size;
    fuzz_column_seal(fc->file);
    return true;
}

/* Payload rules, spec/alp.md §5, spec/galp.md §4 and spec/alprd.md §5 (payloads are not under the header
 * checksum; with payload checksums, see after_payload_edit). */
static bool mutate_exceptions(byte_source *src, fuzz_column *col, facts *fc, unsigned kind,
                              fuzz_mutation *out)
{
    const int64_t v = alp_vector_with(src, fc, kind == 1 ? 2 : 1);
    if (v < 0)
        return false;
    const entry e = entry_of(fc, (uint32_t)v);
    uint8_t *pos = positions_of(fc, &e);
    const unsigned j = byte_source_below(src, e.c);
    const bool galp = has_lanes(e.scheme);
    switch (kind) {
    case 0: /* a position at or past m */
        galp_store_u16(pos + 2u * j, (uint16_t)(e.m + byte_source_below(src, 65536 - e.m)));
        *out = result("position range", after_payload_edit(src, fc, &e, GALP_ERR_EXCEPTION_POSITION),
                      col->buffer_size);
        return true;
    case 1: /* ALP: two positions out of order or equal; GALP: a position in another lane */
    {
        if (galp) {
            uint16_t p = galp_load_u16(pos + 2u * j);
            galp_store_u16(pos + 2u * j, (uint16_t)(p + 1 + byte_source_below(src, fc->lanes - 1)));
        } else {
            unsigned k = j + 1 < e.c ? j + 1 : j - 1;
            galp_store_u16(pos + 2u * k, galp_load_u16(pos + 2u * j));
        }
        *out = result("position order", after_payload_edit(src, fc, &e, GALP_ERR_EXCEPTION_POSITION),
                      col->buffer_size);
        return true;
    }
    case 2: /* GALP, ALP_RD: lane ends that do not add up to c, or that decrease */
    {
        if (!galp)
            return false;
        uint8_t *lane_end = lane_end_of(&e);
        const unsigned width = lane_end_width(fc, &e), top = width == 1 ? 255u : 65535u;
        unsigned l = 1 + byte_source_below(src, fc->lanes - 1);
        unsigned before = load_lane_end(lane_end, width, l - 1);
        if ((byte_source_below(src, 2) || e.c >= top) && before > 0)
            store_lane_end(lane_end, width, l, before - 1 - byte_source_below(src, before));
        else if (e.c < top)
            store_lane_end(lane_end, width, fc->lanes - 1, e.c + 1 + byte_source_below(src, top - e.c));
        else
            return false;
        *out = result("lane_end", after_payload_edit(src, fc, &e, GALP_ERR_EXCEPTION_COUNT),
                      col->buffer_size);
        return true;
    }
    case 3: /* ALP_RD (spec/alprd.md §5): an unused dictionary entry non-zero, or a dictionary
             * entry or exception left part wider than W − r bits */
    {
        if (!is_rd(e.scheme))
            return false;
        /* a dictionary in base (spec/alprd.md §3.1) has no entry to widen: the left parts */
        const unsigned left_width = fc->w - e.bit_width, k = e.at[E_EXPONENT];
        if (k < 3 && !e.dict_in_entry && byte_source_below(src, 2)) {
            const unsigned unused = (1u << k) + byte_source_below(src, 8 - (1u << k));
            galp_store_u16(e.payload + 2u * unused, (uint16_t)(1 + byte_source_below(src, 65535)));
        } else if (left_width < 16) {
            uint8_t *at = !e.dict_in_entry && byte_source_below(src, 2)
                              ? e.payload + 2u * byte_source_below(src, 1u << k)
                              : pos - 2u * e.c + 2u * j;
            galp_store_u16(at, (uint16_t)(galp_load_u16(at) |
                                          1u << (left_width + byte_source_below(src, 16 - left_width))));
        } else {
            return false;
        }
        *out = result("left part", after_payload_edit(src, fc, &e, GALP_ERR_LEFT_PART),
                      col->buffer_size);
        return true;
    }
    default:
        return false;
    }
}

/* Payload checksums (spec/format.md §3.4, §6 step 10.9): the flag turned on in a column
 * without them, or off in a column with them. */
static bool mutate_flag(fuzz_column *col, facts *fc, fuzz_mutation *out)
{
    galp_status expected = GALP_OK;
    for (uint32_t v = 0; v < fc->nv && expected == GALP_OK; v++) {
        entry e = entry_of(fc, v);
        if (fc->sums ? galp_load_u32(e.at + E_PAYLOAD_CHECKSUM) != 0 : payload_crc(&e) != 0)
            expected = fc->sums ? GALP_ERR_RESERVED : GALP_ERR_PAYLOAD_CHECKSUM;
    }
    galp_store_u32(fc->file + H_FLAGS, galp_load_u32(fc->file + H_FLAGS) ^ GALP_FLAG_PAYLOAD_CHECKSUMS);
    fuzz_column_seal(fc->file);
    *out = result(fc->sums ? "checksum flag cleared" : "checksum flag set", expected,
                  col->buffer_size);
    return true;
}

/* ALP_RD dictionaries in the entry (spec/alprd.md §3.1, spec/format.md §6): header flag bit 3
 * toggled in a column that may hold ALP_RD vectors. The first vector it changes decides: one
 * whose dictionary was in base fails 10.4 (BASE) unless base is 0, then 10.7 (PAYLOAD_SIZE:
 * its payload lacks the head); one that now qualifies has base 0 and fails 10.7 (its payload
 * has the head). A column with no such vector stays valid. */
static bool mutate_dict_flag(fuzz_column *col, facts *fc, fuzz_mutation *out)
{
    if (!lane_table_scheme((uint8_t)col->scheme))
        return false;
    const uint32_t from = galp_load_u32(fc->file + H_FLAGS), to = from ^ GALP_FLAG_ALPRD_DICT_IN_ENTRY;
    galp_status expected = GALP_OK;
    for (uint32_t v = 0; v < fc->nv && expected == GALP_OK; v++) {
        const entry e = entry_of(fc, v);
        const uint8_t k = e.at[E_EXPONENT];
        if (!is_rd(e.scheme) || galp_layout_alprd_dict_in_entry(fc->w, e.bit_width, k, to) == e.dict_in_entry)
            continue;
        expected = galp_load_u64(e.at + E_BASE) != 0 ? GALP_ERR_BASE : GALP_ERR_PAYLOAD_SIZE;
    }
    galp_store_u32(fc->file + H_FLAGS, to);
    fuzz_column_seal(fc->file);
    *out = result((from & GALP_FLAG_ALPRD_DICT_IN_ENTRY) != 0 ? "dictionary flag cleared" : "dictionary flag set",
                  expected, col->buffer_size);
    return true;
}

/* Packed DELTA lane bases (spec/fastlanes.md §2.3, spec/format.md §6): header flag bit 4
 * toggled in a FFOR or DELTA column. The first DELTA vector decides: cleared, a width other
 * than 0 fails 10.5 (EXPONENT) and width 0 (a 16-byte head) 10.7 (PAYLOAD_SIZE); set, every
 * DELTA vector has width 0 and its 128-byte lane bases fail 10.7. A column without DELTA
 * vectors stays valid. */
static bool mutate_packed_flag(fuzz_column *col, facts *fc, fuzz_mutation *out)
{
    if (!delta_scheme((uint8_t)col->scheme))
        return false;
    const uint32_t from = galp_load_u32(fc->file + H_FLAGS);
    galp_status expected = GALP_OK;
    for (uint32_t v = 0; v < fc->nv && expected == GALP_OK; v++) {
        const entry e = entry_of(fc, v);
        if (e.scheme == GALP_SCHEME_DELTA)
            expected = (from & GALP_FLAG_PACKED_LANE_BASES) != 0 && e.at[E_EXPONENT] != 0 ? GALP_ERR_EXPONENT
                                                                                      : GALP_ERR_PAYLOAD_SIZE;
    }
    galp_store_u32(fc->file + H_FLAGS, from ^ GALP_FLAG_PACKED_LANE_BASES);
    fuzz_column_seal(fc->file);
    *out = result((from & GALP_FLAG_PACKED_LANE_BASES) != 0 ? "packed lane-base flag cleared"
                                                           : "packed lane-base flag set",
                  expected, col->buffer_size);
    return true;
}

/* Delta-coded or offset-coded RUNS values (spec/fastlanes.md §8.5, §8.6, spec/format.md §6):
 * header flag bit 5 or 10 toggled in a FFOR or RUNS column. Cleared, a RUNS vector with the
 * factor the flag allows (1 or 2) fails 10.5 (EXPONENT); set, every vector keeps its meaning
 * and the column stays valid. */
static bool mutate_runs_flag(byte_source *src, fuzz_column *col, facts *fc, fuzz_mutation *out)
{
    if (!runs_scheme((uint8_t)col->scheme))
        return false;
    const bool offset = byte_source_below(src, 2) != 0;
    const uint32_t flag = offset ? GALP_FLAG_RUNS_OFFSET_VALUES : GALP_FLAG_RUNS_DELTA_VALUES;
    const uint8_t factor = offset ? GALP_LAYOUT_RUNS_OFFSET_VALUES : GALP_LAYOUT_RUNS_DELTA_VALUES;
    const uint32_t from = galp_load_u32(fc->file + H_FLAGS);
    galp_status expected = GALP_OK;
    for (uint32_t v = 0; v < fc->nv && expected == GALP_OK && (from & flag) != 0; v++) {
        const entry e = entry_of(fc, v);
        if (is_runs(e.scheme) && e.at[E_FACTOR] == factor)
            expected = GALP_ERR_EXPONENT;
    }
    galp_store_u32(fc->file + H_FLAGS, from ^ flag);
    fuzz_column_seal(fc->file);
    *out = result((from & flag) != 0 ? (offset ? "offset-coded runs flag cleared" : "delta-coded runs flag cleared")
                                     : (offset ? "offset-coded runs flag set" : "delta-coded runs flag set"),
                  expected, col->buffer_size);
    return true;
}

/* Header flag bit 9 toggled in a FFOR column (spec/ffor.md §8): cleared, the first FFOR vector
 * with patches has a count that must be 0 (step 10.6); set, every FFOR vector has none, and the
 * file stays valid. */
static bool mutate_patched_flag(fuzz_column *col, facts *fc, fuzz_mutation *out)
{
    if (col->scheme != GALP_SCHEME_FFOR)
        return false;
    const uint32_t from = galp_load_u32(fc->file + H_FLAGS);
    galp_status expected = GALP_OK;
    for (uint32_t v = 0; v < fc->nv && expected == GALP_OK; v++) {
        const entry e = entry_of(fc, v);
        if (e.scheme == GALP_SCHEME_FFOR && e.c != 0)
            expected = GALP_ERR_EXCEPTION_COUNT;
    }
    galp_store_u32(fc->file + H_FLAGS, from ^ GALP_FLAG_PATCHED_FFOR);
    fuzz_column_seal(fc->file);
    *out = result((from & GALP_FLAG_PATCHED_FFOR) != 0 ? "patched-ffor flag cleared" : "patched-ffor flag set",
                  expected, col->buffer_size);
    return true;
}

/* spec/ffor.md §8.4 step 3, on a FFOR vector with patches: a position at or past m, one not
 * above the one before it, a high part 0, or one with a bit at or above W − b. */
static bool mutate_patch(byte_source *src, fuzz_column *col, facts *fc, fuzz_mutation *out)
{
    if (fc->nv == 0)
        return false;
    const uint32_t start = byte_source_below(src, fc->nv);
    for (uint32_t k = 0; k < fc->nv; k++) {
        const entry e = entry_of(fc, (start + k) % fc->nv);
        if (e.scheme != GALP_SCHEME_FFOR || e.c == 0)
            continue;
        const unsigned w = fc->w, b = e.bit_width, j = byte_source_below(src, e.c);
        uint8_t *values = e.payload + galp_layout_values_offset(GALP_SCHEME_FFOR, w, b, e.c, 0u);
        uint8_t *positions = e.payload + galp_layout_positions_offset(GALP_SCHEME_FFOR, w, b, e.c, 0u);
        galp_status expected = GALP_ERR_EXCEPTION_POSITION;
        switch (byte_source_below(src, 4)) {
        case 0: galp_store_u16(positions + 2u * j, (uint16_t)(e.m + byte_source_below(src, 65536 - e.m))); break;
        case 1:
            if (j == 0)
                return false;
            galp_store_u16(positions + 2u * j,
                           (uint16_t)byte_source_below(src, galp_load_u16(positions + 2u * (j - 1)) + 1u));
            break;
        case 2:
            galp_store_le(w / 8, values + (size_t)j * (w / 8), 0);
            expected = GALP_ERR_PATCH_VALUE;
            break;
        default:
            if (b == 0)
                return false; /* above width 0 every W-bit high part fits */
            galp_store_le(w / 8, values + (size_t)j * (w / 8),
                          galp_load_le(w / 8, values + (size_t)j * (w / 8)) |
                              (uint64_t)1 << (w - b + byte_source_below(src, b)));
            expected = GALP_ERR_PATCH_VALUE;
            break;
        }
        /* The patches before j are unchanged and pass, and patch j's position is checked
         * before its value (spec/ffor.md §8.4), so this is the vector's first failing check. */
        *out = result("ffor patch", after_payload_edit(src, fc, &e, expected), col->buffer_size);
        return true;
    }
    return false;
}

/* Payload rules of the tile schemes, spec/tile.md §6: a miniblock or run width above 32, a
 * GPU-RFOR reserved byte, run count 0, or lengths that add up to more than m. */
static bool mutate_tile(byte_source *src, fuzz_column *col, facts *fc, unsigned kind,
                        fuzz_mutation *out)
{
    if (fc->nv == 0)
        return false;
    const entry e = entry_of(fc, byte_source_below(src, fc->nv));
    if (!is_tile(e.scheme))
        return false;
    const bool runs = e.scheme == GALP_SCHEME_GPU_RFOR;
    const uint8_t wide = (uint8_t)(33 + byte_source_below(src, 223));
    galp_status expected = GALP_ERR_RUN_LENGTHS;
    switch (runs ? kind : 0) {
    case 0: /* step 2 of either list: the first block's miniblock width, or a run width */
        e.payload[runs ? 12 + byte_source_below(src, 2)
                       : (e.scheme == GALP_SCHEME_GPU_DFOR ? 4 : 0) + 4 + byte_source_below(src, 4)] =
            wide;
        expected = GALP_ERR_BIT_WIDTH;
        break;
    case 1: /* RFOR step 1 */
        e.payload[14 + byte_source_below(src, 2)] = nonzero(src);
        expected = GALP_ERR_RESERVED;
        break;
    case 2: /* RFOR step 3 or 6 */
        if (byte_source_below(src, 2))
            galp_store_u32(e.payload, 0);
        else
            galp_store_u32(e.payload + 8, galp_load_u32(e.payload + 8) + 1u);
        break;
    default:
        return false;
    }
    *out = result("tile payload", after_payload_edit(src, fc, &e, expected), col->buffer_size);
    return true;
}

/* Two different payloads of one size exchanged: each is checked against the other's checksum. */
static bool mutate_swap(byte_source *src, fuzz_column *col, facts *fc, fuzz_mutation *out)
{
    if (!fc->sums || fc->nv < 2)
        return false;
    const uint32_t start = byte_source_below(src, fc->nv);
    for (uint32_t k = 0; k < fc->nv; k++) {
        entry a = entry_of(fc, (start + k) % fc->nv);
        for (uint32_t v = 0; v < fc->nv; v++) {
            entry b = entry_of(fc, v);
            if (b.at == a.at || b.payload_size != a.payload_size ||
                memcmp(a.payload, b.payload, a.payload_size) == 0)
                continue;
            for (uint32_t i = 0; i < a.payload_size; i++) {
                uint8_t t = a.payload[i];
                a.payload[i] = b.payload[i];
                b.payload[i] = t;
            }
            *out = result("payloads swapped", GALP_ERR_PAYLOAD_CHECKSUM, col->buffer_size);
            return true;
        }
    }
    return false;
}

/* spec/fastlanes.md §3.2, §4.2: a run index or code of a position below m at or above the
 * table size: an RLE lane base of a lane holding such a position set to c (its indexes only
 * grow from there), or a DICT code set to c … 2^bits − 1 where that range is not empty;
 * §8.2: a RUNS run length changed. */
static bool mutate_index(byte_source *src, fuzz_column *col, facts *fc, fuzz_mutation *out)
{
    if (fc->nv == 0)
        return false;
    const uint32_t start = byte_source_below(src, fc->nv);
    for (uint32_t k = 0; k < fc->nv; k++) {
        const entry e = entry_of(fc, (start + k) % fc->nv);
        const uint32_t bits = e.scheme == GALP_SCHEME_DICT ? index_bytes(&e) / 128u : 0;
        if (e.scheme == GALP_SCHEME_RLE) {
            const uint32_t lane = byte_source_below(src, (e.m + 15) / 16);
            galp_store_u16(e.payload + 2u * lane, e.c);
        } else if (e.scheme == GALP_SCHEME_DICT && e.c < (1u << bits)) {
            /* Position p is 16-bit FFOR slot p: row p / 64 of lane p mod 64. */
            const uint32_t p = byte_source_below(src, e.m), row = p / 64, lane = p % 64;
            const uint32_t code = e.c + byte_source_below(src, (1u << bits) - e.c);
            for (uint32_t j = 0; j < bits; j++) {
                const uint32_t bit = row * bits + j;
                uint8_t *byte = e.payload + (size_t)((bit / 16) * 64 + lane) * 2 + (bit % 16) / 8;
                *byte = (uint8_t)((*byte & ~(1u << (bit % 8))) | ((code >> j & 1u) << (bit % 8)));
            }
        } else if (is_runs(e.scheme) && e.at[E_EXPONENT] > 0) {
            /* spec/fastlanes.md §8.2: one bit of one length flipped, so they no longer add
             * up to m */
            const uint32_t bit = byte_source_below(src, e.c * e.at[E_EXPONENT]);
            e.payload[bit / 8] ^= (uint8_t)(1u << bit % 8);
            *out = result("run length", after_payload_edit(src, fc, &e, GALP_ERR_RUN_LENGTHS),
                          col->buffer_size);
            return true;
        } else {
            continue;
        }
        *out = result("table index", after_payload_edit(src, fc, &e, GALP_ERR_DICT_CODE),
                      col->buffer_size);
        return true;
    }
    return false;
}

/* Bytes that no structural rule covers: packed integers, exception values, ALP_RD right parts
 * and codes, RAW values, DELTA payloads, RLE and DICT tables, RUNS's run values, tail padding. Only payload
 * checksums, where the column has them, cover the payload bytes. */
static fuzz_mutation mutate_unchecked(byte_source *src, fuzz_column *col, facts *fc)
{
    size_t lo = (size_t)fc->payload_end, hi = fc->file_size;
    entry e = {0};
    bool in_payload = false;
    if (fc->nv > 0 && byte_source_below(src, 4) != 0) {
        e = entry_of(fc, byte_source_below(src, fc->nv));
        lo = (size_t)(e.payload - fc->file) +
             (is_table(e.scheme) ? index_bytes(&e) : is_runs(e.scheme) ? runs_length_bytes(&e) : 0);
        /* ALP's exceptions and FFOR's patches (spec/ffor.md §8) have rules: the packed words alone */
        hi = (size_t)(e.payload - fc->file) +
             (is_alp(e.scheme) || e.scheme == GALP_SCHEME_FFOR ? 128u * e.bit_width : e.payload_size);
        if (is_rd(e.scheme)) { /* the right parts and codes, after the dictionary (if there) */
            hi = lo + alprd_lane_end_at(&e);
            lo += e.head;
        } else if (is_tile(e.scheme)) { /* free: GPU-DFOR's start, a first block's or RFOR's value ref */
            lo += e.scheme == GALP_SCHEME_GPU_RFOR ? 4u : 0u;
            hi = lo + (e.scheme == GALP_SCHEME_GPU_DFOR ? 8u : 4u);
        } else if (is_alp(e.scheme) && e.c > 0 && byte_source_below(src, 2)) {
            lo = (size_t)(positions_of(fc, &e) - fc->file) - (size_t)e.c * (fc->w / 8);
            hi = lo + (size_t)e.c * (fc->w / 8);
        }
        in_payload = hi > lo;
    }
    if (hi > lo)
        fc->file[lo + byte_source_below(src, 1u << 16) % (hi - lo)] ^= nonzero(src);
    return result("unchecked byte", in_payload ? after_payload_edit(src, fc, &e, GALP_OK) : GALP_OK,
                  col->buffer_size);
}

fuzz_mutation fuzz_column_mutate(byte_source *src, fuzz_column *col)
{
    facts fc;
    fc.file = col->file;
    fc.w = 8u * (unsigned)galp_type_size(col->type);
    fc.sums = col->payload_checksums;
    fc.lanes = GALP_VECTOR_SIZE / fc.w;
    fc.nv = galp_load_u32(col->file + H_VECTOR_COUNT);
    fc.n = col->value_count;
    fc.payload_offset = galp_load_u64(col->file + H_PAYLOAD_OFFSET);
    fc.payload_end = galp_load_u64(col->file + H_PAYLOAD_END);
    fc.file_size = col->file_size;

    fuzz_mutation out;
    const unsigned kind = byte_source_below(src, 32);
    if (kind < 13 && mutate_header(src, col, &fc, kind, &out))
        return out;
    if (kind >= 13 && kind < 21 && mutate_entry(src, col, &fc, kind - 13, &out))
        return out;
    if (kind >= 21 && kind < 25 && mutate_exceptions(src, col, &fc, kind - 21, &out))
        return out;
    if (kind == 25 && byte_source_below(src, 2) == 0 && mutate_patch(src, col, &fc, &out))
        return out;
    if (kind == 25 && mutate_index(src, col, &fc, &out))
        return out;
    if (kind == 26 && mutate_dict_flag(col, &fc, &out))
        return out;
    if (kind == 26 && byte_source_below(src, 2) == 0 && mutate_runs_flag(src, col, &fc, &out))
        return out;
    if (kind == 26 && byte_source_below(src, 2) == 0 && mutate_patched_flag(col, &fc, &out))
        return out;
    if (kind == 26 && mutate_packed_flag(col, &fc, &out))
        return out;
    if (kind == 27 && mutate_flag(col, &fc, &out))
        return out;
    if (kind == 28 && mutate_swap(src, col, &fc, &out))
        return out;
    if (kind >= 29 && mutate_tile(src, col, &fc, kind - 29, &out))
        return out;
    return mutate_unchecked(src, col, &fc);
}
