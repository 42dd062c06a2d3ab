/*
 * test_support.h — helpers shared by the container, FFOR and spec-example tests: a seeded
 * random generator, an independent CRC32C, little-endian field access to build and corrupt
 * files, and "compress, check, return the file" wrappers.
 */
#ifndef GALP_TEST_SUPPORT_H
#define GALP_TEST_SUPPORT_H

#include <stddef.h>
#include <stdint.h>

#include "galp.h"
#include "galp_gpu.h"

struct CMUnitTest;

/* Runs the group `tests` (count of them, named `name`) with cmocka, or with GALP_TEST_ONLY =
 * PATTERN[,PATTERN...] set, only the tests whose names match one of the patterns (cmocka's *
 * and ? wildcards), a group run per pattern: a subset under compute-sanitizer, for instance,
 * which runs every kernel far slower. Returns the failed tests' count. */
int ts_run_tests(const char *name, const struct CMUnitTest *tests, size_t count);
#define TS_RUN_TESTS(tests) ts_run_tests(#tests, tests, sizeof(tests) / sizeof((tests)[0]))

/* splitmix64: tests are reproducible from their seed. */
uint64_t ts_random(uint64_t *state);
/* Uniform in [0, bound) for bound >= 1 (slight bias is irrelevant for tests). */
uint64_t ts_random_below(uint64_t *state, uint64_t bound);

/* Value i of an array of native values of `type`: its bit pattern, zero-extended (the hosts
 * are little-endian); and the store of such a pattern. */
uint64_t ts_bits_at(galp_type type, const uint8_t *values, uint64_t i);
void ts_store_bits(galp_type type, uint8_t *values, uint64_t i, uint64_t bits);
/* The bit patterns of a double, a float, and of x as a value of the float type `type`
 * (rounded to float for f32). */
uint64_t ts_f64_bits(double x);
uint64_t ts_f32_bits(float x);
uint64_t ts_float_bits(galp_type type, double x);
/* The double and the float whose bit patterns are the (low) bits. */
double ts_as_f64(uint64_t bits);
float ts_as_f32(uint64_t bits);
/* lo <= x <= hi for bit patterns of `type` as the library defines it: IEEE comparisons for
 * floats (a NaN matches nothing, -0 == +0), unsigned for integers. */
int ts_in_range(galp_type type, uint64_t x, uint64_t lo, uint64_t hi);

/* Whether a bit pattern of `type` is a NaN (never for integers). */
int ts_is_nan_bits(galp_type type, uint64_t bits);
/* a < b for values of `type` that are not NaN: numeric, with -0 < +0 for floats; unsigned for
 * integers. */
int ts_value_below(galp_type type, uint64_t a, uint64_t b);

/* Asserts that *got is the aggregate of the n values of `type` (include/galp_gpu.h): counts,
 * extremes and integer sums exact, float sums within the bound of two orders of addition. */
void ts_check_aggregate(galp_type type, const uint8_t *values, uint64_t n, const galp_gpu_aggregate *got);

/* The bytes of a file (*len of them; free them), or NULL when it cannot be opened. */
uint8_t *ts_read_file(const char *path, size_t *len);

/* CRC32C written bit by bit from spec/format.md §3.4, independent of the library's. */
uint32_t ts_crc32c(const uint8_t *data, size_t len);

/* Little-endian field access at a byte offset of a file. */
uint64_t ts_get_le(const uint8_t *file, size_t offset, unsigned bytes);
void ts_put_le(uint8_t *file, size_t offset, unsigned bytes, uint64_t value);

/* Header field offsets (spec/format.md §3.1) and entry field offsets (§3.3). */
enum {
    TS_VERSION_MAJOR = 4, TS_VERSION_MINOR = 5, TS_VALUE_TYPE = 6, TS_COLUMN_SCHEME = 7,
    TS_VALUE_COUNT = 8, TS_VECTOR_COUNT = 16, TS_FLAGS = 20, TS_METADATA_OFFSET = 24,
    TS_PAYLOAD_OFFSET = 32, TS_PAYLOAD_END = 40, TS_FILE_SIZE = 48, TS_RESERVED = 56,
    TS_CHECKSUM = 60
};
enum {
    TS_ENT_PAYLOAD_OFFSET = 0, TS_ENT_BASE = 8, TS_ENT_PAYLOAD_SIZE = 16,
    TS_ENT_EXCEPTION_COUNT = 20, TS_ENT_SCHEME = 22, TS_ENT_BIT_WIDTH = 23, TS_ENT_EXPONENT = 24,
    TS_ENT_FACTOR = 25, TS_ENT_RESERVED = 26, TS_ENT_PAYLOAD_CHECKSUM = 28
};
/* Byte offset of field `field` of vector v's metadata entry. */
size_t ts_entry(uint32_t vector, size_t field);

/* Recomputes the header checksum after a deliberate change, so that the check meant to fire
 * is reached. Covers the vector_count entries the header names: the file must hold them. */
void ts_reseal(uint8_t *file);

/* A sealed format 1.2 file of one vector (spec/format.md §3): m values of `type`, column and
 * vector scheme `scheme`, the entry's base, bit width b and exception count, and `payload`
 * (size bytes) at offset 96, then the tail padding. The caller frees it; *len is its size. */
uint8_t *ts_one_vector_file(galp_type type, galp_scheme scheme, uint32_t m, uint64_t base,
                            unsigned b, uint16_t count, const uint8_t *payload, uint32_t size,
                            size_t *len);

/* The header flags ts_compress passes: galp_compress's of format 1.7 and offset-coded RUNS
 * values; the tests of patched FFOR vectors add GALP_FLAG_PATCHED_FFOR themselves, so that the
 * other tests keep the FFOR widths they assert. */
#define TS_COMPRESS_FLAGS                                                                          \
    (GALP_FLAG_COMPACT_GALP | GALP_FLAG_NARROW_LANE_ENDS | GALP_FLAG_ALPRD_DICT_IN_ENTRY |         \
     GALP_FLAG_PACKED_LANE_BASES | GALP_FLAG_RUNS_DELTA_VALUES | GALP_FLAG_RUNS_OFFSET_VALUES)

/* Compresses with TS_COMPRESS_FLAGS (asserting success and size <= bound) into a buffer of
 * exactly the file's size; the caller frees it. */
uint8_t *ts_compress(galp_type type, galp_scheme scheme, const void *values, uint64_t n,
                     size_t *len);
/* The same with header flags (galp_compress_ex). */
uint8_t *ts_compress_ex(galp_type type, galp_scheme scheme, uint32_t flags, const void *values,
                        uint64_t n, size_t *len);

/* Compresses one full vector of 1024 values with FFOR, asserts that it is stored FFOR with
 * exactly this bit width and base (payload 128·b bytes, spec/ffor.md §3) and that it decodes
 * back; returns the file (caller frees) and vector 0's metadata. */
uint8_t *ts_compress_ffor_vector(galp_type type, const void *values, unsigned bit_width,
                                 uint64_t base, size_t *len, galp_vector_info *info);

/* Asserts that the file opens, and that bulk decoding, decoding vector by vector and getting
 * every value one at a time all reproduce the n values exactly. */
void ts_check_decodes_to(const uint8_t *file, size_t len, galp_type type, const void *values,
                         uint64_t n);

/* Returns the status of galp_open on a private heap copy of file[0 .. len), so that
 * AddressSanitizer catches any read past len. */
galp_status ts_open_copy(const uint8_t *file, size_t len);

/* Asserts that galp_open, galp_decompress and galp_decompress_bound all report `expected` for
 * a heap copy of file[0 .. len) decoding to at most 64 KiB, and that a failing galp_decompress
 * writes no output. */
void ts_expect_status(const uint8_t *file, size_t len, galp_status expected);

#endif /* GALP_TEST_SUPPORT_H */
