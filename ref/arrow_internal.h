/*
 * arrow_internal.h — what the CPU and GPU Arrow exporters (ref/arrow_export.c,
 * gpu/arrow_device.c) share: the schema of a column type (include/galp_arrow.h).
 */
#ifndef GALP_ARROW_INTERNAL_H
#define GALP_ARROW_INTERNAL_H

#include <stdint.h>

#include "galp_arrow.h"

/* Largest string data that int32 offsets address ("u"); above it the int64 form ("U"). */
#define GALP_ARROW_STR32_MAX INT32_MAX

/* Fills *schema with the Arrow type of a column of `type` whose strings, for a STR column,
 * hold str_bytes bytes. GALP_ERR_BAD_TYPE for a type with no Arrow form. */
galp_status galp_arrow_schema_fill(struct ArrowSchema *schema, galp_type type,
                                   uint64_t str_bytes);

#endif /* GALP_ARROW_INTERNAL_H */
