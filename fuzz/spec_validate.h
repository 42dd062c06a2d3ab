/*
 * spec_validate.h — a second, independent validator written from spec/format.md §6.
 *
 * It runs the checks of §6 (with spec/alp.md §5 and spec/galp.md §4 for step 10.10, and
 * spec/fsst.md §6 for str columns) in their order, straight from the text, and returns the class of the first one that fails. The fuzz
 * targets require the reference decoder to report the same class for every input: a decoder
 * that accepts a file breaking a rule, rejects a valid file, or names another class than the
 * spec's order implies has a validation bug (or the spec an ambiguity).
 */
#ifndef GALP_FUZZ_SPEC_VALIDATE_H
#define GALP_FUZZ_SPEC_VALIDATE_H

#include <stddef.h>
#include <stdint.h>

#include "galp.h"

galp_status fuzz_spec_validate(const uint8_t *data, size_t size);

#endif /* GALP_FUZZ_SPEC_VALIDATE_H */
