/*
 * gpu/value_table.h — the value table of a column of constants (gpu/value_table.c).
 */
#ifndef GALP_GPU_VALUE_TABLE_H
#define GALP_GPU_VALUE_TABLE_H

#include <stdint.h>

#include "galp.h"
#include "galp_gpu.h"

/* One distinct value of a column: its bit pattern (zero-extended) and how many of the
 * column's values have it. */
typedef struct galp_gpu_value_count {
    uint64_t bits;
    uint64_t count;
} galp_gpu_value_count;

/* The most entries a table has (16 KiB); every range call and aggregate over the column
 * walks them all on the host. */
#define GALP_GPU_VALUE_TABLE_MAX 1024u

/* The value table of a validated column into table (room for GALP_GPU_VALUE_TABLE_MAX
 * entries): every distinct bit pattern among its values, ascending, with how many values have
 * it. Returns the number of entries, or 0 when the column has no vector, a vector that is not
 * a constant (RAW, or a width other than 0), or more than GALP_GPU_VALUE_TABLE_MAX distinct
 * values. */
uint32_t galp_gpu_value_table_build(const galp_column *column, galp_gpu_value_count *table);

/* The number of values x of a column of `type` described by the table with lo <= x <= hi,
 * compared as values of the type (bit patterns lo_bits, hi_bits, zero-extended): a NaN
 * matches nothing, -0 and +0 are equal. */
uint64_t galp_gpu_value_table_count(const galp_gpu_value_count *table, uint32_t entries, galp_type type,
                                    uint64_t lo_bits, uint64_t hi_bits);

/* The aggregate of the values the table describes (include/galp_gpu.h, galp_gpu_aggregate):
 * counts, the integer sum mod 2^64 or the float sum of count·x over the entries (one rounding
 * per product and per addition, within a few units of rounding of Σ|x| of a sequential sum),
 * and the extremes with -0 below +0, NaNs counted and left out. */
void galp_gpu_value_table_aggregate(const galp_gpu_value_count *table, uint32_t entries, galp_type type,
                                    galp_gpu_aggregate *result);

/* The entries of an uploaded column's value table, 0 when it has none (gpu/host.c): the range
 * tests check which way a column is counted. */
uint32_t galp_gpu_column_table_entries(const galp_gpu_column *column);

#endif /* GALP_GPU_VALUE_TABLE_H */
