/*
 * cli_file.c — all-or-nothing output (see cli_file.h).
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "cli_file.h"

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

/* Symbolic links followed before giving up with ELOOP, as the kernel's own limit. */
#define MAX_LINK_HOPS 40

/* "DIR/" of "DIR/NAME" joined with `name` (a link's relative target is relative to DIR). */
static char *join_dir(const char *path, const char *name)
{
    const char *slash = strrchr(path, '/');
    size_t dir_len = slash != NULL ? (size_t)(slash - path) + 1 : 0;
    size_t size = dir_len + strlen(name) + 1;
    char *joined = malloc(size);
    if (joined != NULL) {
        snprintf(joined, size, "%.*s%s", (int)dir_len, path, name);
    }
    return joined;
}

/* The name that `path` leads to once the symbolic links of its last component are followed:
 * the name to create or replace, so that links survive and their target gets the output. A
 * dangling link leads to the name it points to. NULL with errno set on failure. */
static char *follow_links(const char *path)
{
    char *current = strdup(path);
    for (int hops = 0; current != NULL; hops++) {
        struct stat st;
        if (lstat(current, &st) != 0 || !S_ISLNK(st.st_mode)) {
            return current; /* not a link (or absent): later calls report what is wrong */
        }
        char target[PATH_MAX];
        ssize_t n = -1;
        if (hops == MAX_LINK_HOPS) {
            errno = ELOOP;
        } else if ((n = readlink(current, target, sizeof target)) == (ssize_t)sizeof target) {
            errno = ENAMETOOLONG;
            n = -1;
        }
        if (n < 0) {
            free(current);
            return NULL;
        }
        target[n] = '\0';
        char *next = target[0] == '/' ? strdup(target) : join_dir(current, target);
        free(current);
        current = next;
    }
    return NULL;
}

/* "DIR/.NAME.XXXXXX" for "DIR/NAME": same directory, so that rename() is atomic. NAME is
 * shortened so that the temporary name still fits in a directory entry (NAME_MAX bytes). */
static char *temp_path_for(const char *path)
{
    static const char suffix[] = ".XXXXXX";
    const char *slash = strrchr(path, '/');
    size_t dir_len = slash != NULL ? (size_t)(slash - path) + 1 : 0;
    const char *name = path + dir_len;
    size_t name_len = strlen(name), room = NAME_MAX - 1 - (sizeof suffix - 1);
    if (name_len > room) {
        name_len = room;
    }
    size_t size = dir_len + 1 + name_len + sizeof suffix;
    char *temp = malloc(size);
    if (temp != NULL) {
        snprintf(temp, size, "%.*s.%.*s%s", (int)dir_len, path, (int)name_len, name, suffix);
    }
    return temp;
}

/* Writes into a temporary file beside out->target, renamed over it by cli_output_commit. */
static int open_temp(cli_output *out)
{
    out->temp_path = temp_path_for(out->target);
    if (out->temp_path == NULL) {
        cli_error("%s: out of memory", out->path);
        return CLI_EXIT_IO;
    }
    int fd = mkstemp(out->temp_path);
    if (fd < 0) {
        cli_error("cannot create '%s': %s", out->temp_path, strerror(errno));
        free(out->temp_path); /* nothing was created: nothing to remove or watch */
        out->temp_path = NULL;
        return CLI_EXIT_IO;
    }
    watch_temp(out->temp_path);
    /* mkstemp creates mode 0600; give the result the mode a plain creat() would. */
    mode_t mask = umask(0);
    umask(mask);
    out->stream = fdopen(fd, "wb");
    if (out->stream == NULL || fchmod(fd, 0666 & ~mask) != 0) {
        if (out->stream == NULL) {
            close(fd);
        }
        return cli_output_fail(out);
    }
    return CLI_EXIT_OK;
}

/* Writes through `path` itself: a device, a FIFO or a socket cannot be replaced, and what is
 * written there cannot be taken back. A regular file gets here only when named through a link
 * that does not lead to its name (/proc/PID/fd/N onto a file): it is truncated, as cp does. */
static int open_through(cli_output *out)
{
    int fd = open(out->path, O_WRONLY | O_NOCTTY | O_TRUNC);
    out->stream = fd >= 0 ? fdopen(fd, "wb") : NULL;
    if (out->stream == NULL) {
        cli_error("cannot write '%s': %s", out->path, strerror(errno));
        if (fd >= 0) {
            close(fd);
        }
        return CLI_EXIT_IO;
    }
    return CLI_EXIT_OK;
}

/* Whether two stat results are the same file. */
static bool same_file(const struct stat *a, const struct stat *b)
{
    return a->st_dev == b->st_dev && a->st_ino == b->st_ino;
}

int cli_output_open(cli_output *out, const char *path)
{
    *out = (cli_output){.path = path};
    if (strcmp(path, "-") == 0) {
        out->stream = stdout;
        return CLI_EXIT_OK;
    }
    struct stat st;
    bool exists = stat(path, &st) == 0;
    if (!exists && errno != ENOENT) {
        cli_error("cannot write '%s': %s", path, strerror(errno));
        return CLI_EXIT_IO;
    }
    if (exists && S_ISDIR(st.st_mode)) {
        cli_error("cannot write '%s': %s", path, strerror(EISDIR));
        return CLI_EXIT_IO;
    }
    /* Standard output's own file (/dev/stdout, /dev/fd/1) is written as standard output, at its
     * offset and in its mode: a file the shell opened with >> is appended to, not replaced. */
    struct stat stdout_st;
    if (exists && fstat(STDOUT_FILENO, &stdout_st) == 0 && same_file(&st, &stdout_st)) {
        out->stream = stdout;
        return CLI_EXIT_OK;
    }
    if (exists && !S_ISREG(st.st_mode)) {
        return open_through(out);
    }
    if (exists && st.st_nlink > 1) {
        cli_error("cannot write '%s': it has %ju hard links; replacing it would detach it from "
                  "the others and writing it in place could leave it half written (remove it or "
                  "name another output)",
                  path, (uintmax_t)st.st_nlink);
        return CLI_EXIT_IO;
    }
    out->target = follow_links(path);
    if (out->target == NULL) {
        cli_error("cannot write '%s': %s", path, strerror(errno));
        return CLI_EXIT_IO;
    }
    /* The name the links lead to must be the file stat() found (or, like it, absent); a link
     * whose text is no path (/proc/self/fd/N onto a pipe or a deleted file) is written
     * through instead. */
    struct stat target_st;
    bool target_exists = stat(out->target, &target_st) == 0;
    if (target_exists != exists || (exists && !same_file(&st, &target_st))) {
        free(out->target);
        out->target = NULL;
        return open_through(out);
    }
    int status = open_temp(out);
    if (status != CLI_EXIT_OK) {
        cli_output_abort(out);
    }
    return status;
}

void cli_output_abort(cli_output *out)
{
    if (out->stream != NULL && out->stream != stdout) {
        fclose(out->stream);
    }
    out->stream = NULL;
    if (out->temp_path != NULL) {
        unlink(out->temp_path);
        unwatch_temp();
        free(out->temp_path);
        out->temp_path = NULL;
    }
    free(out->target);
    out->target = NULL;
}

int cli_output_fail(cli_output *out)
{
    if (out->stream == stdout) {
        cli_flush_stdout(); /* the error flag is set: this reports it */
        return CLI_EXIT_IO;
    }
    cli_error("cannot write '%s': %s", out->path, strerror(errno));
    cli_output_abort(out);
    return CLI_EXIT_IO;
}

int cli_output_commit(cli_output *out)
{
    if (out->stream == stdout) {
        return cli_flush_stdout();
    }
    /* A temporary file is synced before it replaces the destination, so that a crash never
     * leaves a renamed but empty file; a device or FIFO has nothing to sync. */
    if (fflush(out->stream) != 0 || ferror(out->stream) ||
        (out->temp_path != NULL && fsync(fileno(out->stream)) != 0)) {
        return cli_output_fail(out);
    }
    int closed = fclose(out->stream);
    out->stream = NULL;
    if (closed != 0 || (out->temp_path != NULL && rename(out->temp_path, out->target) != 0)) {
        return cli_output_fail(out);
    }
    if (out->temp_path != NULL) {
        unwatch_temp();
        free(out->temp_path);
        out->temp_path = NULL;
    }
    free(out->target);
    out->target = NULL;
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
