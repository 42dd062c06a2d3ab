/*
 * decompress.c — decoding: open (validate once), per-vector metadata, whole-column, single
 * vector and single value (spec/format.md §5).
 *
 * galp_open runs every check of spec/format.md §6 and seals the view (column_seal.c); the
 * functions taking a galp_column check the seal and their own arguments, because every offset
 * and size they use was proved to lie inside the file for exactly the sealed fields. Decoding writes to dst only after all checks have passed, so a failing call leaves
 * no partial output behind that could pass for a result.
 */
#include "galp_internal.h"

/* spec/format.md §6: every check, once; then the seal (column_seal.c). */
galp_status galp_open(galp_column *column, const void *src, size_t src_len)
{
    if (column == NULL || src == NULL)
        return GALP_ERR_ARGUMENT;
    galp_status status = galp_container_validate(column, src, src_len);
    if (status == GALP_OK)
        column->seal = galp_column_seal(column);
    return status;
}

/* spec/format.md §3.3: vector v's metadata entry. */
galp_status galp_vector_info_get(const galp_column *column, uint32_t vector,
                                 galp_vector_info *info)
{
    if (galp_column_check(column) != GALP_OK || info == NULL)
        return GALP_ERR_ARGUMENT;
    if (vector >= column->vector_count)
        return GALP_ERR_INDEX;
    galp_container_read_entry(column, vector, info);
    return GALP_OK;
}

/* The value-array calls below serve fixed-width types; a STR column is read through the
 * galp_column_*str* calls (fsst_strings.c). */
static galp_status check_fixed_width(const galp_column *column)
{
    if (galp_column_check(column) != GALP_OK || galp_type_size(column->type) == 0)
        return GALP_ERR_ARGUMENT;
    return GALP_OK;
}

/* Vector `vector`'s entry, and a reader over its payload (spec/format.md §4). */
static galp_reader open_vector(const galp_column *column, uint32_t vector, galp_vector_info *info)
{
    galp_container_read_entry(column, vector, info);
    return galp_reader_of(column->data + info->payload_offset, info->payload_size);
}

/* Decodes a vector of a validated column into dst (room for its value_count values). A read
 * outside the payload cannot happen after galp_open; were it to, it is reported, not used. */
static galp_status decode_vector(const galp_column *column, uint32_t vector, void *dst)
{
    galp_vector_info info;
    galp_reader payload = open_vector(column, vector, &info);
    switch (info.scheme) {
    case GALP_SCHEME_FFOR:
        galp_ffor_decode_vector(column->type, &info, &payload, dst);
        break;
    case GALP_SCHEME_DELTA:
        galp_delta_decode_vector(column->type, column->flags, &info, &payload, dst);
        break;
    case GALP_SCHEME_RLE:
        galp_rle_decode_vector(column->type, &info, &payload, dst);
        break;
    case GALP_SCHEME_DICT:
        galp_dict_decode_vector(column->type, &info, &payload, dst);
        break;
    case GALP_SCHEME_RUNS:
        galp_runs_decode_vector(column->type, &info, &payload, dst);
        break;
    case GALP_SCHEME_ALP:
    case GALP_SCHEME_GALP:
        galp_alp_decode_vector(column->type, column->flags, &info, &payload, dst);
        break;
    case GALP_SCHEME_ALP_RD:
        galp_alprd_decode_vector(column->type, column->flags, &info, &payload, dst);
        break;
    case GALP_SCHEME_GPU_FOR:
    case GALP_SCHEME_GPU_DFOR:
        galp_tile_for_decode_vector(&info, &payload, dst);
        break;
    case GALP_SCHEME_GPU_RFOR:
        galp_tile_rfor_decode_vector(&info, &payload, dst);
        break;
    default:
        galp_raw_decode_vector(column->type, &info, &payload, dst);
        break;
    }
    return payload.overrun ? GALP_ERR_PAYLOAD_SIZE : GALP_OK;
}

/* spec/format.md §5: vector v's m_v values at output index 1024·v. */
galp_status galp_column_decode(const galp_column *column, void *dst, size_t dst_capacity)
{
    if (check_fixed_width(column) != GALP_OK)
        return GALP_ERR_ARGUMENT;
    const size_t value_bytes = galp_type_size(column->type);
    if (column->value_count > dst_capacity / value_bytes)
        return GALP_ERR_DST_TOO_SMALL;
    if (dst == NULL && column->value_count > 0)
        return GALP_ERR_ARGUMENT;
    uint8_t *out = dst;
    for (uint32_t v = 0; v < column->vector_count; v++) {
        galp_status status =
            decode_vector(column, v, out + (size_t)v * GALP_VECTOR_SIZE * value_bytes);
        if (status != GALP_OK)
            return status;
    }
    return GALP_OK;
}

galp_status galp_column_decode_vector(const galp_column *column, uint32_t vector, void *dst,
                                      size_t dst_capacity)
{
    if (check_fixed_width(column) != GALP_OK || dst == NULL)
        return GALP_ERR_ARGUMENT;
    if (vector >= column->vector_count)
        return GALP_ERR_INDEX;
    const uint32_t m = galp_vector_values(column->value_count, vector);
    if ((size_t)m * galp_type_size(column->type) > dst_capacity)
        return GALP_ERR_DST_TOO_SMALL;
    return decode_vector(column, vector, dst);
}

/* O(1) for RAW, FFOR and DICT (spec/ffor.md §4, spec/fastlanes.md §4); DELTA and RLE sum at
 * most W steps of one lane's chain (spec/fastlanes.md §2, §3); RUNS walks the run lengths
 * before the index (spec/fastlanes.md §8); ALP, G-ALP and ALP_RD look the
 * index up among the vector's exceptions (spec/alp.md §5, spec/galp.md §1, spec/alprd.md §4);
 * the tile schemes walk at most the vector's blocks (GPU-FOR), deltas (GPU-DFOR) or runs
 * (GPU-RFOR) before it (spec/tile.md). */
galp_status galp_column_get(const galp_column *column, uint64_t index, void *value)
{
    if (check_fixed_width(column) != GALP_OK || value == NULL)
        return GALP_ERR_ARGUMENT;
    if (index >= column->value_count)
        return GALP_ERR_INDEX;
    const uint32_t vector = (uint32_t)(index / GALP_VECTOR_SIZE);
    const uint32_t slot = (uint32_t)(index % GALP_VECTOR_SIZE);
    galp_vector_info info;
    galp_reader payload = open_vector(column, vector, &info);
    const unsigned w = galp_type_bits(column->type);
    uint64_t unpacked;
    switch (info.scheme) {
    case GALP_SCHEME_FFOR:
        unpacked = galp_ffor_vector_get(w, &info, &payload, slot);
        galp_values_narrow(w / 8, &unpacked, 1, value);
        break;
    case GALP_SCHEME_DELTA:
        unpacked = galp_delta_vector_get(w, column->flags, &info, &payload, slot);
        galp_values_narrow(w / 8, &unpacked, 1, value);
        break;
    case GALP_SCHEME_RLE:
        unpacked = galp_rle_get(column->type, &info, &payload, slot);
        galp_values_narrow(w / 8, &unpacked, 1, value);
        break;
    case GALP_SCHEME_DICT:
        unpacked = galp_dict_get(column->type, &info, &payload, slot);
        galp_values_narrow(w / 8, &unpacked, 1, value);
        break;
    case GALP_SCHEME_RUNS:
        unpacked = galp_runs_get(&info, &payload, slot);
        galp_values_narrow(w / 8, &unpacked, 1, value);
        break;
    case GALP_SCHEME_ALP:
    case GALP_SCHEME_GALP:
        galp_alp_get(column->type, column->flags, &info, &payload, slot, value);
        break;
    case GALP_SCHEME_ALP_RD:
        galp_alprd_get(column->type, column->flags, &info, &payload, slot, value);
        break;
    case GALP_SCHEME_GPU_FOR:
    case GALP_SCHEME_GPU_DFOR:
        unpacked = galp_tile_for_get(&info, &payload, slot);
        galp_values_narrow(4, &unpacked, 1, value);
        break;
    case GALP_SCHEME_GPU_RFOR:
        unpacked = galp_tile_rfor_get(&payload, slot);
        galp_values_narrow(4, &unpacked, 1, value);
        break;
    default:
        galp_raw_get(column->type, &payload, slot, value);
        break;
    }
    return payload.overrun ? GALP_ERR_PAYLOAD_SIZE : GALP_OK;
}

/* spec/format.md §5: validate, then decode every vector. */
galp_status galp_decompress(const void *src, size_t src_len, void *dst, size_t dst_capacity,
                            uint64_t *value_count)
{
    if (value_count == NULL)
        return GALP_ERR_ARGUMENT;
    galp_column column;
    galp_status status = galp_open(&column, src, src_len);
    if (status != GALP_OK)
        return status;
    status = galp_column_decode(&column, dst, dst_capacity);
    if (status != GALP_OK)
        return status;
    *value_count = column.value_count;
    return GALP_OK;
}

/* value_count · W/8 of a valid file (spec/format.md §3.1, §6). */
galp_status galp_decompress_bound(const void *src, size_t src_len, size_t *decoded_size)
{
    if (decoded_size == NULL)
        return GALP_ERR_ARGUMENT;
    galp_column column;
    galp_status status = galp_open(&column, src, src_len);
    if (status != GALP_OK)
        return status;
    if (galp_type_size(column.type) == 0)
        return GALP_ERR_ARGUMENT; /* STR: galp_column_str_bytes */
    /* value_count <= 1024 · (2^32 − 1), so the product fits in 64 bits. */
    const uint64_t size = column.value_count * galp_type_size(column.type);
    if (size > SIZE_MAX)
        return GALP_ERR_TOO_LARGE;
    *decoded_size = (size_t)size;
    return GALP_OK;
}
