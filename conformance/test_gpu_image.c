/*
 * test_gpu_image.c — the device image of columns holding vectors of schemes that the device
 * does not decode as stored (gpu/image.c): host code, tested in every build. The device
 * decodes RAW, FFOR, G-ALP, ALP_RD and FastLanes DELTA, RLE and DICT vectors, so the image
 * keeps each ALP_RD and FastLanes vector as it is (an ALP_RD column stays one, a G-ALP column
 * with ALP_RD vectors too), turns ALP vectors into G-ALP ones, and holds each tile vector as
 * the RAW vector of its values (a GPU-FOR column becomes a FFOR one); the image must be a
 * valid file that decodes to the column's values, say whether it holds ALP_RD vectors, and
 * its shape must count the RAW vectors as RAW and stage the largest vector. A column whose
 * vectors are all of decoded schemes, FastLanes ones included, is its own image, and
 * galp_gpu_image_vector_schemes tells whether it holds FastLanes vectors.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <galp/layout.h>

#include "image.h"
#include "test_support.h"

/* Doubles with 30 random fraction bits (ALP_RD under AUTO) or two decimals (ALP). */
static void fill(uint64_t *seed, uint64_t *values, uint32_t n, bool decimals)
{
    for (uint32_t i = 0; i < n; i++)
        values[i] = decimals ? ts_f64_bits((double)(1000 + ts_random_below(seed, 9000)) / 100.0)
                             : ts_f64_bits(51.0 + (double)ts_random_below(seed, 1u << 30) /
                                                      (double)(1u << 31));
}

/* The image of `file` against the column: schemes as the header says, values identical;
 * has_alprd: whether the column holds ALP_RD vectors. */
static void check_image(const uint8_t *file, size_t len, galp_scheme image_column_scheme, bool has_alprd)
{
    galp_column col, img;
    assert_int_equal(galp_open(&col, file, len), GALP_OK);
    uint8_t *image = NULL;
    size_t image_size = 0;
    assert_int_equal(galp_gpu_image_build(&col, &image, &image_size), GALP_OK);
    if (image != NULL)
        assert_int_equal(galp_open(&img, image, image_size), GALP_OK);
    else /* the file is its own image */
        img = col;
    assert_int_equal(img.scheme, image_column_scheme);
    assert_int_equal(img.flags & GALP_FLAG_NARROW_LANE_ENDS, 0); /* the kernels read u16 lane ends */
    assert_int_equal(img.flags & GALP_FLAG_ALPRD_DICT_IN_ENTRY, 0); /* and dictionary heads */
    assert_int_equal(img.flags & GALP_FLAG_PACKED_LANE_BASES, 0);   /* and 128-byte lane bases */
    assert_int_equal(galp_gpu_image_scheme(&col), image_column_scheme);
    const uint32_t alprd = 1u << GALP_SCHEME_ALP_RD;
    assert_int_equal((galp_gpu_image_vector_schemes(&col) & alprd) != 0, has_alprd);
    assert_int_equal((galp_gpu_image_vector_schemes(&img) & alprd) != 0, has_alprd);
    const size_t bytes = (size_t)col.value_count * galp_type_size(col.type);
    uint8_t *want = malloc(bytes), *got = malloc(bytes);
    assert_non_null(want);
    assert_non_null(got);
    assert_int_equal(galp_column_decode(&col, want, bytes), GALP_OK);
    assert_int_equal(galp_column_decode(&img, got, bytes), GALP_OK);
    assert_memory_equal(want, got, bytes);
    bool any_decoded = false; /* a vector the device has no decoder for, held RAW */
    bool any_narrow = false;  /* a vector with u8 lane ends, held with u16 ones */
    bool any_dict = false;    /* an ALP_RD dictionary in the entry, held in a head */
    bool any_packed = false;  /* packed DELTA lane bases, held as 128 bytes */
    const unsigned w = 8u * (unsigned)galp_type_size(col.type);
    uint32_t largest = 0;
    for (uint32_t v = 0; v < col.vector_count; v++) {
        galp_vector_info a, b;
        assert_int_equal(galp_vector_info_get(&col, v, &a), GALP_OK);
        assert_int_equal(galp_vector_info_get(&img, v, &b), GALP_OK);
        const bool device_decodes = a.scheme == GALP_SCHEME_RAW || a.scheme == GALP_SCHEME_FFOR ||
                                    a.scheme == GALP_SCHEME_GALP || a.scheme == GALP_SCHEME_ALP ||
                                    a.scheme == GALP_SCHEME_ALP_RD || a.scheme == GALP_SCHEME_DELTA ||
                                    a.scheme == GALP_SCHEME_RLE || a.scheme == GALP_SCHEME_DICT ||
                                    a.scheme == GALP_SCHEME_RUNS;
        const galp_scheme expected = !device_decodes             ? GALP_SCHEME_RAW
                                     : a.scheme == GALP_SCHEME_ALP ? GALP_SCHEME_GALP
                                                                   : a.scheme;
        assert_int_equal(b.scheme, expected);
        const bool narrow = galp_layout_narrow_lane_ends(a.scheme, a.exception_count, col.flags);
        const bool dict = a.scheme == GALP_SCHEME_ALP_RD &&
                          galp_layout_alprd_dict_in_entry(w, a.bit_width, a.exponent, col.flags);
        if (b.scheme == GALP_SCHEME_ALP_RD && !narrow && !dict) /* kept byte for byte */
            assert_memory_equal(img.data + b.payload_offset, col.data + a.payload_offset, a.payload_size);
        any_narrow |= narrow;
        any_dict |= dict;
        /* widened: L more bytes of lane ends (spec/galp.md §1.2) and the 16-byte head
         * (spec/alprd.md §3.1) */
        if (narrow || dict)
            assert_int_equal(b.payload_size,
                             a.payload_size + (narrow ? GALP_VECTOR_SIZE / w : 0u) + (dict ? 16u : 0u));
        if (dict) { /* the head holds the entries base held; base is 0 */
            assert_int_equal(b.base, 0);
            for (unsigned e = 0; e < 8; e++)
                assert_int_equal(ts_get_le(img.data, b.payload_offset + 2u * e, 2),
                                 e < (1u << a.exponent) ? a.base >> (e * (w - a.bit_width)) &
                                                              ((UINT64_C(1) << (w - a.bit_width)) - 1u)
                                                        : 0u);
        }
        if (a.scheme == GALP_SCHEME_DELTA && galp_layout_delta_packed_bases(col.flags)) {
            /* spec/fastlanes.md §2.3 -> §2.1: 128 bytes of lane bases, exponent 0 */
            assert_int_equal(b.exponent, 0);
            assert_int_equal(b.payload_size, 128u + 128u * a.bit_width);
            any_packed = true;
        }
        any_decoded |= !device_decodes;
        largest = b.payload_size > largest ? b.payload_size : largest;
    }
    /* the test columns hold one kind or the other, or vectors with narrow lane ends,
     * dictionaries in the entry or packed lane bases */
    assert_true(any_decoded != has_alprd || any_narrow || any_dict || any_packed);
    const galp_gpu_shape shape = galp_gpu_image_shape(&img); /* the shape of the image */
    assert_true(shape.largest_vector >= largest);
    if (any_decoded) {
        assert_true(shape.wide_or_raw);
        assert_true(shape.largest_vector >= 128u * 8u * galp_type_size(col.type));
    }
    free(got);
    free(want);
    free(image);
}

/* AUTO: a G-ALP column of G-ALP and ALP_RD vectors; the image keeps it as it is. */
static void test_galp_column(void **state)
{
    (void)state;
    uint64_t seed = 5;
    uint64_t values[3 * GALP_VECTOR_SIZE];
    fill(&seed, values, 2 * GALP_VECTOR_SIZE, true);
    fill(&seed, values + 2 * GALP_VECTOR_SIZE, GALP_VECTOR_SIZE, false);
    values[5] = 0x7ff8000000000001u; /* an exception of a G-ALP vector */
    size_t len;
    uint8_t *file = ts_compress(GALP_TYPE_F64, GALP_SCHEME_AUTO, values, 3 * GALP_VECTOR_SIZE, &len);
    check_image(file, len, GALP_SCHEME_GALP, true);
    free(file);
}

/* The same converted to the ALP layout: its ALP vectors become G-ALP, its ALP_RD ones stay. */
static void test_alp_column(void **state)
{
    (void)state;
    uint64_t seed = 6;
    uint64_t values[3 * GALP_VECTOR_SIZE];
    fill(&seed, values, 2 * GALP_VECTOR_SIZE, true);
    fill(&seed, values + 2 * GALP_VECTOR_SIZE, GALP_VECTOR_SIZE, false);
    size_t len, alp_len;
    uint8_t *file = ts_compress(GALP_TYPE_F64, GALP_SCHEME_AUTO, values, 3 * GALP_VECTOR_SIZE, &len);
    uint8_t *alp = malloc(len);
    assert_non_null(alp);
    assert_int_equal(galp_convert_scheme(file, len, GALP_SCHEME_ALP, alp, len, &alp_len), GALP_OK);
    check_image(alp, alp_len, GALP_SCHEME_GALP, true);
    free(alp);
    free(file);
}

/* An ALP_RD column with payload checksums and a partial last vector: its own image. */
static void test_alprd_column(void **state)
{
    (void)state;
    uint64_t seed = 7;
    const uint32_t n = 2 * GALP_VECTOR_SIZE + 900;
    uint64_t values[2 * GALP_VECTOR_SIZE + 900];
    fill(&seed, values, n, false);
    size_t len;
    uint8_t *file = ts_compress_ex(GALP_TYPE_F64, GALP_SCHEME_ALP_RD, GALP_FLAG_PAYLOAD_CHECKSUMS,
                                   values, n, &len);
    check_image(file, len, GALP_SCHEME_ALP_RD, true);
    free(file);
}

/* Narrow lane ends (spec/galp.md §1.2): a G-ALP column and an ALP_RD column whose vectors have
 * a few exceptions; the image holds them with u16 lane ends and no flag bit 2. */
static void test_narrow_columns(void **state)
{
    (void)state;
    uint64_t seed = 9;
    uint64_t values[2 * GALP_VECTOR_SIZE + 300];
    const uint32_t n = 2 * GALP_VECTOR_SIZE + 300;
    const uint32_t flags = GALP_FLAG_COMPACT_GALP | GALP_FLAG_NARROW_LANE_ENDS;
    fill(&seed, values, n, true);
    for (uint32_t i = 3; i < n; i += 97) /* NaNs with payloads: exceptions in most lanes */
        values[i] = 0x7ff8000000000000u | i;
    size_t len;
    uint8_t *file = ts_compress_ex(GALP_TYPE_F64, GALP_SCHEME_GALP, flags, values, n, &len);
    assert_int_equal(ts_get_le(file, TS_FLAGS, 4) & GALP_FLAG_NARROW_LANE_ENDS, GALP_FLAG_NARROW_LANE_ENDS);
    check_image(file, len, GALP_SCHEME_GALP, false);
    free(file);

    fill(&seed, values, n, false);
    for (uint32_t i = 5; i < n; i += 131) /* left parts no dictionary holds */
        values[i] = 0xfff0000000000000u | i;
    file = ts_compress_ex(GALP_TYPE_F64, GALP_SCHEME_ALP_RD, flags, values, n, &len);
    assert_int_equal(ts_get_le(file, TS_FLAGS, 4) & GALP_FLAG_NARROW_LANE_ENDS, GALP_FLAG_NARROW_LANE_ENDS);
    check_image(file, len, GALP_SCHEME_ALP_RD, true);
    free(file);
}

/* ALP_RD dictionaries in the entry (spec/alprd.md §3.1): f32 vectors with k = 1 (and u8 lane
 * ends), k = 2 and k = 3 (64 bits of base) and one whose 72-bit dictionary keeps its head. The
 * image restores every head, so it equals the image of the file written without the flag:
 * byte for byte, since the encoder makes the same choices for these values. */
static void test_alprd_dict_column(void **state)
{
    (void)state;
    static const uint32_t four[4] = {0x3f81u, 0x4041u, 0xbf81u, 0xc041u};
    static const uint32_t eight[8] = {0x3fu, 0x40u, 0x41u, 0x42u, 0xbfu, 0xc0u, 0xc1u, 0xc2u};
    enum { n = 4 * GALP_VECTOR_SIZE - 124 };
    static uint32_t values[n];
    uint64_t seed = 21;
    for (uint32_t i = 0; i < n; i++) {
        const uint32_t v = i / GALP_VECTOR_SIZE, low = (uint32_t)ts_random(&seed);
        values[i] = v == 0   ? (i % 3 == 0 ? 0x402du : 0x4049u) << 16 | (low & 0xffffu)
                    : v == 1 ? four[i % 4] << 16 | (low & 0xffffu)
                    : v == 2 ? eight[i % 8] << 24 | (low & 0xffffffu)
                             : eight[i % 8] << 24 | (low & 0x7fffffu);
    }
    values[7] = 0xbf80u << 16 | (values[7] & 0xffffu);
    values[40] = 0x7fc0u << 16 | (values[40] & 0xffffu);
    size_t len, head_len;
    uint8_t *file = ts_compress(GALP_TYPE_F32, GALP_SCHEME_ALP_RD, values, n, &len);
    uint8_t *head = ts_compress_ex(GALP_TYPE_F32, GALP_SCHEME_ALP_RD, GALP_FLAG_NARROW_LANE_ENDS, values, n,
                                   &head_len);
    assert_int_equal(ts_get_le(file, TS_FLAGS, 4) & GALP_FLAG_ALPRD_DICT_IN_ENTRY, GALP_FLAG_ALPRD_DICT_IN_ENTRY);
    check_image(file, len, GALP_SCHEME_ALP_RD, true);
    galp_column col, head_col;
    assert_int_equal(galp_open(&col, file, len), GALP_OK);
    assert_int_equal(galp_open(&head_col, head, head_len), GALP_OK);
    uint8_t *image = NULL, *head_image = NULL;
    size_t image_size = 0, head_image_size = 0;
    assert_int_equal(galp_gpu_image_build(&col, &image, &image_size), GALP_OK);
    assert_int_equal(galp_gpu_image_build(&head_col, &head_image, &head_image_size), GALP_OK);
    assert_non_null(image);
    assert_non_null(head_image);
    assert_int_equal(image[TS_VERSION_MINOR], 2);
    assert_int_equal(image_size, head_image_size);
    assert_memory_equal(image, head_image, image_size);
    free(head_image);
    free(image);
    free(head);
    free(file);
}

/* Sorted timestamps with a partial last vector: DELTA's input, and AUTO's. */
static void fill_timestamps(uint32_t *values, uint32_t n)
{
    uint64_t seed = 8;
    uint32_t t = 1000000;
    for (uint32_t i = 0; i < n; i++)
        values[i] = t += 1000u + (uint32_t)ts_random_below(&seed, 20);
}

/* Packed DELTA lane bases (spec/fastlanes.md §2.3): the image unpacks them, so that it decodes
 * to the column's values, has exponent 0 in every DELTA entry and no flag, and, for full
 * vectors, equals byte for byte the file written without the flag (in a partial vector the
 * lanes past m hold other bases). DELTA and AUTO columns of u32 and u64, with payload
 * checksums, which the image recomputes. */
static void test_packed_delta_column(void **state)
{
    (void)state;
    enum { n = 3 * GALP_VECTOR_SIZE };
    static uint32_t values[n + 500];
    static uint64_t wide[n + 500];
    fill_timestamps(values, n + 500);
    for (uint32_t i = 0; i < n + 500; i++)
        wide[i] = (uint64_t)values[i] * 1000003u;
    const uint32_t packed = GALP_FLAG_PACKED_LANE_BASES | GALP_FLAG_PAYLOAD_CHECKSUMS;
    const galp_scheme schemes[2] = {GALP_SCHEME_DELTA, GALP_SCHEME_AUTO};
    for (unsigned t = 0; t < 4; t++) {
        const galp_type type = t < 2 ? GALP_TYPE_U32 : GALP_TYPE_U64;
        const void *data = t < 2 ? (const void *)values : (const void *)wide;
        size_t len, plain_len;
        uint8_t *file = ts_compress_ex(type, schemes[t % 2], packed, data, n, &len);
        uint8_t *plain = ts_compress_ex(type, schemes[t % 2], GALP_FLAG_PAYLOAD_CHECKSUMS, data, n, &plain_len);
        assert_int_equal(ts_get_le(file, TS_FLAGS, 4), packed);
        assert_true(len < plain_len);
        check_image(file, len, (schemes[t % 2] == GALP_SCHEME_AUTO ? GALP_SCHEME_FFOR : GALP_SCHEME_DELTA), false);
        galp_column col;
        assert_int_equal(galp_open(&col, file, len), GALP_OK);
        uint8_t *image = NULL;
        size_t image_size = 0;
        assert_int_equal(galp_gpu_image_build(&col, &image, &image_size), GALP_OK);
        assert_non_null(image);
        assert_int_equal(image[TS_VERSION_MINOR], 2);
        assert_int_equal(image_size, plain_len);
        assert_memory_equal(image, plain, plain_len);
        free(image);
        free(plain);
        free(file);
        /* a partial last vector: the values (check_image) */
        file = ts_compress_ex(type, schemes[t % 2], packed, data, n + 500, &len);
        check_image(file, len, (schemes[t % 2] == GALP_SCHEME_AUTO ? GALP_SCHEME_FFOR : GALP_SCHEME_DELTA), false);
        free(file);
    }
}

/* Patched FFOR vectors (spec/ffor.md §8) stay as stored: a FFOR column with them is its own
 * image, and its vector schemes have GALP_GPU_PATCHED_FFOR, which sends it to gpu/fastlanes.cu
 * (GALP_GPU_FASTLANES_SCHEMES); a column without patches has not; u8 … u64, with a partial
 * last vector. */
static void test_patched_ffor_column(void **state)
{
    (void)state;
    enum { n = 3 * GALP_VECTOR_SIZE + 700 };
    static uint8_t bytes[n * 8];
    for (unsigned t = 0; t < 4; t++) {
        const galp_type type = (galp_type)(GALP_TYPE_U8 + t);
        const unsigned w = 8u * (unsigned)galp_type_size(type);
        const uint64_t mask = w == 64 ? UINT64_MAX : ((uint64_t)1 << w) - 1u;
        uint64_t seed = 17 + t;
        for (uint32_t i = 0; i < n; i++) { /* vectors 0 and 2 patched at every 100th slot */
            const bool outlier = (i / GALP_VECTOR_SIZE) % 2 == 0 && i % 100 == 3;
            ts_put_le(bytes, (size_t)i * (w / 8), w / 8, outlier ? mask : 1 + ts_random_below(&seed, 8));
        }
        for (unsigned patched = 0; patched < 2; patched++) {
            size_t len;
            uint8_t *file = ts_compress_ex(type, GALP_SCHEME_FFOR, patched ? GALP_FLAG_PATCHED_FFOR : 0u, bytes,
                                           n, &len);
            assert_int_equal(ts_get_le(file, TS_FLAGS, 4), patched ? GALP_FLAG_PATCHED_FFOR : 0u);
            galp_column col;
            assert_int_equal(galp_open(&col, file, len), GALP_OK);
            uint8_t *image = NULL;
            size_t image_size = 0;
            assert_int_equal(galp_gpu_image_build(&col, &image, &image_size), GALP_OK);
            assert_null(image); /* its own image */
            const uint32_t schemes = galp_gpu_image_vector_schemes(&col);
            assert_int_equal(schemes & GALP_GPU_PATCHED_FFOR, patched ? GALP_GPU_PATCHED_FFOR : 0u);
            assert_int_equal((schemes & GALP_GPU_FASTLANES_SCHEMES) != 0, patched != 0);
            free(file);
        }
    }
}

/* A GPU-FOR column (spec/tile.md) becomes a FFOR column of RAW vectors. */
static void test_tile_column(void **state)
{
    (void)state;
    const uint32_t n = 3 * GALP_VECTOR_SIZE + 500;
    uint32_t values[3 * GALP_VECTOR_SIZE + 500];
    fill_timestamps(values, n);
    size_t len;
    uint8_t *file = ts_compress(GALP_TYPE_U32, GALP_SCHEME_GPU_FOR, values, n, &len);
    check_image(file, len, GALP_SCHEME_FFOR, false);
    free(file);
}

/* Whether the file is its own image, of the same column scheme, and holds FastLanes vectors. */
static void check_own_image(const uint8_t *file, size_t len, bool fastlanes)
{
    galp_column col;
    assert_int_equal(galp_open(&col, file, len), GALP_OK);
    uint8_t *image = (uint8_t *)file;
    size_t image_size = 1;
    assert_int_equal(galp_gpu_image_build(&col, &image, &image_size), GALP_OK);
    assert_null(image);
    assert_int_equal(galp_gpu_image_scheme(&col), col.scheme);
    assert_int_equal((galp_gpu_image_vector_schemes(&col) & GALP_GPU_FASTLANES_SCHEMES) != 0, fastlanes);
}

/* FastLanes vectors (spec/fastlanes.md) stay as stored: AUTO's FFOR column of DELTA vectors,
 * DELTA, RLE and DICT columns of u32 and a DICT column of f64 are their own images; a FFOR
 * column without them is too, and has none. Written without packed DELTA lane bases, which
 * the image unpacks (test_packed_delta_column). */
static void test_fastlanes_columns(void **state)
{
    (void)state;
    const uint32_t n = 3 * GALP_VECTOR_SIZE + 500;
    uint32_t values[3 * GALP_VECTOR_SIZE + 500];
    fill_timestamps(values, n);
    const galp_scheme schemes[] = {GALP_SCHEME_AUTO, GALP_SCHEME_DELTA, GALP_SCHEME_RLE, GALP_SCHEME_DICT,
                                   GALP_SCHEME_RUNS};
    for (size_t s = 0; s < sizeof schemes / sizeof schemes[0]; s++) {
        size_t len;
        uint8_t *file = ts_compress_ex(GALP_TYPE_U32, schemes[s],
                                       GALP_FLAG_COMPACT_GALP | GALP_FLAG_NARROW_LANE_ENDS |
                                           GALP_FLAG_ALPRD_DICT_IN_ENTRY,
                                       values, n, &len);
        check_own_image(file, len, true);
        free(file);
    }
    uint64_t prices[GALP_VECTOR_SIZE + 7];
    for (uint32_t i = 0; i < GALP_VECTOR_SIZE + 7; i++)
        prices[i] = ts_f64_bits(i % 3 == 0 ? 1.5 : i % 3 == 1 ? 2.25 : -0.0);
    size_t len;
    uint8_t *file = ts_compress(GALP_TYPE_F64, GALP_SCHEME_DICT, prices, GALP_VECTOR_SIZE + 7, &len);
    check_own_image(file, len, true);
    free(file);
    for (uint32_t i = 0; i < n; i++)
        values[i] = (uint32_t)i * 2654435761u % 1000u; /* no runs, no order: FFOR */
    file = ts_compress(GALP_TYPE_U32, GALP_SCHEME_FFOR, values, n, &len);
    check_own_image(file, len, false);
    free(file);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_galp_column),
        cmocka_unit_test(test_alp_column),
        cmocka_unit_test(test_alprd_column),
        cmocka_unit_test(test_narrow_columns),
        cmocka_unit_test(test_alprd_dict_column),
        cmocka_unit_test(test_packed_delta_column),
        cmocka_unit_test(test_tile_column),
        cmocka_unit_test(test_patched_ffor_column),
        cmocka_unit_test(test_fastlanes_columns),
    };
    return TS_RUN_TESTS(tests);
}
