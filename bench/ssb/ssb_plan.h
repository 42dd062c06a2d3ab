/*
 * ssb_plan.h — SSB's 13 queries (docs/SSB.md) as plans that a query engine over the u32 columns
 * of ssb_gen.py executes: fact-table range filters, probes of dimension tables, a group index
 * and a measure, summed per group.
 *
 * A dimension table is a perfect hash on its key (keys are dense, or yyyymmdd for the date):
 * slot key − key_min holds the row's group-by attribute minus its smallest value, or
 * SSB_MISS when the row fails the dimension's filters. A fact row passes a probe when its key
 * falls on a slot that is not SSB_MISS, and adds slot · stride to its group index.
 *
 * The row-level functions are inline and host-and-device, so that the CPU executor
 * (ssb_cpu.c) and the GPU kernels (ssb_gpu.cu) evaluate every row with the same code.
 */
#ifndef GALP_BENCH_SSB_PLAN_H
#define GALP_BENCH_SSB_PLAN_H

#include <stddef.h>
#include <stdint.h>

#include "ssb_data.h"

#ifdef __CUDACC__
#define SSB_INLINE __host__ __device__ __forceinline__
#else
#define SSB_INLINE static inline
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* What a passing row adds to its group (SSB §3). */
typedef enum ssb_measure {
    SSB_EXTENDEDPRICE_X_DISCOUNT, /* flight 1 */
    SSB_REVENUE,                  /* flights 2 and 3 */
    SSB_PROFIT                    /* flight 4: lo_revenue − lo_supplycost (may be negative) */
} ssb_measure;

#define SSB_MISS 0xffffffffu

/* x in [r[0].lo, r[0].hi] or in [r[1].lo, r[1].hi]; an empty range has lo > hi. */
typedef struct ssb_ranges {
    uint32_t lo[2], hi[2];
} ssb_ranges;

SSB_INLINE int ssb_in(const ssb_ranges *r, uint32_t x)
{
    return (x >= r->lo[0] && x <= r->hi[0]) || (x >= r->lo[1] && x <= r->hi[1]);
}

/* A dimension table as the probes see it. */
typedef struct ssb_table {
    const uint32_t *slots; /* size entries: attribute − base, or SSB_MISS */
    uint32_t key_min, size;
    uint32_t stride;       /* group index weight of the attribute; 0 when not grouped by */
} ssb_table;

/* Adds the row's attribute · stride to *group; 0 when the key misses. */
SSB_INLINE int ssb_probe(const ssb_table *t, uint32_t key, uint32_t *group)
{
    const uint32_t k = key - t->key_min;
    if (k >= t->size)
        return 0;
    const uint32_t slot = t->slots[k];
    if (slot == SSB_MISS)
        return 0;
    *group += slot * t->stride;
    return 1;
}

/* The measure of a row from its two measure columns' values (ssb_measure_columns). */
SSB_INLINE long long ssb_measure_of(ssb_measure m, uint32_t a, uint32_t b)
{
    switch (m) {
    case SSB_EXTENDEDPRICE_X_DISCOUNT:
        return (long long)a * (long long)b;
    case SSB_REVENUE:
        return (long long)a;
    default:
        return (long long)a - (long long)b;
    }
}

/* The fact columns a measure reads, a then b (b = a when it reads one). */
SSB_INLINE void ssb_measure_columns(ssb_measure m, ssb_fact_column *a, ssb_fact_column *b)
{
    *a = m == SSB_EXTENDEDPRICE_X_DISCOUNT ? SSB_LO_EXTENDEDPRICE : SSB_LO_REVENUE;
    *b = m == SSB_EXTENDEDPRICE_X_DISCOUNT ? SSB_LO_DISCOUNT
         : m == SSB_PROFIT                 ? SSB_LO_SUPPLYCOST
                                           : SSB_LO_REVENUE;
}

/* The slot of dimension row i: its attribute − base when both filters pass, else SSB_MISS.
 * filter_column[f] NULL: no filter f; attribute NULL: the slot is 0 (probe only). */
SSB_INLINE uint32_t ssb_dimension_slot(const uint32_t *const filter_column[2],
                                       const ssb_ranges filter[2], const uint32_t *attribute,
                                       uint32_t base, size_t i)
{
    for (int f = 0; f < 2; f++)
        if (filter_column[f] != NULL && !ssb_in(&filter[f], filter_column[f][i]))
            return SSB_MISS;
    return attribute != NULL ? attribute[i] - base : 0u;
}

/* ---- plans ---------------------------------------------------------------------------- */

#define SSB_QUERIES 13
#define SSB_MAX_FACT_FILTERS 2
#define SSB_MAX_OUTPUT 4

/* One dimension's part of a query, resolved against the data (ssb_plan_build). */
typedef struct ssb_dimension_plan {
    int used;
    ssb_fact_column key;                  /* the fact column probed with */
    ssb_dim_column key_column;            /* the dimension's key */
    int filter_column[2];                 /* ssb_dim_column, or −1: no filter */
    ssb_ranges filter[2];
    int attribute;                        /* ssb_dim_column grouped by, or −1 */
    uint32_t base, cardinality;           /* attribute range: base … base + cardinality − 1 */
    uint32_t stride;
} ssb_dimension_plan;

/* One output field of an answer row: the sum, or a group-by attribute. */
typedef struct ssb_output {
    int is_sum;
    ssb_dimension dimension;  /* for an attribute: the dimension grouped by */
} ssb_output;

typedef struct ssb_plan {
    const char *name;                     /* "q1.1" */
    int fact_filters;
    ssb_fact_column fact_column[SSB_MAX_FACT_FILTERS];
    ssb_ranges fact_filter[SSB_MAX_FACT_FILTERS];
    ssb_dimension_plan dim[SSB_DIMENSIONS];
    ssb_dimension probe_order[SSB_DIMENSIONS]; /* the used dimensions first, in probe order */
    int probes;
    ssb_measure measure;
    uint32_t groups;                      /* product of the attributes' cardinalities */
    int outputs;
    ssb_output output[SSB_MAX_OUTPUT];
    const char *header;                   /* the answer's CSV header line */
    int order_by_sum_desc;                /* flight 3: order by d_year, then the sum descending */
} ssb_plan;

/* Builds the 13 plans on loaded data: string constants become dictionary code ranges,
 * attribute ranges come from the dimension columns. Returns 0, or -1 with a message in err. */
int ssb_plans_build(const ssb_data *d, ssb_plan plans[SSB_QUERIES], char *err, size_t err_len);

/* The key range of a dimension table: key_min … key_min + size − 1. */
void ssb_table_extent(const ssb_data *d, ssb_dimension t, uint32_t *key_min, uint32_t *size);

/* The result of a plan: per group, the sum and the number of rows. */
typedef struct ssb_result {
    long long *sums;
    uint32_t *counts;
} ssb_result;

/* Writes the answer (header, then the groups with rows, in the query's order) to
 * DIR/NAME.csv. Returns 0, or -1 with a message in err. */
int ssb_answer_write(const ssb_data *d, const ssb_plan *p, const ssb_result *r, const char *dir,
                     char *err, size_t err_len);

#ifdef __cplusplus
}
#endif

#endif /* GALP_BENCH_SSB_PLAN_H */
