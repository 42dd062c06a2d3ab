/*
 * alp_data.c — see alp_data.h.
 */
#define _POSIX_C_SOURCE 200809L
#include "alp_data.h"

#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Sorted names in dir ending in `suffix`; returns the count, -1 if dir cannot be opened. */
static int list(const char *dir, const char *suffix, char ***names)
{
    DIR *d = opendir(dir);
    if (d == NULL)
        return -1;
    int count = 0, room = 0;
    *names = NULL;
    struct dirent *entry;
    while ((entry = readdir(d)) != NULL) {
        size_t len = strlen(entry->d_name), slen = strlen(suffix);
        if (len <= slen || strcmp(entry->d_name + len - slen, suffix) != 0)
            continue;
        if (count == room) {
            room = room ? 2 * room : 64;
            char **grown = realloc(*names, (size_t)room * sizeof *grown);
            if (grown == NULL)
                break;
            *names = grown;
        }
        (*names)[count++] = strdup(entry->d_name);
    }
    closedir(d);
    qsort(*names, (size_t)count, sizeof **names, compare_names);
    return count;
}

static int load_csv(const char *path, alp_dataset *set)
{
    FILE *f = fopen(path, "r");
    if (f == NULL)
        return -1;
    size_t room = 1024;
    set->values = malloc(room * sizeof *set->values);
    set->n = 0;
    char line[128];
    while (set->values != NULL && fgets(line, sizeof line, f) != NULL) {
        char *end;
        errno = 0;
        double x = strtod(line, &end);
        if (end == line)
            continue; /* blank line */
        if (set->n == room) {
            room *= 2;
            double *grown = realloc(set->values, room * sizeof *grown);
            if (grown == NULL)
                break;
            set->values = grown;
        }
        set->values[set->n++] = x;
    }
    int bad = ferror(f) || set->values == NULL;
    fclose(f);
    return bad ? -1 : 0;
}

static int load_bin(const char *path, alp_dataset *set)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return -1;
    int bad = fseek(f, 0, SEEK_END) != 0;
    long size = bad ? -1 : ftell(f);
    bad = bad || size < 0 || size % 8 != 0 || fseek(f, 0, SEEK_SET) != 0;
    set->n = bad ? 0 : (size_t)size / 8;
    set->values = bad ? NULL : malloc(set->n * sizeof *set->values + 1);
    bad = bad || set->values == NULL;
    /* Raw little-endian doubles: assemble each bit pattern byte by byte. */
    for (size_t i = 0; !bad && i < set->n; i++) {
        uint8_t b[8];
        uint64_t bits = 0;
        bad = fread(b, 1, 8, f) != 8;
        for (int k = 7; !bad && k >= 0; k--)
            bits = bits << 8 | b[k];
        memcpy(&set->values[i], &bits, sizeof bits);
    }
    fclose(f);
    return bad ? -1 : 0;
}

int alp_data_load(const char *dir, alp_dataset **out)
{
    static const struct {
        const char *sub, *suffix;
        int (*load)(const char *, alp_dataset *);
    } kinds[] = {{"alp/samples", ".csv", load_csv}, {"alp/rowgroups", ".bin", load_bin}};
    alp_dataset *sets = NULL;
    int total = 0;
    for (size_t k = 0; k < 2; k++) {
        char path[4096];
        char **names;
        snprintf(path, sizeof path, "%s/%s", dir, kinds[k].sub);
        int count = list(path, kinds[k].suffix, &names);
        if (count <= 0)
            continue;
        alp_dataset *grown = realloc(sets, (size_t)(total + count) * sizeof *sets);
        if (grown == NULL)
            return -1;
        sets = grown;
        for (int i = 0; i < count; i++) {
            alp_dataset *set = &sets[total];
            memset(set, 0, sizeof *set);
            snprintf(set->name, sizeof set->name, "%s", names[i]);
            snprintf(path, sizeof path, "%s/%s/%s", dir, kinds[k].sub, names[i]);
            free(names[i]);
            if (kinds[k].load(path, set) != 0) {
                fprintf(stderr, "cannot read %s\n", path);
                free(set->values);
                alp_data_free(sets, total);
                for (int j = i + 1; j < count; j++)
                    free(names[j]);
                free(names);
                return -1;
            }
            total++;
        }
        free(names);
    }
    *out = sets;
    return total;
}

void alp_data_free(alp_dataset *sets, int count)
{
    for (int i = 0; i < count; i++)
        free(sets[i].values);
    free(sets);
}
