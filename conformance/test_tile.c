/*
 * test_tile.c — GPU-FOR, GPU-DFOR and GPU-RFOR (spec/tile.md): round trips over the shapes
 * that matter (partial blocks and vectors, every width, wrapping values), the reference
 * encoder's choices (§3.3, §4.3, §5.3), the defects of the released code that the spec settles
 * (§7), and every validation step of §6 with the class it reports.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <galp/tile_layout.h>

#include "test_support.h"

static const galp_scheme tile_schemes[] = {GALP_SCHEME_GPU_FOR, GALP_SCHEME_GPU_DFOR,
                                           GALP_SCHEME_GPU_RFOR};

/* Vector v's metadata of a file that opens. */
static galp_vector_info vector_info(const uint8_t *file, size_t len, uint32_t v)
{
    galp_column col;
    galp_vector_info info;
    assert_int_equal(galp_open(&col, file, len), GALP_OK);
    assert_int_equal(galp_vector_info_get(&col, v, &info), GALP_OK);
    return info;
}

/* include/galp/tile_layout.h against the numbers spec/tile.md states. */
static void test_layout_numbers(void **state)
{
    (void)state;
    assert_int_equal(galp_tile_blocks(1), 1);
    assert_int_equal(galp_tile_blocks(128), 1);
    assert_int_equal(galp_tile_blocks(129), 2);
    assert_int_equal(galp_tile_blocks(1024), 8);
    assert_int_equal(galp_tile_block_bytes(0 + 1 + 3 + 32), 152);       /* §3.4 */
    assert_int_equal(galp_tile_rfor_bytes(3, 2, 9), 24);                 /* §5.4 */
    assert_int_equal(galp_tile_packed_words(32, 0), 0);                  /* §2: width 0 */
    assert_int_equal(galp_tile_packed_words(1024, 32), 1024);
    assert_int_equal(galp_tile_min_bytes(GALP_SCHEME_GPU_FOR, 1024), 64); /* §6 table */
    assert_int_equal(galp_tile_min_bytes(GALP_SCHEME_GPU_DFOR, 1024), 68);
    assert_int_equal(galp_tile_min_bytes(GALP_SCHEME_GPU_RFOR, 1024), 16);
    assert_int_equal(galp_tile_max_bytes(GALP_SCHEME_GPU_FOR, 1024), 4160);
    assert_int_equal(galp_tile_max_bytes(GALP_SCHEME_GPU_DFOR, 1024), 4164);
    assert_int_equal(galp_tile_max_bytes(GALP_SCHEME_GPU_RFOR, 1024), 8208);
    assert_int_equal(galp_tile_max_bytes(GALP_SCHEME_GPU_RFOR, 5), 16 + 8 * 5);
}

static void round_trip(galp_scheme scheme, const uint32_t *values, uint64_t n)
{
    size_t len;
    uint8_t *file = ts_compress(GALP_TYPE_U32, scheme, values, n, &len);
    ts_check_decodes_to(file, len, GALP_TYPE_U32, values, n);
    free(file);
}

/* Every scheme, on data of several shapes and on column lengths around block and vector
 * boundaries. */
static void test_round_trips(void **state)
{
    (void)state;
    static const uint64_t lengths[] = {0, 1, 2, 31, 32, 33, 127, 128, 129, 1000, 1023, 1024,
                                       1025, 2049, 5000};
    enum { MAX = 5000 };
    uint32_t *x = malloc(MAX * sizeof *x);
    assert_non_null(x);
    uint64_t seed = 38;
    for (unsigned shape = 0; shape < 5; shape++) {
        uint32_t v = (uint32_t)ts_random(&seed);
        for (uint32_t i = 0; i < MAX; i++) {
            switch (shape) {
            case 0: x[i] = (uint32_t)ts_random(&seed); break;           /* full range */
            case 1: x[i] = v += (uint32_t)ts_random_below(&seed, 100); break; /* sorted */
            case 2: x[i] = v -= (uint32_t)ts_random_below(&seed, 9) - 4u; break; /* walk */
            case 3: x[i] = ts_random_below(&seed, 40) == 0 ? v = (uint32_t)ts_random(&seed) : v;
                break;                                                     /* runs */
            default: x[i] = 0xfffffff0u + (uint32_t)ts_random_below(&seed, 32); break; /* wraps */
            }
        }
        for (size_t l = 0; l < sizeof lengths / sizeof lengths[0]; l++)
            for (size_t s = 0; s < 3; s++)
                round_trip(tile_schemes[s], x, lengths[l]);
    }
    free(x);
}

/* spec/tile.md §3.3 and §7: each miniblock has its own width, a zero-width miniblock has no
 * words, and width 32 round-trips (the released encoder forced one width per block, wrote a
 * word for width 0 and broke at 32). */
static void test_for_miniblock_widths(void **state)
{
    (void)state;
    uint32_t x[128];
    for (uint32_t r = 0; r < 32; r++) {
        x[r] = 9;                                 /* width 0 */
        x[32 + r] = 9 + (r == 5 ? 0xffffff00u : 0); /* width 32 */
        x[64 + r] = 9 + r % 2;                    /* width 1 */
        x[96 + r] = 9 + r % 16;                   /* width 4 */
    }
    size_t len;
    uint8_t *file = ts_compress(GALP_TYPE_U32, GALP_SCHEME_GPU_FOR, x, 128, &len);
    const galp_vector_info info = vector_info(file, len, 0);
    assert_int_equal(info.scheme, GALP_SCHEME_GPU_FOR);
    assert_int_equal(info.bit_width, 32);
    assert_int_equal(info.base, 0);
    assert_int_equal(info.payload_size, 8 + 4 * (0 + 32 + 1 + 4));
    const uint8_t *p = file + info.payload_offset;
    assert_int_equal(ts_get_le(p, 0, 4), 9);
    assert_int_equal(ts_get_le(p, 4, 4), 0x04012000u); /* widths 0, 32, 1, 4 */
    ts_check_decodes_to(file, len, GALP_TYPE_U32, x, 128);
    free(file);
}

/* spec/tile.md §4.3: d[0] = d[1], so a constant stride is width 0; a signed reference keeps a
 * falling column narrow; start = x[0] − d[0]. */
static void test_dfor_choices(void **state)
{
    (void)state;
    uint32_t x[1024];
    for (uint32_t i = 0; i < 1024; i++)
        x[i] = 100000 - 3 * i;
    size_t len;
    uint8_t *file = ts_compress(GALP_TYPE_U32, GALP_SCHEME_GPU_DFOR, x, 1024, &len);
    galp_vector_info info = vector_info(file, len, 0);
    assert_int_equal(info.bit_width, 0);
    assert_int_equal(info.payload_size, 4 + 8 * 8);
    const uint8_t *p = file + info.payload_offset;
    assert_int_equal(ts_get_le(p, 0, 4), 100003);      /* start */
    assert_int_equal(ts_get_le(p, 4, 4), 0xfffffffdu); /* block 0's reference: -3 */
    ts_check_decodes_to(file, len, GALP_TYPE_U32, x, 1024);
    free(file);

    /* One value: d[0] = 0 and start = x[0]; stored RAW, which is smaller. */
    file = ts_compress(GALP_TYPE_U32, GALP_SCHEME_GPU_DFOR, x, 1, &len);
    assert_int_equal(vector_info(file, len, 0).scheme, GALP_SCHEME_RAW);
    free(file);
}

/* spec/tile.md §5.3: maximal runs, references the minima. */
static void test_rfor_choices(void **state)
{
    (void)state;
    uint32_t x[1000];
    for (uint32_t i = 0; i < 1000; i++)
        x[i] = i < 400 ? 50 : i < 401 ? 60 : 50;
    size_t len;
    uint8_t *file = ts_compress(GALP_TYPE_U32, GALP_SCHEME_GPU_RFOR, x, 1000, &len);
    const galp_vector_info info = vector_info(file, len, 0);
    const uint8_t *p = file + info.payload_offset;
    assert_int_equal(ts_get_le(p, 0, 4), 3);  /* runs */
    assert_int_equal(ts_get_le(p, 4, 4), 50); /* value reference */
    assert_int_equal(ts_get_le(p, 8, 4), 1);  /* length reference */
    assert_int_equal(p[12], 4);               /* offsets 0, 10, 0 */
    assert_int_equal(p[13], 10);              /* offsets 399, 0, 598 */
    assert_int_equal(info.bit_width, 10);
    assert_int_equal(info.payload_size, galp_tile_rfor_bytes(3, 4, 10));
    ts_check_decodes_to(file, len, GALP_TYPE_U32, x, 1000);
    free(file);
}

/* spec/format.md §1.1: a tile column is version 1.2; the schemes are u32 only; a vector that
 * would grow is RAW (§4.1). */
static void test_version_types_and_raw(void **state)
{
    (void)state;
    uint32_t x[1024];
    uint64_t seed = 7;
    for (uint32_t i = 0; i < 1024; i++)
        x[i] = (uint32_t)ts_random(&seed);
    for (size_t s = 0; s < 3; s++) {
        size_t len;
        uint8_t *file = ts_compress(GALP_TYPE_U32, tile_schemes[s], x, 1024, &len);
        assert_int_equal(file[TS_VERSION_MINOR], 2);
        assert_int_equal(file[TS_COLUMN_SCHEME], tile_schemes[s]);
        assert_int_equal(vector_info(file, len, 0).scheme, GALP_SCHEME_RAW);
        free(file);

        uint64_t wide[4] = {1, 2, 3, 4};
        uint8_t out[4096];
        size_t out_len;
        assert_int_equal(galp_compress(GALP_TYPE_U64, tile_schemes[s], wide, 4, out, sizeof out,
                                       &out_len),
                         GALP_ERR_ARGUMENT);
    }
}

/* A column to break: vector 0 is the scheme's, with its payload at *payload. Narrow
 * miniblocks (GPU-FOR width 1, GPU-DFOR width 2) so that one block's four widths can cover a
 * whole payload; GPU-RFOR runs of 37 values 1000 … 1004. */
static uint8_t *breakable(galp_scheme scheme, size_t *len, size_t *payload)
{
    uint32_t x[1024];
    uint64_t seed = 5;
    for (uint32_t i = 0; i < 1024; i++)
        x[i] = scheme == GALP_SCHEME_GPU_RFOR ? 1000 + (uint32_t)(i / 37) % 5
                                              : 1000 + (uint32_t)ts_random_below(&seed, 2);
    uint8_t *file = ts_compress(GALP_TYPE_U32, scheme, x, 1024, len);
    const galp_vector_info info = vector_info(file, *len, 0);
    assert_int_equal(info.scheme, scheme);
    *payload = (size_t)info.payload_offset;
    return file;
}

/* An entry field of vector 0 set to `value` (checksum resealed): the expected class. */
static void entry_defect(galp_scheme scheme, size_t field, unsigned bytes, uint64_t value,
                         galp_status expected)
{
    size_t len, payload;
    uint8_t *file = breakable(scheme, &len, &payload);
    ts_put_le(file, ts_entry(0, field), bytes, value);
    ts_reseal(file);
    ts_expect_status(file, len, expected);
    free(file);
}

/* A payload byte range of vector 0 set to `value`. */
static void payload_defect(galp_scheme scheme, size_t at, unsigned bytes, uint64_t value,
                           galp_status expected)
{
    size_t len, payload;
    uint8_t *file = breakable(scheme, &len, &payload);
    ts_put_le(file, payload + at, bytes, value);
    ts_expect_status(file, len, expected);
    free(file);
}

/* spec/format.md §6 steps 10.4–10.7 for the tile schemes (spec/tile.md §6). */
static void test_entry_checks(void **state)
{
    (void)state;
    for (size_t s = 0; s < 3; s++) {
        const galp_scheme scheme = tile_schemes[s];
        entry_defect(scheme, TS_ENT_BASE, 8, 1, GALP_ERR_BASE);
        entry_defect(scheme, TS_ENT_EXCEPTION_COUNT, 2, 1, GALP_ERR_EXCEPTION_COUNT);
        entry_defect(scheme, TS_ENT_EXPONENT, 1, 1, GALP_ERR_EXPONENT);
        entry_defect(scheme, TS_ENT_BIT_WIDTH, 1, 33, GALP_ERR_BIT_WIDTH);
        entry_defect(scheme, TS_ENT_PAYLOAD_SIZE, 4, galp_tile_max_bytes(scheme, 1024) + 4,
                     GALP_ERR_PAYLOAD_SIZE);
        entry_defect(scheme, TS_ENT_PAYLOAD_SIZE, 4, galp_tile_min_bytes(scheme, 1024) - 4,
                     GALP_ERR_PAYLOAD_SIZE);
        entry_defect(scheme, TS_ENT_PAYLOAD_SIZE, 4, galp_tile_min_bytes(scheme, 1024) + 2,
                     GALP_ERR_PAYLOAD_SIZE);
    }
}

/* spec/tile.md §6, GPU-FOR and GPU-DFOR, steps 1–5. */
static void test_block_checks(void **state)
{
    (void)state;
    for (size_t s = 0; s < 2; s++) {
        const galp_scheme scheme = tile_schemes[s];
        const size_t first = galp_tile_blocks_offset(scheme);
        /* Step 2: a width above 32. */
        payload_defect(scheme, first + 4, 1, 33, GALP_ERR_BIT_WIDTH);
        /* Step 1: block 0 made to fill the payload, so block 1's header lies outside it. */
        size_t len, payload;
        uint8_t *file = breakable(scheme, &len, &payload);
        galp_vector_info info = vector_info(file, len, 0);
        uint32_t words = (info.payload_size - (uint32_t)first - 8) / 4; /* block 0 takes all */
        assert_true(words <= 4 * 32);
        for (unsigned j = 0; j < 4; j++) {
            const uint32_t width = words < 32 ? words : 32;
            file[payload + first + 4 + j] = (uint8_t)width;
            words -= width;
        }
        assert_int_equal(words, 0);
        ts_expect_status(file, len, GALP_ERR_PAYLOAD_SIZE);
        free(file);
        /* Steps 3, 4 and 5 on the last block: one word longer, one shorter, and the entry's
         * width below the widest. */
        file = breakable(scheme, &len, &payload);
        info = vector_info(file, len, 0);
        size_t last = first;
        for (unsigned k = 0; k < 7; k++)
            last += 8 + 4 * (size_t)(file[payload + last + 4] + file[payload + last + 5] +
                                     file[payload + last + 6] + file[payload + last + 7]);
        const uint8_t width = file[payload + last + 7];
        file[payload + last + 7] = (uint8_t)(width + 1);
        ts_expect_status(file, len, GALP_ERR_PAYLOAD_SIZE); /* step 3: past the end */
        file[payload + last + 7] = (uint8_t)(width - 1);
        ts_expect_status(file, len, GALP_ERR_PAYLOAD_SIZE); /* step 4: ends early */
        file[payload + last + 7] = width;
        assert_int_equal(ts_open_copy(file, len), GALP_OK);
        ts_put_le(file, ts_entry(0, TS_ENT_BIT_WIDTH), 1, info.bit_width - 1u);
        ts_reseal(file);
        ts_expect_status(file, len, GALP_ERR_BIT_WIDTH); /* step 5 */
        free(file);
    }
}

/* spec/tile.md §6, GPU-RFOR, steps 1–6. */
static void test_run_checks(void **state)
{
    (void)state;
    const galp_scheme rfor = GALP_SCHEME_GPU_RFOR;
    size_t len, payload;
    uint8_t *file = breakable(rfor, &len, &payload);
    const uint64_t runs = ts_get_le(file, payload, 4);
    const uint64_t length_ref = ts_get_le(file, payload + 8, 4);
    const unsigned widest = vector_info(file, len, 0).bit_width;
    free(file);
    assert_true(runs > 2 && length_ref > 1);

    payload_defect(rfor, 14, 1, 1, GALP_ERR_RESERVED);                 /* step 1 */
    payload_defect(rfor, 15, 1, 0x80, GALP_ERR_RESERVED);
    payload_defect(rfor, 12, 1, 33, GALP_ERR_BIT_WIDTH);               /* step 2 */
    payload_defect(rfor, 13, 1, 255, GALP_ERR_BIT_WIDTH);
    payload_defect(rfor, 0, 4, 0, GALP_ERR_RUN_LENGTHS);               /* step 3 */
    payload_defect(rfor, 0, 4, 1025, GALP_ERR_RUN_LENGTHS);
    payload_defect(rfor, 0, 4, 0xffffffffu, GALP_ERR_RUN_LENGTHS);
    payload_defect(rfor, 0, 4, runs + 32, GALP_ERR_PAYLOAD_SIZE);      /* step 4 */
    entry_defect(rfor, TS_ENT_BIT_WIDTH, 1, widest + 1, GALP_ERR_BIT_WIDTH); /* step 5 */
    payload_defect(rfor, 8, 4, length_ref + 1, GALP_ERR_RUN_LENGTHS);  /* step 6: too long */
    payload_defect(rfor, 8, 4, length_ref - 1, GALP_ERR_RUN_LENGTHS);  /* too short */
    payload_defect(rfor, 8, 4, 0, GALP_ERR_RUN_LENGTHS);               /* a length 0 */
    /* Lengths that wrap: a sum modulo 2^32 equal to m must not pass. */
    payload_defect(rfor, 8, 4, length_ref + 0x80000000u, GALP_ERR_RUN_LENGTHS);
}

/* spec/tile.md §5.2: a value reference that wraps is a valid form the encoder never writes. */
static void test_rfor_reference_wraps(void **state)
{
    (void)state;
    size_t len, payload;
    uint8_t *file = breakable(GALP_SCHEME_GPU_RFOR, &len, &payload);
    ts_put_le(file, payload + 4, 4, 0xfffffffeu); /* was 1000: every value − 1002 mod 2^32 */
    uint32_t expected[1024];
    for (uint32_t i = 0; i < 1024; i++)
        expected[i] = (uint32_t)(i / 37) % 5 - 2u;
    ts_check_decodes_to(file, len, GALP_TYPE_U32, expected, 1024);
    free(file);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_layout_numbers),
        cmocka_unit_test(test_round_trips),
        cmocka_unit_test(test_for_miniblock_widths),
        cmocka_unit_test(test_dfor_choices),
        cmocka_unit_test(test_rfor_choices),
        cmocka_unit_test(test_version_types_and_raw),
        cmocka_unit_test(test_entry_checks),
        cmocka_unit_test(test_block_checks),
        cmocka_unit_test(test_run_checks),
        cmocka_unit_test(test_rfor_reference_wraps),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
