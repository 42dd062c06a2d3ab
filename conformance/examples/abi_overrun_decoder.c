/*
 * abi_overrun_decoder.c — a deliberately broken galp_conform_abi.h decoder: it decodes
 * correctly but first reads one byte past the end of its input, the classic bounds bug.
 *
 * A test fixture: galp-conform must report it as crashing on the vectors whose input ends at
 * its guard page (every valid vector: their sizes are multiples of 16), not pass it.
 */
#include "galp.h"
#include "galp_conform_abi.h"

int galp_conform_decode(const uint8_t *in, size_t in_len, uint8_t *out, size_t out_cap,
                        size_t *out_len)
{
    volatile uint8_t past_end = in[in_len]; /* the bug */
    (void)past_end;
    galp_column column;
    galp_status st = galp_open(&column, in, in_len);
    if (st == GALP_OK)
        st = galp_column_decode(&column, out, out_cap);
    if (st == GALP_OK)
        *out_len = (size_t)column.value_count * galp_type_size(column.type);
    return (int)st;
}
