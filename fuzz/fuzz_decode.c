/*
 * fuzz_decode.c — arbitrary bytes into the reference decoder.
 *
 * Every input must be rejected with one error class or decode consistently through every entry
 * point (decode_check.h). Random bytes almost never carry a matching checksum (spec/format.md
 * §3.4), so an input rejected with GALP_ERR_CHECKSUM is decoded a second time with its checksum
 * re-sealed: that lets the fuzzer reach the type, scheme, metadata and payload checks behind it.
 */
#include <stdlib.h>
#include <string.h>

#include "column_gen.h"
#include "decode_check.h"
#include "fuzz_require.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (fuzz_check_decode(data, size, NULL, NULL) != GALP_ERR_CHECKSUM)
        return 0;
    /* CHECKSUM is reported only after the layout checks, so the input holds the whole table. */
    uint8_t *sealed = malloc(size);
    FUZZ_REQUIRE(sealed != NULL, "out of memory for %zu bytes", size);
    memcpy(sealed, data, size);
    fuzz_column_seal(sealed);
    galp_status status = fuzz_check_decode(sealed, size, NULL, NULL);
    FUZZ_REQUIRE(status != GALP_ERR_CHECKSUM, "a re-sealed checksum still fails");
    free(sealed);
    return 0;
}
