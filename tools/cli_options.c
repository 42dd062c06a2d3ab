/*
 * cli_options.c — option parsing for the galp commands (see cli_options.h for the forms).
 * Written here rather than with getopt_long so that the tool stays plain C11 + POSIX and every
 * message names the command it belongs to.
 */
#include <string.h>

#include "cli.h"
#include "cli_options.h"

void cli_parser_init(cli_parser *parser, const char *command, const cli_option *options,
                     int max_operands, int argc, char **argv)
{
    parser->command = command;
    parser->options = options;
    parser->argc = argc;
    parser->argv = argv;
    parser->next = 1;
    parser->operands_only = false;
    parser->max_operands = max_operands;
    parser->operand_count = 0;
}

/* Index of the long option `name` (length len), or -1. */
static int find_long(const cli_option *options, const char *name, size_t len)
{
    for (int i = 0; options[i].name != NULL; i++) {
        if (strlen(options[i].name) == len && strncmp(options[i].name, name, len) == 0) {
            return i;
        }
    }
    return -1;
}

static int find_short(const cli_option *options, char c)
{
    for (int i = 0; options[i].name != NULL; i++) {
        if (options[i].short_name == c) {
            return i;
        }
    }
    return -1;
}

/* Takes the option's value from `attached` (text after '=' or after -x) or from the next word. */
static int take_value(cli_parser *parser, int index, const char *attached, const char *spelled,
                      const char **value)
{
    if (attached != NULL) {
        *value = attached;
        return index;
    }
    if (parser->next >= parser->argc) {
        cli_usage_error(parser->command, "option '%s' needs a value", spelled);
        return CLI_BAD;
    }
    *value = parser->argv[parser->next++];
    return index;
}

static int parse_long(cli_parser *parser, const char *word, const char **value)
{
    const char *name = word + 2;
    const char *equals = strchr(name, '=');
    size_t len = equals != NULL ? (size_t)(equals - name) : strlen(name);
    int index = find_long(parser->options, name, len);
    if (index < 0) {
        cli_usage_error(parser->command, "unknown option '%.*s'", (int)(len + 2), word);
        return CLI_BAD;
    }
    if (!parser->options[index].has_value) {
        if (equals != NULL) {
            cli_usage_error(parser->command, "option '--%s' takes no value",
                            parser->options[index].name);
            return CLI_BAD;
        }
        return index;
    }
    return take_value(parser, index, equals != NULL ? equals + 1 : NULL, word, value);
}

static int parse_short(cli_parser *parser, const char *word, const char **value)
{
    int index = find_short(parser->options, word[1]);
    if (index < 0) {
        cli_usage_error(parser->command, "unknown option '-%c'", word[1]);
        return CLI_BAD;
    }
    if (!parser->options[index].has_value) {
        if (word[2] != '\0') {
            cli_usage_error(parser->command, "option '-%c' takes no value (got '%s')", word[1],
                            word);
            return CLI_BAD;
        }
        return index;
    }
    return take_value(parser, index, word[2] != '\0' ? word + 2 : NULL, word, value);
}

bool cli_parse_size(const char *text, uint64_t *bytes)
{
    static const char units[] = "KMGT";
    uint64_t value = 0;
    const char *p = text;
    for (; *p >= '0' && *p <= '9'; p++) {
        unsigned digit = (unsigned)(*p - '0');
        if (value > (UINT64_MAX - digit) / 10) {
            return false;
        }
        value = value * 10 + digit;
    }
    if (p == text) {
        return false;
    }
    if (*p != '\0') {
        const char *unit = strchr(units, *p);
        if (unit == NULL || p[1] != '\0') {
            return false;
        }
        for (const char *u = units; u <= unit; u++) {
            if (value > UINT64_MAX / 1024) {
                return false;
            }
            value *= 1024;
        }
    }
    *bytes = value;
    return true;
}

int cli_parser_next(cli_parser *parser, const char **value)
{
    *value = NULL;
    while (parser->next < parser->argc) {
        const char *word = parser->argv[parser->next++];
        if (parser->operands_only || word[0] != '-' || word[1] == '\0') {
            if (parser->operand_count == parser->max_operands) {
                cli_usage_error(parser->command, "too many operands ('%s')", word);
                return CLI_BAD;
            }
            parser->operands[parser->operand_count++] = word;
            continue;
        }
        if (strcmp(word, "--") == 0) {
            parser->operands_only = true;
            continue;
        }
        return word[1] == '-' ? parse_long(parser, word, value) : parse_short(parser, word, value);
    }
    return CLI_END;
}
