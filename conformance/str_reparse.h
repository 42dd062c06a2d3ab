/*
 * str_reparse.h — a str column rewritten with other parses of its strings than the reference
 * encoder's, for tests of decoders and filters that must follow any valid sequence of codes
 * (spec/fsst.md §5), not only the shortest parse the encoder writes (§7).
 */
#ifndef GALP_STR_REPARSE_H
#define GALP_STR_REPARSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The strings of file[0 .. len) (a valid str column with a plain symbol table and no payload
 * checksums, as galp_str_compress writes with flags 0) in a new file with the same header,
 * symbol table and strings, whose every vector is coded afresh: each string as a random walk
 * over the symbols that match it and escapes (terminal symbols only at its end), cut into
 * pieces at random string boundaries, with the vector's most common non-zero string length
 * as its default length when default_length is true, else none. seed picks the walk. Returns
 * the new file (the caller frees it) and its size in *out_len, or NULL when the input is not
 * such a column or memory runs out. */
uint8_t *str_reparse(const uint8_t *file, size_t len, bool default_length, uint64_t seed,
                     size_t *out_len);

#endif /* GALP_STR_REPARSE_H */
