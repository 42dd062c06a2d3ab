/*
 * cli_column.c — opening and decoding a galp column file (see cli_column.h).
 */
#include <stdlib.h>

#include "cli.h"
#include "cli_column.h"
#include "cli_file.h"

int cli_open_column(const char *path, uint8_t **data, galp_column *column)
{
    size_t size;
    int status = cli_read_file(path, data, &size);
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
    if (size > column->size) {
        cli_error("%s: not a valid galp column file: %zu bytes after the column's end "
                  "(file_size %zu): a file holds exactly one column (%s)",
                  path, size - column->size, column->size, galp_status_name(GALP_ERR_LAYOUT));
        free(*data);
        *data = NULL;
        return CLI_EXIT_DATA;
    }
    return CLI_EXIT_OK;
}

int cli_decode_column(const char *path, const galp_column *column, uint8_t **values)
{
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
