/*
 * cli_strings_encode.c — `galp encode --type str`: strings in (text or binary form,
 * cli_strings.h), an FSST column file out (spec/fsst.md).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_file.h"
#include "cli_strings.h"

int cli_encode_strings(const char *input, const char *output, cli_format format, uint32_t flags,
                       bool quiet)
{
    cli_strings s;
    int status = cli_load_strings(input, format, &s);
    if (status != CLI_EXIT_OK)
        return status;
    const uint64_t n = s.n, bytes = s.offsets[s.n];
    const size_t bound = galp_str_compress_bound(s.n, bytes);
    uint8_t *encoded = bound > 0 ? malloc(bound) : NULL;
    size_t encoded_size = 0;
    if (bound == 0) {
        cli_error("%s: %llu strings of %llu bytes are more than a galp column holds", input,
                  (unsigned long long)n, (unsigned long long)bytes);
        status = CLI_EXIT_DATA;
    } else if (encoded == NULL) {
        cli_error("%s: out of memory", input);
        status = CLI_EXIT_IO;
    } else {
        galp_status gs = galp_str_compress(s.offsets, s.data, n, flags, encoded, bound,
                                           &encoded_size);
        if (gs != GALP_OK) {
            cli_error("%s: cannot encode: %s (%s)", input, galp_strerror(gs),
                      galp_status_name(gs));
            status = gs == GALP_ERR_NO_MEMORY ? CLI_EXIT_IO : CLI_EXIT_DATA;
        }
    }
    cli_strings_free(&s);
    if (status == CLI_EXIT_OK)
        status = cli_write_file(output, encoded, encoded_size);
    /* The ratio counts one byte per string for its boundary, as a text file's newline
     * (docs/COMPRESSION.md says why). */
    if (status == CLI_EXIT_OK && !quiet && strcmp(output, "-") != 0)
        printf("%s: %llu str values, %llu bytes + %llu line ends -> %zu bytes (ratio %.3f), "
               "scheme fsst, %s\n",
               output, (unsigned long long)n, (unsigned long long)bytes, (unsigned long long)n,
               encoded_size, encoded_size > 0 ? (double)(bytes + n) / (double)encoded_size : 0.0,
               (flags & GALP_FLAG_PAYLOAD_CHECKSUMS) != 0 ? "payload checksums"
                                                          : "no payload checksums");
    free(encoded);
    return status;
}
