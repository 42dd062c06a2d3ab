/*
 * gen_tile.c — the vectors of the tile schemes GPU-FOR, GPU-DFOR and GPU-RFOR (spec/tile.md):
 * columns from the reference encoder that cover every miniblock width, zero-width miniblocks
 * between others, partial blocks and vectors, deltas that wrap and runs of every shape; two
 * decoder-only forms the encoder never writes; and one invalid file per check of
 * spec/tile.md §6 and per class the schemes add to spec/format.md §6.
 */
#include <stdlib.h>
#include <string.h>

#include <galp/tile_layout.h>

#include "bytes.h"
#include "galp_internal.h"
#include "gen_vectors.h"

/* Vector entry fields (spec/format.md §3.3) and header fields (§3.1), by byte offset. */
enum { E_OFFSET = 0, E_BASE = 8, E_SIZE = 16, E_EXCEPTIONS = 20, E_SCHEME = 22, E_WIDTH = 23,
       E_EXPONENT = 24 };
enum { H_TYPE = 6 };
/* GPU-RFOR's header fields (spec/tile.md §5.1). */
enum { R_COUNT = 0, R_LENGTH_REF = 8, R_VALUE_WIDTH = 12, R_LENGTH_WIDTH = 13,
       R_RESERVED = 14 };

#define FOR_BASE "valid/gpu_for_widths"
#define DFOR_BASE "valid/gpu_dfor_walk"
#define RFOR_BASE "valid/gpu_rfor_runs"

/* Vector 0's payload offset. */
static size_t payload0(const gen_vector *vec)
{
    return (size_t)gen_get(vec, GEN_ENTRY(0) + E_OFFSET, 8);
}

/* A u32 column from the encoder, checked to keep `scheme` in vectors 0 … count−1. */
static gen_vector *encoded(gen_set *set, const char *name, galp_scheme scheme,
                           const uint32_t *values, uint64_t n, uint32_t count,
                           const char *description)
{
    gen_vector *vec = gen_encoded(set, name, GALP_TYPE_U32, scheme, values, n, description);
    for (uint32_t v = 0; v < count; v++)
        gen_expect_vector(vec, v, scheme, -1, 0);
    return vec;
}

/* GPU-FOR block g: miniblock j has width (4g + j) mod 33, so every width 0 … 32 appears, and
 * zero-width miniblocks sit before wider ones. Slot 0 of each miniblock is the block's
 * reference and slot 1 has bit width−1 set, so that the encoder's choice (spec/tile.md §3.3)
 * gives exactly these widths. */
static void for_block(gen_rng *rng, uint32_t g, uint32_t *x, uint32_t count)
{
    unsigned width[GALP_TILE_MINIBLOCKS], widest = 0;
    for (unsigned j = 0; j < GALP_TILE_MINIBLOCKS; j++) {
        width[j] = (4u * g + j) % 33u;
        widest = width[j] > widest ? width[j] : widest;
    }
    const uint32_t ref = (uint32_t)gen_below(rng, (UINT64_C(1) << 32) - (UINT64_C(1) << widest) + 1);
    for (uint32_t i = 0; i < count; i++) {
        const unsigned b = width[i / GALP_TILE_MINIBLOCK_VALUES];
        const uint32_t r = i % GALP_TILE_MINIBLOCK_VALUES;
        uint64_t offset = r == 0 || b == 0 ? 0 : gen_low_bits(rng, b);
        if (r == 1 && b > 0)
            offset |= UINT64_C(1) << (b - 1);
        x[i] = ref + (uint32_t)offset;
    }
}

static void for_columns(gen_set *set, gen_rng *rng)
{
    enum { N = 8 * 1024 + 1000 };
    uint32_t *x = malloc(N * sizeof *x);
    if (x == NULL)
        gen_fail("out of memory");
    for (uint32_t first = 0, g = 0; first < N; first += GALP_TILE_BLOCK_VALUES, g++)
        for_block(rng, g, x + first,
                  N - first < GALP_TILE_BLOCK_VALUES ? N - first : GALP_TILE_BLOCK_VALUES);
    encoded(set, FOR_BASE, GALP_SCHEME_GPU_FOR, x, N, 9,
            "GPU-FOR: miniblock widths 0..32 in every position, last vector 1000 values");

    /* Constant blocks (all four widths 0: an 8-byte block) between 5-bit ones. */
    for (uint32_t i = 0; i < 2000; i++)
        x[i] = (i / GALP_TILE_BLOCK_VALUES) % 2 ? 77 : 1000 + (uint32_t)gen_low_bits(rng, 5);
    encoded(set, "valid/gpu_for_constant_blocks", GALP_SCHEME_GPU_FOR, x, 2000, 2,
            "GPU-FOR: constant blocks (width 0, header only) between 5-bit blocks");

    /* Decoder only: block 0's reference raised so that reference + offset wraps. */
    for (uint32_t i = 0; i < GALP_VECTOR_SIZE; i++)
        x[i] = 1000 + (uint32_t)gen_low_bits(rng, 4);
    x[0] = 1000;
    gen_vector *vec = encoded(set, "valid/gpu_for_ref_wraps", GALP_SCHEME_GPU_FOR, x,
                              GALP_VECTOR_SIZE, 1,
                              "GPU-FOR: block 0's reference 0xfffffff8, offsets up to 15 wrap "
                              "modulo 2^32");
    gen_put(vec, payload0(vec), 4, 0xfffffff8u);
    for (uint32_t i = 0; i < GALP_TILE_BLOCK_VALUES; i++)
        galp_store_u32(vec->out.data + 4u * i, x[i] - 1000u + 0xfffffff8u);
    vec->from_encoder = false;
    free(x);
}

static void dfor_columns(gen_set *set, gen_rng *rng)
{
    uint32_t x[2500];
    uint32_t v = (uint32_t)gen_next(rng);
    for (uint32_t i = 0; i < 2500; i++)
        x[i] = v += (uint32_t)gen_below(rng, 251) - 50u;
    encoded(set, DFOR_BASE, GALP_SCHEME_GPU_DFOR, x, 2500, 3,
            "GPU-DFOR: a walk with steps -50..200, 3 vectors, last 452 values");

    v = 0xfffffe00u;
    for (uint32_t i = 0; i < 1024; i++)
        x[i] = v += 1u + (uint32_t)gen_below(rng, 3);
    for (uint32_t i = 1024; i < 1500; i++)
        x[i] = v -= 1u + (uint32_t)gen_below(rng, 3);
    encoded(set, "valid/gpu_dfor_wrap", GALP_SCHEME_GPU_DFOR, x, 1500, 2,
            "GPU-DFOR: up through 2^32 to small values, then back down through 0");
}

/* Runs of lengths 1 … max_length of `bits`-bit values, n values in all. */
static void runs(gen_rng *rng, uint32_t *x, uint32_t n, uint32_t max_length, unsigned bits)
{
    for (uint32_t i = 0; i < n;) {
        const uint32_t value = (uint32_t)gen_low_bits(rng, bits);
        for (uint32_t k = 1 + (uint32_t)gen_below(rng, max_length); k > 0 && i < n; k--)
            x[i++] = value;
    }
}

static void rfor_columns(gen_set *set, gen_rng *rng)
{
    uint32_t x[3072];
    runs(rng, x, 3000, 200, 20);
    encoded(set, RFOR_BASE, GALP_SCHEME_GPU_RFOR, x, 3000, 3,
            "GPU-RFOR: runs of 1..200 20-bit values, 3 vectors, last 952 values");

    for (uint32_t i = 0; i < GALP_VECTOR_SIZE; i++)
        x[i] = 0xdeadbeefu;
    gen_vector *vec = encoded(set, "valid/gpu_rfor_one_run", GALP_SCHEME_GPU_RFOR, x,
                              GALP_VECTOR_SIZE, 1,
                              "GPU-RFOR: one run of 1024 values, both widths 0: the 16-byte "
                              "header alone");
    gen_expect_vector(vec, 0, GALP_SCHEME_GPU_RFOR, 0, 0);

    runs(rng, x, 1024, 64, 32);
    for (uint32_t i = 1024; i < 2048; i++)
        x[i] = (uint32_t)gen_next(rng);
    runs(rng, x + 2048, 1024, 64, 32);
    vec = gen_encoded(set, "valid/gpu_rfor_raw_middle", GALP_TYPE_U32,
                      GALP_SCHEME_GPU_RFOR, x, 3072,
                      "GPU-RFOR: 3 vectors, the middle one random values stored RAW");
    gen_expect_vector(vec, 0, GALP_SCHEME_GPU_RFOR, -1, 0);
    gen_expect_vector(vec, 1, GALP_SCHEME_RAW, 0, 0);
    gen_expect_vector(vec, 2, GALP_SCHEME_GPU_RFOR, -1, 0);

    /* Decoder only: the unused high bits of the last value word set (spec/tile.md §2). */
    runs(rng, x, 1024, 30, 7);
    vec = encoded(set, "valid/gpu_rfor_padding_bits", GALP_SCHEME_GPU_RFOR, x,
                  GALP_VECTOR_SIZE, 1,
                  "GPU-RFOR: bits past the last run value set, which decoders ignore");
    const size_t at = payload0(vec);
    const uint64_t bits = gen_get(vec, at + R_COUNT, 4) * gen_get(vec, at + R_VALUE_WIDTH, 1);
    if (bits % 32u == 0)
        gen_fail("%s: the value run fills its last word; change the inputs", vec->name);
    const size_t last = at + GALP_TILE_RFOR_HEADER_BYTES + 4u * (size_t)(bits / 32u);
    gen_put(vec, last, 4, gen_get(vec, last, 4) | 0x80000000u);
    vec->from_encoder = false;
}

/* An edit of vector 0's entry or payload: `at` is relative to the entry (payload = false) or
 * the payload (payload = true); the header checksum is recomputed. */
static void defect(gen_set *set, const char *name, const char *base, galp_status expect,
                   bool payload, size_t at, unsigned bytes, uint64_t value,
                   const char *description)
{
    gen_vector *vec = gen_mutant(set, name, base, expect, description);
    gen_put(vec, (payload ? payload0(vec) : GEN_ENTRY(0)) + at, bytes, value);
    gen_fix_checksum(&vec->file);
}

/* The same, adding `delta` to the field. */
static void shift(gen_set *set, const char *name, const char *base, galp_status expect,
                  bool payload, size_t at, unsigned bytes, int64_t delta, const char *description)
{
    const gen_vector *src = gen_set_find(set, base);
    const size_t where = (payload ? payload0(src) : GEN_ENTRY(0)) + at;
    defect(set, name, base, expect, payload, at, bytes,
           gen_get(src, where, bytes) + (uint64_t)delta, description);
}

static void invalid_vectors(gen_set *set)
{
    const gen_vector *src = gen_set_find(set, FOR_BASE);
    /* Block 7 of vector 0 starts where blocks 0 … 6 end; its miniblock 3 width at +7. */
    size_t block = 0;
    for (unsigned k = 0; k < 7; k++) {
        unsigned sum = 0;
        for (unsigned j = 0; j < 4; j++)
            sum += (unsigned)gen_get(src, payload0(src) + block + 4 + j, 1);
        block += 8u + 4u * sum;
    }

    defect(set, "gpu_for_base", FOR_BASE, GALP_ERR_BASE, false, E_BASE, 8, 1,
           "GPU-FOR vector 0 with base 1 (tile schemes have base 0)");
    defect(set, "gpu_for_exception_count", FOR_BASE, GALP_ERR_EXCEPTION_COUNT, false,
           E_EXCEPTIONS, 2, 1, "GPU-FOR vector 0 with exception_count 1");
    defect(set, "gpu_for_exponent", FOR_BASE, GALP_ERR_EXPONENT, false, E_EXPONENT, 1, 1,
           "GPU-FOR vector 0 with exponent 1");
    shift(set, "gpu_for_size_unaligned", FOR_BASE, GALP_ERR_PAYLOAD_SIZE, false, E_SIZE, 4,
          -2, "GPU-FOR vector 0's payload_size 2 bytes short: not a multiple of 4");
    defect(set, "gpu_for_size_above_max", FOR_BASE, GALP_ERR_PAYLOAD_SIZE, false, E_SIZE, 4,
           4164, "GPU-FOR vector 0's payload_size 4164, above 8 blocks of 520 bytes");
    defect(set, "gpu_dfor_size_below_min", DFOR_BASE, GALP_ERR_PAYLOAD_SIZE, false, E_SIZE, 4,
           64, "GPU-DFOR vector 0's payload_size 64, below its start and 8 block headers");
    defect(set, "gpu_for_width_33", FOR_BASE, GALP_ERR_BIT_WIDTH, true, 4, 1, 33,
           "GPU-FOR block 0's miniblock 0 width 33");
    shift(set, "gpu_for_block_past_end", FOR_BASE, GALP_ERR_PAYLOAD_SIZE, true, block + 7, 1,
          1, "GPU-FOR vector 0's last block one word longer than the payload");
    shift(set, "gpu_for_blocks_short", FOR_BASE, GALP_ERR_PAYLOAD_SIZE, true, block + 7, 1,
          -1, "GPU-FOR vector 0's blocks end one word before payload_size");
    shift(set, "gpu_for_entry_width", FOR_BASE, GALP_ERR_BIT_WIDTH, false, E_WIDTH, 1, 1,
          "GPU-FOR vector 0's bit_width one above its widest miniblock");
    defect(set, "gpu_dfor_width_40", DFOR_BASE, GALP_ERR_BIT_WIDTH, true, 4 + 4 + 2, 1, 40,
           "GPU-DFOR block 0's miniblock 2 width 40");

    defect(set, "gpu_rfor_reserved", RFOR_BASE, GALP_ERR_RESERVED, true, R_RESERVED + 1, 1,
           1, "GPU-RFOR vector 0's reserved header byte 15 set");
    defect(set, "gpu_rfor_width_33", RFOR_BASE, GALP_ERR_BIT_WIDTH, true, R_LENGTH_WIDTH, 1,
           33, "GPU-RFOR vector 0's length width 33");
    defect(set, "gpu_rfor_run_count_zero", RFOR_BASE, GALP_ERR_RUN_LENGTHS, true, R_COUNT, 4,
           0, "GPU-RFOR vector 0 with run count 0");
    defect(set, "gpu_rfor_run_count_above_m", RFOR_BASE, GALP_ERR_RUN_LENGTHS, true, R_COUNT,
           4, 1025, "GPU-RFOR vector 0 with run count 1025 for 1024 values");
    shift(set, "gpu_rfor_size", RFOR_BASE, GALP_ERR_PAYLOAD_SIZE, true, R_COUNT, 4, 32,
          "GPU-RFOR vector 0's run count 32 higher: its streams would need more words");
    shift(set, "gpu_rfor_entry_width", RFOR_BASE, GALP_ERR_BIT_WIDTH, false, E_WIDTH, 1, 1,
          "GPU-RFOR vector 0's bit_width one above its wider stream");
    shift(set, "gpu_rfor_lengths_long", RFOR_BASE, GALP_ERR_RUN_LENGTHS, true, R_LENGTH_REF,
          4, 1, "GPU-RFOR vector 0's length reference +1: the runs cover more than m values");
    defect(set, "gpu_rfor_length_zero", RFOR_BASE, GALP_ERR_RUN_LENGTHS, true, R_LENGTH_REF,
           4, 0, "GPU-RFOR vector 0's length reference 0: its shortest run has length 0");

    gen_vector *vec = gen_mutant(set, "gpu_for_u64", FOR_BASE, GALP_ERR_BAD_SCHEME,
                                 "GPU-FOR column scheme with value type u64 (u32 only)");
    gen_put(vec, H_TYPE, 1, GALP_TYPE_U64);
    gen_fix_checksum(&vec->file);
    defect(set, "gpu_for_vector_in_ffor_column", "valid/ffor_u32_multi", GALP_ERR_BAD_SCHEME, false,
           E_SCHEME, 1, GALP_SCHEME_GPU_FOR, "an FFOR column's vector 0 marked GPU-FOR");
}

void gen_tile_vectors(gen_set *set)
{
    gen_rng rng = {0x74696c6576656331u}; /* "tilevec1" */
    for_columns(set, &rng);
    dfor_columns(set, &rng);
    rfor_columns(set, &rng);
    invalid_vectors(set);
}
