/*
 * fuzz_roundtrip.c — galp_compress then every decoder entry point must give the input back.
 *
 * Input: byte 0 picks the type, byte 1 the requested scheme (bits 0–1, and bits 3–4 among
 * FFOR, DELTA, RLE and DICT for integers, G-ALP or DICT for floats; for u32, bits 5–6 pick a
 * tile scheme of spec/tile.md instead when not 0) and whether to write payload checksums
 * (bit 2), compact G-ALP vectors (bit 3), ALP_RD dictionaries in the entry (bit 5) and narrow
 * lane ends (bit 7), byte 2 how values are drawn, the
 * next two bytes the value count (up to 5 vectors, so first, full, and partial last vectors all
 * occur); values follow from the rest (byte_source.h). Checks (spec/format.md §4.1):
 *   - the encoded size is at most galp_compress_bound, and a destination one byte short of it
 *     is refused with GALP_ERR_DST_TOO_SMALL;
 *   - the file decodes bit-exactly to the input (NaN payloads and -0.0 included) through every
 *     entry point (decode_check.h);
 *   - with payload checksums the file differs from the one without only in version_minor,
 *     flags, the header checksum and each entry's payload_checksum (spec/format.md §3.4).
 * Float inputs are often decimal-like (k / 10^e, the values ALP is built for), so that the ALP
 * and G-ALP encoders are exercised with few exceptions, not only their RAW fallback.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "byte_source.h"
#include "decode_check.h"
#include "fuzz_require.h"

#define MAX_VALUES (5u * GALP_VECTOR_SIZE)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* How values are drawn. */
enum value_mode {
    MODE_BITS,       /* arbitrary bit patterns */
    MODE_NARROW,     /* integers: a random base plus a few random low bits */
    MODE_DECIMAL,    /* floats: k / 10^e with one e per column; integers: a slow ramp */
    MODE_DECIMALS,   /* floats: k / 10^e with e per value and specials mixed in; integers:
                        runs of 1 … 64 equal values, few distinct ones (RLE, DICT) */
    MODE_COUNT
};

static const double powers_of_ten[] = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
                                       1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18};

/* A decimal with up to `digits` significant digits and `e` decimals, as a parser would give
 * it: the correctly rounded quotient of two exactly representable numbers. */
static uint64_t decimal_bits(byte_source *src, galp_type type, unsigned e, unsigned digits)
{
    int64_t k = (int64_t)(byte_source_u64(src) % (uint64_t)powers_of_ten[digits]);
    if (byte_source_u8(src) & 1)
        k = -k;
    if (type == GALP_TYPE_F64) {
        double x = (double)k / powers_of_ten[e];
        uint64_t bits;
        memcpy(&bits, &x, sizeof bits);
        return bits;
    }
    float x = (float)k / (float)powers_of_ten[e];
    uint32_t bits;
    memcpy(&bits, &x, sizeof bits);
    return bits;
}

static uint64_t special_bits(byte_source *src, galp_type type)
{
    static const uint64_t special64[] = {0x7ff8000000000001u, 0xfff0000000000000u,
                                         0x8000000000000000u, 0x0000000000000003u};
    static const uint64_t special32[] = {0x7fc00001u, 0xff800000u, 0x80000000u, 0x00000003u};
    unsigned i = byte_source_below(src, 4);
    return type == GALP_TYPE_F64 ? special64[i] : special32[i];
}

/* Stores the low 8·bytes bits of x as one native value of that size (galp_compress takes a
 * native array). */
static void store_native(unsigned bytes, uint8_t *p, uint64_t x)
{
    uint8_t u8 = (uint8_t)x;
    uint16_t u16 = (uint16_t)x;
    uint32_t u32 = (uint32_t)x;
    switch (bytes) {
    case 1: memcpy(p, &u8, 1); break;
    case 2: memcpy(p, &u16, 2); break;
    case 4: memcpy(p, &u32, 4); break;
    default: memcpy(p, &x, 8); break;
    }
}

static void draw_values(byte_source *src, galp_type type, enum value_mode mode, uint64_t n,
                        uint8_t *values)
{
    const unsigned bytes = (unsigned)galp_type_size(type);
    const bool is_float = type == GALP_TYPE_F32 || type == GALP_TYPE_F64;
    const unsigned max_e = type == GALP_TYPE_F64 ? 18 : 10;
    const unsigned max_digits = type == GALP_TYPE_F64 ? 15 : 7;
    const unsigned column_e = byte_source_below(src, max_e + 1);
    const unsigned digits = 1 + byte_source_below(src, max_digits);
    const unsigned narrow_bits = byte_source_below(src, 8 * bytes + 1);
    const uint64_t base = byte_source_u64(src);
    const unsigned special_rate = byte_source_below(src, 64);
    for (uint64_t i = 0; i < n; i++) {
        uint64_t x;
        if (mode == MODE_BITS) {
            x = byte_source_bits(src, bytes);
        } else if (!is_float) {
            uint64_t low = byte_source_u64(src);
            if (mode == MODE_DECIMALS) /* the run's value: a hash of the run's index */
                low = (i / (special_rate + 1) + 1) * 0x9e3779b97f4a7c15u >> 32;
            low = narrow_bits >= 64 ? low : low & (((uint64_t)1 << narrow_bits) - 1);
            x = mode == MODE_DECIMAL ? base + i * (narrow_bits + 1) : base + low;
        } else if (mode == MODE_DECIMAL) {
            x = decimal_bits(src, type, column_e, digits);
        } else if (byte_source_u8(src) < special_rate) {
            x = special_bits(src, type);
        } else {
            x = decimal_bits(src, type, byte_source_below(src, max_e + 1), digits);
        }
        store_native(bytes, values + i * bytes, x);
    }
}

static galp_scheme requested_scheme(unsigned pick, galp_type type)
{
    static const galp_scheme integer_schemes[4] = {GALP_SCHEME_FFOR, GALP_SCHEME_DELTA,
                                                   GALP_SCHEME_RLE, GALP_SCHEME_DICT};
    const bool is_float = type == GALP_TYPE_F32 || type == GALP_TYPE_F64;
    const unsigned tile = pick >> 5 & 3u; /* bits 3–4 choose among the integer schemes */
    if (type == GALP_TYPE_U32 && tile != 0)
        return (galp_scheme)(GALP_SCHEME_GPU_FOR + tile - 1);
    switch (pick % 5) {
    case 0: return GALP_SCHEME_RAW;
    case 1: return is_float ? GALP_SCHEME_ALP : integer_schemes[pick >> 3 & 3u];
    case 2: return is_float ? (pick & 8u ? GALP_SCHEME_DICT : GALP_SCHEME_GALP)
                            : integer_schemes[pick >> 3 & 3u];
    case 3: return is_float ? GALP_SCHEME_ALP_RD
                   : pick & 8u ? GALP_SCHEME_RUNS : integer_schemes[pick >> 3 & 3u];
    default: return GALP_SCHEME_AUTO;
    }
}

/* Whether byte i of a file of nv vectors is one that payload checksums set: version_minor,
 * flags, the header checksum, or an entry's payload_checksum (spec/format.md §3.1, §3.3). */
static bool checksum_byte(size_t i, uint64_t nv)
{
    if (i < GALP_HEADER_SIZE)
        return i == 5 || (i >= 20 && i < 24) || i >= 60;
    return i < GALP_HEADER_SIZE + nv * GALP_VECTOR_ENTRY_SIZE &&
           (i - GALP_HEADER_SIZE) % GALP_VECTOR_ENTRY_SIZE >= 28;
}

/* The same values encoded with the other flags: the same file but for checksum_byte bytes. */
static void check_other_flags(galp_type type, galp_scheme scheme, uint32_t flags,
                              const void *values, uint64_t n, const uint8_t *encoded, size_t len)
{
    uint8_t *other = malloc(len);
    FUZZ_REQUIRE(other != NULL, "out of memory");
    size_t other_len = 0;
    galp_status status = galp_compress_ex(type, scheme, flags ^ GALP_FLAG_PAYLOAD_CHECKSUMS,
                                          values, n, other, len, &other_len);
    FUZZ_REQUIRE(status == GALP_OK && other_len == len, "compress with flags %u: %s, %zu bytes",
                 (unsigned)(flags ^ GALP_FLAG_PAYLOAD_CHECKSUMS), galp_status_name(status),
                 other_len);
    const uint64_t nv = n / GALP_VECTOR_SIZE + (n % GALP_VECTOR_SIZE != 0);
    for (size_t i = 0; i < len; i++)
        FUZZ_REQUIRE(checksum_byte(i, nv) || encoded[i] == other[i],
                     "byte %zu differs with and without payload checksums", i);
    free(other);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    byte_source src;
    byte_source_init(&src, data, size);
    const galp_type type = (galp_type)(GALP_TYPE_U8 + byte_source_below(&src, 6));
    const uint8_t pick = byte_source_u8(&src);
    const galp_scheme scheme = requested_scheme(pick, type);
    /* G-ALP vectors without exceptions with or without a lane table (spec/galp.md §1.1), lane
     * ends of vectors with a few exceptions u8 or u16 (§1.2), and ALP_RD dictionaries in the
     * entry or the payload (spec/alprd.md §3.1; bit 5 picks a tile scheme only for u32), and
     * with the same bit DELTA lane bases packed or plain (spec/fastlanes.md §2.3: integers) and
     * RUNS values delta-coded or offset-coded where smaller (§8.5, §8.6), and FFOR vectors
     * patched where smaller (spec/ffor.md §8). */
    const uint32_t flags = (pick & 4u ? GALP_FLAG_PAYLOAD_CHECKSUMS : 0) |
                           (pick & 8u ? GALP_FLAG_COMPACT_GALP : 0) |
                           (pick & 0x80u ? GALP_FLAG_NARROW_LANE_ENDS : 0) |
                           (pick & 0x20u ? GALP_FLAG_ALPRD_DICT_IN_ENTRY | GALP_FLAG_PACKED_LANE_BASES |
                                               GALP_FLAG_RUNS_DELTA_VALUES | GALP_FLAG_RUNS_OFFSET_VALUES |
                                               GALP_FLAG_PATCHED_FFOR
                                         : 0);
    const enum value_mode mode = (enum value_mode)byte_source_below(&src, MODE_COUNT);
    const uint64_t n = byte_source_u16(&src) % (MAX_VALUES + 1);
    const size_t bytes = (size_t)n * galp_type_size(type);

    uint8_t *values = malloc(bytes + 1);
    FUZZ_REQUIRE(values != NULL, "out of memory");
    draw_values(&src, type, mode, n, values);

    const size_t bound = galp_compress_bound(type, n);
    FUZZ_REQUIRE(bound >= GALP_HEADER_SIZE + GALP_TAIL_PADDING, "bound %zu for %llu values",
                 bound, (unsigned long long)n);
    uint8_t *encoded = malloc(bound);
    FUZZ_REQUIRE(encoded != NULL, "out of memory");
    size_t len = 0;
    galp_status status = galp_compress_ex(type, scheme, flags, values, n, encoded, bound, &len);
    FUZZ_REQUIRE(status == GALP_OK, "compress %llu %s values as %s: %s", (unsigned long long)n,
                 galp_type_name(type), galp_scheme_name(scheme), galp_status_name(status));
    FUZZ_REQUIRE(len <= bound, "encoded %zu bytes, bound %zu", len, bound);
    check_other_flags(type, scheme, flags, values, n, encoded, len);

    /* One byte short, into a buffer of exactly that size: ASan reports any write past it. */
    uint8_t *short_dst = malloc(len - 1); /* len > 64: a file has at least its header */
    FUZZ_REQUIRE(short_dst != NULL, "out of memory");
    size_t short_len = 0;
    status = galp_compress_ex(type, scheme, flags, values, n, short_dst, len - 1, &short_len);
    FUZZ_REQUIRE(status == GALP_ERR_DST_TOO_SMALL, "compress into %zu bytes of %zu: %s",
                 len - 1, len, galp_status_name(status));
    free(short_dst);

    status = fuzz_check_decode(encoded, len, values, NULL);
    FUZZ_REQUIRE(status == GALP_OK, "encoder output rejected: %s", galp_status_name(status));

    free(encoded);
    free(values);
    return 0;
}
