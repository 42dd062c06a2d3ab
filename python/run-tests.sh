#!/usr/bin/env bash
# The Python package's CI stage (called by tools/run-tests.sh): builds the wheel from this
# checkout (its build step builds libgalp without CUDA, to keep CI short), installs it in a
# virtual environment with numpy, pyarrow and pytest from PyPI, and runs the pytest suite
# (the GPU tests skip without a device). Exit 77 (skip) with the reason when the environment
# cannot be set up: no venv module, or the packages cannot be downloaded.
#   python/run-tests.sh [WORKDIR]      (default: _build-tests/python)
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-$top/_build-tests/python}
mkdir -p "$work"
work=$(cd "$work" && pwd)

skip() { echo "SKIP: python: $*"; exit 77; }

python3 -m venv --clear "$work/venv" >"$work/venv.log" 2>&1 ||
    skip "cannot create a virtual environment (python3 -m venv: $(tail -n 1 "$work/venv.log"))"
py=$work/venv/bin/python
"$py" -m pip install -q --disable-pip-version-check numpy pyarrow pytest setuptools wheel \
    >"$work/pip.log" 2>&1 ||
    skip "cannot install numpy, pyarrow, pytest from PyPI ($(tail -n 1 "$work/pip.log"))"

rm -rf "$work/wheel"
if ! GALP_CONFIGURE_ARGS=--without-cuda "$py" -m pip wheel -q --no-build-isolation --no-deps \
        -w "$work/wheel" "$top/python" >"$work/wheel.log" 2>&1; then
    tail -n 40 "$work/wheel.log"
    echo "FAIL: python: the wheel did not build"
    exit 1
fi
"$py" -m pip install -q --disable-pip-version-check --force-reinstall --no-deps \
    "$work"/wheel/galp-*.whl || { echo "FAIL: python: the wheel did not install"; exit 1; }

# From outside the source tree, so that the installed package (and its bundled libgalp) is
# what the tests import.
cd "$work" && "$py" -m pytest -q -rs -p no:cacheprovider "$top/python/tests"
