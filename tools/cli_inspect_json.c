/*
 * cli_inspect_json.c — `galp inspect --json`: the same figures as the text form, for programs.
 * One JSON object; every field is always present for the column's scheme (see docs/CLI.md).
 */
#include <inttypes.h>

#include <galp/layout.h>

#include "cli_inspect.h"

/* Length of the well-formed UTF-8 sequence at s (RFC 3629: no overlong forms, no surrogates,
 * nothing above U+10FFFF), or 0 if the byte at s does not start one. */
static size_t utf8_length(const unsigned char *s)
{
    unsigned char c = s[0];
    size_t len = c < 0x80 ? 1 : c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3
               : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
    /* The second byte's range excludes overlong forms, surrogates and code points past the end. */
    unsigned char low = c == 0xe0 ? 0xa0 : c == 0xf0 ? 0x90 : 0x80;
    unsigned char high = c == 0xed ? 0x9f : c == 0xf4 ? 0x8f : 0xbf;
    for (size_t i = 1; i < len; i++) {
        if (s[i] < (i == 1 ? low : 0x80) || s[i] > (i == 1 ? high : 0xbf)) {
            return 0; /* also stops at the terminating NUL */
        }
    }
    return len;
}

/* A JSON string (RFC 8259 §7). File names are bytes, JSON text is UTF-8: a byte that is not part
 * of a well-formed UTF-8 sequence is written as U+FFFD, so that the output always parses. */
static void print_string(FILE *out, const char *text)
{
    const unsigned char *s = (const unsigned char *)text;
    fputc('"', out);
    while (*s != '\0') {
        size_t len = utf8_length(s);
        if (len == 0) {
            fputs("\\ufffd", out);
            s++;
        } else if (*s == '"' || *s == '\\') {
            fprintf(out, "\\%c", *s++);
        } else if (*s < 0x20) {
            fprintf(out, "\\u%04x", *s++);
        } else {
            fwrite(s, 1, len, out);
            s += len;
        }
    }
    fputc('"', out);
}

void inspect_print_json_string(FILE *out, const char *text)
{
    print_string(out, text);
}

/* A ratio, or null where it is infinite (an empty payload). */
static void print_ratio(FILE *out, uint64_t raw, uint64_t bytes)
{
    if (bytes > 0) {
        fprintf(out, "%.6g", inspect_ratio(raw, bytes));
    } else {
        fputs("null", out);
    }
}

static void print_vector(FILE *out, const inspect_report *r, uint32_t v)
{
    inspect_vector vector;
    inspect_read_vector(r->column, v, &vector);
    const galp_vector_info *info = &vector.info;
    uint64_t raw = (uint64_t)info->value_count * galp_type_size(r->column->type);
    fprintf(out,
            "    {\"vector\": %" PRIu32 ", \"values\": %" PRIu32 ", \"scheme\": \"%s\", "
            "\"payload_offset\": %" PRIu64 ", \"payload_size\": %" PRIu32 ", ",
            v, info->value_count, galp_scheme_name(info->scheme), info->payload_offset,
            info->payload_size);
    if (inspect_is_alp(r)) {
        fprintf(out, "\"base\": %" PRId64, inspect_signed_base(r, info->base));
    } else {
        fprintf(out, "\"base\": %" PRIu64, info->base);
    }
    fprintf(out, ", \"bit_width\": %u, \"bits_per_value\": %.6g, \"ratio\": ", info->bit_width,
            inspect_bits_per_value(info->payload_size, info->value_count));
    print_ratio(out, raw, info->payload_size);
    if (inspect_is_alp(r)) {
        fprintf(out, ", \"exponent\": %u, \"factor\": %u, \"exceptions\": %u", info->exponent,
                info->factor, info->exception_count);
    }
    if (info->scheme == GALP_SCHEME_RLE) {
        fprintf(out, ", \"runs\": %u", info->exception_count);
    } else if (info->scheme == GALP_SCHEME_RUNS) {
        fprintf(out, ", \"runs\": %u, \"length_width\": %u, \"delta_values\": %s, \"offset_values\": %s",
                info->exception_count, info->exponent,
                info->factor == GALP_LAYOUT_RUNS_DELTA_VALUES ? "true" : "false",
                info->factor == GALP_LAYOUT_RUNS_OFFSET_VALUES ? "true" : "false");
    } else if (info->scheme == GALP_SCHEME_DICT) {
        fprintf(out, ", \"dictionary_size\": %u", info->exception_count);
    } else if (info->scheme == GALP_SCHEME_FFOR) {
        fprintf(out, ", \"patches\": %u", info->exception_count);
    }
    if (info->scheme == GALP_SCHEME_ALP_RD) {
        fprintf(out, ", \"dictionary_in_entry\": %s", vector.dict_in_entry ? "true" : "false");
    }
    if (info->scheme == GALP_SCHEME_DELTA) {
        fprintf(out, ", \"lane_base_width\": %u", vector.lane_base_width);
    }
    if ((r->column->flags & GALP_FLAG_PAYLOAD_CHECKSUMS) != 0) {
        fprintf(out, ", \"payload_checksum\": \"0x%08" PRIx32 "\"", info->payload_checksum);
    }
    if (info->scheme == GALP_SCHEME_GALP || info->scheme == GALP_SCHEME_ALP_RD) {
        fputs(", \"lane_exceptions\": [", out);
        for (unsigned l = 0; l < r->lanes; l++) {
            fprintf(out, "%s%u", l > 0 ? ", " : "", vector.lane_exceptions[l]);
        }
        fputc(']', out);
    }
    fputc('}', out);
}

static void print_alp_summary(FILE *out, const inspect_report *r)
{
    fputs(",\n  \"exponent_factor\": [", out);
    const char *separator = "";
    for (unsigned e = 0; e <= INSPECT_MAX_EXPONENT; e++) {
        for (unsigned f = 0; f <= e; f++) {
            if (r->ef_vectors[e][f] > 0) {
                fprintf(out, "%s{\"exponent\": %u, \"factor\": %u, \"vectors\": %" PRIu32 "}",
                        separator, e, f, r->ef_vectors[e][f]);
                separator = ", ";
            }
        }
    }
    fprintf(out,
            "],\n  \"exceptions\": %" PRIu64 ",\n  \"most_exceptions\": {\"vector\": %" PRIu32
            ", \"count\": %" PRIu32 "}",
            r->exceptions, r->most_exceptions_vector, r->most_exceptions);
    if (r->column->scheme == GALP_SCHEME_GALP || r->column->scheme == GALP_SCHEME_ALP_RD) {
        fprintf(out,
                ",\n  \"lanes\": %u,\n  \"most_lane_exceptions\": {\"vector\": %" PRIu32
                ", \"lane\": %" PRIu32 ", \"count\": %" PRIu32 "}",
                r->lanes, r->most_lane_vector, r->most_lane, r->most_lane_exceptions);
    }
}

void inspect_print_json(FILE *out, const inspect_report *r, bool vectors)
{
    const galp_column *c = r->column;
    fputs("{\n  \"file\": ", out);
    print_string(out, r->path);
    fprintf(out,
            ",\n  \"file_size\": %zu,\n  \"version\": \"%u.%u\",\n  \"type\": \"%s\",\n"
            "  \"scheme\": \"%s\",\n  \"value_count\": %" PRIu64 ",\n  \"vector_count\": %"
            PRIu32 ",\n  \"checksum\": \"0x%08" PRIx32 "\",\n  \"payload_checksums\": %s,\n"
            "  \"narrow_lane_ends\": %s,\n  \"alprd_dicts_in_entry\": %" PRIu32 ",\n"
            "  \"packed_lane_bases\": %" PRIu32 ",\n  \"delta_run_values\": %" PRIu32
            ",\n  \"offset_run_values\": %" PRIu32
            ",\n  \"patched_ffor_vectors\": %" PRIu32 ",\n  \"ffor_patches\": %" PRIu64
            ",\n  \"raw_size\": %" PRIu64
            ",\n  \"payload_size\": %" PRIu64 ",\n  \"ratio\": ",
            c->size, GALP_VERSION_MAJOR, (unsigned)c->version_minor, galp_type_name(c->type),
            galp_scheme_name(c->scheme), c->value_count, c->vector_count, c->checksum,
            (c->flags & GALP_FLAG_PAYLOAD_CHECKSUMS) != 0 ? "true" : "false",
            (c->flags & GALP_FLAG_NARROW_LANE_ENDS) != 0 ? "true" : "false", r->dicts_in_entry,
            r->packed_lane_bases, r->delta_run_values, r->offset_run_values, r->patched_vectors,
            r->patches, r->raw_size,
            r->payload_bytes);
    print_ratio(out, r->raw_size, c->size);
    fprintf(out, ",\n  \"bits_per_value\": %.6g,\n  \"vectors_by_scheme\": {",
            inspect_bits_per_value(c->size, c->value_count));
    /* Every scheme with a name: RAW … DICT always, the column's scheme and any other that
     * holds vectors. */
    for (int s = GALP_SCHEME_RAW; s < GALP_SCHEME_AUTO; s++) {
        if (galp_scheme_name((galp_scheme)s) != NULL &&
            (s <= GALP_SCHEME_DICT || s == (int)r->column->scheme ||
             r->vectors_by_scheme[s] > 0))
            fprintf(out, "%s\"%s\": %" PRIu32, s > 0 ? ", " : "",
                    galp_scheme_name((galp_scheme)s), r->vectors_by_scheme[s]);
    }
    fprintf(out, "},\n  \"bit_width\": {\"min\": %u, \"max\": %u, \"mean\": %.6g}",
            r->bit_width_min, r->bit_width_max,
            r->packed_vectors > 0 ? (double)r->bit_width_sum / r->packed_vectors : 0.0);
    if (inspect_is_alp(r)) {
        print_alp_summary(out, r);
    }
    if (vectors) {
        fputs(",\n  \"vectors\": [", out);
        for (uint32_t v = 0; v < c->vector_count; v++) {
            fputs(v > 0 ? ",\n" : "\n", out);
            print_vector(out, r, v);
        }
        fputs("\n  ]", out);
    }
    fputs("\n}\n", out);
}
