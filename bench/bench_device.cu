/*
 * bench_device.cu — timing, tiled buffers, compare and bandwidth ceilings (bench_device.cuh).
 */
#include "bench_device.cuh"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static int scrub_l2(cudaStream_t stream);

/* 0, or -1 with the CUDA error said: a timing that fails names what failed and why. */
static int timing_ok(cudaError_t e, const char *what)
{
    if (e == cudaSuccess)
        return 0;
    fprintf(stderr, "\nbench: %s: %s\n", what, cudaGetErrorString(e));
    return -1;
}

int bench_time_segments(bench_launch_fn launch, void *ctx, int segments, int warmup, int runs,
                        cudaStream_t stream, double *ms)
{
    int rc = 0;
    cudaEvent_t *ev = (cudaEvent_t *)calloc((size_t)segments + 1, sizeof *ev);
    if (!ev)
        return -1;
    for (int s = 0; s <= segments && rc == 0; s++)
        if (cudaEventCreate(&ev[s]) != cudaSuccess)
            rc = -1;
    for (int r = 0; r < warmup && rc == 0; r++)
        for (int s = 0; s < segments && rc == 0; s++)
            rc = launch(ctx, s, stream);
    for (int r = 0; r < runs && rc == 0; r++) {
        rc = scrub_l2(stream);
        cudaEventRecord(ev[0], stream);
        for (int s = 0; s < segments && rc == 0; s++) {
            rc = launch(ctx, s, stream);
            cudaEventRecord(ev[s + 1], stream);
        }
        if (rc == 0)
            rc = timing_ok(cudaEventSynchronize(ev[segments]), "the timed runs");
        for (int s = 0; s < segments && rc == 0; s++) {
            float t = 0;
            rc = timing_ok(cudaEventElapsedTime(&t, ev[s], ev[s + 1]), "the time of a run");
            ms[r * segments + s] = t;
        }
    }
    if (rc == 0)
        rc = timing_ok(cudaGetLastError(), "a launch of the timed runs");
    for (int s = 0; s <= segments; s++)
        if (ev[s])
            cudaEventDestroy(ev[s]);
    free(ev);
    return rc;
}

bench_timing bench_timing_of(const double *ms, int segments, int runs, unsigned mask)
{
    bench_timing t = {0, 0, runs};
    double *sum = (double *)calloc((size_t)runs, sizeof *sum);
    if (!sum || runs == 0) {
        free(sum);
        return t;
    }
    for (int r = 0; r < runs; r++)
        for (int s = 0; s < segments; s++)
            if (mask >> s & 1u)
                sum[r] += ms[r * segments + s];
    qsort(sum, (size_t)runs, sizeof *sum, cmp_double);
    t.min_ms = sum[0];
    t.median_ms = runs % 2 ? sum[runs / 2] : 0.5 * (sum[runs / 2 - 1] + sum[runs / 2]);
    free(sum);
    return t;
}

/* ---- ceilings ---------------------------------------------------------------------------- */

static const unsigned ceiling_threads = 256;

static unsigned grid_for(size_t items)
{
    int sms = 0, device = 0;
    cudaGetDevice(&device);
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
    size_t blocks = (items + ceiling_threads - 1) / ceiling_threads;
    size_t cap = (size_t)(sms > 0 ? sms : 1) * 32; /* enough blocks in flight to hide latency */
    return (unsigned)(blocks < cap ? blocks : cap);
}

__global__ void copy_kernel(const uint4 *__restrict__ src, uint4 *__restrict__ dst, size_t n)
{
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n;
         i += (size_t)gridDim.x * blockDim.x)
        dst[i] = src[i];
}

/* XOR of everything read; stored only when it equals a value no input here produces, so the
 * loads cannot be optimised away and nothing is written in practice. */
__global__ void read_kernel(const uint4 *__restrict__ src, size_t n, unsigned *sink)
{
    unsigned acc = 0;
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n;
         i += (size_t)gridDim.x * blockDim.x) {
        uint4 v = src[i];
        acc ^= v.x ^ v.y ^ v.z ^ v.w;
    }
    if (acc == 0x9E3779B9u)
        *sink = acc;
}

/* The scrub's buffer, filled, and its sink: both or, on a failure, neither (nothing kept
 * that a later call would take for made). */
static int make_scrub_buffer(size_t bytes, uint4 **buffer, unsigned **sink)
{
    uint4 *b = nullptr;
    unsigned *s = nullptr;
    cudaError_t e = cudaMalloc(&s, sizeof *s);
    if (e == cudaSuccess)
        e = cudaMalloc(&b, bytes);
    if (e == cudaSuccess)
        e = cudaMemset(b, 0x3C, bytes);
    if (e != cudaSuccess) {
        fprintf(stderr, "scrub_l2: a buffer of %zu bytes: %s\n", bytes, cudaGetErrorString(e));
        cudaFree(b);
        cudaFree(s);
        return -1;
    }
    *buffer = b, *sink = s;
    return 0;
}

/* Before every timed repetition, L2 is filled with clean lines of a buffer no measurement
 * uses, by reading it (untimed): each repetition then finds its input in DRAM, as a column
 * decoded once would, and no dirty lines of the previous repetition to write back in its
 * time. Without it, the compressed bytes of a column smaller than L2 were partly read from
 * L2 again by the next repetition, more so once decompression stored its output evict-first
 * (docs/PERFORMANCE.md). The buffer, four times the L2, is made on first use and kept for
 * the life of the process. */
static int scrub_l2(cudaStream_t stream)
{
    static uint4 *buffer;
    static unsigned *sink;
    static size_t n;
    if (!buffer) {
        int device = 0, l2 = 0;
        BENCH_CUDA(cudaGetDevice(&device));
        BENCH_CUDA(cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, device));
        const size_t bytes = 4 * ((size_t)l2 > ((size_t)16 << 20) ? (size_t)l2 : ((size_t)16 << 20));
        if (make_scrub_buffer(bytes, &buffer, &sink) != 0)
            return -1;
        n = bytes / sizeof(uint4);
    }
    read_kernel<<<grid_for(n), ceiling_threads, 0, stream>>>(buffer, n, sink);
    BENCH_CUDA(cudaGetLastError());
    return 0;
}

__global__ void write_kernel(uint4 *__restrict__ dst, size_t n, unsigned pattern)
{
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n;
         i += (size_t)gridDim.x * blockDim.x)
        dst[i] = make_uint4(pattern, pattern ^ (unsigned)i, pattern, (unsigned)i);
}

typedef struct ceiling_ctx {
    int which; /* 0 copy kernel, 1 memcpy, 2 read, 3 write */
    uint4 *a, *b;
    size_t n; /* uint4 elements */
    unsigned *sink;
} ceiling_ctx;

static int ceiling_launch(void *p, int, cudaStream_t stream)
{
    ceiling_ctx *c = (ceiling_ctx *)p;
    unsigned grid = grid_for(c->n);
    switch (c->which) {
    case 0: copy_kernel<<<grid, ceiling_threads, 0, stream>>>(c->a, c->b, c->n); break;
    case 1:
        BENCH_CUDA(cudaMemcpyAsync(c->b, c->a, c->n * sizeof(uint4), cudaMemcpyDeviceToDevice,
                                   stream));
        break;
    case 2: read_kernel<<<grid, ceiling_threads, 0, stream>>>(c->a, c->n, c->sink); break;
    default: write_kernel<<<grid, ceiling_threads, 0, stream>>>(c->b, c->n, 0x5A5A5A5Au); break;
    }
    BENCH_CUDA(cudaGetLastError());
    return 0;
}

int bench_measure_ceilings(size_t bytes, int warmup, int runs, bench_ceilings *out)
{
    ceiling_ctx c = {0, NULL, NULL, bytes / sizeof(uint4), NULL};
    double *ms = (double *)calloc((size_t)runs, sizeof *ms);
    double gbps[4];
    int rc = 0;
    if (!ms)
        return -1;
    if (cudaMalloc(&c.a, bytes) != cudaSuccess || cudaMalloc(&c.b, bytes) != cudaSuccess ||
        cudaMalloc(&c.sink, sizeof *c.sink) != cudaSuccess ||
        cudaMemset(c.a, 0x3C, bytes) != cudaSuccess) {
        fprintf(stderr, "ceilings: cannot allocate 2 x %zu bytes\n", bytes);
        rc = -1;
    }
    /* Bytes moved per repetition: copies read and write, the others do one of the two. */
    for (int w = 0; w < 4 && rc == 0; w++) {
        c.which = w;
        rc = bench_time_segments(ceiling_launch, &c, 1, warmup, runs, 0, ms);
        double moved = (double)c.n * sizeof(uint4) * (w < 2 ? 2 : 1);
        gbps[w] = moved / (bench_timing_of(ms, 1, runs, 1u).median_ms * 1e6);
    }
    if (rc == 0) {
        out->copy_kernel = gbps[0];
        out->copy_memcpy = gbps[1];
        out->copy = gbps[0] > gbps[1] ? gbps[0] : gbps[1];
        out->read = gbps[2];
        out->write = gbps[3];
        out->bytes = bytes;
    }
    cudaFree(c.a);
    cudaFree(c.b);
    cudaFree(c.sink);
    free(ms);
    return rc;
}

int bench_read_floor(size_t bytes, int warmup, int runs, double *median_ms)
{
    static size_t kept_bytes;
    static double kept_ms;
    if (bytes == kept_bytes) {
        *median_ms = kept_ms;
        return 0;
    }
    ceiling_ctx c = {2, NULL, NULL, (bytes + sizeof(uint4) - 1) / sizeof(uint4), NULL};
    double *ms = (double *)calloc((size_t)runs, sizeof *ms);
    int rc = ms ? 0 : -1;
    if (rc == 0 && (cudaMalloc(&c.a, c.n * sizeof(uint4)) != cudaSuccess ||
                    cudaMalloc(&c.sink, sizeof *c.sink) != cudaSuccess ||
                    cudaMemset(c.a, 0x3C, c.n * sizeof(uint4)) != cudaSuccess)) {
        fprintf(stderr, "read floor: cannot allocate %zu bytes\n", bytes);
        rc = -1;
    }
    if (rc == 0)
        rc = bench_time_segments(ceiling_launch, &c, 1, warmup, runs, 0, ms);
    if (rc == 0) {
        kept_bytes = bytes;
        kept_ms = *median_ms = bench_timing_of(ms, 1, runs, 1u).median_ms;
    }
    cudaFree(c.a);
    cudaFree(c.sink);
    free(ms);
    return rc;
}

/* ---- buffers ----------------------------------------------------------------------------- */

int bench_device_tiled(const void *period, size_t period_bytes, size_t total, void **d_out)
{
    char *d = NULL;
    *d_out = NULL;
    BENCH_CUDA(cudaMalloc((void **)&d, total));
    cudaError_t e = cudaMemcpy(d, period, period_bytes, cudaMemcpyHostToDevice);
    for (size_t have = period_bytes; e == cudaSuccess && have < total; have *= 2)
        e = cudaMemcpy(d + have, d, have < total - have ? have : total - have,
                       cudaMemcpyDeviceToDevice);
    if (e != cudaSuccess) {
        fprintf(stderr, "tiling %zu bytes: %s\n", total, cudaGetErrorString(e));
        cudaFree(d);
        return -1;
    }
    *d_out = d;
    return 0;
}

__global__ void diff_kernel(const uint8_t *a, const uint8_t *b, size_t n,
                            unsigned long long *count)
{
    unsigned long long local = 0;
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n;
         i += (size_t)gridDim.x * blockDim.x)
        local += a[i] != b[i];
    if (local)
        atomicAdd(count, local);
}

long long bench_device_diff(const void *a, const void *b, size_t bytes)
{
    unsigned long long *d_count, count = 0;
    BENCH_CUDA(cudaMalloc(&d_count, sizeof *d_count));
    cudaMemset(d_count, 0, sizeof *d_count);
    diff_kernel<<<grid_for(bytes), ceiling_threads>>>((const uint8_t *)a, (const uint8_t *)b,
                                                      bytes, d_count);
    cudaError_t e = cudaMemcpy(&count, d_count, sizeof count, cudaMemcpyDeviceToHost);
    cudaFree(d_count);
    if (e != cudaSuccess) {
        fprintf(stderr, "compare: %s\n", cudaGetErrorString(e));
        return -1;
    }
    return (long long)count;
}

int bench_device_poison(void *d, size_t bytes)
{
    BENCH_CUDA(cudaMemset(d, 0xA5, bytes));
    return 0;
}
