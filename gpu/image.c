/*
 * gpu/image.c — the device image of a column: the file, rewritten where the device decodes a
 * vector differently from how the file stores it; and its shape: the size of its largest
 * vector as the kernels stage it, whether it has vectors that the scans count on their own
 * paths, how many of its vectors are constants and how many have packed integers whose value
 * is not a monotone function of them.
 *
 * The device decodes RAW, FFOR, G-ALP, FastLanes DELTA, RLE and DICT vectors
 * (spec/fastlanes.md, gpu/fastlanes.cu) and ALP_RD vectors (spec/alprd.md, gpu/alprd.cu), the
 * last four as stored. An ALP-layout vector becomes G-ALP:
 * spec/galp.md §3, a G-ALP vector decodes to exactly what the ALP vector holding the same
 * exceptions decodes to, so regrouping the exceptions by lane (galp_convert_payload) changes
 * nothing a reader can observe. A vector of any other scheme (those that have no device
 * decoder in the scans yet) is decoded by the reference and stored RAW, which every column
 * admits (spec/format.md §2): every valid file decodes and scans on the device, the vectors
 * of such schemes at the cost of their decoded size. The image is itself a valid galp file
 * (same placement rules, recomputed payload_end, file_size, payload checksums and checksum),
 * so galp_open can check it, and the shape and value table are read from it. The image of an
 * ALP column is compact (spec/galp.md §1.1), as galp_compress would write the column as G-ALP.
 * The kernels read u16 lane ends only: a vector with narrow (u8) lane ends (spec/galp.md §1.2)
 * is rewritten with u16 ones, and the image has no GALP_FLAG_NARROW_LANE_ENDS. Likewise they
 * read an ALP_RD dictionary from the payload's 16-byte head: a vector whose dictionary is in
 * its entry (spec/alprd.md §3.1) is rewritten with the head restored and base 0, and the
 * image has no GALP_FLAG_ALPRD_DICT_IN_ENTRY. And they read a DELTA vector's 128 bytes of lane
 * bases: a vector with packed lane bases (spec/fastlanes.md §2.3) is rewritten with them
 * unpacked and exponent 0, and the image has no GALP_FLAG_PACKED_LANE_BASES. A FFOR vector with
 * patches (spec/ffor.md §8) stays as stored, and the flag with it: its column goes to the
 * kernels of gpu/fastlanes.cu, which add the patches (galp_gpu_image_vector_schemes).
 *
 * spec/alp.md §5 leaves the packed integer under an exception free: no decoder reads it. The
 * image fixes it: every exception slot of a G-ALP vector holds the vector's fill, the packed
 * integer of its lowest-index slot that is not an exception (0 when every slot is one), which
 * is what the reference encoder writes. The scans count and sum every slot's packed integer
 * and then take the exception slots' share back in one step (gpu/kernels.h). A file whose
 * exception slots hold anything else is copied and fixed; any other file whose vectors the
 * device decodes as stored is its own image.
 */
#include <stdlib.h>
#include <string.h>

#include <galp/layout.h>

#include "alp_constants.h"
#include "bytes.h"
#include "galp_internal.h"
#include "galp_layout.h"
#include "image.h"

/* Field offsets of spec/format.md §3.1 and §3.3. */
enum {
    HDR_VERSION_MINOR = 5,
    HDR_SCHEME = 7,
    HDR_FLAGS = 20,
    HDR_PAYLOAD_END = 40,
    HDR_FILE_SIZE = 48,
    ENT_PAYLOAD_OFFSET = 0,
    ENT_BASE = 8,
    ENT_PAYLOAD_SIZE = 16,
    ENT_SCHEME = 22,
    ENT_EXPONENT = 24,
    ENT_PAYLOAD_CHECKSUM = 28
};

/* The scheme a vector has in the image: ALP becomes G-ALP, FastLanes DELTA, RLE, DICT and RUNS
 * stay (gpu/fastlanes.cu decodes them), a scheme without a device decoder becomes RAW. */
static galp_scheme image_scheme(galp_scheme scheme)
{
    switch (scheme) {
    case GALP_SCHEME_RAW:
    case GALP_SCHEME_FFOR:
    case GALP_SCHEME_GALP:
    case GALP_SCHEME_DELTA:
    case GALP_SCHEME_RLE:
    case GALP_SCHEME_DICT:
    case GALP_SCHEME_RUNS:
    case GALP_SCHEME_ALP_RD: return scheme;
    case GALP_SCHEME_ALP: return GALP_SCHEME_GALP;
    default: return GALP_SCHEME_RAW;
    }
}

/* The image's column scheme: the device's scheme for the type where the file's has vectors of
 * its own the device does not decode (spec/format.md §2: RAW vectors are allowed in both). */
static galp_scheme image_column_scheme(const galp_column *col)
{
    const galp_scheme s = image_scheme(col->scheme);
    if (s != GALP_SCHEME_RAW || col->scheme == GALP_SCHEME_RAW)
        return s;
    return galp_type_is_float(col->type) ? GALP_SCHEME_GALP : GALP_SCHEME_FFOR;
}

/* The header flags of the image: an ALP column's image is compact G-ALP (spec/galp.md §1.1)
 * where it has a vector without exceptions; any other column's are its own, less narrow lane
 * ends (spec/galp.md §1.2), ALP_RD dictionaries in the entry (spec/alprd.md §3.1) and packed
 * DELTA lane bases (spec/fastlanes.md §2.3). */
static uint32_t image_flags(const galp_column *col)
{
    uint32_t flags = col->flags &
                     ~(GALP_FLAG_NARROW_LANE_ENDS | GALP_FLAG_ALPRD_DICT_IN_ENTRY | GALP_FLAG_PACKED_LANE_BASES);
    galp_vector_info info;
    for (uint32_t v = 0; col->scheme == GALP_SCHEME_ALP && v < col->vector_count; v++) {
        galp_vector_info_get(col, v, &info); /* cannot fail: the column is valid */
        if (info.scheme == GALP_SCHEME_ALP && info.exception_count == 0)
            flags |= GALP_FLAG_COMPACT_GALP;
    }
    return flags;
}

/* Payload size of vector info in the image of header `flags` (spec/format.md §4). */
static uint64_t image_payload_size(const galp_column *col, uint32_t flags, const galp_vector_info *info)
{
    const galp_scheme s = image_scheme(info->scheme);
    const unsigned w = galp_type_bits(col->type);
    const uint32_t c = info->exception_count;
    switch (s) {
    case GALP_SCHEME_GALP:
        return galp_layout_payload_bytes(galp_layout_scheme(GALP_SCHEME_GALP, flags, c), w, info->bit_width, c,
                                         info->value_count, flags);
    case GALP_SCHEME_ALP_RD: return galp_layout_alprd_payload_bytes(w, info->bit_width, info->exponent, c, flags);
    case GALP_SCHEME_RAW: return galp_layout_payload_bytes(GALP_SCHEME_RAW, w, 0, 0, info->value_count, flags);
    case GALP_SCHEME_DELTA: return galp_layout_delta_payload_bytes(w, info->bit_width, 0, flags);
    default: return info->payload_size; /* FFOR, RLE and DICT: as stored */
    }
}

/* Bytes a pipeline may stage for a vector of the image: its payload, and for a G-ALP vector
 * without exceptions a lane table even where it has none (vector_pipeline's payload_bytes
 * counts one; the bytes after a payload are readable, spec/format.md §3.5). */
static uint64_t image_staged_size(const galp_column *col, uint32_t flags, const galp_vector_info *info)
{
    if (image_scheme(info->scheme) != GALP_SCHEME_GALP)
        return image_payload_size(col, flags, info);
    return galp_layout_payload_bytes(GALP_SCHEME_GALP, galp_type_bits(col->type), info->bit_width,
                                     info->exception_count, info->value_count, flags);
}

/* Whether the image is the file with at most its exception slots changed. */
static int stored_as_decoded(const galp_column *col)
{
    if (image_column_scheme(col) != col->scheme || image_flags(col) != col->flags)
        return 0;
    galp_vector_info info;
    for (uint32_t v = 0; v < col->vector_count; v++) {
        galp_vector_info_get(col, v, &info); /* cannot fail: the column is valid */
        if (image_scheme(info.scheme) != info.scheme)
            return 0;
    }
    return 1;
}

/* The image's column scheme (gpu/image.h). */
galp_scheme galp_gpu_image_scheme(const galp_column *col)
{
    return image_column_scheme(col);
}

/* Whether every packed integer 0 ... 2^b - 1 (b <= 32) of an ALP or G-ALP vector is safe:
 * base + p and (base + p)·FACT[f] in the signed W-bit range, the test of the device's
 * safe_range (galp/device/pushdown.cuh) for the whole range. */
static int packed_range_safe(const galp_column *col, const galp_vector_info *info)
{
    const int f64 = galp_type_bits(col->type) == 64;
    const uint64_t fact = f64 ? galp_alp_fact64[info->factor] : galp_alp_fact32[info->factor];
    const uint64_t largest = f64 ? (uint64_t)INT64_MAX : (uint64_t)INT32_MAX;
    const uint64_t up = largest / fact, down = (largest + 1u) / fact; /* -down <= base + p <= up */
    const int64_t base = f64 ? (int64_t)info->base : (int64_t)(int32_t)(uint32_t)info->base;
    const uint64_t max_p = ((uint64_t)1 << info->bit_width) - 1u;
    if (base < 0 ? 0u - (uint64_t)base > down : (uint64_t)base > up)
        return 0;
    return max_p <= up - (uint64_t)base; /* up - base: no wrap, both below 2^63 in size */
}

galp_gpu_shape galp_gpu_image_shape(const galp_column *col)
{
    const uint32_t raw = galp_layout_payload_bytes(GALP_SCHEME_RAW, galp_type_bits(col->type), 0, 0,
                                                   GALP_VECTOR_SIZE, 0);
    const uint32_t flags = image_flags(col);
    galp_gpu_shape shape = {128, 0, 0, 0, 0, 0, 0};
    galp_vector_info info;
    for (uint32_t v = 0; v < col->vector_count; v++) {
        galp_vector_info_get(col, v, &info); /* cannot fail: the column is valid */
        const uint64_t need = info.scheme == GALP_SCHEME_RAW ? raw : image_payload_size(col, flags, &info);
        const uint64_t staged = info.scheme == GALP_SCHEME_RAW ? raw : image_staged_size(col, flags, &info);
        shape.largest_vector = staged > shape.largest_vector ? (uint32_t)staged : shape.largest_vector;
        shape.payload_bytes += need;
        if (info.scheme == GALP_SCHEME_ALP_RD)
            continue; /* decoded by gpu/alprd.cu's own kernels, by none of the paths counted below */
        if (info.scheme == GALP_SCHEME_RAW || info.bit_width > 32) {
            shape.wide_or_raw = 1;
        } else {
            /* FFOR has no exceptions; a column with patched FFOR vectors goes to gpu/fastlanes.cu,
             * which takes only the largest vector from the shape */
            shape.constant_vectors += info.bit_width == 0;
            if (info.bit_width == 0 && info.exception_count > shape.constant_exceptions)
                shape.constant_exceptions = info.exception_count;
            if (info.scheme != GALP_SCHEME_FFOR) /* G-ALP in the image */
                shape.partly_safe_vectors += !packed_range_safe(col, &info);
        }
    }
    return shape;
}

/* A reader over the G-ALP payload at p of the vector of `info` (ALP or G-ALP in the file), as
 * the image holds it: u16 lane ends. */
static galp_reader galp_payload(const uint8_t *p, unsigned w, const galp_vector_info *info)
{
    return galp_reader_of(p, galp_layout_payload_bytes(GALP_SCHEME_GALP, w, info->bit_width,
                                                       info->exception_count, info->value_count, 0));
}

/* Exception j's slot in a G-ALP payload of c exceptions of W-bit values (spec/galp.md §1). */
static unsigned exception_slot(galp_reader *p, unsigned w, const galp_vector_info *info, uint32_t j)
{
    const uint32_t positions =
        galp_layout_positions_offset(GALP_SCHEME_GALP, w, info->bit_width, info->exception_count, 0);
    return galp_read_u16(p, positions + 2u * j) % GALP_VECTOR_SIZE;
}

/* The fill of a G-ALP vector whose payload is at `at`, into *fill; whether every exception slot
 * already holds it. */
static int exception_slots_hold_fill(unsigned w, const galp_vector_info *info, const uint8_t *at, uint64_t *fill)
{
    galp_reader payload = galp_payload(at, w, info);
    galp_reader *p = &payload;
    const uint32_t c = info->exception_count;
    const unsigned b = info->bit_width;
    *fill = 0;
    if (c == 0 || b == 0) /* no exception, or every packed integer is 0 */
        return 1;
    uint64_t taken[GALP_VECTOR_SIZE / 64] = {0};
    for (uint32_t j = 0; j < c; j++) {
        const unsigned s = exception_slot(p, w, info, j);
        taken[s / 64u] |= (uint64_t)1 << (s % 64u);
    }
    unsigned first = 0; /* the lowest slot that is not an exception */
    while (first < GALP_VECTOR_SIZE && (taken[first / 64u] >> (first % 64u) & 1u))
        first++;
    if (first < info->value_count)
        *fill = galp_ffor_get(w, b, 0, p, first);
    for (uint32_t j = 0; j < c; j++)
        if (galp_ffor_get(w, b, 0, p, exception_slot(p, w, info, j)) != *fill)
            return 0;
    return 1;
}

/* Writes `fill` into every exception slot of a G-ALP vector whose payload is at p. */
static void fill_exception_slots(unsigned w, const galp_vector_info *info, uint8_t *p, uint64_t fill)
{
    galp_reader payload = galp_payload(p, w, info);
    uint64_t packed[GALP_VECTOR_SIZE];
    galp_ffor_unpack(w, info->bit_width, 0, &payload, packed);
    for (uint32_t j = 0; j < info->exception_count; j++)
        packed[exception_slot(&payload, w, info, j)] = fill;
    galp_ffor_pack(w, info->bit_width, 0, packed, p);
}

/* Whether every G-ALP vector of the validated column `col` holds its fill in its exception
 * slots; with `fix` (a copy of the file), makes them do so there. */
static int fills_in_place(const galp_column *col, uint8_t *fix)
{
    const unsigned w = galp_type_bits(col->type);
    galp_vector_info info;
    int all = 1;
    for (uint32_t v = 0; v < col->vector_count; v++) {
        galp_vector_info_get(col, v, &info); /* cannot fail: the column is valid */
        uint64_t fill;
        if (info.scheme != GALP_SCHEME_GALP ||
            exception_slots_hold_fill(w, &info, col->data + info.payload_offset, &fill))
            continue;
        all = 0;
        if (fix == NULL)
            return 0;
        fill_exception_slots(w, &info, fix + info.payload_offset, fill);
    }
    return all;
}

/* After payloads of an image were rewritten: their checksums, if the column has them
 * (spec/format.md §3.4), then the header checksum over the new table. */
static void seal_image(const galp_column *col, uint8_t *out)
{
    const size_t table = (size_t)GALP_VECTOR_ENTRY_SIZE * col->vector_count;
    for (size_t at = 0; (col->flags & GALP_FLAG_PAYLOAD_CHECKSUMS) != 0 && at < table;
         at += GALP_VECTOR_ENTRY_SIZE) {
        uint8_t *entry = out + GALP_HEADER_SIZE + at;
        galp_store_u32(entry + ENT_PAYLOAD_CHECKSUM,
                       galp_crc32c(0, out + galp_load_u64(entry + ENT_PAYLOAD_OFFSET),
                                   galp_load_u32(entry + ENT_PAYLOAD_SIZE)));
    }
    galp_container_write_checksum(out, col->vector_count);
}

/* Vector v of col decoded by the reference into `out` as a RAW payload (spec/format.md §4.2:
 * the values' little-endian bytes, which is how this little-endian host holds them), and its
 * entry made a RAW entry: every parameter 0 (§4.2). */
static galp_status store_raw(const galp_column *col, uint32_t v, const galp_vector_info *info, uint8_t *entry,
                             uint8_t *out)
{
    const uint64_t size = image_payload_size(col, col->flags, info); /* RAW: no flag matters */
    const galp_status st = galp_column_decode_vector(col, v, out, (size_t)size);
    if (st != GALP_OK)
        return st;
    memset(entry + ENT_BASE, 0, GALP_VECTOR_ENTRY_SIZE - ENT_BASE);
    galp_store_u32(entry + ENT_PAYLOAD_SIZE, (uint32_t)size);
    entry[ENT_SCHEME] = GALP_SCHEME_RAW;
    return GALP_OK;
}

/* Whether the kernels read an ALP_RD vector of a file with header `flags` other than as stored:
 * its lane ends are u8 (spec/galp.md §1.2) or its dictionary is in its entry
 * (spec/alprd.md §3.1). */
static int alprd_rewritten(unsigned w, const galp_vector_info *info, uint32_t flags)
{
    return galp_layout_narrow_lane_ends(info->scheme, info->exception_count, flags) ||
           galp_layout_alprd_dict_in_entry(w, info->bit_width, info->exponent, flags);
}

/* The ALP_RD payload at src of a file with header from_flags as the kernels read it at dst: the
 * 16-byte dictionary head (unpacked from base where the dictionary is there, entries 2^k … 7
 * zero), u16 lane ends (spec/alprd.md §3, §3.1, spec/galp.md §1.2); the right parts and codes
 * and the 4·c bytes of left parts and positions are copied. Returns the new size. */
static uint32_t restore_alprd(unsigned w, const galp_vector_info *info, uint32_t from_flags, const uint8_t *src,
                              uint8_t *dst)
{
    const uint32_t r = info->bit_width, k = info->exponent, c = info->exception_count;
    const uint32_t head = galp_layout_alprd_head_bytes(w, r, k, from_flags);
    const uint32_t table = galp_layout_alprd_lane_end_offset(r, k);
    const uint32_t from_table = galp_layout_alprd_lane_end_at(w, r, k, from_flags);
    const unsigned from = galp_layout_lane_end_width(from_flags, c);
    for (unsigned e = 0; head == 0 && e < GALP_LAYOUT_ALPRD_DICT_ENTRIES; e++)
        galp_store_u16(dst + 2u * e,
                       e < (1u << k) ? (uint16_t)galp_layout_alprd_dict_entry(w, r, info->base, e) : 0u);
    memcpy(dst + GALP_LAYOUT_ALPRD_DICT_BYTES - head, src, from_table);
    for (unsigned l = 0; c > 0 && l < galp_layout_lanes(w); l++)
        galp_store_u16(dst + table + 2u * l, (uint16_t)galp_load_le(from, src + from_table + from * l));
    memcpy(dst + galp_layout_alprd_lefts_offset(w, r, k, c, 0),
           src + galp_layout_alprd_lefts_offset(w, r, k, c, from_flags), 4u * c);
    return galp_layout_alprd_payload_bytes(w, r, k, c, 0);
}

/* A copy of the file of a column without ALP vectors, exception slots filled. */
static galp_status fixed_copy(const galp_column *col, uint8_t **image, size_t *image_size)
{
    uint8_t *out = malloc(col->size);
    if (out == NULL)
        return GALP_ERR_NO_MEMORY;
    memcpy(out, col->data, col->size);
    fills_in_place(col, out);
    seal_image(col, out);
    *image = out;
    *image_size = col->size;
    return GALP_OK;
}

galp_status galp_gpu_image_build(const galp_column *col, uint8_t **image, size_t *image_size)
{
    *image = NULL;
    *image_size = 0;
    if (stored_as_decoded(col))
        return fills_in_place(col, NULL) ? GALP_OK : fixed_copy(col, image, image_size);
    const uint64_t table_end = GALP_HEADER_SIZE + (uint64_t)GALP_VECTOR_ENTRY_SIZE * col->vector_count;
    const uint32_t flags = image_flags(col);
    galp_vector_info info;

    uint64_t end = table_end;
    for (uint32_t v = 0; v < col->vector_count; v++) {
        galp_status st = galp_vector_info_get(col, v, &info);
        if (st != GALP_OK)
            return st;
        end = galp_round16(end) + image_payload_size(col, flags, &info);
    }
    const uint64_t payload_end = galp_round16(end);
    const uint64_t file_size = payload_end + GALP_TAIL_PADDING;
    if (file_size > SIZE_MAX)
        return GALP_ERR_TOO_LARGE;

    uint8_t *out = calloc(1, (size_t)file_size);
    if (out == NULL)
        return GALP_ERR_NO_MEMORY;
    memcpy(out, col->data, (size_t)table_end);
    out[HDR_SCHEME] = (uint8_t)image_column_scheme(col);
    if (flags != col->flags) { /* compact, no longer narrow, with ALP_RD dictionaries in the
                                * entry or packed DELTA lane bases: version 1.2
                                * (spec/format.md §1.1, §3.1) */
        galp_store_u32(out + HDR_FLAGS, flags);
        if ((flags & GALP_FLAG_COMPACT_GALP) != 0 || out[HDR_VERSION_MINOR] > 2)
            out[HDR_VERSION_MINOR] = 2;
    }
    galp_store_u64(out + HDR_PAYLOAD_END, payload_end);
    galp_store_u64(out + HDR_FILE_SIZE, file_size);

    const unsigned w = galp_type_bits(col->type);
    uint64_t at = table_end;
    for (uint32_t v = 0; v < col->vector_count; v++) {
        uint8_t *entry = out + GALP_HEADER_SIZE + (size_t)GALP_VECTOR_ENTRY_SIZE * v;
        galp_vector_info_get(col, v, &info); /* succeeded in the first pass */
        const uint8_t *src = col->data + info.payload_offset;
        at = galp_round16(at);
        galp_store_u64(entry + ENT_PAYLOAD_OFFSET, at);
        const uint32_t c = info.exception_count;
        if (info.scheme == GALP_SCHEME_ALP ||
            (info.scheme == GALP_SCHEME_GALP && galp_layout_narrow_lane_ends(info.scheme, c, col->flags))) {
            galp_reader payload = galp_reader_of(src, info.payload_size);
            const galp_scheme layout = galp_layout_scheme(GALP_SCHEME_GALP, flags, c);
            size_t size = galp_convert_payload(galp_layout_scheme(info.scheme, col->flags, c), col->flags, layout,
                                               flags, w, info.bit_width, c, &payload, out + at);
            uint64_t fill;
            if (!exception_slots_hold_fill(w, &info, out + at, &fill))
                fill_exception_slots(w, &info, out + at, fill);
            entry[ENT_SCHEME] = GALP_SCHEME_GALP;
            galp_store_u32(entry + ENT_PAYLOAD_SIZE, (uint32_t)size);
            at += size;
        } else if (image_scheme(info.scheme) == GALP_SCHEME_RAW && info.scheme != GALP_SCHEME_RAW) {
            const galp_status st = store_raw(col, v, &info, entry, out + at);
            if (st != GALP_OK) {
                free(out);
                return st;
            }
            at += image_payload_size(col, flags, &info);
        } else if (info.scheme == GALP_SCHEME_DELTA && galp_layout_delta_packed_bases(col->flags)) {
            /* spec/fastlanes.md §2.3 -> §2.1: the kernels read 128 bytes of lane bases */
            galp_reader payload = galp_reader_of(src, info.payload_size);
            const uint32_t size = galp_delta_plain_payload(w, col->flags, &info, &payload, out + at);
            entry[ENT_EXPONENT] = 0;
            galp_store_u32(entry + ENT_PAYLOAD_SIZE, size);
            at += size;
        } else if (info.scheme == GALP_SCHEME_ALP_RD && alprd_rewritten(w, &info, col->flags)) {
            const uint32_t size = restore_alprd(w, &info, col->flags, src, out + at);
            galp_store_u64(entry + ENT_BASE, 0); /* the dictionary is in the payload now */
            galp_store_u32(entry + ENT_PAYLOAD_SIZE, size);
            at += size;
        } else {
            memcpy(out + at, src, info.payload_size);
            uint64_t fill;
            if (info.scheme == GALP_SCHEME_GALP &&
                !exception_slots_hold_fill(w, &info, out + at, &fill))
                fill_exception_slots(w, &info, out + at, fill);
            at += info.payload_size;
        }
    }
    seal_image(col, out);
    *image = out;
    *image_size = (size_t)file_size;
    return GALP_OK;
}

uint32_t galp_gpu_image_vector_schemes(const galp_column *col)
{
    uint32_t schemes = 0;
    galp_vector_info info;
    for (uint32_t v = 0; v < col->vector_count; v++) {
        galp_vector_info_get(col, v, &info); /* cannot fail: the column is valid */
        schemes |= 1u << image_scheme(info.scheme);
        if (info.scheme == GALP_SCHEME_FFOR && info.exception_count > 0)
            schemes |= GALP_GPU_PATCHED_FFOR; /* spec/ffor.md §8: kept, for gpu/fastlanes.cu */
    }
    return schemes;
}
