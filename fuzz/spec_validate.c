/*
 * spec_validate.c — see spec_validate.h. Each check cites its step of spec/format.md §6.
 * Sums that could wrap are written as differences, so every comparison is the mathematical one.
 */
#include <stdbool.h>
#include <string.h>

#include "bytes.h"
#include "galp_internal.h"
#include "spec_validate.h"

static bool is_alp(unsigned scheme)
{
    return scheme == GALP_SCHEME_ALP || scheme == GALP_SCHEME_GALP;
}

/* spec/fastlanes.md: RLE and DICT, whose exception_count is the size of a table. */
static bool is_table(unsigned scheme)
{
    return scheme == GALP_SCHEME_RLE || scheme == GALP_SCHEME_DICT;
}

/* spec/fastlanes.md §8: RUNS (code 12), run lengths and run values. */
static bool is_runs(unsigned scheme)
{
    return scheme == 12;
}

/* spec/tile.md: GPU-FOR, GPU-DFOR, GPU-RFOR (codes 8, 9, 10). */
static bool is_tile(unsigned scheme)
{
    return scheme >= 8 && scheme <= 10;
}

/* §2 table: RAW and DICT for every type, FFOR, DELTA, RLE and RUNS for integers, ALP, GALP
 * and ALP_RD for floats, the tile schemes for u32. */
static bool scheme_allowed(unsigned type, unsigned scheme)
{
    bool is_float = type == GALP_TYPE_F32 || type == GALP_TYPE_F64;
    if (scheme == GALP_SCHEME_RAW || scheme == GALP_SCHEME_DICT)
        return true;
    if (is_tile(scheme))
        return type == GALP_TYPE_U32;
    return is_float ? is_alp(scheme) || scheme == GALP_SCHEME_ALP_RD
                    : scheme == GALP_SCHEME_FFOR || scheme == GALP_SCHEME_DELTA ||
                          scheme == GALP_SCHEME_RLE || is_runs(scheme);
}

/* §2: a vector uses the column scheme, RAW, or a companion: ALP_RD in an ALP or GALP column
 * (spec/alprd.md), DELTA, RLE, DICT or RUNS in a FFOR column (spec/fastlanes.md). */
static bool vector_allowed(unsigned column_scheme, unsigned scheme)
{
    return scheme == column_scheme || scheme == GALP_SCHEME_RAW ||
           (scheme == GALP_SCHEME_ALP_RD && is_alp(column_scheme)) ||
           (column_scheme == GALP_SCHEME_FFOR &&
            (scheme == GALP_SCHEME_DELTA || is_table(scheme) || is_runs(scheme)));
}

/* spec/alprd.md §5 rules 1 and 4: the 2^k addressable dictionary entries and the c exception
 * left parts fit in W − r bits, the other dictionary entries are 0. */
static bool alprd_left_parts(const uint8_t *payload, const uint8_t *lefts, unsigned left_width,
                             unsigned k, unsigned c, bool dictionary)
{
    if (dictionary) {
        for (unsigned e = 0; e < 8; e++) {
            unsigned entry = galp_load_u16(payload + 2 * e);
            if (e < (1u << k) ? entry >> left_width != 0 : entry != 0)
                return false;
        }
        return true;
    }
    for (unsigned j = 0; j < c; j++)
        if (galp_load_u16(lefts + 2 * j) >> left_width != 0)
            return false;
    return true;
}

/* The b-bit field of FFOR slot i in W-bit words at `packed` (spec/ffor.md §4), bit by bit. */
static uint64_t ffor_field(const uint8_t *packed, unsigned w, unsigned b, unsigned i)
{
    const unsigned lanes = 1024 / w, first = (i / lanes) * b;
    uint64_t d = 0;
    for (unsigned k = 0; k < b; k++) {
        const unsigned j = first + k;
        const uint8_t *word = packed + (size_t)((j / w) * lanes + i % lanes) * (w / 8);
        d |= (uint64_t)(word[(j % w) / 8] >> (j % 8) & 1u) << k;
    }
    return d;
}

/* spec/fastlanes.md §3.2, §4.2: the run index (RLE: the 16-bit transposed chain of lane p/16,
 * base 0, steps of s bits) or the code (DICT: 16-bit FFOR slot p) of every position below m is
 * below c. */
static galp_status table_indexes(const uint8_t *payload, unsigned scheme, unsigned c, unsigned m)
{
    unsigned code_bits = 0;
    while ((c - 1) >> code_bits != 0)
        code_bits++;
    const unsigned s = c > 1;
    for (unsigned p = 0; p < m; p++) {
        uint64_t index;
        if (scheme == GALP_SCHEME_DICT) {
            index = ffor_field(payload, 16, code_bits, p);
        } else {
            index = galp_load_u16(payload + 2 * (p / 16));
            for (unsigned r = 0; r <= p % 16; r++)
                index += ffor_field(payload + 128, 16, s, r * 64 + p / 16);
            index &= 0xffffu;
        }
        if (index >= c)
            return GALP_ERR_DICT_CODE;
    }
    return GALP_OK;
}

/* spec/fastlanes.md §8.2: the c lengths of k bits (bit t of the string is bit t mod 8 of byte
 * t div 8 of the little-endian u32 words), each plus one, add up to m. */
static galp_status runs_lengths(const uint8_t *payload, unsigned c, unsigned k, uint32_t m)
{
    uint64_t covered = 0;
    for (uint64_t j = 0; j < c; j++) {
        uint64_t length = 1;
        for (unsigned i = 0; i < k; i++) {
            const uint64_t t = j * k + i;
            length += (uint64_t)(payload[t / 8] >> (t % 8) & 1u) << i;
        }
        covered += length;
    }
    return covered == m ? GALP_OK : GALP_ERR_RUN_LENGTHS;
}

/* spec/tile.md §6, GPU-FOR (scheme 8) and GPU-DFOR (9): the blocks walked from offset 0 or 4. */
static galp_status tile_blocks(const uint8_t *p, uint32_t size, unsigned scheme, unsigned b,
                               uint32_t m)
{
    uint32_t at = scheme == 9 ? 4 : 0;
    unsigned widest = 0;
    for (uint32_t k = 0; k < (m + 127) / 128; k++) {
        if (size - at < 8)                                                    /* 1 */
            return GALP_ERR_PAYLOAD_SIZE;
        uint32_t words = 0;
        for (unsigned j = 0; j < 4; j++) {
            if (p[at + 4 + j] > 32)                                           /* 2 */
                return GALP_ERR_BIT_WIDTH;
            words += p[at + 4 + j];
            widest = p[at + 4 + j] > widest ? p[at + 4 + j] : widest;
        }
        if (size - at - 8 < 4 * words)                                        /* 3 */
            return GALP_ERR_PAYLOAD_SIZE;
        at += 8 + 4 * words;
    }
    if (at != size)                                                           /* 4 */
        return GALP_ERR_PAYLOAD_SIZE;
    return widest == b ? GALP_OK : GALP_ERR_BIT_WIDTH;                        /* 5 */
}

/* Offset j of a spec/tile.md §2 run of width b at p, assembled bit by bit. */
static uint32_t tile_offset(const uint8_t *p, unsigned b, uint32_t j)
{
    uint32_t d = 0;
    for (unsigned t = 0; t < b; t++) {
        uint64_t bit = (uint64_t)j * b + t;
        d |= (uint32_t)(p[bit / 8] >> (bit % 8) & 1u) << t;
    }
    return d;
}

/* spec/tile.md §6, GPU-RFOR, steps 1–6. */
static galp_status tile_runs(const uint8_t *p, uint32_t size, unsigned b, uint32_t m)
{
    const uint32_t c = galp_load_u32(p), length_ref = galp_load_u32(p + 8);
    const unsigned bv = p[12], bl = p[13];
    if (p[14] != 0 || p[15] != 0)                                             /* 1 */
        return GALP_ERR_RESERVED;
    if (bv > 32 || bl > 32)                                                   /* 2 */
        return GALP_ERR_BIT_WIDTH;
    if (c == 0 || c > m)                                                      /* 3 */
        return GALP_ERR_RUN_LENGTHS;
    const uint64_t value_words = ((uint64_t)c * bv + 31) / 32;
    if (size != 16 + 4 * value_words + 4 * (((uint64_t)c * bl + 31) / 32))    /* 4 */
        return GALP_ERR_PAYLOAD_SIZE;
    if ((bv > bl ? bv : bl) != b)                                             /* 5 */
        return GALP_ERR_BIT_WIDTH;
    uint64_t covered = 0;                                                     /* 6 */
    for (uint32_t r = 0; r < c; r++) {
        uint32_t length = length_ref + tile_offset(p + 16 + 4 * value_words, bl, r);
        if (length == 0 || length > m - covered)
            return GALP_ERR_RUN_LENGTHS;
        covered += length;
    }
    return covered == m ? GALP_OK : GALP_ERR_RUN_LENGTHS;
}

/* spec/alp.md §5: positions strictly ascending and below m. */
static galp_status alp_positions(const uint8_t *positions, unsigned c, unsigned m)
{
    for (unsigned j = 0; j < c; j++) {
        unsigned p = galp_load_u16(positions + 2 * j);
        if (p >= m || (j > 0 && p <= galp_load_u16(positions + 2 * (j - 1))))
            return GALP_ERR_EXCEPTION_POSITION;
    }
    return GALP_OK;
}

/* spec/ffor.md §8.4 step 3: patch j's position strictly above patch j − 1's and below m, then its
 * high bits 1 … 2^(W−b) − 1; the c values (W/8 bytes each) come first, then the positions. */
static galp_status ffor_patches(const uint8_t *values, unsigned c, unsigned w, unsigned b, unsigned m)
{
    const uint8_t *positions = values + (size_t)c * (w / 8);
    for (unsigned j = 0; j < c; j++) {
        const unsigned p = galp_load_u16(positions + 2 * j);
        if (p >= m || (j > 0 && p <= galp_load_u16(positions + 2 * (j - 1))))
            return GALP_ERR_EXCEPTION_POSITION;
        const uint64_t high = galp_load_le(w / 8, values + (size_t)j * (w / 8));
        if (high == 0 || (w - b < 64 && high >> (w - b) != 0))
            return GALP_ERR_PATCH_VALUE;
    }
    return GALP_OK;
}

/* Lane end l of a table of `eb`-byte entries (spec/galp.md §1, §1.2). */
static unsigned end_of(const uint8_t *lane_end, unsigned eb, unsigned l)
{
    return (unsigned)galp_load_le(eb, lane_end + eb * l);
}

/* spec/galp.md §4, in the order it lists the rules: lane ends, lane capacities, positions. */
static galp_status galp_lanes(const uint8_t *lane_end, unsigned eb, const uint8_t *positions,
                              unsigned lanes, unsigned c, unsigned m)
{
    for (unsigned l = 1; l < lanes; l++)
        if (end_of(lane_end, eb, l) < end_of(lane_end, eb, l - 1))
            return GALP_ERR_EXCEPTION_COUNT;
    if (end_of(lane_end, eb, lanes - 1) != c)
        return GALP_ERR_EXCEPTION_COUNT;
    for (unsigned l = 0; l < lanes; l++) {
        unsigned start = l == 0 ? 0 : end_of(lane_end, eb, l - 1);
        unsigned slots = 0;
        for (unsigned i = l; i < m; i += lanes)
            slots++;
        if (end_of(lane_end, eb, l) - start > slots)
            return GALP_ERR_EXCEPTION_COUNT;
    }
    for (unsigned l = 0; l < lanes; l++) {
        unsigned start = l == 0 ? 0 : end_of(lane_end, eb, l - 1);
        unsigned end = end_of(lane_end, eb, l);
        for (unsigned j = start; j < end; j++) {
            unsigned p = galp_load_u16(positions + 2 * j);
            if (p % lanes != l || p >= m || (j > start && p <= galp_load_u16(positions + 2 * (j - 1))))
                return GALP_ERR_EXCEPTION_POSITION;
        }
    }
    return GALP_OK;
}

/* Step 10.1–10.10 for one entry; *floor is where the next payload may start (§4). `sums`:
 * header flag bit 0, payload checksums (§3.4); `compact`: bit 1, G-ALP vectors without
 * exceptions have no lane table (spec/galp.md §1.1); `narrow`: bit 2, lane ends of vectors with
 * 1 … 255 exceptions are u8 (spec/galp.md §1.2); `dict`: bit 3, ALP_RD dictionaries that fit
 * in 64 bits are in base (spec/alprd.md §3.1); `packed`: bit 4, DELTA lane bases are a base of
 * the bases and L fields of `exponent` bits, the plain 128 bytes when it is W
 * (spec/fastlanes.md §2.3); `delta_runs` and `offset_runs`: bits 5 and 10, RUNS factors 1
 * and 2 (spec/fastlanes.md §8.5, §8.6); `patched`: bit 9, a FFOR vector's exception_count
 * counts patches after its packed words (spec/ffor.md §8). */
static galp_status check_vector(const uint8_t *data, const uint8_t *e, unsigned column_scheme,
                                bool sums, bool compact, bool narrow, bool dict, bool packed,
                                bool delta_runs, bool offset_runs, bool patched, unsigned w, uint32_t m,
                                uint64_t payload_end, uint64_t *floor, uint64_t *end)
{
    const unsigned scheme = e[22], b = e[23], exponent = e[24], factor = e[25];
    const unsigned max_e = w == 64 ? 18 : 10, lanes = 1024 / w;
    const uint64_t base = galp_load_u64(e + 8), offset = galp_load_u64(e);
    const uint32_t size = galp_load_u32(e + 16);
    const unsigned c = galp_load_u16(e + 20);
    const bool raw = scheme == GALP_SCHEME_RAW, alp = is_alp(scheme), tile = is_tile(scheme);
    const bool rd = scheme == GALP_SCHEME_ALP_RD; /* spec/alprd.md */
    const bool packed_delta = scheme == GALP_SCHEME_DELTA && packed; /* spec/fastlanes.md §2.3 */
    const bool runs = is_runs(scheme);            /* spec/fastlanes.md §8 */
    const bool patches = scheme == GALP_SCHEME_FFOR && patched; /* spec/ffor.md §8 */
    const bool lane_table = scheme == GALP_SCHEME_GALP && !(compact && c == 0);
    const unsigned eb = narrow && c >= 1 && c <= 255 ? 1 : 2; /* bytes per lane end */
    if (!vector_allowed(column_scheme, scheme))                               /* 10.1, §2 */
        return GALP_ERR_BAD_SCHEME;
    for (unsigned i = 26; i < (sums ? 28u : 32u); i++)                        /* 10.2 */
        if (e[i] != 0)
            return GALP_ERR_RESERVED;
    if (b > w || (raw && b != 0) || (rd && (b + 16 < w || b == w)))           /* 10.3 */
        return GALP_ERR_BIT_WIDTH;
    /* spec/alprd.md §3.1: 2^k entries of W − r bits (1 … 16 after 10.3) in base when k <= 3,
     * they fill at most 64 bits and bit 3 is set; the bits above them zero. */
    const unsigned dict_bits = rd && exponent <= 3 ? (w - b) << exponent : 65;
    const bool in_entry = rd && dict && dict_bits <= 64;
    if (rd ? (in_entry ? dict_bits < 64 && base >> dict_bits != 0 : base != 0) /* 10.4 */
           : (w < 64 && base >> w != 0) || ((raw || tile) && base != 0))
        return GALP_ERR_BASE;
    const unsigned head = in_entry ? 0u : 16u; /* the dictionary at the payload's head */
    if (alp ? factor > exponent || exponent > max_e
            : rd             ? exponent > 3 || factor != 0
            : packed_delta   ? exponent > w || factor != 0
            : runs           ? exponent > 10 || (factor != 0 && !(factor == 1 && delta_runs) &&
                                                    !(factor == 2 && offset_runs)) /* §8.5, §8.6 */
                             : exponent != 0 || factor != 0) /* 10.5 */
        return GALP_ERR_EXPONENT;
    if (is_table(scheme) || runs ? c == 0 || c > m
        : alp || rd              ? c > m
        : patches                ? c > (b < w ? m : 0u)
                                 : c != 0) /* 10.6 */
        return GALP_ERR_EXCEPTION_COUNT;
    uint64_t implied = raw ? (uint64_t)m * (w / 8) : 128u * (uint64_t)b;      /* 10.7, §4 */
    if (alp || patches)
        implied += (uint64_t)c * (w / 8 + 2) + (lane_table ? eb * lanes : 0);
    if (rd) /* dictionary, codes of `exponent` bits, lane ends if c > 0, left parts, positions */
        implied += head + 128u * exponent + (c > 0 ? eb * lanes : 0) + 4u * (uint64_t)c;
    if (scheme == GALP_SCHEME_DELTA) /* the lane bases: B and L fields of c < W bits, or 128 */
        implied += packed_delta && exponent < w
                       ? ((1u + (lanes * exponent + w - 1) / w) * (w / 8) + 15) / 16 * 16
                       : 128;
    if (is_table(scheme)) { /* spec/fastlanes.md §1: 128·ceil(ceil(c/L)·b/W) after the index */
        unsigned code_bits = 0;
        while ((c - 1) >> code_bits != 0)
            code_bits++;
        const uint64_t index_bytes =
            scheme == GALP_SCHEME_RLE ? 128u + 128u * (c > 1) : 128u * code_bits;
        implied = index_bytes + 128u * ((((uint64_t)c + lanes - 1) / lanes * b + w - 1) / w);
    }
    if (runs) /* spec/fastlanes.md §8.1: two packed runs of u32 words */
        implied = 4u * (((uint64_t)c * exponent + 31) / 32) + 4u * (((uint64_t)c * b + 31) / 32);
    const uint32_t blocks = (m + 127) / 128, dfor = scheme == 9 ? 4 : 0;     /* tile §6 */
    const uint64_t low = scheme == 10 ? 16 : dfor + 8u * blocks;
    const uint64_t high = scheme == 10 ? 16 + 8u * (uint64_t)m : dfor + 520u * blocks;
    if (tile ? size % 4 != 0 || size < low || size > high : size != implied)
        return GALP_ERR_PAYLOAD_SIZE;
    if (offset % 16 != 0 || offset < *floor || offset > payload_end ||       /* 10.8, §4 */
        size > payload_end - offset)
        return GALP_ERR_PAYLOAD_OFFSET;
    *end = offset + size;
    *floor = (*end + 15) / 16 * 16;
    if (sums && galp_crc32c(0, data + offset, size) != galp_load_u32(e + 28)) /* 10.9 */
        return GALP_ERR_PAYLOAD_CHECKSUM;
    if (rd) {                                                                 /* 10.10 */
        const uint8_t *payload = data + offset, *lane_end = payload + head + 128u * (b + exponent);
        const uint8_t *lefts = lane_end + (c > 0 ? eb * lanes : 0);
        /* a dictionary in base has W − r bits per entry and no unused entries: nothing to check */
        if (!in_entry && !alprd_left_parts(payload, lefts, w - b, exponent, c, true))
            return GALP_ERR_LEFT_PART;
        if (c > 0) {
            galp_status st = galp_lanes(lane_end, eb, lefts + 2u * c, lanes, c, m);
            if (st != GALP_OK)
                return st;
        }
        return alprd_left_parts(payload, lefts, w - b, exponent, c, false) ? GALP_OK
                                                                          : GALP_ERR_LEFT_PART;
    }
    if (is_table(scheme))                                                     /* 10.10 */
        return table_indexes(data + offset, scheme, c, m);
    if (runs)                                                                 /* 10.10 */
        return runs_lengths(data + offset, c, exponent, m);
    if (tile)                                                                 /* 10.10 */
        return scheme == 10 ? tile_runs(data + offset, size, b, m)
                            : tile_blocks(data + offset, size, scheme, b, m);
    if (patches)                                                              /* 10.10 */
        return ffor_patches(data + offset + 128u * b, c, w, b, m);
    if (!alp || (scheme == GALP_SCHEME_GALP && !lane_table))
        return GALP_OK;
    const uint8_t *section = data + offset + 128u * b;
    if (scheme == GALP_SCHEME_ALP)
        return alp_positions(section + (size_t)c * (w / 8), c, m);
    return galp_lanes(section, eb, section + eb * lanes + (size_t)c * (w / 8), lanes, c, m);
}

/* ---- str columns (spec/fsst.md §6) ------------------------------------------------ */

/* The column's symbol table: each symbol's plain descriptor (spec/fsst.md §3), its length
 * and terminal flag, whichever form the file stores. */
typedef struct str_table {
    unsigned k;
    uint8_t desc[255];
} str_table;

/* spec/fsst.md §6, the table steps; `compact`: header flag bit 6 (§3.1); *start is P0 (§2),
 * rounded to `align`: 16, or 4 for lean vectors (§5.1). */
static galp_status str_table_check(const uint8_t *d, bool compact, unsigned align,
                                   uint64_t payload_offset, uint64_t payload_end, str_table *t,
                                   uint64_t *start)
{
    const uint64_t room = payload_end - payload_offset;
    if (room < 8)
        return GALP_ERR_LAYOUT;
    const uint8_t *table = d + payload_offset;
    const uint32_t k = galp_load_u32(table);
    if (k > 255)
        return GALP_ERR_SYMBOL_TABLE;
    if (8 + (uint64_t)k > room)
        return GALP_ERR_LAYOUT;
    uint64_t size = 8 + (uint64_t)k;
    for (unsigned c = 0; c < k; c++)
        size += table[8 + c] & 15u;
    if (size > room)
        return GALP_ERR_LAYOUT;
    if (galp_crc32c(0, table + 8, (size_t)size - 8) != galp_load_u32(table + 4))
        return GALP_ERR_CHECKSUM;
    for (unsigned c = 0; c < k; c++) {
        /* §3.1: bits 4–6 the bytes shared with the symbol before, at most its length */
        const unsigned x = table[8 + c], shared = (x >> 4) & 7u, len = shared + (x & 15u);
        if ((compact ? shared > (c > 0 ? (t->desc[c - 1] & 15u) : 0u) : shared != 0) ||
            len > 8 || (len == 0 && (x & 0x80u) == 0))
            return GALP_ERR_SYMBOL_TABLE;
        t->desc[c] = (uint8_t)((x & 0x80u) | len);
    }
    t->k = k;
    *start = (payload_offset + size + align - 1) / align * align;
    return GALP_OK;
}

/* One string from code q of a piece ending at `limit` (spec/fsst.md §5 steps 1–2); adds its
 * bytes to *out. */
static galp_status str_string(const str_table *t, const uint8_t *codes, uint64_t limit,
                              uint32_t fixed, uint64_t *q, uint64_t *out)
{
    if (fixed != 0 && *q < limit && codes[*q] < t->k && t->desc[codes[*q]] == 0x80u) {
        ++*q;
        fixed = 0;
    }
    uint64_t n = 0;
    while (fixed == 0 || n != fixed) {
        if (*q >= limit)
            return GALP_ERR_PIECE;
        const unsigned x = codes[*q];
        if (x == 255) {
            if (*q + 1 >= limit)
                return GALP_ERR_ESCAPE;
            n++;
            *q += 2;
            continue;
        }
        const bool terminal = x < t->k && (t->desc[x] & 0x80u) != 0;
        if (x >= t->k || (fixed != 0 && terminal))
            return GALP_ERR_CODE;
        const unsigned len = t->desc[x] & 15u;
        if (fixed != 0 && n + len > fixed)
            return GALP_ERR_STRING_OFFSET;
        n += len;
        ++*q;
        if (terminal)
            break;
    }
    *out += n;
    return GALP_OK;
}

/* Field k (0: s_j, 1: c_j, 2: o_j) of piece j's entry in the directory `dir`, where piece 0's
 * entry is stored, or in a lean head (spec/fsst.md §5.1) 0 and not stored. */
static uint32_t str_entry(const uint8_t *dir, bool lean, uint32_t j, unsigned k)
{
    if (lean && j == 0)
        return 0;
    return galp_load_u32(dir + 12 * (size_t)(lean ? j - 1 : j) + 4 * k);
}

/* spec/fsst.md §6 step 10.10 for one vector whose payload lies at p (size bytes); `lean`:
 * header flag bit 8, with which `count` (the entry's exception_count) is the piece count. */
static galp_status str_payload(const str_table *t, const uint8_t *p, uint32_t size, uint32_t m,
                               uint64_t decoded, bool lean, uint32_t count)
{
    const uint32_t pieces = lean ? count : galp_load_u32(p);
    const uint32_t fixed = galp_load_u32(p + (lean ? 0 : 8));
    if (pieces == 0 || pieces > m)
        return GALP_ERR_PIECE;
    const uint64_t area = lean ? 4 + 12 * ((uint64_t)pieces - 1) : 12 + 12 * (uint64_t)pieces;
    if (lean ? size < area : (uint64_t)size != area + galp_load_u32(p + 4))
        return GALP_ERR_PAYLOAD_SIZE;
    const uint64_t c = size - area;
    const uint8_t *dir = p + (lean ? 4 : 12), *codes = p + area;
    for (uint32_t j = 0; j < pieces; j++) {
        const uint32_t s = str_entry(dir, lean, j, 0), co = str_entry(dir, lean, j, 1);
        const uint32_t oo = str_entry(dir, lean, j, 2);
        if (j == 0 ? s != 0 || co != 0
                   : s <= str_entry(dir, lean, j - 1, 0) || co <= str_entry(dir, lean, j - 1, 1))
            return GALP_ERR_PIECE;
        if (s >= m || co % 4 != 0 || co >= c)
            return GALP_ERR_PIECE;
        if ((j == 0 ? oo != 0 : oo < str_entry(dir, lean, j - 1, 2)) || oo > decoded)
            return GALP_ERR_STRING_OFFSET;
    }
    for (uint32_t j = 0; j < pieces; j++) {
        const bool last = j + 1 == pieces;
        const uint32_t first = str_entry(dir, lean, j, 0);
        const uint32_t end = last ? m : str_entry(dir, lean, j + 1, 0);
        const uint64_t limit = last ? c : str_entry(dir, lean, j + 1, 1);
        const uint64_t out_begin = str_entry(dir, lean, j, 2);
        const uint64_t out_end = last ? decoded : str_entry(dir, lean, j + 1, 2);
        uint64_t q = str_entry(dir, lean, j, 1), out = 0;
        for (uint32_t i = first; i < end; i++) {
            galp_status st = str_string(t, codes, limit, fixed, &q, &out);
            if (st != GALP_OK)
                return st;
        }
        if (out != out_end - out_begin)
            return GALP_ERR_STRING_OFFSET;
        if (limit != (last ? q : (q + 3) / 4 * 4))
            return GALP_ERR_PIECE;
        for (uint64_t i = q; i < limit; i++)
            if (codes[i] != 0)
                return GALP_ERR_RESERVED;
    }
    return GALP_OK;
}

/* spec/format.md §6 step 10 as spec/fsst.md §6 changes it, for every vector, then step 11. */
static galp_status str_vectors(const uint8_t *d, uint64_t n, uint32_t nv, bool sums, bool compact,
                               bool lean, uint64_t payload_offset, uint64_t payload_end)
{
    str_table t;
    uint64_t floor, end, previous = 0;
    const unsigned align = lean ? 4 : 16; /* spec/fsst.md §5.1 */
    galp_status st = str_table_check(d, compact, align, payload_offset, payload_end, &t, &floor);
    if (st != GALP_OK)
        return st;
    end = floor;
    for (uint32_t v = 0; v < nv; v++) {
        const uint8_t *e = d + 64 + 32 * (size_t)v;
        const uint64_t left = n - (uint64_t)v * 1024, base = galp_load_u64(e + 8);
        const uint32_t m = left < 1024 ? (uint32_t)left : 1024, size = galp_load_u32(e + 16);
        const uint64_t offset = galp_load_u64(e);
        if (e[22] != GALP_SCHEME_FSST)                                        /* 10.1 */
            return GALP_ERR_BAD_SCHEME;
        for (unsigned i = 26; i < (sums ? 28u : 32u); i++)                    /* 10.2 */
            if (e[i] != 0)
                return GALP_ERR_RESERVED;
        if (e[23] != 0)                                                       /* 10.3 */
            return GALP_ERR_BIT_WIDTH;
        if (e[24] != 0 || e[25] != 0)                                         /* 10.5 */
            return GALP_ERR_EXPONENT;
        if (!lean && galp_load_u16(e + 20) != 0)                              /* 10.6 */
            return GALP_ERR_EXCEPTION_COUNT;
        if (size < (lean ? 4u : 12u))                                         /* 10.7 */
            return GALP_ERR_PAYLOAD_SIZE;
        if (offset % align != 0 || offset < floor || offset > payload_end ||  /* 10.8 */
            size > payload_end - offset)
            return GALP_ERR_PAYLOAD_OFFSET;
        end = offset + size;
        floor = (end + align - 1) / align * align;
        if (sums && galp_crc32c(0, d + offset, size) != galp_load_u32(e + 28)) /* 10.9 */
            return GALP_ERR_PAYLOAD_CHECKSUM;
        if (base < previous || base - previous > UINT32_MAX)                  /* 10.10 */
            return GALP_ERR_STRING_OFFSET;
        st = str_payload(&t, d + offset, size, m, base - previous, lean, galp_load_u16(e + 20));
        if (st != GALP_OK)
            return st;
        previous = base;
    }
    if ((end + 15) / 16 * 16 != payload_end)                                  /* 11 */
        return GALP_ERR_LAYOUT;
    return GALP_OK;
}

galp_status fuzz_spec_validate(const uint8_t *d, size_t size)
{
    if (size < 64)                                                            /* 1 */
        return GALP_ERR_TRUNCATED;
    if (memcmp(d, "GALP", 4) != 0)                                            /* 2 */
        return GALP_ERR_BAD_MAGIC;
    if (d[4] != 1)                                                            /* 3 */
        return GALP_ERR_VERSION;
    const uint64_t n = galp_load_u64(d + 8);                                  /* 4 */
    const uint32_t nv = galp_load_u32(d + 16);
    if (n > (uint64_t)1024 * UINT32_MAX || nv != n / 1024 + (n % 1024 != 0))
        return GALP_ERR_COUNT_MISMATCH;
    const uint64_t payload_offset = galp_load_u64(d + 32);                    /* 5, §3.2 */
    const uint64_t payload_end = galp_load_u64(d + 40), file_size = galp_load_u64(d + 48);
    if (galp_load_u64(d + 24) != 64 || payload_offset != 64 + 32 * (uint64_t)nv ||
        payload_end % 16 != 0 || payload_end < payload_offset || file_size < 256 ||
        file_size - 256 != payload_end)
        return GALP_ERR_LAYOUT;
    if (size < file_size)                                                     /* 6 */
        return GALP_ERR_TRUNCATED;
    uint32_t crc = galp_crc32c(0, d, 60);                                     /* 7, §3.4 */
    crc = galp_crc32c(crc, d + 64, 32 * (size_t)nv);
    if (crc != galp_load_u32(d + 60))
        return GALP_ERR_CHECKSUM;
    const unsigned type = d[6], scheme = d[7];                                /* 8 */
    if (type < GALP_TYPE_U8 || type > GALP_TYPE_STR)
        return GALP_ERR_BAD_TYPE;
    if (type == GALP_TYPE_STR ? scheme != GALP_SCHEME_FSST : !scheme_allowed(type, scheme))
        return GALP_ERR_BAD_SCHEME;
    const uint32_t flags = galp_load_u32(d + 20);                             /* 9 */
    /* bit 1: G-ALP only; bits 2 and 3: columns that may hold G-ALP or ALP_RD vectors (ALP,
     * G-ALP, ALP_RD); bit 4: columns that may hold DELTA vectors (FFOR, DELTA); bits 5 and 10:
     * columns that may hold RUNS vectors (FFOR, RUNS); bit 9: FFOR columns (patched FFOR
     * vectors) */
    const uint32_t known = 1u | (scheme == GALP_SCHEME_GALP ? 2u : 0u) |
                           (scheme == GALP_SCHEME_ALP || scheme == GALP_SCHEME_GALP ||
                                    scheme == GALP_SCHEME_ALP_RD
                                ? 4u | 8u
                                : 0u) |
                           (scheme == GALP_SCHEME_FFOR || scheme == GALP_SCHEME_DELTA ? 16u : 0u) |
                           (scheme == GALP_SCHEME_FFOR || scheme == GALP_SCHEME_RUNS ? 32u | 1024u : 0u) |
                           (type == GALP_TYPE_STR ? 64u | 256u : 0u) | /* bits 6, 8: STR only */
                           (scheme == GALP_SCHEME_FFOR ? 512u : 0u);
    if ((flags & ~known) != 0 || galp_load_u32(d + 56) != 0)
        return GALP_ERR_RESERVED;
    if (type == GALP_TYPE_STR)
        return str_vectors(d, n, nv, (flags & 1u) != 0, (flags & 64u) != 0, (flags & 256u) != 0,
                           payload_offset, payload_end);
    static const unsigned width[] = {0, 8, 16, 32, 64, 32, 64}; /* §3.1 value_type → W */
    const unsigned w = width[type];
    uint64_t floor = payload_offset, end = payload_offset;
    for (uint32_t v = 0; v < nv; v++) {                                       /* 10 */
        uint64_t left = n - (uint64_t)v * 1024;
        uint32_t m = left < 1024 ? (uint32_t)left : 1024;
        galp_status st = check_vector(d, d + 64 + 32 * (size_t)v, scheme, (flags & 1u) != 0,
                                      (flags & 2u) != 0, (flags & 4u) != 0, (flags & 8u) != 0,
                                      (flags & 16u) != 0, (flags & 32u) != 0, (flags & 1024u) != 0,
                                      (flags & 512u) != 0, w, m,
                                      payload_end,
                                      &floor, &end);
        if (st != GALP_OK)
            return st;
    }
    if ((end + 15) / 16 * 16 != payload_end)                                  /* 11 */
        return GALP_ERR_LAYOUT;
    return GALP_OK;
}
