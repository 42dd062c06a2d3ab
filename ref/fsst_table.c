/*
 * fsst_table.c — the column's FSST symbol table (spec/fsst.md §3, §3.1): its checks in the
 * order of spec/fsst.md §6, reading it back from a validated column, writing it in either
 * form, and the symbol order of the compact form.
 *
 * The table sits at the start of the payload section; validation reads it through a reader
 * over that section, so no byte past payload_end is ever read, whatever the counts say.
 */
#include <string.h>

#include "fsst.h"

/* P_c of the compact form (spec/fsst.md §3.1): the bytes symbol c shares with the start of
 * symbol c − 1, at most 7 (three descriptor bits). */
static unsigned shared_prefix(const galp_fsst_table *table, uint32_t c)
{
    unsigned p = 0;
    while (c > 0 && p < GALP_FSST_DESC_SHARED_MAX && p < table->len[c] &&
           p < table->len[c - 1] && table->bytes[c][p] == table->bytes[c - 1][p])
        p++;
    return p;
}

uint64_t galp_fsst_table_size(const galp_fsst_table *table, bool compact)
{
    uint64_t size = GALP_FSST_TABLE_HEAD + table->count;
    for (uint32_t c = 0; c < table->count; c++)
        size += table->len[c] - (compact ? shared_prefix(table, c) : 0u);
    return size;
}

uint64_t galp_fsst_payloads_start(uint64_t payload_offset, uint64_t table_size, bool lean)
{
    return galp_fsst_round(lean, payload_offset + table_size);
}

static unsigned stored_bytes(uint8_t desc) { return desc & GALP_FSST_DESC_LEN_MASK; }
static unsigned shared_bytes(uint8_t desc)
{
    return (desc & GALP_FSST_DESC_RESERVED) >> GALP_FSST_DESC_SHARED_SHIFT;
}

/* Fills `table` from the descriptors and bytes, assumed inside the reader and valid: symbol
 * c is the first P_c bytes of symbol c − 1 (none in the plain form) and its stored bytes. */
static void read_symbols(galp_reader *section, galp_fsst_table *table)
{
    uint64_t at = GALP_FSST_TABLE_HEAD + table->count;
    for (uint32_t c = 0; c < table->count; c++) {
        const uint8_t desc = galp_read_u8(section, GALP_FSST_TABLE_HEAD + c);
        const unsigned shared = shared_bytes(desc);
        table->len[c] = (uint8_t)(shared + stored_bytes(desc));
        table->terminal[c] = (desc & GALP_FSST_DESC_TERMINAL) != 0;
        for (unsigned i = 0; i < GALP_FSST_MAX_SYMBOL_LEN; i++)
            table->bytes[c][i] = i < shared            ? table->bytes[c - 1][i]
                                 : i < table->len[c] ? galp_read_u8(section, at + i - shared)
                                                     : 0;
        at += stored_bytes(desc);
    }
}

/* spec/fsst.md §3 and §3.1 descriptor rules: ℓ ≤ 8, ℓ ≥ 1 unless terminal; bits 4–6 zero in
 * the plain form, in the compact form a shared prefix no longer than the previous symbol
 * (`previous`: its length, 0 before symbol 0). */
static bool descriptor_valid(uint8_t desc, bool compact, unsigned previous)
{
    const unsigned shared = shared_bytes(desc), len = shared + stored_bytes(desc);
    return (compact ? shared <= previous : shared == 0) && len <= GALP_FSST_MAX_SYMBOL_LEN &&
           (len >= 1 || (desc & GALP_FSST_DESC_TERMINAL) != 0);
}

/* spec/fsst.md §6, the symbol-table steps 1–5. */
galp_status galp_fsst_table_validate(galp_reader *section, bool compact, galp_fsst_table *table,
                                     uint64_t *table_size)
{
    if (section->size < GALP_FSST_TABLE_HEAD)
        return GALP_ERR_LAYOUT;
    const uint32_t count = galp_read_u32(section, 0);
    if (count > GALP_FSST_MAX_SYMBOLS)
        return GALP_ERR_SYMBOL_TABLE;
    if (section->size < GALP_FSST_TABLE_HEAD + (uint64_t)count)
        return GALP_ERR_LAYOUT;
    uint64_t size = GALP_FSST_TABLE_HEAD + (uint64_t)count;
    for (uint32_t c = 0; c < count; c++)
        size += stored_bytes(galp_read_u8(section, GALP_FSST_TABLE_HEAD + c));
    if (size > section->size)
        return GALP_ERR_LAYOUT;

    const uint8_t *covered = galp_read_span(section, GALP_FSST_TABLE_HEAD,
                                            size - GALP_FSST_TABLE_HEAD);
    if (covered == NULL ||
        galp_crc32c(0, covered, (size_t)(size - GALP_FSST_TABLE_HEAD)) !=
            galp_read_u32(section, 4))
        return GALP_ERR_CHECKSUM;
    unsigned previous = 0;
    for (uint32_t c = 0; c < count; c++) {
        const uint8_t desc = galp_read_u8(section, GALP_FSST_TABLE_HEAD + c);
        if (!descriptor_valid(desc, compact, previous))
            return GALP_ERR_SYMBOL_TABLE;
        previous = shared_bytes(desc) + stored_bytes(desc);
    }

    table->count = count;
    read_symbols(section, table);
    *table_size = size;
    return section->overrun ? GALP_ERR_LAYOUT : GALP_OK;
}

/* The payload section of a validated column: from payload_offset (spec/format.md §3.1) to
 * payload_end, which galp_open proved lie inside the file. */
void galp_fsst_table_of(const galp_column *column, galp_fsst_table *table)
{
    const uint64_t start = GALP_HEADER_SIZE + (uint64_t)GALP_VECTOR_ENTRY_SIZE *
                                                  column->vector_count;
    galp_reader section = galp_reader_of(column->data + start,
                                         column->size - GALP_TAIL_PADDING - start);
    table->count = galp_read_u32(&section, 0);
    read_symbols(&section, table);
}

void galp_fsst_table_write(const galp_fsst_table *table, bool compact, uint8_t *out)
{
    galp_store_u32(out, table->count);
    uint8_t *desc = out + GALP_FSST_TABLE_HEAD;
    uint8_t *bytes = desc + table->count;
    for (uint32_t c = 0; c < table->count; c++) {
        const unsigned shared = compact ? shared_prefix(table, c) : 0u;
        desc[c] = (uint8_t)(shared << GALP_FSST_DESC_SHARED_SHIFT | (table->len[c] - shared) |
                            (table->terminal[c] ? GALP_FSST_DESC_TERMINAL : 0));
        for (unsigned i = shared; i < table->len[c]; i++)
            *bytes++ = table->bytes[c][i];
    }
    const size_t covered = (size_t)(bytes - desc);
    galp_store_u32(out + 4, galp_crc32c(0, desc, covered));
}

/* Whether symbol x of `table` comes before symbol y in galp_fsst_table_sort's order. */
static bool before(const galp_fsst_table *table, uint32_t x, uint32_t y)
{
    const unsigned lx = table->len[x], ly = table->len[y];
    const int order = memcmp(table->bytes[x], table->bytes[y], lx < ly ? lx : ly);
    if (order != 0)
        return order < 0;
    return lx != ly ? lx < ly : !table->terminal[x] && table->terminal[y];
}

/* An insertion sort of at most 255 symbol numbers: stable, and no state outside the call. */
void galp_fsst_table_sort(galp_fsst_table *table)
{
    uint32_t order[GALP_FSST_MAX_SYMBOLS];
    for (uint32_t c = 0; c < table->count; c++) {
        uint32_t at = c;
        for (; at > 0 && before(table, c, order[at - 1]); at--)
            order[at] = order[at - 1];
        order[at] = c;
    }
    const galp_fsst_table unsorted = *table;
    for (uint32_t c = 0; c < table->count; c++) {
        table->len[c] = unsorted.len[order[c]];
        table->terminal[c] = unsorted.terminal[order[c]];
        memcpy(table->bytes[c], unsorted.bytes[order[c]], GALP_FSST_MAX_SYMBOL_LEN);
    }
}
