/*
 * fsst_decode.c — FSST vector payloads (spec/fsst.md §5): the piece directory, its checks in
 * the order of spec/fsst.md §6 step 10.10, and the decoding of pieces, whole or up to one
 * string.
 *
 * Validation and decoding run the same piece walk (walk_string), the one with no output
 * buffer; so what galp_open accepted is exactly what the decoders then read. Every read goes
 * through a reader over the vector's code area.
 */
#include "fsst.h"

/* Piece j's directory entry (spec/fsst.md §5). */
typedef struct piece_entry {
    uint32_t first_string; /* s_j */
    uint32_t code_offset;  /* c_j */
    uint32_t out_offset;   /* o_j */
} piece_entry;

/* The lean head (§5.1) stores no entry for piece 0, which is always (0, 0, 0). */
static piece_entry read_piece(galp_reader *payload, bool lean, uint32_t j)
{
    piece_entry e = {0, 0, 0};
    if (lean && j == 0)
        return e;
    const uint64_t at = galp_fsst_entry_at(lean, j);
    e.first_string = galp_read_u32(payload, at);
    e.code_offset = galp_read_u32(payload, at + 4);
    e.out_offset = galp_read_u32(payload, at + 8);
    return e;
}

/* The vector's head and its code area (spec/fsst.md §5). */
typedef struct vector_codes {
    bool lean;               /* the head is lean (§5.1) */
    uint32_t piece_count;    /* p */
    uint32_t code_size;      /* C */
    uint32_t default_length; /* L, 0 for none */
    galp_reader codes;       /* the C bytes of the code area */
} vector_codes;

/* The piece count: the lean form's is the entry's exception_count (§5.1), the plain form's
 * heads the payload. */
static uint32_t piece_count(const galp_vector_info *info, bool lean, galp_reader *payload)
{
    return lean ? info->exception_count : galp_read_u32(payload, 0);
}

/* The code area starts after the directory and, in the lean form, fills the rest of the
 * payload (§5.1: C = payload_size − 4 − 12·(p − 1)); the plain head stores C. */
static vector_codes read_head(const galp_vector_info *info, bool lean, galp_reader *payload)
{
    vector_codes v;
    v.lean = lean;
    v.piece_count = piece_count(info, lean, payload);
    v.default_length = galp_read_u32(payload, galp_fsst_default_length_at(lean));
    const uint64_t area = galp_fsst_entry_at(lean, v.piece_count);
    v.code_size = lean ? (uint32_t)(area < payload->size ? payload->size - area : 0)
                       : galp_read_u32(payload, 4);
    const uint8_t *start = galp_read_span(payload, area, v.code_size);
    v.codes = galp_reader_of(start, start ? v.code_size : 0);
    return v;
}

/* Piece j's bounds: its strings [first, end) and its codes [begin, limit) (spec/fsst.md §5:
 * s_p = m, and the last piece's limit is C). */
typedef struct piece_span {
    uint32_t first, end;
    uint64_t begin, limit;
    uint64_t out_begin, out_end;
} piece_span;

static piece_span span_of(galp_reader *payload, const vector_codes *v, uint32_t m,
                          uint64_t decoded, uint32_t j)
{
    const piece_entry e = read_piece(payload, v->lean, j);
    piece_span s = {e.first_string, m, e.code_offset, v->code_size, e.out_offset, decoded};
    if (j + 1 < v->piece_count) {
        const piece_entry next = read_piece(payload, v->lean, j + 1);
        s.end = next.first_string;
        s.limit = next.code_offset;
        s.out_end = next.out_offset;
    }
    return s;
}

/* spec/fsst.md §5: whether code x is an end symbol (terminal, no bytes), which opens a
 * terminated string in a vector with a default length. */
static bool is_end_symbol(const galp_fsst_table *table, uint8_t x)
{
    return x < table->count && table->terminal[x] && table->len[x] == 0;
}

/* spec/fsst.md §5, decoding steps 1–3 for one string from code area byte *q of a vector with
 * default length `fixed` (0: none): its bytes go to out (when not NULL, room for everything
 * the validated piece decodes), their number is returned in *produced. */
static galp_status walk_string(const galp_fsst_table *table, galp_reader *codes, uint64_t limit,
                               uint32_t fixed, uint64_t *q, uint8_t *out, uint64_t *produced)
{
    if (fixed != 0 && *q < limit && is_end_symbol(table, galp_read_u8(codes, *q))) {
        *q += 1; /* the string ends at a terminal symbol, not at the default length */
        fixed = 0;
    }
    uint64_t n = 0;
    for (;;) {
        if (fixed != 0 && n == fixed)
            break;
        if (*q >= limit)
            return GALP_ERR_PIECE;
        const uint8_t x = galp_read_u8(codes, *q);
        if (x == GALP_FSST_ESCAPE) {
            if (*q + 1 >= limit)
                return GALP_ERR_ESCAPE;
            if (out != NULL)
                out[n] = galp_read_u8(codes, *q + 1);
            n++;
            *q += 2;
            continue;
        }
        if (x >= table->count || (fixed != 0 && table->terminal[x]))
            return GALP_ERR_CODE;
        if (fixed != 0 && n + table->len[x] > fixed)
            return GALP_ERR_STRING_OFFSET;
        if (out != NULL)
            for (unsigned i = 0; i < table->len[x]; i++)
                out[n + i] = table->bytes[x][i];
        n += table->len[x];
        *q += 1;
        if (table->terminal[x])
            break;
    }
    *produced = n;
    return codes->overrun ? GALP_ERR_PAYLOAD_SIZE : GALP_OK;
}

/* The directory rules of spec/fsst.md §5 for piece j, given the previous piece's entry. */
static galp_status check_entry(const vector_codes *v, uint32_t m, uint64_t decoded, uint32_t j,
                               const piece_entry *prev, const piece_entry *e)
{
    if (j == 0 ? (e->first_string != 0 || e->code_offset != 0)
               : (e->first_string <= prev->first_string || e->code_offset <= prev->code_offset))
        return GALP_ERR_PIECE;
    if (e->first_string >= m || e->code_offset % GALP_FSST_PIECE_ALIGN != 0 ||
        e->code_offset >= v->code_size)
        return GALP_ERR_PIECE;
    if (j == 0 ? e->out_offset != 0 : e->out_offset < prev->out_offset)
        return GALP_ERR_STRING_OFFSET;
    if (e->out_offset > decoded)
        return GALP_ERR_STRING_OFFSET;
    return GALP_OK;
}

/* spec/fsst.md §5: piece j decodes to exactly its share of output, and the next piece starts
 * at round4 of where its codes end, after zero padding (the last piece ends at C). */
static galp_status check_piece(const galp_fsst_table *table, vector_codes *v,
                               const piece_span *s)
{
    uint64_t q = s->begin, produced = 0;
    for (uint32_t i = s->first; i < s->end; i++) {
        uint64_t n;
        galp_status status = walk_string(table, &v->codes, s->limit, v->default_length, &q, NULL, &n);
        if (status != GALP_OK)
            return status;
        produced += n;
    }
    if (produced != s->out_end - s->out_begin)
        return GALP_ERR_STRING_OFFSET;
    const bool last = s->limit == v->code_size;
    const uint64_t align = GALP_FSST_PIECE_ALIGN;
    const uint64_t next = last ? q : (q + align - 1) / align * align;
    if (s->limit != next)
        return GALP_ERR_PIECE;
    for (uint64_t i = q; i < s->limit; i++)
        if (galp_read_u8(&v->codes, i) != 0)
            return GALP_ERR_RESERVED;
    return GALP_OK;
}

/* spec/fsst.md §6 step 10.10, checks 1–5. */
galp_status galp_fsst_validate_payload(const galp_fsst_table *table,
                                       const galp_vector_info *info, uint64_t prev_end,
                                       bool lean, galp_reader *payload)
{
    if (info->base < prev_end || info->base - prev_end > UINT32_MAX)
        return GALP_ERR_STRING_OFFSET;
    const uint64_t decoded = info->base - prev_end;
    const uint32_t m = info->value_count;
    const uint32_t p = piece_count(info, lean, payload);
    if (p == 0 || p > m)
        return GALP_ERR_PIECE;
    /* the lean head's C is what the directory leaves of the payload, the plain head's is
     * stored */
    const uint64_t area = galp_fsst_entry_at(lean, p);
    if (lean ? info->payload_size < area
             : info->payload_size != area + galp_read_u32(payload, 4))
        return GALP_ERR_PAYLOAD_SIZE;

    vector_codes v = read_head(info, lean, payload);
    piece_entry prev = {0, 0, 0};
    for (uint32_t j = 0; j < p; j++) {
        const piece_entry e = read_piece(payload, lean, j);
        galp_status status = check_entry(&v, m, decoded, j, &prev, &e);
        if (status != GALP_OK)
            return status;
        prev = e;
    }
    for (uint32_t j = 0; j < p; j++) {
        const piece_span s = span_of(payload, &v, m, decoded, j);
        galp_status status = check_piece(table, &v, &s);
        if (status != GALP_OK)
            return status;
    }
    return payload->overrun ? GALP_ERR_PAYLOAD_SIZE : GALP_OK;
}

/* Every piece of a validated vector, each from its own output offset, as a parallel decoder
 * would run them. */
void galp_fsst_decode_vector(const galp_fsst_table *table, const galp_vector_info *info,
                             bool lean, galp_reader *payload, uint8_t *out_bytes,
                             uint32_t *lengths)
{
    vector_codes v = read_head(info, lean, payload);
    for (uint32_t j = 0; j < v.piece_count; j++) {
        /* out_end is a validation bound only: the piece's output is what its codes decode to. */
        const piece_span s = span_of(payload, &v, info->value_count, 0, j);
        uint64_t q = s.begin, at = s.out_begin;
        for (uint32_t i = s.first; i < s.end; i++) {
            uint64_t n = 0;
            if (walk_string(table, &v.codes, s.limit, v.default_length, &q, out_bytes + at, &n) != GALP_OK)
                return;
            if (lengths != NULL)
                lengths[i] = (uint32_t)n;
            at += n;
        }
    }
}

/* spec/fsst.md §5: the piece holding string `index`, decoded from its start; the strings
 * before it are walked without output. */
void galp_fsst_get(const galp_fsst_table *table, const galp_vector_info *info, bool lean,
                   galp_reader *payload, uint32_t index, uint8_t *dst, size_t dst_capacity,
                   size_t *len)
{
    vector_codes v = read_head(info, lean, payload);
    uint32_t j = 0;
    while (j + 1 < v.piece_count && read_piece(payload, lean, j + 1).first_string <= index)
        j++;
    const piece_span s = span_of(payload, &v, info->value_count, 0, j);
    uint64_t q = s.begin, n = 0;
    for (uint32_t i = s.first; i < index; i++)
        if (walk_string(table, &v.codes, s.limit, v.default_length, &q, NULL, &n) != GALP_OK)
            return;
    /* Measure first, then copy only when the string fits. */
    const uint64_t start = q;
    if (walk_string(table, &v.codes, s.limit, v.default_length, &q, NULL, &n) != GALP_OK)
        return;
    *len = (size_t)n;
    if (n <= dst_capacity && dst != NULL) {
        q = start;
        walk_string(table, &v.codes, s.limit, v.default_length, &q, dst, &n);
    }
}
