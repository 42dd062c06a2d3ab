/*
 * ssb_data.h — the columns and dictionaries of an ssb_gen.py output directory (docs/SSB.md),
 * loaded into host memory: the lineorder columns the 13 queries read, and the dimension
 * columns their filters and group-bys read.
 */
#ifndef GALP_BENCH_SSB_DATA_H
#define GALP_BENCH_SSB_DATA_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The lineorder columns the queries read. */
typedef enum ssb_fact_column {
    SSB_LO_ORDERDATE,
    SSB_LO_QUANTITY,
    SSB_LO_DISCOUNT,
    SSB_LO_EXTENDEDPRICE,
    SSB_LO_REVENUE,
    SSB_LO_SUPPLYCOST,
    SSB_LO_CUSTKEY,
    SSB_LO_SUPPKEY,
    SSB_LO_PARTKEY,
    SSB_FACT_COLUMNS
} ssb_fact_column;

typedef enum ssb_dimension {
    SSB_DATE,
    SSB_CUSTOMER,
    SSB_SUPPLIER,
    SSB_PART,
    SSB_DIMENSIONS
} ssb_dimension;

/* The dimension columns the queries read; string columns are dictionary codes. */
typedef enum ssb_dim_column {
    SSB_D_DATEKEY, SSB_D_YEAR, SSB_D_YEARMONTHNUM, SSB_D_WEEKNUMINYEAR, SSB_D_YEARMONTH,
    SSB_C_CUSTKEY, SSB_C_CITY, SSB_C_NATION, SSB_C_REGION,
    SSB_S_SUPPKEY, SSB_S_CITY, SSB_S_NATION, SSB_S_REGION,
    SSB_P_PARTKEY, SSB_P_MFGR, SSB_P_CATEGORY, SSB_P_BRAND1,
    SSB_DIM_COLUMNS
} ssb_dim_column;

/* "lo_orderdate", ... and "d_year", ... as in the file names TABLE.NAME.u32. */
const char *ssb_fact_column_name(ssb_fact_column c);
const char *ssb_dim_column_name(ssb_dim_column c);
ssb_dimension ssb_dim_column_table(ssb_dim_column c);
/* Whether the column is a string column (codes into dicts/TABLE.NAME.txt). */
int ssb_dim_column_is_string(ssb_dim_column c);

typedef struct ssb_data {
    uint64_t fact_rows;
    uint32_t *fact[SSB_FACT_COLUMNS];
    uint64_t dim_rows[SSB_DIMENSIONS];
    uint32_t *dim[SSB_DIM_COLUMNS];
    /* string columns: word k is the string of code k (NUL-terminated, inside `text`) */
    char **words[SSB_DIM_COLUMNS];
    uint32_t word_count[SSB_DIM_COLUMNS];
    char *text[SSB_DIM_COLUMNS];
} ssb_data;

/* Reads DIR/columns/lineorder.*.u32, the dimension columns and their dictionaries; checks
 * that the columns of a table have one length and every code names a word. Returns 0, or -1
 * with a message in err (and nothing left allocated). */
int ssb_data_load(ssb_data *d, const char *dir, char *err, size_t err_len);
void ssb_data_free(ssb_data *d);

/* Reads DIR/columns/TABLE.NAME.u32 into *values (malloc'd) and its length into *n. Returns
 * 0, or -1 with a message in err. */
int ssb_column_read(const char *dir, const char *table, const char *name, uint32_t **values,
                    uint64_t *n, char *err, size_t err_len);

/* Writes the message to err (err_len bytes) and returns -1: how this file's and
 * ssb_plan.c's functions fail. */
int ssb_fail(char *err, size_t err_len, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#ifdef __cplusplus
}
#endif

#endif /* GALP_BENCH_SSB_DATA_H */
