/*
 * gen_fsst.c — the golden vectors of str columns (spec/fsst.md): valid columns from the
 * reference encoder, and one or more invalid files per check of spec/fsst.md §6, each made by
 * changing one field of a valid file and recomputing the checksums that would otherwise fire
 * first.
 *
 * The expected output of a str column is each string's length (u32, little-endian) followed
 * by its bytes (spec/conformance.md §4).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bytes.h"
#include "galp_internal.h"
#include "gen_vectors.h"

/* spec/format.md §3.1, §3.3 and spec/fsst.md §3, §5 field offsets. */
enum { H_PAYLOAD = 32, H_PAYLOAD_END = 40, H_FILE_SIZE = 48, H_TYPE = 6 };
enum { E_OFFSET = 0, E_BASE = 8, E_SIZE = 16, E_COUNT = 20, E_SCHEME = 22 };
enum { P_PIECES = 0, P_CODE_SIZE = 4, P_DEFAULT = 8, P_ENTRIES = 12, PIECE = 12 };

/* Strings being collected for one column. */
typedef struct str_input {
    uint64_t *offsets;
    gen_buf data;
    uint64_t n, cap;
} str_input;

static void add(str_input *in, const void *bytes, size_t len)
{
    if (in->n + 2 > in->cap) {
        in->cap = in->cap ? 2 * in->cap : 1024;
        in->offsets = realloc(in->offsets, in->cap * sizeof *in->offsets);
        if (!in->offsets)
            gen_fail("out of memory");
    }
    in->offsets[0] = 0;
    gen_buf_append(&in->data, bytes, len);
    in->offsets[++in->n] = in->data.len;
}

static void add_text(str_input *in, const char *text)
{
    add(in, text, strlen(text));
}

static void input_free(str_input *in)
{
    free(in->offsets);
    gen_buf_free(&in->data);
}

/* A valid vector: the encoder's file and the strings in the output form. */
static gen_vector *encoded(gen_set *set, const char *name, str_input *in, uint32_t flags,
                           const char *description)
{
    if (in->n == 0) {
        in->offsets = malloc(sizeof *in->offsets);
        if (!in->offsets)
            gen_fail("out of memory");
        in->offsets[0] = 0;
    }
    gen_vector *vec = gen_set_add(set, name, GALP_OK, GALP_TYPE_STR, GALP_SCHEME_FSST,
                                  description);
    const size_t cap = galp_str_compress_bound(in->n, in->data.len);
    uint8_t *dst = malloc(cap);
    size_t len = 0;
    if (!dst)
        gen_fail("out of memory");
    galp_status st = galp_str_compress(in->offsets, in->data.data, in->n, flags, dst, cap, &len);
    if (st != GALP_OK)
        gen_fail("%s: galp_str_compress failed: %s", name, galp_status_name(st));
    gen_buf_append(&vec->file, dst, len);
    for (uint64_t i = 0; i < in->n; i++) {
        const uint64_t lo = in->offsets[i], hi = in->offsets[i + 1];
        gen_buf_append_value(&vec->out, 4, hi - lo);
        gen_buf_append(&vec->out, in->data.data + lo, (size_t)(hi - lo));
    }
    vec->from_encoder = true;
    free(dst);
    return vec;
}

static void valid_columns(gen_set *set)
{
    gen_rng rng = {0x67616c7073747231u}; /* "galpstr1" */
    str_input in = {0};
    encoded(set, "valid/fsst_empty", &in, 0, "str: no strings (the symbol table alone)");
    input_free(&in);

    in = (str_input){0};
    add_text(&in, "The quick brown fox jumps over the lazy dog 0123456789");
    encoded(set, "valid/fsst_one", &in, 0, "str: one string");
    input_free(&in);

    in = (str_input){0};
    uint8_t all[256];
    for (unsigned i = 0; i < 256; i++)
        all[i] = (uint8_t)i;
    add(&in, "", 0);
    add(&in, all, sizeof all);
    add(&in, "", 0);
    add(&in, "\xff\xff\x00\xff", 4);
    for (unsigned i = 0; i < 256; i++)
        add(&in, all + i, 1);
    encoded(set, "valid/fsst_edges", &in, GALP_FLAG_PAYLOAD_CHECKSUMS,
            "str: empty strings, every byte value, escapes; payload checksums");
    input_free(&in);

    in = (str_input){0};
    static const char *const words[] = {"alpha", "beta", "gamma", "delta", " ", "-", "0042"};
    for (unsigned i = 0; i < 3000; i++) {
        char buf[3000];
        size_t len = 0, target = i % 97 == 0 ? 2500 : (size_t)gen_below(&rng, 40);
        while (len < target) {
            const char *w = words[gen_below(&rng, 7)];
            size_t k = strlen(w);
            k = len + k > target ? target - len : k;
            memcpy(buf + len, w, k);
            len += k;
        }
        add(&in, buf, len);
    }
    encoded(set, "valid/fsst_pieces", &in, 0,
            "str: 3000 strings in 3 vectors of several pieces, strings up to 2500 bytes");
    input_free(&in);

    in = (str_input){0};
    for (unsigned i = 0; i < 2000; i++) {
        char buf[24];
        snprintf(buf, sizeof buf, "%08llX", (unsigned long long)gen_next(&rng));
        add(&in, buf, i % 50 == 0 ? 7 : i % 333 == 0 ? 0 : 8);
    }
    gen_vector *vec = encoded(set, "valid/fsst_default_length", &in, 0,
                              "str: 8-byte strings under a default length, others marked");
    const uint64_t head = galp_load_u64(vec->file.data + GEN_ENTRY(0) + E_OFFSET);
    if (galp_load_u32(vec->file.data + head + P_DEFAULT) != 8)
        gen_fail("%s: vector 0 has no default length 8; adjust the generator's inputs",
                 vec->name);
    input_free(&in);
}

/* ---- invalid files ----------------------------------------------------------------- */

static gen_vector *mutant(gen_set *set, const char *name, const char *base, galp_status expect,
                          const char *description)
{
    const gen_vector *src = gen_set_find(set, base);
    if (!src)
        gen_fail("%s: base vector %s missing", name, base);
    gen_buf copy = {0};
    gen_buf_append(&copy, src->file.data, src->file.len);
    gen_vector *vec = gen_set_add(set, name, expect, GALP_TYPE_STR, GALP_SCHEME_FSST,
                                  description);
    vec->file = copy;
    return vec;
}

static size_t table_at(const gen_vector *vec)
{
    return (size_t)gen_get(vec, H_PAYLOAD, 8);
}

/* spec/fsst.md §3: the table checksum after a deliberate change of the table. */
static void fix_table_checksum(gen_vector *vec)
{
    const size_t t = table_at(vec);
    const uint32_t k = (uint32_t)gen_get(vec, t, 4);
    size_t size = k;
    for (uint32_t c = 0; c < k; c++)
        size += vec->file.data[t + 8 + c] & 0x0F;
    gen_put(vec, t + 4, 4, galp_crc32c(0, vec->file.data + t + 8, size));
}

/* The first code whose descriptor is `desc`. */
static uint32_t code_with(const gen_vector *vec, uint8_t desc)
{
    const size_t t = table_at(vec);
    for (uint32_t c = 0; c < gen_get(vec, t, 4); c++)
        if (vec->file.data[t + 8 + c] == desc)
            return c;
    gen_fail("%s: no symbol with descriptor 0x%02x", vec->name, desc);
}

static size_t payload_at(const gen_vector *vec, uint32_t v)
{
    return (size_t)gen_get(vec, GEN_ENTRY(v) + E_OFFSET, 8);
}

/* valid/fsst_one with its codes replaced (no more than it had), no default length, end offset
 * `decoded`; sizes, payload_end and file_size follow. */
static gen_vector *recoded(gen_set *set, const char *name, galp_status expect,
                           const uint8_t *codes, uint32_t count, uint64_t decoded,
                           const char *description)
{
    gen_vector *vec = mutant(set, name, "valid/fsst_one", expect, description);
    const size_t p = payload_at(vec, 0);
    if (count > gen_get(vec, p + P_CODE_SIZE, 4))
        gen_fail("%s: more codes than the base vector", name);
    gen_put(vec, p + P_CODE_SIZE, 4, count);
    gen_put(vec, p + P_DEFAULT, 4, 0);
    memcpy(vec->file.data + p + P_ENTRIES + PIECE, codes, count);
    const uint64_t size = P_ENTRIES + PIECE + count, end = galp_round16(p + size);
    gen_put(vec, GEN_ENTRY(0) + E_SIZE, 4, size);
    gen_put(vec, GEN_ENTRY(0) + E_BASE, 8, decoded);
    gen_put(vec, H_PAYLOAD_END, 8, end);
    gen_put(vec, H_FILE_SIZE, 8, end + GALP_TAIL_PADDING);
    memset(vec->file.data + p + size, 0, (size_t)(vec->file.len - p - size));
    vec->file.len = (size_t)(end + GALP_TAIL_PADDING);
    gen_fix_checksum(&vec->file);
    return vec;
}

static void table_defects(gen_set *set)
{
    gen_vector *vec = mutant(set, "invalid/fsst_symbol_count_256", "valid/fsst_pieces",
                             GALP_ERR_SYMBOL_TABLE, "str: symbol_count 256");
    gen_put(vec, table_at(vec), 4, 256);

    vec = mutant(set, "invalid/fsst_symbol_length_9", "valid/fsst_pieces", GALP_ERR_SYMBOL_TABLE,
                 "str: a one-byte symbol's descriptor says 9 bytes (table checksum recomputed)");
    vec->file.data[table_at(vec) + 8 + code_with(vec, 0x01)] = 0x09;
    fix_table_checksum(vec);

    vec = mutant(set, "invalid/fsst_symbol_empty", "valid/fsst_pieces", GALP_ERR_SYMBOL_TABLE,
                 "str: the end symbol made non-terminal: an empty symbol that ends nothing");
    vec->file.data[table_at(vec) + 8 + code_with(vec, 0x80)] = 0x00;
    fix_table_checksum(vec);

    vec = mutant(set, "invalid/fsst_symbol_reserved_bits", "valid/fsst_pieces", GALP_ERR_SYMBOL_TABLE,
                 "str: descriptor bit 6 set");
    vec->file.data[table_at(vec) + 8 + code_with(vec, 0x80)] = 0xC0;
    fix_table_checksum(vec);

    vec = mutant(set, "invalid/fsst_table_checksum", "valid/fsst_pieces", GALP_ERR_CHECKSUM,
                 "str: one symbol byte changed, table checksum kept");
    vec->file.data[table_at(vec) + 8 + gen_get(vec, table_at(vec), 4)] ^= 0x20;

    vec = mutant(set, "invalid/fsst_table_past_end", "valid/fsst_empty", GALP_ERR_LAYOUT,
                 "str: 200 symbol descriptors in a 16-byte payload section");
    gen_put(vec, table_at(vec), 4, 200);
}

static void entry_defects(gen_set *set)
{
    gen_vector *vec = mutant(set, "invalid/fsst_raw_vector", "valid/fsst_pieces", GALP_ERR_BAD_SCHEME,
                             "str: vector 1 stored as RAW, which str columns do not have");
    gen_put(vec, GEN_ENTRY(1) + E_SCHEME, 1, GALP_SCHEME_RAW);
    gen_fix_checksum(&vec->file);

    vec = mutant(set, "invalid/fsst_column_scheme_ffor", "valid/fsst_pieces", GALP_ERR_BAD_SCHEME,
                 "str: column scheme FFOR");
    gen_put(vec, 7, 1, GALP_SCHEME_FFOR);
    gen_fix_checksum(&vec->file);

    vec = mutant(set, "invalid/fsst_end_offset_decreasing", "valid/fsst_pieces",
                 GALP_ERR_STRING_OFFSET, "str: vector 1's end offset below vector 0's");
    gen_put(vec, GEN_ENTRY(1) + E_BASE, 8, gen_get(vec, GEN_ENTRY(0) + E_BASE, 8) - 1);
    gen_fix_checksum(&vec->file);

    vec = mutant(set, "invalid/fsst_payload_size_head", "valid/fsst_pieces", GALP_ERR_PAYLOAD_SIZE,
                 "str: payload_size 11, shorter than the payload head");
    gen_put(vec, GEN_ENTRY(0) + E_SIZE, 4, 11);
    gen_fix_checksum(&vec->file);
}

static void piece_defects(gen_set *set)
{
    const char *base = "valid/fsst_pieces";
    gen_vector *vec = mutant(set, "invalid/fsst_piece_count_zero", base, GALP_ERR_PIECE,
                             "str: piece_count 0");
    gen_put(vec, payload_at(vec, 0) + P_PIECES, 4, 0);

    vec = mutant(set, "invalid/fsst_piece_count_size", base, GALP_ERR_PAYLOAD_SIZE,
                 "str: one piece more than payload_size leaves room for");
    const size_t pieces = payload_at(vec, 0) + P_PIECES;
    gen_put(vec, pieces, 4, gen_get(vec, pieces, 4) + 1);

    const size_t e1 = P_ENTRIES + PIECE; /* piece 1's entry, from the payload */
    vec = mutant(set, "invalid/fsst_piece_order", base, GALP_ERR_PIECE,
                 "str: piece 1 starts at string 0, as piece 0 does");
    gen_put(vec, payload_at(vec, 0) + e1, 4, 0);

    vec = mutant(set, "invalid/fsst_piece_misaligned", base, GALP_ERR_PIECE,
                 "str: piece 1's code offset not a multiple of 4");
    gen_put(vec, payload_at(vec, 0) + e1 + 4, 4, gen_get(vec, payload_at(vec, 0) + e1 + 4, 4) + 2);

    vec = mutant(set, "invalid/fsst_piece_gap", base, GALP_ERR_PIECE,
                 "str: piece 1 starts 4 bytes after piece 0's codes end");
    gen_put(vec, payload_at(vec, 0) + e1 + 4, 4, gen_get(vec, payload_at(vec, 0) + e1 + 4, 4) + 4);

    vec = mutant(set, "invalid/fsst_piece_out_offset", base, GALP_ERR_STRING_OFFSET,
                 "str: piece 1's output offset one past what piece 0 decodes to");
    gen_put(vec, payload_at(vec, 0) + e1 + 8, 4, gen_get(vec, payload_at(vec, 0) + e1 + 8, 4) + 1);

}

static void code_defects(gen_set *set)
{
    const gen_vector *one = gen_set_find(set, "valid/fsst_one");
    const uint32_t end = code_with(one, 0x80);
    const uint32_t k = (uint32_t)gen_get(one, table_at(one), 4);
    if (k >= 255)
        gen_fail("valid/fsst_one: its table leaves no code unused");

    const uint8_t escape_last[] = {255};
    recoded(set, "invalid/fsst_escape_last", GALP_ERR_ESCAPE, escape_last, 1, 1,
            "str: the codes end with an escape and no literal");
    const uint8_t open_string[] = {255, 'q'};
    recoded(set, "invalid/fsst_codes_end_in_string", GALP_ERR_PIECE, open_string, 2, 1,
            "str: the codes end before the string's terminal symbol");
    const uint8_t unused[] = {(uint8_t)k};
    recoded(set, "invalid/fsst_code_unused", GALP_ERR_CODE, unused, 1, 0,
            "str: code k, which names no symbol");
    const uint8_t extra[] = {(uint8_t)end, (uint8_t)end};
    recoded(set, "invalid/fsst_codes_after_last_string", GALP_ERR_PIECE, extra, 2, 0,
            "str: a code left after the last string ended");
    const uint8_t short_out[] = {255, 'q', (uint8_t)end};
    recoded(set, "invalid/fsst_decoded_short", GALP_ERR_STRING_OFFSET, short_out, 3, 2,
            "str: the codes decode to 1 byte, the end offset says 2");

    gen_vector *vec = mutant(set, "invalid/fsst_default_past_length", "valid/fsst_default_length",
                             GALP_ERR_STRING_OFFSET,
                             "str: default length 7 under codes of 8-byte strings");
    gen_put(vec, payload_at(vec, 0) + P_DEFAULT, 4, 7);
}

/* A valid file with one hand-made escape: the string "q" as escape, 'q', end. */
static void escape_column(gen_set *set)
{
    const gen_vector *one = gen_set_find(set, "valid/fsst_one");
    const uint8_t codes[] = {255, 'q', (uint8_t)code_with(one, 0x80)};
    gen_vector *vec = recoded(set, "valid/fsst_escape", GALP_OK, codes, 3, 1,
                              "str: one string \"q\", written as an escaped literal");
    gen_buf_append_value(&vec->out, 4, 1);
    gen_buf_append(&vec->out, "q", 1);
}

/* spec/fsst.md §3.1 descriptor fields of the compact table. */
static unsigned shared_of(uint8_t desc) { return (desc >> 4) & 7u; }
static unsigned length_of(uint8_t desc) { return shared_of(desc) + (desc & 0x0Fu); }

/* The first code c ≥ 1 of a compact table whose descriptor and the one before it pass `fits`. */
static uint32_t compact_code(const gen_vector *vec, bool (*fits)(uint8_t before, uint8_t desc))
{
    const size_t t = table_at(vec);
    for (uint32_t c = 1; c < gen_get(vec, t, 4); c++)
        if (fits(vec->file.data[t + 7 + c], vec->file.data[t + 8 + c]))
            return c;
    gen_fail("%s: no symbol fits the edit", vec->name);
}
static bool after_short(uint8_t before, uint8_t desc)
{
    (void)desc;
    return length_of(before) <= 6;
}
static bool sharing(uint8_t before, uint8_t desc)
{
    (void)before;
    return shared_of(desc) >= 1;
}

/* spec/fsst.md §3.1: a column whose table is compact, and one invalid file per rule of its
 * descriptors (spec/fsst.md §6 step 5), for a table that reaches into the first payload
 * (spec/format.md §6 step 10.8) and for the flag in a column of another type (step 9). */
/* A header flag that only STR columns have, set on the u32 FFOR column valid/ffor_u32_multi:
 * RESERVED (spec/format.md §6 step 9). */
static void str_flag_on_u32(gen_set *set, const char *name, uint32_t flag, const char *what)
{
    const gen_vector *u32 = gen_set_find(set, "valid/ffor_u32_multi");
    if (!u32)
        gen_fail("valid/ffor_u32_multi missing");
    gen_vector *vec =
        gen_set_add(set, name, GALP_ERR_RESERVED, GALP_TYPE_U32, GALP_SCHEME_FFOR, what);
    gen_buf_append(&vec->file, u32->file.data, u32->file.len);
    gen_put(vec, 20, 4, gen_get(vec, 20, 4) | flag);
    gen_fix_checksum(&vec->file);
}

static void compact_columns(gen_set *set)
{
    str_input in = {0};
    static const char *const stems[] = {"Spring", "Stone", "North", "Northern", "Green", "Lake"};
    static const char *const ends[] = {"field", "ville", "ton", "wood", " City", "dale", ""};
    gen_rng rng = {0x67616c7073743135u}; /* "galpst15" */
    for (unsigned i = 0; i < 2500; i++) {
        /* drawn one after another: the order of a call's arguments is unspecified */
        const char *stem = stems[gen_below(&rng, 6)], *end = ends[gen_below(&rng, 7)];
        const char *second = i % 3 ? "" : ends[gen_below(&rng, 7)];
        char buf[64];
        const int n = snprintf(buf, sizeof buf, "%s%s%s", stem, end, second);
        add(&in, buf, (size_t)n);
    }
    gen_vector *vec = encoded(set, "valid/fsst_compact", &in,
                              GALP_FLAG_COMPACT_SYMBOLS | GALP_FLAG_PAYLOAD_CHECKSUMS,
                              "str: a compact symbol table (version 1.6): each symbol after the "
                              "bytes it shares with the one before; payload checksums");
    input_free(&in);
    if ((gen_get(vec, 20, 4) & GALP_FLAG_COMPACT_SYMBOLS) == 0)
        gen_fail("%s: the encoder wrote a plain table; adjust the generator's inputs", vec->name);
    const char *base = "valid/fsst_compact";
    const size_t t = table_at(vec);
    const uint32_t k = (uint32_t)gen_get(vec, t, 4);

    vec = mutant(set, "invalid/fsst_compact_shared_first", base, GALP_ERR_SYMBOL_TABLE,
                 "str: compact table, symbol 0 (the end symbol) sharing a byte with no symbol");
    vec->file.data[t + 8] = (uint8_t)(vec->file.data[t + 8] | 0x10);
    fix_table_checksum(vec);

    vec = mutant(set, "invalid/fsst_compact_shared_past_previous", base, GALP_ERR_SYMBOL_TABLE,
                 "str: compact table, a symbol sharing one byte more than the one before it "
                 "has, and storing none");
    uint32_t c = compact_code(vec, after_short);
    vec->file.data[t + 8 + c] = (uint8_t)((vec->file.data[t + 8 + c] & 0x80) |
                                          (length_of(vec->file.data[t + 7 + c]) + 1) << 4);
    fix_table_checksum(vec);

    vec = mutant(set, "invalid/fsst_compact_length_9", base, GALP_ERR_SYMBOL_TABLE,
                 "str: compact table, a symbol's shared and stored bytes making 9");
    c = compact_code(vec, sharing);
    vec->file.data[t + 8 + c] = (uint8_t)((vec->file.data[t + 8 + c] & 0xF0) |
                                          (9 - shared_of(vec->file.data[t + 8 + c])));
    fix_table_checksum(vec);

    vec = mutant(set, "invalid/fsst_compact_table_past_p0", base, GALP_ERR_PAYLOAD_OFFSET,
                 "str: compact table whose symbols store more bytes, until it ends past the "
                 "start of vector 0's payload");
    uint64_t size = 8 + k;
    for (c = 0; c < k; c++)
        size += vec->file.data[t + 8 + c] & 0x0F;
    for (c = 1; c < k && t + size <= payload_at(vec, 0); c++)
        if (length_of(vec->file.data[t + 8 + c]) < 8) {
            vec->file.data[t + 8 + c]++;
            size++;
        }
    if (t + size <= payload_at(vec, 0))
        gen_fail("%s: the table could not reach the first payload", vec->name);
    fix_table_checksum(vec);

    str_flag_on_u32(set, "invalid/compact_symbols_flag_u32", GALP_FLAG_COMPACT_SYMBOLS,
                    "u32 FFOR column with header flag bit 6, which only STR columns have");
}

/* spec/fsst.md §5.1: columns of lean vectors (version 1.7), and one invalid file per rule of
 * the lean form: the piece count in the entry (§6 step 10.10.2), the payload the directory
 * needs (10.10.3, and 10.7), 4-byte placement (10.8), the flag in STR columns only
 * (spec/format.md §6 step 9), and a lean file read as a plain one (step 10.6). */
static void lean_columns(gen_set *set)
{
    str_input in = {0};
    gen_rng rng = {0x67616c706c65616eu}; /* "galplean" */
    static const char *const words[] = {"alpha", "beta", "gamma", " ", "-", "0042", "ville"};
    for (unsigned i = 0; i < 2500; i++) {
        char buf[64];
        size_t len = 0;
        const size_t target = (size_t)gen_below(&rng, 40);
        while (len < target) {
            const char *w = words[gen_below(&rng, 7)];
            const size_t k = strlen(w);
            memcpy(buf + len, w, k);
            len += k;
        }
        add(&in, buf, len);
    }
    const char *base = "valid/fsst_lean";
    gen_vector *vec = encoded(set, base, &in, GALP_FLAG_COMPACT_SYMBOLS | GALP_FLAG_LEAN_STR_VECTORS,
                              "str: lean vectors (version 1.7): piece counts in the entries, "
                              "heads without code size or first piece, 4-byte aligned payloads");
    input_free(&in);
    if ((gen_get(vec, 20, 4) & GALP_FLAG_LEAN_STR_VECTORS) == 0 ||
        gen_get(vec, GEN_ENTRY(0) + E_COUNT, 2) < 2 || payload_at(vec, 1) % 16 == 0)
        gen_fail("%s: vector 0 has one piece or vector 1 is 16-byte aligned; adjust the "
                 "generator's inputs", vec->name);
    const uint64_t pieces = gen_get(vec, GEN_ENTRY(0) + E_COUNT, 2);
    const uint64_t size = gen_get(vec, GEN_ENTRY(0) + E_SIZE, 4);

    in = (str_input){0};
    for (unsigned i = 0; i < 1500; i++) {
        char buf[24];
        snprintf(buf, sizeof buf, "%08llX", (unsigned long long)gen_next(&rng));
        add(&in, buf, i % 40 == 0 ? 5 : 8);
    }
    vec = encoded(set, "valid/fsst_lean_default_length", &in,
                  GALP_FLAG_LEAN_STR_VECTORS | GALP_FLAG_PAYLOAD_CHECKSUMS,
                  "str: lean vectors with a default length, the head's only field; payload "
                  "checksums");
    input_free(&in);
    if (gen_get(vec, payload_at(vec, 0), 4) != 8)
        gen_fail("%s: vector 0 has no default length 8; adjust the generator's inputs", vec->name);

    vec = mutant(set, "invalid/fsst_lean_piece_count_zero", base, GALP_ERR_PIECE,
                 "str: lean vectors, vector 0's exception_count (its piece count) 0");
    gen_put(vec, GEN_ENTRY(0) + E_COUNT, 2, 0);
    gen_fix_checksum(&vec->file);

    vec = mutant(set, "invalid/fsst_lean_piece_count_past_m", base, GALP_ERR_PIECE,
                 "str: lean vectors, vector 0's piece count 1025, more than its strings");
    gen_put(vec, GEN_ENTRY(0) + E_COUNT, 2, GALP_VECTOR_SIZE + 1);
    gen_fix_checksum(&vec->file);

    vec = mutant(set, "invalid/fsst_lean_directory_past_payload", base, GALP_ERR_PAYLOAD_SIZE,
                 "str: lean vectors, a piece count whose directory is longer than the payload");
    const uint64_t too_many = (size - 4) / 12 + 2;
    if (too_many > GALP_VECTOR_SIZE || too_many <= pieces)
        gen_fail("%s: no piece count fits between the payload and m", vec->name);
    gen_put(vec, GEN_ENTRY(0) + E_COUNT, 2, too_many);
    gen_fix_checksum(&vec->file);

    vec = mutant(set, "invalid/fsst_lean_payload_size_3", base, GALP_ERR_PAYLOAD_SIZE,
                 "str: lean vectors, payload_size 3, shorter than the lean head");
    gen_put(vec, GEN_ENTRY(0) + E_SIZE, 4, 3);
    gen_fix_checksum(&vec->file);

    vec = mutant(set, "invalid/fsst_lean_payload_misaligned", base, GALP_ERR_PAYLOAD_OFFSET,
                 "str: lean vectors, vector 1's payload_offset 2 bytes on, not a multiple of 4");
    gen_put(vec, GEN_ENTRY(1) + E_OFFSET, 8, payload_at(vec, 1) + 2);
    gen_fix_checksum(&vec->file);

    vec = mutant(set, "invalid/fsst_lean_flag_cleared", base, GALP_ERR_EXCEPTION_COUNT,
                 "str: lean vectors with header flag bit 8 cleared: a plain reader finds a "
                 "non-zero exception_count");
    gen_put(vec, 20, 4, gen_get(vec, 20, 4) & ~GALP_FLAG_LEAN_STR_VECTORS);
    gen_fix_checksum(&vec->file);

    str_flag_on_u32(set, "invalid/lean_str_vectors_flag_u32", GALP_FLAG_LEAN_STR_VECTORS,
                    "u32 FFOR column with header flag bit 8, which only STR columns have");
}

void gen_fsst_vectors(gen_set *set)
{
    const size_t first = set->count;
    valid_columns(set);
    escape_column(set);
    table_defects(set);
    entry_defects(set);
    piece_defects(set);
    code_defects(set);
    compact_columns(set);
    lean_columns(set);
    /* Each file must be refused with exactly its class, or open: the reference decides. */
    for (size_t i = first; i < set->count; i++) {
        const gen_vector *vec = &set->items[i];
        galp_column col;
        const galp_status st = galp_open(&col, vec->file.data, vec->file.len);
        if (st != vec->expect)
            gen_fail("%s: the reference reports %s, the vector expects %s", vec->name,
                     galp_status_name(st), galp_status_name(vec->expect));
    }
}
