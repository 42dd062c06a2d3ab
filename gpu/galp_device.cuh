/*
 * gpu/galp_device.cuh — the device API of galp, header-only: include this one file.
 *
 *   galp_gpu::lane_decoder<T>   per-lane decoder (gpu/column.cuh), T = uint8_t ... double
 *   galp_gpu::lane_per_thread<T>  the mapping LANE_PER_THREAD (gpu/mapping.cuh)
 *   galp_gpu::visit_lane, visit_lane_encoded  whole-lane visitors, fastest per lane (gpu/visit.cuh)
 *   galp_gpu::visit_vectors_by_warp  warps decode whole vectors staged in shared memory:
 *                               the mapping WARP_PER_VECTOR, fastest for scans (gpu/warp_visit.cuh)
 *   galp_gpu::plan_vector, row_in_range  predicate pushdown (gpu/pushdown.cuh)
 *
 * The column comes from the host API: galp_gpu_column_view() of an uploaded column.
 * docs/GPU.md has an example kernel.
 */
#ifndef GALP_GPU_DEVICE_CUH
#define GALP_GPU_DEVICE_CUH

#include "column.cuh"
#include "mapping.cuh"
#include "pushdown.cuh"
#include "visit.cuh"
#include "warp_visit.cuh"

#endif /* GALP_GPU_DEVICE_CUH */
