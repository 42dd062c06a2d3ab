/*
 * test_ffor_data.c — FFOR over real data: the bit patterns of the f64 row groups in
 * $GALP_DATA_DIR/alp/rowgroups/ read as u64 and as u32 values must round-trip exactly.
 * Exits 77 (automake SKIP) when the data directory is absent.
 */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test_support.h"

#define ROWGROUP_DIR "alp/rowgroups"

static char rowgroup_dir[4096];

static uint8_t *read_file(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    assert_int_equal(fseek(f, 0, SEEK_END), 0);
    long end = ftell(f);
    assert_true(end > 0);
    assert_int_equal(fseek(f, 0, SEEK_SET), 0);
    uint8_t *data = malloc((size_t)end);
    assert_non_null(data);
    assert_int_equal(fread(data, 1, (size_t)end, f), (size_t)end);
    fclose(f);
    *size = (size_t)end;
    return data;
}

static void roundtrip_as(galp_type type, const uint8_t *data, size_t size)
{
    const size_t bytes = galp_type_size(type);
    const uint64_t n = size / bytes;
    size_t len;
    uint8_t *file = ts_compress(type, GALP_SCHEME_FFOR, data, n, &len);
    ts_check_decodes_to(file, len, type, data, n);
    free(file);
}

static void test_rowgroups_as_integers(void **state)
{
    (void)state;
    DIR *dir = opendir(rowgroup_dir);
    assert_non_null(dir);
    int files = 0;
    for (struct dirent *entry; (entry = readdir(dir)) != NULL;) {
        size_t name_len = strlen(entry->d_name);
        if (name_len < 4 || strcmp(entry->d_name + name_len - 4, ".bin") != 0)
            continue;
        char path[8192];
        snprintf(path, sizeof path, "%s/%s", rowgroup_dir, entry->d_name);
        size_t size;
        uint8_t *data = read_file(path, &size);
        roundtrip_as(GALP_TYPE_U64, data, size);
        roundtrip_as(GALP_TYPE_U32, data, size);
        free(data);
        files++;
    }
    closedir(dir);
    assert_true(files > 0);
}

int main(void)
{
    const char *data_dir = getenv("GALP_DATA_DIR");
    if (data_dir == NULL || data_dir[0] == '\0') {
        fprintf(stderr, "SKIP: GALP_DATA_DIR is not set (real-data FFOR round trips)\n");
        return 77;
    }
    snprintf(rowgroup_dir, sizeof rowgroup_dir, "%s/%s", data_dir, ROWGROUP_DIR);
    DIR *dir = opendir(rowgroup_dir);
    if (dir == NULL) {
        fprintf(stderr, "SKIP: %s not found (real-data FFOR round trips)\n", rowgroup_dir);
        return 77;
    }
    closedir(dir);

    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rowgroups_as_integers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
