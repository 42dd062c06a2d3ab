/*
 * ssb_data.c — loading an ssb_gen.py output directory (docs/SSB.md) into host memory.
 */
#include "ssb_data.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const fact_names[SSB_FACT_COLUMNS] = {
    "lo_orderdate", "lo_quantity", "lo_discount", "lo_extendedprice", "lo_revenue",
    "lo_supplycost", "lo_custkey", "lo_suppkey", "lo_partkey"};

static const struct {
    const char *name;
    ssb_dimension table;
    int is_string;
} dim_columns[SSB_DIM_COLUMNS] = {
    {"d_datekey", SSB_DATE, 0},      {"d_year", SSB_DATE, 0},
    {"d_yearmonthnum", SSB_DATE, 0}, {"d_weeknuminyear", SSB_DATE, 0},
    {"d_yearmonth", SSB_DATE, 1},    {"c_custkey", SSB_CUSTOMER, 0},
    {"c_city", SSB_CUSTOMER, 1},     {"c_nation", SSB_CUSTOMER, 1},
    {"c_region", SSB_CUSTOMER, 1},   {"s_suppkey", SSB_SUPPLIER, 0},
    {"s_city", SSB_SUPPLIER, 1},     {"s_nation", SSB_SUPPLIER, 1},
    {"s_region", SSB_SUPPLIER, 1},   {"p_partkey", SSB_PART, 0},
    {"p_mfgr", SSB_PART, 1},         {"p_category", SSB_PART, 1},
    {"p_brand1", SSB_PART, 1}};

static const char *const table_names[SSB_DIMENSIONS] = {"ssb_date", "customer", "supplier",
                                                        "part"};

const char *ssb_fact_column_name(ssb_fact_column c) { return fact_names[c]; }
const char *ssb_dim_column_name(ssb_dim_column c) { return dim_columns[c].name; }
ssb_dimension ssb_dim_column_table(ssb_dim_column c) { return dim_columns[c].table; }
int ssb_dim_column_is_string(ssb_dim_column c) { return dim_columns[c].is_string; }

int ssb_fail(char *err, size_t err_len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, err_len, fmt, ap);
    va_end(ap);
    return -1;
}

/* The whole file, NUL-terminated; -1 with a message when it cannot be read. */
static int read_file(const char *path, char **bytes, size_t *len, char *err, size_t err_len)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return ssb_fail(err, err_len, "%s: cannot open", path);
    long size = fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
    char *buf = size >= 0 && fseek(f, 0, SEEK_SET) == 0 ? malloc((size_t)size + 1) : NULL;
    int ok = buf != NULL && fread(buf, 1, (size_t)size, f) == (size_t)size;
    fclose(f);
    if (!ok) {
        free(buf);
        return ssb_fail(err, err_len, "%s: cannot read", path);
    }
    buf[size] = '\0';
    *bytes = buf;
    *len = (size_t)size;
    return 0;
}

int ssb_column_read(const char *dir, const char *table, const char *name, uint32_t **values,
                    uint64_t *n, char *err, size_t err_len)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/columns/%s.%s.u32", dir, table, name);
    char *bytes;
    size_t len;
    if (read_file(path, &bytes, &len, err, err_len) != 0)
        return -1;
    if (len % 4u != 0 || len == 0) {
        free(bytes);
        return ssb_fail(err, err_len, "%s: %zu bytes, not a non-empty u32 column", path, len);
    }
    *values = (uint32_t *)(void *)bytes; /* malloc's alignment suits u32; the host is LE */
    *n = len / 4u;
    return 0;
}

/* dicts/TABLE.NAME.txt: one word per line, every line ended by '\n'. */
static int read_words(ssb_data *d, const char *dir, ssb_dim_column c, char *err, size_t err_len)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/dicts/%s.%s.txt", dir, table_names[dim_columns[c].table],
             dim_columns[c].name);
    size_t len;
    if (read_file(path, &d->text[c], &len, err, err_len) != 0)
        return -1;
    uint32_t lines = 0;
    for (size_t i = 0; i < len; i++)
        lines += d->text[c][i] == '\n';
    if (len == 0 || d->text[c][len - 1] != '\n')
        return ssb_fail(err, err_len, "%s: empty, or its last line has no newline", path);
    if ((d->words[c] = malloc(lines * sizeof *d->words[c])) == NULL)
        return ssb_fail(err, err_len, "%s: out of memory", path);
    char *at = d->text[c];
    for (uint32_t k = 0; k < lines; k++) {
        char *end = strchr(at, '\n');
        *end = '\0';
        d->words[c][k] = at;
        at = end + 1;
    }
    d->word_count[c] = lines;
    return 0;
}

/* A dimension's key column must index a perfect hash (ssb_plan.h): distinct keys over a range
 * of at most SSB_MAX_KEY_RANGE slots. */
#define SSB_MAX_KEY_RANGE (1u << 28)

static int check_keys(const uint32_t *keys, uint64_t n, const char *name, char *err,
                      size_t err_len)
{
    uint32_t lo = 0xffffffffu, hi = 0;
    for (uint64_t i = 0; i < n; i++) {
        lo = keys[i] < lo ? keys[i] : lo;
        hi = keys[i] > hi ? keys[i] : hi;
    }
    if (hi - lo >= SSB_MAX_KEY_RANGE)
        return ssb_fail(err, err_len, "%s: keys %u … %u, a range too wide for a perfect hash", name,
                    lo, hi);
    uint8_t *seen = calloc(((size_t)(hi - lo) >> 3) + 1, 1);
    if (seen == NULL)
        return ssb_fail(err, err_len, "%s: out of memory", name);
    int rc = 0;
    for (uint64_t i = 0; i < n && rc == 0; i++) {
        const uint32_t k = keys[i] - lo;
        if (seen[k >> 3] & (1u << (k & 7u)))
            rc = ssb_fail(err, err_len, "%s: key %u appears twice", name, keys[i]);
        seen[k >> 3] |= (uint8_t)(1u << (k & 7u));
    }
    free(seen);
    return rc;
}

static int load(ssb_data *d, const char *dir, char *err, size_t err_len)
{
    for (int c = 0; c < SSB_FACT_COLUMNS; c++) {
        uint64_t n;
        if (ssb_column_read(dir, "lineorder", fact_names[c], &d->fact[c], &n, err, err_len) != 0)
            return -1;
        if (c > 0 && n != d->fact_rows)
            return ssb_fail(err, err_len, "lineorder.%s: %llu rows, lineorder.%s has %llu",
                        fact_names[c], (unsigned long long)n, fact_names[0],
                        (unsigned long long)d->fact_rows);
        d->fact_rows = n;
    }
    for (int c = 0; c < SSB_DIM_COLUMNS; c++) {
        const ssb_dimension t = dim_columns[c].table;
        uint64_t n;
        if (ssb_column_read(dir, table_names[t], dim_columns[c].name, &d->dim[c], &n, err,
                            err_len) != 0)
            return -1;
        if (d->dim_rows[t] != 0 && n != d->dim_rows[t])
            return ssb_fail(err, err_len, "%s.%s: %llu rows, the table has %llu", table_names[t],
                        dim_columns[c].name, (unsigned long long)n,
                        (unsigned long long)d->dim_rows[t]);
        d->dim_rows[t] = n;
        if (c == SSB_D_DATEKEY || c == SSB_C_CUSTKEY || c == SSB_S_SUPPKEY || c == SSB_P_PARTKEY) {
            if (check_keys(d->dim[c], n, dim_columns[c].name, err, err_len) != 0)
                return -1;
        }
        if (!dim_columns[c].is_string)
            continue;
        if (read_words(d, dir, (ssb_dim_column)c, err, err_len) != 0)
            return -1;
        for (uint64_t i = 0; i < n; i++)
            if (d->dim[c][i] >= d->word_count[c])
                return ssb_fail(err, err_len, "%s.%s: row %llu has code %u, the dictionary %u words",
                            table_names[t], dim_columns[c].name, (unsigned long long)i,
                            d->dim[c][i], d->word_count[c]);
    }
    return 0;
}

int ssb_data_load(ssb_data *d, const char *dir, char *err, size_t err_len)
{
    memset(d, 0, sizeof *d);
    if (load(d, dir, err, err_len) == 0)
        return 0;
    ssb_data_free(d);
    return -1;
}

void ssb_data_free(ssb_data *d)
{
    for (int c = 0; c < SSB_FACT_COLUMNS; c++)
        free(d->fact[c]);
    for (int c = 0; c < SSB_DIM_COLUMNS; c++) {
        free(d->dim[c]);
        free(d->words[c]);
        free(d->text[c]);
    }
    memset(d, 0, sizeof *d);
}
