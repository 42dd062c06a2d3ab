/*
 * replay_main.c — runs a fuzz target's LLVMFuzzerTestOneInput on files, without libFuzzer.
 *
 * Linked with one target's source it makes a plain program that any compiler builds (gcc
 * included), so the saved inputs of fuzz/regressions/TARGET/ are replayed by every `make check`.
 * Arguments are files or directories; with none it replays $GALP_SRCDIR/fuzz/regressions/TARGET
 * (TARGET is compiled in as GALP_FUZZ_TARGET). A violated property aborts, which fails the
 * test; otherwise it prints how many inputs it replayed and exits 0.
 */
#define _POSIX_C_SOURCE 200809L /* mkstemp, dirent, stat */

#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
/* Optional, as with libFuzzer: only some targets define it. */
int LLVMFuzzerInitialize(int *argc, char ***argv) __attribute__((weak));

static unsigned replayed;

static int replay_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        fprintf(stderr, "replay: cannot open %s\n", path);
        return 1;
    }
    size_t cap = 4096, size = 0;
    uint8_t *data = malloc(cap);
    for (size_t got; data != NULL && (got = fread(data + size, 1, cap - size, f)) > 0;) {
        size += got;
        if (size == cap) {
            uint8_t *bigger = realloc(data, cap *= 2);
            if (bigger == NULL)
                free(data);
            data = bigger;
        }
    }
    int failed = data == NULL || ferror(f);
    fclose(f);
    if (failed) {
        fprintf(stderr, "replay: cannot read %s\n", path);
        free(data);
        return 1;
    }
    fprintf(stderr, "replay: %s (%zu bytes)\n", path, size);
    LLVMFuzzerTestOneInput(data, size);
    free(data);
    replayed++;
    return 0;
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every regular file of a directory, in name order so that runs are reproducible. */
static int replay_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (d == NULL) {
        fprintf(stderr, "replay: cannot open directory %s\n", dir);
        return 1;
    }
    char **names = NULL;
    size_t count = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        if (e->d_name[0] == '.')
            continue;
        char **more = realloc(names, (count + 1) * sizeof *names);
        size_t len = strlen(dir) + strlen(e->d_name) + 2;
        char *path = malloc(len);
        if (more == NULL || path == NULL) {
            fprintf(stderr, "replay: out of memory\n");
            exit(1);
        }
        names = more;
        snprintf(path, len, "%s/%s", dir, e->d_name);
        names[count++] = path;
    }
    closedir(d);
    if (count > 1)
        qsort(names, count, sizeof *names, compare_names);
    int failed = 0;
    for (size_t i = 0; i < count; i++) {
        failed |= replay_file(names[i]);
        free(names[i]);
    }
    free(names);
    return failed;
}

static int replay_path(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        fprintf(stderr, "replay: %s does not exist\n", path);
        return 1;
    }
    return S_ISDIR(st.st_mode) ? replay_dir(path) : replay_file(path);
}

int main(int argc, char **argv)
{
    if (LLVMFuzzerInitialize != NULL)
        LLVMFuzzerInitialize(&argc, &argv);
    int failed = 0;
    if (argc > 1) {
        for (int i = 1; i < argc; i++)
            failed |= replay_path(argv[i]);
    } else {
        const char *top = getenv("GALP_SRCDIR");
        if (top == NULL) {
            fprintf(stderr, "replay: give files or directories, or set GALP_SRCDIR\n");
            return 2;
        }
        size_t len = strlen(top) + sizeof "/fuzz/regressions/" + strlen(GALP_FUZZ_TARGET);
        char *dir = malloc(len);
        if (dir == NULL)
            return 1;
        snprintf(dir, len, "%s/fuzz/regressions/%s", top, GALP_FUZZ_TARGET);
        failed = replay_path(dir);
        free(dir);
    }
    fprintf(stderr, "replay: %u inputs replayed%s\n", replayed, failed ? ", some unreadable" : "");
    return failed || replayed == 0;
}
