/*
 * types.c — facts about value types and schemes: widths, lanes, names, which scheme a type
 * allows (spec/format.md §2) and the payload size a scheme implies (spec/format.md §4).
 */
#include <string.h>

#include <galp/layout.h>

#include "galp_internal.h"

unsigned galp_type_bits(galp_type type)
{
    switch (type) {
    case GALP_TYPE_U8: return 8;
    case GALP_TYPE_U16: return 16;
    case GALP_TYPE_U32: case GALP_TYPE_F32: return 32;
    case GALP_TYPE_U64: case GALP_TYPE_F64: return 64;
    case GALP_TYPE_STR: return 0; /* variable width (spec/fsst.md §1) */
    }
    return 0;
}

size_t galp_type_size(galp_type type)
{
    return galp_type_bits(type) / 8;
}

/* spec/ffor.md §2: L = 1024 / W. */
unsigned galp_type_lanes(galp_type type)
{
    unsigned bits = galp_type_bits(type);
    return bits ? galp_layout_lanes(bits) : 0;
}

bool galp_type_is_float(galp_type type)
{
    return type == GALP_TYPE_F32 || type == GALP_TYPE_F64;
}

const char *galp_type_name(galp_type type)
{
    switch (type) {
    case GALP_TYPE_U8: return "u8";
    case GALP_TYPE_U16: return "u16";
    case GALP_TYPE_U32: return "u32";
    case GALP_TYPE_U64: return "u64";
    case GALP_TYPE_F32: return "f32";
    case GALP_TYPE_F64: return "f64";
    case GALP_TYPE_STR: return "str";
    }
    return NULL;
}

const char *galp_scheme_name(galp_scheme scheme)
{
    switch (scheme) {
    case GALP_SCHEME_RAW: return "raw";
    case GALP_SCHEME_FFOR: return "ffor";
    case GALP_SCHEME_ALP: return "alp";
    case GALP_SCHEME_GALP: return "galp";
    case GALP_SCHEME_ALP_RD: return "alp-rd";
    case GALP_SCHEME_DELTA: return "delta";
    case GALP_SCHEME_RLE: return "rle";
    case GALP_SCHEME_DICT: return "dict";
    case GALP_SCHEME_GPU_FOR: return "gpu-for";
    case GALP_SCHEME_GPU_DFOR: return "gpu-dfor";
    case GALP_SCHEME_GPU_RFOR: return "gpu-rfor";
    case GALP_SCHEME_FSST: return "fsst";
    case GALP_SCHEME_RUNS: return "runs";
    case GALP_SCHEME_AUTO: return "auto";
    }
    return NULL;
}

/* spec/format.md §2 table: RAW and DICT for all fixed-width types, FFOR, DELTA, RLE and RUNS
 * for integers, ALP, GALP and ALP_RD for floats, the tile schemes for u32 (spec/tile.md); FSST,
 * and only FSST, for STR (spec/fsst.md §1). */
bool galp_scheme_allowed(galp_type type, galp_scheme scheme)
{
    if (type == GALP_TYPE_STR)
        return scheme == GALP_SCHEME_FSST;
    if (galp_type_bits(type) == 0)
        return false;
    switch (scheme) {
    case GALP_SCHEME_RAW: case GALP_SCHEME_DICT: return true;
    case GALP_SCHEME_FSST: return false;
    case GALP_SCHEME_FFOR: case GALP_SCHEME_DELTA: case GALP_SCHEME_RLE: case GALP_SCHEME_RUNS:
        return !galp_type_is_float(type);
    case GALP_SCHEME_ALP: case GALP_SCHEME_GALP: case GALP_SCHEME_ALP_RD:
        return galp_type_is_float(type);
    case GALP_SCHEME_GPU_FOR: case GALP_SCHEME_GPU_DFOR: case GALP_SCHEME_GPU_RFOR:
        return type == GALP_TYPE_U32;
    case GALP_SCHEME_AUTO: break;
    }
    return false;
}

/* spec/format.md §2: a vector uses the column scheme or RAW, or a companion scheme that the
 * column scheme's row of the §2 table names: ALP_RD in ALP and GALP columns; DELTA, RLE, DICT
 * and RUNS in FFOR columns (spec/fastlanes.md §5, §8). */
bool galp_vector_scheme_allowed(galp_scheme column_scheme, galp_scheme vector_scheme)
{
    if (column_scheme == GALP_SCHEME_FSST)
        return vector_scheme == GALP_SCHEME_FSST; /* no RAW strings (spec/fsst.md §1) */
    if (vector_scheme == column_scheme || vector_scheme == GALP_SCHEME_RAW)
        return true;
    switch (column_scheme) {
    case GALP_SCHEME_ALP: case GALP_SCHEME_GALP: return vector_scheme == GALP_SCHEME_ALP_RD;
    case GALP_SCHEME_FFOR:
        return vector_scheme == GALP_SCHEME_DELTA || vector_scheme == GALP_SCHEME_RLE ||
               vector_scheme == GALP_SCHEME_DICT || vector_scheme == GALP_SCHEME_RUNS;
    default: return false;
    }
}

/* spec/format.md §1.1 table: the minor version that introduced the scheme. */
unsigned galp_scheme_version_minor(galp_scheme scheme)
{
    switch (scheme) {
    case GALP_SCHEME_ALP_RD:
    case GALP_SCHEME_DELTA: case GALP_SCHEME_RLE: case GALP_SCHEME_DICT:
    case GALP_SCHEME_GPU_FOR: case GALP_SCHEME_GPU_DFOR: case GALP_SCHEME_GPU_RFOR:
    case GALP_SCHEME_FSST: return 2u;
    case GALP_SCHEME_RUNS: return 5u;
    default: return 0u;
    }
}

bool galp_scheme_is_tile(galp_scheme scheme)
{
    return scheme == GALP_SCHEME_GPU_FOR || scheme == GALP_SCHEME_GPU_DFOR ||
           scheme == GALP_SCHEME_GPU_RFOR;
}

/* spec/format.md §4 table (include/galp/layout.h), in the vector's layout (spec/galp.md §1.1,
 * §1.2).
 * The packed integer vector always holds 1024 slots (§4.3). A tile scheme's size is that of
 * its payload's parts (spec/tile.md §6), which this does not compute. */
uint64_t galp_payload_size(galp_type type, uint32_t flags, const galp_vector_info *info)
{
    if (info->scheme == GALP_SCHEME_ALP_RD)
        return galp_layout_alprd_payload_bytes(galp_type_bits(type), info->bit_width,
                                               info->exponent, info->exception_count, flags);
    if (info->scheme == GALP_SCHEME_DELTA)
        return galp_layout_delta_payload_bytes(galp_type_bits(type), info->bit_width, info->exponent,
                                               flags);
    if (info->scheme == GALP_SCHEME_RUNS)
        return galp_layout_runs_payload_bytes(info->bit_width, info->exponent,
                                              info->exception_count);
    return galp_layout_payload_bytes(galp_layout_scheme(info->scheme, flags, info->exception_count),
                                     galp_type_bits(type), info->bit_width, info->exception_count,
                                     info->value_count, flags);
}

/* Each case copies through a correctly typed local so that the caller's array needs no
 * particular alignment; the switch sits outside the loops so that each loop is a plain copy. */
#define WIDEN_LOOP(T)                                                                   \
    for (size_t i = 0; i < count; i++) {                                                \
        T v;                                                                            \
        memcpy(&v, src + i * sizeof v, sizeof v);                                       \
        out[i] = v;                                                                     \
    }

void galp_values_widen(unsigned bytes, const void *values, size_t count, uint64_t *out)
{
    const uint8_t *src = values;
    switch (bytes) {
    case 1: WIDEN_LOOP(uint8_t) break;
    case 2: WIDEN_LOOP(uint16_t) break;
    case 4: WIDEN_LOOP(uint32_t) break;
    default: WIDEN_LOOP(uint64_t) break;
    }
}

#define NARROW_LOOP(T)                                                                  \
    for (size_t i = 0; i < count; i++) {                                                \
        T v = (T)in[i];                                                                 \
        memcpy(dst + i * sizeof v, &v, sizeof v);                                       \
    }

void galp_values_narrow(unsigned bytes, const uint64_t *in, size_t count, void *values)
{
    uint8_t *dst = values;
    switch (bytes) {
    case 1: NARROW_LOOP(uint8_t) break;
    case 2: NARROW_LOOP(uint16_t) break;
    case 4: NARROW_LOOP(uint32_t) break;
    default: NARROW_LOOP(uint64_t) break;
    }
}
