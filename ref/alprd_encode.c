/*
 * alprd_encode.c — the reference ALP_RD vector encoder (spec/alprd.md §6): the choice of the
 * cut r, the code width k and the dictionary on the vector's own values, then the payload.
 *
 * For every r from W − 1 down to W − 16 the left parts are ranked by frequency; for every k the
 * dictionary is the first 2^k of them and the cost is the exact payload size (§3). The cheapest
 * (r, k) is kept, the first found on ties. The dictionary goes to the payload's head, or to the
 * entry's base where the file's flags put it there (spec/alprd.md §3.1).
 */
#include <stdbool.h>
#include <stdlib.h>

#include <galp/layout.h>

#include "bytes.h"
#include "galp_internal.h"

/* A left part and how many of the vector's values have it. */
typedef struct left_count {
    uint16_t left;
    uint16_t count;
} left_count;

struct galp_alprd_workspace {
    uint64_t bits[GALP_VECTOR_SIZE];   /* the values' bit patterns */
    uint64_t rights[GALP_VECTOR_SIZE]; /* right parts of all 1024 slots, to pack */
    uint64_t codes[GALP_VECTOR_SIZE];  /* codes of all 1024 slots, to pack */
    uint16_t sorted[GALP_VECTOR_SIZE]; /* the values' 16 high bits, sorted */
    uint16_t spare[GALP_VECTOR_SIZE];  /* sort_high_bits' other buffer */
    left_count ranked[GALP_VECTOR_SIZE];
};

galp_alprd_workspace *galp_alprd_workspace_new(void)
{
    return malloc(sizeof(galp_alprd_workspace));
}

void galp_alprd_workspace_free(galp_alprd_workspace *work)
{
    free(work);
}

/* The cut, the code width and the dictionary chosen for a vector. */
typedef struct alprd_choice {
    unsigned r, k, entries;
    uint32_t c;
    uint16_t dict[GALP_LAYOUT_ALPRD_DICT_ENTRIES];
} alprd_choice;

/* work->sorted[0 .. m) in ascending order: a radix sort on the low byte, then the high byte
 * (each pass stable), through work->spare. */
static void sort_high_bits(galp_alprd_workspace *work, uint32_t m)
{
    uint16_t *from = work->sorted, *to = work->spare;
    for (unsigned shift = 0; shift < 16; shift += 8) {
        uint32_t start[257] = {0};
        for (uint32_t i = 0; i < m; i++)
            start[(from[i] >> shift & 0xFFu) + 1]++;
        for (unsigned d = 1; d <= 256; d++)
            start[d] += start[d - 1];
        for (uint32_t i = 0; i < m; i++)
            to[start[from[i] >> shift & 0xFFu]++] = from[i];
        uint16_t *swap = from;
        from = to;
        to = swap;
    }
}

/* Whether x ranks before y: most frequent first; of equal counts the smaller left part first
 * (spec/alprd.md §6 step 1). Left parts are distinct, so the order is total. */
static bool ranks_before(const left_count *x, const left_count *y)
{
    return x->count != y->count ? x->count > y->count : x->left < y->left;
}

/* Counts the distinct left parts x div 2^r of the m values and moves the highest-ranked
 * GALP_LAYOUT_ALPRD_DICT_ENTRIES of them, in rank order, to the front of work->ranked (only
 * those can enter a dictionary); returns how many distinct ones there are. The left parts are
 * the sorted 16 high bits shifted right by `shift` = r − (W − 16), which keeps them sorted, so
 * equal ones are adjacent. */
static uint32_t rank_left_parts(galp_alprd_workspace *work, uint32_t m, unsigned shift)
{
    uint32_t distinct = 0;
    for (uint32_t i = 0; i < m; i++) {
        const uint16_t left = (uint16_t)(work->sorted[i] >> shift);
        if (i == 0 || left != work->ranked[distinct - 1].left)
            work->ranked[distinct++] = (left_count){left, 0};
        work->ranked[distinct - 1].count++;
    }
    /* Insertion into the ranked prefix [0, top): it only ever writes at or before entry j. */
    uint32_t top = 0;
    for (uint32_t j = 0; j < distinct; j++) {
        const left_count x = work->ranked[j];
        if (top == GALP_LAYOUT_ALPRD_DICT_ENTRIES && !ranks_before(&x, &work->ranked[top - 1]))
            continue;
        uint32_t at = top < GALP_LAYOUT_ALPRD_DICT_ENTRIES ? top++ : top - 1;
        for (; at > 0 && ranks_before(&x, &work->ranked[at - 1]); at--)
            work->ranked[at] = work->ranked[at - 1];
        work->ranked[at] = x;
    }
    return distinct;
}

/* spec/alprd.md §6 steps 1–3, each cost in the layout of a file with header `flags`. */
static alprd_choice choose(galp_alprd_workspace *work, unsigned w, uint32_t flags, uint32_t m)
{
    alprd_choice best = {0};
    uint64_t best_bytes = UINT64_MAX;
    const unsigned widest = w - GALP_LAYOUT_ALPRD_MAX_LEFT_WIDTH; /* r = W − 16 */
    for (uint32_t i = 0; i < m; i++)
        work->sorted[i] = (uint16_t)(work->bits[i] >> widest);
    sort_high_bits(work, m);
    for (unsigned r = w - 1; r >= widest; r--) {
        const uint32_t distinct = rank_left_parts(work, m, r - widest);
        for (unsigned k = 0; k <= GALP_LAYOUT_ALPRD_MAX_CODE_WIDTH; k++) {
            const uint32_t entries = distinct < (1u << k) ? distinct : 1u << k;
            uint32_t covered = 0;
            for (uint32_t e = 0; e < entries; e++)
                covered += work->ranked[e].count;
            const uint64_t bytes = galp_layout_alprd_payload_bytes(w, r, k, m - covered, flags);
            if (bytes < best_bytes) {
                best_bytes = bytes;
                best = (alprd_choice){.r = r, .k = k, .entries = entries, .c = m - covered};
                for (uint32_t e = 0; e < entries; e++)
                    best.dict[e] = work->ranked[e].left;
            }
        }
    }
    return best;
}

/* The code of a left part, or -1 when it is not in the dictionary (an exception). */
static int code_of(const alprd_choice *choice, uint64_t left)
{
    for (unsigned e = 0; e < choice->entries; e++)
        if (choice->dict[e] == left)
            return (int)e;
    return -1;
}

/* spec/alprd.md §3: lane_end, then the exceptions' left parts and positions in lane order,
 * ascending within a lane. Walking each lane's rows meets its exceptions in that order. */
static void write_exceptions(unsigned w, uint32_t flags, const galp_alprd_workspace *work,
                             const alprd_choice *choice, uint32_t m, uint8_t *payload)
{
    const unsigned lanes = galp_layout_lanes(w);
    const unsigned end_bytes = galp_layout_lane_end_width(flags, choice->c); /* spec/galp.md §1.2 */
    uint8_t *lane_end = payload + galp_layout_alprd_lane_end_at(w, choice->r, choice->k, flags);
    uint8_t *lefts =
        payload + galp_layout_alprd_lefts_offset(w, choice->r, choice->k, choice->c, flags);
    uint8_t *positions =
        payload + galp_layout_alprd_positions_offset(w, choice->r, choice->k, choice->c, flags);
    uint32_t j = 0;
    for (unsigned l = 0; l < lanes; l++) {
        for (uint32_t i = l; i < m; i += lanes) {
            const uint64_t left = work->bits[i] >> choice->r;
            if (code_of(choice, left) >= 0)
                continue;
            galp_store_u16(lefts + 2u * j, (uint16_t)left);
            galp_store_u16(positions + 2u * j, (uint16_t)i);
            j++;
        }
        galp_store_le(end_bytes, lane_end + end_bytes * l, j);
    }
}

void galp_alprd_encode_vector(galp_alprd_workspace *work, galp_type type, uint32_t flags,
                              const void *values, uint32_t m, galp_vector_info *info,
                              uint8_t *payload)
{
    const unsigned w = galp_type_bits(type);
    galp_values_widen(w / 8u, values, m, work->bits);
    const alprd_choice choice = choose(work, w, flags, m);

    /* Codes of exceptions are 0; slots m … 1023 copy slot 0 (spec/alprd.md §6). */
    const uint64_t right_mask = ((uint64_t)1 << choice.r) - 1u;
    for (uint32_t i = 0; i < GALP_VECTOR_SIZE; i++) {
        const uint32_t from = i < m ? i : 0;
        const int code = code_of(&choice, work->bits[from] >> choice.r);
        work->rights[i] = work->bits[from] & right_mask;
        work->codes[i] = code >= 0 ? (uint64_t)code : 0u;
    }

    /* Unused entries are 0 in either place (spec/alprd.md §3, §3.1). */
    const uint32_t head = galp_layout_alprd_head_bytes(w, choice.r, choice.k, flags);
    uint64_t base = 0;
    for (unsigned e = 0; e < GALP_LAYOUT_ALPRD_DICT_ENTRIES; e++) {
        const uint16_t entry = e < choice.entries ? choice.dict[e] : 0;
        if (head != 0)
            galp_store_u16(payload + 2u * e, entry);
        else if (entry != 0) /* e < 2^k: entry e at bits e·(W − r) … */
            base |= (uint64_t)entry << (e * (w - choice.r));
    }
    galp_ffor_pack(w, choice.r, 0, work->rights, payload + head);
    galp_ffor_pack(w, choice.k, 0, work->codes, payload + galp_layout_alprd_codes_at(w, choice.r, choice.k, flags));
    if (choice.c > 0)
        write_exceptions(w, flags, work, &choice, m, payload);

    info->scheme = GALP_SCHEME_ALP_RD;
    info->bit_width = (uint8_t)choice.r;
    info->exponent = (uint8_t)choice.k;
    info->factor = 0;
    info->base = base;
    info->exception_count = (uint16_t)choice.c;
    info->payload_size = galp_layout_alprd_payload_bytes(w, choice.r, choice.k, choice.c, flags);
}
