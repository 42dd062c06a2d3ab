/*
 * gpu/nocuda.c — the GPU host API of a build without CUDA (configure --without-cuda or no
 * nvcc): include/galp_gpu.h documents that every call then reports GALP_ERR_NO_DEVICE, so
 * programs using the API build and fail cleanly on any machine.
 */
#include "galp_gpu.h"

galp_status galp_gpu_available(void)
{
    return GALP_ERR_NO_DEVICE;
}

int galp_gpu_last_cuda_error(void)
{
    return 0; /* no CUDA call is ever made */
}

galp_status galp_gpu_status_from_cuda(int cuda_error)
{
    return cuda_error == 0 ? GALP_OK : GALP_ERR_NO_DEVICE;
}

galp_status galp_gpu_column_upload(const void *src, size_t src_len, galp_gpu_column **out)
{
    (void)src;
    (void)src_len;
    if (out != NULL)
        *out = NULL;
    return GALP_ERR_NO_DEVICE;
}

galp_status galp_gpu_column_upload_opened(const galp_column *column, galp_gpu_column **out)
{
    (void)column;
    if (out != NULL)
        *out = NULL;
    return GALP_ERR_NO_DEVICE;
}

galp_status galp_gpu_tile_decompress(const void *src, size_t src_len, void *dst,
                                     size_t dst_capacity)
{
    (void)src;
    (void)src_len;
    (void)dst;
    (void)dst_capacity;
    return GALP_ERR_NO_DEVICE;
}

void galp_gpu_column_free(galp_gpu_column *column)
{
    (void)column; /* no column can exist in this build */
}

galp_status galp_gpu_column_view(const galp_gpu_column *column, galp_gpu_view *view)
{
    (void)column;
    (void)view;
    return GALP_ERR_NO_DEVICE;
}

galp_status galp_gpu_decompress(const galp_gpu_column *column, void *dst, size_t dst_capacity,
                                galp_gpu_stream stream)
{
    (void)column;
    (void)dst;
    (void)dst_capacity;
    (void)stream;
    return GALP_ERR_NO_DEVICE;
}

galp_status galp_gpu_aggregate_column(const galp_gpu_column *column, galp_gpu_aggregate *result,
                                      galp_gpu_stream stream)
{
    (void)column;
    (void)result;
    (void)stream;
    return GALP_ERR_NO_DEVICE;
}

size_t galp_gpu_range_temp_size(const galp_gpu_column *column)
{
    (void)column;
    return 0;
}

galp_status galp_gpu_count_range(const galp_gpu_column *column, const void *lo, const void *hi,
                                 void *temp, size_t temp_size, uint64_t *count,
                                 galp_gpu_stream stream)
{
    (void)column;
    (void)lo;
    (void)hi;
    (void)temp;
    (void)temp_size;
    (void)count;
    (void)stream;
    return GALP_ERR_NO_DEVICE;
}

galp_status galp_gpu_exists(const galp_gpu_column *column, const void *value, void *temp,
                            size_t temp_size, uint32_t *found, galp_gpu_stream stream)
{
    (void)column;
    (void)value;
    (void)temp;
    (void)temp_size;
    (void)found;
    (void)stream;
    return GALP_ERR_NO_DEVICE;
}

galp_status galp_gpu_str_bytes(const galp_gpu_column *column, uint64_t *bytes)
{
    (void)column;
    (void)bytes;
    return GALP_ERR_NO_DEVICE;
}

galp_status galp_gpu_str_default_length(const galp_gpu_column *column, uint32_t *length)
{
    (void)column;
    (void)length;
    return GALP_ERR_NO_DEVICE;
}

galp_status galp_gpu_decompress_str32(const galp_gpu_column *column, int32_t *offsets,
                                      size_t offsets_capacity, uint8_t *data,
                                      size_t data_capacity, galp_gpu_stream stream)
{
    (void)column;
    (void)offsets;
    (void)offsets_capacity;
    (void)data;
    (void)data_capacity;
    (void)stream;
    return GALP_ERR_NO_DEVICE;
}

galp_status galp_gpu_decompress_str64(const galp_gpu_column *column, int64_t *offsets,
                                      size_t offsets_capacity, uint8_t *data,
                                      size_t data_capacity, galp_gpu_stream stream)
{
    (void)column;
    (void)offsets;
    (void)offsets_capacity;
    (void)data;
    (void)data_capacity;
    (void)stream;
    return GALP_ERR_NO_DEVICE;
}

galp_status galp_gpu_str_count_equal(const galp_gpu_column *column, const void *value,
                                     size_t length, uint64_t *count, galp_gpu_stream stream)
{
    (void)column;
    (void)value;
    (void)length;
    (void)count;
    (void)stream;
    return GALP_ERR_NO_DEVICE;
}

galp_status galp_gpu_str_count_prefix(const galp_gpu_column *column, const void *value,
                                      size_t length, uint64_t *count, galp_gpu_stream stream)
{
    (void)column;
    (void)value;
    (void)length;
    (void)count;
    (void)stream;
    return GALP_ERR_NO_DEVICE;
}
