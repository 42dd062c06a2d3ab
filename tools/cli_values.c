/*
 * cli_values.c — type, scheme and format names; the text form and bit pattern of a value.
 */
#include <inttypes.h>
#include <string.h>

#include "cli_values.h"

bool cli_type_from_name(const char *name, galp_type *type)
{
    for (int t = GALP_TYPE_U8; t <= GALP_TYPE_STR; t++) {
        if (strcmp(name, galp_type_name((galp_type)t)) == 0) {
            *type = (galp_type)t;
            return true;
        }
    }
    return false;
}

bool cli_scheme_from_name(const char *name, galp_scheme *scheme)
{
    static const galp_scheme schemes[] = {GALP_SCHEME_RAW,     GALP_SCHEME_FFOR,
                                          GALP_SCHEME_ALP,     GALP_SCHEME_GALP,
                                          GALP_SCHEME_ALP_RD,  GALP_SCHEME_DELTA,
                                          GALP_SCHEME_RLE,     GALP_SCHEME_DICT,
                                          GALP_SCHEME_GPU_FOR, GALP_SCHEME_GPU_DFOR,
                                          GALP_SCHEME_GPU_RFOR, GALP_SCHEME_FSST,
                                          GALP_SCHEME_RUNS};
    for (size_t i = 0; i < sizeof schemes / sizeof schemes[0]; i++) {
        if (strcmp(name, galp_scheme_name(schemes[i])) == 0) {
            *scheme = schemes[i];
            return true;
        }
    }
    if (strcmp(name, "auto") == 0) {
        *scheme = GALP_SCHEME_AUTO;
        return true;
    }
    return false;
}

bool cli_format_from_name(const char *name, cli_format *format)
{
    if (strcmp(name, "binary") == 0) {
        *format = CLI_FORMAT_BINARY;
    } else if (strcmp(name, "text") == 0) {
        *format = CLI_FORMAT_TEXT;
    } else {
        return false;
    }
    return true;
}

bool cli_type_is_float(galp_type type)
{
    return type == GALP_TYPE_F32 || type == GALP_TYPE_F64;
}

static bool has_suffix(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && strcmp(s + n - k, suffix) == 0;
}

cli_format cli_format_for_path(const char *path)
{
    return has_suffix(path, ".txt") || has_suffix(path, ".csv") ? CLI_FORMAT_TEXT
                                                                : CLI_FORMAT_BINARY;
}

uint64_t cli_value_bits(galp_type type, const uint8_t *value)
{
    uint64_t bits = 0;
    for (size_t i = galp_type_size(type); i-- > 0;) {
        bits = bits << 8 | value[i]; /* little-endian, spec/format.md §1 */
    }
    return bits;
}

void cli_value_text(galp_type type, const uint8_t *value, char *buf)
{
    uint64_t bits = cli_value_bits(type, value);
    if (type == GALP_TYPE_F64) {
        double d;
        memcpy(&d, &bits, sizeof d);
        snprintf(buf, CLI_VALUE_TEXT_MAX, "%.17g", d); /* 17 digits: reads back exactly */
    } else if (type == GALP_TYPE_F32) {
        uint32_t narrow = (uint32_t)bits;
        float f;
        memcpy(&f, &narrow, sizeof f);
        snprintf(buf, CLI_VALUE_TEXT_MAX, "%.9g", (double)f); /* 9 digits: reads back exactly */
    } else {
        snprintf(buf, CLI_VALUE_TEXT_MAX, "%" PRIu64, bits);
    }
}

bool cli_write_values_text(FILE *stream, galp_type type, const uint8_t *values, uint64_t count)
{
    size_t size = galp_type_size(type);
    char text[CLI_VALUE_TEXT_MAX];
    for (uint64_t i = 0; i < count; i++) {
        cli_value_text(type, values + i * size, text);
        if (fputs(text, stream) == EOF || fputc('\n', stream) == EOF) {
            return false;
        }
    }
    return true;
}
