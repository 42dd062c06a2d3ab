/*
 * gpu/image.c — the device image of a column: the file, with ALP-layout vectors rewritten in
 * the G-ALP layout; and its shape: the size of its largest vector as the kernels stage it,
 * whether it has vectors that the scans count on their own paths, and how many of its
 * vectors are constants.
 *
 * spec/galp.md §3: a G-ALP vector decodes to exactly what the ALP vector holding the same
 * exceptions decodes to, so regrouping the exceptions by lane (galp_convert_payload) changes
 * nothing a reader can observe, and the GPU needs only the lane-parallel layout. The image
 * is itself a valid galp file (same placement rules, recomputed payload_end, file_size and
 * checksum), so galp_open can check it.
 */
#include <stdlib.h>
#include <string.h>

#include "bytes.h"
#include "galp_internal.h"
#include "galp_layout.h"
#include "image.h"

/* Field offsets of spec/format.md §3.1 and §3.3. */
enum {
    HDR_SCHEME = 7,
    HDR_PAYLOAD_END = 40,
    HDR_FILE_SIZE = 48,
    HDR_CHECKSUM = 60,
    ENT_PAYLOAD_OFFSET = 0,
    ENT_PAYLOAD_SIZE = 16,
    ENT_SCHEME = 22
};

static uint64_t round16(uint64_t x)
{
    return (x + 15u) & ~(uint64_t)15u;
}

/* Payload size of vector info in the image. */
static uint64_t image_payload_size(const galp_column *col, const galp_vector_info *info)
{
    uint64_t size = info->payload_size;
    if (info->scheme == GALP_SCHEME_ALP)
        size += 2u * galp_type_lanes(col->type); /* the lane_end array, spec/galp.md §1 */
    return size;
}

galp_gpu_shape galp_gpu_image_shape(const galp_column *col)
{
    const uint32_t raw = 128u * (uint32_t)galp_type_bits(col->type);
    galp_gpu_shape shape = {128, 0, 0};
    galp_vector_info info;
    for (uint32_t v = 0; v < col->vector_count; v++) {
        galp_vector_info_get(col, v, &info); /* cannot fail: the column is valid */
        const uint64_t need = info.scheme == GALP_SCHEME_RAW ? raw : image_payload_size(col, &info);
        shape.largest_vector = need > shape.largest_vector ? (uint32_t)need : shape.largest_vector;
        if (info.scheme == GALP_SCHEME_RAW || info.bit_width > 32)
            shape.wide_or_raw = 1;
        else if (info.bit_width == 0 && info.scheme != GALP_SCHEME_FFOR) /* G-ALP in the image */
            shape.constant_vectors++;
    }
    return shape;
}

galp_status galp_gpu_image_build(const galp_column *col, uint8_t **image, size_t *image_size)
{
    *image = NULL;
    *image_size = 0;
    const uint64_t table_end = GALP_HEADER_SIZE + (uint64_t)GALP_VECTOR_ENTRY_SIZE * col->vector_count;
    galp_vector_info info;

    uint64_t end = table_end;
    for (uint32_t v = 0; v < col->vector_count; v++) {
        galp_status st = galp_vector_info_get(col, v, &info);
        if (st != GALP_OK)
            return st;
        end = round16(end) + image_payload_size(col, &info);
    }
    const uint64_t payload_end = round16(end);
    const uint64_t file_size = payload_end + GALP_TAIL_PADDING;
    if (file_size > SIZE_MAX)
        return GALP_ERR_TOO_LARGE;

    uint8_t *out = calloc(1, (size_t)file_size);
    if (out == NULL)
        return GALP_ERR_TOO_LARGE;
    memcpy(out, col->data, (size_t)table_end);
    out[HDR_SCHEME] = GALP_SCHEME_GALP;
    galp_store_u64(out + HDR_PAYLOAD_END, payload_end);
    galp_store_u64(out + HDR_FILE_SIZE, file_size);

    const unsigned w = galp_type_bits(col->type);
    uint64_t at = table_end;
    for (uint32_t v = 0; v < col->vector_count; v++) {
        uint8_t *entry = out + GALP_HEADER_SIZE + (size_t)GALP_VECTOR_ENTRY_SIZE * v;
        galp_vector_info_get(col, v, &info); /* succeeded in the first pass */
        const uint8_t *src = col->data + info.payload_offset;
        at = round16(at);
        galp_store_u64(entry + ENT_PAYLOAD_OFFSET, at);
        if (info.scheme == GALP_SCHEME_ALP) {
            size_t size = galp_convert_payload(GALP_SCHEME_ALP, GALP_SCHEME_GALP, w, info.bit_width,
                                               info.exception_count, src, out + at);
            entry[ENT_SCHEME] = GALP_SCHEME_GALP;
            galp_store_u32(entry + ENT_PAYLOAD_SIZE, (uint32_t)size);
            at += size;
        } else {
            memcpy(out + at, src, info.payload_size);
            at += info.payload_size;
        }
    }
    uint32_t crc = galp_crc32c(0, out, HDR_CHECKSUM);
    crc = galp_crc32c(crc, out + GALP_HEADER_SIZE, (size_t)(table_end - GALP_HEADER_SIZE));
    galp_store_u32(out + HDR_CHECKSUM, crc);
    *image = out;
    *image_size = (size_t)file_size;
    return GALP_OK;
}
