/*
 * gen_vectors.h — the golden-vector generator's shared pieces (vectors/gen_*.c).
 *
 * The generator builds every conformance vector in memory, deterministically (a seeded
 * splitmix64, no clock, no host state), then either writes them with vectors/MANIFEST or checks
 * that the committed files are byte for byte what it builds (spec/conformance.md §4).
 */
#ifndef GALP_GEN_VECTORS_H
#define GALP_GEN_VECTORS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "galp.h"

/* ---- growable byte buffers -------------------------------------------------------- */
typedef struct gen_buf {
    uint8_t *data;
    size_t len;
    size_t cap;
} gen_buf;

void gen_buf_append(gen_buf *buf, const void *data, size_t len);
void gen_buf_append_value(gen_buf *buf, unsigned bytes, uint64_t value); /* little-endian */
void gen_buf_free(gen_buf *buf);
/* Aborts the generator with a message: every failure here is a bug or a changed encoder. */
_Noreturn void gen_fail(const char *fmt, ...);

/* ---- the set of vectors ----------------------------------------------------------- */
typedef struct gen_vector {
    char name[64];          /* "valid/ffor_u8_widths" (files: NAME.galp, NAME.out) */
    galp_status expect;     /* GALP_OK for a valid vector, else the class to report */
    galp_type type;         /* of the (base) column, for --only filtering */
    galp_scheme scheme;     /* column scheme */
    bool from_encoder;      /* the reference encoder wrote it from the .out values */
    char description[160];
    gen_buf file;
    gen_buf out;            /* expected decoded bytes (valid vectors only) */
} gen_vector;

typedef struct gen_set {
    gen_vector *items;
    size_t count;
    size_t cap;
} gen_set;

gen_vector *gen_set_add(gen_set *set, const char *name, galp_status expect, galp_type type,
                        galp_scheme scheme, const char *description);
const gen_vector *gen_set_find(const gen_set *set, const char *name);
void gen_set_free(gen_set *set);

/* ---- deterministic data (gen_data.c) ---------------------------------------------- */
typedef struct gen_rng {
    uint64_t state;
} gen_rng;

uint64_t gen_next(gen_rng *rng);                    /* splitmix64 */
uint64_t gen_below(gen_rng *rng, uint64_t bound);   /* uniform in [0, bound), bound > 0 */
uint64_t gen_low_bits(gen_rng *rng, unsigned bits); /* uniform in [0, 2^bits) */
uint64_t gen_mask(unsigned bits);                   /* 2^bits − 1, all ones from 64 bits */
uint64_t gen_f64_bits(double x);
uint32_t gen_f32_bits(float x);
/* Decimal-like values: k / 10^digits with k drawn around `center` (prices, readings). */
double gen_decimal64(gen_rng *rng, unsigned digits, int64_t center, int64_t spread);
float gen_decimal32(gen_rng *rng, unsigned digits, int32_t center, int32_t spread);

/* ---- columns from the reference encoder (gen_encode.c) ---------------------------- *
 * Encodes `values` (n values of `type`, native little-endian) with galp_compress and records
 * the values as the expected output. */
gen_vector *gen_encoded(gen_set *set, const char *name, galp_type type, galp_scheme scheme,
                        const void *values, uint64_t n, const char *description);
/* The same with header flags: GALP_FLAG_PAYLOAD_CHECKSUMS for a version 1.1 file. */
gen_vector *gen_encoded_ex(gen_set *set, const char *name, galp_type type, galp_scheme scheme,
                           uint32_t flags, const void *values, uint64_t n,
                           const char *description);
/* A column being built for the encoder: n values of `type`, each its W/8 little-endian bytes. */
typedef struct gen_column {
    galp_type type;
    uint64_t n;
    uint8_t *bytes;
} gen_column;

gen_column gen_column_new(galp_type type, uint64_t n);          /* all zero */
void gen_column_set(gen_column *c, uint64_t i, uint64_t bits);  /* value i: the low W bits */
/* gen_encoded of the column's values, which it then frees. */
gen_vector *gen_column_encode(gen_set *set, const char *name, galp_scheme scheme, gen_column *c,
                              const char *description);
/* Asserts that vector v of an encoded column used `scheme` with bit width `bit_width` (or any
 * width if bit_width < 0) and `exceptions` exceptions (any if < 0): the vectors are meant to
 * cover those cases, so an encoder that stops producing them must be noticed. */
void gen_expect_vector(const gen_vector *vec, uint32_t v, galp_scheme scheme, int bit_width,
                       int exceptions);
/* Asserts that byte `field` of vector v's metadata entry (spec/format.md §3.3) is `expected`,
 * for choices gen_expect_vector does not show (a RUNS factor, a DELTA lane-base width); `what`
 * names the field in the failure message. */
void gen_expect_entry_byte(const gen_vector *vec, uint32_t v, size_t field, unsigned expected,
                           const char *what);

/* ---- hand-built columns (gen_craft.c) --------------------------------------------- *
 * For shapes the reference encoder never writes (every exception, wrapping bases, every ALP
 * bit width, payload gaps). Each vector is described by its metadata, its unpacked integers
 * and its exceptions; the file and the expected output follow from spec/format.md §3-4,
 * spec/alp.md §4-5 and spec/galp.md §1. */
typedef struct craft_vector {
    galp_scheme scheme;
    uint32_t m;                  /* values in the vector */
    unsigned bit_width;          /* ALP_RD: r */
    uint64_t base;
    unsigned exponent, factor;   /* ALP_RD: k in exponent */
    uint64_t slot[GALP_VECTOR_SIZE]; /* FFOR/ALP: the packed integers; RAW: the values;
                                        ALP_RD: the right parts */
    uint16_t exception_count;
    uint16_t position[GALP_VECTOR_SIZE]; /* strictly ascending */
    uint64_t exception[GALP_VECTOR_SIZE]; /* bit patterns; ALP_RD: left parts */
    uint32_t gap;                /* zero bytes before the payload (multiple of 16; §4 allows) */
    uint16_t dict[8];            /* ALP_RD: the dictionary (spec/alprd.md §3) */
    uint8_t code[GALP_VECTOR_SIZE]; /* ALP_RD: the codes */
} craft_vector;

gen_vector *gen_crafted(gen_set *set, const char *name, galp_type type, galp_scheme scheme,
                        uint64_t n, const craft_vector *vectors, const char *description);

/* ---- container access for the invalid vectors (gen_craft.c) ----------------------- */
#define GEN_ENTRY(v) (GALP_HEADER_SIZE + GALP_VECTOR_ENTRY_SIZE * (size_t)(v))
/* Recomputes the header checksum (spec/format.md §3.4) after an edit. */
void gen_fix_checksum(gen_buf *file);
/* The `bytes` bytes (1 to 8) of the file at `at`, little-endian; the generator fails when they
 * lie beyond the file. gen_put writes the low `bytes` bytes of `value` there. */
uint64_t gen_get(const gen_vector *vec, size_t at, unsigned bytes);
void gen_put(gen_vector *vec, size_t at, unsigned bytes, uint64_t value);

/* ---- the catalogue ---------------------------------------------------------------- */
void gen_valid_vectors(gen_set *set);
void gen_invalid_vectors(gen_set *set);
/* ALP_RD's valid and invalid vectors, one block (gen_alprd.c; spec/alprd.md). */
void gen_alprd_vectors(gen_set *set);
/* DELTA, RLE and DICT (gen_fastlanes.c), valid ones; gen_invalid.c makes their defects. */
void gen_fastlanes_vectors(gen_set *set);
/* A copy of valid vector `base` as "invalid/NAME", expected to fail with `expect`; the caller
 * makes the one defect (gen_invalid.c). */
gen_vector *gen_mutant(gen_set *set, const char *name, const char *base, galp_status expect,
                       const char *description);
/* A mutant of `base` whose `bytes` bytes at `at` are `value` (little-endian), the header
 * checksum recomputed: a header or metadata edit (gen_invalid.c). */
void gen_edit(gen_set *set, const char *name, const char *base, galp_status expect, size_t at,
              unsigned bytes, uint64_t value, const char *description);
/* The tile schemes' vectors, valid and invalid (gen_tile.c; spec/tile.md). */
void gen_tile_vectors(gen_set *set);
/* str columns, valid and invalid (gen_fsst.c; spec/fsst.md). */
void gen_fsst_vectors(gen_set *set);
void gen_narrow_vectors(gen_set *set);
void gen_alprd_dict_vectors(gen_set *set);
void gen_delta_packed_vectors(gen_set *set);
void gen_runs_delta_vectors(gen_set *set);
/* Patched FFOR vectors, valid and invalid (gen_patched.c; spec/ffor.md §8). */
void gen_patched_vectors(gen_set *set);
/* Offset-coded RUNS values, valid and invalid (gen_runs_offset.c; spec/fastlanes.md §8.6). */
void gen_runs_offset_vectors(gen_set *set);
/* The valid RUNS column of gen_runs_delta.c and gen_runs_offset.c: 4 vectors and 700 values of
 * `type` in runs, vector by vector: runs of 1 … 4 values, vector 1 one run of 1024, vector 3
 * runs of one; each run's value next(rng, w, v, previous), from 2^(W−1) and, at vector 2, from
 * `restart`; encoded with `flags` as `name`, vector 1 expected without payload and vector v
 * with factor factors[v]. */
void gen_runs_column(gen_set *set, galp_type type, uint64_t seed, uint64_t restart,
                     uint64_t (*next)(gen_rng *, unsigned, uint32_t, uint64_t), uint32_t flags,
                     const uint8_t factors[5], const char *name, const char *desc);

#endif /* GALP_GEN_VECTORS_H */
