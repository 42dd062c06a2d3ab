/*
 * str_tile.c — a str column repeated (bench/str_tile.h).
 */
#include "str_tile.h"

#include <stdlib.h>
#include <string.h>

#include "galp_internal.h"

galp_status str_tile(const galp_column *period, uint64_t copies, uint8_t **out, size_t *out_len)
{
    *out = NULL;
    *out_len = 0;
    const uint64_t n = period->value_count, nv = period->vector_count;
    if (period->type != GALP_TYPE_STR || copies == 0 || n % GALP_VECTOR_SIZE != 0 || nv == 0)
        return GALP_ERR_ARGUMENT;
    /* spec/fsst.md §2: the table from the end of the metadata table to P0, the first payload;
     * payloads from P0 to payload_end, each 16-byte aligned. */
    galp_vector_info first, last;
    galp_vector_info_get(period, 0, &first);
    galp_vector_info_get(period, (uint32_t)(nv - 1), &last);
    const uint64_t table_at = GALP_HEADER_SIZE + GALP_VECTOR_ENTRY_SIZE * nv;
    const uint64_t table_span = first.payload_offset - table_at;
    const uint64_t payloads = galp_round16(last.payload_offset + last.payload_size) -
                              first.payload_offset;
    const uint64_t string_bytes = last.base;
    if (nv * copies > UINT32_MAX || n * copies > GALP_MAX_VALUE_COUNT)
        return GALP_ERR_TOO_LARGE;
    const uint64_t tiled_nv = nv * copies;
    const uint64_t tiled_table_at = GALP_HEADER_SIZE + GALP_VECTOR_ENTRY_SIZE * tiled_nv;
    const uint64_t p0 = tiled_table_at + table_span; /* both table starts are 16-aligned */
    const uint64_t end = p0 + payloads * copies;
    const uint64_t size = end + GALP_TAIL_PADDING;
    if (size > SIZE_MAX)
        return GALP_ERR_TOO_LARGE;
    uint8_t *file = calloc(1, (size_t)size);
    if (file == NULL)
        return GALP_ERR_NO_MEMORY;
    memcpy(file + tiled_table_at, period->data + table_at, (size_t)table_span);
    for (uint64_t k = 0; k < copies; k++) {
        memcpy(file + p0 + k * payloads, period->data + first.payload_offset, (size_t)payloads);
        for (uint64_t v = 0; v < nv; v++) {
            galp_vector_info info;
            galp_vector_info_get(period, (uint32_t)v, &info);
            info.payload_offset = p0 + k * payloads + (info.payload_offset - first.payload_offset);
            info.base += k * string_bytes;
            galp_container_write_entry(file, (uint32_t)(k * nv + v), &info);
        }
    }
    galp_container_write_header(file, GALP_TYPE_STR, GALP_SCHEME_FSST, n * copies, period->flags,
                                end);
    *out = file;
    *out_len = (size_t)size;
    return GALP_OK;
}
