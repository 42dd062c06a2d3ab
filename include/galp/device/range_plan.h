/*
 * galp/device/range_plan.h — the plan of predicate pushdown for one vector (C layout: the
 * library's range scans keep one per vector in device memory beside the column).
 */
#ifndef GALP_DEVICE_RANGE_PLAN_H
#define GALP_DEVICE_RANGE_PLAN_H

#include <stdint.h>

/* The per-vector plan of a range scan (galp/device/pushdown.cuh). 32 bytes: the scan copies it into its
 * shared-memory stage with the vector (galp/device/vector_pipeline.cuh). A packed integer p in
 * [safe_lo, safe_hi] matches iff lo <= p <= hi; any other p is decoded and compared. Empty
 * intervals have lo > hi. */
typedef struct galp_gpu_range_plan {
    uint64_t lo, hi;
    uint64_t safe_lo, safe_hi;
} galp_gpu_range_plan;

#endif /* GALP_DEVICE_RANGE_PLAN_H */
