/*
 * cli_reader.c — stepwise input (see cli_reader.h).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_reader.h"

/* First allocation; the buffer then doubles, but never beyond what a fill asked for. */
#define READER_START_CAPACITY ((size_t)1 << 16)

int cli_reader_open(cli_reader *reader, const char *path)
{
    *reader = (cli_reader){.name = path};
    if (strcmp(path, "-") == 0) {
        reader->name = "standard input";
        reader->stream = stdin;
    } else if ((reader->stream = fopen(path, "rb")) == NULL) {
        cli_error("cannot open '%s': %s", path, strerror(errno));
        return CLI_EXIT_IO;
    }
    reader->data = malloc(1);
    if (reader->data == NULL) {
        cli_error("%s: out of memory", reader->name);
        cli_reader_close(reader);
        return CLI_EXIT_IO;
    }
    return CLI_EXIT_OK;
}

/* Makes room for `want` bytes, growing geometrically so that a long input costs few copies. */
static int reserve(cli_reader *reader, size_t want)
{
    if (want <= reader->capacity) {
        return CLI_EXIT_OK;
    }
    size_t capacity = reader->capacity < READER_START_CAPACITY ? READER_START_CAPACITY
                      : reader->capacity <= SIZE_MAX / 2 ? reader->capacity * 2
                                                         : SIZE_MAX;
    if (capacity > want) {
        capacity = want;
    }
    uint8_t *bigger = realloc(reader->data, capacity);
    if (bigger == NULL) {
        cli_error("%s: out of memory", reader->name);
        return CLI_EXIT_IO;
    }
    reader->data = bigger;
    reader->capacity = capacity;
    return CLI_EXIT_OK;
}

int cli_reader_fill(cli_reader *reader, size_t want)
{
    while (reader->size < want && !reader->at_end) {
        int status = reserve(reader, want);
        if (status != CLI_EXIT_OK) {
            return status;
        }
        size_t room = reader->capacity - reader->size;
        size_t got = fread(reader->data + reader->size, 1, room, reader->stream);
        reader->size += got;
        if (got < room) {
            if (ferror(reader->stream)) {
                cli_error("cannot read '%s': %s", reader->name, strerror(errno));
                return CLI_EXIT_IO;
            }
            reader->at_end = true;
        }
    }
    return CLI_EXIT_OK;
}

void cli_reader_consume(cli_reader *reader, size_t n)
{
    memmove(reader->data, reader->data + n, reader->size - n);
    reader->size -= n;
}

uint8_t *cli_reader_take(cli_reader *reader)
{
    uint8_t *data = reader->data;
    reader->data = NULL;
    cli_reader_close(reader);
    return data;
}

void cli_reader_close(cli_reader *reader)
{
    if (reader->stream != NULL && reader->stream != stdin) {
        fclose(reader->stream);
    }
    reader->stream = NULL;
    free(reader->data);
    reader->data = NULL;
}
