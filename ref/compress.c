/*
 * compress.c — the encoder driver: cuts the column into vectors, encodes each with the column
 * scheme or RAW, places the payloads and writes metadata and header (spec/format.md §3, §4).
 *
 * Each vector is first encoded with the column scheme into a scratch buffer; if that payload is
 * larger than the vector's RAW size it is replaced by RAW (spec/format.md §4.1), which is what
 * makes galp_compress_bound an upper bound. The scratch payload and the ALP encoder's working
 * memory are allocated once per call, off the stack (include/galp.h promises small stack use).
 */
#include <stdlib.h>
#include <string.h>

#include "galp_internal.h"

/* spec/format.md §4.1: 64 + 32·nv + Σ round16(m_v · W/8) + 256. Full vectors are 1024·W/8
 * bytes, already a multiple of 16, so only the last vector needs rounding. */
size_t galp_compress_bound(galp_type type, uint64_t n)
{
    const uint64_t bytes = galp_type_size(type);
    if (bytes == 0 || n > GALP_MAX_VALUE_COUNT)
        return 0;
    const uint64_t nv = galp_vector_count(n);
    uint64_t bound = GALP_HEADER_SIZE + GALP_VECTOR_ENTRY_SIZE * nv + GALP_TAIL_PADDING;
    if (nv > 0)
        bound += (nv - 1) * GALP_VECTOR_SIZE * bytes +
                 galp_round16(galp_vector_values(n, nv - 1) * bytes);
    return bound > SIZE_MAX ? 0 : (size_t)bound;
}

/* AUTO picks FFOR for integers and G-ALP for floats; any other request must be a scheme the
 * type allows (spec/format.md §2). */
static galp_status resolve_scheme(galp_type type, galp_scheme requested, galp_scheme *scheme)
{
    if (requested == GALP_SCHEME_AUTO)
        requested = galp_type_is_float(type) ? GALP_SCHEME_GALP : GALP_SCHEME_FFOR;
    if (!galp_scheme_allowed(type, requested))
        return GALP_ERR_ARGUMENT;
    *scheme = requested;
    return GALP_OK;
}

/* Memory reused by every vector of one galp_compress call. */
typedef struct encode_scratch {
    uint8_t *payload;        /* GALP_PAYLOAD_CAPACITY_MAX bytes: one vector's payload */
    galp_alp_workspace *alp; /* float columns of scheme ALP or GALP only */
} encode_scratch;

/* Encodes vector v (m values at `values`) into scratch->payload, filling `info`. */
static void encode_vector(galp_type type, galp_scheme scheme,
                          const galp_alp_candidates *candidates, const void *values, uint32_t m,
                          galp_vector_info *info, const encode_scratch *scratch)
{
    uint8_t *payload = scratch->payload;
    info->value_count = m;
    switch (scheme) {
    case GALP_SCHEME_FFOR:
        galp_ffor_encode_vector(type, values, m, info, payload);
        break;
    case GALP_SCHEME_ALP:
    case GALP_SCHEME_GALP:
        galp_alp_encode_vector(scratch->alp, type, scheme, candidates, values, m, info, payload);
        break;
    default:
        galp_raw_encode_vector(type, values, m, info, payload);
        return;
    }
    /* spec/format.md §4.1: never larger than RAW. */
    if (info->payload_size > (uint64_t)m * galp_type_size(type))
        galp_raw_encode_vector(type, values, m, info, payload);
}

/* Writes the column of n values into dst, the arguments checked by galp_compress. */
static galp_status write_column(galp_type type, galp_scheme scheme, const void *values,
                                uint64_t n, void *dst, size_t dst_capacity, size_t *dst_len,
                                const encode_scratch *scratch)
{
    const size_t value_bytes = galp_type_size(type);
    const uint32_t nv = (uint32_t)galp_vector_count(n);
    const uint64_t payload_offset = GALP_HEADER_SIZE + (uint64_t)GALP_VECTOR_ENTRY_SIZE * nv;
    if (payload_offset + GALP_TAIL_PADDING > dst_capacity)
        return GALP_ERR_DST_TOO_SMALL;

    uint8_t *file = dst;
    const uint8_t *input = values;
    galp_alp_candidates candidates = {0};
    uint64_t end = payload_offset; /* end of the last payload written */

    for (uint32_t v = 0; v < nv; v++) {
        const uint8_t *vector_values = input + (size_t)v * GALP_VECTOR_SIZE * value_bytes;
        const uint32_t m = galp_vector_values(n, v);
        /* Floats: first-level sampling once per row group (spec/alp.md). */
        if (galp_type_is_float(type) && scheme != GALP_SCHEME_RAW &&
            v % GALP_ALP_ROWGROUP_VECTORS == 0) {
            uint64_t rowgroup_values = n - (uint64_t)v * GALP_VECTOR_SIZE;
            const uint64_t rowgroup_max = (uint64_t)GALP_ALP_ROWGROUP_VECTORS * GALP_VECTOR_SIZE;
            if (rowgroup_values > rowgroup_max)
                rowgroup_values = rowgroup_max;
            galp_alp_sample_rowgroup(type, vector_values, rowgroup_values, &candidates);
        }

        galp_vector_info info;
        encode_vector(type, scheme, &candidates, vector_values, m, &info, scratch);

        /* §4: back to back, each at round16 of the previous end, zeros between. */
        info.payload_offset = galp_round16(end);
        if (info.payload_offset + info.payload_size + GALP_TAIL_PADDING > dst_capacity)
            return GALP_ERR_DST_TOO_SMALL;
        memset(file + end, 0, (size_t)(info.payload_offset - end));
        memcpy(file + info.payload_offset, scratch->payload, info.payload_size);
        end = info.payload_offset + info.payload_size;
        galp_container_write_entry(file, v, &info);
    }

    const uint64_t payload_end = galp_round16(end);
    if (payload_end + GALP_TAIL_PADDING > dst_capacity)
        return GALP_ERR_DST_TOO_SMALL;
    /* The padding up to payload_end and the 256-byte tail are zeros (§3.5). */
    memset(file + end, 0, (size_t)(payload_end + GALP_TAIL_PADDING - end));
    galp_container_write_header(file, type, scheme, n, payload_end);
    *dst_len = (size_t)(payload_end + GALP_TAIL_PADDING);
    return GALP_OK;
}

galp_status galp_compress(galp_type type, galp_scheme requested, const void *values, uint64_t n,
                          void *dst, size_t dst_capacity, size_t *dst_len)
{
    galp_scheme scheme;
    if (dst == NULL || dst_len == NULL || (values == NULL && n > 0) ||
        resolve_scheme(type, requested, &scheme) != GALP_OK)
        return GALP_ERR_ARGUMENT;
    if (n > GALP_MAX_VALUE_COUNT)
        return GALP_ERR_TOO_LARGE;

    const bool alp = scheme == GALP_SCHEME_ALP || scheme == GALP_SCHEME_GALP;
    encode_scratch scratch = {malloc(GALP_PAYLOAD_CAPACITY_MAX),
                              alp ? galp_alp_workspace_new() : NULL};
    galp_status status = GALP_ERR_NO_MEMORY;
    if (scratch.payload != NULL && (scratch.alp != NULL || !alp))
        status = write_column(type, scheme, values, n, dst, dst_capacity, dst_len, &scratch);
    galp_alp_workspace_free(scratch.alp);
    free(scratch.payload);
    return status;
}
