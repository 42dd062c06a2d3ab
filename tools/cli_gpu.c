/*
 * cli_gpu.c — `galp decode --gpu` and `galp scan` (see cli_gpu.h), on the GPU host API
 * (include/galp_gpu.h).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_column.h"
#include "cli_file.h"
#include "cli_gpu.h"
#include "cli_options.h"
#include "cli_strings.h"
#include "cli_values.h"
#include "galp_gpu.h"

static const char scan_usage[] =
    "Usage: galp scan [options] INPUT\n"
    "Scan a galp column file on the GPU without decompressing it to memory.\n"
    "\n"
    "  -r, --range LO,HI  count the values x with LO <= x <= HI\n"
    "  -e, --exists X     say whether X occurs (yes/no)\n"
    "      --equal S      str columns: count the strings equal to S\n"
    "      --prefix S     str columns: count the strings that start with S\n"
    "  -h, --help         show this help\n"
    "\n"
    "Without --range or --exists: count, NaN count (float columns), sum (integers: modulo\n"
    "2^64; floats: in double, order unspecified), min and max (NaN left out, -0 below +0).\n"
    "Float comparisons are IEEE: NaN matches nothing, -0 equals +0. Exit code 5 when no GPU\n"
    "can be used or galp was built without CUDA.\n";

#ifdef GALP_HAVE_CUDA

#include <cuda_runtime.h>

/* Reports a GPU-side failure; a missing device gets its own exit code. */
static int gpu_failure(const char *path, galp_status st)
{
    if (st == GALP_ERR_NO_DEVICE) {
        cli_error("no usable GPU: %s", galp_strerror(st));
        return CLI_EXIT_NO_GPU;
    }
    if (st == GALP_ERR_CUDA || st == GALP_ERR_NO_MEMORY || st == GALP_ERR_TOO_LARGE) {
        const int cuda = galp_gpu_last_cuda_error();
        if (cuda != cudaSuccess)
            cli_error("%s: GPU error: %s (CUDA: %s)", path, galp_strerror(st),
                      cudaGetErrorString((cudaError_t)cuda));
        else
            cli_error("%s: GPU error: %s", path, galp_strerror(st));
        return CLI_EXIT_IO;
    }
    cli_error("%s: not a valid galp column file: %s (%s)", path, galp_strerror(st),
              galp_status_name(st));
    return CLI_EXIT_DATA;
}

/* Uploads the column that cli_open_column read from `path` into data (freed here): once
 * validated, not again by the upload. */
static int upload_column(const char *path, uint8_t *data, const galp_column *column,
                         galp_gpu_column **col, galp_gpu_view *view)
{
    galp_status st = galp_gpu_column_upload_opened(column, col);
    free(data);
    if (st != GALP_OK)
        return gpu_failure(path, st);
    galp_gpu_column_view(*col, view);
    return CLI_EXIT_OK;
}

/* Reads INPUT, validates it like the CPU commands (cli_open_column), and uploads it. */
static int open_gpu_column(const char *path, galp_gpu_column **col, galp_gpu_view *view)
{
    uint8_t *data = NULL;
    galp_column column;
    int status = cli_open_column(path, &data, &column);
    if (status != CLI_EXIT_OK)
        return status;
    return upload_column(path, data, &column, col, view);
}

static bool is_tile_scheme(galp_scheme scheme)
{
    return scheme == GALP_SCHEME_GPU_FOR || scheme == GALP_SCHEME_GPU_DFOR ||
           scheme == GALP_SCHEME_GPU_RFOR;
}

/* A GPU-FOR, GPU-DFOR or GPU-RFOR column (spec/tile.md): decoded whole on the device by
 * galp_gpu_tile_decompress (the upload would decode its vectors on the host and hold them
 * RAW). */
static int decode_tile_gpu(const char *in_path, const char *out_path, const uint8_t *data,
                           const galp_column *column, uint64_t max_size)
{
    int status = cli_check_max_size(in_path, column->type, column->value_count, max_size);
    if (status != CLI_EXIT_OK)
        return status;
    const size_t bytes = (size_t)column->value_count * 4u;
    uint8_t *host = malloc(bytes > 0 ? bytes : 1);
    if (host == NULL) {
        cli_error("out of memory for %zu bytes", bytes);
        return CLI_EXIT_IO;
    }
    galp_status st = galp_gpu_tile_decompress(data, column->size, host, bytes);
    status = st == GALP_OK ? cli_write_file(out_path, host, bytes) : gpu_failure(in_path, st);
    free(host);
    return status;
}

/* A str column (spec/fsst.md) decoded on the device into Arrow's layout, copied back and
 * written as `galp decode` writes it (cli_strings.h, binary form). */
static int decode_strings_gpu(const char *in_path, const char *out_path, galp_gpu_column *col,
                              uint64_t n, uint64_t max_size)
{
    uint64_t bytes = 0;
    galp_gpu_str_bytes(col, &bytes);
    int status = cli_check_strings_size(in_path, n, bytes, max_size);
    if (status != CLI_EXIT_OK)
        return status;
    cli_strings s = {malloc((size_t)(n + 1) * sizeof(uint64_t)), malloc(bytes ? (size_t)bytes : 1),
                     n};
    int64_t *d_offsets = NULL;
    uint8_t *d_data = NULL;
    galp_status st = s.offsets && s.data ? GALP_OK : GALP_ERR_NO_MEMORY;
    if (st == GALP_OK &&
        (cudaMalloc((void **)&d_offsets, (size_t)(n + 1) * sizeof *d_offsets) != cudaSuccess ||
         cudaMalloc((void **)&d_data, bytes ? (size_t)bytes : 1) != cudaSuccess))
        st = GALP_ERR_CUDA;
    if (st == GALP_OK)
        st = galp_gpu_decompress_str64(col, d_offsets, (size_t)n + 1, d_data, (size_t)bytes, NULL);
    /* int64 and uint64 offsets are the same bytes below 2^63. */
    if (st == GALP_OK &&
        (cudaMemcpy(s.offsets, d_offsets, (size_t)(n + 1) * sizeof *d_offsets,
                    cudaMemcpyDeviceToHost) != cudaSuccess ||
         cudaMemcpy(s.data, d_data, (size_t)bytes, cudaMemcpyDeviceToHost) != cudaSuccess))
        st = GALP_ERR_CUDA;
    cudaFree(d_offsets);
    cudaFree(d_data);
    if (st == GALP_OK)
        status = cli_write_strings(out_path, &s, false);
    else
        status = st == GALP_ERR_NO_MEMORY ? (cli_error("out of memory"), CLI_EXIT_IO)
                                          : gpu_failure(in_path, st);
    cli_strings_free(&s);
    return status;
}

int galp_cli_decode_gpu(const char *in_path, const char *out_path, uint64_t max_size)
{
    galp_gpu_column *col = NULL;
    galp_gpu_view view;
    uint8_t *data = NULL;
    galp_column column;
    int status = cli_open_column(in_path, &data, &column);
    if (status != CLI_EXIT_OK)
        return status;
    if (is_tile_scheme(column.scheme)) {
        status = decode_tile_gpu(in_path, out_path, data, &column, max_size);
        free(data);
        return status;
    }
    status = upload_column(in_path, data, &column, &col, &view);
    if (status == CLI_EXIT_OK && view.type == GALP_TYPE_STR) {
        status = decode_strings_gpu(in_path, out_path, col, view.value_count, max_size);
        galp_gpu_column_free(col);
        return status;
    }
    if (status == CLI_EXIT_OK)
        status = cli_check_max_size(in_path, view.type, view.value_count, max_size);
    if (status != CLI_EXIT_OK) {
        galp_gpu_column_free(col);
        return status;
    }
    const size_t bytes = (size_t)view.value_count * galp_type_size(view.type);
    void *dev = NULL;
    uint8_t *host = malloc(bytes > 0 ? bytes : 1);
    galp_status st = GALP_ERR_CUDA;
    if (host != NULL && cudaMalloc(&dev, bytes > 0 ? bytes : 1) == cudaSuccess) {
        st = galp_gpu_decompress(col, dev, bytes, NULL);
        if (st == GALP_OK && (cudaMemcpy(host, dev, bytes, cudaMemcpyDeviceToHost) != cudaSuccess))
            st = GALP_ERR_CUDA;
    }
    cudaFree(dev);
    galp_gpu_column_free(col);
    if (st == GALP_OK)
        status = cli_write_file(out_path, host, bytes);
    else
        status = host == NULL ? (cli_error("out of memory for %zu bytes", bytes), CLI_EXIT_IO)
                              : gpu_failure(in_path, st);
    free(host);
    return status;
}

/* One bound of a scan, by the parser of encode's text (cli_parse_value), so a bound means the
 * same value in both commands. `what` names the bound in the message. */
static bool parse_bound(galp_type type, const char *option, const char *what, const char *text,
                        uint8_t value[8])
{
    memset(value, 0, 8);
    const char *problem = cli_parse_value(type, text, value);
    if (problem != NULL) {
        cli_usage_error("scan", "%s %s '%s': %s", option, what, text, problem);
        return false;
    }
    return true;
}

static int print_aggregate(const galp_gpu_aggregate *a, galp_type type)
{
    char text[CLI_VALUE_TEXT_MAX];
    uint8_t v[8];
    printf("count %llu\n", (unsigned long long)a->count);
    if (cli_type_is_float(type)) {
        printf("nan_count %llu\n", (unsigned long long)a->nan_count);
        printf("sum %.17g\n", a->sum_f64);
    } else {
        printf("sum %llu\n", (unsigned long long)a->sum_bits);
    }
    if (a->has_min_max) {
        memcpy(v, &a->min_bits, 8);
        cli_value_text(type, v, text);
        printf("min %s\n", text);
        memcpy(v, &a->max_bits, 8);
        cli_value_text(type, v, text);
        printf("max %s\n", text);
    }
    return CLI_EXIT_OK; /* main() checks that standard output was written */
}

/* Runs the scan chosen by the options on an uploaded column. */
static int run_scan(const char *path, galp_gpu_column *col, galp_type type, const char *range,
                    const char *exists)
{
    uint8_t lo[8], hi[8];
    if (range != NULL) {
        char buf[256];
        const char *comma = strchr(range, ',');
        size_t n = comma ? (size_t)(comma - range) : 0;
        if (comma == NULL || n >= sizeof buf)
            return cli_usage_error("scan", "--range needs LO,HI of the column's type, got '%s'",
                                   range);
        memcpy(buf, range, n);
        buf[n] = '\0';
        if (!parse_bound(type, "--range", "LO", buf, lo) ||
            !parse_bound(type, "--range", "HI", comma + 1, hi))
            return CLI_EXIT_USAGE;
    } else if (exists != NULL && !parse_bound(type, "--exists", "X", exists, lo)) {
        return CLI_EXIT_USAGE;
    }
    size_t temp_size = galp_gpu_range_temp_size(col);
    void *temp = NULL, *result = NULL;
    galp_gpu_aggregate agg;
    uint64_t count = 0;
    uint32_t found = 0;
    galp_status st = GALP_ERR_CUDA;
    if (cudaMalloc(&temp, temp_size ? temp_size : 1) == cudaSuccess &&
        cudaMalloc(&result, sizeof agg) == cudaSuccess) {
        void *host = &agg;
        size_t size = sizeof agg;
        if (range != NULL) {
            st = galp_gpu_count_range(col, lo, hi, temp, temp_size, result, NULL);
            host = &count;
            size = sizeof count;
        } else if (exists != NULL) {
            st = galp_gpu_exists(col, lo, temp, temp_size, result, NULL);
            host = &found;
            size = sizeof found;
        } else {
            st = galp_gpu_aggregate_column(col, result, NULL);
        }
        if (st == GALP_OK && cudaMemcpy(host, result, size, cudaMemcpyDeviceToHost) != cudaSuccess)
            st = GALP_ERR_CUDA;
    }
    cudaFree(temp);
    cudaFree(result);
    if (st != GALP_OK)
        return gpu_failure(path, st);
    if (range != NULL) {
        printf("%llu\n", (unsigned long long)count);
        return CLI_EXIT_OK; /* main() checks that standard output was written */
    }
    if (exists != NULL) {
        puts(found ? "yes" : "no");
        return CLI_EXIT_OK; /* main() checks that standard output was written */
    }
    return print_aggregate(&agg, type);
}

#endif /* GALP_HAVE_CUDA */

enum { OPT_RANGE, OPT_EXISTS, OPT_EQUAL, OPT_PREFIX, OPT_HELP };
static const cli_option scan_options[] = {
    [OPT_RANGE] = {"range", 'r', true},
    [OPT_EXISTS] = {"exists", 'e', true},
    [OPT_EQUAL] = {"equal", 0, true},
    [OPT_PREFIX] = {"prefix", 0, true},
    [OPT_HELP] = {"help", 'h', false},
    {NULL, 0, false},
};

#ifdef GALP_HAVE_CUDA
/* `scan --equal S` or `--prefix S` on a str column (galp_gpu_str_count_equal/_prefix). */
static int run_string_count(const char *path, galp_gpu_column *col, uint64_t n,
                            const char *query, bool prefix)
{
    const size_t length = strlen(query);
    if (length > GALP_GPU_STR_QUERY_MAX)
        return cli_usage_error("scan", "the query is %zu bytes, more than %u", length,
                               GALP_GPU_STR_QUERY_MAX);
    uint64_t *d_count = NULL, count = 0;
    galp_status st = cudaMalloc((void **)&d_count, sizeof *d_count) == cudaSuccess
                         ? GALP_OK : GALP_ERR_CUDA;
    if (st == GALP_OK)
        st = prefix ? galp_gpu_str_count_prefix(col, query, length, d_count, NULL)
                    : galp_gpu_str_count_equal(col, query, length, d_count, NULL);
    if (st == GALP_OK &&
        cudaMemcpy(&count, d_count, sizeof count, cudaMemcpyDeviceToHost) != cudaSuccess)
        st = GALP_ERR_CUDA;
    cudaFree(d_count);
    if (st != GALP_OK)
        return gpu_failure(path, st);
    printf("count %llu of %llu strings\n", (unsigned long long)count, (unsigned long long)n);
    return cli_flush_stdout();
}
#endif

int galp_cli_scan(int argc, char **argv)
{
    cli_parser parser;
    cli_parser_init(&parser, "scan", scan_options, 1, argc, argv);
    const char *value, *range = NULL, *exists = NULL, *equal = NULL, *prefix = NULL;
    for (int opt; (opt = cli_parser_next(&parser, &value)) != CLI_END;) {
        switch (opt) {
        case CLI_BAD: return CLI_EXIT_USAGE;
        case OPT_RANGE: range = value; break;
        case OPT_EXISTS: exists = value; break;
        case OPT_EQUAL: equal = value; break;
        case OPT_PREFIX: prefix = value; break;
        default: fputs(scan_usage, stdout); return CLI_EXIT_OK; /* OPT_HELP */
        }
    }
    if (parser.operand_count != 1)
        return cli_usage_error("scan", "expected one INPUT file");
    if ((range != NULL) + (exists != NULL) + (equal != NULL) + (prefix != NULL) > 1)
        return cli_usage_error("scan", "--range, --exists, --equal and --prefix exclude each "
                                       "other");
#ifdef GALP_HAVE_CUDA
    galp_gpu_column *col = NULL;
    galp_gpu_view view;
    int status = open_gpu_column(parser.operands[0], &col, &view);
    if (status != CLI_EXIT_OK)
        return status;
    const bool str = view.type == GALP_TYPE_STR;
    if (str ? equal == NULL && prefix == NULL : equal != NULL || prefix != NULL) {
        galp_gpu_column_free(col);
        return cli_usage_error("scan", str ? "a str column takes --equal or --prefix"
                                           : "--equal and --prefix are for str columns");
    }
    if (str)
        status = run_string_count(parser.operands[0], col, view.value_count,
                                  equal != NULL ? equal : prefix, prefix != NULL);
    else
        status = run_scan(parser.operands[0], col, view.type, range, exists);
    galp_gpu_column_free(col);
    return status;
#else
    cli_error("scan: this galp was built without CUDA (configure --with-cuda)");
    return CLI_EXIT_NO_GPU;
#endif
}

#ifndef GALP_HAVE_CUDA
int galp_cli_decode_gpu(const char *in_path, const char *out_path, uint64_t max_size)
{
    (void)in_path;
    (void)out_path;
    (void)max_size;
    cli_error("decode --gpu: this galp was built without CUDA (configure --with-cuda)");
    return CLI_EXIT_NO_GPU;
}
#endif
