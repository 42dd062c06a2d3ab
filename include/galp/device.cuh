/*
 * galp/device.cuh — the device API of galp: decode compressed columns inside your own CUDA
 * kernels. Header-only; include this one file. Installed with libgalp; compile with
 * `nvcc -std=c++17 $(pkg-config --cflags galp)` (C++17 or later, sm_75 or newer) and link
 * with `$(pkg-config --libs galp)` for the host API that uploads a column (include/galp_gpu.h)
 * and gives the galp_gpu_view every call below takes.
 *
 * Public names live in namespace galp::device; everything under galp::device::detail is the
 * implementation and may change without notice. docs/GPU.md describes each entry point,
 * its thread-to-data mapping and its launch contract, with an example kernel.
 *
 *   lane_decoder<T>                per-lane decoder: one lane's values in row order, one or N
 *                                  per call (galp/device/column.cuh), T = uint8_t ... double
 *   lane_per_thread<T>             the mapping LANE_PER_THREAD: thread -> (vector, lane)
 *                                  (galp/device/mapping.cuh)
 *   visit_lane, visit_lane_encoded whole-lane visitors, the fastest per lane
 *                                  (galp/device/visit.cuh)
 *   visit_vectors_by_warp          the mapping WARP_PER_VECTOR: warps decode whole vectors
 *                                  staged in shared memory the caller owns, the fastest for
 *                                  scans; plan_warp_visit, warp_visit_temp_bytes and
 *                                  dynamic_shared_bytes size and launch it
 *                                  (galp/device/warp_visit.cuh)
 *   plan_vector, row_in_range      predicate pushdown (galp/device/pushdown.cuh)
 *   value_traits<T>                word width, lanes and kind of a value type
 *                                  (galp/device/types.cuh)
 *   delta_lane, rle_lane,          FastLanes DELTA, RLE and DICT vectors (spec/fastlanes.md):
 *   dict_lane, dict_value          one lane's values in order, or one DICT position
 *                                  (galp/device/delta.cuh, rle.cuh, dict.cuh)
 *   runs_warp                      a RUNS vector for a warp: its runs, or its values in
 *                                  position order (galp/device/runs.cuh)
 *   visit_strings_by_warp          str columns: each string, in pieces of its symbols, to a
 *                                  visitor of the caller's, with the symbol table staged by
 *                                  stage_str_symbols; str_matcher for equality and prefix
 *                                  filters (galp/device/strings.cuh)
 *   stage_str_automaton,           str columns: equality and prefix matches counted or
 *   visit_str_automaton_matches    visited by an automaton of one shared load a code, for the
 *                                  pieces of vectors of one default length
 *                                  (galp/device/str_automaton.cuh)
 *   alprd_lane_decoder<T>,         per-lane decoder of ALP_RD vectors, and visit_lane for
 *   visit_lane_alprd               columns that hold them (galp/device/alprd.cuh)
 *   alprd_lane_match<T>            a lane's rows with values in [lo, hi], as a mask, for
 *                                  the same columns (galp/device/alprd_match.cuh)
 */
#ifndef GALP_DEVICE_CUH
#define GALP_DEVICE_CUH

#if !defined(__CUDACC__)
#error "galp/device.cuh is CUDA C++: compile it with nvcc (or clang in CUDA mode)"
#endif
#if __cplusplus < 201703L
#error "galp/device.cuh needs C++17 or later (nvcc -std=c++17)"
#endif

#include "galp/device/column.cuh"
#include "galp/device/mapping.cuh"
#include "galp/device/pushdown.cuh"
#include "galp/device/strings.cuh"
#include "galp/device/str_automaton.cuh"
#include "galp/device/visit.cuh"
#include "galp/device/warp_visit.cuh"
#include "galp/device/delta.cuh"
#include "galp/device/rle.cuh"
#include "galp/device/dict.cuh"
#include "galp/device/runs.cuh"
#include "galp/device/alprd.cuh"
#include "galp/device/alprd_match.cuh"

#endif /* GALP_DEVICE_CUH */
