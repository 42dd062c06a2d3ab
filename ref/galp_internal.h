/*
 * galp_internal.h — interfaces between the reference codec's files (not installed).
 *
 * Layering, one file per concern (spec section in brackets):
 *   include/galp/layout.h  offsets and sizes of every part of a payload
 *                          [format §4, ffor §2–3, alp §2, galp §1]
 *   include/galp/alp_constants.h  the FRAC and FACT tables                   [alp §4]
 *   bytes.h          little-endian loads and stores; galp_reader, the bounds-checked
 *                    reader every read of a file's bytes goes through         [format §1]
 *   crc32c.c         CRC32C                                                    [format §3.4]
 *   status.c         status names and messages                                 [format §6]
 *   types.c          type widths, lanes and names; scheme names; payload sizes [format §2, §4]
 *   container.c      header + metadata: parse, validate, write                 [format §3, §6]
 *   column_seal.c    the seal of a galp_column view against changed fields     [galp.h]
 *   raw.c            RAW vector payloads                                       [format §4.2]
 *   ffor.c           FFOR packing and the one FFOR decoder                     [ffor §2–4]
 *   ffor_encode.c    the FFOR encoder: base, bit width, patches                [ffor §3.1, §8.1]
 *   ffor_patch.c     patched FFOR vectors: validation, patches added           [ffor §8.2, §8.4]
 *   ffor_patch_choice.c  the width of a patched FFOR vector by exact size      [ffor §8.3]
 *   include/galp/tile_layout.h  sizes and positions of the tile schemes' payloads  [tile §3–6]
 *   tile_packed.c    packed runs of the tile schemes and of RUNS          [tile §2, fastlanes §8]
 *   tile_for.c       GPU-FOR and GPU-DFOR: validate, decode, single values     [tile §3, §4, §6]
 *   tile_rfor.c      GPU-RFOR: validate, decode, single values                 [tile §5, §6]
 *   tile_encode.c    the tile schemes' encoder                  [tile §3.3, §4.3, §5.3]
 *   alp_constants.c  FRAC/FACT tables; the encoder's powers of ten             [alp §4]
 *   alp_arith.h      ALP per-value decode arithmetic, special values           [alp §4, §6.1]
 *   alp_decode.c     ALP and G-ALP vectors and single values                   [alp §4–5, galp §3]
 *   alp_validate.c   exception positions and lane ends                         [alp §5, galp §4]
 *   alp_encode.c     one value, one vector, the smaller of two trials          [alp §6.1, §6.4]
 *   alp_sample.c     choosing e and f: sampling, whether and how to retry      [alp §6.2, §6.3]
 *   galp_layout.c    exception sections: write, read, regroup                  [alp §2, galp §1, §7]
 *   galp_convert.c   a column rewritten in the other exception layout          [galp §7]
 *   alprd.c          ALP_RD vectors: validation, decoding, single values       [alprd §4–5]
 *   alprd_encode.c   ALP_RD's choice of r, k and dictionary; one vector        [alprd §6]
 *   delta.c          transposed DELTA vectors and chains; RLE's run indexes   [fastlanes §2]
 *   delta_encode.c   the DELTA encoder's choice of base and bit width        [fastlanes §2.2]
 *   rle.c            RLE vectors: run indexes, validation, single values      [fastlanes §3]
 *   rle_encode.c     runs found and written                                   [fastlanes §3.3]
 *   runs.c           RUNS vectors: run lengths, validation, single values     [fastlanes §8]
 *   runs_encode.c    runs found, lengths and values packed                   [fastlanes §8.3]
 *   dict.c           DICT vectors, the packed value table of RLE and DICT     [fastlanes §1, §4]
 *   dict_encode.c    dictionaries built and written; the table encoder        [fastlanes §1, §4.3]
 *   encode_choice.c  the encoder driver's choices: AUTO, sampling, RAW fallback
 *                    [format §2, §4.1, alp §6.2]
 *   compress.c       the encoder driver: vectors encoded, placed, written      [format §3, §4]
 *   decompress.c     bulk, per-vector and single-value decoding                [format §5]
 *   fsst*.c          STR columns: symbol table, pieces, encoder, string API (fsst.h)
 *                    [fsst §1–7]
 */
#ifndef GALP_INTERNAL_H
#define GALP_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bytes.h"
#include "galp.h"

/* Width in bits of one value of the type (8, 16, 32, 64); 0 for an unknown type. */
unsigned galp_type_bits(galp_type type);
/* Lanes of a vector of the type: 1024 / bits (spec/ffor.md §2). */
unsigned galp_type_lanes(galp_type type);
bool galp_type_is_float(galp_type type);
/* Whether a vector or column of the type may use the scheme (spec/format.md §2 table). */
bool galp_scheme_allowed(galp_type type, galp_scheme scheme);
bool galp_vector_scheme_allowed(galp_scheme column_scheme, galp_scheme vector_scheme);
/* The format minor version a file using the scheme needs (spec/format.md §1.1). */
unsigned galp_scheme_version_minor(galp_scheme scheme);
/* GPU-FOR, GPU-DFOR or GPU-RFOR (spec/tile.md). */
bool galp_scheme_is_tile(galp_scheme scheme);

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

/* Expected payload size of a vector from its metadata and the header's flags (spec/format.md
 * §4, spec/galp.md §1.1). */
uint64_t galp_payload_size(galp_type type, uint32_t flags, const galp_vector_info *info);

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
/* Stores the header checksum (spec/format.md §3.4) of a file whose header and vector_count
 * entries are written: for a writer that changed them after galp_container_write_header. */
void galp_container_write_checksum(uint8_t *file, uint32_t vector_count);

/* ---- The seal of a view (column_seal.c): a checksum of every other field of a galp_column.
 * galp_open sets it; galp_column_check is GALP_ERR_ARGUMENT for NULL or a changed view. */
uint32_t galp_column_seal(const galp_column *column);
galp_status galp_column_check(const galp_column *column);

/* ---- Vector decoders read their payload through a galp_reader over exactly payload_size
 * bytes (bytes.h); the caller reports a read outside it (`overrun`) as PAYLOAD_SIZE. */

/* ---- RAW vectors (raw.c; spec/format.md §4.2) ---------------------------------------- */
void galp_raw_encode_vector(galp_type type, const void *values, uint32_t m,
                            galp_vector_info *info, uint8_t *payload);
void galp_raw_decode_vector(galp_type type, const galp_vector_info *info, galp_reader *payload,
                            void *dst);
void galp_raw_get(galp_type type, galp_reader *payload, uint32_t index, void *value);

/* ---- FFOR over W-bit words, W = 8, 16, 32 or 64 (spec/ffor.md) ------------------------
 * Values are passed widened to uint64_t; only their low W bits matter. `packed` holds
 * 128 * b bytes: word (lane, k) of W bits at little-endian index k * lanes + lane. */
unsigned galp_ffor_bit_width(uint64_t range);
void galp_ffor_pack(unsigned w, unsigned b, uint64_t base, const uint64_t in[GALP_VECTOR_SIZE],
                    uint8_t *packed);
void galp_ffor_unpack(unsigned w, unsigned b, uint64_t base, galp_reader *packed,
                      uint64_t out[GALP_VECTOR_SIZE]);
uint64_t galp_ffor_get(unsigned w, unsigned b, uint64_t base, galp_reader *packed, uint32_t index);
/* Whole vectors of an integer type (m values in the caller's host-order array), patched ones
 * included (spec/ffor.md §8): the encoder writes patches only where `flags` has
 * GALP_FLAG_PATCHED_FFOR; the decoders add the entry's exception_count patches, which
 * validation allows only with that flag. */
void galp_ffor_encode_vector(galp_type type, uint32_t flags, const void *values, uint32_t m,
                             galp_vector_info *info, uint8_t *payload);
void galp_ffor_decode_vector(galp_type type, const galp_vector_info *info, galp_reader *payload,
                             void *dst);
uint64_t galp_ffor_vector_get(unsigned w, const galp_vector_info *info, galp_reader *payload,
                              uint32_t slot);
/* Patched FFOR vectors (spec/ffor.md §8): the width of the smallest exact size for m values
 * above `base` (§8.3); the patches' checks of §8.4 step 3; their addition to §4's unpacked
 * values, all of them or what one slot gets (0 for a slot without a patch). */
unsigned galp_ffor_patched_width(unsigned w, uint64_t base, const uint64_t *values, uint32_t m);
galp_status galp_ffor_validate_patches(galp_type type, const galp_vector_info *info,
                                       galp_reader *payload);
void galp_ffor_apply_patches(unsigned w, const galp_vector_info *info, galp_reader *payload,
                             uint64_t out[GALP_VECTOR_SIZE]);
uint64_t galp_ffor_patch_addend(unsigned w, const galp_vector_info *info, galp_reader *payload,
                                uint32_t slot);

/* ---- FastLanes DELTA, RLE and DICT (spec/fastlanes.md) ------------------------------
 * A transposed vector (`vector`: L lane bases of W bits, then 128·b bytes of packed deltas)
 * decodes position p as its lane's chain up to its row (§2). galp_delta_pack writes one from
 * positions 0 … m−1 of `in` with the given base and bit width. */
uint64_t galp_delta_get(unsigned w, unsigned b, uint64_t base, galp_reader *vector,
                        uint32_t position);
void galp_delta_unpack(unsigned w, unsigned b, uint64_t base, galp_reader *vector,
                       uint64_t out[GALP_VECTOR_SIZE]);
void galp_delta_pack(unsigned w, unsigned b, uint64_t base, const uint64_t in[GALP_VECTOR_SIZE],
                     uint32_t m, uint8_t *vector);
/* A DELTA vector's lane bases are packed in a file with GALP_FLAG_PACKED_LANE_BASES (§2.3):
 * galp_delta_pack_packed writes the head from the base of the bases, the field width c and
 * the L fields, then the deltas; galp_delta_vector_get and _decode_vector read either form. */
void galp_delta_pack_packed(unsigned w, unsigned b, uint64_t base, uint64_t base_of_bases, unsigned c,
                            const uint64_t fields[GALP_VECTOR_SIZE / 8], const uint64_t in[GALP_VECTOR_SIZE],
                            uint32_t m, uint8_t *vector);
uint64_t galp_delta_vector_get(unsigned w, uint32_t flags, const galp_vector_info *info,
                               galp_reader *vector, uint32_t position);
/* The vector in the plain form (§2.1: 128 bytes of lane bases, then the deltas) at dst;
 * returns its size, 128 + 128·b (the GPU image's form, gpu/image.c). */
uint32_t galp_delta_plain_payload(unsigned w, uint32_t flags, const galp_vector_info *info, galp_reader *vector,
                                  uint8_t *dst);
void galp_delta_encode_vector(galp_type type, uint32_t flags, const void *values, uint32_t m,
                              galp_vector_info *info, uint8_t *payload);
void galp_delta_decode_vector(galp_type type, uint32_t flags, const galp_vector_info *info,
                              galp_reader *payload, void *dst);
/* The packed table of RLE run values or DICT entries (§1): entry `index`, and the encoder. */
uint64_t galp_table_get(unsigned w, const galp_vector_info *info, galp_reader *payload,
                        uint32_t index);
void galp_table_encode(unsigned w, const uint64_t *values, uint32_t c, galp_vector_info *info,
                       uint8_t *table);
/* Payload checks after the container's (§3.2, §4.2): every index of positions below m is
 * below exception_count, else GALP_ERR_DICT_CODE. */
galp_status galp_rle_validate_payload(const galp_vector_info *info, galp_reader *payload);
galp_status galp_dict_validate_payload(const galp_vector_info *info, galp_reader *payload);
void galp_rle_encode_vector(galp_type type, const void *values, uint32_t m,
                            galp_vector_info *info, uint8_t *payload);
void galp_rle_decode_vector(galp_type type, const galp_vector_info *info, galp_reader *payload,
                            void *dst);
uint64_t galp_rle_get(galp_type type, const galp_vector_info *info, galp_reader *payload,
                      uint32_t position);
void galp_dict_encode_vector(galp_type type, const void *values, uint32_t m,
                             galp_vector_info *info, uint8_t *payload);
void galp_dict_decode_vector(galp_type type, const galp_vector_info *info, galp_reader *payload,
                             void *dst);
uint64_t galp_dict_get(galp_type type, const galp_vector_info *info, galp_reader *payload,
                       uint32_t position);

/* RUNS (§8): the run lengths and values of a vector; validation checks that the lengths
 * cover its m positions exactly, else GALP_ERR_RUN_LENGTHS. The encoder delta-codes the run
 * values (§8.5) only where `flags` has GALP_FLAG_RUNS_DELTA_VALUES. */
galp_status galp_runs_validate_payload(const galp_vector_info *info, galp_reader *payload);
void galp_runs_encode_vector(galp_type type, uint32_t flags, const void *values, uint32_t m,
                             galp_vector_info *info, uint8_t *payload);
void galp_runs_decode_vector(galp_type type, const galp_vector_info *info, galp_reader *payload,
                             void *dst);
uint64_t galp_runs_get(const galp_vector_info *info, galp_reader *payload, uint32_t position);

/* ---- Packed runs (spec/tile.md §2) ---------------------------------------------------
 * Entry j (b <= 64 bits) of the packed run whose first word is at byte `offset`; and the
 * encoder's store of one entry into zeroed words. The tile schemes' offsets have b <= 32. */
uint64_t galp_packed_run_get(galp_reader *payload, uint64_t offset, unsigned b, uint32_t j);
void galp_packed_run_put(uint8_t *words, unsigned b, uint32_t j, uint64_t d);

/* ---- GPU-FOR, GPU-DFOR, GPU-RFOR: u32 only (spec/tile.md) ---------------------------- */
/* The scheme's own payload checks of spec/tile.md §6; the container has checked the entry's
 * fields and the size bounds. GPU-FOR and GPU-DFOR share the _for functions. */
galp_status galp_tile_for_validate(const galp_vector_info *info, galp_reader *payload);
galp_status galp_tile_rfor_validate(const galp_vector_info *info, galp_reader *payload);
void galp_tile_for_decode_vector(const galp_vector_info *info, galp_reader *payload, void *dst);
void galp_tile_rfor_decode_vector(const galp_vector_info *info, galp_reader *payload, void *dst);
uint32_t galp_tile_for_get(const galp_vector_info *info, galp_reader *payload, uint32_t index);
uint32_t galp_tile_rfor_get(galp_reader *payload, uint32_t index);
void galp_tile_encode_vector(galp_scheme scheme, const void *values, uint32_t m,
                             galp_vector_info *info, uint8_t *payload);

/* ---- Writing a column (compress.c drives; schemes fill one vector each) -------------
 * encode_vector functions write the payload for m <= 1024 values into `payload` (room for
 * GALP_PAYLOAD_CAPACITY_MAX bytes) and fill info's scheme, bit_width, base, exponent,
 * factor, exception_count and payload_size. */
/* The largest payload any scheme can imply for one vector of any type, which encoders write
 * into before the driver keeps it or falls back to RAW: f64 G-ALP at 64 bits with every one of
 * the 1024 slots an exception (spec/galp.md §1). */
#define GALP_PAYLOAD_CAPACITY_MAX (128u * 64u + 2u * 16u + GALP_VECTOR_SIZE * (8u + 2u))

/* The driver's choices (encode_choice.c). The scheme a request stands for, or
 * GALP_ERR_ARGUMENT when the type does not allow it (spec/format.md §2). */
galp_status galp_encode_scheme(galp_type type, galp_scheme requested, galp_scheme *scheme);
/* Values of the row group starting at vector `vector` of a column of n values to sample for
 * ALP candidates before encoding that vector; 0 to keep the current candidates. */
uint64_t galp_encode_rowgroup_values(galp_type type, galp_scheme scheme, uint64_t n,
                                     uint32_t vector);
/* The schemes each vector is encoded with before the smallest is kept: AUTO on an integer
 * type tries FFOR, DELTA, RLE, DICT and RUNS in this order, the first of equal sizes winning
 * (spec/fastlanes.md §5); any other request, the column scheme alone. Returns their count. */
#define GALP_ENCODE_TRIES_MAX 5u
unsigned galp_encode_vector_schemes(galp_type type, galp_scheme requested, galp_scheme column,
                                    galp_scheme tries[GALP_ENCODE_TRIES_MAX]);
/* Whether a vector of m values keeps a scheme payload of payload_size bytes rather than RAW. */
bool galp_encode_keeps_payload(galp_type type, uint32_t m, uint64_t payload_size);
/* Whether the vectors of a column asked as `requested` may be ALP_RD where ALP compresses
 * worse (spec/alprd.md §6.1). */
bool galp_encode_alprd_companion(galp_type type, galp_scheme requested);

/* ---- ALP and G-ALP (spec/alp.md, spec/galp.md) --------------------------------------
 * Candidate (e, f) pairs chosen by first-level sampling of one row group. */
#define GALP_ALP_MAX_CANDIDATES 5
typedef struct galp_alp_candidates {
    unsigned count;
    uint8_t exponent[GALP_ALP_MAX_CANDIDATES];
    uint8_t factor[GALP_ALP_MAX_CANDIDATES];
    /* The sampled vectors' best estimates summed, in bits, and the values they cover: what
     * the choice between ALP and ALP_RD reads (spec/alprd.md §6.1). */
    uint64_t estimate_bits;
    uint64_t estimate_values;
} galp_alp_candidates;

/* Whether a vector of m values that ALP encoded into alp_bytes bytes, in a row group sampled
 * into `candidates`, is also encoded ALP_RD; and whether that ALP_RD payload is kept instead
 * (spec/alprd.md §6.1; encode_choice.c). */
bool galp_encode_tries_alprd(galp_type type, const galp_alp_candidates *candidates, uint32_t m,
                             uint64_t alp_bytes);
bool galp_encode_keeps_alprd(uint64_t alprd_bytes, uint64_t alp_bytes);

/* Row group size used by the recommended encoder's first-level sampling (spec/alp.md). */
#define GALP_ALP_ROWGROUP_VECTORS 100u

void galp_alp_sample_rowgroup(galp_type type, const void *values, uint64_t n,
                              galp_alp_candidates *out);
/* The vector encoder's working memory (two trial encodings of a vector), on the heap so that
 * galp_compress keeps its stack small (include/galp.h). NULL when out of memory. */
typedef struct galp_alp_workspace galp_alp_workspace;
galp_alp_workspace *galp_alp_workspace_new(void);
void galp_alp_workspace_free(galp_alp_workspace *work);
/* `flags`: the file's header flags; with GALP_FLAG_COMPACT_GALP a G-ALP vector without
 * exceptions is written without its lane table (spec/galp.md §1.1), with
 * GALP_FLAG_NARROW_LANE_ENDS one with 1 to 255 exceptions with u8 lane ends (§1.2). */
void galp_alp_encode_vector(galp_alp_workspace *work, galp_type type, galp_scheme scheme,
                            uint32_t flags, const galp_alp_candidates *candidates,
                            const void *values, uint32_t m, galp_vector_info *info,
                            uint8_t *payload);
/* Structural checks of an ALP/G-ALP payload (positions, lane ends) in a file with header
 * `flags`; the container has already checked e, f, bit width, exception count against m and
 * the payload size. */
galp_status galp_alp_validate_payload(galp_type type, uint32_t flags, const galp_vector_info *info,
                                      galp_reader *payload);
void galp_alp_decode_vector(galp_type type, uint32_t flags, const galp_vector_info *info,
                            galp_reader *payload, void *dst);
/* Exceptions grouped by lane behind a lane_end[L] table at `lane_end` of end_bytes-byte
 * entries (spec/galp.md §1.2), positions (u16) at `positions` (spec/galp.md §1, used by GALP
 * and ALP_RD): the checks of spec/galp.md §4, and the entry index of the exception at slot
 * `index` (-1 if none). */
galp_status galp_lanes_validate(unsigned w, const galp_vector_info *info, galp_reader *payload,
                                uint32_t lane_end, unsigned end_bytes, uint32_t positions);
int32_t galp_lanes_find(unsigned w, galp_reader *payload, uint32_t lane_end, unsigned end_bytes,
                        uint32_t positions, uint32_t index);
/* `flags` of these and the ALP_RD functions below: the file's header flags, which set the
 * width of the lane ends (include/galp/layout.h). */
void galp_alp_get(galp_type type, uint32_t flags, const galp_vector_info *info, galp_reader *payload,
                  uint32_t index, void *value);

/* ---- ALP_RD (spec/alprd.md) ----------------------------------------------------------
 * The vector encoder's working memory, on the heap like ALP's. NULL when out of memory. */
typedef struct galp_alprd_workspace galp_alprd_workspace;
galp_alprd_workspace *galp_alprd_workspace_new(void);
void galp_alprd_workspace_free(galp_alprd_workspace *work);
/* Encodes m <= 1024 float values as one ALP_RD payload with the reference's choice of r, k
 * and dictionary (spec/alprd.md §6). */
void galp_alprd_encode_vector(galp_alprd_workspace *work, galp_type type, uint32_t flags,
                              const void *values, uint32_t m, galp_vector_info *info,
                              uint8_t *payload);
/* The checks of spec/alprd.md §5; the container has already checked r, k, the base, c <= m
 * and the payload size. */
galp_status galp_alprd_validate_payload(galp_type type, uint32_t flags, const galp_vector_info *info,
                                        galp_reader *payload);
void galp_alprd_decode_vector(galp_type type, uint32_t flags, const galp_vector_info *info,
                              galp_reader *payload, void *dst);
void galp_alprd_get(galp_type type, uint32_t flags, const galp_vector_info *info,
                    galp_reader *payload, uint32_t index, void *value);

#endif /* GALP_INTERNAL_H */
