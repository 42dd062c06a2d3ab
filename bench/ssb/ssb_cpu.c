/*
 * ssb_cpu.c — the 13 SSB plans executed row by row on the CPU, with the row functions the GPU
 * kernels use (ssb_plan.h). It checks the plans themselves (constants, group indexes, answer
 * writing) against DuckDB's answers on any machine; the GPU program adds only the loading of
 * the columns and the parallel aggregation.
 *
 *     ssb_cpu SSB_DIR OUT_DIR      writes OUT_DIR/qN.M.csv
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ssb_plan.h"

/* The plan's dimension tables (ssb_plan.h), host memory. */
static int build_tables(const ssb_data *d, const ssb_plan *p, ssb_table tables[SSB_DIMENSIONS])
{
    for (int t = 0; t < SSB_DIMENSIONS; t++) {
        const ssb_dimension_plan *dp = &p->dim[t];
        tables[t] = (ssb_table){NULL, 0, 0, dp->stride};
        if (!dp->used)
            continue;
        ssb_table_extent(d, (ssb_dimension)t, &tables[t].key_min, &tables[t].size);
        uint32_t *slots = malloc((size_t)tables[t].size * sizeof *slots);
        if (slots == NULL)
            return -1;
        memset(slots, 0xff, (size_t)tables[t].size * sizeof *slots); /* SSB_MISS */
        const uint32_t *filter[2] = {
            dp->filter_column[0] >= 0 ? d->dim[dp->filter_column[0]] : NULL,
            dp->filter_column[1] >= 0 ? d->dim[dp->filter_column[1]] : NULL};
        const uint32_t *attribute = dp->attribute >= 0 ? d->dim[dp->attribute] : NULL;
        const uint32_t *keys = d->dim[dp->key_column];
        for (uint64_t i = 0; i < d->dim_rows[t]; i++)
            slots[keys[i] - tables[t].key_min] =
                ssb_dimension_slot(filter, dp->filter, attribute, dp->base, i);
        tables[t].slots = slots;
    }
    return 0;
}

static void run(const ssb_data *d, const ssb_plan *p, const ssb_table tables[SSB_DIMENSIONS],
                ssb_result *r)
{
    ssb_fact_column ma, mb;
    ssb_measure_columns(p->measure, &ma, &mb);
    for (uint64_t i = 0; i < d->fact_rows; i++) {
        int pass = 1;
        for (int f = 0; f < p->fact_filters && pass; f++)
            pass = ssb_in(&p->fact_filter[f], d->fact[p->fact_column[f]][i]);
        uint32_t group = 0;
        for (int k = 0; k < p->probes && pass; k++) {
            const ssb_dimension t = p->probe_order[k];
            pass = ssb_probe(&tables[t], d->fact[p->dim[t].key][i], &group);
        }
        if (!pass)
            continue;
        r->sums[group] += ssb_measure_of(p->measure, d->fact[ma][i], d->fact[mb][i]);
        r->counts[group]++;
    }
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: ssb_cpu SSB_DIR OUT_DIR\n");
        return 2;
    }
    char err[512];
    static ssb_data d;
    static ssb_plan plans[SSB_QUERIES];
    if (ssb_data_load(&d, argv[1], err, sizeof err) != 0 ||
        ssb_plans_build(&d, plans, err, sizeof err) != 0) {
        fprintf(stderr, "ssb_cpu: %s\n", err);
        return 1;
    }
    int rc = 0;
    for (int q = 0; q < SSB_QUERIES && rc == 0; q++) {
        ssb_table tables[SSB_DIMENSIONS] = {{NULL, 0, 0, 0}};
        ssb_result r = {calloc(plans[q].groups, sizeof *r.sums),
                        calloc(plans[q].groups, sizeof *r.counts)};
        if (build_tables(&d, &plans[q], tables) != 0 || r.sums == NULL || r.counts == NULL) {
            snprintf(err, sizeof err, "%s: out of memory", plans[q].name);
            rc = 1;
        } else {
            run(&d, &plans[q], tables, &r);
            rc = ssb_answer_write(&d, &plans[q], &r, argv[2], err, sizeof err) != 0;
        }
        for (int t = 0; t < SSB_DIMENSIONS; t++)
            free((void *)tables[t].slots);
        free(r.sums);
        free(r.counts);
    }
    if (rc != 0)
        fprintf(stderr, "ssb_cpu: %s\n", err);
    ssb_data_free(&d);
    return rc;
}
