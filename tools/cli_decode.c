/*
 * cli_decode.c — `galp decode`: a galp column file in, its values out (binary or text).
 */
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"
#include "cli_column.h"
#include "cli_file.h"
#include "cli_gpu.h"
#include "cli_options.h"
#include "cli_strings.h"
#include "cli_values.h"

static const char usage[] =
    "Usage: galp decode [options] INPUT OUTPUT\n"
    "Decompress a galp column file.\n"
    "\n"
    "  -T, --text           write one value per line (floats with %.17g / %.9g, which read\n"
    "                       back to the same value; NaN payloads are lost in text) instead of\n"
    "                       the raw little-endian values (bit-exact, NaN payloads and -0 kept);\n"
    "                       str columns: one string per line instead of a u32 length and the\n"
    "                       bytes of each string\n"
    "  -g, --gpu            decode on the GPU (binary output only; exit code 5 if galp was\n"
    "                       built without CUDA or there is no usable GPU)\n"
    "  -m, --max-size SIZE  refuse a column that decodes to more than SIZE bytes (suffix K,\n"
    "                       M, G or T: binary multiples) before decoding it (exit code 1)\n"
    "  -h, --help           show this help\n"
    "\n"
    "INPUT may be '-' for standard input, OUTPUT '-' for standard output. The file is fully\n"
    "validated before anything is written; on any error no output file is left behind.\n";

enum { OPT_TEXT, OPT_GPU, OPT_MAX_SIZE, OPT_HELP };
static const cli_option options[] = {
    [OPT_TEXT] = {"text", 'T', false},
    [OPT_GPU] = {"gpu", 'g', false},
    [OPT_MAX_SIZE] = {"max-size", 'm', true},
    [OPT_HELP] = {"help", 'h', false},
    {NULL, 0, false},
};

static int write_text(const char *path, galp_type type, const uint8_t *values, uint64_t count)
{
    cli_output out;
    int status = cli_output_open(&out, path);
    if (status != CLI_EXIT_OK) {
        return status;
    }
    if (!cli_write_values_text(out.stream, type, values, count)) {
        return cli_output_fail(&out);
    }
    return cli_output_commit(&out);
}

int galp_cli_decode(int argc, char **argv)
{
    cli_parser parser;
    cli_parser_init(&parser, "decode", options, 2, argc, argv);
    const char *value;
    bool text = false, gpu = false;
    uint64_t max_size = CLI_NO_MAX_SIZE;
    for (int opt; (opt = cli_parser_next(&parser, &value)) != CLI_END;) {
        switch (opt) {
        case CLI_BAD: return CLI_EXIT_USAGE;
        case OPT_TEXT: text = true; break;
        case OPT_GPU: gpu = true; break;
        case OPT_MAX_SIZE:
            if (!cli_parse_size(value, &max_size)) {
                return cli_usage_error("decode", "--max-size needs a size in bytes, got '%s'",
                                       value);
            }
            break;
        default: fputs(usage, stdout); return CLI_EXIT_OK; /* OPT_HELP */
        }
    }
    if (parser.operand_count != 2) {
        return cli_usage_error("decode", "expected INPUT and OUTPUT");
    }
    const char *input = parser.operands[0], *output = parser.operands[1];
    if (gpu) {
        if (text) {
            return cli_usage_error("decode", "--gpu writes binary values; --text is CPU only");
        }
        return galp_cli_decode_gpu(input, output, max_size);
    }
    uint8_t *data, *values;
    galp_column column;
    int status = cli_open_column(input, &data, &column);
    if (status != CLI_EXIT_OK) {
        return status;
    }
    if (column.type == GALP_TYPE_STR) {
        status = cli_decode_strings(input, &column, output, text, max_size);
        free(data);
        return status;
    }
    status = cli_decode_column(input, &column, max_size, &values);
    if (status == CLI_EXIT_OK) {
        status = text ? write_text(output, column.type, values, column.value_count)
                      : cli_write_file(output, values,
                                       column.value_count * galp_type_size(column.type));
        free(values);
    }
    free(data);
    return status;
}
