/*
 * test_gpu_arrow.c — the Arrow C Device Data Interface export (galp_gpu_arrow_export,
 * include/galp_arrow.h) against the CPU decoder: each column is exported on one stream, a
 * second stream is made to wait on the array's sync event (galp_gpu_arrow_wait) and copies
 * the device buffers back, which must equal galp_column_decode's values (or the int32 string
 * layout of galp_column_decode_str32) bit for bit.
 *
 * Without a GPU, or in a build without CUDA (conformance/test_arrow.c checks its
 * GALP_ERR_NO_DEVICE), the program exits 77 (skip) with the reason.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "galp.h"
#include "galp_arrow.h"
#include "galp_gpu.h"
#include "test_support.h"

#ifdef GALP_HAVE_CUDA

#include <cuda_runtime.h>

enum { VALUES = 5 * GALP_VECTOR_SIZE + 321 };

/* Exports the column on a stream, copies buffer `index` (size bytes) back on another one. */
static void *export_and_copy(const uint8_t *file, size_t len, const char *format,
                             int64_t n_buffers, const size_t *sizes)
{
    galp_gpu_column *gcol;
    assert_int_equal(galp_gpu_column_upload(file, len, &gcol), GALP_OK);
    cudaStream_t produce, consume;
    assert_int_equal(cudaStreamCreateWithFlags(&produce, cudaStreamNonBlocking), cudaSuccess);
    assert_int_equal(cudaStreamCreateWithFlags(&consume, cudaStreamNonBlocking), cudaSuccess);
    struct ArrowSchema schema;
    struct ArrowDeviceArray array;
    assert_int_equal(galp_gpu_arrow_export(gcol, produce, &schema, &array), GALP_OK);
    assert_string_equal(schema.format, format);
    assert_int_equal(array.device_type, ARROW_DEVICE_CUDA);
    assert_non_null(array.sync_event);
    assert_int_equal(array.array.n_buffers, n_buffers);
    assert_null(array.array.buffers[0]);
    assert_int_equal(galp_gpu_arrow_wait(&array, consume), GALP_OK);
    uint8_t *host = malloc(sizes[0] + sizes[1] + 1);
    assert_int_equal(cudaMemcpyAsync(host, array.array.buffers[1], sizes[0],
                                     cudaMemcpyDeviceToHost, consume), cudaSuccess);
    if (n_buffers == 3)
        assert_int_equal(cudaMemcpyAsync(host + sizes[0], array.array.buffers[2], sizes[1],
                                         cudaMemcpyDeviceToHost, consume), cudaSuccess);
    assert_int_equal(cudaStreamSynchronize(consume), cudaSuccess);
    array.array.release(&array.array);
    assert_null(array.array.release);
    schema.release(&schema);
    assert_int_equal(galp_gpu_arrow_wait(&array, consume), GALP_ERR_ARGUMENT); /* released */
    cudaStreamDestroy(produce);
    cudaStreamDestroy(consume);
    galp_gpu_column_free(gcol);
    return host;
}

static void check_values(galp_type type, galp_scheme scheme, const char *format)
{
    size_t width = galp_type_size(type);
    uint8_t *values = malloc(VALUES * width);
    uint64_t seed = 40 + type;
    for (uint64_t i = 0; i < VALUES; i++)
        ts_store_bits(type, values, i,
                      type >= GALP_TYPE_F32 ? ts_float_bits(type, (double)(i % 977) / 100)
                                            : ts_random_below(&seed, 100000) & 0xff);
    size_t len;
    uint8_t *file = ts_compress(type, scheme, values, VALUES, &len);
    const size_t sizes[2] = {VALUES * width, 0};
    uint8_t *got = export_and_copy(file, len, format, 2, sizes);
    assert_memory_equal(got, values, VALUES * width);
    free(got);
    free(file);
    free(values);
}

static void test_values(void **state)
{
    (void)state;
    check_values(GALP_TYPE_F64, GALP_SCHEME_GALP, "g");
    check_values(GALP_TYPE_F32, GALP_SCHEME_ALP, "f");
    check_values(GALP_TYPE_U32, GALP_SCHEME_FFOR, "I");
    check_values(GALP_TYPE_U64, GALP_SCHEME_DELTA, "L");
    check_values(GALP_TYPE_U16, GALP_SCHEME_AUTO, "S");
    check_values(GALP_TYPE_U8, GALP_SCHEME_RAW, "C");
}

static void test_strings(void **state)
{
    (void)state;
    enum { N = 3000 };
    uint64_t *offsets = malloc((N + 1) * sizeof *offsets);
    uint8_t *text = malloc(N * 8);
    offsets[0] = 0;
    for (int i = 0; i < N; i++) {
        int n = snprintf((char *)text + offsets[i], 8, "s%d", i % 997);
        offsets[i + 1] = offsets[i] + (uint64_t)n;
    }
    size_t cap = galp_str_compress_bound(N, offsets[N]), len;
    uint8_t *file = malloc(cap);
    assert_int_equal(galp_str_compress(offsets, text, N, 0, file, cap, &len), GALP_OK);
    galp_column col;
    assert_int_equal(galp_open(&col, file, len), GALP_OK);
    int32_t *want_offsets = malloc((N + 1) * sizeof *want_offsets);
    uint8_t *want_data = malloc(offsets[N]);
    assert_int_equal(galp_column_decode_str32(&col, want_offsets, N + 1, want_data, offsets[N]),
                     GALP_OK);
    const size_t sizes[2] = {(N + 1) * sizeof(int32_t), offsets[N]};
    uint8_t *got = export_and_copy(file, len, "u", 3, sizes);
    assert_memory_equal(got, want_offsets, sizes[0]);
    assert_memory_equal(got + sizes[0], want_data, sizes[1]);
    free(got);
    free(want_data);
    free(want_offsets);
    free(file);
    free(text);
    free(offsets);
}

int main(void)
{
    const galp_status available = galp_gpu_available();
    if (available != GALP_OK) {
        printf("SKIP: no usable GPU: %s\n", galp_strerror(available));
        return 77;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_values),
        cmocka_unit_test(test_strings),
    };
    return TS_RUN_TESTS(tests);
}

#else

int main(void)
{
    printf("SKIP: built without CUDA (conformance/test_arrow checks GALP_ERR_NO_DEVICE)\n");
    return 77;
}

#endif
