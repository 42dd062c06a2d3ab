/*
 * gpu/kernels.h — interface between the host API (gpu/host.c, C) and the kernels
 * (gpu/decompress.cu, gpu/aggregate.cu, gpu/range.cu). Not installed.
 *
 * Each launcher enqueues its kernels on `stream` and returns the status of a failed CUDA call
 * (gpu/cuda_status.h) if a launch
 * failed; the host API has checked every argument before calling.
 */
#ifndef GALP_GPU_KERNELS_H
#define GALP_GPU_KERNELS_H

#include <stdint.h>

#include "galp_gpu.h"
#include "galp/device/range_plan.h"

#ifdef __cplusplus
extern "C" {
#endif


/* Per-vector record of a range scan over a float column of narrow vectors, which the plan
 * kernel writes after the plans and the scan reads instead of each vector's entry and plan
 * (gpu/scan_record.cuh has the meaning of its words). 16 bytes. */
typedef struct galp_gpu_scan_record {
    uint32_t payload_16;  /* payload offset / 16 */
    uint32_t lo_or_count; /* packed: first matching packed integer; counted: the count */
    uint32_t span;        /* packed: hi - lo */
    uint32_t kind;        /* b | c << 8 | no match << 29 | kind << 30 (packed 0, counted 1, general 2) */
} galp_gpu_scan_record;

/* The device image (gpu/image.c) holds in every exception slot of a G-ALP vector the same
 * packed integer, the vector's fill: that of its lowest-index slot that is not an exception,
 * or 0 when every slot is one. So a scan that has counted or summed every slot's packed
 * integer takes the exception slots' share back in one step, and the fill of a vector with
 * fewer than m exceptions is a value of the vector (gpu/range.cu, gpu/aggregate.cu). */

/* What the launchers know of a column besides its view (galp_gpu_image_shape, gpu/image.h):
 * largest_vector sizes the kernels' shared-memory stages (galp/device/vector_pipeline.cuh),
 * wide_or_raw (some vector is RAW or wider than 32 bits) selects the scans that have paths
 * for those vectors (gpu/range.cu, gpu/aggregate.cu), and partly_safe_vectors
 * (narrow G-ALP vectors not all of whose packed integers 0 ... 2^b - 1 are safe,
 * galp/device/pushdown.cuh) the range scans that go by scan records where they are few
 * (gpu/range.cu), and payload_bytes (the bytes every vector stages, summed: its payload, a
 * RAW vector's counted whole) the decompression kernel that prefetches small payloads
 * (gpu/decompress.cuh). stored_safe is set by the upload where there are partly safe
 * vectors and every packed integer that those vectors decode a value from lies in its safe
 * interval (galp_gpu_check_stored_safe): the range scans then plan them as wholly safe
 * (widen_stored_safe, galp/device/pushdown.cuh) and go by scan records however many there are.
 * constant_exceptions, the most exceptions of a constant vector, tells with constant_vectors
 * whether a column's range scans can count every vector from its entry and exceptions alone
 * (gpu/range.cu). */
typedef struct galp_gpu_shape {
    uint32_t largest_vector;
    int wide_or_raw;
    uint32_t constant_vectors;
    uint32_t partly_safe_vectors;
    uint64_t payload_bytes;
    int stored_safe;
    uint32_t constant_exceptions;
} galp_gpu_shape;

/* *stored_safe = whether the G-ALP vectors of at most 32 bits of an uploaded column decode
 * no value (exceptions aside) from a packed integer outside their safe interval
 * (stored_safe_kernel, gpu/range.cu): one pass over the column on the legacy default stream,
 * waited for; for the upload, which waits anyway. */
galp_status galp_gpu_check_stored_safe(const galp_gpu_view *view, int *stored_safe);

galp_status galp_gpu_launch_decompress(const galp_gpu_view *view, const galp_gpu_shape *shape, void *dst,
                                       galp_gpu_stream stream);
galp_status galp_gpu_launch_aggregate(const galp_gpu_view *view, const galp_gpu_shape *shape,
                                      galp_gpu_aggregate *result, galp_gpu_stream stream);
/* *result = *value: an aggregate that the host has computed (gpu/value_table.c), stored in
 * its place on the stream. */
galp_status galp_gpu_launch_store_aggregate(galp_gpu_aggregate *result, const galp_gpu_aggregate *value,
                                            galp_gpu_stream stream);
/* *count = matches (count non-NULL), else *found = whether matches > 0: a range scan's result
 * that the host has counted (gpu/value_table.c), stored in its place on the stream. */
galp_status galp_gpu_launch_store_result(uint64_t *count, uint32_t *found, uint64_t matches, galp_gpu_stream stream);
/* lo_bits, hi_bits: the bounds' bit patterns (zero-extended). plan: 16-byte aligned room for
 * nv plans followed by nv scan records (gpu/range.cu writes the records, and the plans of the
 * vectors whose record is general, in a float column without RAW or wide vectors, else every
 * plan), or NULL for columns without G-ALP vectors. Exactly one of count and found is
 * non-NULL. */
galp_status galp_gpu_launch_range(const galp_gpu_view *view, const galp_gpu_shape *shape, uint64_t lo_bits,
                                  uint64_t hi_bits, galp_gpu_range_plan *plan, uint64_t *count,
                                  uint32_t *found, galp_gpu_stream stream);

/* Columns whose image holds FastLanes DELTA, RLE or DICT vectors (gpu/image.h,
 * GALP_GPU_FASTLANES_SCHEMES): full decompression, aggregate and range scan of every
 * vector kind such a column holds (gpu/fastlanes.cu), in place of the launchers above. */
galp_status galp_gpu_launch_fastlanes_decompress(const galp_gpu_view *view, void *dst, galp_gpu_stream stream);
galp_status galp_gpu_launch_fastlanes_aggregate(const galp_gpu_view *view, galp_gpu_aggregate *result,
                                                galp_gpu_stream stream);
galp_status galp_gpu_launch_fastlanes_range(const galp_gpu_view *view, uint64_t lo_bits, uint64_t hi_bits,
                                            uint64_t *count, uint32_t *found, galp_gpu_stream stream);

#ifdef __cplusplus
}
#endif

#endif /* GALP_GPU_KERNELS_H */
