/*
 * gen_invalid.c — the invalid vectors: each is a valid vector with ONE defect, named after the
 * check of spec/format.md §6 (or spec/alp.md §5, spec/galp.md §4) it must trip, and the status
 * a decoder reports for it. The checksum is recomputed after every header or metadata edit
 * (except in the checksum vectors), so that the intended check, not the CRC, fires.
 */
#include <string.h>

#include "galp_internal.h"
#include "gen_vectors.h"

/* The valid vectors the defects are made in. */
#define FFOR_BASE "valid/ffor_u16_two_vectors" /* u16, 2 vectors, b = 6, 1500 values */
#define RAW_BASE "valid/raw_u8_small"          /* u8 RAW, 1 vector of 100 values */
#define ALP_BASE "valid/alp_f64_two_vectors"   /* f64 ALP, m = 1024 | 900, NaNs at 3, 700 | 10, 50 */
#define GALP_BASE "valid/galp_f32_two_vectors" /* f32 G-ALP, m = 1024 | 900, NaNs at 1, 33 | 5, 37 */
#define GALP_FULL "valid/galp_f32_exc_all"     /* f32 G-ALP, b = 0, 1024 exceptions */
#define SUMS_BASE "valid/checksums_u16_two_vectors" /* u16 FFOR with payload checksums, b = 6 */
#define SUMS_OTHER "valid/checksums_u16_other"      /* the same shape, other values */
#define DELTA_BASE "valid/delta_u32_widths" /* u32 DELTA, vector v of bit width v */
#define RLE_BASE "valid/rle_u32_runs"       /* u32 RLE, vector 5: runs of 100 (R = 11) */
#define DICT_BASE "valid/dict_u16_sizes"    /* u16 DICT, vector 2: D = 3; vector 6: m = 600 */
#define RUNS_BASE "valid/runs_u32_lengths" /* u32 RUNS, vector 8: m = 500, runs of 300, 200 */
#define COMPACT_BASE "valid/galp_f64_compact" /* f64 G-ALP, compact: vector 0 b = 0, c = 0 */

/* Header fields (spec/format.md §3.1) and vector entry fields (§3.3), by byte offset. */
enum {
    H_MAGIC = 0, H_MAJOR = 4, H_TYPE = 6, H_SCHEME = 7, H_VALUE_COUNT = 8,
    H_VECTOR_COUNT = 16, H_FLAGS = 20, H_METADATA = 24, H_PAYLOAD = 32, H_PAYLOAD_END = 40,
    H_FILE_SIZE = 48, H_RESERVED = 56, H_CHECKSUM = 60
};
enum {
    E_OFFSET = 0, E_BASE = 8, E_SIZE = 16, E_EXCEPTIONS = 20, E_SCHEME = 22, E_WIDTH = 23,
    E_EXPONENT = 24, E_FACTOR = 25, E_RESERVED = 26, E_PAYLOAD_CHECKSUM = 28
};

static gen_vector *mutant(gen_set *set, const char *name, const char *base, galp_status expect,
                          const char *description)
{
    const gen_vector *src = gen_set_find(set, base);
    if (!src)
        gen_fail("%s: base vector %s missing", name, base);
    char full[64] = "invalid/";
    strncat(full, name, sizeof full - strlen(full) - 1);
    galp_type type = src->type;
    galp_scheme scheme = src->scheme;
    gen_buf copy = {0};
    gen_buf_append(&copy, src->file.data, src->file.len);
    gen_vector *vec = gen_set_add(set, full, expect, type, scheme, description);
    vec->file = copy;
    return vec;
}

void gen_edit(gen_set *set, const char *name, const char *base, galp_status expect, size_t at,
              unsigned bytes, uint64_t value, const char *description)
{
    gen_vector *vec = mutant(set, name, base, expect, description);
    gen_put(vec, at, bytes, value);
    gen_fix_checksum(&vec->file);
}

/* Changes file_size, payload_end and the file length together by `delta` bytes (zeros), so
 * that only the intended layout field is wrong. */
static void grow(gen_vector *vec, size_t payload_end_delta, size_t file_size_delta)
{
    static const uint8_t zeros[64];
    gen_put(vec, H_PAYLOAD_END, 8, gen_get(vec, H_PAYLOAD_END, 8) + payload_end_delta);
    gen_put(vec, H_FILE_SIZE, 8, gen_get(vec, H_FILE_SIZE, 8) + file_size_delta);
    gen_buf_append(&vec->file, zeros, file_size_delta);
}

static void truncated(gen_set *set, const char *name, size_t len, const char *description)
{
    gen_vector *vec = mutant(set, name, FFOR_BASE, GALP_ERR_TRUNCATED, description);
    vec->file.len = len == SIZE_MAX ? vec->file.len - 1 : len;
}

static void container_defects(gen_set *set)
{
    truncated(set, "truncated_empty", 0, "0-byte input");
    truncated(set, "truncated_header", 63, "input cut inside the header");
    truncated(set, "truncated_metadata", 64 + 40, "input cut inside the metadata table");
    truncated(set, "truncated_payload", 600, "input cut inside the first payload");
    truncated(set, "truncated_tail", SIZE_MAX, "last byte of the tail padding missing");

    gen_edit(set, "bad_magic", FFOR_BASE, GALP_ERR_BAD_MAGIC, H_MAGIC + 3, 1, 'Q', "magic GALQ");
    gen_edit(set, "version_major_0", FFOR_BASE, GALP_ERR_VERSION, H_MAJOR, 1, 0, "major version 0");
    gen_edit(set, "version_major_2", FFOR_BASE, GALP_ERR_VERSION, H_MAJOR, 1, 2, "major version 2");

    gen_edit(set, "count_vector_count_high", FFOR_BASE, GALP_ERR_COUNT_MISMATCH, H_VECTOR_COUNT, 4, 3,
         "vector_count 3 for 1500 values");
    gen_edit(set, "count_value_count_high", FFOR_BASE, GALP_ERR_COUNT_MISMATCH, H_VALUE_COUNT, 8, 2049,
         "value_count 2049 with 2 vectors");
    gen_edit(set, "count_value_count_zero", FFOR_BASE, GALP_ERR_COUNT_MISMATCH, H_VALUE_COUNT, 8, 0,
         "value_count 0 with 2 vectors");
    gen_edit(set, "count_value_count_max", FFOR_BASE, GALP_ERR_COUNT_MISMATCH, H_VALUE_COUNT, 8,
         UINT64_C(1024) * UINT32_MAX + 1, "value_count 1024*(2^32-1)+1, above the format limit");

    gen_edit(set, "layout_metadata_offset", FFOR_BASE, GALP_ERR_LAYOUT, H_METADATA, 8, 80,
         "metadata_offset 80");
    gen_edit(set, "layout_payload_offset", FFOR_BASE, GALP_ERR_LAYOUT, H_PAYLOAD, 8, 64 + 64 + 16,
         "header payload_offset 16 bytes after the table");
    gen_vector *vec = mutant(set, "layout_payload_end_misaligned", FFOR_BASE, GALP_ERR_LAYOUT,
                             "payload_end (and file_size) 8 bytes further, not a multiple of 16");
    grow(vec, 8, 8);
    gen_fix_checksum(&vec->file);
    vec = mutant(set, "layout_file_size", FFOR_BASE, GALP_ERR_LAYOUT,
                 "file_size 16 bytes more than payload_end + 256 (input as long)");
    grow(vec, 0, 16);
    gen_fix_checksum(&vec->file);
    vec = mutant(set, "layout_payload_end_after_last", FFOR_BASE, GALP_ERR_LAYOUT,
                 "payload_end 16 bytes after the last payload's end (file_size follows)");
    grow(vec, 16, 16);
    gen_fix_checksum(&vec->file);

    vec = mutant(set, "checksum_header", FFOR_BASE, GALP_ERR_CHECKSUM, "checksum bit 0 flipped");
    gen_put(vec, H_CHECKSUM, 1, gen_get(vec, H_CHECKSUM, 1) ^ 1);
    vec = mutant(set, "checksum_metadata", FFOR_BASE, GALP_ERR_CHECKSUM,
                 "vector 1 base changed, checksum not updated");
    gen_put(vec, GEN_ENTRY(1) + E_BASE, 1, gen_get(vec, GEN_ENTRY(1) + E_BASE, 1) ^ 1);

    gen_edit(set, "bad_type_0", FFOR_BASE, GALP_ERR_BAD_TYPE, H_TYPE, 1, 0, "value_type 0");
    gen_edit(set, "bad_type_8", FFOR_BASE, GALP_ERR_BAD_TYPE, H_TYPE, 1, 8, "value_type 8");
    gen_edit(set, "bad_scheme_4", FFOR_BASE, GALP_ERR_BAD_SCHEME, H_SCHEME, 1, 4, "column_scheme 4");
    gen_edit(set, "bad_scheme_alp_for_u16", FFOR_BASE, GALP_ERR_BAD_SCHEME, H_SCHEME, 1,
         GALP_SCHEME_ALP, "u16 column with column_scheme ALP");
    gen_edit(set, "bad_scheme_ffor_for_f64", ALP_BASE, GALP_ERR_BAD_SCHEME, H_SCHEME, 1,
         GALP_SCHEME_FFOR, "f64 column with column_scheme FFOR");

    gen_edit(set, "reserved_flags", FFOR_BASE, GALP_ERR_RESERVED, H_FLAGS, 4, 2,
         "header flags 2 (bit 1; bit 0 means payload checksums)");
    gen_edit(set, "reserved_header", FFOR_BASE, GALP_ERR_RESERVED, H_RESERVED + 3, 1, 0x80,
         "header reserved u32 0x80000000");
    gen_edit(set, "reserved_entry", FFOR_BASE, GALP_ERR_RESERVED, GEN_ENTRY(1) + E_RESERVED + 5, 1, 1,
         "vector 1 entry: last reserved byte 1 (payload_checksum without the flag)");
    gen_edit(set, "reserved_entry_with_checksums", SUMS_BASE, GALP_ERR_RESERVED,
         GEN_ENTRY(1) + E_RESERVED + 1, 1, 1, "payload checksums: vector 1 entry byte 27 1");
}

static void vector_entry_defects(gen_set *set)
{
    /* Fields of the bases, read before the set grows (adding vectors moves them). */
    const size_t size0 = GEN_ENTRY(0) + E_SIZE;
    const gen_vector *ffor = gen_set_find(set, FFOR_BASE);
    const uint64_t ffor_size = gen_get(ffor, size0, 4),
                   off0 = gen_get(ffor, GEN_ENTRY(0) + E_OFFSET, 8),
                   off1 = gen_get(ffor, GEN_ENTRY(1) + E_OFFSET, 8),
                   end = gen_get(ffor, H_PAYLOAD_END, 8);
    const uint64_t alp_size = gen_get(gen_set_find(set, ALP_BASE), size0, 4);
    const uint64_t galp_size = gen_get(gen_set_find(set, GALP_BASE), size0, 4);

    gen_edit(set, "bad_scheme_vector_galp_in_alp", ALP_BASE, GALP_ERR_BAD_SCHEME,
         GEN_ENTRY(0) + E_SCHEME, 1, GALP_SCHEME_GALP, "vector 0 scheme GALP in an ALP column");
    gen_edit(set, "bad_scheme_vector_9", FFOR_BASE, GALP_ERR_BAD_SCHEME, GEN_ENTRY(1) + E_SCHEME, 1, 9,
         "vector 1 scheme 9");
    gen_edit(set, "bad_scheme_vector_ffor_in_raw", RAW_BASE, GALP_ERR_BAD_SCHEME,
         GEN_ENTRY(0) + E_SCHEME, 1, GALP_SCHEME_FFOR, "FFOR vector in a RAW column");

    gen_edit(set, "bit_width_u16_17", FFOR_BASE, GALP_ERR_BIT_WIDTH, GEN_ENTRY(0) + E_WIDTH, 1, 17,
         "u16 vector 0 bit width 17");
    gen_edit(set, "bit_width_f64_65", ALP_BASE, GALP_ERR_BIT_WIDTH, GEN_ENTRY(1) + E_WIDTH, 1, 65,
         "f64 vector 1 bit width 65");
    gen_edit(set, "bit_width_raw_1", RAW_BASE, GALP_ERR_BIT_WIDTH, GEN_ENTRY(0) + E_WIDTH, 1, 1,
         "RAW vector with bit width 1");

    gen_edit(set, "base_u16_bit_16", FFOR_BASE, GALP_ERR_BASE, GEN_ENTRY(0) + E_BASE + 2, 1, 1,
         "u16 vector 0 base with bit 16 set");
    gen_edit(set, "base_f32_bit_63", GALP_BASE, GALP_ERR_BASE, GEN_ENTRY(1) + E_BASE + 7, 1, 0x80,
         "f32 vector 1 base with bit 63 set");
    gen_edit(set, "base_raw_1", RAW_BASE, GALP_ERR_BASE, GEN_ENTRY(0) + E_BASE, 8, 1,
         "RAW vector with base 1");

    gen_edit(set, "exponent_f64_e19", ALP_BASE, GALP_ERR_EXPONENT, GEN_ENTRY(0) + E_EXPONENT, 1, 19,
         "f64 exponent 19");
    gen_edit(set, "exponent_f32_e11", GALP_BASE, GALP_ERR_EXPONENT, GEN_ENTRY(1) + E_EXPONENT, 1, 11,
         "f32 exponent 11");
    gen_vector *vec = mutant(set, "exponent_factor_above_exponent", ALP_BASE, GALP_ERR_EXPONENT,
                             "f64 vector 0 e = 2, f = 3");
    gen_put(vec, GEN_ENTRY(0) + E_EXPONENT, 1, 2);
    gen_put(vec, GEN_ENTRY(0) + E_FACTOR, 1, 3);
    gen_fix_checksum(&vec->file);
    gen_edit(set, "exponent_in_ffor", FFOR_BASE, GALP_ERR_EXPONENT, GEN_ENTRY(0) + E_EXPONENT, 1, 1,
         "FFOR vector with exponent 1");
    gen_edit(set, "exponent_factor_in_raw", RAW_BASE, GALP_ERR_EXPONENT, GEN_ENTRY(0) + E_FACTOR, 1, 1,
         "RAW vector with factor 1");

    gen_edit(set, "exception_count_above_m", ALP_BASE, GALP_ERR_EXCEPTION_COUNT,
         GEN_ENTRY(1) + E_EXCEPTIONS, 2, 901, "901 exceptions in the last vector of 900 values");
    gen_edit(set, "exception_count_in_ffor", FFOR_BASE, GALP_ERR_EXCEPTION_COUNT,
         GEN_ENTRY(0) + E_EXCEPTIONS, 2, 1, "FFOR vector with exception count 1");
    gen_edit(set, "exception_count_in_raw", RAW_BASE, GALP_ERR_EXCEPTION_COUNT,
         GEN_ENTRY(0) + E_EXCEPTIONS, 2, 1, "RAW vector with exception count 1");

    /* spec/format.md §4: implied sizes. */
    gen_edit(set, "payload_size_ffor_plus_128", FFOR_BASE, GALP_ERR_PAYLOAD_SIZE, size0, 4,
         ffor_size + 128, "FFOR payload_size 128 bytes too large");
    gen_edit(set, "payload_size_ffor_zero", FFOR_BASE, GALP_ERR_PAYLOAD_SIZE, size0, 4, 0,
         "FFOR payload_size 0 with bit width 6");
    gen_edit(set, "payload_size_alp_minus_2", ALP_BASE, GALP_ERR_PAYLOAD_SIZE, size0, 4,
         alp_size - 2, "ALP payload_size 2 bytes short");
    gen_edit(set, "payload_size_galp_minus_64", GALP_BASE, GALP_ERR_PAYLOAD_SIZE, size0, 4,
         galp_size - 64, "G-ALP payload_size without its lane_end array");
    gen_edit(set, "payload_size_raw_minus_1", RAW_BASE, GALP_ERR_PAYLOAD_SIZE, size0, 4, 99,
         "RAW payload_size 99 for 100 u8 values");

    /* spec/format.md §4: placement. */
    gen_edit(set, "payload_offset_misaligned", FFOR_BASE, GALP_ERR_PAYLOAD_OFFSET,
         GEN_ENTRY(1) + E_OFFSET, 8, off1 - 8, "vector 1 payload 8 bytes early: misaligned");
    gen_edit(set, "payload_offset_overlap", FFOR_BASE, GALP_ERR_PAYLOAD_OFFSET, GEN_ENTRY(1) + E_OFFSET,
         8, off0 + 16, "vector 1 payload overlaps vector 0's");
    gen_edit(set, "payload_offset_in_metadata", FFOR_BASE, GALP_ERR_PAYLOAD_OFFSET,
         GEN_ENTRY(0) + E_OFFSET, 8, 64, "vector 0 payload inside the metadata table");
    gen_edit(set, "payload_offset_in_tail", FFOR_BASE, GALP_ERR_PAYLOAD_OFFSET, GEN_ENTRY(1) + E_OFFSET,
         8, end, "vector 1 payload in the tail padding");
    gen_edit(set, "payload_offset_huge", FFOR_BASE, GALP_ERR_PAYLOAD_OFFSET, GEN_ENTRY(1) + E_OFFSET,
         8, UINT64_MAX - 15, "vector 1 payload_offset 2^64-16 (offset + size overflows)");
    vec = mutant(set, "payload_offset_swapped", FFOR_BASE, GALP_ERR_PAYLOAD_OFFSET,
                 "vectors 0 and 1 swap payload offsets: not in vector order");
    gen_put(vec, GEN_ENTRY(0) + E_OFFSET, 8, off1);
    gen_put(vec, GEN_ENTRY(1) + E_OFFSET, 8, off0);
    gen_fix_checksum(&vec->file);
    vec = mutant(set, "payload_offset_past_end", FFOR_BASE, GALP_ERR_PAYLOAD_OFFSET,
                 "payload_end (and file_size) before the end of vector 1's payload");
    gen_put(vec, H_PAYLOAD_END, 8, off1);
    gen_put(vec, H_FILE_SIZE, 8, off1 + GALP_TAIL_PADDING);
    gen_fix_checksum(&vec->file);
}

/* Offset of vector v's exception positions, and of its lane_end array for G-ALP. */
static size_t exceptions_at(const gen_vector *vec, uint32_t v, bool positions)
{
    const unsigned w = galp_type_bits(vec->type), lanes = galp_type_lanes(vec->type);
    size_t at = gen_get(vec, GEN_ENTRY(v) + E_OFFSET, 8) +
                128 * gen_get(vec, GEN_ENTRY(v) + E_WIDTH, 1);
    if (!positions)
        return at;
    if (vec->scheme == GALP_SCHEME_GALP)
        at += 2 * lanes;
    return at + gen_get(vec, GEN_ENTRY(v) + E_EXCEPTIONS, 2) * (w / 8);
}

/* A payload edit: the payload is not covered by the checksum (spec/format.md §3.4). */
static void payload_edit(gen_set *set, const char *name, const char *base, galp_status expect,
                         uint32_t v, bool positions, size_t index, uint64_t value,
                         const char *description)
{
    gen_vector *vec = mutant(set, name, base, expect, description);
    gen_put(vec, exceptions_at(vec, v, positions) + 2 * index, 2, value);
}

static void exception_defects(gen_set *set)
{
    /* ALP positions (spec/alp.md §5): vector 0 holds 3, 700; vector 1 (m = 900) 10, 50. */
    payload_edit(set, "alp_position_not_ascending", ALP_BASE, GALP_ERR_EXCEPTION_POSITION, 0,
                 true, 1, 2, "ALP positions 3, 2");
    payload_edit(set, "alp_position_duplicate", ALP_BASE, GALP_ERR_EXCEPTION_POSITION, 0, true, 1,
                 3, "ALP positions 3, 3");
    payload_edit(set, "alp_position_beyond_m", ALP_BASE, GALP_ERR_EXCEPTION_POSITION, 1, true, 1,
                 950, "ALP position 950 in the last vector of 900 values");
    payload_edit(set, "alp_position_beyond_vector", ALP_BASE, GALP_ERR_EXCEPTION_POSITION, 0, true,
                 1, 1024, "ALP position 1024");

    /* G-ALP (spec/galp.md §4). GALP_FULL: lane_end[l] = 32 (l + 1), lane l holds positions
     * l, l + 32, ...; GALP_BASE vector 1 (m = 900) holds 5 and 37, both in lane 5. */
    payload_edit(set, "galp_lane_end_decreasing", GALP_FULL, GALP_ERR_EXCEPTION_COUNT, 0, false, 2,
                 40, "lane_end 32, 64, 40, ...");
    payload_edit(set, "galp_lane_end_total", GALP_FULL, GALP_ERR_EXCEPTION_COUNT, 0, false, 31,
                 1023, "lane_end[31] = 1023 with 1024 exceptions");
    payload_edit(set, "galp_lane_over_capacity", GALP_FULL, GALP_ERR_EXCEPTION_COUNT, 0, false, 0,
                 33, "33 exceptions in lane 0 of 32 slots");
    payload_edit(set, "galp_position_wrong_lane", GALP_FULL, GALP_ERR_EXCEPTION_POSITION, 0, true,
                 0, 1, "lane 0's first position is 1");
    payload_edit(set, "galp_position_duplicate", GALP_FULL, GALP_ERR_EXCEPTION_POSITION, 0, true,
                 1, 0, "lane 0 positions 0, 0, 64, ...");
    payload_edit(set, "galp_position_not_ascending", GALP_FULL, GALP_ERR_EXCEPTION_POSITION, 0,
                 true, 1, 96, "lane 0 positions 0, 96, 64, ...");
    payload_edit(set, "galp_position_beyond_m", GALP_BASE, GALP_ERR_EXCEPTION_POSITION, 1, true, 1,
                 933, "lane 5 position 933 in the last vector of 900 values");
}

/* spec/format.md §3.4, §6 step 10.9: payloads that do not match their payload_checksum. */
static void payload_checksum_defects(gen_set *set)
{
    /* Everything needed from the bases, read before the set grows (adding vectors moves them). */
    const gen_vector *base = gen_set_find(set, SUMS_BASE), *other = gen_set_find(set, SUMS_OTHER);
    const size_t off0 = gen_get(base, GEN_ENTRY(0) + E_OFFSET, 8),
                 off1 = gen_get(base, GEN_ENTRY(1) + E_OFFSET, 8),
                 size = gen_get(base, GEN_ENTRY(0) + E_SIZE, 4);
    uint8_t payload0[128 * 6], payload1[128 * 6], spliced[128 * 6];
    if (size != sizeof payload0 || gen_get(base, GEN_ENTRY(1) + E_SIZE, 4) != size ||
        gen_get(other, GEN_ENTRY(0) + E_OFFSET, 8) != off0 ||
        gen_get(other, GEN_ENTRY(0) + E_SIZE, 4) != size)
        gen_fail("%s and %s no longer have FFOR payloads of bit width 6", SUMS_BASE, SUMS_OTHER);
    memcpy(payload0, base->file.data + off0, size);
    memcpy(payload1, base->file.data + off1, size);
    memcpy(spliced, other->file.data + off0, size);
    const uint32_t other_checksum = (uint32_t)gen_get(other, GEN_ENTRY(0) + E_PAYLOAD_CHECKSUM, 4);

    gen_vector *vec = mutant(set, "payload_checksum_bit_flip", SUMS_BASE, GALP_ERR_PAYLOAD_CHECKSUM,
                             "payload checksums: bit 3 of byte 100 of vector 1's payload flipped");
    gen_put(vec, off1 + 100, 1, gen_get(vec, off1 + 100, 1) ^ 8);

    vec = mutant(set, "payload_checksum_swapped", SUMS_BASE, GALP_ERR_PAYLOAD_CHECKSUM,
                 "payload checksums: the payloads of vectors 0 and 1 exchanged");
    memcpy(vec->file.data + off0, payload1, size);
    memcpy(vec->file.data + off1, payload0, size);

    vec = mutant(set, "payload_checksum_spliced", SUMS_BASE, GALP_ERR_PAYLOAD_CHECKSUM,
                 "payload checksums: vector 0's payload taken from checksums_u16_other");
    memcpy(vec->file.data + off0, spliced, size);

    vec = mutant(set, "checksum_spliced_with_entry", SUMS_BASE, GALP_ERR_CHECKSUM,
                 "payload checksums: vector 0's payload and payload_checksum taken from "
                 "checksums_u16_other, header checksum not updated");
    memcpy(vec->file.data + off0, spliced, size);
    gen_put(vec, GEN_ENTRY(0) + E_PAYLOAD_CHECKSUM, 4, other_checksum);

    vec = mutant(set, "payload_checksum_field", SUMS_BASE, GALP_ERR_PAYLOAD_CHECKSUM,
                 "payload checksums: vector 1's payload_checksum bit 31 flipped");
    gen_put(vec, GEN_ENTRY(1) + E_PAYLOAD_CHECKSUM + 3, 1,
        gen_get(vec, GEN_ENTRY(1) + E_PAYLOAD_CHECKSUM + 3, 1) ^ 0x80);
    gen_fix_checksum(&vec->file);

    gen_edit(set, "payload_checksum_flag_without_checksums", FFOR_BASE, GALP_ERR_PAYLOAD_CHECKSUM,
         H_FLAGS, 4, GALP_FLAG_PAYLOAD_CHECKSUMS,
         "payload checksums flag set on a file whose payload_checksum fields are 0");
}

/* spec/fastlanes.md §3.2, §4.2 and the entry checks of spec/format.md §6 step 10 as they apply
 * to DELTA, RLE and DICT. */
static void fastlanes_defects(gen_set *set)
{
    gen_edit(set, "exception_count_in_delta", DELTA_BASE, GALP_ERR_EXCEPTION_COUNT,
         GEN_ENTRY(3) + E_EXCEPTIONS, 2, 1, "DELTA vector with exception count 1");
    gen_edit(set, "rle_run_count_zero", RLE_BASE, GALP_ERR_EXCEPTION_COUNT,
         GEN_ENTRY(5) + E_EXCEPTIONS, 2, 0, "RLE vector with run count 0");
    gen_edit(set, "dict_size_above_m", DICT_BASE, GALP_ERR_EXCEPTION_COUNT,
         GEN_ENTRY(6) + E_EXCEPTIONS, 2, 601,
         "DICT dictionary of 601 values in the last vector of 600 values");
    gen_edit(set, "bit_width_delta_u32_33", DELTA_BASE, GALP_ERR_BIT_WIDTH, GEN_ENTRY(3) + E_WIDTH, 1,
         33, "u32 DELTA vector 3 bit width 33");
    gen_edit(set, "base_dict_u16_bit_16", DICT_BASE, GALP_ERR_BASE, GEN_ENTRY(2) + E_BASE, 8,
         (uint64_t)1 << 16, "u16 DICT vector 2 base with bit 16 set");
    gen_edit(set, "exponent_in_rle", RLE_BASE, GALP_ERR_EXPONENT, GEN_ENTRY(5) + E_EXPONENT, 1, 1,
         "RLE vector with exponent 1");
    gen_edit(set, "bad_scheme_vector_dict_in_delta", DELTA_BASE, GALP_ERR_BAD_SCHEME,
         GEN_ENTRY(0) + E_SCHEME, 1, GALP_SCHEME_DICT, "DICT vector in a DELTA column");
    gen_edit(set, "bad_scheme_delta_for_f64", "valid/dict_f64_bit_patterns", GALP_ERR_BAD_SCHEME,
         H_SCHEME, 1, GALP_SCHEME_DELTA, "f64 column with column_scheme DELTA");

    gen_vector *vec = mutant(set, "payload_size_delta_plus_128", DELTA_BASE, GALP_ERR_PAYLOAD_SIZE,
                             "DELTA payload_size 128 bytes too large");
    gen_put(vec, GEN_ENTRY(3) + E_SIZE, 4, gen_get(vec, GEN_ENTRY(3) + E_SIZE, 4) + 128);
    gen_fix_checksum(&vec->file);
    /* One run needs no run-index steps: 128 bytes less than the payload holds. */
    gen_edit(set, "payload_size_rle_one_run", RLE_BASE, GALP_ERR_PAYLOAD_SIZE,
         GEN_ENTRY(5) + E_EXCEPTIONS, 2, 1, "RLE vector of 11 runs with run count 1");
    vec = mutant(set, "payload_size_dict_minus_128", DICT_BASE, GALP_ERR_PAYLOAD_SIZE,
                 "DICT payload_size 128 bytes short");
    gen_put(vec, GEN_ENTRY(2) + E_SIZE, 4, gen_get(vec, GEN_ENTRY(2) + E_SIZE, 4) - 128);
    gen_fix_checksum(&vec->file);

    /* Payload edits (not covered by the header checksum). Lane 63 of the run-index vector
     * covers positions 1008 … 1023, in the 11th run (index 10): base 11 is out of range. */
    vec = mutant(set, "rle_index_beyond_runs", RLE_BASE, GALP_ERR_DICT_CODE,
                 "RLE run index 11 of 11 runs (lane 63's base)");
    const size_t runs = gen_get(vec, GEN_ENTRY(5) + E_OFFSET, 8);
    if (gen_get(vec, runs + 2 * 63, 2) != 10)
        gen_fail("%s: lane 63 of vector 5 no longer starts in run 10", RLE_BASE);
    gen_put(vec, runs + 2 * 63, 2, 11);
    /* Position 0's code: bits 0 … 1 of lane 0's first 16-bit word. */
    vec = mutant(set, "dict_code_beyond_size", DICT_BASE, GALP_ERR_DICT_CODE,
                 "DICT code 3 at position 0 of a dictionary of 3 values");
    const size_t codes = gen_get(vec, GEN_ENTRY(2) + E_OFFSET, 8);
    gen_put(vec, codes, 2, gen_get(vec, codes, 2) | 3);
}

/* Sets run j's length, minus one, in the k-bit lengths of the RUNS vector whose payload starts
 * at `payload` (spec/fastlanes.md §8.1: entry j is bits j·k … j·k + k − 1 of the u32 words). */
static void put_run_length(gen_vector *vec, size_t payload, unsigned k, uint32_t j,
                           uint32_t length)
{
    for (unsigned i = 0; i < k; i++) {
        const size_t bit = (size_t)j * k + i;
        const size_t at = payload + bit / 8;
        const uint64_t byte = gen_get(vec, at, 1) & ~(1u << bit % 8);
        gen_put(vec, at, 1, byte | (uint64_t)((length - 1u) >> i & 1u) << bit % 8);
    }
}

/* spec/fastlanes.md §8.2 and the entry checks of spec/format.md §6 step 10 as they apply to
 * RUNS: vector 8 of RUNS_BASE has m = 500 in runs of 300 and 200, lengths of k = 9 bits. */
static void runs_defects(gen_set *set)
{
    gen_edit(set, "runs_run_count_zero", RUNS_BASE, GALP_ERR_EXCEPTION_COUNT,
         GEN_ENTRY(8) + E_EXCEPTIONS, 2, 0, "RUNS vector with run count 0");
    gen_edit(set, "runs_run_count_above_m", RUNS_BASE, GALP_ERR_EXCEPTION_COUNT,
         GEN_ENTRY(8) + E_EXCEPTIONS, 2, 501, "RUNS run count 501 in a last vector of 500 values");
    gen_edit(set, "runs_length_width_11", RUNS_BASE, GALP_ERR_EXPONENT, GEN_ENTRY(8) + E_EXPONENT,
         1, 11, "RUNS vector with run-length width 11 (exponent byte)");
    gen_edit(set, "runs_factor_nonzero", RUNS_BASE, GALP_ERR_EXPONENT, GEN_ENTRY(8) + E_FACTOR, 1,
         1, "RUNS vector with factor 1");
    gen_edit(set, "bit_width_runs_u32_33", RUNS_BASE, GALP_ERR_BIT_WIDTH, GEN_ENTRY(8) + E_WIDTH, 1,
         33, "u32 RUNS vector bit width 33");
    gen_edit(set, "base_runs_u32_bit_32", RUNS_BASE, GALP_ERR_BASE, GEN_ENTRY(8) + E_BASE, 8,
         (uint64_t)1 << 32, "u32 RUNS vector base with bit 32 set");
    gen_edit(set, "bad_scheme_runs_for_f64", "valid/dict_f64_bit_patterns", GALP_ERR_BAD_SCHEME,
         H_SCHEME, 1, GALP_SCHEME_RUNS, "f64 column with column_scheme RUNS");
    gen_edit(set, "bad_scheme_vector_runs_in_delta", DELTA_BASE, GALP_ERR_BAD_SCHEME,
         GEN_ENTRY(0) + E_SCHEME, 1, GALP_SCHEME_RUNS, "RUNS vector in a DELTA column");

    gen_vector *vec = mutant(set, "payload_size_runs_plus_4", RUNS_BASE, GALP_ERR_PAYLOAD_SIZE,
                             "RUNS payload_size 4 bytes too large");
    gen_put(vec, GEN_ENTRY(8) + E_SIZE, 4, gen_get(vec, GEN_ENTRY(8) + E_SIZE, 4) + 4);
    gen_fix_checksum(&vec->file);

    /* Payload edits (not covered by the header checksum). */
    const gen_vector *src = gen_set_find(set, RUNS_BASE);
    if (!src || gen_get(src, GEN_ENTRY(8) + E_EXCEPTIONS, 2) != 2 ||
        gen_get(src, GEN_ENTRY(8) + E_EXPONENT, 1) != 9)
        gen_fail("%s: vector 8 is no longer 2 runs with 9-bit lengths", RUNS_BASE);
    const size_t payload = gen_get(src, GEN_ENTRY(8) + E_OFFSET, 8);
    vec = mutant(set, "runs_lengths_short", RUNS_BASE, GALP_ERR_RUN_LENGTHS,
                 "RUNS lengths 300 and 199 in a vector of 500 values");
    put_run_length(vec, payload, 9, 1, 199);
    vec = mutant(set, "runs_lengths_long", RUNS_BASE, GALP_ERR_RUN_LENGTHS,
                 "RUNS lengths 300 and 201 in a vector of 500 values");
    put_run_length(vec, payload, 9, 1, 201);
}

gen_vector *gen_mutant(gen_set *set, const char *name, const char *base, galp_status expect,
                       const char *description)
{
    return mutant(set, name, base, expect, description);
}

/* Compact G-ALP (spec/galp.md §1.1): flag bit 1 only in a G-ALP column, the bits above bit 3
 * (narrow lane ends, gen_narrow.c; ALP_RD dictionaries in the entry, gen_alprd_dict.c) reserved, and payload sizes as the flag implies (spec/format.md §6 steps 9 and 10.7). */
static void compact_galp_defects(gen_set *set)
{
    gen_edit(set, "compact_flag_in_alp", ALP_BASE, GALP_ERR_RESERVED, H_FLAGS, 4,
         GALP_FLAG_COMPACT_GALP, "header flag bit 1 (compact G-ALP) in an ALP column");
    gen_edit(set, "reserved_flags_bit_4", COMPACT_BASE, GALP_ERR_RESERVED, H_FLAGS, 4,
         GALP_FLAG_COMPACT_GALP | 16u, "compact G-ALP file with header flag bit 4");
    gen_edit(set, "compact_flag_cleared", COMPACT_BASE, GALP_ERR_PAYLOAD_SIZE, H_FLAGS, 4, 0,
         "compact G-ALP file without its flag: vector 0 lacks the lane table 1.0 requires");
    gen_edit(set, "compact_lane_table_size", COMPACT_BASE, GALP_ERR_PAYLOAD_SIZE,
         GEN_ENTRY(0) + E_SIZE, 4, 32,
         "compact G-ALP: vector 0 (b = 0, no exceptions) with payload_size 32, a lane table's");
}

void gen_invalid_vectors(gen_set *set)
{
    container_defects(set);
    vector_entry_defects(set);
    exception_defects(set);
    payload_checksum_defects(set);
    fastlanes_defects(set);
    runs_defects(set);
    compact_galp_defects(set);
}
