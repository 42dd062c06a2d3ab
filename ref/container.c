/*
 * container.c — the file header and the vector metadata table: validation in the order of
 * spec/format.md §6, reading entries of a validated file, and writing both (spec/format.md §3).
 *
 * Validation looks at a byte only after an earlier check has proved it lies inside the input,
 * and reads it through a galp_reader over the part the check proved (the header, then the
 * metadata table, then each payload), as the decoders do. It reports the class of the first
 * failing check, so every file has exactly one expected status. All arithmetic on file values
 * is done in 64 bits after range checks that rule out overflow.
 */
#include <string.h>

#include <galp/layout.h>

#include <galp/tile_layout.h>

#include "alp_constants.h"
#include "bytes.h"
#include "fsst.h"
#include "galp_internal.h"

/* Header field offsets (spec/format.md §3.1). */
enum {
    HDR_MAGIC = 0,
    HDR_VERSION_MAJOR = 4,
    HDR_VERSION_MINOR = 5,
    HDR_VALUE_TYPE = 6,
    HDR_COLUMN_SCHEME = 7,
    HDR_VALUE_COUNT = 8,
    HDR_VECTOR_COUNT = 16,
    HDR_FLAGS = 20,
    HDR_METADATA_OFFSET = 24,
    HDR_PAYLOAD_OFFSET = 32,
    HDR_PAYLOAD_END = 40,
    HDR_FILE_SIZE = 48,
    HDR_RESERVED = 56,
    HDR_CHECKSUM = 60
};

/* Vector metadata entry field offsets (spec/format.md §3.3). */
enum {
    ENT_PAYLOAD_OFFSET = 0,
    ENT_BASE = 8,
    ENT_PAYLOAD_SIZE = 16,
    ENT_EXCEPTION_COUNT = 20,
    ENT_SCHEME = 22,
    ENT_BIT_WIDTH = 23,
    ENT_EXPONENT = 24,
    ENT_FACTOR = 25,
    ENT_RESERVED = 26,
    ENT_RESERVED_SIZE = 2,
    ENT_PAYLOAD_CHECKSUM = 28
};

/* "GALP": the bytes 47 41 4C 50 read as a little-endian u32. */
#define GALP_MAGIC 0x504C4147u

/* The header fields that steer the rest of validation or describe the column. */
typedef struct header_fields {
    galp_type type;
    galp_scheme scheme;
    uint8_t version_minor;
    uint32_t checksum;
    uint64_t value_count;
    uint32_t vector_count;
    uint64_t payload_offset;
    uint64_t payload_end;
    uint64_t file_size;
    uint32_t flags;
} header_fields;

static uint64_t metadata_end(uint32_t vector_count)
{
    return GALP_HEADER_SIZE + (uint64_t)GALP_VECTOR_ENTRY_SIZE * vector_count;
}

/* The metadata table of a file whose first metadata_end(vector_count) bytes are in `file`. */
static galp_reader metadata_table(const uint8_t *file, uint32_t vector_count)
{
    return galp_reader_of(file + GALP_HEADER_SIZE,
                          (uint64_t)GALP_VECTOR_ENTRY_SIZE * vector_count);
}

/* spec/format.md §3.4: header bytes 0 … 59, then the whole metadata table. */
static uint32_t file_checksum(const uint8_t *header, const uint8_t *table, size_t table_size)
{
    uint32_t crc = galp_crc32c(0, header, HDR_CHECKSUM);
    return galp_crc32c(crc, table, table_size);
}

/* spec/format.md §6 step 6. A span outside its view cannot match; the size checks before this
 * step rule that out. */
static bool file_checksum_matches(galp_reader *header, galp_reader *table)
{
    const uint8_t *head = galp_read_span(header, 0, HDR_CHECKSUM);
    const uint8_t *entries = galp_read_span(table, 0, table->size);
    return head != NULL && entries != NULL &&
           file_checksum(head, entries, (size_t)table->size) ==
               galp_read_u32(header, HDR_CHECKSUM);
}

/* spec/format.md §6 steps 1–9: everything about the header, read through a view of exactly
 * its 64 bytes once step 1 has proved they are inside the input. */
static galp_status validate_header(const uint8_t *src, size_t src_len, header_fields *h)
{
    if (src_len < GALP_HEADER_SIZE)
        return GALP_ERR_TRUNCATED;
    galp_reader header = galp_reader_of(src, GALP_HEADER_SIZE);
    if (galp_read_u32(&header, HDR_MAGIC) != GALP_MAGIC)
        return GALP_ERR_BAD_MAGIC;
    if (galp_read_u8(&header, HDR_VERSION_MAJOR) != GALP_VERSION_MAJOR)
        return GALP_ERR_VERSION; /* spec/format.md §1.1: any minor version is accepted */

    h->value_count = galp_read_u64(&header, HDR_VALUE_COUNT);
    h->vector_count = galp_read_u32(&header, HDR_VECTOR_COUNT);
    if (h->value_count > GALP_MAX_VALUE_COUNT ||
        h->vector_count != galp_vector_count(h->value_count))
        return GALP_ERR_COUNT_MISMATCH;

    /* spec/format.md §3.2; payload_end is only checked for alignment and bounds here, its exact
     * value after the payloads are known (step 11). file_size leaves the tail of
     * spec/format.md §3.5 after payload_end, which the fast decoders of spec/ffor.md §5 and
     * spec/galp.md §5 may read into. */
    h->payload_offset = galp_read_u64(&header, HDR_PAYLOAD_OFFSET);
    h->payload_end = galp_read_u64(&header, HDR_PAYLOAD_END);
    h->file_size = galp_read_u64(&header, HDR_FILE_SIZE);
    if (galp_read_u64(&header, HDR_METADATA_OFFSET) != GALP_HEADER_SIZE ||
        h->payload_offset != metadata_end(h->vector_count) || h->payload_end % 16u != 0 ||
        h->payload_end < h->payload_offset || h->payload_end > UINT64_MAX - GALP_TAIL_PADDING ||
        h->file_size != h->payload_end + GALP_TAIL_PADDING)
        return GALP_ERR_LAYOUT;

    if (h->file_size > src_len)
        return GALP_ERR_TRUNCATED;
    /* From here on the whole file, metadata table included, is known to be inside src. */
    galp_reader table = metadata_table(src, h->vector_count);
    if (!file_checksum_matches(&header, &table))
        return GALP_ERR_CHECKSUM;

    h->type = (galp_type)galp_read_u8(&header, HDR_VALUE_TYPE);
    if (galp_type_bits(h->type) == 0 && h->type != GALP_TYPE_STR)
        return GALP_ERR_BAD_TYPE;
    h->scheme = (galp_scheme)galp_read_u8(&header, HDR_COLUMN_SCHEME);
    if (!galp_scheme_allowed(h->type, h->scheme))
        return GALP_ERR_BAD_SCHEME;
    h->flags = galp_read_u32(&header, HDR_FLAGS);
    /* §3.1: bit 1 describes G-ALP vectors and is reserved in any other column; bit 2 the lane
     * ends of G-ALP and ALP_RD vectors and bit 3 ALP_RD dictionaries, which only ALP, G-ALP
     * and ALP_RD columns hold (§2); bit 4 DELTA vectors, which only FFOR and DELTA columns
     * hold; bits 5 and 10 RUNS vectors, which only FFOR and RUNS columns hold; bit 6 the
     * symbol table of STR columns (spec/fsst.md §3.1) and bit 8 their vector heads
     * (spec/fsst.md §5.1); bit 9 FFOR vectors' patches, which only FFOR columns hold
     * (spec/ffor.md §8). */
    const bool lane_tables = h->scheme == GALP_SCHEME_ALP || h->scheme == GALP_SCHEME_GALP ||
                             h->scheme == GALP_SCHEME_ALP_RD;
    const uint32_t known = GALP_FLAG_PAYLOAD_CHECKSUMS |
                           (h->scheme == GALP_SCHEME_GALP ? GALP_FLAG_COMPACT_GALP : 0u) |
                           (lane_tables ? GALP_FLAG_NARROW_LANE_ENDS | GALP_FLAG_ALPRD_DICT_IN_ENTRY : 0u) |
                           (h->scheme == GALP_SCHEME_FFOR || h->scheme == GALP_SCHEME_DELTA
                                ? GALP_FLAG_PACKED_LANE_BASES
                                : 0u) |
                           (h->scheme == GALP_SCHEME_FFOR || h->scheme == GALP_SCHEME_RUNS
                                ? GALP_FLAG_RUNS_DELTA_VALUES | GALP_FLAG_RUNS_OFFSET_VALUES
                                : 0u) |
                           (h->type == GALP_TYPE_STR ? GALP_FLAG_COMPACT_SYMBOLS : 0u) |
                           (h->type == GALP_TYPE_STR ? GALP_FLAG_LEAN_STR_VECTORS : 0u) |
                           (h->scheme == GALP_SCHEME_FFOR ? GALP_FLAG_PATCHED_FFOR : 0u);
    if ((h->flags & ~known) != 0 || galp_read_u32(&header, HDR_RESERVED) != 0)
        return GALP_ERR_RESERVED;
    h->version_minor = galp_read_u8(&header, HDR_VERSION_MINOR);
    h->checksum = galp_read_u32(&header, HDR_CHECKSUM);
    return GALP_OK;
}

static bool is_alp_scheme(galp_scheme scheme)
{
    return scheme == GALP_SCHEME_ALP || scheme == GALP_SCHEME_GALP;
}

/* Schemes whose exception_count is a count of values, 1 … m: RLE's and RUNS's runs, DICT's
 * dictionary (spec/fastlanes.md §1, §8). */
static bool is_table_scheme(galp_scheme scheme)
{
    return scheme == GALP_SCHEME_RLE || scheme == GALP_SCHEME_DICT || scheme == GALP_SCHEME_RUNS;
}

/* spec/format.md §6 step 10.10: the scheme's own payload checks. */
static galp_status validate_payload(galp_type type, uint32_t flags, const galp_vector_info *info,
                                    galp_reader *payload)
{
    switch (info->scheme) {
    case GALP_SCHEME_ALP:
    case GALP_SCHEME_GALP: return galp_alp_validate_payload(type, flags, info, payload);
    case GALP_SCHEME_ALP_RD: return galp_alprd_validate_payload(type, flags, info, payload);
    case GALP_SCHEME_RLE: return galp_rle_validate_payload(info, payload);
    case GALP_SCHEME_DICT: return galp_dict_validate_payload(info, payload);
    case GALP_SCHEME_RUNS: return galp_runs_validate_payload(info, payload);
    case GALP_SCHEME_FFOR: return galp_ffor_validate_patches(type, info, payload);
    case GALP_SCHEME_GPU_FOR:
    case GALP_SCHEME_GPU_DFOR: return galp_tile_for_validate(info, payload);
    case GALP_SCHEME_GPU_RFOR: return galp_tile_rfor_validate(info, payload);
    default: return GALP_OK;
    }
}

/* Offset in the metadata table of field `field` of vector v's entry (spec/format.md §3.3). */
static uint64_t entry_field(uint32_t vector, unsigned field)
{
    return (uint64_t)vector * GALP_VECTOR_ENTRY_SIZE + field;
}

static void decode_entry(galp_reader *table, uint64_t value_count, uint32_t vector,
                         galp_vector_info *info)
{
    info->payload_offset = galp_read_u64(table, entry_field(vector, ENT_PAYLOAD_OFFSET));
    info->base = galp_read_u64(table, entry_field(vector, ENT_BASE));
    info->payload_size = galp_read_u32(table, entry_field(vector, ENT_PAYLOAD_SIZE));
    info->value_count = galp_vector_values(value_count, vector);
    info->exception_count = galp_read_u16(table, entry_field(vector, ENT_EXCEPTION_COUNT));
    info->scheme = (galp_scheme)galp_read_u8(table, entry_field(vector, ENT_SCHEME));
    info->bit_width = galp_read_u8(table, entry_field(vector, ENT_BIT_WIDTH));
    info->exponent = galp_read_u8(table, entry_field(vector, ENT_EXPONENT));
    info->factor = galp_read_u8(table, entry_field(vector, ENT_FACTOR));
    info->payload_checksum = galp_read_u32(table, entry_field(vector, ENT_PAYLOAD_CHECKSUM));
}

/* Bytes 26 and 27 are always reserved; 28 … 31 are unless the column has payload checksums
 * (spec/format.md §3.3). */
static bool reserved_bytes_zero(const galp_column *column, galp_reader *table, uint32_t vector)
{
    for (unsigned i = 0; i < ENT_RESERVED_SIZE; i++)
        if (galp_read_u8(table, entry_field(vector, ENT_RESERVED + i)) != 0)
            return false;
    return (column->flags & GALP_FLAG_PAYLOAD_CHECKSUMS) != 0 ||
           galp_read_u32(table, entry_field(vector, ENT_PAYLOAD_CHECKSUM)) == 0;
}

/* spec/format.md §6 step 10.5: ALP's 0 <= f <= e <= 18 (f64) or 10 (f32) (spec/alp.md §3),
 * ALP_RD's code width k <= 3 in the exponent byte and factor 0 (spec/alprd.md §2), the width
 * c <= W of packed DELTA lane bases and factor 0 (spec/fastlanes.md §2.3), RUNS's run-length
 * width k <= 10 in the exponent byte and factor 0, 1 with flags bit 5 or 2 with flags bit 10
 * (spec/fastlanes.md §8.1, §8.5, §8.6). */
static bool exponent_in_range(unsigned w, uint32_t flags, const galp_vector_info *info)
{
    const unsigned max_e = w == 64 ? GALP_ALP_MAX_E64 : GALP_ALP_MAX_E32;
    if (is_alp_scheme(info->scheme))
        return info->exponent <= max_e && info->factor <= info->exponent;
    if (info->scheme == GALP_SCHEME_ALP_RD)
        return info->exponent <= GALP_LAYOUT_ALPRD_MAX_CODE_WIDTH && info->factor == 0;
    if (info->scheme == GALP_SCHEME_DELTA && galp_layout_delta_packed_bases(flags))
        return info->exponent <= w && info->factor == 0;
    if (info->scheme == GALP_SCHEME_RUNS)
        return info->exponent <= GALP_LAYOUT_RUNS_MAX_LENGTH_WIDTH &&
               (info->factor == 0 ||
                (info->factor == GALP_LAYOUT_RUNS_DELTA_VALUES && (flags & GALP_FLAG_RUNS_DELTA_VALUES) != 0) ||
                (info->factor == GALP_LAYOUT_RUNS_OFFSET_VALUES && (flags & GALP_FLAG_RUNS_OFFSET_VALUES) != 0));
    return info->exponent == 0 && info->factor == 0;
}

/* spec/format.md §6 step 10.4 for ALP_RD: base is 0, or the packed dictionary with no bit at
 * or above 2^k·(W − r) where the dictionary is in the entry (spec/alprd.md §3.1). */
static bool alprd_base_valid(unsigned w, uint32_t flags, const galp_vector_info *info)
{
    if (!galp_layout_alprd_dict_in_entry(w, info->bit_width, info->exponent, flags))
        return info->base == 0;
    const uint32_t bits = galp_layout_alprd_dict_bits(w, info->bit_width, info->exponent);
    return bits >= 64u || info->base >> bits == 0;
}

/* spec/format.md §6 steps 10.1–10.7: the entry's fields on their own. Bit width and base are
 * FFOR's parameters (spec/ffor.md §1), which ALP and G-ALP share for their integers; ALP_RD's
 * right parts are packed with base 0 and W − 16 <= r <= W − 1 (spec/alprd.md §2). */
static galp_status validate_entry_fields(const galp_column *column, galp_reader *table,
                                         uint32_t vector, const galp_vector_info *info)
{
    const unsigned w = galp_type_bits(column->type);
    const bool raw = info->scheme == GALP_SCHEME_RAW;
    const bool rd = info->scheme == GALP_SCHEME_ALP_RD;
    const bool exceptions = is_alp_scheme(info->scheme) || rd;
    const bool str = column->type == GALP_TYPE_STR;

    if (!galp_vector_scheme_allowed(column->scheme, info->scheme))
        return GALP_ERR_BAD_SCHEME;
    if (!reserved_bytes_zero(column, table, vector))
        return GALP_ERR_RESERVED;
    if (info->bit_width > (raw ? 0u : w) ||
        (rd && (info->bit_width < w - GALP_LAYOUT_ALPRD_MAX_LEFT_WIDTH || info->bit_width == w)))
        return GALP_ERR_BIT_WIDTH;
    const bool tile = galp_scheme_is_tile(info->scheme);
    /* A STR column's base is the vector's end offset E_v, checked with its payload
     * (spec/fsst.md §4); its width is 0, so every other field must be 0. */
    if (!str && (rd ? !alprd_base_valid(w, column->flags, info)
                    : raw || tile ? info->base != 0
                                  : (w < 64 && info->base >> w != 0)))
        return GALP_ERR_BASE;
    if (!exponent_in_range(w, column->flags, info))
        return GALP_ERR_EXPONENT;
    /* spec/fastlanes.md §3.2, §4.2, §8.2: RLE's and RUNS's run count and DICT's dictionary
     * size, 1 … m. An FSST vector with the lean head keeps its piece count here, checked with
     * its payload (spec/fsst.md §5.1, §6). */
    const bool pieces = str && galp_fsst_lean(column->flags);
    /* spec/ffor.md §8.4: a patched FFOR vector's patch count, at most m, and 0 where the width
     * leaves no bits above it. */
    const bool patches = info->scheme == GALP_SCHEME_FFOR && galp_layout_ffor_patched(column->flags) &&
                         info->bit_width < w;
    if (!pieces && (is_table_scheme(info->scheme)
                        ? info->exception_count == 0 || info->exception_count > info->value_count
                        : info->exception_count > (exceptions || patches ? info->value_count : 0u)))
        return GALP_ERR_EXCEPTION_COUNT;
    /* A tile scheme's exact size is its payload's (spec/tile.md §6), checked with it at step
     * 10.10; here its bounds. spec/fsst.md §6 step 10.7: the exact size of an FSST payload is
     * in its head. */
    if (str    ? info->payload_size < (galp_fsst_lean(column->flags) ? GALP_FSST_LEAN_HEAD
                                                                   : GALP_FSST_PAYLOAD_HEAD)
        : tile ? info->payload_size % 4u != 0 ||
                     info->payload_size < galp_tile_min_bytes(info->scheme, info->value_count) ||
                     info->payload_size > galp_tile_max_bytes(info->scheme, info->value_count)
               : info->payload_size != galp_payload_size(column->type, column->flags, info))
        return GALP_ERR_PAYLOAD_SIZE;
    return GALP_OK;
}

/* spec/format.md §6 step 10.9: the payload, whose placement step 10.8 has proved to lie inside
 * the file, against its CRC32C (§3.3). Checked before the scheme's own payload checks, so that
 * corruption is reported as such rather than as whatever structure it happens to break. */
static bool payload_checksum_matches(const galp_column *column, const galp_vector_info *info,
                                     galp_reader *payload)
{
    if ((column->flags & GALP_FLAG_PAYLOAD_CHECKSUMS) == 0)
        return true;
    const uint8_t *bytes = galp_read_span(payload, 0, payload->size);
    return bytes != NULL &&
           galp_crc32c(0, bytes, (size_t)payload->size) == info->payload_checksum;
}

/* spec/format.md §6 step 10 for every vector, then step 11; for a STR column, the symbol
 * table first, after which payloads start (spec/fsst.md §2, §6). */
static galp_status validate_vectors(const galp_column *column, const header_fields *h)
{
    uint64_t earliest = h->payload_offset; /* where the next payload may start (§4) */
    galp_fsst_table symbols;
    symbols.count = 0;
    uint64_t string_end = 0; /* E_{v−1} of spec/fsst.md §4 */
    if (column->type == GALP_TYPE_STR) {
        galp_reader section = galp_reader_of(column->data + h->payload_offset,
                                             h->payload_end - h->payload_offset);
        uint64_t table_size;
        galp_status status = galp_fsst_table_validate(
            &section, (column->flags & GALP_FLAG_COMPACT_SYMBOLS) != 0, &symbols, &table_size);
        if (status != GALP_OK)
            return status;
        earliest = galp_fsst_payloads_start(h->payload_offset, table_size,
                                            galp_fsst_lean(column->flags));
    }
    galp_reader table = metadata_table(column->data, column->vector_count);
    for (uint32_t v = 0; v < column->vector_count; v++) {
        galp_vector_info info;
        decode_entry(&table, column->value_count, v, &info);

        galp_status status = validate_entry_fields(column, &table, v, &info);
        if (status != GALP_OK)
            return status;

        /* §4 placement: aligned, in order, inside [payload_offset, payload_end]; lean FSST
         * payloads to 4 bytes (spec/fsst.md §5.1). */
        const bool lean = column->type == GALP_TYPE_STR && galp_fsst_lean(column->flags);
        if (info.payload_offset != galp_fsst_round(lean, info.payload_offset) ||
            info.payload_offset < earliest || info.payload_size > h->payload_end ||
            info.payload_offset > h->payload_end - info.payload_size)
            return GALP_ERR_PAYLOAD_OFFSET;
        uint64_t end = info.payload_offset + info.payload_size;
        earliest = galp_fsst_round(lean, end);

        galp_reader payload = galp_reader_of(column->data + info.payload_offset, info.payload_size);
        if (!payload_checksum_matches(column, &info, &payload))
            return GALP_ERR_PAYLOAD_CHECKSUM;
        status = validate_payload(column->type, column->flags, &info, &payload);
        if (status != GALP_OK)
            return status;
        if (info.scheme == GALP_SCHEME_FSST) {
            status = galp_fsst_validate_payload(&symbols, &info, string_end,
                                                galp_fsst_lean(column->flags), &payload);
            if (status != GALP_OK)
                return status;
            string_end = info.base;
        }
    }
    /* Step 11: payload_end is round16 of the last payload's end, or of payload_offset (of P0
     * in a STR column); `earliest` is that end rounded to the payload alignment, 16 or 4. */
    if (h->payload_end != galp_round16(earliest))
        return GALP_ERR_LAYOUT;
    return GALP_OK;
}

galp_status galp_container_validate(galp_column *column, const uint8_t *src, size_t src_len)
{
    header_fields h;
    galp_status status = validate_header(src, src_len, &h);
    if (status != GALP_OK)
        return status;

    galp_column checked = {
        .data = src,
        .size = (size_t)h.file_size,
        .type = h.type,
        .scheme = h.scheme,
        .value_count = h.value_count,
        .vector_count = h.vector_count,
        .version_minor = h.version_minor,
        .flags = h.flags,
        .checksum = h.checksum,
    };
    status = validate_vectors(&checked, &h);
    if (status != GALP_OK)
        return status;
    *column = checked;
    return GALP_OK;
}

void galp_container_read_entry(const galp_column *column, uint32_t vector,
                               galp_vector_info *info)
{
    galp_reader table = metadata_table(column->data, column->vector_count);
    decode_entry(&table, column->value_count, vector, info);
}

void galp_container_write_entry(uint8_t *file, uint32_t vector, const galp_vector_info *info)
{
    uint8_t *entry = file + GALP_HEADER_SIZE + (size_t)vector * GALP_VECTOR_ENTRY_SIZE;
    galp_store_u64(entry + ENT_PAYLOAD_OFFSET, info->payload_offset);
    galp_store_u64(entry + ENT_BASE, info->base);
    galp_store_u32(entry + ENT_PAYLOAD_SIZE, info->payload_size);
    galp_store_u16(entry + ENT_EXCEPTION_COUNT, info->exception_count);
    entry[ENT_SCHEME] = (uint8_t)info->scheme;
    entry[ENT_BIT_WIDTH] = info->bit_width;
    entry[ENT_EXPONENT] = info->exponent;
    entry[ENT_FACTOR] = info->factor;
    memset(entry + ENT_RESERVED, 0, ENT_RESERVED_SIZE);
    galp_store_u32(entry + ENT_PAYLOAD_CHECKSUM, info->payload_checksum);
}

/* §1.1: the lowest version that expresses the file: 1.1 for payload checksums, 1.2 for compact
 * G-ALP vectors, 1.3 for narrow lane ends, 1.4 for ALP_RD dictionaries in the entry, 1.5 for
 * packed DELTA lane bases, 1.6 for a compact symbol table or delta-coded RUNS values, 1.7 for
 * lean FSST vector heads, 1.8 for patched FFOR vectors or offset-coded RUNS values, and the
 * version each scheme in use, the column's or a vector's, needs (galp_scheme_version_minor):
 * 1.2 for ALP_RD and for FSST, hence for every STR column, 1.5 for RUNS. */
static uint8_t version_minor(const uint8_t *file, galp_scheme scheme, uint32_t flags,
                             uint32_t vector_count)
{
    const uint32_t v6 = GALP_FLAG_COMPACT_SYMBOLS | GALP_FLAG_RUNS_DELTA_VALUES;
    const uint32_t v8 = GALP_FLAG_PATCHED_FFOR | GALP_FLAG_RUNS_OFFSET_VALUES;
    unsigned minor = (flags & v8) != 0                               ? 8u
                     : (flags & GALP_FLAG_LEAN_STR_VECTORS) != 0       ? 7u
                     : (flags & v6) != 0                           ? 6u
                     : (flags & GALP_FLAG_PACKED_LANE_BASES) != 0   ? 5u
                     : (flags & GALP_FLAG_ALPRD_DICT_IN_ENTRY) != 0 ? 4u
                     : (flags & GALP_FLAG_NARROW_LANE_ENDS) != 0  ? 3u
                     : (flags & GALP_FLAG_COMPACT_GALP) != 0      ? 2u
                     : (flags & GALP_FLAG_PAYLOAD_CHECKSUMS) != 0 ? 1u
                                                                 : 0u;
    unsigned needed = galp_scheme_version_minor(scheme);
    minor = needed > minor ? needed : minor;
    for (uint32_t v = 0; v < vector_count; v++) {
        needed = galp_scheme_version_minor(
            (galp_scheme)file[GALP_HEADER_SIZE + entry_field(v, ENT_SCHEME)]);
        minor = needed > minor ? needed : minor;
    }
    return (uint8_t)minor;
}

/* The metadata table must already be written: the checksum covers it (§3.4), and the version
 * depends on the schemes of its entries. */
void galp_container_write_header(uint8_t *file, galp_type type, galp_scheme scheme, uint64_t n,
                                 uint32_t flags, uint64_t payload_end)
{
    const uint32_t vector_count = (uint32_t)galp_vector_count(n);
    galp_store_u32(file + HDR_MAGIC, GALP_MAGIC);
    file[HDR_VERSION_MAJOR] = GALP_VERSION_MAJOR;
    file[HDR_VERSION_MINOR] = version_minor(file, scheme, flags, vector_count);
    file[HDR_VALUE_TYPE] = (uint8_t)type;
    file[HDR_COLUMN_SCHEME] = (uint8_t)scheme;
    galp_store_u64(file + HDR_VALUE_COUNT, n);
    galp_store_u32(file + HDR_VECTOR_COUNT, vector_count);
    galp_store_u32(file + HDR_FLAGS, flags);
    galp_store_u64(file + HDR_METADATA_OFFSET, GALP_HEADER_SIZE);
    galp_store_u64(file + HDR_PAYLOAD_OFFSET, metadata_end(vector_count));
    galp_store_u64(file + HDR_PAYLOAD_END, payload_end);
    galp_store_u64(file + HDR_FILE_SIZE, payload_end + GALP_TAIL_PADDING);
    galp_store_u32(file + HDR_RESERVED, 0);
    galp_container_write_checksum(file, vector_count);
}

void galp_container_write_checksum(uint8_t *file, uint32_t vector_count)
{
    galp_store_u32(file + HDR_CHECKSUM,
                   file_checksum(file, file + GALP_HEADER_SIZE,
                                 (size_t)GALP_VECTOR_ENTRY_SIZE * vector_count));
}
