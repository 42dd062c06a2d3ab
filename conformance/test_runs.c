/*
 * test_runs.c — RUNS (spec/fastlanes.md §8): round trips over every integer type, run length,
 * value width b = 0 … W and length width k = 0 … 10, whole and partial vectors; the layout and
 * parameters the reference encoder writes (§8.3); AUTO's choice of RUNS (§5); every
 * validation step and class (§8.2, spec/format.md §6); and the decoder against an oracle
 * written here from §8.1's and §8.6's formulas, on payloads no encoder writes; delta-coded
 * (§8.5) and offset-coded (§8.6) run values.
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

/* n values of `type` in runs: run j has length lengths[j % count] and a value drawn from
 * `seed` of `value_bits` bits; neighbouring runs may draw the same value. Caller frees. */
static uint8_t *run_values(galp_type type, uint64_t n, const uint32_t *lengths, size_t count,
                           unsigned value_bits, uint64_t seed)
{
    uint8_t *values = malloc(n * galp_type_size(type) + 1);
    assert_non_null(values);
    uint64_t value = 0;
    for (uint64_t i = 0, j = 0, left = 0; i < n; i++, left--) {
        if (left == 0) {
            left = lengths[j++ % count];
            value = ts_random(&seed) & width_mask(value_bits);
        }
        ts_store_bits(type, values, i, value);
    }
    return values;
}

/* Compresses as RUNS with run values less the base (format 1.5) and, where smaller, delta-coded
 * (§8.5, format 1.6), checks every decoding path and that every vector is RUNS or RAW. */
static void round_trip(galp_type type, const uint8_t *values, uint64_t n)
{
    size_t len;
    uint8_t *file = ts_compress(type, GALP_SCHEME_RUNS, values, n, &len);
    ts_check_decodes_to(file, len, type, values, n);
    assert_int_equal(file[TS_VERSION_MINOR],
                     (ts_get_le(file, TS_FLAGS, 4) & GALP_FLAG_RUNS_DELTA_VALUES) != 0 ? 6 : 5);
    free(file);
    file = ts_compress_ex(type, GALP_SCHEME_RUNS, 0, values, n, &len);
    ts_check_decodes_to(file, len, type, values, n);
    assert_int_equal(file[TS_COLUMN_SCHEME], GALP_SCHEME_RUNS);
    assert_int_equal(file[TS_VERSION_MINOR], 5);
    for (uint32_t v = 0; v < (n + 1023) / 1024; v++) {
        const uint64_t scheme = ts_get_le(file, ts_entry(v, TS_ENT_SCHEME), 1);
        assert_true(scheme == GALP_SCHEME_RUNS || scheme == GALP_SCHEME_RAW);
    }
    free(file);
}

/* spec/fastlanes.md §8: run lengths 1 … 1024 and mixed, values narrow and full width,
 * sizes from one value to a partial fourth vector. */
static void test_runs_round_trips(void **state)
{
    (void)state;
    static const uint32_t lengths[][4] = {{1, 1, 1, 1},     {2, 2, 2, 2},   {3, 1, 7, 2},
                                          {17, 17, 17, 17}, {100, 1, 1, 5}, {511, 3, 1, 2},
                                          {1023, 1, 1, 1},  {1024, 1024, 1024, 1024}};
    static const uint64_t sizes[] = {1, 2, 700, 1024, 3 * 1024 + 333};
    for (size_t t = 0; t < 4; t++) {
        const unsigned w = type_bits(integer_types[t]);
        for (size_t l = 0; l < sizeof lengths / sizeof lengths[0]; l++) {
            for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
                const unsigned value_bits = (l % 2) ? w : 3;
                uint8_t *values = run_values(integer_types[t], sizes[s], lengths[l], 4,
                                             value_bits, 7 + l + s);
                round_trip(integer_types[t], values, sizes[s]);
                free(values);
            }
        }
    }
}

/* spec/fastlanes.md §8.3: the encoder's b is the width of (largest − smallest run value) and
 * k that of (longest run − 1), each over its whole range; the payload is
 * 4·ceil(R·k/32) + 4·ceil(R·b/32) bytes, RAW where that is larger. */
static void test_runs_widths(void **state)
{
    (void)state;
    for (size_t t = 0; t < 4; t++) {
        const galp_type type = integer_types[t];
        const unsigned w = type_bits(type);
        for (unsigned b = 0; b <= w; b++) {
            for (unsigned k = 0; k <= 10; k += 5) {
                /* Runs of 2^k values alternate between 0 and 2^b − 1: R = 1024 / 2^k runs,
                 * or a single run (b = 0 or k = 10) whose length 1024 needs k = 10. */
                const bool one_run = b == 0 || k == 10;
                const uint32_t length = 1u << k, runs = one_run ? 1 : 1024u >> k;
                const unsigned eb = one_run ? 0 : b, ek = one_run ? 10 : k;
                uint8_t values[1024 * 8];
                for (uint32_t i = 0; i < 1024; i++)
                    ts_store_bits(type, values, i, (i / length % 2) * width_mask(b));
                size_t len;
                uint8_t *file = ts_compress_ex(type, GALP_SCHEME_RUNS, 0, values, 1024, &len);
                ts_check_decodes_to(file, len, type, values, 1024);
                const uint32_t bytes = 4 * ((runs * ek + 31) / 32) + 4 * ((runs * eb + 31) / 32);
                const uint64_t scheme = ts_get_le(file, ts_entry(0, TS_ENT_SCHEME), 1);
                if (bytes > 1024 * w / 8) {
                    assert_int_equal(scheme, GALP_SCHEME_RAW);
                } else {
                    assert_int_equal(scheme, GALP_SCHEME_RUNS);
                    assert_int_equal(ts_get_le(file, ts_entry(0, TS_ENT_BIT_WIDTH), 1), eb);
                    assert_int_equal(ts_get_le(file, ts_entry(0, TS_ENT_EXPONENT), 1), ek);
                    assert_int_equal(ts_get_le(file, ts_entry(0, TS_ENT_EXCEPTION_COUNT), 2), runs);
                    assert_int_equal(ts_get_le(file, ts_entry(0, TS_ENT_PAYLOAD_SIZE), 4), bytes);
                    assert_int_equal(ts_get_le(file, ts_entry(0, TS_ENT_BASE), 8), 0);
                }
                free(file);
            }
        }
    }
}

/* spec/fastlanes.md §5: AUTO keeps RUNS where it is the smallest (a vector of 11 runs of
 * full-width values), FFOR for noise, and writes version 1.5 only with a RUNS vector. */
static void test_auto_picks_runs(void **state)
{
    (void)state;
    uint32_t values[2048];
    uint64_t seed = 3;
    for (uint32_t i = 0; i < 1024; i++) {
        values[i] = (uint32_t)((i / 100) * 2654435761u);
        values[1024 + i] = 700 + (uint32_t)ts_random_below(&seed, 256);
    }
    size_t len;
    uint8_t *file = ts_compress(GALP_TYPE_U32, GALP_SCHEME_AUTO, values, 2048, &len);
    ts_check_decodes_to(file, len, GALP_TYPE_U32, values, 2048);
    assert_int_equal(file[TS_COLUMN_SCHEME], GALP_SCHEME_FFOR);
    assert_int_equal(file[TS_VERSION_MINOR], 5);
    assert_int_equal(ts_get_le(file, ts_entry(0, TS_ENT_SCHEME), 1), GALP_SCHEME_RUNS);
    assert_int_equal(ts_get_le(file, ts_entry(0, TS_ENT_EXCEPTION_COUNT), 2), 11);
    assert_int_equal(ts_get_le(file, ts_entry(1, TS_ENT_SCHEME), 1), GALP_SCHEME_FFOR);
    free(file);
    file = ts_compress(GALP_TYPE_U32, GALP_SCHEME_AUTO, values + 1024, 1024, &len);
    assert_int_equal(file[TS_VERSION_MINOR], 0);
    free(file);
}

/* The three runs of spec/fastlanes.md §8.5: 7 × 100, 9 × 150, 7 × 50 (u32, m = 300): R = 3,
 * k = 8, b = 2, lengths in payload bytes 0 … 3, values in 4 … 7. */
static uint8_t *three_runs(size_t *len)
{
    uint32_t values[300];
    for (uint32_t i = 0; i < 300; i++)
        values[i] = i >= 100 && i < 250 ? 9 : 7;
    uint8_t *file = ts_compress(GALP_TYPE_U32, GALP_SCHEME_RUNS, values, 300, len);
    assert_int_equal(ts_get_le(file, ts_entry(0, TS_ENT_EXCEPTION_COUNT), 2), 3);
    assert_int_equal(ts_get_le(file, ts_entry(0, TS_ENT_EXPONENT), 1), 8);
    assert_int_equal(ts_get_le(file, ts_entry(0, TS_ENT_PAYLOAD_SIZE), 4), 8);
    return file;
}

/* Edits one entry field of the three-runs file (resealed) and expects `status`. */
static void expect_entry_edit(size_t field, unsigned bytes, uint64_t value, galp_status status)
{
    size_t len;
    uint8_t *file = three_runs(&len);
    ts_put_le(file, ts_entry(0, field), bytes, value);
    ts_reseal(file);
    ts_expect_status(file, len, status);
    free(file);
}

/* spec/format.md §6 steps 8, 10.1 and 10.3 … 10.7 as they apply to RUNS. */
static void test_runs_entry_checks(void **state)
{
    (void)state;
    expect_entry_edit(TS_ENT_EXCEPTION_COUNT, 2, 0, GALP_ERR_EXCEPTION_COUNT);
    expect_entry_edit(TS_ENT_EXCEPTION_COUNT, 2, 301, GALP_ERR_EXCEPTION_COUNT);
    expect_entry_edit(TS_ENT_EXPONENT, 1, 11, GALP_ERR_EXPONENT);
    expect_entry_edit(TS_ENT_FACTOR, 1, 1, GALP_ERR_EXPONENT);
    expect_entry_edit(TS_ENT_BIT_WIDTH, 1, 33, GALP_ERR_BIT_WIDTH);
    expect_entry_edit(TS_ENT_BASE, 8, (uint64_t)1 << 32, GALP_ERR_BASE);
    expect_entry_edit(TS_ENT_PAYLOAD_SIZE, 4, 12, GALP_ERR_PAYLOAD_SIZE);
    /* k = 9 instead of 8, R = 2 instead of 3: the parts keep their sizes, and the lengths
     * read with them do not add up to 300. */
    expect_entry_edit(TS_ENT_EXPONENT, 1, 9, GALP_ERR_RUN_LENGTHS);
    expect_entry_edit(TS_ENT_EXCEPTION_COUNT, 2, 2, GALP_ERR_RUN_LENGTHS);

    size_t len;
    uint8_t *file = three_runs(&len);
    file[TS_VALUE_TYPE] = GALP_TYPE_F32; /* RUNS is for integers: column scheme */
    ts_reseal(file);
    ts_expect_status(file, len, GALP_ERR_BAD_SCHEME);
    free(file);
    file = three_runs(&len);
    file[TS_COLUMN_SCHEME] = GALP_SCHEME_DELTA; /* not a companion of DELTA */
    ts_reseal(file);
    ts_expect_status(file, len, GALP_ERR_BAD_SCHEME);
    free(file);
}

/* spec/fastlanes.md §8.2: lengths that add up to less or more than m are RUN_LENGTHS. */
static void test_runs_lengths_must_cover_m(void **state)
{
    (void)state;
    static const uint8_t lengths[][3] = {{99, 149, 48}, {99, 149, 50}, {0, 0, 0}, {255, 255, 255}};
    for (size_t i = 0; i < sizeof lengths / sizeof lengths[0]; i++) {
        size_t len;
        uint8_t *file = three_runs(&len);
        const size_t payload = (size_t)ts_get_le(file, ts_entry(0, TS_ENT_PAYLOAD_OFFSET), 8);
        memcpy(file + payload, lengths[i], 3);
        ts_expect_status(file, len, GALP_ERR_RUN_LENGTHS);
        free(file);
    }
}

/* spec/fastlanes.md §8.1: entry j of a packed run of b-bit entries, and its store. */
static uint64_t oracle_entry(const uint8_t *words, unsigned b, uint32_t j)
{
    uint64_t d = 0;
    for (unsigned i = 0; i < b; i++) {
        const uint64_t bit = (uint64_t)j * b + i;
        d |= (uint64_t)(words[bit / 8] >> (bit % 8) & 1u) << i;
    }
    return d;
}

static void oracle_put(uint8_t *words, unsigned b, uint32_t j, uint64_t d)
{
    for (unsigned i = 0; i < b; i++) {
        const uint64_t bit = (uint64_t)j * b + i;
        words[bit / 8] = (uint8_t)((words[bit / 8] & ~(1u << bit % 8)) | (d >> i & 1u) << bit % 8);
    }
}

/* Random payloads with random m, k, b and base: runs of the lengths the payload holds until
 * they reach m. In odd rounds the last length is cut to end exactly at m and the vector
 * decodes as the formula says (values wrapping modulo 2^W, neighbouring runs possibly equal,
 * bits past the entries set); in even rounds a length that passes m is RUN_LENGTHS. Every
 * third round's entries are offset-coded differences (§8.6, factor 2 with flag bit 10). */
static void test_decoder_matches_formula(void **state)
{
    (void)state;
    uint64_t seed = 91;
    uint8_t payload[4 * 320 + 4 * 2048];
    for (int round = 0; round < 400; round++) {
        const galp_type type = integer_types[round % 4];
        const unsigned w = type_bits(type);
        const uint32_t m = 1 + (uint32_t)ts_random_below(&seed, 1024);
        const unsigned b = (unsigned)ts_random_below(&seed, w + 1);
        const unsigned k = (unsigned)ts_random_below(&seed, 11);
        const uint64_t base = ts_random(&seed) & width_mask(w);
        for (size_t i = 0; i < sizeof payload; i++)
            payload[i] = (uint8_t)ts_random(&seed);
        uint32_t r = 0, covered = 0, lengths[1024];
        while (covered < m) { /* lengths >= 1, so r <= m */
            lengths[r] = 1 + (uint32_t)oracle_entry(payload, k, r);
            covered += lengths[r++];
        }
        if (round % 2 == 1 && covered > m) {
            lengths[r - 1] -= covered - m;
            oracle_put(payload, k, r - 1, lengths[r - 1] - 1u);
            covered = m;
        }
        const uint32_t values_offset = 4 * ((r * k + 31) / 32);
        const uint32_t size = values_offset + 4 * ((r * b + 31) / 32);
        const bool offset_coded = round % 3 == 2;
        const uint64_t offset = oracle_entry(payload + values_offset, b, 0);
        uint8_t expected[1024 * 8];
        uint64_t value = base;
        for (uint32_t j = 0, p = 0; j < r && covered == m; j++) {
            const uint64_t entry = oracle_entry(payload + values_offset, b, j);
            value = offset_coded ? value + entry - offset : base + entry;
            for (uint32_t i = 0; i < lengths[j]; i++)
                ts_store_bits(type, expected, p++, value & width_mask(w));
        }
        size_t len;
        uint8_t *file = ts_one_vector_file(type, GALP_SCHEME_RUNS, m, base, b, (uint16_t)r,
                                           payload, size, &len);
        file[ts_entry(0, TS_ENT_EXPONENT)] = (uint8_t)k;
        if (offset_coded) {
            file[ts_entry(0, TS_ENT_FACTOR)] = GALP_LAYOUT_RUNS_OFFSET_VALUES;
            ts_put_le(file, TS_FLAGS, 4, GALP_FLAG_RUNS_OFFSET_VALUES);
        }
        ts_reseal(file);
        if (covered == m)
            ts_check_decodes_to(file, len, type, expected, m);
        else
            ts_expect_status(file, len, GALP_ERR_RUN_LENGTHS);
        free(file);
    }
}

/* A slowly moving u32 series in runs of 1 … 4 (a sensor's readings) from `start`, rising by up
 * to `rise` and falling by up to `fall` between runs (modulo 2^32), drawn from `seed`. */
static uint32_t *walk(uint64_t n, uint64_t seed, uint32_t start, uint32_t rise, uint32_t fall)
{
    uint32_t *values = malloc(n * sizeof *values);
    assert_non_null(values);
    uint32_t x = start;
    for (uint64_t i = 0, left = 0; i < n; i++, left--) {
        if (left == 0) {
            left = 1 + ts_random(&seed) % 4;
            x += (uint32_t)(ts_random(&seed) % (rise + fall + 1u)) - fall;
        }
        values[i] = x;
    }
    return values;
}

/* spec/fastlanes.md §8.5: allowed delta-coded values (galp_compress), the encoder writes them
 * where smaller, with flag bit 5, version 1.6 and factor 1, and every decoding path returns
 * the input; without the flag it writes factor 0, version 1.5, and a larger file. */
static void test_runs_delta_values(void **state)
{
    (void)state;
    const uint64_t n = 3 * 1024 + 700;
    uint32_t *values = walk(n, 7, 0x80000000u, 3, 3); /* around 2^31: values far wider than steps */
    size_t len, plain_len;
    uint8_t *file = ts_compress(GALP_TYPE_U32, GALP_SCHEME_RUNS, values, n, &len);
    ts_check_decodes_to(file, len, GALP_TYPE_U32, (const uint8_t *)values, n);
    assert_int_equal(file[TS_VERSION_MINOR], 6);
    assert_int_equal(ts_get_le(file, TS_FLAGS, 4), GALP_FLAG_RUNS_DELTA_VALUES);
    for (uint32_t v = 0; v < 4; v++) {
        assert_int_equal(ts_get_le(file, ts_entry(v, TS_ENT_SCHEME), 1), GALP_SCHEME_RUNS);
        assert_int_equal(ts_get_le(file, ts_entry(v, TS_ENT_FACTOR), 1), 1);
        assert_int_equal(ts_get_le(file, ts_entry(v, TS_ENT_BASE), 8), values[1024 * v]);
    }
    uint8_t *plain = ts_compress_ex(GALP_TYPE_U32, GALP_SCHEME_RUNS, 0, values, n, &plain_len);
    ts_check_decodes_to(plain, plain_len, GALP_TYPE_U32, (const uint8_t *)values, n);
    assert_int_equal(plain[TS_VERSION_MINOR], 5);
    assert_int_equal(ts_get_le(plain, ts_entry(0, TS_ENT_FACTOR), 1), 0);
    assert_true(len < plain_len);

    /* spec/format.md §6 step 9, 10.5: factor 1 needs flag bit 5, factor 2 flag bit 10. */
    ts_put_le(file, ts_entry(1, TS_ENT_FACTOR), 1, 2);
    ts_reseal(file);
    ts_expect_status(file, len, GALP_ERR_EXPONENT);
    ts_put_le(file, ts_entry(1, TS_ENT_FACTOR), 1, 1);
    ts_put_le(file, TS_FLAGS, 4, 0);
    ts_reseal(file);
    ts_expect_status(file, len, GALP_ERR_EXPONENT);
    ts_put_le(plain, TS_COLUMN_SCHEME, 1, GALP_SCHEME_DELTA);
    ts_put_le(plain, TS_FLAGS, 4, GALP_FLAG_RUNS_DELTA_VALUES); /* not a flag of DELTA columns */
    ts_reseal(plain);
    ts_expect_status(plain, plain_len, GALP_ERR_RESERVED);
    free(plain);
    free(file);
    free(values);
}

/* A hand-made u8 RUNS vector of the values 250, 4, 240, 112 in runs of 1, 2, 3, 4 (k = 2,
 * b = 8), base 250, whose run values are delta-coded with `factor` under header flag `flag`,
 * its four 8-bit value entries packed in `entries`: every decoding path returns the values. */
static void check_hand_made_runs(unsigned factor, uint32_t flag, uint32_t entries)
{
    uint8_t values[10] = {250, 4, 4, 240, 240, 240, 112, 112, 112, 112};
    size_t len;
    uint8_t *file = ts_compress(GALP_TYPE_U8, GALP_SCHEME_RUNS, values, 10, &len);
    const size_t payload = (size_t)ts_get_le(file, ts_entry(0, TS_ENT_PAYLOAD_OFFSET), 8);
    ts_put_le(file, ts_entry(0, TS_ENT_BASE), 8, 250);
    ts_put_le(file, ts_entry(0, TS_ENT_PAYLOAD_SIZE), 4, 8);
    ts_put_le(file, ts_entry(0, TS_ENT_EXCEPTION_COUNT), 2, 4);
    ts_put_le(file, ts_entry(0, TS_ENT_BIT_WIDTH), 1, 8);
    ts_put_le(file, ts_entry(0, TS_ENT_EXPONENT), 1, 2);
    ts_put_le(file, ts_entry(0, TS_ENT_FACTOR), 1, factor);
    ts_put_le(file, ts_entry(0, TS_ENT_PAYLOAD_CHECKSUM), 4, 0);
    ts_put_le(file, TS_FLAGS, 4, flag);
    ts_put_le(file, payload, 4, 0 | 1u << 2 | 2u << 4 | 3u << 6); /* lengths − 1: 0, 1, 2, 3 */
    ts_put_le(file, payload + 4, 4, entries);
    ts_reseal(file);
    ts_check_decodes_to(file, len, GALP_TYPE_U8, values, 10);
    free(file);
}

/* spec/fastlanes.md §8.5: a hand-made payload whose differences wrap around 2^8 both ways:
 * base 250, entries zig-zag(+10) = 20, zig-zag(−20) = 39, zig-zag(−128) = 255 give 250, 4,
 * 240, 112. */
static void test_runs_delta_values_wrap(void **state)
{
    (void)state;
    check_hand_made_runs(GALP_LAYOUT_RUNS_DELTA_VALUES, GALP_FLAG_RUNS_DELTA_VALUES,
                         0u | 20u << 8 | 39u << 16 | 255u << 24);
}

/* spec/fastlanes.md §8.6: allowed offset-coded values (galp_compress), the encoder writes them
 * where smaller than zig-zag coded ones, with flag bit 10 alone, version 1.8, factor 2, the
 * first run's value as base and the offset (2) as entry 0; with flag bit 5 alone it writes
 * version 1.6, factor 1, and a larger file. Every decoding path returns the input. */
static void test_runs_offset_values(void **state)
{
    (void)state;
    const uint64_t n = 3 * 1024 + 700;
    /* rises of up to 5 and falls of up to 2, past 2^32: differences of 3 bits with an offset,
     * 4 zig-zag coded */
    uint32_t *values = walk(n, 11, 0xfffff000u, 5, 2);
    size_t len, zigzag_len;
    uint8_t *file = ts_compress(GALP_TYPE_U32, GALP_SCHEME_RUNS, values, n, &len);
    ts_check_decodes_to(file, len, GALP_TYPE_U32, (const uint8_t *)values, n);
    assert_int_equal(file[TS_VERSION_MINOR], 8);
    assert_int_equal(ts_get_le(file, TS_FLAGS, 4), GALP_FLAG_RUNS_OFFSET_VALUES);
    for (uint32_t v = 0; v < 4; v++) {
        assert_int_equal(ts_get_le(file, ts_entry(v, TS_ENT_SCHEME), 1), GALP_SCHEME_RUNS);
        assert_int_equal(ts_get_le(file, ts_entry(v, TS_ENT_FACTOR), 1), GALP_LAYOUT_RUNS_OFFSET_VALUES);
        assert_int_equal(ts_get_le(file, ts_entry(v, TS_ENT_BIT_WIDTH), 1), 3);
        assert_int_equal(ts_get_le(file, ts_entry(v, TS_ENT_BASE), 8), values[1024 * v]);
        const size_t payload = (size_t)ts_get_le(file, ts_entry(v, TS_ENT_PAYLOAD_OFFSET), 8);
        const unsigned k = (unsigned)ts_get_le(file, ts_entry(v, TS_ENT_EXPONENT), 1);
        const uint32_t runs = (uint32_t)ts_get_le(file, ts_entry(v, TS_ENT_EXCEPTION_COUNT), 2);
        assert_int_equal(oracle_entry(file + payload + 4 * ((runs * k + 31) / 32), 3, 0), 2);
    }
    uint8_t *zigzag = ts_compress_ex(GALP_TYPE_U32, GALP_SCHEME_RUNS, GALP_FLAG_RUNS_DELTA_VALUES, values, n,
                                     &zigzag_len);
    ts_check_decodes_to(zigzag, zigzag_len, GALP_TYPE_U32, (const uint8_t *)values, n);
    assert_int_equal(zigzag[TS_VERSION_MINOR], 6);
    assert_int_equal(ts_get_le(zigzag, ts_entry(0, TS_ENT_FACTOR), 1), GALP_LAYOUT_RUNS_DELTA_VALUES);
    assert_true(len < zigzag_len);

    /* spec/format.md §6 steps 9, 10.5: factor 2 needs flag bit 10, factor 3 is never valid,
     * and flag bit 10 is reserved outside FFOR and RUNS columns. */
    ts_put_le(file, ts_entry(1, TS_ENT_FACTOR), 1, 3);
    ts_reseal(file);
    ts_expect_status(file, len, GALP_ERR_EXPONENT);
    ts_put_le(file, ts_entry(1, TS_ENT_FACTOR), 1, GALP_LAYOUT_RUNS_OFFSET_VALUES);
    ts_put_le(file, TS_FLAGS, 4, GALP_FLAG_RUNS_DELTA_VALUES);
    ts_reseal(file);
    ts_expect_status(file, len, GALP_ERR_EXPONENT);
    ts_put_le(zigzag, TS_FLAGS, 4, GALP_FLAG_RUNS_OFFSET_VALUES); /* factor 1 without bit 5 */
    ts_reseal(zigzag);
    ts_expect_status(zigzag, zigzag_len, GALP_ERR_EXPONENT);
    ts_put_le(zigzag, TS_COLUMN_SCHEME, 1, GALP_SCHEME_DELTA);
    ts_reseal(zigzag);
    ts_expect_status(zigzag, zigzag_len, GALP_ERR_RESERVED);
    free(zigzag);
    free(file);
    free(values);
}

/* spec/fastlanes.md §8.6: a hand-made payload whose differences wrap around 2^8 both ways:
 * base 250, offset 128 (entry 0), entries 138 (+10), 108 (−20) and 0 (−128) give 250, 4,
 * 240, 112. */
static void test_runs_offset_values_wrap(void **state)
{
    (void)state;
    check_hand_made_runs(GALP_LAYOUT_RUNS_OFFSET_VALUES, GALP_FLAG_RUNS_OFFSET_VALUES,
                         128u | 138u << 8 | 108u << 16 | 0u << 24);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_runs_round_trips),
        cmocka_unit_test(test_runs_widths),
        cmocka_unit_test(test_auto_picks_runs),
        cmocka_unit_test(test_runs_entry_checks),
        cmocka_unit_test(test_runs_lengths_must_cover_m),
        cmocka_unit_test(test_decoder_matches_formula),
        cmocka_unit_test(test_runs_delta_values),
        cmocka_unit_test(test_runs_delta_values_wrap),
        cmocka_unit_test(test_runs_offset_values),
        cmocka_unit_test(test_runs_offset_values_wrap),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
