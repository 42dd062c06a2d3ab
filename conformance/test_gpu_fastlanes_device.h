/*
 * test_gpu_fastlanes_device.h — conformance/test_gpu_fastlanes's kernel written against the
 * device API's FastLanes lane decoders (galp/device/delta.cuh, rle.cuh, dict.cuh), as a
 * user's kernel would be (conformance/test_gpu_fastlanes_device.cu).
 */
#ifndef GALP_TEST_GPU_FASTLANES_DEVICE_H
#define GALP_TEST_GPU_FASTLANES_DEVICE_H

#include <stdint.h>

#include "galp_gpu.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Decodes the column into dst (device memory, value_count values), a block per vector that
 * picks the decoder by the vector's scheme: delta_lane, rle_lane, dict_lane for the even
 * lanes of a DICT vector and dict_value for the positions of its odd lanes, lane_decoder for
 * RAW and FFOR; and waits for it. A launch or kernel failure as its galp_status. */
galp_status test_device_api_fastlanes_decode(const galp_gpu_view *view, void *dst);

/* Decodes a u32 column into dst (device memory, value_count values) with the block loader
 * load_fastlanes_tile (galp/device/fastlanes_tile.cuh), a block of tile_threads per vector,
 * and waits for it. GALP_ERR_ARGUMENT for another type; a launch or kernel failure as its
 * galp_status. */
galp_status test_device_api_fastlanes_tile_decode(const galp_gpu_view *view, uint32_t *dst);

#ifdef __cplusplus
}
#endif

#endif /* GALP_TEST_GPU_FASTLANES_DEVICE_H */
