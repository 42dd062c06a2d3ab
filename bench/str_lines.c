/*
 * str_lines.c — reading and splitting a file of strings (bench/str_lines.h).
 */
#include "str_lines.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint8_t *read_all(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return NULL;
    uint8_t *data = NULL;
    size_t cap = 0;
    *len = 0;
    for (;;) {
        if (*len == cap) {
            cap = cap ? 2 * cap : (size_t)1 << 20;
            uint8_t *bigger = realloc(data, cap);
            if (bigger == NULL) {
                free(data);
                fclose(f);
                return NULL;
            }
            data = bigger;
        }
        const size_t got = fread(data + *len, 1, cap - *len, f);
        if (got == 0)
            break;
        *len += got;
    }
    const int failed = ferror(f);
    fclose(f);
    if (failed) {
        free(data);
        return NULL;
    }
    return data;
}

int str_lines_read(const char *path, str_lines *out)
{
    memset(out, 0, sizeof *out);
    out->text = read_all(path, &out->text_bytes);
    if (out->text == NULL)
        return -1;
    for (size_t i = 0; i < out->text_bytes; i++)
        out->n += out->text[i] == '\n';
    out->offsets = malloc((out->n + 1) * sizeof *out->offsets);
    out->data = malloc(out->text_bytes + 1);
    if (out->offsets == NULL || out->data == NULL) {
        str_lines_free(out);
        return -1;
    }
    uint64_t k = 0, kept = 0;
    out->offsets[0] = 0;
    for (size_t i = 0; i < out->text_bytes && k < out->n; i++) {
        if (out->text[i] == '\n')
            out->offsets[++k] = kept;
        else
            out->data[kept++] = out->text[i];
    }
    return 0;
}

void str_lines_free(str_lines *lines)
{
    free(lines->text);
    free(lines->offsets);
    free(lines->data);
    memset(lines, 0, sizeof *lines);
}

size_t str_lines_text_bytes(const str_lines *lines, uint64_t strings)
{
    return (size_t)(lines->offsets[strings] + strings);
}
