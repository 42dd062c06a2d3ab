/*
 * conform_judge.c — what a decoder must do with each vector (spec/conformance.md §2-3):
 * decode a valid vector to exactly the expected bytes; reject an invalid one, with the
 * manifest's class when it reports a class, without output, a crash or a hang.
 */
#include <string.h>

#include "conform.h"

static unsigned value_bytes(const char *type)
{
    if (strcmp(type, "u8") == 0)
        return 1;
    if (strcmp(type, "u16") == 0)
        return 2;
    if (strcmp(type, "u32") == 0 || strcmp(type, "f32") == 0)
        return 4;
    return 8;
}

static uint64_t load_le(const uint8_t *p, unsigned bytes)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < bytes; i++)
        v |= (uint64_t)p[i] << (8 * i);
    return v;
}

/* Names the first differing value the way an implementer debugs: vector, slot, lane. */
static void describe_difference(const conform_vector *vec, const uint8_t *got,
                                conform_judgement *j)
{
    const unsigned size = value_bytes(vec->type), lanes = 1024 / (8 * size);
    size_t at = 0;
    while (got[at] == vec->output[at])
        at++;
    size_t index = at / size, differing = 0;
    for (size_t i = index; i < vec->output_len / size; i++)
        differing += memcmp(got + i * size, vec->output + i * size, size) != 0;
    snprintf(j->reason, sizeof j->reason,
             "value %zu (vector %zu, slot %zu, lane %zu) is 0x%0*llx, expected 0x%0*llx; "
             "%zu value(s) differ",
             index, index / 1024, index % 1024, index % 1024 % lanes, (int)(2 * size),
             (unsigned long long)load_le(got + index * size, size), (int)(2 * size),
             (unsigned long long)load_le(vec->output + index * size, size), differing);
}

static void judge_valid(const conform_vector *vec, const conform_result *r, conform_judgement *j)
{
    j->verdict = CONFORM_FAIL;
    if (r->outcome == CONFORM_REJECTED) {
        snprintf(j->reason, sizeof j->reason, "rejected a valid vector (%s)",
                 r->status_name[0] ? r->status_name : "no class reported");
    } else if (r->out_len != vec->output_len) {
        snprintf(j->reason, sizeof j->reason, "decoded %zu bytes, expected %zu", r->out_len,
                 vec->output_len);
    } else if (r->out_len && memcmp(r->out, vec->output, r->out_len) != 0) {
        describe_difference(vec, r->out, j);
    } else {
        j->verdict = CONFORM_PASS;
        snprintf(j->reason, sizeof j->reason, "%zu bytes bit-exact", r->out_len);
    }
}

static void judge_invalid(const conform_vector *vec, const conform_result *r,
                          const conform_judge_options *opt, conform_judgement *j)
{
    j->verdict = CONFORM_FAIL;
    if (r->outcome == CONFORM_DECODED) {
        snprintf(j->reason, sizeof j->reason, "accepted an invalid vector (%zu bytes of output);"
                 " must reject it as %s", r->out_len, vec->expect);
    } else if (r->wrote_on_reject) {
        snprintf(j->reason, sizeof j->reason, "rejected it but left output behind");
    } else if (!r->status_name[0]) {
        j->verdict = opt->require_class ? CONFORM_FAIL : CONFORM_PASS;
        snprintf(j->reason, sizeof j->reason, "rejected, no class reported (expected %s)%s",
                 vec->expect, opt->require_class ? "; --require-class asks for one" : "");
    } else if (strcmp(r->status_name, vec->expect) == 0) {
        j->verdict = CONFORM_PASS;
        snprintf(j->reason, sizeof j->reason, "rejected as %s", r->status_name);
    } else {
        j->verdict = opt->any_class ? CONFORM_PASS : CONFORM_FAIL;
        snprintf(j->reason, sizeof j->reason, "rejected as %s, expected %s%s", r->status_name,
                 vec->expect, opt->any_class ? " (allowed by --any-class)" : "");
    }
}

void conform_judge(const conform_vector *vec, const conform_result *result,
                   const conform_judge_options *opt, conform_judgement *judgement)
{
    static const char *const what[] = {
        [CONFORM_CRASHED] = "crashed", [CONFORM_TIMED_OUT] = "timed out",
        [CONFORM_BROKEN] = "broke the protocol"};
    if (result->outcome == CONFORM_CRASHED || result->outcome == CONFORM_TIMED_OUT ||
        result->outcome == CONFORM_BROKEN) {
        judgement->verdict = CONFORM_FAIL;
        snprintf(judgement->reason, sizeof judgement->reason, "%s: %s", what[result->outcome],
                 result->detail);
    } else if (conform_vector_is_valid(vec)) {
        judge_valid(vec, result, judgement);
    } else {
        judge_invalid(vec, result, opt, judgement);
    }
}
