/*
 * cli_file.c — whole-file input and atomic output (see cli_file.h).
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "cli_file.h"

static int read_stream(FILE *stream, const char *path, uint8_t **data, size_t *size)
{
    size_t capacity = 1u << 16, length = 0;
    uint8_t *buffer = malloc(capacity);
    if (buffer == NULL) {
        cli_error("%s: out of memory", path);
        return CLI_EXIT_IO;
    }
    for (;;) {
        length += fread(buffer + length, 1, capacity - length, stream);
        if (length < capacity) {
            break; /* end of file or error: told apart below */
        }
        uint8_t *bigger = capacity <= SIZE_MAX / 2 ? realloc(buffer, capacity * 2) : NULL;
        if (bigger == NULL) {
            free(buffer);
            cli_error("%s: out of memory", path);
            return CLI_EXIT_IO;
        }
        buffer = bigger;
        capacity *= 2;
    }
    if (ferror(stream)) {
        int saved = errno;
        free(buffer);
        cli_error("cannot read '%s': %s", path, strerror(saved));
        return CLI_EXIT_IO;
    }
    *data = buffer;
    *size = length;
    return CLI_EXIT_OK;
}

int cli_read_file(const char *path, uint8_t **data, size_t *size)
{
    if (strcmp(path, "-") == 0) {
        return read_stream(stdin, "standard input", data, size);
    }
    FILE *stream = fopen(path, "rb");
    if (stream == NULL) {
        cli_error("cannot open '%s': %s", path, strerror(errno));
        return CLI_EXIT_IO;
    }
    int status = read_stream(stream, path, data, size);
    fclose(stream);
    return status;
}

/* A command interrupted by SIGINT, SIGTERM or SIGHUP while it writes an output removes the
 * temporary file before it dies, so that not even a hidden partial file is left. One output is
 * written at a time. Signals the caller ignores stay ignored. */
static const int cleanup_signals[] = {SIGINT, SIGTERM, SIGHUP};
#define CLEANUP_SIGNALS (sizeof cleanup_signals / sizeof cleanup_signals[0])
static struct sigaction saved_actions[CLEANUP_SIGNALS];
static const char *volatile watched_temp;

static void remove_temp_and_die(int sig)
{
    unlink(watched_temp); /* async-signal-safe */
    signal(sig, SIG_DFL);
    raise(sig);
}

static void watch_temp(const char *temp)
{
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = remove_temp_and_die;
    sigemptyset(&action.sa_mask);
    watched_temp = temp;
    for (size_t i = 0; i < CLEANUP_SIGNALS; i++) {
        sigaction(cleanup_signals[i], NULL, &saved_actions[i]);
        if (saved_actions[i].sa_handler != SIG_IGN) {
            sigaction(cleanup_signals[i], &action, NULL);
        }
    }
}

static void unwatch_temp(void)
{
    for (size_t i = 0; i < CLEANUP_SIGNALS; i++) {
        sigaction(cleanup_signals[i], &saved_actions[i], NULL);
    }
    watched_temp = NULL;
}

/* "DIR/.NAME.XXXXXX" for "DIR/NAME": same directory, so that rename() is atomic. */
static char *temp_path_for(const char *path)
{
    const char *slash = strrchr(path, '/');
    size_t dir_len = slash != NULL ? (size_t)(slash - path) + 1 : 0;
    const char *name = path + dir_len;
    size_t size = dir_len + 1 + strlen(name) + sizeof ".XXXXXX";
    char *temp = malloc(size);
    if (temp != NULL) {
        snprintf(temp, size, "%.*s.%s.XXXXXX", (int)dir_len, path, name);
    }
    return temp;
}

int cli_output_open(cli_output *out, const char *path)
{
    out->path = path;
    out->temp_path = NULL;
    out->stream = NULL;
    if (strcmp(path, "-") == 0) {
        out->stream = stdout;
        return CLI_EXIT_OK;
    }
    out->temp_path = temp_path_for(path);
    if (out->temp_path == NULL) {
        cli_error("%s: out of memory", path);
        return CLI_EXIT_IO;
    }
    int fd = mkstemp(out->temp_path);
    if (fd < 0) {
        cli_error("cannot create '%s': %s", out->temp_path, strerror(errno));
        free(out->temp_path);
        out->temp_path = NULL;
        return CLI_EXIT_IO;
    }
    watch_temp(out->temp_path);
    /* mkstemp creates mode 0600; give the result the mode a plain creat() would. */
    mode_t mask = umask(0);
    umask(mask);
    out->stream = fdopen(fd, "wb");
    if (out->stream == NULL || fchmod(fd, 0666 & ~mask) != 0) {
        cli_error("cannot write '%s': %s", out->temp_path, strerror(errno));
        if (out->stream == NULL) {
            close(fd);
        }
        cli_output_abort(out);
        return CLI_EXIT_IO;
    }
    return CLI_EXIT_OK;
}

void cli_output_abort(cli_output *out)
{
    if (out->temp_path == NULL) {
        return; /* standard output: what was written cannot be taken back */
    }
    if (out->stream != NULL) {
        fclose(out->stream);
    }
    unlink(out->temp_path);
    unwatch_temp();
    free(out->temp_path);
    out->temp_path = NULL;
    out->stream = NULL;
}

int cli_output_fail(cli_output *out)
{
    if (out->temp_path == NULL) {
        cli_flush_stdout(); /* the error flag is set: this reports it */
        return CLI_EXIT_IO;
    }
    cli_error("cannot write '%s': %s", out->path, strerror(errno));
    cli_output_abort(out);
    return CLI_EXIT_IO;
}

int cli_output_commit(cli_output *out)
{
    if (out->temp_path == NULL) {
        return cli_flush_stdout();
    }
    if (fflush(out->stream) != 0 || ferror(out->stream) || fsync(fileno(out->stream)) != 0) {
        cli_error("cannot write '%s': %s", out->path, strerror(errno));
        cli_output_abort(out);
        return CLI_EXIT_IO;
    }
    int closed = fclose(out->stream);
    out->stream = NULL;
    if (closed != 0 || rename(out->temp_path, out->path) != 0) {
        cli_error("cannot write '%s': %s", out->path, strerror(errno));
        cli_output_abort(out);
        return CLI_EXIT_IO;
    }
    unwatch_temp();
    free(out->temp_path);
    out->temp_path = NULL;
    return CLI_EXIT_OK;
}

int cli_write_file(const char *path, const void *data, size_t size)
{
    cli_output out;
    int status = cli_output_open(&out, path);
    if (status != CLI_EXIT_OK) {
        return status;
    }
    if (size > 0 && fwrite(data, 1, size, out.stream) != size) {
        return cli_output_fail(&out);
    }
    return cli_output_commit(&out);
}
