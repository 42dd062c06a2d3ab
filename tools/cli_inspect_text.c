/*
 * cli_inspect_text.c — `galp inspect` as aligned text for people.
 */
#include <inttypes.h>

#include <galp/layout.h>

#include "cli_inspect.h"

/* Exponent/factor pairs named in the summary, most common first. */
#define TOP_EF_PAIRS 5

/* The ratio as text; "inf" for a vector whose payload is empty (bit width 0, no exceptions). */
static const char *ratio_text(uint64_t raw, uint64_t bytes, char buf[32])
{
    if (bytes == 0) {
        return "inf";
    }
    snprintf(buf, 32, "%.3f", inspect_ratio(raw, bytes));
    return buf;
}

static void print_schemes(FILE *out, const inspect_report *r)
{
    fprintf(out, "vectors          %" PRIu32, r->column->vector_count);
    const char *separator = ": ";
    for (int s = GALP_SCHEME_AUTO - 1; s >= GALP_SCHEME_RAW; s--) {
        if (r->vectors_by_scheme[s] > 0) {
            fprintf(out, "%s%" PRIu32 " %s", separator, r->vectors_by_scheme[s],
                    galp_scheme_name((galp_scheme)s));
            separator = ", ";
        }
    }
    fputc('\n', out);
}

/* The most common (e, f) pairs: repeatedly the largest count not yet printed. */
static void print_exponents(FILE *out, const inspect_report *r)
{
    uint32_t printed_below = UINT32_MAX; /* counts >= this were printed already */
    unsigned pairs = 0, shown = 0;
    for (unsigned e = 0; e <= INSPECT_MAX_EXPONENT; e++) {
        for (unsigned f = 0; f <= e; f++) {
            pairs += r->ef_vectors[e][f] > 0;
        }
    }
    if (pairs == 0) {
        return; /* only ALP-RD and raw vectors */
    }
    fputs("exponent/factor ", out);
    while (shown < pairs && shown < TOP_EF_PAIRS) {
        uint32_t best = 0;
        for (unsigned e = 0; e <= INSPECT_MAX_EXPONENT; e++) {
            for (unsigned f = 0; f <= e; f++) {
                uint32_t n = r->ef_vectors[e][f];
                best = n < printed_below && n > best ? n : best;
            }
        }
        for (unsigned e = 0; e <= INSPECT_MAX_EXPONENT && shown < TOP_EF_PAIRS; e++) {
            for (unsigned f = 0; f <= e && shown < TOP_EF_PAIRS; f++) {
                if (r->ef_vectors[e][f] == best) {
                    fprintf(out, "%s e=%u f=%u in %" PRIu32 " vector%s", shown > 0 ? "," : "", e,
                            f, best, best == 1 ? "" : "s");
                    shown++;
                }
            }
        }
        printed_below = best;
    }
    if (pairs > shown) {
        fprintf(out, ", %u more pair%s", pairs - shown, pairs - shown == 1 ? "" : "s");
    }
    fputc('\n', out);
}

static void print_summary(FILE *out, const inspect_report *r)
{
    const galp_column *c = r->column;
    fprintf(out, "file             %s\n", r->path);
    fprintf(out, "file size        %zu bytes\n", c->size);
    fprintf(out, "format version   %u.%u\n", GALP_VERSION_MAJOR, (unsigned)c->version_minor);
    fprintf(out, "payload checksum %s\n", (c->flags & GALP_FLAG_PAYLOAD_CHECKSUMS) != 0
                                               ? "CRC32C per vector, verified"
                                               : "none");
    if ((c->flags & GALP_FLAG_NARROW_LANE_ENDS) != 0)
        fprintf(out, "lane ends        u8 for vectors with 1 to 255 exceptions (narrow)\n");
    if ((c->flags & GALP_FLAG_ALPRD_DICT_IN_ENTRY) != 0)
        fprintf(out, "alp-rd dicts     in the metadata entry's base for %" PRIu32 " of %" PRIu32
                " alp-rd vectors\n", r->dicts_in_entry, r->vectors_by_scheme[GALP_SCHEME_ALP_RD]);
    if ((c->flags & GALP_FLAG_PACKED_LANE_BASES) != 0)
        fprintf(out, "delta lane bases packed for %" PRIu32 " of %" PRIu32 " delta vectors\n",
                r->packed_lane_bases, r->vectors_by_scheme[GALP_SCHEME_DELTA]);
    if ((c->flags & GALP_FLAG_RUNS_DELTA_VALUES) != 0)
        fprintf(out, "run values       delta-coded for %" PRIu32 " of %" PRIu32 " runs vectors\n",
                r->delta_run_values, r->vectors_by_scheme[GALP_SCHEME_RUNS]);
    if ((c->flags & GALP_FLAG_RUNS_OFFSET_VALUES) != 0)
        fprintf(out, "run values       offset-coded for %" PRIu32 " of %" PRIu32 " runs vectors\n",
                r->offset_run_values, r->vectors_by_scheme[GALP_SCHEME_RUNS]);
    if ((c->flags & GALP_FLAG_PATCHED_FFOR) != 0)
        fprintf(out, "ffor patches     %" PRIu64 " in %" PRIu32 " of %" PRIu32 " ffor vectors\n",
                r->patches, r->patched_vectors, r->vectors_by_scheme[GALP_SCHEME_FFOR]);
    fprintf(out, "value type       %s\n", galp_type_name(c->type));
    fprintf(out, "column scheme    %s\n", galp_scheme_name(c->scheme));
    fprintf(out, "values           %" PRIu64 "\n", c->value_count);
    print_schemes(out, r);
    fprintf(out, "checksum         0x%08" PRIx32 " (CRC32C of header and metadata: valid)\n",
            c->checksum);
    fprintf(out, "raw size         %" PRIu64 " bytes\n", r->raw_size);
    char ratio[32];
    fprintf(out, "ratio            %s (raw size / file size)\n",
            ratio_text(r->raw_size, c->size, ratio));
    fprintf(out, "bits/value       %.3f (whole file)\n",
            inspect_bits_per_value(c->size, c->value_count));
    fprintf(out, "payload          %" PRIu64 " bytes, %.3f bits/value\n", r->payload_bytes,
            inspect_bits_per_value(r->payload_bytes, c->value_count));
    if (r->packed_vectors > 0) {
        fprintf(out, "bit width        min %u, mean %.2f, max %u (over %" PRIu32 " vectors not raw)\n",
                r->bit_width_min, (double)r->bit_width_sum / r->packed_vectors,
                r->bit_width_max, r->packed_vectors);
    }
    if (!inspect_is_alp(r) || r->packed_vectors == 0) {
        return;
    }
    print_exponents(out, r);
    fprintf(out, "exceptions       %" PRIu64 " (%.3f %% of values)", r->exceptions,
            100.0 * (double)r->exceptions / (double)c->value_count);
    if (r->exceptions > 0) {
        fprintf(out, "; most in one vector: %" PRIu32 " (vector %" PRIu32 ")",
                r->most_exceptions, r->most_exceptions_vector);
    }
    fputc('\n', out);
    if (r->most_lane_exceptions > 0) {
        fprintf(out,
                "lane exceptions  most in one lane: %" PRIu32 " (vector %" PRIu32 ", lane %" PRIu32
                " of %u)\n",
                r->most_lane_exceptions, r->most_lane_vector, r->most_lane, r->lanes);
    }
}

static void print_vector(FILE *out, const inspect_report *r, uint32_t v)
{
    inspect_vector vector;
    inspect_read_vector(r->column, v, &vector);
    const galp_vector_info *info = &vector.info;
    uint64_t raw = (uint64_t)info->value_count * galp_type_size(r->column->type);
    fprintf(out, "%7" PRIu32 " %6" PRIu32 " %-6s %10" PRIu64 " %6" PRIu32 " ", v,
            info->value_count, galp_scheme_name(info->scheme), info->payload_offset,
            info->payload_size);
    if (vector.dict_in_entry) { /* ALP-RD's packed dictionary (spec/alprd.md §3.1) */
        fprintf(out, "%#20" PRIx64, info->base);
    } else if (inspect_is_alp(r)) {
        fprintf(out, "%20" PRId64, inspect_signed_base(r, info->base));
    } else {
        fprintf(out, "%20" PRIu64, info->base);
    }
    char ratio[32];
    fprintf(out, " %5u %10.3f %7s", info->bit_width,
            inspect_bits_per_value(info->payload_size, info->value_count),
            ratio_text(raw, info->payload_size, ratio));
    if (inspect_is_alp(r)) {
        fprintf(out, " %2u %2u %10u", info->exponent, info->factor, info->exception_count);
    }
    if (info->scheme == GALP_SCHEME_RLE) {
        fprintf(out, "  runs %u", info->exception_count);
    } else if (info->scheme == GALP_SCHEME_RUNS) {
        fprintf(out, "  runs %u, length width %u%s", info->exception_count, info->exponent,
                info->factor == GALP_LAYOUT_RUNS_DELTA_VALUES    ? ", delta-coded values"
                : info->factor == GALP_LAYOUT_RUNS_OFFSET_VALUES ? ", offset-coded values"
                                                                 : "");
    } else if (info->scheme == GALP_SCHEME_DICT) {
        fprintf(out, "  dictionary %u", info->exception_count);
    } else if (info->scheme == GALP_SCHEME_FFOR && info->exception_count > 0) {
        fprintf(out, "  patches %u", info->exception_count);
    } else if (vector.dict_in_entry) {
        fputs("  dictionary in base", out);
    } else if (info->scheme == GALP_SCHEME_DELTA) {
        fprintf(out, "  lane bases %u bits", vector.lane_base_width);
    }
    fputc('\n', out);
    if ((info->scheme == GALP_SCHEME_GALP || info->scheme == GALP_SCHEME_ALP_RD) &&
        info->exception_count > 0) {
        fputs("        exceptions per lane (lane:count):", out);
        for (unsigned l = 0; l < r->lanes; l++) {
            if (vector.lane_exceptions[l] > 0) {
                fprintf(out, " %u:%u", l, vector.lane_exceptions[l]);
            }
        }
        fputc('\n', out);
    }
}

void inspect_print_text(FILE *out, const inspect_report *r, bool vectors)
{
    print_summary(out, r);
    if (!vectors) {
        return;
    }
    fprintf(out, "\n%7s %6s %-6s %10s %6s %20s %5s %10s %7s%s\n", "vector", "values", "scheme",
            "offset", "bytes", "base", "width", "bits/value", "ratio",
            inspect_is_alp(r) ? "  e  f exceptions" : "");
    for (uint32_t v = 0; v < r->column->vector_count; v++) {
        print_vector(out, r, v);
    }
}
