/*
 * nvcomp_codecs.h — nvCOMP's batched codecs behind one table, for the side-by-side benchmark.
 *
 * nvCOMP (5.x, 6.x) gives every codec the same seven low-level entry points
 * (nvcompBatched<Codec>{Compress,Decompress}{GetRequiredAlignments,GetTempSize}, ...) that differ
 * only in their option structs. Each table entry wraps one codec with its options fixed from
 * the element type of the data, so the harness loops over codecs without knowing any of them.
 * Only compiled when ./configure --with-nvcomp found nvCOMP (GALP_HAVE_NVCOMP).
 */
#ifndef GALP_BENCH_NVCOMP_CODECS_H
#define GALP_BENCH_NVCOMP_CODECS_H

#include <cuda_runtime.h>
#include <nvcomp.h>
#include <stddef.h>

/* The element type of the data as the typed codecs (Bitcomp, Cascaded, ANS) need it. */
typedef struct nvcomp_element {
    unsigned bytes;  /* 1, 2, 4 or 8 */
    int is_float;    /* IEEE binary32/binary64 rather than an unsigned integer */
} nvcomp_element;

/* One codec's entry points; every pointer argument is a device array of `chunks` entries,
 * exactly as the nvCOMP batched API takes them. */
typedef struct nvcomp_codec {
    const char *name; /* as printed in results: "zstd", "lz4", "bitcomp-sparse", ... */
    nvcompStatus_t (*compress_alignments)(nvcomp_element, nvcompAlignmentRequirements_t *);
    nvcompStatus_t (*compress_temp_size)(nvcomp_element, size_t chunks, size_t max_chunk_bytes,
                                         size_t total_bytes, size_t *temp_bytes);
    nvcompStatus_t (*compress_max_output)(nvcomp_element, size_t max_chunk_bytes,
                                          size_t *max_output_bytes);
    nvcompStatus_t (*compress)(nvcomp_element, const void *const *in, const size_t *in_bytes,
                               size_t max_chunk_bytes, size_t chunks, void *temp,
                               size_t temp_bytes, void *const *out, size_t *out_bytes,
                               nvcompStatus_t *statuses, cudaStream_t stream);
    nvcompStatus_t (*decompress_alignments)(nvcomp_element, nvcompAlignmentRequirements_t *);
    nvcompStatus_t (*decompress_temp_size)(nvcomp_element, size_t chunks,
                                           size_t max_chunk_bytes, size_t total_bytes,
                                           size_t *temp_bytes);
    nvcompStatus_t (*decompress)(nvcomp_element, const void *const *in, const size_t *in_bytes,
                                 const size_t *out_capacity, size_t *out_bytes, size_t chunks,
                                 void *temp, size_t temp_bytes, void *const *out,
                                 nvcompStatus_t *statuses, cudaStream_t stream);
} nvcomp_codec;

/* Every codec of the installed nvCOMP, in the order the results list them. */
extern const nvcomp_codec nvcomp_codecs[];
extern const size_t nvcomp_codec_count;

/* "6.0.0" for the nvCOMP the benchmark was built against (static buffer). */
const char *nvcomp_version_string(void);

#endif /* GALP_BENCH_NVCOMP_CODECS_H */
