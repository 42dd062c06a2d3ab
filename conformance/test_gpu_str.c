/*
 * test_gpu_str.c — the CUDA decoder of str columns (include/galp_gpu.h, spec/fsst.md) against
 * the reference decoder.
 *
 * Every column is decoded by galp_column_decode_str64/32 on the CPU and by
 * galp_gpu_decompress_str64/32 on the GPU, and offsets and bytes are compared exactly.
 * Columns: generated strings (empty strings, every byte value, long strings over several
 * pieces, default-length vectors, several vectors, runs of 255 bytes, strings longer than a
 * warp's window of codes), columns recoded with random valid parses other than the
 * encoder's (conformance/str_reparse.h), the str golden vectors (vectors/ in the source tree;
 * the invalid ones must be refused by the upload with galp_open's status), and the files of
 * $GALP_DATA_DIR/strings. The fused equality and prefix counts are compared with
 * counts over the reference's strings, and so is a user's kernel on the device API's string
 * visitor (conformance/test_gpu_str_device.cu), which must also visit every row once with its
 * Arrow offset and exactly its bytes, in grids of every shape. The value-array calls must
 * refuse a str column, and the str calls a column of values.
 *
 * Without a GPU the program exits 77 (skip) with the reason; a build without CUDA first
 * checks that the str entry points report GALP_ERR_NO_DEVICE.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "galp.h"
#include "galp_gpu.h"
#include "test_support.h"

#ifdef GALP_HAVE_CUDA

#include <cuda_runtime.h>

#include "str_reparse.h"
#include "test_gpu_str_device.h"

/* The grids of the device-API kernels: a warp per group of the default 16 vectors (blocks
 * 0), one block of two warps taking groups of one vector, three blocks of three warps taking
 * groups of 32 (each warp many groups), and a warp per group of 5. */
static const struct {
    unsigned blocks, threads, group;
} grids[] = {{0, 128, 16}, {1, 64, 1}, {3, 96, 32}, {0, 64, 5}};
#define GRID_COUNT (sizeof grids / sizeof grids[0])

/* The device API's string visitor: every row visited once, at its Arrow offset (want64),
 * with exactly its bytes (want). */
static void check_visitor_rows(const galp_gpu_column *gpu, const int64_t *want64,
                               const uint8_t *want, uint64_t n, const char *what)
{
    galp_gpu_view view;
    assert_int_equal(galp_gpu_column_view(gpu, &view), GALP_OK);
    test_str_row *rows = malloc((n ? n : 1) * sizeof *rows);
    assert_non_null(rows);
    for (size_t g = 0; g < GRID_COUNT; g++) {
        assert_int_equal(test_str_device_rows(&view, grids[g].blocks, grids[g].threads,
                                              grids[g].group, rows),
                         GALP_OK);
        for (uint64_t i = 0; i < n; i++) {
            const uint64_t length = (uint64_t)(want64[i + 1] - want64[i]);
            if (rows[i].visits != 1 || rows[i].offset != (uint64_t)want64[i] ||
                rows[i].length != length ||
                rows[i].hash != test_str_hash(want + want64[i], length))
                fail_msg("%s: grid %zu: row %llu: visits %llu, offset %llu (want %lld), length "
                         "%llu (want %llu), or its bytes differ from the reference's",
                         what, g, (unsigned long long)i, (unsigned long long)rows[i].visits,
                         (unsigned long long)rows[i].offset, (long long)want64[i],
                         (unsigned long long)rows[i].length, (unsigned long long)length);
        }
    }
    free(rows);
}

/* The device API's automaton, where the column's vectors share a default length and the
 * query's automaton fits: its count and its visits (each matching row once, no other) in
 * every grid, against the reference's matches (match[i]: row i matches). */
static void check_automaton(const galp_gpu_column *gpu, const galp_gpu_view *view,
                            const uint8_t *match, uint64_t n, uint64_t expected,
                            const uint8_t *value, size_t length, unsigned prefix, const char *what)
{
    uint32_t L = 0;
    assert_int_equal(galp_gpu_str_default_length(gpu, &L), GALP_OK);
    if (L == GALP_GPU_STR_MIXED_DEFAULTS || test_str_automaton_bytes((uint32_t)length, L) == 0)
        return;
    uint8_t *rows = malloc(n ? n : 1);
    assert_non_null(rows);
    for (size_t g = 0; g < GRID_COUNT; g++) {
        uint64_t counted = 0, visited = 0;
        assert_int_equal(test_str_device_automaton(view, L, value, (uint32_t)length, (int)prefix,
                                                   grids[g].blocks, grids[g].threads,
                                                   grids[g].group, &counted, &visited, rows),
                         GALP_OK);
        if (counted != expected || visited != expected)
            fail_msg("%s: device API automaton, grid %zu: %s of a %zu-byte query: counted %llu, "
                     "visited %llu, reference %llu", what, g, prefix ? "prefix" : "equality",
                     length, (unsigned long long)counted, (unsigned long long)visited,
                     (unsigned long long)expected);
        for (uint64_t i = 0; i < n; i++)
            if (rows[i] != match[i])
                fail_msg("%s: device API automaton, grid %zu: row %llu visited %u times, "
                         "reference %u", what, g, (unsigned long long)i, rows[i], match[i]);
    }
    free(rows);
}

/* The fused equality and prefix counts of value[0 .. length) on an uploaded column, by the
 * host API and by a user's kernel on the device API's visitor and automaton in every grid,
 * against counts over the reference's strings (want64, want: its int64 Arrow form of n
 * strings). */
static void check_counts(const galp_gpu_column *gpu, const int64_t *want64, const uint8_t *want,
                         uint64_t n, const uint8_t *value, size_t length, const char *what)
{
    uint64_t *d_count = NULL;
    assert_int_equal(cudaMalloc((void **)&d_count, sizeof *d_count), cudaSuccess);
    galp_gpu_view view;
    assert_int_equal(galp_gpu_column_view(gpu, &view), GALP_OK);
    uint8_t *match = malloc(n ? n : 1);
    assert_non_null(match);
    for (unsigned prefix = 0; prefix < 2; prefix++) {
        uint64_t expected = 0, got_count = 0;
        for (uint64_t i = 0; i < n; i++) {
            const size_t len = (size_t)(want64[i + 1] - want64[i]);
            match[i] = (prefix ? len >= length : len == length) &&
                       memcmp(want + want64[i], value, length) == 0;
            expected += match[i];
        }
        assert_int_equal(prefix ? galp_gpu_str_count_prefix(gpu, value, length, d_count, NULL)
                                : galp_gpu_str_count_equal(gpu, value, length, d_count, NULL),
                         GALP_OK);
        assert_int_equal(cudaMemcpy(&got_count, d_count, sizeof got_count,
                                    cudaMemcpyDeviceToHost), cudaSuccess);
        if (got_count != expected)
            fail_msg("%s: %s of a %zu-byte query: GPU %llu, reference %llu", what,
                     prefix ? "prefix" : "equality", length, (unsigned long long)got_count,
                     (unsigned long long)expected);
        for (size_t g = 0; g < GRID_COUNT; g++) {
            assert_int_equal(test_str_device_count(&view, value, (uint32_t)length, (int)prefix,
                                                   grids[g].blocks, grids[g].threads,
                                                   grids[g].group, &got_count),
                             GALP_OK);
            if (got_count != expected)
                fail_msg("%s: device API, grid %zu: %s of a %zu-byte query: %llu, reference %llu",
                         what, g, prefix ? "prefix" : "equality", length,
                         (unsigned long long)got_count, (unsigned long long)expected);
        }
        check_automaton(gpu, &view, match, n, expected, value, length, prefix, what);
    }
    free(match);
    cudaFree(d_count);
}

/* Decodes an uploaded column on the device with both offset widths and compares each with
 * the reference's decode of the same file. */
static void check_column(const uint8_t *file, size_t len, const char *what)
{
    galp_column col;
    assert_int_equal(galp_open(&col, file, len), GALP_OK);
    uint64_t bytes = 0;
    assert_int_equal(galp_column_str_bytes(&col, &bytes), GALP_OK);
    const uint64_t n = col.value_count;
    int64_t *want64 = malloc((n + 1) * sizeof *want64), *got64 = malloc((n + 1) * sizeof *got64);
    int32_t *want32 = malloc((n + 1) * sizeof *want32), *got32 = malloc((n + 1) * sizeof *got32);
    uint8_t *want = malloc(bytes + 1), *got = malloc(bytes + 1);
    assert_true(want64 && got64 && want32 && got32 && want && got);
    assert_int_equal(galp_column_decode_str64(&col, want64, n + 1, want, bytes), GALP_OK);

    galp_gpu_column *gpu = NULL;
    assert_int_equal(galp_gpu_column_upload(file, len, &gpu), GALP_OK);
    uint64_t gpu_bytes = 0;
    assert_int_equal(galp_gpu_str_bytes(gpu, &gpu_bytes), GALP_OK);
    assert_int_equal(gpu_bytes, bytes);
    int64_t *d_offsets = NULL;
    uint8_t *d_data = NULL;
    assert_int_equal(cudaMalloc((void **)&d_offsets, (n + 1) * sizeof(int64_t)), cudaSuccess);
    assert_int_equal(cudaMalloc((void **)&d_data, bytes + 1), cudaSuccess);

    assert_int_equal(galp_gpu_decompress_str64(gpu, d_offsets, n + 1, d_data, bytes, NULL),
                     GALP_OK);
    assert_int_equal(cudaMemcpy(got64, d_offsets, (n + 1) * sizeof *got64,
                                cudaMemcpyDeviceToHost), cudaSuccess);
    assert_int_equal(cudaMemcpy(got, d_data, bytes, cudaMemcpyDeviceToHost), cudaSuccess);
    if (memcmp(got64, want64, (n + 1) * sizeof *got64) != 0 || memcmp(got, want, bytes) != 0)
        fail_msg("%s: the GPU's int64 Arrow form differs from the reference", what);

    assert_int_equal(galp_column_decode_str32(&col, want32, n + 1, want, bytes), GALP_OK);
    assert_int_equal(cudaMemset(d_data, 0, bytes + 1), cudaSuccess);
    assert_int_equal(galp_gpu_decompress_str32(gpu, (int32_t *)(void *)d_offsets, n + 1, d_data,
                                               bytes, NULL),
                     GALP_OK);
    assert_int_equal(cudaMemcpy(got32, d_offsets, (n + 1) * sizeof *got32,
                                cudaMemcpyDeviceToHost), cudaSuccess);
    assert_int_equal(cudaMemcpy(got, d_data, bytes, cudaMemcpyDeviceToHost), cudaSuccess);
    if (memcmp(got32, want32, (n + 1) * sizeof *got32) != 0 || memcmp(got, want, bytes) != 0)
        fail_msg("%s: the GPU's int32 Arrow form differs from the reference", what);

    /* Into a data buffer 3 bytes past an 8-byte boundary, between guard bytes: the kernel
     * stores whole aligned words only where one lane writes all of them. */
    uint8_t *d_guarded = NULL, *guarded = malloc(bytes + 16);
    assert_non_null(guarded);
    assert_int_equal(cudaMalloc((void **)&d_guarded, bytes + 16), cudaSuccess);
    assert_int_equal(cudaMemset(d_guarded, 0xA5, bytes + 16), cudaSuccess);
    assert_int_equal(galp_gpu_decompress_str64(gpu, d_offsets, n + 1, d_guarded + 3, bytes, NULL),
                     GALP_OK);
    assert_int_equal(cudaMemcpy(guarded, d_guarded, bytes + 16, cudaMemcpyDeviceToHost),
                     cudaSuccess);
    for (size_t i = 0; i < bytes + 16; i++)
        if (i < 3 || i >= bytes + 3 ? guarded[i] != 0xA5 : guarded[i] != want[i - 3])
            fail_msg("%s: misaligned data buffer: byte %zu of the guarded buffer is wrong", what, i);
    cudaFree(d_guarded);
    free(guarded);

    /* The fused counts, against counts over the reference's strings: the first, the middle
     * and the last string, whole and as prefixes of 0, 1, 3, 9 and 17 bytes (queries that end
     * inside the query's first, second and third 8-byte word), of 26 and 27 bytes (the
     * longest query of the counts' short table entries and the shortest past it) and of 55,
     * 56, 57 and 64 bytes (around the string positions the counts' match table holds,
     * gpu/str_count_piece.cuh), and a query one byte longer than the longest string. */
    static const size_t cuts[] = {SIZE_MAX, 0, 1, 3, 9, 17, 26, 27, 55, 56, 57, 64};
    for (unsigned q = 0; n > 0 && q < 3 * sizeof cuts / sizeof cuts[0]; q++) {
        const uint64_t pick = q % 3 == 0 ? 0 : q % 3 == 1 ? n / 2 : n - 1;
        const size_t full = (size_t)(want64[pick + 1] - want64[pick]);
        const size_t length = full < cuts[q / 3] ? full : cuts[q / 3];
        if (length <= GALP_GPU_STR_QUERY_MAX)
            check_counts(gpu, want64, want, n, want + want64[pick], length, what);
    }
    size_t longest = 0;
    for (uint64_t i = 0; i < n; i++)
        if ((size_t)(want64[i + 1] - want64[i]) > longest)
            longest = (size_t)(want64[i + 1] - want64[i]);
    if (longest + 1 <= GALP_GPU_STR_QUERY_MAX) {
        uint8_t *over = calloc(longest + 1, 1);
        assert_non_null(over);
        for (uint64_t i = 0; i < n; i++)
            if ((size_t)(want64[i + 1] - want64[i]) == longest) {
                memcpy(over, want + want64[i], longest);
                break;
            }
        check_counts(gpu, want64, want, n, over, longest + 1, what);
        free(over);
    }
    uint64_t *d_count = NULL;
    assert_int_equal(cudaMalloc((void **)&d_count, sizeof *d_count), cudaSuccess);
    check_visitor_rows(gpu, want64, want, n, what);
    uint32_t default_length = 0;
    assert_int_equal(galp_gpu_str_default_length(NULL, &default_length), GALP_ERR_ARGUMENT);
    assert_int_equal(galp_gpu_str_default_length(gpu, NULL), GALP_ERR_ARGUMENT);
    uint8_t long_query[GALP_GPU_STR_QUERY_MAX + 1] = {0};
    assert_int_equal(galp_gpu_str_count_equal(gpu, long_query, sizeof long_query, d_count, NULL),
                     GALP_ERR_ARGUMENT);
    cudaFree(d_count);

    /* Capacities are checked before any launch; the value-array calls refuse the column. */
    assert_int_equal(galp_gpu_decompress_str64(gpu, d_offsets, n, d_data, bytes, NULL),
                     GALP_ERR_DST_TOO_SMALL);
    if (bytes > 0)
        assert_int_equal(galp_gpu_decompress_str64(gpu, d_offsets, n + 1, d_data, bytes - 1,
                                                   NULL),
                         GALP_ERR_DST_TOO_SMALL);
    galp_gpu_aggregate *d_aggregate = NULL;
    assert_int_equal(cudaMalloc((void **)&d_aggregate, sizeof *d_aggregate), cudaSuccess);
    assert_int_equal(galp_gpu_decompress(gpu, d_data, bytes + 1, NULL), GALP_ERR_ARGUMENT);
    assert_int_equal(galp_gpu_aggregate_column(gpu, d_aggregate, NULL), GALP_ERR_ARGUMENT);
    assert_int_equal(cudaDeviceSynchronize(), cudaSuccess);
    cudaFree(d_aggregate);
    cudaFree(d_offsets);
    cudaFree(d_data);
    galp_gpu_column_free(gpu);
    free(want64);
    free(got64);
    free(want32);
    free(got32);
    free(want);
    free(got);
}

/* The strings compressed again with the layout flag added, and checked where the encoder
 * uses it (it writes a flag only where the column has that layout). */
static void check_with_flag(const uint64_t *offsets, const uint8_t *data, uint64_t n,
                            uint32_t flags, uint32_t flag, uint8_t *file, size_t bound,
                            const char *what, const char *layout)
{
    size_t len = 0;
    assert_int_equal(galp_str_compress(offsets, data, n, flags | flag, file, bound, &len), GALP_OK);
    if ((ts_get_le(file, TS_FLAGS, 4) & flag) != 0) {
        char label[128];
        snprintf(label, sizeof label, "%s, %s", what, layout);
        check_column(file, len, label);
    }
}

/* The reference encoder's file of n strings (no flags), malloc'd, its length in *len. */
static uint8_t *compress_strings(const uint64_t *offsets, const uint8_t *data, uint64_t n, size_t *len)
{
    const size_t bound = galp_str_compress_bound(n, offsets[n] - offsets[0]);
    uint8_t *file = malloc(bound);
    assert_non_null(file);
    assert_int_equal(galp_str_compress(offsets, data, n, 0, file, bound, len), GALP_OK);
    return file;
}

/* Strings compressed by the reference encoder, then checked: with a plain symbol table, with
 * the compact one (spec/fsst.md §3.1) where the encoder writes it, which the kernels' table
 * staging expands, and with lean vectors (§5.1) where the column has any, whose piece counts
 * the kernels read from the entries and whose heads they read without C and piece 0. */
static void check_strings(const uint64_t *offsets, const uint8_t *data, uint64_t n,
                          uint32_t flags, const char *what)
{
    const size_t bound = galp_str_compress_bound(n, offsets[n] - offsets[0]);
    uint8_t *file = malloc(bound);
    size_t len = 0;
    assert_non_null(file);
    assert_int_equal(galp_str_compress(offsets, data, n, flags, file, bound, &len), GALP_OK);
    check_column(file, len, what);
    check_with_flag(offsets, data, n, flags, GALP_FLAG_COMPACT_SYMBOLS, file, bound, what,
                    "compact table");
    check_with_flag(offsets, data, n, flags, GALP_FLAG_LEAN_STR_VECTORS, file, bound, what,
                    "lean vectors");
    free(file);
}

static void test_generated(void **state)
{
    (void)state;
    enum { MAX = 40000 };
    uint64_t *offsets = malloc((MAX + 1) * sizeof *offsets);
    uint8_t *data = malloc(1u << 22);
    assert_true(offsets && data);
    uint64_t seed = 11;
    static const char *const words[] = {"north", "south", "-", " ", "ville", "0", "9"};
    for (unsigned shape = 0; shape < 6; shape++) {
        const uint64_t n = shape == 0   ? 0
                           : shape == 1 ? 300
                           : shape < 4  ? 5000
                           : shape == 4 ? MAX
                                        : 6000;
        offsets[0] = 0;
        for (uint64_t i = 0; i < n; i++) {
            uint64_t len = 0, at = offsets[i];
            if (shape == 1) { /* every byte value, empty strings */
                len = i % 5 == 0 ? 0 : 1 + ts_random_below(&seed, 300);
                for (uint64_t k = 0; k < len; k++)
                    data[at + k] = (uint8_t)ts_random(&seed);
            } else if (shape == 2) { /* words, some strings over several pieces */
                const uint64_t target = i % 251 == 0 ? 5000 : ts_random_below(&seed, 30);
                while (len < target) {
                    const char *w = words[ts_random_below(&seed, 7)];
                    const size_t k = strlen(w);
                    memcpy(data + at + len, w, k);
                    len += k;
                }
            } else if (shape == 3) { /* a default length, a few other lengths, empty strings
                                      * (terminated ones among default ones), and default
                                      * strings that start with a rare byte (an escape) */
                len = i % 97 == 0 ? 0 : i % 40 == 0 ? 5 : 10;
                for (uint64_t k = 0; k < len; k++)
                    data[at + k] = (uint8_t)("0123456789ABCDEF"[ts_random_below(&seed, 16)]);
                if (i % 53 == 0 && len > 0)
                    data[at] = (uint8_t)(0x80 + ts_random_below(&seed, 64));
            } else if (shape == 5) { /* vectors of a default length beside vectors of none:
                                      * the counts' automaton serves only columns of one
                                      * (galp/device/str_automaton.cuh), this one is counted without */
                len = (i / 1024) % 2 == 0 ? 7 : ts_random_below(&seed, 12);
                for (uint64_t k = 0; k < len; k++)
                    data[at + k] = (uint8_t)("abcd"[ts_random_below(&seed, 4)]);
            } else { /* many vectors, so many groups of them per warp: empty strings, random
                      * bytes (escapes), words, and now and then a string of several KiB */
                len = i % 7 == 0 ? 0 : i % 997 == 0 ? 3000 : ts_random_below(&seed, 20);
                for (uint64_t k = 0; k < len; k++)
                    data[at + k] = i % 11 == 0 ? (uint8_t)ts_random(&seed)
                                               : (uint8_t)words[i % 7][k % strlen(words[i % 7])];
            }
            offsets[i + 1] = at + len;
        }
        char what[64];
        snprintf(what, sizeof what, "generated shape %u", shape);
        check_strings(offsets, data, n, shape % 2 ? GALP_FLAG_PAYLOAD_CHECKSUMS : 0, what);
    }
    free(offsets);
    free(data);
}

/* The cases of the warp-cooperative decoder (gpu/str_warp_piece.cuh), which reads a piece
 * 128 code bytes at a time: runs of 255 bytes (escaped literals whose parity runs across
 * lanes and windows), strings longer than a window, empty strings, vectors of a default
 * length with and without terminated strings among them, and queries longer than 8 bytes
 * (check_column counts the first, middle and last string whole); and the cases of its writer
 * (gpu/str_stage_writer.cuh), which ORs each code's bytes into the stage as the 4-byte words
 * they touch: strings of 0 to 3 bytes (lanes of fewer than 4 bytes, words shared by several
 * lanes), long runs of 8-byte symbols (windows of up to 1024 bytes, the most the stage holds
 * at once) and random bytes (escapes in every lane). */
static void test_warp_windows(void **state)
{
    (void)state;
    enum { N = 6000 };
    uint64_t *offsets = malloc((N + 1) * sizeof *offsets);
    uint8_t *data = malloc((size_t)N * 2100);
    assert_true(offsets && data);
    uint64_t seed = 39;
    for (unsigned shape = 0; shape < 7; shape++) {
        offsets[0] = 0;
        for (uint64_t i = 0; i < N; i++) {
            uint64_t len = 0;
            uint8_t *at = data + offsets[i];
            if (shape == 0) { /* runs of 1 to 40 bytes 255 between letters, empty strings */
                len = i % 9 == 0 ? 0 : ts_random_below(&seed, 60);
                for (uint64_t k = 0; k < len;) {
                    uint64_t run = 1 + ts_random_below(&seed, 40);
                    const uint8_t b = ts_random_below(&seed, 2) ? 0xFF : (uint8_t)('a' + run % 3);
                    for (; run > 0 && k < len; run--)
                        at[k++] = b;
                }
            } else if (shape == 1) { /* one default length, no terminated string: 24 bytes,
                                      * some of them 255 */
                len = 24;
                for (uint64_t k = 0; k < len; k++)
                    at[k] = (k + i) % 13 == 0
                                ? 0xFF
                                : (uint8_t)("0123456789abcdef"[ts_random_below(&seed, 16)]);
            } else if (shape == 2) { /* a default length of 12 with terminated strings of
                                      * 0, 3 and 13 bytes among them */
                len = i % 5 == 0 ? (i % 3 == 0 ? 0 : i % 3 == 1 ? 3 : 13) : 12;
                for (uint64_t k = 0; k < len; k++)
                    at[k] = (uint8_t)("needle-longer-than-8"[(k + i % 4) % 20]);
            } else if (shape == 3) { /* strings of 200 to 2000 bytes between short and empty
                                      * ones */
                len = i % 4 == 0 ? 200 + ts_random_below(&seed, 1800) : i % 4 == 1 ? 0 : 1 + i % 7;
                for (uint64_t k = 0; k < len; k++)
                    at[k] = (uint8_t)("the quick brown fox "[(k * 7 + i) % 20]);
            } else if (shape == 4) { /* 0 to 3 bytes of two letters */
                len = ts_random_below(&seed, 4);
                for (uint64_t k = 0; k < len; k++)
                    at[k] = (uint8_t)("ab"[ts_random_below(&seed, 2)]);
            } else if (shape == 5) { /* 40 to 79 bytes, in runs of 8 equal letters */
                len = 40 + ts_random_below(&seed, 40);
                for (uint64_t k = 0; k < len; k++)
                    at[k] = (uint8_t)("abcdefgh"[(k / 8 + i) % 8]);
            } else { /* 1 to 30 random bytes */
                len = 1 + ts_random_below(&seed, 30);
                for (uint64_t k = 0; k < len; k++)
                    at[k] = (uint8_t)ts_random_below(&seed, 256);
            }
            offsets[i + 1] = offsets[i] + len;
        }
        char what[64];
        snprintf(what, sizeof what, "warp windows shape %u", shape);
        check_strings(offsets, data, N, 0, what);
    }
    free(offsets);
    free(data);
}

/* Columns whose codes are not the reference encoder's parse (conformance/str_reparse.h):
 * random symbols and escapes, terminal symbols that carry bytes, random pieces, with a
 * default length and without. The kernels must follow whatever valid codes a file holds.
 * Strings: every byte value with rare bytes 255 (escaped, and so read as literals), words,
 * empty strings, strings longer than the counts' match table (gpu/str_count_piece.cuh) that
 * share their first 60 bytes, and a partial last vector. */
static void test_other_parses(void **state)
{
    (void)state;
    enum { N = 2600 };
    static const char *const words[] = {"north", "south", "-", "ville", "0", "9", "saint "};
    uint64_t *offsets = malloc((N + 1) * sizeof *offsets);
    uint8_t *data = malloc((size_t)N * 200);
    assert_true(offsets && data);
    uint64_t seed = 5;
    offsets[0] = 0;
    for (uint64_t i = 0; i < N; i++) {
        uint8_t *at = data + offsets[i];
        uint64_t len = 0;
        if (i % 4 == 0) { /* bytes of every value, 255 rarely */
            len = ts_random_below(&seed, 40);
            for (uint64_t k = 0; k < len; k++)
                at[k] = ts_random_below(&seed, 600) == 0 ? 0xFF
                                                          : (uint8_t)ts_random_below(&seed, 255);
        } else if (i % 4 == 1) { /* words, or nothing */
            const uint64_t target = i % 3 == 0 ? 0 : ts_random_below(&seed, 30);
            while (len < target) {
                const char *w = words[ts_random_below(&seed, 7)];
                memcpy(at + len, w, strlen(w));
                len += strlen(w);
            }
        } else if (i % 4 == 2) { /* 60 shared bytes and a tail */
            len = 60 + ts_random_below(&seed, 80);
            for (uint64_t k = 0; k < len; k++)
                at[k] = k < 60 ? (uint8_t)"https://example.org/"[k % 20]
                               : (uint8_t)('a' + (k * i) % 26);
        } else { /* a common length */
            len = 12;
            for (uint64_t k = 0; k < len; k++)
                at[k] = (uint8_t)"0123456789ABCDEF"[ts_random_below(&seed, 16)];
        }
        offsets[i + 1] = offsets[i] + len;
    }
    size_t len = 0;
    uint8_t *file = compress_strings(offsets, data, N, &len);
    for (unsigned variant = 0; variant < 4; variant++) {
        size_t other_len = 0;
        uint8_t *other = str_reparse(file, len, variant % 2 != 0, 100 + variant, &other_len);
        assert_non_null(other);
        galp_column col;
        assert_int_equal(galp_open(&col, other, other_len), GALP_OK);
        char what[64];
        snprintf(what, sizeof what, "other parse %u%s", variant,
                 variant % 2 ? ", default lengths" : "");
        check_column(other, other_len, what);
        free(other);
    }
    free(file);
    free(offsets);
    free(data);
}

/* One equality and one prefix query on a small column of a default length with terminated
 * strings among its strings: the count automaton and the kernels that follow str_matcher
 * (host API and device API in every grid) on two queries, few enough launches for racecheck
 * (tools/gpu-check.sh), under which the other tests' dozens of queries a column take minutes. */
static void test_one_query(void **state)
{
    (void)state;
    enum { N = 300, L = 12 };
    static uint64_t offsets[N + 1];
    static uint8_t data[N * 13];
    for (uint64_t i = 0; i < N; i++) {
        const uint64_t len = i % 5 == 0 ? (i % 3 == 0 ? 0 : i % 3 == 1 ? 3 : 13) : L;
        for (uint64_t k = 0; k < len; k++)
            data[offsets[i] + k] = (uint8_t)("needle-longer-than-8"[(k + i % 4) % 20]);
        offsets[i + 1] = offsets[i] + len;
    }
    size_t len = 0;
    uint8_t *file = compress_strings(offsets, data, N, &len);
    galp_column col;
    assert_int_equal(galp_open(&col, file, len), GALP_OK);
    int64_t want64[N + 1];
    uint8_t want[N * 13];
    assert_int_equal(galp_column_decode_str64(&col, want64, N + 1, want, sizeof want), GALP_OK);
    galp_gpu_column *gpu = NULL;
    assert_int_equal(galp_gpu_column_upload(file, len, &gpu), GALP_OK);
    uint32_t default_length = 0;
    assert_int_equal(galp_gpu_str_default_length(gpu, &default_length), GALP_OK);
    assert_int_equal(default_length, L); /* so that check_automaton runs its kernels */
    assert_int_not_equal(test_str_automaton_bytes(L, L), 0);
    check_counts(gpu, want64, want, N, want + want64[1], L, "one query");
    galp_gpu_column_free(gpu);
    free(file);
}

/* The str golden vectors: valid ones decode as the reference does, invalid ones are refused
 * by the upload with galp_open's status. */
static void test_vectors(void **state)
{
    (void)state;
    const char *top = getenv("GALP_SRCDIR");
    static const char *const names[] = {
        "valid/fsst_empty", "valid/fsst_one", "valid/fsst_edges", "valid/fsst_pieces",
        "valid/fsst_default_length", "valid/fsst_escape", "invalid/fsst_code_unused",
        "invalid/fsst_escape_last", "invalid/fsst_piece_order", "invalid/fsst_symbol_length_9",
        "valid/fsst_compact", "invalid/fsst_compact_shared_first",
        "invalid/fsst_compact_shared_past_previous"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/vectors/%s.galp", top ? top : GALP_TOP_SRCDIR, names[i]);
        size_t len = 0;
        uint8_t *file = ts_read_file(path, &len);
        if (file == NULL)
            fail_msg("cannot read %s", path);
        galp_column col;
        const galp_status expected = galp_open(&col, file, len);
        if (expected == GALP_OK) {
            check_column(file, len, names[i]);
        } else {
            galp_gpu_column *gpu = NULL;
            assert_int_equal(galp_gpu_column_upload(file, len, &gpu), expected);
            assert_null(gpu);
        }
        free(file);
    }
}

/* A column of values is not a str column: every str call refuses it, before any launch. */
static void test_value_column(void **state)
{
    (void)state;
    enum { N = 3000 };
    static uint32_t values[N];
    for (uint32_t i = 0; i < N; i++)
        values[i] = i * 7u % 1000u;
    const size_t bound = galp_compress_bound(GALP_TYPE_U32, N);
    uint8_t *file = malloc(bound);
    size_t len = 0;
    assert_non_null(file);
    assert_int_equal(galp_compress(GALP_TYPE_U32, GALP_SCHEME_FFOR, values, N, file, bound, &len),
                     GALP_OK);
    galp_gpu_column *gpu = NULL;
    assert_int_equal(galp_gpu_column_upload(file, len, &gpu), GALP_OK);
    uint64_t bytes = 1, *d_count = NULL;
    uint32_t default_length = 1;
    int64_t *d_offsets = NULL;
    uint8_t *d_data = NULL;
    assert_int_equal(cudaMalloc((void **)&d_count, sizeof *d_count), cudaSuccess);
    assert_int_equal(cudaMalloc((void **)&d_offsets, (N + 1) * sizeof *d_offsets), cudaSuccess);
    assert_int_equal(cudaMalloc((void **)&d_data, 4 * N), cudaSuccess);
    assert_int_equal(galp_gpu_str_bytes(gpu, &bytes), GALP_ERR_ARGUMENT);
    assert_int_equal(galp_gpu_str_default_length(gpu, &default_length), GALP_ERR_ARGUMENT);
    assert_int_equal(bytes, 1);
    assert_int_equal(default_length, 1);
    assert_int_equal(galp_gpu_decompress_str64(gpu, d_offsets, N + 1, d_data, 4 * N, NULL),
                     GALP_ERR_ARGUMENT);
    assert_int_equal(galp_gpu_decompress_str32(gpu, (int32_t *)d_offsets, N + 1, d_data, 4 * N,
                                               NULL),
                     GALP_ERR_ARGUMENT);
    assert_int_equal(galp_gpu_str_count_equal(gpu, (const uint8_t *)"7", 1, d_count, NULL),
                     GALP_ERR_ARGUMENT);
    assert_int_equal(galp_gpu_str_count_prefix(gpu, (const uint8_t *)"7", 1, d_count, NULL),
                     GALP_ERR_ARGUMENT);
    assert_int_equal(cudaDeviceSynchronize(), cudaSuccess);
    cudaFree(d_count);
    cudaFree(d_offsets);
    cudaFree(d_data);
    galp_gpu_column_free(gpu);
    free(file);
}

/* The shared strings: one string per line, as docs/COMPRESSION.md splits them. */
static void test_real_data(void **state)
{
    (void)state;
    const char *root = getenv("GALP_DATA_DIR");
    static const char *const files[] = {"c_name", "city", "email", "genome",
                                        "hex",    "l_comment", "urls2", "wiki"};
    unsigned found = 0;
    for (size_t f = 0; root != NULL && f < sizeof files / sizeof files[0]; f++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/strings/%s", root, files[f]);
        size_t len = 0;
        uint8_t *text = ts_read_file(path, &len);
        if (text == NULL)
            continue;
        found++;
        uint64_t n = 0;
        for (size_t i = 0; i < len; i++)
            n += text[i] == '\n';
        uint64_t *offsets = malloc((n + 2) * sizeof *offsets);
        uint8_t *data = malloc(len + 1);
        uint64_t k = 0, kept = 0;
        offsets[0] = 0;
        for (size_t i = 0; i < len; i++) {
            if (text[i] == '\n')
                offsets[++k] = kept;
            else
                data[kept++] = text[i];
        }
        check_strings(offsets, data, n, GALP_FLAG_PAYLOAD_CHECKSUMS, files[f]);
        free(offsets);
        free(data);
        free(text);
    }
    if (found == 0) {
        print_message("no strings under %s/strings (GALP_DATA_DIR): skipped\n",
                      root ? root : "(unset)");
        skip();
    }
}

int main(void)
{
    const galp_status available = galp_gpu_available();
    if (available != GALP_OK) {
        printf("SKIP: no usable GPU: %s\n", galp_strerror(available));
        return 77;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_generated),
        cmocka_unit_test(test_warp_windows),
        cmocka_unit_test(test_other_parses),
        cmocka_unit_test(test_vectors),
        cmocka_unit_test(test_one_query),
        cmocka_unit_test(test_value_column),
        cmocka_unit_test(test_real_data),
    };
    return TS_RUN_TESTS(tests);
}

#else /* no CUDA: the str entry points exist and report GALP_ERR_NO_DEVICE */

int main(void)
{
    uint64_t bytes;
    uint32_t default_length;
    int64_t offsets[1];
    uint8_t data[1];
    if (galp_gpu_str_bytes(NULL, &bytes) != GALP_ERR_NO_DEVICE ||
        galp_gpu_str_default_length(NULL, &default_length) != GALP_ERR_NO_DEVICE ||
        galp_gpu_decompress_str64(NULL, offsets, 1, data, 1, NULL) != GALP_ERR_NO_DEVICE ||
        galp_gpu_decompress_str32(NULL, (int32_t *)(void *)offsets, 1, data, 1, NULL) !=
            GALP_ERR_NO_DEVICE ||
        galp_gpu_str_count_equal(NULL, data, 1, &bytes, NULL) != GALP_ERR_NO_DEVICE ||
        galp_gpu_str_count_prefix(NULL, data, 1, &bytes, NULL) != GALP_ERR_NO_DEVICE) {
        printf("FAIL: a str entry point of a build without CUDA did not report NO_DEVICE\n");
        return 1;
    }
    printf("SKIP: built without CUDA (the str entry points report GALP_ERR_NO_DEVICE)\n");
    return 77;
}

#endif
