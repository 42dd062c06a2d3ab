/*
 * gpu/host.c — the host API of the CUDA decoder (include/galp_gpu.h).
 *
 * Every entry point checks its arguments and returns before enqueueing anything when one is
 * wrong. The column itself was validated once, by galp_open in galp_gpu_column_upload, so
 * malformed input never reaches a kernel. No call after the upload allocates or waits.
 */
#include <stdlib.h>

#include <cuda_runtime.h>

#include "cuda_status.h"
#include "galp_gpu.h"
#include "galp_internal.h"
#include "image.h"
#include "kernels.h"
#include "value_table.h"

struct galp_gpu_column {
    uint8_t *image;       /* device copy of the image (gpu/image.c) */
    galp_gpu_view view;
    galp_gpu_shape shape;  /* galp_gpu_image_shape (gpu/image.h, gpu/kernels.h) */
    galp_gpu_value_count *table; /* host memory: its value table (gpu/value_table.h), or NULL */
    uint32_t table_entries;
};

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
    galp_status st = galp_open(&col, src, src_len);
    if (st != GALP_OK)
        return st;
    st = galp_gpu_available();
    if (st != GALP_OK)
        return st;

    uint8_t *host_image = NULL;
    size_t size = 0;
    st = galp_gpu_image_build(&col, &host_image, &size);
    if (st != GALP_OK)
        return st;
    const uint8_t *bytes = host_image != NULL ? host_image : col.data;
    if (host_image == NULL)
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
    free(host_image);
    c->shape = galp_gpu_image_shape(&col);
    st = attach_value_table(c, &col);
    if (st != GALP_OK) {
        galp_gpu_column_free(c);
        return st;
    }
    c->view.data = c->image;
    c->view.value_count = col.value_count;
    c->view.vector_count = col.vector_count;
    c->view.type = col.type;
    c->view.scheme = galp_gpu_image_scheme(&col);
    c->view.largest_vector = c->shape.largest_vector;
    if (c->shape.partly_safe_vectors != 0) {
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
    if (column == NULL || (dst == NULL && column->view.value_count != 0))
        return GALP_ERR_ARGUMENT;
    size_t width = galp_type_size(column->view.type);
    if (column->view.value_count > dst_capacity / width)
        return GALP_ERR_DST_TOO_SMALL;
    if (column->view.value_count == 0)
        return GALP_OK;
    return galp_gpu_launch_decompress(&column->view, &column->shape, dst, stream);
}

galp_status galp_gpu_aggregate_column(const galp_gpu_column *column, galp_gpu_aggregate *result,
                                      galp_gpu_stream stream)
{
    if (column == NULL || result == NULL)
        return GALP_ERR_ARGUMENT;
    if (column->table_entries != 0) { /* a column of constants: no scan (gpu/value_table.c) */
        galp_gpu_aggregate value;
        galp_gpu_value_table_aggregate(column->table, column->table_entries, column->view.type, &value);
        return galp_gpu_launch_store_aggregate(result, &value, stream);
    }
    return galp_gpu_launch_aggregate(&column->view, &column->shape, result, stream);
}

/* Range scans plan only G-ALP vectors, which exist only in float columns of scheme GALP: a
 * plan and a scan record per vector (gpu/kernels.h). */
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
    if (column == NULL || lo == NULL || hi == NULL || (count == NULL && found == NULL))
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
