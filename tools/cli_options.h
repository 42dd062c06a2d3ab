/*
 * cli_options.h — a small command-line option parser shared by the galp commands.
 *
 * Accepted forms: --name, --name=VALUE, --name VALUE, -x, -xVALUE, -x VALUE. "--" ends the
 * options; "-" alone is an operand (standard input or output). Options and operands may be mixed.
 */
#ifndef GALP_CLI_OPTIONS_H
#define GALP_CLI_OPTIONS_H

#include <stdbool.h>

typedef struct cli_option {
    const char *name; /* long name, given as --name; NULL ends a table */
    char short_name;  /* given as -x; 0 if none */
    bool has_value;   /* whether the option takes a value */
} cli_option;

typedef struct cli_parser {
    const char *command;       /* for messages: "galp COMMAND: ..." */
    const cli_option *options; /* table ended by a NULL name */
    int argc;
    char **argv;
    int next;           /* index in argv of the next word */
    bool operands_only; /* "--" was seen */
} cli_parser;

/* cli_parser_next returns an index into the option table, or one of these. */
enum { CLI_OPERAND = -1, CLI_END = -2, CLI_BAD = -3 };

/* argv[0] is the command name and is skipped. */
void cli_parser_init(cli_parser *parser, const char *command, const cli_option *options,
                     int argc, char **argv);

/* The next option (its index; *value gets its value, or NULL), an operand (CLI_OPERAND, *value
 * gets it), the end (CLI_END), or a malformed word (CLI_BAD, after a usage message on stderr). */
int cli_parser_next(cli_parser *parser, const char **value);

#endif /* GALP_CLI_OPTIONS_H */
