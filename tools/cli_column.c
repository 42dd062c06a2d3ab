/*
 * cli_column.c — reading, opening and decoding a galp column file (see cli_column.h).
 */
#include <stdlib.h>

#include "cli.h"
#include "cli_column.h"
#include "cli_reader.h"

/* Offset of file_size in the header (spec/format.md §3.1). */
#define FILE_SIZE_OFFSET 48

static uint64_t load_u64_le(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--) {
        v = v << 8 | p[i];
    }
    return v;
}

/* Reads the column file `path` ("-": standard input) header first, and no more than the header
 * declares: file_size bytes (spec/format.md §3.1) and one more, which shows galp_open that more
 * follow. A header that fails the checks that come before file_size (spec/format.md §6 steps
 * 1-5) ends the read there, so `galp inspect /dev/zero` stops after 64 bytes. The bytes read are
 * not validated: galp_open (or the GPU upload) does that and names what is wrong. Returns
 * CLI_EXIT_OK or CLI_EXIT_IO after a message; *data (never NULL on success) is the caller's. */
static int cli_read_column(const char *path, uint8_t **data, size_t *size)
{
    cli_reader reader;
    int status = cli_reader_open(&reader, path);
    if (status == CLI_EXIT_OK) {
        status = cli_reader_fill(&reader, GALP_HEADER_SIZE);
    }
    galp_column header_only;
    /* On the header alone, galp_open fails with TRUNCATED at step 6 only if steps 1-5 passed:
     * then file_size is consistent with the rest of the header and worth reading up to. */
    if (status == CLI_EXIT_OK && reader.size == GALP_HEADER_SIZE &&
        galp_open(&header_only, reader.data, reader.size) == GALP_ERR_TRUNCATED) {
        uint64_t file_size = load_u64_le(reader.data + FILE_SIZE_OFFSET);
        status = cli_reader_fill(&reader, file_size < SIZE_MAX ? (size_t)file_size + 1 : SIZE_MAX);
    }
    if (status != CLI_EXIT_OK) {
        cli_reader_close(&reader);
        return status;
    }
    *size = reader.size;
    *data = cli_reader_take(&reader);
    return CLI_EXIT_OK;
}

int cli_open_column(const char *path, uint8_t **data, galp_column *column)
{
    size_t size;
    int status = cli_read_column(path, data, &size);
    if (status != CLI_EXIT_OK) {
        return status;
    }
    galp_status gs = galp_open(column, *data, size);
    if (gs != GALP_OK) {
        cli_error("%s: not a valid galp column file: %s (%s)", path, galp_strerror(gs),
                  galp_status_name(gs));
        free(*data);
        *data = NULL;
        return CLI_EXIT_DATA;
    }
    /* spec/format.md §3.5: a file is exactly file_size bytes. galp_open reads a column from
     * the start of a longer buffer; in a file the extra bytes are a second column or damage,
     * and decoding the first column alone would drop them without a word. */
    /* cli_read_column stops one byte past file_size, so how many follow is not known. */
    if (size > column->size) {
        cli_error("%s: not a valid galp column file: bytes follow the column's end "
                  "(file_size %zu): a file holds exactly one column (%s)",
                  path, column->size, galp_status_name(GALP_ERR_LAYOUT));
        free(*data);
        *data = NULL;
        return CLI_EXIT_DATA;
    }
    return CLI_EXIT_OK;
}

int cli_check_max_size(const char *path, galp_type type, uint64_t value_count, uint64_t max_size)
{
    /* value_count <= 1024 * (2^32 - 1) (spec/format.md §3.1): times 8 it cannot wrap. */
    uint64_t decoded = value_count * galp_type_size(type);
    if (decoded > max_size) {
        cli_error("%s: decodes to %llu bytes, more than --max-size %llu", path,
                  (unsigned long long)decoded, (unsigned long long)max_size);
        return CLI_EXIT_DATA;
    }
    return CLI_EXIT_OK;
}

int cli_decode_column(const char *path, const galp_column *column, uint64_t max_size,
                      uint8_t **values)
{
    int status = cli_check_max_size(path, column->type, column->value_count, max_size);
    if (status != CLI_EXIT_OK) {
        return status;
    }
    size_t value_size = galp_type_size(column->type);
    if (column->value_count > SIZE_MAX / value_size) {
        cli_error("%s: %llu values do not fit in memory", path,
                  (unsigned long long)column->value_count);
        return CLI_EXIT_IO;
    }
    size_t size = (size_t)column->value_count * value_size;
    *values = malloc(size > 0 ? size : 1);
    if (*values == NULL) {
        cli_error("%s: out of memory for %zu decoded bytes", path, size);
        return CLI_EXIT_IO;
    }
    galp_status gs = galp_column_decode(column, *values, size);
    if (gs != GALP_OK) {
        cli_error("%s: cannot decode: %s (%s)", path, galp_strerror(gs), galp_status_name(gs));
        free(*values);
        *values = NULL;
        return CLI_EXIT_DATA;
    }
    return CLI_EXIT_OK;
}
