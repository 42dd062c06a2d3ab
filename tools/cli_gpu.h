/*
 * cli_gpu.h — the GPU commands of the galp tool (tools/cli_gpu.c), called by tools/galp.c.
 *
 * Both return the exit codes of cli.h. In a build without CUDA, or on a machine without a
 * usable GPU, they print "galp: ... built without CUDA" (or the device error) and return
 * CLI_EXIT_NO_GPU without touching any output.
 */
#ifndef GALP_CLI_GPU_H
#define GALP_CLI_GPU_H

#include <stdint.h>

/* `galp decode --gpu INPUT OUTPUT`: validates INPUT, decodes it on the GPU and writes the raw
 * little-endian values to OUTPUT ("-": standard output), all or nothing, bit-identical to
 * `galp decode`. A column that decodes to more than max_size bytes is refused first. */
int galp_cli_decode_gpu(const char *in_path, const char *out_path, uint64_t max_size);

/* `galp scan [--range LO,HI | --exists X] INPUT`: fused scans on the GPU over the compressed
 * column. Without option: count, NaN count, sum, min and max. --range: how many values
 * satisfy LO <= x <= HI. --exists: whether X occurs (prints "yes" or "no"). Float
 * comparisons are IEEE (NaN matches nothing, -0 equals +0); docs/GPU.md has the details. */
int galp_cli_scan(int argc, char **argv);

#endif /* GALP_CLI_GPU_H */
