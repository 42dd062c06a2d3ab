/*
 * decode_check_str.c — the decoding contract of an opened str column (spec/fsst.md), for
 * fuzz_check_decode (decode_check.h): the Arrow forms with 64- and 32-bit offsets, the record
 * form and single strings agree; short destinations are refused unwritten; the value-array
 * calls refuse the column.
 */
#include <stdlib.h>
#include <string.h>

#include "decode_check.h"
#include "fuzz_require.h"

#define CANARY 0xA5u

/* String i read alone equals its slice of the bulk decode. */
static void check_one(const galp_column *col, uint64_t i, const int64_t *offsets,
                      const uint8_t *data, uint8_t *scratch, size_t scratch_size)
{
    const size_t want = (size_t)(offsets[i + 1] - offsets[i]);
    size_t len = 0;
    galp_status st = galp_column_get_str(col, i, scratch, scratch_size, &len);
    FUZZ_REQUIRE(st == GALP_OK && len == want, "get_str %llu: %s, %zu bytes of %zu",
                 (unsigned long long)i, galp_status_name(st), len, want);
    FUZZ_REQUIRE(memcmp(scratch, data + offsets[i], want) == 0,
                 "get_str %llu differs from the bulk decode", (unsigned long long)i);
    if (want > 0) {
        memset(scratch, CANARY, want);
        st = galp_column_get_str(col, i, scratch, want - 1, &len);
        FUZZ_REQUIRE(st == GALP_ERR_DST_TOO_SMALL && len == want && scratch[0] == CANARY,
                     "get_str %llu into a short dst: %s", (unsigned long long)i,
                     galp_status_name(st));
    }
}

void fuzz_check_strings(const uint8_t *data, size_t size, const galp_column *col,
                        const fuzz_expected_strings *expected)
{
    const uint64_t n = col->value_count;
    uint64_t bytes = 0;
    galp_status st = galp_column_str_bytes(col, &bytes);
    FUZZ_REQUIRE(st == GALP_OK, "str_bytes: %s", galp_status_name(st));
    /* Every byte comes from a code of the file (at most 8 per code byte). */
    FUZZ_REQUIRE(bytes <= 8 * (uint64_t)size, "%llu string bytes from %zu file bytes",
                 (unsigned long long)bytes, size);

    int64_t *o64 = malloc((size_t)(n + 1) * sizeof *o64);
    int32_t *o32 = malloc((size_t)(n + 1) * sizeof *o32);
    uint8_t *bulk = malloc((size_t)bytes + 1), *other = malloc((size_t)bytes + 1);
    const size_t records_len = (size_t)(bytes + 4 * n);
    uint8_t *records = malloc(records_len + 1);
    FUZZ_REQUIRE(o64 && o32 && bulk && other && records, "out of memory");

    memset(bulk, CANARY, (size_t)bytes + 1);
    if (bytes > 0) {
        st = galp_column_decode_str64(col, o64, (size_t)n + 1, bulk, (size_t)bytes - 1);
        FUZZ_REQUIRE(st == GALP_ERR_DST_TOO_SMALL && bulk[0] == CANARY, "short data: %s",
                     galp_status_name(st));
    }
    st = galp_column_decode_str64(col, o64, (size_t)n, bulk, (size_t)bytes);
    FUZZ_REQUIRE(st == GALP_ERR_DST_TOO_SMALL, "short offsets: %s", galp_status_name(st));
    st = galp_column_decode_str64(col, o64, (size_t)n + 1, bulk, (size_t)bytes);
    FUZZ_REQUIRE(st == GALP_OK && bulk[bytes] == CANARY, "str64: %s", galp_status_name(st));
    FUZZ_REQUIRE(o64[0] == 0 && (uint64_t)o64[n] == bytes, "offsets 0 … %lld for %llu bytes",
                 (long long)o64[n], (unsigned long long)bytes);
    for (uint64_t i = 0; i < n; i++)
        FUZZ_REQUIRE(o64[i] <= o64[i + 1], "offset %llu decreases", (unsigned long long)i);
    if (expected != NULL) {
        FUZZ_REQUIRE(n == expected->n && bytes == expected->offsets[n],
                     "%llu strings of %llu bytes, expected %llu of %llu", (unsigned long long)n,
                     (unsigned long long)bytes, (unsigned long long)expected->n,
                     (unsigned long long)expected->offsets[expected->n]);
        FUZZ_REQUIRE(bytes == 0 || memcmp(bulk, expected->bytes, (size_t)bytes) == 0,
                     "decoded bytes differ from the expected strings");
        for (uint64_t i = 0; i <= n; i++)
            FUZZ_REQUIRE((uint64_t)o64[i] == expected->offsets[i], "offset %llu differs",
                         (unsigned long long)i);
    }

    if (bytes <= INT32_MAX) {
        st = galp_column_decode_str32(col, o32, (size_t)n + 1, other, (size_t)bytes);
        FUZZ_REQUIRE(st == GALP_OK && memcmp(other, bulk, (size_t)bytes) == 0,
                     "str32: %s or differs", galp_status_name(st));
        for (uint64_t i = 0; i <= n; i++)
            FUZZ_REQUIRE(o32[i] == o64[i], "int32 offset %llu differs", (unsigned long long)i);
    }

    size_t got = 0;
    st = galp_column_decode_str_records(col, records, records_len, &got);
    FUZZ_REQUIRE(st == GALP_OK && got == records_len, "records: %s, %zu bytes",
                 galp_status_name(st), got);
    for (uint64_t i = 0, at = 0; i < n; i++) {
        const uint64_t len = (uint64_t)(o64[i + 1] - o64[i]);
        uint32_t stored;
        memcpy(&stored, records + at, 4); /* little-endian hosts only (configure) */
        FUZZ_REQUIRE(stored == len && memcmp(records + at + 4, bulk + o64[i], (size_t)len) == 0,
                     "record %llu differs from the Arrow form", (unsigned long long)i);
        at += 4 + len;
    }

    /* Single strings: first and last of every vector and a sample. */
    for (uint32_t v = 0; v < col->vector_count; v++) {
        const uint64_t first = (uint64_t)v * GALP_VECTOR_SIZE;
        const uint64_t last = first + GALP_VECTOR_SIZE - 1 < n ? first + GALP_VECTOR_SIZE - 1
                                                               : n - 1;
        check_one(col, first, o64, bulk, other, (size_t)bytes + 1);
        check_one(col, last, o64, bulk, other, (size_t)bytes + 1);
    }
    uint64_t h = 0x9e3779b97f4a7c15u ^ size;
    for (unsigned k = 0; n > 0 && k < 32; k++) {
        h = h * 6364136223846793005u + 1442695040888963407u;
        check_one(col, (h >> 11) % n, o64, bulk, other, (size_t)bytes + 1);
    }
    size_t len = 0;
    st = galp_column_get_str(col, n, other, (size_t)bytes + 1, &len);
    FUZZ_REQUIRE(st == GALP_ERR_INDEX, "get_str past the end: %s", galp_status_name(st));

    /* The value-array calls are for fixed-width columns. */
    uint8_t out[16];
    uint64_t count = 0;
    size_t bound = 0;
    FUZZ_REQUIRE(galp_column_decode(col, out, sizeof out) == GALP_ERR_ARGUMENT &&
                     galp_column_get(col, 0, out) == GALP_ERR_ARGUMENT &&
                     galp_decompress(data, size, out, sizeof out, &count) == GALP_ERR_ARGUMENT &&
                     galp_decompress_bound(data, size, &bound) == GALP_ERR_ARGUMENT &&
                     galp_convert_scheme(data, size, GALP_SCHEME_GALP, out, sizeof out, &len) ==
                         GALP_ERR_BAD_SCHEME,
                 "a value-array call accepted a str column");
    free(o64);
    free(o32);
    free(bulk);
    free(other);
    free(records);
}
