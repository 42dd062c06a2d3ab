/*
 * gpu/value_table.c — the value table of a column of constants (gpu/value_table.h).
 *
 * A vector of width 0 stores no packed bits (spec/ffor.md §4): its m - c values that are not
 * exceptions all decode from the base alone, and its c exceptions are stored as they are
 * (spec/alp.md §5, spec/galp.md §1). So a column made of such vectors is described exactly by
 * its distinct values and their counts, read from the entries and the exception sections
 * without decoding a vector. A column with few of them (real columns that are one constant,
 * or a handful, tiled to any length) is then counted, or aggregated, by the host from its
 * table when a range query or an aggregate is asked for, and a one-thread kernel stores the
 * result on the stream (gpu/host.c, gpu/range.cu, gpu/aggregate.cu): one launch, where a
 * range count would read every entry after a kernel that set the result to 0.
 */
#include <math.h>
#include <stdbool.h>
#include <string.h>

#include "galp_internal.h"
#include "galp_layout.h"
#include "value_table.h"

/* The table being built: entries ascending by bits. */
typedef struct value_table {
    galp_gpu_value_count *entry;
    uint32_t size;
    uint32_t last; /* the entry added to last: runs of one value cost no search */
} value_table;

/* Adds count values of bit pattern bits; 0 when that would take a new entry past the maximum. */
static int table_add(value_table *t, uint64_t bits, uint64_t count)
{
    if (t->size != 0 && t->entry[t->last].bits == bits) {
        t->entry[t->last].count += count;
        return 1;
    }
    uint32_t lo = 0, hi = t->size; /* the first entry whose bits are >= bits */
    while (lo < hi) {
        const uint32_t mid = lo + (hi - lo) / 2u;
        if (t->entry[mid].bits < bits)
            lo = mid + 1u;
        else
            hi = mid;
    }
    if (lo == t->size || t->entry[lo].bits != bits) {
        if (t->size == GALP_GPU_VALUE_TABLE_MAX)
            return 0;
        memmove(t->entry + lo + 1, t->entry + lo, (t->size - lo) * sizeof *t->entry);
        t->entry[lo].bits = bits;
        t->entry[lo].count = 0;
        t->size++;
    }
    t->entry[lo].count += count;
    t->last = lo;
    return 1;
}

/* Adds the values of constant vector v (width 0); 0 when the table overflows. */
static int add_constant_vector(value_table *t, const galp_column *col, uint32_t v, const galp_vector_info *info)
{
    const unsigned w = galp_type_bits(col->type);
    const uint32_t c = info->exception_count, m = info->value_count;
    uint16_t positions[GALP_VECTOR_SIZE];
    uint64_t stored[GALP_VECTOR_SIZE];
    galp_reader payload = galp_reader_of(col->data + info->payload_offset, info->payload_size);
    if (c != 0)
        galp_exceptions_read(info->scheme, col->flags, w, info->bit_width, c, &payload, positions, stored);
    uint32_t first = 0; /* the first slot that is not an exception (positions ascend) */
    while (first < c && positions[first] == first)
        first++;
    if (first < m) {
        uint8_t value[8];
        uint64_t bits;
        galp_column_get(col, (uint64_t)v * GALP_VECTOR_SIZE + first, value); /* cannot fail: in range */
        galp_values_widen(w / 8u, value, 1, &bits);
        if (!table_add(t, bits, m - c))
            return 0;
    }
    for (uint32_t j = 0; j < c; j++)
        if (!table_add(t, stored[j], 1))
            return 0;
    return 1;
}

uint32_t galp_gpu_value_table_build(const galp_column *col, galp_gpu_value_count *table)
{
    value_table t = {table, 0, 0};
    galp_vector_info info;
    for (uint32_t v = 0; v < col->vector_count; v++) {
        galp_vector_info_get(col, v, &info); /* cannot fail: the column is valid */
        if (info.scheme == GALP_SCHEME_RAW || info.bit_width != 0 || !add_constant_vector(&t, col, v, &info))
            return 0;
    }
    return t.size;
}

/* The value of a float type's bit pattern, as a double (exact for float32). */
static double float_value(galp_type type, uint64_t bits)
{
    if (type == GALP_TYPE_F64) {
        double v;
        memcpy(&v, &bits, sizeof v);
        return v;
    }
    const uint32_t b32 = (uint32_t)bits;
    float v;
    memcpy(&v, &b32, sizeof v);
    return v;
}

/* lo <= x <= hi for the values of a type with these bit patterns (IEEE comparisons for floats:
 * float32 values compare alike as doubles). */
static bool in_range(galp_type type, uint64_t x, uint64_t lo, uint64_t hi)
{
    if (galp_type_is_float(type)) {
        const double v = float_value(type, x);
        return v >= float_value(type, lo) && v <= float_value(type, hi);
    }
    return x >= lo && x <= hi; /* unsigned integers, zero-extended */
}

/* a < b in the order of the aggregate's extremes: unsigned for integers, numeric for floats
 * (not NaN) with -0 below +0. */
static bool below(galp_type type, uint64_t a, uint64_t b)
{
    if (!galp_type_is_float(type))
        return a < b;
    const double x = float_value(type, a), y = float_value(type, b);
    return x < y || (x == y && signbit(x) && !signbit(y));
}

uint64_t galp_gpu_value_table_count(const galp_gpu_value_count *table, uint32_t entries, galp_type type,
                                    uint64_t lo_bits, uint64_t hi_bits)
{
    uint64_t matches = 0;
    for (uint32_t k = 0; k < entries; k++)
        matches += in_range(type, table[k].bits, lo_bits, hi_bits) ? table[k].count : 0u;
    return matches;
}

void galp_gpu_value_table_aggregate(const galp_gpu_value_count *table, uint32_t entries, galp_type type,
                                    galp_gpu_aggregate *result)
{
    galp_gpu_aggregate r = {0, 0, 0, 0.0, 0, 0, 0, 0};
    const bool fp = galp_type_is_float(type);
    for (uint32_t k = 0; k < entries; k++) {
        const uint64_t bits = table[k].bits, count = table[k].count;
        r.count += count;
        if (fp && isnan(float_value(type, bits))) {
            r.nan_count += count;
            continue;
        }
        if (fp)
            r.sum_f64 += (double)count * float_value(type, bits);
        else
            r.sum_bits += count * bits; /* mod 2^64 */
        if (!r.has_min_max || below(type, bits, r.min_bits))
            r.min_bits = bits;
        if (!r.has_min_max || below(type, r.max_bits, bits))
            r.max_bits = bits;
        r.has_min_max = 1;
    }
    *result = r;
}
