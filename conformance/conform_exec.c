/*
 * conform_exec.c — backend: an external decoder run as a command, the language-neutral
 * protocol of spec/conformance.md §5:
 *
 *   --exec 'CMD {in} {out} [{err}]'
 *
 * {in} is replaced by the path of the input file, {out} by the path where the decoder writes
 * the raw decoded bytes, {err} (optional) by a path where a rejecting decoder may write the
 * name of the error class. Exit status 0 means success; any other rejects the input, except
 * the statuses a shell uses for its own reports: 126 and 127 (a command it could not run) and
 * 128 + N (a command killed by signal N), which are failures of the decoder.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "conform.h"

typedef struct exec_state {
    conform_options opt;
    char *command;
    char dir[256];               /* private temporary directory */
    char in_path[300], out_path[300], err_path[300];
    uint8_t *out;
} exec_state;

/* Appends n bytes of s to the growing NUL-terminated string *buf. */
static bool append(char **buf, size_t *len, const char *s, size_t n)
{
    char *grown = realloc(*buf, *len + n + 1);
    if (!grown)
        return false;
    memcpy(grown + *len, s, n);
    *len += n;
    grown[*len] = '\0';
    *buf = grown;
    return true;
}

/* Appends path in single quotes, so that any path survives the shell. */
static bool append_quoted(char **buf, size_t *len, const char *path)
{
    bool ok = append(buf, len, "'", 1);
    for (const char *p = path; ok && *p; p++)
        ok = *p == '\'' ? append(buf, len, "'\\''", 4) : append(buf, len, p, 1);
    return ok && append(buf, len, "'", 1);
}

/* The command line with {in}, {out} and {err} replaced by quoted paths. */
static char *expand(const exec_state *s, const char *template)
{
    char *cmd = NULL;
    size_t len = 0;
    bool ok = append(&cmd, &len, "", 0);
    for (const char *p = template; ok && *p;) {
        if (strncmp(p, "{in}", 4) == 0) {
            ok = append_quoted(&cmd, &len, s->in_path);
            p += 4;
        } else if (strncmp(p, "{out}", 5) == 0) {
            ok = append_quoted(&cmd, &len, s->out_path);
            p += 5;
        } else if (strncmp(p, "{err}", 5) == 0) {
            ok = append_quoted(&cmd, &len, s->err_path);
            p += 5;
        } else {
            ok = append(&cmd, &len, p++, 1);
        }
    }
    if (!ok) {
        free(cmd);
        return NULL;
    }
    return cmd;
}

static bool write_whole(const char *path, const uint8_t *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return false;
    bool ok = fwrite(data, 1, len, f) == len;
    return fclose(f) == 0 && ok;
}

/* Reads a whole file into a fresh allocation; false if it does not exist. */
static bool read_whole(const char *path, uint8_t **data, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return false;
    struct stat st;
    bool ok = fstat(fileno(f), &st) == 0;
    size_t size = ok ? (size_t)st.st_size : 0;
    *data = ok ? malloc(size ? size : 1) : NULL;
    ok = *data && fread(*data, 1, size, f) == size;
    fclose(f);
    if (!ok) {
        free(*data);
        *data = NULL;
        return false;
    }
    *len = size;
    return true;
}

static void exec_decode(void *state, const uint8_t *in, size_t in_len, size_t out_cap,
                        conform_result *result)
{
    exec_state *s = state;
    (void)out_cap; /* a command sizes its own output */
    *result = (conform_result){.outcome = CONFORM_BROKEN};
    free(s->out);
    s->out = NULL;
    unlink(s->out_path);
    unlink(s->err_path);
    if (!write_whole(s->in_path, in, in_len)) {
        snprintf(result->detail, sizeof result->detail, "cannot write %.150s", s->in_path);
        return;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(result->detail, sizeof result->detail, "fork failed: %s", strerror(errno));
        return;
    }
    if (pid == 0) {
        setpgid(0, 0);
        int devnull = open("/dev/null", O_RDWR);
        if (devnull >= 0) {
            dup2(devnull, STDIN_FILENO);
            dup2(devnull, STDOUT_FILENO);
            dup2(devnull, STDERR_FILENO);
        }
        execl("/bin/sh", "sh", "-c", s->command, (char *)NULL);
        _exit(127);
    }
    setpgid(pid, pid);
    int code = 0;
    result->outcome = conform_wait(pid, s->opt.timeout_s, &code, result->detail,
                                   sizeof result->detail);
    if (result->outcome != CONFORM_DECODED)
        return;
    size_t len = 0;
    bool have_out = read_whole(s->out_path, &s->out, &len);
    if (code == 126 || code == 127) {
        result->outcome = CONFORM_BROKEN;
        snprintf(result->detail, sizeof result->detail,
                 "the shell could not run the command (exit status %d)", code);
    } else if (code > 128 && code < 128 + 65) {
        result->outcome = CONFORM_CRASHED;
        snprintf(result->detail, sizeof result->detail,
                 "killed by signal %d (%s), reported by the shell as exit status %d", code - 128,
                 strsignal(code - 128), code);
    } else if (code != 0) {
        result->outcome = CONFORM_REJECTED;
        result->wrote_on_reject = have_out && len > 0;
        uint8_t *err = NULL;
        size_t err_len = 0;
        if (read_whole(s->err_path, &err, &err_len)) {
            /* the first word of the file: the class name */
            size_t n = 0;
            while (n < err_len && n + 1 < sizeof result->status_name &&
                   err[n] > ' ' && err[n] < 127)
                n++;
            memcpy(result->status_name, err, n);
            result->status_name[n] = '\0';
            free(err);
        }
    } else if (!have_out) {
        result->outcome = CONFORM_BROKEN;
        snprintf(result->detail, sizeof result->detail, "exit status 0 but no output file");
    } else {
        result->out = s->out;
        result->out_len = len;
    }
}

static void exec_close(void *state)
{
    exec_state *s = state;
    unlink(s->in_path);
    unlink(s->out_path);
    unlink(s->err_path);
    rmdir(s->dir);
    free(s->command);
    free(s->out);
    free(s);
}

int conform_exec_open(const conform_options *opt, const char *command, conform_decoder *dec)
{
    if (!strstr(command, "{in}") || !strstr(command, "{out}")) {
        fprintf(stderr, "galp-conform: --exec: the command must contain {in} and {out}\n");
        return 2;
    }
    exec_state *s = calloc(1, sizeof *s);
    if (!s)
        return 2;
    s->opt = *opt;
    const char *tmp = getenv("TMPDIR");
    snprintf(s->dir, sizeof s->dir, "%s/galp-conform.XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(s->dir)) {
        fprintf(stderr, "galp-conform: cannot create a directory in %s: %s\n",
                tmp && *tmp ? tmp : "/tmp", strerror(errno));
        free(s);
        return 2;
    }
    snprintf(s->in_path, sizeof s->in_path, "%s/input.galp", s->dir);
    snprintf(s->out_path, sizeof s->out_path, "%s/output.raw", s->dir);
    snprintf(s->err_path, sizeof s->err_path, "%s/error.txt", s->dir);
    s->command = expand(s, command);
    if (!s->command) {
        exec_close(s);
        return 2;
    }
    *dec = (conform_decoder){.state = s, .decode = exec_decode, .close = exec_close};
    snprintf(dec->name, sizeof dec->name, "command: %.140s", command);
    return 0;
}
