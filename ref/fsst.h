/*
 * fsst.h — interfaces between the reference codec's FSST files (spec/fsst.md; not installed).
 *
 *   fsst_table.c     the column's symbol table: read, check, write           [fsst §3, §6]
 *   fsst_decode.c    piece directory checks and piece decoding              [fsst §5, §6]
 *   fsst_strings.c   the public string API: Arrow decode, one string        [fsst §1, §5]
 *   fsst_build.c     the symbol-table construction and refinement           [fsst §7]
 *   fsst_parse.c     the shortest parse of a string into codes              [fsst §7]
 *   fsst_encode.c    encoding, pieces, the column writer                    [fsst §2, §4, §5, §7]
 */
#ifndef GALP_FSST_H
#define GALP_FSST_H

#include <stdbool.h>
#include <stdint.h>

#include "galp_internal.h"

/* spec/fsst.md §3. */
#define GALP_FSST_MAX_SYMBOLS 255u
#define GALP_FSST_MAX_SYMBOL_LEN 8u
#define GALP_FSST_ESCAPE 255u
#define GALP_FSST_TABLE_HEAD 8u
#define GALP_FSST_DESC_LEN_MASK 0x0Fu
#define GALP_FSST_DESC_TERMINAL 0x80u
#define GALP_FSST_DESC_RESERVED 0x70u
/* spec/fsst.md §3.1, the compact table (header flag bit 6): bits 4–6 of a descriptor are the
 * bytes its symbol shares with the start of the symbol before it, bits 0–3 the bytes stored
 * after them. */
#define GALP_FSST_DESC_SHARED_SHIFT 4u
#define GALP_FSST_DESC_SHARED_MAX 7u
#define GALP_FSST_TABLE_MAX (GALP_FSST_TABLE_HEAD + GALP_FSST_MAX_SYMBOLS * (1u + 8u))
/* spec/fsst.md §5: payload head (piece count, code size, default length), piece entry,
 * alignment of piece code offsets. */
#define GALP_FSST_PAYLOAD_HEAD 12u
#define GALP_FSST_PIECE_ENTRY 12u
#define GALP_FSST_PIECE_ALIGN 4u
/* spec/fsst.md §5.1, the lean form (header flag bit 8): the head holds the default length
 * only, then the entries of pieces 1 … p − 1; the piece count is the entry's exception_count;
 * the table and each payload end at a multiple of 4 rather than 16. */
#define GALP_FSST_LEAN_HEAD 4u
#define GALP_FSST_LEAN_ALIGN 4u

/* Whether the column's FSST vectors have the lean form (header flag bit 8, §5.1). */
static inline bool galp_fsst_lean(uint32_t header_flags)
{
    return (header_flags & GALP_FLAG_LEAN_STR_VECTORS) != 0;
}

/* x rounded up to the payload alignment: 4 in the lean form, else 16 (spec/format.md §4). */
static inline uint64_t galp_fsst_round(bool lean, uint64_t x)
{
    return lean ? (x + GALP_FSST_LEAN_ALIGN - 1) / GALP_FSST_LEAN_ALIGN * GALP_FSST_LEAN_ALIGN
                : galp_round16(x);
}

/* Payload offset of piece j's entry (j ≥ 1 in the lean form, whose piece 0 has none); with
 * j = p, of the code area. */
static inline uint64_t galp_fsst_entry_at(bool lean, uint32_t j)
{
    return lean ? GALP_FSST_LEAN_HEAD + (uint64_t)GALP_FSST_PIECE_ENTRY * (j - 1)
                : GALP_FSST_PAYLOAD_HEAD + (uint64_t)GALP_FSST_PIECE_ENTRY * j;
}

/* Payload offset of the default length L. */
static inline uint64_t galp_fsst_default_length_at(bool lean)
{
    return lean ? 0u : 8u;
}

/* A symbol table in the form the decoder and encoder use. */
typedef struct galp_fsst_table {
    uint32_t count;                                  /* k */
    uint8_t len[GALP_FSST_MAX_SYMBOLS];              /* ℓ_c */
    bool terminal[GALP_FSST_MAX_SYMBOLS];            /* t_c */
    uint8_t bytes[GALP_FSST_MAX_SYMBOLS][GALP_FSST_MAX_SYMBOL_LEN];
} galp_fsst_table;

/* Bytes the table takes in a file: 8 + k + Σ ℓ_c (spec/fsst.md §3), or in the compact form
 * 8 + k + Σ (ℓ_c − P_c), P_c the bytes symbol c shares with the start of symbol c − 1 (at
 * most 7; spec/fsst.md §3.1). */
uint64_t galp_fsst_table_size(const galp_fsst_table *table, bool compact);

/* spec/fsst.md §6, the symbol-table steps, on the payload section [payload_offset,
 * payload_end) of a file that passed spec/format.md §6 steps 1–9; `compact`: header flag
 * bit 6. Fills table and its size in the file. */
galp_status galp_fsst_table_validate(galp_reader *section, bool compact, galp_fsst_table *table,
                                     uint64_t *table_size);
/* The table of a validated STR column (galp_open has checked it). */
void galp_fsst_table_of(const galp_column *column, galp_fsst_table *table);
/* Writes the table at `out` (galp_fsst_table_size bytes), checksum included. */
void galp_fsst_table_write(const galp_fsst_table *table, bool compact, uint8_t *out);
/* Puts the symbols in the order where each shares the most bytes with the one before it, for
 * the compact form (spec/fsst.md §7): by their bytes, a prefix before the symbols it starts,
 * a non-terminal symbol before the terminal one of the same bytes. */
void galp_fsst_table_sort(galp_fsst_table *table);
/* Start of the vector payloads of a STR column, P0: payload_offset + table_size rounded up
 * (galp_fsst_round). */
uint64_t galp_fsst_payloads_start(uint64_t payload_offset, uint64_t table_size, bool lean);

/* spec/fsst.md §6 step 10.10 for vector v, whose entry passed steps 10.1–10.9: prev_end is
 * E_{v−1}; `lean`: header flag bit 8, the payload has the lean head (§5.1). */
galp_status galp_fsst_validate_payload(const galp_fsst_table *table,
                                       const galp_vector_info *info, uint64_t prev_end,
                                       bool lean, galp_reader *payload);

/* Decoding a validated vector payload (spec/fsst.md §5). out_bytes receives the vector's D_v
 * bytes; lengths, when not NULL, the length of each of its m strings. */
void galp_fsst_decode_vector(const galp_fsst_table *table, const galp_vector_info *info,
                             bool lean, galp_reader *payload, uint8_t *out_bytes,
                             uint32_t *lengths);
/* String `index` (< m) of a validated vector: its length, and its bytes into dst when
 * len <= dst_capacity. */
void galp_fsst_get(const galp_fsst_table *table, const galp_vector_info *info, bool lean,
                   galp_reader *payload, uint32_t index, uint8_t *dst, size_t dst_capacity,
                   size_t *len);

/* ---- Encoding ------------------------------------------------------------------------
 * Strings of the encoder: string i is data[offsets[i] .. offsets[i+1]). */
typedef struct galp_fsst_input {
    const uint64_t *offsets;
    const uint8_t *data;
    uint64_t n;
} galp_fsst_input;

/* The bytes of the input from offset `at`: data + at, or an empty string when data is NULL
 * (allowed when every string is empty), so that no arithmetic is done on a null pointer. */
static inline const uint8_t *galp_fsst_input_at(const galp_fsst_input *input, uint64_t at)
{
    static const uint8_t none[1];
    return input->data != NULL ? input->data + at : none;
}

/* spec/fsst.md §7: the table the reference encoder builds for the strings. NO_MEMORY when
 * its working memory cannot be allocated. */
galp_status galp_fsst_build_table(const galp_fsst_input *input, galp_fsst_table *table);

/* The parse of strings into codes (fsst_parse.c): the fewest code bytes for a table. */
typedef struct galp_fsst_matcher galp_fsst_matcher;
/* A matcher for `table` (kept by pointer) and strings of at most `longest` bytes; NULL when out
 * of memory. */
galp_fsst_matcher *galp_fsst_matcher_new(const galp_fsst_table *table, uint64_t longest);
/* The matcher parses with `table` from now on (its strings stay those of galp_fsst_matcher_new). */
void galp_fsst_matcher_use(galp_fsst_matcher *matcher, const galp_fsst_table *table);
void galp_fsst_matcher_free(galp_fsst_matcher *matcher);
/* The table's end symbol (terminal, no bytes), or -1. */
int galp_fsst_end_code(const galp_fsst_matcher *matcher);

/* What galp_fsst_parse reports, code by code: c < 255 for symbol c, GALP_FSST_STEP_BYTE + b
 * for the escaped byte b, GALP_FSST_STEP_END for a string end the table has no end symbol
 * for (only while a table is being built). */
#define GALP_FSST_STEP_BYTE 256u
#define GALP_FSST_STEP_END 512u
typedef void galp_fsst_step_fn(void *ctx, unsigned step);

/* Parses s[0 .. len) into the fewest code bytes and reports them in order to step; returns
 * their number (an escape counts 2). With `ends`, the string ends at len (with a terminal
 * symbol, or the end symbol after it); without, the codes cover exactly len bytes with no
 * terminal symbol (a string of the default length, spec/fsst.md §5, or a sample's piece of a
 * string). len is at most the `longest` of galp_fsst_matcher_new. */
uint64_t galp_fsst_parse(galp_fsst_matcher *matcher, const uint8_t *s, uint64_t len, bool ends,
                         galp_fsst_step_fn *step, void *ctx);

/* The code bytes of string s[0 .. len) written to out (room for 2·len + 2 bytes): with
 * `fixed`, as a string of the vector's default length (no end); else ending at a terminal
 * symbol, after an end symbol when `marked` (spec/fsst.md §5). Returns their number. */
uint64_t galp_fsst_encode_string(galp_fsst_matcher *matcher, const uint8_t *s, uint64_t len,
                                 bool fixed, bool marked, uint8_t *out);

#endif /* GALP_FSST_H */
