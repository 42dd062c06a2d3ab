/*
 * fsst_parse.c — the reference encoder's parse of a string into codes (spec/fsst.md §7): the
 * fewest code bytes for a given table, found by a shortest-path pass from the string's end,
 * which the symbol-table rounds count and the column writer emits.
 *
 * Why not FSST's greedy longest match: string ends make it short-sighted. A string that
 * ends in `...ville` may be cheaper as `vill` + `e`-and-end than as `ville` + end, and a long
 * symbol can leave an escape behind it where two shorter ones would not; the shortest parse
 * takes every such choice at the cost of one pass over the symbols matching at each position.
 *
 * Strings longer than the matcher's window are parsed window by window (no symbol crosses a
 * window's edge), so the scratch memory stays fixed whatever the string lengths.
 */
#include <stdlib.h>
#include <string.h>

#include "fsst.h"

/* Bytes parsed at once (spec/fsst.md §7 strings may be far longer). */
#define PARSE_WINDOW 65536u

/* A symbol of at least one byte as the parse tries it: its bytes little-endian in `word`; it
 * matches at a position whose next `len` bytes, read the same way, agree with word's low ones. */
typedef struct matcher_symbol {
    uint64_t word;
    uint8_t len;
    bool terminal;
    uint8_t code;
} matcher_symbol;

/* The table's symbols grouped by first byte (group b: by_first[start[b] … start[b] + count[b]),
 * longest reach first, then by code), the end symbol, and the parse's scratch: cost[i] the
 * fewest code bytes from position i of the window to its end, choice[i] the code that starts
 * such a parse (GALP_FSST_ESCAPE: escape the byte). The scratch holds `window` positions, the
 * longest window the matcher's strings need: a column of short strings gets a small matcher. */
struct galp_fsst_matcher {
    const galp_fsst_table *table;
    uint8_t count[256];
    uint8_t start[256];
    matcher_symbol by_first[GALP_FSST_MAX_SYMBOLS];
    int end_code;
    uint32_t window;
    uint8_t *choice; /* window entries, after cost */
    uint32_t cost[];  /* window + 1 entries */
};

galp_fsst_matcher *galp_fsst_matcher_new(const galp_fsst_table *table, uint64_t longest)
{
    const uint32_t window = longest < PARSE_WINDOW ? (uint32_t)longest : PARSE_WINDOW;
    const size_t cost_bytes = ((size_t)window + 1) * sizeof(uint32_t);
    galp_fsst_matcher *m = malloc(sizeof *m + cost_bytes + window);
    if (m == NULL)
        return NULL;
    m->window = window;
    m->choice = (uint8_t *)m->cost + cost_bytes;
    galp_fsst_matcher_use(m, table);
    return m;
}

void galp_fsst_matcher_use(galp_fsst_matcher *m, const galp_fsst_table *table)
{
    m->table = table;
    m->end_code = -1;
    memset(m->count, 0, sizeof m->count);
    for (unsigned c = 0; c < table->count; c++)
        if (table->len[c] != 0)
            m->count[table->bytes[c][0]]++;
    unsigned at = 0;
    for (unsigned b = 0; b < 256; b++) {
        m->start[b] = (uint8_t)at;
        at += m->count[b];
    }
    uint8_t filled[256] = {0};
    for (unsigned r = GALP_FSST_MAX_SYMBOL_LEN + 1; r >= 1; r--)
        for (unsigned c = 0; c < table->count; c++) {
            if (table->len[c] + (table->terminal[c] ? 1u : 0u) != r)
                continue;
            if (table->len[c] == 0) {
                m->end_code = (int)c;
                continue;
            }
            const uint8_t first = table->bytes[c][0];
            m->by_first[m->start[first] + filled[first]++] =
                (matcher_symbol){galp_load_u64(table->bytes[c]), table->len[c],
                                 table->terminal[c], (uint8_t)c};
        }
}

void galp_fsst_matcher_free(galp_fsst_matcher *matcher)
{
    free(matcher);
}

int galp_fsst_end_code(const galp_fsst_matcher *matcher)
{
    return matcher->end_code;
}

/* The shortest parse of s[0 .. len), len <= PARSE_WINDOW, into cost and choice. With `ends`,
 * the string ends at len: a terminal symbol reaching len ends it at once, else the end costs
 * one more code (the end symbol). Without, the parse covers exactly len bytes with
 * non-terminal symbols and escapes. Ties keep the earlier candidate: the escape, then the
 * symbols longest first. */
static void shortest_parse(galp_fsst_matcher *m, const uint8_t *s, uint32_t len, bool ends)
{
    m->cost[len] = ends ? 1u : 0u;
    uint64_t next = 0; /* s[pos … min(pos + 8, len)), little-endian, zero beyond len */
    for (uint32_t pos = len; pos-- > 0;) {
        next = next << 8 | s[pos];
        uint32_t best = 2u + m->cost[pos + 1];
        uint8_t pick = GALP_FSST_ESCAPE;
        const matcher_symbol *sym = m->by_first + m->start[s[pos]];
        const matcher_symbol *const stop = sym + m->count[s[pos]];
        for (; sym < stop; sym++) {
            const uint32_t end = pos + sym->len;
            const uint64_t mask = UINT64_MAX >> (64u - 8u * sym->len); /* 1 <= len <= 8 */
            if (end > len || ((next ^ sym->word) & mask) != 0)
                continue;
            if (sym->terminal && !(ends && end == len))
                continue;
            const uint32_t cost = 1u + (sym->terminal ? 0u : m->cost[end]);
            if (cost < best) {
                best = cost;
                pick = sym->code;
            }
        }
        m->cost[pos] = best;
        m->choice[pos] = pick;
    }
}

uint64_t galp_fsst_parse(galp_fsst_matcher *matcher, const uint8_t *s, uint64_t len, bool ends,
                         galp_fsst_step_fn *step, void *ctx)
{
    const galp_fsst_table *t = matcher->table;
    uint64_t codes = 0, at = 0;
    for (;;) {
        /* Windows are cut at PARSE_WINDOW whatever the matcher's size: the codes do not
         * depend on it. The caller's strings fit it (galp_fsst_matcher_new). */
        const uint32_t window = len - at < PARSE_WINDOW ? (uint32_t)(len - at) : PARSE_WINDOW;
        const bool last = at + window == len;
        const uint8_t *w = s + at;
        shortest_parse(matcher, w, window, last && ends);
        uint32_t pos = 0;
        bool ended = false;
        while (pos < window) {
            const uint8_t c = matcher->choice[pos];
            if (c == GALP_FSST_ESCAPE) {
                step(ctx, GALP_FSST_STEP_BYTE + w[pos++]);
                codes += 2;
                continue;
            }
            step(ctx, c);
            codes++;
            pos += t->len[c];
            ended = t->terminal[c];
        }
        if (last) {
            if (ends && !ended) {
                step(ctx, matcher->end_code >= 0 ? (unsigned)matcher->end_code
                                                 : GALP_FSST_STEP_END);
                codes++;
            }
            return codes;
        }
        at += window;
    }
}
