/*
 * galp_conform.c — galp-conform, the conformance runner: decodes every vector of the suite
 * with a decoder under test and checks the results (spec/conformance.md, docs/CONFORMANCE.md).
 *
 * Exit status: 0 the decoder conforms (every selected vector passed), 1 it does not,
 * 2 usage error or damaged suite, 77 the requested decoder is not available here (--gpu
 * without CUDA or without a device), so that test harnesses report a skip.
 */
#define _GNU_SOURCE /* getopt_long */
#include <fnmatch.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "conform.h"

/* Room offered for the output of an invalid vector: more than any valid base of an invalid
 * vector decodes to, so that only the intended check can reject it. */
#define INVALID_OUTPUT_CAP (1u << 20)

static void usage(FILE *f)
{
    fputs("usage: galp-conform [DECODER] [OPTIONS]\n"
          "Runs the galp conformance vectors against a decoder (spec/conformance.md).\n"
          "\n"
          "decoder (one; default: the libgalp reference decoder):\n"
          "  --gpu                 libgalp's CUDA decoder (exit 77 if unavailable)\n"
          "  --exec 'CMD {in} {out} [{err}]'\n"
          "                        an external command: exit 0 after writing the raw values\n"
          "                        to {out}, non-zero to reject; may write the error class\n"
          "                        name to {err}\n"
          "  --lib PATH.so         a shared library exporting galp_conform_decode\n"
          "                        (galp_conform_abi.h)\n"
          "\n"
          "options:\n"
          "  --vectors DIR         the suite (default: the installed vectors, else the\n"
          "                        source tree's)\n"
          "  --only LIST           run only vectors of these types and/or column schemes,\n"
          "                        comma-separated: u8,u16,u32,u64,f32,f64,str,raw,ffor,alp,\n"
          "                        galp,alp-rd,delta,rle,dict,gpu-for,gpu-dfor,gpu-rfor,fsst\n"
          "  --match GLOB          run only vectors whose name matches GLOB\n"
          "  --any-class           a rejection with another error class is not a failure\n"
          "  --require-class       a rejection without an error class is a failure (--exec:\n"
          "                        the command must contain {err})\n"
          "  --timeout SECONDS     per vector (default 10)\n"
          "  --in-process          call a --lib decoder in this process (no crash isolation)\n"
          "  --json FILE           write a JSON report\n"
          "  --tap FILE            write a TAP report\n"
          "  --quiet               list failures only\n"
          "  --help\n",
          f);
}

/* A vector is selected when its type is listed (or no type is) and its column scheme is
 * listed (or no scheme is). */
typedef struct selection {
    char types[96];
    char schemes[96];
    const char *glob;
} selection;

static bool in_list(const char *list, const char *word)
{
    if (!list[0])
        return true;
    char padded[80];
    snprintf(padded, sizeof padded, ",%s,", word);
    return strstr(list, padded) != NULL;
}

static bool parse_only(const char *arg, selection *sel)
{
    static const char *const types = ",u8,u16,u32,u64,f32,f64,str,";
    static const char *const schemes =
        ",raw,ffor,alp,galp,alp-rd,delta,rle,dict,gpu-for,gpu-dfor,gpu-rfor,fsst,";
    char copy[256];
    snprintf(copy, sizeof copy, "%s", arg);
    strcpy(sel->types, ",");
    strcpy(sel->schemes, ",");
    for (char *word = strtok(copy, ","); word; word = strtok(NULL, ",")) {
        char padded[80];
        snprintf(padded, sizeof padded, ",%s,", word);
        char *list = strstr(types, padded) ? sel->types : strstr(schemes, padded) ? sel->schemes
                                                                                   : NULL;
        if (!list || strlen(list) + strlen(word) + 2 > sizeof sel->schemes) {
            fprintf(stderr, "galp-conform: --only: unknown type or scheme '%s'\n", word);
            return false;
        }
        strcat(list, word);
        strcat(list, ",");
    }
    if (strcmp(sel->types, ",") == 0)
        sel->types[0] = '\0';
    if (strcmp(sel->schemes, ",") == 0)
        sel->schemes[0] = '\0';
    return true;
}

static bool selected(const selection *sel, const conform_vector *vec)
{
    return in_list(sel->types, vec->type) && in_list(sel->schemes, vec->scheme) &&
           (!sel->glob || fnmatch(sel->glob, vec->name, 0) == 0);
}

static const char *default_vectors_dir(void)
{
    struct stat st;
    if (stat(GALP_CONFORM_VECTORS_DIR "/MANIFEST", &st) == 0)
        return GALP_CONFORM_VECTORS_DIR;
    return GALP_CONFORM_SOURCE_VECTORS_DIR;
}

/* Decodes one vector from a guarded copy of its bytes and judges the outcome. */
static void run_vector(conform_decoder *dec, const conform_vector *vec,
                       const conform_judge_options *jopt, conform_judgement *j)
{
    conform_buffer in;
    if (!conform_buffer_alloc(&in, vec->input_len, false)) {
        *j = (conform_judgement){.verdict = CONFORM_FAIL};
        snprintf(j->reason, sizeof j->reason, "runner: cannot map memory for the input");
        return;
    }
    if (vec->input_len)
        memcpy(in.data, vec->input, vec->input_len);
    size_t out_cap = conform_vector_is_valid(vec) ? vec->output_len : INVALID_OUTPUT_CAP;
    conform_result result;
    dec->decode(dec->state, in.data, vec->input_len, out_cap, &result);
    conform_judge(vec, &result, jopt, j);
    conform_buffer_free(&in);
}

int main(int argc, char **argv)
{
    enum { OPT_GPU = 256, OPT_EXEC, OPT_LIB, OPT_VECTORS, OPT_ONLY, OPT_MATCH, OPT_ANY_CLASS,
           OPT_REQUIRE_CLASS, OPT_TIMEOUT, OPT_IN_PROCESS, OPT_JSON, OPT_TAP, OPT_QUIET,
           OPT_HELP };
    static const struct option longopts[] = {
        {"gpu", no_argument, NULL, OPT_GPU},           {"exec", required_argument, NULL, OPT_EXEC},
        {"lib", required_argument, NULL, OPT_LIB},     {"vectors", required_argument, NULL, OPT_VECTORS},
        {"only", required_argument, NULL, OPT_ONLY},   {"match", required_argument, NULL, OPT_MATCH},
        {"any-class", no_argument, NULL, OPT_ANY_CLASS},
        {"require-class", no_argument, NULL, OPT_REQUIRE_CLASS},
        {"timeout", required_argument, NULL, OPT_TIMEOUT},
        {"in-process", no_argument, NULL, OPT_IN_PROCESS},
        {"json", required_argument, NULL, OPT_JSON},   {"tap", required_argument, NULL, OPT_TAP},
        {"quiet", no_argument, NULL, OPT_QUIET},       {"help", no_argument, NULL, OPT_HELP},
        {NULL, 0, NULL, 0}};
    conform_options opt = {.timeout_s = 10};
    conform_judge_options jopt = {0};
    selection sel = {{0}, {0}, NULL};
    const char *vectors = NULL, *exec_cmd = NULL, *lib_path = NULL, *json = NULL, *tap = NULL;
    bool gpu = false, quiet = false;
    int c;
    while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
        char *end;
        switch (c) {
        case OPT_GPU: gpu = true; break;
        case OPT_EXEC: exec_cmd = optarg; break;
        case OPT_LIB: lib_path = optarg; break;
        case OPT_VECTORS: vectors = optarg; break;
        case OPT_ONLY:
            if (!parse_only(optarg, &sel))
                return 2;
            break;
        case OPT_MATCH: sel.glob = optarg; break;
        case OPT_ANY_CLASS: jopt.any_class = true; break;
        case OPT_REQUIRE_CLASS: jopt.require_class = true; break;
        case OPT_TIMEOUT:
            opt.timeout_s = strtod(optarg, &end);
            if (*end || !(opt.timeout_s > 0)) {
                fprintf(stderr, "galp-conform: --timeout needs a positive number of seconds\n");
                return 2;
            }
            break;
        case OPT_IN_PROCESS: opt.in_process = true; break;
        case OPT_JSON: json = optarg; break;
        case OPT_TAP: tap = optarg; break;
        case OPT_QUIET: quiet = true; break;
        case OPT_HELP: usage(stdout); return 0;
        default: usage(stderr); return 2;
        }
    }
    if (optind != argc || gpu + (exec_cmd != NULL) + (lib_path != NULL) > 1) {
        usage(stderr);
        return 2;
    }
    if (jopt.require_class && exec_cmd && !strstr(exec_cmd, "{err}")) {
        fprintf(stderr, "galp-conform: --require-class: the --exec command has no {err}, so it "
                        "can never report a class\n");
        return 2;
    }

    conform_decoder dec;
    int rc = gpu        ? conform_gpu_open(&opt, &dec)
             : exec_cmd ? conform_exec_open(&opt, exec_cmd, &dec)
             : lib_path ? conform_lib_open(&opt, lib_path, &dec)
                        : conform_ref_open(&opt, &dec);
    if (rc != 0) {
        if (rc == 77)
            fprintf(stderr, "galp-conform: SKIP: the decoder is not available here\n");
        return rc;
    }
    conform_suite suite;
    if (!conform_suite_load(vectors ? vectors : default_vectors_dir(), &suite)) {
        dec.close(dec.state);
        return 2;
    }
    conform_report *report = conform_report_open(json, tap, quiet, &suite, dec.name);
    if (!report) {
        conform_suite_free(&suite);
        dec.close(dec.state);
        return 2;
    }
    for (size_t i = 0; i < suite.count; i++) {
        const conform_vector *vec = &suite.vectors[i];
        conform_judgement j = {.verdict = CONFORM_SKIP};
        if (selected(&sel, vec))
            run_vector(&dec, vec, &jopt, &j);
        else
            snprintf(j.reason, sizeof j.reason, "not selected (--only/--match)");
        conform_report_add(report, vec, &j);
    }
    size_t passed = 0;
    long failed = conform_report_close(report, &passed);
    conform_suite_free(&suite);
    dec.close(dec.state);
    if (failed < 0)
        return 2;
    if (passed == 0 && failed == 0) {
        fprintf(stderr, "galp-conform: no vector selected\n");
        return 2;
    }
    return failed == 0 ? 0 : 1;
}
