/*
 * alprd.c — ALP_RD vector payloads: validation (spec/alprd.md §5), decoding of whole vectors
 * and single values (spec/alprd.md §4). Every byte is read through the payload's galp_reader;
 * the right parts and the codes are FFOR-packed (spec/ffor.md) with base 0 at their own
 * offsets (include/galp/layout.h), and are read through views of exactly their size. The
 * dictionary is the payload's head or, in a file with GALP_FLAG_ALPRD_DICT_IN_ENTRY, the
 * entry's base where it fits there (spec/alprd.md §3.1).
 */
#include <galp/layout.h>

#include "bytes.h"
#include "galp_internal.h"

/* Where the parts of a payload start (spec/alprd.md §3), and the dictionary when it is in the
 * entry (§3.1). */
typedef struct alprd_parts {
    unsigned w, r, k;
    unsigned end_bytes; /* of one lane end: u8 or u16 (spec/galp.md §1.2) */
    uint32_t head;      /* bytes of the dictionary head: 16, or 0 with the dictionary in base */
    uint32_t rights, codes, lane_end, lefts, positions;
    uint64_t base;      /* the entry's base: the packed dictionary when head is 0 */
} alprd_parts;

static alprd_parts locate(galp_type type, uint32_t flags, const galp_vector_info *info)
{
    alprd_parts p;
    p.w = galp_type_bits(type);
    p.r = info->bit_width;
    p.k = info->exponent;
    const uint32_t c = info->exception_count;
    p.head = galp_layout_alprd_head_bytes(p.w, p.r, p.k, flags);
    p.base = info->base;
    p.rights = p.head;
    p.codes = galp_layout_alprd_codes_at(p.w, p.r, p.k, flags);
    p.lane_end = galp_layout_alprd_lane_end_at(p.w, p.r, p.k, flags);
    p.end_bytes = galp_layout_lane_end_width(flags, c);
    p.lefts = galp_layout_alprd_lefts_offset(p.w, p.r, p.k, c, flags);
    p.positions = galp_layout_alprd_positions_offset(p.w, p.r, p.k, c, flags);
    return p;
}

/* Right part (`codes` false) or code (`codes` true) of slot i: spec/alprd.md §4 steps 1–2. */
static uint64_t packed_get(const alprd_parts *p, galp_reader *payload, bool codes, uint32_t i)
{
    const unsigned b = codes ? p->k : p->r;
    galp_reader part = galp_read_view(payload, codes ? p->codes : p->rights, galp_layout_packed_bytes(b));
    uint64_t v = galp_ffor_get(p->w, b, 0, &part, i);
    payload->overrun |= part.overrun;
    return v;
}

static void unpack(const alprd_parts *p, galp_reader *payload, bool codes,
                   uint64_t out[GALP_VECTOR_SIZE])
{
    const unsigned b = codes ? p->k : p->r;
    galp_reader part = galp_read_view(payload, codes ? p->codes : p->rights, galp_layout_packed_bytes(b));
    galp_ffor_unpack(p->w, b, 0, &part, out);
    payload->overrun |= part.overrun;
}

/* dict[code]: the container proved k <= 3, so code < 2^k <= 8 is one of the 8 stored entries
 * (spec/alprd.md §4); the modulo only keeps the read inside the dictionary by construction.
 * Without a head, the entry packed in base (§3.1). */
static uint64_t dict_entry(const alprd_parts *p, galp_reader *payload, uint64_t code)
{
    if (p->head == 0)
        return galp_layout_alprd_dict_entry(p->w, p->r, p->base, (uint32_t)code);
    return galp_read_u16(payload, 2u * (code % GALP_LAYOUT_ALPRD_DICT_ENTRIES));
}

/* spec/alprd.md §4 step 4: left << r | right, the value's W-bit pattern. */
static uint64_t join(const alprd_parts *p, uint64_t left, uint64_t right)
{
    return left << p->r | right;
}

static void store_native(unsigned w, uint8_t *dst, uint64_t bits)
{
    galp_values_narrow(w / 8u, &bits, 1, dst);
}

void galp_alprd_decode_vector(galp_type type, uint32_t flags, const galp_vector_info *info,
                              galp_reader *payload, void *dst)
{
    const alprd_parts p = locate(type, flags, info);
    const unsigned bytes = p.w / 8u;
    uint8_t *out = dst;
    uint64_t rights[GALP_VECTOR_SIZE], codes[GALP_VECTOR_SIZE];
    unpack(&p, payload, false, rights);
    unpack(&p, payload, true, codes);
    for (uint32_t i = 0; i < info->value_count; i++)
        store_native(p.w, out + (size_t)i * bytes,
                     join(&p, dict_entry(&p, payload, codes[i]), rights[i]));
    /* Step 3: each exception entry names its slot, whatever its lane. */
    for (uint32_t j = 0; j < info->exception_count; j++) {
        uint16_t position = galp_read_u16(payload, p.positions + 2u * j);
        uint64_t left = galp_read_u16(payload, p.lefts + 2u * j);
        if (position < info->value_count) /* validated; checked again so no write leaves dst */
            store_native(p.w, out + (size_t)position * bytes, join(&p, left, rights[position]));
    }
}

/* One value: its lane's exceptions are scanned for it (spec/galp.md §1), else its code. */
void galp_alprd_get(galp_type type, uint32_t flags, const galp_vector_info *info,
                    galp_reader *payload, uint32_t index, void *value)
{
    const alprd_parts p = locate(type, flags, info);
    int32_t j = info->exception_count > 0
                    ? galp_lanes_find(p.w, payload, p.lane_end, p.end_bytes, p.positions, index)
                    : -1;
    uint64_t left = j >= 0 ? galp_read_u16(payload, p.lefts + 2u * (uint32_t)j)
                           : dict_entry(&p, payload, packed_get(&p, payload, true, index));
    store_native(p.w, value, join(&p, left, packed_get(&p, payload, false, index)));
}

/* spec/alprd.md §5 rule 1: the 2^k addressable entries fit in W − r bits, the others are 0.
 * A dictionary in base holds W − r bits per entry and nothing else (§3.1, its unused bits
 * checked with the entry at spec/format.md §6 step 10.4). */
static bool dictionary_valid(const alprd_parts *p, galp_reader *payload)
{
    if (p->head == 0)
        return true;
    for (uint32_t e = 0; e < GALP_LAYOUT_ALPRD_DICT_ENTRIES; e++) {
        uint64_t entry = galp_read_u16(payload, 2u * e);
        if (e < (1u << p->k) ? entry >> (p->w - p->r) != 0 : entry != 0)
            return false;
    }
    return true;
}

/* spec/alprd.md §5 rule 4. */
static bool exception_lefts_valid(const alprd_parts *p, const galp_vector_info *info,
                                  galp_reader *payload)
{
    for (uint32_t j = 0; j < info->exception_count; j++)
        if (galp_read_u16(payload, p->lefts + 2u * j) >> (p->w - p->r) != 0)
            return false;
    return true;
}

/* spec/alprd.md §5 in its order. A read past the view means a payload shorter than its metadata
 * implies: PAYLOAD_SIZE, which the container has ruled out before calling. */
galp_status galp_alprd_validate_payload(galp_type type, uint32_t flags, const galp_vector_info *info,
                                        galp_reader *payload)
{
    const alprd_parts p = locate(type, flags, info);
    galp_status status = dictionary_valid(&p, payload) ? GALP_OK : GALP_ERR_LEFT_PART;
    if (status == GALP_OK && info->exception_count > 0)
        status = galp_lanes_validate(p.w, info, payload, p.lane_end, p.end_bytes, p.positions);
    if (status == GALP_OK && !exception_lefts_valid(&p, info, payload))
        status = GALP_ERR_LEFT_PART;
    return payload->overrun ? GALP_ERR_PAYLOAD_SIZE : status;
}
