/*
 * gpu_decode.h — the differential target's view of the CUDA decoder (include/galp_gpu.h).
 *
 * The galp_gpu_* calls take device buffers; these wrappers own the device allocations and
 * copies so that fuzz_differential.c is plain C with host buffers. gpu_decode_cuda.c
 * implements them with the CUDA runtime; gpu_decode_none.c, used when CUDA is not built,
 * reports GALP_ERR_NO_DEVICE so that the target's CPU part still builds and runs.
 */
#ifndef GALP_FUZZ_GPU_DECODE_H
#define GALP_FUZZ_GPU_DECODE_H

#include <stddef.h>
#include <stdint.h>

#include "galp_gpu.h"

/* GALP_OK when a device is usable; otherwise the reason (GALP_ERR_NO_DEVICE, GALP_ERR_CUDA). */
galp_status fuzz_gpu_available(void);

/* What the fused scans answered. */
typedef struct fuzz_gpu_scans {
    galp_gpu_aggregate aggregate;
    uint64_t count;  /* galp_gpu_count_range(lo, hi) */
    uint32_t found;  /* galp_gpu_exists(lo) */
} fuzz_gpu_scans;

/* Uploads the file, decodes it on the device into `out` (host, out_size bytes) and runs the
 * fused aggregate, the range count of [lo, hi] and "lo exists" (lo and hi: one value of the
 * column type each) into *scans. Returns the first failing status. */
galp_status fuzz_gpu_decode(const uint8_t *file, size_t size, void *out, size_t out_size,
                            const void *lo, const void *hi, fuzz_gpu_scans *scans);

#endif /* GALP_FUZZ_GPU_DECODE_H */
