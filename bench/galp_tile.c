/*
 * galp_tile.c — repeat a period's galp file into the file of the tiled column (galp_tile.h).
 */
#include "galp_tile.h"

#include <stdlib.h>
#include <string.h>

#include "bytes.h"
#include "galp_internal.h"

/* Header field offsets, spec/format.md §3.1. */
enum {
    HDR_VALUE_COUNT = 8,
    HDR_VECTOR_COUNT = 16,
    HDR_PAYLOAD_OFFSET = 32,
    HDR_PAYLOAD_END = 40,
    HDR_FILE_SIZE = 48,
    HDR_CHECKSUM = 60
};

static void period_stats(const galp_column *column, galp_tile_stats *stats)
{
    double bits = 0, exceptions = 0, raw = 0;
    for (uint32_t v = 0; v < column->vector_count; v++) {
        galp_vector_info info;
        /* The column was just validated by galp_open: every index is in range. */
        galp_vector_info_get(column, v, &info);
        bits += info.bit_width;
        /* DELTA, RLE and DICT use the field for their run and dictionary sizes */
        exceptions += info.scheme == GALP_SCHEME_ALP || info.scheme == GALP_SCHEME_GALP ? info.exception_count : 0;
        raw += info.scheme == GALP_SCHEME_RAW;
    }
    stats->bit_width = bits / column->vector_count;
    stats->exception_rate = exceptions / (double)column->value_count;
    stats->raw_fraction = raw / column->vector_count;
}

/* The period's file (malloc'd into *one, caller frees) and its opened column. */
static galp_status encode_period(galp_type type, galp_scheme scheme, const void *period, uint64_t n_period,
                                 uint8_t **one, galp_column *column)
{
    size_t cap = galp_compress_bound(type, n_period), len = 0;
    *one = malloc(cap ? cap : 1);
    if (!*one)
        return GALP_ERR_TOO_LARGE;
    galp_status st = galp_compress(type, scheme, period, n_period, *one, cap, &len);
    if (st == GALP_OK)
        st = galp_open(column, *one, len);
    if (st != GALP_OK) {
        free(*one);
        *one = NULL;
    }
    return st;
}

galp_status galp_tile_period_bytes(galp_type type, galp_scheme scheme, const void *period,
                                   uint64_t n_period, uint64_t *bytes)
{
    *bytes = 0;
    if (n_period == 0 || n_period % GALP_VECTOR_SIZE != 0)
        return GALP_ERR_ARGUMENT;
    uint8_t *one;
    galp_column column;
    galp_status st = encode_period(type, scheme, period, n_period, &one, &column);
    if (st != GALP_OK)
        return st;
    /* spec/format.md §3.2: a copy adds its metadata entries and its payload section */
    *bytes = GALP_VECTOR_ENTRY_SIZE * (uint64_t)column.vector_count + galp_load_u64(one + HDR_PAYLOAD_END) -
             galp_load_u64(one + HDR_PAYLOAD_OFFSET);
    free(one);
    return GALP_OK;
}

galp_status galp_tile_encode(galp_type type, galp_scheme scheme, const void *period,
                             uint64_t n_period, uint64_t copies, uint8_t **file,
                             size_t *file_len, galp_tile_stats *stats)
{
    *file = NULL;
    *file_len = 0;
    if (n_period == 0 || n_period % GALP_VECTOR_SIZE != 0 || copies == 0)
        return GALP_ERR_ARGUMENT;
    if (n_period * copies / GALP_VECTOR_SIZE > UINT32_MAX)
        return GALP_ERR_TOO_LARGE;

    uint8_t *one;
    galp_column column;
    galp_status st = encode_period(type, scheme, period, n_period, &one, &column);
    if (st != GALP_OK)
        return st;
    if (stats)
        period_stats(&column, stats);

    /* spec/format.md §3.2: sections at fixed places; payloads keep their offsets relative to
     * the payload section, which moves because the metadata table grows. */
    uint64_t nv_p = column.vector_count;
    uint64_t po_p = galp_load_u64(one + HDR_PAYLOAD_OFFSET);
    uint64_t span = galp_load_u64(one + HDR_PAYLOAD_END) - po_p;
    uint64_t nv = nv_p * copies;
    uint64_t po = GALP_HEADER_SIZE + GALP_VECTOR_ENTRY_SIZE * nv;
    uint64_t pe = po + span * copies;
    uint64_t size = pe + GALP_TAIL_PADDING;
    uint8_t *out = calloc(size, 1);
    if (!out) {
        free(one);
        return GALP_ERR_TOO_LARGE;
    }

    memcpy(out, one, GALP_HEADER_SIZE);
    galp_store_u64(out + HDR_VALUE_COUNT, n_period * copies);
    galp_store_u32(out + HDR_VECTOR_COUNT, (uint32_t)nv);
    galp_store_u64(out + HDR_PAYLOAD_OFFSET, po);
    galp_store_u64(out + HDR_PAYLOAD_END, pe);
    galp_store_u64(out + HDR_FILE_SIZE, size);
    for (uint64_t t = 0; t < copies; t++) {
        uint8_t *entries = out + GALP_HEADER_SIZE + GALP_VECTOR_ENTRY_SIZE * nv_p * t;
        memcpy(entries, one + GALP_HEADER_SIZE, GALP_VECTOR_ENTRY_SIZE * nv_p);
        for (uint64_t v = 0; v < nv_p; v++) {
            uint8_t *entry = entries + GALP_VECTOR_ENTRY_SIZE * v;
            galp_store_u64(entry, galp_load_u64(entry) - po_p + po + span * t);
        }
        memcpy(out + po + span * t, one + po_p, span);
    }
    /* spec/format.md §3.4: CRC32C of header bytes 0..59, then the metadata table. */
    uint32_t crc = galp_crc32c(0, out, HDR_CHECKSUM);
    crc = galp_crc32c(crc, out + GALP_HEADER_SIZE, GALP_VECTOR_ENTRY_SIZE * nv);
    galp_store_u32(out + HDR_CHECKSUM, crc);
    free(one);

    /* The result must be a valid file; galp_open proves it before anyone times it. */
    st = galp_open(&column, out, size);
    if (st != GALP_OK) {
        free(out);
        return st;
    }
    *file = out;
    *file_len = size;
    return GALP_OK;
}
