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

#endif /* GALP_GPU_IMAGE_H */
