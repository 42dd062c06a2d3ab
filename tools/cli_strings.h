/*
 * cli_strings.h — string columns (value type str, spec/fsst.md) in the galp commands: their
 * input and output forms, and the str paths of encode, decode, verify and inspect.
 *
 * Two forms, as for values (cli_values.h):
 *   text    one string per line, each ended by '\n' (the last line may lack it); the bytes of
 *           a line are the string, exactly (a '\r' or blanks are part of it). A string that
 *           contains '\n' cannot be written as text.
 *   binary  each string as its length (u32, little-endian) followed by its bytes.
 */
#ifndef GALP_CLI_STRINGS_H
#define GALP_CLI_STRINGS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "cli_values.h"
#include "galp.h"

/* n strings: string i is data[offsets[i] .. offsets[i+1]), offsets[0] = 0. */
typedef struct cli_strings {
    uint64_t *offsets;
    uint8_t *data;
    uint64_t n;
} cli_strings;

/* Reads the strings of `path` ("-": standard input) in the given form. Returns CLI_EXIT_OK,
 * CLI_EXIT_DATA (a truncated binary record, named by its index) or CLI_EXIT_IO, after a
 * message. */
int cli_load_strings(const char *path, cli_format format, cli_strings *strings);
void cli_strings_free(cli_strings *strings);

/* Writes the strings in the given form (text: one per line), all or nothing (cli_file.h); a
 * string with a newline has no text form (CLI_EXIT_DATA). */
int cli_write_strings(const char *path, const cli_strings *strings, bool text);

/* Refuses (CLI_EXIT_DATA, after a message) n strings of `bytes` bytes whose decoded size,
 * the bytes and n + 1 int64 offsets, is above max_size. */
int cli_check_strings_size(const char *path, uint64_t n, uint64_t bytes, uint64_t max_size);

/* The commands' str paths, called once the column type is known to be str. */
int cli_encode_strings(const char *input, const char *output, cli_format format, uint32_t flags,
                       bool quiet);
int cli_decode_strings(const char *path, const galp_column *column, const char *output,
                       bool text, uint64_t max_size);
int cli_verify_strings(const char *galp_path, const galp_column *column,
                       const char *original_path, cli_format format, uint64_t max_size,
                       bool quiet);
void cli_inspect_strings(FILE *out, const char *path, const galp_column *column, bool vectors,
                         bool json);

#endif /* GALP_CLI_STRINGS_H */
