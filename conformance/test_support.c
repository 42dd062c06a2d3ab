/*
 * test_support.c — see test_support.h.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test_support.h"

uint64_t ts_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

uint64_t ts_random_below(uint64_t *state, uint64_t bound)
{
    return ts_random(state) % bound;
}

uint32_t ts_crc32c(const uint8_t *data, size_t len)
{
    uint32_t crc = 0xFFFFFFFFu;
    for (size_t i = 0; i < len; i++) {
        crc ^= data[i];
        for (int bit = 0; bit < 8; bit++)
            crc = (crc & 1u) ? (crc >> 1) ^ 0x82F63B78u : crc >> 1;
    }
    return crc ^ 0xFFFFFFFFu;
}

uint64_t ts_get_le(const uint8_t *file, size_t offset, unsigned bytes)
{
    uint64_t value = 0;
    for (unsigned i = 0; i < bytes; i++)
        value |= (uint64_t)file[offset + i] << (8 * i);
    return value;
}

void ts_put_le(uint8_t *file, size_t offset, unsigned bytes, uint64_t value)
{
    for (unsigned i = 0; i < bytes; i++)
        file[offset + i] = (uint8_t)(value >> (8 * i));
}

size_t ts_entry(uint32_t vector, size_t field)
{
    return GALP_HEADER_SIZE + (size_t)vector * GALP_VECTOR_ENTRY_SIZE + field;
}

void ts_reseal(uint8_t *file)
{
    size_t metadata = (size_t)ts_get_le(file, TS_VECTOR_COUNT, 4) * GALP_VECTOR_ENTRY_SIZE;
    uint8_t *covered = malloc(TS_CHECKSUM + metadata);
    assert_non_null(covered);
    memcpy(covered, file, TS_CHECKSUM);
    memcpy(covered + TS_CHECKSUM, file + GALP_HEADER_SIZE, metadata);
    ts_put_le(file, TS_CHECKSUM, 4, ts_crc32c(covered, TS_CHECKSUM + metadata));
    free(covered);
}

uint8_t *ts_one_vector_file(galp_type type, galp_scheme scheme, uint32_t m, uint64_t base,
                            unsigned b, uint16_t count, const uint8_t *payload, uint32_t size,
                            size_t *len)
{
    const size_t end = 96 + ((size + 15u) & ~15u);
    *len = end + GALP_TAIL_PADDING;
    uint8_t *file = calloc(*len, 1);
    assert_non_null(file);
    memcpy(file, "GALP", 4);
    file[TS_VERSION_MAJOR] = 1;
    file[TS_VERSION_MINOR] = 2;
    file[TS_VALUE_TYPE] = (uint8_t)type;
    file[TS_COLUMN_SCHEME] = (uint8_t)scheme;
    ts_put_le(file, TS_VALUE_COUNT, 8, m);
    ts_put_le(file, TS_VECTOR_COUNT, 4, 1);
    ts_put_le(file, TS_METADATA_OFFSET, 8, 64);
    ts_put_le(file, TS_PAYLOAD_OFFSET, 8, 96);
    ts_put_le(file, TS_PAYLOAD_END, 8, end);
    ts_put_le(file, TS_FILE_SIZE, 8, *len);
    ts_put_le(file, ts_entry(0, TS_ENT_PAYLOAD_OFFSET), 8, 96);
    ts_put_le(file, ts_entry(0, TS_ENT_BASE), 8, base);
    ts_put_le(file, ts_entry(0, TS_ENT_PAYLOAD_SIZE), 4, size);
    ts_put_le(file, ts_entry(0, TS_ENT_EXCEPTION_COUNT), 2, count);
    file[ts_entry(0, TS_ENT_SCHEME)] = (uint8_t)scheme;
    file[ts_entry(0, TS_ENT_BIT_WIDTH)] = (uint8_t)b;
    memcpy(file + 96, payload, size);
    ts_reseal(file);
    return file;
}

uint64_t ts_bits_at(galp_type type, const uint8_t *values, uint64_t i)
{
    uint64_t bits = 0;
    memcpy(&bits, values + i * galp_type_size(type), galp_type_size(type));
    return bits;
}

void ts_store_bits(galp_type type, uint8_t *values, uint64_t i, uint64_t bits)
{
    memcpy(values + i * galp_type_size(type), &bits, galp_type_size(type));
}

uint64_t ts_f64_bits(double x)
{
    uint64_t b;
    memcpy(&b, &x, sizeof b);
    return b;
}

uint64_t ts_f32_bits(float x)
{
    uint32_t b;
    memcpy(&b, &x, sizeof b);
    return b;
}

uint64_t ts_float_bits(galp_type type, double x)
{
    return type == GALP_TYPE_F64 ? ts_f64_bits(x) : ts_f32_bits((float)x);
}

double ts_as_f64(uint64_t bits)
{
    double x;
    memcpy(&x, &bits, sizeof x);
    return x;
}

float ts_as_f32(uint64_t bits)
{
    float x;
    uint32_t b = (uint32_t)bits;
    memcpy(&x, &b, sizeof x);
    return x;
}

int ts_in_range(galp_type type, uint64_t x, uint64_t lo, uint64_t hi)
{
    if (type == GALP_TYPE_F64)
        return ts_as_f64(lo) <= ts_as_f64(x) && ts_as_f64(x) <= ts_as_f64(hi);
    if (type == GALP_TYPE_F32)
        return ts_as_f32(lo) <= ts_as_f32(x) && ts_as_f32(x) <= ts_as_f32(hi);
    return lo <= x && x <= hi;
}

int ts_is_nan_bits(galp_type type, uint64_t bits)
{
    if (type == GALP_TYPE_F64)
        return isnan(ts_as_f64(bits));
    if (type == GALP_TYPE_F32)
        return isnan(ts_as_f32(bits));
    return 0;
}

/* Written independently of the GPU's order key and of the value table's comparison. */
int ts_value_below(galp_type type, uint64_t a, uint64_t b)
{
    if (type == GALP_TYPE_F64 || type == GALP_TYPE_F32) {
        double x = type == GALP_TYPE_F64 ? ts_as_f64(a) : ts_as_f32(a);
        double y = type == GALP_TYPE_F64 ? ts_as_f64(b) : ts_as_f32(b);
        if (x != y)
            return x < y;
        return signbit(x) && !signbit(y);
    }
    return a < b;
}

void ts_check_aggregate(galp_type type, const uint8_t *values, uint64_t n, const galp_gpu_aggregate *got)
{
    const int fp = type == GALP_TYPE_F32 || type == GALP_TYPE_F64;
    uint64_t nans = 0, isum = 0, min = 0, max = 0;
    double fsum = 0.0, abs_sum = 0.0;
    long double wide_sum = 0.0L, wide_abs_sum = 0.0L; /* no overflow: wider exponent */
    int any = 0, infinite_inputs = 0;
    for (uint64_t i = 0; i < n; i++) {
        uint64_t x = ts_bits_at(type, values, i);
        if (ts_is_nan_bits(type, x)) {
            nans++;
            continue;
        }
        if (fp) {
            double v = type == GALP_TYPE_F64 ? ts_as_f64(x) : ts_as_f32(x);
            fsum += v;
            abs_sum += fabs(v);
            wide_sum += v;
            wide_abs_sum += fabsl(v);
            infinite_inputs += isinf(v) != 0;
        } else {
            isum += x;
        }
        if (!any || ts_value_below(type, x, min))
            min = x;
        if (!any || ts_value_below(type, max, x))
            max = x;
        any = 1;
    }
    assert_int_equal(got->count, n);
    assert_int_equal(got->nan_count, nans);
    assert_int_equal(got->has_min_max, any);
    if (any) {
        assert_int_equal(got->min_bits, min);
        assert_int_equal(got->max_bits, max);
    }
    if (!fp) {
        assert_int_equal(got->sum_bits, isum);
    } else if (isfinite(fsum) && isfinite(abs_sum)) {
        /* Both sums add the same values in different orders: each is within
         * (n - 1)·eps·Σ|x| of the exact sum. */
        double bound = 2.0 * (double)n * 0x1p-52 * abs_sum;
        assert_true(fabs(got->sum_f64 - fsum) <= bound);
    } else if (infinite_inputs) {
        /* An infinite input makes every order's sum infinite or NaN. */
        assert_false(isfinite(got->sum_f64));
    } else if (isfinite(got->sum_f64)) {
        /* Finite inputs whose sum overflows in some orders (the order is unspecified,
         * galp_gpu.h): a finite sum must still be close to the exact one. */
        long double bound = 2.0L * (long double)n * 0x1p-52L * wide_abs_sum;
        assert_true(fabsl((long double)got->sum_f64 - wide_sum) <= bound);
    }
}

uint8_t *ts_read_file(const char *path, size_t *len)
{
    FILE *fp = fopen(path, "rb");
    if (fp == NULL)
        return NULL;
    fseek(fp, 0, SEEK_END);
    long size = ftell(fp);
    fseek(fp, 0, SEEK_SET);
    uint8_t *buf = malloc(size > 0 ? (size_t)size : 1);
    assert_non_null(buf);
    *len = fread(buf, 1, (size_t)size, fp);
    fclose(fp);
    return buf;
}

uint8_t *ts_compress(galp_type type, galp_scheme scheme, const void *values, uint64_t n,
                     size_t *len)
{
    return ts_compress_ex(type, scheme, TS_COMPRESS_FLAGS, values, n, len);
}

uint8_t *ts_compress_ex(galp_type type, galp_scheme scheme, uint32_t flags, const void *values,
                        uint64_t n, size_t *len)
{
    size_t bound = galp_compress_bound(type, n);
    assert_true(bound > 0);
    uint8_t *scratch = malloc(bound);
    assert_non_null(scratch);
    assert_int_equal(galp_compress_ex(type, scheme, flags, values, n, scratch, bound, len),
                     GALP_OK);
    assert_true(*len <= bound);
    assert_int_equal(ts_get_le(scratch, TS_FILE_SIZE, 8), *len);
    /* Exactly sized, so that a decoder reading past the end trips AddressSanitizer. */
    uint8_t *file = malloc(*len);
    assert_non_null(file);
    memcpy(file, scratch, *len);
    free(scratch);
    return file;
}

uint8_t *ts_compress_ffor_vector(galp_type type, const void *values, unsigned bit_width,
                                 uint64_t base, size_t *len, galp_vector_info *info)
{
    uint8_t *file = ts_compress(type, GALP_SCHEME_FFOR, values, GALP_VECTOR_SIZE, len);
    galp_column column;
    assert_int_equal(galp_open(&column, file, *len), GALP_OK);
    assert_int_equal(galp_vector_info_get(&column, 0, info), GALP_OK);
    assert_int_equal(info->scheme, GALP_SCHEME_FFOR);
    assert_int_equal(info->bit_width, bit_width);
    assert_int_equal(info->base, base);
    assert_int_equal(info->payload_size, 128u * bit_width);
    ts_check_decodes_to(file, *len, type, values, GALP_VECTOR_SIZE);
    return file;
}

void ts_check_decodes_to(const uint8_t *file, size_t len, galp_type type, const void *values,
                         uint64_t n)
{
    const size_t bytes = galp_type_size(type);
    galp_column column;
    assert_int_equal(galp_open(&column, file, len), GALP_OK);
    assert_int_equal(column.type, type);
    assert_int_equal(column.value_count, n);

    size_t decoded_size = 0;
    assert_int_equal(galp_decompress_bound(file, len, &decoded_size), GALP_OK);
    assert_int_equal(decoded_size, n * bytes);

    uint8_t *bulk = malloc(n * bytes + 1);
    assert_non_null(bulk);
    uint64_t count = UINT64_MAX;
    assert_int_equal(galp_decompress(file, len, bulk, n * bytes, &count), GALP_OK);
    assert_int_equal(count, n);
    if (n > 0)
        assert_memory_equal(bulk, values, n * bytes);

    uint8_t vector[GALP_VECTOR_SIZE * 8];
    for (uint32_t v = 0; v < column.vector_count; v++) {
        galp_vector_info info;
        assert_int_equal(galp_vector_info_get(&column, v, &info), GALP_OK);
        assert_int_equal(galp_column_decode_vector(&column, v, vector, sizeof vector), GALP_OK);
        assert_memory_equal(vector, bulk + (size_t)v * GALP_VECTOR_SIZE * bytes,
                            info.value_count * bytes);
    }

    for (uint64_t i = 0; i < n; i++) {
        uint8_t one[8];
        assert_int_equal(galp_column_get(&column, i, one), GALP_OK);
        assert_memory_equal(one, bulk + i * bytes, bytes);
    }
    free(bulk);
}

galp_status ts_open_copy(const uint8_t *file, size_t len)
{
    uint8_t *copy = malloc(len ? len : 1);
    assert_non_null(copy);
    if (len)
        memcpy(copy, file, len);
    galp_column column;
    galp_status status = galp_open(&column, copy, len);
    free(copy);
    return status;
}

/* Asserts that galp_open, galp_decompress and galp_decompress_bound all report `expected` for
 * a private heap copy of file[0 .. len) (up to 64 KiB decoded), and that a failing
 * galp_decompress leaves the output untouched. */
void ts_expect_status(const uint8_t *file, size_t len, galp_status expected)
{
    uint8_t *copy = malloc(len ? len : 1);
    assert_non_null(copy);
    if (len)
        memcpy(copy, file, len);
    galp_column column;
    assert_int_equal(galp_open(&column, copy, len), expected);

    enum { OUT_SIZE = 8 * 8192 };
    uint8_t *out = malloc(OUT_SIZE);
    assert_non_null(out);
    memset(out, 0xA5, OUT_SIZE);
    uint64_t count = 0;
    galp_status status = galp_decompress(copy, len, out, OUT_SIZE, &count);
    assert_int_equal(status, expected);
    if (status != GALP_OK)
        for (size_t i = 0; i < OUT_SIZE; i++)
            assert_int_equal(out[i], 0xA5);
    size_t decoded_size;
    assert_int_equal(galp_decompress_bound(copy, len, &decoded_size), expected);
    free(out);
    free(copy);
}

int ts_run_tests(const char *name, const struct CMUnitTest *tests, size_t count)
{
    const char *only = getenv("GALP_TEST_ONLY");
    if (only == NULL || *only == '\0')
        return _cmocka_run_group_tests(name, tests, count, NULL, NULL);
    int failed = 0;
    for (const char *p = only; *p != '\0';) {
        const size_t n = strcspn(p, ",");
        char pattern[256];
        snprintf(pattern, sizeof pattern, "%.*s", (int)n, p);
        cmocka_set_test_filter(pattern);
        failed += _cmocka_run_group_tests(name, tests, count, NULL, NULL);
        p += n + (p[n] == ',');
    }
    cmocka_set_test_filter(NULL);
    return failed;
}
