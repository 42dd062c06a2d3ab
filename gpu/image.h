/*
 * gpu/image.h — the device image of a column (gpu/image.c).
 */
#ifndef GALP_GPU_IMAGE_H
#define GALP_GPU_IMAGE_H

#include <stddef.h>
#include <stdint.h>

#include "galp.h"
#include "kernels.h"

/* Every call here takes a validated column of fixed-width values; a str column (spec/fsst.md)
 * has no image: the upload keeps its file as it is (gpu/host.c, gpu/strings.h). */

/* The device image of a validated column: *image NULL when the file itself is one (no ALP
 * or ALP_RD vector, and every G-ALP vector's exception slots hold its fill, gpu/kernels.h);
 * else a malloc'ed copy (the caller frees it) in which every ALP vector is a G-ALP vector,
 * every ALP_RD vector the RAW vector of its values, and every exception slot holds its
 * vector's fill. GALP_ERR_TOO_LARGE if memory runs out. */
galp_status galp_gpu_image_build(const galp_column *column, uint8_t **image, size_t *image_size);

/* The column scheme of the image: GALP for ALP, RAW for ALP_RD, else the column's. */
galp_scheme galp_gpu_image_scheme(const galp_column *column);

/* The shape of the image of a validated column (gpu/kernels.h): its largest vector is the
 * shared memory, in bytes, that the bulk kernels need for it (galp/device/vector_pipeline.cuh): its
 * payload in the image, but at least the 128-byte line 0 of its packed words, and for RAW
 * (ALP_RD in the file) the 128·W bytes of a full vector, since the kernels address the word of every slot (those
 * past m are read and discarded) whatever the vector holds; wide_or_raw is set when some
 * vector is RAW or wider than 32 bits; constant_vectors counts the vectors of width 0 (FFOR,
 * ALP and G-ALP: G-ALP in the image) and constant_exceptions is the most exceptions one of them
 * has, partly_safe_vectors counts the ALP and G-ALP vectors of at most 32 bits not all of
 * whose packed integers are safe (galp/device/pushdown.cuh). */
galp_gpu_shape galp_gpu_image_shape(const galp_column *column);

#endif /* GALP_GPU_IMAGE_H */
