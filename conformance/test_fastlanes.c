/*
 * test_fastlanes.c — DELTA, RLE and DICT (spec/fastlanes.md): round trips over every type,
 * width and edge the spec names; the per-vector choice of AUTO integer columns (§5); every
 * validation step and class (§3.2, §4.2, spec/format.md §6); and the decoders against an
 * oracle written here from the spec's formulas, on payloads no encoder would write.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <galp/layout.h>

#include "test_support.h"

static const galp_type integer_types[] = {GALP_TYPE_U8, GALP_TYPE_U16, GALP_TYPE_U32,
                                          GALP_TYPE_U64};

static unsigned type_bits(galp_type type)
{
    return 8u * (unsigned)galp_type_size(type);
}

static uint64_t width_mask(unsigned w)
{
    return w == 64 ? UINT64_MAX : ((uint64_t)1 << w) - 1u;
}

/* n values of the type from value(i), little-endian bytes; caller frees. */
static uint8_t *make_values(galp_type type, uint64_t n, uint64_t (*value)(uint64_t i, void *),
                            void *ctx)
{
    uint8_t *values = malloc(n * galp_type_size(type) + 1);
    assert_non_null(values);
    for (uint64_t i = 0; i < n; i++)
        ts_store_bits(type, values, i, value(i, ctx) & width_mask(type_bits(type)));
    return values;
}

/* Compresses with `scheme`, checks every decoding path, and checks that every vector is
 * `expect` (or RAW where allowed). */
static void round_trip(galp_type type, galp_scheme scheme, const uint8_t *values, uint64_t n,
                       galp_scheme expect, bool raw_allowed)
{
    size_t len;
    uint8_t *file = ts_compress(type, scheme, values, n, &len);
    ts_check_decodes_to(file, len, type, values, n);
    galp_column column;
    assert_int_equal(galp_open(&column, file, len), GALP_OK);
    for (uint32_t v = 0; v < column.vector_count; v++) {
        galp_vector_info info;
        assert_int_equal(galp_vector_info_get(&column, v, &info), GALP_OK);
        if (!(raw_allowed && info.scheme == GALP_SCHEME_RAW))
            assert_int_equal(info.scheme, expect);
    }
    free(file);
}

typedef struct pattern {
    uint64_t seed, step, run, cardinality;
} pattern;

static uint64_t ascending(uint64_t i, void *ctx)
{
    const pattern *p = ctx;
    return p->seed + i * p->step;
}

static uint64_t descending(uint64_t i, void *ctx)
{
    const pattern *p = ctx;
    return p->seed - i * p->step;
}

static uint64_t runs(uint64_t i, void *ctx)
{
    const pattern *p = ctx;
    return p->seed + (i / p->run) * p->step;
}

static uint64_t low_cardinality(uint64_t i, void *ctx)
{
    const pattern *p = ctx;
    uint64_t state = p->seed + (i * 7919) % p->cardinality;
    return ts_random(&state);
}

static uint64_t random_values(uint64_t i, void *ctx)
{
    const pattern *p = ctx;
    uint64_t state = p->seed ^ (i * 0x9E3779B97F4A7C15u);
    return ts_random(&state);
}

/* spec/fastlanes.md §2: steps of every size, ascending and descending (wrapping modulo 2^W),
 * whole and partial vectors, and noise that needs every bit width. */
static void test_delta_round_trips(void **state)
{
    (void)state;
    const uint64_t sizes[] = {1, 2, 17, 1024, 1025, 3 * 1024 + 700};
    for (size_t t = 0; t < 4; t++) {
        const galp_type type = integer_types[t];
        for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
            pattern p = {250, 3, 0, 0};
            uint8_t *values = make_values(type, sizes[s], ascending, &p);
            round_trip(type, GALP_SCHEME_DELTA, values, sizes[s], GALP_SCHEME_DELTA, true);
            free(values);
            values = make_values(type, sizes[s], descending, &p);
            round_trip(type, GALP_SCHEME_DELTA, values, sizes[s], GALP_SCHEME_DELTA, true);
            free(values);
            p.seed = 99 + s;
            values = make_values(type, sizes[s], random_values, &p);
            round_trip(type, GALP_SCHEME_DELTA, values, sizes[s], GALP_SCHEME_DELTA, true);
            free(values);
        }
    }
}

/* A constant step costs only the lane bases: b = 0, 128 bytes (spec/fastlanes.md §2.2). */
static void test_delta_constant_step_is_lane_bases_only(void **state)
{
    (void)state;
    for (size_t t = 0; t < 4; t++) {
        pattern p = {7, 1, 0, 0};
        uint8_t *values = make_values(integer_types[t], 1024, descending, &p);
        size_t len;
        uint8_t *file = ts_compress(integer_types[t], GALP_SCHEME_DELTA, values, 1024, &len);
        assert_int_equal(ts_get_le(file, ts_entry(0, TS_ENT_SCHEME), 1), GALP_SCHEME_DELTA);
        assert_int_equal(ts_get_le(file, ts_entry(0, TS_ENT_BIT_WIDTH), 1), 0);
        /* 128 bytes, or fewer with packed lane bases (spec/fastlanes.md §2.3) */
        const unsigned c = file[ts_entry(0, TS_ENT_EXPONENT)];
        assert_int_equal(ts_get_le(file, ts_entry(0, TS_ENT_PAYLOAD_SIZE), 4),
                         galp_layout_delta_head_bytes(type_bits(integer_types[t]), c, GALP_FLAG_PACKED_LANE_BASES));
        assert_true(ts_get_le(file, ts_entry(0, TS_ENT_PAYLOAD_SIZE), 4) <= 128);
        assert_int_equal(ts_get_le(file, ts_entry(0, TS_ENT_BASE), 8),
                         width_mask(type_bits(integer_types[t])));
        free(file);
        free(values);
    }
}

/* spec/fastlanes.md §3: run lengths 1 … 1024 (so 1024 runs down to one), partial vectors. */
static void test_rle_round_trips(void **state)
{
    (void)state;
    const uint64_t lengths[] = {1, 2, 3, 15, 16, 17, 100, 511, 1023, 1024};
    for (size_t t = 0; t < 4; t++) {
        for (size_t r = 0; r < sizeof lengths / sizeof lengths[0]; r++) {
            pattern p = {40, 5, lengths[r], 0};
            for (uint64_t n = 1000; n <= 2100; n += 1100) {
                uint8_t *values = make_values(integer_types[t], n, runs, &p);
                round_trip(integer_types[t], GALP_SCHEME_RLE, values, n, GALP_SCHEME_RLE, true);
                free(values);
            }
        }
    }
}

/* spec/fastlanes.md §4: dictionary sizes 1 … 1024, u8 … u64, and f32/f64 bit patterns with
 * NaN payloads and both zeros. */
static void test_dict_round_trips(void **state)
{
    (void)state;
    const uint64_t cardinalities[] = {1, 2, 3, 5, 200, 256, 1000, 5000};
    for (size_t t = 0; t < 4; t++) {
        for (size_t c = 0; c < sizeof cardinalities / sizeof cardinalities[0]; c++) {
            pattern p = {11, 0, 0, cardinalities[c]};
            uint8_t *values = make_values(integer_types[t], 2 * 1024 + 333, low_cardinality, &p);
            round_trip(integer_types[t], GALP_SCHEME_DICT, values, 2 * 1024 + 333,
                       GALP_SCHEME_DICT, true);
            free(values);
        }
    }
    const double specials[] = {0.0, -0.0, 1.5, -2.75, 1e300, 3.0e-9};
    double d[1500];
    float f[1500];
    for (size_t i = 0; i < 1500; i++) {
        d[i] = specials[(i * 5) % 6];
        f[i] = (float)specials[(i * 5) % 6];
    }
    uint64_t nan_bits = 0x7ff8000000000123u;
    memcpy(&d[7], &nan_bits, 8);
    uint32_t nan32 = 0xffc00042u;
    memcpy(&f[9], &nan32, 4);
    round_trip(GALP_TYPE_F64, GALP_SCHEME_DICT, (const uint8_t *)d, 1500, GALP_SCHEME_DICT,
               false);
    round_trip(GALP_TYPE_F32, GALP_SCHEME_DICT, (const uint8_t *)f, 1500, GALP_SCHEME_DICT,
               false);
}

/* spec/fastlanes.md §5: AUTO on integers is a FFOR column whose vectors each take the
 * smallest scheme; a column with one of them is version 1.2 (1.5 with a DELTA vector, whose
 * lane bases galp_compress packs, §2.3), one without stays 1.0. */
static void test_auto_picks_per_vector(void **state)
{
    (void)state;
    enum { N = 4 * 1024 };
    uint32_t values[N];
    uint64_t seed = 5;
    for (uint32_t i = 0; i < 1024; i++) {
        values[i] = 1000000 + 3 * i;                        /* DELTA: b = 0 */
        /* RLE: a run of 512, then 512 runs of one 24-bit value each, alternately near 0 and
         * near 2^24 (RUNS would need 10-bit lengths, or 25-bit delta-coded values) */
        values[1024 + i] = i < 512 ? 0x800000u : i % 2 != 0 ? 0xffffffu - i : i;
        values[2048 + i] = i % 3 == 0 ? 9 : i % 3 == 1 ? 123456789 : 42; /* DICT: 3 entries */
        values[3072 + i] = 500 + (uint32_t)ts_random_below(&seed, 64); /* FFOR: b = 6 */
    }
    size_t len;
    uint8_t *file = ts_compress(GALP_TYPE_U32, GALP_SCHEME_AUTO, values, N, &len);
    ts_check_decodes_to(file, len, GALP_TYPE_U32, values, N);
    assert_int_equal(file[TS_COLUMN_SCHEME], GALP_SCHEME_FFOR);
    assert_int_equal(file[TS_VERSION_MINOR], 5);
    const galp_scheme expected[4] = {GALP_SCHEME_DELTA, GALP_SCHEME_RLE, GALP_SCHEME_DICT,
                                     GALP_SCHEME_FFOR};
    for (uint32_t v = 0; v < 4; v++)
        assert_int_equal(file[ts_entry(v, TS_ENT_SCHEME)], expected[v]);
    free(file);

    /* Random values: FFOR (or RAW) everywhere, and version 1.0. */
    pattern p = {3, 0, 0, 0};
    uint8_t *noise = make_values(GALP_TYPE_U16, 2048, random_values, &p);
    file = ts_compress(GALP_TYPE_U16, GALP_SCHEME_AUTO, noise, 2048, &len);
    assert_int_equal(file[TS_VERSION_MINOR], 0);
    free(file);
    free(noise);
}

/* A column asked for one of the schemes is of that scheme, version 1.2 even when every
 * vector falls back to RAW; floats take DICT only. */
static void test_column_schemes(void **state)
{
    (void)state;
    uint8_t one[8] = {0};
    const galp_scheme schemes[3] = {GALP_SCHEME_DELTA, GALP_SCHEME_RLE, GALP_SCHEME_DICT};
    for (size_t s = 0; s < 3; s++) {
        size_t len;
        uint8_t *file = ts_compress(GALP_TYPE_U64, schemes[s], one, 1, &len);
        assert_int_equal(file[TS_COLUMN_SCHEME], schemes[s]);
        assert_int_equal(file[TS_VERSION_MINOR], 2);
        free(file);
    }
    uint8_t out[4096];
    size_t len;
    assert_int_equal(galp_compress(GALP_TYPE_F64, GALP_SCHEME_DELTA, one, 1, out, sizeof out, &len),
                     GALP_ERR_ARGUMENT);
    assert_int_equal(galp_compress(GALP_TYPE_F32, GALP_SCHEME_RLE, one, 1, out, sizeof out, &len),
                     GALP_ERR_ARGUMENT);
    assert_string_equal(galp_scheme_name(GALP_SCHEME_DELTA), "delta");
    assert_string_equal(galp_scheme_name(GALP_SCHEME_RLE), "rle");
    assert_string_equal(galp_scheme_name(GALP_SCHEME_DICT), "dict");
}

/* ---- Validation ------------------------------------------------------------------------ */

static uint8_t *encode_u32(galp_scheme scheme, uint32_t n, uint32_t (*value)(uint32_t),
                           uint32_t flags, size_t *len)
{
    uint32_t *values = malloc(n * sizeof *values);
    assert_non_null(values);
    for (uint32_t i = 0; i < n; i++)
        values[i] = value(i);
    uint8_t *file = ts_compress_ex(GALP_TYPE_U32, scheme, flags, values, n, len);
    free(values);
    return file;
}

static uint32_t three_runs(uint32_t i)
{
    return i < 100 ? 7 : i < 250 ? 9 : 7;
}

static uint32_t three_values(uint32_t i)
{
    return i % 3 == 0 ? 10 : i % 3 == 1 ? 20 : 40;
}

static void expect_entry(uint8_t *file, size_t len, size_t field, unsigned bytes, uint64_t bad,
                         galp_status expected)
{
    const uint64_t good = ts_get_le(file, ts_entry(0, field), bytes);
    ts_put_le(file, ts_entry(0, field), bytes, bad);
    ts_reseal(file);
    ts_expect_status(file, len, expected);
    ts_put_le(file, ts_entry(0, field), bytes, good);
    ts_reseal(file);
    ts_expect_status(file, len, GALP_OK);
}

/* spec/format.md §6 step 10.6 and 10.7 for RLE and DICT: the count is 1 … m and fixes the
 * payload size. */
static void test_counts_and_sizes(void **state)
{
    (void)state;
    const galp_scheme schemes[2] = {GALP_SCHEME_RLE, GALP_SCHEME_DICT};
    uint32_t (*const values[2])(uint32_t) = {three_runs, three_values};
    for (size_t s = 0; s < 2; s++) {
        size_t len;
        uint8_t *file = encode_u32(schemes[s], 300, values[s], 0, &len);
        assert_int_equal(ts_get_le(file, ts_entry(0, TS_ENT_EXCEPTION_COUNT), 2), 3);
        expect_entry(file, len, TS_ENT_EXCEPTION_COUNT, 2, 0, GALP_ERR_EXCEPTION_COUNT);
        expect_entry(file, len, TS_ENT_EXCEPTION_COUNT, 2, 301, GALP_ERR_EXCEPTION_COUNT);
        /* One entry would need another size: PAYLOAD_SIZE, not a read past the payload. */
        expect_entry(file, len, TS_ENT_EXCEPTION_COUNT, 2, 1, GALP_ERR_PAYLOAD_SIZE);
        expect_entry(file, len, TS_ENT_BIT_WIDTH, 1, 33, GALP_ERR_BIT_WIDTH);
        expect_entry(file, len, TS_ENT_BIT_WIDTH, 1, 0, GALP_ERR_PAYLOAD_SIZE);
        expect_entry(file, len, TS_ENT_BASE, 8, (uint64_t)1 << 32, GALP_ERR_BASE);
        expect_entry(file, len, TS_ENT_EXPONENT, 1, 1, GALP_ERR_EXPONENT);
        expect_entry(file, len, TS_ENT_PAYLOAD_SIZE, 4, 384 + 16, GALP_ERR_PAYLOAD_SIZE);
        free(file);
    }
    size_t len;
    uint8_t *file = encode_u32(GALP_SCHEME_DELTA, 300, three_runs, 0, &len);
    expect_entry(file, len, TS_ENT_EXCEPTION_COUNT, 2, 1, GALP_ERR_EXCEPTION_COUNT);
    expect_entry(file, len, TS_ENT_BIT_WIDTH, 1, 1, GALP_ERR_PAYLOAD_SIZE);
    free(file);
}

/* Step 10.1: a FFOR column admits DELTA, RLE and DICT vectors; the other columns do not admit
 * each other's, and a float DICT column admits no DELTA. */
static void test_companions(void **state)
{
    (void)state;
    size_t len;
    uint8_t *file = encode_u32(GALP_SCHEME_DELTA, 300, three_runs, 0, &len);
    file[TS_COLUMN_SCHEME] = GALP_SCHEME_FFOR;
    ts_reseal(file);
    ts_expect_status(file, len, GALP_OK);
    file[TS_COLUMN_SCHEME] = GALP_SCHEME_RLE;
    ts_reseal(file);
    ts_expect_status(file, len, GALP_ERR_BAD_SCHEME);
    file[TS_COLUMN_SCHEME] = GALP_SCHEME_DICT;
    ts_reseal(file);
    ts_expect_status(file, len, GALP_ERR_BAD_SCHEME);
    file[TS_VALUE_TYPE] = GALP_TYPE_F32;
    file[TS_COLUMN_SCHEME] = GALP_SCHEME_DELTA;
    ts_reseal(file);
    ts_expect_status(file, len, GALP_ERR_BAD_SCHEME);
    free(file);
}

/* spec/fastlanes.md §3.2 and §4.2: an index at or above the count of a position below m is
 * DICT_CODE; one of a position at or after m carries no meaning. With payload checksums, the
 * corruption is reported as PAYLOAD_CHECKSUM first (spec/format.md §6 step 10.9). */
static void test_index_out_of_range(void **state)
{
    (void)state;
    size_t len;
    /* RLE, u32, 300 values: lane 18 (positions 288 … 299) has base 2; 3 is out of range. */
    uint8_t *file = encode_u32(GALP_SCHEME_RLE, 300, three_runs, 0, &len);
    const size_t payload = (size_t)ts_get_le(file, ts_entry(0, TS_ENT_PAYLOAD_OFFSET), 8);
    assert_int_equal(ts_get_le(file, payload + 2 * 18, 2), 2);
    ts_put_le(file, payload + 2 * 18, 2, 3);
    ts_expect_status(file, len, GALP_ERR_DICT_CODE);
    /* Lane 19 starts at position 304 >= m: any base is valid. */
    ts_put_le(file, payload + 2 * 18, 2, 2);
    ts_put_le(file, payload + 2 * 19, 2, 0xffff);
    ts_expect_status(file, len, GALP_OK);
    /* A step in lane 18's row 11 (position 299) lifts the last index to 3. */
    ts_put_le(file, payload + 128 + 2 * 18, 2, 1u << 11);
    ts_expect_status(file, len, GALP_ERR_DICT_CODE);
    /* ... and in row 12 (position 300 >= m) it does not matter. */
    ts_put_le(file, payload + 128 + 2 * 18, 2, 1u << 12);
    ts_expect_status(file, len, GALP_OK);
    free(file);

    /* DICT, u32, 300 values, D = 3, codes of 2 bits: lane 0's first word holds rows 0 … 7
     * (positions 0, 64, …, 448). Row 4 is position 256 < m, row 5 position 320 >= m. */
    file = encode_u32(GALP_SCHEME_DICT, 300, three_values, 0, &len);
    const size_t codes = (size_t)ts_get_le(file, ts_entry(0, TS_ENT_PAYLOAD_OFFSET), 8);
    const uint64_t word = ts_get_le(file, codes, 2);
    ts_put_le(file, codes, 2, word | 3u << 10);
    ts_expect_status(file, len, GALP_OK);
    ts_put_le(file, codes, 2, word | 3u << 8);
    ts_expect_status(file, len, GALP_ERR_DICT_CODE);
    free(file);

    file = encode_u32(GALP_SCHEME_DICT, 300, three_values, GALP_FLAG_PAYLOAD_CHECKSUMS, &len);
    ts_put_le(file, codes, 2, ts_get_le(file, codes, 2) | 3u << 8);
    ts_expect_status(file, len, GALP_ERR_PAYLOAD_CHECKSUM);
    free(file);
}

/* ---- The decoders against the spec's formulas --------------------------------------------- */

/* spec/ffor.md §4: the b-bit field of FFOR slot i in a packed W-bit layout. */
static uint64_t oracle_slot(const uint8_t *packed, unsigned w, unsigned b, uint32_t i)
{
    const uint32_t lanes = 1024 / w, lane = i % lanes, first = (i / lanes) * b;
    uint64_t d = 0;
    for (unsigned bit = 0; bit < b; bit++) {
        const uint32_t j = first + bit, word = (j / w) * lanes + lane;
        const uint64_t x = ts_get_le(packed, (size_t)word * (w / 8), w / 8);
        d |= (x >> (j % w) & 1u) << bit;
    }
    return d;
}

/* spec/fastlanes.md §2.2: position p of a transposed vector at `vector`. */
static uint64_t oracle_delta(const uint8_t *vector, unsigned w, unsigned b, uint64_t base,
                             uint32_t p)
{
    const uint32_t lane = p / w, row = p % w;
    uint64_t x = ts_get_le(vector, (size_t)lane * (w / 8), w / 8);
    for (uint32_t r = 0; r <= row; r++)
        x += base + oracle_slot(vector + 128, w, b, r * (1024 / w) + lane);
    return x & width_mask(w);
}

/* spec/fastlanes.md §1: table entry j. */
static uint64_t oracle_table(const uint8_t *table, unsigned w, unsigned b, uint64_t base,
                             uint32_t j)
{
    return (oracle_slot(table, w, b, j) + base) & width_mask(w);
}

static uint32_t bits_of(uint32_t x)
{
    uint32_t bits = 0;
    for (; x; x >>= 1)
        bits++;
    return bits;
}

/* Random payloads with random parameters: every DELTA payload is valid and decodes as the
 * formula says (wrapping included); an RLE or DICT payload either decodes as the formula says
 * or has an index out of range, which the oracle finds too. */
static void test_decoders_match_formulas(void **state)
{
    (void)state;
    uint64_t seed = 77;
    uint8_t payload[128 + 128 * 64 + 128 * 16];
    for (int round = 0; round < 200; round++) {
        const galp_type type = integer_types[round % 4];
        const unsigned w = type_bits(type);
        const uint32_t m = 1 + (uint32_t)ts_random_below(&seed, 1024);
        const unsigned b = (unsigned)ts_random_below(&seed, w + 1);
        const uint64_t base = ts_random(&seed) & width_mask(w);
        for (size_t i = 0; i < sizeof payload; i++)
            payload[i] = (uint8_t)ts_random(&seed);
        uint8_t expected[1024 * 8];
        const galp_scheme scheme = (galp_scheme)(GALP_SCHEME_DELTA + round % 3);
        uint32_t size;
        uint16_t count = 0;
        bool valid = true;
        if (scheme == GALP_SCHEME_DELTA) {
            size = 128 + 128 * b;
            for (uint32_t p = 0; p < m; p++)
                ts_store_bits(type, expected, p, oracle_delta(payload, w, b, base, p));
        } else {
            /* Small counts make out-of-range indexes likely and in-range ones possible. */
            count = (uint16_t)(1 + ts_random_below(&seed, round % 2 ? m : (m < 4 ? m : 4)));
            const unsigned s = count > 1;
            const uint32_t index_bytes =
                scheme == GALP_SCHEME_RLE ? 128 + 128 * s : 128 * bits_of(count - 1u);
            const uint32_t lanes = 1024 / w;
            size = index_bytes + 128 * ((((count + lanes - 1) / lanes) * b + w - 1) / w);
            if (round % 5 == 0) /* make every index valid: all zero */
                memset(payload, 0, index_bytes);
            for (uint32_t p = 0; p < m && valid; p++) {
                const uint64_t index =
                    scheme == GALP_SCHEME_RLE
                        ? oracle_delta(payload, 16, s, 0, p)
                        : oracle_slot(payload, 16, bits_of(count - 1u), p);
                valid = index < count;
                if (valid)
                    ts_store_bits(type, expected, p,
                                  oracle_table(payload + index_bytes, w, b, base,
                                               (uint32_t)index));
            }
        }
        size_t len;
        uint8_t *file = ts_one_vector_file(type, scheme, m, base, b, count, payload, size, &len);
        if (valid)
            ts_check_decodes_to(file, len, type, expected, m);
        else
            ts_expect_status(file, len, GALP_ERR_DICT_CODE);
        free(file);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_delta_round_trips),
        cmocka_unit_test(test_delta_constant_step_is_lane_bases_only),
        cmocka_unit_test(test_rle_round_trips),
        cmocka_unit_test(test_dict_round_trips),
        cmocka_unit_test(test_auto_picks_per_vector),
        cmocka_unit_test(test_column_schemes),
        cmocka_unit_test(test_counts_and_sizes),
        cmocka_unit_test(test_companions),
        cmocka_unit_test(test_index_out_of_range),
        cmocka_unit_test(test_decoders_match_formulas),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
