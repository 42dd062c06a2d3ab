/*
 * gpu/strings_host.h — what gpu/host.c keeps of an uploaded str column (gpu/strings.c).
 * Not installed.
 */
#ifndef GALP_GPU_STRINGS_HOST_H
#define GALP_GPU_STRINGS_HOST_H

#include "galp.h"
#include "strings.h"

typedef struct galp_gpu_str_column {
    galp_gpu_str_piece *pieces; /* device memory: piece_count records */
    uint64_t piece_count;
    galp_gpu_str_table *table;  /* device memory */
    uint64_t bytes;             /* total string bytes (spec/fsst.md §4) */
} galp_gpu_str_column;

/* Reads the pieces and the table of a validated str column and copies them to the device. */
galp_status galp_gpu_str_prepare(const galp_column *col, galp_gpu_str_column *out);
void galp_gpu_str_free(galp_gpu_str_column *str);

#endif /* GALP_GPU_STRINGS_HOST_H */
