/*
 * alp_speed.c — single-core throughput of the reference ALP / G-ALP encoder and decoder on the
 * real row-group data, in MB/s of uncompressed values (1 MB = 10^6 bytes):
 *
 *     bench/alp_speed [DATA_DIR [REPEATS]]
 *
 * Each dataset of $GALP_DATA_DIR/alp is encoded and decoded REPEATS times (default 20) as f64
 * and as f32; the best time of the repeats is reported. Not a test: timings vary by machine.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "alp_data.h"
#include "galp.h"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* Best encode and decode seconds over `repeats` runs; -1 on failure. */
static int time_column(galp_type type, galp_scheme scheme, const void *values, size_t n,
                       int repeats, double *encode, double *decode)
{
    const size_t bytes = n * galp_type_size(type);
    const size_t bound = galp_compress_bound(type, n);
    uint8_t *file = malloc(bound);
    uint8_t *out = malloc(bytes);
    size_t len = 0;
    uint64_t count;
    int status = file && out ? 0 : -1;
    *encode = *decode = 1e30;
    for (int r = 0; status == 0 && r < repeats; r++) {
        double t0 = now();
        status = galp_compress(type, scheme, values, n, file, bound, &len) == GALP_OK ? 0 : -1;
        double t1 = now();
        status |= galp_decompress(file, len, out, bytes, &count) == GALP_OK ? 0 : -1;
        double t2 = now();
        *encode = t1 - t0 < *encode ? t1 - t0 : *encode;
        *decode = t2 - t1 < *decode ? t2 - t1 : *decode;
    }
    if (status == 0 && memcmp(out, values, bytes) != 0)
        status = -1; /* a benchmark of a wrong decoder is worthless */
    free(file);
    free(out);
    return status;
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : getenv("GALP_DATA_DIR");
    const int repeats = argc > 2 ? atoi(argv[2]) : 20;
    if (dir == NULL)
        dir = "../shared/data";
    alp_dataset *sets;
    int count = alp_data_load(dir, &sets);
    if (count <= 0 || repeats <= 0) {
        fprintf(stderr, "alp_speed: no ALP data under %s/alp\n", dir);
        return 1;
    }
    printf("| dataset | type | scheme | n | encode MB/s | decode MB/s |\n");
    printf("|---|---|---|---:|---:|---:|\n");
    static const galp_scheme schemes[] = {GALP_SCHEME_ALP, GALP_SCHEME_GALP};
    int failed = 0;
    for (int s = 0; s < count; s++) {
        if (sets[s].n < 100000)
            continue; /* the 1024-value samples are too small to time */
        float *narrow = malloc(sets[s].n * sizeof *narrow);
        if (narrow == NULL)
            return 1;
        for (size_t i = 0; i < sets[s].n; i++)
            narrow[i] = (float)sets[s].values[i];
        for (int t = 0; t < 2; t++) {
            galp_type type = t == 0 ? GALP_TYPE_F64 : GALP_TYPE_F32;
            const void *values = t == 0 ? (const void *)sets[s].values : (const void *)narrow;
            for (int k = 0; k < 2; k++) {
                double enc, dec;
                if (time_column(type, schemes[k], values, sets[s].n, repeats, &enc, &dec) != 0) {
                    printf("| %s | %s | %s | failed |\n", sets[s].name, galp_type_name(type),
                           galp_scheme_name(schemes[k]));
                    failed = 1;
                    continue;
                }
                double mb = (double)(sets[s].n * galp_type_size(type)) / 1e6;
                printf("| %s | %s | %s | %zu | %.0f | %.0f |\n", sets[s].name,
                       galp_type_name(type), galp_scheme_name(schemes[k]), sets[s].n, mb / enc,
                       mb / dec);
            }
        }
        free(narrow);
    }
    alp_data_free(sets, count);
    return failed;
}
