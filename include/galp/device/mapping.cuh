/*
 * galp/device/mapping.cuh — the thread-to-data mapping of the device API, LANE_PER_THREAD.
 *
 * Consecutive threads take consecutive lanes of consecutive vectors: thread t decodes lane
 * t mod L of vector t div L (spec/format.md §1: L = 1024 / W). A warp therefore covers one
 * f32/u32 vector, two f64/u64 vectors (16 lanes each), half a u16 vector or a quarter of a
 * u8 vector, and each load or store of a warp touches whole 128-byte lines: the packed words
 * of line k are lanes 0 ... L-1 side by side, and so are the decoded values of a row.
 * One lane per thread and one thread per lane (no grid-stride loop): faster than a
 * persistent grid walking several vectors per thread (docs/DESIGN.md).
 */
#ifndef GALP_DEVICE_MAPPING_CUH
#define GALP_DEVICE_MAPPING_CUH

#include "column.cuh"

namespace galp::device::detail {

template <typename T> struct lane_per_thread {
    static constexpr unsigned L = value_traits<T>::lanes;
    uint32_t vector;
    unsigned lane;
    __device__ __forceinline__ explicit lane_per_thread(uint64_t thread)
        : vector((uint32_t)(thread / L)), lane((unsigned)(thread % L))
    {
    }
};

} /* namespace galp::device::detail */

/* The public names of this header (docs/GPU.md). */
namespace galp::device {
using detail::lane_per_thread;
} /* namespace galp::device */

#endif /* GALP_DEVICE_MAPPING_CUH */
