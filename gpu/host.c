/*
 * gpu/host.c — the host API of the CUDA decoder (include/galp_gpu.h).
 *
 * Every entry point checks its arguments and returns before enqueueing anything when one is
 * wrong. The column itself was validated once, by galp_open in galp_gpu_column_upload, so
 * malformed input never reaches a kernel. No call after the upload allocates or waits.
 */
#include <stdlib.h>
#include <string.h>

#include <cuda_runtime.h>

#include "alprd_kernels.h"
#include "cuda_status.h"
#include "galp_gpu.h"
#include "galp_internal.h"
#include "image.h"
#include "kernels.h"
#include "strings.h"
#include "value_table.h"

struct galp_gpu_column {
    uint8_t *image;       /* device copy of the image (gpu/image.c) */
    galp_gpu_view view;
    galp_gpu_shape shape;  /* galp_gpu_image_shape (gpu/image.h, gpu/kernels.h) */
    int has_fastlanes;     /* the image holds DELTA, RLE or DICT vectors: every call goes to
                              gpu/fastlanes.cu, and there is no value table (gpu/value_table.c
                              reads width-0 vectors as constants, which these are not) */
    galp_gpu_value_count *table; /* host memory: its value table (gpu/value_table.h), or NULL */
    uint32_t table_entries;
    uint64_t str_bytes;          /* str columns: their string bytes (spec/fsst.md §4) */
    uint64_t str_pieces;         /* and their pieces (spec/fsst.md §5) */
    uint32_t str_default_length; /* the default length L all their vectors have (0: none), or
                                    GALP_GPU_STR_MIXED_DEFAULTS (galp_gpu.h) */
    int has_alprd;               /* the image holds ALP_RD vectors: gpu/alprd.cu decodes and
                                    scans it */
};

/* A str column's pieces, every vector's piece count p: its entry's exception_count in the
 * lean form (spec/fsst.md §5.1), else the head of its payload (§5); and the default length L
 * its vectors share (payload offset 0 in the lean form, 8 in the plain one), or
 * GALP_GPU_STR_MIXED_DEFAULTS. */
static void read_str_layout(const galp_column *col, galp_gpu_column *c)
{
    const bool lean = (col->flags & GALP_FLAG_LEAN_STR_VECTORS) != 0;
    c->str_pieces = 0;
    c->str_default_length = 0;
    for (uint32_t v = 0; v < col->vector_count; v++) {
        galp_vector_info info;
        galp_vector_info_get(col, v, &info);
        const uint8_t *payload = col->data + info.payload_offset;
        c->str_pieces += lean ? info.exception_count : galp_load_u32(payload);
        const uint32_t L = galp_load_u32(payload + (lean ? 0 : 8));
        if (v == 0)
            c->str_default_length = L;
        else if (L != c->str_default_length)
            c->str_default_length = GALP_GPU_STR_MIXED_DEFAULTS;
    }
}

/* A str column (spec/fsst.md): the file itself is the image, which the str kernels read
 * through the device API's string visitor (gpu/strings.h). */
static galp_status upload_strings(const galp_column *col, galp_gpu_column **out)
{
    galp_gpu_column *c = calloc(1, sizeof *c);
    if (c == NULL)
        return GALP_ERR_NO_MEMORY;
    cudaError_t err = cudaMalloc((void **)&c->image, col->size);
    if (err == cudaSuccess)
        err = cudaMemcpy(c->image, col->data, col->size, cudaMemcpyHostToDevice);
    galp_status st = galp_gpu_status_from_cuda(err);
    if (st == GALP_OK)
        st = galp_column_str_bytes(col, &c->str_bytes);
    read_str_layout(col, c);
    if (st == GALP_OK)
        st = galp_gpu_status_from_cuda(cudaStreamSynchronize(NULL));
    if (st != GALP_OK) {
        galp_gpu_column_free(c);
        return st;
    }
    c->view = (galp_gpu_view){.data = c->image, .value_count = col->value_count,
                              .vector_count = col->vector_count, .type = col->type,
                              .scheme = col->scheme};
    *out = c;
    return GALP_OK;
}

/* The value-array calls serve fixed-width columns; str columns have their own. */
static bool fixed_width(const galp_gpu_column *column)
{
    return column != NULL && column->view.type != GALP_TYPE_STR;
}

galp_status galp_gpu_available(void)
{
    int devices = 0;
    const galp_status st = galp_gpu_status_from_cuda(cudaGetDeviceCount(&devices));
    return st == GALP_OK && devices == 0 ? GALP_ERR_NO_DEVICE : st;
}

/* The column's value table (gpu/value_table.h) in host memory, when it has one (at most
 * 16 KiB). */
static galp_status attach_value_table(galp_gpu_column *c, const galp_column *col)
{
    galp_gpu_value_count *table = malloc(GALP_GPU_VALUE_TABLE_MAX * sizeof *table);
    if (table == NULL)
        return GALP_ERR_NO_MEMORY;
    c->table_entries = galp_gpu_value_table_build(col, table);
    if (c->table_entries != 0)
        c->table = table;
    else
        free(table);
    return GALP_OK;
}

galp_status galp_gpu_column_upload(const void *src, size_t src_len, galp_gpu_column **out)
{
    if (out == NULL)
        return GALP_ERR_ARGUMENT;
    *out = NULL;
    if (src == NULL)
        return GALP_ERR_ARGUMENT;
    galp_column col;
    const galp_status st = galp_open(&col, src, src_len);
    return st != GALP_OK ? st : galp_gpu_column_upload_opened(&col, out);
}

galp_status galp_gpu_column_upload_opened(const galp_column *column, galp_gpu_column **out)
{
    if (out == NULL)
        return GALP_ERR_ARGUMENT;
    *out = NULL;
    /* validated by galp_open and unchanged since (ref/column_seal.c): nothing to check again */
    galp_status st = galp_column_check(column);
    if (st != GALP_OK)
        return st;
    st = galp_gpu_available();
    if (st != GALP_OK)
        return st;
    if (column->type == GALP_TYPE_STR) /* no image: the file is what the device holds */
        return upload_strings(column, out);

    uint8_t *host_image = NULL;
    size_t size = 0;
    st = galp_gpu_image_build(column, &host_image, &size);
    if (st != GALP_OK)
        return st;
    /* The column the device holds: the file itself, or the image built from it (a valid file,
     * gpu/image.c), which the shape and the value table then describe. */
    galp_column col = *column;
    if (host_image != NULL && (st = galp_open(&col, host_image, size)) != GALP_OK) {
        free(host_image);
        return st;
    }
    const uint8_t *bytes = col.data;
    size = col.size;
    galp_gpu_column *c = calloc(1, sizeof *c);
    if (c == NULL) {
        free(host_image);
        return GALP_ERR_NO_MEMORY;
    }
    /* cudaMemcpy from pageable memory may return before the copy has reached the device, and
     * kernels on a non-blocking stream do not wait for the legacy default stream it ran on:
     * without the synchronisation a scan launched right away read a column of zeros. */
    cudaError_t err = cudaMalloc((void **)&c->image, size);
    if (err == cudaSuccess)
        err = cudaMemcpy(c->image, bytes, size, cudaMemcpyHostToDevice);
    if (err == cudaSuccess)
        err = cudaStreamSynchronize(NULL);
    if (err != cudaSuccess) {
        cudaFree(c->image);
        free(c);
        free(host_image);
        return galp_gpu_status_from_cuda(err);
    }
    c->shape = galp_gpu_image_shape(&col);
    const uint32_t schemes = galp_gpu_image_vector_schemes(&col);
    c->has_fastlanes = (schemes & GALP_GPU_FASTLANES_SCHEMES) != 0;
    c->has_alprd = (schemes & (1u << GALP_SCHEME_ALP_RD)) != 0;
    st = c->has_fastlanes ? GALP_OK : attach_value_table(c, &col);
    free(host_image);
    if (st != GALP_OK) {
        galp_gpu_column_free(c);
        return st;
    }
    c->view.data = c->image;
    c->view.value_count = col.value_count;
    c->view.vector_count = col.vector_count;
    c->view.type = col.type;
    /* RAW, FFOR, GALP, DELTA, RLE or DICT in the image; ALP_RD where it holds ALP_RD vectors
     * (include/galp_gpu.h) */
    c->view.scheme = c->has_alprd ? GALP_SCHEME_ALP_RD : col.scheme;
    c->view.largest_vector = c->shape.largest_vector;
    c->view.vector_schemes = schemes;
    if (c->shape.partly_safe_vectors != 0 && !c->has_fastlanes && !c->has_alprd) {
        st = galp_gpu_check_stored_safe(&c->view, &c->shape.stored_safe);
        if (st != GALP_OK) {
            galp_gpu_column_free(c);
            return st;
        }
    }
    *out = c;
    return GALP_OK;
}

void galp_gpu_column_free(galp_gpu_column *column)
{
    if (column == NULL)
        return;
    cudaFree(column->image);
    free(column->table);
    free(column);
}

uint32_t galp_gpu_column_table_entries(const galp_gpu_column *column)
{
    return column->table_entries;
}

galp_status galp_gpu_column_view(const galp_gpu_column *column, galp_gpu_view *view)
{
    if (column == NULL || view == NULL)
        return GALP_ERR_ARGUMENT;
    *view = column->view;
    return GALP_OK;
}

galp_status galp_gpu_decompress(const galp_gpu_column *column, void *dst, size_t dst_capacity,
                                galp_gpu_stream stream)
{
    if (!fixed_width(column) || (dst == NULL && column->view.value_count != 0))
        return GALP_ERR_ARGUMENT;
    size_t width = galp_type_size(column->view.type);
    /* the kernels store whole values: one misaligned store would end the caller's context */
    if ((uintptr_t)dst % width != 0)
        return GALP_ERR_ARGUMENT;
    if (column->view.value_count > dst_capacity / width)
        return GALP_ERR_DST_TOO_SMALL;
    if (column->view.value_count == 0)
        return GALP_OK;
    if (column->has_fastlanes)
        return galp_gpu_launch_fastlanes_decompress(&column->view, dst, stream);
    if (column->has_alprd)
        return galp_gpu_launch_alprd_decompress(&column->view, dst, stream);
    return galp_gpu_launch_decompress(&column->view, &column->shape, dst, stream);
}

galp_status galp_gpu_aggregate_column(const galp_gpu_column *column, galp_gpu_aggregate *result,
                                      galp_gpu_stream stream)
{
    if (!fixed_width(column) || result == NULL)
        return GALP_ERR_ARGUMENT;
    if (column->table_entries != 0) { /* a column of constants: no scan (gpu/value_table.c) */
        galp_gpu_aggregate value;
        galp_gpu_value_table_aggregate(column->table, column->table_entries, column->view.type, &value);
        return galp_gpu_launch_store_aggregate(result, &value, stream);
    }
    if (column->has_fastlanes)
        return galp_gpu_launch_fastlanes_aggregate(&column->view, result, stream);
    if (column->has_alprd)
        return galp_gpu_launch_alprd_aggregate(&column->view, result, stream);
    return galp_gpu_launch_aggregate(&column->view, &column->shape, result, stream);
}

/* Range scans plan only G-ALP vectors, which exist only in float columns of scheme GALP: a
 * plan and a scan record per vector (gpu/kernels.h). The scans of columns with ALP_RD vectors
 * plan nothing (gpu/alprd.cu). */
size_t galp_gpu_range_temp_size(const galp_gpu_column *column)
{
    if (column == NULL || column->view.scheme != GALP_SCHEME_GALP)
        return 0;
    return (size_t)column->view.vector_count * (sizeof(galp_gpu_range_plan) + sizeof(galp_gpu_scan_record));
}

/* The bit pattern of one value of the column type, zero-extended. */
static uint64_t value_bits(const galp_gpu_column *column, const void *value)
{
    uint64_t bits;
    galp_values_widen((unsigned)galp_type_size(column->view.type), value, 1, &bits);
    return bits;
}

static galp_status range_scan(const galp_gpu_column *column, const void *lo, const void *hi,
                              void *temp, size_t temp_size, uint64_t *count, uint32_t *found,
                              galp_gpu_stream stream)
{
    if (!fixed_width(column) || lo == NULL || hi == NULL || (count == NULL && found == NULL))
        return GALP_ERR_ARGUMENT;
    size_t need = galp_gpu_range_temp_size(column);
    if (temp_size < need || (need != 0 && (temp == NULL || (uintptr_t)temp % 16 != 0)))
        return GALP_ERR_ARGUMENT;
    if (column->table_entries != 0) /* a column of constants: no scan (gpu/value_table.c) */
        return galp_gpu_launch_store_result(count, found,
                                            galp_gpu_value_table_count(column->table, column->table_entries,
                                                                       column->view.type, value_bits(column, lo),
                                                                       value_bits(column, hi)),
                                            stream);
    if (column->has_fastlanes)
        return galp_gpu_launch_fastlanes_range(&column->view, value_bits(column, lo), value_bits(column, hi),
                                               count, found, stream);
    if (column->has_alprd)
        return galp_gpu_launch_alprd_range(&column->view, value_bits(column, lo), value_bits(column, hi), count,
                                           found, stream);
    return galp_gpu_launch_range(&column->view, &column->shape, value_bits(column, lo),
                                 value_bits(column, hi),
                                 need != 0 ? (galp_gpu_range_plan *)temp : NULL, count, found,
                                 stream);
}

galp_status galp_gpu_count_range(const galp_gpu_column *column, const void *lo, const void *hi,
                                 void *temp, size_t temp_size, uint64_t *count,
                                 galp_gpu_stream stream)
{
    if (count == NULL)
        return GALP_ERR_ARGUMENT;
    return range_scan(column, lo, hi, temp, temp_size, count, NULL, stream);
}

galp_status galp_gpu_exists(const galp_gpu_column *column, const void *value, void *temp,
                            size_t temp_size, uint32_t *found, galp_gpu_stream stream)
{
    if (found == NULL)
        return GALP_ERR_ARGUMENT;
    return range_scan(column, value, value, temp, temp_size, NULL, found, stream);
}

galp_status galp_gpu_str_bytes(const galp_gpu_column *column, uint64_t *bytes)
{
    if (column == NULL || column->view.type != GALP_TYPE_STR || bytes == NULL)
        return GALP_ERR_ARGUMENT;
    *bytes = column->str_bytes;
    return GALP_OK;
}

galp_status galp_gpu_str_default_length(const galp_gpu_column *column, uint32_t *length)
{
    if (column == NULL || column->view.type != GALP_TYPE_STR || length == NULL)
        return GALP_ERR_ARGUMENT;
    *length = column->str_default_length;
    return GALP_OK;
}

/* Both offset widths (spec/fsst.md §1): capacities first, then one launch. */
static galp_status decompress_str(const galp_gpu_column *column, void *offsets,
                                  size_t offsets_capacity, unsigned offset_bytes, uint8_t *data,
                                  size_t data_capacity, galp_gpu_stream stream)
{
    if (column == NULL || column->view.type != GALP_TYPE_STR || offsets == NULL)
        return GALP_ERR_ARGUMENT;
    const uint64_t bytes = column->str_bytes;
    if (offset_bytes == 4 && bytes > INT32_MAX)
        return GALP_ERR_TOO_LARGE;
    if (column->view.value_count >= offsets_capacity || bytes > data_capacity)
        return GALP_ERR_DST_TOO_SMALL;
    if (data == NULL && bytes > 0)
        return GALP_ERR_ARGUMENT;
    return galp_gpu_launch_str_decompress(&column->view, column->str_pieces, offsets,
                                          offset_bytes, data, stream);
}

galp_status galp_gpu_decompress_str32(const galp_gpu_column *column, int32_t *offsets,
                                      size_t offsets_capacity, uint8_t *data,
                                      size_t data_capacity, galp_gpu_stream stream)
{
    return decompress_str(column, offsets, offsets_capacity, 4, data, data_capacity, stream);
}

galp_status galp_gpu_decompress_str64(const galp_gpu_column *column, int64_t *offsets,
                                      size_t offsets_capacity, uint8_t *data,
                                      size_t data_capacity, galp_gpu_stream stream)
{
    return decompress_str(column, offsets, offsets_capacity, 8, data, data_capacity, stream);
}

/* The fused counts (gpu/strings.cu): the query goes to the kernel by value, so nothing is
 * allocated. */
static galp_status count_strings(const galp_gpu_column *column, const void *value, size_t length,
                                 uint32_t prefix, uint64_t *count, galp_gpu_stream stream)
{
    if (column == NULL || column->view.type != GALP_TYPE_STR || count == NULL ||
        (value == NULL && length > 0) || length > GALP_GPU_STR_QUERY_MAX)
        return GALP_ERR_ARGUMENT;
    galp_gpu_str_query query = {.length = (uint32_t)length, .prefix = prefix};
    if (length > 0)
        memcpy(query.bytes, value, length);
    return galp_gpu_launch_str_count(&column->view, column->str_pieces,
                                     column->str_default_length, &query, count, stream);
}

galp_status galp_gpu_str_count_equal(const galp_gpu_column *column, const void *value,
                                     size_t length, uint64_t *count, galp_gpu_stream stream)
{
    return count_strings(column, value, length, 0, count, stream);
}

galp_status galp_gpu_str_count_prefix(const galp_gpu_column *column, const void *value,
                                      size_t length, uint64_t *count, galp_gpu_stream stream)
{
    return count_strings(column, value, length, 1, count, stream);
}
