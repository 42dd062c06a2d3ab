/*
 * fuzz_decode.c — arbitrary bytes into the reference decoder.
 *
 * Every input must be rejected with one error class or decode consistently through every entry
 * point (decode_check.h). Random bytes almost never carry a matching checksum (spec/format.md
 * §3.4), so an input rejected with GALP_ERR_CHECKSUM is decoded a second time with its checksum
 * re-sealed: that lets the fuzzer reach the type, scheme, metadata and payload checks behind it.
 * A str column's symbol table has a checksum of its own (spec/fsst.md §3), re-sealed too.
 */
#include <stdlib.h>
#include <string.h>

#include "bytes.h"
#include "column_gen.h"
#include "decode_check.h"
#include "fuzz_require.h"
#include "galp_internal.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* spec/fsst.md §3: the table at payload_offset, its checksum over the bytes after its first 8,
 * when the whole table lies before payload_end (else validation stops before the checksum). */
static void seal_str_table(uint8_t *file, size_t size)
{
    const uint64_t start = galp_load_u64(file + 32), end = galp_load_u64(file + 40);
    if (file[6] != GALP_TYPE_STR || end > size || start > end || end - start < 8)
        return;
    const uint32_t k = galp_load_u32(file + start);
    if (k > 255 || 8 + (uint64_t)k > end - start)
        return;
    uint64_t table = 8 + (uint64_t)k;
    for (uint32_t c = 0; c < k; c++)
        table += file[start + 8 + c] & 15u;
    if (table <= end - start)
        galp_store_u32(file + start + 4, galp_crc32c(0, file + start + 8, (size_t)table - 8));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (fuzz_check_decode(data, size, NULL, NULL) != GALP_ERR_CHECKSUM)
        return 0;
    /* CHECKSUM is reported only after the layout checks, so the input holds the whole table. */
    uint8_t *sealed = malloc(size);
    FUZZ_REQUIRE(sealed != NULL, "out of memory for %zu bytes", size);
    memcpy(sealed, data, size);
    fuzz_column_seal(sealed);
    seal_str_table(sealed, size);
    galp_status status = fuzz_check_decode(sealed, size, NULL, NULL);
    FUZZ_REQUIRE(status != GALP_ERR_CHECKSUM, "a re-sealed checksum still fails");
    free(sealed);
    return 0;
}
