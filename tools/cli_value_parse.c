/*
 * cli_value_parse.c — the one parser of a value's text, for every value the galp commands read
 * (encode's text input, scan's bounds); the rules are in cli_values.h.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli_values.h"

static void store_le(uint8_t *dst, uint64_t bits, size_t size)
{
    for (size_t i = 0; i < size; i++) {
        dst[i] = (uint8_t)(bits >> (8 * i)); /* spec/format.md §1 */
    }
}

/* strto* skip leading white space by themselves; a token must not have any. */
static bool starts_with_space(const char *token)
{
    char c = token[0];
    return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

/* strtof rounds the decimal once to the nearest binary32: going through double would round
 * twice and may land on the other neighbour of a value halfway between two floats. */
static const char *parse_float(const char *token, galp_type type, uint8_t *dst)
{
    char *end;
    errno = 0;
    if (type == GALP_TYPE_F64) {
        double d = strtod(token, &end);
        if (end == token || *end != '\0') {
            return "not a number";
        }
        if (errno == ERANGE && isinf(d)) {
            return "out of range for f64"; /* a tiny value rounds to 0 or a subnormal: kept */
        }
        uint64_t bits;
        memcpy(&bits, &d, sizeof bits);
        store_le(dst, bits, 8);
        return NULL;
    }
    float f = strtof(token, &end);
    if (end == token || *end != '\0') {
        return "not a number";
    }
    if (errno == ERANGE && isinf(f)) {
        return "out of range for f32";
    }
    uint32_t bits;
    memcpy(&bits, &f, sizeof bits);
    store_le(dst, bits, 4);
    return NULL;
}

static const char *parse_unsigned(const char *token, galp_type type, uint8_t *dst)
{
    /* strtoull would wrap "-1" around to the maximum: only digits and an optional '+'. */
    if (token[0] != '+' && (token[0] < '0' || token[0] > '9')) {
        return "not an unsigned decimal integer";
    }
    char *end;
    errno = 0;
    unsigned long long v = strtoull(token, &end, 10);
    if (end == token || *end != '\0') {
        return "not an unsigned decimal integer";
    }
    size_t size = galp_type_size(type);
    uint64_t max = size == 8 ? UINT64_MAX : (UINT64_C(1) << (8 * size)) - 1;
    if (errno == ERANGE || v > max) {
        switch (type) {
        case GALP_TYPE_U8: return "out of range for u8 (0 ... 255)";
        case GALP_TYPE_U16: return "out of range for u16 (0 ... 65535)";
        case GALP_TYPE_U32: return "out of range for u32 (0 ... 4294967295)";
        default: return "out of range for u64 (0 ... 18446744073709551615)";
        }
    }
    store_le(dst, v, size);
    return NULL;
}

const char *cli_parse_value(galp_type type, const char *token, uint8_t *dst)
{
    if (starts_with_space(token)) {
        return cli_type_is_float(type) ? "not a number" : "not an unsigned decimal integer";
    }
    return cli_type_is_float(type) ? parse_float(token, type, dst)
                                   : parse_unsigned(token, type, dst);
}
