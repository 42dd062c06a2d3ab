/*
 * conform_ref.c — backend: the reference decoder, libgalp's galp_open + galp_column_decode,
 * run in a child process like any other decoder under test.
 */
#include <stdlib.h>

#include "conform.h"
#include "galp.h"

typedef struct ref_state {
    conform_options opt;
    conform_buffer out;
} ref_state;

static int ref_decode_into(void *state, const uint8_t *in, size_t in_len, uint8_t *out,
                           size_t out_cap, size_t *out_len)
{
    (void)state;
    galp_column column;
    galp_status st = galp_open(&column, in, in_len);
    if (st == GALP_OK && column.type == GALP_TYPE_STR) /* spec/conformance.md §4.1 */
        return (int)galp_column_decode_str_records(&column, out, out_cap, out_len);
    if (st == GALP_OK)
        st = galp_column_decode(&column, out, out_cap);
    if (st == GALP_OK)
        *out_len = (size_t)column.value_count * galp_type_size(column.type);
    return (int)st;
}

static void ref_decode(void *state, const uint8_t *in, size_t in_len, size_t out_cap,
                       conform_result *result)
{
    ref_state *s = state;
    conform_buffer_free(&s->out);
    conform_run_isolated(ref_decode_into, s, in, in_len, out_cap, s->opt.timeout_s, &s->out,
                         result);
}

static void ref_close(void *state)
{
    ref_state *s = state;
    conform_buffer_free(&s->out);
    free(s);
}

int conform_ref_open(const conform_options *opt, conform_decoder *dec)
{
    ref_state *s = calloc(1, sizeof *s);
    if (!s)
        return 2;
    s->opt = *opt;
    *dec = (conform_decoder){.state = s, .decode = ref_decode, .close = ref_close};
    snprintf(dec->name, sizeof dec->name, "libgalp reference decoder");
    return 0;
}
