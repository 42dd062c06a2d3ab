/*
 * test_conform_units.c — the runner's parts on their own: SHA-256 against FIPS 180-4 examples,
 * the manifest's integrity checks, the judging rules of spec/conformance.md §2-3 and the format
 * of the class a command writes to {err} (docs/CONFORMANCE.md).
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "conform.h"
#include "sha256.h"

/* ---- SHA-256 -------------------------------------------------------------------------- */

static void test_sha256_fips_examples(void **state)
{
    (void)state;
    char hex[GALP_SHA256_HEX_SIZE];
    galp_sha256_hex("abc", 3, hex);
    assert_string_equal(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    galp_sha256_hex("", 0, hex);
    assert_string_equal(hex, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    const char *two_blocks = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
    galp_sha256_hex(two_blocks, strlen(two_blocks), hex);
    assert_string_equal(hex, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}

static void test_sha256_million_a_in_pieces(void **state)
{
    (void)state;
    /* FIPS 180-4 example: one million 'a', fed in uneven pieces across block boundaries. */
    static char chunk[997];
    memset(chunk, 'a', sizeof chunk);
    galp_sha256 ctx;
    galp_sha256_init(&ctx);
    size_t left = 1000000;
    for (size_t piece = 1; left > 0; piece = (piece * 7 + 13) % sizeof chunk + 1) {
        size_t n = piece < left ? piece : left;
        galp_sha256_update(&ctx, chunk, n);
        left -= n;
    }
    uint8_t digest[GALP_SHA256_DIGEST_SIZE];
    galp_sha256_final(&ctx, digest);
    static const uint8_t expected[GALP_SHA256_DIGEST_SIZE] = {
        0xcd, 0xc7, 0x6e, 0x5c, 0x99, 0x14, 0xfb, 0x92, 0x81, 0xa1, 0xc7, 0xe2, 0x84, 0xd7, 0x3e, 0x67,
        0xf1, 0x80, 0x9a, 0x48, 0xa4, 0x97, 0x20, 0x0e, 0x04, 0x6d, 0x39, 0xcc, 0xc7, 0x11, 0x2c, 0xd0};
    assert_memory_equal(digest, expected, sizeof expected);
}

/* ---- the manifest --------------------------------------------------------------------- */

typedef struct suite_dir {
    char path[256];
} suite_dir;

static void write_bytes(const char *dir, const char *name, const void *data, size_t len)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, len, f), len);
    assert_int_equal(fclose(f), 0);
}

static const uint8_t galp_bytes[] = "not really a galp file, only bytes to hash";
static const uint8_t out_bytes[] = {1, 0, 2, 0};

/* A two-vector suite: valid/a with its output, invalid/b. */
static void make_suite(suite_dir *s)
{
    snprintf(s->path, sizeof s->path, "%s/conform-units.XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    assert_non_null(mkdtemp(s->path));
    char sub[300];
    snprintf(sub, sizeof sub, "%s/valid", s->path);
    assert_int_equal(mkdir(sub, 0700), 0);
    snprintf(sub, sizeof sub, "%s/invalid", s->path);
    assert_int_equal(mkdir(sub, 0700), 0);
    write_bytes(s->path, "valid/a.galp", galp_bytes, sizeof galp_bytes);
    write_bytes(s->path, "valid/a.out", out_bytes, sizeof out_bytes);
    write_bytes(s->path, "invalid/b.galp", galp_bytes, 10);
    char in_hash[GALP_SHA256_HEX_SIZE], out_hash[GALP_SHA256_HEX_SIZE], b_hash[GALP_SHA256_HEX_SIZE];
    galp_sha256_hex(galp_bytes, sizeof galp_bytes, in_hash);
    galp_sha256_hex(out_bytes, sizeof out_bytes, out_hash);
    galp_sha256_hex(galp_bytes, 10, b_hash);
    char manifest[1024];
    int n = snprintf(manifest, sizeof manifest,
                     "# comment\nsuite 7 format 1.0\n"
                     "valid/a GALP_OK u16 ffor %s 4 %s two u16 values\n"
                     "invalid/b GALP_ERR_TRUNCATED u16 ffor %s - - cut short\n",
                     in_hash, out_hash, b_hash);
    write_bytes(s->path, "MANIFEST", manifest, (size_t)n);
}

static void remove_suite(suite_dir *s)
{
    static const char *const files[] = {"valid/a.galp", "valid/a.out", "invalid/b.galp",
                                        "MANIFEST", "valid", "invalid"};
    char path[512];
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        snprintf(path, sizeof path, "%s/%s", s->path, files[i]);
        remove(path);
    }
    rmdir(s->path);
}

static void test_manifest_loads_intact_suite(void **state)
{
    (void)state;
    suite_dir s;
    make_suite(&s);
    conform_suite suite;
    assert_true(conform_suite_load(s.path, &suite));
    assert_int_equal(suite.version, 7);
    assert_string_equal(suite.format, "1.0");
    assert_int_equal(suite.count, 2);
    assert_string_equal(suite.vectors[0].name, "valid/a");
    assert_true(conform_vector_is_valid(&suite.vectors[0]));
    assert_string_equal(suite.vectors[0].description, "two u16 values");
    assert_memory_equal(suite.vectors[0].output, out_bytes, sizeof out_bytes);
    assert_false(conform_vector_is_valid(&suite.vectors[1]));
    assert_string_equal(suite.vectors[1].expect, "GALP_ERR_TRUNCATED");
    assert_int_equal(suite.vectors[1].input_len, 10);
    conform_suite_free(&suite);
    remove_suite(&s);
}

static void test_manifest_refuses_changed_file(void **state)
{
    (void)state;
    suite_dir s;
    make_suite(&s);
    uint8_t changed[sizeof out_bytes];
    memcpy(changed, out_bytes, sizeof changed);
    changed[3] ^= 1;
    write_bytes(s.path, "valid/a.out", changed, sizeof changed);
    conform_suite suite;
    assert_false(conform_suite_load(s.path, &suite));
    remove_suite(&s);
}

static void test_manifest_refuses_missing_file(void **state)
{
    (void)state;
    suite_dir s;
    make_suite(&s);
    char path[512];
    snprintf(path, sizeof path, "%s/invalid/b.galp", s.path);
    assert_int_equal(remove(path), 0);
    conform_suite suite;
    assert_false(conform_suite_load(s.path, &suite));
    remove_suite(&s);
}

/* ---- judging ---------------------------------------------------------------------------- */

static conform_vector valid_vector(void)
{
    static uint8_t expected[8] = {1, 0, 2, 0, 3, 0, 4, 0};
    conform_vector vec = {.name = "valid/x", .expect = "GALP_OK", .type = "u16",
                          .output = expected, .output_len = sizeof expected};
    return vec;
}

static conform_judgement judge_with(const conform_vector *vec, const conform_result *r,
                                    conform_judge_options opt)
{
    conform_judgement j;
    conform_judge(vec, r, &opt, &j);
    return j;
}

static conform_judgement judge(const conform_vector *vec, const conform_result *r, bool any_class)
{
    return judge_with(vec, r, (conform_judge_options){.any_class = any_class});
}

static void test_judge_valid_vector(void **state)
{
    (void)state;
    conform_vector vec = valid_vector();
    uint8_t got[8] = {1, 0, 2, 0, 3, 0, 4, 0};
    conform_result r = {.outcome = CONFORM_DECODED, .out = got, .out_len = 8};
    assert_int_equal(judge(&vec, &r, false).verdict, CONFORM_PASS);

    got[5] = 1; /* value 2 differs */
    conform_judgement j = judge(&vec, &r, false);
    assert_int_equal(j.verdict, CONFORM_FAIL);
    assert_non_null(strstr(j.reason, "value 2 (vector 0, slot 2, lane 2) is 0x0103, expected 0x0003"));
    got[5] = 0;

    r.out_len = 6;
    assert_int_equal(judge(&vec, &r, false).verdict, CONFORM_FAIL);

    r = (conform_result){.outcome = CONFORM_REJECTED, .status_name = "GALP_ERR_LAYOUT"};
    j = judge(&vec, &r, true);
    assert_int_equal(j.verdict, CONFORM_FAIL);
    assert_non_null(strstr(j.reason, "rejected a valid vector (GALP_ERR_LAYOUT)"));

    r = (conform_result){.outcome = CONFORM_CRASHED, .detail = "killed by signal 11"};
    j = judge(&vec, &r, false);
    assert_int_equal(j.verdict, CONFORM_FAIL);
    assert_non_null(strstr(j.reason, "crashed: killed by signal 11"));
}

static void test_judge_invalid_vector(void **state)
{
    (void)state;
    conform_vector vec = {.name = "invalid/y", .expect = "GALP_ERR_CHECKSUM", .type = "u8"};
    uint8_t got[1] = {0};
    conform_result r = {.outcome = CONFORM_DECODED, .out = got, .out_len = 1};
    assert_int_equal(judge(&vec, &r, true).verdict, CONFORM_FAIL);

    r = (conform_result){.outcome = CONFORM_REJECTED, .status_name = "GALP_ERR_CHECKSUM"};
    assert_int_equal(judge(&vec, &r, false).verdict, CONFORM_PASS);

    strcpy(r.status_name, "GALP_ERR_LAYOUT");
    assert_int_equal(judge(&vec, &r, false).verdict, CONFORM_FAIL);
    assert_int_equal(judge(&vec, &r, true).verdict, CONFORM_PASS);

    r.status_name[0] = '\0'; /* the command protocol without {err} carries no class */
    assert_int_equal(judge(&vec, &r, false).verdict, CONFORM_PASS);

    r.wrote_on_reject = true;
    assert_int_equal(judge(&vec, &r, true).verdict, CONFORM_FAIL);

    r = (conform_result){.outcome = CONFORM_TIMED_OUT, .detail = "no result within 1 s"};
    assert_int_equal(judge(&vec, &r, true).verdict, CONFORM_FAIL);
}

static void test_judge_require_class(void **state)
{
    (void)state;
    conform_vector vec = {.name = "invalid/y", .expect = "GALP_ERR_CHECKSUM", .type = "u8"};
    conform_judge_options required = {.require_class = true};
    conform_result r = {.outcome = CONFORM_REJECTED};
    conform_judgement j = judge_with(&vec, &r, required);
    assert_int_equal(j.verdict, CONFORM_FAIL);
    assert_non_null(strstr(j.reason, "no class reported (expected GALP_ERR_CHECKSUM)"));

    strcpy(r.status_name, "GALP_ERR_CHECKSUM");
    assert_int_equal(judge_with(&vec, &r, required).verdict, CONFORM_PASS);
    strcpy(r.status_name, "GALP_ERR_LAYOUT");
    assert_int_equal(judge_with(&vec, &r, required).verdict, CONFORM_FAIL);
}

/* ---- the {err} file ------------------------------------------------------------------- */

static conform_class parse(const char *text, char *name)
{
    return conform_parse_class((const uint8_t *)text, strlen(text), name, 48);
}

static void test_class_well_formed(void **state)
{
    (void)state;
    char name[48];
    const char *forms[] = {"GALP_ERR_CHECKSUM", "GALP_ERR_CHECKSUM\n", "GALP_ERR_CHECKSUM\r\n"};
    for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
        assert_int_equal(parse(forms[i], name), CONFORM_CLASS_NAMED);
        assert_string_equal(name, "GALP_ERR_CHECKSUM");
    }
    assert_int_equal(parse("", name), CONFORM_CLASS_NONE);
    assert_string_equal(name, "");
}

static void test_class_malformed(void **state)
{
    (void)state;
    char name[48];
    const char *bad[] = {" GALP_ERR_CHECKSUM", "\tGALP_ERR_CHECKSUM\n", "GALP_ERR_CHECKSUM ",
                         "GALP_ERR_CHECKSUM\n\n", "GALP_ERR_CHECKSUM\r", "GALP_ERR_A GALP_ERR_B",
                         "galp_err_checksum", "1GALP", "\n", "GALP_ERR_\xff",
                         "GALP_ERR_A_NAME_TOO_LONG_FOR_THE_FORTY_SEVEN_BYTES"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_int_equal(parse(bad[i], name), CONFORM_CLASS_MALFORMED);
    }
    /* A NUL inside is malformed too (the file is bytes, not a C string). */
    assert_int_equal(conform_parse_class((const uint8_t *)"GALP\0X", 6, name, sizeof name),
                     CONFORM_CLASS_MALFORMED);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sha256_fips_examples),
        cmocka_unit_test(test_sha256_million_a_in_pieces),
        cmocka_unit_test(test_manifest_loads_intact_suite),
        cmocka_unit_test(test_manifest_refuses_changed_file),
        cmocka_unit_test(test_manifest_refuses_missing_file),
        cmocka_unit_test(test_judge_valid_vector),
        cmocka_unit_test(test_judge_invalid_vector),
        cmocka_unit_test(test_judge_require_class),
        cmocka_unit_test(test_class_well_formed),
        cmocka_unit_test(test_class_malformed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
