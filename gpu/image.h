/*
 * gpu/image.h — building the device image of an ALP-scheme column (gpu/image.c).
 */
#ifndef GALP_GPU_IMAGE_H
#define GALP_GPU_IMAGE_H

#include <stddef.h>
#include <stdint.h>

#include "galp.h"

/* For a validated column of scheme ALP: a malloc'ed copy in which every ALP vector is a
 * G-ALP vector (the caller frees *image). GALP_ERR_TOO_LARGE if memory runs out. */
galp_status galp_gpu_image_build(const galp_column *column, uint8_t **image, size_t *image_size);

/* The shared memory, in bytes, that the bulk kernels need for the largest vector of the
 * image of a validated column (gpu/vector_pipeline.cuh): its payload in the image, but at
 * least the 128-byte line 0 of its packed words, and for RAW the 128·W bytes of a full
 * vector, since the kernels address the word of every slot (those past m are read and
 * discarded) whatever the vector holds. */
uint32_t galp_gpu_image_stage_size(const galp_column *column);

#endif /* GALP_GPU_IMAGE_H */
