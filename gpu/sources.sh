# gpu/sources.sh — sourced by the nvcc-only build scripts: sets gpu_host_sources and
# gpu_kernel_sources from gpu/sources.mk, the list the automake build uses, and ref_sources
# to every C file of the reference codec. Needs $top, the source root.
gpu_list() { sed -n "s/^$1 = //p" "$top/gpu/sources.mk"; }
gpu_host_sources=$(gpu_list GPU_HOST_FILES)
gpu_kernel_sources=$(gpu_list GPU_KERNEL_FILES)
ref_sources=$(cd "$top" && ls ref/*.c)
[ -n "$gpu_host_sources" ] && [ -n "$gpu_kernel_sources" ] ||
    { echo "gpu/sources.mk: no source lists" >&2; exit 1; }
