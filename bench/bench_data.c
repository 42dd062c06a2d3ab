/*
 * bench_data.c — reading, casting and generating the benchmark's datasets (bench_data.h).
 */
#define _POSIX_C_SOURCE 200809L
#include "bench_data.h"
#include "bench_error.h"

#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void bench_dataset_free(bench_dataset *d)
{
    free(d->values);
    d->values = NULL;
    d->n = 0;
}

/* Makes `n` values of `size` bytes one period: rounds n up to whole vectors by wrapping
 * around to the first values (the harness tiles whole vectors, galp_tile.h). */
static int set_period(bench_dataset *d, void *values, uint64_t n, size_t size)
{
    uint64_t whole = (n + GALP_VECTOR_SIZE - 1) / GALP_VECTOR_SIZE * GALP_VECTOR_SIZE;
    void *grown = realloc(values, whole * size);
    if (!grown) {
        free(values);
        return -1;
    }
    for (uint64_t i = n; i < whole; i++)
        memcpy((char *)grown + i * size, (char *)grown + (i % n) * size, size);
    d->values = grown;
    d->n = whole;
    d->n_source = n;
    return 0;
}

static void set_name(bench_dataset *d, const char *path)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    size_t len = strcspn(base, ".");
    if (len >= sizeof d->name)
        len = sizeof d->name - 1;
    memcpy(d->name, base, len);
    d->name[len] = '\0';
}

static int read_csv(FILE *f, const char *path, bench_dataset *d, char *err, size_t err_len)
{
    size_t cap = 1024, n = 0;
    double *v = malloc(cap * sizeof *v);
    char line[256];
    unsigned long lineno = 0;
    if (!v)
        return bench_fail(err, err_len, "%s: out of memory", path);
    while (fgets(line, sizeof line, f)) {
        char *end;
        lineno++;
        if (line[strspn(line, " \t\r\n")] == '\0')
            continue;
        errno = 0;
        double x = strtod(line, &end);
        if (end == line || end[strspn(end, " \t\r\n")] != '\0') {
            free(v);
            return bench_fail(err, err_len, "%s:%lu: not a number", path, lineno);
        }
        if (n == cap) {
            double *grown = realloc(v, 2 * cap * sizeof *v);
            if (!grown) {
                free(v);
                return bench_fail(err, err_len, "%s: out of memory", path);
            }
            v = grown;
            cap *= 2;
        }
        v[n++] = x;
    }
    if (n == 0) {
        free(v);
        return bench_fail(err, err_len, "%s: no values", path);
    }
    d->type = GALP_TYPE_F64;
    return set_period(d, v, n, sizeof *v) ? bench_fail(err, err_len, "%s: out of memory", path) : 0;
}

static int read_raw(FILE *f, const char *path, galp_type type, bench_dataset *d, char *err,
                    size_t err_len)
{
    size_t size = galp_type_size(type);
    if (size == 0)
        return bench_fail(err, err_len, "%s: unknown value type", path);
    if (fseek(f, 0, SEEK_END) != 0)
        return bench_fail(err, err_len, "%s: cannot seek: %s", path, strerror(errno));
    long bytes = ftell(f);
    if (bytes <= 0 || (size_t)bytes % size != 0)
        return bench_fail(err, err_len, "%s: %ld bytes is not a whole number of %s values", path,
                    bytes, galp_type_name(type));
    rewind(f);
    void *v = malloc((size_t)bytes);
    if (!v)
        return bench_fail(err, err_len, "%s: out of memory", path);
    if (fread(v, 1, (size_t)bytes, f) != (size_t)bytes) {
        free(v);
        return bench_fail(err, err_len, "%s: short read", path);
    }
    d->type = type;
    return set_period(d, v, (size_t)bytes / size, size) ? bench_fail(err, err_len, "%s: out of memory",
                                                              path)
                                                        : 0;
}

int bench_dataset_read(const char *path, galp_type type, const char *source, bench_dataset *d,
                       char *err, size_t err_len)
{
    memset(d, 0, sizeof *d);
    d->source = source;
    set_name(d, path);
    FILE *f = fopen(path, "rb");
    if (!f)
        return bench_fail(err, err_len, "%s: %s", path, strerror(errno));
    size_t len = strlen(path);
    int rc = len > 4 && strcmp(path + len - 4, ".csv") == 0
                 ? read_csv(f, path, d, err, err_len)
                 : read_raw(f, path, type, d, err, err_len);
    fclose(f);
    return rc;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Appends the files of dir/sub ending in ext, in name order. */
static int list_dir(const char *dir, const char *sub, const char *ext, const char *source,
                    bench_dataset **out, int *count, char *err, size_t err_len)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, sub);
    DIR *dp = opendir(path);
    if (!dp)
        return 0; /* an absent folder holds no dataset */
    char **names = NULL;
    size_t n = 0, cap = 0;
    struct dirent *e;
    int rc = 0;
    while ((e = readdir(dp)) != NULL) {
        size_t len = strlen(e->d_name), elen = strlen(ext);
        if (len <= elen || strcmp(e->d_name + len - elen, ext) != 0)
            continue;
        if (n == cap) {
            char **grown = realloc(names, (cap = cap ? 2 * cap : 64) * sizeof *names);
            if (!grown) {
                rc = bench_fail(err, err_len, "out of memory");
                break;
            }
            names = grown;
        }
        if (!(names[n] = strdup(e->d_name))) {
            rc = bench_fail(err, err_len, "out of memory");
            break;
        }
        n++;
    }
    closedir(dp);
    if (rc == 0 && n > 0)
        qsort(names, n, sizeof *names, by_name);
    for (size_t i = 0; rc == 0 && i < n; i++) {
        bench_dataset *grown = realloc(*out, (size_t)(*count + 1) * sizeof **out);
        if (!grown) {
            rc = bench_fail(err, err_len, "out of memory");
            break;
        }
        *out = grown;
        snprintf(path, sizeof path, "%s/%s/%s", dir, sub, names[i]);
        rc = bench_dataset_read(path, GALP_TYPE_F64, source, &(*out)[*count], err, err_len);
        if (rc == 0)
            (*count)++;
    }
    for (size_t i = 0; i < n; i++)
        free(names[i]);
    free(names);
    return rc;
}

int bench_dataset_list_alp(const char *dir, bench_dataset **out, char *err, size_t err_len)
{
    int count = 0;
    *out = NULL;
    if (list_dir(dir, "rowgroups", ".bin", "rowgroup", out, &count, err, err_len) != 0 ||
        list_dir(dir, "samples", ".csv", "sample", out, &count, err, err_len) != 0) {
        for (int i = 0; i < count; i++)
            bench_dataset_free(&(*out)[i]);
        free(*out);
        *out = NULL;
        return -1;
    }
    return count;
}

int bench_dataset_cast_f32(const bench_dataset *f64, bench_dataset *out)
{
    *out = *f64;
    snprintf(out->name, sizeof out->name, "%.90s-f32", f64->name);
    out->type = GALP_TYPE_F32;
    float *v = malloc(f64->n * sizeof *v);
    if (!v)
        return -1;
    for (uint64_t i = 0; i < f64->n; i++)
        v[i] = (float)((const double *)f64->values)[i];
    out->values = v;
    return 0;
}

int bench_dataset_scaled_int(const bench_dataset *f64, bench_dataset *out)
{
    const double *x = (const double *)f64->values;
    double lo = 0, hi = 0;
    for (uint64_t i = 0; i < f64->n; i++) {
        const double s = round(x[i] * 100.0);
        if (!isfinite(s) || fabs(s) >= 0x1p62)
            return -1;
        lo = i == 0 || s < lo ? s : lo;
        hi = i == 0 || s > hi ? s : hi;
    }
    *out = *f64;
    snprintf(out->name, sizeof out->name, "%.90s-int", f64->name);
    const int wide = hi - lo >= 0x1p32;
    out->type = wide ? GALP_TYPE_U64 : GALP_TYPE_U32;
    out->values = malloc(f64->n * (wide ? 8u : 4u));
    if (!out->values)
        return -1;
    for (uint64_t i = 0; i < f64->n; i++) {
        const uint64_t v = (uint64_t)(round(x[i] * 100.0) - lo);
        if (wide)
            ((uint64_t *)out->values)[i] = v;
        else
            ((uint32_t *)out->values)[i] = (uint32_t)v;
    }
    return 0;
}

/* splitmix64: a small, well-mixed, reproducible generator. */
static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

static uint64_t random_bits(uint64_t *state, unsigned bits)
{
    return bits == 0 ? 0 : next_random(state) >> (64 - bits);
}

int bench_dataset_synthetic_alp(galp_type type, unsigned bits, unsigned exception_percent,
                                uint64_t n, uint64_t seed, bench_dataset *out)
{
    int f64 = type == GALP_TYPE_F64;
    size_t size = f64 ? 8 : 4;
    uint64_t state = seed;
    memset(out, 0, sizeof *out);
    snprintf(out->name, sizeof out->name, "%s-b%u-x%u", f64 ? "f64" : "f32", bits,
             exception_percent);
    out->source = "synthetic";
    out->type = type;
    out->values = malloc(n * size);
    if (!out->values || n % GALP_VECTOR_SIZE != 0 || (f64 ? bits > 48 : bits > 23))
        return free(out->values), out->values = NULL, -1;
    for (uint64_t i = 0; i < n; i++) {
        /* k · fl(10^-e), computed exactly as ALP decodes it (spec/alp.md §4, e = 2 for f64,
         * 1 for f32), so every such value encodes to k: only the chosen slots below are
         * exceptions. k < 2^49 (f64) or 2^24 (f32) is exact in the value type. */
        uint64_t k = 1000 + random_bits(&state, bits);
        double x64 = (double)k * 0.01;
        float x32 = (float)k * 0.1f;
        /* sqrt(j) · π/3: a full-precision value that no power of ten makes an integer. */
        if (next_random(&state) % 100 < exception_percent) {
            x64 = sqrt(2.0 + (double)(next_random(&state) % 1000000)) * 1.0471975511965976;
            x32 = (float)x64;
        }
        if (f64)
            ((double *)out->values)[i] = x64;
        else
            ((float *)out->values)[i] = x32;
    }
    out->n = out->n_source = n;
    return 0;
}

int bench_dataset_synthetic_ffor(galp_type type, unsigned bits, uint64_t n, uint64_t seed,
                                 bench_dataset *out)
{
    size_t size = galp_type_size(type);
    unsigned w = (unsigned)size * 8;
    uint64_t state = seed;
    memset(out, 0, sizeof *out);
    snprintf(out->name, sizeof out->name, "%s-b%u", galp_type_name(type), bits);
    out->source = "synthetic";
    out->type = type;
    out->values = malloc(n * size);
    if (!out->values || type == GALP_TYPE_F32 || type == GALP_TYPE_F64 || bits > w ||
        n % GALP_VECTOR_SIZE != 0)
        return free(out->values), out->values = NULL, -1;
    /* A base that is not zero, so that the frame of reference matters, when it fits. */
    uint64_t base = bits + 8 <= w ? 77 : 0;
    for (uint64_t i = 0; i < n; i++) {
        uint64_t x = base + random_bits(&state, bits);
        memcpy((char *)out->values + i * size, &x, size); /* little-endian host */
    }
    out->n = out->n_source = n;
    return 0;
}

int bench_dataset_sorted_timestamps(uint64_t n, uint64_t seed, bench_dataset *out)
{
    uint64_t state = seed, t = 1700000000000000u;
    memset(out, 0, sizeof *out);
    snprintf(out->name, sizeof out->name, "timestamps-u64");
    out->source = "synthetic";
    out->type = GALP_TYPE_U64;
    out->values = malloc(n * sizeof(uint64_t));
    if (!out->values || n % GALP_VECTOR_SIZE != 0)
        return free(out->values), out->values = NULL, -1;
    for (uint64_t i = 0; i < n; i++)
        ((uint64_t *)out->values)[i] = t += 1000u + random_bits(&state, 4);
    out->n = out->n_source = n;
    return 0;
}
