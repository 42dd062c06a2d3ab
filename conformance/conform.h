/*
 * conform.h — internals of galp-conform, the conformance runner (spec/conformance.md).
 *
 *   conform_manifest.c   read vectors/MANIFEST, load the files, verify their SHA-256
 *   conform_buffers.c    page-guarded buffers: reads and writes past the end fault
 *   conform_process.c    run a decode in a child process, with a timeout
 *   conform_ref.c        backend: the reference decoder (libgalp)
 *   conform_gpu.c        backend: libgalp's CUDA decoder (galp_gpu.h)
 *   conform_exec.c       backend: an external command (`--exec 'CMD {in} {out}'`)
 *   conform_class.c      the error class such a command writes to {err}
 *   conform_lib.c        backend: a shared library with galp_conform_abi.h
 *   conform_judge.c      compare a decoder's outcome with what the vector requires
 *   conform_report.c     the table, the summary line, JSON and TAP reports
 *   galp_conform.c       options and the main loop
 */
#ifndef GALP_CONFORM_H
#define GALP_CONFORM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* ---- the suite ------------------------------------------------------------------------- */
typedef struct conform_vector {
    char name[96];         /* "valid/ffor_u8_widths" */
    char expect[48];       /* "GALP_OK" or the class an invalid vector must be rejected with */
    char type[8];          /* "u8" ... "f64" */
    char scheme[16];       /* column scheme: "raw", "ffor", "alp", "galp", "gpu-for", ... */
    char description[200];
    uint8_t *input;        /* the .galp file */
    size_t input_len;
    uint8_t *output;       /* the .out file (valid vectors) */
    size_t output_len;
} conform_vector;

typedef struct conform_suite {
    int version;           /* "suite N" line */
    char format[16];       /* "1.0" */
    conform_vector *vectors;
    size_t count;
} conform_suite;

static inline bool conform_vector_is_valid(const conform_vector *vec)
{
    return strcmp(vec->expect, "GALP_OK") == 0;
}

/* Loads DIR/MANIFEST and every file it names; fails (message on stderr) if a file is missing
 * or its SHA-256 or length differs from the manifest: the suite itself must be intact. */
bool conform_suite_load(const char *dir, conform_suite *suite);
void conform_suite_free(conform_suite *suite);

/* ---- what a decoder did with one input ------------------------------------------------- */
typedef enum conform_outcome {
    CONFORM_DECODED,   /* claimed success; output in out/out_len */
    CONFORM_REJECTED,  /* reported failure; status/status_name if the protocol carries them */
    CONFORM_CRASHED,   /* killed by a signal */
    CONFORM_TIMED_OUT, /* exceeded --timeout */
    CONFORM_BROKEN     /* broke its protocol (detail says how) */
} conform_outcome;

typedef struct conform_result {
    conform_outcome outcome;
    char status_name[48];    /* class reported ("GALP_ERR_BAD_MAGIC"), "" if unknown */
    uint8_t *out;            /* decoded bytes (owned by the backend until its next call) */
    size_t out_len;
    bool wrote_on_reject;    /* produced output although it rejected the input */
    char detail[200];        /* signal, protocol error, ... */
} conform_result;

/* ---- decoders -------------------------------------------------------------------------- */
typedef struct conform_decoder {
    char name[160];
    void *state;
    /* Decode one input of in_len bytes; out_cap is the output room to offer (the expected
     * size for a valid vector). Fills *result. */
    void (*decode)(void *state, const uint8_t *in, size_t in_len, size_t out_cap,
                   conform_result *result);
    void (*close)(void *state);
} conform_decoder;

typedef struct conform_options {
    double timeout_s;        /* per vector */
    bool in_process;         /* --in-process: no child process for --lib */
} conform_options;

/* Each returns 0 on success, 77 if the decoder is unavailable here (with a reason on stderr),
 * or 2 on a usage or setup error. */
int conform_ref_open(const conform_options *opt, conform_decoder *dec);
int conform_gpu_open(const conform_options *opt, conform_decoder *dec);
int conform_exec_open(const conform_options *opt, const char *command, conform_decoder *dec);
int conform_lib_open(const conform_options *opt, const char *path, conform_decoder *dec);

/* What a command's {err} file says (conform_class.c): nothing (empty), one class name (copied to
 * name, name_len bytes with the NUL), or something malformed. The format: the name alone,
 * [A-Z][A-Z0-9_]*, optionally followed by one LF or CR LF; nothing before, nothing else. */
typedef enum conform_class {
    CONFORM_CLASS_NONE,
    CONFORM_CLASS_NAMED,
    CONFORM_CLASS_MALFORMED
} conform_class;

conform_class conform_parse_class(const uint8_t *text, size_t len, char *name, size_t name_len);

/* ---- guarded buffers (conform_buffers.c) ----------------------------------------------- *
 * `len` usable bytes whose end is followed by an inaccessible page, so that a decoder that
 * reads or writes past the end faults instead of passing by luck. shared: visible to a
 * child process after fork (the child's output travels back through it). */
typedef struct conform_buffer {
    uint8_t *data;
    size_t len;
    void *map;
    size_t map_len;
} conform_buffer;

bool conform_buffer_alloc(conform_buffer *buf, size_t len, bool shared);
void conform_buffer_free(conform_buffer *buf);

/* ---- processes (conform_process.c) ----------------------------------------------------- *
 * Waits for child pid (leader of its own process group) at most timeout_s seconds; kills the
 * group on timeout. Returns CONFORM_TIMED_OUT, CONFORM_CRASHED (detail names the signal) or
 * CONFORM_DECODED with *exit_code set. */
conform_outcome conform_wait(int pid, double timeout_s, int *exit_code, char *detail,
                             size_t detail_len);

/* Names a galp_status code as vectors/MANIFEST does ("status 99" if there is no such code). */
void conform_status_name(int status, char *name, size_t name_len);

/* Runs decode(state, in, in_len, out, out_cap, &out_len) in a child process. The child's
 * return value is the status; the decoded bytes come back through a shared buffer. */
typedef int (*conform_decode_fn)(void *state, const uint8_t *in, size_t in_len, uint8_t *out,
                                 size_t out_cap, size_t *out_len);
void conform_run_isolated(conform_decode_fn fn, void *state, const uint8_t *in, size_t in_len,
                          size_t out_cap, double timeout_s, conform_buffer *out,
                          conform_result *result);
/* The same in this process (no crash or timeout protection). */
void conform_run_here(conform_decode_fn fn, void *state, const uint8_t *in, size_t in_len,
                      size_t out_cap, conform_buffer *out, conform_result *result);

/* ---- judging and reporting ------------------------------------------------------------- */
typedef enum conform_verdict { CONFORM_PASS, CONFORM_FAIL, CONFORM_SKIP } conform_verdict;

typedef struct conform_judgement {
    conform_verdict verdict;
    char reason[320];
} conform_judgement;

typedef struct conform_judge_options {
    bool any_class;          /* --any-class: a wrong error class is a warning, not a failure */
    bool require_class;      /* --require-class: a rejection without a class is a failure */
} conform_judge_options;

void conform_judge(const conform_vector *vec, const conform_result *result,
                   const conform_judge_options *opt, conform_judgement *judgement);

typedef struct conform_report conform_report;
/* json_path / tap_path may be NULL. Returns NULL (message on stderr) if a file can't open. */
conform_report *conform_report_open(const char *json_path, const char *tap_path, bool quiet,
                                    const conform_suite *suite, const char *decoder_name);
void conform_report_add(conform_report *report, const conform_vector *vec,
                        const conform_judgement *judgement);
/* Prints the summary line and finishes the files; returns the number of failures (or -1 if
 * a report file could not be written). */
long conform_report_close(conform_report *report, size_t *passed);

#endif /* GALP_CONFORM_H */
