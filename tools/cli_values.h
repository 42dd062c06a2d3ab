/*
 * cli_values.h — names, input formats and text forms of column values for the galp commands.
 *
 * Binary input/output is the values' little-endian bytes back to back (spec/format.md §1), so
 * floats keep their exact bit patterns: NaN payloads and -0 survive. Text is one value per line:
 * integers in decimal, floats in the shortest printf form that reads back to the same value
 * (%.17g for f64, %.9g for f32); in text, NaN is written "nan" or "-nan" and its payload is lost.
 */
#ifndef GALP_CLI_VALUES_H
#define GALP_CLI_VALUES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "galp.h"

typedef enum cli_format { CLI_FORMAT_BINARY, CLI_FORMAT_TEXT } cli_format;

/* Parse the names used on the command line; false if the name is unknown. */
bool cli_type_from_name(const char *name, galp_type *type);
bool cli_scheme_from_name(const char *name, galp_scheme *scheme);
bool cli_format_from_name(const char *name, cli_format *format);
bool cli_type_is_float(galp_type type);

/* The format implied by a file name: text for .txt and .csv, binary otherwise. */
cli_format cli_format_for_path(const char *path);

/* Parses one value of the type from a whole NUL-terminated token into dst (type-sized,
 * little-endian). One rule for every value the commands read: floats by strtod (f64) or strtof
 * (f32), which round the decimal once to the nearest value of the type and accept "nan", "inf",
 * "infinity" and "-0"; a finite number beyond the type's range is an error, not an infinity;
 * integers in decimal only ("010" is ten, "0x10" an error) and within the type's range. Leading
 * or trailing blanks are errors. Returns NULL on success, else what is wrong, for a message. */
const char *cli_parse_value(galp_type type, const char *token, uint8_t *dst);

/* Reads the values of `path` (binary or text, see above) into a new array of the type
 * (*values, freed by the caller; never NULL on success). A text line that is not a value of the
 * type is reported as FILE:LINE with the offending token. Reading stops after max_count + 1
 * values (UINT64_MAX: no limit): *count is then max_count + 1, meaning "more than max_count",
 * and the values are not to be used. Returns CLI_EXIT_OK, CLI_EXIT_DATA or CLI_EXIT_IO, after
 * a message. */
int cli_load_values(const char *path, cli_format format, galp_type type, uint64_t max_count,
                    uint8_t **values, uint64_t *count);

/* The text form of one value (type-sized, little-endian) into buf (CLI_VALUE_TEXT_MAX bytes). */
#define CLI_VALUE_TEXT_MAX 32
void cli_value_text(galp_type type, const uint8_t *value, char *buf);

/* The bit pattern of one value, widened to 64 bits. */
uint64_t cli_value_bits(galp_type type, const uint8_t *value);

/* Writes `count` values as text, one per line. Returns false on a write error. */
bool cli_write_values_text(FILE *stream, galp_type type, const uint8_t *values, uint64_t count);

#endif /* GALP_CLI_VALUES_H */
