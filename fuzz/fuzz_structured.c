/*
 * fuzz_structured.c — generated valid columns, and generated columns with one targeted defect.
 *
 * Input: byte 0 picks the mode, bytes 1–16 drive the mutation, the rest drives the generator
 * (column_gen.h), so that libFuzzer can vary the defect and the column independently.
 *   even mode: the valid column must open and decode, through every entry point, to exactly
 *              the values the generator computed from the spec;
 *   odd mode:  one mutation (column_mutate.h) is applied and galp_open must report exactly the
 *              class it implies, or accept the file when the mutated bytes are not validated.
 */
#include "column_gen.h"
#include "column_mutate.h"
#include "decode_check.h"
#include "fuzz_require.h"

#define MUTATION_BYTES 16u

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 + MUTATION_BYTES)
        return 0;
    byte_source mutation_src, column_src;
    byte_source_init(&mutation_src, data + 1, MUTATION_BYTES);
    byte_source_init(&column_src, data + 1 + MUTATION_BYTES, size - 1 - MUTATION_BYTES);
    fuzz_column col;
    fuzz_column_generate(&column_src, &col);
    if (data[0] % 2 == 0) {
        galp_status status = fuzz_check_decode(col.file, col.buffer_size, col.values, NULL);
        FUZZ_REQUIRE(status == GALP_OK, "generated %s/%s column of %llu values rejected: %s",
                     galp_type_name(col.type), galp_scheme_name(col.scheme),
                     (unsigned long long)col.value_count, galp_status_name(status));
    } else {
        fuzz_mutation m = fuzz_column_mutate(&mutation_src, &col);
        galp_status status = fuzz_check_decode(col.file, m.size, NULL, NULL);
        FUZZ_REQUIRE(status == m.expected, "%s/%s column, mutation '%s': %s, expected %s",
                     galp_type_name(col.type), galp_scheme_name(col.scheme), m.name,
                     galp_status_name(status), galp_status_name(m.expected));
    }
    fuzz_column_free(&col);
    return 0;
}
