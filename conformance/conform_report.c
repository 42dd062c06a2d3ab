/*
 * conform_report.c — the runner's output: one table line per vector and a summary line on
 * stdout, and optionally a JSON document (--json) and a TAP stream (--tap) for CI systems.
 */
#include <stdlib.h>

#include "conform.h"

struct conform_report {
    FILE *json, *tap;
    bool quiet;             /* table lists failures only */
    size_t tap_number;
    size_t passed, failed, skipped;
    bool first_json;
    bool write_error;
};

static void json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}

conform_report *conform_report_open(const char *json_path, const char *tap_path, bool quiet,
                                    const conform_suite *suite, const char *decoder_name)
{
    conform_report *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->quiet = quiet;
    r->first_json = true;
    if (json_path && !(r->json = fopen(json_path, "w")))
        fprintf(stderr, "galp-conform: cannot write %s\n", json_path);
    if (tap_path && !(r->tap = fopen(tap_path, "w")))
        fprintf(stderr, "galp-conform: cannot write %s\n", tap_path);
    if ((json_path && !r->json) || (tap_path && !r->tap)) {
        if (r->json)
            fclose(r->json);
        if (r->tap)
            fclose(r->tap);
        free(r);
        return NULL;
    }
    printf("galp-conform: suite %d (format %s), %zu vectors\ndecoder: %s\n\n", suite->version,
           suite->format, suite->count, decoder_name);
    if (r->json) {
        fprintf(r->json, "{\n  \"suite\": %d,\n  \"format\": ", suite->version);
        json_string(r->json, suite->format);
        fputs(",\n  \"decoder\": ", r->json);
        json_string(r->json, decoder_name);
        fputs(",\n  \"results\": [", r->json);
    }
    if (r->tap)
        fprintf(r->tap, "TAP version 13\n1..%zu\n", suite->count);
    return r;
}

void conform_report_add(conform_report *r, const conform_vector *vec,
                        const conform_judgement *j)
{
    static const char *const word[] = {"PASS", "FAIL", "SKIP"};
    static const char *const json_word[] = {"pass", "fail", "skip"};
    if (j->verdict == CONFORM_PASS)
        r->passed++;
    else if (j->verdict == CONFORM_FAIL)
        r->failed++;
    else
        r->skipped++;
    if (!r->quiet || j->verdict == CONFORM_FAIL)
        printf("%s  %-45s %s\n", word[j->verdict], vec->name, j->reason);
    if (r->json) {
        fputs(r->first_json ? "\n    {\"name\": " : ",\n    {\"name\": ", r->json);
        r->first_json = false;
        json_string(r->json, vec->name);
        fputs(", \"expect\": ", r->json);
        json_string(r->json, vec->expect);
        fprintf(r->json, ", \"result\": \"%s\", \"reason\": ", json_word[j->verdict]);
        json_string(r->json, j->reason);
        fputc('}', r->json);
    }
    if (r->tap) {
        r->tap_number++;
        if (j->verdict == CONFORM_SKIP)
            fprintf(r->tap, "ok %zu - %s # SKIP %s\n", r->tap_number, vec->name, j->reason);
        else
            fprintf(r->tap, "%s %zu - %s # %s\n", j->verdict == CONFORM_PASS ? "ok" : "not ok",
                    r->tap_number, vec->name, j->reason);
    }
}

static bool finish(FILE *f)
{
    if (!f)
        return true;
    bool ok = !ferror(f);
    return fclose(f) == 0 && ok;
}

long conform_report_close(conform_report *r, size_t *passed)
{
    printf("\n%zu passed, %zu failed, %zu skipped\n", r->passed, r->failed, r->skipped);
    if (r->json)
        fprintf(r->json, "\n  ],\n  \"passed\": %zu,\n  \"failed\": %zu,\n  \"skipped\": %zu\n}\n",
                r->passed, r->failed, r->skipped);
    bool json_ok = finish(r->json), tap_ok = finish(r->tap); /* close both, even on error */
    bool ok = json_ok && tap_ok;
    long failed = (long)r->failed;
    *passed = r->passed;
    free(r);
    if (!ok) {
        fprintf(stderr, "galp-conform: could not write a report file\n");
        return -1;
    }
    return failed;
}
