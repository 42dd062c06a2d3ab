/*
 * cli_reader.h — reading an input file (or standard input, "-") for the galp commands, in steps
 * so that a command reads no more than it needs: a column file no more than its header declares,
 * a text no more than one line ahead, so that `/dev/zero` or an endless pipe cannot exhaust
 * memory before the input is found to be wrong.
 */
#ifndef GALP_CLI_READER_H
#define GALP_CLI_READER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef struct cli_reader {
    const char *name; /* for messages: the path, or "standard input" */
    FILE *stream;
    uint8_t *data;    /* the bytes read and not consumed; never NULL while open */
    size_t size;      /* bytes in data */
    size_t capacity;
    bool at_end;      /* the end of the input was reached */
} cli_reader;

/* Opens `path` ("-": standard input). Returns CLI_EXIT_OK or CLI_EXIT_IO after a message. */
int cli_reader_open(cli_reader *reader, const char *path);

/* Reads until reader->size >= want or the input ends. Returns CLI_EXIT_OK or CLI_EXIT_IO after a
 * message. */
int cli_reader_fill(cli_reader *reader, size_t want);

/* Drops the first n bytes of reader->data (input a parser is done with). */
void cli_reader_consume(cli_reader *reader, size_t n);

/* Hands reader->data over to the caller (who frees it) and closes the input. */
uint8_t *cli_reader_take(cli_reader *reader);

/* Closes the input and frees what was read. */
void cli_reader_close(cli_reader *reader);

#endif /* GALP_CLI_READER_H */
