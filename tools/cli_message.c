/*
 * cli_message.c — error messages of the galp tool, always on stderr, always prefixed so that a
 * message in a pipeline says which program wrote it.
 */
#include <stdarg.h>
#include <stdio.h>

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
