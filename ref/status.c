/*
 * status.c — names and messages of galp_status (spec/format.md §6).
 *
 * The names are stable identifiers (vectors/MANIFEST records them); the messages say what is
 * wrong in words a user of the library can act on.
 */
#include "galp_internal.h"

typedef struct status_text {
    const char *name;
    const char *message;
} status_text;

static const status_text status_texts[GALP_STATUS_COUNT] = {
    [GALP_OK] = {"GALP_OK", "success"},
    [GALP_ERR_ARGUMENT] = {"GALP_ERR_ARGUMENT",
                           "invalid argument (NULL pointer, unknown type or scheme requested, "
                           "or a column view changed after galp_open)"},
    [GALP_ERR_DST_TOO_SMALL] = {"GALP_ERR_DST_TOO_SMALL", "output buffer too small"},
    [GALP_ERR_TRUNCATED] = {"GALP_ERR_TRUNCATED",
                            "truncated input: shorter than the header or than file_size"},
    [GALP_ERR_BAD_MAGIC] = {"GALP_ERR_BAD_MAGIC", "not a galp column file (bad magic)"},
    [GALP_ERR_VERSION] = {"GALP_ERR_VERSION", "unsupported major format version"},
    [GALP_ERR_LAYOUT] = {"GALP_ERR_LAYOUT",
                         "inconsistent section offsets, payload end or file_size"},
    [GALP_ERR_COUNT_MISMATCH] = {"GALP_ERR_COUNT_MISMATCH",
                                 "vector_count does not match value_count"},
    [GALP_ERR_CHECKSUM] = {"GALP_ERR_CHECKSUM",
                           "CRC32C of header and metadata does not match (corrupted file)"},
    [GALP_ERR_BAD_TYPE] = {"GALP_ERR_BAD_TYPE", "unknown value type"},
    [GALP_ERR_BAD_SCHEME] = {"GALP_ERR_BAD_SCHEME",
                             "unknown scheme, or scheme not allowed for this type or column"},
    [GALP_ERR_RESERVED] = {"GALP_ERR_RESERVED",
                           "a reserved field or flag is non-zero (file needs a newer decoder)"},
    [GALP_ERR_BIT_WIDTH] = {"GALP_ERR_BIT_WIDTH",
                            "bit width above the type width, or non-zero for a RAW vector"},
    [GALP_ERR_BASE] = {"GALP_ERR_BASE",
                       "base has bits above the type width, or is non-zero for a RAW vector"},
    [GALP_ERR_EXPONENT] = {"GALP_ERR_EXPONENT",
                           "ALP exponent or factor, or ALP_RD code width, out of range, or "
                           "non-zero where unused"},
    [GALP_ERR_EXCEPTION_COUNT] = {"GALP_ERR_EXCEPTION_COUNT",
                                  "exception count above vector or lane capacity"},
    [GALP_ERR_EXCEPTION_POSITION] = {"GALP_ERR_EXCEPTION_POSITION",
                                     "exception position outside its vector or lane, or not "
                                     "ascending"},
    [GALP_ERR_PAYLOAD_OFFSET] = {"GALP_ERR_PAYLOAD_OFFSET",
                                 "vector payload misaligned, out of order or outside the "
                                 "payload section"},
    [GALP_ERR_PAYLOAD_SIZE] = {"GALP_ERR_PAYLOAD_SIZE",
                               "vector payload size differs from the size its metadata implies"},
    [GALP_ERR_INDEX] = {"GALP_ERR_INDEX", "vector or value index beyond the column"},
    [GALP_ERR_TOO_LARGE] = {"GALP_ERR_TOO_LARGE",
                            "input too large for the format (more than 2^32-1 vectors)"},
    [GALP_ERR_NO_DEVICE] = {"GALP_ERR_NO_DEVICE",
                            "no CUDA device available, or CUDA support not built"},
    [GALP_ERR_CUDA] = {"GALP_ERR_CUDA", "a CUDA runtime call failed"},
    [GALP_ERR_NO_MEMORY] = {"GALP_ERR_NO_MEMORY", "out of memory: a host or device allocation failed"},
    [GALP_ERR_PAYLOAD_CHECKSUM] = {"GALP_ERR_PAYLOAD_CHECKSUM",
                                   "a vector payload does not match its CRC32C (corrupted, "
                                   "swapped or spliced payload)"},
    [GALP_ERR_LEFT_PART] = {"GALP_ERR_LEFT_PART",
                            "ALP_RD dictionary entry or exception left part wider than the "
                            "vector's left part width, or unused dictionary entry non-zero"},
    [GALP_ERR_DICT_CODE] = {"GALP_ERR_DICT_CODE",
                            "an RLE run index or DICT code is not below the vector's run "
                            "count or dictionary size"},
    [GALP_ERR_RUN_LENGTHS] = {"GALP_ERR_RUN_LENGTHS",
                              "GPU-RFOR or RUNS run count or run lengths do not cover the "
                              "vector's values exactly"},
    [GALP_ERR_SYMBOL_TABLE] = {"GALP_ERR_SYMBOL_TABLE",
                               "FSST symbol table invalid: more than 255 symbols, a symbol "
                               "longer than 8 bytes, an empty non-terminal symbol or reserved "
                               "bits set"},
    [GALP_ERR_CODE] = {"GALP_ERR_CODE", "FSST code that names no symbol of the table"},
    [GALP_ERR_ESCAPE] = {"GALP_ERR_ESCAPE",
                         "FSST escape code as the last byte of a piece (no literal follows)"},
    [GALP_ERR_PIECE] = {"GALP_ERR_PIECE",
                        "FSST pieces out of order, misaligned or out of range, or a piece's "
                        "codes end inside a string or short of the next piece"},
    [GALP_ERR_STRING_OFFSET] = {"GALP_ERR_STRING_OFFSET",
                                "string offsets decreasing, or not what the codes decode to"},
    [GALP_ERR_PATCH_VALUE] = {"GALP_ERR_PATCH_VALUE",
                              "FFOR patch whose high bits are zero or do not fit above the "
                              "vector's bit width"},
};

static const status_text *status_lookup(int status)
{
    if (status < 0 || status >= GALP_STATUS_COUNT)
        return NULL;
    return &status_texts[status];
}

const char *galp_strerror(int status)
{
    const status_text *text = status_lookup(status);
    return text ? text->message : "unknown galp status";
}

const char *galp_status_name(int status)
{
    const status_text *text = status_lookup(status);
    return text ? text->name : "GALP_ERR_UNKNOWN";
}
