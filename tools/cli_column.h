/*
 * cli_column.h — reading, opening and decoding a galp column file for the galp commands.
 */
#ifndef GALP_CLI_COLUMN_H
#define GALP_CLI_COLUMN_H

#include <stddef.h>
#include <stdint.h>

#include "galp.h"

/* Reads `path` and validates it (galp_open, spec/format.md §6); a file longer than its
 * file_size is refused too (spec/format.md §3.5), as LAYOUT. On success *data holds the file
 * bytes that *column borrows (freed by the caller). Returns CLI_EXIT_OK, CLI_EXIT_DATA (invalid
 * file: the message names the file and the failed check) or CLI_EXIT_IO. */
int cli_open_column(const char *path, uint8_t **data, galp_column *column);

/* No limit on the decoded size (--max-size not given). */
#define CLI_NO_MAX_SIZE UINT64_MAX

/* Decodes every value of an opened column into a new array (*values, freed by the caller; never
 * NULL on success). A column that decodes to more than max_size bytes is refused before
 * anything is allocated. Returns CLI_EXIT_OK, CLI_EXIT_DATA or CLI_EXIT_IO, after a message. */
int cli_decode_column(const char *path, const galp_column *column, uint64_t max_size,
                      uint8_t **values);

/* Refuses (CLI_EXIT_DATA, after a message) a column of value_count values of the type whose
 * decoded size exceeds max_size; else CLI_EXIT_OK. */
int cli_check_max_size(const char *path, galp_type type, uint64_t value_count, uint64_t max_size);

#endif /* GALP_CLI_COLUMN_H */
