/*
 * fastlanes_table.c — bits per value of FFOR, DELTA, RLE, DICT, RUNS and AUTO (spec/fastlanes.md) on
 * integer columns: generated sorted timestamps, run-heavy and low-cardinality columns, and the
 * real-data corpus of $GALP_DATA_DIR/alp with each dataset scaled to integers where it fits.
 * Prints the Markdown table of docs/COMPRESSION.md:
 *
 *     bench/fastlanes_table [DATA_DIR]      (default: $GALP_DATA_DIR, else ../shared/data)
 *
 * A figure is the file's bytes · 8 / n (header, metadata, alignment and tail included); every
 * file is decoded back and compared with its input, and the program fails if one differs.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alp_data.h"
#include "galp.h"

static const galp_scheme schemes[] = {GALP_SCHEME_FFOR, GALP_SCHEME_DELTA, GALP_SCHEME_RLE,
                                      GALP_SCHEME_DICT, GALP_SCHEME_RUNS, GALP_SCHEME_AUTO};
#define SCHEMES (sizeof schemes / sizeof schemes[0])

/* splitmix64: the generated columns are the same on every run. */
static uint64_t next(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

/* Bits per value of the u64 column with `scheme`, after checking that it decodes back; the
 * narrowest of u8 … u64 that holds every value is used. -1 on failure. */
static double bits_per_value(const uint64_t *values, size_t n, galp_scheme scheme)
{
    uint64_t max = 0;
    for (size_t i = 0; i < n; i++)
        max = values[i] > max ? values[i] : max;
    const galp_type type = max <= UINT8_MAX    ? GALP_TYPE_U8
                           : max <= UINT16_MAX ? GALP_TYPE_U16
                           : max <= UINT32_MAX ? GALP_TYPE_U32
                                               : GALP_TYPE_U64;
    const size_t size = galp_type_size(type);
    uint8_t *input = malloc(n * size + 1), *back = malloc(n * size + 1);
    const size_t bound = galp_compress_bound(type, n);
    uint8_t *file = malloc(bound);
    double bits = -1;
    size_t len;
    uint64_t count;
    if (input != NULL && back != NULL && file != NULL) {
        for (size_t i = 0; i < n; i++) /* little-endian hosts only (configure checks) */
            memcpy(input + i * size, &values[i], size);
        if (galp_compress(type, scheme, input, n, file, bound, &len) == GALP_OK &&
            galp_decompress(file, len, back, n * size, &count) == GALP_OK && count == n &&
            memcmp(input, back, n * size) == 0)
            bits = 8.0 * (double)len / (double)n;
    }
    free(file);
    free(back);
    free(input);
    return bits;
}

static int print_row(const char *name, const uint64_t *values, size_t n)
{
    printf("| %s | %zu |", name, n);
    for (size_t s = 0; s < SCHEMES; s++) {
        const double bits = bits_per_value(values, n, schemes[s]);
        if (bits < 0) {
            fprintf(stderr, "fastlanes_table: %s with %s does not round-trip\n", name,
                    galp_scheme_name(schemes[s]));
            return -1;
        }
        printf(" %.3f |", bits);
    }
    putchar('\n');
    return 0;
}

/* Generated columns of 1 048 576 values. */
static int generated_rows(void)
{
    enum { N = 1 << 20 };
    uint64_t *v = malloc(N * sizeof *v), state = 42;
    if (v == NULL)
        return -1;
    int status = 0;
    uint64_t t = 1700000000000u; /* milliseconds */
    for (size_t i = 0; i < N; i++)
        v[i] = t += 1000; /* one reading a second, exactly */
    status |= print_row("timestamps, 1 s apart (ms)", v, N);
    t = 1700000000000u;
    for (size_t i = 0; i < N; i++)
        v[i] = t += 990 + next(&state) % 21; /* 1 s ± 10 ms jitter */
    status |= print_row("timestamps, 1 s ± 10 ms (ms)", v, N);
    t = 1700000000u;
    for (size_t i = 0; i < N; i++)
        v[i] = t += next(&state) % 4 == 0; /* events per second: ~4 rows a second */
    status |= print_row("timestamps, ~4 rows per s (s)", v, N);
    uint64_t value = 0;
    for (size_t i = 0, left = 0; i < N; i++, left--) {
        if (left == 0) { /* runs of 1 … 256 values, random values below 10^6 */
            left = 1 + next(&state) % 256;
            value = next(&state) % 1000000;
        }
        v[i] = value;
    }
    status |= print_row("runs of 1-256, values < 10^6", v, N);
    for (size_t i = 0; i < N; i++)
        v[i] = 20240101 + (i / 3000); /* a date column of a table sorted by date */
    status |= print_row("dates, 3000 rows per day", v, N);
    static const uint64_t codes[7] = {3, 17, 250, 4096, 70000, 123456789, 9};
    for (size_t i = 0; i < N; i++)
        v[i] = codes[next(&state) % 7];
    status |= print_row("7 distinct codes, random order", v, N);
    for (size_t i = 0; i < N; i++)
        v[i] = next(&state) % 200 * 1000003u;
    status |= print_row("200 distinct values, random", v, N);
    free(v);
    return status;
}

/* The dataset as integers: x · 10^e for the smallest e ≤ 6 that makes every value an integer
 * below 2^52 in magnitude, minus the smallest; 0 if there is none. */
static int scaled(const alp_dataset *set, uint64_t *out, unsigned *exponent)
{
    for (unsigned e = 0; e <= 6; e++) {
        const double scale = pow(10.0, e);
        double min = INFINITY;
        int fits = 1;
        for (size_t i = 0; i < set->n && fits; i++) {
            const double k = nearbyint(set->values[i] * scale);
            fits = fabs(k) < 4503599627370496.0 && k / scale == set->values[i];
            min = k < min ? k : min;
        }
        if (!fits)
            continue;
        for (size_t i = 0; i < set->n; i++)
            out[i] = (uint64_t)(nearbyint(set->values[i] * scale) - min);
        *exponent = e;
        return 1;
    }
    return 0;
}

static int corpus_rows(const char *dir)
{
    alp_dataset *sets;
    int count = alp_data_load(dir, &sets);
    if (count <= 0) {
        fprintf(stderr, "fastlanes_table: no ALP corpus under %s/alp\n", dir);
        return count < 0 ? -1 : 0;
    }
    int status = 0, skipped = 0;
    for (int d = 0; d < count; d++) {
        uint64_t *v = malloc(sets[d].n * sizeof *v + 1);
        unsigned e;
        if (v == NULL)
            return -1;
        if (scaled(&sets[d], v, &e)) {
            char name[300];
            snprintf(name, sizeof name, "%s × 10^%u", sets[d].name, e);
            status |= print_row(name, v, sets[d].n);
        } else {
            skipped++;
        }
        free(v);
    }
    printf("\n%d of %d datasets are not integers at any scale up to 10^6 and are left out.\n",
           skipped, count);
    alp_data_free(sets, count);
    return status;
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : getenv("GALP_DATA_DIR");
    if (dir == NULL || dir[0] == '\0')
        dir = "../shared/data";
    printf("| column | n | FFOR | DELTA | RLE | DICT | RUNS | AUTO |\n");
    printf("|---|---:|---:|---:|---:|---:|---:|---:|\n");
    int status = generated_rows();
    status |= corpus_rows(dir);
    return status == 0 ? 0 : 1;
}
