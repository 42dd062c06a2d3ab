/*
 * fsst_table.c — the column's FSST symbol table (spec/fsst.md §3): its checks in the order of
 * spec/fsst.md §6, reading it back from a validated column, and writing it.
 *
 * The table sits at the start of the payload section; validation reads it through a reader
 * over that section, so no byte past payload_end is ever read, whatever the counts say.
 */
#include "fsst.h"

uint64_t galp_fsst_table_size(const galp_fsst_table *table)
{
    uint64_t size = GALP_FSST_TABLE_HEAD + table->count;
    for (uint32_t c = 0; c < table->count; c++)
        size += table->len[c];
    return size;
}

uint64_t galp_fsst_payloads_start(uint64_t payload_offset, uint64_t table_size)
{
    return galp_round16(payload_offset + table_size);
}

/* Fills `table` from the descriptors and bytes, assumed inside the reader. */
static void read_symbols(galp_reader *section, galp_fsst_table *table)
{
    uint64_t at = GALP_FSST_TABLE_HEAD + table->count;
    for (uint32_t c = 0; c < table->count; c++) {
        uint8_t desc = galp_read_u8(section, GALP_FSST_TABLE_HEAD + c);
        table->len[c] = desc & GALP_FSST_DESC_LEN_MASK;
        table->terminal[c] = (desc & GALP_FSST_DESC_TERMINAL) != 0;
        for (unsigned i = 0; i < GALP_FSST_MAX_SYMBOL_LEN; i++)
            table->bytes[c][i] = i < table->len[c] ? galp_read_u8(section, at + i) : 0;
        at += table->len[c];
    }
}

/* spec/fsst.md §3 descriptor rules: bits 4–6 zero, ℓ ≤ 8, ℓ ≥ 1 unless terminal. */
static bool descriptor_valid(uint8_t desc)
{
    const unsigned len = desc & GALP_FSST_DESC_LEN_MASK;
    return (desc & GALP_FSST_DESC_RESERVED) == 0 && len <= GALP_FSST_MAX_SYMBOL_LEN &&
           (len >= 1 || (desc & GALP_FSST_DESC_TERMINAL) != 0);
}

/* spec/fsst.md §6, the symbol-table steps 1–5. */
galp_status galp_fsst_table_validate(galp_reader *section, galp_fsst_table *table,
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
        size += galp_read_u8(section, GALP_FSST_TABLE_HEAD + c) & GALP_FSST_DESC_LEN_MASK;
    if (size > section->size)
        return GALP_ERR_LAYOUT;

    const uint8_t *covered = galp_read_span(section, GALP_FSST_TABLE_HEAD,
                                            size - GALP_FSST_TABLE_HEAD);
    if (covered == NULL ||
        galp_crc32c(0, covered, (size_t)(size - GALP_FSST_TABLE_HEAD)) !=
            galp_read_u32(section, 4))
        return GALP_ERR_CHECKSUM;
    for (uint32_t c = 0; c < count; c++)
        if (!descriptor_valid(galp_read_u8(section, GALP_FSST_TABLE_HEAD + c)))
            return GALP_ERR_SYMBOL_TABLE;

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

void galp_fsst_table_write(const galp_fsst_table *table, uint8_t *out)
{
    galp_store_u32(out, table->count);
    uint8_t *desc = out + GALP_FSST_TABLE_HEAD;
    uint8_t *bytes = desc + table->count;
    for (uint32_t c = 0; c < table->count; c++) {
        desc[c] = (uint8_t)(table->len[c] | (table->terminal[c] ? GALP_FSST_DESC_TERMINAL : 0));
        for (unsigned i = 0; i < table->len[c]; i++)
            *bytes++ = table->bytes[c][i];
    }
    const size_t covered = (size_t)(bytes - desc);
    galp_store_u32(out + 4, galp_crc32c(0, desc, covered));
}
