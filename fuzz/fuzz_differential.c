/*
 * fuzz_differential.c — the CUDA decoder against the reference decoder, on generated columns.
 *
 * Each input becomes a valid column (column_gen.h). The reference decoder must decode it to
 * the generator's values (decode_check.h); the CUDA decoder (include/galp_gpu.h) must then
 * produce the same bytes, and its fused scans must agree with the same answers computed here
 * on the host from the decoded values: the aggregate's count, NaN count, wrapping integer sum,
 * minimum and maximum (-0 below +0; the floating-point sum is left out, its summation order
 * is unspecified), the count of lo <= x <= hi and whether lo exists, for bounds taken from
 * the column's own values (predicate pushdown's edge cases: galp/device/pushdown.cuh).
 *
 * Without a usable device (a CPU-only build, or no GPU) the target says so once and checks the
 * generator and the reference decoder only, so that it builds and runs everywhere.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "bytes.h"
#include "column_gen.h"
#include "decode_check.h"
#include "fuzz_require.h"
#include "gpu_decode.h"

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
        fprintf(stderr, "fuzz_differential: no usable GPU (%s): checking the generator and the "
                        "reference decoder only\n", galp_strerror(status));
    return 0;
}

/* A key whose unsigned order is the numeric order of non-NaN floats, with -0 below +0. */
static uint64_t float_order_key(unsigned w, uint64_t bits)
{
    const uint64_t sign = (uint64_t)1 << (w - 1);
    return bits & sign ? ~bits & (sign | (sign - 1)) : bits | sign;
}

static bool is_nan(unsigned w, uint64_t bits)
{
    return w == 64 ? (bits & 0x7fffffffffffffffu) > 0x7ff0000000000000u
                   : (bits & 0x7fffffffu) > 0x7f800000u;
}

/* The aggregate of include/galp_gpu.h computed on the host from decoded values. */
static void host_aggregate(galp_type type, const uint8_t *values, uint64_t n,
                           galp_gpu_aggregate *a)
{
    const unsigned bytes = (unsigned)galp_type_size(type), w = 8 * bytes;
    const bool is_float = type == GALP_TYPE_F32 || type == GALP_TYPE_F64;
    memset(a, 0, sizeof *a);
    a->count = n;
    uint64_t min_key = UINT64_MAX, max_key = 0;
    for (uint64_t i = 0; i < n; i++) {
        uint64_t x = galp_load_le(bytes, values + i * bytes);
        if (is_float && is_nan(w, x)) {
            a->nan_count++;
            continue;
        }
        a->sum_bits += x;
        uint64_t key = is_float ? float_order_key(w, x) : x;
        if (key <= min_key) {
            min_key = key;
            a->min_bits = x;
        }
        if (key >= max_key) {
            max_key = key;
            a->max_bits = x;
        }
    }
    a->has_min_max = a->count > a->nan_count;
}

/* A float column's value from its bits, as a double (exact for f32 too). */
static double as_double(galp_type type, uint64_t bits)
{
    if (type == GALP_TYPE_F64) {
        double d;
        memcpy(&d, &bits, sizeof d);
        return d;
    }
    float f;
    uint32_t b = (uint32_t)bits;
    memcpy(&f, &b, sizeof f);
    return f;
}

/* How many of the n values satisfy lo <= x <= hi (IEEE comparison for floats). */
static uint64_t host_count(galp_type type, const uint8_t *values, uint64_t n, uint64_t lo, uint64_t hi)
{
    const unsigned bytes = (unsigned)galp_type_size(type);
    const bool is_float = type == GALP_TYPE_F32 || type == GALP_TYPE_F64;
    const double lo_value = is_float ? as_double(type, lo) : 0.0, hi_value = is_float ? as_double(type, hi) : 0.0;
    uint64_t count = 0;
    for (uint64_t i = 0; i < n; i++) {
        uint64_t x = galp_load_le(bytes, values + i * bytes);
        if (is_float) {
            const double v = as_double(type, x);
            count += lo_value <= v && v <= hi_value;
        } else {
            count += lo <= x && x <= hi;
        }
    }
    return count;
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
    if (have_gpu) {
        const size_t bytes = (size_t)col.value_count * galp_type_size(col.type);
        uint8_t *device_out = malloc(bytes + 1);
        FUZZ_REQUIRE(device_out != NULL, "out of memory");
        /* bounds: two of the column's values, chosen by the input's size (either order) */
        const unsigned width = (unsigned)galp_type_size(col.type);
        uint64_t lo = 0, hi = 0;
        if (col.value_count > 0) {
            lo = galp_load_le(width, decoded + (size % col.value_count) * width);
            hi = galp_load_le(width, decoded + ((size * 7 + 3) % col.value_count) * width);
        }
        uint8_t lo_value[8], hi_value[8];
        galp_store_le(width, lo_value, lo);
        galp_store_le(width, hi_value, hi);
        fuzz_gpu_scans got;
        galp_gpu_aggregate want;
        status = fuzz_gpu_decode(col.file, col.buffer_size, device_out, bytes, lo_value, hi_value, &got);
        FUZZ_REQUIRE(status == GALP_OK, "GPU decode of a valid %s/%s column: %s",
                     galp_type_name(col.type), galp_scheme_name(col.scheme),
                     galp_status_name(status));
        size_t i = 0;
        while (i < bytes && device_out[i] == decoded[i])
            i++;
        FUZZ_REQUIRE(i == bytes, "%s/%s column: GPU value %zu differs from the reference",
                     galp_type_name(col.type), galp_scheme_name(col.scheme),
                     i / galp_type_size(col.type));
        host_aggregate(col.type, decoded, col.value_count, &want);
        const bool is_float = col.type == GALP_TYPE_F32 || col.type == GALP_TYPE_F64;
        const galp_gpu_aggregate *a = &got.aggregate;
        FUZZ_REQUIRE(a->count == want.count && a->nan_count == want.nan_count &&
                         a->has_min_max == want.has_min_max,
                     "GPU aggregate: count %llu/%llu, NaNs %llu/%llu (GPU/host)",
                     (unsigned long long)a->count, (unsigned long long)want.count,
                     (unsigned long long)a->nan_count, (unsigned long long)want.nan_count);
        FUZZ_REQUIRE(!want.has_min_max || (a->min_bits == want.min_bits && a->max_bits == want.max_bits),
                     "GPU aggregate: min %llx/%llx, max %llx/%llx (GPU/host)",
                     (unsigned long long)a->min_bits, (unsigned long long)want.min_bits,
                     (unsigned long long)a->max_bits, (unsigned long long)want.max_bits);
        FUZZ_REQUIRE(is_float || a->sum_bits == want.sum_bits, "GPU sum %llu, host %llu",
                     (unsigned long long)a->sum_bits, (unsigned long long)want.sum_bits);
        const uint64_t in_range = host_count(col.type, decoded, col.value_count, lo, hi);
        const uint64_t equal = host_count(col.type, decoded, col.value_count, lo, lo);
        FUZZ_REQUIRE(got.count == in_range, "GPU count in [%llx, %llx]: %llu, host %llu",
                     (unsigned long long)lo, (unsigned long long)hi, (unsigned long long)got.count,
                     (unsigned long long)in_range);
        FUZZ_REQUIRE(got.found == (equal > 0), "GPU exists(%llx): %u, host %llu equal values",
                     (unsigned long long)lo, got.found, (unsigned long long)equal);
        free(device_out);
    }
    free(decoded);
    fuzz_column_free(&col);
    return 0;
}
