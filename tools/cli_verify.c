/*
 * cli_verify.c — `galp verify`: decode a column file and compare it bit for bit with the
 * original values it was made from.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_column.h"
#include "cli_options.h"
#include "cli_strings.h"
#include "cli_values.h"

static const char usage[] =
    "Usage: galp verify [options] FILE.galp ORIGINAL\n"
    "Decode FILE.galp and compare it bit for bit with ORIGINAL, the values it was encoded\n"
    "from (of the column's type). Prints the first mismatching index with both bit patterns.\n"
    "Exit code 0 if identical, 4 if not.\n"
    "\n"
    "  -f, --format FORMAT  format of ORIGINAL: binary or text (default: text for .txt and\n"
    "                       .csv names, binary otherwise)\n"
    "  -m, --max-size SIZE  refuse a column that decodes to more than SIZE bytes (suffix K,\n"
    "                       M, G or T: binary multiples) before decoding it (exit code 1)\n"
    "  -q, --quiet          print nothing when identical\n"
    "  -h, --help           show this help\n"
    "\n"
    "The value counts are compared first: ORIGINAL is read no further than the column's count,\n"
    "and a column of another count is not decoded.\n";

enum { OPT_FORMAT, OPT_MAX_SIZE, OPT_QUIET, OPT_HELP };
static const cli_option options[] = {
    [OPT_FORMAT] = {"format", 'f', true},
    [OPT_MAX_SIZE] = {"max-size", 'm', true},
    [OPT_QUIET] = {"quiet", 'q', false},
    [OPT_HELP] = {"help", 'h', false},
    {NULL, 0, false},
};

/* Compares decoded with original values; prints the first difference. Returns the exit code. */
static int compare(const char *galp_path, const char *original_path, galp_type type,
                   const uint8_t *decoded, const uint8_t *original, uint64_t count, bool quiet)
{
    size_t size = galp_type_size(type);
    uint64_t first = count, differing = 0;
    for (uint64_t i = 0; i < count; i++) {
        if (memcmp(decoded + i * size, original + i * size, size) != 0) {
            if (differing == 0) {
                first = i;
            }
            differing++;
        }
    }
    if (differing == 0) {
        if (!quiet) {
            printf("%s: OK, %" PRIu64 " %s values identical to %s\n", galp_path, count,
                   galp_type_name(type), original_path);
        }
        return CLI_EXIT_OK;
    }
    char decoded_text[CLI_VALUE_TEXT_MAX], original_text[CLI_VALUE_TEXT_MAX];
    cli_value_text(type, decoded + first * size, decoded_text);
    cli_value_text(type, original + first * size, original_text);
    int digits = (int)(2 * size);
    printf("%s: MISMATCH with %s: %" PRIu64 " of %" PRIu64 " values differ; first at index %"
           PRIu64 " (vector %" PRIu64 ", slot %" PRIu64 "):\n"
           "  decoded  0x%0*" PRIx64 " (%s)\n"
           "  original 0x%0*" PRIx64 " (%s)\n",
           galp_path, original_path, differing, count, first, first / GALP_VECTOR_SIZE,
           first % GALP_VECTOR_SIZE, digits, cli_value_bits(type, decoded + first * size),
           decoded_text, digits, cli_value_bits(type, original + first * size), original_text);
    return CLI_EXIT_MISMATCH;
}

int galp_cli_verify(int argc, char **argv)
{
    cli_parser parser;
    cli_parser_init(&parser, "verify", options, 2, argc, argv);
    const char *value;
    bool has_format = false, quiet = false;
    cli_format format = CLI_FORMAT_BINARY;
    uint64_t max_size = CLI_NO_MAX_SIZE;
    for (int opt; (opt = cli_parser_next(&parser, &value)) != CLI_END;) {
        switch (opt) {
        case CLI_BAD: return CLI_EXIT_USAGE;
        case OPT_FORMAT:
            if (!cli_format_from_name(value, &format)) {
                return cli_usage_error("verify", "unknown format '%s' (binary or text)", value);
            }
            has_format = true;
            break;
        case OPT_MAX_SIZE:
            if (!cli_parse_size(value, &max_size)) {
                return cli_usage_error("verify", "--max-size needs a size in bytes, got '%s'",
                                       value);
            }
            break;
        case OPT_QUIET: quiet = true; break;
        default: fputs(usage, stdout); return CLI_EXIT_OK; /* OPT_HELP */
        }
    }
    if (parser.operand_count != 2) {
        return cli_usage_error("verify", "expected FILE.galp and ORIGINAL");
    }
    const char *galp_path = parser.operands[0], *original_path = parser.operands[1];
    if (!has_format) {
        format = cli_format_for_path(original_path);
    }
    uint8_t *data, *decoded = NULL, *original = NULL;
    uint64_t original_count = 0;
    galp_column column;
    int status = cli_open_column(galp_path, &data, &column);
    if (status != CLI_EXIT_OK) {
        return status;
    }
    if (column.type == GALP_TYPE_STR) {
        status = cli_verify_strings(galp_path, &column, original_path, format, max_size, quiet);
        free(data);
        return status;
    }
    /* Counts first: a column that decodes to far more than the original is never decoded. */
    status = cli_load_values(original_path, format, column.type, column.value_count, &original,
                             &original_count);
    if (status == CLI_EXIT_OK && original_count != column.value_count) {
        printf("%s: MISMATCH with %s: the column holds %" PRIu64 " %s values, the original ",
               galp_path, original_path, column.value_count, galp_type_name(column.type));
        if (original_count > column.value_count) {
            printf("more\n"); /* read no further than that */
        } else {
            printf("%" PRIu64 "\n", original_count);
        }
        status = CLI_EXIT_MISMATCH;
    }
    if (status == CLI_EXIT_OK) {
        status = cli_decode_column(galp_path, &column, max_size, &decoded);
    }
    if (status == CLI_EXIT_OK) {
        status = compare(galp_path, original_path, column.type, decoded, original,
                         column.value_count, quiet);
    }
    free(original);
    free(decoded);
    free(data);
    return status;
}
