/*
 * test_gpu_fastlanes.c — the device's FastLanes DELTA, RLE, DICT and RUNS decoding (gpu/fastlanes.cu,
 * galp/device/delta.cuh, rle.cuh, dict.cuh, runs.cuh), and of patched FFOR vectors (spec/ffor.md
 * §8, whose columns gpu/fastlanes.cu takes; galp/device/ffor_patches.cuh), against the reference decoder and host
 * computations: galp_gpu_decompress bit for bit (aligned and unaligned destinations, nothing
 * written past the values), a user's kernel on the lane decoders
 * (conformance/test_gpu_fastlanes_device.cu) bit for bit, for u32 columns also one on the
 * block loader load_fastlanes_tile (galp/device/fastlanes_tile.cuh) bit for bit,
 * galp_gpu_aggregate_column against ts_check_aggregate, and galp_gpu_count_range and
 * galp_gpu_exists against counts over the decoded values.
 *
 * Columns: every valid golden vector of schemes 5-7 (vectors/), reference-encoded columns of
 * every type (DELTA, RLE and DICT columns, AUTO's FFOR columns mixing FFOR, RAW, DELTA, RLE
 * and DICT vectors, partial last vectors), RLE and DICT columns over every run count and code
 * width, DELTA columns whose lanes ascend, descend or wrap, and columns of the structure-aware
 * generator (fuzz/column_gen.c), which reaches what the encoder never writes: full-width
 * deltas, lane bases and run indexes that wrap, RAW vectors among FastLanes ones, junk codes
 * past m.
 *
 * Without a GPU the program exits 77 (skip) with the reason.
 */
#include "config.h"

#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "galp.h"
#include "galp_gpu.h"
#include "galp/layout.h"
#include "test_support.h"

#ifdef GALP_HAVE_CUDA

#include <cuda_runtime.h>

#include "column_gen.h"
#include "test_gpu_fastlanes_device.h"

#define CUDA_OK(call) assert_int_equal((call), cudaSuccess)

static cudaStream_t stream;

/* Vectors of each FastLanes scheme that the checks decoded on the GPU; at [GALP_SCHEME_FFOR],
 * the FFOR vectors with patches. */
static uint64_t vectors_seen[GALP_SCHEME_RUNS + 1];
/* Vectors of u32 columns, by scheme, that the block loader (load_fastlanes_tile) decoded. */
static uint64_t tile_vectors_seen[GALP_SCHEME_RUNS + 1];

static bool is_fastlanes(galp_scheme s)
{
    return s == GALP_SCHEME_DELTA || s == GALP_SCHEME_RLE || s == GALP_SCHEME_DICT || s == GALP_SCHEME_RUNS;
}

/* Whether the column holds a FastLanes vector or a patched FFOR vector; tallies them by scheme. */
static bool tally_vectors(const galp_column *col)
{
    bool any = false;
    galp_vector_info info;
    for (uint32_t v = 0; v < col->vector_count; v++) {
        assert_int_equal(galp_vector_info_get(col, v, &info), GALP_OK);
        if (is_fastlanes(info.scheme) || (info.scheme == GALP_SCHEME_FFOR && info.exception_count > 0)) {
            vectors_seen[info.scheme]++;
            any = true;
        }
    }
    return any;
}

/* galp_gpu_decompress into dst + offset bytes of a device buffer filled with 0xa5: exactly
 * `want`, and nothing written past it. */
static void check_decompress(const galp_gpu_column *g, const uint8_t *want, size_t bytes, size_t offset)
{
    uint8_t *dev = NULL, *got = malloc(bytes + offset + 64);
    assert_non_null(got);
    CUDA_OK(cudaMalloc((void **)&dev, bytes + offset + 64));
    CUDA_OK(cudaMemset(dev, 0xa5, bytes + offset + 64));
    assert_int_equal(galp_gpu_decompress(g, dev + offset, bytes, stream), GALP_OK);
    CUDA_OK(cudaStreamSynchronize(stream));
    CUDA_OK(cudaMemcpy(got, dev, bytes + offset + 64, cudaMemcpyDeviceToHost));
    assert_memory_equal(got + offset, want, bytes);
    for (size_t i = 0; i < offset; i++)
        assert_int_equal(got[i], 0xa5);
    for (size_t i = 0; i < 64; i++)
        assert_int_equal(got[offset + bytes + i], 0xa5);
    cudaFree(dev);
    free(got);
}

/* The column decoded by a user's kernel on the lane decoders
 * (conformance/test_gpu_fastlanes_device.cu): exactly `want`. */
static void check_device_api(const galp_gpu_column *g, const uint8_t *want, size_t bytes)
{
    galp_gpu_view view;
    assert_int_equal(galp_gpu_column_view(g, &view), GALP_OK);
    uint8_t *dev = NULL, *got = malloc(bytes + 1);
    assert_non_null(got);
    CUDA_OK(cudaMalloc((void **)&dev, bytes + 1));
    assert_int_equal(test_device_api_fastlanes_decode(&view, dev), GALP_OK);
    CUDA_OK(cudaMemcpy(got, dev, bytes, cudaMemcpyDeviceToHost));
    assert_memory_equal(got, want, bytes);
    if (view.type == GALP_TYPE_U32) { /* and through the block loader */
        CUDA_OK(cudaMemset(dev, 0xa5, bytes + 1));
        assert_int_equal(test_device_api_fastlanes_tile_decode(&view, (uint32_t *)dev), GALP_OK);
        CUDA_OK(cudaMemcpy(got, dev, bytes, cudaMemcpyDeviceToHost));
        assert_memory_equal(got, want, bytes);
    }
    cudaFree(dev);
    free(got);
}

/* Values x with lo <= x <= hi among the n values (ts_in_range: IEEE for floats). */
static uint64_t host_count(galp_type type, const uint8_t *values, uint64_t n, uint64_t lo, uint64_t hi)
{
    uint64_t count = 0;
    for (uint64_t i = 0; i < n; i++)
        count += ts_in_range(type, ts_bits_at(type, values, i), lo, hi) != 0;
    return count;
}

/* galp_gpu_count_range and galp_gpu_exists over [lo, hi] and lo against the host. */
static void check_range(const galp_gpu_column *g, galp_type type, const uint8_t *want, uint64_t n, uint64_t lo,
                        uint64_t hi, uint64_t *dev_count, uint32_t *dev_found)
{
    uint8_t lo_value[8], hi_value[8];
    ts_store_bits(type, lo_value, 0, lo);
    ts_store_bits(type, hi_value, 0, hi);
    uint64_t count = 0;
    uint32_t found = 0;
    assert_int_equal(galp_gpu_range_temp_size(g), 0);
    assert_int_equal(galp_gpu_count_range(g, lo_value, hi_value, NULL, 0, dev_count, stream), GALP_OK);
    assert_int_equal(galp_gpu_exists(g, lo_value, NULL, 0, dev_found, stream), GALP_OK);
    CUDA_OK(cudaMemcpyAsync(&count, dev_count, sizeof count, cudaMemcpyDeviceToHost, stream));
    CUDA_OK(cudaMemcpyAsync(&found, dev_found, sizeof found, cudaMemcpyDeviceToHost, stream));
    CUDA_OK(cudaStreamSynchronize(stream));
    assert_int_equal(count, host_count(type, want, n, lo, hi));
    assert_int_equal(found, host_count(type, want, n, lo, lo) != 0);
}

/* The file (valid) on the GPU: decompression equals `want` (NULL: the reference's decode),
 * and the scans agree with the host over it. */
static void check_file(const uint8_t *file, size_t len, const uint8_t *want, uint64_t *seed)
{
    galp_column col;
    assert_int_equal(galp_open(&col, file, len), GALP_OK);
    tally_vectors(&col);
    galp_vector_info info;
    for (uint32_t v = 0; v < col.vector_count && col.type == GALP_TYPE_U32; v++) {
        assert_int_equal(galp_vector_info_get(&col, v, &info), GALP_OK);
        assert_true(info.scheme <= GALP_SCHEME_DICT || info.scheme == GALP_SCHEME_RUNS);
        tile_vectors_seen[info.scheme]++;
    }
    const galp_type type = col.type;
    const uint64_t n = col.value_count;
    const size_t width = galp_type_size(type), bytes = (size_t)n * width;
    uint8_t *ref = malloc(bytes + 1);
    assert_non_null(ref);
    assert_int_equal(galp_column_decode(&col, ref, bytes), GALP_OK);
    if (want != NULL)
        assert_memory_equal(ref, want, bytes); /* the generator's oracle and the reference agree */
    galp_gpu_column *g = NULL;
    assert_int_equal(galp_gpu_column_upload(file, len, &g), GALP_OK);
    check_decompress(g, ref, bytes, 0);
    check_decompress(g, ref, bytes, width); /* not 16-byte aligned for width < 16 */
    check_device_api(g, ref, bytes);

    galp_gpu_aggregate *dev_agg = NULL, agg;
    uint64_t *dev_count = NULL;
    uint32_t *dev_found = NULL;
    CUDA_OK(cudaMalloc((void **)&dev_agg, sizeof *dev_agg));
    CUDA_OK(cudaMalloc((void **)&dev_count, sizeof *dev_count));
    CUDA_OK(cudaMalloc((void **)&dev_found, sizeof *dev_found));
    assert_int_equal(galp_gpu_aggregate_column(g, dev_agg, stream), GALP_OK);
    CUDA_OK(cudaMemcpyAsync(&agg, dev_agg, sizeof agg, cudaMemcpyDeviceToHost, stream));
    CUDA_OK(cudaStreamSynchronize(stream));
    ts_check_aggregate(type, ref, n, &agg);
    const uint64_t all = width == 8 ? ~(uint64_t)0 : ((uint64_t)1 << (8u * width)) - 1u;
    for (unsigned q = 0; q < 4 && n != 0; q++) { /* bounds: stored values, either order */
        const uint64_t a = ts_bits_at(type, ref, ts_random_below(seed, n));
        const uint64_t b = ts_bits_at(type, ref, ts_random_below(seed, n));
        check_range(g, type, ref, n, a, b, dev_count, dev_found);
        check_range(g, type, ref, n, (a + 1u) & all, (a + 1u) & all, dev_count, dev_found); /* often absent */
    }
    cudaFree(dev_found);
    cudaFree(dev_count);
    cudaFree(dev_agg);
    galp_gpu_column_free(g);
    free(ref);
}

/* ---- golden vectors -------------------------------------------------------------------- */

/* Every valid file under dir whose column holds FastLanes vectors; the count checked. */
static unsigned check_golden_dir(const char *dir, uint64_t *seed)
{
    DIR *d = opendir(dir);
    unsigned count = 0;
    if (d == NULL)
        return 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        const size_t name_len = strlen(e->d_name);
        if (e->d_name[0] == '.' || name_len < 5 || strcmp(e->d_name + name_len - 5, ".galp") != 0)
            continue;
        char path[4096];
        const int path_len = snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (path_len < 0 || (size_t)path_len >= sizeof path)
            continue;
        size_t len = 0;
        uint8_t *file = ts_read_file(path, &len);
        assert_non_null(file);
        galp_column col;
        if (galp_open(&col, file, len) == GALP_OK && col.type != GALP_TYPE_STR && tally_vectors(&col)) {
            check_file(file, len, NULL, seed);
            count++;
        }
        free(file);
    }
    closedir(d);
    return count;
}

static void test_golden_vectors(void **state)
{
    (void)state;
    const char *src = getenv("GALP_SRCDIR");
    if (src == NULL) {
        print_message("GALP_SRCDIR is not set: no golden vectors\n");
        skip();
    }
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/vectors/valid", src);
    uint64_t seed = 51;
    memset(vectors_seen, 0, sizeof vectors_seen);
    const unsigned files = check_golden_dir(dir, &seed);
    print_message("golden vectors with FastLanes vectors checked on the GPU: %u files\n", files);
    assert_true(files > 0);
    assert_true(vectors_seen[GALP_SCHEME_DELTA] > 0);
    assert_true(vectors_seen[GALP_SCHEME_RLE] > 0);
    assert_true(vectors_seen[GALP_SCHEME_DICT] > 0);
    assert_true(vectors_seen[GALP_SCHEME_RUNS] > 0);
    assert_true(vectors_seen[GALP_SCHEME_FFOR] > 0); /* patched (spec/ffor.md §8) */
}

/* ---- reference-encoded columns ----------------------------------------------------------- */

/* n values of `type` made of vectors the encoder stores as DELTA (a step, then a jittered
 * ramp), RLE (runs), DICT (a few values far apart, shuffled), FFOR (small noise), RAW or
 * full-width FFOR (random bits) and a constant, in turn, vector by vector. */
static void fill_mixed(galp_type type, uint8_t *values, uint64_t n, uint64_t *seed)
{
    const unsigned w = 8u * (unsigned)galp_type_size(type);
    const uint64_t all = w == 64 ? ~(uint64_t)0 : ((uint64_t)1 << w) - 1u;
    const uint64_t far[4] = {0, all, all / 3u, all / 7u};
    uint64_t x = ts_random(seed) & all;
    for (uint64_t i = 0; i < n; i++) {
        uint64_t bits;
        switch (i / GALP_VECTOR_SIZE % 6) {
        case 0: bits = x += 3u; break;
        case 1: bits = x += 1u + ts_random_below(seed, 3); break;
        case 2: bits = far[i / 97u % 4u]; break;
        case 3: bits = far[ts_random_below(seed, 4)] ^ (i / 200u % 2u); break;
        case 4: bits = (all / 2u) + ts_random_below(seed, 5); break;
        default: bits = ts_random(seed); break;
        }
        if (i / GALP_VECTOR_SIZE % 6 == 5 && i % 2 == 0)
            bits = 42; /* RAW or full width either way */
        ts_store_bits(type, values, i, bits & all);
    }
}

static void test_reference_columns(void **state)
{
    (void)state;
    static const galp_type types[] = {GALP_TYPE_U8, GALP_TYPE_U16, GALP_TYPE_U32, GALP_TYPE_U64};
    static const galp_scheme schemes[] = {GALP_SCHEME_AUTO, GALP_SCHEME_DELTA, GALP_SCHEME_RLE, GALP_SCHEME_DICT,
                                          GALP_SCHEME_RUNS};
    static const uint64_t lengths[] = {1, 700, 6 * GALP_VECTOR_SIZE, 13 * GALP_VECTOR_SIZE + 333};
    uint8_t *values = malloc(13 * GALP_VECTOR_SIZE * 8 + 333 * 8);
    assert_non_null(values);
    uint64_t seed = 52;
    memset(vectors_seen, 0, sizeof vectors_seen);
    memset(tile_vectors_seen, 0, sizeof tile_vectors_seen);
    for (size_t t = 0; t < 4; t++)
        for (size_t s = 0; s < sizeof schemes / sizeof schemes[0]; s++)
            for (size_t k = 0; k < 4; k++) {
                fill_mixed(types[t], values, lengths[k], &seed);
                size_t len;
                uint8_t *file = ts_compress(types[t], schemes[s], values, lengths[k], &len);
                check_file(file, len, values, &seed);
                free(file);
            }
    assert_true(vectors_seen[GALP_SCHEME_DELTA] > 0);
    assert_true(vectors_seen[GALP_SCHEME_RLE] > 0);
    assert_true(vectors_seen[GALP_SCHEME_DICT] > 0);
    assert_true(vectors_seen[GALP_SCHEME_RUNS] > 0);
    /* the u32 columns took the block loader through every kind of vector */
    static const galp_scheme kinds[] = {GALP_SCHEME_RAW, GALP_SCHEME_FFOR, GALP_SCHEME_DELTA, GALP_SCHEME_RLE,
                                        GALP_SCHEME_DICT, GALP_SCHEME_RUNS};
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
        assert_true(tile_vectors_seen[kinds[k]] > 0);
    free(values);
}

/* Columns of more vectors than the resident grids of gpu/fastlanes.cu have warps on a GPU
 * of an H100's size (their shared memory holds a multiprocessor to a few dozen warps), so
 * that warps stage and decode several vectors in turn, through both of their stages and
 * across vectors of different schemes and sizes (gpu/fastlanes.cuh). */
static void test_long_columns(void **state)
{
    (void)state;
    static const galp_type types[] = {GALP_TYPE_U32, GALP_TYPE_U64};
    static const uint64_t vectors[] = {8192, 4096};
    uint64_t seed = 55;
    memset(vectors_seen, 0, sizeof vectors_seen);
    for (size_t t = 0; t < 2; t++) {
        const uint64_t n = vectors[t] * GALP_VECTOR_SIZE + 333;
        uint8_t *values = malloc(n * galp_type_size(types[t]));
        assert_non_null(values);
        fill_mixed(types[t], values, n, &seed);
        size_t len;
        uint8_t *file = ts_compress(types[t], GALP_SCHEME_AUTO, values, n, &len);
        check_file(file, len, values, &seed);
        free(file);
        free(values);
    }
    assert_true(vectors_seen[GALP_SCHEME_DELTA] > 0);
    assert_true(vectors_seen[GALP_SCHEME_RUNS] > 0); /* AUTO's vectors of runs (RLE before format 1.5) */
    assert_true(vectors_seen[GALP_SCHEME_DICT] > 0);
}

/* DICT columns of floats: NaN payloads, signed zeros and infinities are dictionary entries
 * (spec/fastlanes.md §4.1), and the scans treat them as IEEE values. */
static void test_float_dict_columns(void **state)
{
    (void)state;
    uint64_t seed = 53;
    const uint64_t n = 5 * GALP_VECTOR_SIZE + 17;
    uint64_t *d = malloc(n * sizeof *d);
    uint32_t *f = malloc(n * sizeof *f);
    assert_true(d != NULL && f != NULL);
    static const double pick[] = {1.5, 2.25, -0.0, 0.0, -7.125, 1e300, -1e-300};
    for (uint64_t i = 0; i < n; i++) {
        const uint64_t k = ts_random_below(&seed, 9);
        d[i] = k < 7 ? ts_f64_bits(pick[k]) : k == 7 ? 0x7ff8000000000123u : 0x7ff0000000000000u;
        f[i] = k < 7 ? ts_f32_bits((float)pick[k]) : k == 7 ? 0x7fc00321u : 0xff800000u;
    }
    size_t len;
    uint8_t *file = ts_compress(GALP_TYPE_F64, GALP_SCHEME_DICT, d, n, &len);
    check_file(file, len, (const uint8_t *)d, &seed);
    free(file);
    file = ts_compress(GALP_TYPE_F32, GALP_SCHEME_DICT, f, n, &len);
    check_file(file, len, (const uint8_t *)f, &seed);
    free(file);
    free(f);
    free(d);
}

/* ---- scans over every run count and code width -------------------------------------------- */

/* Bit widths of the spread of a vector's values (RLE's run table, DICT's dictionary), those
 * up to the type's width W taken. */
static const unsigned spreads[] = {0, 1, 3, 8, 13, 16, 31, 32, 47, 64};
#define SPREADS (sizeof spreads / sizeof spreads[0])

/* Value k of a vector's distinct values: the type's largest value less k's multiple of an
 * odd constant in `spread` bits (bits: the type's W), so that values sit at the top of the
 * range, where 1024 of them overflow a 64-bit sum. */
static uint64_t top_value(unsigned bits, unsigned spread, uint64_t k)
{
    const uint64_t all = bits == 64 ? ~(uint64_t)0 : ((uint64_t)1 << bits) - 1u;
    const uint64_t mask = spread >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << spread) - 1u;
    return (all - (k * 0x9e3779b97f4a7c15u & mask)) & all;
}

/* Vectors of RLE and DICT columns, one run count or dictionary size each, over every count
 * 1 ... 1024 in steps that hit each code width (powers of two and their neighbours) and
 * spreads up to the type's width: decompression, sums (wrapping for u64), extremes and
 * counts against the reference. The last vector is partial. */
static void test_run_and_code_counts(void **state)
{
    (void)state;
    static const galp_type types[] = {GALP_TYPE_U8, GALP_TYPE_U16, GALP_TYPE_U32, GALP_TYPE_U64};
    static const unsigned counts[] = {1,  2,  3,  4,  5,   7,   8,   9,   16,  17,  31,  32,  33,  63,
                                      64, 65, 127, 128, 129, 255, 256, 257, 511, 512, 513, 700, 1023, 1024};
    const uint64_t vectors = sizeof counts / sizeof counts[0] * 2u, n = vectors * GALP_VECTOR_SIZE - 211u;
    uint8_t *values = malloc(n * 8u);
    assert_non_null(values);
    uint64_t seed = 56;
    for (size_t t = 0; t < 4; t++) {
        const unsigned bits = 8u * (unsigned)galp_type_size(types[t]);
        for (unsigned dict = 0; dict < 2; dict++) {
            uint32_t code_widths = 0, runs_seen = 0; /* code_widths bit c: a DICT vector of width c */
            for (uint64_t i = 0; i < n; i++) {
                const uint64_t v = i / GALP_VECTOR_SIZE, p = i % GALP_VECTOR_SIZE;
                const unsigned c = counts[v % (sizeof counts / sizeof counts[0])];
                /* at least the bits of c - 1, so that the c values are distinct (up to W) */
                unsigned spread = spreads[(v + t) % SPREADS], least = 0;
                while (least < 10u && (1u << least) < c)
                    least++;
                spread = spread < least ? least : spread;
                spread = spread > bits ? bits : spread;
                /* RLE: c runs of about equal length; DICT: c values in a shuffled order */
                const uint64_t k = dict ? (p * 7919u + v) % c : p * c / GALP_VECTOR_SIZE;
                ts_store_bits(types[t], values, i, top_value(bits, spread, k));
            }
            size_t len;
            uint8_t *file = ts_compress(types[t], dict ? GALP_SCHEME_DICT : GALP_SCHEME_RLE, values, n, &len);
            galp_column col;
            assert_int_equal(galp_open(&col, file, len), GALP_OK);
            galp_vector_info info;
            for (uint32_t v = 0; v < col.vector_count; v++) {
                assert_int_equal(galp_vector_info_get(&col, v, &info), GALP_OK);
                if (info.scheme == GALP_SCHEME_DICT)
                    code_widths |= 1u << galp_layout_dict_code_bits(info.exception_count);
                runs_seen += info.scheme == GALP_SCHEME_RLE && info.exception_count > 512;
            }
            memset(vectors_seen, 0, sizeof vectors_seen);
            check_file(file, len, values, &seed);
            assert_true(vectors_seen[dict ? GALP_SCHEME_DICT : GALP_SCHEME_RLE] > vectors / 2u);
            if (dict) /* every code width, up to 7 for u8: 256 codes of 8 bits are RAW's size */
                assert_int_equal(code_widths, bits == 8 ? 0xffu : 0x7ffu);
            else /* vectors of more than 512 runs */
                assert_true(runs_seen > 0);
            free(file);
        }
    }
    free(values);
}

/* RUNS columns (spec/fastlanes.md §8) of every type: vectors of 1, 2, 3, 31, 32, 33, 100, 1023
 * and 1024 runs, of equal lengths or of lengths that grow along the vector (so that the warp's
 * spans of 32 runs, a lane's runs and the 32-position words of the decoders' run-head bitmap
 * end anywhere), values spread over 0 ... W bits at the top of the range (u64 sums wrap), and
 * a partial last vector: decompression (aligned and not), the device API's runs_warp and tile
 * loader, sums, extremes and counts against the reference. The column holds vectors of length
 * width k = 0 (every run one position) and k = 10 and of value width b = 0 and b = W. */
static void test_runs_columns(void **state)
{
    (void)state;
    static const galp_type types[] = {GALP_TYPE_U8, GALP_TYPE_U16, GALP_TYPE_U32, GALP_TYPE_U64};
    static const unsigned counts[] = {1, 2, 3, 31, 32, 33, 100, 1023, 1024};
    const uint64_t kinds = sizeof counts / sizeof counts[0];
    const uint64_t vectors = 2u * kinds * 2u, n = vectors * GALP_VECTOR_SIZE - 300u;
    uint8_t *values = malloc(n * 8u);
    assert_non_null(values);
    uint64_t seed = 59;
    for (size_t t = 0; t < 4; t++) {
        const unsigned bits = 8u * (unsigned)galp_type_size(types[t]);
        for (uint64_t i = 0; i < n; i++) {
            const uint64_t v = i / GALP_VECTOR_SIZE, p = i % GALP_VECTOR_SIZE;
            const unsigned c = counts[v % kinds];
            unsigned spread = spreads[(v + t) % SPREADS], least = 0;
            while (least < 10u && (1u << least) < c)
                least++;
            spread = spread < least ? least : spread;
            spread = spread > bits ? bits : spread;
            /* run k of c: equal lengths, or lengths growing with the square of the position */
            const uint64_t k = v / kinds % 2u == 0 ? p * c / GALP_VECTOR_SIZE
                                                   : p * p * c / (GALP_VECTOR_SIZE * GALP_VECTOR_SIZE);
            ts_store_bits(types[t], values, i, top_value(bits, spread, k));
        }
        size_t len;
        /* Plain run values: with delta-coded ones allowed the encoder may cut a run of 1024
         * into shorter ones of the same size (test_runs_delta_columns covers that form). */
        uint8_t *file = ts_compress_ex(types[t], GALP_SCHEME_RUNS,
                                       GALP_FLAG_PAYLOAD_CHECKSUMS | GALP_FLAG_PACKED_LANE_BASES,
                                       values, n, &len);
        galp_column col;
        assert_int_equal(galp_open(&col, file, len), GALP_OK);
        galp_vector_info info;
        unsigned one_run = 0, full_runs = 0, unit_lengths = 0, widest_lengths = 0, no_width = 0, full_width = 0;
        unsigned partial = 0;
        for (uint32_t v = 0; v < col.vector_count; v++) {
            assert_int_equal(galp_vector_info_get(&col, v, &info), GALP_OK);
            if (info.scheme != GALP_SCHEME_RUNS)
                continue;
            one_run += info.exception_count == 1;
            full_runs += info.exception_count == GALP_VECTOR_SIZE;
            unit_lengths += info.exponent == 0;
            widest_lengths += info.exponent == GALP_LAYOUT_RUNS_MAX_LENGTH_WIDTH;
            no_width += info.bit_width == 0;
            full_width += info.bit_width == bits;
            partial += info.value_count < GALP_VECTOR_SIZE;
        }
        memset(vectors_seen, 0, sizeof vectors_seen);
        check_file(file, len, values, &seed);
        assert_true(vectors_seen[GALP_SCHEME_RUNS] > vectors / 2u);
        assert_true(one_run > 0 && unit_lengths > 0 && widest_lengths > 0 && no_width > 0 && full_width > 0);
        if (bits >= 16) { /* (a u8 vector of 1024 runs costs exactly RAW's size, and so does the last) */
            assert_true(full_runs > 0);
            assert_true(partial > 0);
        }
        free(file);
    }
    free(values);
}

/* Columns of one partial RUNS vector, m = 1 ... 1000 values of every type: one run, runs of
 * one position (k = 0), of 7 and of 33 positions (ending off the run-head bitmap's
 * 32-position words), and runs of 1, 2, 3, ... positions; checked as above. */
static void test_runs_partial_vectors(void **state)
{
    (void)state;
    static const galp_type types[] = {GALP_TYPE_U8, GALP_TYPE_U16, GALP_TYPE_U32, GALP_TYPE_U64};
    static const unsigned sizes[] = {1, 2, 31, 32, 33, 63, 500, 1000};
    static const unsigned lengths[] = {GALP_VECTOR_SIZE, 1, 7, 33, 0}; /* 0: growing lengths */
    uint8_t values[GALP_VECTOR_SIZE * 8];
    uint64_t seed = 61;
    unsigned checked = 0;
    for (size_t t = 0; t < 4; t++) {
        for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
            for (size_t l = 0; l < sizeof lengths / sizeof lengths[0]; l++) {
                const unsigned m = sizes[i];
                uint64_t run = 0, left = lengths[l] != 0 ? lengths[l] : 1u;
                for (unsigned p = 0; p < m; p++) {
                    if (left == 0) {
                        run++;
                        left = lengths[l] != 0 ? lengths[l] : run + 1u;
                    }
                    left--;
                    ts_store_bits(types[t], values, p, (run * 5u + 3u) % 11u); /* b < 8: RUNS, not RAW */
                }
                size_t len;
                uint8_t *file = ts_compress(types[t], GALP_SCHEME_RUNS, values, m, &len);
                galp_column col;
                galp_vector_info info;
                assert_int_equal(galp_open(&col, file, len), GALP_OK);
                assert_int_equal(galp_vector_info_get(&col, 0, &info), GALP_OK);
                if (info.scheme == GALP_SCHEME_RUNS) {
                    check_file(file, len, values, &seed);
                    checked++;
                }
                free(file);
            }
        }
    }
    print_message("single partial RUNS vectors checked on the GPU: %u\n", checked);
    assert_true(checked > 100);
}

/* galp_compress's layout flags before offset-coded run values (format 1.8): RUNS vectors whose
 * values are delta-coded are zig-zag coded (spec/fastlanes.md §8.5). */
static const uint32_t zigzag_flags = GALP_FLAG_PACKED_LANE_BASES | GALP_FLAG_RUNS_DELTA_VALUES;

/* RUNS columns with delta-coded run values (spec/fastlanes.md §8.5) of every type: walks of 0,
 * 2^W − 1, then steps of −s … +s, so that frame-of-reference coding would need all W bits, in
 * runs of 1, 2, 3, 33, 100 or 1024 positions or of growing
 * lengths, and a partial last vector: vectors of 1 … 1024 runs, length widths 0 … 10, the warp's
 * 32-run spans and the run-head bitmap's words ending anywhere; checked as above. */
static void test_runs_delta_columns(void **state)
{
    (void)state;
    static const galp_type types[] = {GALP_TYPE_U8, GALP_TYPE_U16, GALP_TYPE_U32, GALP_TYPE_U64};
    static const unsigned lengths[] = {1, 2, 3, 33, 100, GALP_VECTOR_SIZE, 0}; /* 0: growing */
    const uint64_t kinds = sizeof lengths / sizeof lengths[0];
    const uint64_t vectors = 3u * kinds, n = vectors * GALP_VECTOR_SIZE - 500u;
    uint8_t *values = malloc(n * 8u);
    assert_non_null(values);
    uint64_t seed = 67;
    for (size_t t = 0; t < 4; t++) {
        uint64_t x = 0, run = 0, left = 0;
        for (uint64_t i = 0; i < n; i++) {
            const uint64_t v = i / GALP_VECTOR_SIZE, s = 1u + v / kinds * 3u; /* steps up to 1, 4, 7 */
            if (i % GALP_VECTOR_SIZE == 0) {
                x = 0;
                run = 0;
                left = 0;
            }
            if (left == 0) {
                run++;
                left = lengths[v % kinds] != 0 ? lengths[v % kinds] : run;
                x = run == 1 ? 0 : run == 2 ? x - 1u : x + ts_random_below(&seed, 2u * s + 1u) - s; /* mod 2^W */
            }
            left--;
            ts_store_bits(types[t], values, i, x);
        }
        size_t len;
        uint8_t *file = ts_compress_ex(types[t], GALP_SCHEME_RUNS, zigzag_flags, values, n, &len);
        assert_int_equal(ts_get_le(file, TS_FLAGS, 4), GALP_FLAG_RUNS_DELTA_VALUES);
        galp_column col;
        assert_int_equal(galp_open(&col, file, len), GALP_OK);
        galp_vector_info info;
        unsigned delta = 0, unit_lengths = 0, long_lengths = 0, many_runs = 0, partial = 0;
        for (uint32_t v = 0; v < col.vector_count; v++) {
            assert_int_equal(galp_vector_info_get(&col, v, &info), GALP_OK);
            if (info.scheme != GALP_SCHEME_RUNS || info.factor != GALP_LAYOUT_RUNS_DELTA_VALUES)
                continue;
            delta++;
            unit_lengths += info.exponent == 0;
            long_lengths += info.exponent >= 6;
            many_runs += info.exception_count > 512;
            partial += info.value_count < GALP_VECTOR_SIZE;
        }
        memset(vectors_seen, 0, sizeof vectors_seen);
        check_file(file, len, values, &seed);
        assert_true(delta > vectors / 2u);
        assert_true(unit_lengths > 0 && long_lengths > 0 && many_runs > 0 && partial > 0);
        free(file);
    }
    free(values);
}

/* Patched FFOR vectors (spec/ffor.md §8) in FFOR and AUTO columns of every type: small values
 * and, vector by vector, a constant with the type's largest at ten slots (width 0 under the
 * patches, which the sums take in closed form), the type's largest at slots 0 and 1023, one
 * per 37 slots, 40 in a row (two warp rounds), and a partial last vector patched at its last
 * value; runs in between make AUTO mix RUNS vectors in. Checked as above: decompression, the
 * lane decoder, the u32 block loader, the aggregate and the range counts. */
static void test_patched_ffor_columns(void **state)
{
    (void)state;
    static const galp_type types[] = {GALP_TYPE_U8, GALP_TYPE_U16, GALP_TYPE_U32, GALP_TYPE_U64};
    const uint64_t n = 10u * GALP_VECTOR_SIZE + 300u;
    uint8_t *values = malloc(n * 8u);
    assert_non_null(values);
    uint64_t seed = 71;
    for (size_t t = 0; t < 4; t++) {
        const uint64_t all = types[t] == GALP_TYPE_U64 ? ~(uint64_t)0 : ((uint64_t)1 << (8u * galp_type_size(types[t]))) - 1u;
        for (uint64_t i = 0; i < n; i++) {
            const uint64_t v = i / GALP_VECTOR_SIZE, s = i % GALP_VECTOR_SIZE;
            const bool outlier = (v % 5 == 1 && (s == 0 || s == GALP_VECTOR_SIZE - 1)) ||
                                 (v % 5 == 2 && s % 37 == 36) || (v % 5 == 3 && s >= 500 && s < 540) ||
                                 (v % 5 == 0 && s % 100 == 50) || i == n - 1;
            /* runs, a constant (width 0 under the patches), or noise */
            const uint64_t small = v % 5 == 4 ? s / 64u : v % 5 == 0 ? 7u : 5u + ts_random_below(&seed, 16);
            ts_store_bits(types[t], values, i, outlier ? all - ts_random_below(&seed, 3) : small);
        }
        for (unsigned automatic = 0; automatic < 2; automatic++) {
            size_t len;
            uint8_t *file = ts_compress_ex(types[t], automatic ? GALP_SCHEME_AUTO : GALP_SCHEME_FFOR,
                                           TS_COMPRESS_FLAGS | GALP_FLAG_PATCHED_FFOR, values, n, &len);
            assert_int_not_equal(ts_get_le(file, TS_FLAGS, 4) & GALP_FLAG_PATCHED_FFOR, 0);
            galp_column col;
            galp_vector_info info;
            assert_int_equal(galp_open(&col, file, len), GALP_OK);
            uint64_t patched = 0, zero_width = 0;
            for (uint32_t v = 0; v < col.vector_count; v++) {
                assert_int_equal(galp_vector_info_get(&col, v, &info), GALP_OK);
                patched += info.scheme == GALP_SCHEME_FFOR && info.exception_count > 0;
                zero_width += info.scheme == GALP_SCHEME_FFOR && info.exception_count > 0 && info.bit_width == 0;
            }
            assert_true(patched >= 2);
            assert_true(automatic || zero_width >= 2);
            memset(vectors_seen, 0, sizeof vectors_seen);
            check_file(file, len, values, &seed);
            assert_int_equal(vectors_seen[GALP_SCHEME_FFOR], patched);
            free(file);
        }
    }
    free(values);
}

/* RUNS columns with offset-coded run values (spec/fastlanes.md §8.6) of every type: walks from
 * 2^W − 20 across the top of the range in steps of −1 … +a (a = 2, 8, 32), whose differences
 * take a bit less with an offset than zig-zag coded, in runs of 1 (1024 runs, length width 0),
 * 2, 3, 33, 100 or 1024 positions (one run: zig-zag coded, factor 1, no payload) or of growing
 * lengths, and a partial last vector of runs of 1; checked as above. Every vector of runs of
 * 1 … 3 positions saves a 16-byte unit or more, so it is offset-coded. */
static void test_runs_offset_columns(void **state)
{
    (void)state;
    static const galp_type types[] = {GALP_TYPE_U8, GALP_TYPE_U16, GALP_TYPE_U32, GALP_TYPE_U64};
    static const unsigned lengths[] = {1, 2, 3, 33, 100, GALP_VECTOR_SIZE, 0}; /* 0: growing */
    const uint64_t kinds = sizeof lengths / sizeof lengths[0];
    const uint64_t vectors = 3u * kinds + 1u, n = vectors * GALP_VECTOR_SIZE - 500u;
    uint8_t *values = malloc(n * 8u);
    assert_non_null(values);
    uint64_t seed = 73;
    for (size_t t = 0; t < 4; t++) {
        uint64_t x = 0, run = 0, left = 0;
        for (uint64_t i = 0; i < n; i++) {
            const uint64_t v = i / GALP_VECTOR_SIZE, a = UINT64_C(2) << (2u * (v / kinds % 3u));
            if (i % GALP_VECTOR_SIZE == 0) {
                x = 0u - 20u; /* mod 2^W */
                run = 0;
                left = 0;
            }
            if (left == 0) {
                run++;
                left = lengths[v % kinds] != 0 ? lengths[v % kinds] : run;
                x += ts_random_below(&seed, a + 2u) - 1u; /* mod 2^W */
            }
            left--;
            ts_store_bits(types[t], values, i, x);
        }
        size_t len;
        uint8_t *file = ts_compress(types[t], GALP_SCHEME_RUNS, values, n, &len);
        assert_int_equal(ts_get_le(file, TS_FLAGS, 4) & GALP_FLAG_RUNS_OFFSET_VALUES, GALP_FLAG_RUNS_OFFSET_VALUES);
        galp_column col;
        assert_int_equal(galp_open(&col, file, len), GALP_OK);
        galp_vector_info info;
        unsigned offset = 0, unit_lengths = 0, many_runs = 0, partial = 0;
        for (uint32_t v = 0; v < col.vector_count; v++) {
            assert_int_equal(galp_vector_info_get(&col, v, &info), GALP_OK);
            if (lengths[v % kinds] >= 1 && lengths[v % kinds] <= 3)
                assert_int_equal(info.factor, GALP_LAYOUT_RUNS_OFFSET_VALUES);
            if (info.scheme != GALP_SCHEME_RUNS || info.factor != GALP_LAYOUT_RUNS_OFFSET_VALUES)
                continue;
            offset++;
            unit_lengths += info.exponent == 0;
            many_runs += info.exception_count > 512;
            partial += info.value_count < GALP_VECTOR_SIZE;
        }
        memset(vectors_seen, 0, sizeof vectors_seen);
        check_file(file, len, values, &seed);
        assert_true(offset >= 3u * 3u + 1u);
        assert_true(unit_lengths > 0 && many_runs > 0 && partial > 0);
        free(file);
    }
    free(values);
}

/* Columns of RUNS vectors alone, each payload at most 1024 bytes, of every type: those whose
 * aggregate takes a lane per vector (gpu/fastlanes.cu, fastlanes_runs_aggregate_kernel), a
 * lane walking a vector of at most 128 runs itself and the warp taking the others together.
 * Vectors of 1 ... 200 runs of equal lengths, with values at the top of the range (u64 sums
 * wrap) or walking in steps of 1 ... 3 across the top of the type's range (delta-coded, their
 * running sum wraps mod 2^W), and a partial last vector; checked as above, written with
 * zig-zag coded differences (§8.5) and again with offset-coded ones (§8.6). */
static void test_runs_small_vectors(void **state)
{
    (void)state;
    static const galp_type types[] = {GALP_TYPE_U8, GALP_TYPE_U16, GALP_TYPE_U32, GALP_TYPE_U64};
    static const unsigned counts[] = {1, 2, 5, 31, 33, 100, 128, 129, 200};
    const uint64_t kinds = sizeof counts / sizeof counts[0];
    const uint64_t vectors = 2u * kinds * 3u, n = vectors * GALP_VECTOR_SIZE - 300u;
    uint8_t *values = malloc(n * 8u);
    assert_non_null(values);
    uint64_t seed = 71;
    for (size_t t = 0; t < 4; t++) {
        const unsigned bits = 8u * (unsigned)galp_type_size(types[t]);
        const uint64_t all = bits == 64 ? ~(uint64_t)0 : ((uint64_t)1 << bits) - 1u;
        uint64_t x = 0, last_run = 0;
        for (uint64_t i = 0; i < n; i++) {
            const uint64_t v = i / GALP_VECTOR_SIZE, p = i % GALP_VECTOR_SIZE;
            const uint64_t run = p * counts[v % kinds] / GALP_VECTOR_SIZE;
            const bool walk = v / kinds % 2u != 0;
            if (p == 0)
                x = all - 40u; /* the walk crosses the top within a vector */
            else if (run != last_run)
                x += v % 2u == 0 ? 1u + ts_random_below(&seed, 3u) : 0u - (1u + ts_random_below(&seed, 3u));
            last_run = run;
            ts_store_bits(types[t], values, i, walk ? x & all : top_value(bits, bits < 12u ? bits : 12u, run));
        }
        static const uint8_t factors[2] = {GALP_LAYOUT_RUNS_DELTA_VALUES, GALP_LAYOUT_RUNS_OFFSET_VALUES};
        for (unsigned coding = 0; coding < 2; coding++) {
            size_t len;
            uint8_t *file = coding == 0 ? ts_compress_ex(types[t], GALP_SCHEME_RUNS, zigzag_flags, values, n, &len)
                                        : ts_compress(types[t], GALP_SCHEME_RUNS, values, n, &len);
            galp_column col;
            assert_int_equal(galp_open(&col, file, len), GALP_OK);
            galp_vector_info info;
            unsigned by_lane = 0, by_warp = 0, delta = 0, plain = 0;
            for (uint32_t v = 0; v < col.vector_count; v++) {
                assert_int_equal(galp_vector_info_get(&col, v, &info), GALP_OK);
                assert_int_equal(info.scheme, GALP_SCHEME_RUNS);
                assert_true(info.payload_size <= 1024u);
                by_lane += info.exception_count <= 128u;
                by_warp += info.exception_count > 128u;
                delta += info.factor == factors[coding];
                plain += info.factor == 0;
            }
            memset(vectors_seen, 0, sizeof vectors_seen);
            check_file(file, len, values, &seed);
            assert_int_equal(vectors_seen[GALP_SCHEME_RUNS], vectors);
            assert_true(by_lane > 0 && by_warp > 0 && delta > 0 && plain > 0);
            free(file);
        }
    }
    free(values);
}

/* DELTA columns of every type whose lanes ascend, descend or hold still, some across the top
 * or the bottom of the range within a lane (the chain wraps there), and noisy ones: the
 * aggregate sums u32 lanes that never wrap without their values, or as offsets from their
 * start where the steps go both ways (gpu/fastlanes.cuh, scan_staged_delta32), and decodes
 * the others, and either must equal the reference. */
static void test_delta_chains(void **state)
{
    (void)state;
    static const galp_type types[] = {GALP_TYPE_U8, GALP_TYPE_U16, GALP_TYPE_U32, GALP_TYPE_U64};
    const uint64_t n = 24 * GALP_VECTOR_SIZE - 77u;
    uint8_t *values = malloc(n * 8u);
    assert_non_null(values);
    uint64_t seed = 57;
    for (size_t t = 0; t < 4; t++) {
        const unsigned bits = 8u * (unsigned)galp_type_size(types[t]);
        const uint64_t all = bits == 64 ? ~(uint64_t)0 : ((uint64_t)1 << bits) - 1u;
        uint64_t x = 0;
        for (uint64_t i = 0; i < n; i++) {
            const uint64_t v = i / GALP_VECTOR_SIZE, p = i % GALP_VECTOR_SIZE;
            switch (v % 6) {
            case 0: x = p == 0 ? all - 1500u - v : x + 1u + ts_random_below(&seed, 3); break; /* up, wraps */
            case 1: x = p == 0 ? 1500u + v : x - ts_random_below(&seed, 4); break;          /* down, wraps */
            case 2: x = 100u + 7u * p; break;                                                 /* constant step */
            case 3: x = all - 9u * p; break;                                                  /* down from the top */
            case 4: x = (all / 2u) + ts_random_below(&seed, 1000); break;                    /* noise */
            default: x = p == 0 ? ts_random(&seed) : x + (ts_random(&seed) >> 40); break;   /* wide up-steps */
            }
            ts_store_bits(types[t], values, i, x & all);
        }
        size_t len;
        uint8_t *file = ts_compress(types[t], GALP_SCHEME_DELTA, values, n, &len);
        /* packed lane bases (spec/fastlanes.md §2.3), which the upload unpacks (gpu/image.c) */
        assert_int_equal(ts_get_le(file, TS_FLAGS, 4) & GALP_FLAG_PACKED_LANE_BASES, GALP_FLAG_PACKED_LANE_BASES);
        memset(vectors_seen, 0, sizeof vectors_seen);
        check_file(file, len, values, &seed);
        assert_true(vectors_seen[GALP_SCHEME_DELTA] > 0);
        free(file);
    }
    free(values);
}

/* DELTA columns of every type with vectors of every delta width 0 ... W - 1 (a width-W vector
 * is RAW's size, and the encoder stores RAW instead), each ascending (some from the top of
 * the range, so that the chain wraps and the sum wraps mod 2^64), descending or both: the
 * u64 sums take full vectors of widths up to 32 in closed form (gpu/fastlanes.cuh,
 * scan_staged_delta64; 32-bit moments up to 22, 64-bit above) and decode the wider ones, the
 * u32 sums take monotone lanes in closed form; the last vector is partial. */
static void test_delta_widths(void **state)
{
    (void)state;
    static const galp_type types[] = {GALP_TYPE_U8, GALP_TYPE_U16, GALP_TYPE_U32, GALP_TYPE_U64};
    uint64_t seed = 58;
    for (size_t t = 0; t < 4; t++) {
        const unsigned bits = 8u * (unsigned)galp_type_size(types[t]);
        const uint64_t all = bits == 64 ? ~(uint64_t)0 : ((uint64_t)1 << bits) - 1u;
        const uint64_t n = 3u * bits * GALP_VECTOR_SIZE - 77u;
        uint8_t *values = malloc(n * 8u);
        assert_non_null(values);
        uint64_t x = 0;
        for (uint64_t i = 0; i < n; i++) {
            const uint64_t v = i / GALP_VECTOR_SIZE, p = i % GALP_VECTOR_SIZE;
            const unsigned w = (unsigned)(v % bits);
            const uint64_t spread = (uint64_t)1 << w, step = ts_random(&seed) & (spread - 1u);
            if (p == 0)
                x = v % 2u == 0 ? ts_random(&seed) : all - (ts_random(&seed) & 0xffffu);
            else if (v / bits % 3u == 0) /* up: deltas 0 ... 2^w - 1 */
                x += step;
            else if (v / bits % 3u == 1) /* down: deltas -2^w ... -1 */
                x -= step + 1u;
            else /* both ways: deltas -2^(w-1) ... 2^(w-1) - 1, or 0 */
                x += step - spread / 2u;
            ts_store_bits(types[t], values, i, x & all);
        }
        size_t len;
        uint8_t *file = ts_compress(types[t], GALP_SCHEME_DELTA, values, n, &len);
        galp_column col;
        assert_int_equal(galp_open(&col, file, len), GALP_OK);
        galp_vector_info info;
        uint64_t widths = 0; /* bit w: a DELTA vector of width w */
        for (uint32_t v = 0; v < col.vector_count; v++) {
            assert_int_equal(galp_vector_info_get(&col, v, &info), GALP_OK);
            if (info.scheme == GALP_SCHEME_DELTA)
                widths |= (uint64_t)1 << info.bit_width;
        }
        memset(vectors_seen, 0, sizeof vectors_seen);
        check_file(file, len, values, &seed);
        /* every width but W - 1, which a vector may store as RAW for the lane bases' cost */
        const uint64_t below = ((uint64_t)1 << (bits - 1u)) - 1u;
        assert_int_equal(widths & below, below);
        free(file);
        free(values);
    }
}

/* ---- generated columns ------------------------------------------------------------------- */

/* Columns of the structure-aware generator that hold FastLanes vectors, decoded against its
 * own oracle (the values it computed from the spec's formulas) and the reference. */
static void test_generated_columns(void **state)
{
    (void)state;
    uint64_t seed = 54;
    unsigned checked = 0;
    memset(vectors_seen, 0, sizeof vectors_seen);
    for (unsigned i = 0; i < 4000 && checked < 300; i++) {
        uint8_t input[256];
        for (size_t j = 0; j < sizeof input; j++)
            input[j] = (uint8_t)ts_random(&seed);
        byte_source src;
        byte_source_init(&src, input, sizeof input);
        fuzz_column gen;
        fuzz_column_generate(&src, &gen);
        galp_column col;
        assert_int_equal(galp_open(&col, gen.file, gen.buffer_size), GALP_OK);
        bool fastlanes = false;
        galp_vector_info info;
        for (uint32_t v = 0; v < col.vector_count; v++) {
            assert_int_equal(galp_vector_info_get(&col, v, &info), GALP_OK);
            fastlanes |= is_fastlanes(info.scheme);
        }
        if (fastlanes && col.type != GALP_TYPE_STR) {
            check_file(gen.file, gen.buffer_size, gen.values, &seed);
            checked++;
        }
        fuzz_column_free(&gen);
    }
    print_message("generated columns with FastLanes vectors checked on the GPU: %u\n", checked);
    assert_true(checked > 100);
    assert_true(vectors_seen[GALP_SCHEME_DELTA] > 0);
    assert_true(vectors_seen[GALP_SCHEME_RLE] > 0);
    assert_true(vectors_seen[GALP_SCHEME_DICT] > 0);
    assert_true(vectors_seen[GALP_SCHEME_RUNS] > 0);
}

int main(void)
{
    const galp_status st = galp_gpu_available();
    if (st != GALP_OK) {
        printf("SKIP: no usable CUDA device (%s)\n", galp_strerror(st));
        return 77;
    }
    if (cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking) != cudaSuccess) {
        printf("SKIP: cannot create a CUDA stream\n");
        return 77;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_golden_vectors),
        cmocka_unit_test(test_reference_columns),
        cmocka_unit_test(test_long_columns),
        cmocka_unit_test(test_float_dict_columns),
        cmocka_unit_test(test_run_and_code_counts),
        cmocka_unit_test(test_runs_columns),
        cmocka_unit_test(test_runs_partial_vectors),
        cmocka_unit_test(test_runs_delta_columns),
        cmocka_unit_test(test_runs_offset_columns),
        cmocka_unit_test(test_runs_small_vectors),
        cmocka_unit_test(test_patched_ffor_columns),
        cmocka_unit_test(test_delta_chains),
        cmocka_unit_test(test_delta_widths),
        cmocka_unit_test(test_generated_columns),
    };
    const int failed = TS_RUN_TESTS(tests);
    cudaStreamDestroy(stream);
    return failed;
}

#else /* no CUDA */

int main(void)
{
    if (galp_gpu_available() != GALP_ERR_NO_DEVICE) {
        printf("FAIL: a build without CUDA must report GALP_ERR_NO_DEVICE\n");
        return 1;
    }
    printf("SKIP: built without CUDA\n");
    return 77;
}

#endif
