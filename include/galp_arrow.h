/*
 * galp_arrow.h — decoded columns handed over through the Arrow C Data Interface and the Arrow
 * C Device Data Interface (their struct layouts are Arrow's ABI, reproduced below under
 * Arrow's own include guards, so that a program may include Arrow's definitions as well).
 *
 * A fixed-width column is exported as an Arrow primitive array (uint8 ... uint64, float32,
 * float64; format "C", "S", "I", "L", "f", "g"), a string column (spec/fsst.md) as an Arrow
 * string array, "u" (int32 offsets) or, above 2^31 - 1 string bytes, "U" (int64 offsets).
 * Arrow strings are UTF-8; galp stores the bytes it was given and does not check them.
 * No nulls (galp has none): null_count 0, no validity buffer.
 *
 * The exported structs own their buffers: the consumer calls their release callbacks (once,
 * as the Arrow interface requires), which free them. On failure nothing is allocated and the
 * structs are marked released (release == NULL).
 */
#ifndef GALP_ARROW_H
#define GALP_ARROW_H

#include <stdint.h>

#include "galp.h"
#include "galp_gpu.h"

#ifdef __cplusplus
extern "C" {
#endif

#ifndef ARROW_C_DATA_INTERFACE
#define ARROW_C_DATA_INTERFACE

#define ARROW_FLAG_DICTIONARY_ORDERED 1
#define ARROW_FLAG_NULLABLE 2
#define ARROW_FLAG_MAP_KEYS_SORTED 4

struct ArrowSchema {
    const char *format;
    const char *name;
    const char *metadata;
    int64_t flags;
    int64_t n_children;
    struct ArrowSchema **children;
    struct ArrowSchema *dictionary;
    void (*release)(struct ArrowSchema *);
    void *private_data;
};

struct ArrowArray {
    int64_t length;
    int64_t null_count;
    int64_t offset;
    int64_t n_buffers;
    int64_t n_children;
    const void **buffers;
    struct ArrowArray **children;
    struct ArrowArray *dictionary;
    void (*release)(struct ArrowArray *);
    void *private_data;
};

#endif /* ARROW_C_DATA_INTERFACE */

#ifndef ARROW_C_DEVICE_DATA_INTERFACE
#define ARROW_C_DEVICE_DATA_INTERFACE

typedef int32_t ArrowDeviceType;
#define ARROW_DEVICE_CPU 1
#define ARROW_DEVICE_CUDA 2
#define ARROW_DEVICE_CUDA_HOST 3
#define ARROW_DEVICE_OPENCL 4
#define ARROW_DEVICE_VULKAN 7
#define ARROW_DEVICE_METAL 8
#define ARROW_DEVICE_VPI 9
#define ARROW_DEVICE_ROCM 10
#define ARROW_DEVICE_ROCM_HOST 11
#define ARROW_DEVICE_EXT_DEV 12
#define ARROW_DEVICE_CUDA_MANAGED 13
#define ARROW_DEVICE_ONEAPI 14
#define ARROW_DEVICE_WEBGPU 15
#define ARROW_DEVICE_HEXAGON 16

struct ArrowDeviceArray {
    struct ArrowArray array;
    int64_t device_id;
    ArrowDeviceType device_type;
    void *sync_event;
    int64_t reserved[3];
};

#endif /* ARROW_C_DEVICE_DATA_INTERFACE */

/* The Arrow type of an opened column: fills *schema (format as above, name "", flags 0). */
galp_status galp_arrow_export_schema(const galp_column *column, struct ArrowSchema *schema);

/* Decode an opened column on the CPU (galp_column_decode, galp_column_decode_str32/64) into
 * new buffers (64-byte aligned) and export them as *array, its type as *schema. */
galp_status galp_arrow_export(const galp_column *column, struct ArrowSchema *schema,
                              struct ArrowArray *array);

/* Decode an uploaded column on the current device (galp_gpu_decompress, or
 * galp_gpu_decompress_str32/64 for a string column) into new device buffers (cudaMalloc) on
 * `stream`, and export them as *array (device_type ARROW_DEVICE_CUDA, device_id the current
 * device), its type as *schema. The call returns once the decode is enqueued; sync_event
 * points to a cudaEvent_t recorded on `stream` after it, which a consumer waits on before
 * reading (cudaStreamWaitEvent, or galp_gpu_arrow_wait). The release callback frees the
 * buffers and the event; the consumer calls it once its own work on them is ordered after
 * the event. GALP_ERR_NO_DEVICE in a build without CUDA. */
galp_status galp_gpu_arrow_export(const galp_gpu_column *column, galp_gpu_stream stream,
                                  struct ArrowSchema *schema, struct ArrowDeviceArray *array);

/* Make `stream` wait (on the device, without blocking the host) for the decode behind an
 * array that galp_gpu_arrow_export filled: cudaStreamWaitEvent on its sync_event. */
galp_status galp_gpu_arrow_wait(const struct ArrowDeviceArray *array, galp_gpu_stream stream);

#ifdef __cplusplus
}
#endif

#endif /* GALP_ARROW_H */
