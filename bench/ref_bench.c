/*
 * ref_bench.c — single-core throughput of the reference codec (libgalp, CPU):
 *
 *     bench/ref_bench [VALUES [REPEATS]]
 *
 * For FFOR over u8, u16, u32 and u64 at several bit widths, DELTA, RLE, DICT and AUTO over
 * integers (spec/fastlanes.md), the tile schemes GPU-FOR, GPU-DFOR and GPU-RFOR over u32
 * (spec/tile.md), for ALP and G-ALP over f64 and f32 decimals, and for ALP-RD over f64 and
 * f32 high-precision values, it encodes and decodes VALUES values (default 2^20) REPEATS
 * times (default 10) and prints the best encode and decode speed in MB/s of uncompressed
 * values (1 MB = 10^6 bytes), with the compressed size in bits per value. The str row does
 * the same for VALUES strings of words (spec/fsst.md), in MB/s of string bytes and bits per
 * string. Inputs are synthetic and seeded, so runs are comparable; every decode is checked
 * against the input. Not a test: timings vary by
 * machine and load.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cpu_bench.h"
#include "galp.h"

typedef struct bench_case {
    const char *label;
    galp_type type;
    galp_scheme scheme;
    unsigned bits; /* integers: values are a random base plus `bits` random bits; floats:
                      1 for high-precision values */
    unsigned run;  /* integers: each value repeated `run` times (0 or 1: no runs) */
} bench_case;

static const bench_case cases[] = {
    {"u8 ffor b=3", GALP_TYPE_U8, GALP_SCHEME_FFOR, 3, 0},
    {"u8 ffor b=8", GALP_TYPE_U8, GALP_SCHEME_FFOR, 8, 0},
    {"u16 ffor b=9", GALP_TYPE_U16, GALP_SCHEME_FFOR, 9, 0},
    {"u32 ffor b=7", GALP_TYPE_U32, GALP_SCHEME_FFOR, 7, 0},
    {"u32 ffor b=17", GALP_TYPE_U32, GALP_SCHEME_FFOR, 17, 0},
    {"u32 ffor b=32", GALP_TYPE_U32, GALP_SCHEME_FFOR, 32, 0},
    {"u64 ffor b=20", GALP_TYPE_U64, GALP_SCHEME_FFOR, 20, 0},
    {"u64 ffor b=45", GALP_TYPE_U64, GALP_SCHEME_FFOR, 45, 0},
    {"u32 delta b=8", GALP_TYPE_U32, GALP_SCHEME_DELTA, 7, 0},
    {"u64 delta b=8", GALP_TYPE_U64, GALP_SCHEME_DELTA, 7, 0},
    {"u32 rle run=16", GALP_TYPE_U32, GALP_SCHEME_RLE, 20, 16},
    {"u32 dict d=8", GALP_TYPE_U32, GALP_SCHEME_DICT, 3, 0},
    {"u32 auto run=16", GALP_TYPE_U32, GALP_SCHEME_AUTO, 20, 16},
    {"u32 gpu-for b=7", GALP_TYPE_U32, GALP_SCHEME_GPU_FOR, 7, 0},
    {"u32 gpu-for b=17", GALP_TYPE_U32, GALP_SCHEME_GPU_FOR, 17, 0},
    {"u32 gpu-dfor b=7", GALP_TYPE_U32, GALP_SCHEME_GPU_DFOR, 7, 0},
    {"u32 gpu-rfor b=7", GALP_TYPE_U32, GALP_SCHEME_GPU_RFOR, 7, 0},
    {"f64 alp", GALP_TYPE_F64, GALP_SCHEME_ALP, 0, 0},
    {"f64 galp", GALP_TYPE_F64, GALP_SCHEME_GALP, 0, 0},
    {"f32 alp", GALP_TYPE_F32, GALP_SCHEME_ALP, 0, 0},
    {"f32 galp", GALP_TYPE_F32, GALP_SCHEME_GALP, 0, 0},
    {"f64 alp-rd", GALP_TYPE_F64, GALP_SCHEME_ALP_RD, 1, 0},
    {"f32 alp-rd", GALP_TYPE_F32, GALP_SCHEME_ALP_RD, 1, 0},
};

/* Integers: per 1024-value vector a random base plus `bits` random bits, so FFOR picks that
 * bit width (DELTA one more: differences of two such values), each value repeated `run`
 * times. Floats: a random walk of prices with two decimals (ALP's typical input), and with
 * `bits` = 1 each price scaled by 1 + a random multiple of 2^-40 below 2^-20, which leaves no
 * short decimal (ALP-RD's input). */
static double price(const bench_case *c, long cents, uint64_t *seed)
{
    const double x = (double)cents / 100.0;
    if (c->bits == 0)
        return x;
    const double scale = 1.0 + (double)(bench_random(seed) & 0xfffffu) / 1099511627776.0;
    return x * scale;
}

static void fill_values(const bench_case *c, void *values, size_t n)
{
    uint64_t seed = 42;
    const uint64_t mask = c->bits >= 64 ? UINT64_MAX : ((uint64_t)1 << c->bits) - 1;
    uint64_t base = 0, x = 0;
    long cents = 100000;
    for (size_t i = 0; i < n; i++) {
        if (i % GALP_VECTOR_SIZE == 0)
            base = bench_random(&seed) >> c->bits;
        const uint64_t fresh = base + (bench_random(&seed) & mask);
        x = c->run > 1 && i % c->run != 0 && i % GALP_VECTOR_SIZE != 0 ? x : fresh;
        cents += (long)(bench_random(&seed) % 201) - 100;
        switch (c->type) {
        case GALP_TYPE_U8: ((uint8_t *)values)[i] = (uint8_t)x; break;
        case GALP_TYPE_U16: ((uint16_t *)values)[i] = (uint16_t)x; break;
        case GALP_TYPE_U32: ((uint32_t *)values)[i] = (uint32_t)x; break;
        case GALP_TYPE_U64: ((uint64_t *)values)[i] = x; break;
        case GALP_TYPE_F32:
            ((float *)values)[i] = c->bits == 0 ? (float)cents / 100.0f : (float)price(c, cents, &seed);
            break;
        case GALP_TYPE_F64: ((double *)values)[i] = price(c, cents, &seed); break;
        case GALP_TYPE_STR: break; /* no value array: strings have their own API */
        }
    }
}

/* Best encode and decode seconds over `repeats` runs; returns 0, or -1 on any failure. */
static int run_case(const bench_case *c, size_t n, int repeats, double *encode, double *decode,
                    double *bits_per_value)
{
    const size_t bytes = n * galp_type_size(c->type);
    const size_t bound = galp_compress_bound(c->type, n);
    void *values = malloc(bytes);
    uint8_t *file = malloc(bound);
    void *out = malloc(bytes);
    int result = values && file && out ? 0 : -1;
    size_t len = 0;
    uint64_t count = 0;
    *encode = *decode = 1e30;
    if (result == 0)
        fill_values(c, values, n);
    for (int r = 0; result == 0 && r < repeats; r++) {
        double t0 = bench_now();
        if (galp_compress(c->type, c->scheme, values, n, file, bound, &len) != GALP_OK)
            result = -1;
        double t1 = bench_now();
        if (galp_decompress(file, len, out, bytes, &count) != GALP_OK || count != n)
            result = -1;
        double t2 = bench_now();
        *encode = t1 - t0 < *encode ? t1 - t0 : *encode;
        *decode = t2 - t1 < *decode ? t2 - t1 : *decode;
    }
    if (result == 0 && memcmp(out, values, bytes) != 0)
        result = -1; /* a benchmark of a wrong decoder is worthless */
    *bits_per_value = 8.0 * (double)len / (double)n;
    free(values);
    free(file);
    free(out);
    return result;
}

/* VALUES strings of 1 to 4 words and a number, encoded as a str column and decoded into the
 * Arrow layout; the speeds count string bytes. Returns 0, or -1 on any failure. */
static int run_strings(size_t n, int repeats, double *megabytes, double *encode, double *decode,
                       double *bits_per_string)
{
    static const char *const words[] = {"north", "south", "east", "west", "river", "lake",
                                        "ville", "port", "saint", "new", "old", "green"};
    uint64_t *offsets = malloc((n + 1) * sizeof *offsets);
    int64_t *back = malloc((n + 1) * sizeof *back);
    uint8_t *data = malloc(n * 48);
    int result = offsets && back && data ? 0 : -1;
    uint64_t seed = 7, at = 0;
    for (size_t i = 0; result == 0 && i < n; i++) {
        offsets[i] = at;
        const unsigned count = 1 + bench_random(&seed) % 4;
        for (unsigned w = 0; w < count; w++) {
            const char *word = words[bench_random(&seed) % 12];
            memcpy(data + at, word, strlen(word));
            at += strlen(word);
            data[at++] = ' ';
        }
        at += (uint64_t)snprintf((char *)data + at, 8, "%u", (unsigned)(bench_random(&seed) % 1000));
    }
    if (result == 0)
        offsets[n] = at;
    const size_t bound = result == 0 ? galp_str_compress_bound(n, at) : 0;
    uint8_t *file = malloc(bound ? bound : 1), *out = malloc(at + 1);
    size_t len = 0;
    *encode = *decode = 1e30;
    result = file && out && bound ? result : -1;
    for (int r = 0; result == 0 && r < repeats; r++) {
        galp_column col;
        double t0 = bench_now();
        if (galp_str_compress(offsets, data, n, 0, file, bound, &len) != GALP_OK)
            result = -1;
        double t1 = bench_now();
        if (result != 0 || galp_open(&col, file, len) != GALP_OK ||
            galp_column_decode_str64(&col, back, n + 1, out, at) != GALP_OK)
            result = -1;
        double t2 = bench_now();
        *encode = t1 - t0 < *encode ? t1 - t0 : *encode;
        *decode = t2 - t1 < *decode ? t2 - t1 : *decode;
    }
    for (size_t i = 0; result == 0 && i <= n; i++)
        result = (uint64_t)back[i] == offsets[i] ? 0 : -1;
    if (result == 0 && memcmp(out, data, at) != 0)
        result = -1; /* a benchmark of a wrong decoder is worthless */
    *megabytes = (double)at / 1e6;
    *bits_per_string = 8.0 * (double)len / (double)n;
    free(offsets);
    free(back);
    free(data);
    free(file);
    free(out);
    return result;
}

int main(int argc, char **argv)
{
    const long n = argc > 1 ? atol(argv[1]) : 1L << 20;
    const int repeats = argc > 2 ? atoi(argv[2]) : 10;
    if (n <= 0 || repeats <= 0) {
        fprintf(stderr, "usage: %s [VALUES [REPEATS]]\n", argv[0]);
        return 2;
    }
    printf("galp reference codec, one core: %ld values, best of %d runs, MB = 10^6 bytes\n\n",
           n, repeats);
    printf("%-16s %10s %12s %12s\n", "case", "bits/value", "encode MB/s", "decode MB/s");
    int failures = 0;
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        double encode, decode, bits;
        if (run_case(&cases[k], (size_t)n, repeats, &encode, &decode, &bits) != 0) {
            printf("%-16s FAILED (encode, decode or round trip)\n", cases[k].label);
            failures++;
            continue;
        }
        const double megabytes = (double)n * (double)galp_type_size(cases[k].type) / 1e6;
        printf("%-16s %10.2f %12.1f %12.1f\n", cases[k].label, bits, megabytes / encode,
               megabytes / decode);
    }
    double megabytes, encode, decode, bits;
    if (run_strings((size_t)n, repeats, &megabytes, &encode, &decode, &bits) != 0) {
        printf("%-16s FAILED (encode, decode or round trip)\n", "str fsst");
        failures++;
    } else {
        printf("%-16s %10.2f %12.1f %12.1f   (per string; MB/s of string bytes)\n",
               "str fsst", bits, megabytes / encode, megabytes / decode);
    }
    return failures ? 1 : 0;
}
