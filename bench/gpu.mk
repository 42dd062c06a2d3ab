# bench/gpu.mk — the GPU benchmark, bench/gpu_bench.cu (included by bench/local.mk after
# bench/harness.mk, whose device helpers, inputs and tiler it shares). Built on request only,
# since it needs a GPU to run: `make bench/gpu_bench`, then `bench/gpu_bench [DATA_DIR] [GIB]`.
# bench/results/gpu-design-history.json keeps the figures it gave.
EXTRA_DIST += bench/gpu_bench.cu
if HAVE_CUDA
EXTRA_PROGRAMS += bench/gpu_bench
bench_gpu_bench_SOURCES = $(BENCH_INPUT_FILES)
bench_gpu_bench_LDADD = bench/gpu_bench_cu.o bench/bench_device_cu.o libgalp.la $(CUDA_LIBS)
bench/gpu_bench_cu.o: bench/gpu_bench.cu $(BENCH_CU_DEPS)
	$(AM_V_GEN)$(MKDIR_P) bench && $(BENCH_NVCC) -c -o $@ $(top_srcdir)/bench/gpu_bench.cu
CLEANFILES += bench/gpu_bench_cu.o
endif
