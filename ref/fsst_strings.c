/*
 * fsst_strings.c — the public API of STR columns after galp_open (spec/fsst.md §1, §4, §5):
 * the decoded size, the whole column in Arrow's string layout, one string.
 *
 * Vector v's strings start at Arrow offset E_{v−1}, the base of the entry before it
 * (spec/fsst.md §4), so each vector is decoded on its own into its place. Every argument is
 * checked before anything is written.
 */
#include <stdlib.h>
#include <string.h>

#include "fsst.h"

static galp_status check_str_column(const galp_column *column)
{
    if (galp_column_check(column) != GALP_OK || column->type != GALP_TYPE_STR)
        return GALP_ERR_ARGUMENT;
    return GALP_OK;
}

/* E_{v−1}: 0 for vector 0. */
static uint64_t vector_start(const galp_column *column, uint32_t vector)
{
    if (vector == 0)
        return 0;
    galp_vector_info before;
    galp_container_read_entry(column, vector - 1, &before);
    return before.base;
}

galp_status galp_column_str_bytes(const galp_column *column, uint64_t *bytes)
{
    if (check_str_column(column) != GALP_OK || bytes == NULL)
        return GALP_ERR_ARGUMENT;
    *bytes = vector_start(column, column->vector_count);
    return GALP_OK;
}

/* Decodes every vector's bytes into data and its string lengths into lengths (value_count
 * entries). */
static void decode_all(const galp_column *column, uint8_t *data, uint32_t *lengths)
{
    galp_fsst_table table;
    galp_fsst_table_of(column, &table);
    uint64_t start = 0;
    for (uint32_t v = 0; v < column->vector_count; v++) {
        galp_vector_info info;
        galp_container_read_entry(column, v, &info);
        galp_reader payload = galp_reader_of(column->data + info.payload_offset,
                                             info.payload_size);
        galp_fsst_decode_vector(&table, &info, galp_fsst_lean(column->flags), &payload,
                                data + start, lengths + (uint64_t)v * GALP_VECTOR_SIZE);
        start = info.base;
    }
}

/* Both offset widths: check the capacities, decode, then turn lengths into offsets in place
 * of the caller's array (the lengths go to a scratch array first). */
static galp_status decode_arrow(const galp_column *column, size_t offsets_capacity,
                                uint8_t *data, size_t data_capacity, uint64_t max_bytes,
                                void (*store)(void *offsets, uint64_t i, uint64_t value),
                                void *offsets)
{
    if (check_str_column(column) != GALP_OK || offsets == NULL)
        return GALP_ERR_ARGUMENT;
    uint64_t bytes;
    galp_column_str_bytes(column, &bytes);
    if (bytes > max_bytes)
        return GALP_ERR_TOO_LARGE;
    if (column->value_count >= offsets_capacity || bytes > data_capacity)
        return GALP_ERR_DST_TOO_SMALL;
    if (data == NULL && bytes > 0)
        return GALP_ERR_ARGUMENT;
    uint32_t *lengths = malloc(column->value_count ? column->value_count * sizeof *lengths : 1);
    if (lengths == NULL)
        return GALP_ERR_NO_MEMORY;
    uint8_t none[1]; /* where no byte goes when every string is empty and data is NULL */
    decode_all(column, data != NULL ? data : none, lengths);
    uint64_t at = 0;
    store(offsets, 0, 0);
    for (uint64_t i = 0; i < column->value_count; i++) {
        at += lengths[i];
        store(offsets, i + 1, at);
    }
    free(lengths);
    return GALP_OK;
}

static void store32(void *offsets, uint64_t i, uint64_t value)
{
    ((int32_t *)offsets)[i] = (int32_t)value;
}

static void store64(void *offsets, uint64_t i, uint64_t value)
{
    ((int64_t *)offsets)[i] = (int64_t)value;
}

galp_status galp_column_decode_str32(const galp_column *column, int32_t *offsets,
                                     size_t offsets_capacity, uint8_t *data,
                                     size_t data_capacity)
{
    return decode_arrow(column, offsets_capacity, data, data_capacity, INT32_MAX, store32,
                        offsets);
}

galp_status galp_column_decode_str64(const galp_column *column, int64_t *offsets,
                                     size_t offsets_capacity, uint8_t *data,
                                     size_t data_capacity)
{
    return decode_arrow(column, offsets_capacity, data, data_capacity, INT64_MAX, store64,
                        offsets);
}

galp_status galp_column_decode_str_records(const galp_column *column, uint8_t *dst,
                                           size_t dst_capacity, size_t *dst_len)
{
    if (check_str_column(column) != GALP_OK || dst_len == NULL)
        return GALP_ERR_ARGUMENT;
    uint64_t bytes;
    galp_column_str_bytes(column, &bytes);
    const uint64_t size = bytes + 4 * column->value_count;
    *dst_len = size > SIZE_MAX ? SIZE_MAX : (size_t)size;
    if (size > dst_capacity)
        return GALP_ERR_DST_TOO_SMALL;
    if (dst == NULL && size > 0)
        return GALP_ERR_ARGUMENT;
    if (size == 0)
        return GALP_OK; /* no strings: nothing to write, and dst may be NULL */
    galp_fsst_table table;
    galp_fsst_table_of(column, &table);
    uint32_t lengths[GALP_VECTOR_SIZE];
    uint64_t at = 0;
    for (uint32_t v = 0; v < column->vector_count; v++) {
        galp_vector_info info;
        galp_container_read_entry(column, v, &info);
        /* The vector's bytes go to the end of its records' space, then each string moves down
         * behind its length: string i sits 4·(m − i) bytes after its record's start. */
        uint8_t *bytes_at = dst + at + 4 * (uint64_t)info.value_count;
        galp_reader payload = galp_reader_of(column->data + info.payload_offset,
                                             info.payload_size);
        galp_fsst_decode_vector(&table, &info, galp_fsst_lean(column->flags), &payload,
                                bytes_at, lengths);
        uint64_t from = 4 * (uint64_t)info.value_count;
        for (uint32_t i = 0; i < info.value_count; i++) {
            galp_store_u32(dst + at, lengths[i]);
            memmove(dst + at + 4, dst + at + from, lengths[i]);
            at += 4 + (uint64_t)lengths[i];
            from -= 4;
        }
    }
    return GALP_OK;
}

galp_status galp_column_get_str(const galp_column *column, uint64_t index, uint8_t *dst,
                                size_t dst_capacity, size_t *len)
{
    if (check_str_column(column) != GALP_OK || len == NULL)
        return GALP_ERR_ARGUMENT;
    if (index >= column->value_count)
        return GALP_ERR_INDEX;
    galp_fsst_table table;
    galp_fsst_table_of(column, &table);
    galp_vector_info info;
    galp_container_read_entry(column, (uint32_t)(index / GALP_VECTOR_SIZE), &info);
    galp_reader payload = galp_reader_of(column->data + info.payload_offset, info.payload_size);
    *len = 0;
    galp_fsst_get(&table, &info, galp_fsst_lean(column->flags), &payload,
                  (uint32_t)(index % GALP_VECTOR_SIZE), dst, dst_capacity, len);
    if (*len > dst_capacity)
        return GALP_ERR_DST_TOO_SMALL;
    if (dst == NULL && *len > 0)
        return GALP_ERR_ARGUMENT;
    return GALP_OK;
}
