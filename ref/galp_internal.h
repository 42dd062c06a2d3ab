/*
 * galp_internal.h — interfaces between the reference codec's files (not installed).
 *
 * Layering, one file per concern (spec section in brackets):
 *   bytes.h          little-endian loads and stores (all file reads go through it) [format §1]
 *   crc32c.c         CRC32C                                                    [format §3.4]
 *   status.c         status names and messages                                 [format §6]
 *   types.c          type widths, lanes and names; scheme names; payload sizes [format §2, §4]
 *   container.c      header + metadata: parse, validate, write                 [format §3, §6]
 *   raw.c, ffor.c    RAW and FFOR vector payloads                              [format §4.2, ffor]
 *   alp_*.c, galp_*.c ALP and G-ALP vector payloads, sampling, constants       [alp, galp]
 *   compress.c       the encoder driver: scheme choice per vector, RAW fallback
 *   decompress.c     bulk, per-vector and single-value decoding
 */
#ifndef GALP_INTERNAL_H
#define GALP_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "galp.h"

/* Width in bits of one value of the type (8, 16, 32, 64); 0 for an unknown type. */
unsigned galp_type_bits(galp_type type);
/* Lanes of a vector of the type: 1024 / bits (spec/ffor.md §2). */
unsigned galp_type_lanes(galp_type type);
bool galp_type_is_float(galp_type type);
/* Whether a vector or column of the type may use the scheme (spec/format.md §2 table). */
bool galp_scheme_allowed(galp_type type, galp_scheme scheme);

uint32_t galp_crc32c(uint32_t crc, const void *data, size_t len);

/* Caller arrays hold values of `bytes` = 1, 2, 4 or 8 bytes in host order, not necessarily
 * aligned: widen `count` of them to 64 bits, or narrow 64-bit values back (low bits kept). */
void galp_values_widen(unsigned bytes, const void *values, size_t count, uint64_t *out);
void galp_values_narrow(unsigned bytes, const uint64_t *in, size_t count, void *values);

/* round16 of spec/format.md §1; x must be at most UINT64_MAX - 15. */
static inline uint64_t galp_round16(uint64_t x)
{
    return (x + 15u) & ~(uint64_t)15u;
}

/* Vectors of a column of n values, ceil(n / 1024), and values of vector v (spec/format.md §2). */
static inline uint64_t galp_vector_count(uint64_t n)
{
    return n / GALP_VECTOR_SIZE + (n % GALP_VECTOR_SIZE != 0);
}
static inline uint32_t galp_vector_values(uint64_t n, uint64_t vector)
{
    uint64_t left = n - vector * GALP_VECTOR_SIZE;
    return left < GALP_VECTOR_SIZE ? (uint32_t)left : GALP_VECTOR_SIZE;
}

/* Largest value_count the format allows, 1024 · (2^32 − 1) (spec/format.md §3.1). */
#define GALP_MAX_VALUE_COUNT ((uint64_t)GALP_VECTOR_SIZE * UINT32_MAX)

/* Expected payload size of a vector from its metadata (spec/format.md §4). */
uint64_t galp_payload_size(galp_type type, const galp_vector_info *info);

/* ---- The container: header and vector metadata (container.c; spec/format.md §3, §6) ---
 * Validation runs every check of spec/format.md §6 in its order, including each ALP/G-ALP
 * payload's own checks, and fills `column` only on success. */
galp_status galp_container_validate(galp_column *column, const uint8_t *src, size_t src_len);
/* Vector v's metadata entry of a validated column, with its value count. */
void galp_container_read_entry(const galp_column *column, uint32_t vector,
                               galp_vector_info *info);
/* Writing a file: every entry first, then the header, whose checksum covers the entries.
 * info->payload_checksum is stored as given: the payload's CRC32C with
 * GALP_FLAG_PAYLOAD_CHECKSUMS in the header's flags, else 0. */
void galp_container_write_entry(uint8_t *file, uint32_t vector, const galp_vector_info *info);
void galp_container_write_header(uint8_t *file, galp_type type, galp_scheme scheme, uint64_t n,
                                 uint32_t flags, uint64_t payload_end);

/* ---- RAW vectors (raw.c; spec/format.md §4.2) ---------------------------------------- */
void galp_raw_encode_vector(galp_type type, const void *values, uint32_t m,
                            galp_vector_info *info, uint8_t *payload);
void galp_raw_decode_vector(galp_type type, const galp_vector_info *info,
                            const uint8_t *payload, void *dst);
void galp_raw_get(galp_type type, const uint8_t *payload, uint32_t index, void *value);

/* ---- FFOR over W-bit words, W = 8, 16, 32 or 64 (spec/ffor.md) ------------------------
 * Values are passed widened to uint64_t; only their low W bits matter. `packed` holds
 * 128 * b bytes: word (lane, k) of W bits at little-endian index k * lanes + lane. */
unsigned galp_ffor_bit_width(uint64_t range);
void galp_ffor_pack(unsigned w, unsigned b, uint64_t base, const uint64_t in[GALP_VECTOR_SIZE],
                    uint8_t *packed);
void galp_ffor_unpack(unsigned w, unsigned b, uint64_t base, const uint8_t *packed,
                      uint64_t out[GALP_VECTOR_SIZE]);
uint64_t galp_ffor_get(unsigned w, unsigned b, uint64_t base, const uint8_t *packed,
                       uint32_t index);
/* Whole vectors of an integer type (m values in the caller's host-order array). */
void galp_ffor_encode_vector(galp_type type, const void *values, uint32_t m,
                             galp_vector_info *info, uint8_t *payload);
void galp_ffor_decode_vector(galp_type type, const galp_vector_info *info,
                             const uint8_t *payload, void *dst);

/* ---- Writing a column (compress.c drives; schemes fill one vector each) -------------
 * encode_vector functions write the payload for m <= 1024 values into `payload` (room for
 * galp_payload_capacity(type) bytes) and fill info's scheme, bit_width, base, exponent,
 * factor, exception_count and payload_size. */
size_t galp_payload_capacity(galp_type type);
/* The largest galp_payload_capacity of any type: f64 G-ALP at 64 bits with 1024 exceptions. */
#define GALP_PAYLOAD_CAPACITY_MAX (128u * 64u + 2u * 16u + GALP_VECTOR_SIZE * (8u + 2u))

/* ---- ALP and G-ALP (spec/alp.md, spec/galp.md) --------------------------------------
 * Candidate (e, f) pairs chosen by first-level sampling of one row group. */
#define GALP_ALP_MAX_CANDIDATES 5
typedef struct galp_alp_candidates {
    unsigned count;
    uint8_t exponent[GALP_ALP_MAX_CANDIDATES];
    uint8_t factor[GALP_ALP_MAX_CANDIDATES];
} galp_alp_candidates;

/* Row group size used by the recommended encoder's first-level sampling (spec/alp.md). */
#define GALP_ALP_ROWGROUP_VECTORS 100u

void galp_alp_sample_rowgroup(galp_type type, const void *values, uint64_t n,
                              galp_alp_candidates *out);
void galp_alp_encode_vector(galp_type type, galp_scheme scheme,
                            const galp_alp_candidates *candidates, const void *values,
                            uint32_t m, galp_vector_info *info, uint8_t *payload);
/* Structural checks of an ALP/G-ALP payload (positions, lane ends); the container has
 * already checked e, f, bit width, exception count against m and the payload size. */
galp_status galp_alp_validate_payload(galp_type type, const galp_vector_info *info,
                                      const uint8_t *payload);
void galp_alp_decode_vector(galp_type type, const galp_vector_info *info,
                            const uint8_t *payload, void *dst);
void galp_alp_get(galp_type type, const galp_vector_info *info, const uint8_t *payload,
                  uint32_t index, void *value);

#endif /* GALP_INTERNAL_H */
