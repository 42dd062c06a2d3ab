/*
 * gpu/arrow_nocuda.c — the Arrow device export of a build without CUDA: as every GPU call
 * there (gpu/nocuda.c), it reports GALP_ERR_NO_DEVICE and marks the structs released.
 */
#include <stddef.h>

#include "galp_arrow.h"

galp_status galp_gpu_arrow_export(const galp_gpu_column *column, galp_gpu_stream stream,
                                  struct ArrowSchema *schema, struct ArrowDeviceArray *array)
{
    (void)column;
    (void)stream;
    if (schema != NULL)
        schema->release = NULL;
    if (array != NULL)
        array->array.release = NULL;
    return GALP_ERR_NO_DEVICE;
}

galp_status galp_gpu_arrow_wait(const struct ArrowDeviceArray *array, galp_gpu_stream stream)
{
    (void)array;
    (void)stream;
    return GALP_ERR_NO_DEVICE;
}
