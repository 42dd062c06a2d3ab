/*
 * alp_reference.c — see alp_reference.h.
 */
#include "alp_reference.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int alp_reference_load(const char *dir, alp_reference_row *rows, int room)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/ALP-REFERENCE.md", dir);
    FILE *f = fopen(path, "r");
    if (f == NULL)
        return 0;
    char line[1024];
    int count = 0;
    while (count < room && fgets(line, sizeof line, f) != NULL) {
        alp_reference_row r;
        unsigned long n;
        /* | file | type | n | scheme | bits/value | ... */
        if (sscanf(line, "| %127[^ |] | %15[^ |] | %lu | %15[^ |] | %lf |", r.file, r.type, &n,
                   r.scheme, &r.bits) == 5) {
            rows[count++] = r;
            continue;
        }
        /* float32 casts: | file | scheme | bits/value | exceptions | ... */
        if (sscanf(line, "| %127[^ |] | %15[^ |] | %lf | %lu |", r.file, r.scheme, &r.bits,
                   &n) == 4) {
            snprintf(r.type, sizeof r.type, "float");
            rows[count++] = r;
        }
    }
    fclose(f);
    return count;
}

const alp_reference_row *alp_reference_find(const alp_reference_row *rows, int count,
                                            const char *file, const char *type)
{
    for (int i = 0; i < count; i++)
        if (strcmp(rows[i].file, file) == 0 && strcmp(rows[i].type, type) == 0)
            return &rows[i];
    return NULL;
}

int alp_measure_column(galp_type type, galp_scheme scheme, const void *values, size_t n,
                       alp_measure *out)
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
        /* An ALP payload is exactly 1024·b + c·(W + 16) bits (spec/alp.md §2); a G-ALP
         * payload adds its lane table (spec/galp.md §1). */
        bits += 8.0 * info.payload_size;
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
