/*
 * str_reparse.c — str columns recoded with random valid parses (str_reparse.h).
 *
 * The file keeps its header, metadata table and symbol table; only the vector payloads
 * (spec/fsst.md §5) are written anew, back to back from where the first one started, and the
 * entries, payload_end, file_size and the header checksum follow them.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "galp.h"
#include "str_reparse.h"
#include "test_support.h"

enum { ESCAPE = 255, END_SYMBOL = 0x80, MAX_SYMBOLS = 255 };

/* A plain symbol table (spec/fsst.md §3). */
typedef struct symbol_table {
    uint32_t k;
    uint8_t len[MAX_SYMBOLS];
    uint8_t terminal[MAX_SYMBOLS];
    uint8_t bytes[MAX_SYMBOLS][8];
    int end; /* a terminal symbol of no bytes, or -1 */
} symbol_table;

/* A growing byte buffer; `failed` once memory ran out. */
typedef struct byte_buf {
    uint8_t *data;
    size_t len, cap;
    bool failed;
} byte_buf;

static void put(byte_buf *b, const void *bytes, size_t n)
{
    if (b->failed)
        return;
    if (b->len + n > b->cap) {
        const size_t cap = 2 * (b->len + n) + 64;
        uint8_t *data = realloc(b->data, cap);
        if (data == NULL) {
            b->failed = true;
            return;
        }
        b->data = data;
        b->cap = cap;
    }
    memcpy(b->data + b->len, bytes, n);
    b->len += n;
}

static void put_byte(byte_buf *b, unsigned byte)
{
    const uint8_t x = (uint8_t)byte;
    put(b, &x, 1);
}

static void put_u32(byte_buf *b, uint32_t v)
{
    uint8_t le[4];
    ts_put_le(le, 0, 4, v);
    put(b, le, 4);
}

static void read_table(const uint8_t *file, symbol_table *t)
{
    const size_t at = (size_t)ts_get_le(file, TS_PAYLOAD_OFFSET, 8);
    t->k = (uint32_t)ts_get_le(file, at, 4);
    t->end = -1;
    size_t bytes = at + 8 + t->k;
    for (uint32_t c = 0; c < t->k; c++) {
        const uint8_t d = file[at + 8 + c];
        t->len[c] = d & 0x0Fu;
        t->terminal[c] = (d & 0x80u) != 0;
        memcpy(t->bytes[c], file + bytes, t->len[c]);
        bytes += t->len[c];
        if (d == END_SYMBOL && t->end < 0)
            t->end = (int)c;
    }
}

/* The codes of string s[0 .. n): a default string (non-terminal symbols and escapes that
 * make exactly n bytes) or a terminated one (the same, then a terminal symbol that covers its
 * last bytes or the end symbol). Each step takes an escape one time in eight, else one of
 * the symbols that fit at random. */
static void code_string(const symbol_table *t, const uint8_t *s, size_t n, bool terminated,
                        uint64_t *seed, byte_buf *out)
{
    size_t i = 0;
    for (;;) {
        if (i == n) {
            if (terminated)
                put_byte(out, (unsigned)t->end);
            return;
        }
        uint8_t fits[MAX_SYMBOLS];
        unsigned count = 0;
        for (uint32_t c = 0; c < t->k; c++)
            if (t->len[c] > 0 && t->len[c] <= n - i && memcmp(t->bytes[c], s + i, t->len[c]) == 0 &&
                (!t->terminal[c] || (terminated && i + t->len[c] == n)))
                fits[count++] = (uint8_t)c;
        if (count == 0 || ts_random_below(seed, 8) == 0) {
            put_byte(out, ESCAPE);
            put_byte(out, s[i]);
            i++;
            continue;
        }
        const uint8_t c = fits[ts_random_below(seed, count)];
        put_byte(out, c);
        i += t->len[c];
        if (t->terminal[c])
            return;
    }
}

/* The most common non-zero length of the m strings from `first`, or 0 when all are empty. */
static uint32_t common_length(const int64_t *offsets, uint64_t first, uint32_t m)
{
    uint32_t best = 0, best_count = 0;
    for (uint32_t i = 0; i < m; i++) {
        const uint64_t len = (uint64_t)(offsets[first + i + 1] - offsets[first + i]);
        if (len == 0 || len > UINT32_MAX)
            continue;
        uint32_t count = 0;
        for (uint32_t j = 0; j < m; j++)
            count += (uint64_t)(offsets[first + j + 1] - offsets[first + j]) == len;
        if (count > best_count) {
            best = (uint32_t)len;
            best_count = count;
        }
    }
    return best;
}

/* Vector v's payload (spec/fsst.md §5): pieces start at string 0 and then at random strings,
 * one in 48, each piece's codes 4-byte aligned with zero padding. */
static void code_vector(const symbol_table *t, const int64_t *offsets, const uint8_t *data,
                        uint64_t first, uint32_t m, bool default_length, uint64_t *seed,
                        byte_buf *payload)
{
    const uint32_t L = default_length ? common_length(offsets, first, m) : 0;
    byte_buf codes = {0}, pieces = {0};
    uint32_t p = 0;
    for (uint32_t i = 0; i < m; i++) {
        if (i == 0 || ts_random_below(seed, 48) == 0) {
            while (codes.len % 4 != 0)
                put_byte(&codes, 0);
            put_u32(&pieces, i);
            put_u32(&pieces, (uint32_t)codes.len);
            put_u32(&pieces, (uint32_t)(offsets[first + i] - offsets[first]));
            p++;
        }
        const uint8_t *s = data + offsets[first + i];
        const size_t n = (size_t)(offsets[first + i + 1] - offsets[first + i]);
        const bool terminated = L == 0 || n != L;
        if (L != 0 && terminated)
            put_byte(&codes, (unsigned)t->end);
        code_string(t, s, n, terminated, seed, &codes);
    }
    put_u32(payload, p);
    put_u32(payload, (uint32_t)codes.len);
    put_u32(payload, L);
    put(payload, pieces.data, pieces.len);
    put(payload, codes.data, codes.len);
    payload->failed |= codes.failed || pieces.failed;
    free(codes.data);
    free(pieces.data);
}

uint8_t *str_reparse(const uint8_t *file, size_t len, bool default_length, uint64_t seed,
                     size_t *out_len)
{
    galp_column col;
    uint64_t bytes = 0;
    if (galp_open(&col, file, len) != GALP_OK || col.type != GALP_TYPE_STR || col.flags != 0 ||
        galp_column_str_bytes(&col, &bytes) != GALP_OK)
        return NULL;
    const uint64_t n = col.value_count;
    const uint32_t nv = col.vector_count;
    int64_t *offsets = malloc((n + 1) * sizeof *offsets);
    uint8_t *data = malloc(bytes + 1);
    symbol_table t;
    read_table(file, &t);
    byte_buf out = {0};
    bool ok = offsets != NULL && data != NULL && t.end >= 0 &&
              galp_column_decode_str64(&col, offsets, n + 1, data, bytes) == GALP_OK;
    /* the header, metadata table and symbol table, up to the first payload */
    const size_t start = nv == 0 ? (size_t)ts_get_le(file, TS_PAYLOAD_END, 8)
                                 : (size_t)ts_get_le(file, ts_entry(0, TS_ENT_PAYLOAD_OFFSET), 8);
    if (ok)
        put(&out, file, start);
    for (uint32_t v = 0; ok && v < nv; v++) {
        const uint64_t first = (uint64_t)v * GALP_VECTOR_SIZE;
        const uint32_t m = n - first < GALP_VECTOR_SIZE ? (uint32_t)(n - first) : GALP_VECTOR_SIZE;
        const size_t at = out.len;
        code_vector(&t, offsets, data, first, m, default_length, &seed, &out);
        if (out.failed)
            break;
        ts_put_le(out.data, ts_entry(v, TS_ENT_PAYLOAD_OFFSET), 8, at);
        ts_put_le(out.data, ts_entry(v, TS_ENT_PAYLOAD_SIZE), 4, out.len - at);
        while (out.len % 16 != 0)
            put_byte(&out, 0);
    }
    const size_t end = out.len;
    for (unsigned i = 0; i < GALP_TAIL_PADDING; i++)
        put_byte(&out, 0);
    ok = ok && !out.failed;
    if (ok) {
        ts_put_le(out.data, TS_PAYLOAD_END, 8, end);
        ts_put_le(out.data, TS_FILE_SIZE, 8, out.len);
        ts_reseal(out.data);
        *out_len = out.len;
    } else {
        free(out.data);
        out.data = NULL;
    }
    free(offsets);
    free(data);
    return out.data;
}
