/*
 * test_gpu.c — the CUDA decoder against the reference decoder.
 *
 * Every column is decoded by galp_column_decode on the CPU and by galp_gpu_decompress on the
 * GPU and compared bit for bit; the fused scans (aggregate, range count, exists) are compared
 * with the same computations done on the CPU's decoded values. Columns: synthetic data of
 * every type, every FFOR bit width, every scheme, partial last vectors, exception patterns
 * up to a full f64 lane of 64; the golden vectors (vectors/ in the source tree: the str ones
 * only through the upload and the value-array calls' refusal, test_gpu_str decodes them); the
 * real data under $GALP_DATA_DIR. Invalid files must be refused by the upload with galp_open's
 * status. Range queries use adversarial bounds (stored values and their float neighbours,
 * ±0, ±inf, NaN, reversed ranges) and check that both pushdown plan modes were exercised.
 *
 * Without a GPU the program exits 77 (skip) with the reason; a build without CUDA first
 * checks that every entry point reports GALP_ERR_NO_DEVICE.
 */
#include "config.h"

#include <dirent.h>
#include <math.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "galp.h"
#include "galp_gpu.h"
#include "test_support.h"

#ifdef GALP_HAVE_CUDA

#include <cuda_runtime.h>

#include "galp_internal.h" /* galp_crc32c, to reseal edited files; galp_ffor_get and _pack */
#include "galp_layout.h"   /* galp_exceptions_read */
#include <galp/layout.h>  /* galp_layout_alprd_positions_offset */
#include "kernels.h"
#include "test_gpu_device.h"
#include "value_table.h"      /* galp_gpu_column_table_entries */

#define CUDA_OK(call) assert_int_equal((call), cudaSuccess)

static cudaStream_t stream;
/* G-ALP vectors of range queries whose plan compared packed integers only for some (0) or
 * all (1) of the packed integers 0 ... 2^b - 1 (galp/device/pushdown.cuh) */
static uint64_t plan_kinds_seen[2];
/* Vectors of range queries with a verdict (galp/device/pushdown.cuh, vector_verdict): [0] no match,
 * [1] some, [2] of those, the vectors with exceptions */
static uint64_t verdicts_seen[3];
/* Scan records of range queries (gpu/scan_record.cuh) by kind: packed, counted, general */
static uint64_t records_seen[3];
/* Widths of the packed scan records of range queries: bit b for width b */
static uint64_t packed_widths_seen;
/* Range queries whose scan wrote no plan and no record: columns of constant vectors counted
 * from their value table (gpu/value_table.c) or from their entries alone (gpu/range.cu,
 * constant_range_kernel) */
static uint64_t unplanned_scans_seen;
/* Packed scan records of vectors with more than 32 exceptions (more than a warp's threads,
 * one each) and some matching packed integer, whose fill [1] matches or [0] does not */
static uint64_t packed_fills_seen[2];

static size_t width_of(galp_type type)
{
    return galp_type_size(type);
}

/* 10^d, exact for the d < 23 the tests use. */
static double power_of_ten(unsigned d)
{
    double p = 1.0;
    while (d-- > 0)
        p *= 10.0;
    return p;
}

static int is_float(galp_type type)
{
    return type == GALP_TYPE_F32 || type == GALP_TYPE_F64;
}

/* ---- one column ---------------------------------------------------------------------- */

/* The header flags galp_compress writes (include/galp.h). */
#define COMPRESS_FLAGS \
    (GALP_FLAG_COMPACT_GALP | GALP_FLAG_NARROW_LANE_ENDS | GALP_FLAG_ALPRD_DICT_IN_ENTRY | GALP_FLAG_PACKED_LANE_BASES)

typedef struct checked_column {
    galp_column cpu;
    galp_gpu_column *gpu;
    uint8_t *decoded; /* CPU decode */
} checked_column;

/* One way of decoding a whole column on the GPU into dst (capacity bytes); the caller
 * synchronises the device afterwards. */
typedef galp_status (*gpu_decoder)(checked_column *c, void *dst, size_t capacity, unsigned arg);

/* Decoding on the GPU into a poisoned buffer with a guard zone must give the CPU's bytes and
 * leave the guard untouched. */
static void check_decoded_bytes(checked_column *c, gpu_decoder decode, unsigned arg)
{
    const size_t bytes = c->cpu.value_count * width_of(c->cpu.type);
    const size_t guard = 4096;
    uint8_t *dev = NULL;
    uint8_t *back = malloc(bytes + guard);
    assert_non_null(back);
    CUDA_OK(cudaMalloc((void **)&dev, bytes + guard));
    CUDA_OK(cudaMemset(dev, 0xA5, bytes + guard));
    CUDA_OK(cudaDeviceSynchronize()); /* the poison lands before a decoder on any stream */
    assert_int_equal(decode(c, dev, bytes + guard, arg), GALP_OK);
    CUDA_OK(cudaDeviceSynchronize());
    CUDA_OK(cudaMemcpy(back, dev, bytes + guard, cudaMemcpyDeviceToHost));
    assert_memory_equal(back, c->decoded, bytes);
    for (size_t i = 0; i < guard; i++)
        assert_int_equal(back[bytes + i], 0xA5);
    CUDA_OK(cudaFree(dev));
    free(back);
}

static galp_status library_decode(checked_column *c, void *dst, size_t capacity, unsigned arg)
{
    (void)arg;
    return galp_gpu_decompress(c->gpu, dst, capacity, stream);
}

/* galp_gpu_decompress into a buffer `offset` bytes into a device allocation (aligned to the
 * type, not to 16 bytes, for offset = the type's width), copied to dst afterwards. */
static galp_status library_decode_at_offset(checked_column *c, void *dst, size_t capacity, unsigned offset)
{
    const size_t bytes = c->cpu.value_count * width_of(c->cpu.type);
    uint8_t *buffer = NULL;
    CUDA_OK(cudaMalloc((void **)&buffer, capacity + offset));
    const galp_status st = galp_gpu_decompress(c->gpu, buffer + offset, capacity, stream);
    if (st == GALP_OK) {
        CUDA_OK(cudaStreamSynchronize(stream));
        CUDA_OK(cudaMemcpy(dst, buffer + offset, bytes, cudaMemcpyDeviceToDevice));
    }
    CUDA_OK(cudaFree(buffer));
    return st;
}

/* The device API, as a user's kernel calls it (conformance/test_gpu_device.cu). */
static galp_status device_api_decode(checked_column *c, void *dst, size_t capacity, unsigned per_call)
{
    (void)capacity;
    galp_gpu_view view;
    assert_int_equal(galp_gpu_column_view(c->gpu, &view), GALP_OK);
    return test_device_api_decode(&view, per_call, dst);
}

/* The warp-per-vector visitor (arg: a test_warp_launch), which must also call its function
 * exactly once per value, call no NaN or infinity finite, and return GALP_OK everywhere. */
static galp_status device_api_decode_by_warp(checked_column *c, void *dst, size_t capacity, unsigned how)
{
    (void)capacity;
    galp_gpu_view view;
    uint64_t visits = 0, false_finite = 0;
    galp_status visit_status = GALP_ERR_CUDA;
    assert_int_equal(galp_gpu_column_view(c->gpu, &view), GALP_OK);
    const galp_status st =
        test_device_api_decode_by_warp(&view, (test_warp_launch)how, dst, &visits, &false_finite, &visit_status);
    if (st == GALP_OK) {
        assert_int_equal(visits, c->cpu.value_count);
        assert_int_equal(false_finite, 0);
        assert_int_equal(visit_status, GALP_OK);
    }
    return st;
}

/* A launch with 16 bytes less shared memory than the visitor needs is the caller's error:
 * every call returns GALP_ERR_ARGUMENT and visits nothing, and the kernel ends normally
 * (no trap: the context stays usable for the checks after it). */
static void check_warp_visit_misuse(checked_column *c)
{
    galp_gpu_view view;
    assert_int_equal(galp_gpu_column_view(c->gpu, &view), GALP_OK);
    if (view.vector_count == 0)
        return;
    void *dst = NULL;
    CUDA_OK(cudaMalloc(&dst, c->cpu.value_count * width_of(c->cpu.type)));
    uint64_t visits = 1, false_finite = 1;
    galp_status visit_status = GALP_OK;
    assert_int_equal(test_device_api_decode_by_warp(&view, TEST_WARP_SHORT_TEMP, dst, &visits, &false_finite,
                                                    &visit_status),
                     GALP_OK);
    assert_int_equal(visit_status, GALP_ERR_ARGUMENT);
    assert_int_equal(visits, 0);
    CUDA_OK(cudaFree(dst));
}

static void check_decompress(checked_column *c)
{
    check_decoded_bytes(c, library_decode, 0);
    /* 32- and 64-bit types into a destination that is not 16-byte aligned: the block kernel's
     * store per value (gpu/decompress.cuh) */
    if (width_of(c->cpu.type) >= 4)
        check_decoded_bytes(c, library_decode_at_offset, (unsigned)width_of(c->cpu.type));
    const size_t bytes = c->cpu.value_count * width_of(c->cpu.type);
    if (bytes != 0) {
        uint8_t *dev = NULL;
        CUDA_OK(cudaMalloc((void **)&dev, bytes));
        assert_int_equal(galp_gpu_decompress(c->gpu, dev, bytes - 1, stream), GALP_ERR_DST_TOO_SMALL);
        if (width_of(c->cpu.type) > 1) /* not aligned to the type: refused, nothing written */
            assert_int_equal(galp_gpu_decompress(c->gpu, dev + 1, bytes, stream), GALP_ERR_ARGUMENT);
        CUDA_OK(cudaFree(dev));
    }
}

/* A column with ALP_RD vectors through galp/device/alprd.cuh (arg: by_rows). */
static galp_status device_api_decode_alprd(checked_column *c, void *dst, size_t capacity, unsigned by_rows)
{
    (void)capacity;
    galp_gpu_view view;
    assert_int_equal(galp_gpu_column_view(c->gpu, &view), GALP_OK);
    return test_device_api_decode_alprd(&view, by_rows, dst);
}

/* The view of a column whose image holds ALP_RD vectors says so (include/galp_gpu.h): its
 * values must come out of visit_lane_alprd and the per-row decoders, and the warp visitor,
 * which does not decode them, must refuse it. */
static int check_device_api_alprd(checked_column *c)
{
    galp_gpu_view view;
    assert_int_equal(galp_gpu_column_view(c->gpu, &view), GALP_OK);
    if (view.scheme != GALP_SCHEME_ALP_RD)
        return 0;
    check_decoded_bytes(c, device_api_decode_alprd, 0);
    check_decoded_bytes(c, device_api_decode_alprd, 1);
    uint64_t visits = 0, false_finite = 0;
    galp_status visit_status = GALP_OK;
    assert_int_equal(test_device_api_decode_by_warp(&view, TEST_WARP_PLANNED, NULL, &visits, &false_finite,
                                                    &visit_status),
                     GALP_ERR_BAD_SCHEME);
    return 1;
}

/* lane_decoder with 1, 2, 4, 8 and 32 rows per call, visit_lane (0) and, for 32- and 64-bit
 * types, visit_vectors_by_warp in both grids must give the reference's bytes. */
/* lane_decoder with 1 ... 32 rows per call, and visit_lane (0). */
static void check_lane_decoder(checked_column *c)
{
    const unsigned per_call[] = {0, 1, 2, 4, 8, 32};
    for (size_t i = 0; i < sizeof per_call / sizeof per_call[0]; i++)
        if (per_call[i] <= 8u * width_of(c->cpu.type)) /* no more rows per call than a lane has */
            check_decoded_bytes(c, device_api_decode, per_call[i]);
}

static void check_device_api(checked_column *c)
{
    if (check_device_api_alprd(c))
        return;
    check_lane_decoder(c);
    if (width_of(c->cpu.type) >= 4) {
        check_decoded_bytes(c, device_api_decode_by_warp, TEST_WARP_PLANNED);
        check_decoded_bytes(c, device_api_decode_by_warp, TEST_WARP_SMALL_GRID);
        check_warp_visit_misuse(c);
    }
}

static void check_aggregate(checked_column *c)
{
    galp_gpu_aggregate *dev = NULL, got;
    CUDA_OK(cudaMalloc((void **)&dev, sizeof *dev));
    assert_int_equal(galp_gpu_aggregate_column(c->gpu, dev, stream), GALP_OK);
    CUDA_OK(cudaMemcpyAsync(&got, dev, sizeof got, cudaMemcpyDeviceToHost, stream));
    CUDA_OK(cudaStreamSynchronize(stream));
    CUDA_OK(cudaFree(dev));
    ts_check_aggregate(c->cpu.type, c->decoded, c->cpu.value_count, &got);
}

/* The device buffers of range queries: the plans' scratch space and the results. */
typedef struct range_buffers {
    void *temp;
    size_t temp_size;
    uint64_t *count;
    uint32_t *found;
} range_buffers;

static void range_buffers_alloc(checked_column *c, range_buffers *r)
{
    r->temp = NULL;
    r->temp_size = galp_gpu_range_temp_size(c->gpu);
    if (r->temp_size != 0)
        CUDA_OK(cudaMalloc(&r->temp, r->temp_size + 16));
    CUDA_OK(cudaMalloc((void **)&r->count, sizeof *r->count));
    CUDA_OK(cudaMalloc((void **)&r->found, sizeof *r->found));
}

static void range_buffers_free(range_buffers *r)
{
    if (r->temp != NULL)
        CUDA_OK(cudaFree(r->temp));
    CUDA_OK(cudaFree(r->count));
    CUDA_OK(cudaFree(r->found));
}

/* The fill of a G-ALP or ALP-layout vector of a file with header `flags` (gpu/kernels.h): the
 * packed integer of its lowest-index slot that is not an exception, 0 when every slot is one. */
static uint64_t vector_fill(const uint8_t *file, uint32_t flags, galp_scheme scheme, unsigned w,
                            const galp_vector_info *info)
{
    const unsigned b = info->bit_width, c = info->exception_count;
    uint16_t positions[1024];
    uint64_t stored[1024];
    galp_reader payload = galp_reader_of(file + info->payload_offset, info->payload_size);
    galp_exceptions_read(scheme, flags, w, b, c, &payload, positions, stored);
    unsigned first = 0;
    while (first < c && positions[first] == first)
        first++;
    return first < info->value_count ? galp_ffor_get(w, b, 0, &payload, first) : 0;
}

/* Vector v's payload_offset in c's device image (spec/format.md §3.3: bytes 0-7 of its entry):
 * the upload moves payloads where it rewrites them (narrow lane ends widened, ALP vectors
 * regrouped; gpu/image.c). */
static uint64_t image_payload_offset(checked_column *c, uint32_t v)
{
    galp_gpu_view view;
    assert_int_equal(galp_gpu_column_view(c->gpu, &view), GALP_OK);
    uint8_t bytes[8];
    CUDA_OK(cudaMemcpy(bytes, view.data + 64 + 32 * (size_t)v, sizeof bytes, cudaMemcpyDeviceToHost));
    uint64_t offset = 0;
    for (unsigned i = 0; i < 8; i++)
        offset |= (uint64_t)bytes[i] << (8 * i);
    return offset;
}

/* The plans and scan records of the last query lo <= x <= hi (gpu/kernels.h), whose scratch
 * buffer was filled with ones before it: tallied by plan_kinds_seen, verdicts_seen and
 * records_seen, or by unplanned_scans_seen when the scan wrote nothing (a column of constant
 * G-ALP vectors, which must be one). Otherwise either every record was written (a scan by
 * records, gpu/range.cu) or none (every plan was). A counted record's count must equal its vector's by decode-then-compare;
 * a packed record must be a full vector of the width and exception count of its entry, at
 * most 32 bits wide, at its payload in the image (in a G-ALP-layout file); the plan of a general record (or of every vector, in a column scanned without
 * records) is tallied by the packed integers it covers. */
static void record_plan_kinds(checked_column *c, const range_buffers *r, uint64_t lo, uint64_t hi)
{
    const galp_type type = c->cpu.type;
    const uint32_t nv = (uint32_t)(r->temp_size / (sizeof(galp_gpu_range_plan) + sizeof(galp_gpu_scan_record)));
    assert_int_equal(nv, c->cpu.vector_count);
    galp_gpu_range_plan *plans = malloc(r->temp_size);
    assert_non_null(plans);
    CUDA_OK(cudaMemcpyAsync(plans, r->temp, r->temp_size, cudaMemcpyDeviceToHost, stream));
    CUDA_OK(cudaStreamSynchronize(stream));
    const galp_gpu_scan_record *records = (const galp_gpu_scan_record *)(plans + nv);
    const uint8_t *bytes = (const uint8_t *)plans;
    size_t untouched = 0;
    while (untouched < r->temp_size && bytes[untouched] == 0xff)
        untouched++;
    if (untouched == r->temp_size) { /* only a column of constant vectors is counted so */
        for (uint32_t v = 0; v < nv; v++) {
            galp_vector_info info;
            assert_int_equal(galp_vector_info_get(&c->cpu, v, &info), GALP_OK);
            assert_true(info.scheme == GALP_SCHEME_GALP || info.scheme == GALP_SCHEME_ALP); /* G-ALP once uploaded */
            assert_int_equal(info.bit_width, 0);
        }
        unplanned_scans_seen++;
        free(plans);
        return;
    }
    const int by_record = records[0].kind != UINT32_MAX;
    for (uint32_t v = 0; v < nv; v++) {
        galp_vector_info info;
        assert_int_equal(galp_vector_info_get(&c->cpu, v, &info), GALP_OK);
        const uint64_t max_p = info.bit_width == 64 ? ~(uint64_t)0 : ((uint64_t)1 << info.bit_width) - 1;
        if (!by_record) {
            assert_int_equal(records[v].kind, UINT32_MAX);
            plan_kinds_seen[plans[v].safe_lo == 0 && plans[v].safe_hi == max_p] += info.scheme != GALP_SCHEME_RAW;
            continue;
        }
        const unsigned kind = records[v].kind >> 30;
        assert_true(kind <= 2);
        records_seen[kind]++;
        if (kind == 0) { /* packed */
            assert_int_equal(records[v].kind & 0xffu, info.bit_width);
            assert_int_equal(records[v].kind >> 8 & 0x7ffu, info.exception_count);
            if (info.exception_count > 32 && !(records[v].kind >> 29 & 1)) {
                const uint64_t fill = vector_fill(c->cpu.data, c->cpu.flags, c->cpu.scheme, galp_type_bits(type), &info);
                packed_fills_seen[fill - records[v].lo_or_count <= records[v].span]++;
            }
            assert_true(info.bit_width <= 32 && info.value_count == 1024);
            packed_widths_seen |= (uint64_t)1 << info.bit_width;
            if (c->cpu.scheme == GALP_SCHEME_GALP)
                assert_int_equal((uint64_t)records[v].payload_16 * 16, image_payload_offset(c, v));
            plan_kinds_seen[1]++;
            continue;
        }
        if (kind == 1) { /* counted: a verdict */
            uint32_t matches = 0;
            for (uint64_t i = (uint64_t)v * 1024; i < c->cpu.value_count && i < (uint64_t)(v + 1) * 1024; i++)
                matches += ts_in_range(type, ts_bits_at(type, c->decoded, i), lo, hi);
            assert_int_equal(records[v].lo_or_count, matches);
            verdicts_seen[matches != 0]++;
            verdicts_seen[2] += info.exception_count != 0;
            plan_kinds_seen[1]++;
            continue;
        }
        plan_kinds_seen[plans[v].safe_lo == 0 && plans[v].safe_hi == max_p]++; /* general: G-ALP */
    }
    free(plans);
}

/* alprd_lane_match's masks for [lo, hi] against decode-then-compare, bit by bit: bit i of
 * lane l of vector v is slot v·1024 + i·L + l, set iff that value is in range, clear past the
 * column's values. */
static void check_match_alprd(checked_column *c, const galp_gpu_view *view, uint64_t lo, uint64_t hi)
{
    const galp_type type = c->cpu.type;
    const unsigned w = galp_type_bits(type), lanes = 1024u / w;
    const uint64_t n = c->cpu.value_count, count = (uint64_t)view->vector_count * lanes;
    uint64_t *dev = NULL, *masks = malloc(count * sizeof *masks + 1);
    assert_non_null(masks);
    CUDA_OK(cudaMalloc((void **)&dev, count * sizeof *dev + 1));
    CUDA_OK(cudaMemset(dev, 0xa5, count * sizeof *dev));
    assert_int_equal(test_device_api_match_alprd(view, lo, hi, dev), GALP_OK);
    CUDA_OK(cudaMemcpy(masks, dev, count * sizeof *masks, cudaMemcpyDeviceToHost));
    for (uint64_t t = 0; t < count; t++) {
        const uint64_t first = t / lanes * 1024u + t % lanes;
        for (unsigned row = 0; row < w; row++) {
            const uint64_t i = first + (uint64_t)row * lanes;
            const int expect = i < n && ts_in_range(type, ts_bits_at(type, c->decoded, i), lo, hi);
            const int got = (int)(masks[t] >> row & 1u);
            if (got != expect)
                print_error("alprd_lane_match type %d lo %016llx hi %016llx: value %llu: gpu %d cpu %d\n", (int)type,
                            (unsigned long long)lo, (unsigned long long)hi, (unsigned long long)i, got, expect);
            assert_int_equal(got, expect);
        }
        if (w == 32) /* a float32 lane's mask has 32 bits */
            assert_int_equal(masks[t] >> 32, 0);
    }
    CUDA_OK(cudaFree(dev));
    free(masks);
}

/* One range query against decode-then-compare; records the plan modes it used. */
static void check_range(checked_column *c, uint64_t lo, uint64_t hi, const range_buffers *r)
{
    void *temp = r->temp;
    const size_t temp_size = r->temp_size;
    uint64_t *dev_count = r->count;
    uint32_t *dev_found = r->found;
    const galp_type type = c->cpu.type;
    uint64_t expect = 0;
    for (uint64_t i = 0; i < c->cpu.value_count; i++)
        expect += ts_in_range(type, ts_bits_at(type, c->decoded, i), lo, hi);
    uint8_t lo_v[8], hi_v[8];
    memcpy(lo_v, &lo, 8);
    memcpy(hi_v, &hi, 8);

    uint64_t got = 0;
    if (temp_size != 0) /* record_plan_kinds tells what the scan wrote */
        CUDA_OK(cudaMemsetAsync(temp, 0xff, temp_size, stream));
    /* the call sets the result to 0 itself (a memset, or the plan kernel) */
    CUDA_OK(cudaMemsetAsync(dev_count, 0xa5, sizeof *dev_count, stream));
    CUDA_OK(cudaMemsetAsync(dev_found, 0xa5, sizeof *dev_found, stream));
    assert_int_equal(galp_gpu_count_range(c->gpu, lo_v, hi_v, temp, temp_size, dev_count, stream),
                     GALP_OK);
    CUDA_OK(cudaMemcpyAsync(&got, dev_count, sizeof got, cudaMemcpyDeviceToHost, stream));
    CUDA_OK(cudaStreamSynchronize(stream));
    if (got != expect)
        print_error("count_range type %d lo %016llx hi %016llx: gpu %llu cpu %llu\n", (int)type,
                    (unsigned long long)lo, (unsigned long long)hi, (unsigned long long)got,
                    (unsigned long long)expect);
    assert_int_equal(got, expect);

    if (temp_size != 0)
        record_plan_kinds(c, r, lo, hi);
    if (is_float(type)) { /* the device API's own plans (plan_vector), as a user's kernel makes them */
        galp_gpu_view view;
        uint64_t by_device_api = ~expect;
        assert_int_equal(galp_gpu_column_view(c->gpu, &view), GALP_OK);
        assert_int_equal(view.scheme == GALP_SCHEME_ALP_RD ? test_device_api_count_range_alprd(&view, lo, hi, dev_count)
                                                           : test_device_api_count_range(&view, lo, hi, dev_count),
                         GALP_OK);
        CUDA_OK(cudaMemcpy(&by_device_api, dev_count, sizeof by_device_api, cudaMemcpyDeviceToHost));
        assert_int_equal(by_device_api, expect);
        if (view.scheme == GALP_SCHEME_ALP_RD)
            check_match_alprd(c, &view, lo, hi);
    }

    if (lo == hi) { /* exists(x) is count_range(x, x) > 0 */
        uint32_t found = 7;
        assert_int_equal(galp_gpu_exists(c->gpu, lo_v, temp, temp_size, dev_found, stream), GALP_OK);
        CUDA_OK(cudaMemcpyAsync(&found, dev_found, sizeof found, cudaMemcpyDeviceToHost, stream));
        CUDA_OK(cudaStreamSynchronize(stream));
        assert_int_equal(found, expect != 0);
    }
}

/* Value just above / below (floats: the IEEE neighbour toward ±inf; integers: ±1). */
static uint64_t neighbour(galp_type type, uint64_t x, int up)
{
    if (type == GALP_TYPE_F64)
        return ts_f64_bits(nextafter(ts_as_f64(x), up ? INFINITY : -INFINITY));
    if (type == GALP_TYPE_F32)
        return ts_f32_bits(nextafterf(ts_as_f32(x), up ? INFINITY : -INFINITY));
    uint64_t mask = width_of(type) == 8 ? ~(uint64_t)0 : ((uint64_t)1 << (8 * width_of(type))) - 1;
    return (up ? x + 1 : x - 1) & mask;
}

static void check_ranges(checked_column *c, uint64_t *seed, int queries)
{
    const galp_type type = c->cpu.type;
    const uint64_t n = c->cpu.value_count;
    range_buffers r;
    range_buffers_alloc(c, &r);
    if (r.temp_size != 0) {
        uint64_t one = 1;
        assert_int_equal(galp_gpu_count_range(c->gpu, &one, &one, r.temp, r.temp_size - 1, r.count,
                                              stream),
                         GALP_ERR_ARGUMENT);
        /* large enough but not 16-byte aligned (include/galp_gpu.h) */
        assert_int_equal(galp_gpu_count_range(c->gpu, &one, &one, (char *)r.temp + 8, r.temp_size,
                                              r.count, stream),
                         GALP_ERR_ARGUMENT);
    }

    if (is_float(type)) {
        const int f64 = type == GALP_TYPE_F64;
        const uint64_t specials[] = {
            f64 ? ts_f64_bits(0.0) : ts_f32_bits(0.0f),          f64 ? ts_f64_bits(-0.0) : ts_f32_bits(-0.0f),
            f64 ? ts_f64_bits(INFINITY) : ts_f32_bits(INFINITY), f64 ? ts_f64_bits(-INFINITY) : ts_f32_bits(-INFINITY),
            f64 ? ts_f64_bits(NAN) : ts_f32_bits(NAN),           f64 ? ts_f64_bits(1.5) : ts_f32_bits(1.5f),
        };
        const size_t ns = sizeof specials / sizeof specials[0];
        for (size_t i = 0; i < ns; i++)
            for (size_t j = 0; j < ns; j++)
                check_range(c, specials[i], specials[j], &r);
    }
    for (int q = 0; q < queries && n != 0; q++) {
        uint64_t a = ts_bits_at(type, c->decoded, ts_random_below(seed, n));
        uint64_t b = ts_bits_at(type, c->decoded, ts_random_below(seed, n));
        if (ts_value_below(type, b, a)) {
            uint64_t t = a;
            a = b;
            b = t;
        }
        check_range(c, a, a, &r);
        check_range(c, a, b, &r);
        check_range(c, b, a, &r);
        check_range(c, neighbour(type, a, 1), neighbour(type, b, 0), &r);
        check_range(c, neighbour(type, a, 0), neighbour(type, a, 1), &r);
        check_range(c, neighbour(type, a, 1), neighbour(type, a, 1), &r);
    }
    range_buffers_free(&r);
}

/* A valid file opened on the CPU, decoded there and uploaded. */
static void checked_open(checked_column *c, const uint8_t *file, size_t len)
{
    assert_int_equal(galp_open(&c->cpu, file, len), GALP_OK);
    size_t bytes = c->cpu.value_count * width_of(c->cpu.type);
    c->decoded = malloc(bytes + 1);
    assert_non_null(c->decoded);
    assert_int_equal(galp_column_decode(&c->cpu, c->decoded, bytes), GALP_OK);
    assert_int_equal(galp_gpu_column_upload_opened(&c->cpu, &c->gpu), GALP_OK);
}

static void checked_close(checked_column *c)
{
    galp_gpu_column_free(c->gpu);
    free(c->decoded);
}

/* The n values compressed with `scheme` (*len bytes, returned; c borrows them), opened as c,
 * with range buffers r: a column a test builds and then queries. */
static uint8_t *open_for_ranges(galp_type type, galp_scheme scheme, const void *values, uint64_t n, size_t *len,
                                checked_column *c, range_buffers *r)
{
    uint8_t *file = ts_compress(type, scheme, values, n, len);
    checked_open(c, file, *len);
    range_buffers_alloc(c, r);
    return file;
}

/* The vector schemes of the column's device image (include/galp_gpu.h, vector_schemes): each
 * vector's own, ALP vectors becoming G-ALP; tile schemes are held RAW. */
static uint32_t image_vector_schemes(const galp_column *col)
{
    uint32_t schemes = 0;
    galp_vector_info info;
    for (uint32_t v = 0; v < col->vector_count; v++) {
        assert_int_equal(galp_vector_info_get(col, v, &info), GALP_OK);
        galp_scheme s = info.scheme == GALP_SCHEME_ALP ? GALP_SCHEME_GALP : info.scheme;
        if (s == GALP_SCHEME_GPU_FOR || s == GALP_SCHEME_GPU_DFOR || s == GALP_SCHEME_GPU_RFOR)
            s = GALP_SCHEME_RAW;
        schemes |= 1u << s;
        if (s == GALP_SCHEME_FFOR && info.exception_count > 0) /* spec/ffor.md §8 */
            schemes |= GALP_GPU_PATCHED_FFOR;
    }
    return schemes;
}

/* A column with FastLanes DELTA, RLE, DICT or RUNS vectors, which the device API decodes with their
 * own lane decoders (conformance/test_gpu_fastlanes.c): the warp visitor must refuse it rather
 * than decode those vectors as FFOR. */
static void check_visitor_refuses(checked_column *c)
{
    galp_gpu_view view;
    assert_int_equal(galp_gpu_column_view(c->gpu, &view), GALP_OK);
    uint64_t visits = 0, false_finite = 0;
    galp_status visit_status = GALP_OK;
    assert_int_equal(test_device_api_decode_by_warp(&view, TEST_WARP_PLANNED, NULL, &visits, &false_finite,
                                                    &visit_status),
                     GALP_ERR_BAD_SCHEME);
}

/* Everything for one valid file. */
/* queries: random range queries (0: none, and no special-value queries either). */
static void check_file(const uint8_t *file, size_t len, uint64_t *seed, int queries)
{
    checked_column c;
    checked_open(&c, file, len);

    galp_gpu_view view;
    assert_int_equal(galp_gpu_column_view(c.gpu, &view), GALP_OK);
    assert_int_equal(view.value_count, c.cpu.value_count);
    assert_int_equal(view.type, c.cpu.type);
    assert_true(view.scheme != GALP_SCHEME_ALP);

    assert_int_equal(view.vector_schemes, image_vector_schemes(&c.cpu));

    check_decompress(&c);
    const uint32_t fastlanes = (1u << GALP_SCHEME_DELTA) | (1u << GALP_SCHEME_RLE) | (1u << GALP_SCHEME_DICT) |
                               (1u << GALP_SCHEME_RUNS);
    if (view.vector_schemes & fastlanes) {
        if (galp_type_size(view.type) >= 4) /* the warp visitor takes 32- and 64-bit types */
            check_visitor_refuses(&c);
    } else if (view.vector_schemes & GALP_GPU_PATCHED_FFOR) {
        /* patched FFOR vectors (spec/ffor.md §8): lane_decoder and visit_lane add the patches,
         * the warp visitor refuses the column */
        check_lane_decoder(&c);
        if (galp_type_size(view.type) >= 4)
            check_visitor_refuses(&c);
    } else /* lane_decoder and the visitors: RAW, FFOR, G-ALP; visit_lane_alprd for ALP_RD */
        check_device_api(&c);
    check_aggregate(&c);
    if (queries != 0)
        check_ranges(&c, seed, queries);
    checked_close(&c);
}

static void check_values_queries(galp_type type, galp_scheme scheme, const void *values,
                                 uint64_t n, uint64_t *seed, int queries)
{
    size_t len = 0;
    uint8_t *file = ts_compress(type, scheme, values, n, &len);
    check_file(file, len, seed, queries);
    free(file);
}

static void check_values(galp_type type, galp_scheme scheme, const void *values, uint64_t n,
                         uint64_t *seed)
{
    check_values_queries(type, scheme, values, n, seed, 12);
}

/* ---- synthetic data ------------------------------------------------------------------ */

/* Patched FFOR vectors (spec/ffor.md §8): small values with a few of the type's largest (one
 * vector in three patched at every 97th slot, one at slots 0 and 1023, one without) and a
 * partial last vector patched at its last value; decoded, summed and scanned bit for bit as
 * the reference does. */
static void test_patched_ffor_columns(void **state)
{
    (void)state;
    enum { n = 6 * GALP_VECTOR_SIZE + 700 };
    static uint8_t bytes[n * 8];
    uint64_t seed = 29;
    for (unsigned t = 0; t < 4; t++) {
        const galp_type type = (galp_type)(GALP_TYPE_U8 + t);
        const unsigned size = (unsigned)galp_type_size(type);
        const uint64_t largest = size == 8 ? UINT64_MAX : ((uint64_t)1 << (8 * size)) - 1u;
        for (uint32_t i = 0; i < n; i++) {
            const uint32_t v = i / GALP_VECTOR_SIZE, slot = i % GALP_VECTOR_SIZE;
            const bool outlier = (v % 3 == 0 && slot % 97 == 5) ||
                                 (v % 3 == 1 && (slot == 0 || slot == GALP_VECTOR_SIZE - 1)) || i == n - 1;
            ts_put_le(bytes, (size_t)i * size, size, outlier ? largest - slot : 7 + ts_random_below(&seed, 16));
        }
        size_t len = 0;
        uint8_t *file =
            ts_compress_ex(type, GALP_SCHEME_FFOR, TS_COMPRESS_FLAGS | GALP_FLAG_PATCHED_FFOR, bytes, n, &len);
        assert_int_equal(ts_get_le(file, TS_FLAGS, 4) & GALP_FLAG_PATCHED_FFOR, GALP_FLAG_PATCHED_FFOR);
        check_file(file, len, &seed, 12);
        free(file);
        file = ts_compress(type, GALP_SCHEME_AUTO, bytes, n, &len);
        check_file(file, len, &seed, 12);
        free(file);
    }
}

/* Integers: vector v has bit width v mod (W + 1) exactly (its base and base + 2^b - 1 occur),
 * so every width 0 ... W appears; the last vector is partial. */
static void test_integers_every_width(void **state)
{
    (void)state;
    const galp_type types[] = {GALP_TYPE_U8, GALP_TYPE_U16, GALP_TYPE_U32, GALP_TYPE_U64};
    uint64_t seed = 11;
    for (size_t t = 0; t < 4; t++) {
        const galp_type type = types[t];
        const unsigned w = 8u * (unsigned)width_of(type);
        const uint64_t wmask = w == 64 ? ~(uint64_t)0 : ((uint64_t)1 << w) - 1;
        const uint64_t n = (uint64_t)(w + 1) * 1024 + 517;
        uint8_t *values = malloc(n * width_of(type));
        assert_non_null(values);
        for (uint64_t i = 0; i < n; i++) {
            unsigned b = (unsigned)((i / 1024) % (w + 1));
            uint64_t mask = b == 64 ? ~(uint64_t)0 : ((uint64_t)1 << b) - 1;
            uint64_t vseed = i / 1024 * 7919 + 1; /* one base per vector */
            uint64_t base = ts_random(&vseed) & wmask;
            uint64_t off = ts_random(&seed) & mask;
            if (i % 1024 == 3)
                off = 0;
            if (i % 1024 == 700)
                off = mask;
            ts_store_bits(type, values, i, (base + off) & wmask);
        }
        check_values(type, GALP_SCHEME_FFOR, values, n, &seed);
        check_values(type, GALP_SCHEME_RAW, values, n, &seed);
        check_values(type, GALP_SCHEME_FFOR, values, 1, &seed);
        check_values(type, GALP_SCHEME_FFOR, values, 0, &seed);
        free(values);
    }
}

/* Floats: decimals of varying precision per vector with scattered specials (NaN, ±0, ±inf,
 * subnormals, non-decimal values), a vector whose lane 5 is all exceptions (64 in f64), a
 * vector of big integers whose packed range can wrap (decode-then-compare plans), and a
 * partial last vector. */
static void fill_floats(galp_type type, uint8_t *values, uint64_t n, uint64_t *seed)
{
    const int f64 = type == GALP_TYPE_F64;
    const unsigned lanes = f64 ? 16 : 32;
    for (uint64_t i = 0; i < n; i++) {
        const uint64_t v = i / 1024, slot = i % 1024;
        const unsigned digits = (unsigned)(v % (f64 ? 7 : 5));
        const double scale = power_of_ten(digits);
        int64_t k = (int64_t)ts_random_below(seed, 200001) - 100000;
        double x = (double)k / scale;
        if (v % 9 == 4) /* big integers, up to 2^62: b near 62, wrap possible */
            x = (double)(int64_t)(ts_random(seed) >> (f64 ? 2 : 34)) * 4.0;
        if (f64 && v % 9 == 7) /* decimals of about 40 bits: wide, products exact in double */
            x = (double)(int64_t)(ts_random(seed) >> 24) / scale;
        if (v % 9 == 2 && slot % lanes == 5) /* a full lane of exceptions */
            x = f64 ? ts_as_f64(ts_random(seed) | 0x7ff0000000000001ull) : NAN;
        switch (ts_random_below(seed, 97)) {
        case 0: x = NAN; break;
        case 1: x = -0.0; break;
        case 2: x = 0.0; break;
        case 3: x = INFINITY; break;
        case 4: x = -INFINITY; break;
        case 5: x = f64 ? 4.9e-324 : 1e-45; break;
        case 6: x = 1.0 / 3.0; break;
        default: break;
        }
        ts_store_bits(type, values, i, ts_float_bits(type, x));
    }
}

static void test_floats_every_scheme(void **state)
{
    (void)state;
    const galp_type types[] = {GALP_TYPE_F32, GALP_TYPE_F64};
    const galp_scheme schemes[] = {GALP_SCHEME_GALP, GALP_SCHEME_ALP, GALP_SCHEME_RAW};
    uint64_t seed = 5;
    memset(plan_kinds_seen, 0, sizeof plan_kinds_seen);
    for (size_t t = 0; t < 2; t++) {
        const uint64_t n = 37 * 1024 + 333;
        uint8_t *values = malloc(n * 8);
        assert_non_null(values);
        fill_floats(types[t], values, n, &seed);
        for (size_t s = 0; s < 3; s++) {
            check_values(types[t], schemes[s], values, n, &seed);
            check_values(types[t], schemes[s], values, 1000, &seed);
        }
        check_values(types[t], GALP_SCHEME_GALP, values, 0, &seed);
        free(values);
    }
    /* Encoders write vectors whose whole packed range is safe (test_partly_safe_vectors
     * makes the others). */
    assert_true(plan_kinds_seen[1] > 0);
}

/* ALP_RD vectors (spec/alprd.md), which the upload keeps in their layout (gpu/image.c):
 * high-precision floats with special values and a partial last vector, as an ALP_RD column
 * and, under AUTO, as a G-ALP column beside vectors of decimals. */
static void test_floats_alprd(void **state)
{
    (void)state;
    const galp_type types[] = {GALP_TYPE_F32, GALP_TYPE_F64};
    uint64_t seed = 36;
    for (size_t t = 0; t < 2; t++) {
        const uint64_t n = 5 * 1024 + 700, decimals = 2 * 1024;
        uint8_t *values = malloc(n * 8);
        assert_non_null(values);
        fill_floats(types[t], values, decimals, &seed);
        for (uint64_t i = decimals; i < n; i++) {
            const double x = 1.0 + (double)ts_random_below(&seed, 1u << 30) / (double)(1u << 30);
            ts_store_bits(types[t], values, i, ts_float_bits(types[t], x));
        }
        ts_store_bits(types[t], values, decimals + 3, ts_float_bits(types[t], NAN));
        ts_store_bits(types[t], values, n - 1, ts_float_bits(types[t], -INFINITY));
        check_values(types[t], GALP_SCHEME_AUTO, values, n, &seed);
        check_values(types[t], GALP_SCHEME_ALP_RD, values + decimals * galp_type_size(types[t]),
                     n - decimals, &seed);
        free(values);
    }
}

/* Lanes of vector v of a valid file that have an ALP_RD exception; -1 if v is not ALP_RD. */
static int alprd_lanes_with_exceptions(const galp_column *col, uint32_t v)
{
    galp_vector_info info;
    assert_int_equal(galp_vector_info_get(col, v, &info), GALP_OK);
    if (info.scheme != GALP_SCHEME_ALP_RD)
        return -1;
    const unsigned w = galp_type_bits(col->type), lanes = 1024u / w;
    const uint8_t *positions = col->data + info.payload_offset +
                               galp_layout_alprd_positions_offset(w, info.bit_width, info.exponent, info.exception_count,
                                                                  col->flags);
    uint64_t seen = 0;
    for (uint32_t j = 0; j < info.exception_count; j++)
        seen |= (uint64_t)1 << ((positions[2 * j] | positions[2 * j + 1] << 8) % lanes);
    return __builtin_popcountll(seen);
}

/* Columns of every vector kind a column with ALP_RD vectors holds, checked on the GPU (the
 * kernels of gpu/alprd.cu and the device API of galp/device/alprd.cuh): vector 0 decimals
 * of four digits (G-ALP), 1 values 1 + u with every mantissa bit random (ALP_RD without exceptions: one
 * left part), 2 the same with slot l of each lane l scaled by 2^(l+1) (ALP_RD with an
 * exception in every lane), 3 random bit patterns (RAW), 4 decimals with specials (G-ALP with
 * exceptions), 5 a partial vector like 2. Under AUTO, as an ALP_RD column and converted to the
 * ALP layout; the AUTO file is checked to hold G-ALP, RAW, and ALP_RD vectors without
 * exceptions and with one in every lane. */
static void test_floats_alprd_kinds(void **state)
{
    (void)state;
    const galp_type types[] = {GALP_TYPE_F32, GALP_TYPE_F64};
    uint64_t seed = 37;
    for (size_t t = 0; t < 2; t++) {
        const galp_type type = types[t];
        const int f64 = type == GALP_TYPE_F64;
        const unsigned lanes = f64 ? 16 : 32, mantissa = f64 ? 52 : 23;
        const uint64_t n = 5 * 1024 + 500;
        uint8_t *values = malloc(n * 8);
        assert_non_null(values);
        fill_floats(type, values, n, &seed);
        for (uint64_t i = 0; i < n; i++) {
            const uint64_t v = i / 1024, slot = i % 1024;
            const uint64_t u = ts_random(&seed) & (((uint64_t)1 << mantissa) - 1u);
            const uint64_t one = f64 ? 0x3ff0000000000000u : 0x3f800000u;
            if (v == 1 || v == 2 || v == 5)
                ts_store_bits(type, values, i, (one + ((slot < lanes && v != 1 ? slot + 1 : 0) << mantissa)) | u);
            else if (v == 3)
                ts_store_bits(type, values, i, ts_random(&seed));
            else if (v == 0)
                ts_store_bits(type, values, i, ts_float_bits(type, (double)ts_random_below(&seed, 1000) / 10.0));
        }
        size_t len = 0, alp_len = 0;
        uint8_t *file = ts_compress(type, GALP_SCHEME_AUTO, values, n, &len);
        galp_column col;
        assert_int_equal(galp_open(&col, file, len), GALP_OK);
        /* AUTO chooses each vector's scheme (spec/alprd.md §6.1), so the kinds are counted
         * over the file, not expected at fixed vectors. */
        galp_vector_info info;
        unsigned galp_vectors = 0, raw_vectors = 0, alprd_clean = 0, alprd_every_lane = 0;
        for (uint32_t v = 0; v < col.vector_count; v++) {
            assert_int_equal(galp_vector_info_get(&col, v, &info), GALP_OK);
            galp_vectors += info.scheme == GALP_SCHEME_GALP;
            raw_vectors += info.scheme == GALP_SCHEME_RAW;
            alprd_clean += alprd_lanes_with_exceptions(&col, v) == 0;
            alprd_every_lane += alprd_lanes_with_exceptions(&col, v) == (int)lanes;
        }
        assert_true(galp_vectors > 0 && raw_vectors > 0 && alprd_clean > 0 && alprd_every_lane > 0);
        galp_gpu_column *gpu = NULL; /* kept in their layout: the view says so, no plans */
        galp_gpu_view view;
        assert_int_equal(galp_gpu_column_upload(file, len, &gpu), GALP_OK);
        assert_int_equal(galp_gpu_column_view(gpu, &view), GALP_OK);
        assert_int_equal(view.scheme, GALP_SCHEME_ALP_RD);
        assert_int_equal(galp_gpu_range_temp_size(gpu), 0);
        galp_gpu_column_free(gpu);
        check_file(file, len, &seed, 12);
        uint8_t *alp = malloc(len);
        assert_non_null(alp);
        assert_int_equal(galp_convert_scheme(file, len, GALP_SCHEME_ALP, alp, len, &alp_len), GALP_OK);
        check_file(alp, alp_len, &seed, 12);
        free(alp);
        free(file);
        check_values(type, GALP_SCHEME_ALP_RD, values, n, &seed);
        free(values);
    }
}

/* Values for ALP_RD vectors of every right part width and dictionary size: vector v's left
 * parts (its top d = 1 + v mod 16 bits) take D = 1 + (v div 16) mod 8 values, spread in their
 * high bits so that fewer bits do not merge them (the encoder then cuts at r = W - d, or
 * near it), with the even pattern 1010... in their d - 3 low bits, so that a float32 entry of
 * more than 8 bits has bits set in both of its bytes (alprd_byte_dictionary looks the two up
 * apart), the other bits random. Where d >= 5 and v is even, the last slot below m of lanes
 * l = 0, 3, 7 mod 8, rows 1, 6, 11, ..., 31, ... of lanes 3 mod 8 and row 32 of lanes 4 mod 8
 * (the ends of the halves of a float64 lane, and lanes with several exceptions in both), and
 * 2, 3 and 4 rows of lanes 1, 6 and 5 mod 8 (a float32 lane holds up to 4 in registers,
 * alprd_f32_full_lane) take distinct odd left parts: exceptions at lane ends. The last vector,
 * partial (m < 1024), has d = 9, D = 3 and exceptions. */
static void fill_alprd_shapes(galp_type type, uint8_t *values, uint64_t n, uint64_t *seed)
{
    const unsigned w = galp_type_bits(type), lanes = 1024u / w;
    const uint64_t all = w == 64 ? ~(uint64_t)0 : ((uint64_t)1 << w) - 1u;
    for (uint64_t v = 0; v * 1024 < n; v++) {
        const uint64_t first = v * 1024, m = n - first < 1024 ? n - first : 1024;
        const int last = first + m == n && m < 1024;
        const unsigned d = last ? 9 : 1 + (unsigned)(v % 16), count = last ? 3 : 1 + (unsigned)(v / 16 % 8);
        const unsigned dict = count < (1u << d) ? count : 1u << d, r = w - d;
        const int exceptions = d >= 5 && (last || v % 2 == 0);
        unsigned next_odd = 1;
        for (uint64_t s = 0; s < m; s++) {
            const unsigned lane = (unsigned)(s % lanes), row = (unsigned)(s / lanes);
            const unsigned last_row = (unsigned)((m - 1 - lane) / lanes);
            const unsigned low_bits = d >= 3 ? d - 3 : 0;
            uint64_t left = (uint64_t)(s * 7 % dict) << low_bits | (0xaaaau & ((1u << low_bits) - 1u));
            if (exceptions && ((row == last_row && (lane % 8 == 0 || lane % 8 == 3 || lane % 8 == 7)) ||
                               (row % 5 == 1 && lane % 8 == 3) || (row == 32 && lane % 8 == 4) ||
                               (lane % 8 == 1 && (row == 4 || row == 5)) ||
                               (lane % 8 == 6 && (row == 0 || row == 15 || row == 29)) ||
                               (lane % 8 == 5 && (row == 2 || row == 9 || row == 17 || row == 30)))) {
                left = next_odd;
                next_odd += 2;
            }
            const uint64_t right = ts_random(seed) & (all >> d);
            ts_store_bits(type, values, first + s, (left << r | right) & all);
        }
    }
}

/* ALP_RD vectors of every right part width r (W - 16 ... W - 1) and code width k (0 ... 3),
 * exceptions at the ends of lanes and of float64 half-lanes, and a partial last vector: the
 * staged kernels of gpu/alprd.cu and the device API's alprd_full_lane compile each width
 * apart, so each is checked on the GPU against the reference decoder. */
static void test_floats_alprd_every_width(void **state)
{
    (void)state;
    const galp_type types[] = {GALP_TYPE_F32, GALP_TYPE_F64};
    uint64_t seed = 38;
    for (size_t t = 0; t < 2; t++) {
        const galp_type type = types[t];
        const unsigned w = galp_type_bits(type), lanes = 1024u / w;
        const uint64_t n = 128 * 1024 + 1000; /* a partial vector too small for ALP_RD would be RAW */
        uint8_t *values = malloc(n * 8);
        assert_non_null(values);
        fill_alprd_shapes(type, values, n, &seed);
        size_t len = 0;
        uint8_t *file = ts_compress(type, GALP_SCHEME_ALP_RD, values, n, &len);
        galp_column col;
        assert_int_equal(galp_open(&col, file, len), GALP_OK);
        uint32_t widths = 0, codes = 0;
        unsigned lane_end_exceptions = 0;
        galp_vector_info info;
        for (uint32_t v = 0; v < col.vector_count; v++) {
            assert_int_equal(galp_vector_info_get(&col, v, &info), GALP_OK);
            if (info.scheme != GALP_SCHEME_ALP_RD) /* RAW where ALP_RD would be larger */
                continue;
            widths |= 1u << (info.bit_width - (w - 16));
            codes |= 1u << info.exponent;
            const uint8_t *positions = col.data + info.payload_offset +
                                       galp_layout_alprd_positions_offset(w, info.bit_width, info.exponent,
                                                                          info.exception_count, col.flags);
            for (uint32_t j = 0; j < info.exception_count; j++) {
                const unsigned p = positions[2 * j] | positions[2 * j + 1] << 8;
                lane_end_exceptions += p + lanes >= info.value_count;
            }
        }
        assert_int_equal(widths, 0xffffu);
        assert_int_equal(codes, 0xfu);
        assert_true(lane_end_exceptions > 0);
        assert_true(info.scheme == GALP_SCHEME_ALP_RD && info.value_count < 1024 && info.exception_count > 0);
        check_file(file, len, &seed, 12);
        free(file);
        free(values);
    }
}

/* Values for ALP_RD vectors with many exceptions: vector v's values are 1 + u to 2^(v mod 5)
 * + u (u random in the mantissa: v mod 5 + 1 left parts, the encoder picks the code width),
 * and, where v mod 3 != 1, slot 0, the last slot below m, slots 3, 10, 17, ... and the run
 * 96 ... 103 (whole 16-byte groups of either type) random bit patterns, whose left parts the
 * dictionary rarely holds: about 150 exceptions a vector, more than a decompression block
 * has threads (gpu/alprd_block.cuh), beside vectors without any. */
static void fill_alprd_many_exceptions(galp_type type, uint8_t *values, uint64_t n, uint64_t *seed)
{
    const unsigned mantissa = type == GALP_TYPE_F64 ? 52 : 23;
    const uint64_t one = type == GALP_TYPE_F64 ? 0x3ff0000000000000u : 0x3f800000u;
    for (uint64_t i = 0; i < n; i++) {
        const uint64_t v = i / 1024, s = i % 1024, m = n - v * 1024 < 1024 ? n - v * 1024 : 1024;
        uint64_t bits = (one + (s % (1 + v % 5) << mantissa)) | (ts_random(seed) & (((uint64_t)1 << mantissa) - 1u));
        if (v % 3 != 1 && (s % 7 == 3 || (s >= 96 && s < 104) || s == 0 || s == m - 1))
            bits = ts_random(seed);
        ts_store_bits(type, values, i, bits);
    }
}

/* ALP_RD vectors with more exceptions than a decompression block has threads (128 for
 * float64, 64 for float32), several in one 16-byte group, at the first and last slot, a
 * partial last vector with exceptions and vectors without: decompression maps a vector's
 * exceptions one thread per entry and patches them group by group (gpu/alprd_block.cuh). */
static void test_floats_alprd_many_exceptions(void **state)
{
    (void)state;
    const galp_type types[] = {GALP_TYPE_F32, GALP_TYPE_F64};
    uint64_t seed = 39;
    for (size_t t = 0; t < 2; t++) {
        const uint64_t n = 9 * 1024 + 1000;
        uint8_t *values = malloc(n * 8);
        assert_non_null(values);
        fill_alprd_many_exceptions(types[t], values, n, &seed);
        size_t len = 0;
        uint8_t *file = ts_compress(types[t], GALP_SCHEME_ALP_RD, values, n, &len);
        galp_column col;
        assert_int_equal(galp_open(&col, file, len), GALP_OK);
        unsigned crowded = 0, clean = 0;
        galp_vector_info info;
        for (uint32_t v = 0; v < col.vector_count; v++) {
            assert_int_equal(galp_vector_info_get(&col, v, &info), GALP_OK);
            assert_int_equal(info.scheme, GALP_SCHEME_ALP_RD);
            crowded += info.exception_count > 128;
            clean += info.exception_count == 0;
        }
        assert_true(crowded > 0 && clean > 0);
        assert_true(info.value_count < 1024 && info.exception_count > 0);
        check_file(file, len, &seed, 12);
        free(file);
        free(values);
    }
}

/* The scan by records compares a packed vector's rows with code compiled for its width
 * (for_each_aligned, galp/device/unpack_fixed.cuh). Vector v of these columns holds (1000 + p) / 10^d
 * with p in [0, 2^v), both ends present, so its packed width is v and its packed range safe
 * (checked with the reference encoder: e - f = d, f = 5 or 0 for f32, 9 for f64); a query
 * of the middle third of vector v's values matches part of its packed integers, so each
 * width from 1 reaches the comparison as a packed record. f32 stops at 20 (with one
 * decimal |k| stays below 2^24, spec/alp.md), f64 at 32, the widest narrow vector. */
static void test_record_scan_every_width(void **state)
{
    (void)state;
    const galp_type types[] = {GALP_TYPE_F32, GALP_TYPE_F64};
    const unsigned widest[] = {20, 32}, decimals[] = {1, 5};
    uint64_t seed = 19;
    for (size_t t = 0; t < 2; t++) {
        const galp_type type = types[t];
        const double scale = power_of_ten(decimals[t]);
        const uint64_t n = (uint64_t)(widest[t] + 1) * 1024;
        uint8_t *values = malloc(n * width_of(type));
        assert_non_null(values);
        for (uint64_t i = 0; i < n; i++) {
            const uint64_t top = ((uint64_t)1 << (i / 1024)) - 1;
            uint64_t p = ts_random(&seed) & top;
            if (i % 1024 == 3)
                p = 0;
            if (i % 1024 == 700)
                p = top;
            const double x = (double)(1000 + p) / scale;
            ts_store_bits(type, values, i, ts_float_bits(type, x));
        }
        size_t len = 0;
        checked_column c;
        range_buffers r;
        uint8_t *file = open_for_ranges(type, GALP_SCHEME_GALP, values, n, &len, &c, &r);
        packed_widths_seen = 0;
        for (unsigned b = 1; b <= widest[t]; b++) {
            const uint64_t third = (((uint64_t)1 << b) - 1) / 3;
            const double lo = (double)(1000 + third) / scale, hi = (double)(1000 + 2 * third) / scale;
            check_range(&c, ts_float_bits(type, lo), ts_float_bits(type, hi), &r);
        }
        for (unsigned b = 1; b <= widest[t]; b++) {
            if (!(packed_widths_seen >> b & 1))
                print_error("type %d: no packed scan record of width %u\n", (int)type, b);
            assert_true(packed_widths_seen >> b & 1);
        }
        range_buffers_free(&r);
        checked_close(&c);
        free(file);
        free(values);
    }
}

/* Integer columns whose every vector has width 0 (FFOR: each value is the vector's base) are
 * counted from their value table (gpu/value_table.c): for each integer type, a
 * constant per vector among them 0 and the type's largest value, and a partial last vector;
 * queries: each constant, the ranges that end beside it on either side, the whole domain,
 * then the random ones of check_file. */
static void test_integer_constant_columns(void **state)
{
    (void)state;
    const galp_type types[] = {GALP_TYPE_U8, GALP_TYPE_U16, GALP_TYPE_U32, GALP_TYPE_U64};
    enum { vectors = 6 };
    const uint64_t n = (uint64_t)(vectors - 1) * 1024 + 300;
    uint64_t seed = 97;
    for (size_t t = 0; t < 4; t++) {
        const galp_type type = types[t];
        const unsigned w = 8u * (unsigned)width_of(type);
        const uint64_t max = w == 64 ? ~(uint64_t)0 : ((uint64_t)1 << w) - 1;
        const uint64_t constants[vectors] = {0, max, 1, max - 1, ts_random(&seed) & max, 7};
        uint8_t *values = malloc(n * width_of(type));
        assert_non_null(values);
        for (uint64_t i = 0; i < n; i++)
            ts_store_bits(type, values, i, constants[i / 1024]);
        size_t len = 0;
        checked_column c;
        range_buffers r;
        uint8_t *file = open_for_ranges(type, GALP_SCHEME_FFOR, values, n, &len, &c, &r);
        for (uint32_t v = 0; v < vectors; v++) {
            galp_vector_info info;
            assert_int_equal(galp_vector_info_get(&c.cpu, v, &info), GALP_OK);
            assert_int_equal(info.scheme, GALP_SCHEME_FFOR);
            assert_int_equal(info.bit_width, 0);
        }
        assert_true(galp_gpu_column_table_entries(c.gpu) >= 4); /* 0, max, 1, 7 */
        for (uint32_t v = 0; v < vectors; v++) {
            const uint64_t x = constants[v];
            check_range(&c, x, x, &r);
            check_range(&c, neighbour(type, x, 1), max, &r); /* x = max: lo wraps to 0 */
            check_range(&c, 0, neighbour(type, x, 0), &r);
        }
        check_range(&c, 0, max, &r);
        range_buffers_free(&r);
        checked_close(&c);
        check_file(file, len, &seed, 8);
        free(file);
        free(values);
    }
}

/* Columns of 1,030 constant vectors (u32, u64, f32, f64) whose distinct values fit the value
 * table (gpu/value_table.c) or are one too many for it: vector v holds constant v mod d, with
 * d = 1,000 and then d = 1,025 (integers) or 1,022 (floats, where every seventh vector has 3
 * exceptions, NaN, -0.0 and 1/3, the same in each: 1,025 distinct values with the
 * exceptions). Counted from the table in the first column and vector by vector
 * (constant_range_kernel, gpu/range.cu) in the second; queries: the first constants, the
 * ranges beside them, an exception, the whole domain, and those of check_file. */
static void test_constant_columns_table_or_not(void **state)
{
    (void)state;
    const galp_type types[] = {GALP_TYPE_U32, GALP_TYPE_U64, GALP_TYPE_F32, GALP_TYPE_F64};
    const unsigned vectors = 1030;
    const uint64_t n = (uint64_t)vectors * 1024;
    uint8_t *values = malloc(n * 8);
    assert_non_null(values);
    uint64_t seed = 59;
    for (size_t t = 0; t < 4; t++) {
        const galp_type type = types[t];
        const int fp = is_float(type);
        const uint64_t exceptions[3] = {ts_float_bits(type, NAN), ts_float_bits(type, -0.0), ts_float_bits(type, 1.0 / 3.0)};
        for (size_t k = 0; k < 2; k++) {
            const unsigned d = k == 0 ? 1000 : fp ? 1022 : 1025;
            uint64_t constant_bits[3];
            for (unsigned v = 0; v < vectors; v++) {
                const unsigned j = v % d;
                const uint64_t x = fp                       ? ts_float_bits(type, (double)(j + 1) / 10.0)
                                   : type == GALP_TYPE_U32 ? (uint32_t)(j * 2654435761u + 3u)
                                                           : (uint64_t)j * 2654435761u + 3u;
                if (v < 3)
                    constant_bits[v] = x;
                for (unsigned i = 0; i < 1024; i++)
                    ts_store_bits(type, values, (uint64_t)v * 1024 + i, x);
                if (fp && v % 7 == 0)
                    for (unsigned e = 0; e < 3; e++)
                        ts_store_bits(type, values, (uint64_t)v * 1024 + 5 + 400 * e, exceptions[e]);
            }
            size_t len = 0;
            checked_column c;
            range_buffers r;
            uint8_t *file = open_for_ranges(type, fp ? GALP_SCHEME_GALP : GALP_SCHEME_FFOR, values, n, &len, &c, &r);
            for (unsigned v = 0; v < vectors; v++) {
                galp_vector_info info;
                assert_int_equal(galp_vector_info_get(&c.cpu, v, &info), GALP_OK);
                assert_int_equal(info.bit_width, 0);
                assert_int_equal(info.exception_count, fp && v % 7 == 0 ? 3 : 0);
            }
            assert_int_equal(galp_gpu_column_table_entries(c.gpu), k == 0 ? d + (fp ? 3 : 0) : 0);
            unplanned_scans_seen = 0;
            for (unsigned v = 0; v < 3; v++) {
                check_range(&c, constant_bits[v], constant_bits[v], &r);
                check_range(&c, neighbour(type, constant_bits[v], 1), constant_bits[2], &r);
            }
            if (fp) {
                check_range(&c, exceptions[2], exceptions[2], &r);
                check_range(&c, ts_float_bits(type, -INFINITY), ts_float_bits(type, INFINITY), &r);
                assert_true(unplanned_scans_seen > 0);
            } else {
                check_range(&c, 0, type == GALP_TYPE_U32 ? UINT32_MAX : UINT64_MAX, &r);
            }
            range_buffers_free(&r);
            checked_close(&c);
            check_file(file, len, &seed, 2);
            free(file);
        }
    }
    free(values);
}

/* Packed vectors with exceptions in the scan by records (gpu/range.cu): vector k of a column
 * of width-8 values (1000 + p) / 10 has exceptions[k] exceptions (more for 300: the encoder
 * then picks another exponent and factor), values one ulp above a decimal of the column's
 * range, so that queries find some of them in range; a column of these vectors and one with
 * a vector of width 18 after them. Past 32 exceptions a warp's threads take more than one
 * each. The fill (gpu/kernels.h) of the vectors is their first value (slot 0 is never an
 * exception here), so equality with it makes the exception slots match; queries: that, an
 * exception's value, values every 97 slots and random ranges, each compared with
 * decode-then-compare. */
static void test_record_scan_exceptions(void **state)
{
    (void)state;
    const unsigned exceptions[] = {0, 1, 31, 32, 33, 64, 300};
    const unsigned nv = sizeof exceptions / sizeof exceptions[0];
    const galp_type types[] = {GALP_TYPE_F32, GALP_TYPE_F64};
    uint64_t seed = 31;
    memset(packed_fills_seen, 0, sizeof packed_fills_seen);
    for (size_t t = 0; t < 2; t++) {
        const galp_type type = types[t];
        for (int wider = 0; wider < 2; wider++) {
            const uint64_t n = (uint64_t)(nv + wider) * 1024;
            uint8_t *values = malloc(n * width_of(type));
            assert_non_null(values);
            for (uint64_t i = 0; i < n; i++) {
                const uint64_t v = i / 1024, slot = i % 1024;
                const uint64_t p = ts_random(&seed) & (v < nv ? 0xffu : 0x3ffffu);
                const double x = (double)(1000 + p) / 10.0;
                /* exactly exceptions[v] slots, never slot 0: 37 is odd, so s -> 37·s + 500
                 * mod 1024 is one to one */
                const int exception = v < nv && (slot * 37 + 500) % 1024 < exceptions[v];
                uint64_t bits = ts_float_bits(type, x);
                if (exception)
                    bits = type == GALP_TYPE_F64 ? ts_f64_bits(nextafter(x, INFINITY))
                                                 : ts_f32_bits(nextafterf((float)x, INFINITY));
                ts_store_bits(type, values, i, bits);
            }
            size_t len = 0;
            checked_column c;
            range_buffers r;
            uint8_t *file = open_for_ranges(type, GALP_SCHEME_GALP, values, n, &len, &c, &r);
            unsigned widest = 0;
            for (uint32_t v = 0; v < c.cpu.vector_count; v++) {
                galp_vector_info info;
                assert_int_equal(galp_vector_info_get(&c.cpu, v, &info), GALP_OK);
                assert_int_equal(info.scheme, GALP_SCHEME_GALP);
                if (v < nv && exceptions[v] <= 64) /* more, and the encoder may pick another e, f */
                    assert_int_equal(info.exception_count, exceptions[v]);
                else if (v < nv)
                    assert_true(info.exception_count > 64);
                widest = info.bit_width > widest ? info.bit_width : widest;
                const uint64_t first = ts_bits_at(type, c.decoded, (uint64_t)v * 1024);
                check_range(&c, first, first, &r);
            }
            assert_int_equal(widest, wider ? 18 : 8);
            for (uint64_t i = 0; i < n; i += 97) {
                const uint64_t x = ts_bits_at(type, c.decoded, i);
                check_range(&c, x, x, &r);
            }
            range_buffers_free(&r);
            check_ranges(&c, &seed, 24);
            checked_close(&c);
            free(file);
            free(values);
        }
    }
    assert_true(packed_fills_seen[0] > 0);
    assert_true(packed_fills_seen[1] > 0);
}

/* Vector v's metadata in a valid file. */
static galp_vector_info vector_info_of(const uint8_t *file, size_t len, uint32_t v)
{
    galp_column col;
    galp_vector_info info;
    assert_int_equal(galp_open(&col, file, len), GALP_OK);
    assert_int_equal(galp_vector_info_get(&col, v, &info), GALP_OK);
    return info;
}

/* The Direct variants of the scans (gpu/range.cu, gpu/aggregate.cu) serve every vector of a
 * column that has a RAW or wide one, not only those: the G-ALP vectors of fill_floats
 * (exceptions, a full lane of them, wide f64 vectors, a partial last vector) around one vector
 * of random bit patterns, which the encoder stores RAW. */
static void test_direct_variant_mixed_vectors(void **state)
{
    (void)state;
    const galp_type types[] = {GALP_TYPE_F32, GALP_TYPE_F64};
    const uint64_t n = 9 * 1024 + 100;
    uint64_t seed = 23;
    for (size_t t = 0; t < 2; t++) {
        uint8_t *values = malloc(n * 8);
        assert_non_null(values);
        fill_floats(types[t], values, n, &seed);
        for (uint64_t i = 4 * 1024; i < 5 * 1024; i++)
            ts_store_bits(types[t], values, i, ts_random(&seed));
        size_t len = 0;
        uint8_t *file = ts_compress(types[t], GALP_SCHEME_GALP, values, n, &len);
        assert_int_equal(vector_info_of(file, len, 4).scheme, GALP_SCHEME_RAW);
        assert_int_equal(vector_info_of(file, len, 3).scheme, GALP_SCHEME_GALP);
        check_file(file, len, &seed, 12);
        free(file);
        free(values);
    }
}

/* Full wide float64 G-ALP vectors (b > 32) whose every packed integer is safe are compared by
 * their 64-bit packed integers in groups (gpu/range.cu, count_groups_in_span;
 * block_vector::packed_wide): vector v holds integers spanning exactly 2^(33 + v) values
 * around zero, so that its width is 33 + v for v = 0 ... 19 (every position of a value
 * across two 64-bit words occurs), with 1/3 as an exception now and then; a short last
 * vector. Every G-ALP vector's plan must be safe throughout, or the test would not reach that
 * path. */
static void test_wide_vectors_every_width(void **state)
{
    (void)state;
    const unsigned widths = 20;
    const uint64_t n = widths * 1024 + 300;
    uint64_t seed = 29;
    uint8_t *values = malloc(n * 8);
    assert_non_null(values);
    for (uint64_t i = 0; i < n; i++) {
        const uint64_t v = i / 1024, slot = i % 1024;
        const unsigned b = 33 + (unsigned)(v % widths);
        uint64_t m = ts_random(&seed) >> (64 - b);
        if (slot < 2) /* the span's two ends */
            m = slot == 0 ? 0 : ((uint64_t)1 << b) - 1;
        double x = (double)((int64_t)m - ((int64_t)1 << (b - 1)));
        if (slot % 97 == 50)
            x = 1.0 / 3.0;
        ts_store_bits(GALP_TYPE_F64, values, i, ts_f64_bits(x));
    }
    size_t len = 0;
    uint8_t *file = ts_compress(GALP_TYPE_F64, GALP_SCHEME_GALP, values, n, &len);
    for (uint32_t v = 0; v < widths; v++) {
        const galp_vector_info info = vector_info_of(file, len, v);
        assert_int_equal(info.scheme, GALP_SCHEME_GALP);
        assert_int_equal(info.bit_width, 33 + v);
        assert_true(info.exception_count > 0);
    }
    memset(plan_kinds_seen, 0, sizeof plan_kinds_seen);
    check_file(file, len, &seed, 24);
    assert_int_equal(plan_kinds_seen[0], 0);
    assert_true(plan_kinds_seen[1] > 0);
    free(file);
    free(values);
}

/* Vectors with a verdict (galp/device/pushdown.cuh, vector_verdict) are counted by it: the range
 * scans of a column of narrow vectors, like this one, never stage them (their scan record is
 * counted, gpu/scan_record.cuh; gpu/range.cu). Vector v holds values near 100·v, by v
 * mod 5: a constant (width 0); narrow values v·100 + k/10; those
 * with one exception (1/3 more, which ALP cannot encode with one decimal), or with 20 (more
 * than a verdict reads); a constant with 3 exceptions, a NaN first. The last vector, a narrow
 * one, is partial. A range around band v gives every vector with at most 16 exceptions a verdict
 * (all or none of its other values match); a range with an edge inside a band leaves that
 * band's narrow vectors without; exists(a constant) finds it. Every kind of scan record must
 * occur: packed, counted and general (the partial last vector). */
static void test_vector_verdicts(void **state)
{
    (void)state;
    const galp_type types[] = {GALP_TYPE_F32, GALP_TYPE_F64};
    const uint64_t vectors = 17, n = (vectors - 1) * 1024 + 700;
    const unsigned exceptions[5] = {0, 0, 1, 20, 3};
    uint64_t seed = 41;
    memset(verdicts_seen, 0, sizeof verdicts_seen);
    memset(records_seen, 0, sizeof records_seen);
    for (size_t t = 0; t < 2; t++) {
        const int f64 = types[t] == GALP_TYPE_F64;
        uint8_t *values = malloc(n * 8);
        assert_non_null(values);
        for (uint64_t i = 0; i < n; i++) {
            const uint64_t v = i / 1024, kind = v % 5, slot = i % 1024;
            const int constant = kind == 0 || kind == 4;
            double x = 100.0 * (double)v + (constant ? 0.5 : (double)ts_random_below(&seed, 40) / 10.0);
            if (slot % 41 == 7 && slot / 41 < exceptions[kind])
                x = kind == 4 && slot == 7 ? NAN : 100.0 * (double)v + 1.0 / 3.0;
            ts_store_bits(types[t], values, i, ts_float_bits(types[t], x));
        }
        size_t len = 0;
        checked_column c;
        range_buffers r;
        uint8_t *file = open_for_ranges(types[t], GALP_SCHEME_GALP, values, n, &len, &c, &r);
        for (uint32_t v = 0; v < 5; v++) {
            galp_vector_info info;
            assert_int_equal(galp_vector_info_get(&c.cpu, v, &info), GALP_OK);
            assert_int_equal(info.exception_count, exceptions[v]);
            if (v == 0 || v == 4)
                assert_int_equal(info.bit_width, 0);
        }
        for (uint64_t v = 0; v < vectors; v++) {
            const double band = 100.0 * (double)v;
            const double edges[][2] = {{band - 50, band + 50}, {band + 1.05, band + 60}, {band + 0.5, band + 0.5}};
            for (size_t e = 0; e < 3; e++) {
                const uint64_t lo = f64 ? ts_f64_bits(edges[e][0]) : ts_f32_bits((float)edges[e][0]);
                const uint64_t hi = f64 ? ts_f64_bits(edges[e][1]) : ts_f32_bits((float)edges[e][1]);
                check_range(&c, lo, hi, &r);
            }
        }
        check_range(&c, f64 ? ts_f64_bits(-INFINITY) : ts_f32_bits(-INFINITY),
                    f64 ? ts_f64_bits(INFINITY) : ts_f32_bits(INFINITY), &r);
        range_buffers_free(&r);
        checked_close(&c);
        check_file(file, len, &seed, 12);
        free(file);
        free(values);
    }
    assert_true(verdicts_seen[0] > 0);
    assert_true(verdicts_seen[1] > 0);
    assert_true(verdicts_seen[2] > 0);
    for (size_t k = 0; k < 3; k++)
        assert_true(records_seen[k] > 0);
}

/* Constant vectors (width 0) with c exceptions at random slots, c from 0 to 500 (around
 * the 64 and 128 threads of the f32 and f64 decompression blocks, and the 16 exceptions a
 * verdict compares, galp/device/pushdown.cuh), and a partial last vector with exceptions: every
 * vector must have width 0 and c exceptions, and the column must decode and scan as on the
 * CPU (the range scans count the constants with at most 16 exceptions by their records and
 * stage the others). */
static void test_constant_vectors_with_exceptions(void **state)
{
    (void)state;
    /* many: scanned by the plan kernel and then the scan by records (their exceptions' 1,084
     * random values are too many for a value table); few (at most 16 a vector, 80 distinct
     * values): counted from the column's value table (gpu/value_table.c) */
    static const unsigned many[] = {0, 1, 2, 63, 64, 65, 127, 128, 129, 500, 5};
    static const unsigned few[] = {0, 1, 2, 15, 16, 3, 7, 0, 9, 11, 5};
    const unsigned vectors = sizeof many / sizeof many[0], last = 700;
    const uint64_t n = (uint64_t)(vectors - 1) * 1024 + last;
    const galp_type types[] = {GALP_TYPE_F32, GALP_TYPE_F64};
    uint8_t *values = malloc(n * 8);
    assert_non_null(values);
    uint64_t seed = 83;
    for (size_t t = 0; t < 2; t++) {
        for (int k = 0; k < 2; k++) {
            const unsigned *counts = k ? few : many;
            for (unsigned v = 0; v < vectors; v++) {
                const unsigned m = v + 1 == vectors ? last : 1024;
                const double constant = (double)(v + 1) / 10.0;
                unsigned slots[1024];
                for (unsigned i = 0; i < m; i++)
                    slots[i] = i;
                for (unsigned i = 0; i < m; i++) { /* the first counts[v] of a random permutation */
                    const unsigned j = i + (unsigned)ts_random_below(&seed, m - i), slot = slots[i];
                    slots[i] = slots[j];
                    slots[j] = slot;
                }
                for (unsigned i = 0; i < m; i++)
                    ts_store_bits(types[t], values, (uint64_t)v * 1024 + i, ts_float_bits(types[t], constant));
                /* random mantissas scaled far below 1 (2^-40, 2^-32): no exponent's integers
                 * hold them (spec/alp.md §6.1), so they stay exceptions of a constant vector */
                for (unsigned i = 0; i < counts[v]; i++) {
                    const uint64_t r = ts_random(&seed);
                    ts_store_bits(types[t], values, (uint64_t)v * 1024 + slots[i],
                               types[t] == GALP_TYPE_F64 ? ts_f64_bits(ts_as_f64(0x3d70000000000000u | r >> 12))
                                                         : ts_f32_bits(ts_as_f32(0x2f800000u | (uint32_t)(r >> 41))));
                }
            }
            size_t len = 0;
            checked_column c;
            range_buffers r;
            uint8_t *file = open_for_ranges(types[t], GALP_SCHEME_GALP, values, n, &len, &c, &r);
            for (unsigned v = 0; v < vectors; v++) {
                const galp_vector_info info = vector_info_of(file, len, v);
                assert_int_equal(info.scheme, GALP_SCHEME_GALP);
                assert_int_equal(info.bit_width, 0);
                assert_int_equal(info.exception_count, counts[v]);
            }
            assert_int_equal(galp_gpu_column_table_entries(c.gpu) != 0, k);
            unplanned_scans_seen = 0;
            for (unsigned v = 0; v < vectors; v++) { /* each constant, and the ranges around it */
                const uint64_t x = ts_float_bits(types[t], (double)(v + 1) / 10.0);
                check_range(&c, x, x, &r);
                check_range(&c, neighbour(types[t], x, 1), ts_float_bits(types[t], 1.5), &r);
                check_range(&c, ts_float_bits(types[t], 0.0), neighbour(types[t], x, 0), &r);
            }
            check_range(&c, ts_float_bits(types[t], 1.0), ts_float_bits(types[t], 2.0), &r); /* the exceptions */
            range_buffers_free(&r);
            checked_close(&c);
            check_file(file, len, &seed, 4);
            if (k)
                assert_true(unplanned_scans_seen > 0);
            else
                assert_int_equal(unplanned_scans_seen, 0);
            free(file);
        }
    }
    free(values);
}

/* The scans' dynamic shared memory is their stages (gpu/scan_launch.cuh), and a launch
 * fails unless the kernel has opted in once its static and dynamic shared memory together
 * pass 48 KiB (gpu/dispatch.cuh). Columns of one f64 vector of 1024 - c narrow decimals (b = 6)
 * and c exceptions, c = 490 ... 570, make the 8 stages of a 4-warp block sweep across that
 * line (46.2 → 52.6 KiB), with every scan's static memory beside them: the aggregate's 1,184
 * bytes put c = 514 ... 528 over it with stages under 48 KiB. */
/* A G-ALP f64 file of `vectors` vectors, each of 1024 - c narrow decimals (b = 6) and c
 * exceptions (its payload: 128·b + 32 + 10·c bytes), malloc'd. */
static uint8_t *file_with_exceptions(unsigned vectors, unsigned c, uint64_t *seed, size_t *len)
{
    uint8_t *values = malloc((size_t)vectors * 1024 * 8);
    assert_non_null(values);
    for (unsigned i = 0; i < vectors * 1024; i++) {
        const double x = i % 1024 < c ? ts_as_f64(ts_random(seed) >> 2) : (double)ts_random_below(seed, 64) / 10.0;
        ts_store_bits(GALP_TYPE_F64, values, i, ts_f64_bits(x));
    }
    uint8_t *file = ts_compress(GALP_TYPE_F64, GALP_SCHEME_GALP, values, (uint64_t)vectors * 1024, len);
    free(values);
    for (unsigned v = 0; v < vectors; v++) {
        const galp_vector_info info = vector_info_of(file, *len, v);
        assert_int_equal(info.scheme, GALP_SCHEME_GALP);
        assert_int_equal(info.exception_count, c);
    }
    return file;
}

static void test_stages_around_48k(void **state)
{
    (void)state;
    uint64_t seed = 53;
    for (unsigned c = 490; c <= 570; c += 2) {
        size_t len = 0;
        uint8_t *file = file_with_exceptions(1, c, &seed, &len);
        check_file(file, len, &seed, 2);
        free(file);
    }
}

/* One host thread of test_concurrent_opt_ins: its own stream, `rounds` aggregates and range
 * counts of one column, each result compared with the column's answers; cmocka's asserts
 * belong to the main thread, so failures are counted. */
typedef struct opt_in_thread {
    checked_column *column;
    range_buffers buffers;
    uint64_t count;      /* the column's answers: values, */
    uint64_t in_range;   /* and of those in [lo, hi] */
    double lo, hi;
    unsigned rounds;
    unsigned failures;
    galp_status first_failure;
} opt_in_thread;

static void *run_opt_in_thread(void *arg)
{
    opt_in_thread *t = arg;
    cudaStream_t own;
    galp_gpu_aggregate *dev = NULL, got;
    if (cudaStreamCreateWithFlags(&own, cudaStreamNonBlocking) != cudaSuccess ||
        cudaMalloc((void **)&dev, sizeof *dev) != cudaSuccess) {
        t->failures = t->rounds;
        return NULL;
    }
    for (unsigned i = 0; i < t->rounds; i++) {
        uint64_t in_range = 0;
        galp_status st = galp_gpu_aggregate_column(t->column->gpu, dev, own);
        if (st == GALP_OK)
            st = galp_gpu_count_range(t->column->gpu, &t->lo, &t->hi, t->buffers.temp, t->buffers.temp_size,
                                      t->buffers.count, own);
        const int copied = st == GALP_OK &&
                           cudaMemcpyAsync(&got, dev, sizeof got, cudaMemcpyDeviceToHost, own) == cudaSuccess &&
                           cudaMemcpyAsync(&in_range, t->buffers.count, sizeof in_range, cudaMemcpyDeviceToHost,
                                           own) == cudaSuccess &&
                           cudaStreamSynchronize(own) == cudaSuccess;
        if (!copied || got.count != t->count || in_range != t->in_range) {
            if (t->failures++ == 0)
                t->first_failure = st;
        }
    }
    cudaFree(dev);
    cudaStreamDestroy(own);
    return NULL;
}

/* A kernel's limit of dynamic shared memory is one attribute for the whole process
 * (gpu/dispatch.cuh): two host threads scanning at once two columns whose stages pass 48 KiB
 * by different amounts (c = 700: 61.5 KiB of stages a block, c = 560: 50.5 KiB) must each have their own
 * limit from opt-in to launch. Without the lock, one thread's opt-in could land between the
 * other's and its launch, whose shared memory then exceeds the limit: the call fails with
 * GALP_ERR_CUDA. */
static void test_concurrent_opt_ins(void **state)
{
    (void)state;
    uint64_t seed = 71;
    const unsigned exceptions[2] = {700, 560};
    uint8_t *files[2];
    checked_column columns[2];
    opt_in_thread threads[2];
    pthread_t ids[2];
    for (unsigned k = 0; k < 2; k++) {
        size_t len = 0;
        files[k] = file_with_exceptions(8, exceptions[k], &seed, &len);
        checked_open(&columns[k], files[k], len);
        opt_in_thread *t = &threads[k];
        memset(t, 0, sizeof *t);
        t->column = &columns[k];
        t->count = columns[k].cpu.value_count;
        t->lo = 1.0;
        t->hi = 4.0;
        for (uint64_t i = 0; i < t->count; i++) {
            const double x = ts_as_f64(ts_bits_at(GALP_TYPE_F64, columns[k].decoded, i));
            t->in_range += x >= t->lo && x <= t->hi;
        }
        assert_true(t->in_range > 0);
        t->rounds = 400;
        range_buffers_alloc(&columns[k], &t->buffers);
    }
    for (unsigned k = 0; k < 2; k++)
        assert_int_equal(pthread_create(&ids[k], NULL, run_opt_in_thread, &threads[k]), 0);
    for (unsigned k = 0; k < 2; k++)
        assert_int_equal(pthread_join(ids[k], NULL), 0);
    for (unsigned k = 0; k < 2; k++) {
        if (threads[k].failures != 0)
            fail_msg("column %u: %u of %u rounds failed (first status %d)", k, threads[k].failures,
                     threads[k].rounds, (int)threads[k].first_failure);
        range_buffers_free(&threads[k].buffers);
        checked_close(&columns[k]);
        free(files[k]);
    }
}

/* Full RAW float vectors are aggregated with fmin and fmax, which need not order -0 and +0
 * (gpu/aggregate.cu): columns whose extremes are zeros, of one sign or both, beside
 * positives or negatives, and an infinity of each sign (a NaN sum) with a NaN. */
static void test_raw_zero_extremes(void **state)
{
    (void)state;
    const galp_type types[] = {GALP_TYPE_F32, GALP_TYPE_F64};
    const uint64_t n = 2 * 1024;
    uint8_t *values = malloc(n * 8);
    assert_non_null(values);
    uint64_t seed = 11;
    for (size_t t = 0; t < 2; t++) {
        for (unsigned kind = 0; kind < 6; kind++) {
            for (uint64_t i = 0; i < n; i++) {
                const unsigned r = (unsigned)ts_random_below(&seed, 8);
                double x = r < 3 ? 0.0 : r < 6 ? -0.0 : (double)(1 + ts_random_below(&seed, 1000));
                if (kind == 1 && r >= 6) /* zeros and negatives: +0 is the largest */
                    x = -x;
                if (kind == 2) /* +0 only */
                    x = 0.0;
                if (kind == 3) /* -0 only */
                    x = -0.0;
                if (kind == 4) /* -0 and +0 only */
                    x = r % 2 ? 0.0 : -0.0;
                if (kind == 5 && i % 300 == 7)
                    x = i % 900 == 7 ? INFINITY : i % 900 == 307 ? -INFINITY : NAN;
                ts_store_bits(types[t], values, i, types[t] == GALP_TYPE_F64 ? ts_f64_bits(x) : ts_f32_bits((float)x));
            }
            check_values(types[t], GALP_SCHEME_RAW, values, n, &seed);
        }
    }
    free(values);
}

/* A vector of 1024 exceptions (every value non-decimal) and one where lane 0 of f64 is full. */
static void test_exception_extremes(void **state)
{
    (void)state;
    uint64_t seed = 99;
    const uint64_t n = 3 * 1024;
    double *d = malloc(n * sizeof *d);
    float *f = malloc(n * sizeof *f);
    assert_non_null(d);
    assert_non_null(f);
    for (uint64_t i = 0; i < n; i++) {
        d[i] = (double)(int64_t)(i % 500) / 100.0;
        f[i] = (float)d[i];
        if (i < 1024 || (i >= 2048 && i % 16 == 0))
            d[i] = ts_as_f64(ts_random(&seed) >> 2); /* random bits: never decimal */
        if (i < 1024 || (i >= 2048 && i % 32 == 31))
            f[i] = ts_as_f32(ts_random(&seed) >> 34);
    }
    check_values(GALP_TYPE_F64, GALP_SCHEME_GALP, d, n, &seed);
    check_values(GALP_TYPE_F64, GALP_SCHEME_ALP, d, n, &seed);
    check_values(GALP_TYPE_F32, GALP_SCHEME_GALP, f, n, &seed);
    check_values(GALP_TYPE_F32, GALP_SCHEME_ALP, f, n, &seed);
    free(d);
    free(f);
}

/* Sets the b packed bits of slot s of an FFOR block (spec/ffor.md: value r of lane l is
 * bits r·b ... of the lane's words, word k at k·L + l) to all ones or all zeros. */
static void set_packed(uint8_t *packed, unsigned w, unsigned b, unsigned s, int ones)
{
    const unsigned lanes = 1024u / w, lane = s % lanes, first = s / lanes * b;
    for (unsigned i = first; i < first + b; i++) {
        uint8_t *byte = packed + ((size_t)(i / w) * lanes + lane) * (w / 8) + i % w / 8;
        const uint8_t bit = (uint8_t)(1u << (i % 8));
        *byte = ones ? (uint8_t)(*byte | bit) : (uint8_t)(*byte & ~bit);
    }
}

/* Changes one G-ALP vector v of a file of W-bit values (edits below); returns how many
 * things it changed. */
typedef unsigned (*vector_edit)(uint8_t *file, uint32_t v, const galp_vector_info *info, unsigned w,
                                int variant);

/* A G-ALP file of the n values of type `type` whose G-ALP vectors of non-zero width went
 * through edit (variant), resealed; malloc'd. */
static uint8_t *edited_file(galp_type type, uint32_t flags, const uint8_t *values, uint64_t n, vector_edit edit,
                            int variant, size_t *len)
{
    const unsigned w = 8u * (unsigned)width_of(type);
    uint8_t *file = ts_compress_ex(type, GALP_SCHEME_GALP, flags, values, n, len);
    galp_column col;
    assert_int_equal(galp_open(&col, file, *len), GALP_OK);
    unsigned changed = 0;
    for (uint32_t v = 0; v < col.vector_count; v++) {
        galp_vector_info info;
        assert_int_equal(galp_vector_info_get(&col, v, &info), GALP_OK);
        if (info.scheme == GALP_SCHEME_GALP && info.bit_width != 0)
            changed += edit(file, v, &info, w, variant);
    }
    assert_true(changed > 0);
    uint32_t crc = galp_crc32c(0, file, 60); /* spec/format.md §3.4: edits may touch entries */
    crc = galp_crc32c(crc, file + 64, 32 * (size_t)col.vector_count);
    for (unsigned i = 0; i < 4; i++)
        file[60 + i] = (uint8_t)(crc >> (8 * i));
    return file;
}

/* For f32 and f64 and variants 0 and 1: a G-ALP file of fill_floats data whose G-ALP vectors
 * of non-zero width went through edit, checked like any other file (check_file). */
static void check_edited_files(vector_edit edit, uint64_t n, uint64_t seed)
{
    const galp_type types[] = {GALP_TYPE_F32, GALP_TYPE_F64};
    for (size_t t = 0; t < 2; t++) {
        uint8_t *values = malloc(n * 8);
        assert_non_null(values);
        fill_floats(types[t], values, n, &seed);
        for (int variant = 0; variant < 4; variant++) { /* u8 (narrow) and u16 lane ends */
            size_t len = 0;
            uint8_t *file = edited_file(types[t], variant < 2 ? COMPRESS_FLAGS : GALP_FLAG_COMPACT_GALP, values,
                                        n, edit, variant & 1, &len);
            check_file(file, len, &seed, 24);
            free(file);
        }
        free(values);
    }
}

/* The packed integer under an exception carries no value (spec/galp.md §3): whatever it
 * holds, decoding, aggregates and range counts must not change. Here every exception slot
 * of a G-ALP file is overwritten with 2^b - 1 (variant 1), or with 0 (variant 0): the
 * extremes that a scan comparing or summing packed integers would pick up. */
static unsigned fill_exception_slots(uint8_t *file, uint32_t v, const galp_vector_info *info, unsigned w,
                                     int ones)
{
    (void)v;
    const uint32_t flags = (uint32_t)file[20] | (uint32_t)file[21] << 8 | (uint32_t)file[22] << 16 |
                           (uint32_t)file[23] << 24; /* spec/format.md §3.1 */
    uint16_t positions[1024];
    uint64_t stored[1024];
    galp_reader payload = galp_reader_of(file + info->payload_offset, info->payload_size);
    galp_exceptions_read(GALP_SCHEME_GALP, flags, w, info->bit_width, info->exception_count, &payload, positions,
                         stored);
    for (unsigned j = 0; j < info->exception_count; j++)
        set_packed(file + info->payload_offset, w, info->bit_width, positions[j], ones);
    return info->exception_count;
}

static void test_exception_slots_ignored(void **state)
{
    (void)state;
    check_edited_files(fill_exception_slots, 19 * 1024 + 100, 23);
}

/* Checks the device image of `file` (a G-ALP file without ALP vectors, so the image is as
 * long): every exception slot of a G-ALP vector holds the vector's fill, the packed integer of
 * its lowest-index non-exception slot in the file (0 when there is none), and every other
 * byte is the file's (gpu/kernels.h). Returns how many exception slots the upload changed. */
static unsigned check_image_fills(const uint8_t *file, size_t len)
{
    galp_gpu_column *gpu = NULL;
    galp_gpu_view view;
    galp_column col;
    assert_int_equal(galp_open(&col, file, len), GALP_OK);
    assert_int_equal(galp_gpu_column_upload(file, len, &gpu), GALP_OK);
    assert_int_equal(galp_gpu_column_view(gpu, &view), GALP_OK);
    uint8_t *image = malloc(len), *expected = malloc(len);
    assert_non_null(image);
    assert_non_null(expected);
    CUDA_OK(cudaMemcpy(image, view.data, len, cudaMemcpyDeviceToHost));
    memcpy(expected, file, len);
    const unsigned w = galp_type_bits(col.type);
    unsigned changed = 0;
    for (uint32_t v = 0; v < col.vector_count; v++) {
        galp_vector_info info;
        assert_int_equal(galp_vector_info_get(&col, v, &info), GALP_OK);
        const unsigned b = info.bit_width, c = info.exception_count;
        if (info.scheme != GALP_SCHEME_GALP || b == 0 || c == 0)
            continue;
        uint16_t positions[1024];
        uint64_t stored[1024], packed[1024];
        galp_reader payload = galp_reader_of(file + info.payload_offset, info.payload_size);
        galp_exceptions_read(GALP_SCHEME_GALP, col.flags, w, b, c, &payload, positions, stored);
        const uint64_t fill = vector_fill(file, col.flags, GALP_SCHEME_GALP, w, &info);
        galp_ffor_unpack(w, b, 0, &payload, packed);
        for (unsigned j = 0; j < c; j++) {
            changed += packed[positions[j]] != fill;
            packed[positions[j]] = fill;
        }
        galp_ffor_pack(w, b, 0, packed, expected + info.payload_offset);
    }
    assert_memory_equal(image, expected, len);
    free(image);
    free(expected);
    galp_gpu_column_free(gpu);
    return changed;
}

/* The upload gives the kernels the fill in every exception slot: for files whose slots hold 0
 * or 2^b - 1 (fill_exception_slots, above) the image has it there, and a file from the
 * reference encoder, which writes the fill itself, is uploaded as it is. */
/* The device image of a file with narrow lane ends (spec/galp.md §1.2) is a valid file that is
 * byte for byte the image of the same column written with u16 lane ends (`wide`, whose image
 * is itself), but for the version_minor that the upload writes (1.2, gpu/image.c) and hence
 * the header checksum: the kernels read u16 lane ends only. */
static void check_same_image(const uint8_t *narrow, size_t narrow_len, const uint8_t *wide, size_t wide_len)
{
    galp_gpu_column *gpu = NULL;
    galp_gpu_view view;
    assert_true(narrow_len < wide_len);
    assert_int_equal(galp_gpu_column_upload(narrow, narrow_len, &gpu), GALP_OK);
    assert_int_equal(galp_gpu_column_view(gpu, &view), GALP_OK);
    uint8_t *image = malloc(wide_len);
    assert_non_null(image);
    CUDA_OK(cudaMemcpy(image, view.data, wide_len, cudaMemcpyDeviceToHost));
    galp_column col;
    assert_int_equal(galp_open(&col, image, wide_len), GALP_OK);
    assert_int_equal(image[5], 2); /* spec/format.md §3.1: version_minor, checksum at 60 */
    assert_memory_equal(image, wide, 5);
    assert_memory_equal(image + 6, wide + 6, 60 - 6);
    assert_memory_equal(image + 64, wide + 64, wide_len - 64);
    free(image);
    galp_gpu_column_free(gpu);
}

static void test_image_fills_exception_slots(void **state)
{
    (void)state;
    const galp_type types[] = {GALP_TYPE_F32, GALP_TYPE_F64};
    const uint64_t n = 9 * 1024 + 300;
    uint64_t seed = 29;
    for (size_t t = 0; t < 2; t++) {
        uint8_t *values = malloc(n * 8);
        assert_non_null(values);
        fill_floats(types[t], values, n, &seed);
        size_t len = 0, narrow_len = 0;
        uint8_t *file = ts_compress_ex(types[t], GALP_SCHEME_GALP, GALP_FLAG_COMPACT_GALP, values, n, &len);
        assert_int_equal(check_image_fills(file, len), 0);
        uint8_t *narrow = ts_compress(types[t], GALP_SCHEME_GALP, values, n, &narrow_len);
        check_same_image(narrow, narrow_len, file, len);
        free(narrow);
        free(file);
        for (int ones = 0; ones < 2; ones++) {
            file = edited_file(types[t], GALP_FLAG_COMPACT_GALP, values, n, fill_exception_slots, ones, &len);
            assert_true(check_image_fills(file, len) > 0);
            free(file);
        }
        free(values);
    }
}

/* The largest base + p of a vector whose product with FACT stays below 2^(W-1). */
static uint64_t product_up(const galp_vector_info *info, unsigned w)
{
    uint64_t fact = 1;
    for (unsigned i = 0; i < info->factor; i++)
        fact *= 10;
    if (w == 32)
        fact = (uint32_t)fact;
    return (w == 64 ? (uint64_t)INT64_MAX : (uint64_t)INT32_MAX) / fact;
}

static void set_base(uint8_t *file, uint32_t v, unsigned w, uint64_t base)
{
    for (unsigned i = 0; i < w / 8; i++) /* entry bytes 8 ...: the base, little-endian */
        file[64 + 32 * (size_t)v + 8 + i] = (uint8_t)(base >> (8 * i));
}

/* A G-ALP vector may hold packed integers whose (p + base)·FACT wraps (spec/alp.md §4 defines
 * the wrapping result), and then only part of its packed range can be compared or summed as
 * integers (galp/device/pushdown.cuh). Encoders do not write such vectors, so here the base of a
 * G-ALP vector is raised until only p <= max_p - 1 (variant 1 on odd vectors: every packed
 * integer the vector holds, but not the whole range) or p <= max_p / 2 (otherwise: about half
 * of them; FFOR makes the vector hold one of at least 2^(b-1)) are safe. */
static unsigned raise_base(uint8_t *file, uint32_t v, const galp_vector_info *info, unsigned w, int variant)
{
    if (info->bit_width >= w - 2)
        return 0;
    const uint64_t max_p = ((uint64_t)1 << info->bit_width) - 1;
    set_base(file, v, w, product_up(info, w) - (variant == 1 && v % 2 ? max_p - 1 : max_p / 2));
    return 1;
}

static void test_partly_safe_vectors(void **state)
{
    (void)state;
    memset(plan_kinds_seen, 0, sizeof plan_kinds_seen);
    check_edited_files(raise_base, 23 * 1024 + 7, 31);
    assert_true(plan_kinds_seen[0] > 0);
}

/* The warp visitor decodes a G-ALP float64 vector in double when all its
 * products k = (p + base)·FACT, 0 <= p < 2^b, lie inside ±2^52, and through the integer
 * product otherwise (products_exact_in_double, galp/device/warp_visit.cuh). Here the base of each
 * such vector is moved so that its products end just inside (even vectors) or just outside
 * (odd) 2^52: the largest near +2^52 (variant 0) or the smallest near -2^52 (variant 1), so
 * that both paths meet their boundary. f32 vectors are moved alike against 2^22. Every
 * decoder must still give the reference's bits (check_file). */
static unsigned move_products_to_edge(uint8_t *file, uint32_t v, const galp_vector_info *info, unsigned w,
                                      int variant)
{
    if (info->bit_width > (w == 64 ? 52u : 32u)) /* wider: no base brings them inside */
        return 0;
    int64_t fact = 1;
    for (unsigned i = 0; i < info->factor; i++)
        fact *= 10;
    if (w == 32)
        fact = (int64_t)(uint32_t)fact; /* FACT32: the low 32 bits (spec/alp.md §4) */
    const int64_t edge = (int64_t)1 << (w == 64 ? 52 : 22);
    const int64_t max_p = ((int64_t)1 << info->bit_width) - 1;
    const int inside = v % 2 == 0;
    int64_t base;
    if (variant == 0)
        base = (inside ? (edge - 1) / fact : edge / fact + 1) - max_p;
    else
        base = inside ? -((edge - 1) / fact) : -(edge / fact) - 1;
    set_base(file, v, w, (uint64_t)base);
    return 1;
}

static void test_products_at_the_double_edge(void **state)
{
    (void)state;
    check_edited_files(move_products_to_edge, 13 * 1024 + 5, 37);
}

/* Raises the base of a G-ALP vector of at most 32 bits until the largest packed integer it
 * stores (in any slot) is the largest safe one: then every packed integer it holds is safe,
 * and part of its packed range is not where that integer is below 2^b - 1, which it returns. */
static unsigned raise_base_to_stored(uint8_t *file, uint32_t v, const galp_vector_info *info, unsigned w,
                                     int variant)
{
    (void)variant;
    if (info->bit_width > 32)
        return 0;
    uint64_t packed[1024], top = 0;
    galp_reader payload = galp_reader_of(file + info->payload_offset, info->payload_size);
    galp_ffor_unpack(w, info->bit_width, 0, &payload, packed);
    for (unsigned i = 0; i < 1024; i++)
        top = packed[i] > top ? packed[i] : top;
    const uint64_t up = product_up(info, w);
    if (top > up)
        return 0;
    set_base(file, v, w, up - top);
    return top < ((uint64_t)1 << info->bit_width) - 1;
}

/* Vectors whose packed range is only partly safe but which hold no packed integer outside its
 * safe part, as the reference encoder writes small integers (`cms9`: e = f = 16, so
 * (base + p)·10^16 wraps past 922, and the values that would are exceptions; widen_stored_safe,
 * galp/device/pushdown.cuh): the upload finds them so, and the range scans plan them as wholly safe.
 * No plan leaves part of a packed range to decoding (nor the general last vector's), a column
 * of narrow vectors (integers below 10^4 here) goes by packed scan records, and every count is
 * decode-then-compare's (check_file). test_partly_safe_vectors has the columns where the
 * upload must not. */
static void test_stored_safe_vectors(void **state)
{
    (void)state;
    const galp_type types[] = {GALP_TYPE_F32, GALP_TYPE_F64};
    const uint64_t n = 23 * 1024 + 700; /* a last vector of a few values is RAW: no records */
    uint64_t seed = 37;
    memset(plan_kinds_seen, 0, sizeof plan_kinds_seen);
    memset(records_seen, 0, sizeof records_seen);
    for (size_t t = 0; t < 2; t++) {
        uint8_t *values = malloc(n * 8);
        assert_non_null(values);
        for (int narrow = 0; narrow < 2; narrow++) {
            if (narrow)
                for (uint64_t i = 0; i < n; i++)
                    ts_store_bits(types[t], values, i, ts_float_bits(types[t], (double)ts_random_below(&seed, 10000)));
            else
                fill_floats(types[t], values, n, &seed);
            size_t len = 0;
            uint8_t *file = edited_file(types[t], COMPRESS_FLAGS, values, n, raise_base_to_stored, 0, &len);
            check_file(file, len, &seed, 24);
            free(file);
        }
        free(values);
    }
    assert_int_equal(plan_kinds_seen[0], 0);
    assert_true(plan_kinds_seen[1] > 0);
    assert_true(records_seen[0] > 0);
}

/* ---- files from the source tree and the data directory --------------------------------- */

/* out = a/b; paths longer than the buffer fail the test rather than being cut. */
static void join_path(char *out, size_t size, const char *a, const char *b)
{
    int len = snprintf(out, size, "%s/%s", a, b);
    assert_true(len > 0 && (size_t)len < size);
}

static int has_suffix(const char *name, const char *suffix)
{
    size_t a = strlen(name), b = strlen(suffix);
    return a >= b && strcmp(name + a - b, suffix) == 0;
}

/* A valid str golden vector (spec/fsst.md): test_gpu_str decodes it and compares with the
 * reference; here, its upload keeps the file as a str column (never an image of values,
 * gpu/image.c) whose string bytes are the reference's, and every value-array call refuses
 * it. */
static void check_str_upload(const galp_column *col, const uint8_t *file, size_t len)
{
    galp_gpu_column *g = NULL;
    assert_int_equal(galp_gpu_column_upload(file, len, &g), GALP_OK);
    assert_non_null(g);
    galp_gpu_view view;
    assert_int_equal(galp_gpu_column_view(g, &view), GALP_OK);
    assert_int_equal(view.type, GALP_TYPE_STR);
    assert_int_equal(view.scheme, col->scheme);
    assert_int_equal(view.value_count, col->value_count);
    assert_int_equal(view.vector_count, col->vector_count);
    uint64_t want = 0, got = 0;
    assert_int_equal(galp_column_str_bytes(col, &want), GALP_OK);
    assert_int_equal(galp_gpu_str_bytes(g, &got), GALP_OK);
    assert_int_equal(got, want);
    assert_int_equal(galp_gpu_range_temp_size(g), 0);
    uint8_t *dev = NULL;
    galp_gpu_aggregate *aggregate = NULL;
    CUDA_OK(cudaMalloc((void **)&dev, 64));
    CUDA_OK(cudaMalloc((void **)&aggregate, sizeof *aggregate));
    assert_int_equal(galp_gpu_decompress(g, dev, 64, stream), GALP_ERR_ARGUMENT);
    assert_int_equal(galp_gpu_aggregate_column(g, aggregate, stream), GALP_ERR_ARGUMENT);
    CUDA_OK(cudaStreamSynchronize(stream));
    cudaFree(aggregate);
    cudaFree(dev);
    galp_gpu_column_free(g);
}

/* Valid files decode as on the CPU, whatever their schemes (the upload holds the vectors of
 * schemes without a device decoder RAW, include/galp_gpu.h); invalid ones are refused with
 * galp_open's status. */
static unsigned check_galp_dir(const char *dir, uint64_t *seed)
{
    DIR *d = opendir(dir);
    unsigned count = 0;
    if (d == NULL)
        return 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        char path[4096];
        join_path(path, sizeof path, dir, e->d_name);
        if (e->d_name[0] == '.')
            continue;
        if (!has_suffix(e->d_name, ".galp")) {
            count += check_galp_dir(path, seed);
            continue;
        }
        size_t len = 0;
        uint8_t *file = ts_read_file(path, &len);
        assert_non_null(file);
        galp_column col;
        galp_status st = galp_open(&col, file, len);
        if (st == GALP_OK && col.type == GALP_TYPE_STR) {
            check_str_upload(&col, file, len);
        } else if (st == GALP_OK) {
            check_file(file, len, seed, 0);
        } else {
            galp_gpu_column *g = (galp_gpu_column *)&col; /* must be overwritten with NULL */
            assert_int_equal(galp_gpu_column_upload(file, len, &g), st);
            assert_null(g);
        }
        free(file);
        count++;
    }
    closedir(d);
    return count;
}

static void test_golden_vectors(void **state)
{
    (void)state;
    const char *src = getenv("GALP_SRCDIR");
    if (src == NULL)
        skip();
    char dir[4096];
    join_path(dir, sizeof dir, src, "vectors");
    uint64_t seed = 3;
    unsigned files = check_galp_dir(dir, &seed);
    print_message("golden vectors checked on the GPU: %u files\n", files);
    if (files == 0)
        skip();
}

/* Real data: every CSV sample and row-group file, as f64 and cast to f32, in both float
 * layouts, tiled to several vectors. */
static void check_real_doubles(const double *x, size_t count, uint64_t *seed)
{
    const size_t n = count < 4096 ? count * 5 + 77 : count; /* tile short samples */
    double *d = malloc(n * sizeof *d);
    float *f = malloc(n * sizeof *f);
    assert_non_null(d);
    assert_non_null(f);
    for (size_t i = 0; i < n; i++) {
        d[i] = x[i % count];
        f[i] = (float)d[i];
    }
    check_values_queries(GALP_TYPE_F64, GALP_SCHEME_GALP, d, n, seed, 3);
    check_values_queries(GALP_TYPE_F64, GALP_SCHEME_ALP, d, n, seed, 3);
    check_values_queries(GALP_TYPE_F32, GALP_SCHEME_GALP, f, n, seed, 3);
    free(d);
    free(f);
}

static void test_real_data(void **state)
{
    (void)state;
    const char *root = getenv("GALP_DATA_DIR");
    char dir[4096];
    unsigned files = 0;
    uint64_t seed = 17;
    if (root == NULL)
        skip();
    join_path(dir, sizeof dir, root, "alp/samples");
    DIR *d = opendir(dir);
    if (d != NULL) {
        struct dirent *e;
        while ((e = readdir(d)) != NULL) {
            if (!has_suffix(e->d_name, ".csv"))
                continue;
            char path[4096];
            join_path(path, sizeof path, dir, e->d_name);
            FILE *fp = fopen(path, "r");
            assert_non_null(fp);
            double *x = malloc(1 << 20);
            size_t count = 0;
            char line[256];
            while (count < (1u << 17) && fgets(line, sizeof line, fp) != NULL)
                x[count++] = strtod(line, NULL);
            fclose(fp);
            if (count != 0)
                check_real_doubles(x, count, &seed);
            free(x);
            files++;
        }
        closedir(d);
    }
    join_path(dir, sizeof dir, root, "alp/rowgroups");
    d = opendir(dir);
    if (d != NULL) {
        struct dirent *e;
        while ((e = readdir(d)) != NULL) {
            if (!has_suffix(e->d_name, ".bin"))
                continue;
            char path[4096];
            join_path(path, sizeof path, dir, e->d_name);
            size_t len = 0;
            uint8_t *raw = ts_read_file(path, &len);
            assert_non_null(raw);
            double *x = malloc(len);
            assert_non_null(x);
            memcpy(x, raw, len);
            check_real_doubles(x, len / sizeof(double), &seed);
            free(x);
            free(raw);
            files++;
        }
        closedir(d);
    }
    if (files == 0) {
        print_message("no real data under %s/alp (GALP_DATA_DIR): skipped\n", root);
        skip();
    }
}

/* ---- prefetched runs ------------------------------------------------------------------ */

/* Value i of a u32 column whose runs of 256 vectors have widths 0-8 and 12 in turn. */
static uint64_t prefetch_u32(uint64_t i, uint64_t *seed)
{
    static const unsigned widths[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 12};
    const unsigned b = widths[i / 1024 / 256 % 10];
    return 1000u + (ts_random(seed) & (((uint64_t)1 << b) - 1));
}

/* Value i of an f64 column whose runs of 256 vectors are constant (G-ALP width 0 without
 * exceptions: a lane table, no packed words), one-decimal values, and the same with NaNs
 * (exceptions) in turn. */
static uint64_t prefetch_f64(uint64_t i, uint64_t *seed)
{
    const uint64_t run = i / 1024 / 256 % 3;
    if (run == 0)
        return ts_f64_bits(2.5);
    if (run == 2 && ts_random_below(seed, 200) == 0)
        return ts_f64_bits(NAN);
    return ts_f64_bits((double)ts_random_below(seed, 100) / 10.0);
}

/* Columns of small payloads long enough that the decompression kernel which prefetches runs
 * of 256 vectors, two grids of resident blocks ahead (gpu/decompress.cuh), prefetches some:
 * at least 2·(2048 / threads)·SMs + 3·256 vectors (64 threads per block for u32, 128 for
 * f64), with runs whose payloads are empty, a lane table only, small and not small, and a
 * partial last vector. The decoded bytes must be the reference's; the scans do not prefetch. */
static void test_prefetched_runs(void **state)
{
    (void)state;
    int device = 0, sms = 0;
    uint64_t seed = 23;
    CUDA_OK(cudaGetDevice(&device));
    CUDA_OK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
    for (int f64 = 0; f64 < 2; f64++) {
        const galp_type type = f64 ? GALP_TYPE_F64 : GALP_TYPE_U32;
        const uint64_t vectors = 2u * (2048u / (f64 ? 128u : 64u)) * (uint64_t)sms + 3u * 256u;
        const uint64_t n = vectors * 1024u - 300u;
        uint8_t *values = malloc(n * width_of(type));
        assert_non_null(values);
        for (uint64_t i = 0; i < n; i++)
            ts_store_bits(type, values, i, f64 ? prefetch_f64(i, &seed) : prefetch_u32(i, &seed));
        size_t len = 0;
        uint8_t *file = ts_compress(type, f64 ? GALP_SCHEME_GALP : GALP_SCHEME_FFOR, values, n, &len);
        assert_true(len < n * width_of(type) / 4); /* payloads small on average: the kernel that prefetches */
        checked_column c;
        checked_open(&c, file, len);
        check_decoded_bytes(&c, library_decode, 0);
        checked_close(&c);
        free(file);
        free(values);
    }
}

/* ---- argument checks ------------------------------------------------------------------ */

/* The device API's ALP constants, computed (alp_params) and tabled (the bulk kernels), are
 * galp/alp_constants.h's for every exponent and factor of both float types. */
static void test_alp_constants_from_one_source(void **state)
{
    (void)state;
    unsigned mismatches = ~0u;
    assert_int_equal(test_device_alp_constants(&mismatches), GALP_OK);
    assert_int_equal(mismatches, 0);
}

static void test_arguments(void **state)
{
    (void)state;
    uint32_t values[3000];
    for (unsigned i = 0; i < 3000; i++)
        values[i] = i * 7u;
    size_t len = 0;
    uint8_t *file = ts_compress(GALP_TYPE_U32, GALP_SCHEME_FFOR, values, 3000, &len);
    galp_gpu_column *col = NULL;
    assert_int_equal(galp_gpu_column_upload(NULL, len, &col), GALP_ERR_ARGUMENT);
    assert_int_equal(galp_gpu_column_upload(file, len, NULL), GALP_ERR_ARGUMENT);
    assert_int_equal(galp_gpu_column_upload(file, len - 1, &col), GALP_ERR_TRUNCATED);
    assert_null(col);
    file[70] ^= 1; /* inside the metadata table: the checksum catches it */
    assert_int_equal(galp_gpu_column_upload(file, len, &col), GALP_ERR_CHECKSUM);
    assert_null(col);
    file[70] ^= 1;
    /* an opened column, uploaded without a second validation, only while it is unchanged */
    galp_column opened;
    assert_int_equal(galp_open(&opened, file, len), GALP_OK);
    assert_int_equal(galp_gpu_column_upload_opened(NULL, &col), GALP_ERR_ARGUMENT);
    assert_int_equal(galp_gpu_column_upload_opened(&opened, NULL), GALP_ERR_ARGUMENT);
    opened.value_count += 1024;
    assert_int_equal(galp_gpu_column_upload_opened(&opened, &col), GALP_ERR_ARGUMENT);
    assert_null(col);
    opened.value_count -= 1024;
    assert_int_equal(galp_gpu_column_upload_opened(&opened, &col), GALP_OK);
    galp_gpu_column_free(col);
    assert_int_equal(galp_gpu_column_upload(file, len, &col), GALP_OK);
    assert_int_equal(galp_gpu_decompress(col, NULL, 1 << 20, stream), GALP_ERR_ARGUMENT);
    assert_int_equal(galp_gpu_decompress(NULL, file, 1 << 20, stream), GALP_ERR_ARGUMENT);
    assert_int_equal(galp_gpu_aggregate_column(col, NULL, stream), GALP_ERR_ARGUMENT);
    uint32_t v = 7;
    assert_int_equal(galp_gpu_count_range(col, &v, NULL, NULL, 0, (uint64_t *)file, stream),
                     GALP_ERR_ARGUMENT);
    assert_int_equal(galp_gpu_count_range(col, &v, &v, NULL, 0, NULL, stream), GALP_ERR_ARGUMENT);
    assert_int_equal(galp_gpu_exists(col, &v, NULL, 0, NULL, stream), GALP_ERR_ARGUMENT);
    assert_int_equal(galp_gpu_range_temp_size(col), 0); /* FFOR: no plans */
    galp_gpu_column_free(col);
    galp_gpu_column_free(NULL);
    free(file);
}

int main(void)
{
    galp_status st = galp_gpu_available();
    if (st != GALP_OK) {
        printf("SKIP: no usable CUDA device (%s)\n", galp_strerror(st));
        return 77;
    }
    if (cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking) != cudaSuccess) {
        printf("SKIP: cannot create a CUDA stream\n");
        return 77;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_arguments),
        cmocka_unit_test(test_alp_constants_from_one_source),
        cmocka_unit_test(test_integers_every_width),
        cmocka_unit_test(test_patched_ffor_columns),
        cmocka_unit_test(test_integer_constant_columns),
        cmocka_unit_test(test_constant_columns_table_or_not),
        cmocka_unit_test(test_floats_every_scheme),
        cmocka_unit_test(test_floats_alprd),
        cmocka_unit_test(test_floats_alprd_kinds),
        cmocka_unit_test(test_floats_alprd_every_width),
        cmocka_unit_test(test_floats_alprd_many_exceptions),
        cmocka_unit_test(test_record_scan_every_width),
        cmocka_unit_test(test_record_scan_exceptions),
        cmocka_unit_test(test_direct_variant_mixed_vectors),
        cmocka_unit_test(test_wide_vectors_every_width),
        cmocka_unit_test(test_vector_verdicts),
        cmocka_unit_test(test_constant_vectors_with_exceptions),
        cmocka_unit_test(test_stages_around_48k),
        cmocka_unit_test(test_concurrent_opt_ins),
        cmocka_unit_test(test_raw_zero_extremes),
        cmocka_unit_test(test_exception_extremes),
        cmocka_unit_test(test_exception_slots_ignored),
        cmocka_unit_test(test_image_fills_exception_slots),
        cmocka_unit_test(test_partly_safe_vectors),
        cmocka_unit_test(test_products_at_the_double_edge),
        cmocka_unit_test(test_stored_safe_vectors),
        cmocka_unit_test(test_prefetched_runs),
        cmocka_unit_test(test_golden_vectors),
        cmocka_unit_test(test_real_data),
    };
    const int failed = TS_RUN_TESTS(tests); /* GALP_TEST_ONLY selects some */
    cudaStreamDestroy(stream);
    return failed;
}

#else /* !GALP_HAVE_CUDA */

/* A CPU-only build: every entry point reports GALP_ERR_NO_DEVICE (include/galp_gpu.h). */
static void test_no_device(void **state)
{
    (void)state;
    uint32_t values[100] = {0};
    size_t len = 0;
    uint8_t *file = ts_compress(GALP_TYPE_U32, GALP_SCHEME_FFOR, values, 100, &len);
    galp_gpu_column *col = (galp_gpu_column *)file;
    uint64_t count;
    uint32_t found;
    galp_gpu_aggregate agg;
    galp_gpu_view view;
    assert_int_equal(galp_gpu_available(), GALP_ERR_NO_DEVICE);
    assert_int_equal(galp_gpu_column_upload(file, len, &col), GALP_ERR_NO_DEVICE);
    assert_null(col);
    assert_int_equal(galp_gpu_column_view(col, &view), GALP_ERR_NO_DEVICE);
    assert_int_equal(galp_gpu_decompress(col, values, sizeof values, NULL), GALP_ERR_NO_DEVICE);
    assert_int_equal(galp_gpu_aggregate_column(col, &agg, NULL), GALP_ERR_NO_DEVICE);
    assert_int_equal(galp_gpu_range_temp_size(col), 0);
    assert_int_equal(galp_gpu_count_range(col, values, values, NULL, 0, &count, NULL),
                     GALP_ERR_NO_DEVICE);
    assert_int_equal(galp_gpu_exists(col, values, NULL, 0, &found, NULL), GALP_ERR_NO_DEVICE);
    galp_gpu_column_free(col);
    free(file);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_no_device)};
    int failed = cmocka_run_group_tests(tests, NULL, NULL);
    if (failed != 0)
        return failed;
    printf("SKIP: built without CUDA (the GALP_ERR_NO_DEVICE contract holds)\n");
    return 77;
}

#endif /* GALP_HAVE_CUDA */
