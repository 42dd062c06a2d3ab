/*
 * test_spec_examples.c — every hex listing of spec/format.md §7, spec/ffor.md §6,
 * spec/alprd.md §7, spec/fastlanes.md §6 and spec/tile.md is checked here: the listings are
 * read from the spec files themselves (blocks opened by a line "```hex example=NAME"), the
 * reference encoder must produce exactly those bytes from the inputs the text describes, and
 * the decoder must turn them back into those inputs.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test_support.h"

/* The examples this program checks; a listing in the spec that is not here fails
 * test_every_listing_is_checked. */
static const char *const checked_examples[] = {
    "ffor-u32-b3", "ffor-u8-b5", "ffor-u16-b16-start", "ffor-u8-wrap", "ffor-u16-b0-file",
    "ffor-u8-patched-file",
    "format-empty-u32", "format-three-u32", "format-32-u32-b1", "format-three-u32-checksums",
    "alprd-f32-head", "alprd-f32-exceptions", "alprd-f32-entry",
    "delta-u16-descending", "delta-u16-packed-lane-bases", "rle-u32-three-runs", "dict-f64-three-values",
    "runs-u32-three-runs", "runs-u32-delta-values", "runs-u32-offset-values",
    "tile-gpu-for-widths", "tile-gpu-dfor-down-up", "tile-gpu-rfor-runs",
    "galp-compact-f64", "galp-narrow-f64",
};
static const char *const spec_files[] = {"spec/ffor.md", "spec/format.md", "spec/alprd.md",
                                         "spec/fastlanes.md", "spec/tile.md", "spec/galp.md"};

#define EXAMPLE_OPENING "```hex example="

/* The whole text of a spec file, from $GALP_SRCDIR (set by the test harness) or the source
 * directory this program was configured from. */
static char *read_spec(const char *relative)
{
    const char *top = getenv("GALP_SRCDIR");
    if (top == NULL || top[0] == '\0')
        top = GALP_TOP_SRCDIR;
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", top, relative);
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        fail_msg("cannot open %s", path);
    assert_int_equal(fseek(f, 0, SEEK_END), 0);
    long size = ftell(f);
    assert_true(size > 0);
    assert_int_equal(fseek(f, 0, SEEK_SET), 0);
    char *text = malloc((size_t)size + 1);
    assert_non_null(text);
    assert_int_equal(fread(text, 1, (size_t)size, f), (size_t)size);
    text[size] = '\0';
    fclose(f);
    return text;
}

static int hex_digit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    return -1;
}

/* The bytes of listing `name` in `doc`: pairs of lower-case hex digits separated by spaces
 * and newlines, up to the closing fence. */
static uint8_t *read_example(const char *doc, const char *name, size_t *len)
{
    char *text = read_spec(doc);
    char opening[256];
    snprintf(opening, sizeof opening, "%s%s\n", EXAMPLE_OPENING, name);
    const char *p = strstr(text, opening);
    if (p == NULL)
        fail_msg("%s has no listing \"%s\"", doc, name);
    p += strlen(opening);
    const char *end = strstr(p, "```");
    assert_non_null(end);

    uint8_t *bytes = malloc((size_t)(end - p) / 2 + 1);
    assert_non_null(bytes);
    size_t n = 0;
    while (p < end) {
        if (*p == ' ' || *p == '\n') {
            p++;
            continue;
        }
        int high = hex_digit(p[0]), low = hex_digit(p[1]);
        if (high < 0 || low < 0)
            fail_msg("%s, listing %s: bad hex \"%.2s\"", doc, name, p);
        bytes[n++] = (uint8_t)(high << 4 | low);
        p += 2;
    }
    free(text);
    *len = n;
    return bytes;
}

/* The listing shows a whole file up to payload_end: the encoder asked for `scheme` writes
 * exactly it plus the 256-byte zero tail, and it decodes to the n values. */
static void check_scheme_file_example(const char *doc, const char *name, galp_type type,
                                      galp_scheme scheme, uint32_t flags, const void *values,
                                      uint64_t n)
{
    size_t listed_len;
    uint8_t *listed = read_example(doc, name, &listed_len);
    size_t len;
    uint8_t *file = ts_compress_ex(type, scheme, flags, values, n, &len);
    assert_int_equal(len, listed_len + GALP_TAIL_PADDING);
    assert_memory_equal(file, listed, listed_len);
    for (size_t i = listed_len; i < len; i++)
        assert_int_equal(file[i], 0);

    /* Decode the listing itself, completed with its tail. */
    uint8_t *from_spec = calloc(len, 1);
    assert_non_null(from_spec);
    memcpy(from_spec, listed, listed_len);
    ts_check_decodes_to(from_spec, len, type, values, n);
    free(from_spec);
    free(file);
    free(listed);
}

/* The examples of spec/format.md and spec/ffor.md are FFOR columns. */
static void check_file_example(const char *doc, const char *name, galp_type type,
                               uint32_t flags, const void *values, uint64_t n)
{
    check_scheme_file_example(doc, name, type, GALP_SCHEME_FFOR, flags, values, n);
}

/* The listing shows the first `listed_len` bytes (or all) of vector 0's FFOR payload when the
 * encoder is given the 1024 values; checks the parameters the text states and the round trip.
 * Returns the file; *payload_offset is where vector 0's payload starts in it. */
static uint8_t *check_payload_example(const char *name, size_t listed_len, galp_type type,
                                      const void *values, unsigned bit_width, uint64_t base,
                                      size_t *payload_offset)
{
    size_t len_in_spec;
    uint8_t *listed = read_example("spec/ffor.md", name, &len_in_spec);
    assert_int_equal(len_in_spec, listed_len);
    size_t len;
    galp_vector_info info;
    uint8_t *file = ts_compress_ffor_vector(type, values, bit_width, base, &len, &info);
    assert_true(listed_len <= info.payload_size);
    assert_memory_equal(file + info.payload_offset, listed, listed_len);
    free(listed);
    *payload_offset = (size_t)info.payload_offset;
    return file;
}

static void test_ffor_u32_b3(void **state)
{
    (void)state;
    uint32_t values[GALP_VECTOR_SIZE];
    for (uint32_t i = 0; i < GALP_VECTOR_SIZE; i++)
        values[i] = 1000 + i % 8;
    size_t offset;
    /* The listing is the whole 384-byte payload. */
    free(check_payload_example("ffor-u32-b3", 384, GALP_TYPE_U32, values, 3, 1000, &offset));
}

static void test_ffor_u8_b5(void **state)
{
    (void)state;
    uint8_t values[GALP_VECTOR_SIZE];
    for (uint32_t i = 0; i < GALP_VECTOR_SIZE; i++)
        values[i] = (uint8_t)(7 + 4 * (i / 128) + i % 4);
    size_t offset;
    free(check_payload_example("ffor-u8-b5", 640, GALP_TYPE_U8, values, 5, 7, &offset));
}

/* b = W: the payload is the values in slot order (spec/ffor.md §3). */
static void test_ffor_u16_b16(void **state)
{
    (void)state;
    uint16_t values[GALP_VECTOR_SIZE];
    for (uint32_t i = 0; i < GALP_VECTOR_SIZE; i++)
        values[i] = (uint16_t)(40503u * i);
    values[1] = 0;
    values[2] = 65535;
    size_t offset;
    /* The listing is the first 32 bytes; the rest follows the rule. */
    uint8_t *file =
        check_payload_example("ffor-u16-b16-start", 32, GALP_TYPE_U16, values, 16, 0, &offset);
    for (uint32_t i = 0; i < GALP_VECTOR_SIZE; i++)
        assert_int_equal(ts_get_le(file, offset + 2 * i, 2), values[i]);
    free(file);
}

/* Decoder only: a hand-built u8 file around the listed payload, base 0xff, b = 1. */
static void test_ffor_u8_wrap(void **state)
{
    (void)state;
    size_t payload_len;
    uint8_t *payload = read_example("spec/ffor.md", "ffor-u8-wrap", &payload_len);
    assert_int_equal(payload_len, 128);
    const size_t len = 64 + 32 + 128 + 256;
    uint8_t *file = calloc(len, 1);
    assert_non_null(file);
    memcpy(file, "GALP", 4);
    file[TS_VERSION_MAJOR] = 1;
    file[TS_VALUE_TYPE] = GALP_TYPE_U8;
    file[TS_COLUMN_SCHEME] = GALP_SCHEME_FFOR;
    ts_put_le(file, TS_VALUE_COUNT, 8, 1024);
    ts_put_le(file, TS_VECTOR_COUNT, 4, 1);
    ts_put_le(file, TS_METADATA_OFFSET, 8, 64);
    ts_put_le(file, TS_PAYLOAD_OFFSET, 8, 96);
    ts_put_le(file, TS_PAYLOAD_END, 8, 96 + 128);
    ts_put_le(file, TS_FILE_SIZE, 8, len);
    ts_put_le(file, ts_entry(0, TS_ENT_PAYLOAD_OFFSET), 8, 96);
    ts_put_le(file, ts_entry(0, TS_ENT_BASE), 8, 0xff);
    ts_put_le(file, ts_entry(0, TS_ENT_PAYLOAD_SIZE), 4, 128);
    file[ts_entry(0, TS_ENT_SCHEME)] = GALP_SCHEME_FFOR;
    file[ts_entry(0, TS_ENT_BIT_WIDTH)] = 1;
    memcpy(file + 96, payload, 128);
    ts_reseal(file);

    uint8_t expected[GALP_VECTOR_SIZE];
    memset(expected, 0, 512);
    memset(expected + 512, 255, 512);
    ts_check_decodes_to(file, len, GALP_TYPE_U8, expected, GALP_VECTOR_SIZE);
    free(file);
    free(payload);
}

static void test_ffor_u16_b0_file(void **state)
{
    (void)state;
    uint16_t values[GALP_VECTOR_SIZE];
    for (uint32_t i = 0; i < GALP_VECTOR_SIZE; i++)
        values[i] = 0xbeef;
    check_file_example("spec/ffor.md", "ffor-u16-b0-file", GALP_TYPE_U16, 0, values,
                       GALP_VECTOR_SIZE);
}

/* spec/ffor.md §8.5: two patches in a u8 vector of width 1. */
static void test_ffor_u8_patched_file(void **state)
{
    (void)state;
    uint8_t values[GALP_VECTOR_SIZE];
    for (uint32_t i = 0; i < GALP_VECTOR_SIZE; i++)
        values[i] = (uint8_t)(10 + i % 2);
    values[5] = 200;
    values[1000] = 77;
    check_file_example("spec/ffor.md", "ffor-u8-patched-file", GALP_TYPE_U8, GALP_FLAG_PATCHED_FFOR,
                       values, GALP_VECTOR_SIZE);
}

static void test_format_empty(void **state)
{
    (void)state;
    check_file_example("spec/format.md", "format-empty-u32", GALP_TYPE_U32, 0, NULL, 0);
}

static void test_format_three(void **state)
{
    (void)state;
    const uint32_t values[3] = {100, 103, 101};
    check_file_example("spec/format.md", "format-three-u32", GALP_TYPE_U32, 0, values, 3);
}

/* spec/format.md §7.4: the same column with payload checksums. */
static void test_format_three_checksums(void **state)
{
    (void)state;
    const uint32_t values[3] = {100, 103, 101};
    check_file_example("spec/format.md", "format-three-u32-checksums", GALP_TYPE_U32,
                       GALP_FLAG_PAYLOAD_CHECKSUMS, values, 3);
}

static void test_format_thirty_two(void **state)
{
    (void)state;
    uint32_t values[32];
    for (uint32_t i = 0; i < 32; i++)
        values[i] = i % 3 == 0 ? 6 : 5;
    check_file_example("spec/format.md", "format-32-u32-b1", GALP_TYPE_U32, 0, values, 32);
}

/* spec/galp.md §1.1: three f64 values 1.5 in a compact G-ALP column, no lane table. */
static void test_galp_compact(void **state)
{
    (void)state;
    const double values[3] = {1.5, 1.5, 1.5};
    check_scheme_file_example("spec/galp.md", "galp-compact-f64", GALP_TYPE_F64, GALP_SCHEME_GALP,
                              GALP_FLAG_COMPACT_GALP, values, 3);
}

/* spec/galp.md §1.2: eight f64 values 1.5 but a NaN at slot 5, one exception behind sixteen
 * u8 lane ends. */
static void test_galp_narrow(void **state)
{
    (void)state;
    uint64_t bits[8];
    for (unsigned i = 0; i < 8; i++)
        bits[i] = i == 5 ? 0x7ff8000000000000u : 0x3ff8000000000000u;
    double values[8];
    memcpy(values, bits, sizeof values);
    check_scheme_file_example("spec/galp.md", "galp-narrow-f64", GALP_TYPE_F64, GALP_SCHEME_GALP,
                              GALP_FLAG_COMPACT_GALP | GALP_FLAG_NARROW_LANE_ENDS, values, 8);
}

/* The vector of spec/alprd.md §7. */
static void alprd_example_values(uint32_t values[GALP_VECTOR_SIZE])
{
    for (uint32_t i = 0; i < GALP_VECTOR_SIZE; i++)
        values[i] = (i % 3 == 0 ? 0x402du : 0x4049u) << 16 | ((i * 40503u) & 0xffffu);
    values[5] = 0xbf80u << 16 | (values[5] & 0xffffu);
    values[37] = 0x7fc0u << 16 | (values[37] & 0xffffu);
    values[20] = 0xff80u << 16 | (values[20] & 0xffffu);
}

/* spec/alprd.md §7: the vector the text describes, encoded ALP_RD; the listings are the head
 * of its payload (dictionary and first right-part words) and its exception section. */
static void test_alprd_f32(void **state)
{
    (void)state;
    uint32_t values[GALP_VECTOR_SIZE];
    alprd_example_values(values);
    size_t len;
    /* u16 lane ends, as the example states: no GALP_FLAG_NARROW_LANE_ENDS */
    uint8_t *file = ts_compress_ex(GALP_TYPE_F32, GALP_SCHEME_ALP_RD, 0, values, GALP_VECTOR_SIZE, &len);
    const size_t payload = (size_t)ts_get_le(file, ts_entry(0, TS_ENT_PAYLOAD_OFFSET), 8);
    assert_int_equal(ts_get_le(file, ts_entry(0, TS_ENT_PAYLOAD_SIZE), 4), 2268);
    size_t head_len, exceptions_len;
    uint8_t *head = read_example("spec/alprd.md", "alprd-f32-head", &head_len);
    uint8_t *exceptions = read_example("spec/alprd.md", "alprd-f32-exceptions", &exceptions_len);
    assert_int_equal(head_len, 32);
    assert_int_equal(exceptions_len, 2268 - 2192);
    assert_memory_equal(file + payload, head, head_len);
    assert_memory_equal(file + payload + 2192, exceptions, exceptions_len);
    ts_check_decodes_to(file, len, GALP_TYPE_F32, values, GALP_VECTOR_SIZE);
    free(exceptions);
    free(head);
    free(file);
}

/* spec/alprd.md §7, the dictionary in the entry: galp_compress's file of the same vector has
 * the listed metadata entry, flags bits 2 and 3, version 1.4, the payload of the u16-lane-end
 * file less its 16-byte head and 32 bytes of lane ends (u8 now), and decodes to the values. */
static void test_alprd_f32_entry(void **state)
{
    (void)state;
    uint32_t values[GALP_VECTOR_SIZE];
    alprd_example_values(values);
    size_t len, wide_len, listed_len;
    uint8_t *file = ts_compress(GALP_TYPE_F32, GALP_SCHEME_ALP_RD, values, GALP_VECTOR_SIZE, &len);
    uint8_t *wide = ts_compress_ex(GALP_TYPE_F32, GALP_SCHEME_ALP_RD, 0, values, GALP_VECTOR_SIZE, &wide_len);
    uint8_t *listed = read_example("spec/alprd.md", "alprd-f32-entry", &listed_len);
    assert_int_equal(listed_len, GALP_VECTOR_ENTRY_SIZE);
    assert_memory_equal(file + ts_entry(0, 0), listed, listed_len);
    assert_int_equal(ts_get_le(file, TS_FLAGS, 4), GALP_FLAG_NARROW_LANE_ENDS | GALP_FLAG_ALPRD_DICT_IN_ENTRY);
    assert_int_equal(file[5], 4);
    const size_t payload = (size_t)ts_get_le(file, ts_entry(0, TS_ENT_PAYLOAD_OFFSET), 8);
    const size_t wide_payload = (size_t)ts_get_le(wide, ts_entry(0, TS_ENT_PAYLOAD_OFFSET), 8);
    /* right parts and codes: the wide file's bytes 16 … 2191 */
    assert_memory_equal(file + payload, wide + wide_payload + 16, 2176);
    /* the exception left parts and positions follow 32 u8 lane ends */
    assert_memory_equal(file + payload + 2176 + 32, wide + wide_payload + 2192 + 64, 12);
    ts_check_decodes_to(file, len, GALP_TYPE_F32, values, GALP_VECTOR_SIZE);
    free(listed);
    free(wide);
    free(file);
}


/* spec/fastlanes.md §6.1: x[i] = 5000 − 3·i, every difference −3, so b = 0. */
static void test_delta_u16_descending(void **state)
{
    (void)state;
    uint16_t values[100];
    for (uint32_t i = 0; i < 100; i++)
        values[i] = (uint16_t)(5000 - 3 * i);
    check_scheme_file_example("spec/fastlanes.md", "delta-u16-descending", GALP_TYPE_U16,
                              GALP_SCHEME_DELTA, 0, values, 100);
}

/* spec/fastlanes.md §2.3.1: the values of §6.1 with packed lane bases: B = 0x126b, c = 9. */
static void test_delta_u16_packed_lane_bases(void **state)
{
    (void)state;
    uint16_t values[100];
    for (uint32_t i = 0; i < 100; i++)
        values[i] = (uint16_t)(5000 - 3 * i);
    check_scheme_file_example("spec/fastlanes.md", "delta-u16-packed-lane-bases", GALP_TYPE_U16,
                              GALP_SCHEME_DELTA, GALP_FLAG_PACKED_LANE_BASES, values, 100);
}

/* spec/fastlanes.md §6.2: runs of 7, 9, 7. */
static void test_rle_u32_three_runs(void **state)
{
    (void)state;
    uint32_t values[300];
    for (uint32_t i = 0; i < 300; i++)
        values[i] = i >= 100 && i < 250 ? 9 : 7;
    check_scheme_file_example("spec/fastlanes.md", "rle-u32-three-runs", GALP_TYPE_U32,
                              GALP_SCHEME_RLE, 0, values, 300);
}

/* spec/fastlanes.md §8.4: the runs of §6.2 as RUNS. */
static void test_runs_u32_three_runs(void **state)
{
    (void)state;
    uint32_t values[300];
    for (uint32_t i = 0; i < 300; i++)
        values[i] = i >= 100 && i < 250 ? 9 : 7;
    check_scheme_file_example("spec/fastlanes.md", "runs-u32-three-runs", GALP_TYPE_U32,
                              GALP_SCHEME_RUNS, 0, values, 300);
}

/* spec/fastlanes.md §8.5.1: 1000000 + 3 · (i div 2), delta-coded run values. */
static void test_runs_u32_delta_values(void **state)
{
    (void)state;
    uint32_t values[64];
    for (uint32_t i = 0; i < 64; i++)
        values[i] = 1000000 + 3 * (i / 2);
    check_scheme_file_example("spec/fastlanes.md", "runs-u32-delta-values", GALP_TYPE_U32,
                              GALP_SCHEME_RUNS, GALP_FLAG_RUNS_DELTA_VALUES, values, 64);
}

/* spec/fastlanes.md §8.6.1: runs of 2 and 1 values in turn, rising 5 and falling 2 in turn:
 * offset-coded run values, narrower than zig-zag coded ones. */
static void test_runs_u32_offset_values(void **state)
{
    (void)state;
    uint32_t values[48];
    uint32_t n = 0;
    for (uint32_t j = 0; j < 32; j++)
        for (uint32_t i = 0; i < (j % 2 == 0 ? 2u : 1u); i++)
            values[n++] = 1000 + 3 * (j / 2) - 2 * (j % 2);
    check_scheme_file_example("spec/fastlanes.md", "runs-u32-offset-values", GALP_TYPE_U32,
                              GALP_SCHEME_RUNS, GALP_FLAG_RUNS_DELTA_VALUES | GALP_FLAG_RUNS_OFFSET_VALUES,
                              values, 48);
}

/* spec/fastlanes.md §6.3: 1.5, 2.25, −0.0 repeated; the dictionary holds bit patterns. */
static void test_dict_f64_three_values(void **state)
{
    (void)state;
    const double cycle[3] = {1.5, 2.25, -0.0};
    double values[200];
    for (uint32_t i = 0; i < 200; i++)
        values[i] = cycle[i % 3];
    check_scheme_file_example("spec/fastlanes.md", "dict-f64-three-values", GALP_TYPE_F64,
                              GALP_SCHEME_DICT, 0, values, 200);
}

/* spec/tile.md §3.4: miniblock widths 0, 1, 3 and 32 in one block. */
static void test_tile_gpu_for(void **state)
{
    (void)state;
    uint32_t values[128];
    for (uint32_t r = 0; r < 32; r++) {
        values[r] = 5;
        values[32 + r] = 5 + r % 2;
        values[64 + r] = 5 + r % 8;
        values[96 + r] = r % 2 ? 0xffffffffu : 5;
    }
    check_scheme_file_example("spec/tile.md", "tile-gpu-for-widths", GALP_TYPE_U32,
                              GALP_SCHEME_GPU_FOR, 0, values, 128);
}

/* spec/tile.md §4.4: deltas -7, then -2 … 2; signed reference, filler miniblocks. */
static void test_tile_gpu_dfor(void **state)
{
    (void)state;
    uint32_t values[64];
    for (uint32_t i = 0; i < 32; i++)
        values[i] = 5000 - 7 * i;
    for (uint32_t j = 0; j < 32; j++)
        values[32 + j] = values[31 + j] + j % 5 - 2;
    check_scheme_file_example("spec/tile.md", "tile-gpu-dfor-down-up", GALP_TYPE_U32,
                              GALP_SCHEME_GPU_DFOR, 0, values, 64);
}

/* spec/tile.md §5.4: runs 7×5, 9×3, 7×504. */
static void test_tile_gpu_rfor(void **state)
{
    (void)state;
    uint32_t values[512];
    for (uint32_t i = 0; i < 512; i++)
        values[i] = i >= 5 && i < 8 ? 9 : 7;
    check_scheme_file_example("spec/tile.md", "tile-gpu-rfor-runs", GALP_TYPE_U32,
                              GALP_SCHEME_GPU_RFOR, 0, values, 512);
}

/* Every listing in the spec files is one this program checks. */
static void test_every_listing_is_checked(void **state)
{
    (void)state;
    size_t found = 0;
    for (size_t d = 0; d < sizeof spec_files / sizeof spec_files[0]; d++) {
        char *text = read_spec(spec_files[d]);
        for (const char *p = strstr(text, EXAMPLE_OPENING); p != NULL;
             p = strstr(p + 1, EXAMPLE_OPENING)) {
            const char *name = p + strlen(EXAMPLE_OPENING);
            size_t name_len = strcspn(name, "\n");
            bool known = false;
            for (size_t k = 0; k < sizeof checked_examples / sizeof checked_examples[0]; k++)
                known |= strlen(checked_examples[k]) == name_len &&
                         strncmp(checked_examples[k], name, name_len) == 0;
            if (!known)
                fail_msg("%s: listing \"%.*s\" is not checked by this test", spec_files[d],
                         (int)name_len, name);
            found++;
        }
        free(text);
    }
    assert_int_equal(found, sizeof checked_examples / sizeof checked_examples[0]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ffor_u32_b3),
        cmocka_unit_test(test_ffor_u8_b5),
        cmocka_unit_test(test_ffor_u16_b16),
        cmocka_unit_test(test_ffor_u8_wrap),
        cmocka_unit_test(test_ffor_u16_b0_file),
        cmocka_unit_test(test_ffor_u8_patched_file),
        cmocka_unit_test(test_format_empty),
        cmocka_unit_test(test_format_three),
        cmocka_unit_test(test_format_three_checksums),
        cmocka_unit_test(test_format_thirty_two),
        cmocka_unit_test(test_alprd_f32),
        cmocka_unit_test(test_alprd_f32_entry),
        cmocka_unit_test(test_delta_u16_descending),
        cmocka_unit_test(test_delta_u16_packed_lane_bases),
        cmocka_unit_test(test_rle_u32_three_runs),
        cmocka_unit_test(test_runs_u32_three_runs),
        cmocka_unit_test(test_runs_u32_delta_values),
        cmocka_unit_test(test_runs_u32_offset_values),
        cmocka_unit_test(test_dict_f64_three_values),
        cmocka_unit_test(test_tile_gpu_for),
        cmocka_unit_test(test_tile_gpu_dfor),
        cmocka_unit_test(test_tile_gpu_rfor),
        cmocka_unit_test(test_galp_compact),
        cmocka_unit_test(test_galp_narrow),
        cmocka_unit_test(test_every_listing_is_checked),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
