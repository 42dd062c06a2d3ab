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

/* The device image of a validated column: *image NULL when the file itself is one (every
 * vector RAW, FFOR, G-ALP, DELTA, RLE, DICT or ALP_RD, and every G-ALP vector's exception
 * slots hold its fill, gpu/kernels.h); else a malloc'ed copy (the caller frees it), itself a valid file, in which
 * every ALP vector is a G-ALP vector, every vector of a scheme without a device decoder is
 * RAW, and every exception slot holds its vector's fill. GALP_ERR_NO_MEMORY if memory runs
 * out. */
galp_status galp_gpu_image_build(const galp_column *column, uint8_t **image, size_t *image_size);

/* The column scheme of the image of a validated column: the column's for RAW, FFOR, GALP,
 * DELTA, RLE, DICT and ALP_RD, GALP for ALP; for a scheme without a device decoder, whose
 * vectors the image holds RAW, the device's scheme for the type: GALP for floats, FFOR for
 * integers. */
galp_scheme galp_gpu_image_scheme(const galp_column *column);

/* The shape of a device image (opened with galp_open, gpu/kernels.h): its largest vector is
 * the shared memory, in bytes, that the bulk kernels need for it
 * (galp/device/vector_pipeline.cuh): its payload, but at least the 128-byte line 0 of its
 * packed words, and for RAW the 128·W bytes of a full vector, since the kernels address the
 * word of every slot (those past m are read and discarded) whatever the vector holds;
 * wide_or_raw is set when some vector is RAW or wider than 32 bits; constant_vectors counts
 * the vectors of width 0 (FFOR and G-ALP) and constant_exceptions is the most exceptions one
 * of them has, partly_safe_vectors counts the G-ALP vectors of at most 32 bits not all of
 * whose packed integers are safe (galp/device/pushdown.cuh). ALP_RD vectors count in
 * largest_vector and payload_bytes only. */
galp_gpu_shape galp_gpu_image_shape(const galp_column *image);

/* The schemes of the vectors of the image of a validated column (or of the image itself: its
 * vectors keep those schemes), bit s for scheme s (galp_gpu_view.vector_schemes). ALP_RD
 * vectors stay in their layout and only the kernels of gpu/alprd.cu decode them; FastLanes
 * DELTA, RLE, DICT and RUNS vectors (GALP_GPU_FASTLANES_SCHEMES, spec/fastlanes.md) only those of
 * gpu/fastlanes.cu, for which only the largest vector of the shape above counts, sizing
 * their stages. GALP_GPU_PATCHED_FFOR is set where a FFOR vector has patches (spec/ffor.md §8):
 * the image keeps them, and gpu/fastlanes.cu decodes them too. */
uint32_t galp_gpu_image_vector_schemes(const galp_column *col);

/* The vector kinds that send a column to gpu/fastlanes.cu: FastLanes DELTA, RLE, DICT and
 * RUNS vectors, and patched FFOR vectors (GALP_GPU_PATCHED_FFOR), whose patches its engine adds
 * (gpu/fastlanes.cuh) and the bulk RAW/FFOR/G-ALP kernels do not. */
#define GALP_GPU_FASTLANES_SCHEMES                                                                      \
    ((1u << GALP_SCHEME_DELTA) | (1u << GALP_SCHEME_RLE) | (1u << GALP_SCHEME_DICT) | (1u << GALP_SCHEME_RUNS) | \
     GALP_GPU_PATCHED_FFOR)

#endif /* GALP_GPU_IMAGE_H */
