/*
 * ssb_gpu.cu — SSB's 13 queries on the GPU (docs/SSB.md), over
 *   raw     the u32 columns (uncompressed);
 *   tile       each lineorder column in the smallest of GPU-FOR, GPU-DFOR and GPU-RFOR, decoded
 *              tile by tile into registers inside the query kernel (ssb_kernels.cuh);
 *   fastlanes  each lineorder column as galp's FastLanes cascade (a FFOR column whose vectors
 *              take the smallest of FFOR, DELTA, RLE and DICT, spec/fastlanes.md §5), decoded
 *              vector by vector into the same registers inside the query kernel;
 *   nvcomp     each column compressed by nvCOMP Cascaded, decompressed into buffers first,
 *              then the raw kernels (only in a build with nvCOMP, ./configure --with-nvcomp).
 *
 *     ssb_gpu [--warmup N] [--runs N] [--threads N] [--variants LIST] [--json FILE]
 *             SSB_DIR OUT_DIR
 *
 * Each variant's answers go to OUT_DIR/VARIANT/qN.M.csv (ssb_answers.py compares them with
 * DuckDB's). A query's time is the median over --runs runs, after --warmup runs and an L2
 * scrub, of everything it does on the device: clearing the groups, building its dimension
 * tables from the dimension columns, (nvcomp) decompressing the columns it reads, and the
 * fact kernel. The JSON adds the device's copy/read/write ceilings measured in the same run,
 * bits per value of every column in every format, footprints, and the full decompression
 * of every column by each tile scheme and by the FastLanes loader as a fraction of its copy
 * limit.
 */
#include <cuda_runtime.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "bench_device.cuh"
#include "ssb_encode.h"
#include "ssb_kernels.cuh"
#include "ssb_plan.h"

#ifdef GALP_BENCH_NVCOMP
#include "nvcomp_column.h"
#endif

namespace {

enum variant { VARIANT_RAW, VARIANT_TILE, VARIANT_FASTLANES, VARIANT_NVCOMP, VARIANTS };
const char *const variant_names[VARIANTS] = {"raw", "tile", "fastlanes", "nvcomp"};

/* The index of galp's FastLanes cascade (GALP_SCHEME_AUTO) in ssb_encodings. */
int fastlanes_encoding()
{
    int e = 0;
    while (ssb_encodings[e] != GALP_SCHEME_AUTO)
        e++;
    return e;
}

struct options {
    int warmup = 2, runs = 10, threads = 16;
    bool want[VARIANTS] = {true, true, true, true};
    const char *json = NULL, *dir = NULL, *out = NULL;
};

struct device_state {
    const ssb_data *data;
    uint32_t vectors;
    uint8_t *raw[SSB_FACT_COLUMNS];
    uint8_t *tile[SSB_FACT_COLUMNS];
    uint8_t *fastlanes[SSB_FACT_COLUMNS];
    uint32_t tile_stage_bytes[SSB_FACT_COLUMNS]; /* largest staged payload of the tile column */
    uint32_t *dim[SSB_DIM_COLUMNS];
    uint32_t *slots[SSB_DIMENSIONS];
    ssb_table extent[SSB_DIMENSIONS];
    unsigned long long *sums;
    unsigned *counts;
    uint32_t max_groups;
#ifdef GALP_BENCH_NVCOMP
    nvcomp_column nv[SSB_FACT_COLUMNS];
    uint8_t *nv_out[SSB_FACT_COLUMNS];
#endif
};

/* The fact columns a plan reads, in the order the fact kernel loads them (ssb::query::load),
 * with the measure's columns, and whether measure_b is kept from the first filter (flight 1's
 * lo_discount) rather than loaded. Returns -1 (printed) if a column would be loaded twice,
 * which the kernel's staging does not provide for. */
int plan_loads(const ssb_plan *p, ssb::query *q, bool *keep_first)
{
    ssb_measure_columns(p->measure, &q->measure_a, &q->measure_b);
    *keep_first = p->fact_filters > 0 && q->measure_b == p->fact_column[0];
    ssb_fact_column order[SSB_MAX_FACT_FILTERS + SSB_DIMENSIONS + 2];
    int n = 0;
    for (int f = 0; f < p->fact_filters; f++)
        order[n++] = p->fact_column[f];
    for (int k = 0; k < p->probes; k++)
        order[n++] = p->dim[p->probe_order[k]].key;
    order[n++] = q->measure_a;
    if (!*keep_first && q->measure_b != q->measure_a)
        order[n++] = q->measure_b;
    for (int k = 0; k < n; k++)
        for (int j = 0; j < k; j++)
            if (order[j] == order[k]) {
                fprintf(stderr, "ssb_gpu: %s loads a fact column twice\n", p->name);
                return -1;
            }
    q->loads = n;
    for (int k = 0; k < n; k++)
        q->load[k] = order[k];
    return 0;
}

/* Places the tile loads' payloads of q in the dynamic shared memory (q->stage_word) and
 * returns its size in bytes. */
uint32_t tile_stage(const device_state *s, ssb::query *q)
{
    uint32_t bytes = 0;
    for (int k = 0; k < q->loads; k++) {
        q->stage_word[k] = bytes / 4u;
        bytes += s->tile_stage_bytes[q->load[k]];
    }
    return bytes;
}

struct query_run {
    device_state *s;
    const ssb_plan *plan;
    variant v;
};

/* Everything one query does on the device, on the stream. */
int launch_query(void *ctx, int, cudaStream_t stream)
{
    const query_run *r = (const query_run *)ctx;
    device_state *s = r->s;
    const ssb_plan *p = r->plan;
    BENCH_CUDA(cudaMemsetAsync(s->sums, 0, (size_t)p->groups * sizeof *s->sums, stream));
    BENCH_CUDA(cudaMemsetAsync(s->counts, 0, (size_t)p->groups * sizeof *s->counts, stream));
    ssb::query q;
    memset(&q, 0, sizeof q);
    for (int k = 0; k < p->probes; k++) {
        const int t = p->probe_order[k];
        const ssb_dimension_plan *dp = &p->dim[t];
        BENCH_CUDA(cudaMemsetAsync(s->slots[t], 0xff, (size_t)s->extent[t].size * 4u, stream));
        const uint64_t rows = s->data->dim_rows[t];
        ssb::build_kernel<<<(unsigned)((rows + 255) / 256), 256, 0, stream>>>(
            s->slots[t], s->extent[t].key_min, s->dim[dp->key_column],
            dp->filter_column[0] >= 0 ? s->dim[dp->filter_column[0]] : NULL,
            dp->filter_column[1] >= 0 ? s->dim[dp->filter_column[1]] : NULL, dp->filter[0],
            dp->filter[1], dp->attribute >= 0 ? s->dim[dp->attribute] : NULL, dp->base, rows);
        BENCH_CUDA(cudaGetLastError());
        q.table[k] = (ssb_table){s->slots[t], s->extent[t].key_min, s->extent[t].size,
                                 dp->stride};
    }
    bool keep_first;
    if (plan_loads(p, &q, &keep_first) != 0)
        return -1;
    for (int k = 0; k < q.loads; k++) {
        const int c = q.load[k];
        q.column[c] = r->v == VARIANT_TILE        ? s->tile[c]
                      : r->v == VARIANT_FASTLANES ? s->fastlanes[c]
                                                  : s->raw[c];
#ifdef GALP_BENCH_NVCOMP
        if (r->v == VARIANT_NVCOMP) {
            char err[256];
            if (nvcomp_column_decompress(&s->nv[c], stream, err, sizeof err) != 0) {
                fprintf(stderr, "ssb_gpu: %s\n", err);
                return -1;
            }
            q.column[c] = s->nv_out[c];
        }
#endif
    }
    q.rows = s->data->fact_rows;
    q.fact_filters = p->fact_filters;
    for (int f = 0; f < p->fact_filters; f++)
        q.fact_filter[f] = p->fact_filter[f];
    q.probes = p->probes;
    q.measure = p->measure;
    q.groups = p->groups;
    q.sums = s->sums;
    q.counts = s->counts;
    const unsigned vectors = s->vectors, threads = ssb::tile_threads;
    const uint32_t stage = tile_stage(s, &q);
    if (r->v == VARIANT_TILE && keep_first)
        ssb::query_kernel<ssb::tile_loader, true><<<vectors, threads, stage, stream>>>(q);
    else if (r->v == VARIANT_TILE)
        ssb::query_kernel<ssb::tile_loader, false><<<vectors, threads, stage, stream>>>(q);
    else if (r->v == VARIANT_FASTLANES && keep_first)
        ssb::query_kernel<ssb::fastlanes_loader, true><<<vectors, threads, 0, stream>>>(q);
    else if (r->v == VARIANT_FASTLANES)
        ssb::query_kernel<ssb::fastlanes_loader, false><<<vectors, threads, 0, stream>>>(q);
    else if (keep_first)
        ssb::query_kernel<ssb::raw_loader, true><<<vectors, threads, 0, stream>>>(q);
    else
        ssb::query_kernel<ssb::raw_loader, false><<<vectors, threads, 0, stream>>>(q);
    BENCH_CUDA(cudaGetLastError());
    return 0;
}

/* The shared memory tile_loader stages a vector of the column's tile file in: its largest
 * payload rounded up to 16 bytes, as it is copied, and the decoder's spare words, rounded up
 * to 16 bytes too; RAW vectors, read from global memory, take none. Returns 0, or -1
 * (printed). */
int tile_stage_bytes(const ssb_encoded *col, uint32_t *bytes)
{
    galp_column column;
    galp_status st = galp_open(&column, col->file[col->tile], col->bytes[col->tile]);
    *bytes = 0;
    for (uint32_t v = 0; st == GALP_OK && v < column.vector_count; v++) {
        galp_vector_info info;
        if ((st = galp_vector_info_get(&column, v, &info)) == GALP_OK &&
            info.scheme != GALP_SCHEME_RAW && (info.payload_size + 15u) / 16u * 16u > *bytes)
            *bytes = (info.payload_size + 15u) / 16u * 16u;
    }
    if (st != GALP_OK) {
        fprintf(stderr, "ssb_gpu: lineorder.%s: %s\n", col->name, galp_strerror(st));
        return -1;
    }
    *bytes += (4u * galp::device::tile_spare_words + 15u) / 16u * 16u;
    return 0;
}

template <typename T> int upload(const void *host, size_t bytes, T **dev)
{
    BENCH_CUDA(cudaMalloc((void **)dev, bytes));
    BENCH_CUDA(cudaMemcpy(*dev, host, bytes, cudaMemcpyHostToDevice));
    return 0;
}

int device_open(device_state *s, const ssb_data *d, const ssb_plan plans[SSB_QUERIES],
                const ssb_encoded cols[SSB_LINEORDER_COLUMNS])
{
    memset(s, 0, sizeof *s);
    s->data = d;
    s->vectors = (uint32_t)((d->fact_rows + GALP_VECTOR_SIZE - 1) / GALP_VECTOR_SIZE);
    const int fl = fastlanes_encoding();
    for (int c = 0; c < SSB_LINEORDER_COLUMNS; c++) {
        const int f = cols[c].fact;
        if (f < 0)
            continue;
        if (upload(d->fact[f], d->fact_rows * 4u, &s->raw[f]) != 0 ||
            upload(cols[c].file[cols[c].tile], cols[c].bytes[cols[c].tile], &s->tile[f]) != 0 ||
            upload(cols[c].file[fl], cols[c].bytes[fl], &s->fastlanes[f]) != 0 ||
            tile_stage_bytes(&cols[c], &s->tile_stage_bytes[f]) != 0)
            return -1;
    }
    /* the tile kernels' staging may pass the 48 KiB a launch gets without asking */
    uint32_t stage = 0;
    for (int q = 0; q < SSB_QUERIES; q++) {
        ssb::query query;
        bool keep_first;
        if (plan_loads(&plans[q], &query, &keep_first) != 0)
            return -1;
        const uint32_t bytes = tile_stage(s, &query);
        stage = bytes > stage ? bytes : stage;
    }
    BENCH_CUDA(cudaFuncSetAttribute(ssb::query_kernel<ssb::tile_loader, true>,
                                    cudaFuncAttributeMaxDynamicSharedMemorySize, (int)stage));
    BENCH_CUDA(cudaFuncSetAttribute(ssb::query_kernel<ssb::tile_loader, false>,
                                    cudaFuncAttributeMaxDynamicSharedMemorySize, (int)stage));
    for (int c = 0; c < SSB_DIM_COLUMNS; c++)
        if (upload(d->dim[c], d->dim_rows[ssb_dim_column_table((ssb_dim_column)c)] * 4u,
                   &s->dim[c]) != 0)
            return -1;
    for (int t = 0; t < SSB_DIMENSIONS; t++) {
        ssb_table_extent(d, (ssb_dimension)t, &s->extent[t].key_min, &s->extent[t].size);
        BENCH_CUDA(cudaMalloc((void **)&s->slots[t], (size_t)s->extent[t].size * 4u));
    }
    for (int q = 0; q < SSB_QUERIES; q++)
        s->max_groups = plans[q].groups > s->max_groups ? plans[q].groups : s->max_groups;
    BENCH_CUDA(cudaMalloc((void **)&s->sums, (size_t)s->max_groups * sizeof *s->sums));
    BENCH_CUDA(cudaMalloc((void **)&s->counts, (size_t)s->max_groups * sizeof *s->counts));
    return 0;
}

void device_close(device_state *s)
{
    for (int c = 0; c < SSB_FACT_COLUMNS; c++) {
        cudaFree(s->raw[c]);
        cudaFree(s->tile[c]);
        cudaFree(s->fastlanes[c]);
#ifdef GALP_BENCH_NVCOMP
        if (s->nv[c].codec != NULL)
            nvcomp_column_free(&s->nv[c]);
        cudaFree(s->nv_out[c]);
#endif
    }
    for (int c = 0; c < SSB_DIM_COLUMNS; c++)
        cudaFree(s->dim[c]);
    for (int t = 0; t < SSB_DIMENSIONS; t++)
        cudaFree(s->slots[t]);
    cudaFree(s->sums);
    cudaFree(s->counts);
}

/* nvCOMP Cascaded: every lineorder column compressed on the device (its size into
 * nv_bytes[c]); the queries' columns kept, with output buffers, for the nvcomp variant.
 * Returns 0, -1 on an error (printed), or 1 in a build without nvCOMP. */
int nvcomp_open(device_state *s, const char *dir, const ssb_encoded cols[SSB_LINEORDER_COLUMNS],
                size_t nv_bytes[SSB_LINEORDER_COLUMNS])
{
#ifdef GALP_BENCH_NVCOMP
    const nvcomp_codec *cascaded = NULL;
    for (size_t i = 0; i < nvcomp_codec_count; i++)
        if (strcmp(nvcomp_codecs[i].name, "cascaded") == 0)
            cascaded = &nvcomp_codecs[i];
    if (cascaded == NULL) {
        fprintf(stderr, "ssb_gpu: this nvCOMP has no Cascaded codec\n");
        return -1;
    }
    const nvcomp_element u32 = {4, 0};
    const size_t bytes = s->data->fact_rows * 4u;
    for (int c = 0; c < SSB_LINEORDER_COLUMNS; c++) {
        char err[256];
        const int f = cols[c].fact;
        nvcomp_column scratch;
        nvcomp_column *nv = f >= 0 ? &s->nv[f] : &scratch;
        uint8_t *column = f >= 0 ? s->raw[f] : NULL, *out = NULL;
        if (f < 0) {
            uint32_t *host;
            uint64_t n;
            if (ssb_column_read(dir, "lineorder", cols[c].name, &host, &n, err, sizeof err) != 0) {
                fprintf(stderr, "ssb_gpu: %s\n", err);
                return -1;
            }
            const int rc = upload(host, bytes, &column);
            free(host);
            if (rc != 0)
                return -1;
        }
        BENCH_CUDA(cudaMalloc((void **)&out, bytes));
        if (nvcomp_column_build(nv, cascaded, u32, column, bytes, bytes, 65536, out, err,
                                sizeof err) != 0) {
            fprintf(stderr, "ssb_gpu: nvCOMP Cascaded, lineorder.%s: %s\n", cols[c].name, err);
            return -1;
        }
        nv_bytes[c] = nv->compressed_bytes;
        if (f >= 0) {
            s->nv_out[f] = out;
        } else {
            nvcomp_column_free(nv);
            cudaFree(out);
            cudaFree(column);
        }
    }
    return 0;
#else
    (void)s, (void)dir, (void)cols, (void)nv_bytes;
    return 1; /* not built with nvCOMP */
#endif
}

/* Full decompression of one column by each tile scheme (galp_gpu_tile_decompress's engine)
 * and as FastLanes (fastlanes_loader), timed and checked against the raw column; fills ms[e]
 * and returns 0, or -1 on an error or a difference. */
int decode_columns(device_state *s, const char *dir, const ssb_encoded *col,
                   const options &o, double ms[SSB_ENCODINGS])
{
    const size_t bytes = col->values * 4u;
    uint8_t *raw = col->fact >= 0 ? s->raw[col->fact] : NULL;
    uint32_t *out = NULL;
    if (raw == NULL) {
        uint32_t *host;
        uint64_t n;
        char err[256];
        if (ssb_column_read(dir, "lineorder", col->name, &host, &n, err, sizeof err) != 0) {
            fprintf(stderr, "ssb_gpu: %s\n", err);
            return -1;
        }
        const int rc = upload(host, bytes, &raw);
        free(host);
        if (rc != 0)
            return -1;
    }
    int rc = cudaMalloc((void **)&out, bytes) == cudaSuccess ? 0 : -1;
    for (int e = 0; e < SSB_ENCODINGS && rc == 0; e++) {
        ms[e] = 0;
        uint8_t *file = NULL;
        if ((rc = upload(col->file[e], col->bytes[e], &file)) != 0)
            break;
        const unsigned vectors = (unsigned)((col->values + GALP_VECTOR_SIZE - 1) / GALP_VECTOR_SIZE);
        struct decode_run {
            const uint8_t *file;
            uint64_t rows;
            unsigned vectors;
            uint32_t *out;
            bool fastlanes;
            uint32_t ahead; /* the tile kernel's prefetch distance, as the library's launcher */
        } run = {file, col->values, vectors, out, ssb_encodings[e] == GALP_SCHEME_AUTO,
                 galp::gpu::tile_prefetch_ahead(ssb::tile_decompress_kernel, col->bytes[e], vectors)};
        auto launch = [](void *ctx, int, cudaStream_t stream) {
            const decode_run *r = (const decode_run *)ctx;
            const unsigned vectors = r->vectors;
            if (r->fastlanes)
                ssb::decode_kernel<ssb::fastlanes_loader>
                    <<<vectors, ssb::tile_threads, 0, stream>>>(r->file, r->rows, r->out);
            else
                ssb::tile_decompress_kernel<<<vectors, ssb::tile_threads, 0, stream>>>(
                    r->file, r->rows, r->out, r->ahead);
            return cudaGetLastError() == cudaSuccess ? 0 : -1;
        };
        double *t = (double *)malloc((size_t)o.runs * sizeof *t);
        rc = t != NULL && bench_device_poison(out, bytes) == 0 &&
                     bench_time_segments(launch, &run, 1, o.warmup, o.runs, 0, t) == 0
                 ? 0
                 : -1;
        if (rc == 0) {
            ms[e] = bench_timing_of(t, 1, o.runs, 1u).median_ms;
            const long long diff = bench_device_diff(out, raw, bytes);
            if (diff != 0) {
                fprintf(stderr, "ssb_gpu: lineorder.%s as %s decodes wrong (%lld bytes differ)\n",
                        col->name, galp_scheme_name(ssb_encodings[e]), diff);
                rc = -1;
            }
        }
        free(t);
        cudaFree(file);
    }
    cudaFree(out);
    if (col->fact < 0)
        cudaFree(raw);
    return rc;
}

/* Whether `word` is one of the comma-separated words of `list`. */
bool list_has(const char *list, const char *word)
{
    const size_t n = strlen(word);
    for (const char *at = list; at != NULL; at = strchr(at, ',') ? strchr(at, ',') + 1 : NULL)
        if (strncmp(at, word, n) == 0 && (at[n] == ',' || at[n] == '\0'))
            return true;
    return false;
}

int parse(int argc, char **argv, options *o)
{
    int i = 1;
    for (; i + 1 < argc && strncmp(argv[i], "--", 2) == 0; i += 2) {
        const char *v = argv[i + 1];
        if (strcmp(argv[i], "--warmup") == 0)
            o->warmup = atoi(v);
        else if (strcmp(argv[i], "--runs") == 0)
            o->runs = atoi(v);
        else if (strcmp(argv[i], "--threads") == 0)
            o->threads = atoi(v);
        else if (strcmp(argv[i], "--json") == 0)
            o->json = v;
        else if (strcmp(argv[i], "--variants") == 0)
            for (int k = 0; k < VARIANTS; k++)
                o->want[k] = list_has(v, variant_names[k]);
        else
            return -1;
    }
    if (argc - i != 2 || o->warmup < 0 || o->runs < 1 || o->threads < 1)
        return -1;
    o->dir = argv[i];
    o->out = argv[i + 1];
    return 0;
}

/* Runs one variant's 13 queries: times into ms[q], answers into OUT/VARIANT/. */
int run_variant(device_state *s, const ssb_plan plans[SSB_QUERIES], variant v, const options &o,
                double ms[SSB_QUERIES])
{
    char dir[4096], err[512];
    snprintf(dir, sizeof dir, "%s/%s", o.out, variant_names[v]);
    if ((mkdir(o.out, 0777) != 0 && errno != EEXIST) ||
        (mkdir(dir, 0777) != 0 && errno != EEXIST)) {
        fprintf(stderr, "ssb_gpu: cannot create %s: %s\n", dir, strerror(errno));
        return -1;
    }
    ssb_result r = {(long long *)malloc((size_t)s->max_groups * sizeof(long long)),
                    (uint32_t *)malloc((size_t)s->max_groups * sizeof(uint32_t))};
    double *t = (double *)malloc((size_t)o.runs * sizeof *t);
    int rc = r.sums && r.counts && t ? 0 : -1;
    for (int q = 0; q < SSB_QUERIES && rc == 0; q++) {
        query_run run = {s, &plans[q], v};
        if ((rc = bench_time_segments(launch_query, &run, 1, o.warmup, o.runs, 0, t)) != 0)
            break;
        ms[q] = bench_timing_of(t, 1, o.runs, 1u).median_ms;
        /* the answer of the last timed run */
        const size_t g = plans[q].groups;
        if (cudaMemcpy(r.sums, s->sums, g * sizeof(long long), cudaMemcpyDeviceToHost) !=
                cudaSuccess ||
            cudaMemcpy(r.counts, s->counts, g * sizeof(uint32_t), cudaMemcpyDeviceToHost) !=
                cudaSuccess) {
            fprintf(stderr, "ssb_gpu: %s: copying the result back failed\n", plans[q].name);
            rc = -1;
        } else if ((rc = ssb_answer_write(s->data, &plans[q], &r, dir, err, sizeof err)) != 0) {
            fprintf(stderr, "ssb_gpu: %s\n", err);
        }
    }
    free(r.sums);
    free(r.counts);
    free(t);
    return rc;
}

double geomean_ratio(const double *a, const double *b)
{
    double log_sum = 0;
    for (int q = 0; q < SSB_QUERIES; q++)
        log_sum += log(a[q] / b[q]);
    return exp(log_sum / SSB_QUERIES);
}

void write_json(FILE *f, const options &o, const ssb_data *d, const ssb_plan plans[SSB_QUERIES],
                const ssb_encoded cols[SSB_LINEORDER_COLUMNS], const size_t *nv_bytes,
                double decode_ms[SSB_LINEORDER_COLUMNS][SSB_ENCODINGS],
                const bench_ceilings &ceil, double ms[VARIANTS][SSB_QUERIES], const bool *ran)
{
    cudaDeviceProp prop;
    cudaGetDeviceProperties(&prop, 0);
    fprintf(f, "{\n \"device\": \"%s\",\n \"lineorder_rows\": %llu,\n", prop.name,
            (unsigned long long)d->fact_rows);
    fprintf(f, " \"warmup\": %d, \"runs\": %d,\n", o.warmup, o.runs);
    fprintf(f, " \"ceilings_gbps\": {\"copy\": %.1f, \"copy_kernel\": %.1f, "
               "\"copy_memcpy\": %.1f, \"read\": %.1f, \"write\": %.1f},\n",
            ceil.copy, ceil.copy_kernel, ceil.copy_memcpy, ceil.read, ceil.write);
    size_t total[SSB_ENCODINGS + 3] = {0}; /* schemes, then raw, tile choice, nvcomp */
    fprintf(f, " \"columns\": [\n");
    for (int c = 0; c < SSB_LINEORDER_COLUMNS; c++) {
        const ssb_encoded *col = &cols[c];
        const double n = (double)col->values;
        fprintf(f, "  {\"column\": \"lineorder.%s\", \"values\": %llu, \"tile_scheme\": \"%s\",\n"
                   "   \"bytes\": {\"raw\": %llu",
                col->name, (unsigned long long)col->values,
                galp_scheme_name(ssb_encodings[col->tile]), (unsigned long long)(col->values * 4u));
        for (int e = 0; e < SSB_ENCODINGS; e++) {
            fprintf(f, ", \"%s\": %zu", galp_scheme_name(ssb_encodings[e]), col->bytes[e]);
            total[e] += col->bytes[e];
        }
        if (nv_bytes != NULL)
            fprintf(f, ", \"nvcomp-cascaded\": %zu", nv_bytes[c]);
        fprintf(f, "},\n   \"bits_per_value\": {\"raw\": 32.0");
        for (int e = 0; e < SSB_ENCODINGS; e++)
            fprintf(f, ", \"%s\": %.3f", galp_scheme_name(ssb_encodings[e]),
                    8.0 * col->bytes[e] / n);
        if (nv_bytes != NULL)
            fprintf(f, ", \"nvcomp-cascaded\": %.3f", 8.0 * nv_bytes[c] / n);
        fprintf(f, "},\n   \"decompress\": {");
        const char *sep = "";
        for (int e = 0; e < SSB_ENCODINGS; e++) {
            if (decode_ms[c][e] <= 0)
                continue;
            const double limit_ms = (double)(col->bytes[e] + col->values * 4u) / (ceil.copy * 1e6);
            fprintf(f, "%s\"%s\": {\"ms\": %.4f, \"fraction_of_limit\": %.3f}", sep,
                    galp_scheme_name(ssb_encodings[e]), decode_ms[c][e],
                    limit_ms / decode_ms[c][e]);
            sep = ", ";
        }
        fprintf(f, "}}%s\n", c + 1 < SSB_LINEORDER_COLUMNS ? "," : "");
        total[SSB_ENCODINGS] += col->values * 4u;
        total[SSB_ENCODINGS + 1] += col->bytes[col->tile];
        total[SSB_ENCODINGS + 2] += nv_bytes != NULL ? nv_bytes[c] : 0;
    }
    fprintf(f, " ],\n \"footprint_bytes\": {\"raw\": %zu, \"tile\": %zu, \"fastlanes\": %zu",
            total[SSB_ENCODINGS], total[SSB_ENCODINGS + 1], total[SSB_ENCODINGS - 1]);
    for (int e = 0; e < SSB_ENCODINGS - 1; e++)
        fprintf(f, ", \"%s\": %zu", galp_scheme_name(ssb_encodings[e]), total[e]);
    if (nv_bytes != NULL)
        fprintf(f, ", \"nvcomp-cascaded\": %zu", total[SSB_ENCODINGS + 2]);
    fprintf(f, "},\n \"queries\": [\n");
    for (int q = 0; q < SSB_QUERIES; q++) {
        fprintf(f, "  {\"query\": \"%s\"", plans[q].name);
        for (int v = 0; v < VARIANTS; v++)
            if (ran[v])
                fprintf(f, ", \"%s_ms\": %.4f", variant_names[v], ms[v][q]);
        fprintf(f, "}%s\n", q + 1 < SSB_QUERIES ? "," : "");
    }
    fprintf(f, " ],\n \"geomean\": {");
    const char *sep = "";
    if (ran[VARIANT_RAW] && ran[VARIANT_TILE]) {
        fprintf(f, "\"tile_over_raw\": %.3f", geomean_ratio(ms[VARIANT_TILE], ms[VARIANT_RAW]));
        sep = ", ";
    }
    if (ran[VARIANT_RAW] && ran[VARIANT_FASTLANES]) {
        fprintf(f, "%s\"fastlanes_over_raw\": %.3f", sep,
                geomean_ratio(ms[VARIANT_FASTLANES], ms[VARIANT_RAW]));
        sep = ", ";
    }
    if (ran[VARIANT_TILE] && ran[VARIANT_FASTLANES]) {
        fprintf(f, "%s\"fastlanes_over_tile\": %.3f", sep,
                geomean_ratio(ms[VARIANT_FASTLANES], ms[VARIANT_TILE]));
        sep = ", ";
    }
    if (ran[VARIANT_NVCOMP] && ran[VARIANT_TILE])
        fprintf(f, "%s\"nvcomp_over_tile\": %.3f", sep,
                geomean_ratio(ms[VARIANT_NVCOMP], ms[VARIANT_TILE]));
    fprintf(f, "},\n \"fastlanes_queries\": %s\n}\n", ran[VARIANT_FASTLANES] ? "true" : "false");
}

int run(const options &o)
{
    static ssb_data d;
    static ssb_plan plans[SSB_QUERIES];
    static ssb_encoded cols[SSB_LINEORDER_COLUMNS];
    static device_state s;
    static double ms[VARIANTS][SSB_QUERIES], decode_ms[SSB_LINEORDER_COLUMNS][SSB_ENCODINGS];
    size_t nv_bytes[SSB_LINEORDER_COLUMNS];
    bool ran[VARIANTS] = {false, false, false, false};
    char err[512];
    int count = 0;
    if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
        fprintf(stderr, "ssb_gpu: no CUDA device\n");
        return 77;
    }
    int rc = ssb_data_load(&d, o.dir, err, sizeof err);
    if (rc == 0 && (rc = ssb_plans_build(&d, plans, err, sizeof err)) == 0) {
        fprintf(stderr, "ssb_gpu: %llu lineorder rows; encoding 14 columns on %d threads\n",
                (unsigned long long)d.fact_rows, o.threads);
        rc = ssb_encode_lineorder(&d, o.dir, o.threads, cols, err, sizeof err);
    }
    if (rc != 0) {
        fprintf(stderr, "ssb_gpu: %s\n", err);
        ssb_data_free(&d);
        return 1;
    }
    bench_ceilings ceil;
    rc = device_open(&s, &d, plans, cols);
    if (rc == 0)
        rc = bench_measure_ceilings((size_t)1 << 30, o.warmup, o.runs, &ceil);
    int nv = 1;
    if (rc == 0 && o.want[VARIANT_NVCOMP]) {
        nv = nvcomp_open(&s, o.dir, cols, nv_bytes);
        rc = nv < 0 ? -1 : 0;
        if (nv > 0)
            fprintf(stderr, "ssb_gpu: built without nvCOMP, no nvcomp variant\n");
    }
    for (int v = 0; v < VARIANTS && rc == 0; v++) {
        if (!o.want[v] || (v == VARIANT_NVCOMP && nv != 0))
            continue;
        fprintf(stderr, "ssb_gpu: the 13 queries over %s columns\n", variant_names[v]);
        rc = run_variant(&s, plans, (variant)v, o, ms[v]);
        ran[v] = rc == 0;
    }
    if (rc == 0)
        fprintf(stderr, "ssb_gpu: full decompression of every column by each tile scheme and "
                        "as FastLanes\n");
    for (int c = 0; c < SSB_LINEORDER_COLUMNS && rc == 0; c++)
        rc = decode_columns(&s, o.dir, &cols[c], o, decode_ms[c]);
    if (rc == 0) {
        printf("%-6s", "query");
        for (int v = 0; v < VARIANTS; v++)
            if (ran[v])
                printf(" %10s", variant_names[v]);
        printf("   (ms, median of %d)\n", o.runs);
        for (int q = 0; q < SSB_QUERIES; q++) {
            printf("%-6s", plans[q].name);
            for (int v = 0; v < VARIANTS; v++)
                if (ran[v])
                    printf(" %10.3f", ms[v][q]);
            printf("\n");
        }
        if (o.json != NULL) {
            FILE *f = fopen(o.json, "w");
            if (f == NULL) {
                fprintf(stderr, "ssb_gpu: cannot create %s\n", o.json);
                rc = -1;
            } else {
                write_json(f, o, &d, plans, cols, nv == 0 ? nv_bytes : NULL, decode_ms, ceil, ms,
                           ran);
                rc = fclose(f) == 0 ? 0 : -1;
            }
        }
    }
    device_close(&s);
    ssb_encoded_free(cols);
    ssb_data_free(&d);
    return rc == 0 ? 0 : 1;
}

} /* namespace */

int main(int argc, char **argv)
{
    options o;
    if (parse(argc, argv, &o) != 0) {
        fprintf(stderr, "usage: ssb_gpu [--warmup N] [--runs N] [--threads N] "
                        "[--variants raw,tile,fastlanes,nvcomp] [--json FILE] SSB_DIR OUT_DIR\n");
        return 2;
    }
    return run(o);
}
