/*
 * ssb_plan.c — SSB's 13 queries (SSB §3, the text in ssb_gen.py) as plans over the loaded
 * columns, and the answers written as DuckDB writes them (answers/qN.M.csv).
 */
#include "ssb_plan.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A dimension filter: column in [lo, hi], or in [lo2, hi2] when lo2 is set; constants are
 * strings for a string column (a range of words, dictionaries being in byte order), numbers
 * otherwise. */
typedef struct filter_def {
    int column; /* ssb_dim_column; 0 with lo NULL: no filter */
    const char *lo, *hi, *lo2, *hi2;
} filter_def;

typedef struct dimension_def {
    int used;
    filter_def filter[2];
    int attribute; /* ssb_dim_column grouped by, or −1 */
} dimension_def;

typedef struct query_def {
    const char *name, *header;
    struct {
        int column; /* ssb_fact_column, −1: none */
        uint32_t lo, hi;
    } fact_filter[SSB_MAX_FACT_FILTERS];
    dimension_def dim[SSB_DIMENSIONS];
    ssb_dimension probe_order[SSB_DIMENSIONS];
    int probes;
    ssb_measure measure;
    int outputs;
    int output[SSB_MAX_OUTPUT]; /* ssb_dimension of an attribute, or −1 for the sum */
    int order_by_sum_desc;
} query_def;

#define EQ(c, v) {c, v, v, NULL, NULL}
#define BETWEEN(c, a, b) {c, a, b, NULL, NULL}
#define IN2(c, a, b) {c, a, a, b, b}
#define NONE {0, NULL, NULL, NULL, NULL}
#define NO_FACT_FILTERS {{-1, 0, 0}, {-1, 0, 0}}
#define FLIGHT1(name, date_a, date_b, d_lo, d_hi, q_lo, q_hi)                                   \
    {name, "revenue", {{SSB_LO_DISCOUNT, d_lo, d_hi}, {SSB_LO_QUANTITY, q_lo, q_hi}},          \
     {{1, {date_a, date_b}, -1}}, {SSB_DATE}, 1, SSB_EXTENDEDPRICE_X_DISCOUNT, 1, {-1}, 0}
#define FLIGHT2(name, part_filter, region)                                                     \
    {name, "sum(lo_revenue),d_year,p_brand1", NO_FACT_FILTERS,                                \
     {{1, {NONE, NONE}, SSB_D_YEAR}, {0, {NONE, NONE}, -1},                                    \
      {1, {EQ(SSB_S_REGION, region), NONE}, -1}, {1, {part_filter, NONE}, SSB_P_BRAND1}},      \
     {SSB_PART, SSB_SUPPLIER, SSB_DATE}, 3, SSB_REVENUE, 3, {-1, SSB_DATE, SSB_PART}, 0}
#define FLIGHT3(name, header, c_filter, s_filter, date_filter, c_attr, s_attr)                 \
    {name, header, NO_FACT_FILTERS,                                                            \
     {{1, {date_filter, NONE}, SSB_D_YEAR}, {1, {c_filter, NONE}, c_attr},                    \
      {1, {s_filter, NONE}, s_attr}, {0, {NONE, NONE}, -1}},                                   \
     {SSB_CUSTOMER, SSB_SUPPLIER, SSB_DATE}, 3, SSB_REVENUE, 4,                                \
     {SSB_CUSTOMER, SSB_SUPPLIER, SSB_DATE, -1}, 1}

static const query_def queries[SSB_QUERIES] = {
    FLIGHT1("q1.1", EQ(SSB_D_YEAR, "1993"), NONE, 1, 3, 0, 24),
    FLIGHT1("q1.2", EQ(SSB_D_YEARMONTHNUM, "199401"), NONE, 4, 6, 26, 35),
    FLIGHT1("q1.3", EQ(SSB_D_WEEKNUMINYEAR, "6"), EQ(SSB_D_YEAR, "1994"), 5, 7, 26, 35),
    FLIGHT2("q2.1", EQ(SSB_P_CATEGORY, "MFGR#12"), "AMERICA"),
    FLIGHT2("q2.2", BETWEEN(SSB_P_BRAND1, "MFGR#2221", "MFGR#2228"), "ASIA"),
    FLIGHT2("q2.3", EQ(SSB_P_BRAND1, "MFGR#2239"), "EUROPE"),
    FLIGHT3("q3.1", "c_nation,s_nation,d_year,revenue", EQ(SSB_C_REGION, "ASIA"),
            EQ(SSB_S_REGION, "ASIA"), BETWEEN(SSB_D_YEAR, "1992", "1997"), SSB_C_NATION,
            SSB_S_NATION),
    FLIGHT3("q3.2", "c_city,s_city,d_year,revenue", EQ(SSB_C_NATION, "UNITED STATES"),
            EQ(SSB_S_NATION, "UNITED STATES"), BETWEEN(SSB_D_YEAR, "1992", "1997"),
            SSB_C_CITY, SSB_S_CITY),
    FLIGHT3("q3.3", "c_city,s_city,d_year,revenue", IN2(SSB_C_CITY, "UNITED KI1", "UNITED KI5"),
            IN2(SSB_S_CITY, "UNITED KI1", "UNITED KI5"), BETWEEN(SSB_D_YEAR, "1992", "1997"),
            SSB_C_CITY, SSB_S_CITY),
    FLIGHT3("q3.4", "c_city,s_city,d_year,revenue", IN2(SSB_C_CITY, "UNITED KI1", "UNITED KI5"),
            IN2(SSB_S_CITY, "UNITED KI1", "UNITED KI5"), EQ(SSB_D_YEARMONTH, "Dec1997"),
            SSB_C_CITY, SSB_S_CITY),
    {"q4.1", "d_year,c_nation,profit", NO_FACT_FILTERS,
     {{1, {NONE, NONE}, SSB_D_YEAR}, {1, {EQ(SSB_C_REGION, "AMERICA"), NONE}, SSB_C_NATION},
      {1, {EQ(SSB_S_REGION, "AMERICA"), NONE}, -1},
      {1, {IN2(SSB_P_MFGR, "MFGR#1", "MFGR#2"), NONE}, -1}},
     {SSB_SUPPLIER, SSB_CUSTOMER, SSB_PART, SSB_DATE}, 4, SSB_PROFIT, 3,
     {SSB_DATE, SSB_CUSTOMER, -1}, 0},
    {"q4.2", "d_year,s_nation,p_category,profit", NO_FACT_FILTERS,
     {{1, {IN2(SSB_D_YEAR, "1997", "1998"), NONE}, SSB_D_YEAR},
      {1, {EQ(SSB_C_REGION, "AMERICA"), NONE}, -1},
      {1, {EQ(SSB_S_REGION, "AMERICA"), NONE}, SSB_S_NATION},
      {1, {IN2(SSB_P_MFGR, "MFGR#1", "MFGR#2"), NONE}, SSB_P_CATEGORY}},
     {SSB_DATE, SSB_SUPPLIER, SSB_CUSTOMER, SSB_PART}, 4, SSB_PROFIT, 4,
     {SSB_DATE, SSB_SUPPLIER, SSB_PART, -1}, 0},
    {"q4.3", "d_year,s_city,p_brand1,profit", NO_FACT_FILTERS,
     {{1, {IN2(SSB_D_YEAR, "1997", "1998"), NONE}, SSB_D_YEAR},
      {1, {EQ(SSB_C_REGION, "AMERICA"), NONE}, -1},
      {1, {EQ(SSB_S_NATION, "UNITED STATES"), NONE}, SSB_S_CITY},
      {1, {EQ(SSB_P_CATEGORY, "MFGR#14"), NONE}, SSB_P_BRAND1}},
     {SSB_PART, SSB_SUPPLIER, SSB_DATE, SSB_CUSTOMER}, 4, SSB_PROFIT, 4,
     {SSB_DATE, SSB_SUPPLIER, SSB_PART, -1}, 0},
};

/* The fact column holding each dimension's key, and the dimension's key column. */
static const ssb_fact_column fact_keys[SSB_DIMENSIONS] = {SSB_LO_ORDERDATE, SSB_LO_CUSTKEY,
                                                          SSB_LO_SUPPKEY, SSB_LO_PARTKEY};
static const ssb_dim_column dim_keys[SSB_DIMENSIONS] = {SSB_D_DATEKEY, SSB_C_CUSTKEY,
                                                        SSB_S_SUPPKEY, SSB_P_PARTKEY};

/* The code range of the words w with a <= w <= b (empty: lo > hi). */
static void word_range(const ssb_data *d, ssb_dim_column c, const char *a, const char *b,
                       uint32_t *lo, uint32_t *hi)
{
    uint32_t first = 0, end = d->word_count[c];
    while (first < end && strcmp(d->words[c][first], a) < 0)
        first++;
    while (end > first && strcmp(d->words[c][end - 1], b) > 0)
        end--;
    *lo = first == end ? 1u : first;
    *hi = first == end ? 0u : end - 1u;
}

static int number(const char *s, uint32_t *v)
{
    char *end;
    errno = 0;
    unsigned long x = strtoul(s, &end, 10);
    *v = (uint32_t)x;
    return errno == 0 && *end == '\0' && x <= 0xffffffffu ? 0 : -1;
}

static int resolve(const ssb_data *d, const filter_def *f, ssb_ranges *r, char *err,
                   size_t err_len)
{
    const char *bounds[2][2] = {{f->lo, f->hi}, {f->lo2, f->hi2}};
    for (int k = 0; k < 2; k++) {
        r->lo[k] = 1;
        r->hi[k] = 0;
        if (bounds[k][0] == NULL)
            continue;
        if (ssb_dim_column_is_string((ssb_dim_column)f->column))
            word_range(d, (ssb_dim_column)f->column, bounds[k][0], bounds[k][1], &r->lo[k],
                       &r->hi[k]);
        else if (number(bounds[k][0], &r->lo[k]) != 0 || number(bounds[k][1], &r->hi[k]) != 0)
            return ssb_fail(err, err_len, "bad constant %s … %s", bounds[k][0], bounds[k][1]);
    }
    return 0;
}

static void min_max(const uint32_t *v, uint64_t n, uint32_t *lo, uint32_t *hi)
{
    *lo = 0xffffffffu;
    *hi = 0;
    for (uint64_t i = 0; i < n; i++) {
        *lo = v[i] < *lo ? v[i] : *lo;
        *hi = v[i] > *hi ? v[i] : *hi;
    }
}

static int build(const ssb_data *d, const query_def *q, ssb_plan *p, char *err, size_t err_len)
{
    memset(p, 0, sizeof *p);
    p->name = q->name;
    p->header = q->header;
    p->measure = q->measure;
    p->order_by_sum_desc = q->order_by_sum_desc;
    for (int f = 0; f < SSB_MAX_FACT_FILTERS && q->fact_filter[f].column >= 0; f++) {
        p->fact_column[f] = (ssb_fact_column)q->fact_filter[f].column;
        p->fact_filter[f] = (ssb_ranges){{q->fact_filter[f].lo, 1}, {q->fact_filter[f].hi, 0}};
        p->fact_filters++;
    }
    for (int t = 0; t < SSB_DIMENSIONS; t++) {
        const dimension_def *def = &q->dim[t];
        ssb_dimension_plan *dp = &p->dim[t];
        dp->used = def->used;
        dp->key = fact_keys[t];
        dp->key_column = dim_keys[t];
        dp->attribute = def->used ? def->attribute : -1;
        for (int f = 0; f < 2; f++) {
            dp->filter_column[f] = def->used && def->filter[f].lo != NULL ? def->filter[f].column
                                                                          : -1;
            if (dp->filter_column[f] >= 0 &&
                resolve(d, &def->filter[f], &dp->filter[f], err, err_len) != 0)
                return -1;
        }
        if (dp->attribute >= 0) {
            uint32_t hi;
            min_max(d->dim[dp->attribute], d->dim_rows[t], &dp->base, &hi);
            dp->cardinality = hi - dp->base + 1u;
        }
    }
    /* The group index: the attributes in output order, the first the most significant. */
    uint64_t stride = 1;
    for (int o = q->outputs - 1; o >= 0; o--) {
        p->output[o].is_sum = q->output[o] < 0;
        if (p->output[o].is_sum)
            continue;
        p->output[o].dimension = (ssb_dimension)q->output[o];
        ssb_dimension_plan *dp = &p->dim[q->output[o]];
        dp->stride = (uint32_t)stride;
        stride *= dp->cardinality;
        if (stride > (1u << 28))
            return ssb_fail(err, err_len, "%s: %llu groups, too many", q->name,
                        (unsigned long long)stride);
    }
    p->groups = (uint32_t)stride;
    p->outputs = q->outputs;
    for (int k = 0; k < q->probes; k++)
        p->probe_order[k] = q->probe_order[k];
    p->probes = q->probes;
    return 0;
}

int ssb_plans_build(const ssb_data *d, ssb_plan plans[SSB_QUERIES], char *err, size_t err_len)
{
    /* string ranges need the dictionaries in byte order, as ssb_gen.py writes them */
    for (int c = 0; c < SSB_DIM_COLUMNS; c++)
        for (uint32_t k = 1; k < d->word_count[c]; k++)
            if (strcmp(d->words[c][k - 1], d->words[c][k]) >= 0)
                return ssb_fail(err, err_len, "dictionary of %s not in byte order at word %u",
                            ssb_dim_column_name((ssb_dim_column)c), k);
    for (int q = 0; q < SSB_QUERIES; q++)
        if (build(d, &queries[q], &plans[q], err, err_len) != 0)
            return -1;
    return 0;
}

void ssb_table_extent(const ssb_data *d, ssb_dimension t, uint32_t *key_min, uint32_t *size)
{
    uint32_t hi;
    min_max(d->dim[dim_keys[t]], d->dim_rows[t], key_min, &hi);
    *size = hi - *key_min + 1u;
}

/* ---- answers -------------------------------------------------------------------------- */

typedef struct answer_row {
    uint32_t group;
    uint32_t year; /* the date attribute's slot, for flight 3's order */
    long long sum;
} answer_row;

static int by_year_then_sum_desc(const void *a, const void *b)
{
    const answer_row *x = a, *y = b;
    if (x->year != y->year)
        return x->year < y->year ? -1 : 1;
    if (x->sum != y->sum)
        return x->sum > y->sum ? -1 : 1;
    return x->group < y->group ? -1 : x->group > y->group;
}

/* A CSV field as Python's csv module writes it: quoted when it holds , " or a line break. */
static void put_field(FILE *f, const char *s)
{
    if (strpbrk(s, ",\"\r\n") == NULL) {
        fputs(s, f);
        return;
    }
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

static void put_row(FILE *f, const ssb_data *d, const ssb_plan *p, const answer_row *row,
                    int empty_sum)
{
    for (int o = 0; o < p->outputs; o++) {
        if (o > 0)
            fputc(',', f);
        if (p->output[o].is_sum) {
            if (!empty_sum)
                fprintf(f, "%lld", row->sum);
            continue;
        }
        const ssb_dimension_plan *dp = &p->dim[p->output[o].dimension];
        const uint32_t value = row->group / dp->stride % dp->cardinality + dp->base;
        if (ssb_dim_column_is_string((ssb_dim_column)dp->attribute))
            put_field(f, d->words[dp->attribute][value]);
        else
            fprintf(f, "%u", value);
    }
    fputc('\n', f);
}

int ssb_answer_write(const ssb_data *d, const ssb_plan *p, const ssb_result *r, const char *dir,
                     char *err, size_t err_len)
{
    uint32_t rows = 0;
    for (uint32_t g = 0; g < p->groups; g++)
        rows += r->counts[g] != 0;
    answer_row *row = malloc(((size_t)rows + 1) * sizeof *row);
    if (row == NULL)
        return ssb_fail(err, err_len, "%s: out of memory", p->name);
    rows = 0;
    const ssb_dimension_plan *date = &p->dim[SSB_DATE];
    for (uint32_t g = 0; g < p->groups; g++)
        if (r->counts[g] != 0)
            row[rows++] = (answer_row){g, date->stride ? g / date->stride % date->cardinality : 0,
                                       r->sums[g]};
    if (p->order_by_sum_desc)
        qsort(row, rows, sizeof *row, by_year_then_sum_desc);

    char path[4096];
    snprintf(path, sizeof path, "%s/%s.csv", dir, p->name);
    FILE *f = fopen(path, "w");
    if (f == NULL) {
        free(row);
        return ssb_fail(err, err_len, "%s: cannot create", path);
    }
    fprintf(f, "%s\n", p->header);
    if (p->groups == 1 && rows == 0) { /* an aggregate without groups over no rows: NULL */
        row[0] = (answer_row){0, 0, 0};
        put_row(f, d, p, &row[0], 1);
    }
    for (uint32_t k = 0; k < rows; k++)
        put_row(f, d, p, &row[k], 0);
    free(row);
    if (fclose(f) != 0)
        return ssb_fail(err, err_len, "%s: write failed", path);
    return 0;
}
