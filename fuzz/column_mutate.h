/*
 * column_mutate.h — one targeted corruption of a valid column and the error class it must get.
 *
 * Each mutation breaks exactly one rule of spec/format.md §6 (or of spec/alp.md §5,
 * spec/galp.md §4) in a file that satisfies all the others, and re-seals the checksum when the
 * rule is checked after it. Because the reference codec reports the first failing check in the
 * order of §6, the expected class is known exactly; a decoder that reports another class, or
 * accepts the file, has a validation bug. A few mutations touch only bytes that no rule covers
 * (packed integers, exception values, padding) and must still be accepted.
 */
#ifndef GALP_FUZZ_COLUMN_MUTATE_H
#define GALP_FUZZ_COLUMN_MUTATE_H

#include <stddef.h>
#include <stdint.h>

#include "byte_source.h"
#include "column_gen.h"

typedef struct fuzz_mutation {
    const char *name;     /* what was done, for the failure message */
    galp_status expected; /* the class galp_open must report (GALP_OK: must be accepted) */
    size_t size;          /* bytes to give the decoder (a truncation shortens it) */
} fuzz_mutation;

/* Applies one mutation chosen by src to col->file in place; a mutation that lengthens the file
 * reallocates col->file and updates col->buffer_size. col->values is left as generated. */
fuzz_mutation fuzz_column_mutate(byte_source *src, fuzz_column *col);

#endif /* GALP_FUZZ_COLUMN_MUTATE_H */
