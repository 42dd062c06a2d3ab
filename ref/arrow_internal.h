/*
 * arrow_internal.h — what the CPU and GPU Arrow exporters (ref/arrow_export.c,
 * gpu/arrow_device.c) share: the schema of a column type (include/galp_arrow.h).
 */
#ifndef GALP_ARROW_INTERNAL_H
#define GALP_ARROW_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "galp_arrow.h"

/* Largest string data that int32 offsets address ("u"); above it the int64 form ("U"). */
#define GALP_ARROW_STR32_MAX INT32_MAX

/* Fills *schema with the Arrow type of a column of `type` whose strings, for a STR column,
 * hold str_bytes bytes. GALP_ERR_BAD_TYPE for a type with no Arrow form. */
galp_status galp_arrow_schema_fill(struct ArrowSchema *schema, galp_type type,
                                   uint64_t str_bytes);

/* The buffers that hold a decoded column of `type` and n values (str_bytes of strings for a
 * STR column) under `schema`: size[0] the values, or the n + 1 offsets of the schema's width,
 * size[1] the string data (STR only); n_buffers counts the validity buffer too; large is set
 * for int64 offsets ("U"). Both exporters allocate exactly these. */
typedef struct galp_arrow_layout {
    size_t size[2];
    int64_t n_buffers;
    int large;
} galp_arrow_layout;

/* GALP_ERR_TOO_LARGE when a buffer's size does not fit in size_t. */
galp_status galp_arrow_layout_of(galp_type type, uint64_t n, uint64_t str_bytes,
                                 const struct ArrowSchema *schema, galp_arrow_layout *layout);

#endif /* GALP_ARROW_INTERNAL_H */
