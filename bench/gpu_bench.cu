/*
 * bench/gpu_bench.cu — throughput of the CUDA decoder against the device's own ceilings.
 *
 *   bench/gpu_bench [DATA_DIR] [GIB] [alprd]
 *
 * With `alprd`, the ceilings and the ALP_RD rows only (run_alprd): the shared data's columns
 * that the reference encodes ALP_RD (poi_lat, poi_lon, air_sensor_f, bitcoin_transactions_f_tw),
 * float64 and cast to float32, encoded AUTO: full decompression as a fraction of the copy
 * limit, a device-API filter (visit_lane_alprd) and galp_gpu_count_range as fractions of the
 * read limit; on a second line, variants of the filter: with registers bounded for more
 * blocks per multiprocessor, and by the row masks of alprd_lane_match.
 *
 * Ceilings, measured in the same run by bench/bench_device.cuh (the ones galp-bench and the
 * gate use): device-to-device copy (cudaMemcpy and a 16-byte copy kernel; bytes read +
 * written) and a 16-byte read-only kernel. A 16-byte write-only kernel is reported beside
 * them (not a ceiling): decompression of narrow vectors writes 16-32× what it reads, so its
 * rate shows how much of the copy rate pure writes reach. Columns (bench/bench_data.h), each
 * tiled until it decodes to at least GIB GiB (default 1) by bench/galp_tile.h: the real
 * float64 row groups of DATA_DIR/alp/rowgroups (default ../shared/data) as f64 and cast to
 * f32, G-ALP; FFOR u32 at every bit width 0..32 on random data. Every figure is the median of
 * 15 timed runs after 3 warm-ups, timed with CUDA events. Fractions: decompression =
 * (compressed + decoded bytes) / time / best copy; pushed-down range count = compressed bytes
 * / time / read-only rate. Fused scans are also given in G values/ms, the unit of the G-ALP
 * paper's filter figures.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cuda_runtime.h>

#include "bench_data.h"
#include "bench_device.cuh"
#include "galp.h"
#include "galp/device.cuh"
#include "galp_gpu.h"
#include "galp_tile.h"

#define CHECK_CUDA(call)                                                                        \
    do {                                                                                        \
        cudaError_t err_ = (call);                                                              \
        if (err_ != cudaSuccess) {                                                              \
            fprintf(stderr, "gpu_bench: %s: %s\n", #call, cudaGetErrorString(err_));            \
            exit(1);                                                                            \
        }                                                                                       \
    } while (0)
#define CHECK_GALP(call)                                                                        \
    do {                                                                                        \
        galp_status st_ = (call);                                                               \
        if (st_ != GALP_OK) {                                                                   \
            fprintf(stderr, "gpu_bench: %s: %s\n", #call, galp_strerror(st_));                  \
            exit(1);                                                                            \
        }                                                                                       \
    } while (0)

enum { warmups = 3, runs = 15 };
static cudaStream_t stream;

template <typename F> static int launch_once(void *f, int, cudaStream_t)
{
    (*(F *)f)();
    return 0;
}

/* Median time in ms of f() enqueued on the stream (bench/bench_device.cuh). */
template <typename F> static double time_ms(F f)
{
    double ms[runs];
    if (bench_time_segments(launch_once<F>, &f, 1, warmups, runs, stream, ms) != 0) {
        fprintf(stderr, "gpu_bench: timing failed\n");
        exit(1);
    }
    return bench_timing_of(ms, 1, runs, 1u).median_ms;
}

struct column_bench {
    galp_gpu_column *col;
    galp_gpu_view view;
    size_t compressed, decoded;
};

/* The column of dataset d's period repeated until it decodes to at least `bytes`
 * (bench/galp_tile.h), on the device. */
static column_bench upload_tiled(const bench_dataset &d, galp_scheme scheme, size_t bytes)
{
    const uint64_t period_bytes = d.n * galp_type_size(d.type);
    uint8_t *file;
    size_t len;
    CHECK_GALP(galp_tile_encode(d.type, scheme, d.values, d.n, (bytes + period_bytes - 1) / period_bytes, &file, &len,
                                NULL));
    column_bench b;
    CHECK_GALP(galp_gpu_column_upload(file, len, &b.col));
    CHECK_GALP(galp_gpu_column_view(b.col, &b.view));
    b.compressed = len;
    b.decoded = b.view.value_count * galp_type_size(b.view.type);
    free(file);
    return b;
}

static void *dst_buffer;
static size_t dst_size;

static double bench_decompress(const column_bench &b)
{
    return time_ms([&] { CHECK_GALP(galp_gpu_decompress(b.col, dst_buffer, dst_size, stream)); });
}

/* Device-API user code: decompression through the per-value decoder (lane_decoder::next),
 * to compare with the library's whole-lane visitor. */
template <typename T, unsigned A> __global__ void __launch_bounds__(256) one_vector_per_thread(galp_gpu_view col, T *out)
{
    using namespace galp::device::detail;
    constexpr unsigned L = value_traits<T>::lanes, W = value_traits<T>::bits;
    lane_per_thread<T> at((uint64_t)blockIdx.x * 256 + threadIdx.x);
    if (at.vector >= col.vector_count)
        return;
    lane_decoder<T, A> d(col, at.vector, at.lane);
    T *o = out + (size_t)at.vector * GALP_VECTOR_SIZE + at.lane;
    for (unsigned r = 0; r < W; r++) {
        bool present = d.next_slot() < d.value_count;
        T x = d.next();
        if (present)
            o[r * L] = x;
    }
}

template <typename T, unsigned A> static double bench_one_vector(const column_bench &b)
{
    unsigned blocks = (unsigned)(((uint64_t)b.view.vector_count * galp::device::value_traits<T>::lanes + 255) / 256);
    return time_ms([&] { one_vector_per_thread<T, A><<<blocks, 256, 0, stream>>>(b.view, (T *)dst_buffer); });
}

/* Fractions of the copy ceiling: the library call (whole-lane visitor), then the per-value
 * decoder with prefetch depths 1 and 3; returns the library's. */
template <typename T> static double report_decompress(const char *name, const column_bench &b, const bench_ceilings &c)
{
    const double bytes = (double)(b.compressed + b.decoded), copy = c.copy * 1e6; /* bytes per ms */
    double t = bench_decompress(b);
    double o1 = bench_one_vector<T, 1>(b), o3 = bench_one_vector<T, 3>(b);
    printf("%-28s ratio %5.2f decompress %7.3f ms %5.1f%% of copy | per-value decoder ahead1 %5.1f%% ahead3 %5.1f%%\n",
           name, (double)b.decoded / b.compressed, t, 100 * bytes / t / copy, 100 * bytes / o1 / copy,
           100 * bytes / o3 / copy);
    return bytes / t / copy;
}

static void report_float(const char *name, const column_bench &b, const bench_ceilings &c, double miss)
{
    const double n = (double)b.view.value_count;
    if (b.view.type == GALP_TYPE_F64)
        report_decompress<double>(name, b, c);
    else
        report_decompress<float>(name, b, c);

    galp_gpu_aggregate *agg;
    uint64_t *count;
    uint32_t *found;
    CHECK_CUDA(cudaMalloc((void **)&agg, sizeof *agg));
    CHECK_CUDA(cudaMalloc((void **)&count, sizeof *count));
    CHECK_CUDA(cudaMalloc((void **)&found, sizeof *found));
    size_t temp_size = galp_gpu_range_temp_size(b.col);
    void *temp = nullptr;
    CHECK_CUDA(cudaMalloc(&temp, temp_size ? temp_size : 1));
    double ta = time_ms([&] { CHECK_GALP(galp_gpu_aggregate_column(b.col, agg, stream)); });
    uint8_t v[8], lo[8], hi[8];
    if (b.view.type == GALP_TYPE_F64) {
        double x = miss, l = 10.0, h = 20.0;
        memcpy(v, &x, 8), memcpy(lo, &l, 8), memcpy(hi, &h, 8);
    } else {
        float x = (float)miss, l = 10.0f, h = 20.0f;
        memcpy(v, &x, 4), memcpy(lo, &l, 4), memcpy(hi, &h, 4);
    }
    double te = time_ms([&] { CHECK_GALP(galp_gpu_exists(b.col, v, temp, temp_size, found, stream)); });
    double tr = time_ms([&] { CHECK_GALP(galp_gpu_count_range(b.col, lo, hi, temp, temp_size, count, stream)); });
    printf("%-26s sum %.2f G values/ms | exists %.2f G values/ms | range [10,20] %.2f G values/ms, "
           "%5.1f%% of read\n",
           name, n / ta / 1e9, n / te / 1e9, n / tr / 1e9, 100.0 * b.compressed / tr / (c.read * 1e6));
    CHECK_CUDA(cudaFree(agg));
    CHECK_CUDA(cudaFree(count));
    CHECK_CUDA(cudaFree(found));
    CHECK_CUDA(cudaFree(temp));
}

/* ---- columns with ALP_RD vectors (gpu/alprd.cu, galp/device/alprd.cuh) ------------------ */

/* Device-API user code, one thread per lane, one atomic per warp that matched: lo <= x <= hi
 * counted decode-then-compare through visit_lane_alprd, or (by_mask) from the lane's mask of
 * alprd_lane_match. */
template <typename T, bool by_mask>
__device__ __forceinline__ void alprd_filter_lane(const galp_gpu_view &col, T lo, T hi, unsigned long long *count)
{
    using namespace galp::device::detail;
    lane_per_thread<T> at((uint64_t)blockIdx.x * 256 + threadIdx.x);
    unsigned long long hits = 0;
    if (at.vector < col.vector_count) {
        if constexpr (by_mask)
            hits = __popcll(alprd_lane_match<T>(col, at.vector, at.lane, lo, hi));
        else
            visit_lane_alprd<T>(col, at.vector, at.lane, [&](unsigned, T x) { hits += lo <= x && x <= hi; });
    }
    for (int d = 16; d > 0; d >>= 1)
        hits += __shfl_xor_sync(~0u, hits, d);
    if (threadIdx.x % 32 == 0 && hits != 0)
        atomicAdd(count, hits);
}

/* The compiler chooses the registers per thread, and with them how many blocks fit a
 * multiprocessor. */
template <typename T, bool by_mask>
__global__ void __launch_bounds__(256) alprd_filter(galp_gpu_view col, T lo, T hi, unsigned long long *count)
{
    alprd_filter_lane<T, by_mask>(col, lo, hi, count);
}

/* The same with registers bounded so that a multiprocessor holds at least alprd_blocks<T>
 * blocks: 4 for float32 (64 registers per thread), 2 for float64 (128, more than the
 * compiler takes: fewer would spill). */
template <typename T> constexpr int alprd_blocks = sizeof(T) == 4 ? 4 : 2;
template <typename T, bool by_mask>
__global__ void __launch_bounds__(256, alprd_blocks<T>) alprd_filter_bounded(galp_gpu_view col, T lo, T hi,
                                                                              unsigned long long *count)
{
    alprd_filter_lane<T, by_mask>(col, lo, hi, count);
}

/* An AUTO column of dataset d (ALP_RD where the encoder chooses it, as the reference does):
 * its full decompression as a fraction of the copy limit (compressed read + decoded written
 * at the copy rate), and the device-API filter above and the library's range count over the
 * middle half of the values' range as fractions of the read limit (compressed read at the
 * read-only rate). Columns without ALP_RD vectors are named and skipped. */
template <typename T> static void report_alprd(const char *name, const column_bench &b, const bench_ceilings &c)
{
    if (b.view.scheme != GALP_SCHEME_ALP_RD) {
        printf("%-30s no ALP_RD vectors: skipped\n", name);
        return;
    }
    galp_gpu_aggregate agg, *d_agg;
    unsigned long long *d_count;
    CHECK_CUDA(cudaMalloc((void **)&d_agg, sizeof *d_agg));
    CHECK_CUDA(cudaMalloc((void **)&d_count, sizeof *d_count));
    CHECK_GALP(galp_gpu_aggregate_column(b.col, d_agg, stream));
    CHECK_CUDA(cudaMemcpyAsync(&agg, d_agg, sizeof agg, cudaMemcpyDeviceToHost, stream));
    CHECK_CUDA(cudaStreamSynchronize(stream));
    T min, max;
    memcpy(&min, &agg.min_bits, sizeof min);
    memcpy(&max, &agg.max_bits, sizeof max);
    const T lo = min + (max - min) / 4, hi = max - (max - min) / 4;
    const double read = c.read * 1e6, copy = c.copy * 1e6; /* bytes per ms */
    const double td = bench_decompress(b);
    const unsigned blocks = (unsigned)(((uint64_t)b.view.vector_count * galp::device::value_traits<T>::lanes + 255) / 256);
    /* one device-API filter kernel: its time, and its count checked against count_range's */
    unsigned long long expect = 0;
    CHECK_GALP(galp_gpu_count_range(b.col, &lo, &hi, nullptr, 0, (uint64_t *)d_count, stream));
    CHECK_CUDA(cudaMemcpyAsync(&expect, d_count, sizeof expect, cudaMemcpyDeviceToHost, stream));
    CHECK_CUDA(cudaStreamSynchronize(stream));
    const auto filter = [&](auto kernel) {
        const double t = time_ms([&] {
            CHECK_CUDA(cudaMemsetAsync(d_count, 0, sizeof *d_count, stream));
            kernel<<<blocks, 256, 0, stream>>>(b.view, lo, hi, d_count);
        });
        unsigned long long got = 0;
        CHECK_CUDA(cudaMemcpyAsync(&got, d_count, sizeof got, cudaMemcpyDeviceToHost, stream));
        CHECK_CUDA(cudaStreamSynchronize(stream));
        if (got != expect) {
            fprintf(stderr, "gpu_bench: %s: a device-API filter counted %llu, count_range %llu\n", name, got, expect);
            exit(1);
        }
        return 100 * b.compressed / t / read;
    };
    const double tf = filter(alprd_filter<T, false>);
    const double tr = time_ms([&] {
        CHECK_GALP(galp_gpu_count_range(b.col, &lo, &hi, nullptr, 0, (uint64_t *)d_count, stream));
    });
    printf("%-30s ratio %5.2f decompress %7.3f ms %5.1f%% of copy | device-API filter %5.1f%% of read | "
           "count_range %5.1f%% of read\n",
           name, (double)b.decoded / b.compressed, td, 100 * (b.compressed + b.decoded) / td / copy, tf,
           100 * b.compressed / tr / read);
    const double tfb = filter(alprd_filter_bounded<T, false>), tm = filter(alprd_filter<T, true>),
                 tmb = filter(alprd_filter_bounded<T, true>);
    printf("%-30s device-API filter, %d blocks/SM %5.1f%% | alprd_lane_match %5.1f%% | alprd_lane_match, "
           "%d blocks/SM %5.1f%% of read\n",
           name, alprd_blocks<T>, tfb, tm, alprd_blocks<T>, tmb);
    CHECK_CUDA(cudaFree(d_agg));
    CHECK_CUDA(cudaFree(d_count));
}

/* The ALP_RD rows: the shared data's columns that the reference encodes ALP_RD, as float64
 * and cast to float32, under AUTO. */
static void run_alprd(const char *data, size_t target, const bench_ceilings &c)
{
    const char *paths[] = {"samples/poi_lat.csv", "samples/poi_lon.csv", "samples/air_sensor_f.csv",
                           "rowgroups/bitcoin_transactions_f_tw.bin"};
    for (const char *rel : paths) {
        char path[4096], err[256], label[160];
        snprintf(path, sizeof path, "%s/alp/%s", data, rel);
        bench_dataset f64, f32;
        const char *source = strncmp(rel, "samples/", 8) == 0 ? "sample" : "rowgroup";
        if (bench_dataset_read(path, GALP_TYPE_F64, source, &f64, err, sizeof err) != 0) {
            printf("%s: %s: skipped\n", path, err);
            continue;
        }
        if (bench_dataset_cast_f32(&f64, &f32) != 0)
            exit(1);
        const bench_dataset *casts[] = {&f64, &f32};
        for (const bench_dataset *d : casts) {
            column_bench b = upload_tiled(*d, GALP_SCHEME_AUTO, target);
            snprintf(label, sizeof label, "ALP_RD %s %s", galp_type_name(d->type), f64.name);
            if (d->type == GALP_TYPE_F64)
                report_alprd<double>(label, b, c);
            else
                report_alprd<float>(label, b, c);
            galp_gpu_column_free(b.col);
        }
        bench_dataset_free(&f64);
        bench_dataset_free(&f32);
    }
}

int main(int argc, char **argv)
{
    const char *data = argc > 1 ? argv[1] : "../shared/data";
    const double gib = argc > 2 ? atof(argv[2]) : 1.0;
    const size_t target = (size_t)(gib * (1u << 30));
    const bool only_alprd = argc > 3 && strcmp(argv[3], "alprd") == 0;
    CHECK_CUDA(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
    cudaDeviceProp prop;
    CHECK_CUDA(cudaGetDeviceProperties(&prop, 0));
    printf("device: %s, %d SMs, %.0f MB L2\n", prop.name, prop.multiProcessorCount, prop.l2CacheSize / 1e6);

    bench_ceilings c;
    if (bench_measure_ceilings(target, warmups, runs, &c) != 0)
        return 1;
    printf("ceilings: cudaMemcpy D2D %.2f TB/s, copy kernel %.2f TB/s (read+write), read-only %.2f TB/s\n",
           c.copy_memcpy / 1e3, c.copy_kernel / 1e3, c.read / 1e3);
    printf("write-only kernel %.2f TB/s, %.1f%% of copy\n", c.write / 1e3, 100.0 * c.write / c.copy);
    dst_size = target + (64u << 20);
    CHECK_CUDA(cudaMalloc(&dst_buffer, dst_size));
    if (only_alprd) {
        run_alprd(data, target, c);
        CHECK_CUDA(cudaFree(dst_buffer));
        return 0;
    }

    /* Real data: the row groups, f64 and cast to f32 (bench/bench_data.h). */
    const char *names[] = {"city_temperature_f_tw", "food_prices_tw", "bitcoin_transactions_f_tw"};
    for (const char *name : names) {
        char path[4096], err[256], label[64];
        snprintf(path, sizeof path, "%s/alp/rowgroups/%s.bin", data, name);
        bench_dataset f64, f32;
        if (bench_dataset_read(path, GALP_TYPE_F64, "rowgroup", &f64, err, sizeof err) != 0)
            continue; /* absent: the columns that are there still run */
        if (bench_dataset_cast_f32(&f64, &f32) != 0)
            return 1;
        const bench_dataset *casts[] = {&f64, &f32};
        for (const bench_dataset *d : casts) {
            column_bench b = upload_tiled(*d, GALP_SCHEME_GALP, target);
            snprintf(label, sizeof label, "%s %s", galp_type_name(d->type), name);
            report_float(label, b, c, -123456.789);
            galp_gpu_column_free(b.col);
        }
        bench_dataset_free(&f64);
        bench_dataset_free(&f32);
    }

    /* FFOR u32, every bit width: 64 random vectors tiled. */
    double worst = 1e9;
    for (unsigned w = 0; w <= 32; w++) {
        bench_dataset u;
        if (bench_dataset_synthetic_ffor(GALP_TYPE_U32, w, 64 * GALP_VECTOR_SIZE, 42, &u) != 0)
            return 1;
        column_bench b = upload_tiled(u, GALP_SCHEME_FFOR, target);
        char label[32];
        snprintf(label, sizeof label, "u32 FFOR b=%u", w);
        const double f = report_decompress<uint32_t>(label, b, c);
        worst = f < worst ? f : worst;
        galp_gpu_column_free(b.col);
        bench_dataset_free(&u);
    }
    printf("u32 FFOR worst bit width: %.1f%% of copy\n", 100 * worst);
    run_alprd(data, target, c);
    CHECK_CUDA(cudaFree(dst_buffer));
    return 0;
}
