# gpu/local.mk — the CUDA decoder (included by the top-level Makefile.am).
#
# include/galp_gpu.h is installed in every build. With CUDA (HAVE_CUDA) the host API
# (gpu/host.c, gpu/image.c, gpu/value_table.c, C) and the kernels (gpu/*.cu, compiled by nvcc into libtool
# objects by gpu/nvcc-lo.sh) go into libgalp through the convenience library libgalp_gpu.la;
# without CUDA, gpu/nocuda.c provides the same entry points returning GALP_ERR_NO_DEVICE.
# The device API (include/galp/device.cuh, installed) is header-only; docs/GPU.md describes it.
include_HEADERS += include/galp_gpu.h

# The device API: installed, header-only (include/galp/device.cuh is its entry point).
galpinclude_HEADERS += include/galp/device.cuh
galpdevicedir = $(includedir)/galp/device
galpdevice_HEADERS = \
	include/galp/device/alp.cuh include/galp/device/alp_tables.cuh include/galp/device/async_copy.cuh \
	include/galp/device/block_vector.cuh include/galp/device/column.cuh include/galp/device/exceptions.cuh \
	include/galp/device/ffor.cuh include/galp/device/mapping.cuh include/galp/device/pushdown.cuh \
	include/galp/device/range_plan.h include/galp/device/raw.cuh include/galp/device/types.cuh \
	include/galp/device/unpack_fixed.cuh include/galp/device/vector_pipeline.cuh include/galp/device/visit.cuh \
	include/galp/device/warp_visit.cuh include/galp/device/tile.cuh \
	include/galp/device/table.cuh include/galp/device/delta.cuh include/galp/device/rle.cuh \
	include/galp/device/dict.cuh include/galp/device/strings.cuh
galpdevice_HEADERS += include/galp/device/alprd.cuh
galpdevice_HEADERS += include/galp/device/alprd_f32_lane.cuh
galpdevice_HEADERS += include/galp/device/fastlanes_tile.cuh
galpdevice_HEADERS += include/galp/device/alprd_match.cuh
galpdevice_HEADERS += include/galp/device/runs.cuh
galpdevice_HEADERS += include/galp/device/str_shared_starts.cuh
galpdevice_HEADERS += include/galp/device/ffor_patches.cuh
galpdevice_HEADERS += include/galp/device/str_automaton.cuh
# What the library's kernels are built from besides their .cu files: the device API and the
# uninstalled engine of the bulk kernels.
GPU_KERNEL_INCLUDES = $(galpinclude_HEADERS) $(galpdevice_HEADERS) \
	gpu/decompress.cuh gpu/dispatch.cuh gpu/record_pipeline.cuh gpu/reduce.cuh gpu/scan_launch.cuh \
	gpu/scan_record.cuh gpu/stage_memory.cuh gpu/cuda_status.h gpu/kernels.h gpu/strings.h \
	include/galp_gpu.h include/galp.h gpu/tile_kernels.h include/galp/tile_layout.h \
	gpu/aggregate_partial.cuh gpu/fastlanes.cuh
GPU_KERNEL_INCLUDES += gpu/tile_decompress.cuh
include gpu/sources.mk
EXTRA_DIST += $(GPU_KERNEL_INCLUDES) $(GPU_KERNEL_FILES) gpu/nvcc-lo.sh gpu/dev-build.sh gpu/sources.sh \
	gpu/installcheck.sh gpu/examples/user_kernel.cu

# `make installcheck` (run by `make distcheck`): a user's kernel built from the installed
# headers and library alone, and run where there is a GPU (gpu/installcheck.sh).
installcheck-local:
	$(SHELL) $(top_srcdir)/gpu/installcheck.sh "$(DESTDIR)$(pkgconfigdir)" \
		"$(top_srcdir)/gpu/examples/user_kernel.cu" "$(NVCC)" "$(CUDA_ARCH_FLAGS)"

# Columns with ALP_RD vectors: their kernels' interface (gpu/alprd.cu).
GPU_KERNEL_INCLUDES += gpu/alprd_kernels.h gpu/alprd_staged.cuh
# The str decompression's warp-cooperative piece decoder and its sink (gpu/strings.cu).
GPU_KERNEL_INCLUDES += gpu/str_warp_piece.cuh gpu/str_stage_writer.cuh
# The block-per-vector decompression of ALP_RD vectors (gpu/alprd.cu).
GPU_KERNEL_INCLUDES += gpu/alprd_block.cuh
# The str counts' per-code match table and piece walk (gpu/strings.cu).
GPU_KERNEL_INCLUDES += gpu/str_count_piece.cuh

if HAVE_CUDA
noinst_LTLIBRARIES += libgalp_gpu.la
libgalp_gpu_la_SOURCES = $(GPU_HOST_FILES) gpu/cuda_status.h gpu/image.h gpu/value_table.h gpu/kernels.h \
	gpu/tile_kernels.h gpu/strings.h
libgalp_gpu_la_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/gpu $(CUDA_CFLAGS)
libgalp_gpu_la_LIBADD = gpu/decompress.lo gpu/aggregate.lo gpu/range.lo gpu/tile.lo gpu/strings.lo gpu/fastlanes.lo
# -lpthread: the lock of the kernels' shared-memory opt-ins (gpu/dispatch.cuh)
libgalp_la_LIBADD += libgalp_gpu.la $(CUDA_LIBS) -lpthread

GPU_NVCC = $(SHELL) $(top_srcdir)/gpu/nvcc-lo.sh
# The kernels' host side uses no C++ runtime: without exceptions and thread-safe statics,
# libgalp stays a C library that needs no libstdc++.
GPU_NVCCFLAGS = -std=c++17 -O3 -Xcompiler -fno-exceptions,-fno-threadsafe-statics \
	$(CUDA_ARCH_FLAGS) $(NVCCFLAGS) \
	-I$(top_srcdir)/include -I$(top_srcdir)/ref -I$(top_srcdir)/gpu -I$(top_builddir)
gpu/decompress.lo: gpu/decompress.cu $(GPU_KERNEL_INCLUDES)
	$(AM_V_GEN)$(GPU_NVCC) $@ $(NVCC) $(GPU_NVCCFLAGS) $(top_srcdir)/gpu/decompress.cu
gpu/aggregate.lo: gpu/aggregate.cu $(GPU_KERNEL_INCLUDES)
	$(AM_V_GEN)$(GPU_NVCC) $@ $(NVCC) $(GPU_NVCCFLAGS) $(top_srcdir)/gpu/aggregate.cu
gpu/range.lo: gpu/range.cu $(GPU_KERNEL_INCLUDES)
	$(AM_V_GEN)$(GPU_NVCC) $@ $(NVCC) $(GPU_NVCCFLAGS) $(top_srcdir)/gpu/range.cu
gpu/tile.lo: gpu/tile.cu $(GPU_KERNEL_INCLUDES)
	$(AM_V_GEN)$(GPU_NVCC) $@ $(NVCC) $(GPU_NVCCFLAGS) $(top_srcdir)/gpu/tile.cu
gpu/strings.lo: gpu/strings.cu $(GPU_KERNEL_INCLUDES)
	$(AM_V_GEN)$(GPU_NVCC) $@ $(NVCC) $(GPU_NVCCFLAGS) $(top_srcdir)/gpu/strings.cu
gpu/fastlanes.lo: gpu/fastlanes.cu $(GPU_KERNEL_INCLUDES)
	$(AM_V_GEN)$(GPU_NVCC) $@ $(NVCC) $(GPU_NVCCFLAGS) $(top_srcdir)/gpu/fastlanes.cu
libgalp_gpu_la_LIBADD += gpu/alprd.lo
gpu/alprd.lo: gpu/alprd.cu $(GPU_KERNEL_INCLUDES)
	$(AM_V_GEN)$(GPU_NVCC) $@ $(NVCC) $(GPU_NVCCFLAGS) $(top_srcdir)/gpu/alprd.cu
else
libgalp_la_SOURCES += gpu/nocuda.c
endif

# The Arrow C Device Data Interface export (include/galp_arrow.h, gpu/arrow_device.c), or its
# GALP_ERR_NO_DEVICE form in a build without CUDA.
if HAVE_CUDA
libgalp_gpu_la_SOURCES += gpu/arrow_device.c
else
libgalp_la_SOURCES += gpu/arrow_nocuda.c
endif
