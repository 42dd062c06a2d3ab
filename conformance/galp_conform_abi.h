/*
 * galp_conform_abi.h — the C ABI through which galp-conform tests a decoder built as a shared
 * library (`galp-conform --lib PATH.so`; spec/conformance.md §5, docs/CONFORMANCE.md).
 *
 * A decoder under test exports galp_conform_decode with C linkage. The runner loads the library
 * with dlopen and calls the function once per vector, by default in a child process of its own
 * so that a crash or a hang is reported against that vector (`--in-process` calls it in the
 * runner itself, for decoders whose runtime does not survive fork(), such as CUDA).
 *
 * The buffers are host memory. A GPU decoder copies the input to its device, decodes there and
 * copies the result back into `out` before returning; the runner compares bytes only.
 */
#ifndef GALP_CONFORM_ABI_H
#define GALP_CONFORM_ABI_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Version of this ABI. A library may export `int galp_conform_abi_version(void)` returning it;
 * the runner refuses a library that returns another number. */
#define GALP_CONFORM_ABI_VERSION 1

/*
 * Decode the galp column file in[0 .. in_len) into out.
 *
 *  in      the whole input, 16-byte aligned; it ends where in_len says, and a read past
 *          in + in_len may fault (the runner puts an inaccessible page there).
 *  out     room for out_cap bytes, 16-byte aligned where out_cap allows; for a valid vector
 *          out_cap is exactly the decoded size (value_count × value size), and a write past
 *          out + out_cap may fault.
 *  out_len on success, the number of bytes written: value_count × value size.
 *
 * Returns 0 (GALP_OK) when the input is a valid column and out holds its values, as raw
 * little-endian bytes in column order; otherwise the galp_status code (include/galp.h,
 * spec/format.md §6) of the failure, e.g. 4 for GALP_ERR_BAD_MAGIC, and out_len and the
 * content of out are ignored. Any non-zero value rejects the input; the runner compares it
 * with the class that vectors/MANIFEST names (spec/conformance.md §3). Must be callable
 * repeatedly; must not keep pointers to in or out after returning.
 */
int galp_conform_decode(const uint8_t *in, size_t in_len, uint8_t *out, size_t out_cap,
                        size_t *out_len);

/* Optional: the ABI version the library implements (GALP_CONFORM_ABI_VERSION). */
int galp_conform_abi_version(void);

/* Optional: a short name of the decoder for the runner's report ("mydecoder 2.1 (CUDA)"). */
const char *galp_conform_name(void);

#ifdef __cplusplus
}
#endif

#endif /* GALP_CONFORM_ABI_H */
