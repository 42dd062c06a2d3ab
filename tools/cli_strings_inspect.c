/*
 * cli_strings_inspect.c — `galp inspect` of a str column (spec/fsst.md): the symbol table, the
 * strings, the pieces and default lengths of the vectors, and the ratio, as text or JSON.
 *
 * It reads the fields galp_open has validated straight from the file: the table's symbol count
 * at payload_offset (spec/fsst.md §3) and each payload's head (§5), or for lean vectors its
 * entry's piece count and the default length alone in its head (§5.1).
 */
#include <inttypes.h>
#include <string.h>

#include "cli_inspect.h"
#include "cli_strings.h"

static uint32_t load_u32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* One vector's figures from its entry and payload head (spec/fsst.md §4, §5, §5.1). */
typedef struct str_vector {
    galp_vector_info info;
    uint64_t bytes;           /* D_v */
    uint32_t pieces, code_size, default_length;
} str_vector;

static void read_vector(const galp_column *column, uint32_t v, uint64_t start, str_vector *out)
{
    galp_vector_info_get(column, v, &out->info);
    const uint8_t *head = column->data + out->info.payload_offset;
    out->bytes = out->info.base - start;
    if ((column->flags & GALP_FLAG_LEAN_STR_VECTORS) != 0) {
        /* the head holds L and the entries of pieces 1 … p − 1; the codes fill the rest */
        out->pieces = out->info.exception_count;
        out->code_size = out->info.payload_size - (4u + 12u * (out->pieces - 1u));
        out->default_length = load_u32(head);
    } else {
        out->pieces = load_u32(head);
        out->code_size = load_u32(head + 4);
        out->default_length = load_u32(head + 8);
    }
}

/* The symbol table's count and size (spec/fsst.md §3; bits 0–3 of a descriptor count the
 * bytes stored in either form, §3.1). */
static void table_figures(const galp_column *column, uint32_t *symbols, uint64_t *size)
{
    const uint8_t *table = column->data + GALP_HEADER_SIZE +
                           (size_t)GALP_VECTOR_ENTRY_SIZE * column->vector_count;
    *symbols = load_u32(table);
    *size = 8u + *symbols;
    for (uint32_t c = 0; c < *symbols; c++)
        *size += table[8 + c] & 0x0Fu;
}

void cli_inspect_strings(FILE *out, const char *path, const galp_column *column, bool vectors,
                         bool json)
{
    uint32_t symbols;
    uint64_t table_size, bytes, pieces = 0, codes = 0;
    uint32_t defaulted = 0;
    table_figures(column, &symbols, &table_size);
    galp_column_str_bytes(column, &bytes);
    uint64_t start = 0;
    for (uint32_t v = 0; v < column->vector_count; v++) {
        str_vector sv;
        read_vector(column, v, start, &sv);
        start = sv.info.base;
        pieces += sv.pieces;
        codes += sv.code_size;
        defaulted += sv.default_length != 0;
    }
    const uint64_t n = column->value_count;
    const double ratio = column->size > 0 ? (double)(bytes + n) / (double)column->size : 0.0;
    const char *checks = (column->flags & GALP_FLAG_PAYLOAD_CHECKSUMS) != 0
                             ? "CRC32C per vector, verified" : "none";
    const bool compact = (column->flags & GALP_FLAG_COMPACT_SYMBOLS) != 0;
    if (json) {
        fputs("{\"file\": ", out);
        inspect_print_json_string(out, path);
        fprintf(out, ", \"file_size\": %zu, \"version\": \"%u.%u\", "
                "\"value_type\": \"str\", \"scheme\": \"fsst\", \"payload_checksums\": %s, "
                "\"strings\": %" PRIu64 ", \"string_bytes\": %" PRIu64 ", \"symbols\": %" PRIu32
                ", \"symbol_table_bytes\": %" PRIu64 ", \"compact_symbol_table\": %s"
                ", \"vectors\": %" PRIu32
                ", \"default_length_vectors\": %" PRIu32 ", \"pieces\": %" PRIu64
                ", \"code_bytes\": %" PRIu64 ", \"ratio\": %.4f",
                column->size, GALP_VERSION_MAJOR, (unsigned)column->version_minor,
                (column->flags & GALP_FLAG_PAYLOAD_CHECKSUMS) != 0 ? "true" : "false", n,
                bytes, symbols, table_size, compact ? "true" : "false", column->vector_count,
                defaulted, pieces, codes, ratio);
    } else {
        fprintf(out, "file             %s\n", path);
        fprintf(out, "file size        %zu bytes\n", column->size);
        fprintf(out, "format version   %u.%u\n", GALP_VERSION_MAJOR,
                (unsigned)column->version_minor);
        fprintf(out, "payload checksum %s\n", checks);
        fprintf(out, "value type       str, scheme fsst\n");
        fprintf(out, "strings          %" PRIu64 ", %" PRIu64 " bytes\n", n, bytes);
        fprintf(out, "symbol table     %" PRIu32 " symbols, %" PRIu64 " bytes%s\n", symbols,
                table_size, compact ? ", compact (shared starts)" : "");
        fprintf(out, "vectors          %" PRIu32 ", %" PRIu32 " with a default length\n",
                column->vector_count, defaulted);
        fprintf(out, "pieces           %" PRIu64 ", %" PRIu64 " code bytes\n", pieces, codes);
        fprintf(out, "ratio            %.3f (string bytes + one per string / file size)\n",
                ratio);
    }
    if (vectors) {
        if (json)
            fputs(", \"vector_list\": [", out);
        else
            fputs("vector  offset      size  end_offset  pieces  default_length\n", out);
        start = 0;
        for (uint32_t v = 0; v < column->vector_count; v++) {
            str_vector sv;
            read_vector(column, v, start, &sv);
            start = sv.info.base;
            if (json)
                fprintf(out, "%s{\"vector\": %" PRIu32 ", \"payload_offset\": %" PRIu64
                        ", \"payload_size\": %" PRIu32 ", \"end_offset\": %" PRIu64
                        ", \"pieces\": %" PRIu32 ", \"default_length\": %" PRIu32 "}",
                        v > 0 ? ", " : "", v, sv.info.payload_offset, sv.info.payload_size,
                        sv.info.base, sv.pieces, sv.default_length);
            else
                fprintf(out, "%6" PRIu32 "  %10" PRIu64 "  %8" PRIu32 "  %10" PRIu64
                        "  %6" PRIu32 "  %14" PRIu32 "\n",
                        v, sv.info.payload_offset, sv.info.payload_size, sv.info.base,
                        sv.pieces, sv.default_length);
        }
        if (json)
            fputc(']', out);
    }
    if (json)
        fputs("}\n", out);
}
