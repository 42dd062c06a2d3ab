/*
 * compression_table.c — bits per value of galp-ALP and galp-G-ALP on the real-data corpus
 * ($GALP_DATA_DIR/alp), next to the ALP reference figures of $GALP_DATA_DIR/ALP-REFERENCE.md.
 * Prints the Markdown tables of docs/COMPRESSION.md:
 *
 *     bench/compression_table [DATA_DIR]      (default: $GALP_DATA_DIR, else ../shared/data)
 *
 * Two accountings (docs/COMPRESSION.md explains them):
 *   file   — the galp file's bytes · 8 / n: header, metadata table, alignment, tail padding;
 *   vector — ALP-REFERENCE.md's per-vector rule: 1024·b + c·(W+16) + 8+8+8+W+16 bits per
 *            vector (RAW vectors: m·W + the same metadata); G-ALP adds the lane tables it has.
 *            An ALP_RD vector counts its whole payload (dictionary and lane ends included)
 *            plus the reference's 16 bits of exception count, instead of the ALP metadata.
 * A third table shows AUTO, galp's G-ALP column with ALP_RD vectors (spec/alprd.md §6.1).
 * Then the file sizes of near-constant synthetic columns in the ALP layout and in G-ALP with
 * and without lane tables for vectors without exceptions (spec/galp.md §1.1).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alp_data.h"
#include "alp_reference.h"
#include "galp.h"

/* The dataset's values as the column type: its doubles, or a malloc'ed float32 cast in
 * *narrow (the caller frees it). NULL if that allocation fails. */
static const void *values_of_type(galp_type type, const alp_dataset *set, float **narrow)
{
    *narrow = NULL;
    if (type != GALP_TYPE_F32)
        return set->values;
    float *f = malloc(set->n * sizeof *f);
    if (f == NULL)
        return NULL;
    for (size_t i = 0; i < set->n; i++)
        f[i] = (float)set->values[i];
    *narrow = f;
    return f;
}

/* The reference's row for the dataset, if any, and the table's cells for it: its bits per
 * value ("(RD)" for an ALP_RD row) and galp's difference to it; "—" where there is none. */
static const alp_reference_row *reference_texts(galp_type type, const char *name, const alp_reference_row *ref,
                                                int ref_count, double galp_bits, char ref_text[48],
                                                char delta_text[32])
{
    const alp_reference_row *r =
        alp_reference_find(ref, ref_count, name, type == GALP_TYPE_F64 ? "double" : "float");
    snprintf(ref_text, 48, "—");
    snprintf(delta_text, 32, "—");
    if (r != NULL) {
        snprintf(ref_text, 48, "%.3f%s", r->bits, strcmp(r->scheme, "ALP_RD") == 0 ? " (RD)" : "");
        snprintf(delta_text, 32, "%+.3f", galp_bits - r->bits);
    }
    return r;
}

static void print_table(const char *type_name, galp_type type, const alp_dataset *sets,
                        int count, const alp_reference_row *ref, int ref_count)
{
    printf("\n### %s\n\n", type_name);
    printf("| dataset | n | ALP ref b/v | galp-ALP b/v (vector) | Δ vs ref | galp-ALP b/v (file) "
           "| galp-G-ALP b/v (vector) | galp-G-ALP b/v (file) | exceptions | mean b | RAW vectors |\n");
    printf("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    double sum_alp = 0, sum_ref = 0;
    int compared = 0;
    for (int s = 0; s < count; s++) {
        const size_t n = sets[s].n;
        float *narrow = NULL;
        const void *values = values_of_type(type, &sets[s], &narrow);
        if (values == NULL)
            return;
        alp_measure alp, galp;
        if (alp_measure_column(type, GALP_SCHEME_ALP, values, n, &alp) != 0 ||
            alp_measure_column(type, GALP_SCHEME_GALP, values, n, &galp) != 0) {
            printf("| %s | encode failed |\n", sets[s].name);
            free(narrow);
            continue;
        }
        char ref_text[48], delta_text[32];
        const alp_reference_row *r = reference_texts(type, sets[s].name, ref, ref_count, alp.vector_bits,
                                                     ref_text, delta_text);
        if (r != NULL) {
            if (strcmp(r->scheme, "ALP") == 0) {
                sum_alp += alp.vector_bits;
                sum_ref += r->bits;
                compared++;
            }
        }
        printf("| %s | %zu | %s | %.3f | %s | %.3f | %.3f | %.3f | %lu | %.2f | %u/%u |\n",
               sets[s].name, n, ref_text, alp.vector_bits, delta_text, alp.file_bits,
               galp.vector_bits, galp.file_bits, alp.exceptions, alp.mean_width,
               alp.raw_vectors, alp.vectors);
        free(narrow);
    }
    if (compared > 0)
        printf("\nMean over the %d datasets the reference stores with ALP (not ALP_RD): "
               "galp-ALP %.3f b/v, reference %.3f b/v (Δ %+.3f).\n",
               compared, sum_alp / compared, sum_ref / compared, (sum_alp - sum_ref) / compared);
}

/* AUTO against the reference on every dataset, ALP and ALP_RD alike. */
static void print_auto_table(const char *type_name, galp_type type, const alp_dataset *sets,
                             int count, const alp_reference_row *ref, int ref_count)
{
    printf("\n### %s, AUTO (G-ALP and ALP-RD vectors)\n\n", type_name);
    printf("| dataset | n | ALP ref b/v | galp AUTO b/v (vector) | Δ vs ref | galp AUTO b/v (file) "
           "| ALP-RD vectors | RAW vectors | exceptions |\n");
    printf("|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (int s = 0; s < count; s++) {
        const size_t n = sets[s].n;
        float *narrow = NULL;
        const void *values = values_of_type(type, &sets[s], &narrow);
        if (values == NULL)
            return;
        alp_measure m;
        if (alp_measure_column(type, GALP_SCHEME_AUTO, values, n, &m) != 0) {
            printf("| %s | encode failed |\n", sets[s].name);
            free(narrow);
            continue;
        }
        char ref_text[48], delta_text[32];
        reference_texts(type, sets[s].name, ref, ref_count, m.vector_bits, ref_text, delta_text);
        printf("| %s | %zu | %s | %.3f | %s | %.3f | %u/%u | %u/%u | %lu |\n", sets[s].name, n,
               ref_text, m.vector_bits, delta_text, m.file_bits, m.rd_vectors, m.vectors,
               m.raw_vectors, m.vectors, m.exceptions);
        free(narrow);
    }
}

/* The file size of n values in `scheme` with galp_compress_ex `flags`, or 0 on failure. */
static size_t file_bytes(galp_type type, galp_scheme scheme, uint32_t flags, const void *values,
                         size_t n)
{
    const size_t bound = galp_compress_bound(type, n);
    uint8_t *file = malloc(bound);
    size_t len = 0;
    if (file == NULL || galp_compress_ex(type, scheme, flags, values, n, file, bound, &len) != GALP_OK)
        len = 0;
    free(file);
    return len;
}

/* 100 vectors of 21.5 plus k quarters, k < 2^j: 2^j distinct values, no exceptions. */
static void print_near_constant(void)
{
    enum { N = 100 * 1024 };
    static double d[N];
    static float f[N];
    printf("\n### Near-constant columns (synthetic, %d values, no exceptions)\n\n", N);
    printf("| type | distinct values | ALP file bytes | G-ALP 1.0 layout bytes | G-ALP compact bytes "
           "| 1.0 layout vs ALP | compact vs ALP |\n");
    printf("|---|---:|---:|---:|---:|---:|---:|\n");
    for (unsigned t = 0; t < 2; t++)
        for (unsigned j = 0; j <= 2; j++) {
            const galp_type type = t ? GALP_TYPE_F32 : GALP_TYPE_F64;
            for (size_t i = 0; i < N; i++) {
                d[i] = 21.5 + 0.25 * (double)(i * 7 % (1u << j));
                f[i] = (float)d[i];
            }
            const void *values = t ? (const void *)f : (const void *)d;
            const size_t alp = file_bytes(type, GALP_SCHEME_ALP, 0, values, N);
            const size_t full = file_bytes(type, GALP_SCHEME_GALP, 0, values, N);
            const size_t compact =
                file_bytes(type, GALP_SCHEME_GALP, GALP_FLAG_COMPACT_GALP, values, N);
            printf("| %s | %u | %zu | %zu | %zu | %+.1f %% | %+.1f %% |\n", t ? "f32" : "f64", 1u << j,
                   alp, full, compact, 100.0 * ((double)full / (double)alp - 1),
                   100.0 * ((double)compact / (double)alp - 1));
        }
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : getenv("GALP_DATA_DIR");
    if (dir == NULL)
        dir = "../shared/data";
    alp_dataset *sets;
    int count = alp_data_load(dir, &sets);
    if (count <= 0) {
        fprintf(stderr, "compression_table: no ALP data under %s/alp\n", dir);
        return 1;
    }
    static alp_reference_row ref[256];
    int ref_count = alp_reference_load(dir, ref, 256);
    printf("Generated by `bench/compression_table %s` (%d datasets; reference rows: %d).\n",
           "$GALP_DATA_DIR", count, ref_count);
    print_table("f64", GALP_TYPE_F64, sets, count, ref, ref_count);
    print_table("f32 (each dataset cast to float32)", GALP_TYPE_F32, sets, count, ref, ref_count);
    print_auto_table("f64", GALP_TYPE_F64, sets, count, ref, ref_count);
    print_auto_table("f32", GALP_TYPE_F32, sets, count, ref, ref_count);
    print_near_constant();
    alp_data_free(sets, count);
    return 0;
}
