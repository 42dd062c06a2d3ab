/*
 * cli_options.h — a small command-line option parser shared by the galp commands.
 *
 * Accepted forms: --name, --name=VALUE, --name VALUE, -x, -xVALUE, -x VALUE. "--" ends the
 * options; "-" alone is an operand (standard input or output). Options and operands may be mixed;
 * the parser collects the operands and rejects more than the command takes.
 */
#ifndef GALP_CLI_OPTIONS_H
#define GALP_CLI_OPTIONS_H

#include <stdbool.h>
#include <stdint.h>

typedef struct cli_option {
    const char *name; /* long name, given as --name; NULL ends a table */
    char short_name;  /* given as -x; 0 if none */
    bool has_value;   /* whether the option takes a value */
} cli_option;

/* Most operands a command takes (verify: FILE.galp and ORIGINAL). */
#define CLI_MAX_OPERANDS 2

typedef struct cli_parser {
    const char *command;       /* for messages: "galp COMMAND: ..." */
    const cli_option *options; /* table ended by a NULL name */
    int argc;
    char **argv;
    int next;           /* index in argv of the next word */
    bool operands_only; /* "--" was seen */
    int max_operands;   /* operands the command takes at most */
    int operand_count;
    const char *operands[CLI_MAX_OPERANDS];
} cli_parser;

/* cli_parser_next returns an index into the option table, or one of these. */
enum { CLI_END = -1, CLI_BAD = -2 };

/* argv[0] is the command name and is skipped. max_operands <= CLI_MAX_OPERANDS. */
void cli_parser_init(cli_parser *parser, const char *command, const cli_option *options,
                     int max_operands, int argc, char **argv);

/* The next option (its index; *value gets its value, or NULL), the end (CLI_END), or a
 * malformed word or one operand too many (CLI_BAD, after a usage message on stderr). Operands
 * met on the way are collected in parser->operands. */
int cli_parser_next(cli_parser *parser, const char **value);

/* A size in bytes as given to --max-size: decimal digits, optionally followed by K, M, G or T
 * (binary multiples: K = 1024). False if malformed or above 2^64 - 1. */
bool cli_parse_size(const char *text, uint64_t *bytes);

#endif /* GALP_CLI_OPTIONS_H */
