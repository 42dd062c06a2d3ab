/*
 * cli_message.c — error messages of the galp tool, always on stderr, always prefixed so that a
 * message in a pipeline says which program wrote it.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

void cli_error(const char *format, ...)
{
    va_list args;
    va_start(args, format);
    fputs("galp: ", stderr);
    vfprintf(stderr, format, args);
    fputc('\n', stderr);
    va_end(args);
}

int cli_flush_stdout(void)
{
    /* The error flag also records a write that failed before this flush; errno then still
     * holds its reason, unless something since cleared it. */
    if (fflush(stdout) != 0 || ferror(stdout)) {
        cli_error("cannot write standard output: %s", errno != 0 ? strerror(errno) : "write error");
        return CLI_EXIT_IO;
    }
    return CLI_EXIT_OK;
}

int cli_usage_error(const char *command, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    fprintf(stderr, "galp %s: ", command);
    vfprintf(stderr, format, args);
    fprintf(stderr, "\nTry 'galp %s --help'.\n", command);
    va_end(args);
    return CLI_EXIT_USAGE;
}
