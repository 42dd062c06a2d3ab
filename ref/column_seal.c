/*
 * column_seal.c — the seal of a galp_column: a CRC32C of every other field, set by galp_open and
 * checked by every call that takes a view (include/galp.h).
 *
 * galp_open proves once that every offset and size the decoders use lies inside the file
 * (spec/format.md §6). The view's fields are the input of that proof: a caller that changes
 * one (a larger value_count, another data pointer, another type) would make the decoders
 * trust a column nobody validated. The seal turns any such change into GALP_ERR_ARGUMENT
 * before a byte is read. It detects accidents and misuse, not forgery: the CRC is not secret.
 */
#include "bytes.h"
#include "galp_internal.h"

/* The fields in a fixed byte order, so that padding and field order play no part. */
uint32_t galp_column_seal(const galp_column *column)
{
    uint8_t fields[8 + 8 + 4 + 4 + 8 + 4 + 2 + 4];
    galp_store_u64(fields, (uint64_t)(uintptr_t)column->data);
    galp_store_u64(fields + 8, (uint64_t)column->size);
    galp_store_u32(fields + 16, (uint32_t)column->type);
    galp_store_u32(fields + 20, (uint32_t)column->scheme);
    galp_store_u64(fields + 24, column->value_count);
    galp_store_u32(fields + 32, column->vector_count);
    galp_store_u16(fields + 36, column->version_minor);
    galp_store_u32(fields + 38, column->checksum);
    return galp_crc32c(0, fields, sizeof fields);
}

galp_status galp_column_check(const galp_column *column)
{
    if (column == NULL || column->seal != galp_column_seal(column))
        return GALP_ERR_ARGUMENT;
    return GALP_OK;
}
