/*
 * fuzz_inspect.c — arbitrary bytes through `galp inspect` (tools/cli_inspect.c).
 *
 * The command reads a file, so each input is written to a private temporary file and the
 * command's own entry point, galp_cli_inspect, is run on it with the options chosen by the last
 * input byte (text or JSON, with or without the per-vector listing). Its report walks every
 * vector's metadata and every G-ALP lane_end table of an accepted file. Properties: no crash,
 * leak or undefined behaviour, and the exit code is CLI_EXIT_OK exactly when galp_open accepts
 * the bytes and they end at the header's file_size, CLI_EXIT_DATA otherwise. The report goes
 * to /dev/null.
 */
#define _POSIX_C_SOURCE 200809L /* mkstemp, dirent, stat */

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "fuzz_require.h"
#include "galp.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char input_path[] = "/tmp/galp-fuzz-inspect-XXXXXX";

static void remove_input(void)
{
    unlink(input_path);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    int fd = mkstemp(input_path);
    FUZZ_REQUIRE(fd >= 0, "cannot create %s", input_path);
    close(fd);
    atexit(remove_input);
    FUZZ_REQUIRE(freopen("/dev/null", "w", stdout) != NULL, "cannot redirect stdout");
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FILE *f = fopen(input_path, "wb");
    FUZZ_REQUIRE(f != NULL, "cannot write %s", input_path);
    FUZZ_REQUIRE(fwrite(data, 1, size, f) == size && fclose(f) == 0, "cannot write %s",
                 input_path);

    const unsigned options = size > 0 ? data[size - 1] : 0;
    char command[] = "inspect", vectors[] = "--vectors", json[] = "--json";
    char *argv[5];
    int argc = 0;
    argv[argc++] = command;
    if (options & 1)
        argv[argc++] = vectors;
    if (options & 2)
        argv[argc++] = json;
    argv[argc++] = input_path;
    argv[argc] = NULL;
    int rc = galp_cli_inspect(argc, argv);

    galp_column column;
    galp_status status = galp_open(&column, data, size);
    /* spec/format.md §3.5: a file is exactly file_size bytes. galp_open reads a column from
     * the start of a longer buffer; the CLI refuses a file with bytes after it. */
    const bool trailing = status == GALP_OK && size > column.size;
    FUZZ_REQUIRE(rc == (status == GALP_OK && !trailing ? CLI_EXIT_OK : CLI_EXIT_DATA),
                 "galp inspect exit %d for a file galp_open answers %s%s", rc,
                 galp_status_name(status), trailing ? ", with bytes after file_size" : "");
    return 0;
}
