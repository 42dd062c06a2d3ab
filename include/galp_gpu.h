/*
 * galp_gpu.h — CUDA decoder of libgalp: host API (C, stream-ordered).
 *
 * A column file is validated on the host with galp_open (every check of spec/format.md §6)
 * and copied to the device once, by galp_gpu_column_upload. From then on every call is
 * asynchronous on the caller's stream: it only enqueues kernels, never synchronises, never
 * allocates, and reports argument errors as a galp_status before enqueueing anything.
 * Results of scans land in device memory that the caller provides; copy them back in stream
 * order (cudaMemcpyAsync on the same stream).
 *
 * Host threads may call these functions at once, on any streams, with the same or different
 * columns; a column is read-only after its upload, and freeing one while a call on it may
 * still be enqueued or running is the caller's error.
 *
 * Kernels that want to decode inside their own code use the header-only device API,
 * galp/device.cuh, with the galp_gpu_view of an uploaded column (docs/GPU.md).
 *
 * In a build without CUDA this header is the same and every function returns
 * GALP_ERR_NO_DEVICE (galp_gpu_column_free accepts NULL and does nothing).
 */
#ifndef GALP_GPU_H
#define GALP_GPU_H

#include <stddef.h>
#include <stdint.h>

#include "galp.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The same type as CUDA's cudaStream_t, spelled so that this header needs no CUDA headers.
 * NULL is the legacy default stream. */
typedef struct CUstream_st *galp_gpu_stream;

/* Whether a CUDA device is usable: GALP_OK, GALP_ERR_NO_DEVICE (none, or a CPU-only build)
 * or GALP_ERR_CUDA. Every call below reports a failed allocation, host or device, as
 * GALP_ERR_NO_MEMORY, and any other CUDA failure as GALP_ERR_CUDA, its CUDA code kept for
 * galp_gpu_last_cuda_error. */
galp_status galp_gpu_available(void);

/* The cudaError_t code of the CUDA failure behind the last GALP_ERR_CUDA, GALP_ERR_NO_MEMORY
 * or GALP_ERR_NO_DEVICE that a galp_gpu call returned on this thread (cudaGetErrorString
 * names it); 0 if none has. A CPU-only build returns 0. */
int galp_gpu_last_cuda_error(void);

/* The galp_status of a cudaError_t code, for code beside the library that reports in the same
 * vocabulary (the device API's plan_warp_visit does): GALP_OK for cudaSuccess (0); otherwise
 * the code is kept for galp_gpu_last_cuda_error, and the result is GALP_ERR_NO_MEMORY for
 * cudaErrorMemoryAllocation, GALP_ERR_NO_DEVICE for no device or an insufficient driver,
 * GALP_ERR_CUDA for any other. A CPU-only build keeps nothing and returns
 * GALP_ERR_NO_DEVICE for any non-zero code. */
galp_status galp_gpu_status_from_cuda(int cuda_error);

/* A validated column in device memory (opaque). */
typedef struct galp_gpu_column galp_gpu_column;

/* Validate src with galp_open and copy it to the current device. ALP-layout vectors are
 * regrouped into the G-ALP layout on the way (spec/galp.md §3: same decoded values),
 * FastLanes DELTA, RLE and DICT vectors (spec/fastlanes.md) and ALP_RD vectors
 * (spec/alprd.md) are kept as stored and decoded on the device, and vectors of the schemes the
 * device's scans do not decode yet (GPU_FOR, GPU_DFOR, GPU_RFOR) are decoded on the host and
 * stored RAW, so the device sees RAW, FFOR, G-ALP, DELTA, RLE, DICT and ALP_RD vectors and
 * every valid file decodes and scans there; the packed integers under exceptions, which no decoder reads
 * (spec/alp.md §5), are set to what the reference encoder writes there, which the scans rely
 * on. A str column (spec/fsst.md) is copied as it is, for the str calls below. Synchronous;
 * allocates device memory (and, for a file that needs any change, a host copy while it
 * runs). On failure *out is NULL and nothing is allocated. */
galp_status galp_gpu_column_upload(const void *src, size_t src_len, galp_gpu_column **out);
/* The same for a column that galp_open has validated already (its bytes must still be
 * there): no second validation or checksum pass. GALP_ERR_ARGUMENT for a galp_column that
 * galp_open did not fill or that was changed since. */
galp_status galp_gpu_column_upload_opened(const galp_column *column, galp_gpu_column **out);

/* Decode a whole GPU-FOR, GPU-DFOR or GPU-RFOR column (spec/tile.md) on the current device
 * into dst (value_count u32 values): src is validated with galp_open, copied to the device,
 * decoded by one thread block per vector with the device API's tile loader
 * (galp/device/tile.cuh) and copied back. Synchronous. A column of another scheme is
 * GALP_ERR_BAD_SCHEME; dst is written only on success. (galp_gpu_column_upload takes tile
 * columns too, their vectors decoded on the host and held RAW.) */
galp_status galp_gpu_tile_decompress(const void *src, size_t src_len, void *dst,
                                     size_t dst_capacity);
void galp_gpu_column_free(galp_gpu_column *column);

/* What device code needs to decode the column: the device image (a galp file in which
 * every vector is RAW, FFOR, GALP, DELTA, RLE, DICT or ALP_RD) and its header fields. Valid
 * while the column lives. lane_decoder and the visitors of the device API decode RAW, FFOR and
 * GALP vectors (vector_schemes says which schemes a column holds); a column of scheme DELTA, RLE or DICT, and a FFOR column, may also hold DELTA,
 * RLE and DICT vectors, which delta_lane, rle_lane and dict_lane decode (each vector entry's
 * scheme tells which; docs/GPU.md). scheme is ALP_RD for a float column that holds ALP_RD
 * vectors (beside RAW and G-ALP ones): device code decodes it with galp/device/alprd.cuh
 * (visit_lane_alprd), not with lane_decoder or the warp visitor. */
typedef struct galp_gpu_view {
    const uint8_t *data;      /* device pointer to the image, 256-byte aligned */
    uint64_t value_count;
    uint32_t vector_count;
    galp_type type;
    galp_scheme scheme;       /* RAW, FFOR, GALP, DELTA, RLE, DICT, or ALP_RD (see above) */
    uint32_t largest_vector;  /* bytes of the largest vector's payload: what sizes the stages
                                 of visit_vectors_by_warp (galp/device/warp_visit.cuh) */
    uint32_t vector_schemes;  /* bit s set (1u << s, s a galp_scheme): the image holds vectors
                                 of scheme s; GALP_GPU_PATCHED_FFOR: FFOR vectors with patches;
                                 lane_decoder and the visitors need this to be a subset of
                                 GALP_GPU_VISITOR_SCHEMES */
} galp_gpu_view;

/* The bit of vector_schemes that says the image holds FFOR vectors with patches
 * (spec/ffor.md §8, format 1.8; no scheme has its code). lane_decoder and visit_lane decode
 * them (galp/device/ffor_patches.cuh); the warp visitor does not, so the bit is outside
 * GALP_GPU_VISITOR_SCHEMES. */
#define GALP_GPU_PATCHED_FFOR (1u << 31)

/* The vector schemes that lane_decoder, visit_lane and the warp visitor decode. */
#define GALP_GPU_VISITOR_SCHEMES \
    ((1u << GALP_SCHEME_RAW) | (1u << GALP_SCHEME_FFOR) | (1u << GALP_SCHEME_GALP))

galp_status galp_gpu_column_view(const galp_gpu_column *column, galp_gpu_view *view);

/* Decode the whole column into dst, a device buffer of dst_capacity bytes (value_count
 * values of the column type, bit-exactly what galp_column_decode produces). dst must be
 * aligned to the type's size (GALP_ERR_ARGUMENT otherwise; cudaMalloc's buffers are);
 * 16-byte alignment is fastest. */
galp_status galp_gpu_decompress(const galp_gpu_column *column, void *dst, size_t dst_capacity,
                                galp_gpu_stream stream);

/* Fused aggregate over the compressed column, written to *result in device memory.
 * Integer columns: sum is the wrapping sum mod 2^64 (sum_bits), min/max unsigned.
 * Float columns: count is every value, NaNs included; NaNs are also counted in nan_count
 * and left out of the sum and the extremes; sum is the double sum of the other values in an
 * unspecified order and grouping (sum_f64; float64 G-ALP vectors contribute exact integer
 * partial sums rounded once; a column of constant vectors with few distinct values, the sum
 * of count·x over them, each product and addition rounded once; docs/GPU.md), which differs
 * from a sequential sum by a few units of rounding of the sum of |x|; min/max order -0 below
 * +0. min_bits/max_bits hold the
 * value's bit pattern zero-extended to 64 bits; has_min_max is 0 when there is no non-NaN
 * value. */
typedef struct galp_gpu_aggregate {
    uint64_t count;
    uint64_t nan_count;
    uint64_t sum_bits;
    double sum_f64;
    uint64_t min_bits;
    uint64_t max_bits;
    uint32_t has_min_max;
    uint32_t reserved;
} galp_gpu_aggregate;

galp_status galp_gpu_aggregate_column(const galp_gpu_column *column, galp_gpu_aggregate *result,
                                      galp_gpu_stream stream);

/* Range predicates lo <= x <= hi (lo, hi: host pointers to one value of the column type),
 * with IEEE comparison for floats: NaN matches nothing, -0 == +0. On ALP/G-ALP vectors the
 * bounds are translated into each vector's packed-integer domain first (predicate
 * pushdown, docs/GPU.md), which needs a device scratch buffer of galp_gpu_range_temp_size
 * bytes, 16-byte aligned (as cudaMalloc's are), valid until the scan has run; a misaligned
 * buffer is GALP_ERR_ARGUMENT. */
size_t galp_gpu_range_temp_size(const galp_gpu_column *column);

/* *count (device memory) = number of values with lo <= x <= hi. */
galp_status galp_gpu_count_range(const galp_gpu_column *column, const void *lo, const void *hi,
                                 void *temp, size_t temp_size, uint64_t *count,
                                 galp_gpu_stream stream);

/* *found (device memory) = 1 if some value x == *value (IEEE ==), else 0. */
galp_status galp_gpu_exists(const galp_gpu_column *column, const void *value, void *temp,
                            size_t temp_size, uint32_t *found, galp_gpu_stream stream);

/* ---- str columns (spec/fsst.md) ------------------------------------------------------
 * An uploaded str column is decoded by these calls; the value-array calls above refuse it
 * (GALP_ERR_ARGUMENT). Pieces (spec/fsst.md §5) decode independently, with the symbol table in
 * shared memory: decompression takes a warp per piece, the counts a lane per piece that checks
 * each code against the query without assembling the string (gpu/str_count_piece.cuh). */

/* Total string bytes of an uploaded str column: what the data buffer below must hold. */
galp_status galp_gpu_str_bytes(const galp_gpu_column *column, uint64_t *bytes);

/* The default length of a str column whose vectors do not all have the same one. */
#define GALP_GPU_STR_MIXED_DEFAULTS UINT32_MAX

/* *length = the default length L (spec/fsst.md §5; 0: none) that every vector of an uploaded
 * str column has, or GALP_GPU_STR_MIXED_DEFAULTS: the L that a kernel's string automaton
 * (galp/device/str_automaton.cuh) is built for, to serve every piece of the column. */
galp_status galp_gpu_str_default_length(const galp_gpu_column *column, uint32_t *length);

/* Decode a str column into Arrow's string layout in device memory: offsets (value_count + 1
 * entries, the first 0) and data (the string bytes), bit-exactly what
 * galp_column_decode_str32/64 produce. Capacities count entries and bytes; the int32 form is
 * GALP_ERR_TOO_LARGE above 2^31 - 1 string bytes. */
galp_status galp_gpu_decompress_str32(const galp_gpu_column *column, int32_t *offsets,
                                      size_t offsets_capacity, uint8_t *data,
                                      size_t data_capacity, galp_gpu_stream stream);
galp_status galp_gpu_decompress_str64(const galp_gpu_column *column, int64_t *offsets,
                                      size_t offsets_capacity, uint8_t *data,
                                      size_t data_capacity, galp_gpu_stream stream);

/* Fused filters over a str column, without decoding it to memory: *count (device memory) =
 * the number of strings equal to value[0 .. length), or starting with it (value: host
 * memory, length at most GALP_GPU_STR_QUERY_MAX bytes, else GALP_ERR_ARGUMENT). */
#define GALP_GPU_STR_QUERY_MAX 1024u
galp_status galp_gpu_str_count_equal(const galp_gpu_column *column, const void *value,
                                     size_t length, uint64_t *count, galp_gpu_stream stream);
galp_status galp_gpu_str_count_prefix(const galp_gpu_column *column, const void *value,
                                      size_t length, uint64_t *count, galp_gpu_stream stream);

#ifdef __cplusplus
}
#endif

#endif /* GALP_GPU_H */
