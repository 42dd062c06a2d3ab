/*
 * cli_input.c — loading a column's values from a binary or text file (see cli_values.h).
 *
 * Text is parsed with the C library's exact conversions: strtod/strtof round the decimal to the
 * nearest binary64/binary32 (so "0.1" gives the same bits as the compiler's 0.1) and accept
 * "nan", "inf", "infinity" and "-0"; integers go through strtoull in base 10 with a range check
 * for the type. Leading and trailing blanks (and a CR before the LF) are ignored; anything else
 * on a line, or an empty line followed by a value, is an error reported as FILE:LINE. Blank lines
 * at the end and a UTF-8 byte-order mark at the start are accepted: CSV files commonly have them.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_file.h"
#include "cli_values.h"

/* The UTF-8 encoding of U+FEFF, which some tools write at the start of a text file. */
static const char byte_order_mark[] = "\xEF\xBB\xBF";

/* Longest piece of an offending token quoted in a message. */
#define TOKEN_QUOTE_MAX 40

static bool is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r';
}

static void store_le(uint8_t *dst, uint64_t bits, size_t size)
{
    for (size_t i = 0; i < size; i++) {
        dst[i] = (uint8_t)(bits >> (8 * i));
    }
}

/* Parses a NUL-terminated token without blanks. Returns NULL on success, else what is wrong. */
static const char *parse_token(const char *token, galp_type type, uint8_t *dst)
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
    if (type == GALP_TYPE_F32) {
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
    /* strtoull would wrap "-1" around to the maximum: only digits and an optional '+'. */
    if (token[0] == '-' || (token[0] != '+' && (token[0] < '0' || token[0] > '9'))) {
        return "not an unsigned decimal integer";
    }
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

/* Reports a bad line as FILE:LINE, quoting at most TOKEN_QUOTE_MAX bytes of it with
 * non-printable bytes shown as '?' (the input may be a binary file given as text). */
static void report_line(const char *path, uint64_t line, const char *token, size_t len,
                        const char *problem)
{
    char quoted[TOKEN_QUOTE_MAX + 1];
    size_t n = len < TOKEN_QUOTE_MAX ? len : TOKEN_QUOTE_MAX;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)token[i];
        quoted[i] = c >= 0x20 && c < 0x7f ? (char)c : '?';
    }
    quoted[n] = '\0';
    cli_error("%s:%llu: '%s%s': %s", path, (unsigned long long)line, quoted,
              len > n ? "..." : "", problem);
}

static int parse_text(const char *path, const char *text, size_t size, galp_type type,
                      uint8_t *values, uint64_t *count)
{
    size_t value_size = galp_type_size(type);
    char *token = NULL; /* NUL-terminated copy of the current token, so strto* stop at its end */
    size_t token_capacity = 0;
    uint64_t n = 0, line = 0, first_blank = 0; /* first_blank: 0, or a blank line's number */
    int status = CLI_EXIT_OK;
    size_t pos = 0;
    if (size >= sizeof byte_order_mark - 1 &&
        memcmp(text, byte_order_mark, sizeof byte_order_mark - 1) == 0) {
        pos = sizeof byte_order_mark - 1;
    }
    while (pos < size) {
        const char *start = text + pos;
        const char *newline = memchr(start, '\n', size - pos);
        size_t len = newline != NULL ? (size_t)(newline - start) : size - pos;
        pos += len + (newline != NULL);
        line++;
        while (len > 0 && is_blank(start[0])) {
            start++, len--;
        }
        while (len > 0 && is_blank(start[len - 1])) {
            len--;
        }
        if (len == 0) {
            if (first_blank == 0) {
                first_blank = line; /* an error only if a value follows */
            }
            continue;
        }
        if (first_blank != 0) {
            cli_error("%s:%llu: empty line, expected a %s value", path,
                      (unsigned long long)first_blank, galp_type_name(type));
            status = CLI_EXIT_DATA;
            break;
        }
        if (memchr(start, '\0', len) != NULL) {
            report_line(path, line, start, len,
                        "NUL byte (a binary file? name it without .txt/.csv or use --format "
                        "binary)");
            status = CLI_EXIT_DATA;
            break;
        }
        if (len + 1 > token_capacity) {
            free(token);
            token_capacity = len + 1;
            token = malloc(token_capacity);
            if (token == NULL) {
                cli_error("%s: out of memory", path);
                status = CLI_EXIT_IO;
                break;
            }
        }
        memcpy(token, start, len);
        token[len] = '\0';
        const char *problem = parse_token(token, type, values + n * value_size);
        if (problem != NULL) {
            report_line(path, line, start, len, problem);
            status = CLI_EXIT_DATA;
            break;
        }
        n++;
    }
    free(token);
    *count = n;
    return status;
}

/* Upper bound of the values in a text: the number of lines. */
static uint64_t count_lines(const uint8_t *text, size_t size)
{
    uint64_t lines = 0;
    for (const uint8_t *p = text; (p = memchr(p, '\n', size - (size_t)(p - text))) != NULL; p++) {
        lines++;
    }
    return lines + (size > 0 && text[size - 1] != '\n');
}

int cli_load_values(const char *path, cli_format format, galp_type type, uint8_t **values,
                    uint64_t *count)
{
    uint8_t *data;
    size_t size;
    int status = cli_read_file(path, &data, &size);
    if (status != CLI_EXIT_OK) {
        return status;
    }
    if (strcmp(path, "-") == 0) {
        path = "standard input"; /* for messages */
    }
    size_t value_size = galp_type_size(type);
    if (format == CLI_FORMAT_BINARY) {
        if (size % value_size != 0) {
            cli_error("%s: size %zu bytes is not a whole number of %s values (%zu bytes each; "
                      "for text input use a .txt/.csv name or --format text)",
                      path, size, galp_type_name(type), value_size);
            free(data);
            return CLI_EXIT_DATA;
        }
        *values = data;
        *count = size / value_size;
        return CLI_EXIT_OK;
    }
    uint64_t lines = count_lines(data, size);
    uint8_t *parsed = lines <= SIZE_MAX / value_size ? malloc(lines > 0 ? lines * value_size : 1)
                                                     : NULL;
    if (parsed == NULL) {
        free(data);
        cli_error("%s: out of memory", path);
        return CLI_EXIT_IO;
    }
    status = parse_text(path, (const char *)data, size, type, parsed, count);
    free(data);
    if (status != CLI_EXIT_OK) {
        free(parsed);
        return status;
    }
    *values = parsed;
    return CLI_EXIT_OK;
}
