/*
 * cli_strings.c — reading and writing the two forms of a string column (cli_strings.h), and
 * decoding a str column file into them.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_file.h"
#include "cli_reader.h"
#include "cli_strings.h"

/* Bytes read at a time while the whole input is loaded. */
#define READ_CHUNK ((size_t)1 << 20)

/* The whole input, read to its end. */
static int read_all(const char *path, uint8_t **bytes, size_t *size, const char **name)
{
    cli_reader reader;
    int status = cli_reader_open(&reader, path);
    while (status == CLI_EXIT_OK && !reader.at_end)
        status = cli_reader_fill(&reader, reader.size + READ_CHUNK);
    if (status != CLI_EXIT_OK) {
        cli_reader_close(&reader);
        return status;
    }
    *name = reader.name;
    *size = reader.size;
    *bytes = cli_reader_take(&reader);
    return CLI_EXIT_OK;
}

/* Room for n + 1 offsets. */
static int alloc_offsets(const char *name, uint64_t n, cli_strings *s)
{
    s->offsets = n < SIZE_MAX / sizeof *s->offsets ? malloc((size_t)(n + 1) * sizeof *s->offsets)
                                                   : NULL;
    if (s->offsets == NULL) {
        cli_error("%s: out of memory for %llu strings", name, (unsigned long long)n);
        return CLI_EXIT_IO;
    }
    s->offsets[0] = 0;
    return CLI_EXIT_OK;
}

/* Text: lines are strings in place; only the newlines are dropped from the bytes. */
static int parse_text(const char *name, uint8_t *bytes, size_t size, cli_strings *s)
{
    uint64_t n = 0;
    for (size_t i = 0; i < size; i++)
        n += bytes[i] == '\n';
    n += size > 0 && bytes[size - 1] != '\n';
    int status = alloc_offsets(name, n, s);
    if (status != CLI_EXIT_OK)
        return status;
    size_t kept = 0, k = 0;
    for (size_t i = 0; i < size; i++) {
        if (bytes[i] == '\n') {
            s->offsets[++k] = kept;
            continue;
        }
        bytes[kept++] = bytes[i];
    }
    if (k < n)
        s->offsets[++k] = kept;
    s->n = n;
    s->data = bytes;
    return CLI_EXIT_OK;
}

/* Binary: records of a u32 length and the bytes. */
static int parse_binary(const char *name, uint8_t *bytes, size_t size, cli_strings *s)
{
    uint64_t n = 0;
    for (size_t at = 0; at < size; n++) {
        if (size - at < 4) {
            cli_error("%s: string %llu: truncated length (%zu of 4 bytes)", name,
                      (unsigned long long)n, size - at);
            return CLI_EXIT_DATA;
        }
        const uint32_t len = (uint32_t)bytes[at] | (uint32_t)bytes[at + 1] << 8 |
                             (uint32_t)bytes[at + 2] << 16 | (uint32_t)bytes[at + 3] << 24;
        if (size - at - 4 < len) {
            cli_error("%s: string %llu: length %u, but only %zu bytes follow", name,
                      (unsigned long long)n, len, size - at - 4);
            return CLI_EXIT_DATA;
        }
        at += 4 + (size_t)len;
    }
    int status = alloc_offsets(name, n, s);
    if (status != CLI_EXIT_OK)
        return status;
    size_t kept = 0, at = 0;
    for (uint64_t i = 0; i < n; i++) {
        const uint32_t len = (uint32_t)bytes[at] | (uint32_t)bytes[at + 1] << 8 |
                             (uint32_t)bytes[at + 2] << 16 | (uint32_t)bytes[at + 3] << 24;
        memmove(bytes + kept, bytes + at + 4, len);
        kept += len;
        at += 4 + (size_t)len;
        s->offsets[i + 1] = kept;
    }
    s->n = n;
    s->data = bytes;
    return CLI_EXIT_OK;
}

int cli_load_strings(const char *path, cli_format format, cli_strings *strings)
{
    *strings = (cli_strings){NULL, NULL, 0};
    uint8_t *bytes;
    size_t size;
    const char *name;
    int status = read_all(path, &bytes, &size, &name);
    if (status != CLI_EXIT_OK)
        return status;
    status = format == CLI_FORMAT_TEXT ? parse_text(name, bytes, size, strings)
                                       : parse_binary(name, bytes, size, strings);
    if (status != CLI_EXIT_OK) {
        free(bytes);
        free(strings->offsets);
        *strings = (cli_strings){NULL, NULL, 0};
    }
    return status;
}

void cli_strings_free(cli_strings *strings)
{
    free(strings->offsets);
    free(strings->data);
    *strings = (cli_strings){NULL, NULL, 0};
}

int cli_write_strings(const char *path, const cli_strings *s, bool text)
{
    if (text)
        for (uint64_t i = 0; i < s->n; i++)
            if (memchr(s->data + s->offsets[i], '\n', s->offsets[i + 1] - s->offsets[i])) {
                cli_error("%s: string %llu contains a newline: it has no text form (decode "
                          "without --text)", path, (unsigned long long)i);
                return CLI_EXIT_DATA;
            }
    cli_output out;
    int status = cli_output_open(&out, path);
    if (status != CLI_EXIT_OK)
        return status;
    for (uint64_t i = 0; i < s->n; i++) {
        const size_t len = (size_t)(s->offsets[i + 1] - s->offsets[i]);
        const uint8_t prefix[4] = {(uint8_t)len, (uint8_t)(len >> 8), (uint8_t)(len >> 16),
                                   (uint8_t)(len >> 24)};
        if ((!text && fwrite(prefix, 1, 4, out.stream) != 4) ||
            fwrite(s->data + s->offsets[i], 1, len, out.stream) != len ||
            (text && fputc('\n', out.stream) == EOF))
            return cli_output_fail(&out);
    }
    return cli_output_commit(&out);
}

int cli_check_strings_size(const char *path, uint64_t n, uint64_t bytes, uint64_t max_size)
{
    const uint64_t decoded = bytes + 8 * (n + 1);
    if (decoded > max_size) {
        cli_error("%s: decodes to %llu bytes, more than --max-size %llu", path,
                  (unsigned long long)decoded, (unsigned long long)max_size);
        return CLI_EXIT_DATA;
    }
    return CLI_EXIT_OK;
}

/* Decodes an opened str column into s (cli_strings_free frees it). The decoded size, string
 * bytes plus 8-byte offsets, is checked against max_size first. */
static int decode_column(const char *path, const galp_column *column, uint64_t max_size,
                         cli_strings *s)
{
    *s = (cli_strings){NULL, NULL, 0};
    uint64_t bytes;
    galp_column_str_bytes(column, &bytes);
    const uint64_t decoded = bytes + 8 * (column->value_count + 1);
    int status = cli_check_strings_size(path, column->value_count, bytes, max_size);
    if (status != CLI_EXIT_OK)
        return status;
    if (decoded > SIZE_MAX) {
        cli_error("%s: %llu decoded bytes do not fit in memory", path,
                  (unsigned long long)decoded);
        return CLI_EXIT_IO;
    }
    s->offsets = malloc((size_t)(column->value_count + 1) * sizeof *s->offsets);
    s->data = malloc(bytes > 0 ? (size_t)bytes : 1);
    if (s->offsets == NULL || s->data == NULL) {
        cli_error("%s: out of memory for %llu decoded bytes", path, (unsigned long long)decoded);
        cli_strings_free(s);
        return CLI_EXIT_IO;
    }
    /* int64 offsets and the uint64 array are the same bytes for offsets below 2^63. */
    galp_status gs = galp_column_decode_str64(column, (int64_t *)(void *)s->offsets,
                                              (size_t)column->value_count + 1, s->data,
                                              (size_t)bytes);
    if (gs != GALP_OK) {
        cli_error("%s: cannot decode: %s (%s)", path, galp_strerror(gs), galp_status_name(gs));
        cli_strings_free(s);
        return CLI_EXIT_DATA;
    }
    s->n = column->value_count;
    return CLI_EXIT_OK;
}

int cli_decode_strings(const char *path, const galp_column *column, const char *output,
                       bool text, uint64_t max_size)
{
    cli_strings s;
    int status = decode_column(path, column, max_size, &s);
    if (status != CLI_EXIT_OK)
        return status;
    status = cli_write_strings(output, &s, text);
    cli_strings_free(&s);
    return status;
}

int cli_verify_strings(const char *galp_path, const galp_column *column,
                       const char *original_path, cli_format format, uint64_t max_size,
                       bool quiet)
{
    cli_strings original, decoded;
    int status = cli_load_strings(original_path, format, &original);
    if (status != CLI_EXIT_OK)
        return status;
    if (original.n != column->value_count) {
        printf("%s: MISMATCH with %s: the column holds %llu strings, the original %llu\n",
               galp_path, original_path, (unsigned long long)column->value_count,
               (unsigned long long)original.n);
        cli_strings_free(&original);
        return CLI_EXIT_MISMATCH;
    }
    status = decode_column(galp_path, column, max_size, &decoded);
    uint64_t first = original.n, differing = 0;
    for (uint64_t i = 0; status == CLI_EXIT_OK && i < original.n; i++) {
        const uint64_t a = decoded.offsets[i + 1] - decoded.offsets[i];
        const uint64_t b = original.offsets[i + 1] - original.offsets[i];
        if (a != b || memcmp(decoded.data + decoded.offsets[i],
                             original.data + original.offsets[i], (size_t)a) != 0) {
            first = differing++ == 0 ? i : first;
        }
    }
    if (status == CLI_EXIT_OK && differing > 0) {
        printf("%s: MISMATCH with %s: %llu of %llu strings differ; first at index %llu "
               "(decoded %llu bytes, original %llu bytes)\n",
               galp_path, original_path, (unsigned long long)differing,
               (unsigned long long)original.n, (unsigned long long)first,
               (unsigned long long)(decoded.offsets[first + 1] - decoded.offsets[first]),
               (unsigned long long)(original.offsets[first + 1] - original.offsets[first]));
        status = CLI_EXIT_MISMATCH;
    } else if (status == CLI_EXIT_OK && !quiet) {
        printf("%s: OK, %llu strings identical to %s\n", galp_path,
               (unsigned long long)original.n, original_path);
    }
    cli_strings_free(&original);
    cli_strings_free(&decoded); /* empty when decoding failed */
    return status;
}
