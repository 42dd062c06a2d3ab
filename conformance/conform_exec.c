/*
 * conform_exec.c — backend: an external decoder run as a command, the language-neutral
 * protocol of spec/conformance.md §5:
 *
 *   --exec 'CMD {in} {out} [{err}]'
 *
 * {in} is replaced by the path of the input file, {out} by the path where the decoder writes
 * the raw decoded bytes, {err} (optional) by a path where a rejecting decoder may write the
 * name of the error class (conform_class.c reads it). Exit status 0 means success; any other
 * rejects the input, except the statuses a shell uses for its own reports: 126 and 127 (a
 * command it could not run) and 128 + N (a command killed by signal N), which are failures of
 * the decoder.
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
    char *dir;                   /* private temporary directory; any length TMPDIR allows */
    char *in_path, *out_path, *err_path;
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

/* "DIR/NAME" in a new allocation, or NULL. */
static char *join(const char *dir, const char *name)
{
    size_t size = strlen(dir) + 1 + strlen(name) + 1;
    char *path = malloc(size);
    if (path)
        snprintf(path, size, "%s/%s", dir, name);
    return path;
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

/* Bytes of a malformed class quoted in a message. */
#define CLASS_QUOTE_MAX 16

/* Quotes up to CLASS_QUOTE_MAX bytes of text: printable ASCII as is, the rest as \xNN. */
static void quote_bytes(const uint8_t *text, size_t len, char *buf, size_t buf_len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < len && i < CLASS_QUOTE_MAX && used + 5 < buf_len; i++) {
        int n = text[i] >= ' ' && text[i] < 127 && text[i] != '\\'
                    ? snprintf(buf + used, buf_len - used, "%c", text[i])
                    : snprintf(buf + used, buf_len - used, "\\x%02x", text[i]);
        used += (size_t)n;
    }
}

/* Reads the class a rejecting decoder wrote to {err}; a malformed one breaks the protocol. */
static void read_class(const exec_state *s, conform_result *result)
{
    uint8_t *err = NULL;
    size_t err_len = 0;
    if (!read_whole(s->err_path, &err, &err_len))
        return; /* no {err} file: no class reported */
    if (conform_parse_class(err, err_len, result->status_name, sizeof result->status_name) ==
        CONFORM_CLASS_MALFORMED) {
        char quoted[4 * CLASS_QUOTE_MAX + 1];
        quote_bytes(err, err_len, quoted, sizeof quoted);
        result->outcome = CONFORM_BROKEN;
        snprintf(result->detail, sizeof result->detail,
                 "malformed class in {err}: '%s%s' (expected one class name such as "
                 "GALP_ERR_CHECKSUM, and at most a newline)",
                 quoted, err_len > CLASS_QUOTE_MAX ? "..." : "");
    }
    free(err);
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
        read_class(s, result);
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
    char *paths[] = {s->in_path, s->out_path, s->err_path};
    for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++) {
        if (paths[i])
            unlink(paths[i]);
        free(paths[i]);
    }
    if (s->dir)
        rmdir(s->dir);
    free(s->dir);
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
    if (!tmp || !*tmp)
        tmp = "/tmp";
    s->dir = join(tmp, "galp-conform.XXXXXX");
    if (!s->dir || !mkdtemp(s->dir)) {
        fprintf(stderr, "galp-conform: cannot create a directory in %s: %s\n", tmp,
                strerror(errno));
        free(s->dir);
        free(s);
        return 2;
    }
    s->in_path = join(s->dir, "input.galp");
    s->out_path = join(s->dir, "output.raw");
    s->err_path = join(s->dir, "error.txt");
    s->command = s->in_path && s->out_path && s->err_path ? expand(s, command) : NULL;
    if (!s->command) {
        fprintf(stderr, "galp-conform: out of memory\n");
        exec_close(s);
        return 2;
    }
    *dec = (conform_decoder){.state = s, .decode = exec_decode, .close = exec_close};
    snprintf(dec->name, sizeof dec->name, "command: %.140s", command);
    return 0;
}
