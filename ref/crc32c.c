/*
 * crc32c.c — CRC32C (Castagnoli), the checksum of the header and metadata and of every payload
 * of a file with payload checksums (spec/format.md §3.4).
 *
 * Reflected polynomial 0x82F63B78, initial value and final XOR 0xFFFFFFFF. The definition is
 * the portable loop below, four bits at a time: its 16-entry table is constant (no
 * initialisation, safe from any thread) and small enough to check by hand (entry i is i shifted
 * through the polynomial four times). Payload checksums hash whole files, for which that loop
 * is slow, so on x86-64 processors with SSE 4.2 the same function uses the CRC32 instruction,
 * which computes exactly this CRC (the same reflected update, without the initial and final
 * XOR); conformance/test_crc32c.c checks both against a bit-by-bit CRC.
 */
#include <string.h>

#include "galp_internal.h"

static const uint32_t crc32c_nibble_table[16] = {
    0x00000000u, 0x105EC76Fu, 0x20BD8EDEu, 0x30E349B1u, 0x417B1DBCu, 0x5125DAD3u,
    0x61C69362u, 0x7198540Du, 0x82F63B78u, 0x92A8FC17u, 0xA24BB5A6u, 0xB21572C9u,
    0xC38D26C4u, 0xD3D3E1ABu, 0xE330A81Au, 0xF36E6F75u,
};

/* The register update over `len` bytes, without the initial and final XOR. */
static uint32_t crc32c_portable(uint32_t crc, const uint8_t *p, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        crc ^= p[i];
        crc = (crc >> 4) ^ crc32c_nibble_table[crc & 0xFu];
        crc = (crc >> 4) ^ crc32c_nibble_table[crc & 0xFu];
    }
    return crc;
}

/* GALP_CRC32C_PORTABLE_ONLY builds the definition alone (conformance/test_crc32c.c). */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && \
    !defined(GALP_CRC32C_PORTABLE_ONLY)
#include <nmmintrin.h>
#define GALP_CRC32C_SSE42 1

/* The same update with the SSE 4.2 CRC32 instruction, eight bytes at a time. */
__attribute__((target("sse4.2"))) static uint32_t crc32c_sse42(uint32_t crc, const uint8_t *p,
                                                               size_t len)
{
    uint64_t wide = crc;
    for (; len >= 8; p += 8, len -= 8) {
        uint64_t word;
        memcpy(&word, p, sizeof word); /* little-endian host: bytes in file order */
        wide = _mm_crc32_u64(wide, word);
    }
    crc = (uint32_t)wide;
    for (; len > 0; p++, len--)
        crc = _mm_crc32_u8(crc, *p);
    return crc;
}
#endif

/* `crc` is the CRC of the bytes before `data` (0 for none): the initial value and the final XOR
 * are applied here, so galp_crc32c(galp_crc32c(0, a, n), b, m) is the CRC of a followed by b. */
uint32_t galp_crc32c(uint32_t crc, const void *data, size_t len)
{
#ifdef GALP_CRC32C_SSE42
    if (__builtin_cpu_supports("sse4.2"))
        return ~crc32c_sse42(~crc, data, len);
#endif
    return ~crc32c_portable(~crc, data, len);
}
