/*
 * runs_ratio_table.c — compression ratios of RUNS and AUTO on galp-bench's integer columns (the
 * ALP corpus scaled to integers, "<stem>-int", and its sorted timestamps: bench/bench_data.h),
 * each tiled to 256 MiB as galp-bench --fastlanes measures them, written with the format 1.7
 * layouts and with offset-coded RUNS values (header flag bit 10, spec/fastlanes.md §8.6):
 *
 *     bench/runs_ratio_table [DATA_DIR [JSON]]   (default: $GALP_DATA_DIR, else ../shared/data)
 *
 * Prints a Markdown table; with JSON, also writes its rows there. A tiled file is its header,
 * one period's metadata entries and payloads per copy and the tail (bench/galp_tile.h), so its
 * bytes follow from the period's file; every period's file is decoded back and compared with
 * its input, and the program fails if one differs.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_data.h"
#include "galp.h"
#include "galp/layout.h"

/* galp_compress's flags less the one whose effect the table shows. */
#define FLAGS_1_7 (GALP_FLAG_PACKED_LANE_BASES | GALP_FLAG_RUNS_DELTA_VALUES)
#define FLAGS_1_8 (FLAGS_1_7 | GALP_FLAG_RUNS_OFFSET_VALUES)
#define TILED_BYTES (UINT64_C(256) << 20)

typedef struct tiled {
    uint64_t bytes;          /* the tiled file's */
    unsigned offset_vectors; /* RUNS vectors of the period with offset-coded values */
    unsigned vectors;
} tiled;

/* The tiled file of the period written with `flags`; -1 if it does not round-trip. */
static int tile(const bench_dataset *d, galp_scheme scheme, uint32_t flags, tiled *out)
{
    const size_t size = galp_type_size(d->type), bound = galp_compress_bound(d->type, d->n);
    uint8_t *file = malloc(bound), *back = malloc(d->n * size);
    galp_column column;
    size_t len;
    uint64_t count;
    int rc = -1;
    if (file != NULL && back != NULL &&
        galp_compress_ex(d->type, scheme, flags, d->values, d->n, file, bound, &len) == GALP_OK &&
        galp_open(&column, file, len) == GALP_OK &&
        galp_decompress(file, len, back, d->n * size, &count) == GALP_OK && count == d->n &&
        memcmp(back, d->values, d->n * size) == 0) {
        const uint64_t copies = TILED_BYTES / (d->n * size);
        const uint64_t framing = GALP_HEADER_SIZE + 256u; /* header and tail (spec/format.md §3) */
        out->bytes = framing + copies * (len - framing);
        out->offset_vectors = 0;
        out->vectors = column.vector_count;
        for (uint32_t v = 0; v < column.vector_count; v++) {
            galp_vector_info info;
            galp_vector_info_get(&column, v, &info);
            out->offset_vectors += info.scheme == GALP_SCHEME_RUNS && info.factor == GALP_LAYOUT_RUNS_OFFSET_VALUES;
        }
        rc = 0;
    }
    free(back);
    free(file);
    return rc;
}

static int row(const bench_dataset *d, FILE *json, bool *first)
{
    static const galp_scheme schemes[] = {GALP_SCHEME_RUNS, GALP_SCHEME_AUTO};
    const double decoded = (double)TILED_BYTES;
    printf("| %s | %s | %llu |", d->name, galp_type_name(d->type), (unsigned long long)d->n);
    for (size_t s = 0; s < 2; s++) {
        tiled before, after;
        if (tile(d, schemes[s], FLAGS_1_7, &before) != 0 || tile(d, schemes[s], FLAGS_1_8, &after) != 0) {
            fprintf(stderr, "runs_ratio_table: %s with %s does not round-trip\n", d->name,
                    galp_scheme_name(schemes[s]));
            return -1;
        }
        printf(" %.2f | %.2f | %u/%u |", decoded / (double)before.bytes, decoded / (double)after.bytes,
               after.offset_vectors, after.vectors);
        if (json != NULL) {
            fprintf(json,
                    "%s\n    {\"dataset\": \"%s\", \"type\": \"%s\", \"source_values\": %llu, "
                    "\"codec\": \"%s\", \"decoded_bytes\": %llu, \"compressed_bytes_1_7\": %llu, "
                    "\"compressed_bytes\": %llu, \"ratio_1_7\": %.4f, \"ratio\": %.4f, "
                    "\"offset_vectors\": %u, \"vectors\": %u}",
                    *first ? "" : ",", d->name, galp_type_name(d->type), (unsigned long long)d->n,
                    schemes[s] == GALP_SCHEME_AUTO ? "auto" : "runs", (unsigned long long)TILED_BYTES,
                    (unsigned long long)before.bytes, (unsigned long long)after.bytes,
                    decoded / (double)before.bytes, decoded / (double)after.bytes, after.offset_vectors,
                    after.vectors);
            *first = false;
        }
    }
    putchar('\n');
    return 0;
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : getenv("GALP_DATA_DIR");
    if (dir == NULL || dir[0] == '\0')
        dir = "../shared/data";
    FILE *json = argc > 2 ? fopen(argv[2], "w") : NULL;
    if (argc > 2 && json == NULL) {
        perror(argv[2]);
        return 1;
    }
    char err[256], alp[4096];
    snprintf(alp, sizeof alp, "%s/alp", dir);
    bench_dataset *real = NULL;
    const int n = bench_dataset_list_alp(alp, &real, err, sizeof err);
    if (n <= 0) {
        fprintf(stderr, "runs_ratio_table: %s\n", n < 0 ? err : "no ALP corpus under DATA_DIR/alp");
        return 1;
    }
    printf("| column | type | n | RUNS 1.7 | RUNS 1.8 | offset-coded | AUTO 1.7 | AUTO 1.8 | offset-coded |\n");
    printf("|---|---|---:|---:|---:|---:|---:|---:|---:|\n");
    if (json != NULL)
        fprintf(json, "[");
    bool first = true;
    int status = 0;
    for (int i = 0; i < n && status == 0; i++) {
        bench_dataset scaled;
        if (bench_dataset_scaled_int(&real[i], &scaled) == 0) {
            status = row(&scaled, json, &first);
            bench_dataset_free(&scaled);
        }
        bench_dataset_free(&real[i]);
    }
    free(real);
    bench_dataset stamps; /* galp-bench's: 128 vectors, seed 7 */
    if (status == 0 && bench_dataset_sorted_timestamps(128u * GALP_VECTOR_SIZE, 7, &stamps) == 0) {
        status = row(&stamps, json, &first);
        bench_dataset_free(&stamps);
    }
    if (json != NULL) {
        fprintf(json, "\n]\n");
        fclose(json);
    }
    return status == 0 ? 0 : 1;
}
