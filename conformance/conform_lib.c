/*
 * conform_lib.c — backend: a decoder in a shared library implementing galp_conform_abi.h,
 * loaded with dlopen (`galp-conform --lib PATH`).
 */
#include <dlfcn.h>
#include <stdlib.h>

#include "conform.h"
#include "galp_conform_abi.h"

typedef int (*abi_decode_fn)(const uint8_t *, size_t, uint8_t *, size_t, size_t *);

typedef struct lib_state {
    conform_options opt;
    void *handle;
    abi_decode_fn decode;
    conform_buffer out;
} lib_state;

static int lib_decode_into(void *state, const uint8_t *in, size_t in_len, uint8_t *out,
                           size_t out_cap, size_t *out_len)
{
    lib_state *s = state;
    return s->decode(in, in_len, out, out_cap, out_len);
}

static void lib_decode(void *state, const uint8_t *in, size_t in_len, size_t out_cap,
                       conform_result *result)
{
    lib_state *s = state;
    conform_buffer_free(&s->out);
    if (s->opt.in_process)
        conform_run_here(lib_decode_into, s, in, in_len, out_cap, &s->out, result);
    else
        conform_run_isolated(lib_decode_into, s, in, in_len, out_cap, s->opt.timeout_s, &s->out,
                             result);
}

static void lib_close(void *state)
{
    lib_state *s = state;
    conform_buffer_free(&s->out);
    dlclose(s->handle);
    free(s);
}

int conform_lib_open(const conform_options *opt, const char *path, conform_decoder *dec)
{
    void *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        fprintf(stderr, "galp-conform: cannot load %s: %s\n", path, dlerror());
        return 2;
    }
    /* POSIX: a function pointer travels through dlsym's void *. */
    abi_decode_fn decode;
    *(void **)&decode = dlsym(handle, "galp_conform_decode");
    int (*version)(void);
    *(void **)&version = dlsym(handle, "galp_conform_abi_version");
    const char *(*name)(void);
    *(void **)&name = dlsym(handle, "galp_conform_name");
    if (!decode) {
        fprintf(stderr, "galp-conform: %s does not export galp_conform_decode "
                        "(conformance/galp_conform_abi.h)\n", path);
        dlclose(handle);
        return 2;
    }
    if (version && version() != GALP_CONFORM_ABI_VERSION) {
        fprintf(stderr, "galp-conform: %s implements ABI version %d, this runner version %d\n",
                path, version(), GALP_CONFORM_ABI_VERSION);
        dlclose(handle);
        return 2;
    }
    lib_state *s = calloc(1, sizeof *s);
    if (!s) {
        dlclose(handle);
        return 2;
    }
    *s = (lib_state){.opt = *opt, .handle = handle, .decode = decode};
    *dec = (conform_decoder){.state = s, .decode = lib_decode, .close = lib_close};
    snprintf(dec->name, sizeof dec->name, "%s (%s)", name ? name() : "library", path);
    return 0;
}
