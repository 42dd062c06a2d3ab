#!/usr/bin/env bash
# Installs, with apt-get, whatever the build and the tests need and this machine lacks.
# Used by tools/quickstart.sh and tools/run-tests.sh (README Quick start); safe to re-run.
# Set GALP_NO_INSTALL=1 to only report what is missing.
set -euo pipefail

need=()
have_cmd() { command -v "$1" >/dev/null 2>&1; }
have_cmd autoreconf || need+=(autoconf)
have_cmd aclocal || need+=(automake)
have_cmd libtoolize || need+=(libtool)
have_cmd pkg-config || need+=(pkg-config)
have_cmd make || need+=(make)
have_cmd cc || need+=(gcc)
have_cmd python3 || need+=(python3)
# The Python package's tests run in a virtual environment (python/run-tests.sh).
python3 -c 'import ensurepip, venv' 2>/dev/null || need+=(python3-venv)
pkg-config --exists cmocka 2>/dev/null || need+=(libcmocka-dev)
if [ "${GALP_WITH_CLANG:-0}" = 1 ]; then
    have_cmd clang || need+=(clang)
fi

if [ ${#need[@]} -eq 0 ]; then
    exit 0
fi
if [ "${GALP_NO_INSTALL:-0}" = 1 ]; then
    echo "install-deps: missing: ${need[*]}" >&2
    exit 1
fi
if [ "$(id -u)" -ne 0 ]; then
    echo "install-deps: missing ${need[*]}; run as root or install them: apt-get install ${need[*]}" >&2
    exit 1
fi
echo "install-deps: installing ${need[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
