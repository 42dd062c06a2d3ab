/*
 * test_gpu_tile.c — galp_gpu_tile_decompress (gpu/tile_decompress.cuh, and the device API's
 * tile loader, galp/device/tile.cuh, for GPU-RFOR) against the reference decoder, bit for bit: GPU-FOR, GPU-DFOR and
 * GPU-RFOR columns of several shapes and lengths, the largest payloads a tile can have
 * (spec/tile.md §6), every miniblock width at every position, every run length width, the
 * golden vectors, and the refusals (invalid files with galp_open's class and nothing written,
 * other schemes, short destinations). Every column is decoded too by a user's kernel on the
 * device API's decode_tile (conformance/test_gpu_tile_device.cu), which unpacks only the
 * items each thread wants.
 *
 * Without a GPU the program exits 77 (skip) with the reason; a build without CUDA first checks
 * that the entry point reports GALP_ERR_NO_DEVICE.
 */
#include "config.h"

#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <galp/tile_layout.h>

#include "galp.h"
#include "galp_gpu.h"
#include "test_support.h"

#ifdef GALP_HAVE_CUDA
#include "test_gpu_tile_device.h"

/* decode_tile's items (conformance/test_gpu_tile_device.cu): a wanted item, every item of a
 * GPU-DFOR or RAW vector, is the reference's value; an item not wanted is 0. */
static void check_decode_tile(const uint8_t *file, size_t len, const galp_column *col,
                              const uint32_t *cpu)
{
    const uint64_t n = col->value_count;
    uint32_t *got = malloc((size_t)n * 4 + 4);
    assert_non_null(got);
    assert_int_equal(test_device_api_decode_tile(file, len, n, got), GALP_OK);
    for (uint32_t v = 0; v < col->vector_count; v++) {
        galp_vector_info info;
        assert_int_equal(galp_vector_info_get(col, v, &info), GALP_OK);
        for (uint32_t s = 0; s < info.value_count; s++) {
            const uint64_t i = (uint64_t)v * GALP_VECTOR_SIZE + s;
            const int every = info.scheme == GALP_SCHEME_GPU_DFOR || info.scheme == GALP_SCHEME_RAW;
            const int wanted = every || (test_tile_want(v, s % 128u) >> (s / 128u) & 1u) != 0;
            assert_int_equal(got[i], wanted ? cpu[i] : 0u);
        }
    }
    free(got);
}
#endif

static const galp_scheme tile_schemes[] = {GALP_SCHEME_GPU_FOR, GALP_SCHEME_GPU_DFOR,
                                           GALP_SCHEME_GPU_RFOR};

/* The file decodes on the GPU to exactly what the reference decodes. */
static void check_file(const uint8_t *file, size_t len)
{
    galp_column col;
    assert_int_equal(galp_open(&col, file, len), GALP_OK);
    const size_t bytes = (size_t)col.value_count * 4;
    uint32_t *cpu = malloc(bytes + 4), *gpu = malloc(bytes + 4);
    assert_true(cpu != NULL && gpu != NULL);
    assert_int_equal(galp_column_decode(&col, cpu, bytes), GALP_OK);
    memset(gpu, 0xa5, bytes + 4);
    assert_int_equal(galp_gpu_tile_decompress(file, len, gpu, bytes), GALP_OK);
    assert_memory_equal(gpu, cpu, bytes);
    assert_int_equal(((uint8_t *)gpu)[bytes], 0xa5); /* nothing past the values */
#ifdef GALP_HAVE_CUDA
    check_decode_tile(file, len, &col, cpu);
#endif
    free(cpu);
    free(gpu);
}

static void test_shapes_and_lengths(void **state)
{
    (void)state;
    static const uint64_t lengths[] = {1, 31, 127, 128, 129, 1000, 1024, 1025, 4097, 70000};
    enum { MAX = 70000 };
    uint32_t *x = malloc(MAX * sizeof *x);
    assert_non_null(x);
    uint64_t seed = 38;
    for (unsigned shape = 0; shape < 8; shape++) {
        uint32_t v = (uint32_t)ts_random(&seed), line = 0, lines = 1;
        for (uint32_t i = 0; i < MAX; i++) {
            switch (shape) {
            case 0: x[i] = (uint32_t)ts_random(&seed) >> ts_random_below(&seed, 33) % 32; break;
            case 1: x[i] = v += (uint32_t)ts_random_below(&seed, 100); break;
            case 2: x[i] = v -= (uint32_t)ts_random_below(&seed, 9) - 4u; break;
            case 3: x[i] = ts_random_below(&seed, 40) == 0 ? v = (uint32_t)ts_random(&seed) : v;
                break;
            case 4: x[i] = 0xfffffff0u + (uint32_t)ts_random_below(&seed, 32); break;
            /* GPU-RFOR runs of one length (length width 0, §5.1), the last one cut short */
            case 5: x[i] = i / 8u * 77u; break;
            /* SSB's lo_linenumber: 1 … k for orders of k = 1 … 7 lines, narrow deltas that
             * go down as well as up (GPU-DFOR's consecutive path, gpu/tile_decompress.cuh) */
            case 7:
                if (line == lines) {
                    line = 0;
                    lines = 1u + (uint32_t)ts_random_below(&seed, 7);
                }
                x[i] = ++line;
                break;
            /* GPU-RFOR runs of 1 … 3 values: several run starts in every 32-slot word */
            default: x[i] = ts_random_below(&seed, 3) == 0 ? v = (uint32_t)ts_random(&seed) : v;
                break;
            }
        }
        for (size_t l = 0; l < sizeof lengths / sizeof lengths[0]; l++)
            for (size_t s = 0; s < 3; s++) {
                size_t len;
                uint8_t *file = ts_compress(GALP_TYPE_U32, tile_schemes[s], x, lengths[l], &len);
                check_file(file, len);
                free(file);
            }
    }
    free(x);
}

/* Columns of small payloads long enough that blocks of full decompression ask L2 for runs of
 * vectors ahead (gpu/tile_decompress.cuh: two grids of resident blocks on; 8 192 vectors are
 * more than that and a burst on a GPU of up to 240 multiprocessors of 16 blocks), with a
 * partial last vector: a prefetch reads only entries and payloads inside the file, and
 * changes no value. lo_linenumber's shape, and for GPU-RFOR a value per order (runs of 1 … 7
 * rows). */
static void test_long_columns(void **state)
{
    (void)state;
    const uint64_t n = (uint64_t)8192 * GALP_VECTOR_SIZE - 300;
    uint32_t *x = malloc(n * sizeof *x);
    assert_non_null(x);
    uint64_t seed = 15;
    uint32_t line = 0, lines = 1;
    for (uint64_t i = 0; i < n; i++) {
        if (line == lines) {
            line = 0;
            lines = 1u + (uint32_t)ts_random_below(&seed, 7);
        }
        x[i] = ++line;
    }
    for (size_t s = 0; s < 3; s++) {
        uint32_t *y = x;
        uint32_t *runs = NULL;
        if (tile_schemes[s] == GALP_SCHEME_GPU_RFOR) {
            runs = malloc(n * sizeof *runs);
            assert_non_null(runs);
            for (uint64_t i = 0; i < n; i++)
                runs[i] = (uint32_t)(i - (x[i] - 1u)) % 97u; /* the order's first row */
            y = runs;
        }
        size_t len;
        uint8_t *file = ts_compress(GALP_TYPE_U32, tile_schemes[s], y, n, &len);
        check_file(file, len);
        free(file);
        free(runs);
    }
    free(x);
}

/* spec/tile.md §6: the largest payloads, which the encoder never writes (RAW is smaller):
 * 8 GPU-FOR and GPU-DFOR blocks of four width-32 miniblocks, 1024 GPU-RFOR runs with both
 * widths 32. The loader's shared memory must hold them. */
static void test_largest_payloads(void **state)
{
    (void)state;
    uint64_t seed = 9;
    uint8_t payload[GALP_TILE_RFOR_HEADER_BYTES + 8 * GALP_VECTOR_SIZE];
    for (unsigned s = 0; s < 2; s++) {
        const galp_scheme scheme = tile_schemes[s];
        const uint32_t first = galp_tile_blocks_offset(scheme);
        ts_put_le(payload, 0, 4, ts_random(&seed)); /* GPU-DFOR's start */
        for (uint32_t k = 0; k < 8; k++) {
            uint8_t *block = payload + first + k * galp_tile_block_bytes(128);
            ts_put_le(block, 0, 4, ts_random(&seed));
            ts_put_le(block, 4, 4, 0x20202020u);
            for (uint32_t w = 0; w < 128; w++)
                ts_put_le(block, 8 + 4 * w, 4, ts_random(&seed));
        }
        const uint32_t size = galp_tile_max_bytes(scheme, GALP_VECTOR_SIZE);
        for (uint32_t m = 1000; m <= GALP_VECTOR_SIZE; m += 24) {
            size_t len;
            uint8_t *file = ts_one_vector_file(GALP_TYPE_U32, scheme, m, 0, 32, 0, payload, size, &len);
            check_file(file, len);
            free(file);
        }
    }
    /* 1024 runs of one value each, lengths stored as offset 1 from reference 0 in 32 bits. */
    ts_put_le(payload, 0, 4, GALP_VECTOR_SIZE);
    ts_put_le(payload, 4, 4, ts_random(&seed));
    ts_put_le(payload, 8, 4, 0);
    ts_put_le(payload, 12, 4, 0x2020);
    for (uint32_t r = 0; r < GALP_VECTOR_SIZE; r++) {
        ts_put_le(payload, 16 + 4 * r, 4, ts_random(&seed));
        ts_put_le(payload, 16 + 4 * GALP_VECTOR_SIZE + 4 * r, 4, 1);
    }
    size_t len;
    uint8_t *file = ts_one_vector_file(GALP_TYPE_U32, GALP_SCHEME_GPU_RFOR, GALP_VECTOR_SIZE, 0, 32, 0,
                                       payload, galp_tile_max_bytes(GALP_SCHEME_GPU_RFOR, GALP_VECTOR_SIZE),
                                       &len);
    check_file(file, len);
    free(file);
}

/* A GPU-FOR or GPU-DFOR payload of m values with random references, deltas' start and packed
 * bits, and miniblock widths of the given kind: 0 all at most 8 (a run's offsets from one
 * window, gpu/tile_decompress.cuh), 1 from the widths around that bound and the extremes,
 * 2 every width 0 … 32 in turn over the miniblocks from `turn`. Returns its size; *widest is
 * its largest width, the entry's bit width (spec/tile.md §6). */
static uint32_t tile_payload(galp_scheme scheme, uint32_t m, unsigned kind, unsigned turn,
                             uint64_t *seed, uint8_t *payload, unsigned *widest)
{
    static const unsigned around[] = {0, 1, 7, 8, 9, 31, 32};
    uint32_t at = galp_tile_blocks_offset(scheme);
    ts_put_le(payload, 0, 4, ts_random(seed)); /* GPU-DFOR's start */
    *widest = 0;
    for (uint32_t k = 0; k < galp_tile_blocks(m); k++) {
        uint32_t widths = 0, sum = 0;
        for (unsigned j = 0; j < GALP_TILE_MINIBLOCKS; j++) {
            const unsigned b = kind == 0   ? (unsigned)ts_random_below(seed, 9)
                               : kind == 1 ? around[ts_random_below(seed, 7)]
                                           : (turn + GALP_TILE_MINIBLOCKS * k + j) % 33u;
            widths |= (uint32_t)b << (8 * j);
            sum += b;
            *widest = b > *widest ? b : *widest;
        }
        ts_put_le(payload, at, 4, ts_random(seed));
        ts_put_le(payload, at + 4, 4, widths);
        for (uint32_t w = 0; w < sum; w++)
            ts_put_le(payload, at + 8 + 4 * w, 4, ts_random(seed));
        at += galp_tile_block_bytes(sum);
    }
    return at;
}

/* Payloads of each kind and length test_every_width decodes: every turn of the widths for a
 * full vector (each width then comes at each miniblock of each block), one for a partial one;
 * 4 draws of the random kinds. */
static unsigned turns(unsigned kind, uint32_t m)
{
    return kind != 2 ? 4u : m == GALP_VECTOR_SIZE ? 33u : 1u;
}

/* Every miniblock width 0 … 32 at every miniblock position, blocks whose widths are all at
 * most 8 (one window per run) beside blocks of wider ones, in full and partial vectors whose
 * last block ends anywhere in a warp's pair of blocks: GPU-FOR and GPU-DFOR decode as the
 * reference does. */
static void test_every_width(void **state)
{
    (void)state;
    static const uint32_t lengths[] = {1, 100, 128, 129, 255, 256, 257, 384, 511, 512,
                                       640, 767, 768, 896, 1000, 1023, GALP_VECTOR_SIZE};
    uint64_t seed = 38;
    uint8_t payload[GALP_TILE_RFOR_HEADER_BYTES + 8 * GALP_VECTOR_SIZE];
    for (unsigned s = 0; s < 2; s++)
        for (unsigned kind = 0; kind < 3; kind++)
            for (size_t l = 0; l < sizeof lengths / sizeof lengths[0]; l++)
                for (unsigned turn = 0; turn < turns(kind, lengths[l]); turn++) {
                    unsigned widest;
                    const uint32_t m = lengths[l];
                    const uint32_t size =
                        tile_payload(tile_schemes[s], m, kind, turn, &seed, payload, &widest);
                    size_t len;
                    uint8_t *file = ts_one_vector_file(GALP_TYPE_U32, tile_schemes[s], m, 0, widest,
                                                       0, payload, size, &len);
                    check_file(file, len);
                    free(file);
                }
}

/* GPU-RFOR runs of 1 … L rows for L = 2, 3, 4, 5, 9, … 1025: length offsets of every width a
 * vector's runs can have (1 … 10 bits, spec/tile.md §5.1), those whose 8 lengths per thread
 * fit one 32-bit window (galp/device/tile.cuh) and wider ones, in full and partial vectors. */
static void test_run_length_widths(void **state)
{
    (void)state;
    static const uint64_t lengths[] = {1, 31, 129, 1000, 1024, 5000};
    enum { MAX = 5000 };
    uint32_t *x = malloc(MAX * sizeof *x);
    assert_non_null(x);
    uint64_t seed = 16;
    for (uint32_t longest = 2; longest <= GALP_VECTOR_SIZE + 1u;
         longest = longest < 5u ? longest + 1u : 2u * longest - 1u) {
        uint32_t v = 0, left = 0;
        for (uint32_t i = 0; i < MAX; i++) {
            if (left == 0) {
                left = 1u + (uint32_t)ts_random_below(&seed, longest);
                v = (uint32_t)ts_random(&seed);
            }
            left--;
            x[i] = v;
        }
        for (size_t l = 0; l < sizeof lengths / sizeof lengths[0]; l++) {
            size_t len;
            uint8_t *file = ts_compress(GALP_TYPE_U32, GALP_SCHEME_GPU_RFOR, x, lengths[l], &len);
            check_file(file, len);
            free(file);
        }
    }
    free(x);
}

/* The golden vectors of the tile schemes: valid ones decode to their .out files, invalid ones
 * are refused with galp_open's class and nothing written. */
static void test_golden_vectors(void **state)
{
    (void)state;
    const char *top = getenv("GALP_SRCDIR");
    if (top == NULL || top[0] == '\0')
        top = GALP_TOP_SRCDIR;
    unsigned checked = 0;
    static const char *const kinds[] = {"valid", "invalid"};
    for (unsigned k = 0; k < 2; k++) {
        char dir_path[4096];
        snprintf(dir_path, sizeof dir_path, "%s/vectors/%s", top, kinds[k]);
        DIR *dir = opendir(dir_path);
        assert_non_null(dir);
        for (struct dirent *e; (e = readdir(dir)) != NULL;) {
            size_t name_len = strlen(e->d_name);
            if (strncmp(e->d_name, "gpu_", 4) != 0 || name_len < 6 ||
                strcmp(e->d_name + name_len - 5, ".galp") != 0)
                continue;
            char path[8192];
            snprintf(path, sizeof path, "%s/%s", dir_path, e->d_name);
            size_t len;
            uint8_t *file = ts_read_file(path, &len);
            galp_column col;
            const galp_status expected = galp_open(&col, file, len);
            if (k == 0) {
                assert_int_equal(expected, GALP_OK);
                check_file(file, len);
                path[strlen(path) - 5] = '\0';
                strcat(path, ".out");
                size_t out_len;
                uint8_t *out = ts_read_file(path, &out_len);
                uint8_t *gpu = malloc(out_len + 1);
                assert_non_null(gpu);
                assert_int_equal(galp_gpu_tile_decompress(file, len, gpu, out_len), GALP_OK);
                assert_memory_equal(gpu, out, out_len);
                free(gpu);
                free(out);
            } else {
                uint8_t out[64];
                memset(out, 0xa5, sizeof out);
                assert_int_not_equal(expected, GALP_OK);
                assert_int_equal(galp_gpu_tile_decompress(file, len, out, sizeof out), expected);
                for (size_t i = 0; i < sizeof out; i++)
                    assert_int_equal(out[i], 0xa5);
            }
            free(file);
            checked++;
        }
        closedir(dir);
    }
    assert_true(checked >= 30);
}

/* Other schemes, short and missing destinations. */
static void test_refusals(void **state)
{
    (void)state;
    uint32_t x[300];
    for (uint32_t i = 0; i < 300; i++)
        x[i] = i / 7;
    size_t len;
    uint8_t *file = ts_compress(GALP_TYPE_U32, GALP_SCHEME_FFOR, x, 300, &len);
    uint32_t out[300];
    assert_int_equal(galp_gpu_tile_decompress(file, len, out, sizeof out), GALP_ERR_BAD_SCHEME);
    free(file);
    file = ts_compress(GALP_TYPE_U32, GALP_SCHEME_GPU_RFOR, x, 300, &len);
    assert_int_equal(galp_gpu_tile_decompress(file, len, out, sizeof out - 1),
                     GALP_ERR_DST_TOO_SMALL);
    assert_int_equal(galp_gpu_tile_decompress(file, len, NULL, sizeof out), GALP_ERR_ARGUMENT);
    assert_int_equal(galp_gpu_tile_decompress(NULL, len, out, sizeof out), GALP_ERR_ARGUMENT);
    free(file);
}

int main(void)
{
    galp_status st = galp_gpu_available();
    if (st != GALP_OK) {
#ifndef GALP_HAVE_CUDA
        uint32_t probe;
        assert_int_equal(galp_gpu_tile_decompress("GALP", 4, &probe, 4), GALP_ERR_NO_DEVICE);
#endif
        printf("SKIP: no usable CUDA device (%s)\n", galp_strerror(st));
        return 77;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_shapes_and_lengths),
        cmocka_unit_test(test_largest_payloads),
        cmocka_unit_test(test_every_width),
        cmocka_unit_test(test_run_length_widths),
        cmocka_unit_test(test_long_columns),
        cmocka_unit_test(test_golden_vectors),
        cmocka_unit_test(test_refusals),
    };
    return TS_RUN_TESTS(tests);
}
