/*
 * bench/gpu_bench.cu — throughput of the CUDA decoder against the device's own ceilings.
 *
 *   bench/gpu_bench [DATA_DIR] [GIB]
 *
 * Ceilings, measured in the same run: device-to-device copy (cudaMemcpy and a 16-byte copy
 * kernel; bytes read + written) and a 16-byte read-only kernel. A 16-byte write-only kernel
 * is reported beside them (not a ceiling): decompression of narrow vectors writes 16-32× what
 * it reads, so its rate shows how much of the copy rate pure writes reach. Columns, each tiled until it
 * decodes to at least GIB GiB (default 1): the real float64 row groups of DATA_DIR/alp/rowgroups
 * (default ../shared/data) as f64 and cast to f32, G-ALP; FFOR u32 at every bit width 0..32
 * on random data. Every figure is the median of 15 timed runs after 3 warm-ups, timed with
 * CUDA events. Fractions: decompression = (compressed + decoded bytes) / time / best copy;
 * pushed-down range count = compressed bytes / time / read-only rate. Fused scans are also
 * given in G values/ms, the unit of the G-ALP paper's filter figures.
 *
 * The image of each column is built by compressing one tile and repeating its vectors
 * (every vector is independent: spec/format.md §2), so only the first tile is encoded.
 */
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <cuda_runtime.h>

#include "galp.h"
#include "galp_device.cuh"
#include "galp_gpu.h"
extern "C" {
#include "galp_internal.h" /* galp_crc32c, to seal tiled files */
}

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

static cudaStream_t stream;

/* Median time in ms of f() enqueued on the stream. */
template <typename F> static double time_ms(F f)
{
    cudaEvent_t a, b;
    CHECK_CUDA(cudaEventCreate(&a));
    CHECK_CUDA(cudaEventCreate(&b));
    for (int i = 0; i < 3; i++)
        f();
    std::vector<double> t;
    for (int i = 0; i < 15; i++) {
        CHECK_CUDA(cudaEventRecord(a, stream));
        f();
        CHECK_CUDA(cudaEventRecord(b, stream));
        CHECK_CUDA(cudaEventSynchronize(b));
        float ms = 0;
        CHECK_CUDA(cudaEventElapsedTime(&ms, a, b));
        t.push_back(ms);
    }
    CHECK_CUDA(cudaGetLastError());
    std::sort(t.begin(), t.end());
    CHECK_CUDA(cudaEventDestroy(a));
    CHECK_CUDA(cudaEventDestroy(b));
    return t[t.size() / 2];
}

__global__ void copy_kernel(const uint4 *in, uint4 *out, size_t n)
{
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
        out[i] = in[i];
}

__global__ void write_kernel(uint4 *out, size_t n)
{
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
        out[i] = make_uint4((unsigned)i, 0u, 0u, 0u);
}

__global__ void read_kernel(const uint4 *in, size_t n, unsigned *sink)
{
    unsigned x = 0;
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) {
        uint4 v = __ldg(in + i);
        x ^= v.x ^ v.y ^ v.z ^ v.w;
    }
    if (x == 0x9e3779b9u) /* practically never: keeps the loads alive */
        *sink = x;
}

/* Repeats the vectors of a file of full vectors until it holds at least `vectors`. */
static std::vector<uint8_t> tile_file(const std::vector<uint8_t> &file, uint32_t vectors)
{
    galp_column col;
    CHECK_GALP(galp_open(&col, file.data(), file.size()));
    const uint32_t nv0 = col.vector_count;
    const uint32_t reps = (vectors + nv0 - 1) / nv0, nv = reps * nv0;
    const size_t table_end = 64 + 32 * (size_t)nv;
    std::vector<galp_vector_info> info(nv0);
    size_t body = 0;
    for (uint32_t v = 0; v < nv0; v++) {
        CHECK_GALP(galp_vector_info_get(&col, v, &info[v]));
        body += (info[v].payload_size + 15) / 16 * 16;
    }
    const size_t payload_end = table_end + body * reps, size = payload_end + 256;
    std::vector<uint8_t> out(size, 0);
    memcpy(out.data(), file.data(), 64);
    uint64_t n = (uint64_t)nv * 1024;
    uint64_t fields[][2] = {{8, n}, {32, table_end}, {40, payload_end}, {48, size}};
    for (auto &f : fields)
        memcpy(&out[f[0]], &f[1], 8);
    memcpy(&out[16], &nv, 4);
    size_t at = table_end;
    for (uint32_t r = 0; r < reps; r++)
        for (uint32_t v = 0; v < nv0; v++) {
            uint8_t *e = &out[64 + 32 * ((size_t)r * nv0 + v)];
            memcpy(e, file.data() + 64 + 32 * (size_t)v, 32);
            uint64_t off = at;
            memcpy(e, &off, 8);
            memcpy(&out[at], file.data() + info[v].payload_offset, info[v].payload_size);
            at += (info[v].payload_size + 15) / 16 * 16;
        }
    uint32_t crc = galp_crc32c(galp_crc32c(0, out.data(), 60), out.data() + 64, table_end - 64);
    memcpy(&out[60], &crc, 4);
    return out;
}

static std::vector<uint8_t> compress(galp_type type, galp_scheme scheme, const void *values, uint64_t n)
{
    std::vector<uint8_t> file(galp_compress_bound(type, n));
    size_t len = 0;
    CHECK_GALP(galp_compress(type, scheme, values, n, file.data(), file.size(), &len));
    file.resize(len);
    return file;
}

struct ceilings {
    double copy, read; /* bytes per ms */
};

struct column_bench {
    galp_gpu_column *col;
    galp_gpu_view view;
    size_t compressed, decoded;
};

static column_bench upload(const std::vector<uint8_t> &file)
{
    column_bench b;
    CHECK_GALP(galp_gpu_column_upload(file.data(), file.size(), &b.col));
    CHECK_GALP(galp_gpu_column_view(b.col, &b.view));
    b.compressed = file.size();
    b.decoded = b.view.value_count * galp_type_size(b.view.type);
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
    using namespace galp_gpu;
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
    unsigned blocks = (unsigned)(((uint64_t)b.view.vector_count * galp_gpu::value_traits<T>::lanes + 255) / 256);
    return time_ms([&] { one_vector_per_thread<T, A><<<blocks, 256, 0, stream>>>(b.view, (T *)dst_buffer); });
}

/* Fractions of the copy ceiling: the library call (whole-lane visitor), then the per-value
 * decoder with prefetch depths 1 and 3; returns the library's. */
template <typename T> static double report_decompress(const char *name, const column_bench &b, const ceilings &c)
{
    const double bytes = (double)(b.compressed + b.decoded);
    double t = bench_decompress(b);
    double o1 = bench_one_vector<T, 1>(b), o3 = bench_one_vector<T, 3>(b);
    printf("%-28s ratio %5.2f decompress %7.3f ms %5.1f%% of copy | per-value decoder ahead1 %5.1f%% ahead3 %5.1f%%\n",
           name, (double)b.decoded / b.compressed, t, 100 * bytes / t / c.copy, 100 * bytes / o1 / c.copy,
           100 * bytes / o3 / c.copy);
    return bytes / t / c.copy;
}

static void report_float(const char *name, const column_bench &b, const ceilings &c, double miss)
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
           name, n / ta / 1e9, n / te / 1e9, n / tr / 1e9, 100.0 * b.compressed / tr / c.read);
    CHECK_CUDA(cudaFree(agg));
    CHECK_CUDA(cudaFree(count));
    CHECK_CUDA(cudaFree(found));
    CHECK_CUDA(cudaFree(temp));
}

int main(int argc, char **argv)
{
    const char *data = argc > 1 ? argv[1] : "../shared/data";
    const double gib = argc > 2 ? atof(argv[2]) : 1.0;
    const size_t target = (size_t)(gib * (1u << 30));
    CHECK_CUDA(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
    cudaDeviceProp prop;
    CHECK_CUDA(cudaGetDeviceProperties(&prop, 0));
    printf("device: %s, %d SMs, %.0f MB L2\n", prop.name, prop.multiProcessorCount, prop.l2CacheSize / 1e6);

    dst_size = target + (64u << 20);
    CHECK_CUDA(cudaMalloc(&dst_buffer, dst_size));
    void *src;
    unsigned *sink;
    CHECK_CUDA(cudaMalloc(&src, target));
    CHECK_CUDA(cudaMalloc((void **)&sink, sizeof *sink));
    CHECK_CUDA(cudaMemset(src, 1, target));
    ceilings c;
    const size_t n16 = target / 16;
    const unsigned grid = prop.multiProcessorCount * 8;
    double t_memcpy = time_ms([&] { CHECK_CUDA(cudaMemcpyAsync(dst_buffer, src, target, cudaMemcpyDeviceToDevice, stream)); });
    double t_copyk = time_ms([&] { copy_kernel<<<grid, 256, 0, stream>>>((const uint4 *)src, (uint4 *)dst_buffer, n16); });
    double t_read = time_ms([&] { read_kernel<<<grid, 256, 0, stream>>>((const uint4 *)src, n16, sink); });
    double t_write = time_ms([&] { write_kernel<<<grid, 256, 0, stream>>>((uint4 *)dst_buffer, n16); });
    c.copy = std::max(2.0 * target / t_memcpy, 2.0 * target / t_copyk);
    c.read = (double)target / t_read;
    printf("ceilings: cudaMemcpy D2D %.2f TB/s, copy kernel %.2f TB/s (read+write), read-only %.2f TB/s\n",
           2.0 * target / t_memcpy / 1e9, 2.0 * target / t_copyk / 1e9, c.read / 1e9);
    printf("write-only kernel %.2f TB/s, %.1f%% of copy\n", target / t_write / 1e9, 100.0 * target / t_write / c.copy);
    CHECK_CUDA(cudaFree(src));

    /* Real data: the row groups, f64 and cast to f32. */
    std::vector<double> doubles;
    const char *names[] = {"city_temperature_f_tw", "food_prices_tw", "bitcoin_transactions_f_tw"};
    for (const char *name : names) {
        char path[4096];
        snprintf(path, sizeof path, "%s/alp/rowgroups/%s.bin", data, name);
        FILE *fp = fopen(path, "rb");
        if (!fp)
            continue;
        std::vector<double> part(131072);
        size_t got = fread(part.data(), sizeof(double), part.size(), fp);
        fclose(fp);
        part.resize(got / 1024 * 1024);
        std::vector<uint8_t> file = compress(GALP_TYPE_F64, GALP_SCHEME_GALP, part.data(), part.size());
        column_bench b = upload(tile_file(file, (uint32_t)(target / 8192)));
        char label[64];
        snprintf(label, sizeof label, "f64 %s", name);
        report_float(label, b, c, -123456.789);
        galp_gpu_column_free(b.col);
        std::vector<float> floats(part.begin(), part.end());
        file = compress(GALP_TYPE_F32, GALP_SCHEME_GALP, floats.data(), floats.size());
        b = upload(tile_file(file, (uint32_t)(target / 4096)));
        snprintf(label, sizeof label, "f32 %s", name);
        report_float(label, b, c, -123456.789);
        galp_gpu_column_free(b.col);
    }

    /* FFOR u32, every bit width: 64 random vectors tiled. */
    std::vector<uint32_t> u(64 * 1024);
    uint64_t s = 42;
    double worst = 1e9;
    for (unsigned w = 0; w <= 32; w++) {
        for (auto &x : u) {
            s = s * 6364136223846793005ull + 1442695040888963407ull;
            uint32_t r = (uint32_t)(s >> 32);
            x = 1000u + (w == 32 ? r : w == 0 ? 0u : r & ((1u << w) - 1u));
        }
        std::vector<uint8_t> file = compress(GALP_TYPE_U32, GALP_SCHEME_FFOR, u.data(), u.size());
        column_bench b = upload(tile_file(file, (uint32_t)(target / 4096)));
        char label[32];
        snprintf(label, sizeof label, "u32 FFOR b=%u", w);
        worst = std::min(worst, report_decompress<uint32_t>(label, b, c));
        galp_gpu_column_free(b.col);
    }
    printf("u32 FFOR worst bit width: %.1f%% of copy\n", 100 * worst);
    CHECK_CUDA(cudaFree(dst_buffer));
    return 0;
}
