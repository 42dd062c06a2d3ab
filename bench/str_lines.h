/*
 * str_lines.h — a file of strings as the FSST reference splits it (FSST-REFERENCE.md): one
 * string per '\n'-terminated line, the newline dropped, no string after the final newline.
 * Shared by the string benchmarks (bench/str_compression_table.c, bench/str_bench.cu).
 */
#ifndef GALP_BENCH_STR_LINES_H
#define GALP_BENCH_STR_LINES_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct str_lines {
    uint8_t *text;     /* the file as read */
    size_t text_bytes;
    uint64_t n;        /* strings */
    uint64_t *offsets; /* n + 1 offsets into data, galp_str_compress's input form */
    uint8_t *data;     /* the strings' bytes, back to back */
} str_lines;

/* Reads and splits the file. Returns 0, or -1 when it cannot be read or memory runs out
 * (nothing stays allocated). */
int str_lines_read(const char *path, str_lines *out);
void str_lines_free(str_lines *lines);

/* The first `strings` strings' share of the text: their bytes and their newlines. */
size_t str_lines_text_bytes(const str_lines *lines, uint64_t strings);

#ifdef __cplusplus
}
#endif

#endif /* GALP_BENCH_STR_LINES_H */
