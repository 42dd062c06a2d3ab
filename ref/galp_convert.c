/*
 * galp_convert.c — rewriting an ALP column as GALP and back without re-encoding
 * (spec/galp.md §3: both layouts decode to the same values).
 *
 * The integers, e, f, bases and bit widths are kept; each ALP/GALP vector's exceptions are
 * regrouped (galp_layout.c) and RAW and ALP_RD vectors are copied. Payloads are placed back to
 * back as the encoder places them (spec/format.md §4) and the header is rewritten with the new
 * scheme. A G-ALP result is compact and has narrow lane ends, as galp_compress writes it
 * (spec/galp.md §1.1, §1.2), unless a copied ALP_RD vector keeps u16 lane ends that the
 * narrow flag would reinterpret (converted_flags); copied vectors keep the lane ends they have,
 * and their dictionaries where they are (spec/alprd.md §3.1).
 */
#include <string.h>

#include <galp/layout.h>

#include "galp_internal.h"
#include "galp_layout.h"

/* RAW vectors and ALP_RD vectors, a companion of both layouts (spec/format.md §2), have no
 * ALP exception section: they are copied as they are. */
static bool copied_as_is(const galp_vector_info *info)
{
    return info->scheme == GALP_SCHEME_RAW || info->scheme == GALP_SCHEME_ALP_RD;
}

/* Size of vector v's payload once converted to `to` in a file with header `flags`. */
static uint64_t converted_size(const galp_column *column, galp_scheme to, uint32_t flags,
                               const galp_vector_info *info)
{
    if (copied_as_is(info))
        return info->payload_size;
    galp_vector_info converted = *info;
    converted.scheme = to;
    return galp_payload_size(column->type, flags, &converted);
}

/* The header flags of the converted file: the source's payload checksums, for G-ALP the
 * compact flag if a converted vector uses it, the dictionary flag if a copied ALP_RD vector
 * has its dictionary in its entry (the flag changes no other vector's layout), and the narrow
 * flag if a copied ALP_RD vector has u8 lane ends or a converted G-ALP vector can have them. The flag rules every vector of
 * the file: where a copied ALP_RD vector keeps u16 lane ends that the flag would make u8
 * (a source without it), the G-ALP vectors keep u16 ends too (spec/galp.md §1.2). */
static uint32_t converted_flags(const galp_column *column, galp_scheme to)
{
    uint32_t flags = column->flags & GALP_FLAG_PAYLOAD_CHECKSUMS;
    bool wide_alprd = false, narrow_galp = false;
    for (uint32_t v = 0; v < column->vector_count; v++) {
        galp_vector_info info;
        galp_container_read_entry(column, v, &info);
        const uint32_t c = info.exception_count;
        if (copied_as_is(&info)) {
            if (info.scheme == GALP_SCHEME_ALP_RD &&
                galp_layout_alprd_dict_in_entry(galp_type_bits(column->type), info.bit_width, info.exponent,
                                                column->flags))
                flags |= GALP_FLAG_ALPRD_DICT_IN_ENTRY;
            if (galp_layout_narrow_lane_ends(info.scheme, c, column->flags))
                flags |= GALP_FLAG_NARROW_LANE_ENDS;
            else if (galp_layout_narrow_lane_ends(info.scheme, c, GALP_FLAG_NARROW_LANE_ENDS))
                wide_alprd = true;
        } else if (to == GALP_SCHEME_GALP) {
            if (c == 0)
                flags |= GALP_FLAG_COMPACT_GALP;
            if (galp_layout_narrow_lane_ends(GALP_SCHEME_GALP, c, GALP_FLAG_NARROW_LANE_ENDS))
                narrow_galp = true;
        }
    }
    if (narrow_galp && !wide_alprd)
        flags |= GALP_FLAG_NARROW_LANE_ENDS;
    return flags;
}

/* spec/galp.md §7, with the encoder's placement of payloads (spec/format.md §4). */
galp_status galp_convert_scheme(const void *src, size_t src_len, galp_scheme to, void *dst,
                                size_t dst_capacity, size_t *dst_len)
{
    if (src == NULL || dst == NULL || dst_len == NULL ||
        (to != GALP_SCHEME_ALP && to != GALP_SCHEME_GALP))
        return GALP_ERR_ARGUMENT;
    galp_column column;
    galp_status status = galp_open(&column, src, src_len);
    if (status != GALP_OK)
        return status;
    if (column.scheme != GALP_SCHEME_ALP && column.scheme != GALP_SCHEME_GALP)
        return GALP_ERR_BAD_SCHEME;

    /* First pass: where the payloads go, hence the file size. */
    const uint32_t flags = converted_flags(&column, to);
    const uint64_t payload_offset =
        GALP_HEADER_SIZE + (uint64_t)GALP_VECTOR_ENTRY_SIZE * column.vector_count;
    uint64_t end = payload_offset;
    for (uint32_t v = 0; v < column.vector_count; v++) {
        galp_vector_info info;
        galp_container_read_entry(&column, v, &info);
        end = galp_round16(end) + converted_size(&column, to, flags, &info);
    }
    const uint64_t payload_end = galp_round16(end);
    *dst_len = (size_t)(payload_end + GALP_TAIL_PADDING);
    if (payload_end + GALP_TAIL_PADDING > dst_capacity)
        return GALP_ERR_DST_TOO_SMALL;

    /* Second pass: zero the file, copy or convert each payload, write entries and header. */
    uint8_t *file = dst;
    const unsigned w = galp_type_bits(column.type);
    memset(file, 0, *dst_len);
    end = payload_offset;
    for (uint32_t v = 0; v < column.vector_count; v++) {
        galp_vector_info info;
        galp_container_read_entry(&column, v, &info);
        galp_reader payload =
            galp_reader_of(column.data + info.payload_offset, info.payload_size);
        info.payload_offset = galp_round16(end);
        if (copied_as_is(&info)) {
            galp_read_bytes(&payload, 0, info.payload_size, file + info.payload_offset);
        } else {
            const uint32_t c = info.exception_count;
            info.payload_size = (uint32_t)galp_convert_payload(
                galp_layout_scheme(info.scheme, column.flags, c), column.flags,
                galp_layout_scheme(to, flags, c), flags, w, info.bit_width, c, &payload,
                file + info.payload_offset);
            info.scheme = to;
        }
        if (payload.overrun) /* not after galp_open: reported, never written as a result */
            return GALP_ERR_PAYLOAD_SIZE;
        /* The source's payload checksums are kept: recomputed over the new payload. */
        if ((column.flags & GALP_FLAG_PAYLOAD_CHECKSUMS) != 0)
            info.payload_checksum =
                galp_crc32c(0, file + info.payload_offset, info.payload_size);
        end = info.payload_offset + info.payload_size;
        galp_container_write_entry(file, v, &info);
    }
    galp_container_write_header(file, column.type, to, column.value_count, flags, payload_end);
    return GALP_OK;
}
