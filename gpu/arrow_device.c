/*
 * gpu/arrow_device.c — a column decoded on the device and exported through the Arrow C Device
 * Data Interface (include/galp_arrow.h): device buffers from cudaMalloc, filled on the
 * caller's stream, with a CUDA event recorded after the decode as the array's sync event.
 */
#include <stdlib.h>

#include <cuda_runtime.h>

#include "arrow_internal.h"
#include "galp_arrow.h"
#include "galp_gpu.h"

/* What an exported device array owns: the buffer pointers, the device allocations behind them
 * and the event that sync_event points to. */
typedef struct device_owner {
    const void *buffers[3];
    void *memory[2];
    cudaEvent_t event;
} device_owner;

static void free_owner(device_owner *owner)
{
    /* cudaFree is synchronous with respect to the device, so buffers still being written are
     * not released under a running kernel. */
    cudaFree(owner->memory[0]);
    cudaFree(owner->memory[1]);
    if (owner->event != NULL)
        cudaEventDestroy(owner->event);
    free(owner);
}

static void release_device_array(struct ArrowArray *array)
{
    free_owner(array->private_data);
    array->release = NULL;
}

static galp_status device_alloc(void **ptr, size_t size)
{
    /* One byte at least, so that an empty column still has non-NULL buffers (Arrow wants
     * the values buffer of a non-null array to be present). */
    return galp_gpu_status_from_cuda(cudaMalloc(ptr, size ? size : 1));
}

/* Allocates and enqueues the decode; *n_buffers is set for the array. */
static galp_status decode_on_device(const galp_gpu_column *column, const galp_gpu_view *view,
                                    const struct ArrowSchema *schema, galp_gpu_stream stream,
                                    device_owner *owner, int64_t *n_buffers)
{
    uint64_t n = view->value_count, bytes = 0;
    galp_arrow_layout layout;
    galp_status st = view->type == GALP_TYPE_STR ? galp_gpu_str_bytes(column, &bytes) : GALP_OK;
    if (st != GALP_OK || (st = galp_arrow_layout_of(view->type, n, bytes, schema, &layout)) != GALP_OK)
        return st;
    for (int64_t b = 0; b + 1 < layout.n_buffers; b++)
        if ((st = device_alloc(&owner->memory[b], layout.size[b])) != GALP_OK)
            return st;
    *n_buffers = layout.n_buffers;
    if (view->type != GALP_TYPE_STR)
        return galp_gpu_decompress(column, owner->memory[0], layout.size[0], stream);
    return layout.large ? galp_gpu_decompress_str64(column, owner->memory[0], n + 1, owner->memory[1],
                                                    layout.size[1], stream)
                        : galp_gpu_decompress_str32(column, owner->memory[0], n + 1, owner->memory[1],
                                                    layout.size[1], stream);
}

galp_status galp_gpu_arrow_export(const galp_gpu_column *column, galp_gpu_stream stream,
                                  struct ArrowSchema *schema, struct ArrowDeviceArray *array)
{
    if (schema != NULL)
        schema->release = NULL;
    if (array != NULL)
        array->array.release = NULL;
    if (column == NULL || schema == NULL || array == NULL)
        return GALP_ERR_ARGUMENT;
    galp_gpu_view view;
    uint64_t str_bytes = 0;
    galp_status st = galp_gpu_column_view(column, &view);
    if (st == GALP_OK && view.type == GALP_TYPE_STR)
        st = galp_gpu_str_bytes(column, &str_bytes);
    if (st == GALP_OK && view.value_count > INT64_MAX)
        st = GALP_ERR_TOO_LARGE;
    if (st != GALP_OK || (st = galp_arrow_schema_fill(schema, view.type, str_bytes)) != GALP_OK)
        return st;
    int device = 0;
    device_owner *owner = calloc(1, sizeof *owner);
    int64_t n_buffers = 0;
    if (owner == NULL)
        st = GALP_ERR_NO_MEMORY;
    else if ((st = galp_gpu_status_from_cuda(cudaGetDevice(&device))) == GALP_OK &&
             (st = decode_on_device(column, &view, schema, stream, owner, &n_buffers)) ==
                 GALP_OK &&
             (st = galp_gpu_status_from_cuda(
                  cudaEventCreateWithFlags(&owner->event, cudaEventDisableTiming))) == GALP_OK)
        st = galp_gpu_status_from_cuda(cudaEventRecord(owner->event, stream));
    if (st != GALP_OK) {
        if (owner != NULL)
            free_owner(owner);
        schema->release(schema);
        return st;
    }
    owner->buffers[1] = owner->memory[0];
    owner->buffers[2] = owner->memory[1];
    *array = (struct ArrowDeviceArray){
        .array = {.length = (int64_t)view.value_count,
                  .n_buffers = n_buffers,
                  .buffers = owner->buffers,
                  .release = release_device_array,
                  .private_data = owner},
        .device_id = device,
        .device_type = ARROW_DEVICE_CUDA,
        .sync_event = &owner->event,
    };
    return GALP_OK;
}

galp_status galp_gpu_arrow_wait(const struct ArrowDeviceArray *array, galp_gpu_stream stream)
{
    if (array == NULL || array->array.release == NULL || array->sync_event == NULL ||
        array->device_type != ARROW_DEVICE_CUDA)
        return GALP_ERR_ARGUMENT;
    cudaEvent_t event = *(cudaEvent_t *)array->sync_event;
    return galp_gpu_status_from_cuda(cudaStreamWaitEvent(stream, event, 0));
}
