/*
 * str_compression_table.c — the string table of docs/COMPRESSION.md: every file of
 * DATA_DIR/strings compressed as a str column (spec/fsst.md) with the compact symbol table
 * (§3.1) and lean vectors (§5.1) allowed, as `galp encode` writes it, decoded back and
 * compared, beside the FSST reference's figures from DATA_DIR/FSST-REFERENCE.md.
 *
 * Run: bench/str_compression_table [DATA_DIR]   (default $GALP_DATA_DIR, else ../shared/data)
 *
 * The split is the reference's: one string per '\n'-terminated line, the newline dropped. The
 * ratio counts what the reference's cf_term counts, string bytes plus one byte per string, over
 * the whole galp file (header, metadata, symbol table, piece directories, padding, tail).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "galp.h"
#include "str_lines.h"

static const char *const files[] = {"c_name", "city",      "email", "genome",
                                    "hex",    "l_comment", "urls2", "wiki"};
#define FILE_COUNT (sizeof files / sizeof files[0])

/* The reference's cf_noterm and cf_term for `name` from its Markdown table; 0 if absent. */
static void reference_figures(const char *table, const char *name, double *noterm, double *term)
{
    *noterm = *term = 0;
    char key[64];
    snprintf(key, sizeof key, "\n| %s |", name);
    const char *row = table ? strstr(table, key) : NULL;
    if (row == NULL)
        return;
    unsigned long lines;
    if (sscanf(row + strlen(key), " %lu | %lf | %lf |", &lines, noterm, term) != 3)
        *noterm = *term = 0;
}

/* One file: compress, decode, compare, print a row. Returns 0, or 1 on any failure. */
static int row(const char *dir, const char *name, const char *reference)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/strings/%s", dir, name);
    str_lines lines;
    if (str_lines_read(path, &lines) != 0) {
        printf("| %s | (missing) |\n", name);
        return 1;
    }
    const uint64_t n = lines.n, kept = lines.offsets[n];
    const uint64_t *offsets = lines.offsets;
    const uint8_t *data = lines.data;
    const size_t bound = galp_str_compress_bound(n, kept);
    uint8_t *file = malloc(bound);
    int64_t *back_offsets = malloc((n + 1) * sizeof *back_offsets);
    uint8_t *back = malloc(kept + 1);
    size_t file_len = 0;
    int failed = 1;
    galp_status st = galp_str_compress(offsets, data, n,
                                       GALP_FLAG_COMPACT_SYMBOLS | GALP_FLAG_LEAN_STR_VECTORS, file,
                                       bound, &file_len);
    galp_column col;
    if (st == GALP_OK && (st = galp_open(&col, file, file_len)) == GALP_OK) {
        st = galp_column_decode_str64(&col, back_offsets, n + 1, back, kept);
        failed = st != GALP_OK || memcmp(back, data, kept) != 0;
        for (uint64_t i = 0; !failed && i <= n; i++)
            failed = (uint64_t)back_offsets[i] != offsets[i];
    }
    double noterm, term;
    reference_figures(reference, name, &noterm, &term);
    const double ours = (double)(kept + n) / (double)file_len;
    const double ours_noterm = (double)kept / (double)file_len;
    if (failed)
        printf("| %s | FAILED: %s |\n", name, st != GALP_OK ? galp_strerror(st) : "mismatch");
    else
        printf("| %s | %llu | %llu | %zu | %u | %.4f | %.4f | %+.1f %% | %.4f | %.4f |\n",
               name, (unsigned long long)n, (unsigned long long)kept, file_len,
               /* symbol_count, the table's first byte (spec/fsst.md §3) */
               file[GALP_HEADER_SIZE + GALP_VECTOR_ENTRY_SIZE * col.vector_count], ours,
               term, term > 0 ? 100.0 * (ours / term - 1.0) : 0.0, ours_noterm, noterm);
    str_lines_free(&lines);
    free(file);
    free(back_offsets);
    free(back);
    return failed;
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : getenv("GALP_DATA_DIR");
    if (dir == NULL || dir[0] == '\0')
        dir = "../shared/data";
    char path[4096];
    snprintf(path, sizeof path, "%s/FSST-REFERENCE.md", dir);
    str_lines raw;
    char *reference = NULL;
    if (str_lines_read(path, &raw) == 0) {
        reference = malloc(raw.text_bytes + 2);
        if (reference != NULL) {
            reference[0] = '\n';
            memcpy(reference + 1, raw.text, raw.text_bytes);
            reference[raw.text_bytes + 1] = '\0';
        }
        str_lines_free(&raw);
    }
    printf("| file | strings | string bytes | galp file bytes | symbols | galp cf_term | FSST "
           "cf_term | Δ | galp cf_noterm | FSST cf_noterm |\n");
    printf("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    int failures = 0;
    for (size_t i = 0; i < FILE_COUNT; i++)
        failures += row(dir, files[i], reference);
    free(reference);
    return failures ? 1 : 0;
}
