/*
 * alp_data.h — the real-data corpus of $GALP_DATA_DIR/alp (see ../shared/data/PROVENANCE.md):
 * 31 CSV samples of 1024 doubles and 3 row-group files of 131072 raw little-endian doubles.
 * Shared by conformance/test_alp_realdata.c and bench/compression_table.c.
 */
#ifndef GALP_ALP_DATA_H
#define GALP_ALP_DATA_H

#include <stddef.h>

typedef struct alp_dataset {
    char name[256];  /* file name, e.g. "city_temperature_f.csv" */
    double *values;  /* malloc'ed */
    size_t n;
} alp_dataset;

/* Loads every dataset: the .csv files of <dir>/alp/samples, then the .bin files of
 * <dir>/alp/rowgroups, each kind sorted by name. Returns the count (0 if the directory is absent or empty) and sets
 * *out to a malloc'ed array; -1 on a read or parse error (with a message on stderr). */
int alp_data_load(const char *dir, alp_dataset **out);
void alp_data_free(alp_dataset *sets, int count);

#endif /* GALP_ALP_DATA_H */
