/*
 * int_ratio_table.c — compression ratios of the ALP corpus's integer columns (the `-int`
 * datasets of galp-bench --fastlanes, bench/bench_data.c) with FFOR, RUNS and AUTO, with format
 * 1.7's layouts and with 1.8's (patched FFOR vectors, spec/ffor.md §8; offset-coded RUNS
 * values, spec/fastlanes.md §8.6), each column tiled to a given size as galp-bench
 * tiles it: whole repeats of the column's period (bench_data.h), whose compressed vectors
 * repeat with it. Prints a Markdown table, or with --json one JSON object per line:
 *
 *     bench/int_ratio_table [--json] [DATA_DIR [TILE_BYTES]]
 *         (defaults: $GALP_DATA_DIR, else ../shared/data; 268435456)
 *
 * The period is compressed once; a tile of r repeats is 64 + 256 bytes of header and tail
 * plus r times the period's metadata entries and 16-byte aligned payloads (spec/format.md
 * §3), the compressed_bytes galp-bench reports. Every period is decoded back and compared.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_data.h"
#include "galp.h"

/* Every layout flag galp_compress passed before format 1.8, and those 1.8 adds (bits 9, 10). */
static const uint32_t flags_17 = GALP_FLAG_COMPACT_GALP | GALP_FLAG_NARROW_LANE_ENDS |
                                 GALP_FLAG_ALPRD_DICT_IN_ENTRY | GALP_FLAG_PACKED_LANE_BASES |
                                 GALP_FLAG_RUNS_DELTA_VALUES;
static const uint32_t flags_18 = flags_17 | GALP_FLAG_PATCHED_FFOR | GALP_FLAG_RUNS_OFFSET_VALUES;

/* Bytes of one period's vectors in a tile: entries plus payloads at 16-byte boundaries. 0 on
 * failure (a column that does not round-trip). */
static uint64_t period_bytes(const bench_dataset *d, galp_scheme scheme, uint32_t flags)
{
    const size_t size = galp_type_size(d->type), bound = galp_compress_bound(d->type, d->n);
    uint8_t *file = malloc(bound), *back = malloc(d->n * size);
    uint64_t bytes = 0, count;
    size_t len;
    galp_column column;
    if (file != NULL && back != NULL &&
        galp_compress_ex(d->type, scheme, flags, d->values, d->n, file, bound, &len) == GALP_OK &&
        galp_decompress(file, len, back, d->n * size, &count) == GALP_OK && count == d->n &&
        memcmp(back, d->values, d->n * size) == 0 && galp_open(&column, file, len) == GALP_OK) {
        for (uint32_t v = 0; v < column.vector_count; v++) {
            galp_vector_info info;
            if (galp_vector_info_get(&column, v, &info) != GALP_OK)
                return 0;
            bytes += GALP_VECTOR_ENTRY_SIZE + (info.payload_size + 15u) / 16u * 16u;
        }
    }
    free(back);
    free(file);
    return bytes;
}

int main(int argc, char **argv)
{
    const bool json = argc > 1 && strcmp(argv[1], "--json") == 0;
    const char *env = getenv("GALP_DATA_DIR");
    const char *data = argc > 1 + json ? argv[1 + json] : env != NULL ? env : "../shared/data";
    const uint64_t tile = argc > 2 + json ? strtoull(argv[2 + json], NULL, 10) : 268435456u;
    char dir[4096], err[512];
    snprintf(dir, sizeof dir, "%s/alp", data);
    bench_dataset *sets;
    const int count = bench_dataset_list_alp(dir, &sets, err, sizeof err);
    if (count <= 0) {
        fprintf(stderr, "int_ratio_table: %s\n", count < 0 ? err : "no datasets");
        return 2;
    }
    static const galp_scheme schemes[3] = {GALP_SCHEME_FFOR, GALP_SCHEME_RUNS, GALP_SCHEME_AUTO};
    if (!json)
        puts("| column | type | FFOR 1.7 | FFOR 1.8 | RUNS 1.7 | RUNS 1.8 | AUTO 1.7 | AUTO 1.8 |\n"
             "|---|---|---:|---:|---:|---:|---:|---:|");
    int rc = 0;
    for (int i = 0; i < count; i++) {
        bench_dataset column;
        if (bench_dataset_scaled_int(&sets[i], &column) != 0)
            continue;
        const uint64_t raw = tile / galp_type_size(column.type) * galp_type_size(column.type);
        const uint64_t repeats = raw / galp_type_size(column.type) / column.n;
        double ratio[6];
        for (int k = 0; k < 6; k++) {
            const uint64_t bytes = period_bytes(&column, schemes[k / 2], k % 2 ? flags_18 : flags_17);
            rc |= bytes == 0;
            ratio[k] = bytes ? (double)raw / (double)(GALP_HEADER_SIZE + GALP_TAIL_PADDING + repeats * bytes) : 0;
        }
        if (json)
            printf("{\"dataset\": \"%s\", \"type\": \"%s\", \"source_values\": %llu, "
                   "\"ffor_1_7\": %.6f, \"ffor_1_8\": %.6f, \"runs_1_7\": %.6f, \"runs_1_8\": %.6f, "
                   "\"auto_1_7\": %.6f, \"auto_1_8\": %.6f}\n",
                   column.name, galp_type_name(column.type), (unsigned long long)column.n_source,
                   ratio[0], ratio[1], ratio[2], ratio[3], ratio[4], ratio[5]);
        else
            printf("| %s | %s | %.3f | %.3f | %.3f | %.3f | %.3f | %.3f |\n", column.name,
                   galp_type_name(column.type), ratio[0], ratio[1], ratio[2], ratio[3], ratio[4], ratio[5]);
        bench_dataset_free(&column);
    }
    for (int i = 0; i < count; i++)
        bench_dataset_free(&sets[i]);
    free(sets);
    return rc;
}
