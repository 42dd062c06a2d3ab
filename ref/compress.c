/*
 * compress.c — the encoder driver: cuts the column into vectors, encodes each with the column
 * scheme or RAW, places the payloads and writes metadata and header (spec/format.md §3, §4).
 *
 * Each vector is first encoded into a scratch buffer with each scheme encode_choice.c names
 * (the column scheme, or for AUTO integer columns FFOR, DELTA, RLE and DICT; in an ALP or GALP
 * column also its companion ALP_RD), the smallest kept or replaced by RAW as encode_choice.c
 * decides (spec/format.md §4.1, spec/alprd.md §6.1). The scratch payloads and
 * the ALP encoder's working memory are allocated once per call, off the stack (include/galp.h
 * promises small stack use).
 */
#include <stdlib.h>
#include <string.h>

#include <galp/layout.h>

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

/* Memory reused by every vector of one galp_compress call. */
typedef struct encode_scratch {
    uint8_t *payload;        /* GALP_PAYLOAD_CAPACITY_MAX bytes: the payload kept so far */
    uint8_t *trial;          /* as large: the next try, when more than one scheme is tried or
                                ALP_RD is a choice */
    galp_alp_workspace *alp; /* float columns of scheme ALP or GALP only */
    galp_alprd_workspace *rd; /* columns with ALP_RD vectors */
    bool alprd;              /* ALP and GALP vectors may be ALP_RD (encode_choice.c) */
    galp_scheme tries[GALP_ENCODE_TRIES_MAX]; /* the schemes tried per vector (encode_choice.c) */
    unsigned try_count;
    uint32_t flags;          /* galp_compress_ex's: GALP_FLAG_COMPACT_GALP and
                              * GALP_FLAG_NARROW_LANE_ENDS pick G-ALP's and ALP_RD's layouts,
                              * GALP_FLAG_ALPRD_DICT_IN_ENTRY where ALP_RD's dictionary goes,
                              * GALP_FLAG_PACKED_LANE_BASES how DELTA's lane bases are stored,
                              * GALP_FLAG_RUNS_DELTA_VALUES and GALP_FLAG_RUNS_OFFSET_VALUES
                              * whether RUNS values may be delta-coded, and how,
                              * GALP_FLAG_PATCHED_FFOR whether FFOR vectors may have patches */
} encode_scratch;

/* Encodes m values with one scheme into `payload`, filling `info`. */
static void encode_with(galp_scheme scheme, galp_type type, const galp_alp_candidates *candidates,
                        const void *values, uint32_t m, galp_vector_info *info, uint8_t *payload,
                        const encode_scratch *scratch)
{
    info->value_count = m;
    switch (scheme) {
    case GALP_SCHEME_FFOR: galp_ffor_encode_vector(type, scratch->flags, values, m, info, payload); break;
    case GALP_SCHEME_DELTA: galp_delta_encode_vector(type, scratch->flags, values, m, info, payload); break;
    case GALP_SCHEME_RLE: galp_rle_encode_vector(type, values, m, info, payload); break;
    case GALP_SCHEME_DICT: galp_dict_encode_vector(type, values, m, info, payload); break;
    case GALP_SCHEME_RUNS: galp_runs_encode_vector(type, scratch->flags, values, m, info, payload); break;
    case GALP_SCHEME_ALP:
    case GALP_SCHEME_GALP:
        galp_alp_encode_vector(scratch->alp, type, scheme, scratch->flags, candidates, values, m, info,
                               payload);
        break;
    case GALP_SCHEME_ALP_RD:
        galp_alprd_encode_vector(scratch->rd, type, scratch->flags, values, m, info, payload);
        break;
    case GALP_SCHEME_GPU_FOR:
    case GALP_SCHEME_GPU_DFOR:
    case GALP_SCHEME_GPU_RFOR: galp_tile_encode_vector(scheme, values, m, info, payload); break;
    default: galp_raw_encode_vector(type, values, m, info, payload); break;
    }
}

/* A vector of a column whose ALP vectors may be ALP_RD instead: ALP, then ALP_RD where
 * encode_choice.c says so (spec/alprd.md §6.1), keeping the smaller in scratch->payload. */
static void encode_alp_or_rd(galp_type type, galp_scheme scheme,
                             const galp_alp_candidates *candidates, const void *values,
                             uint32_t m, galp_vector_info *info, const encode_scratch *scratch)
{
    encode_with(scheme, type, candidates, values, m, info, scratch->payload, scratch);
    if (!galp_encode_tries_alprd(type, candidates, m, info->payload_size))
        return;
    galp_vector_info rd = *info;
    galp_alprd_encode_vector(scratch->rd, type, scratch->flags, values, m, &rd, scratch->trial);
    if (galp_encode_keeps_alprd(rd.payload_size, info->payload_size)) {
        *info = rd;
        memcpy(scratch->payload, scratch->trial, rd.payload_size);
    }
}

/* Encodes vector v (m values at `values`) with each scheme tried (ALP or GALP with ALP_RD as
 * its companion), keeping the smallest in scratch->payload, or RAW (spec/format.md §4.1). */
static void encode_vector(galp_type type, const galp_alp_candidates *candidates,
                          const void *values, uint32_t m, galp_vector_info *info,
                          encode_scratch *scratch)
{
    const galp_scheme first = scratch->tries[0];
    if (scratch->alprd && (first == GALP_SCHEME_ALP || first == GALP_SCHEME_GALP))
        encode_alp_or_rd(type, first, candidates, values, m, info, scratch);
    else
        encode_with(first, type, candidates, values, m, info, scratch->payload, scratch);
    for (unsigned t = 1; t < scratch->try_count; t++) {
        galp_vector_info trial;
        encode_with(scratch->tries[t], type, candidates, values, m, &trial, scratch->trial,
                    scratch);
        if (trial.payload_size < info->payload_size) {
            uint8_t *kept = scratch->trial;
            scratch->trial = scratch->payload;
            scratch->payload = kept;
            *info = trial;
        }
    }
    if (info->scheme != GALP_SCHEME_RAW &&
        !galp_encode_keeps_payload(type, m, info->payload_size))
        galp_raw_encode_vector(type, values, m, info, scratch->payload);
}

/* Writes the column of n values into dst, the arguments checked by galp_compress_ex. */
static galp_status write_column(galp_type type, galp_scheme scheme, uint32_t flags,
                                const void *values, uint64_t n, void *dst, size_t dst_capacity,
                                size_t *dst_len, encode_scratch *scratch)
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
    uint32_t header_flags = flags & GALP_FLAG_PAYLOAD_CHECKSUMS;

    for (uint32_t v = 0; v < nv; v++) {
        const uint8_t *vector_values = input + (size_t)v * GALP_VECTOR_SIZE * value_bytes;
        const uint32_t m = galp_vector_values(n, v);
        const uint64_t rowgroup_values = galp_encode_rowgroup_values(type, scheme, n, v);
        if (rowgroup_values > 0)
            galp_alp_sample_rowgroup(type, vector_values, rowgroup_values, &candidates);

        galp_vector_info info;
        encode_vector(type, &candidates, vector_values, m, &info, scratch);
        /* spec/format.md §1.1: the compact flag only in a file that has a compact vector. */
        if (galp_layout_scheme(info.scheme, flags, info.exception_count) != info.scheme)
            header_flags |= GALP_FLAG_COMPACT_GALP;
        /* spec/galp.md §1.2: likewise the narrow flag only where a vector has u8 lane ends. */
        if (galp_layout_narrow_lane_ends(info.scheme, info.exception_count, flags))
            header_flags |= GALP_FLAG_NARROW_LANE_ENDS;
        /* spec/alprd.md §3.1: and the dictionary flag only where an ALP_RD vector uses it. */
        if (info.scheme == GALP_SCHEME_ALP_RD &&
            galp_layout_alprd_dict_in_entry(galp_type_bits(type), info.bit_width, info.exponent, flags))
            header_flags |= GALP_FLAG_ALPRD_DICT_IN_ENTRY;
        /* spec/fastlanes.md §2.3: the packed lane-base flag only where a DELTA vector has them. */
        if (info.scheme == GALP_SCHEME_DELTA && galp_layout_delta_packed_bases(flags))
            header_flags |= GALP_FLAG_PACKED_LANE_BASES;
        /* spec/fastlanes.md §8.5: the delta-coded RUNS flag only where a RUNS vector uses it. */
        if (info.scheme == GALP_SCHEME_RUNS && info.factor == GALP_LAYOUT_RUNS_DELTA_VALUES)
            header_flags |= GALP_FLAG_RUNS_DELTA_VALUES;
        /* spec/ffor.md §8.3: the patched-FFOR flag only where a FFOR vector has a patch. */
        if (info.scheme == GALP_SCHEME_FFOR && info.exception_count > 0)
            header_flags |= GALP_FLAG_PATCHED_FFOR;
        /* spec/fastlanes.md §8.6: the offset-coded RUNS flag only where a RUNS vector uses it. */
        if (info.scheme == GALP_SCHEME_RUNS && info.factor == GALP_LAYOUT_RUNS_OFFSET_VALUES)
            header_flags |= GALP_FLAG_RUNS_OFFSET_VALUES;
        /* spec/format.md §3.3: the CRC32C of exactly the payload_size bytes. */
        info.payload_checksum = (flags & GALP_FLAG_PAYLOAD_CHECKSUMS) != 0
                                    ? galp_crc32c(0, scratch->payload, info.payload_size)
                                    : 0;

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
    galp_container_write_header(file, type, scheme, n, header_flags, payload_end);
    *dst_len = (size_t)(payload_end + GALP_TAIL_PADDING);
    return GALP_OK;
}

galp_status galp_compress(galp_type type, galp_scheme requested, const void *values, uint64_t n,
                          void *dst, size_t dst_capacity, size_t *dst_len)
{
    return galp_compress_ex(type, requested,
                            GALP_FLAG_COMPACT_GALP | GALP_FLAG_NARROW_LANE_ENDS | GALP_FLAG_ALPRD_DICT_IN_ENTRY |
                                GALP_FLAG_PACKED_LANE_BASES | GALP_FLAG_RUNS_DELTA_VALUES |
                                GALP_FLAG_PATCHED_FFOR | GALP_FLAG_RUNS_OFFSET_VALUES,
                            values, n, dst, dst_capacity, dst_len);
}

galp_status galp_compress_ex(galp_type type, galp_scheme requested, uint32_t flags,
                             const void *values, uint64_t n, void *dst, size_t dst_capacity,
                             size_t *dst_len)
{
    galp_scheme scheme;
    if (dst == NULL || dst_len == NULL || (values == NULL && n > 0) ||
        (flags & ~GALP_FLAGS_ALL) != 0 ||
        galp_encode_scheme(type, requested, &scheme) != GALP_OK)
        return GALP_ERR_ARGUMENT;
    if (n > GALP_MAX_VALUE_COUNT)
        return GALP_ERR_TOO_LARGE;

    const bool alp = scheme == GALP_SCHEME_ALP || scheme == GALP_SCHEME_GALP;
    const bool alprd = galp_encode_alprd_companion(type, requested);
    const bool rd = alprd || scheme == GALP_SCHEME_ALP_RD;
    encode_scratch scratch = {malloc(GALP_PAYLOAD_CAPACITY_MAX), NULL,
                              alp ? galp_alp_workspace_new() : NULL,
                              rd ? galp_alprd_workspace_new() : NULL, alprd, {GALP_SCHEME_RAW}, 0, flags};
    scratch.try_count = galp_encode_vector_schemes(type, requested, scheme, scratch.tries);
    const bool trial = alprd || scratch.try_count > 1;
    if (trial)
        scratch.trial = malloc(GALP_PAYLOAD_CAPACITY_MAX);
    galp_status status = GALP_ERR_NO_MEMORY;
    if (scratch.payload != NULL && (scratch.trial != NULL || !trial) &&
        (scratch.alp != NULL || !alp) && (scratch.rd != NULL || !rd))
        status = write_column(type, scheme, flags, values, n, dst, dst_capacity, dst_len, &scratch);
    galp_alprd_workspace_free(scratch.rd);
    galp_alp_workspace_free(scratch.alp);
    free(scratch.trial);
    free(scratch.payload);
    return status;
}
