/*
 * fuzz_differential.c — the CUDA decoder against the reference decoder, on generated columns.
 *
 * Each input becomes a valid column (column_gen.h). The reference decoder must decode it to
 * the generator's values (decode_check.h); the CUDA decoder (include/galp_gpu.h) must then
 * produce the same bytes, and its fused scans must agree with the answers computed on the host
 * from the decoded values (scan_oracle.h): the aggregate's count, NaN count, wrapping integer
 * sum, minimum and maximum, its floating-point sum within the bound that its unspecified
 * summation order allows, the count of lo <= x <= hi and whether a probe value exists. The
 * input bytes after the column's choose lo, hi and the probe: column values, their
 * neighbours, special values or arbitrary bits (predicate pushdown's edge cases:
 * galp/device/pushdown.cuh).
 *
 * Without a usable device (a CPU-only build, or no GPU) the target says so once and checks the
 * generator, the reference decoder and the host's side of the scans only, so that it builds
 * and runs everywhere.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "bytes.h"
#include "column_gen.h"
#include "decode_check.h"
#include "fuzz_require.h"
#include "gpu_decode.h"
#include "scan_oracle.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static bool have_gpu;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    galp_status status = fuzz_gpu_available();
    have_gpu = status == GALP_OK;
    if (!have_gpu)
        fprintf(stderr, "fuzz_differential: no usable GPU (%s): checking the generator, the "
                        "reference decoder and the host's scans only\n", galp_strerror(status));
    return 0;
}

/* Values where comparisons change behaviour: zeros, extremes, infinities, NaNs (quiet and
 * signalling, either sign), the smallest subnormal. */
static uint64_t special_value(galp_type type, unsigned choice)
{
    static const uint64_t f64[] = {0, 0x8000000000000000u, 0x7ff0000000000000u,
                                   0xfff0000000000000u, 0x7ff8000000000000u, 0xfff0000000000001u,
                                   1, 0x7fefffffffffffffu, 0xffefffffffffffffu};
    static const uint64_t f32[] = {0, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00000u,
                                   0xff800001u, 1, 0x7f7fffffu, 0xff7fffffu};
    const unsigned w = 8 * (unsigned)galp_type_size(type);
    const uint64_t max = w == 64 ? UINT64_MAX : ((uint64_t)1 << w) - 1;
    const uint64_t integer[] = {0, 1, max, max - 1, max >> 1, (max >> 1) + 1};
    if (type == GALP_TYPE_F64)
        return f64[choice % (sizeof f64 / sizeof f64[0])];
    if (type == GALP_TYPE_F32)
        return f32[choice % (sizeof f32 / sizeof f32[0])];
    return integer[choice % (sizeof integer / sizeof integer[0])];
}

/* One scan argument drawn from the input: a value of the column, or one step below or above
 * it, so that bounds hit values exactly and miss them narrowly; a special value; arbitrary
 * bits of the type's width. */
static uint64_t draw_scan_value(byte_source *src, galp_type type, const uint8_t *values, uint64_t n)
{
    const unsigned width = (unsigned)galp_type_size(type);
    const unsigned kind = byte_source_below(src, 5);
    if (kind <= 2 && n > 0) {
        const uint64_t x = galp_load_le(width, values + (byte_source_u64(src) % n) * width);
        return kind == 0 ? x : fuzz_scan_neighbour(type, x, kind == 2);
    }
    if (kind == 3)
        return special_value(type, byte_source_u8(src));
    return byte_source_bits(src, width);
}

/* The GPU's decode and scans of the column against the reference's decode and the host's
 * expectation. */
static void check_gpu(const fuzz_column *col, const uint8_t *decoded, const fuzz_scan_args *args,
                      const fuzz_scan_expectation *expect)
{
    const size_t bytes = (size_t)col->value_count * galp_type_size(col->type);
    uint8_t *device_out = malloc(bytes + 1);
    FUZZ_REQUIRE(device_out != NULL, "out of memory");
    fuzz_scans got;
    galp_status status = fuzz_gpu_decode(col->file, col->buffer_size, device_out, bytes, args, &got);
    FUZZ_REQUIRE(status == GALP_OK, "GPU decode of a valid %s/%s column: %s",
                 galp_type_name(col->type), galp_scheme_name(col->scheme), galp_status_name(status));
    size_t i = 0;
    while (i < bytes && device_out[i] == decoded[i])
        i++;
    FUZZ_REQUIRE(i == bytes, "%s/%s column: GPU value %zu differs from the reference",
                 galp_type_name(col->type), galp_scheme_name(col->scheme),
                 i / galp_type_size(col->type));
    char msg[256];
    const char *wrong = fuzz_scan_disagreement(col->type, expect, &got, msg, sizeof msg);
    FUZZ_REQUIRE(wrong == NULL, "%s/%s column of %llu values, lo %llx, hi %llx, probe %llx: GPU %s",
                 galp_type_name(col->type), galp_scheme_name(col->scheme),
                 (unsigned long long)col->value_count, (unsigned long long)args->lo,
                 (unsigned long long)args->hi, (unsigned long long)args->probe, wrong);
    free(device_out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    byte_source src;
    byte_source_init(&src, data, size);
    fuzz_column col;
    fuzz_column_generate(&src, &col);
    uint8_t *decoded = NULL;
    galp_status status = fuzz_check_decode(col.file, col.buffer_size, col.values, &decoded);
    FUZZ_REQUIRE(status == GALP_OK, "generated column rejected: %s", galp_status_name(status));
    fuzz_scan_args args;
    args.lo = draw_scan_value(&src, col.type, decoded, col.value_count);
    args.hi = draw_scan_value(&src, col.type, decoded, col.value_count);
    args.probe = draw_scan_value(&src, col.type, decoded, col.value_count);
    fuzz_scan_expectation expect;
    fuzz_scan_expect(col.type, decoded, col.value_count, &args, &expect);
    if (have_gpu)
        check_gpu(&col, decoded, &args, &expect);
    free(decoded);
    fuzz_column_free(&col);
    return 0;
}
