/*
 * fuzz_strings.c — str columns (spec/fsst.md): the encoder's round trip, and columns written
 * here from the spec.
 *
 * Input: byte 0 picks the mode, the rest drives it (byte_source.h).
 *   even mode, round trip: strings cut from the input (lengths drawn, or split at a drawn
 *     delimiter byte, so that repeated substrings occur) are compressed, with payload checksums
 *     or not, with the compact symbol table allowed or not, with lean vectors or not; the file
 *     is at most
 *     galp_str_compress_bound and a destination one byte short of it is refused; every
 *     decoding entry point gives the strings back (decode_check.h).
 *   odd mode, generated: a symbol table and the code stream of every vector are drawn and
 *     written here byte by byte from spec/fsst.md — symbols of 0–8 bytes, terminal or not,
 *     in a plain or a compact table (§3.1, symbols that repeat the start of the one before),
 *     escapes, default lengths with marked strings, several pieces with zero padding, plain or
 *     lean vectors (§5.1: piece counts in the entries, 4-byte aligned payloads) — and the
 *     strings a decoder must output are computed from the codes by the spec's rules, not by
 *     the reference codec; the file must open and decode to exactly them.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "bytes.h"
#include "byte_source.h"
#include "decode_check.h"
#include "fuzz_require.h"
#include "galp_internal.h"

#define MAX_STRINGS (3u * GALP_VECTOR_SIZE + 100u)
#define MAX_BYTES (1u << 16)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Growable bytes. */
typedef struct buf {
    uint8_t *data;
    size_t len, cap;
} buf;

static void put(buf *b, const void *bytes, size_t n)
{
    if (n == 0)
        return;
    if (b->len + n > b->cap) {
        b->cap = 2 * (b->len + n) + 256;
        b->data = realloc(b->data, b->cap);
        FUZZ_REQUIRE(b->data != NULL, "out of memory");
    }
    memcpy(b->data + b->len, bytes, n);
    b->len += n;
}

static void put_u32(buf *b, uint32_t v)
{
    uint8_t le[4];
    galp_store_u32(le, v);
    put(b, le, 4);
}

/* Strings as offsets into bytes. */
typedef struct strings {
    uint64_t offsets[MAX_STRINGS + 1];
    buf bytes;
    uint64_t n;
} strings;

static void add_string(strings *s, const uint8_t *bytes, size_t len)
{
    put(&s->bytes, bytes, len);
    s->offsets[++s->n] = s->bytes.len;
}

/* The file decodes to exactly the strings s (every entry point: decode_check.h). */
static void check_file(const uint8_t *file, size_t len, const strings *s)
{
    const fuzz_expected_strings expected = {s->offsets, s->bytes.data, s->n};
    galp_status st = fuzz_check_decode(file, len, &expected, NULL);
    FUZZ_REQUIRE(st == GALP_OK, "str file rejected: %s", galp_status_name(st));
}

/* ---- even mode: the encoder's round trip ---------------------------------------------- */

static void round_trip(byte_source *src, const uint8_t *rest, size_t rest_len)
{
    strings *s = calloc(1, sizeof *s);
    FUZZ_REQUIRE(s != NULL, "out of memory");
    const uint8_t choice = byte_source_u8(src);
    const uint32_t flags = (choice & 1u ? GALP_FLAG_PAYLOAD_CHECKSUMS : 0) |
                           (choice & 2u ? GALP_FLAG_COMPACT_SYMBOLS : 0) |
                           (choice & 4u ? GALP_FLAG_LEAN_STR_VECTORS : 0);
    const bool split = byte_source_u8(src) & 1u;
    const uint8_t delimiter = byte_source_u8(src);
    const unsigned copies = 1 + byte_source_u8(src) % 8; /* repeats make symbols worth it */
    for (unsigned c = 0; c < copies; c++) {
        size_t at = 0;
        while (at <= rest_len && s->n < MAX_STRINGS && s->bytes.len < MAX_BYTES) {
            size_t len;
            if (split) {
                const uint8_t *hit = memchr(rest + at, delimiter, rest_len - at);
                len = hit ? (size_t)(hit - (rest + at)) : rest_len - at;
            } else {
                len = byte_source_u8(src) % 24;
                len = len > rest_len - at ? rest_len - at : len;
            }
            add_string(s, rest + at, len);
            at += len + (split ? 1 : 0);
            if (!split && at == rest_len)
                break;
        }
    }
    const size_t bound = galp_str_compress_bound(s->n, s->bytes.len);
    uint8_t *file = malloc(bound);
    FUZZ_REQUIRE(bound > 0 && file != NULL, "bound %zu", bound);
    size_t len = 0;
    galp_status st = galp_str_compress(s->offsets, s->bytes.data, s->n, flags, file, bound, &len);
    FUZZ_REQUIRE(st == GALP_OK && len <= bound, "compress: %s, %zu of %zu bytes",
                 galp_status_name(st), len, bound);
    /* One byte short, into a buffer of exactly that size: ASan reports any write past it. */
    uint8_t *short_dst = malloc(len - 1);
    FUZZ_REQUIRE(short_dst != NULL, "out of memory");
    size_t short_len = 0;
    st = galp_str_compress(s->offsets, s->bytes.data, s->n, flags, short_dst, len - 1,
                           &short_len);
    FUZZ_REQUIRE(st == GALP_ERR_DST_TOO_SMALL, "compress into %zu bytes: %s", len - 1,
                 galp_status_name(st));
    free(short_dst);
    check_file(file, len, s);
    free(file);
    free(s->bytes.data);
    free(s);
}

/* ---- odd mode: columns written from spec/fsst.md ------------------------------------- */

/* The drawn symbol table (spec/fsst.md §3): symbol 0 is always the end symbol. */
typedef struct table {
    unsigned k;
    uint8_t len[255];
    bool terminal[255];
    uint8_t bytes[255][8];
} table;

/* With `compact`, about half the symbols repeat a drawn part of the start of the one before,
 * so that a compact table (spec/fsst.md §3.1) shares bytes. */
static void draw_table(byte_source *src, bool compact, table *t)
{
    t->k = 1 + byte_source_u8(src) % 255;
    t->len[0] = 0;
    t->terminal[0] = true;
    for (unsigned c = 1; c < t->k; c++) {
        t->terminal[c] = byte_source_u8(src) % 4 == 0;
        t->len[c] = (uint8_t)(byte_source_u8(src) % 9);
        if (t->len[c] == 0 && !t->terminal[c])
            t->len[c] = 1;
        for (unsigned i = 0; i < 8; i++)
            t->bytes[c][i] = i < t->len[c] ? byte_source_u8(src) : 0;
        const unsigned most = t->len[c] < t->len[c - 1] ? t->len[c] : t->len[c - 1];
        if (compact && byte_source_u8(src) & 1u)
            memcpy(t->bytes[c], t->bytes[c - 1], byte_source_u8(src) % (most + 1));
    }
}

/* The bytes symbol c shares with the start of symbol c − 1, up to 7 (spec/fsst.md §3.1). */
static unsigned shared_start(const table *t, unsigned c)
{
    unsigned p = 0;
    while (c > 0 && p < 7 && p < t->len[c] && p < t->len[c - 1] &&
           t->bytes[c][p] == t->bytes[c - 1][p])
        p++;
    return p;
}

static void write_table(const table *t, bool compact, buf *out)
{
    buf body = {0};
    for (unsigned c = 0; c < t->k; c++) {
        const unsigned shared = compact ? shared_start(t, c) : 0;
        const uint8_t desc = (uint8_t)(shared << 4 | (t->len[c] - shared) |
                                       (t->terminal[c] ? 0x80u : 0));
        put(&body, &desc, 1);
    }
    for (unsigned c = 0; c < t->k; c++) {
        const unsigned shared = compact ? shared_start(t, c) : 0;
        put(&body, t->bytes[c] + shared, t->len[c] - shared);
    }
    put_u32(out, t->k);
    put_u32(out, galp_crc32c(0, body.data, body.len));
    put(out, body.data, body.len);
    free(body.data);
}

/* One code and what it decodes to (spec/fsst.md §5 step 2). */
static void emit_code(const table *t, unsigned x, buf *codes, buf *text)
{
    const uint8_t code = (uint8_t)x;
    put(codes, &code, 1);
    put(text, t->bytes[x], t->len[x]);
}

static void emit_escape(uint8_t literal, buf *codes, buf *text)
{
    const uint8_t pair[2] = {255, literal};
    put(codes, pair, 2);
    put(text, &literal, 1);
}

/* A random non-terminal symbol of at most `room` bytes (ℓ ≥ 1), or -1. */
static int plain_symbol(byte_source *src, const table *t, uint64_t room)
{
    const unsigned start = byte_source_u8(src) % t->k;
    for (unsigned i = 0; i < t->k; i++) {
        const unsigned c = (start + i) % t->k;
        if (!t->terminal[c] && t->len[c] >= 1 && t->len[c] <= room)
            return (int)c;
    }
    return -1;
}

/* One string's codes: a default string of exactly `fixed` bytes when fixed ≠ 0 and chosen,
 * else a terminated one (marked by the end symbol when fixed ≠ 0). */
static void draw_string(byte_source *src, const table *t, uint32_t fixed, buf *codes, buf *text)
{
    const size_t begin = text->len;
    if (fixed != 0 && byte_source_u8(src) % 4 != 0) {
        while (text->len - begin < fixed) {
            const int c = byte_source_u8(src) % 3 ? plain_symbol(src, t, fixed - (text->len - begin)) : -1;
            if (c >= 0)
                emit_code(t, (unsigned)c, codes, text);
            else
                emit_escape(byte_source_u8(src), codes, text);
        }
        return;
    }
    if (fixed != 0)
        emit_code(t, 0, codes, text); /* the end symbol as a mark */
    const unsigned parts = byte_source_u8(src) % 6;
    for (unsigned p = 0; p < parts; p++) {
        const int c = byte_source_u8(src) % 3 ? plain_symbol(src, t, 8) : -1;
        if (c >= 0)
            emit_code(t, (unsigned)c, codes, text);
        else
            emit_escape(byte_source_u8(src), codes, text);
    }
    unsigned end = byte_source_u8(src) % t->k;
    while (!t->terminal[end])
        end = (end + 1) % t->k;
    emit_code(t, end, codes, text);
}

/* One vector's payload (spec/fsst.md §5, or the lean form of §5.1) for m strings, appended
 * to s; codes and dir are the caller's scratch, reused from vector to vector. Returns the
 * piece count. */
static uint32_t draw_vector(byte_source *src, const table *t, uint32_t m, bool lean, strings *s,
                            buf *payload, buf *scratch_codes, buf *scratch_dir)
{
    const uint32_t fixed = byte_source_u8(src) % 2 ? 1 + byte_source_u8(src) % 12 : 0;
    buf codes = *scratch_codes, dir = *scratch_dir;
    codes.len = dir.len = 0;
    const uint64_t vector_start = s->bytes.len;
    uint32_t pieces = 0;
    for (uint32_t i = 0; i < m; i++) {
        if (i == 0 || byte_source_u8(src) % 8 == 0) {
            static const uint8_t zero[3];
            put(&codes, zero, (4 - codes.len % 4) % 4);
            if (!lean || i > 0) { /* the lean head leaves out piece 0's (0, 0, 0) */
                put_u32(&dir, i);
                put_u32(&dir, (uint32_t)codes.len);
                put_u32(&dir, (uint32_t)(s->bytes.len - vector_start));
            }
            pieces++;
        }
        draw_string(src, t, fixed, &codes, &s->bytes);
        s->offsets[++s->n] = s->bytes.len;
    }
    if (!lean) { /* the lean form's p is in the entry, its C what the payload leaves */
        put_u32(payload, pieces);
        put_u32(payload, (uint32_t)codes.len);
    }
    put_u32(payload, fixed);
    put(payload, dir.data, dir.len);
    put(payload, codes.data, codes.len);
    *scratch_codes = codes;
    *scratch_dir = dir;
    return pieces;
}

/* Zero bytes up to the next multiple of `align`. */
static void pad_to(buf *b, unsigned align)
{
    static const uint8_t zeros[16];
    put(b, zeros, (align - b->len % align) % align);
}

static void generated(byte_source *src)
{
    strings *s = calloc(1, sizeof *s);
    FUZZ_REQUIRE(s != NULL, "out of memory");
    table t;
    const bool compact = byte_source_u8(src) & 1u;
    draw_table(src, compact, &t);
    const uint64_t n = byte_source_u16(src) % MAX_STRINGS;
    const uint32_t nv = (uint32_t)galp_vector_count(n);
    const bool sums = byte_source_u8(src) & 1u;
    const bool lean = nv > 0 && (byte_source_u8(src) & 1u);
    const unsigned align = lean ? 4 : 16; /* payload alignment (spec/fsst.md §5.1) */
    buf file = {0}, payloads = {0}, codes = {0}, dir = {0};
    uint8_t zeros[GALP_TAIL_PADDING] = {0};
    put(&file, zeros, GALP_HEADER_SIZE);
    for (uint32_t v = 0; v < nv; v++)
        put(&file, zeros, GALP_VECTOR_ENTRY_SIZE);
    const uint64_t payload_offset = file.len;
    write_table(&t, compact, &file);
    pad_to(&file, align);
    for (uint32_t v = 0; v < nv; v++) {
        payloads.len = 0;
        const uint32_t pieces =
            draw_vector(src, &t, galp_vector_values(n, v), lean, s, &payloads, &codes, &dir);
        uint8_t *e = file.data + GALP_HEADER_SIZE + (size_t)GALP_VECTOR_ENTRY_SIZE * v;
        galp_store_u64(e, file.len);
        galp_store_u64(e + 8, s->bytes.len);
        galp_store_u32(e + 16, (uint32_t)payloads.len);
        if (lean)
            galp_store_u16(e + 20, (uint16_t)pieces);
        e[22] = GALP_SCHEME_FSST;
        if (sums)
            galp_store_u32(e + 28, galp_crc32c(0, payloads.data, payloads.len));
        put(&file, payloads.data, payloads.len);
        pad_to(&file, align);
    }
    pad_to(&file, 16); /* payload_end: round16 of the last payload's end */
    const uint64_t payload_end = file.len;
    put(&file, zeros, GALP_TAIL_PADDING);
    uint8_t *h = file.data;
    memcpy(h, "GALP", 4);
    h[4] = 1;
    h[5] = lean ? 7 : compact ? 6 : 2;
    h[6] = GALP_TYPE_STR;
    h[7] = GALP_SCHEME_FSST;
    galp_store_u64(h + 8, n);
    galp_store_u32(h + 16, nv);
    galp_store_u32(h + 20, (sums ? 1u : 0u) | (compact ? GALP_FLAG_COMPACT_SYMBOLS : 0u) |
                               (lean ? GALP_FLAG_LEAN_STR_VECTORS : 0u));
    galp_store_u64(h + 24, GALP_HEADER_SIZE);
    galp_store_u64(h + 32, payload_offset);
    galp_store_u64(h + 40, payload_end);
    galp_store_u64(h + 48, payload_end + GALP_TAIL_PADDING);
    uint32_t crc = galp_crc32c(0, h, 60);
    crc = galp_crc32c(crc, h + GALP_HEADER_SIZE, (size_t)GALP_VECTOR_ENTRY_SIZE * nv);
    galp_store_u32(h + 60, crc);
    check_file(file.data, file.len, s);
    free(file.data);
    free(payloads.data);
    free(codes.data);
    free(dir.data);
    free(s->bytes.data);
    free(s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    byte_source src;
    byte_source_init(&src, data + 1, size - 1);
    if (data[0] % 2 == 0) {
        const size_t head = size - 1 < 4 ? size - 1 : 4;
        byte_source choices;
        byte_source_init(&choices, data + 1, head);
        round_trip(&choices, data + 1 + head, size - 1 - head);
    } else {
        generated(&src);
    }
    return 0;
}
