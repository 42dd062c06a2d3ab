/*
 * gen_set.c — byte buffers and the list of vectors the generator builds.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bytes.h"
#include "gen_vectors.h"

_Noreturn void gen_fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("gen_vectors: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(1);
}

static void *checked_realloc(void *p, size_t size)
{
    void *q = realloc(p, size ? size : 1);
    if (!q)
        gen_fail("out of memory");
    return q;
}

void gen_buf_append(gen_buf *buf, const void *data, size_t len)
{
    if (buf->len + len > buf->cap) {
        size_t cap = buf->cap ? buf->cap : 256;
        while (cap < buf->len + len)
            cap *= 2;
        buf->data = checked_realloc(buf->data, cap);
        buf->cap = cap;
    }
    if (len)
        memcpy(buf->data + buf->len, data, len);
    buf->len += len;
}

void gen_buf_append_value(gen_buf *buf, unsigned bytes, uint64_t value)
{
    uint8_t le[8];
    galp_store_u64(le, value);
    gen_buf_append(buf, le, bytes);
}

void gen_buf_free(gen_buf *buf)
{
    free(buf->data);
    *buf = (gen_buf){0};
}

gen_vector *gen_set_add(gen_set *set, const char *name, galp_status expect, galp_type type,
                        galp_scheme scheme, const char *description)
{
    if (gen_set_find(set, name))
        gen_fail("duplicate vector name %s", name);
    if (strlen(name) >= sizeof set->items->name ||
        strlen(description) >= sizeof set->items->description)
        gen_fail("name or description too long: %s", name);
    if (set->count == set->cap) {
        set->cap = set->cap ? 2 * set->cap : 64;
        set->items = checked_realloc(set->items, set->cap * sizeof *set->items);
    }
    gen_vector *vec = &set->items[set->count++];
    *vec = (gen_vector){.expect = expect, .type = type, .scheme = scheme};
    strcpy(vec->name, name);
    strcpy(vec->description, description);
    return vec;
}

const gen_vector *gen_set_find(const gen_set *set, const char *name)
{
    for (size_t i = 0; i < set->count; i++)
        if (strcmp(set->items[i].name, name) == 0)
            return &set->items[i];
    return NULL;
}

void gen_set_free(gen_set *set)
{
    for (size_t i = 0; i < set->count; i++) {
        gen_buf_free(&set->items[i].file);
        gen_buf_free(&set->items[i].out);
    }
    free(set->items);
    *set = (gen_set){0};
}
