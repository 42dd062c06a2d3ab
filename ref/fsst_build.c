/*
 * fsst_build.c — the reference encoder's symbol table (spec/fsst.md §7): FSST's iterative,
 * sample-based construction, over strings that each end with an end mark, so that a symbol
 * may end a string (spec/fsst.md §3), then refined a few symbols at a time while that makes
 * the sample's codes and the table smaller; run twice, the second time with every sampled
 * string's last bytes as terminal candidates, keeping the smaller result.
 *
 * Candidates are numbered for counting, round by round: the table's symbols 0 … k−1, then the
 * sample's distinct bytes in increasing order (each escaped byte b as a one-byte candidate),
 * then the zero-byte terminal symbol: the counts of a round span only the ids its table and
 * sample can produce, so that a small sample clears, scans and touches little memory. Every
 * choice is deterministic: the sample comes from a fixed hash sequence and ties of gain are
 * broken on the symbol's bytes.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "fsst.h"

/* The values a parse step takes (fsst.h): codes, escaped bytes, the end. */
#define STEPS (GALP_FSST_STEP_END + 1u)

/* spec/fsst.md §7: sample size, one string's share, the rounds' fractions of 128. */
#define SAMPLE_BYTES (256u * 1024u)
#define SAMPLE_LINE 512u
#define ROUNDS 9
static const unsigned round_frac[ROUNDS] = {8, 38, 68, 98, 128, 128, 128, 128, 128};

/* spec/fsst.md §7: a candidate's gain per count, by its reach r (bytes plus end mark):
 * 16 · r^0.6 rounded, and 4 · 16 for r = 1. FSST's f · r rates a long symbol used a few times
 * above the short ones it crowds out, which their many uses repay better: the sublinear
 * weight gives smaller files on every file of docs/COMPRESSION.md. One-byte symbols are
 * weighed up (FSST's factor is 8; 4 measured better) because each replaces an escape, two
 * code bytes. */
static const unsigned reach_weight[GALP_FSST_MAX_SYMBOL_LEN + 2] = {0,  64, 24, 31, 37,
                                                                    42, 47, 51, 56, 60};

/* spec/fsst.md §7 step 4: the second construction's prior gain of a terminal candidate per
 * sampled string it ends: reach_weight / SUFFIX_DIVISOR (1 to 3). */
#define SUFFIX_DIVISOR 20u

/* spec/fsst.md §7 step 3: refinement rounds after the construction's, and the symbols the
 * first one exchanges. */
#define REFINE_ROUNDS 8
#define REFINE_SWAP 16u

/* A sampled string: bytes [lo, hi) of the input and whether hi is the string's end. */
typedef struct sample_line {
    uint64_t lo, hi;
    bool ends;
} sample_line;

typedef struct sample {
    sample_line *lines;
    size_t count;
    uint64_t bytes;    /* of all lines */
    unsigned distinct; /* bytes that occur in the lines: byte[0 … distinct), increasing */
    uint8_t byte[256];
    uint8_t rank[256]; /* rank[byte[i]] = i */
} sample;

static uint64_t mix(uint64_t x)
{
    x *= 0x9E3779B97F4A7C15u;
    return x ^ (x >> 29);
}

/* spec/fsst.md §7 step 1. */
static galp_status take_sample(const galp_fsst_input *in, sample *s)
{
    const uint64_t total = in->offsets[in->n] - in->offsets[0];
    const bool all = total <= SAMPLE_BYTES;
    const size_t cap = all ? (size_t)in->n : SAMPLE_BYTES + 1;
    s->lines = malloc((cap ? cap : 1) * sizeof *s->lines);
    s->count = 0;
    s->bytes = all ? total : 0;
    if (s->lines == NULL)
        return GALP_ERR_NO_MEMORY;
    if (all) {
        for (uint64_t i = 0; i < in->n; i++)
            s->lines[s->count++] = (sample_line){in->offsets[i], in->offsets[i + 1], true};
        return GALP_OK;
    }
    uint64_t taken = 0;
    for (uint64_t k = 1; taken < SAMPLE_BYTES && s->count < cap; k++) {
        const uint64_t i = mix(k) % in->n;
        const uint64_t lo = in->offsets[i], len = in->offsets[i + 1] - lo;
        sample_line line = {lo, lo + len, true};
        if (len > SAMPLE_LINE) {
            line.lo = lo + mix(k ^ 0xABCDu) % (len - SAMPLE_LINE + 1);
            line.hi = line.lo + SAMPLE_LINE;
            line.ends = line.hi == lo + len;
        }
        s->lines[s->count++] = line;
        taken += line.hi - line.lo + 1;
        s->bytes += line.hi - line.lo;
    }
    return GALP_OK;
}

/* The distinct bytes of the sampled lines, which are the only bytes a round escapes. */
static void index_bytes(const galp_fsst_input *in, sample *s)
{
    bool seen[256] = {false};
    for (size_t l = 0; l < s->count; l++) {
        const uint8_t *p = galp_fsst_input_at(in, s->lines[l].lo);
        for (uint64_t i = 0; i < s->lines[l].hi - s->lines[l].lo; i++)
            seen[p[i]] = true;
    }
    s->distinct = 0;
    for (unsigned v = 0; v < 256; v++)
        if (seen[v]) {
            s->rank[v] = (uint8_t)s->distinct;
            s->byte[s->distinct++] = (uint8_t)v;
        }
}

static int by_length(const void *a, const void *b)
{
    const uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* spec/fsst.md §7 step 1: when one non-zero length is that of at least half the sampled
 * strings, vectors will likely use it as their default length, and strings of that length end
 * without a terminal symbol: they are counted without their end. */
static galp_status mark_default_length(sample *s)
{
    uint64_t *lengths = malloc((s->count ? s->count : 1) * sizeof *lengths);
    if (lengths == NULL)
        return GALP_ERR_NO_MEMORY;
    size_t n = 0;
    for (size_t l = 0; l < s->count; l++)
        if (s->lines[l].ends)
            lengths[n++] = s->lines[l].hi - s->lines[l].lo;
    qsort(lengths, n, sizeof *lengths, by_length);
    uint64_t common = 0;
    size_t common_run = 0;
    for (size_t i = 0, run = 1; i < n; i++, run++)
        if (i + 1 == n || lengths[i + 1] != lengths[i]) {
            if (run > common_run && lengths[i] != 0) {
                common = lengths[i];
                common_run = run;
            }
            run = 0;
        }
    free(lengths);
    if (2 * common_run >= n)
        for (size_t l = 0; l < s->count; l++)
            if (s->lines[l].ends && s->lines[l].hi - s->lines[l].lo == common)
                s->lines[l].ends = false;
    return GALP_OK;
}

/* A candidate symbol and its gain. */
typedef struct candidate {
    uint8_t bytes[GALP_FSST_MAX_SYMBOL_LEN];
    uint8_t len;
    bool terminal;
    bool in_table; /* a symbol of the table counted */
    uint64_t gain;
} candidate;

/* The candidate of id `id` of a round that counted table t over sample s. */
static candidate symbol_of(const galp_fsst_table *t, const sample *s, unsigned id)
{
    candidate c = {{0}, 0, false, false, 0};
    if (id < t->count) {
        memcpy(c.bytes, t->bytes[id], GALP_FSST_MAX_SYMBOL_LEN);
        c.len = t->len[id];
        c.terminal = t->terminal[id];
        c.in_table = true;
    } else if (id < t->count + s->distinct) {
        c.bytes[0] = s->byte[id - t->count];
        c.len = 1;
    } else {
        c.terminal = true;
    }
    return c;
}

/* Candidates keyed by symbol, gains summed (open addressing). `filled` lists the used slots,
 * so that a round reads and clears only those, however large the set. */
typedef struct candidate_set {
    candidate *slots;
    bool *used;
    uint32_t *filled; /* count entries, room for size / 2 */
    size_t size;      /* a power of two */
    size_t count;
} candidate_set;

static uint64_t candidate_key(const candidate *c)
{
    uint64_t w = 0;
    memcpy(&w, c->bytes, sizeof w);
    return mix(w ^ ((uint64_t)c->len << 1 | c->terminal) * 0x100000001B3u);
}

static bool same_symbol(const candidate *a, const candidate *b)
{
    return a->len == b->len && a->terminal == b->terminal &&
           memcmp(a->bytes, b->bytes, GALP_FSST_MAX_SYMBOL_LEN) == 0;
}

static void add_candidate(candidate_set *set, const candidate *c)
{
    size_t i = (size_t)candidate_key(c) & (set->size - 1);
    while (set->used[i]) {
        if (same_symbol(&set->slots[i], c)) {
            set->slots[i].gain += c->gain;
            set->slots[i].in_table |= c->in_table;
            return;
        }
        i = (i + 1) & (set->size - 1);
    }
    if (set->count + 1 >= set->size / 2)
        return; /* full enough: later candidates of a huge round are dropped */
    set->used[i] = true;
    set->slots[i] = *c;
    set->filled[set->count++] = (uint32_t)i;
}

static void clear_candidates(candidate_set *set)
{
    for (size_t i = 0; i < set->count; i++)
        set->used[set->filled[i]] = false;
    set->count = 0;
}

/* Counts of one round over `ids` ids (k + distinct bytes + 1): each id, and each adjacent pair
 * (row: the first id). The arrays have room for the most ids, 255 + distinct bytes + 1. */
typedef struct counts {
    unsigned ids;
    uint32_t *one; /* ids */
    uint32_t *two; /* ids × ids */
} counts;

/* Counts each code of a parse and each adjacent pair, within one string. */
typedef struct round_counter {
    counts *c;
    const sample *s;
    unsigned symbols; /* k of the table counted */
    unsigned prev;    /* UINT_MAX at the string's start */
} round_counter;

static void count_step(void *ctx, unsigned step)
{
    round_counter *r = ctx;
    const unsigned id = step < GALP_FSST_STEP_BYTE ? step
                        : step < GALP_FSST_STEP_END
                            ? r->symbols + r->s->rank[step - GALP_FSST_STEP_BYTE]
                            : r->c->ids - 1;
    r->c->one[id]++;
    if (r->prev != UINT_MAX)
        r->c->two[(size_t)r->prev * r->c->ids + id]++;
    r->prev = id;
}

/* spec/fsst.md §7 step 2: the sample's lines the round takes, each parsed into the fewest
 * codes (fsst_parse.c) with a table of `symbols` symbols, counted; returns their code bytes
 * (an escape is 2). */
static uint64_t count_round(const galp_fsst_input *in, const sample *s, unsigned frac,
                            unsigned symbols, galp_fsst_matcher *matcher, counts *c)
{
    /* A pair's first id was counted too, so only the rows of ids the previous round counted
     * hold pair counts: clearing those leaves every count zero (c starts zeroed, ids 0). */
    for (unsigned a = 0; a < c->ids; a++)
        if (c->one[a] != 0)
            memset(c->two + (size_t)a * c->ids, 0, c->ids * sizeof *c->two);
    memset(c->one, 0, c->ids * sizeof *c->one);
    c->ids = symbols + s->distinct + 1;
    uint64_t cost = 0;
    for (size_t l = 0; l < s->count; l++) {
        if (frac < 128 && mix(l + 7) % 128 >= frac)
            continue;
        round_counter r = {c, s, symbols, UINT_MAX};
        cost += galp_fsst_parse(matcher, galp_fsst_input_at(in, s->lines[l].lo),
                                s->lines[l].hi - s->lines[l].lo, s->lines[l].ends, count_step,
                                &r);
    }
    return cost;
}

static int by_gain(const void *a, const void *b)
{
    const candidate *x = a, *y = b;
    if (x->gain != y->gain)
        return x->gain > y->gain ? -1 : 1;
    if (x->len != y->len)
        return x->len > y->len ? -1 : 1;
    if (x->terminal != y->terminal)
        return x->terminal ? -1 : 1;
    return memcmp(x->bytes, y->bytes, GALP_FSST_MAX_SYMBOL_LEN);
}

/* spec/fsst.md §7 step 4, the second construction: each of the 1 to 8 last bytes of each
 * sampled string that ends, as a terminal candidate with a small gain, so that the rounds
 * weigh string ends the parse has not yet cut a symbol at. */
static void add_suffixes(const galp_fsst_input *in, const sample *s, candidate_set *set)
{
    for (size_t l = 0; l < s->count; l++) {
        const sample_line *line = &s->lines[l];
        const uint64_t len = line->ends ? line->hi - line->lo : 0;
        for (unsigned r = 1; r <= GALP_FSST_MAX_SYMBOL_LEN && r <= len; r++) {
            candidate end = {{0}, (uint8_t)r, true, false, reach_weight[r + 1] / SUFFIX_DIVISOR};
            memcpy(end.bytes, galp_fsst_input_at(in, line->hi - r), r);
            add_candidate(set, &end);
        }
    }
}

/* spec/fsst.md §7 steps 2 and 3: the next table from the counts c of table t over sample s
 * (and the suffixes of s's strings with `suffixes`): the 255 candidates of highest gain, or
 * with swap > 0, t less its `swap` symbols of lowest gain plus the `swap` best candidates not
 * in t. Returns the number of symbols of `out` that are not symbols of t counted. */
static unsigned next_table(const galp_fsst_table *t, const counts *c, unsigned frac,
                           const sample *s, unsigned swap, const galp_fsst_input *in,
                           bool suffixes, candidate_set *set, galp_fsst_table *out)
{
    clear_candidates(set);
    /* FSST's floor of 5 · frac / 128 counts, in proportion for a sample smaller than the
     * full one, and at least 1. */
    uint64_t floor = 5u * frac * (s->bytes < SAMPLE_BYTES ? s->bytes : SAMPLE_BYTES) /
                     (128u * (uint64_t)SAMPLE_BYTES);
    floor = floor > 0 ? floor : 1;
    for (unsigned a = 0; a < c->ids; a++) {
        if (c->one[a] == 0)
            continue;
        candidate sa = symbol_of(t, s, a);
        const unsigned reach_a = sa.len + sa.terminal;
        if (c->one[a] >= floor) {
            sa.gain = (uint64_t)c->one[a] * reach_weight[reach_a];
            add_candidate(set, &sa);
        }
        if (sa.terminal)
            continue;
        for (unsigned b = 0; b < c->ids; b++) {
            const uint32_t pair = c->two[(size_t)a * c->ids + b];
            if (pair == 0 || pair < floor)
                continue;
            const candidate sb = symbol_of(t, s, b);
            if (sa.len + sb.len > GALP_FSST_MAX_SYMBOL_LEN)
                continue;
            candidate ab = sa;
            memcpy(ab.bytes + sa.len, sb.bytes, sb.len);
            ab.len = (uint8_t)(sa.len + sb.len);
            ab.terminal = sb.terminal;
            ab.in_table = false;
            ab.gain = (uint64_t)pair * reach_weight[ab.len + ab.terminal];
            add_candidate(set, &ab);
        }
    }
    if (suffixes)
        add_suffixes(in, s, set);
    /* The candidates are distinct and by_gain orders any two: their order here is immaterial. */
    candidate *all = set->slots + set->size; /* the scratch half after the slots */
    const size_t n = set->count;
    for (size_t i = 0; i < n; i++)
        all[i] = set->slots[set->filled[i]];
    qsort(all, n, sizeof *all, by_gain);
    size_t kept = 0;
    for (size_t i = 0; i < n; i++)
        kept += all[i].in_table;
    kept = kept + swap > GALP_FSST_MAX_SYMBOLS ? GALP_FSST_MAX_SYMBOLS - swap : kept;
    size_t old = 0, fresh = 0;
    unsigned taken_fresh = 0;
    out->count = 0;
    for (size_t i = 0; i < n && out->count < GALP_FSST_MAX_SYMBOLS; i++) {
        if (swap > 0 && (all[i].in_table ? old++ >= kept : fresh++ >= swap))
            continue;
        const uint32_t k = out->count++;
        memcpy(out->bytes[k], all[i].bytes, GALP_FSST_MAX_SYMBOL_LEN);
        out->len[k] = all[i].len;
        out->terminal[k] = all[i].terminal;
        taken_fresh += !all[i].in_table;
    }
    return taken_fresh;
}

/* spec/fsst.md §7 step 5: the zero-byte terminal symbol, in place of the last if full. */
static void keep_end_symbol(galp_fsst_table *t)
{
    for (uint32_t c = 0; c < t->count; c++)
        if (t->len[c] == 0)
            return;
    const uint32_t k = t->count < GALP_FSST_MAX_SYMBOLS ? t->count++ : t->count - 1;
    memset(t->bytes[k], 0, GALP_FSST_MAX_SYMBOL_LEN);
    t->len[k] = 0;
    t->terminal[k] = true;
}

/* The most bytes of one sampled line: the parse's matcher is sized for them. */
static uint64_t longest_line(const sample *s)
{
    uint64_t longest = 0;
    for (size_t l = 0; l < s->count; l++)
        if (s->lines[l].hi - s->lines[l].lo > longest)
            longest = s->lines[l].hi - s->lines[l].lo;
    return longest;
}

#define CANDIDATE_SLOTS_MAX (1u << 18)

/* Slots of the candidate set: twice the candidates a round can count (every id, every
 * adjacent pair of the sample), so that none is dropped, up to CANDIDATE_SLOTS_MAX. Sized to
 * the sample so that a small column does not clear a large set every round. */
static size_t candidate_slots(const sample *s)
{
    const uint64_t most = STEPS + s->bytes + s->count;
    size_t slots = 1024;
    while (slots < CANDIDATE_SLOTS_MAX && slots / 2 <= most + 1)
        slots *= 2;
    return slots;
}

/* The working memory of the constructions. Two sets of counts: `best_counts` are those of
 * `best` (over the whole sample), `scratch` those of the table counted last otherwise, so
 * that a table is never counted twice. */
typedef struct builder {
    const galp_fsst_input *in;
    sample s;
    counts c[2];
    counts *scratch, *best_counts;
    candidate_set set;
    galp_fsst_matcher *matcher; /* sized for the sample's lines */
    galp_fsst_table *next, *best;
} builder;

/* Code bytes of the sample lines a round of `frac` takes under table t, counted into
 * b->scratch. */
static uint64_t count_table(builder *b, const galp_fsst_table *t, unsigned frac)
{
    galp_fsst_matcher_use(b->matcher, t);
    return count_round(b->in, &b->s, frac, t->count, b->matcher, b->scratch);
}

/* t, whose counts b->scratch holds, becomes b->best. */
static void take_best(builder *b, const galp_fsst_table *t)
{
    *b->best = *t;
    counts *kept = b->best_counts;
    b->best_counts = b->scratch;
    b->scratch = kept;
}

/* The same symbols in the same order: the same parse, counts and next table. */
static bool same_table(const galp_fsst_table *x, const galp_fsst_table *y)
{
    if (x->count != y->count)
        return false;
    for (uint32_t c = 0; c < x->count; c++)
        if (x->len[c] != y->len[c] || x->terminal[c] != y->terminal[c] ||
            memcmp(x->bytes[c], y->bytes[c], GALP_FSST_MAX_SYMBOL_LEN) != 0)
            return false;
    return true;
}

/* spec/fsst.md §7 step 3: the rounds rebuild the whole table from estimated gains, which can
 * throw out symbols that were worth more than their replacements. Refinement exchanges a few
 * symbols at a time, the lowest-gain ones for the best new candidates, and keeps an exchange
 * only if the sample's codes plus the table's bytes shrink; a rejected one halves the number
 * exchanged. b->best (whose sample codes cost best_cost) becomes the refined table, *size its
 * sample codes plus its bytes. */
static void refine(builder *b, uint64_t best_cost, uint64_t *size)
{
    uint64_t best_size = best_cost + galp_fsst_table_size(b->best, false);
    unsigned swap = REFINE_SWAP;
    for (int r = 0; r < REFINE_ROUNDS && swap > 0; r++) {
        const unsigned fresh = next_table(b->best, b->best_counts, 128u, &b->s, swap, b->in,
                                          false, &b->set, b->next);
        /* No new symbol, and every symbol of best kept (the candidates are distinct): there is
         * no candidate outside best, and every smaller exchange gives best's symbols back too,
         * whose codes cost the same in any order. */
        if (fresh == 0 && b->next->count == b->best->count)
            break;
        const uint64_t size_next =
            count_table(b, b->next, 128u) + galp_fsst_table_size(b->next, false);
        if (size_next < best_size) {
            best_size = size_next;
            take_best(b, b->next);
            continue;
        }
        swap /= 2;
    }
    *size = best_size;
}

/* spec/fsst.md §7 steps 2 and 3, with or without the suffix candidates: the table into `out`,
 * and what it costs on the sample (code bytes plus the table's bytes) into *size. */
static void construct(builder *b, bool suffixes, galp_fsst_table *out, uint64_t *size)
{
    memset(out, 0, sizeof *out);
    /* The rounds, then one more count of the last table: of the tables counted over the whole
     * sample, the one that encodes it smallest is kept. */
    uint64_t best_cost = UINT64_MAX;
    for (int r = 0; r <= ROUNDS; r++) {
        const unsigned frac = r < ROUNDS ? round_frac[r] : 128u;
        const uint64_t cost = count_table(b, out, frac);
        const counts *counted = b->scratch;
        if (frac == 128u && cost < best_cost) {
            best_cost = cost;
            take_best(b, out);
            counted = b->best_counts;
        }
        if (r == ROUNDS)
            break;
        next_table(out, counted, frac, &b->s, 0, b->in, suffixes, &b->set, b->next);
        /* A whole-sample round that gives back its own table is a fixed point: every later
         * round would count that table again at the same cost. */
        if (frac == 128u && same_table(b->next, out))
            break;
        *out = *b->next;
    }
    refine(b, best_cost, size);
    *out = *b->best;
}

/* Whether a sampled line ends its string: without one, the second construction has no
 * suffix candidates and repeats the first. */
static bool any_end(const sample *s)
{
    for (size_t l = 0; l < s->count; l++)
        if (s->lines[l].ends)
            return true;
    return false;
}

galp_status galp_fsst_build_table(const galp_fsst_input *input, galp_fsst_table *table)
{
    memset(table, 0, sizeof *table);
    builder b = {.in = input};
    galp_status status = take_sample(input, &b.s);
    if (status == GALP_OK)
        status = mark_default_length(&b.s);
    const size_t slots = status == GALP_OK ? candidate_slots(&b.s) : 1;
    if (status == GALP_OK)
        index_bytes(input, &b.s);
    const size_t ids = GALP_FSST_MAX_SYMBOLS + b.s.distinct + 1;
    for (int k = 0; k < 2; k++)
        b.c[k] = (counts){0, calloc(ids, sizeof *b.c[k].one),
                          calloc(ids * ids, sizeof *b.c[k].two)};
    b.scratch = &b.c[0];
    b.best_counts = &b.c[1];
    b.set = (candidate_set){calloc(2 * slots, sizeof *b.set.slots),
                            calloc(slots, sizeof *b.set.used),
                            malloc(slots / 2 * sizeof *b.set.filled), slots, 0};
    b.next = malloc(sizeof *b.next);
    b.best = malloc(sizeof *b.best);
    galp_fsst_table *other = malloc(sizeof *other);
    if (b.c[0].one == NULL || b.c[0].two == NULL || b.c[1].one == NULL || b.c[1].two == NULL ||
        b.set.slots == NULL || b.set.used == NULL || b.set.filled == NULL || b.next == NULL ||
        b.best == NULL || other == NULL)
        status = GALP_ERR_NO_MEMORY;
    b.matcher = status == GALP_OK ? galp_fsst_matcher_new(table, longest_line(&b.s)) : NULL;
    if (b.matcher == NULL)
        status = GALP_ERR_NO_MEMORY;
    /* spec/fsst.md §7 step 4: two constructions, without and with the suffix candidates; the
     * smaller on the sample is kept, the first on a tie. */
    if (status == GALP_OK) {
        uint64_t size, other_size;
        construct(&b, false, table, &size);
        if (any_end(&b.s)) {
            construct(&b, true, other, &other_size);
            if (other_size < size)
                *table = *other;
        }
        keep_end_symbol(table);
    }
    galp_fsst_matcher_free(b.matcher);
    free(b.s.lines);
    for (int k = 0; k < 2; k++) {
        free(b.c[k].one);
        free(b.c[k].two);
    }
    free(b.set.slots);
    free(b.set.used);
    free(b.set.filled);
    free(b.next);
    free(b.best);
    free(other);
    return status;
}
