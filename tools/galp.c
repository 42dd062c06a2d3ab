/*
 * galp.c — the `galp` command-line tool: dispatches to one command per file (tools/cli_*.c).
 * docs/CLI.md is the user documentation; exit codes are listed in cli.h and there.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "cli_gpu.h"
#include "galp.h"

static const char usage[] =
    "Usage: galp COMMAND [options] [arguments]\n"
    "Encode, decode, inspect and verify galp column files (FFOR, ALP, G-ALP).\n"
    "\n"
    "Commands:\n"
    "  encode   compress binary or text values into a column file\n"
    "  decode   decompress a column file to binary or text values (--gpu: on the GPU)\n"
    "  inspect  describe a column file: schemes, bit widths, exceptions, ratio\n"
    "  verify   check that a column file decodes bit for bit to the original values\n"
    "  scan     count, sum, min/max or filter a compressed column on the GPU\n"
    "\n"
    "'galp COMMAND --help' describes a command; 'galp --version' prints the version.\n"
    "Exit codes: 0 ok, 1 invalid data or column file, 2 usage error, 3 I/O error,\n"
    "4 verify mismatch, 5 no CUDA support or no GPU.\n";

typedef struct command {
    const char *name;
    int (*run)(int argc, char **argv);
} command;

static const command commands[] = {
    {"encode", galp_cli_encode},   {"decode", galp_cli_decode}, {"inspect", galp_cli_inspect},
    {"verify", galp_cli_verify},   {"scan", galp_cli_scan},
};

/* Runs the command named argv[0]. */
static int run_command(int argc, char **argv)
{
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
        if (strcmp(argv[0], commands[i].name) == 0) {
            return commands[i].run(argc, argv);
        }
    }
    fprintf(stderr, "galp: unknown command '%s'\nTry 'galp --help'.\n", argv[0]);
    return CLI_EXIT_USAGE;
}

static void print_version(void)
{
    printf("galp %s (column format %u.%u, CUDA %s)\n", PACKAGE_VERSION, GALP_VERSION_MAJOR,
           GALP_VERSION_MINOR,
#ifdef GALP_HAVE_CUDA
           "built in"
#else
           "not built"
#endif
    );
}

/* What a command printed on standard output is part of its result: a command that succeeded (or
 * found a mismatch) but could not write it reports that, and one that succeeded fails with it. */
static int finish_stdout(int status)
{
    if (status != CLI_EXIT_OK && status != CLI_EXIT_MISMATCH) {
        return status; /* the command reported its own failure, which the code names */
    }
    int flushed = cli_flush_stdout();
    return status == CLI_EXIT_OK ? flushed : status;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fputs(usage, stderr);
        return CLI_EXIT_USAGE;
    }
    const char *first = argv[1];
    if (strcmp(first, "help") == 0 && argc == 3) {
        static char help_option[] = "--help"; /* "galp help CMD" is "galp CMD --help" */
        char *help_argv[] = {argv[2], help_option, NULL};
        return finish_stdout(run_command(2, help_argv));
    }
    if (strcmp(first, "help") == 0 || strcmp(first, "--help") == 0 || strcmp(first, "-h") == 0) {
        fputs(usage, stdout);
        return finish_stdout(CLI_EXIT_OK);
    }
    if (strcmp(first, "--version") == 0 || strcmp(first, "-V") == 0) {
        print_version();
        return finish_stdout(CLI_EXIT_OK);
    }
    return finish_stdout(run_command(argc - 1, argv + 1));
}
