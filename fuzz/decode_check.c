/*
 * decode_check.c — see decode_check.h.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "decode_check.h"
#include "fuzz_require.h"
#include "spec_validate.h"

/* Byte written around and into output buffers to detect writes that should not happen. */
#define CANARY 0xA5u

/* Whether all `size` bytes of p equal CANARY. */
static int untouched(const uint8_t *p, size_t size)
{
    for (size_t i = 0; i < size; i++)
        if (p[i] != CANARY)
            return 0;
    return 1;
}

/* A rejected file: every entry point reports the same class and writes nothing. */
static void check_rejected(const uint8_t *data, size_t size, galp_status status)
{
    FUZZ_REQUIRE(status != GALP_OK && status < GALP_STATUS_COUNT, "status %d", (int)status);
    uint8_t out[256];
    memset(out, CANARY, sizeof out);
    uint64_t count = 0;
    galp_status st = galp_decompress(data, size, out, sizeof out, &count);
    FUZZ_REQUIRE(st == status, "galp_decompress %s, galp_open %s", galp_status_name(st),
                 galp_status_name(status));
    FUZZ_REQUIRE(untouched(out, sizeof out), "rejected file (%s) wrote output",
                 galp_status_name(status));
    size_t bound = 0;
    st = galp_decompress_bound(data, size, &bound);
    FUZZ_REQUIRE(st == status, "galp_decompress_bound %s, galp_open %s", galp_status_name(st),
                 galp_status_name(status));
    size_t len = 0;
    st = galp_convert_scheme(data, size, GALP_SCHEME_GALP, out, sizeof out, &len);
    FUZZ_REQUIRE(st == status, "galp_convert_scheme %s, galp_open %s", galp_status_name(st),
                 galp_status_name(status));
    FUZZ_REQUIRE(untouched(out, sizeof out), "rejected file (%s) converted",
                 galp_status_name(status));
}

/* Caller errors are GALP_ERR_ARGUMENT (include/galp.h), never a crash: NULL pointers, and a
 * column that galp_open did not fill. */
static void check_arguments(const uint8_t *data, size_t size, const galp_column *col,
                            uint8_t *buffer, size_t bytes)
{
    galp_column unopened, column = *col;
    galp_vector_info info;
    memset(&unopened, 0, sizeof unopened);
    const struct {
        const char *call;
        galp_status status;
    } calls[] = {
        {"galp_open(NULL, ...)", galp_open(NULL, data, size)},
        {"galp_open(src NULL)", galp_open(&column, NULL, size)},
        {"galp_vector_info_get(NULL)", galp_vector_info_get(NULL, 0, &info)},
        {"galp_vector_info_get(info NULL)", galp_vector_info_get(col, 0, NULL)},
        {"galp_column_decode(NULL)", galp_column_decode(NULL, buffer, bytes)},
        {"galp_column_decode(unopened)", galp_column_decode(&unopened, buffer, bytes)},
        {"galp_column_decode_vector(NULL)", galp_column_decode_vector(NULL, 0, buffer, bytes)},
        {"galp_column_get(NULL)", galp_column_get(NULL, 0, buffer)},
        {"galp_column_get(value NULL)", galp_column_get(col, 0, NULL)},
        {"galp_decompress(count NULL)", galp_decompress(data, size, buffer, bytes, NULL)},
        {"galp_decompress_bound(NULL)", galp_decompress_bound(data, size, NULL)},
    };
    for (size_t i = 0; i < sizeof calls / sizeof calls[0]; i++)
        FUZZ_REQUIRE(calls[i].status == GALP_ERR_ARGUMENT, "%s: %s", calls[i].call,
                     galp_status_name(calls[i].status));
    if (col->value_count > 0) {
        galp_status st = galp_column_decode(col, NULL, bytes);
        FUZZ_REQUIRE(st == GALP_ERR_ARGUMENT, "galp_column_decode(dst NULL): %s",
                     galp_status_name(st));
        st = galp_column_decode_vector(col, 0, NULL, bytes);
        FUZZ_REQUIRE(st == GALP_ERR_ARGUMENT, "galp_column_decode_vector(dst NULL): %s",
                     galp_status_name(st));
    }
}

/* ALP <-> G-ALP conversion (spec/galp.md §3): an ALP or G-ALP column converts to either layout
 * and the result decodes to the same bits; any other column is refused with BAD_SCHEME. */
static void check_convert(const uint8_t *data, size_t size, const galp_column *col,
                          const uint8_t *bulk, size_t bytes)
{
    const int alp = col->scheme == GALP_SCHEME_ALP || col->scheme == GALP_SCHEME_GALP;
    static const galp_scheme layouts[] = {GALP_SCHEME_ALP, GALP_SCHEME_GALP};
    for (unsigned i = 0; i < 2; i++) {
        uint8_t probe = CANARY;
        size_t need = 0;
        galp_status st = galp_convert_scheme(data, size, layouts[i], &probe, 0, &need);
        if (!alp) {
            FUZZ_REQUIRE(st == GALP_ERR_BAD_SCHEME, "converting a %s column: %s",
                         galp_scheme_name(col->scheme), galp_status_name(st));
            continue;
        }
        FUZZ_REQUIRE(st == GALP_ERR_DST_TOO_SMALL && need > 0 && probe == CANARY,
                     "convert into 0 bytes: %s, %zu needed", galp_status_name(st), need);
        uint8_t *converted = malloc(need);
        uint8_t *decoded = malloc(bytes + 1);
        FUZZ_REQUIRE(converted && decoded, "out of memory");
        size_t len = 0;
        st = galp_convert_scheme(data, size, layouts[i], converted, need, &len);
        FUZZ_REQUIRE(st == GALP_OK && len == need, "convert to %s: %s, %zu of %zu bytes",
                     galp_scheme_name(layouts[i]), galp_status_name(st), len, need);
        galp_column other;
        st = galp_open(&other, converted, len);
        FUZZ_REQUIRE(st == GALP_OK && other.scheme == layouts[i] &&
                         other.value_count == col->value_count,
                     "converted column: %s", galp_status_name(st));
        uint64_t count = 0;
        st = galp_decompress(converted, len, decoded, bytes + 1, &count);
        FUZZ_REQUIRE(st == GALP_OK && memcmp(decoded, bulk, bytes) == 0,
                     "%s column converted to %s decodes differently (%s)",
                     galp_scheme_name(col->scheme), galp_scheme_name(layouts[i]),
                     galp_status_name(st));
        free(decoded);
        free(converted);
    }
}

/* The column's header facts agree with each other (spec/format.md §3.1, §3.2). */
static void check_column(const galp_column *col, size_t size)
{
    FUZZ_REQUIRE(col->size <= size, "column size %zu > input %zu", col->size, size);
    FUZZ_REQUIRE(galp_type_size(col->type) != 0, "type %d", (int)col->type);
    uint64_t nv = col->value_count / GALP_VECTOR_SIZE + (col->value_count % GALP_VECTOR_SIZE != 0);
    FUZZ_REQUIRE(col->vector_count == nv, "%u vectors for %llu values", col->vector_count,
                 (unsigned long long)col->value_count);
    FUZZ_REQUIRE(col->size >= GALP_HEADER_SIZE + (uint64_t)GALP_VECTOR_ENTRY_SIZE * nv +
                                  GALP_TAIL_PADDING,
                 "file of %zu bytes holds %llu entries", col->size, (unsigned long long)nv);
}

/* Vector v decoded alone equals its slice of the bulk decode. */
static void check_vector(const galp_column *col, uint32_t v, const uint8_t *bulk, uint8_t *scratch)
{
    const size_t ts = galp_type_size(col->type);
    galp_vector_info info;
    galp_status st = galp_vector_info_get(col, v, &info);
    FUZZ_REQUIRE(st == GALP_OK, "vector %u info: %s", v, galp_status_name(st));
    uint64_t first = (uint64_t)v * GALP_VECTOR_SIZE;
    uint64_t left = col->value_count - first;
    uint32_t m = left < GALP_VECTOR_SIZE ? (uint32_t)left : GALP_VECTOR_SIZE;
    FUZZ_REQUIRE(info.value_count == m, "vector %u: %u values, expected %u", v, info.value_count, m);
    /* spec/format.md §2: the column scheme, RAW, ALP_RD in an ALP or GALP column, or a FFOR
     * column's DELTA, RLE, DICT or RUNS. */
    const bool companion =
        (info.scheme == GALP_SCHEME_ALP_RD &&
         (col->scheme == GALP_SCHEME_ALP || col->scheme == GALP_SCHEME_GALP)) ||
        (col->scheme == GALP_SCHEME_FFOR &&
         (info.scheme == GALP_SCHEME_DELTA || info.scheme == GALP_SCHEME_RLE ||
          info.scheme == GALP_SCHEME_DICT || info.scheme == GALP_SCHEME_RUNS));
    FUZZ_REQUIRE(info.scheme == col->scheme || info.scheme == GALP_SCHEME_RAW || companion,
                 "vector %u scheme %d in a %d column", v, (int)info.scheme, (int)col->scheme);
    FUZZ_REQUIRE(info.payload_offset % 16 == 0 && info.payload_offset + info.payload_size <= col->size,
                 "vector %u payload at %llu + %u outside %zu", v,
                 (unsigned long long)info.payload_offset, info.payload_size, col->size);

    /* A destination one value short is refused without a write; the exact size decodes. */
    memset(scratch, CANARY, m * ts);
    st = galp_column_decode_vector(col, v, scratch, m * ts - 1);
    FUZZ_REQUIRE(st == GALP_ERR_DST_TOO_SMALL, "vector %u short dst: %s", v, galp_status_name(st));
    FUZZ_REQUIRE(untouched(scratch, m * ts), "vector %u: short dst written", v);
    st = galp_column_decode_vector(col, v, scratch, m * ts);
    FUZZ_REQUIRE(st == GALP_OK, "vector %u decode: %s", v, galp_status_name(st));
    FUZZ_REQUIRE(memcmp(scratch, bulk + first * ts, m * ts) == 0,
                 "vector %u decoded alone differs from the bulk decode", v);
}

/* Value `index` read alone equals the bulk decode. */
static void check_get(const galp_column *col, uint64_t index, const uint8_t *bulk)
{
    const size_t ts = galp_type_size(col->type);
    uint8_t value[8];
    galp_status st = galp_column_get(col, index, value);
    FUZZ_REQUIRE(st == GALP_OK, "get %llu: %s", (unsigned long long)index, galp_status_name(st));
    FUZZ_REQUIRE(memcmp(value, bulk + index * ts, ts) == 0,
                 "get %llu differs from the bulk decode", (unsigned long long)index);
}

/* Single values: the first and last of every vector and a pseudo-random sample derived from the
 * input (deterministic, so findings reproduce). */
static void check_gets(const galp_column *col, const uint8_t *bulk, const uint8_t *data, size_t size)
{
    const uint64_t n = col->value_count;
    for (uint32_t v = 0; v < col->vector_count; v++) {
        uint64_t first = (uint64_t)v * GALP_VECTOR_SIZE;
        uint64_t last = first + GALP_VECTOR_SIZE - 1 < n ? first + GALP_VECTOR_SIZE - 1 : n - 1;
        check_get(col, first, bulk);
        check_get(col, last, bulk);
    }
    uint64_t h = 0x9e3779b97f4a7c15u ^ size;
    for (size_t i = 0; i < size && i < 64; i++)
        h = (h ^ data[i]) * 0x100000001b3u;
    for (unsigned k = 0; k < 64; k++) {
        h = h * 6364136223846793005u + 1442695040888963407u;
        check_get(col, (h >> 11) % n, bulk);
    }
}

/* Indices past the end are refused (GALP_ERR_INDEX) with nothing written. */
static void check_out_of_range(const galp_column *col)
{
    galp_vector_info info;
    uint8_t out[8];
    memset(out, CANARY, sizeof out);
    galp_status st = galp_vector_info_get(col, col->vector_count, &info);
    FUZZ_REQUIRE(st == GALP_ERR_INDEX, "info past the end: %s", galp_status_name(st));
    st = galp_column_decode_vector(col, col->vector_count, out, sizeof out);
    FUZZ_REQUIRE(st == GALP_ERR_INDEX, "vector past the end: %s", galp_status_name(st));
    st = galp_column_get(col, col->value_count, out);
    FUZZ_REQUIRE(st == GALP_ERR_INDEX, "value past the end: %s", galp_status_name(st));
    FUZZ_REQUIRE(untouched(out, sizeof out), "out-of-range call wrote output");
}

galp_status fuzz_check_decode(const uint8_t *data, size_t size, const void *expected,
                              uint8_t **decoded)
{
    galp_column col;
    galp_status status = galp_open(&col, data, size);
    galp_status spec = fuzz_spec_validate(data, size);
    FUZZ_REQUIRE(status == spec, "galp_open says %s, spec/format.md §6 says %s",
                 galp_status_name(status), galp_status_name(spec));
    if (status != GALP_OK) {
        check_rejected(data, size, status);
        return status;
    }
    if (col.type == GALP_TYPE_STR) {
        fuzz_check_strings(data, size, &col, expected);
        if (decoded != NULL)
            *decoded = NULL;
        return GALP_OK;
    }
    check_column(&col, size);

    const size_t ts = galp_type_size(col.type);
    size_t bytes = (size_t)col.value_count * ts;
    size_t bound = 0;
    galp_status st = galp_decompress_bound(data, size, &bound);
    FUZZ_REQUIRE(st == GALP_OK && bound == bytes, "decompress_bound %s, %zu bytes for %zu",
                 galp_status_name(st), bound, bytes);

    /* One spare byte after the output catches a write past value_count values. */
    uint8_t *bulk = malloc(bytes + 1);
    uint8_t *other = malloc(bytes + 1);
    uint8_t *scratch = malloc(GALP_VECTOR_SIZE * ts);
    FUZZ_REQUIRE(bulk && other && scratch, "out of memory for %zu bytes", bytes);
    memset(bulk, CANARY, bytes + 1);
    if (bytes > 0) {
        st = galp_column_decode(&col, bulk, bytes - 1);
        FUZZ_REQUIRE(st == GALP_ERR_DST_TOO_SMALL, "short bulk dst: %s", galp_status_name(st));
        FUZZ_REQUIRE(untouched(bulk, bytes + 1), "short bulk dst written");
    }
    st = galp_column_decode(&col, bulk, bytes);
    FUZZ_REQUIRE(st == GALP_OK, "bulk decode of an opened column: %s", galp_status_name(st));
    FUZZ_REQUIRE(bulk[bytes] == CANARY, "bulk decode wrote past %zu bytes", bytes);

    memset(other, CANARY, bytes + 1);
    uint64_t count = 0;
    if (bytes > 0) {
        st = galp_decompress(data, size, other, bytes - 1, &count);
        FUZZ_REQUIRE(st == GALP_ERR_DST_TOO_SMALL && untouched(other, bytes + 1),
                     "galp_decompress into a short dst: %s", galp_status_name(st));
    }
    st = galp_decompress(data, size, other, bytes + 1, &count);
    FUZZ_REQUIRE(st == GALP_OK && count == col.value_count, "galp_decompress %s, %llu values",
                 galp_status_name(st), (unsigned long long)count);
    FUZZ_REQUIRE(memcmp(bulk, other, bytes) == 0 && other[bytes] == CANARY,
                 "galp_decompress differs from galp_column_decode");

    if (expected != NULL) {
        size_t i = 0;
        while (i < bytes && bulk[i] == ((const uint8_t *)expected)[i])
            i++;
        FUZZ_REQUIRE(i == bytes, "decoded value %zu differs from the generated one", i / ts);
    }

    for (uint32_t v = 0; v < col.vector_count; v++)
        check_vector(&col, v, bulk, scratch);
    if (col.value_count > 0)
        check_gets(&col, bulk, data, size);
    check_out_of_range(&col);
    check_arguments(data, size, &col, other, bytes);
    check_convert(data, size, &col, bulk, bytes);

    free(other);
    free(scratch);
    if (decoded != NULL)
        *decoded = bulk;
    else
        free(bulk);
    return GALP_OK;
}
