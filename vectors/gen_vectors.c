/*
 * gen_vectors.c — writes or checks the golden conformance vectors (spec/conformance.md §4).
 *
 *   gen_vectors write DIR   build every vector and write DIR/valid, DIR/invalid, DIR/MANIFEST
 *                           and DIR/files.mk
 *   gen_vectors check DIR   build every vector and require the committed files to be
 *                           identical, byte for byte, with no file missing or extra
 *
 * Building is deterministic, so `check` fails exactly when the encoder, the generator or a
 * committed file changed: vectors never change silently.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen_vectors.h"
#include "sha256.h"

/* Bumped whenever a vector is added, removed or changed; recorded in the MANIFEST. */
#define SUITE_VERSION 10

static void manifest_line(gen_buf *manifest, const gen_vector *vec)
{
    char in_hash[GALP_SHA256_HEX_SIZE], out_hash[GALP_SHA256_HEX_SIZE] = "-";
    char out_len[24] = "-", line[512];
    galp_sha256_hex(vec->file.data, vec->file.len, in_hash);
    if (vec->expect == GALP_OK) {
        galp_sha256_hex(vec->out.data, vec->out.len, out_hash);
        snprintf(out_len, sizeof out_len, "%zu", vec->out.len);
    }
    int n = snprintf(line, sizeof line, "%s %s %s %s %s %s %s %s\n", vec->name,
                     galp_status_name(vec->expect), galp_type_name(vec->type),
                     galp_scheme_name(vec->scheme), in_hash, out_len, out_hash, vec->description);
    gen_buf_append(manifest, line, (size_t)n);
}

static void build_manifest(const gen_set *set, gen_buf *manifest)
{
    char head[512];
    int n = snprintf(head, sizeof head,
                     "# galp conformance vectors. Written by `make vectors` (vectors/gen_vectors);"
                     " do not edit.\n"
                     "# Format: spec/conformance.md section 4. Fields: name expect type scheme "
                     "input-sha256 output-length output-sha256 description\n"
                     "suite %d format %u.%u\n",
                     SUITE_VERSION, GALP_VERSION_MAJOR, GALP_VERSION_MINOR);
    gen_buf_append(manifest, head, (size_t)n);
    for (size_t i = 0; i < set->count; i++)
        manifest_line(manifest, &set->items[i]);
}

/* vectors/files.mk: the committed files as automake data lists, so that `make install`
 * installs them under $(pkgdatadir)/vectors and `make dist` ships them. */
static void build_file_list(const gen_set *set, gen_buf *list)
{
    static const char head[] =
        "# vectors/files.mk — written by `make vectors` (vectors/gen_vectors); do not edit.\n"
        "vectorsdir = $(pkgdatadir)/vectors\n"
        "dist_vectors_DATA = vectors/MANIFEST\n"
        "vectorsvaliddir = $(vectorsdir)/valid\n"
        "vectorsinvaliddir = $(vectorsdir)/invalid\n";
    gen_buf_append(list, head, sizeof head - 1);
    static const char *const kinds[] = {"valid", "invalid"};
    for (unsigned k = 0; k < 2; k++) {
        char line[160];
        int n = snprintf(line, sizeof line, "dist_vectors%s_DATA =", kinds[k]);
        gen_buf_append(list, line, (size_t)n);
        for (size_t i = 0; i < set->count; i++) {
            const gen_vector *vec = &set->items[i];
            if ((vec->expect == GALP_OK) != (k == 0))
                continue;
            n = snprintf(line, sizeof line, " \\\n\tvectors/%s.galp", vec->name);
            gen_buf_append(list, line, (size_t)n);
            if (vec->expect == GALP_OK) {
                n = snprintf(line, sizeof line, " \\\n\tvectors/%s.out", vec->name);
                gen_buf_append(list, line, (size_t)n);
            }
        }
        gen_buf_append(list, "\n", 1);
    }
}

static void write_file(const char *dir, const char *name, const char *ext, const gen_buf *buf)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s%s", dir, name, ext);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(buf->data, 1, buf->len, f) != buf->len || fclose(f) != 0)
        gen_fail("cannot write %s: %s", path, strerror(errno));
}

/* 1 if the file at dir/name+ext holds exactly buf, else 0 with a message that says `why` it
 * would differ. */
static int same_file(const char *dir, const char *name, const char *ext, const gen_buf *buf,
                     const char *why)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s%s", dir, name, ext);
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "MISSING  %s\n", path);
        return 0;
    }
    uint8_t *data = malloc(buf->len + 1);
    if (!data)
        gen_fail("out of memory");
    size_t len = fread(data, 1, buf->len + 1, f);
    fclose(f);
    int same = len == buf->len && (len == 0 || memcmp(data, buf->data, len) == 0);
    free(data);
    if (!same)
        fprintf(stderr, "CHANGED  %s (%s)\n", path, why);
    return same;
}

/* Files in DIR/sub that no vector owns: left over after a rename, or added by hand. */
static int count_extra_files(const char *dir, const char *sub, const gen_set *set)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, sub);
    DIR *d = opendir(path);
    if (!d) {
        fprintf(stderr, "MISSING  %s/\n", path);
        return 1;
    }
    int extra = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        char name[300];
        snprintf(name, sizeof name, "%s/%s", sub, e->d_name);
        char *dot = strrchr(name, '.');
        int owned = 0;
        if (dot && (strcmp(dot, ".galp") == 0 || strcmp(dot, ".out") == 0)) {
            *dot = '\0';
            const gen_vector *vec = gen_set_find(set, name);
            owned = vec && (dot[1] == 'g' || vec->expect == GALP_OK);
        }
        if (!owned) {
            fprintf(stderr, "EXTRA    %s/%s (no vector builds it)\n", path, e->d_name);
            extra++;
        }
    }
    closedir(d);
    return extra;
}

static int check(const char *dir, const gen_set *set, const gen_buf *manifest,
                 const gen_buf *file_list)
{
    int bad = 0;
    for (size_t i = 0; i < set->count; i++) {
        const gen_vector *vec = &set->items[i];
        bad += !same_file(dir, vec->name, ".galp", &vec->file,
                          vec->from_encoder ? "differs from what the reference encoder writes "
                                              "for the committed input, the .out file"
                                            : "differs from what the generator builds");
        if (vec->expect == GALP_OK)
            bad += !same_file(dir, vec->name, ".out", &vec->out,
                              "differs from the values the generator draws");
    }
    bad += !same_file(dir, "MANIFEST", "", manifest, "differs: vectors were added, removed or changed");
    bad += !same_file(dir, "files.mk", "", file_list, "differs: vectors were added or removed");
    bad += count_extra_files(dir, "valid", set);
    bad += count_extra_files(dir, "invalid", set);
    if (bad)
        fprintf(stderr, "gen_vectors: %d difference(s) in %s. If the change is intended, run "
                        "`make vectors`, bump SUITE_VERSION and commit the new files.\n", bad, dir);
    else
        printf("gen_vectors: %zu vectors in %s match the generator\n", set->count, dir);
    return bad ? 1 : 0;
}

int main(int argc, char **argv)
{
    if (argc != 3 || (strcmp(argv[1], "write") != 0 && strcmp(argv[1], "check") != 0)) {
        fprintf(stderr, "usage: %s write|check VECTORS_DIR\n", argv[0]);
        return 2;
    }
    gen_set set = {0};
    gen_valid_vectors(&set);
    gen_invalid_vectors(&set);
    gen_alprd_vectors(&set);
    gen_tile_vectors(&set);
    gen_fsst_vectors(&set);
    gen_narrow_vectors(&set);
    gen_alprd_dict_vectors(&set);
    gen_delta_packed_vectors(&set);
    gen_runs_delta_vectors(&set);
    gen_patched_vectors(&set);
    gen_runs_offset_vectors(&set);
    gen_buf manifest = {0}, file_list = {0};
    build_manifest(&set, &manifest);
    build_file_list(&set, &file_list);
    int rc = 0;
    if (strcmp(argv[1], "write") == 0) {
        for (size_t i = 0; i < set.count; i++) {
            write_file(argv[2], set.items[i].name, ".galp", &set.items[i].file);
            if (set.items[i].expect == GALP_OK)
                write_file(argv[2], set.items[i].name, ".out", &set.items[i].out);
        }
        write_file(argv[2], "MANIFEST", "", &manifest);
        write_file(argv[2], "files.mk", "", &file_list);
        printf("gen_vectors: wrote %zu vectors to %s\n", set.count, argv[2]);
    } else {
        rc = check(argv[2], &set, &manifest, &file_list);
    }
    gen_buf_free(&manifest);
    gen_buf_free(&file_list);
    gen_set_free(&set);
    return rc;
}
