/*
 * fsst_encode.c — writing STR columns (spec/fsst.md): one string's codes (fsst_parse.c), one
 * vector's payload with its pieces (§5, §7), and the column: header, entries, table, payloads
 * (spec/fsst.md §2, §4; spec/format.md §3).
 *
 * The table comes from fsst_build.c. Each vector is encoded into a scratch buffer sized by the
 * §7 bound for that vector and copied into place only if it fits, so a short dst is reported
 * as DST_TOO_SMALL and never overrun.
 */
#include <stdlib.h>
#include <string.h>

#include "fsst.h"

/* Writes each code galp_fsst_parse reports (the table has an end symbol: keep_end_symbol,
 * fsst_build.c). */
typedef struct code_writer {
    uint8_t *out;
    uint64_t n;
} code_writer;

static void write_code(void *ctx, unsigned step)
{
    code_writer *w = ctx;
    if (step >= GALP_FSST_STEP_BYTE) {
        w->out[w->n++] = GALP_FSST_ESCAPE;
        w->out[w->n++] = (uint8_t)(step - GALP_FSST_STEP_BYTE);
    } else {
        w->out[w->n++] = (uint8_t)step;
    }
}

uint64_t galp_fsst_encode_string(galp_fsst_matcher *matcher, const uint8_t *s, uint64_t len,
                                 bool fixed, bool marked, uint8_t *out)
{
    code_writer w = {out, 0};
    if (marked)
        out[w.n++] = (uint8_t)galp_fsst_end_code(matcher);
    galp_fsst_parse(matcher, s, len, !fixed, write_code, &w);
    return w.n;
}

/* spec/fsst.md §7: a vector of C code bytes is cut into max(1, round(C / PIECE_CODES)) pieces of
 * about equal size. */
#define PIECE_CODES 2048u
/* A piece may start at a later string, up to this many code bytes on, whose codes then need
 * no padding before them (spec/fsst.md §7): 3 % of a piece's codes, for up to 3 bytes. */
#define PIECE_CUT_SLACK 64u

/* The string, from i on, at which the piece due at string i starts: the first whose codes,
 * moved `pad` bytes on by the padding so far, start at a multiple of 4, within PIECE_CUT_SLACK
 * bytes and before the next piece is due; else i. share(k) = ends[k − 1] · want / total. */
static uint32_t aligned_cut(const uint64_t *ends, uint32_t m, uint64_t want, uint64_t total,
                            uint32_t i, uint64_t pad)
{
    const uint64_t share = ends[i - 1] * want / total;
    for (uint32_t k = i; k < m && ends[k - 1] - ends[i - 1] <= PIECE_CUT_SLACK &&
                         ends[k - 1] * want / total == share;
         k++)
        if ((ends[k - 1] + pad) % GALP_FSST_PIECE_ALIGN == 0)
            return k;
    return i;
}

/* Worst-case payload of a vector of m strings of `bytes` bytes (spec/fsst.md §7). */
static uint64_t vector_payload_bound(uint32_t m, uint64_t bytes)
{
    return GALP_FSST_PAYLOAD_HEAD + (GALP_FSST_PIECE_ENTRY + GALP_FSST_PIECE_ALIGN) * (uint64_t)m +
           2 * bytes + 2 * (uint64_t)m;
}

/* Encodes strings first … first + m − 1 with default length `fixed` (0: none) into payload
 * (vector_payload_bound bytes), with the lean head (§5.1) or the plain one; returns
 * payload_size, and the piece count in *pieces. */
static uint64_t encode_vector(galp_fsst_matcher *matcher, const galp_fsst_input *input,
                              uint64_t first, uint32_t m, uint64_t fixed, bool lean,
                              uint8_t *payload, uint32_t *pieces)
{
    /* The strings' codes are written back to back after the largest directory and padding,
     * then cut into pieces, each moved down behind the real directory: every piece's place is
     * before its codes' (12 + 15·p bytes of directory and padding at most, p ≤ m). */
    uint8_t *raw = payload + GALP_FSST_PAYLOAD_HEAD +
                   (uint64_t)(GALP_FSST_PIECE_ENTRY + GALP_FSST_PIECE_ALIGN) * m;
    uint64_t ends[GALP_VECTOR_SIZE]; /* ends[i]: the raw code bytes of strings 0 … i */
    uint64_t total = 0;
    for (uint32_t i = 0; i < m; i++) {
        const uint64_t lo = input->offsets[first + i], hi = input->offsets[first + i + 1];
        const bool is_fixed = fixed != 0 && hi - lo == fixed;
        total += galp_fsst_encode_string(matcher, galp_fsst_input_at(input, lo), hi - lo, is_fixed,
                                         fixed != 0 && !is_fixed, raw + total);
        ends[i] = total;
    }
    /* A piece starts at string 0 and at each string whose preceding codes pass a multiple of
     * total / want (total ≥ m ≥ 1: every string has a code), or at a string shortly after it
     * that needs no padding (aligned_cut); a string that passes several starts one piece.
     * Piece j holds strings starts[j] … starts[j + 1] − 1. */
    const uint64_t rounded = (total + PIECE_CODES / 2) / PIECE_CODES;
    const uint64_t want = rounded > 1 ? rounded : 1;
    uint32_t starts[GALP_VECTOR_SIZE + 1], p = 0;
    uint64_t passed = 0, pad = 0;
    for (uint32_t i = 0; i < m; i++) {
        const uint64_t share = i == 0 ? 0 : ends[i - 1] * want / total;
        if (i == 0 || share > passed) {
            if (i > 0) {
                i = aligned_cut(ends, m, want, total, i, pad);
                pad += (GALP_FSST_PIECE_ALIGN - (ends[i - 1] + pad) % GALP_FSST_PIECE_ALIGN) %
                       GALP_FSST_PIECE_ALIGN;
            }
            starts[p++] = i;
            passed = share;
        }
    }
    starts[p] = m;
    const uint64_t area = galp_fsst_entry_at(lean, p);
    uint64_t at = 0;
    for (uint32_t j = 0; j < p; j++) {
        const uint64_t lo = starts[j] == 0 ? 0 : ends[starts[j] - 1], hi = ends[starts[j + 1] - 1];
        while (at % GALP_FSST_PIECE_ALIGN != 0)
            payload[area + at++] = 0;
        if (!lean || j > 0) { /* the lean head has no entry for piece 0, always (0, 0, 0) */
            uint8_t *e = payload + galp_fsst_entry_at(lean, j);
            galp_store_u32(e, starts[j]);
            galp_store_u32(e + 4, (uint32_t)at);
            galp_store_u32(e + 8, (uint32_t)(input->offsets[first + starts[j]] -
                                             input->offsets[first]));
        }
        memmove(payload + area + at, raw + lo, hi - lo);
        at += hi - lo;
    }
    if (!lean) { /* the lean head's p is in the entry, its C follows from payload_size */
        galp_store_u32(payload, p);
        galp_store_u32(payload + 4, (uint32_t)at);
    }
    galp_store_u32(payload + galp_fsst_default_length_at(lean), (uint32_t)fixed);
    *pieces = p;
    return area + at;
}

static int by_value(const void *a, const void *b)
{
    const uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* spec/fsst.md §7: the vector's most common non-zero string length (the smallest of equally
 * common ones), 0 when every string is empty or longer than a u32. */
static uint64_t common_length(const galp_fsst_input *input, uint64_t first, uint32_t m)
{
    uint64_t lengths[GALP_VECTOR_SIZE];
    for (uint32_t i = 0; i < m; i++)
        lengths[i] = input->offsets[first + i + 1] - input->offsets[first + i];
    qsort(lengths, m, sizeof *lengths, by_value);
    uint64_t best = 0;
    uint32_t best_run = 0;
    for (uint32_t i = 0, run = 1; i < m; i++, run++)
        if (i + 1 == m || lengths[i + 1] != lengths[i]) {
            if (run > best_run && lengths[i] != 0 && lengths[i] <= UINT32_MAX) {
                best = lengths[i];
                best_run = run;
            }
            run = 0;
        }
    return best;
}

/* spec/fsst.md §7: with the most common length as default length when that is smaller, else
 * without. An end symbol is needed to mark the other strings. */
static uint64_t encode_vector_best(galp_fsst_matcher *matcher,
                                   const galp_fsst_input *input, uint64_t first, uint32_t m,
                                   bool lean, uint8_t *payload, uint32_t *pieces)
{
    const uint64_t plain = encode_vector(matcher, input, first, m, 0, lean, payload, pieces);
    const uint64_t fixed = galp_fsst_end_code(matcher) >= 0 ? common_length(input, first, m) : 0;
    if (fixed == 0 ||
        encode_vector(matcher, input, first, m, fixed, lean, payload, pieces) >= plain)
        return encode_vector(matcher, input, first, m, 0, lean, payload, pieces);
    return encode_vector(matcher, input, first, m, fixed, lean, payload, pieces);
}

size_t galp_str_compress_bound(uint64_t n, uint64_t bytes)
{
    if (n > GALP_MAX_VALUE_COUNT || bytes > (UINT64_MAX >> 2))
        return 0;
    const uint64_t nv = galp_vector_count(n);
    const uint64_t bound = GALP_HEADER_SIZE + (GALP_VECTOR_ENTRY_SIZE + 27u) * nv +
                           galp_round16(GALP_FSST_TABLE_MAX) + 2 * bytes + 17 * n +
                           GALP_TAIL_PADDING;
    return bound > SIZE_MAX ? 0 : (size_t)bound;
}

/* The arguments of galp_str_compress: offsets non-decreasing, counts within the format. */
static galp_status check_input(const galp_fsst_input *input, uint32_t flags, const void *dst,
                               const size_t *dst_len)
{
    if (input->offsets == NULL || dst == NULL || dst_len == NULL ||
        (flags & ~GALP_FLAGS_ALL) != 0)
        return GALP_ERR_ARGUMENT;
    if (input->n > GALP_MAX_VALUE_COUNT)
        return GALP_ERR_TOO_LARGE;
    for (uint64_t i = 0; i < input->n; i++)
        if (input->offsets[i + 1] < input->offsets[i])
            return GALP_ERR_ARGUMENT;
    if (input->data == NULL && input->offsets[input->n] > input->offsets[0])
        return GALP_ERR_ARGUMENT;
    return GALP_OK;
}

/* Writes every vector after the table, from `at`; returns payload_end in *end. */
static galp_status write_vectors(const galp_fsst_input *input, galp_fsst_matcher *matcher,
                                 uint32_t flags, uint8_t *file, size_t capacity, uint64_t at,
                                 uint64_t *end)
{
    const uint64_t nv = galp_vector_count(input->n);
    const bool lean = galp_fsst_lean(flags);
    uint8_t *scratch = NULL;
    galp_status status = GALP_OK;
    for (uint64_t v = 0; v < nv && status == GALP_OK; v++) {
        const uint64_t first = v * GALP_VECTOR_SIZE;
        const uint32_t m = galp_vector_values(input->n, v);
        const uint64_t bytes = input->offsets[first + m] - input->offsets[first];
        const uint64_t bound = vector_payload_bound(m, bytes);
        if (bytes > UINT32_MAX || bound > SIZE_MAX) {
            status = GALP_ERR_TOO_LARGE;
            break;
        }
        uint8_t *grown = realloc(scratch, (size_t)bound);
        if (grown == NULL) {
            status = GALP_ERR_NO_MEMORY;
            break;
        }
        scratch = grown;
        uint32_t pieces;
        const uint64_t size = encode_vector_best(matcher, input, first, m, lean, scratch, &pieces);
        if (size > UINT32_MAX)
            status = GALP_ERR_TOO_LARGE;
        else if (galp_round16(at + size) + GALP_TAIL_PADDING > capacity)
            status = GALP_ERR_DST_TOO_SMALL;
        if (status != GALP_OK)
            break;
        memcpy(file + at, scratch, (size_t)size);
        memset(file + at + size, 0, (size_t)(galp_fsst_round(lean, at + size) - at - size));
        galp_vector_info info = {
            .payload_offset = at,
            .base = input->offsets[first + m] - input->offsets[0],
            .payload_size = (uint32_t)size,
            .exception_count = lean ? (uint16_t)pieces : 0u, /* p ≤ m ≤ 1024 (§5.1) */
            .scheme = GALP_SCHEME_FSST,
            .payload_checksum = (flags & GALP_FLAG_PAYLOAD_CHECKSUMS)
                                    ? galp_crc32c(0, scratch, (size_t)size) : 0,
        };
        galp_container_write_entry(file, (uint32_t)v, &info);
        at = galp_fsst_round(lean, at + size);
    }
    free(scratch);
    if (status == GALP_OK) /* payload_end: the last payload's end rounded to 16 */
        memset(file + at, 0, (size_t)(galp_round16(at) - at));
    *end = galp_round16(at);
    return status;
}

/* spec/fsst.md §7: the compact table, its symbols in galp_fsst_table_sort's order, when that
 * starts the payloads earlier, so that the file is smaller; the table is then sorted. Each
 * string's codes take as many bytes in either order (the parse picks among the same symbols),
 * so the payloads are the same size. */
static bool choose_compact(galp_fsst_table *table, uint64_t payload_offset, bool lean)
{
    galp_fsst_table sorted = *table;
    galp_fsst_table_sort(&sorted);
    if (galp_fsst_payloads_start(payload_offset, galp_fsst_table_size(&sorted, true), lean) >=
        galp_fsst_payloads_start(payload_offset, galp_fsst_table_size(table, false), lean))
        return false;
    *table = sorted;
    return true;
}

galp_status galp_str_compress(const uint64_t *offsets, const uint8_t *data, uint64_t n,
                              uint32_t flags, void *dst, size_t dst_capacity, size_t *dst_len)
{
    const galp_fsst_input input = {offsets, data, n};
    galp_status status = check_input(&input, flags, dst, dst_len);
    if (status != GALP_OK)
        return status;
    galp_fsst_table table;
    status = galp_fsst_build_table(&input, &table);
    if (status != GALP_OK)
        return status;

    const uint64_t nv = galp_vector_count(n);
    const uint64_t payload_offset = GALP_HEADER_SIZE + GALP_VECTOR_ENTRY_SIZE * nv;
    /* the lean form only where there are vectors (spec/format.md §1.1: the lowest version
     * that expresses the file) */
    const bool lean = galp_fsst_lean(flags) && nv > 0;
    const bool compact = (flags & GALP_FLAG_COMPACT_SYMBOLS) != 0 &&
                         choose_compact(&table, payload_offset, lean);
    /* the header flags of a STR column */
    flags &= GALP_FLAG_PAYLOAD_CHECKSUMS | (lean ? GALP_FLAG_LEAN_STR_VECTORS : 0u) |
             (compact ? GALP_FLAG_COMPACT_SYMBOLS : 0u);
    const uint64_t table_size = galp_fsst_table_size(&table, compact);
    const uint64_t start = galp_fsst_payloads_start(payload_offset, table_size, lean);
    if (start + GALP_TAIL_PADDING > dst_capacity)
        return GALP_ERR_DST_TOO_SMALL;
    uint8_t *file = dst;
    galp_fsst_table_write(&table, compact, file + payload_offset);
    memset(file + payload_offset + table_size, 0, (size_t)(start - payload_offset - table_size));

    uint64_t longest = 0;
    for (uint64_t i = 0; i < n; i++)
        if (offsets[i + 1] - offsets[i] > longest)
            longest = offsets[i + 1] - offsets[i];
    galp_fsst_matcher *matcher = galp_fsst_matcher_new(&table, longest);
    if (matcher == NULL)
        return GALP_ERR_NO_MEMORY;
    uint64_t end;
    status = write_vectors(&input, matcher, flags, file, dst_capacity, start, &end);
    galp_fsst_matcher_free(matcher);
    if (status != GALP_OK)
        return status;
    memset(file + end, 0, GALP_TAIL_PADDING);
    galp_container_write_header(file, GALP_TYPE_STR, GALP_SCHEME_FSST, n, flags, end);
    *dst_len = (size_t)(end + GALP_TAIL_PADDING);
    return GALP_OK;
}
