/*
 * gpu_decode_none.c — gpu_decode.h in a build without CUDA: there is no device.
 */
#include "gpu_decode.h"

galp_status fuzz_gpu_available(void)
{
    return GALP_ERR_NO_DEVICE;
}

galp_status fuzz_gpu_decode(const uint8_t *file, size_t size, void *out, size_t out_size,
                            const fuzz_scan_args *args, fuzz_scans *scans)
{
    (void)file;
    (void)size;
    (void)out;
    (void)out_size;
    (void)args;
    (void)scans;
    return GALP_ERR_NO_DEVICE;
}
