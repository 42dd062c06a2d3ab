# gpu/local.mk — the CUDA decoder (included by the top-level Makefile.am).
#
# include/galp_gpu.h is installed in every build. With CUDA (HAVE_CUDA) the host API
# (gpu/host.c, gpu/image.c, gpu/value_table.c, C) and the kernels (gpu/*.cu, compiled by nvcc into libtool
# objects by gpu/nvcc-lo.sh) go into libgalp through the convenience library libgalp_gpu.la;
# without CUDA, gpu/nocuda.c provides the same entry points returning GALP_ERR_NO_DEVICE.
# The device API (gpu/*.cuh) is header-only; docs/GPU.md describes it.
include_HEADERS += include/galp_gpu.h

GPU_DEVICE_INCLUDES = \
	gpu/galp_device.cuh gpu/column.cuh gpu/types.cuh gpu/ffor.cuh gpu/raw.cuh gpu/alp.cuh \
	gpu/galp.cuh gpu/pushdown.cuh gpu/visit.cuh gpu/warp_visit.cuh gpu/mapping.cuh gpu/decompress.cuh \
	gpu/block_vector.cuh gpu/unpack_fixed.cuh gpu/vector_pipeline.cuh gpu/async_copy.cuh gpu/alp_tables.cuh \
	gpu/scan_record.cuh gpu/record_pipeline.cuh \
	gpu/reduce.cuh gpu/dispatch.cuh gpu/scan_launch.cuh gpu/kernels.h include/galp_gpu.h \
	include/galp.h
GPU_KERNEL_FILES = gpu/decompress.cu gpu/aggregate.cu gpu/range.cu
EXTRA_DIST += $(GPU_DEVICE_INCLUDES) $(GPU_KERNEL_FILES) gpu/nvcc-lo.sh gpu/dev-build.sh

if HAVE_CUDA
noinst_LTLIBRARIES += libgalp_gpu.la
libgalp_gpu_la_SOURCES = gpu/host.c gpu/image.c gpu/image.h gpu/value_table.c gpu/value_table.h gpu/kernels.h
libgalp_gpu_la_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/gpu $(CUDA_CFLAGS)
libgalp_gpu_la_LIBADD = gpu/decompress.lo gpu/aggregate.lo gpu/range.lo
# -lpthread: the lock of the kernels' shared-memory opt-ins (gpu/dispatch.cuh)
libgalp_la_LIBADD += libgalp_gpu.la $(CUDA_LIBS) -lpthread

GPU_NVCC = $(SHELL) $(top_srcdir)/gpu/nvcc-lo.sh
# The kernels' host side uses no C++ runtime: without exceptions and thread-safe statics,
# libgalp stays a C library that needs no libstdc++.
GPU_NVCCFLAGS = -std=c++17 -O3 -Xcompiler -fno-exceptions,-fno-threadsafe-statics \
	$(CUDA_ARCH_FLAGS) $(NVCCFLAGS) \
	-I$(top_srcdir)/include -I$(top_srcdir)/ref -I$(top_srcdir)/gpu -I$(top_builddir)
gpu/decompress.lo: gpu/decompress.cu $(GPU_DEVICE_INCLUDES)
	$(AM_V_GEN)$(GPU_NVCC) $@ $(NVCC) $(GPU_NVCCFLAGS) $(top_srcdir)/gpu/decompress.cu
gpu/aggregate.lo: gpu/aggregate.cu $(GPU_DEVICE_INCLUDES)
	$(AM_V_GEN)$(GPU_NVCC) $@ $(NVCC) $(GPU_NVCCFLAGS) $(top_srcdir)/gpu/aggregate.cu
gpu/range.lo: gpu/range.cu $(GPU_DEVICE_INCLUDES)
	$(AM_V_GEN)$(GPU_NVCC) $@ $(NVCC) $(GPU_NVCCFLAGS) $(top_srcdir)/gpu/range.cu
else
libgalp_la_SOURCES += gpu/nocuda.c
endif
