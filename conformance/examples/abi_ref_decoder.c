/*
 * abi_ref_decoder.c — the reference decoder behind the galp_conform_abi.h interface.
 *
 * The smallest complete example of a decoder plugged into `galp-conform --lib`: build it as a
 * shared library exporting galp_conform_decode, and the runner does the rest. A third-party
 * decoder (a GPU one included) replaces the body with its own decode call.
 */
#include "galp.h"
#include "galp_conform_abi.h"

int galp_conform_decode(const uint8_t *in, size_t in_len, uint8_t *out, size_t out_cap,
                        size_t *out_len)
{
    galp_column column;
    galp_status st = galp_open(&column, in, in_len);
    if (st == GALP_OK && column.type == GALP_TYPE_STR) /* lengths and bytes of each string */
        return (int)galp_column_decode_str_records(&column, out, out_cap, out_len);
    if (st == GALP_OK)
        st = galp_column_decode(&column, out, out_cap);
    if (st == GALP_OK)
        *out_len = (size_t)column.value_count * galp_type_size(column.type);
    return (int)st;
}

int galp_conform_abi_version(void)
{
    return GALP_CONFORM_ABI_VERSION;
}

const char *galp_conform_name(void)
{
    return "libgalp through galp_conform_abi.h";
}
