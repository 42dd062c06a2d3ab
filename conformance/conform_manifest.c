/*
 * conform_manifest.c — reads vectors/MANIFEST (spec/conformance.md §4) and the files it names.
 *
 * Every file is checked against the SHA-256 and length the manifest records before any decoder
 * sees it: a result is only meaningful for the committed vectors.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "conform.h"
#include "sha256.h"

static bool read_file(const char *path, uint8_t **data, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "galp-conform: cannot open %s: %s\n", path, strerror(errno));
        return false;
    }
    size_t cap = 4096, n = 0;
    uint8_t *buf = malloc(cap);
    while (buf) {
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap)
            break;
        uint8_t *bigger = realloc(buf, cap * 2);
        if (!bigger) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = bigger;
        cap *= 2;
    }
    bool ok = buf && !ferror(f);
    fclose(f);
    if (!ok) {
        fprintf(stderr, "galp-conform: cannot read %s\n", path);
        free(buf);
        return false;
    }
    *data = buf;
    *len = n;
    return true;
}

static bool hash_matches(const char *path, const uint8_t *data, size_t len, const char *hash)
{
    char actual[GALP_SHA256_HEX_SIZE];
    galp_sha256_hex(data, len, actual);
    if (strcmp(actual, hash) == 0)
        return true;
    fprintf(stderr, "galp-conform: %s has SHA-256 %s, the manifest says %s: the vectors are "
                    "damaged or do not belong to this manifest\n", path, actual, hash);
    return false;
}

/* One manifest line: name expect type scheme in-sha256 out-len out-sha256 description. */
static bool parse_line(const char *dir, const char *line, conform_vector *vec)
{
    char in_hash[80], out_len[24], out_hash[80];
    int desc_at = 0;
    if (sscanf(line, "%95s %47s %7s %15s %79s %23s %79s %n", vec->name, vec->expect, vec->type,
               vec->scheme, in_hash, out_len, out_hash, &desc_at) != 7 || desc_at == 0)
        return false;
    snprintf(vec->description, sizeof vec->description, "%s", line + desc_at);
    vec->description[strcspn(vec->description, "\r\n")] = '\0';

    char path[4096];
    snprintf(path, sizeof path, "%s/%s.galp", dir, vec->name);
    if (!read_file(path, &vec->input, &vec->input_len) ||
        !hash_matches(path, vec->input, vec->input_len, in_hash))
        return false;
    if (!conform_vector_is_valid(vec))
        return strcmp(out_len, "-") == 0 && strcmp(out_hash, "-") == 0;

    snprintf(path, sizeof path, "%s/%s.out", dir, vec->name);
    char *end;
    errno = 0;
    unsigned long long expected_len = strtoull(out_len, &end, 10);
    if (errno || *end || !read_file(path, &vec->output, &vec->output_len))
        return false;
    if (vec->output_len != expected_len) {
        fprintf(stderr, "galp-conform: %s has %zu bytes, the manifest says %llu\n", path,
                vec->output_len, expected_len);
        return false;
    }
    return hash_matches(path, vec->output, vec->output_len, out_hash);
}

bool conform_suite_load(const char *dir, conform_suite *suite)
{
    *suite = (conform_suite){0};
    char path[4096];
    snprintf(path, sizeof path, "%s/MANIFEST", dir);
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "galp-conform: cannot open %s: %s (use --vectors DIR)\n", path,
                strerror(errno));
        return false;
    }
    char line[1024];
    size_t cap = 0, lineno = 0;
    bool ok = true;
    while (ok && fgets(line, sizeof line, f)) {
        lineno++;
        if (line[0] == '#' || line[0] == '\n')
            continue;
        if (strncmp(line, "suite ", 6) == 0) {
            ok = sscanf(line, "suite %d format %15s", &suite->version, suite->format) == 2;
        } else {
            if (suite->count == cap) {
                cap = cap ? 2 * cap : 256;
                conform_vector *grown = realloc(suite->vectors, cap * sizeof *grown);
                if (!grown) {
                    ok = false;
                    break;
                }
                suite->vectors = grown;
            }
            conform_vector *vec = &suite->vectors[suite->count];
            *vec = (conform_vector){0};
            suite->count++;
            ok = parse_line(dir, line, vec);
        }
        if (!ok)
            fprintf(stderr, "galp-conform: %s:%zu: bad manifest line or vector\n", path, lineno);
    }
    fclose(f);
    if (ok && (suite->version <= 0 || suite->count == 0)) {
        fprintf(stderr, "galp-conform: %s: no suite line or no vectors\n", path);
        ok = false;
    }
    if (!ok)
        conform_suite_free(suite);
    return ok;
}

void conform_suite_free(conform_suite *suite)
{
    for (size_t i = 0; i < suite->count; i++) {
        free(suite->vectors[i].input);
        free(suite->vectors[i].output);
    }
    free(suite->vectors);
    *suite = (conform_suite){0};
}
