/*
 * cli_file.h — all-or-nothing output for the galp commands (input: cli_reader.h).
 *
 * An output that is a regular file (or does not exist yet) goes to a temporary file in its
 * directory that is renamed over it only once everything was written and synced; on any failure
 * the temporary file is removed, so a failed command never leaves a partial output file behind.
 * Symbolic links are followed: the link stays, its target gets the output. A regular file with
 * several hard links is refused. Standard output's own file (/dev/stdout) is written as standard
 * output. Anything else (a device, a FIFO) is written through, like standard output, and what
 * was written there cannot be taken back.
 * The path "-" means standard output.
 */
#ifndef GALP_CLI_FILE_H
#define GALP_CLI_FILE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef struct cli_output {
    const char *path; /* the destination, as given */
    char *target;     /* the name replaced: path with its links followed; NULL if written through */
    char *temp_path;  /* the temporary file renamed over target; NULL if written through */
    FILE *stream;     /* write here between open and commit (stdout for "-") */
} cli_output;

/* Creates the temporary file, or opens what is written through. Returns CLI_EXIT_OK or
 * CLI_EXIT_IO after a message. */
int cli_output_open(cli_output *out, const char *path);

/* Flushes, syncs and renames the temporary file over the destination (or flushes and closes what
 * is written through). On any error the temporary file is removed. Returns CLI_EXIT_OK or
 * CLI_EXIT_IO after a message. */
int cli_output_commit(cli_output *out);

/* Discards everything written: closes and removes the temporary file (what was written through
 * stays written). */
void cli_output_abort(cli_output *out);

/* Reports that writing to out->stream failed (errno says why) and discards the output. Returns
 * CLI_EXIT_IO. */
int cli_output_fail(cli_output *out);

/* Opens `path`, writes `size` bytes and commits; the one-call form for binary outputs. */
int cli_write_file(const char *path, const void *data, size_t size);

#endif /* GALP_CLI_FILE_H */
