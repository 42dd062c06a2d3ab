/*
 * cli_input.c — loading a column's values from a binary or text file (see cli_values.h).
 *
 * Each line is one value, parsed by cli_parse_value (cli_values.h), the one parser of every
 * value the commands read. Leading and trailing blanks (and a CR before the LF) are ignored;
 * anything else on a line, or an empty line followed by a value, is an error reported as
 * FILE:LINE. Blank lines at the end and a UTF-8 byte-order mark at the start are accepted: CSV
 * files commonly have them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_reader.h"
#include "cli_values.h"

/* The UTF-8 encoding of U+FEFF, which some tools write at the start of a text file. */
static const char byte_order_mark[] = "\xEF\xBB\xBF";

/* Longest piece of an offending token quoted in a message. */
#define TOKEN_QUOTE_MAX 40

static bool is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r';
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

/* Longest text line accepted, blanks included: far more than any number needs, and little
 * enough that a binary file or an endless stream given as text is refused after this much. */
#define TEXT_LINE_MAX 4096

/* Bytes read at a time; only the unparsed rest of a line is kept between reads. */
#define TEXT_CHUNK ((size_t)1 << 16)

/* First room for parsed values; it doubles as needed. */
#define TEXT_START_VALUES 1024

/* A text being parsed: where it is and what it produced. */
typedef struct text_parse {
    const char *path; /* for messages */
    galp_type type;
    uint64_t max_count;
    uint8_t *values;  /* count values of the type, room for capacity */
    uint64_t count, capacity;
    uint64_t line;        /* lines seen */
    uint64_t first_blank; /* 0, or the first blank line not yet followed by a value */
    char token[TEXT_LINE_MAX + 1]; /* the line's value, NUL-terminated for cli_parse_value */
} text_parse;

/* Makes room for one more value; CLI_EXIT_IO (after a message) if there is no memory for it. */
static int grow_values(text_parse *t)
{
    size_t value_size = galp_type_size(t->type);
    if (t->count < t->capacity) {
        return CLI_EXIT_OK;
    }
    uint64_t capacity = t->capacity == 0 ? TEXT_START_VALUES : 2 * t->capacity;
    uint8_t *bigger = capacity <= SIZE_MAX / value_size
                          ? realloc(t->values, (size_t)capacity * value_size)
                          : NULL;
    if (bigger == NULL) {
        cli_error("%s: out of memory", t->path);
        return CLI_EXIT_IO;
    }
    t->values = bigger;
    t->capacity = capacity;
    return CLI_EXIT_OK;
}

/* Parses one line (without its LF). Returns CLI_EXIT_OK, or CLI_EXIT_DATA or CLI_EXIT_IO after
 * a message. */
static int parse_line(text_parse *t, const char *start, size_t len)
{
    t->line++;
    if (memchr(start, '\0', len) != NULL) {
        report_line(t->path, t->line, start, len,
                    "NUL byte (a binary file? name it without .txt/.csv or use --format binary)");
        return CLI_EXIT_DATA;
    }
    if (len > TEXT_LINE_MAX) {
        char problem[64];
        snprintf(problem, sizeof problem, "line longer than %d bytes", TEXT_LINE_MAX);
        report_line(t->path, t->line, start, len, problem);
        return CLI_EXIT_DATA;
    }
    while (len > 0 && is_blank(start[0])) {
        start++, len--;
    }
    while (len > 0 && is_blank(start[len - 1])) {
        len--;
    }
    if (len == 0) {
        if (t->first_blank == 0) {
            t->first_blank = t->line; /* an error only if a value follows */
        }
        return CLI_EXIT_OK;
    }
    if (t->first_blank != 0) {
        cli_error("%s:%llu: empty line, expected a %s value", t->path,
                  (unsigned long long)t->first_blank, galp_type_name(t->type));
        return CLI_EXIT_DATA;
    }
    int status = grow_values(t);
    if (status != CLI_EXIT_OK) {
        return status;
    }
    memcpy(t->token, start, len);
    t->token[len] = '\0';
    const char *problem =
        cli_parse_value(t->type, t->token, t->values + t->count * galp_type_size(t->type));
    if (problem != NULL) {
        report_line(t->path, t->line, start, len, problem);
        return CLI_EXIT_DATA;
    }
    t->count++;
    return CLI_EXIT_OK;
}

/* Parses the text of `reader` line by line, reading a chunk at a time, until its end or until
 * it holds more than t->max_count values. */
static int parse_text(cli_reader *reader, text_parse *t)
{
    int status = cli_reader_fill(reader, TEXT_CHUNK);
    size_t bom = sizeof byte_order_mark - 1;
    if (status == CLI_EXIT_OK && reader->size >= bom &&
        memcmp(reader->data, byte_order_mark, bom) == 0) {
        cli_reader_consume(reader, bom);
    }
    size_t pos = 0; /* reader->data before pos is parsed */
    while (status == CLI_EXIT_OK && t->count <= t->max_count) {
        const char *start = (const char *)reader->data + pos;
        size_t left = reader->size - pos;
        const char *newline = memchr(start, '\n', left);
        if (newline != NULL) {
            status = parse_line(t, start, (size_t)(newline - start));
            pos += (size_t)(newline - start) + 1;
        } else if (reader->at_end || left > TEXT_LINE_MAX) {
            /* the last line, or one too long to be a value: parse_line says which */
            status = left > 0 ? parse_line(t, start, left) : CLI_EXIT_OK;
            break;
        } else {
            cli_reader_consume(reader, pos);
            pos = 0;
            status = cli_reader_fill(reader, reader->size + TEXT_CHUNK);
        }
    }
    return status;
}

/* Binary input: values back to back; more than max_count values are not read. */
static int load_binary(cli_reader *reader, galp_type type, uint64_t max_count, uint8_t **values,
                       uint64_t *count)
{
    size_t value_size = galp_type_size(type);
    bool bounded = max_count < (SIZE_MAX - 1) / value_size;
    int status = cli_reader_fill(reader, bounded ? (size_t)max_count * value_size + 1 : SIZE_MAX);
    if (status != CLI_EXIT_OK) {
        return status;
    }
    if (bounded && reader->size > max_count * value_size) {
        *count = max_count + 1; /* more values than asked for; the rest is not read */
    } else if (reader->size % value_size != 0) {
        cli_error("%s: size %zu bytes is not a whole number of %s values (%zu bytes each; "
                  "for text input use a .txt/.csv name or --format text)",
                  reader->name, reader->size, galp_type_name(type), value_size);
        return CLI_EXIT_DATA;
    } else {
        *count = reader->size / value_size;
    }
    *values = cli_reader_take(reader);
    return CLI_EXIT_OK;
}

int cli_load_values(const char *path, cli_format format, galp_type type, uint64_t max_count,
                    uint8_t **values, uint64_t *count)
{
    cli_reader reader;
    int status = cli_reader_open(&reader, path);
    if (status != CLI_EXIT_OK) {
        return status;
    }
    if (format == CLI_FORMAT_BINARY) {
        status = load_binary(&reader, type, max_count, values, count);
        cli_reader_close(&reader);
        return status;
    }
    text_parse *t = malloc(sizeof *t);
    if (t == NULL) {
        cli_error("%s: out of memory", reader.name);
        cli_reader_close(&reader);
        return CLI_EXIT_IO;
    }
    *t = (text_parse){.path = reader.name, .type = type, .max_count = max_count};
    status = parse_text(&reader, t);
    if (status == CLI_EXIT_OK && t->values == NULL) {
        status = grow_values(t); /* an empty text: *values is never NULL */
    }
    cli_reader_close(&reader);
    if (status != CLI_EXIT_OK) {
        free(t->values);
    } else {
        *values = t->values;
        *count = t->count;
    }
    free(t);
    return status;
}
