#!/bin/sh
# conformance/test_perf_gate.sh — the performance gate of `make check` (bench/perf_gate.cu):
# on a machine with a GPU, measures the device's bandwidth and libgalp's GPU throughput in one
# process (under a minute) and fails when a kernel falls below its floor in bench/floors.txt,
# a fraction of the limit measured in the same run. Skips (77) with the reason in a build
# without CUDA or on a machine without a usable GPU.
set -u

gate=${GALP_BUILDDIR:-.}/bench/galp-perf-gate
floors=${GALP_SRCDIR:-.}/bench/floors.txt
if [ ! -x "$gate" ]; then
    echo "test_perf_gate: SKIP: $gate not built (configure found no CUDA toolkit)"
    exit 77
fi
if [ ! -f "$floors" ]; then
    echo "test_perf_gate: $floors not found (set GALP_SRCDIR)" >&2
    exit 99
fi
# The gate prints every case, measured against its floor, and exits 0, 1 (a floor missed or
# a wrong result), 2 (bad floors file) or 77 (no usable GPU).
exec "$gate" --floors "$floors"
