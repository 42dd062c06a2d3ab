/*
 * test_payload_checksum.c — payload checksums (spec/format.md §3.3, §6 step 10.9): what
 * galp_compress_ex writes with GALP_FLAG_PAYLOAD_CHECKSUMS, and that a flipped payload bit,
 * payloads swapped inside a file or spliced in from another file are rejected with
 * GALP_ERR_PAYLOAD_CHECKSUM by every decoding entry point, leaving the output untouched.
 *
 * Files are opened from exactly sized heap copies, so AddressSanitizer builds also prove that
 * the payload hashing never reads outside the buffer.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test_support.h"

#define U32_N 3000u

/* u32 values in three vectors: 0 and 1 FFOR of the same bit width (equal payload sizes, for
 * swapping), the last one (952 values) random and therefore RAW. `salt` varies the values. */
static uint8_t *u32_file(uint32_t flags, uint64_t salt, uint32_t *values, size_t *len)
{
    uint64_t seed = 20 + salt;
    for (uint32_t i = 0; i < U32_N; i++)
        values[i] = i < 2048 ? 1000 + (uint32_t)ts_random_below(&seed, 256)
                             : (uint32_t)ts_random(&seed);
    values[2048] = 0;
    values[2049] = UINT32_MAX;
    return ts_compress_ex(GALP_TYPE_U32, GALP_SCHEME_FFOR, flags, values, U32_N, len);
}

/* f64 decimals with a NaN every 97 values: ALP or G-ALP vectors with exceptions. */
static uint8_t *f64_file(galp_scheme scheme, uint32_t flags, double *values, uint32_t n,
                         size_t *len)
{
    for (uint32_t i = 0; i < n; i++)
        values[i] = i % 97 == 5 ? (double)NAN : (double)(int)(i * 37 % 1000) / 100.0;
    return ts_compress_ex(GALP_TYPE_F64, scheme, flags, values, n, len);
}

static uint64_t payload_offset(const uint8_t *file, uint32_t v)
{
    return ts_get_le(file, ts_entry(v, TS_ENT_PAYLOAD_OFFSET), 8);
}

static uint32_t payload_size(const uint8_t *file, uint32_t v)
{
    return (uint32_t)ts_get_le(file, ts_entry(v, TS_ENT_PAYLOAD_SIZE), 4);
}

/* Recomputes vector v's payload checksum from spec/format.md §3.3 and reseals the header. */
static void reseal_payload(uint8_t *file, uint32_t v)
{
    ts_put_le(file, ts_entry(v, TS_ENT_PAYLOAD_CHECKSUM), 4,
              ts_crc32c(file + payload_offset(file, v), payload_size(file, v)));
    ts_reseal(file);
}

/* ---- what the encoder writes -------------------------------------------------------- */

static void test_encoder_writes_checksums(void **state)
{
    (void)state;
    uint32_t values[U32_N];
    size_t len, plain_len;
    uint8_t *file = u32_file(GALP_FLAG_PAYLOAD_CHECKSUMS, 0, values, &len);
    uint8_t *plain = u32_file(0, 0, values, &plain_len);

    /* Version 1.1, flag bit 0; the same size and payloads as the 1.0 file. */
    assert_int_equal(file[TS_VERSION_MINOR], 1);
    assert_int_equal(ts_get_le(file, TS_FLAGS, 4), GALP_FLAG_PAYLOAD_CHECKSUMS);
    assert_int_equal(plain[TS_VERSION_MINOR], 0);
    assert_int_equal(ts_get_le(plain, TS_FLAGS, 4), 0);
    assert_int_equal(len, plain_len);
    const uint64_t first = payload_offset(file, 0);
    assert_memory_equal(file + first, plain + first, len - first);

    assert_int_equal(ts_get_le(file, TS_VECTOR_COUNT, 4), 3);
    for (uint32_t v = 0; v < 3; v++) {
        assert_int_equal(file[ts_entry(v, TS_ENT_RESERVED)], 0);
        assert_int_equal(file[ts_entry(v, TS_ENT_RESERVED) + 1], 0);
        assert_int_equal(ts_get_le(file, ts_entry(v, TS_ENT_PAYLOAD_CHECKSUM), 4),
                         ts_crc32c(file + payload_offset(file, v), payload_size(file, v)));
        assert_int_equal(ts_get_le(plain, ts_entry(v, TS_ENT_PAYLOAD_CHECKSUM), 4), 0);
    }
    assert_int_equal(file[ts_entry(2, TS_ENT_SCHEME)], GALP_SCHEME_RAW);

    galp_column column;
    assert_int_equal(galp_open(&column, file, len), GALP_OK);
    assert_int_equal(column.flags, GALP_FLAG_PAYLOAD_CHECKSUMS);
    assert_int_equal(column.version_minor, 1);
    galp_vector_info info;
    assert_int_equal(galp_vector_info_get(&column, 1, &info), GALP_OK);
    assert_int_equal(info.payload_checksum,
                     ts_get_le(file, ts_entry(1, TS_ENT_PAYLOAD_CHECKSUM), 4));
    ts_check_decodes_to(file, len, GALP_TYPE_U32, values, U32_N);
    free(plain);
    free(file);
}

/* Every scheme, empty columns and a zero-length payload (FFOR b = 0, CRC of no bytes = 0). */
static void test_checksummed_files_decode(void **state)
{
    (void)state;
    static double values[2500];
    size_t len;
    for (galp_scheme s = GALP_SCHEME_RAW; s <= GALP_SCHEME_GALP; s++) {
        if (s == GALP_SCHEME_FFOR)
            continue;
        uint8_t *file = f64_file(s, GALP_FLAG_PAYLOAD_CHECKSUMS, values, 2500, &len);
        ts_check_decodes_to(file, len, GALP_TYPE_F64, values, 2500);
        free(file);
    }
    uint8_t *file = ts_compress_ex(GALP_TYPE_U16, GALP_SCHEME_FFOR,
                                   GALP_FLAG_PAYLOAD_CHECKSUMS, NULL, 0, &len);
    assert_int_equal(len, 320);
    ts_check_decodes_to(file, len, GALP_TYPE_U16, NULL, 0);
    free(file);

    uint8_t constant[GALP_VECTOR_SIZE];
    memset(constant, 7, sizeof constant);
    file = ts_compress_ex(GALP_TYPE_U8, GALP_SCHEME_FFOR, GALP_FLAG_PAYLOAD_CHECKSUMS, constant,
                          GALP_VECTOR_SIZE, &len);
    assert_int_equal(payload_size(file, 0), 0);
    assert_int_equal(ts_get_le(file, ts_entry(0, TS_ENT_PAYLOAD_CHECKSUM), 4), 0);
    ts_check_decodes_to(file, len, GALP_TYPE_U8, constant, GALP_VECTOR_SIZE);
    free(file);
}

/* ---- corruption ---------------------------------------------------------------------- */

/* One flipped bit anywhere in any payload is caught; without checksums the same file is
 * accepted (the reason for the feature). */
static void test_flipped_payload_bit(void **state)
{
    (void)state;
    uint32_t u32_values[U32_N];
    static double f64_values[2500];
    size_t lens[4], plain_len;
    uint8_t *files[4] = {
        u32_file(GALP_FLAG_PAYLOAD_CHECKSUMS, 0, u32_values, &lens[0]),
        f64_file(GALP_SCHEME_ALP, GALP_FLAG_PAYLOAD_CHECKSUMS, f64_values, 2500, &lens[1]),
        f64_file(GALP_SCHEME_GALP, GALP_FLAG_PAYLOAD_CHECKSUMS, f64_values, 2500, &lens[2]),
        f64_file(GALP_SCHEME_RAW, GALP_FLAG_PAYLOAD_CHECKSUMS, f64_values, 2500, &lens[3]),
    };
    uint64_t seed = 21;
    for (int k = 0; k < 4; k++) {
        const uint32_t nv = (uint32_t)ts_get_le(files[k], TS_VECTOR_COUNT, 4);
        for (int round = 0; round < 40; round++) {
            const uint32_t v = (uint32_t)ts_random_below(&seed, nv);
            const size_t at = payload_offset(files[k], v) +
                              ts_random_below(&seed, payload_size(files[k], v));
            const uint8_t bit = (uint8_t)(1u << ts_random_below(&seed, 8));
            files[k][at] ^= bit;
            ts_expect_status(files[k], lens[k], GALP_ERR_PAYLOAD_CHECKSUM);
            files[k][at] ^= bit;
        }
        ts_expect_status(files[k], lens[k], GALP_OK);
    }
    /* The 1.0 file: same flip, decodes to wrong values with no error. */
    uint8_t *plain = u32_file(0, 0, u32_values, &plain_len);
    plain[payload_offset(plain, 1) + 5] ^= 0x10;
    ts_expect_status(plain, plain_len, GALP_OK);
    free(plain);
    for (int k = 0; k < 4; k++)
        free(files[k]);
}

/* Payloads of equal size exchanged within a file, or copied from another file: the header
 * checksum covers the table of payload checksums, so neither passes. */
static void test_swapped_and_spliced_payloads(void **state)
{
    (void)state;
    uint32_t values[U32_N];
    size_t len, other_len;
    uint8_t *file = u32_file(GALP_FLAG_PAYLOAD_CHECKSUMS, 0, values, &len);
    uint8_t *other = u32_file(GALP_FLAG_PAYLOAD_CHECKSUMS, 1, values, &other_len);
    const uint32_t size = payload_size(file, 0);
    assert_int_equal(payload_size(file, 1), size);
    assert_int_equal(payload_size(other, 0), size);
    assert_int_equal(len, other_len);

    uint8_t *swapped = malloc(len);
    assert_non_null(swapped);
    memcpy(swapped, file, len);
    memcpy(swapped + payload_offset(file, 0), file + payload_offset(file, 1), size);
    memcpy(swapped + payload_offset(file, 1), file + payload_offset(file, 0), size);
    ts_expect_status(swapped, len, GALP_ERR_PAYLOAD_CHECKSUM);

    /* Vector 1's payload replaced by the other file's vector 0; then that vector's payload
     * checksum copied along too: the header checksum fails instead. */
    memcpy(swapped, file, len);
    memcpy(swapped + payload_offset(file, 1), other + payload_offset(other, 0), size);
    ts_expect_status(swapped, len, GALP_ERR_PAYLOAD_CHECKSUM);
    memcpy(swapped + ts_entry(1, TS_ENT_PAYLOAD_CHECKSUM),
           other + ts_entry(0, TS_ENT_PAYLOAD_CHECKSUM), 4);
    ts_expect_status(swapped, len, GALP_ERR_CHECKSUM);
    free(swapped);
    free(other);
    free(file);
}

/* ---- the order of checks (spec/format.md §6) ------------------------------------------ */

static void test_check_order(void **state)
{
    (void)state;
    uint32_t values[U32_N];
    static double f64_values[2100];
    size_t len;
    uint8_t *file = u32_file(GALP_FLAG_PAYLOAD_CHECKSUMS, 0, values, &len);

    /* Step 10.9 of vector 0 comes before step 10.3 of vector 1. */
    const uint8_t bit_width = file[ts_entry(1, TS_ENT_BIT_WIDTH)];
    file[payload_offset(file, 0)] ^= 1;
    ts_put_le(file, ts_entry(1, TS_ENT_BIT_WIDTH), 1, 33);
    ts_reseal(file);
    ts_expect_status(file, len, GALP_ERR_PAYLOAD_CHECKSUM);
    /* A wrong payload checksum of a valid payload is the same class. */
    file[payload_offset(file, 0)] ^= 1;
    ts_put_le(file, ts_entry(1, TS_ENT_BIT_WIDTH), 1, bit_width);
    ts_put_le(file, ts_entry(2, TS_ENT_PAYLOAD_CHECKSUM) + 3, 1,
              file[ts_entry(2, TS_ENT_PAYLOAD_CHECKSUM) + 3] ^ 0x80);
    ts_reseal(file);
    ts_expect_status(file, len, GALP_ERR_PAYLOAD_CHECKSUM);
    free(file);

    /* Step 10.9 before the scheme's own checks (10.10): an exception position broken by
     * corruption is reported as corruption; with its checksum recomputed, as the position. */
    file = f64_file(GALP_SCHEME_ALP, GALP_FLAG_PAYLOAD_CHECKSUMS, f64_values, 2100, &len);
    const uint64_t c = ts_get_le(file, ts_entry(0, TS_ENT_EXCEPTION_COUNT), 2);
    assert_true(c >= 2);
    const size_t positions = payload_offset(file, 0) +
                             128u * file[ts_entry(0, TS_ENT_BIT_WIDTH)] + 8u * c;
    ts_put_le(file, positions + 2, 2, ts_get_le(file, positions, 2)); /* duplicate position */
    ts_expect_status(file, len, GALP_ERR_PAYLOAD_CHECKSUM);
    reseal_payload(file, 0);
    ts_expect_status(file, len, GALP_ERR_EXCEPTION_POSITION);
    free(file);
}

/* Header flags other than bit 0 stay reserved; entry bytes 26–27 are reserved with checksums,
 * 28–31 without (spec/format.md §3.3). */
static void test_reserved_bits(void **state)
{
    (void)state;
    uint32_t values[U32_N];
    size_t len;
    uint8_t *file = u32_file(GALP_FLAG_PAYLOAD_CHECKSUMS, 0, values, &len);
    ts_put_le(file, TS_FLAGS, 4, GALP_FLAG_PAYLOAD_CHECKSUMS | 4u);
    ts_reseal(file);
    ts_expect_status(file, len, GALP_ERR_RESERVED);
    ts_put_le(file, TS_FLAGS, 4, GALP_FLAG_PAYLOAD_CHECKSUMS);
    for (unsigned i = 0; i < 2; i++) {
        file[ts_entry(1, TS_ENT_RESERVED) + i] = 1;
        ts_reseal(file);
        ts_expect_status(file, len, GALP_ERR_RESERVED);
        file[ts_entry(1, TS_ENT_RESERVED) + i] = 0;
    }
    /* Flag cleared, checksums left in the entries: they are reserved bytes of a 1.0 file. */
    ts_put_le(file, TS_FLAGS, 4, 0);
    ts_reseal(file);
    ts_expect_status(file, len, GALP_ERR_RESERVED);
    free(file);

    /* Flag set on a 1.0 file: its zero checksums do not match the payloads. */
    file = u32_file(0, 0, values, &len);
    ts_put_le(file, TS_FLAGS, 4, GALP_FLAG_PAYLOAD_CHECKSUMS);
    ts_reseal(file);
    ts_expect_status(file, len, GALP_ERR_PAYLOAD_CHECKSUM);
    free(file);
}

/* ---- the API ----------------------------------------------------------------------------- */

static void test_compress_ex_arguments(void **state)
{
    (void)state;
    uint8_t dst[1024];
    size_t len;
    const uint32_t values[3] = {1, 2, 3};
    assert_int_equal(galp_compress_ex(GALP_TYPE_U32, GALP_SCHEME_FFOR, 1u << 30, values, 3, dst,
                                      sizeof dst, &len),
                     GALP_ERR_ARGUMENT);
    assert_int_equal(galp_compress_ex(GALP_TYPE_U32, GALP_SCHEME_FFOR, UINT32_MAX, values, 3, dst,
                                      sizeof dst, &len),
                     GALP_ERR_ARGUMENT);
    assert_int_equal(galp_compress_ex(GALP_TYPE_U32, GALP_SCHEME_FFOR,
                                      GALP_FLAG_PAYLOAD_CHECKSUMS, values, 3, dst, 367, &len),
                     GALP_ERR_DST_TOO_SMALL);
    assert_int_equal(galp_compress_ex(GALP_TYPE_U32, GALP_SCHEME_FFOR,
                                      GALP_FLAG_PAYLOAD_CHECKSUMS, values, 3, dst, 368, &len),
                     GALP_OK);
    assert_int_equal(len, 368);
}

/* galp_convert_scheme keeps the checksums, recomputed over the regrouped payloads. */
static void test_convert_keeps_checksums(void **state)
{
    (void)state;
    static double values[2500];
    size_t len;
    uint8_t *file = f64_file(GALP_SCHEME_ALP, GALP_FLAG_PAYLOAD_CHECKSUMS, values, 2500, &len);
    size_t cap = len + 64 * 3, converted_len;
    uint8_t *converted = malloc(cap);
    assert_non_null(converted);
    assert_int_equal(galp_convert_scheme(file, len, GALP_SCHEME_GALP, converted, cap,
                                         &converted_len),
                     GALP_OK);
    /* The G-ALP vectors have a few exceptions each: narrow lane ends (spec/galp.md §1.2). */
    assert_int_equal(ts_get_le(converted, TS_FLAGS, 4),
                     GALP_FLAG_PAYLOAD_CHECKSUMS | GALP_FLAG_NARROW_LANE_ENDS);
    assert_int_equal(converted[TS_VERSION_MINOR], 3);
    for (uint32_t v = 0; v < 3; v++)
        assert_int_equal(ts_get_le(converted, ts_entry(v, TS_ENT_PAYLOAD_CHECKSUM), 4),
                         ts_crc32c(converted + payload_offset(converted, v),
                                   payload_size(converted, v)));
    ts_check_decodes_to(converted, converted_len, GALP_TYPE_F64, values, 2500);

    /* A corrupted source is refused before anything is converted. */
    file[payload_offset(file, 2) + 1] ^= 4;
    assert_int_equal(galp_convert_scheme(file, len, GALP_SCHEME_GALP, converted, cap,
                                         &converted_len),
                     GALP_ERR_PAYLOAD_CHECKSUM);
    free(converted);
    free(file);
}

static void test_status_text(void **state)
{
    (void)state;
    assert_string_equal(galp_status_name(GALP_ERR_PAYLOAD_CHECKSUM), "GALP_ERR_PAYLOAD_CHECKSUM");
    assert_string_not_equal(galp_strerror(GALP_ERR_PAYLOAD_CHECKSUM),
                            galp_strerror(GALP_ERR_CHECKSUM));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_encoder_writes_checksums),
        cmocka_unit_test(test_checksummed_files_decode),
        cmocka_unit_test(test_flipped_payload_bit),
        cmocka_unit_test(test_swapped_and_spliced_payloads),
        cmocka_unit_test(test_check_order),
        cmocka_unit_test(test_reserved_bits),
        cmocka_unit_test(test_compress_ex_arguments),
        cmocka_unit_test(test_convert_keeps_checksums),
        cmocka_unit_test(test_status_text),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
