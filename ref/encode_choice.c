/*
 * encode_choice.c — the encoder driver's choices (spec/format.md §2, §4.1; spec/alp.md §6.2;
 * spec/alprd.md §6.1; spec/fastlanes.md §5): the scheme AUTO stands for, when a float column
 * samples a row group, when a vector of an ALP or GALP column is ALP_RD, whether a vector
 * keeps its scheme's payload or is stored RAW, and which schemes an AUTO integer column tries
 * for each vector. The driver (compress.c) places what the scheme
 * encoders (raw.c, ffor_encode.c, alp_encode.c) write; it decides none of this itself.
 */
#include "galp_internal.h"

/* AUTO is FFOR for integers and G-ALP for floats; any other request must be a scheme the type
 * allows (spec/format.md §2). Value arrays are of fixed-width types: strings are written by
 * galp_str_compress. */
galp_status galp_encode_scheme(galp_type type, galp_scheme requested, galp_scheme *scheme)
{
    if (galp_type_size(type) == 0)
        return GALP_ERR_ARGUMENT;
    if (requested == GALP_SCHEME_AUTO)
        requested = galp_type_is_float(type) ? GALP_SCHEME_GALP : GALP_SCHEME_FFOR;
    if (!galp_scheme_allowed(type, requested))
        return GALP_ERR_ARGUMENT;
    *scheme = requested;
    return GALP_OK;
}

/* First-level sampling once per row group of GALP_ALP_ROWGROUP_VECTORS vectors, for the
 * schemes that use it: ALP and GALP (spec/alp.md §6.2), whose sample also decides on ALP_RD
 * (spec/alprd.md §6.1). */
uint64_t galp_encode_rowgroup_values(galp_type type, galp_scheme scheme, uint64_t n,
                                     uint32_t vector)
{
    if (!galp_type_is_float(type) || scheme == GALP_SCHEME_RAW || scheme == GALP_SCHEME_ALP_RD ||
        vector % GALP_ALP_ROWGROUP_VECTORS != 0)
        return 0;
    const uint64_t left = n - (uint64_t)vector * GALP_VECTOR_SIZE;
    const uint64_t rowgroup_max = (uint64_t)GALP_ALP_ROWGROUP_VECTORS * GALP_VECTOR_SIZE;
    return left < rowgroup_max ? left : rowgroup_max;
}

/* spec/alprd.md §6.1: AUTO chooses between ALP and ALP_RD per vector; a request for ALP or GALP
 * gets those schemes (or RAW) only, as asked. */
bool galp_encode_alprd_companion(galp_type type, galp_scheme requested)
{
    return requested == GALP_SCHEME_AUTO && galp_type_is_float(type);
}

/* spec/alprd.md §6.1: the ALP reference's thresholds, 48 bits per value for f64 and 22 for
 * f32, at or above which ALP_RD is chosen. */
static bool at_alprd_threshold(galp_type type, uint64_t bits, uint64_t values)
{
    const uint64_t threshold = galp_type_bits(type) == 64 ? 48u : 22u;
    return values > 0 && bits >= threshold * values;
}

/* spec/fastlanes.md §5: an integer column asked for AUTO is a FFOR column whose vectors are
 * each the smallest of their FFOR, DELTA, RLE, DICT and RUNS encodings, decided from the
 * vector itself; FFOR first, so that it wins ties, and RUNS last, so that files RLE or DICT
 * already expressed as small keep their version. */
unsigned galp_encode_vector_schemes(galp_type type, galp_scheme requested, galp_scheme column,
                                    galp_scheme tries[GALP_ENCODE_TRIES_MAX])
{
    if (requested != GALP_SCHEME_AUTO || galp_type_is_float(type)) {
        tries[0] = column;
        return 1;
    }
    tries[0] = GALP_SCHEME_FFOR;
    tries[1] = GALP_SCHEME_DELTA;
    tries[2] = GALP_SCHEME_RLE;
    tries[3] = GALP_SCHEME_DICT;
    tries[4] = GALP_SCHEME_RUNS;
    return 5;
}

/* spec/alprd.md §6.1: ALP_RD is tried where the row group's sample or the vector's own ALP
 * payload reaches the threshold, and kept only where it is smaller. */
bool galp_encode_tries_alprd(galp_type type, const galp_alp_candidates *candidates, uint32_t m,
                             uint64_t alp_bytes)
{
    return at_alprd_threshold(type, candidates->estimate_bits, candidates->estimate_values) ||
           at_alprd_threshold(type, 8u * alp_bytes, m);
}

bool galp_encode_keeps_alprd(uint64_t alprd_bytes, uint64_t alp_bytes)
{
    return alprd_bytes < alp_bytes;
}

/* spec/format.md §4.1: never larger than RAW, which makes galp_compress_bound a bound. */
bool galp_encode_keeps_payload(galp_type type, uint32_t m, uint64_t payload_size)
{
    return payload_size <= (uint64_t)m * galp_type_size(type);
}
