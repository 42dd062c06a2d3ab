/*
 * ssb_encode.c — parallel galp encoding of the lineorder columns (ssb_encode.h): one job per
 * column and scheme, taken by `threads` workers.
 */
#include "ssb_encode.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const galp_scheme ssb_encodings[SSB_ENCODINGS] = {GALP_SCHEME_GPU_FOR, GALP_SCHEME_GPU_DFOR,
                                                  GALP_SCHEME_GPU_RFOR, GALP_SCHEME_AUTO};

static const char *const lineorder[SSB_LINEORDER_COLUMNS] = {
    "lo_orderkey", "lo_linenumber", "lo_custkey", "lo_partkey", "lo_suppkey",
    "lo_orderdate", "lo_quantity", "lo_extendedprice", "lo_ordtotalprice", "lo_discount",
    "lo_revenue", "lo_supplycost", "lo_tax", "lo_commitdate"};

typedef struct job_state {
    ssb_encoded *cols;
    const uint32_t *values[SSB_LINEORDER_COLUMNS];
    uint8_t *files[SSB_LINEORDER_COLUMNS][SSB_ENCODINGS];
    galp_status status[SSB_LINEORDER_COLUMNS][SSB_ENCODINGS];
    int next;
    pthread_mutex_t lock;
} job_state;

static void *worker(void *arg)
{
    job_state *s = arg;
    for (;;) {
        pthread_mutex_lock(&s->lock);
        const int job = s->next++;
        pthread_mutex_unlock(&s->lock);
        if (job >= SSB_LINEORDER_COLUMNS * SSB_ENCODINGS)
            return NULL;
        const int c = job / SSB_ENCODINGS, e = job % SSB_ENCODINGS;
        const uint64_t n = s->cols[c].values;
        const size_t cap = galp_compress_bound(GALP_TYPE_U32, n);
        uint8_t *file = cap ? malloc(cap) : NULL;
        size_t len = 0;
        galp_status st = file == NULL ? GALP_ERR_NO_MEMORY
                                      : galp_compress(GALP_TYPE_U32, ssb_encodings[e],
                                                      s->values[c], n, file, cap, &len);
        uint8_t *fit = st == GALP_OK ? realloc(file, len) : NULL;
        if (st == GALP_OK && fit == NULL)
            st = GALP_ERR_NO_MEMORY;
        if (st != GALP_OK)
            free(file);
        s->files[c][e] = fit;
        s->cols[c].bytes[e] = len;
        s->status[c][e] = st;
    }
}

static int run_jobs(job_state *s, int threads, char *err, size_t err_len)
{
    pthread_t *tid = calloc((size_t)threads, sizeof *tid);
    int started = 0;
    while (tid != NULL && started < threads &&
           pthread_create(&tid[started], NULL, worker, s) == 0)
        started++;
    if (started == 0)
        worker(s); /* no thread could start: encode on this one */
    for (int t = 0; t < started; t++)
        pthread_join(tid[t], NULL);
    free(tid);
    for (int c = 0; c < SSB_LINEORDER_COLUMNS; c++)
        for (int e = 0; e < SSB_ENCODINGS; e++)
            if (s->status[c][e] != GALP_OK) {
                snprintf(err, err_len, "lineorder.%s as %s: %s", s->cols[c].name,
                         galp_scheme_name(ssb_encodings[e]), galp_strerror(s->status[c][e]));
                return -1;
            }
    return 0;
}

/* Keeps every file, validated by galp_open, and picks each column's smallest tile scheme. */
static int keep_files(job_state *s, char *err, size_t err_len)
{
    int rc = 0;
    for (int c = 0; c < SSB_LINEORDER_COLUMNS; c++) {
        ssb_encoded *col = &s->cols[c];
        col->tile = 0;
        for (int e = 0; e < SSB_ENCODINGS; e++) {
            col->file[e] = s->files[c][e];
            if (ssb_encodings[e] != GALP_SCHEME_AUTO && col->bytes[e] < col->bytes[col->tile])
                col->tile = e;
            galp_column view;
            const galp_status st = galp_open(&view, col->file[e], col->bytes[e]);
            if (st != GALP_OK && rc == 0) {
                snprintf(err, err_len, "lineorder.%s as %s: %s", col->name,
                         galp_scheme_name(ssb_encodings[e]), galp_strerror(st));
                rc = -1;
            }
        }
    }
    return rc;
}

int ssb_encode_lineorder(const ssb_data *d, const char *dir, int threads,
                         ssb_encoded cols[SSB_LINEORDER_COLUMNS], char *err, size_t err_len)
{
    static job_state s; /* large; one encoding at a time */
    memset(&s, 0, sizeof s);
    memset(cols, 0, SSB_LINEORDER_COLUMNS * sizeof *cols);
    s.cols = cols;
    pthread_mutex_init(&s.lock, NULL);
    uint32_t *owned[SSB_LINEORDER_COLUMNS] = {NULL};
    int rc = 0;
    for (int c = 0; c < SSB_LINEORDER_COLUMNS && rc == 0; c++) {
        cols[c].name = lineorder[c];
        cols[c].fact = -1;
        for (int f = 0; f < SSB_FACT_COLUMNS; f++)
            if (strcmp(ssb_fact_column_name((ssb_fact_column)f), lineorder[c]) == 0)
                cols[c].fact = f;
        if (cols[c].fact >= 0) {
            s.values[c] = d->fact[cols[c].fact];
            cols[c].values = d->fact_rows;
        } else if ((rc = ssb_column_read(dir, "lineorder", lineorder[c], &owned[c],
                                         &cols[c].values, err, err_len)) == 0) {
            s.values[c] = owned[c];
            if (cols[c].values != d->fact_rows) {
                snprintf(err, err_len, "lineorder.%s: %llu rows, lineorder has %llu",
                         lineorder[c], (unsigned long long)cols[c].values,
                         (unsigned long long)d->fact_rows);
                rc = -1;
            }
        }
    }
    if (rc == 0)
        rc = run_jobs(&s, threads, err, err_len);
    if (rc == 0)
        rc = keep_files(&s, err, err_len);
    else
        for (int c = 0; c < SSB_LINEORDER_COLUMNS; c++)
            for (int e = 0; e < SSB_ENCODINGS; e++)
                free(s.files[c][e]);
    for (int c = 0; c < SSB_LINEORDER_COLUMNS; c++)
        free(owned[c]);
    pthread_mutex_destroy(&s.lock);
    if (rc != 0)
        ssb_encoded_free(cols);
    return rc;
}

void ssb_encoded_free(ssb_encoded cols[SSB_LINEORDER_COLUMNS])
{
    for (int c = 0; c < SSB_LINEORDER_COLUMNS; c++)
        for (int e = 0; e < SSB_ENCODINGS; e++) {
            free(cols[c].file[e]);
            cols[c].file[e] = NULL;
        }
}
