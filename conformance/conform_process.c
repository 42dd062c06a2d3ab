/*
 * conform_process.c — decoders under test run in child processes, so that a crash or a hang
 * is a reported failure of one vector instead of the end of the run (spec/conformance.md §2).
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "conform.h"
#include "galp.h"

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

conform_outcome conform_wait(int pid, double timeout_s, int *exit_code, char *detail,
                             size_t detail_len)
{
    const double deadline = now_s() + timeout_s;
    int status = 0;
    /* Poll every millisecond: simple, and no signal handler to share with the decoder. */
    for (;;) {
        pid_t got = waitpid(pid, &status, WNOHANG);
        if (got == pid)
            break;
        if (got < 0 && errno != EINTR) {
            snprintf(detail, detail_len, "waitpid failed: %s", strerror(errno));
            return CONFORM_BROKEN;
        }
        if (now_s() > deadline) {
            kill(-pid, SIGKILL);
            kill(pid, SIGKILL);
            waitpid(pid, &status, 0);
            snprintf(detail, detail_len, "no result within %g s", timeout_s);
            return CONFORM_TIMED_OUT;
        }
        nanosleep(&(struct timespec){0, 1000000}, NULL);
    }
    if (WIFSIGNALED(status)) {
        snprintf(detail, detail_len, "killed by signal %d (%s)", WTERMSIG(status),
                 strsignal(WTERMSIG(status)));
        return CONFORM_CRASHED;
    }
    *exit_code = WEXITSTATUS(status);
    return CONFORM_DECODED;
}

void conform_status_name(int status, char *name, size_t name_len)
{
    if (status >= 0 && status < GALP_STATUS_COUNT)
        snprintf(name, name_len, "%s", galp_status_name(status));
    else
        snprintf(name, name_len, "status %d", status);
}

/* What the child reports besides its exit status; lives in shared memory. */
typedef struct child_report {
    int status;
    size_t out_len;
} child_report;

void conform_run_isolated(conform_decode_fn fn, void *state, const uint8_t *in, size_t in_len,
                          size_t out_cap, double timeout_s, conform_buffer *out,
                          conform_result *result)
{
    conform_buffer report_buf;
    *result = (conform_result){.outcome = CONFORM_BROKEN};
    if (!conform_buffer_alloc(out, out_cap, true) ||
        !conform_buffer_alloc(&report_buf, sizeof(child_report), true)) {
        snprintf(result->detail, sizeof result->detail, "cannot map shared memory");
        return;
    }
    child_report *report = (child_report *)(void *)report_buf.data;
    *report = (child_report){.status = -1};
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(result->detail, sizeof result->detail, "fork failed: %s", strerror(errno));
        conform_buffer_free(&report_buf);
        return;
    }
    if (pid == 0) {
        setpgid(0, 0);
        size_t out_len = 0;
        report->status = fn(state, in, in_len, out->data, out_cap, &out_len);
        report->out_len = out_len;
        _exit(0);
    }
    setpgid(pid, pid); /* both sides set it, so that no race leaves it unset */
    int exit_code = 0;
    result->outcome = conform_wait(pid, timeout_s, &exit_code, result->detail,
                                   sizeof result->detail);
    if (result->outcome == CONFORM_DECODED) {
        if (exit_code != 0) {
            result->outcome = CONFORM_BROKEN;
            snprintf(result->detail, sizeof result->detail,
                     "the decoder ended the process (exit status %d)", exit_code);
        } else if (report->status != 0) {
            result->outcome = CONFORM_REJECTED;
            conform_status_name(report->status, result->status_name, sizeof result->status_name);
        } else if (report->out_len > out_cap) {
            result->outcome = CONFORM_BROKEN;
            snprintf(result->detail, sizeof result->detail,
                     "reported %zu output bytes in a buffer of %zu", report->out_len, out_cap);
        } else {
            result->out = out->data;
            result->out_len = report->out_len;
        }
    }
    conform_buffer_free(&report_buf);
}

void conform_run_here(conform_decode_fn fn, void *state, const uint8_t *in, size_t in_len,
                      size_t out_cap, conform_buffer *out, conform_result *result)
{
    *result = (conform_result){.outcome = CONFORM_BROKEN};
    if (!conform_buffer_alloc(out, out_cap, false)) {
        snprintf(result->detail, sizeof result->detail, "cannot map memory");
        return;
    }
    size_t out_len = 0;
    int status = fn(state, in, in_len, out->data, out_cap, &out_len);
    if (status != 0) {
        result->outcome = CONFORM_REJECTED;
        conform_status_name(status, result->status_name, sizeof result->status_name);
    } else if (out_len > out_cap) {
        snprintf(result->detail, sizeof result->detail,
                 "reported %zu output bytes in a buffer of %zu", out_len, out_cap);
    } else {
        result->outcome = CONFORM_DECODED;
        result->out = out->data;
        result->out_len = out_len;
    }
}
