/*
 * gpu/examples/user_kernel.cu — a user's kernel on galp's installed device API, and the test
 * that the installed headers and library are enough to build one (`make installcheck`).
 *
 *   nvcc -std=c++17 $(pkg-config --cflags galp) user_kernel.cu $(pkg-config --libs galp)
 *
 * It compresses a float64 column on the host, uploads it, counts the values in a range
 * with a kernel of its own that decodes through visit_vectors_by_warp (the warp-per-vector
 * mapping), and checks the count against the host's. Exit 0: the counts agree; 77: no
 * usable GPU (the program was built, not run); 1: anything else, with a message.
 */
#include <stdio.h>
#include <stdlib.h>

#include <galp.h>
#include <galp_gpu.h>
#include <galp/device.cuh>

constexpr unsigned block_threads = 128;

/* Every thread calls the visitor with the block's dynamic shared memory as its temp storage,
 * counts its matches, and the warp adds them up. */
__global__ void __launch_bounds__(block_threads)
    count_between(galp_gpu_view col, double lo, double hi, unsigned long long *count, unsigned *misuse)
{
    extern __shared__ uint4 temp[];
    unsigned matches = 0;
    const galp_status st = galp::device::visit_vectors_by_warp<double, block_threads>(
        col, temp, galp::device::dynamic_shared_bytes(),
        [&](uint32_t, unsigned, double x) { matches += lo <= x && x <= hi; });
    if (st != GALP_OK)
        atomicOr(misuse, 1u);
    for (int step = 16; step > 0; step /= 2)
        matches += __shfl_down_sync(0xffffffffu, matches, step);
    if (threadIdx.x % 32 == 0 && matches != 0)
        atomicAdd(count, (unsigned long long)matches);
}

static int fail(const char *what, galp_status st)
{
    fprintf(stderr, "user_kernel: %s: %s\n", what, galp_strerror(st));
    return 1;
}

int main(void)
{
    const uint64_t n = 100000;
    double *values = (double *)malloc(n * sizeof *values);
    if (values == NULL)
        return fail("values", GALP_ERR_NO_MEMORY);
    unsigned long long expected = 0;
    const double lo = 20.0, hi = 30.0;
    for (uint64_t i = 0; i < n; i++) {
        values[i] = (double)(i % 5000) / 100.0; /* two decimals: ALP territory */
        expected += lo <= values[i] && values[i] <= hi;
    }
    const size_t cap = galp_compress_bound(GALP_TYPE_F64, n);
    uint8_t *file = (uint8_t *)malloc(cap);
    size_t len = 0;
    galp_status st = file == NULL ? GALP_ERR_NO_MEMORY
                                  : galp_compress(GALP_TYPE_F64, GALP_SCHEME_GALP, values, n, file, cap, &len);
    if (st != GALP_OK)
        return fail("galp_compress", st);

    galp_gpu_column *column = NULL;
    st = galp_gpu_column_upload(file, len, &column);
    if (st == GALP_ERR_NO_DEVICE) {
        printf("user_kernel: built; not run: %s\n", galp_strerror(st));
        return 77;
    }
    if (st != GALP_OK)
        return fail("galp_gpu_column_upload", st);
    galp_gpu_view view;
    galp_gpu_column_view(column, &view);

    galp::device::warp_visit_launch launch;
    st = galp::device::plan_warp_visit(count_between, view, block_threads, &launch);
    if (st != GALP_OK)
        return fail("plan_warp_visit", st);
    unsigned long long *count = NULL;
    unsigned *misuse = NULL;
    if (cudaMalloc((void **)&count, sizeof *count) != cudaSuccess ||
        cudaMalloc((void **)&misuse, sizeof *misuse) != cudaSuccess ||
        cudaMemset(count, 0, sizeof *count) != cudaSuccess || cudaMemset(misuse, 0, sizeof *misuse) != cudaSuccess)
        return fail("device buffers", GALP_ERR_CUDA);
    count_between<<<launch.blocks, launch.threads, launch.shared_bytes>>>(view, lo, hi, count, misuse);
    unsigned long long got = 0;
    unsigned bad = 0;
    if (cudaDeviceSynchronize() != cudaSuccess || cudaMemcpy(&got, count, sizeof got, cudaMemcpyDeviceToHost) != cudaSuccess ||
        cudaMemcpy(&bad, misuse, sizeof bad, cudaMemcpyDeviceToHost) != cudaSuccess)
        return fail("count_between", GALP_ERR_CUDA);
    cudaFree(count);
    cudaFree(misuse);
    galp_gpu_column_free(column);
    free(file);
    free(values);
    if (bad != 0 || got != expected) {
        fprintf(stderr, "user_kernel: counted %llu values in [%g, %g], expected %llu%s\n", got, lo, hi, expected,
                bad != 0 ? " (the visitor reported a misuse)" : "");
        return 1;
    }
    printf("user_kernel: %llu of %llu values in [%g, %g], as on the host\n", got, (unsigned long long)n, lo, hi);
    return 0;
}
