/*
 * cli_encode.c — `galp encode`: a binary or text column in, a galp column file out.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_file.h"
#include "cli_options.h"
#include "cli_strings.h"
#include "cli_values.h"

static const char usage[] =
    "Usage: galp encode --type TYPE [options] INPUT OUTPUT\n"
    "Compress a column of values into a galp column file (spec/format.md).\n"
    "\n"
    "  -t, --type TYPE      value type: u8, u16, u32, u64, f32, f64, str (required)\n"
    "  -s, --scheme SCHEME  raw, ffor, delta, rle or runs (integers), dict (any type but str),\n"
    "                       alp, galp or alp-rd (floats), gpu-for, gpu-dfor or gpu-rfor (u32),\n"
    "                       fsst (str), or auto (default): for integers a ffor column whose\n"
    "                       vectors each take the smallest of ffor, delta, rle, dict and runs, for\n"
    "                       floats galp with alp-rd vectors where ALP compresses poorly, fsst\n"
    "                       for str; any vector of numbers that would grow is stored raw\n"
    "  -f, --format FORMAT  input format: binary (little-endian values back to back; for str,\n"
    "                       each string as a u32 length and its bytes) or text (one value or\n"
    "                       string per line); default: text for .txt and .csv names, binary\n"
    "                       otherwise\n"
    "      --no-checksum    leave out the payload checksums (a version 1.0 file); by default\n"
    "                       every vector's payload carries a CRC32C that decoders check\n"
    "  -q, --quiet          do not print the size summary\n"
    "  -h, --help           show this help\n"
    "\n"
    "INPUT may be '-' for standard input, OUTPUT '-' for standard output. OUTPUT appears only\n"
    "once complete: on any error no output file is left behind.\n";

enum { OPT_TYPE, OPT_SCHEME, OPT_FORMAT, OPT_NO_CHECKSUM, OPT_QUIET, OPT_HELP };
static const cli_option options[] = {
    [OPT_TYPE] = {"type", 't', true},     [OPT_SCHEME] = {"scheme", 's', true},
    [OPT_FORMAT] = {"format", 'f', true}, [OPT_NO_CHECKSUM] = {"no-checksum", 0, false},
    [OPT_QUIET] = {"quiet", 'q', false},  [OPT_HELP] = {"help", 'h', false},
    {NULL, 0, false},
};

typedef struct encode_args {
    const char *input, *output;
    bool has_type, has_format, quiet;
    galp_type type;
    galp_scheme scheme;
    uint32_t flags; /* header flags for galp_compress_ex */
    cli_format format;
} encode_args;

/* Fills args from the command line; returns CLI_EXIT_OK, CLI_EXIT_USAGE or CLI_HELP_SHOWN. */
static int parse_args(int argc, char **argv, encode_args *args)
{
    cli_parser parser;
    cli_parser_init(&parser, "encode", options, 2, argc, argv);
    const char *value;
    *args = (encode_args){.scheme = GALP_SCHEME_AUTO,
                          .flags = GALP_FLAGS_ALL};
    for (int opt; (opt = cli_parser_next(&parser, &value)) != CLI_END;) {
        switch (opt) {
        case CLI_BAD: return CLI_EXIT_USAGE;
        case OPT_TYPE:
            if (!cli_type_from_name(value, &args->type)) {
                return cli_usage_error("encode", "unknown type '%s'", value);
            }
            args->has_type = true;
            break;
        case OPT_SCHEME:
            if (!cli_scheme_from_name(value, &args->scheme)) {
                return cli_usage_error("encode", "unknown scheme '%s'", value);
            }
            break;
        case OPT_FORMAT:
            if (!cli_format_from_name(value, &args->format)) {
                return cli_usage_error("encode", "unknown format '%s' (binary or text)", value);
            }
            args->has_format = true;
            break;
        case OPT_NO_CHECKSUM: args->flags &= ~GALP_FLAG_PAYLOAD_CHECKSUMS; break;
        case OPT_QUIET: args->quiet = true; break;
        default: fputs(usage, stdout); return CLI_HELP_SHOWN; /* OPT_HELP */
        }
    }
    if (parser.operand_count != 2) {
        return cli_usage_error("encode", "expected INPUT and OUTPUT");
    }
    if (!args->has_type) {
        return cli_usage_error("encode", "--type is required");
    }
    /* spec/format.md §2: FFOR, DELTA, RLE and RUNS are for integers, ALP, G-ALP and ALP-RD for
     * floats, the tile schemes for u32, RAW and DICT for all fixed-width types, FSST for str
     * alone. */
    bool is_float = cli_type_is_float(args->type);
    bool is_str = args->type == GALP_TYPE_STR;
    bool integer_only = args->scheme == GALP_SCHEME_FFOR || args->scheme == GALP_SCHEME_DELTA ||
                        args->scheme == GALP_SCHEME_RLE || args->scheme == GALP_SCHEME_RUNS;
    bool float_only = args->scheme == GALP_SCHEME_ALP || args->scheme == GALP_SCHEME_GALP ||
                      args->scheme == GALP_SCHEME_ALP_RD;
    bool is_tile = args->scheme == GALP_SCHEME_GPU_FOR || args->scheme == GALP_SCHEME_GPU_DFOR ||
                   args->scheme == GALP_SCHEME_GPU_RFOR;
    bool fixed_width_only = args->scheme == GALP_SCHEME_RAW || args->scheme == GALP_SCHEME_DICT;
    if ((integer_only && (is_float || is_str)) || (float_only && !is_float) ||
        (is_tile && args->type != GALP_TYPE_U32) || (fixed_width_only && is_str) ||
        (args->scheme == GALP_SCHEME_FSST && !is_str)) {
        return cli_usage_error("encode", "scheme %s does not apply to %s values",
                               galp_scheme_name(args->scheme), galp_type_name(args->type));
    }
    args->input = parser.operands[0];
    args->output = parser.operands[1];
    if (!args->has_format) {
        args->format = cli_format_for_path(args->input);
    }
    return CLI_EXIT_OK;
}

static void print_summary(const encode_args *args, uint64_t count, size_t encoded_size,
                          const uint8_t *encoded)
{
    galp_column column;
    if (galp_open(&column, encoded, encoded_size) != GALP_OK) {
        return; /* cannot happen for the encoder's own output; the summary is optional */
    }
    uint64_t raw_size = count * galp_type_size(args->type);
    printf("%s: %llu %s values, %llu -> %zu bytes", args->output, (unsigned long long)count,
           galp_type_name(args->type), (unsigned long long)raw_size, encoded_size);
    if (count > 0) {
        printf(" (ratio %.3f, %.3f bits/value)", (double)raw_size / (double)encoded_size,
               8.0 * (double)encoded_size / (double)count);
    }
    printf(", scheme %s, %s\n", galp_scheme_name(column.scheme),
           (column.flags & GALP_FLAG_PAYLOAD_CHECKSUMS) != 0 ? "payload checksums"
                                                              : "no payload checksums");
}

int galp_cli_encode(int argc, char **argv)
{
    encode_args args;
    int status = parse_args(argc, argv, &args);
    if (status != CLI_EXIT_OK) {
        return status == CLI_HELP_SHOWN ? CLI_EXIT_OK : status;
    }
    if (args.type == GALP_TYPE_STR) {
        return cli_encode_strings(args.input, args.output, args.format, args.flags, args.quiet);
    }
    uint8_t *values;
    uint64_t count;
    status = cli_load_values(args.input, args.format, args.type, UINT64_MAX, &values, &count);
    if (status != CLI_EXIT_OK) {
        return status;
    }
    size_t bound = galp_compress_bound(args.type, count);
    uint8_t *encoded = bound > 0 ? malloc(bound) : NULL;
    size_t encoded_size = 0;
    if (bound == 0) {
        cli_error("%s: %llu values are more than a galp column holds", args.input,
                  (unsigned long long)count);
        status = CLI_EXIT_DATA;
    } else if (encoded == NULL) {
        cli_error("%s: out of memory", args.input);
        status = CLI_EXIT_IO;
    } else {
        galp_status gs = galp_compress_ex(args.type, args.scheme, args.flags, values, count,
                                          encoded, bound, &encoded_size);
        if (gs != GALP_OK) {
            cli_error("%s: cannot encode: %s (%s)", args.input, galp_strerror(gs),
                      galp_status_name(gs));
            status = CLI_EXIT_DATA;
        }
    }
    free(values);
    if (status == CLI_EXIT_OK) {
        status = cli_write_file(args.output, encoded, encoded_size);
    }
    if (status == CLI_EXIT_OK && !args.quiet && strcmp(args.output, "-") != 0) {
        print_summary(&args, count, encoded_size, encoded);
    }
    free(encoded);
    return status;
}
