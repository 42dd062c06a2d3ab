/*
 * cli.h — what the commands of the `galp` tool share: exit codes, messages, entry points.
 *
 * Every command is `int galp_cli_NAME(int argc, char **argv)` with argv[0] the command name; it
 * returns one of the exit codes below, which docs/CLI.md documents for users.
 */
#ifndef GALP_CLI_H
#define GALP_CLI_H

#include <stdbool.h>

enum {
    CLI_EXIT_OK = 0,       /* success (verify: identical) */
    CLI_EXIT_DATA = 1,     /* invalid or unsupported input data or column file */
    CLI_EXIT_USAGE = 2,    /* bad command line */
    CLI_EXIT_IO = 3,       /* a file could not be read or written, or memory ran out */
    CLI_EXIT_MISMATCH = 4, /* verify: the column does not decode to the original */
    CLI_EXIT_NO_GPU = 5,   /* GPU command, but built without CUDA or no usable GPU */
    CLI_HELP_SHOWN = -1    /* internal to the commands: --help was printed, exit with 0 */
};

/* Prints "galp: MESSAGE" to stderr (printf-style, newline added). Returns nothing so that call
 * sites say which exit code they return. */
void cli_error(const char *format, ...) __attribute__((format(printf, 1, 2)));

/* Flushes standard output. A failure (now or of an earlier write) prints the one message for it,
 * "galp: cannot write standard output: REASON", and returns CLI_EXIT_IO; else CLI_EXIT_OK. */
int cli_flush_stdout(void);

/* Prints "galp COMMAND: MESSAGE" and a hint to run --help; returns CLI_EXIT_USAGE. */
int cli_usage_error(const char *command, const char *format, ...)
    __attribute__((format(printf, 2, 3)));

int galp_cli_encode(int argc, char **argv);
int galp_cli_decode(int argc, char **argv);
int galp_cli_inspect(int argc, char **argv);
int galp_cli_verify(int argc, char **argv);

#endif /* GALP_CLI_H */
