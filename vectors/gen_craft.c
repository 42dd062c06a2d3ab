/*
 * gen_craft.c — hand-built columns: a small, direct writer of spec/format.md §3-4.
 *
 * It serves the shapes the reference encoder never writes but every decoder must read:
 * 1024 exceptions, bases that wrap, every ALP bit width with arbitrary e and f, gaps between
 * payloads. The expected output is computed from the description with the decode rules of
 * spec/ffor.md §4 and spec/alp.md §4 (the same arithmetic helpers as the reference decoder;
 * the independently written Python decoder cross-checks both).
 */
#include <stdlib.h>
#include <string.h>

#include "alp_arith.h"
#include "bytes.h"
#include "galp_internal.h"
#include "gen_vectors.h"

static uint64_t round16(uint64_t x) { return (x + 15) & ~UINT64_C(15); }

/* spec/alp.md §4 steps 2-4 for one FOR-decoded integer u. */
static uint64_t alp_decode(galp_type type, uint64_t u, unsigned e, unsigned f)
{
    if (type == GALP_TYPE_F64)
        return galp_alp_decode64(u, galp_alp_fact64[f], galp_alp_frac64(e));
    return galp_alp_decode32((uint32_t)u, galp_alp_fact32[f], galp_alp_frac32(e));
}

/* The decoded values of one vector (spec/format.md §5). */
static void expected_values(galp_type type, const craft_vector *cv, gen_buf *out)
{
    const unsigned w = galp_type_bits(type);
    for (uint32_t i = 0; i < cv->m; i++) {
        uint64_t value;
        if (cv->scheme == GALP_SCHEME_RAW) {
            value = cv->slot[i];
        } else if (cv->scheme == GALP_SCHEME_ALP_RD) {
            /* spec/alprd.md §4: dict[code] << r | right; exceptions patch the left part. */
            uint64_t left = cv->dict[cv->code[i] % 8];
            for (unsigned j = 0; j < cv->exception_count; j++)
                if (cv->position[j] == i)
                    left = cv->exception[j];
            gen_buf_append_value(out, w / 8, left << cv->bit_width | cv->slot[i]);
            continue;
        } else {
            value = (cv->slot[i] + cv->base) & gen_mask(w);
            if (cv->scheme == GALP_SCHEME_FFOR) { /* spec/ffor.md §8.2: patches add h << b */
                for (unsigned j = 0; j < cv->exception_count; j++)
                    if (cv->position[j] == i)
                        value = (value + (cv->exception[j] << cv->bit_width)) & gen_mask(w);
                gen_buf_append_value(out, w / 8, value);
                continue;
            }
            value = alp_decode(type, value, cv->exponent, cv->factor);
        }
        for (unsigned j = 0; j < cv->exception_count; j++)
            if (cv->position[j] == i)
                value = cv->exception[j];
        gen_buf_append_value(out, w / 8, value);
    }
}

/* spec/galp.md §1: lane_end, then values and positions grouped by lane. The crafted
 * exceptions are in position order, so each lane's stay ascending. ALP_RD's exceptions are
 * the same with u16 left parts for values (`bytes` = 2, spec/alprd.md §3). */
static void append_galp_exceptions(galp_type type, const craft_vector *cv, unsigned bytes,
                                   gen_buf *payload)
{
    const unsigned lanes = galp_type_lanes(type);
    uint16_t order[GALP_VECTOR_SIZE];
    unsigned count = 0;
    for (unsigned lane = 0; lane < lanes; lane++) {
        for (unsigned j = 0; j < cv->exception_count; j++)
            if (cv->position[j] % lanes == lane)
                order[count++] = (uint16_t)j;
        gen_buf_append_value(payload, 2, count);
    }
    for (unsigned k = 0; k < count; k++)
        gen_buf_append_value(payload, bytes, cv->exception[order[k]]);
    for (unsigned k = 0; k < count; k++)
        gen_buf_append_value(payload, 2, cv->position[order[k]]);
}

/* spec/format.md §4 and the scheme documents: the payload of one vector. */
static void build_payload(galp_type type, const craft_vector *cv, gen_buf *payload)
{
    const unsigned w = galp_type_bits(type), bytes = w / 8;
    if (cv->scheme == GALP_SCHEME_RAW) {
        for (uint32_t i = 0; i < cv->m; i++)
            gen_buf_append_value(payload, bytes, cv->slot[i]);
        return;
    }
    uint8_t packed[128 * 64];
    uint64_t in[GALP_VECTOR_SIZE];
    if (cv->scheme == GALP_SCHEME_ALP_RD) {
        /* spec/alprd.md §3: dictionary, right parts and codes (base 0), exceptions by lane. */
        for (unsigned e = 0; e < 8; e++)
            gen_buf_append_value(payload, 2, cv->dict[e]);
        for (unsigned i = 0; i < GALP_VECTOR_SIZE; i++) {
            if (cv->slot[i] > gen_mask(cv->bit_width) || cv->code[i] > gen_mask(cv->exponent))
                gen_fail("crafted ALP_RD slot %u does not fit r = %u, k = %u", i, cv->bit_width,
                         cv->exponent);
            in[i] = cv->slot[i];
        }
        galp_ffor_pack(w, cv->bit_width, 0, in, packed);
        gen_buf_append(payload, packed, 128 * (size_t)cv->bit_width);
        for (unsigned i = 0; i < GALP_VECTOR_SIZE; i++)
            in[i] = cv->code[i];
        galp_ffor_pack(w, cv->exponent, 0, in, packed);
        gen_buf_append(payload, packed, 128 * (size_t)cv->exponent);
        if (cv->exception_count > 0)
            append_galp_exceptions(type, cv, 2, payload);
        return;
    }
    for (unsigned i = 0; i < GALP_VECTOR_SIZE; i++) {
        if (cv->slot[i] > gen_mask(cv->bit_width))
            gen_fail("crafted slot %u does not fit bit width %u", i, cv->bit_width);
        in[i] = (cv->slot[i] + cv->base) & gen_mask(w);
    }
    galp_ffor_pack(w, cv->bit_width, cv->base, in, packed);
    gen_buf_append(payload, packed, 128 * (size_t)cv->bit_width);
    if (cv->scheme == GALP_SCHEME_GALP) {
        append_galp_exceptions(type, cv, bytes, payload);
    } else if (cv->scheme == GALP_SCHEME_ALP || cv->scheme == GALP_SCHEME_FFOR) {
        /* spec/alp.md §2; a patched FFOR vector's patches take the same layout
         * (spec/ffor.md §8.1), with the high bits of the deltas as values */
        for (unsigned j = 0; j < cv->exception_count; j++)
            gen_buf_append_value(payload, bytes, cv->exception[j]);
        for (unsigned j = 0; j < cv->exception_count; j++)
            gen_buf_append_value(payload, 2, cv->position[j]);
    }
}

/* spec/format.md §3.3 */
static void write_entry(uint8_t *entry, const craft_vector *cv, uint64_t offset, uint64_t size)
{
    memset(entry, 0, GALP_VECTOR_ENTRY_SIZE);
    galp_store_u64(entry, offset);
    galp_store_u64(entry + 8, cv->base);
    galp_store_u32(entry + 16, (uint32_t)size);
    galp_store_u16(entry + 20, cv->exception_count);
    entry[22] = (uint8_t)cv->scheme;
    entry[23] = (uint8_t)cv->bit_width;
    entry[24] = (uint8_t)cv->exponent;
    entry[25] = (uint8_t)cv->factor;
}

gen_vector *gen_crafted(gen_set *set, const char *name, galp_type type, galp_scheme scheme,
                        uint64_t n, const craft_vector *vectors, const char *description)
{
    gen_vector *vec = gen_set_add(set, name, GALP_OK, type, scheme, description);
    const uint32_t nv = (uint32_t)((n + GALP_VECTOR_SIZE - 1) / GALP_VECTOR_SIZE);
    const uint64_t payload_offset = GEN_ENTRY(nv);
    uint8_t *table = calloc(nv ? nv : 1, GALP_VECTOR_ENTRY_SIZE);
    gen_buf payloads = {0};
    if (!table)
        gen_fail("out of memory");
    for (uint32_t v = 0; v < nv; v++) {
        const craft_vector *cv = &vectors[v];
        uint64_t m = n - (uint64_t)v * GALP_VECTOR_SIZE;
        if (cv->m != (m < GALP_VECTOR_SIZE ? m : GALP_VECTOR_SIZE))
            gen_fail("%s: vector %u has m = %u", name, v, cv->m);
        /* spec/format.md §4: back to back at 16-byte boundaries, plus any requested gap. */
        static const uint8_t zeros[16];
        while (payloads.len % 16)
            gen_buf_append(&payloads, zeros, 1);
        for (uint32_t g = 0; g < cv->gap; g++)
            gen_buf_append(&payloads, zeros, 1);
        size_t start = payloads.len;
        build_payload(type, cv, &payloads);
        write_entry(table + (size_t)v * GALP_VECTOR_ENTRY_SIZE, cv, payload_offset + start,
                    payloads.len - start);
        expected_values(type, cv, &vec->out);
    }
    const uint64_t payload_end = payload_offset + round16(payloads.len);
    /* Crafted files have no payload checksums: version 1.0, or 1.2 with ALP_RD, or 1.8 with
     * flag bit 9 where a FFOR vector has patches (spec/format.md §1.1). */
    unsigned minor = galp_scheme_version_minor(scheme);
    uint32_t flags = 0;
    for (uint32_t v = 0; v < nv; v++) {
        if (galp_scheme_version_minor(vectors[v].scheme) > minor)
            minor = galp_scheme_version_minor(vectors[v].scheme);
        if (vectors[v].scheme == GALP_SCHEME_FFOR && vectors[v].exception_count > 0)
            flags = GALP_FLAG_PATCHED_FFOR;
    }
    minor = flags != 0 ? 8u : minor;
    uint8_t header[GALP_HEADER_SIZE] = {'G', 'A', 'L', 'P', GALP_VERSION_MAJOR,
                                        (uint8_t)minor, (uint8_t)type, (uint8_t)scheme};
    galp_store_u32(header + 20, flags);
    galp_store_u64(header + 8, n);
    galp_store_u32(header + 16, nv);
    galp_store_u64(header + 24, GALP_HEADER_SIZE);
    galp_store_u64(header + 32, payload_offset);
    galp_store_u64(header + 40, payload_end);
    galp_store_u64(header + 48, payload_end + GALP_TAIL_PADDING);
    gen_buf_append(&vec->file, header, sizeof header);
    gen_buf_append(&vec->file, table, (size_t)nv * GALP_VECTOR_ENTRY_SIZE);
    gen_buf_append(&vec->file, payloads.data, payloads.len);
    static const uint8_t tail[GALP_TAIL_PADDING + 16];
    gen_buf_append(&vec->file, tail, payload_end - payload_offset - payloads.len +
                                         GALP_TAIL_PADDING);
    gen_fix_checksum(&vec->file);
    gen_buf_free(&payloads);
    free(table);
    return vec;
}

void gen_fix_checksum(gen_buf *file)
{
    /* spec/format.md §3.4: header bytes 0-59, then the metadata table. The vector count is
     * the header's own (an invalid vector may have changed it); the table is cut at the end
     * of the buffer. */
    if (file->len < GALP_HEADER_SIZE)
        gen_fail("checksum of a file shorter than its header");
    uint64_t table = (uint64_t)galp_load_u32(file->data + 16) * GALP_VECTOR_ENTRY_SIZE;
    if (table > file->len - GALP_HEADER_SIZE)
        table = file->len - GALP_HEADER_SIZE;
    uint32_t crc = galp_crc32c(0, file->data, 60);
    crc = galp_crc32c(crc, file->data + GALP_HEADER_SIZE, (size_t)table);
    galp_store_u32(file->data + 60, crc);
}

static void check_span(const gen_vector *vec, size_t at, unsigned bytes)
{
    if (bytes > 8 || at > vec->file.len || bytes > vec->file.len - at)
        gen_fail("%s: %u bytes at %zu beyond the file", vec->name, bytes, at);
}

uint64_t gen_get(const gen_vector *vec, size_t at, unsigned bytes)
{
    check_span(vec, at, bytes);
    uint8_t le[8] = {0};
    memcpy(le, vec->file.data + at, bytes);
    return galp_load_u64(le);
}

void gen_put(gen_vector *vec, size_t at, unsigned bytes, uint64_t value)
{
    check_span(vec, at, bytes);
    uint8_t le[8];
    galp_store_u64(le, value);
    memcpy(vec->file.data + at, le, bytes);
}
