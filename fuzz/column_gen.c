/*
 * column_gen.c — see column_gen.h. Spec sections are cited where each rule is applied.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <galp/layout.h>

#include "alp_constants.h"
#include "bytes.h"
#include "column_gen.h"
#include "fuzz_require.h"
#include "galp_internal.h"

/* Largest payload of any scheme: 64 packed words per lane, 16 lane ends, 1024 exceptions. */
#define MAX_PAYLOAD (128u * 64u + 2u * 16u + GALP_VECTOR_SIZE * (8u + 2u))

/* One vector before placement: its metadata and payload bytes. */
typedef struct vector_plan {
    galp_vector_info info;
    uint8_t payload[MAX_PAYLOAD];
} vector_plan;

static void *checked_malloc(size_t size)
{
    void *p = malloc(size ? size : 1);
    FUZZ_REQUIRE(p != NULL, "out of memory for %zu bytes", size);
    return p;
}

static uint64_t low_mask(unsigned bits)
{
    return bits >= 64 ? UINT64_MAX : ((uint64_t)1 << bits) - 1u;
}

static uint64_t round16(uint64_t x)
{
    return (x + 15u) & ~(uint64_t)15u;
}

/* spec/ffor.md, written bit by bit so that it shares nothing with the codec's word-at-a-time
 * packer: slot i is row i / L of lane i mod L; bit j of its delta is bit r·b + j of the lane's
 * stream, which is bit (r·b + j) mod W of word ((r·b + j) div W)·L + lane, little-endian. */
static void pack_bits(unsigned w, unsigned b, const uint64_t delta[GALP_VECTOR_SIZE],
                      uint8_t *packed)
{
    const unsigned lanes = GALP_VECTOR_SIZE / w;
    memset(packed, 0, 128u * b);
    for (unsigned i = 0; i < GALP_VECTOR_SIZE; i++) {
        unsigned lane = i % lanes, row = i / lanes;
        for (unsigned j = 0; j < b; j++) {
            if (!(delta[i] >> j & 1u))
                continue;
            unsigned p = row * b + j;
            size_t word = (size_t)(p / w) * lanes + lane;
            unsigned bit = p % w;
            packed[word * (w / 8) + bit / 8] |= (uint8_t)(1u << (bit % 8));
        }
    }
}

/* spec/alp.md §4 steps 2–4, one operation per statement (the fuzz sources are compiled with
 * -ffp-contract=off as well). */
static uint64_t alp_value(unsigned w, uint64_t u, unsigned e, unsigned f)
{
    if (w == 64) {
        uint64_t k = u * galp_alp_fact64[f];
        int64_t s = k <= (uint64_t)INT64_MAX ? (int64_t)k : -(int64_t)~k - 1;
        double frac, x = (double)s;
        memcpy(&frac, &galp_alp_frac64_bits[e], sizeof frac);
        x = x * frac;
        uint64_t bits;
        memcpy(&bits, &x, sizeof bits);
        return bits;
    }
    uint32_t k = (uint32_t)u * galp_alp_fact32[f];
    int32_t s = k <= (uint32_t)INT32_MAX ? (int32_t)k : -(int32_t)~k - 1;
    float frac, x = (float)s;
    memcpy(&frac, &galp_alp_frac32_bits[e], sizeof frac);
    x = x * frac;
    uint32_t bits;
    memcpy(&bits, &x, sizeof bits);
    return bits;
}

/* An exception value: mostly arbitrary bit patterns, often the special values that ALP can
 * never encode (NaNs with payloads, infinities, negative zero, subnormals). */
static uint64_t exception_value(byte_source *src, unsigned w)
{
    static const uint64_t special64[] = {
        0x7ff8000000000000u, 0xfff0000000000001u, 0x7ff0000000000000u, 0xfff0000000000000u,
        0x8000000000000000u, 0x0000000000000001u, 0x7fefffffffffffffu, 0x7ff4000000dead00u,
    };
    static const uint64_t special32[] = {
        0x7fc00000u, 0xff800001u, 0x7f800000u, 0xff800000u,
        0x80000000u, 0x00000001u, 0x7f7fffffu, 0x7fa0beefu,
    };
    unsigned pick = byte_source_u8(src);
    if (pick < 160)
        return byte_source_bits(src, w / 8);
    return w == 64 ? special64[pick % 8] : special32[pick % 8];
}

/* Which of the m slots are exceptions, as an ascending position list; returns the count.
 * Layouts: none, sparse, dense, whole lanes (every slot of a lane, up to the lane capacity of
 * spec/galp.md §4) and every slot. */
static unsigned choose_exceptions(byte_source *src, unsigned w, uint32_t m,
                                  uint16_t positions[GALP_VECTOR_SIZE])
{
    const unsigned lanes = GALP_VECTOR_SIZE / w;
    bool lane_full[GALP_VECTOR_SIZE / 32] = {false};
    unsigned layout = byte_source_below(src, 5), threshold = 0;
    switch (layout) {
    case 0:
        return 0;
    case 1:
        threshold = 1 + byte_source_below(src, 32);
        break;
    case 2:
        threshold = 128;
        break;
    case 3:
        for (unsigned l = 0; l < lanes; l++)
            lane_full[l] = byte_source_below(src, 4) == 0;
        lane_full[byte_source_below(src, lanes)] = true;
        break;
    default:
        threshold = 256;
        break;
    }
    unsigned c = 0;
    for (uint32_t i = 0; i < m; i++) {
        bool exception = layout == 3 ? lane_full[i % lanes] : byte_source_u8(src) < threshold;
        if (exception)
            positions[c++] = (uint16_t)i;
    }
    return c;
}

/* spec/galp.md §1: lane_end[L], then values of `bytes` bytes (W/8; 2 for ALP_RD's left parts,
 * spec/alprd.md §3) and positions grouped by lane, ascending within. */
static void write_galp_exceptions(unsigned w, unsigned bytes, unsigned c,
                                  const uint16_t *positions, const uint64_t *values,
                                  uint8_t *section)
{
    const unsigned lanes = GALP_VECTOR_SIZE / w;
    uint8_t *value_out = section + 2u * lanes;
    uint8_t *position_out = value_out + (size_t)c * bytes;
    unsigned written = 0;
    for (unsigned l = 0; l < lanes; l++) {
        for (unsigned j = 0; j < c; j++) {
            if (positions[j] % lanes != l)
                continue;
            galp_store_le(bytes, value_out + (size_t)written * bytes, values[j]);
            galp_store_u16(position_out + 2u * written, positions[j]);
            written++;
        }
        galp_store_u16(section + 2u * l, (uint16_t)written);
    }
}

/* spec/galp.md §1.2: a G-ALP or ALP_RD vector with 1 … 255 exceptions, its u16 lane ends made
 * u8 in place and the rest of its payload moved down by L bytes. */
static void narrow_lane_ends(unsigned w, vector_plan *plan)
{
    const galp_vector_info *info = &plan->info;
    const unsigned c = info->exception_count, lanes = GALP_VECTOR_SIZE / w;
    if (c == 0 || c > 255 || (info->scheme != GALP_SCHEME_GALP && info->scheme != GALP_SCHEME_ALP_RD))
        return;
    const size_t table = info->scheme == GALP_SCHEME_GALP ? 128u * info->bit_width
                                                          : 16u + 128u * (info->bit_width + info->exponent);
    uint8_t *t = plan->payload + table;
    for (unsigned l = 0; l < lanes; l++) /* entry l moves from 2l to l: never over an unread one */
        t[l] = (uint8_t)galp_load_u16(t + 2u * l);
    memmove(t + lanes, t + 2u * lanes, info->payload_size - table - 2u * lanes);
    plan->info.payload_size -= lanes;
}

/* spec/fastlanes.md §2.3: a DELTA vector's 128 bytes of lane bases (plan_delta's) replaced by
 * a drawn base of the bases B and width c (any B, wrapping included; a head larger than 128
 * bytes keeps the plain bases, with c = W): lane l's base becomes B + ((its base − B) mod
 * 2^c), the values of its lane (those below m, in `out`) move by as much, and the head bytes
 * after the fields, which carry no meaning, are sometimes junk. */
static void packed_lane_bases(byte_source *src, unsigned w, uint32_t m, vector_plan *plan, uint8_t *out)
{
    galp_vector_info *info = &plan->info;
    if (info->scheme != GALP_SCHEME_DELTA)
        return;
    const unsigned lanes = GALP_VECTOR_SIZE / w, c = (unsigned)byte_source_below(src, w + 1);
    const uint64_t base_of_bases = byte_source_u64(src) & low_mask(w);
    const uint32_t head = galp_layout_delta_head_bytes(w, c, GALP_FLAG_PACKED_LANE_BASES);
    /* c = W, or a width whose head would be larger (u64, c = 61 … 63): the plain bases, since
     * the payload was placed at its plain size and may only shrink */
    info->exponent = (uint8_t)(c == w || head > 128u ? w : c);
    if (info->exponent == w)
        return;
    const uint32_t used = (1u + (lanes * c + w - 1u) / w) * (w / 8u);
    uint8_t packed[128] = {0};
    memset(packed + used, byte_source_below(src, 2) == 0 ? 0 : 0xA5, head - used);
    galp_store_le(w / 8, packed, base_of_bases);
    for (unsigned l = 0; l < lanes; l++) {
        const uint64_t old = galp_load_le(w / 8, plan->payload + (size_t)l * (w / 8));
        const uint64_t field = (old - base_of_bases) & low_mask(c);
        for (unsigned i = 0; i < c; i++) { /* bit l·c + i of the words from word 1 */
            const unsigned bit = l * c + i;
            packed[w / 8 + bit / 8] |= (uint8_t)((field >> i & 1u) << (bit % 8));
        }
        const uint64_t shift = base_of_bases + field - old;
        for (unsigned r = 0; r < w && l * w + r < m; r++) {
            uint8_t *x = out + (size_t)(l * w + r) * (w / 8);
            galp_store_le(w / 8, x, (galp_load_le(w / 8, x) + shift) & low_mask(w));
        }
    }
    memmove(plan->payload + head, plan->payload + 128, info->payload_size - 128u);
    memcpy(plan->payload, packed, head);
    info->payload_size = info->payload_size - 128u + head;
}

/* spec/alprd.md §3.1: an ALP_RD vector whose 2^k entries of W − r bits fit in 64 bits, its
 * dictionary packed into base (entry e at bit e·(W − r)) and the rest of its payload moved
 * down over the 16-byte head. */
static void dict_in_entry(unsigned w, vector_plan *plan)
{
    galp_vector_info *info = &plan->info;
    const unsigned width = w - info->bit_width;
    if (info->scheme != GALP_SCHEME_ALP_RD || (width << info->exponent) > 64u)
        return;
    info->base = 0;
    for (unsigned e = 0; e < (1u << info->exponent); e++)
        info->base |= (uint64_t)galp_load_u16(plan->payload + 2u * e) << (e * width);
    memmove(plan->payload, plan->payload + 16, info->payload_size - 16u);
    info->payload_size -= 16u;
}

/* spec/alp.md §2: values then positions, both in position order. */
static void write_alp_exceptions(unsigned w, unsigned c, const uint16_t *positions,
                                 const uint64_t *values, uint8_t *section)
{
    for (unsigned j = 0; j < c; j++) {
        galp_store_le(w / 8, section + (size_t)j * (w / 8), values[j]);
        galp_store_u16(section + (size_t)c * (w / 8) + 2u * j, positions[j]);
    }
}

/* RAW (spec/format.md §4.2): arbitrary bit patterns, stored as they are. */
static void plan_raw(byte_source *src, unsigned w, uint32_t m, vector_plan *plan, uint8_t *out)
{
    for (uint32_t i = 0; i < m; i++) {
        uint64_t x = byte_source_bits(src, w / 8);
        galp_store_le(w / 8, plan->payload + (size_t)i * (w / 8), x);
        galp_store_le(w / 8, out + (size_t)i * (w / 8), x);
    }
    plan->info.payload_size = m * (w / 8);
}

/* The integer part shared by FFOR, ALP and GALP: a bit width, a base in the low W bits and
 * 1024 deltas of b bits (slots >= m get deltas too: they must be ignored, spec/format.md §4.3).
 * Returns the FOR-decoded integers u_i = (delta_i + base) mod 2^W. */
static void plan_integers(byte_source *src, unsigned w, vector_plan *plan,
                          uint64_t u[GALP_VECTOR_SIZE])
{
    const unsigned b = byte_source_below(src, w + 1);
    const uint64_t base = byte_source_u64(src) & low_mask(w);
    uint64_t delta[GALP_VECTOR_SIZE];
    /* Either uniform deltas or deltas near the top of the b-bit range (carries into the base). */
    const bool high = byte_source_below(src, 4) == 0;
    for (unsigned i = 0; i < GALP_VECTOR_SIZE; i++) {
        delta[i] = byte_source_u64(src) & low_mask(b);
        if (high)
            delta[i] |= low_mask(b) & ~(uint64_t)0xff;
        u[i] = (delta[i] + base) & low_mask(w);
    }
    pack_bits(w, b, delta, plan->payload);
    plan->info.bit_width = (uint8_t)b;
    plan->info.base = base;
    plan->info.payload_size = 128u * b;
}

static void plan_ffor(byte_source *src, unsigned w, uint32_t m, vector_plan *plan, uint8_t *out)
{
    uint64_t u[GALP_VECTOR_SIZE];
    plan_integers(src, w, plan, u);
    for (uint32_t i = 0; i < m; i++)
        galp_store_le(w / 8, out + (size_t)i * (w / 8), u[i]);
}

/* DELTA (spec/fastlanes.md §2): random lane bases, base and deltas of b bits; position
 * l·W + r decodes to lane_base[l] + Σ_{k ≤ r} (base + delta of FFOR slot k·L + l), mod 2^W. */
static void plan_delta(byte_source *src, unsigned w, uint32_t m, vector_plan *plan, uint8_t *out)
{
    const unsigned lanes = GALP_VECTOR_SIZE / w;
    uint64_t u[GALP_VECTOR_SIZE];
    /* plan_integers packs at the start of the payload: its words move behind the bases. */
    plan_integers(src, w, plan, u);
    memmove(plan->payload + 128, plan->payload, plan->info.payload_size);
    for (unsigned l = 0; l < lanes; l++) {
        uint64_t x = byte_source_u64(src) & low_mask(w); /* the lane base */
        galp_store_le(w / 8, plan->payload + (size_t)l * (w / 8), x);
        for (unsigned r = 0; r < w; r++) {
            x = (x + u[r * lanes + l]) & low_mask(w); /* u = delta + base */
            if (l * w + r < m)
                galp_store_le(w / 8, out + (size_t)(l * w + r) * (w / 8), x);
        }
    }
    plan->info.payload_size += 128u;
}

/* Bits of x: 0 for 0. */
static unsigned bit_count(uint32_t x)
{
    unsigned bits = 0;
    for (; x != 0; x >>= 1)
        bits++;
    return bits;
}

/* Writes the b-bit entry d (b <= 64) as entry j of the packed run at `words`, leaving the
 * other bits as they are (spec/fastlanes.md §8.1: bit t of the string is bit t mod 8 of byte
 * t div 8). */
static void set_entry(uint8_t *words, unsigned b, uint32_t j, uint64_t d)
{
    for (unsigned i = 0; i < b; i++) {
        const uint64_t t = (uint64_t)j * b + i;
        words[t / 8] = (uint8_t)((words[t / 8] & ~(1u << t % 8)) | (d >> i & 1u) << t % 8);
    }
}

/* RUNS (spec/fastlanes.md §8): runs of 1 … 2^g positions (g drawn, so mostly a few long runs
 * or many short ones) cut to end at m, stored with a length width k of at least what they
 * need, up to 10; values of any width and base, wrapping modulo 2^W, neighbours possibly
 * equal; the bits after each part's entries sometimes junk, which decoders must ignore. */
static void plan_runs(byte_source *src, unsigned w, uint32_t m, vector_plan *plan, uint8_t *out)
{
    const unsigned g = byte_source_below(src, 11);
    uint32_t lengths[GALP_VECTOR_SIZE], c = 0, longest = 1;
    for (uint32_t covered = 0; covered < m; c++) {
        const uint32_t length = 1 + byte_source_below(src, 1u << g);
        lengths[c] = length < m - covered ? length : m - covered;
        covered += lengths[c];
        longest = lengths[c] > longest ? lengths[c] : longest;
    }
    unsigned k = bit_count(longest - 1u);
    k += byte_source_below(src, 11 - k);
    const unsigned b = byte_source_below(src, w + 1);
    const uint64_t base = byte_source_u64(src) & low_mask(w);
    const uint32_t lengths_bytes = 4u * ((c * k + 31u) / 32u);
    const uint32_t size = lengths_bytes + 4u * ((c * b + 31u) / 32u);
    const bool junk = byte_source_below(src, 4) == 0;
    for (uint32_t i = 0; i < size; i++)
        plan->payload[i] = junk ? byte_source_u8(src) : 0;
    for (uint32_t j = 0, p = 0; j < c; j++) {
        const uint64_t d = byte_source_u64(src) & low_mask(b);
        set_entry(plan->payload, k, j, lengths[j] - 1u);
        set_entry(plan->payload + lengths_bytes, b, j, d);
        for (uint32_t i = 0; i < lengths[j]; i++, p++)
            galp_store_le(w / 8, out + (size_t)p * (w / 8), (base + d) & low_mask(w));
    }
    plan->info.base = base;
    plan->info.bit_width = (uint8_t)b;
    plan->info.exponent = (uint8_t)k;
    plan->info.exception_count = (uint16_t)c;
    plan->info.payload_size = size;
}

/* Entry j of width b (<= 64) of the packed run at `words` (set_entry's layout). */
static uint64_t get_entry(const uint8_t *words, unsigned b, uint32_t j)
{
    uint64_t d = 0;
    for (unsigned i = 0; i < b; i++) {
        const uint64_t t = (uint64_t)j * b + i;
        d |= (uint64_t)(words[t / 8] >> t % 8 & 1u) << i;
    }
    return d;
}

/* spec/ffor.md §8: patches on a FFOR vector of width b < W (plan_ffor's): p = 1 … m of its
 * slots below m, in order, apart by drawn gaps (slot 0 now and then, m − 1 when the gaps leave
 * none), each with high bits h of 1 … 2^(W−b) − 1 (often the largest), appended to the
 * payload; slot pos_j of the vector (in `out`) becomes (u + h·2^b) mod 2^W. Returns the bytes
 * the payload grew by. */
static uint32_t patch_ffor(byte_source *src, unsigned w, vector_plan *plan, uint8_t *out)
{
    const unsigned b = plan->info.bit_width, m = plan->info.value_count, room = w - b;
    uint16_t position[GALP_VECTOR_SIZE];
    uint32_t p = 0;
    const unsigned spread = 1 + byte_source_below(src, 128); /* gaps of 1 … spread slots */
    for (unsigned i = byte_source_below(src, 4) == 0 ? 0u : byte_source_below(src, spread); i < m;
         i += 1 + byte_source_below(src, spread))
        position[p++] = (uint16_t)i;
    if (p == 0)
        position[p++] = (uint16_t)(m - 1);
    uint8_t *values = plan->payload + galp_layout_values_offset(GALP_SCHEME_FFOR, w, b, p, 0u);
    uint8_t *positions = plan->payload + galp_layout_positions_offset(GALP_SCHEME_FFOR, w, b, p, 0u);
    for (uint32_t j = 0; j < p; j++) {
        const uint64_t widest = low_mask(room);
        const uint64_t high = byte_source_below(src, 2) ? widest : 1 + byte_source_u64(src) % widest;
        galp_store_le(w / 8, values + (size_t)j * (w / 8), high);
        galp_store_u16(positions + 2u * j, position[j]);
        uint8_t *slot = out + (size_t)position[j] * (w / 8);
        galp_store_le(w / 8, slot, (galp_load_le(w / 8, slot) + (high << b)) & low_mask(w));
    }
    plan->info.exception_count = (uint16_t)p;
    plan->info.payload_size += p * (w / 8 + 2u);
    return p * (w / 8 + 2u);
}

/* spec/fastlanes.md §8.5: a RUNS vector (plan_runs's) read with delta-coded values instead:
 * factor 1, the payload unchanged, each run's value the one before it (the base for run 0)
 * plus its entry zig-zag decoded, modulo 2^W; the values of the vector (in `out`) follow. */
static void delta_run_values(unsigned w, vector_plan *plan, uint8_t *out)
{
    const galp_vector_info *info = &plan->info;
    const unsigned k = info->exponent, b = info->bit_width;
    const uint8_t *values = plan->payload + 4u * ((info->exception_count * k + 31u) / 32u);
    uint64_t x = info->base;
    for (uint32_t j = 0, p = 0; j < info->exception_count; j++) {
        const uint64_t e = get_entry(values, b, j);
        x = (x + ((e >> 1) ^ (0u - (e & 1u)))) & low_mask(w);
        for (uint32_t i = 0; i <= get_entry(plan->payload, k, j); i++, p++)
            galp_store_le(w / 8, out + (size_t)p * (w / 8), x);
    }
    plan->info.factor = 1;
}

/* spec/fastlanes.md §8.6: a RUNS vector (plan_runs's) read with offset-coded values instead:
 * factor 2, the payload unchanged, each run's value the one before it (the base for run 0)
 * plus its entry less entry 0, modulo 2^W; the values of the vector (in `out`) follow. */
static void offset_run_values(unsigned w, vector_plan *plan, uint8_t *out)
{
    const galp_vector_info *info = &plan->info;
    const unsigned k = info->exponent, b = info->bit_width;
    const uint8_t *values = plan->payload + 4u * ((info->exception_count * k + 31u) / 32u);
    const uint64_t offset = get_entry(values, b, 0);
    uint64_t x = info->base;
    for (uint32_t j = 0, p = 0; j < info->exception_count; j++) {
        x = (x + get_entry(values, b, j) - offset) & low_mask(w);
        for (uint32_t i = 0; i <= get_entry(plan->payload, k, j); i++, p++)
            galp_store_le(w / 8, out + (size_t)p * (w / 8), x);
    }
    plan->info.factor = 2;
}

/* RLE and DICT (spec/fastlanes.md §1, §3, §4): a table of c values (mostly few), and an index
 * below c for every position below m: RLE as 16-bit transposed chains of one-bit steps with
 * lane bases that may wrap (0xffff plus a step of 1 is index 0), DICT as 16-bit FFOR codes.
 * Positions m … 1023 get arbitrary indexes, which decoders must ignore. */
static void plan_table(byte_source *src, galp_scheme scheme, unsigned w, uint32_t m,
                       vector_plan *plan, uint8_t *out)
{
    const uint32_t c = 1 + byte_source_below(src, byte_source_below(src, 2) ? m : (m < 8 ? m : 8));
    uint64_t index[GALP_VECTOR_SIZE], field[GALP_VECTOR_SIZE] = {0};
    uint8_t *payload = plan->payload;
    unsigned index_bytes;
    if (scheme == GALP_SCHEME_RLE) {
        const unsigned s = c > 1;
        for (unsigned l = 0; l < 64; l++) {
            const bool live = 16 * l < m, wrap = live && s == 1 && byte_source_below(src, 8) == 0;
            uint32_t x = !live ? (uint32_t)byte_source_bits(src, 2)
                               : wrap ? 0xffffu : byte_source_below(src, c);
            galp_store_u16(payload + 2 * l, (uint16_t)x);
            for (unsigned r = 0; r < 16; r++) {
                const uint32_t p = 16 * l + r;
                unsigned step = s == 1 ? byte_source_below(src, 2) : 0;
                if (wrap && r == 0)
                    step = 1; /* 0xffff + 1 is index 0 */
                else if (p < m && x + step >= c)
                    step = 0; /* indexes of positions below m stay below c */
                x = (x + step) & 0xffffu;
                field[r * 64 + l] = step;
                index[p] = x;
            }
        }
        pack_bits(16, s, field, payload + 128);
        index_bytes = 128u + 128u * s;
    } else {
        const unsigned code_bits = bit_count(c - 1);
        for (uint32_t p = 0; p < GALP_VECTOR_SIZE; p++)
            index[p] = p < m ? byte_source_below(src, c) : byte_source_bits(src, 2) & low_mask(code_bits);
        pack_bits(16, code_bits, index, payload);
        index_bytes = 128u * code_bits;
    }
    /* The table: FFOR slots 0 … c−1, the words of its rows only (spec/fastlanes.md §1). */
    const unsigned b = byte_source_below(src, w + 1), lanes = GALP_VECTOR_SIZE / w;
    const uint64_t base = byte_source_u64(src) & low_mask(w);
    uint64_t delta[GALP_VECTOR_SIZE] = {0};
    for (uint32_t j = 0; j < c; j++)
        delta[j] = byte_source_u64(src) & low_mask(b);
    pack_bits(w, b, delta, payload + index_bytes);
    for (uint32_t p = 0; p < m; p++)
        galp_store_le(w / 8, out + (size_t)p * (w / 8), (delta[index[p]] + base) & low_mask(w));
    plan->info.bit_width = (uint8_t)b;
    plan->info.base = base;
    plan->info.exception_count = (uint16_t)c;
    plan->info.payload_size = index_bytes + 128u * (((c + lanes - 1) / lanes * b + w - 1) / w);
}

/* ALP and GALP (spec/alp.md §3–§5, spec/galp.md §1). */
static void plan_alp(byte_source *src, galp_scheme scheme, unsigned w, uint32_t m,
                     vector_plan *plan, uint8_t *out)
{
    const unsigned max_e = w == 64 ? GALP_ALP_MAX_E64 : GALP_ALP_MAX_E32;
    uint64_t u[GALP_VECTOR_SIZE], values[GALP_VECTOR_SIZE];
    uint16_t positions[GALP_VECTOR_SIZE];
    plan_integers(src, w, plan, u);
    const unsigned e = byte_source_below(src, max_e + 1);
    const unsigned f = byte_source_below(src, e + 1);
    for (uint32_t i = 0; i < m; i++)
        galp_store_le(w / 8, out + (size_t)i * (w / 8), alp_value(w, u[i], e, f));

    const unsigned c = choose_exceptions(src, w, m, positions);
    for (unsigned j = 0; j < c; j++) {
        values[j] = exception_value(src, w);
        galp_store_le(w / 8, out + (size_t)positions[j] * (w / 8), values[j]);
    }
    uint8_t *section = plan->payload + plan->info.payload_size;
    if (scheme == GALP_SCHEME_GALP) {
        write_galp_exceptions(w, w / 8, c, positions, values, section);
        plan->info.payload_size += 2u * (GALP_VECTOR_SIZE / w);
    } else {
        write_alp_exceptions(w, c, positions, values, section);
    }
    plan->info.payload_size += c * (w / 8 + 2u);
    plan->info.exponent = (uint8_t)e;
    plan->info.factor = (uint8_t)f;
    plan->info.exception_count = (uint16_t)c;
}

/* ALP_RD (spec/alprd.md §2–§4): any r from W − 16 to W − 1, any code width, a dictionary
 * whose 2^k entries fit in W − r bits (codes may point at zero entries), random right parts
 * and codes in all 1024 slots, and exceptions with random left parts. */
static void plan_alprd(byte_source *src, unsigned w, uint32_t m, vector_plan *plan, uint8_t *out)
{
    const unsigned r = w - 16u + byte_source_below(src, 16), k = byte_source_below(src, 4);
    const uint64_t left_mask = low_mask(w - r);
    uint64_t right[GALP_VECTOR_SIZE], code[GALP_VECTOR_SIZE], lefts[GALP_VECTOR_SIZE];
    uint16_t dict[8] = {0}, positions[GALP_VECTOR_SIZE];
    for (unsigned e = 0; e < (1u << k); e++)
        dict[e] = (uint16_t)(byte_source_u16(src) & left_mask);
    for (unsigned i = 0; i < GALP_VECTOR_SIZE; i++) {
        right[i] = byte_source_u64(src) & low_mask(r);
        code[i] = byte_source_u8(src) & low_mask(k);
    }
    for (unsigned e = 0; e < 8; e++)
        galp_store_u16(plan->payload + 2u * e, dict[e]);
    pack_bits(w, r, right, plan->payload + 16);
    pack_bits(w, k, code, plan->payload + 16 + 128u * r);
    for (uint32_t i = 0; i < m; i++)
        galp_store_le(w / 8, out + (size_t)i * (w / 8), (uint64_t)dict[code[i]] << r | right[i]);

    const unsigned c = choose_exceptions(src, w, m, positions);
    for (unsigned j = 0; j < c; j++) {
        lefts[j] = byte_source_u16(src) & left_mask;
        galp_store_le(w / 8, out + (size_t)positions[j] * (w / 8),
                      lefts[j] << r | right[positions[j]]);
    }
    plan->info.payload_size = 16u + 128u * (r + k);
    if (c > 0) {
        write_galp_exceptions(w, 2, c, positions, lefts, plan->payload + plan->info.payload_size);
        plan->info.payload_size += 2u * (GALP_VECTOR_SIZE / w) + 4u * c;
    }
    plan->info.bit_width = (uint8_t)r;
    plan->info.exponent = (uint8_t)k;
    plan->info.exception_count = (uint16_t)c;
}

/* spec/tile.md §2: offset d as run position j of width b, bit by bit, into zeroed words. */
static void tile_put(uint8_t *words, unsigned b, uint32_t j, uint32_t d)
{
    for (unsigned t = 0; t < b; t++) {
        uint64_t bit = (uint64_t)j * b + t;
        words[bit / 8] |= (uint8_t)((d >> t & 1u) << (bit % 8));
    }
}

/* A width 0 … 32, often small, sometimes the edges. */
static unsigned tile_width(byte_source *src)
{
    unsigned pick = byte_source_below(src, 8);
    return pick == 0 ? 0 : pick == 1 ? 32 : byte_source_below(src, pick < 5 ? 9 : 33);
}

/* GPU-FOR and GPU-DFOR (spec/tile.md §3, §4): ceil(m/128) blocks of any reference and widths;
 * filler slots >= m get offsets too, which decoders must ignore. */
static void plan_tile_blocks(byte_source *src, uint32_t m, vector_plan *plan, uint8_t *out)
{
    const bool dfor = plan->info.scheme == GALP_SCHEME_GPU_DFOR;
    uint32_t x = dfor ? (uint32_t)byte_source_bits(src, 4) : 0, size = 0;
    unsigned widest = 0;
    uint8_t *p = plan->payload;
    if (dfor) {
        galp_store_u32(p, x);
        size = 4;
    }
    for (uint32_t k = 0; k < (m + 127) / 128; k++) {
        uint8_t *block = p + size;
        const uint32_t ref = (uint32_t)byte_source_bits(src, 4);
        galp_store_u32(block, ref);
        size += 8;
        for (unsigned j = 0; j < 4; j++) {
            const unsigned b = tile_width(src);
            block[4 + j] = (uint8_t)b;
            widest = b > widest ? b : widest;
            memset(p + size, 0, 4u * b);
            for (uint32_t r = 0; r < 32; r++) {
                const uint32_t d = (uint32_t)(byte_source_u64(src) & low_mask(b));
                tile_put(p + size, b, r, d);
                const uint32_t slot = 128 * k + 32 * j + r;
                x = dfor ? x + ref + d : ref + d; /* spec/tile.md §3.2, §4.2 */
                if (slot < m)
                    galp_store_u32(out + 4u * slot, x);
            }
            size += 4u * b;
        }
    }
    plan->info.bit_width = (uint8_t)widest;
    plan->info.payload_size = size;
}

/* GPU-RFOR (spec/tile.md §5): c runs of lengths >= 1 adding up to m, references at or below
 * the values, widths at least what the offsets need; junk in the run's unused bits. */
static void plan_tile_runs(byte_source *src, uint32_t m, vector_plan *plan, uint8_t *out)
{
    uint32_t length[GALP_VECTOR_SIZE];
    const uint32_t c = byte_source_below(src, 4) == 0 ? m : 1 + byte_source_below(src, m < 40 ? m : 40);
    uint32_t left = m - c, shortest = UINT32_MAX;
    for (uint32_t r = 0; r < c; r++) {
        const uint32_t extra = r + 1 == c ? left : byte_source_below(src, left + 1);
        length[r] = 1 + extra;
        left -= extra;
        shortest = length[r] < shortest ? length[r] : shortest;
    }
    const uint32_t length_ref = shortest - byte_source_below(src, shortest < 4 ? shortest : 4);
    uint32_t longest = 0;
    for (uint32_t r = 0; r < c; r++)
        longest = length[r] - length_ref > longest ? length[r] - length_ref : longest;
    const unsigned needed = galp_ffor_bit_width(longest);
    const unsigned bl = needed + byte_source_below(src, 33 - needed), bv = tile_width(src);
    const uint32_t value_ref = (uint32_t)byte_source_bits(src, 4);
    const uint32_t value_words = (c * bv + 31) / 32, length_words = (c * bl + 31) / 32;
    uint8_t *p = plan->payload;
    memset(p, 0, 16u + 4u * (value_words + length_words));
    galp_store_u32(p, c);
    galp_store_u32(p + 4, value_ref);
    galp_store_u32(p + 8, length_ref);
    p[12] = (uint8_t)bv;
    p[13] = (uint8_t)bl;
    uint32_t slot = 0;
    for (uint32_t r = 0; r < c; r++) {
        const uint32_t d = (uint32_t)(byte_source_u64(src) & low_mask(bv));
        tile_put(p + 16, bv, r, d);
        tile_put(p + 16 + 4u * value_words, bl, r, length[r] - length_ref);
        for (uint32_t i = 0; i < length[r]; i++, slot++)
            galp_store_u32(out + 4u * slot, value_ref + d);
    }
    if (c * bv % 32 != 0 && byte_source_below(src, 2) == 0) /* bits past the values */
        p[16 + 4u * value_words - 1] |= 0x80;
    plan->info.bit_width = (uint8_t)(bv > bl ? bv : bl);
    plan->info.payload_size = 16u + 4u * (value_words + length_words);
}

/* spec/format.md §3.3; payload_checksum is written by the caller. */
static void write_entry(uint8_t *entry, const galp_vector_info *info)
{
    memset(entry, 0, GALP_VECTOR_ENTRY_SIZE);
    galp_store_u64(entry + 0, info->payload_offset);
    galp_store_u64(entry + 8, info->base);
    galp_store_u32(entry + 16, info->payload_size);
    galp_store_u16(entry + 20, info->exception_count);
    entry[22] = (uint8_t)info->scheme;
    entry[23] = info->bit_width;
    entry[24] = info->exponent;
    entry[25] = info->factor;
}

void fuzz_column_seal(uint8_t *file)
{
    uint32_t nv = galp_load_u32(file + 16);
    uint32_t crc = galp_crc32c(0, file, 60);
    crc = galp_crc32c(crc, file + GALP_HEADER_SIZE, (size_t)nv * GALP_VECTOR_ENTRY_SIZE);
    galp_store_u32(file + 60, crc);
}

/* spec/format.md §3.1. */
static void write_header(uint8_t *file, const fuzz_column *col, uint8_t minor, uint32_t nv,
                         uint64_t payload_end)
{
    memcpy(file, "GALP", 4);
    file[4] = GALP_VERSION_MAJOR;
    file[5] = minor;
    file[6] = (uint8_t)col->type;
    file[7] = (uint8_t)col->scheme;
    galp_store_u64(file + 8, col->value_count);
    galp_store_u32(file + 16, nv);
    galp_store_u32(file + 20, (col->payload_checksums ? GALP_FLAG_PAYLOAD_CHECKSUMS : 0) |
                                  (col->compact_galp ? GALP_FLAG_COMPACT_GALP : 0) |
                                  (col->narrow_lane_ends ? GALP_FLAG_NARROW_LANE_ENDS : 0) |
                                  (col->alprd_dict_in_entry ? GALP_FLAG_ALPRD_DICT_IN_ENTRY : 0) |
                                  (col->packed_lane_bases ? GALP_FLAG_PACKED_LANE_BASES : 0) |
                                  (col->runs_delta_values ? GALP_FLAG_RUNS_DELTA_VALUES : 0) |
                                  (col->patched_ffor ? GALP_FLAG_PATCHED_FFOR : 0) |
                                  (col->runs_offset_values ? GALP_FLAG_RUNS_OFFSET_VALUES : 0));
    galp_store_u64(file + 24, GALP_HEADER_SIZE);
    galp_store_u64(file + 32, GALP_HEADER_SIZE + (uint64_t)GALP_VECTOR_ENTRY_SIZE * nv);
    galp_store_u64(file + 40, payload_end);
    galp_store_u64(file + 48, payload_end + GALP_TAIL_PADDING);
    galp_store_u32(file + 56, 0);
    fuzz_column_seal(file);
}

/* The column scheme: RAW sometimes, DICT sometimes, else the type's schemes (ALP, GALP or
 * ALP_RD for floats; FFOR, DELTA, RLE or RUNS for integers; for u32 also the tile schemes).
 * Picks 4 … 7 are RUNS, DELTA, RLE and DICT for every integer type; u32 draws from 11 picks, 8 … 10 being
 * GPU-FOR, GPU-DFOR and GPU-RFOR. */
static galp_scheme choose_scheme(byte_source *src, galp_type type)
{
    unsigned pick = byte_source_below(src, type == GALP_TYPE_U32 ? 11 : 8);
    if (pick == 0)
        return GALP_SCHEME_RAW;
    if (pick == 7)
        return GALP_SCHEME_DICT;
    if (pick >= 8)
        return (galp_scheme)(GALP_SCHEME_GPU_FOR + (pick - 8));
    if (type == GALP_TYPE_F32 || type == GALP_TYPE_F64)
        return pick == 6 ? GALP_SCHEME_ALP_RD : pick % 2 ? GALP_SCHEME_GALP : GALP_SCHEME_ALP;
    return pick == 5 ? GALP_SCHEME_DELTA : pick == 6 ? GALP_SCHEME_RLE
           : pick == 4 ? GALP_SCHEME_RUNS : GALP_SCHEME_FFOR;
}

/* spec/format.md §2: a FFOR column's vectors may be FFOR, DELTA, RLE, DICT or RUNS. */
static galp_scheme choose_companion(byte_source *src)
{
    static const galp_scheme schemes[5] = {GALP_SCHEME_FFOR, GALP_SCHEME_DELTA, GALP_SCHEME_RLE,
                                           GALP_SCHEME_DICT, GALP_SCHEME_RUNS};
    return schemes[byte_source_below(src, 5)];
}

void fuzz_column_generate(byte_source *src, fuzz_column *col)
{
    memset(col, 0, sizeof *col);
    col->type = (galp_type)(GALP_TYPE_U8 + byte_source_below(src, 6));
    col->scheme = choose_scheme(src, col->type);
    const unsigned w = 8u * (unsigned)galp_type_size(col->type);
    const uint32_t nv = byte_source_below(src, FUZZ_MAX_VECTORS + 1);
    const uint32_t last_m = 1 + byte_source_below(src, GALP_VECTOR_SIZE);
    col->value_count = nv == 0 ? 0 : (uint64_t)(nv - 1) * GALP_VECTOR_SIZE + last_m;
    /* spec/format.md §1.1: the 1.2 schemes need 1.2; decoders read any minor. */
    const uint8_t minor = byte_source_below(src, 4) == 0 ? byte_source_u8(src) : 0;
    const bool junk = byte_source_below(src, 4) == 0; /* fill gaps, tail and slack with junk */
    const size_t slack = byte_source_below(src, 4) == 0 ? byte_source_below(src, 64) : 0;

    col->values = checked_malloc((size_t)col->value_count * (w / 8));
    vector_plan *plans = checked_malloc(nv * sizeof *plans);
    uint64_t offset = GALP_HEADER_SIZE + (uint64_t)GALP_VECTOR_ENTRY_SIZE * nv;
    for (uint32_t v = 0; v < nv; v++) {
        vector_plan *plan = &plans[v];
        uint32_t m = v + 1 == nv ? last_m : GALP_VECTOR_SIZE;
        uint8_t *out = col->values + (size_t)v * GALP_VECTOR_SIZE * (w / 8);
        memset(&plan->info, 0, sizeof plan->info);
        plan->info.scheme = col->scheme;
        plan->info.value_count = m;
        /* spec/format.md §2: any vector may fall back to RAW; ALP and GALP columns may hold
         * ALP_RD vectors. */
        const unsigned fallback = col->scheme != GALP_SCHEME_RAW ? byte_source_below(src, 8) : 1;
        if (fallback == 0)
            plan->info.scheme = GALP_SCHEME_RAW;
        else if (fallback == 1 && (col->scheme == GALP_SCHEME_ALP || col->scheme == GALP_SCHEME_GALP))
            plan->info.scheme = GALP_SCHEME_ALP_RD;
        else if (col->scheme == GALP_SCHEME_FFOR)
            plan->info.scheme = choose_companion(src);
        switch (plan->info.scheme) {
        case GALP_SCHEME_RAW: plan_raw(src, w, m, plan, out); break;
        case GALP_SCHEME_FFOR: plan_ffor(src, w, m, plan, out); break;
        case GALP_SCHEME_ALP_RD: plan_alprd(src, w, m, plan, out); break;
        case GALP_SCHEME_DELTA: plan_delta(src, w, m, plan, out); break;
        case GALP_SCHEME_RLE:
        case GALP_SCHEME_DICT: plan_table(src, plan->info.scheme, w, m, plan, out); break;
        case GALP_SCHEME_RUNS: plan_runs(src, w, m, plan, out); break;
        case GALP_SCHEME_GPU_FOR:
        case GALP_SCHEME_GPU_DFOR: plan_tile_blocks(src, m, plan, out); break;
        case GALP_SCHEME_GPU_RFOR: plan_tile_runs(src, m, plan, out); break;
        default: plan_alp(src, plan->info.scheme, w, m, plan, out); break;
        }
        /* spec/format.md §4: payloads in order, 16-aligned, gaps allowed between them. */
        if (byte_source_below(src, 8) == 0)
            offset += 16u * (1 + byte_source_below(src, 3));
        plan->info.payload_offset = offset;
        offset = round16(offset + plan->info.payload_size);
    }
    /* Drawn last, so that they change no earlier draw of a saved input. */
    col->payload_checksums = byte_source_below(src, 2) == 0;
    col->compact_galp = col->scheme == GALP_SCHEME_GALP && byte_source_below(src, 2) == 0;
    /* spec/galp.md §1.1: the lane table, the last 2·L bytes of a payload without exceptions,
     * left out; the bytes it held become a gap before the next payload (§4 allows gaps). */
    for (uint32_t v = 0; col->compact_galp && v < nv; v++)
        if (plans[v].info.scheme == GALP_SCHEME_GALP && plans[v].info.exception_count == 0)
            plans[v].info.payload_size -= 2u * (GALP_VECTOR_SIZE / w);
    /* spec/galp.md §1.2, in the columns that may hold G-ALP or ALP_RD vectors; drawn so that an
     * exhausted source (which reads as zeros) keeps the u16 layout of earlier saved inputs. */
    col->narrow_lane_ends = (col->scheme == GALP_SCHEME_ALP || col->scheme == GALP_SCHEME_GALP ||
                             col->scheme == GALP_SCHEME_ALP_RD) &&
                            byte_source_below(src, 2) == 1;
    for (uint32_t v = 0; col->narrow_lane_ends && v < nv; v++)
        narrow_lane_ends(w, &plans[v]);
    /* spec/alprd.md §3.1, likewise drawn last, in the same columns. */
    col->alprd_dict_in_entry = (col->scheme == GALP_SCHEME_ALP || col->scheme == GALP_SCHEME_GALP ||
                                col->scheme == GALP_SCHEME_ALP_RD) &&
                               byte_source_below(src, 2) == 1;
    for (uint32_t v = 0; col->alprd_dict_in_entry && v < nv; v++)
        dict_in_entry(w, &plans[v]);
    /* spec/fastlanes.md §2.3, likewise drawn last, in the columns that may hold DELTA vectors. */
    col->packed_lane_bases = (col->scheme == GALP_SCHEME_FFOR || col->scheme == GALP_SCHEME_DELTA) &&
                             byte_source_below(src, 2) == 1;
    for (uint32_t v = 0; col->packed_lane_bases && v < nv; v++)
        packed_lane_bases(src, w, plans[v].info.value_count, &plans[v],
                          col->values + (size_t)v * GALP_VECTOR_SIZE * (w / 8));
    /* spec/fastlanes.md §8.5, likewise drawn last, in the columns that may hold RUNS vectors:
     * each RUNS vector then has delta-coded values or not, drawn. */
    col->runs_delta_values = (col->scheme == GALP_SCHEME_FFOR || col->scheme == GALP_SCHEME_RUNS) &&
                             byte_source_below(src, 2) == 1;
    for (uint32_t v = 0; col->runs_delta_values && v < nv; v++)
        if (plans[v].info.scheme == GALP_SCHEME_RUNS && byte_source_below(src, 4) != 0)
            delta_run_values(w, &plans[v], col->values + (size_t)v * GALP_VECTOR_SIZE * (w / 8));
    /* spec/fastlanes.md §8.6, likewise: each RUNS vector not delta-coded then has offset-coded
     * values or not, drawn. */
    col->runs_offset_values = (col->scheme == GALP_SCHEME_FFOR || col->scheme == GALP_SCHEME_RUNS) &&
                              byte_source_below(src, 2) == 1;
    for (uint32_t v = 0; col->runs_offset_values && v < nv; v++)
        if (plans[v].info.scheme == GALP_SCHEME_RUNS && plans[v].info.factor == 0 &&
            byte_source_below(src, 4) != 0)
            offset_run_values(w, &plans[v], col->values + (size_t)v * GALP_VECTOR_SIZE * (w / 8));
    /* spec/ffor.md §8, likewise drawn last, in FFOR columns: FFOR vectors of width below W get
     * patches or not, drawn; a payload that grows moves the later ones by as much, rounded up
     * to 16, which keeps every placement rule (spec/format.md §4). */
    col->patched_ffor = col->scheme == GALP_SCHEME_FFOR && byte_source_below(src, 2) == 1;
    uint64_t moved = 0;
    for (uint32_t v = 0; col->patched_ffor && v < nv; v++) {
        plans[v].info.payload_offset += moved;
        if (plans[v].info.scheme == GALP_SCHEME_FFOR && plans[v].info.bit_width < w &&
            byte_source_below(src, 4) != 0)
            moved += round16(patch_ffor(src, w, &plans[v], col->values + (size_t)v * GALP_VECTOR_SIZE * (w / 8)));
    }
    const uint64_t payload_end =
        nv == 0 ? offset : round16(plans[nv - 1].info.payload_offset + plans[nv - 1].info.payload_size);
    col->file_size = (size_t)payload_end + GALP_TAIL_PADDING;
    col->buffer_size = col->file_size + slack;
    col->file = checked_malloc(col->buffer_size);
    memset(col->file, junk ? 0xEE : 0, col->buffer_size);
    for (uint32_t v = 0; v < nv; v++) {
        const galp_vector_info *info = &plans[v].info;
        uint8_t *entry = col->file + GALP_HEADER_SIZE + (size_t)v * GALP_VECTOR_ENTRY_SIZE;
        write_entry(entry, info);
        memcpy(col->file + info->payload_offset, plans[v].payload, info->payload_size);
        /* spec/format.md §3.4: the CRC32C of exactly the payload_size payload bytes. */
        if (col->payload_checksums)
            galp_store_u32(entry + 28, galp_crc32c(0, plans[v].payload, info->payload_size));
    }
    write_header(col->file, col, minor, nv, payload_end);
    free(plans);
}

void fuzz_column_free(fuzz_column *col)
{
    free(col->file);
    free(col->values);
    col->file = NULL;
    col->values = NULL;
}
