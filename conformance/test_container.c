/*
 * test_container.c — the container (spec/format.md §3, §4, §6) through the public API: what the
 * encoder writes, every error class of §6 triggered by a crafted file (valid file, one field
 * corrupted, checksum recomputed where the intended check comes after it), the order of the
 * checks, truncation at every length, random corruption, and the API's own argument checks.
 *
 * Every file is opened from an exactly sized heap copy, so AddressSanitizer builds also prove
 * that the decoder never reads outside the buffer it was given.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <galp/layout.h>

#include "test_support.h"

/* ---- sample files ------------------------------------------------------------------ */

/* A u32 column of 2500 values, three vectors: vector 0 FFOR with b = 4, vector 1 FFOR with
 * b = 10, vector 2 (452 values spanning the full u32 range) stored RAW by the fallback. */
#define U32_N 2500u
static uint32_t u32_values[U32_N];

static uint8_t *u32_file(size_t *len)
{
    uint64_t seed = 10;
    for (uint32_t i = 0; i < U32_N; i++) {
        if (i < 1024)
            u32_values[i] = 70000 + (uint32_t)ts_random_below(&seed, 16);
        else if (i < 2048)
            u32_values[i] = 5 + (uint32_t)ts_random_below(&seed, 1024);
        else
            u32_values[i] = (uint32_t)ts_random(&seed);
    }
    u32_values[2048] = 0;
    u32_values[2049] = UINT32_MAX;
    return ts_compress(GALP_TYPE_U32, GALP_SCHEME_FFOR, u32_values, U32_N, len);
}

/* An f64 column of `n` decimals with a NaN every 97 values, so that vectors have exceptions. */
static uint8_t *f64_file(galp_scheme scheme, uint32_t n, size_t *len)
{
    double *values = malloc(n * sizeof *values);
    assert_non_null(values);
    for (uint32_t i = 0; i < n; i++)
        values[i] = i % 97 == 5 ? (double)NAN : (double)(int)(i * 37 % 1000) / 100.0;
    uint8_t *file = ts_compress(GALP_TYPE_F64, scheme, values, n, len);
    free(values);
    return file;
}

/* Sets a field, recomputes the checksum, and expects `status`; then restores the field. */
static void expect_field(uint8_t *file, size_t len, size_t offset, unsigned bytes,
                         uint64_t value, galp_status status)
{
    uint64_t saved = ts_get_le(file, offset, bytes);
    ts_put_le(file, offset, bytes, value);
    ts_reseal(file);
    ts_expect_status(file, len, status);
    ts_put_le(file, offset, bytes, saved);
    ts_reseal(file);
}

/* Sets a field without recomputing the checksum: for checks that come before it (§6). */
static void expect_unsealed_field(uint8_t *file, size_t len, size_t offset, unsigned bytes,
                                  uint64_t value, galp_status status)
{
    uint64_t saved = ts_get_le(file, offset, bytes);
    ts_put_le(file, offset, bytes, value);
    ts_expect_status(file, len, status);
    ts_put_le(file, offset, bytes, saved);
}

/* ---- what the encoder writes -------------------------------------------------------- */

static void test_encoder_layout(void **state)
{
    (void)state;
    size_t len;
    uint8_t *file = u32_file(&len);
    const uint64_t payload_offset = 64 + 32 * 3;
    assert_memory_equal(file, "GALP", 4);
    assert_int_equal(file[TS_VERSION_MAJOR], 1);
    assert_int_equal(file[TS_VERSION_MINOR], 0);
    assert_int_equal(file[TS_VALUE_TYPE], GALP_TYPE_U32);
    assert_int_equal(file[TS_COLUMN_SCHEME], GALP_SCHEME_FFOR);
    assert_int_equal(ts_get_le(file, TS_VALUE_COUNT, 8), U32_N);
    assert_int_equal(ts_get_le(file, TS_VECTOR_COUNT, 4), 3);
    assert_int_equal(ts_get_le(file, TS_FLAGS, 4), 0);
    assert_int_equal(ts_get_le(file, TS_METADATA_OFFSET, 8), 64);
    assert_int_equal(ts_get_le(file, TS_PAYLOAD_OFFSET, 8), payload_offset);
    assert_int_equal(ts_get_le(file, TS_RESERVED, 4), 0);

    /* Payloads back to back from payload_offset (§4): 128·4, 128·10, then 452·4 RAW bytes. */
    static const uint64_t sizes[3] = {128 * 4, 128 * 10, 452 * 4};
    static const uint8_t schemes[3] = {GALP_SCHEME_FFOR, GALP_SCHEME_FFOR, GALP_SCHEME_RAW};
    uint64_t expected_offset = payload_offset;
    for (uint32_t v = 0; v < 3; v++) {
        assert_int_equal(ts_get_le(file, ts_entry(v, TS_ENT_PAYLOAD_OFFSET), 8), expected_offset);
        assert_int_equal(ts_get_le(file, ts_entry(v, TS_ENT_PAYLOAD_SIZE), 4), sizes[v]);
        assert_int_equal(file[ts_entry(v, TS_ENT_SCHEME)], schemes[v]);
        for (unsigned i = 0; i < 6; i++)
            assert_int_equal(file[ts_entry(v, TS_ENT_RESERVED) + i], 0);
        expected_offset = (expected_offset + sizes[v] + 15) / 16 * 16;
    }
    assert_int_equal(ts_get_le(file, TS_PAYLOAD_END, 8), expected_offset);
    assert_int_equal(ts_get_le(file, TS_FILE_SIZE, 8), expected_offset + 256);
    assert_int_equal(len, expected_offset + 256);
    for (size_t i = (size_t)expected_offset; i < len; i++)
        assert_int_equal(file[i], 0); /* §3.5 tail */

    /* The stored checksum is CRC32C of header bytes 0..59 and the metadata (§3.4). */
    uint32_t stored = (uint32_t)ts_get_le(file, TS_CHECKSUM, 4);
    ts_reseal(file);
    assert_int_equal(ts_get_le(file, TS_CHECKSUM, 4), stored);

    ts_check_decodes_to(file, len, GALP_TYPE_U32, u32_values, U32_N);
    free(file);
}

static void test_crc32c_check_value(void **state)
{
    (void)state;
    assert_int_equal(ts_crc32c((const uint8_t *)"123456789", 9), 0xE3069283u);
}

/* §4.1 formula, including its rounding of the last vector. */
static void test_compress_bound(void **state)
{
    (void)state;
    assert_int_equal(galp_compress_bound(GALP_TYPE_U8, 0), 64 + 256);
    assert_int_equal(galp_compress_bound(GALP_TYPE_U8, 1), 64 + 32 + 16 + 256);
    assert_int_equal(galp_compress_bound(GALP_TYPE_U32, 1024), 64 + 32 + 4096 + 256);
    assert_int_equal(galp_compress_bound(GALP_TYPE_F64, 1025), 64 + 64 + 8192 + 16 + 256);
    assert_int_equal(galp_compress_bound(GALP_TYPE_U16, 3000),
                     64 + 96 + 2 * 2048 + (952 * 2 + 15) / 16 * 16 + 256);
    const uint64_t max_n = (uint64_t)1024 * UINT32_MAX;
    assert_int_equal(galp_compress_bound(GALP_TYPE_U64, max_n),
                     64 + 32 * (uint64_t)UINT32_MAX + max_n * 8 + 256);
    assert_int_equal(galp_compress_bound(GALP_TYPE_U8, max_n + 1), 0);
    assert_int_equal(galp_compress_bound((galp_type)0, 10), 0);
    assert_int_equal(galp_compress_bound((galp_type)7, 10), 0);
}

/* ---- spec/format.md §6, one step at a time ------------------------------------------ */

static void test_truncated(void **state)
{
    (void)state;
    size_t len;
    uint8_t *file = u32_file(&len);
    ts_expect_status(file, 0, GALP_ERR_TRUNCATED);
    ts_expect_status(file, 63, GALP_ERR_TRUNCATED);
    ts_expect_status(file, len - 1, GALP_ERR_TRUNCATED);
    ts_expect_status(file, len, GALP_OK);
    free(file);
}

/* Truncating a valid file anywhere is reported, never crashes, never reads past the end. */
static void test_truncation_at_every_length(void **state)
{
    (void)state;
    size_t len;
    uint8_t *file = u32_file(&len);
    for (size_t cut = 0; cut < len; cut++)
        assert_int_equal(ts_open_copy(file, cut), GALP_ERR_TRUNCATED);
    free(file);
    file = f64_file(GALP_SCHEME_GALP, 1500, &len);
    for (size_t cut = 0; cut < len; cut++)
        assert_int_equal(ts_open_copy(file, cut), GALP_ERR_TRUNCATED);
    assert_int_equal(ts_open_copy(file, len), GALP_OK);
    free(file);
}

/* Bytes after file_size are not part of the file (§3). */
static void test_trailing_bytes_ignored(void **state)
{
    (void)state;
    size_t len;
    uint8_t *file = u32_file(&len);
    uint8_t *longer = malloc(len + 100);
    assert_non_null(longer);
    memcpy(longer, file, len);
    memset(longer + len, 0xEE, 100);
    galp_column column;
    assert_int_equal(galp_open(&column, longer, len + 100), GALP_OK);
    assert_int_equal(column.size, len);
    free(longer);
    free(file);
}

static void test_bad_magic(void **state)
{
    (void)state;
    size_t len;
    uint8_t *file = u32_file(&len);
    for (size_t i = 0; i < 4; i++) {
        file[i] ^= 0x20;
        ts_expect_status(file, len, GALP_ERR_BAD_MAGIC);
        file[TS_VERSION_MAJOR] = 9; /* magic is checked first */
        ts_expect_status(file, len, GALP_ERR_BAD_MAGIC);
        file[TS_VERSION_MAJOR] = 1;
        file[i] ^= 0x20;
    }
    free(file);
}

/* Only the major version is checked; a later minor version is accepted (§1.1). */
static void test_version(void **state)
{
    (void)state;
    size_t len;
    uint8_t *file = u32_file(&len);
    expect_field(file, len, TS_VERSION_MAJOR, 1, 0, GALP_ERR_VERSION);
    expect_field(file, len, TS_VERSION_MAJOR, 1, 2, GALP_ERR_VERSION);
    expect_field(file, len, TS_VERSION_MAJOR, 1, 255, GALP_ERR_VERSION);
    expect_field(file, len, TS_VERSION_MINOR, 1, 7, GALP_OK);
    /* Version before counts: both wrong reports VERSION. */
    ts_put_le(file, TS_VECTOR_COUNT, 4, 9);
    expect_unsealed_field(file, len, TS_VERSION_MAJOR, 1, 2, GALP_ERR_VERSION);
    free(file);
}

static void test_count_mismatch(void **state)
{
    (void)state;
    size_t len;
    uint8_t *file = u32_file(&len);
    expect_unsealed_field(file, len, TS_VECTOR_COUNT, 4, 2, GALP_ERR_COUNT_MISMATCH);
    expect_unsealed_field(file, len, TS_VECTOR_COUNT, 4, 4, GALP_ERR_COUNT_MISMATCH);
    expect_unsealed_field(file, len, TS_VALUE_COUNT, 8, 3073, GALP_ERR_COUNT_MISMATCH);
    expect_unsealed_field(file, len, TS_VALUE_COUNT, 8, 2048, GALP_ERR_COUNT_MISMATCH);
    expect_unsealed_field(file, len, TS_VALUE_COUNT, 8, 0, GALP_ERR_COUNT_MISMATCH);
    expect_unsealed_field(file, len, TS_VALUE_COUNT, 8, UINT64_MAX, GALP_ERR_COUNT_MISMATCH);
    /* value_count above 1024·(2^32−1) is rejected even where vector_count is the largest. */
    ts_put_le(file, TS_VECTOR_COUNT, 4, UINT32_MAX);
    expect_unsealed_field(file, len, TS_VALUE_COUNT, 8, (uint64_t)1024 * UINT32_MAX + 1,
                          GALP_ERR_COUNT_MISMATCH);
    /* Counts before layout: a wrong payload_offset does not hide the count mismatch. */
    ts_put_le(file, TS_PAYLOAD_OFFSET, 8, 0);
    expect_unsealed_field(file, len, TS_VECTOR_COUNT, 4, 7, GALP_ERR_COUNT_MISMATCH);
    free(file);
}

static void test_layout(void **state)
{
    (void)state;
    size_t len;
    uint8_t *file = u32_file(&len);
    const uint64_t payload_end = ts_get_le(file, TS_PAYLOAD_END, 8);
    expect_field(file, len, TS_METADATA_OFFSET, 8, 0, GALP_ERR_LAYOUT);
    expect_field(file, len, TS_METADATA_OFFSET, 8, 80, GALP_ERR_LAYOUT);
    expect_field(file, len, TS_PAYLOAD_OFFSET, 8, 64 + 96 + 16, GALP_ERR_LAYOUT);
    expect_field(file, len, TS_PAYLOAD_OFFSET, 8, 64 + 64, GALP_ERR_LAYOUT);
    expect_field(file, len, TS_FILE_SIZE, 8, len - 1, GALP_ERR_LAYOUT);
    expect_field(file, len, TS_FILE_SIZE, 8, len + 16, GALP_ERR_LAYOUT);
    expect_field(file, len, TS_FILE_SIZE, 8, UINT64_MAX, GALP_ERR_LAYOUT);

    /* payload_end misaligned, below payload_offset, or so large that + 256 wraps around; the
     * file_size is kept consistent with it so that payload_end is the only fault. */
    static const uint64_t bad_ends[] = {0, 64 + 96 - 16, 1000 + 1, UINT64_MAX - 15};
    for (size_t k = 0; k < sizeof bad_ends / sizeof bad_ends[0]; k++) {
        ts_put_le(file, TS_FILE_SIZE, 8, bad_ends[k] + 256);
        expect_field(file, len, TS_PAYLOAD_END, 8, bad_ends[k], GALP_ERR_LAYOUT);
    }
    ts_put_le(file, TS_FILE_SIZE, 8, len);
    ts_reseal(file);
    ts_expect_status(file, len, GALP_OK);

    /* Step 11: payload_end beyond round16 of the last payload's end, with the file grown to
     * match, so that every earlier check passes. */
    uint8_t *grown = calloc(len + 16, 1);
    assert_non_null(grown);
    memcpy(grown, file, len);
    ts_put_le(grown, TS_PAYLOAD_END, 8, payload_end + 16);
    ts_put_le(grown, TS_FILE_SIZE, 8, len + 16);
    ts_reseal(grown);
    ts_expect_status(grown, len + 16, GALP_ERR_LAYOUT);
    /* ... and the same header over the original bytes is TRUNCATED (step 6 comes first). */
    ts_expect_status(grown, len, GALP_ERR_TRUNCATED);
    free(grown);
    free(file);
}

static void test_checksum(void **state)
{
    (void)state;
    size_t len;
    uint8_t *file = u32_file(&len);
    const size_t covered[] = {TS_VERSION_MINOR, TS_VALUE_TYPE, TS_COLUMN_SCHEME, TS_FLAGS,
                              TS_RESERVED, TS_CHECKSUM, ts_entry(0, TS_ENT_BASE),
                              ts_entry(2, TS_ENT_RESERVED + 5), ts_entry(1, TS_ENT_BIT_WIDTH)};
    for (size_t k = 0; k < sizeof covered / sizeof covered[0]; k++) {
        file[covered[k]] ^= 0x01;
        ts_expect_status(file, len, GALP_ERR_CHECKSUM);
        file[covered[k]] ^= 0x01;
    }
    ts_expect_status(file, len, GALP_OK);
    /* Payload bytes are not covered (§3.4): a corrupted payload opens. */
    file[64 + 96 + 3] ^= 0xFF;
    ts_expect_status(file, len, GALP_OK);
    free(file);
}

static void test_bad_type_and_column_scheme(void **state)
{
    (void)state;
    size_t len;
    uint8_t *file = u32_file(&len);
    expect_field(file, len, TS_VALUE_TYPE, 1, 0, GALP_ERR_BAD_TYPE);
    expect_field(file, len, TS_VALUE_TYPE, 1, 8, GALP_ERR_BAD_TYPE);
    /* 7 is str, whose only scheme is FSST (spec/fsst.md §1). */
    expect_field(file, len, TS_VALUE_TYPE, 1, GALP_TYPE_STR, GALP_ERR_BAD_SCHEME);
    expect_field(file, len, TS_VALUE_TYPE, 1, 255, GALP_ERR_BAD_TYPE);
    expect_field(file, len, TS_COLUMN_SCHEME, 1, 4, GALP_ERR_BAD_SCHEME);
    expect_field(file, len, TS_COLUMN_SCHEME, 1, GALP_SCHEME_AUTO, GALP_ERR_BAD_SCHEME);
    expect_field(file, len, TS_COLUMN_SCHEME, 1, GALP_SCHEME_ALP, GALP_ERR_BAD_SCHEME);
    expect_field(file, len, TS_COLUMN_SCHEME, 1, GALP_SCHEME_GALP, GALP_ERR_BAD_SCHEME);
    /* Type before scheme; both before reserved fields. */
    ts_put_le(file, TS_COLUMN_SCHEME, 1, 9);
    ts_put_le(file, TS_FLAGS, 4, 1);
    expect_field(file, len, TS_VALUE_TYPE, 1, 0, GALP_ERR_BAD_TYPE);
    free(file);

    /* FFOR is not allowed for floats. */
    file = f64_file(GALP_SCHEME_ALP, 100, &len);
    expect_field(file, len, TS_COLUMN_SCHEME, 1, GALP_SCHEME_FFOR, GALP_ERR_BAD_SCHEME);
    free(file);
}

static void test_reserved_header_fields(void **state)
{
    (void)state;
    size_t len;
    uint8_t *file = u32_file(&len);
    /* Bit 0 announces payload checksums (test_payload_checksum.c); the others are reserved. */
    expect_field(file, len, TS_FLAGS, 4, 2, GALP_ERR_RESERVED);
    expect_field(file, len, TS_FLAGS, 4, 0x80000000u, GALP_ERR_RESERVED);
    expect_field(file, len, TS_RESERVED, 4, 0x100, GALP_ERR_RESERVED);
    free(file);
}

/* Step 10.1–10.7 on the FFOR vectors (0, 1) and the RAW vector (2) of the u32 file. */
static void test_entry_fields(void **state)
{
    (void)state;
    size_t len;
    uint8_t *file = u32_file(&len);

    expect_field(file, len, ts_entry(0, TS_ENT_SCHEME), 1, GALP_SCHEME_ALP, GALP_ERR_BAD_SCHEME);
    expect_field(file, len, ts_entry(2, TS_ENT_SCHEME), 1, 4, GALP_ERR_BAD_SCHEME);
    for (unsigned i = 0; i < 6; i++)
        expect_field(file, len, ts_entry(1, TS_ENT_RESERVED + i), 1, 1u << i,
                     GALP_ERR_RESERVED);
    expect_field(file, len, ts_entry(0, TS_ENT_BIT_WIDTH), 1, 33, GALP_ERR_BIT_WIDTH);
    expect_field(file, len, ts_entry(0, TS_ENT_BIT_WIDTH), 1, 255, GALP_ERR_BIT_WIDTH);
    expect_field(file, len, ts_entry(2, TS_ENT_BIT_WIDTH), 1, 1, GALP_ERR_BIT_WIDTH);
    expect_field(file, len, ts_entry(1, TS_ENT_BASE), 8, (uint64_t)1 << 32, GALP_ERR_BASE);
    expect_field(file, len, ts_entry(1, TS_ENT_BASE), 8, UINT64_MAX, GALP_ERR_BASE);
    expect_field(file, len, ts_entry(2, TS_ENT_BASE), 8, 1, GALP_ERR_BASE);
    expect_field(file, len, ts_entry(0, TS_ENT_EXPONENT), 1, 1, GALP_ERR_EXPONENT);
    expect_field(file, len, ts_entry(2, TS_ENT_FACTOR), 1, 1, GALP_ERR_EXPONENT);
    expect_field(file, len, ts_entry(0, TS_ENT_EXCEPTION_COUNT), 2, 1,
                 GALP_ERR_EXCEPTION_COUNT);
    expect_field(file, len, ts_entry(2, TS_ENT_EXCEPTION_COUNT), 2, 1,
                 GALP_ERR_EXCEPTION_COUNT);
    expect_field(file, len, ts_entry(0, TS_ENT_PAYLOAD_SIZE), 4, 128 * 5, GALP_ERR_PAYLOAD_SIZE);
    expect_field(file, len, ts_entry(1, TS_ENT_PAYLOAD_SIZE), 4, 0, GALP_ERR_PAYLOAD_SIZE);
    expect_field(file, len, ts_entry(2, TS_ENT_PAYLOAD_SIZE), 4, 451 * 4,
                 GALP_ERR_PAYLOAD_SIZE);

    /* The first failing check of an entry wins: with every field of entry 0 wrong, fixing
     * them in the order of §6 step 10 reveals each next check in turn. */
    static const struct {
        size_t field;
        unsigned bytes;
        uint64_t bad;
        galp_status reported;
    } faults[] = {
        {TS_ENT_SCHEME, 1, GALP_SCHEME_ALP, GALP_ERR_BAD_SCHEME},
        {TS_ENT_RESERVED, 1, 1, GALP_ERR_RESERVED},
        {TS_ENT_BIT_WIDTH, 1, 40, GALP_ERR_BIT_WIDTH},
        {TS_ENT_BASE, 8, UINT64_MAX, GALP_ERR_BASE},
        {TS_ENT_EXPONENT, 1, 3, GALP_ERR_EXPONENT},
        {TS_ENT_EXCEPTION_COUNT, 2, 3, GALP_ERR_EXCEPTION_COUNT},
        {TS_ENT_PAYLOAD_SIZE, 4, 3, GALP_ERR_PAYLOAD_SIZE},
        {TS_ENT_PAYLOAD_OFFSET, 8, 1, GALP_ERR_PAYLOAD_OFFSET},
    };
    enum { FAULTS = sizeof faults / sizeof faults[0] };
    uint64_t good[FAULTS];
    for (size_t k = 0; k < FAULTS; k++) {
        good[k] = ts_get_le(file, ts_entry(0, faults[k].field), faults[k].bytes);
        ts_put_le(file, ts_entry(0, faults[k].field), faults[k].bytes, faults[k].bad);
    }
    for (size_t k = 0; k < FAULTS; k++) {
        ts_reseal(file);
        ts_expect_status(file, len, faults[k].reported);
        ts_put_le(file, ts_entry(0, faults[k].field), faults[k].bytes, good[k]);
    }
    ts_reseal(file);
    ts_expect_status(file, len, GALP_OK);
    free(file);

    /* Vectors are checked in order: a fault in vector 0 is reported before one in vector 1. */
    file = u32_file(&len);
    ts_put_le(file, ts_entry(1, TS_ENT_SCHEME), 1, 9);
    expect_field(file, len, ts_entry(0, TS_ENT_PAYLOAD_SIZE), 4, 1, GALP_ERR_PAYLOAD_SIZE);
    free(file);
}

/* Step 10.8: alignment, order, overlap, inside [payload_offset, payload_end]. */
static void test_payload_offset(void **state)
{
    (void)state;
    size_t len;
    uint8_t *file = u32_file(&len);
    const uint64_t off0 = ts_get_le(file, ts_entry(0, TS_ENT_PAYLOAD_OFFSET), 8);
    const uint64_t off1 = ts_get_le(file, ts_entry(1, TS_ENT_PAYLOAD_OFFSET), 8);
    const uint64_t payload_end = ts_get_le(file, TS_PAYLOAD_END, 8);
    const size_t field0 = ts_entry(0, TS_ENT_PAYLOAD_OFFSET);
    const size_t field1 = ts_entry(1, TS_ENT_PAYLOAD_OFFSET);
    const size_t field2 = ts_entry(2, TS_ENT_PAYLOAD_OFFSET);
    expect_field(file, len, field0, 8, off0 + 1, GALP_ERR_PAYLOAD_OFFSET);   /* misaligned */
    expect_field(file, len, field0, 8, off0 + 8, GALP_ERR_PAYLOAD_OFFSET);   /* misaligned */
    expect_field(file, len, field0, 8, off0 - 16, GALP_ERR_PAYLOAD_OFFSET);  /* in metadata */
    expect_field(file, len, field0, 8, 0, GALP_ERR_PAYLOAD_OFFSET);
    expect_field(file, len, field0, 8, off0 + 16, GALP_ERR_PAYLOAD_OFFSET);  /* 1 overlaps 0 */
    expect_field(file, len, field1, 8, off0, GALP_ERR_PAYLOAD_OFFSET);       /* same start */
    expect_field(file, len, field1, 8, off1 - 16, GALP_ERR_PAYLOAD_OFFSET);  /* overlap */
    expect_field(file, len, field2, 8, payload_end, GALP_ERR_PAYLOAD_OFFSET); /* past end */
    expect_field(file, len, field2, 8, UINT64_MAX - 15, GALP_ERR_PAYLOAD_OFFSET); /* wraps */
    expect_field(file, len, field2, 8, (uint64_t)1 << 63, GALP_ERR_PAYLOAD_OFFSET);
    free(file);

    /* A gap between payloads is allowed (§4: "at or after"), as long as payload_end matches. */
    file = u32_file(&len);
    const uint64_t off2 = ts_get_le(file, ts_entry(2, TS_ENT_PAYLOAD_OFFSET), 8);
    const uint32_t size2 = (uint32_t)ts_get_le(file, ts_entry(2, TS_ENT_PAYLOAD_SIZE), 4);
    uint8_t *gapped = calloc(len + 32, 1);
    assert_non_null(gapped);
    memcpy(gapped, file, (size_t)off2);
    memcpy(gapped + off2 + 32, file + off2, size2);
    ts_put_le(gapped, ts_entry(2, TS_ENT_PAYLOAD_OFFSET), 8, off2 + 32);
    ts_put_le(gapped, TS_PAYLOAD_END, 8, payload_end + 32);
    ts_put_le(gapped, TS_FILE_SIZE, 8, len + 32);
    ts_reseal(gapped);
    ts_expect_status(gapped, len + 32, GALP_OK);
    ts_check_decodes_to(gapped, len + 32, GALP_TYPE_U32, u32_values, U32_N);
    free(gapped);
    free(file);
}

/* Payloads of size 0 follow the placement rules of §4 like any other, and step 11 reads the
 * last one's end as its offset; with no vectors payload_end must be payload_offset. */
static void test_zero_size_payloads(void **state)
{
    (void)state;
    enum { N = 2500 }; /* three vectors, all equal values: FFOR bit width 0, size 0 */
    uint32_t *values = malloc(N * sizeof *values);
    assert_non_null(values);
    for (uint32_t i = 0; i < N; i++)
        values[i] = 77;
    size_t len;
    uint8_t *file = ts_compress(GALP_TYPE_U32, GALP_SCHEME_FFOR, values, N, &len);
    const uint64_t payload_offset = ts_get_le(file, TS_PAYLOAD_OFFSET, 8);
    assert_int_equal(ts_get_le(file, TS_PAYLOAD_END, 8), payload_offset);
    for (uint32_t v = 0; v < 3; v++) {
        assert_int_equal(ts_get_le(file, ts_entry(v, TS_ENT_PAYLOAD_SIZE), 4), 0);
        assert_int_equal(ts_get_le(file, ts_entry(v, TS_ENT_PAYLOAD_OFFSET), 8), payload_offset);
    }
    ts_expect_status(file, len, GALP_OK);
    ts_check_decodes_to(file, len, GALP_TYPE_U32, values, N);
    const size_t field1 = ts_entry(1, TS_ENT_PAYLOAD_OFFSET);
    expect_field(file, len, field1, 8, payload_offset + 8, GALP_ERR_PAYLOAD_OFFSET);  /* misaligned */
    expect_field(file, len, field1, 8, payload_offset + 16, GALP_ERR_PAYLOAD_OFFSET); /* past end */
    expect_field(file, len, field1, 8, payload_offset - 16, GALP_ERR_PAYLOAD_OFFSET); /* metadata */

    /* Step 11: vector 2's empty payload 16 bytes on, payload_end after it, is valid; payload_end
     * 16 bytes further than that is LAYOUT. */
    uint8_t *grown = calloc(len + 32, 1);
    assert_non_null(grown);
    memcpy(grown, file, len);
    ts_put_le(grown, ts_entry(2, TS_ENT_PAYLOAD_OFFSET), 8, payload_offset + 16);
    ts_put_le(grown, TS_PAYLOAD_END, 8, payload_offset + 16);
    ts_put_le(grown, TS_FILE_SIZE, 8, len + 16);
    ts_reseal(grown);
    ts_expect_status(grown, len + 16, GALP_OK);
    ts_put_le(grown, TS_PAYLOAD_END, 8, payload_offset + 32);
    ts_put_le(grown, TS_FILE_SIZE, 8, len + 32);
    ts_reseal(grown);
    ts_expect_status(grown, len + 32, GALP_ERR_LAYOUT);
    free(grown);
    free(file);

    /* No vectors: the last payload's end is payload_offset. */
    file = ts_compress(GALP_TYPE_U32, GALP_SCHEME_FFOR, values, 0, &len);
    grown = calloc(len + 16, 1);
    assert_non_null(grown);
    memcpy(grown, file, len);
    ts_put_le(grown, TS_PAYLOAD_END, 8, ts_get_le(file, TS_PAYLOAD_OFFSET, 8) + 16);
    ts_put_le(grown, TS_FILE_SIZE, 8, len + 16);
    ts_reseal(grown);
    ts_expect_status(grown, len + 16, GALP_ERR_LAYOUT);
    free(grown);
    free(file);
    free(values);
}

/* The ALP/G-ALP entry checks of steps 10.5, 10.6 and 10.9 (the payload's own checks are
 * spec/alp.md §5 and spec/galp.md §4). */
static void test_alp_entries(void **state)
{
    (void)state;
    size_t len;
    uint8_t *file = f64_file(GALP_SCHEME_ALP, 1000, &len);
    galp_column column;
    galp_vector_info info;
    assert_int_equal(galp_open(&column, file, len), GALP_OK);
    assert_int_equal(galp_vector_info_get(&column, 0, &info), GALP_OK);
    assert_int_equal(info.scheme, GALP_SCHEME_ALP);
    assert_true(info.exception_count >= 1);

    expect_field(file, len, ts_entry(0, TS_ENT_EXPONENT), 1, 19, GALP_ERR_EXPONENT);
    expect_field(file, len, ts_entry(0, TS_ENT_FACTOR), 1, info.exponent + 1u,
                 GALP_ERR_EXPONENT);
    expect_field(file, len, ts_entry(0, TS_ENT_EXCEPTION_COUNT), 2, 1001,
                 GALP_ERR_EXCEPTION_COUNT);
    expect_field(file, len, ts_entry(0, TS_ENT_BIT_WIDTH), 1, 65, GALP_ERR_BIT_WIDTH);
    expect_field(file, len, ts_entry(0, TS_ENT_SCHEME), 1, GALP_SCHEME_GALP,
                 GALP_ERR_BAD_SCHEME);
    expect_field(file, len, ts_entry(0, TS_ENT_SCHEME), 1, GALP_SCHEME_FFOR,
                 GALP_ERR_BAD_SCHEME);

    /* An exception position outside the vector (m = 1000): payload bytes, no reseal needed. */
    const size_t positions = (size_t)info.payload_offset + 128u * info.bit_width +
                             8u * info.exception_count;
    ts_put_le(file, positions, 2, 1000);
    ts_expect_status(file, len, GALP_ERR_EXCEPTION_POSITION);
    free(file);

    /* f32 allows e <= 10 only. */
    float values[GALP_VECTOR_SIZE];
    for (int i = 0; i < (int)GALP_VECTOR_SIZE; i++)
        values[i] = (float)i / 4.0f;
    file = ts_compress(GALP_TYPE_F32, GALP_SCHEME_ALP, values, GALP_VECTOR_SIZE, &len);
    assert_int_equal(file[ts_entry(0, TS_ENT_SCHEME)], GALP_SCHEME_ALP);
    expect_field(file, len, ts_entry(0, TS_ENT_FACTOR), 1, 0, GALP_OK);
    expect_field(file, len, ts_entry(0, TS_ENT_EXPONENT), 1, 11, GALP_ERR_EXPONENT);
    free(file);

    /* G-ALP: the last lane end must equal the exception count (spec/galp.md §4), in either
     * width of lane end (§1.2). */
    file = f64_file(GALP_SCHEME_GALP, 1024, &len);
    assert_int_equal(galp_open(&column, file, len), GALP_OK);
    assert_int_equal(galp_vector_info_get(&column, 0, &info), GALP_OK);
    assert_int_equal(info.scheme, GALP_SCHEME_GALP);
    assert_true(info.exception_count >= 2);
    const unsigned end_bytes = galp_layout_lane_end_width(column.flags, info.exception_count);
    const size_t last_lane_end = (size_t)info.payload_offset + 128u * info.bit_width + end_bytes * 15u;
    ts_put_le(file, last_lane_end, end_bytes, info.exception_count - 1u);
    ts_expect_status(file, len, GALP_ERR_EXCEPTION_COUNT);
    free(file);
}

/* Random corruption of valid files: whatever the status, no crash and no out-of-bounds access
 * (ASan), only statuses of §6, and a file that opens decodes completely. */
static void test_random_corruption(void **state)
{
    (void)state;
    uint64_t seed = 11;
    size_t lens[3];
    uint8_t *files[3] = {u32_file(&lens[0]), f64_file(GALP_SCHEME_ALP, 3000, &lens[1]),
                         f64_file(GALP_SCHEME_GALP, 2100, &lens[2])};
    uint8_t *out = malloc(3072 * 8); /* the last vector's count may grow */
    assert_non_null(out);
    for (int round = 0; round < 3000; round++) {
        const int k = (int)ts_random_below(&seed, 3);
        const size_t len = lens[k];
        uint8_t *copy = malloc(len);
        assert_non_null(copy);
        memcpy(copy, files[k], len);
        /* Mostly header and metadata, sometimes payload; resealed half of the time. */
        const int flips = 1 + (int)ts_random_below(&seed, 4);
        for (int i = 0; i < flips; i++) {
            size_t at = ts_random_below(&seed, 4) ? ts_random_below(&seed, 64 + 32 * 3)
                                                  : ts_random_below(&seed, len);
            copy[at] ^= (uint8_t)(1u << ts_random_below(&seed, 8));
        }
        const uint64_t entries = ts_get_le(copy, TS_VECTOR_COUNT, 4);
        if (ts_random_below(&seed, 2) && entries <= (len - GALP_HEADER_SIZE) / 32)
            ts_reseal(copy);

        galp_column column;
        galp_status status = galp_open(&column, copy, len);
        assert_true(status <= GALP_ERR_PAYLOAD_SIZE || status == GALP_ERR_PAYLOAD_CHECKSUM);
        assert_int_not_equal(status, GALP_ERR_ARGUMENT);
        assert_int_not_equal(status, GALP_ERR_DST_TOO_SMALL);
        if (status == GALP_OK) {
            assert_int_equal(galp_column_decode(&column, out, 3072 * 8), GALP_OK);
            for (uint64_t i = 0; i < column.value_count; i += 7)
                assert_int_equal(galp_column_get(&column, i, out), GALP_OK);
        }
        free(copy);
    }
    free(out);
    for (int k = 0; k < 3; k++)
        free(files[k]);
}

/* The encoder driver on float columns (spec/format.md §4.1): AUTO is G-ALP, row groups of
 * GALP_ALP_ROWGROUP_VECTORS vectors are sampled afresh, and a vector of random bit patterns
 * (all exceptions as G-ALP) is no larger than RAW inside the G-ALP column: ALP_RD with r = 63
 * and the dictionary {0, 1} in its entry (spec/alprd.md §3.1) is exactly RAW's size, which the
 * driver keeps (it stores RAW only what would be larger); without that flag it is RAW. */
static void test_float_column_driver(void **state)
{
    (void)state;
    const uint64_t n = 101 * GALP_VECTOR_SIZE + 5; /* a second row group, a partial vector */
    double *values = malloc(n * sizeof *values);
    assert_non_null(values);
    uint64_t seed = 13;
    for (uint64_t i = 0; i < n; i++) {
        uint64_t v = i / GALP_VECTOR_SIZE;
        if (v == 7) { /* noise: no decimal form */
            uint64_t bits = ts_random(&seed);
            memcpy(&values[i], &bits, sizeof bits);
        } else { /* decimals whose scale changes in the second row group */
            values[i] = (double)(int64_t)ts_random_below(&seed, 100000) / (v < 100 ? 100.0 : 1e4);
        }
    }
    size_t len;
    uint8_t *file = ts_compress(GALP_TYPE_F64, GALP_SCHEME_AUTO, values, n, &len);
    galp_column column;
    galp_vector_info info;
    assert_int_equal(galp_open(&column, file, len), GALP_OK);
    assert_int_equal(column.scheme, GALP_SCHEME_GALP);
    assert_int_equal(galp_vector_info_get(&column, 0, &info), GALP_OK);
    assert_int_equal(info.scheme, GALP_SCHEME_GALP);
    assert_int_equal(galp_vector_info_get(&column, 7, &info), GALP_OK);
    assert_int_equal(info.scheme, GALP_SCHEME_ALP_RD);
    assert_int_equal(info.bit_width, 63);
    assert_int_equal(info.exponent, 1);
    assert_int_equal(info.payload_size, GALP_VECTOR_SIZE * 8);
    assert_int_equal(galp_vector_info_get(&column, 100, &info), GALP_OK);
    assert_int_equal(info.scheme, GALP_SCHEME_GALP);
    assert_int_equal(galp_vector_info_get(&column, 101, &info), GALP_OK);
    assert_int_equal(info.value_count, 5);
    ts_check_decodes_to(file, len, GALP_TYPE_F64, values, n);
    free(file);
    file = ts_compress_ex(GALP_TYPE_F64, GALP_SCHEME_AUTO, GALP_FLAG_COMPACT_GALP | GALP_FLAG_NARROW_LANE_ENDS,
                          values, n, &len);
    assert_int_equal(galp_open(&column, file, len), GALP_OK);
    assert_int_equal(galp_vector_info_get(&column, 7, &info), GALP_OK);
    assert_int_equal(info.scheme, GALP_SCHEME_RAW);
    free(file);

    /* Asking for RAW stores every vector RAW: exactly the bound. */
    file = ts_compress(GALP_TYPE_F64, GALP_SCHEME_RAW, values, n, &len);
    assert_int_equal(len, galp_compress_bound(GALP_TYPE_F64, n));
    ts_check_decodes_to(file, len, GALP_TYPE_F64, values, n);
    free(file);
    free(values);
}

/* ---- API argument checks ----------------------------------------------------------- */

static void test_api_arguments(void **state)
{
    (void)state;
    size_t len;
    uint8_t *file = u32_file(&len);
    galp_column column;
    galp_vector_info info;
    uint32_t out[U32_N];
    uint64_t count;
    size_t size;

    assert_int_equal(galp_open(NULL, file, len), GALP_ERR_ARGUMENT);
    assert_int_equal(galp_open(&column, NULL, len), GALP_ERR_ARGUMENT);
    assert_int_equal(galp_decompress(NULL, len, out, sizeof out, &count), GALP_ERR_ARGUMENT);
    assert_int_equal(galp_decompress(file, len, out, sizeof out, NULL), GALP_ERR_ARGUMENT);
    assert_int_equal(galp_decompress(file, len, NULL, sizeof out, &count), GALP_ERR_ARGUMENT);
    assert_int_equal(galp_decompress_bound(file, len, NULL), GALP_ERR_ARGUMENT);
    assert_int_equal(galp_open(&column, file, len), GALP_OK);
    assert_int_equal(galp_vector_info_get(NULL, 0, &info), GALP_ERR_ARGUMENT);
    assert_int_equal(galp_vector_info_get(&column, 0, NULL), GALP_ERR_ARGUMENT);
    assert_int_equal(galp_column_decode(NULL, out, sizeof out), GALP_ERR_ARGUMENT);
    assert_int_equal(galp_column_decode_vector(&column, 0, NULL, sizeof out), GALP_ERR_ARGUMENT);
    assert_int_equal(galp_column_get(&column, 0, NULL), GALP_ERR_ARGUMENT);
    assert_int_equal(galp_column_get(NULL, 0, out), GALP_ERR_ARGUMENT);

    /* Index checks. */
    assert_int_equal(galp_vector_info_get(&column, 3, &info), GALP_ERR_INDEX);
    assert_int_equal(galp_column_decode_vector(&column, 3, out, sizeof out), GALP_ERR_INDEX);
    assert_int_equal(galp_column_get(&column, U32_N, out), GALP_ERR_INDEX);
    assert_int_equal(galp_column_get(&column, UINT64_MAX, out), GALP_ERR_INDEX);
    assert_int_equal(galp_column_get(&column, U32_N - 1, out), GALP_OK);
    assert_int_equal(out[0], u32_values[U32_N - 1]);

    /* Output sizes. */
    assert_int_equal(galp_decompress(file, len, out, U32_N * 4 - 1, &count),
                     GALP_ERR_DST_TOO_SMALL);
    assert_int_equal(galp_column_decode(&column, out, 0), GALP_ERR_DST_TOO_SMALL);
    assert_int_equal(galp_column_decode_vector(&column, 0, out, 4095), GALP_ERR_DST_TOO_SMALL);
    assert_int_equal(galp_column_decode_vector(&column, 2, out, 452 * 4 - 1),
                     GALP_ERR_DST_TOO_SMALL);
    assert_int_equal(galp_column_decode_vector(&column, 2, out, 452 * 4), GALP_OK);
    assert_int_equal(galp_decompress_bound(file, len, &size), GALP_OK);
    assert_int_equal(size, U32_N * 4);

    /* Encoder arguments. */
    uint8_t dst[8192];
    assert_int_equal(galp_compress(GALP_TYPE_U32, GALP_SCHEME_FFOR, u32_values, 10, NULL,
                                   sizeof dst, &len), GALP_ERR_ARGUMENT);
    assert_int_equal(galp_compress(GALP_TYPE_U32, GALP_SCHEME_FFOR, u32_values, 10, dst,
                                   sizeof dst, NULL), GALP_ERR_ARGUMENT);
    assert_int_equal(galp_compress(GALP_TYPE_U32, GALP_SCHEME_FFOR, NULL, 10, dst, sizeof dst,
                                   &len), GALP_ERR_ARGUMENT);
    assert_int_equal(galp_compress((galp_type)0, GALP_SCHEME_RAW, u32_values, 10, dst,
                                   sizeof dst, &len), GALP_ERR_ARGUMENT);
    assert_int_equal(galp_compress((galp_type)7, GALP_SCHEME_AUTO, u32_values, 10, dst,
                                   sizeof dst, &len), GALP_ERR_ARGUMENT);
    assert_int_equal(galp_compress(GALP_TYPE_U32, GALP_SCHEME_ALP, u32_values, 10, dst,
                                   sizeof dst, &len), GALP_ERR_ARGUMENT);
    assert_int_equal(galp_compress(GALP_TYPE_U8, GALP_SCHEME_GALP, u32_values, 10, dst,
                                   sizeof dst, &len), GALP_ERR_ARGUMENT);
    assert_int_equal(galp_compress(GALP_TYPE_F64, GALP_SCHEME_FFOR, u32_values, 10, dst,
                                   sizeof dst, &len), GALP_ERR_ARGUMENT);
    assert_int_equal(galp_compress(GALP_TYPE_U32, (galp_scheme)4, u32_values, 10, dst,
                                   sizeof dst, &len), GALP_ERR_ARGUMENT);
    assert_int_equal(galp_compress(GALP_TYPE_U64, GALP_SCHEME_FFOR, u32_values,
                                   (uint64_t)1024 * UINT32_MAX + 1, dst, sizeof dst, &len),
                     GALP_ERR_TOO_LARGE);
    /* An empty column needs no values pointer and 320 bytes. */
    assert_int_equal(galp_compress(GALP_TYPE_U16, GALP_SCHEME_FFOR, NULL, 0, dst, 319, &len),
                     GALP_ERR_DST_TOO_SMALL);
    assert_int_equal(galp_compress(GALP_TYPE_U16, GALP_SCHEME_FFOR, NULL, 0, dst, 320, &len),
                     GALP_OK);
    assert_int_equal(len, 320);
    assert_int_equal(galp_decompress(dst, len, NULL, 0, &count), GALP_OK);
    assert_int_equal(count, 0);
    free(file);

    /* Incompressible data needs exactly the bound; one byte less is too small. */
    const size_t bound = galp_compress_bound(GALP_TYPE_U32, U32_N);
    uint8_t *big = malloc(bound);
    assert_non_null(big);
    uint32_t noise[U32_N];
    uint64_t seed = 12;
    for (size_t i = 0; i < U32_N; i++)
        noise[i] = (uint32_t)ts_random(&seed) | 0x80000001u;
    noise[5] = 0;
    noise[1500] = 0;
    noise[2100] = 0;
    assert_int_equal(galp_compress(GALP_TYPE_U32, GALP_SCHEME_FFOR, noise, U32_N, big, bound - 1,
                                   &len), GALP_ERR_DST_TOO_SMALL);
    assert_int_equal(galp_compress(GALP_TYPE_U32, GALP_SCHEME_FFOR, noise, U32_N, big, bound,
                                   &len), GALP_OK);
    assert_int_equal(len, bound);
    free(big);
}

/* ---- names -------------------------------------------------------------------------- */

static void test_status_names(void **state)
{
    (void)state;
    static const char *const names[GALP_STATUS_COUNT] = {
        "GALP_OK", "GALP_ERR_ARGUMENT", "GALP_ERR_DST_TOO_SMALL", "GALP_ERR_TRUNCATED",
        "GALP_ERR_BAD_MAGIC", "GALP_ERR_VERSION", "GALP_ERR_LAYOUT",
        "GALP_ERR_COUNT_MISMATCH", "GALP_ERR_CHECKSUM", "GALP_ERR_BAD_TYPE",
        "GALP_ERR_BAD_SCHEME", "GALP_ERR_RESERVED", "GALP_ERR_BIT_WIDTH", "GALP_ERR_BASE",
        "GALP_ERR_EXPONENT", "GALP_ERR_EXCEPTION_COUNT", "GALP_ERR_EXCEPTION_POSITION",
        "GALP_ERR_PAYLOAD_OFFSET", "GALP_ERR_PAYLOAD_SIZE", "GALP_ERR_INDEX",
        "GALP_ERR_TOO_LARGE", "GALP_ERR_NO_DEVICE", "GALP_ERR_CUDA", "GALP_ERR_NO_MEMORY",
        "GALP_ERR_PAYLOAD_CHECKSUM", "GALP_ERR_LEFT_PART", "GALP_ERR_DICT_CODE",
        "GALP_ERR_RUN_LENGTHS", "GALP_ERR_SYMBOL_TABLE", "GALP_ERR_CODE", "GALP_ERR_ESCAPE",
        "GALP_ERR_PIECE", "GALP_ERR_STRING_OFFSET", "GALP_ERR_PATCH_VALUE"};
    for (int s = 0; s < GALP_STATUS_COUNT; s++) {
        assert_string_equal(galp_status_name(s), names[s]);
        const char *message = galp_strerror(s);
        assert_non_null(message);
        assert_true(strlen(message) > 5);
        for (int t = 0; t < s; t++)
            assert_string_not_equal(message, galp_strerror(t));
    }
    assert_non_null(galp_strerror(-1));
    assert_non_null(galp_strerror(GALP_STATUS_COUNT));
    assert_string_not_equal(galp_status_name(GALP_STATUS_COUNT), "GALP_OK");
    /* The codes of the spec/format.md §6 table. */
    assert_int_equal(GALP_ERR_TRUNCATED, 3);
    assert_int_equal(GALP_ERR_PAYLOAD_SIZE, 18);
    assert_int_equal(GALP_ERR_PAYLOAD_CHECKSUM, 24);
    assert_int_equal(GALP_ERR_LEFT_PART, 25);
    assert_int_equal(GALP_ERR_DICT_CODE, 26);
    assert_int_equal(GALP_ERR_RUN_LENGTHS, 27);
    assert_int_equal(GALP_ERR_SYMBOL_TABLE, 28);
    assert_int_equal(GALP_ERR_STRING_OFFSET, 32);
    assert_int_equal(GALP_ERR_PATCH_VALUE, 33);
    assert_int_equal(GALP_STATUS_COUNT, 34);
}

static void test_type_and_scheme_names(void **state)
{
    (void)state;
    static const char *const types[] = {NULL, "u8", "u16", "u32", "u64", "f32", "f64", "str",
                                        NULL};
    static const size_t sizes[] = {0, 1, 2, 4, 8, 4, 8, 0, 0};
    for (int t = 0; t < 9; t++) {
        if (types[t])
            assert_string_equal(galp_type_name((galp_type)t), types[t]);
        else
            assert_null(galp_type_name((galp_type)t));
        assert_int_equal(galp_type_size((galp_type)t), sizes[t]);
    }
    assert_string_equal(galp_scheme_name(GALP_SCHEME_RAW), "raw");
    assert_string_equal(galp_scheme_name(GALP_SCHEME_FFOR), "ffor");
    assert_string_equal(galp_scheme_name(GALP_SCHEME_ALP), "alp");
    assert_string_equal(galp_scheme_name(GALP_SCHEME_GALP), "galp");
    assert_string_equal(galp_scheme_name(GALP_SCHEME_ALP_RD), "alp-rd");
    assert_string_equal(galp_scheme_name(GALP_SCHEME_DELTA), "delta");
    assert_string_equal(galp_scheme_name(GALP_SCHEME_RLE), "rle");
    assert_string_equal(galp_scheme_name(GALP_SCHEME_DICT), "dict");
    assert_string_equal(galp_scheme_name(GALP_SCHEME_GPU_FOR), "gpu-for");
    assert_string_equal(galp_scheme_name(GALP_SCHEME_GPU_DFOR), "gpu-dfor");
    assert_string_equal(galp_scheme_name(GALP_SCHEME_GPU_RFOR), "gpu-rfor");
    assert_string_equal(galp_scheme_name(GALP_SCHEME_FSST), "fsst");
    assert_string_equal(galp_scheme_name(GALP_SCHEME_AUTO), "auto");
    assert_string_equal(galp_scheme_name(GALP_SCHEME_RUNS), "runs");
    assert_null(galp_scheme_name((galp_scheme)13));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_encoder_layout),
        cmocka_unit_test(test_crc32c_check_value),
        cmocka_unit_test(test_compress_bound),
        cmocka_unit_test(test_truncated),
        cmocka_unit_test(test_truncation_at_every_length),
        cmocka_unit_test(test_trailing_bytes_ignored),
        cmocka_unit_test(test_bad_magic),
        cmocka_unit_test(test_version),
        cmocka_unit_test(test_count_mismatch),
        cmocka_unit_test(test_layout),
        cmocka_unit_test(test_checksum),
        cmocka_unit_test(test_bad_type_and_column_scheme),
        cmocka_unit_test(test_reserved_header_fields),
        cmocka_unit_test(test_entry_fields),
        cmocka_unit_test(test_payload_offset),
        cmocka_unit_test(test_alp_entries),
        cmocka_unit_test(test_zero_size_payloads),
        cmocka_unit_test(test_random_corruption),
        cmocka_unit_test(test_float_column_driver),
        cmocka_unit_test(test_api_arguments),
        cmocka_unit_test(test_status_names),
        cmocka_unit_test(test_type_and_scheme_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
