/*
 * conform_class.c — the error class a decoder under the command protocol writes to {err}
 * (spec/conformance.md §5.2; the format is defined in docs/CONFORMANCE.md).
 *
 * Strict on purpose: a lenient reader that found no class in "  GALP_ERR_X" would count the
 * rejection as "class not reported" and pass it, so a decoder whose class output is broken
 * would pass every invalid vector.
 */
#include "conform.h"

static bool is_name_byte(uint8_t c, bool first)
{
    return (c >= 'A' && c <= 'Z') || (!first && ((c >= '0' && c <= '9') || c == '_'));
}

conform_class conform_parse_class(const uint8_t *text, size_t len, char *name, size_t name_len)
{
    name[0] = '\0';
    if (len == 0) {
        return CONFORM_CLASS_NONE;
    }
    size_t n = 0;
    while (n < len && is_name_byte(text[n], n == 0)) {
        n++;
    }
    size_t rest = len - n;
    bool line_end = rest == 0 || (rest == 1 && text[n] == '\n') ||
                    (rest == 2 && text[n] == '\r' && text[n + 1] == '\n');
    if (n == 0 || n >= name_len || !line_end) {
        return CONFORM_CLASS_MALFORMED;
    }
    memcpy(name, text, n);
    name[n] = '\0';
    return CONFORM_CLASS_NAMED;
}
