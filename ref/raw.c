/*
 * raw.c — RAW vector payloads: the m values, each as its W/8 little-endian bytes
 * (spec/format.md §4.2). Every scheme falls back to RAW when it would need more bytes (§4.1).
 */
#include "bytes.h"
#include "galp_internal.h"

/* spec/format.md §4.2: the m values, W/8 little-endian bytes each. */
void galp_raw_encode_vector(galp_type type, const void *values, uint32_t m,
                            galp_vector_info *info, uint8_t *payload)
{
    const unsigned bytes = (unsigned)galp_type_size(type);
    uint64_t in[GALP_VECTOR_SIZE];
    galp_values_widen(bytes, values, m, in);
    for (uint32_t i = 0; i < m; i++)
        galp_store_le(bytes, payload + (size_t)i * bytes, in[i]);

    /* §4.2: every parameter of a RAW vector is zero. */
    info->scheme = GALP_SCHEME_RAW;
    info->bit_width = 0;
    info->base = 0;
    info->exponent = 0;
    info->factor = 0;
    info->exception_count = 0;
    info->payload_size = m * bytes;
}

/* spec/format.md §4.2, read back. */
void galp_raw_decode_vector(galp_type type, const galp_vector_info *info, galp_reader *payload,
                            void *dst)
{
    const unsigned bytes = (unsigned)galp_type_size(type);
    uint64_t out[GALP_VECTOR_SIZE];
    for (uint32_t i = 0; i < info->value_count; i++)
        out[i] = galp_read_le(payload, (uint64_t)i * bytes, bytes);
    galp_values_narrow(bytes, out, info->value_count, dst);
}

/* Value `index` alone, at byte index·W/8 (spec/format.md §4.2). */
void galp_raw_get(galp_type type, galp_reader *payload, uint32_t index, void *value)
{
    const unsigned bytes = (unsigned)galp_type_size(type);
    uint64_t v = galp_read_le(payload, (uint64_t)index * bytes, bytes);
    galp_values_narrow(bytes, &v, 1, value);
}
