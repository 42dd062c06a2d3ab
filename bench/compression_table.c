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
 *            vector (RAW vectors: m·W + the same metadata); G-ALP adds 16·L bits per vector.
 *            An ALP_RD vector counts its whole payload (dictionary and lane ends included)
 *            plus the reference's 16 bits of exception count, instead of the ALP metadata.
 * A third table shows AUTO, galp's G-ALP column with ALP_RD vectors (spec/alprd.md §6.1).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alp_data.h"
#include "galp.h"

/* One row of ALP-REFERENCE.md's table: file, type ("double"/"float"), bits/value. */
typedef struct reference_row {
    char file[128];
    char type[16];
    char scheme[16];
    double bits;
} reference_row;

static int load_reference(const char *dir, reference_row *rows, int room)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/ALP-REFERENCE.md", dir);
    FILE *f = fopen(path, "r");
    if (f == NULL)
        return 0;
    char line[1024];
    int count = 0;
    while (count < room && fgets(line, sizeof line, f) != NULL) {
        reference_row r;
        unsigned long n;
        /* | file | type | n | scheme | bits/value | ... */
        if (sscanf(line, "| %127[^ |] | %15[^ |] | %lu | %15[^ |] | %lf |", r.file, r.type, &n,
                   r.scheme, &r.bits) == 5)
            rows[count++] = r;
    }
    fclose(f);
    return count;
}

static const reference_row *find_reference(const reference_row *rows, int count,
                                           const char *file, const char *type)
{
    for (int i = 0; i < count; i++)
        if (strcmp(rows[i].file, file) == 0 && strcmp(rows[i].type, type) == 0)
            return &rows[i];
    return NULL;
}

typedef struct measure {
    double file_bits;   /* per value */
    double vector_bits; /* per value, ALP-REFERENCE.md accounting */
    double mean_width;  /* over non-RAW vectors */
    unsigned long exceptions;
    unsigned raw_vectors, rd_vectors, vectors;
} measure;

static int measure_column(galp_type type, galp_scheme scheme, const void *values, size_t n,
                          measure *out)
{
    const size_t bound = galp_compress_bound(type, n);
    uint8_t *file = malloc(bound);
    size_t len;
    galp_column column;
    if (file == NULL || galp_compress(type, scheme, values, n, file, bound, &len) != GALP_OK ||
        galp_open(&column, file, len) != GALP_OK) {
        free(file);
        return -1;
    }
    const unsigned w = (unsigned)galp_type_size(type) * 8;
    const unsigned lanes = 1024 / w;
    const double metadata = 8 + 8 + 8 + w + 16;
    double bits = 0, widths = 0;
    memset(out, 0, sizeof *out);
    for (uint32_t v = 0; v < column.vector_count; v++) {
        galp_vector_info info;
        galp_vector_info_get(&column, v, &info);
        if (info.scheme == GALP_SCHEME_ALP_RD) {
            bits += 8.0 * info.payload_size + 16;
            out->rd_vectors++;
            out->exceptions += info.exception_count;
            continue;
        }
        bits += metadata;
        if (info.scheme == GALP_SCHEME_RAW) {
            bits += (double)info.value_count * w;
            out->raw_vectors++;
            continue;
        }
        bits += 1024.0 * info.bit_width + info.exception_count * (w + 16.0);
        if (info.scheme == GALP_SCHEME_GALP)
            bits += 16.0 * lanes;
        widths += info.bit_width;
        out->exceptions += info.exception_count;
    }
    out->vectors = column.vector_count;
    out->file_bits = (double)len * 8 / (double)n;
    out->vector_bits = bits / (double)n;
    unsigned coded = out->vectors - out->raw_vectors - out->rd_vectors;
    out->mean_width = coded ? widths / coded : 0;
    free(file);
    return 0;
}

static void print_table(const char *type_name, galp_type type, const alp_dataset *sets,
                        int count, const reference_row *ref, int ref_count)
{
    printf("\n### %s\n\n", type_name);
    printf("| dataset | n | ALP ref b/v | galp-ALP b/v (vector) | Δ vs ref | galp-ALP b/v (file) "
           "| galp-G-ALP b/v (vector) | galp-G-ALP b/v (file) | exceptions | mean b | RAW vectors |\n");
    printf("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    double sum_alp = 0, sum_ref = 0;
    int compared = 0;
    for (int s = 0; s < count; s++) {
        const size_t n = sets[s].n;
        void *values = sets[s].values;
        float *narrow = NULL;
        if (type == GALP_TYPE_F32) {
            narrow = malloc(n * sizeof *narrow);
            if (narrow == NULL)
                return;
            for (size_t i = 0; i < n; i++)
                narrow[i] = (float)sets[s].values[i];
            values = narrow;
        }
        measure alp, galp;
        if (measure_column(type, GALP_SCHEME_ALP, values, n, &alp) != 0 ||
            measure_column(type, GALP_SCHEME_GALP, values, n, &galp) != 0) {
            printf("| %s | encode failed |\n", sets[s].name);
            free(narrow);
            continue;
        }
        const reference_row *r = find_reference(
            ref, ref_count, sets[s].name, type == GALP_TYPE_F64 ? "double" : "float");
        char ref_text[48] = "—", delta_text[32] = "—";
        if (r != NULL) {
            snprintf(ref_text, sizeof ref_text, "%.3f%s", r->bits,
                     strcmp(r->scheme, "ALP_RD") == 0 ? " (RD)" : "");
            snprintf(delta_text, sizeof delta_text, "%+.3f", alp.vector_bits - r->bits);
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
                             int count, const reference_row *ref, int ref_count)
{
    printf("\n### %s, AUTO (G-ALP and ALP-RD vectors)\n\n", type_name);
    printf("| dataset | n | ALP ref b/v | galp AUTO b/v (vector) | Δ vs ref | galp AUTO b/v (file) "
           "| ALP-RD vectors | RAW vectors | exceptions |\n");
    printf("|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (int s = 0; s < count; s++) {
        const size_t n = sets[s].n;
        void *values = sets[s].values;
        float *narrow = NULL;
        if (type == GALP_TYPE_F32) {
            narrow = malloc(n * sizeof *narrow);
            if (narrow == NULL)
                return;
            for (size_t i = 0; i < n; i++)
                narrow[i] = (float)sets[s].values[i];
            values = narrow;
        }
        measure m;
        if (measure_column(type, GALP_SCHEME_AUTO, values, n, &m) != 0) {
            printf("| %s | encode failed |\n", sets[s].name);
            free(narrow);
            continue;
        }
        const reference_row *r = find_reference(
            ref, ref_count, sets[s].name, type == GALP_TYPE_F64 ? "double" : "float");
        char ref_text[48] = "—", delta_text[32] = "—";
        if (r != NULL) {
            snprintf(ref_text, sizeof ref_text, "%.3f%s", r->bits,
                     strcmp(r->scheme, "ALP_RD") == 0 ? " (RD)" : "");
            snprintf(delta_text, sizeof delta_text, "%+.3f", m.vector_bits - r->bits);
        }
        printf("| %s | %zu | %s | %.3f | %s | %.3f | %u/%u | %u/%u | %lu |\n", sets[s].name, n,
               ref_text, m.vector_bits, delta_text, m.file_bits, m.rd_vectors, m.vectors,
               m.raw_vectors, m.vectors, m.exceptions);
        free(narrow);
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
    static reference_row ref[256];
    int ref_count = load_reference(dir, ref, 256);
    printf("Generated by `bench/compression_table %s` (%d datasets; reference rows: %d).\n",
           "$GALP_DATA_DIR", count, ref_count);
    print_table("f64", GALP_TYPE_F64, sets, count, ref, ref_count);
    print_table("f32 (each dataset cast to float32)", GALP_TYPE_F32, sets, count, ref, ref_count);
    print_auto_table("f64", GALP_TYPE_F64, sets, count, ref, ref_count);
    print_auto_table("f32", GALP_TYPE_F32, sets, count, ref, ref_count);
    alp_data_free(sets, count);
    return 0;
}
