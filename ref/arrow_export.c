/*
 * arrow_export.c — a decoded column exported through the Arrow C Data Interface
 * (include/galp_arrow.h): the schema of each value type, and the CPU decoder's buffers.
 */
#include <stdlib.h>
#include <string.h>

#include "arrow_internal.h"
#include "galp_arrow.h"

/* Arrow's buffers should be 64-byte aligned (Arrow's columnar format recommends it). */
#define ARROW_ALIGNMENT 64u

static void release_schema(struct ArrowSchema *schema)
{
    /* The format and name are static strings: nothing to free. */
    schema->release = NULL;
}

galp_status galp_arrow_schema_fill(struct ArrowSchema *schema, galp_type type,
                                   uint64_t str_bytes)
{
    static const char *const formats[] = {
        [GALP_TYPE_U8] = "C", [GALP_TYPE_U16] = "S", [GALP_TYPE_U32] = "I",
        [GALP_TYPE_U64] = "L", [GALP_TYPE_F32] = "f", [GALP_TYPE_F64] = "g",
    };
    const char *format;
    if (type == GALP_TYPE_STR)
        format = str_bytes > GALP_ARROW_STR32_MAX ? "U" : "u";
    else if (type >= GALP_TYPE_U8 && type <= GALP_TYPE_F64)
        format = formats[type];
    else
        return GALP_ERR_BAD_TYPE;
    *schema = (struct ArrowSchema){.format = format, .name = "", .release = release_schema};
    return GALP_OK;
}

galp_status galp_arrow_export_schema(const galp_column *column, struct ArrowSchema *schema)
{
    if (schema != NULL)
        schema->release = NULL;
    if (column == NULL || schema == NULL)
        return GALP_ERR_ARGUMENT;
    uint64_t str_bytes = 0;
    galp_status st = GALP_OK;
    if (column->type == GALP_TYPE_STR)
        st = galp_column_str_bytes(column, &str_bytes);
    else if (galp_type_size(column->type) == 0)
        st = GALP_ERR_ARGUMENT; /* a view galp_open did not fill */
    return st != GALP_OK ? st : galp_arrow_schema_fill(schema, column->type, str_bytes);
}

/* What an exported array owns: its buffer pointers (validity, then values or offsets, then
 * string data) and the allocations behind them. */
typedef struct export_owner {
    const void *buffers[3];
    void *memory[2];
} export_owner;

static void release_array(struct ArrowArray *array)
{
    export_owner *owner = array->private_data;
    free(owner->memory[0]);
    free(owner->memory[1]);
    free(owner);
    array->release = NULL;
}

static void *alloc_aligned(size_t size)
{
    size_t rounded = (size + ARROW_ALIGNMENT - 1) / ARROW_ALIGNMENT * ARROW_ALIGNMENT;
    return aligned_alloc(ARROW_ALIGNMENT, rounded ? rounded : ARROW_ALIGNMENT);
}

galp_status galp_arrow_layout_of(galp_type type, uint64_t n, uint64_t str_bytes,
                                 const struct ArrowSchema *schema, galp_arrow_layout *layout)
{
    *layout = (galp_arrow_layout){{0, 0}, 2, 0};
    if (type != GALP_TYPE_STR) {
        size_t width = galp_type_size(type);
        if (n > SIZE_MAX / width)
            return GALP_ERR_TOO_LARGE;
        layout->size[0] = n * width;
        return GALP_OK;
    }
    layout->large = schema->format[0] == 'U';
    size_t offset_width = layout->large ? sizeof(int64_t) : sizeof(int32_t);
    if (n >= SIZE_MAX / offset_width || str_bytes > SIZE_MAX)
        return GALP_ERR_TOO_LARGE;
    layout->size[0] = (n + 1) * offset_width;
    layout->size[1] = (size_t)str_bytes;
    layout->n_buffers = 3;
    return GALP_OK;
}

/* Decodes into owner->memory, allocated as galp_arrow_layout_of sizes them. */
static galp_status decode_buffers(const galp_column *column, const struct ArrowSchema *schema,
                                  export_owner *owner, int64_t *n_buffers)
{
    uint64_t n = column->value_count, bytes = 0;
    galp_arrow_layout layout;
    galp_status st = column->type == GALP_TYPE_STR ? galp_column_str_bytes(column, &bytes) : GALP_OK;
    if (st != GALP_OK || (st = galp_arrow_layout_of(column->type, n, bytes, schema, &layout)) != GALP_OK)
        return st;
    for (int64_t b = 0; b + 1 < layout.n_buffers; b++)
        if ((owner->memory[b] = alloc_aligned(layout.size[b])) == NULL)
            return GALP_ERR_NO_MEMORY;
    *n_buffers = layout.n_buffers;
    if (column->type != GALP_TYPE_STR)
        return galp_column_decode(column, owner->memory[0], layout.size[0]);
    return layout.large ? galp_column_decode_str64(column, owner->memory[0], n + 1, owner->memory[1],
                                                   layout.size[1])
                        : galp_column_decode_str32(column, owner->memory[0], n + 1, owner->memory[1],
                                                   layout.size[1]);
}

galp_status galp_arrow_export(const galp_column *column, struct ArrowSchema *schema,
                              struct ArrowArray *array)
{
    if (array != NULL)
        array->release = NULL;
    galp_status st = galp_arrow_export_schema(column, schema);
    if (st != GALP_OK)
        return st;
    if (array == NULL || column->value_count > INT64_MAX) {
        schema->release(schema);
        return array == NULL ? GALP_ERR_ARGUMENT : GALP_ERR_TOO_LARGE;
    }
    export_owner *owner = calloc(1, sizeof *owner);
    int64_t n_buffers = 0;
    st = owner == NULL ? GALP_ERR_NO_MEMORY : decode_buffers(column, schema, owner, &n_buffers);
    if (st != GALP_OK) {
        if (owner != NULL) {
            free(owner->memory[0]);
            free(owner->memory[1]);
        }
        free(owner);
        schema->release(schema);
        return st;
    }
    owner->buffers[1] = owner->memory[0];
    owner->buffers[2] = owner->memory[1];
    *array = (struct ArrowArray){.length = (int64_t)column->value_count,
                                 .n_buffers = n_buffers,
                                 .buffers = owner->buffers,
                                 .release = release_array,
                                 .private_data = owner};
    return GALP_OK;
}
