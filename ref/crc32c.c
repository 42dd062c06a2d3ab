/*
 * crc32c.c — CRC32C (Castagnoli), the checksum of the header and metadata (spec/format.md §3.4).
 *
 * Reflected polynomial 0x82F63B78, initial value and final XOR 0xFFFFFFFF, processed four bits
 * at a time. The checksum covers a few kilobytes of metadata per file, so a 16-entry table is
 * fast enough, is constant (no initialisation, safe from any thread) and is small enough to
 * check by hand: entry i is i shifted through the polynomial four times.
 */
#include "galp_internal.h"

static const uint32_t crc32c_nibble_table[16] = {
    0x00000000u, 0x105EC76Fu, 0x20BD8EDEu, 0x30E349B1u, 0x417B1DBCu, 0x5125DAD3u,
    0x61C69362u, 0x7198540Du, 0x82F63B78u, 0x92A8FC17u, 0xA24BB5A6u, 0xB21572C9u,
    0xC38D26C4u, 0xD3D3E1ABu, 0xE330A81Au, 0xF36E6F75u,
};

/* `crc` is the CRC of the bytes before `data` (0 for none): the initial value and the final XOR
 * are applied here, so galp_crc32c(galp_crc32c(0, a, n), b, m) is the CRC of a followed by b. */
uint32_t galp_crc32c(uint32_t crc, const void *data, size_t len)
{
    const uint8_t *p = data;
    crc = ~crc;
    for (size_t i = 0; i < len; i++) {
        crc ^= p[i];
        crc = (crc >> 4) ^ crc32c_nibble_table[crc & 0xFu];
        crc = (crc >> 4) ^ crc32c_nibble_table[crc & 0xFu];
    }
    return ~crc;
}
