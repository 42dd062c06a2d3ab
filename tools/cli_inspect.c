/*
 * cli_inspect.c — `galp inspect`: what a column file holds and how well it compressed.
 * This file gathers the figures; cli_inspect_text.c and cli_inspect_json.c print them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <galp/layout.h>

#include "cli.h"
#include "cli_column.h"
#include "cli_inspect.h"
#include "cli_options.h"
#include "cli_strings.h"

static const char usage[] =
    "Usage: galp inspect [options] FILE.galp\n"
    "Validate a galp column file and describe it: header, schemes, bit widths, bits/value,\n"
    "compression ratio; for ALP and G-ALP also exponents, factors and exception counts (per\n"
    "lane for G-ALP).\n"
    "\n"
    "  -v, --vectors  list every vector, not only the column summary\n"
    "  -j, --json     print JSON instead of text\n"
    "  -h, --help     show this help\n";

enum { OPT_VECTORS, OPT_JSON, OPT_HELP };
static const cli_option options[] = {
    [OPT_VECTORS] = {"vectors", 'v', false},
    [OPT_JSON] = {"json", 'j', false},
    [OPT_HELP] = {"help", 'h', false},
    {NULL, 0, false},
};

void inspect_read_vector(const galp_column *column, uint32_t v, inspect_vector *out)
{
    memset(out, 0, sizeof *out);
    /* galp_open validated the whole table, so v < vector_count cannot fail. */
    galp_vector_info_get(column, v, &out->info);
    const galp_vector_info *info = &out->info;
    const unsigned w = 8 * (unsigned)galp_type_size(column->type);
    out->dict_in_entry = info->scheme == GALP_SCHEME_ALP_RD &&
                         galp_layout_alprd_dict_in_entry(w, info->bit_width, info->exponent, column->flags);
    if (info->scheme == GALP_SCHEME_DELTA)
        out->lane_base_width = galp_layout_delta_fields(w, info->exponent, column->flags) ? info->exponent : w;
    uint32_t lane_end_offset;
    if (info->scheme == GALP_SCHEME_GALP && info->exception_count > 0) {
        /* spec/galp.md §1.1: a vector without exceptions may have no lane table. */
        lane_end_offset = galp_layout_lane_end_offset(info->bit_width); /* spec/galp.md §1 */
    } else if (info->scheme == GALP_SCHEME_ALP_RD && info->exception_count > 0) {
        /* spec/alprd.md §3: the table is there only with exceptions; §3.1: after no
         * dictionary head where the dictionary is in the entry. */
        lane_end_offset = galp_layout_alprd_lane_end_at(w, info->bit_width, info->exponent, column->flags);
    } else {
        return;
    }
    /* lane_end[L]: u16, or u8 in a file with narrow lane ends (spec/galp.md §1.2); cumulative. */
    const unsigned width = galp_layout_lane_end_width(column->flags, info->exception_count);
    unsigned lanes = GALP_VECTOR_SIZE / (8 * (unsigned)galp_type_size(column->type));
    const uint8_t *lane_end = column->data + info->payload_offset + lane_end_offset;
    unsigned previous = 0;
    for (unsigned l = 0; l < lanes; l++) {
        unsigned end = width == 1 ? lane_end[l] : lane_end[2 * l] | (unsigned)lane_end[2 * l + 1] << 8;
        out->lane_exceptions[l] = (uint16_t)(end - previous);
        previous = end;
    }
}

bool inspect_is_alp(const inspect_report *report)
{
    const galp_scheme scheme = report->column->scheme;
    return scheme == GALP_SCHEME_ALP || scheme == GALP_SCHEME_GALP || scheme == GALP_SCHEME_ALP_RD;
}

int64_t inspect_signed_base(const inspect_report *report, uint64_t base)
{
    unsigned w = 8 * (unsigned)galp_type_size(report->column->type);
    if (w < 64 && (base >> (w - 1) & 1)) {
        return (int64_t)(base | ~((UINT64_C(1) << w) - 1));
    }
    return (int64_t)base; /* W = 64: implementation-defined in C11; gcc and clang wrap */
}

double inspect_bits_per_value(uint64_t bytes, uint64_t n)
{
    return n > 0 ? 8.0 * (double)bytes / (double)n : 0.0;
}

double inspect_ratio(uint64_t raw_bytes, uint64_t bytes)
{
    return bytes > 0 ? (double)raw_bytes / (double)bytes : 0.0;
}

static void add_vector(inspect_report *report, uint32_t v, const inspect_vector *vector)
{
    const galp_vector_info *info = &vector->info;
    report->vectors_by_scheme[info->scheme]++;
    report->payload_bytes += info->payload_size;
    if (info->scheme == GALP_SCHEME_RAW) {
        return;
    }
    if (info->bit_width < report->bit_width_min) {
        report->bit_width_min = info->bit_width;
    }
    if (info->bit_width > report->bit_width_max) {
        report->bit_width_max = info->bit_width;
    }
    report->packed_vectors++;
    report->dicts_in_entry += vector->dict_in_entry;
    report->packed_lane_bases += vector->info.scheme == GALP_SCHEME_DELTA &&
                                 vector->lane_base_width < 8u * galp_type_size(report->column->type);
    report->delta_run_values += vector->info.scheme == GALP_SCHEME_RUNS &&
                                vector->info.factor == GALP_LAYOUT_RUNS_DELTA_VALUES;
    report->offset_run_values += vector->info.scheme == GALP_SCHEME_RUNS &&
                                 vector->info.factor == GALP_LAYOUT_RUNS_OFFSET_VALUES;
    if (info->scheme == GALP_SCHEME_FFOR) { /* patches: spec/ffor.md §8 */
        report->patched_vectors += info->exception_count > 0;
        report->patches += info->exception_count;
    }
    report->bit_width_sum += info->bit_width;
    if (!inspect_is_alp(report)) {
        return;
    }
    if (info->scheme != GALP_SCHEME_ALP_RD) {
        report->ef_vectors[info->exponent][info->factor]++;
    }
    report->exceptions += info->exception_count;
    if (info->exception_count > report->most_exceptions) {
        report->most_exceptions = info->exception_count;
        report->most_exceptions_vector = v;
    }
    for (unsigned l = 0; l < report->lanes; l++) {
        if (vector->lane_exceptions[l] > report->most_lane_exceptions) {
            report->most_lane_exceptions = vector->lane_exceptions[l];
            report->most_lane_vector = v;
            report->most_lane = l;
        }
    }
}

static void summarize(const char *path, const galp_column *column, inspect_report *report)
{
    memset(report, 0, sizeof *report);
    report->path = path;
    report->column = column;
    report->lanes = GALP_VECTOR_SIZE / (8 * (unsigned)galp_type_size(column->type));
    report->raw_size = column->value_count * galp_type_size(column->type);
    report->bit_width_min = 64;
    for (uint32_t v = 0; v < column->vector_count; v++) {
        inspect_vector vector;
        inspect_read_vector(column, v, &vector);
        add_vector(report, v, &vector);
    }
    if (report->packed_vectors == 0) {
        report->bit_width_min = 0;
    }
}

int galp_cli_inspect(int argc, char **argv)
{
    cli_parser parser;
    cli_parser_init(&parser, "inspect", options, 1, argc, argv);
    const char *value;
    bool vectors = false, json = false;
    for (int opt; (opt = cli_parser_next(&parser, &value)) != CLI_END;) {
        switch (opt) {
        case CLI_BAD: return CLI_EXIT_USAGE;
        case OPT_VECTORS: vectors = true; break;
        case OPT_JSON: json = true; break;
        default: fputs(usage, stdout); return CLI_EXIT_OK; /* OPT_HELP */
        }
    }
    if (parser.operand_count != 1) {
        return cli_usage_error("inspect", "expected FILE.galp");
    }
    const char *path = parser.operands[0];
    uint8_t *data;
    galp_column column;
    int status = cli_open_column(path, &data, &column);
    if (status != CLI_EXIT_OK) {
        return status;
    }
    if (column.type == GALP_TYPE_STR) {
        cli_inspect_strings(stdout, path, &column, vectors, json);
        free(data);
        return CLI_EXIT_OK;
    }
    inspect_report report;
    summarize(path, &column, &report);
    (json ? inspect_print_json : inspect_print_text)(stdout, &report, vectors);
    free(data);
    return CLI_EXIT_OK; /* main() checks that standard output was written */
}
