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
#include "scan_oracle.h"

/* GALP_OK when a device is usable, its context created; otherwise the reason
 * (GALP_ERR_NO_DEVICE, GALP_ERR_CUDA). */
galp_status fuzz_gpu_available(void);

/* Uploads the file, decodes it on the device into `out` (host, out_size bytes) and runs the
 * fused aggregate, the range count of [args->lo, args->hi] and "args->probe exists" into
 * *scans. Returns the first failing status. */
galp_status fuzz_gpu_decode(const uint8_t *file, size_t size, void *out, size_t out_size,
                            const fuzz_scan_args *args, fuzz_scans *scans);

#endif /* GALP_FUZZ_GPU_DECODE_H */
