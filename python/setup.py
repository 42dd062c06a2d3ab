"""Build step of the galp Python package: builds libgalp with the repository's autotools build
and copies it, the conformance runner (galp-conform) and the golden vectors into galp/_native.

The package ships no compiled extension (it binds libgalp with ctypes), so the wheel is tagged
for the platform but not for a Python ABI.

Environment:
  GALP_SOURCE_DIR       the repository root (default: the parent of this directory)
  GALP_CONFIGURE_ARGS   extra arguments for configure (default: --with-cuda when nvcc is on
                        the PATH, else --without-cuda), e.g. "CUDA_ARCH_FLAGS=-gencode ..."
"""

import os
import shlex
import shutil
import subprocess
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

try:
    from wheel.bdist_wheel import bdist_wheel
except ImportError:  # wheel is a build requirement; without it only build_py runs
    bdist_wheel = None

HERE = Path(__file__).resolve().parent


def source_dir() -> Path:
    root = Path(os.environ.get("GALP_SOURCE_DIR", HERE.parent)).resolve()
    if not (root / "include" / "galp.h").is_file() or not (root / "configure.ac").is_file():
        raise SystemExit(f"galp: {root} is not the galp repository (no include/galp.h or "
                         "configure.ac); build from a checkout or set GALP_SOURCE_DIR")
    return root


def run(cmd, cwd: Path) -> None:
    print("galp build:", " ".join(shlex.quote(str(c)) for c in cmd), flush=True)
    subprocess.run([str(c) for c in cmd], cwd=cwd, check=True)


def build_libgalp(build_dir: Path) -> Path:
    """configure + make in build_dir; returns the build directory."""
    root = source_dir()
    if not (root / "configure").is_file():
        run(["autoreconf", "-fi"], root)
    build_dir.mkdir(parents=True, exist_ok=True)
    args = shlex.split(os.environ.get("GALP_CONFIGURE_ARGS", ""))
    if not any(a.startswith(("--with-cuda", "--without-cuda")) for a in args):
        args.append("--with-cuda" if shutil.which("nvcc") else "--without-cuda")
    configure = [str(root / "configure"), "--disable-static", *args]
    stamp = build_dir / "galp-configure-command"
    # Configure again when the arguments changed (a build dir configured with CUDA must not be
    # reused for a build without, or the other way round).
    if not (build_dir / "Makefile").is_file() or not stamp.is_file() or \
            stamp.read_text() != shlex.join(configure):
        run(configure, build_dir)
        stamp.write_text(shlex.join(configure))
    jobs = str(os.cpu_count() or 2)
    run(["make", f"-j{jobs}", "libgalp.la", "galp-conform"], build_dir)
    return build_dir


def bundle(build: Path, target: Path) -> None:
    """Copies the shared library, the runner and the vectors into target."""
    root = source_dir()
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    libs = build / ".libs"
    # The file under its soname (libgalp.so.N, the symlink libtool makes), the name that
    # galp-conform was linked against.
    soname = next(p for p in libs.glob("libgalp.so.*")
                  if p.is_symlink() and p.suffix[1:].isdigit())
    shutil.copy2(soname.resolve(), target / soname.name)
    shutil.copy2(libs / "galp-conform", target / "galp-conform")
    vectors = target / "vectors"
    vectors.mkdir()
    shutil.copy2(root / "vectors" / "MANIFEST", vectors / "MANIFEST")
    for part in ("valid", "invalid"):
        shutil.copytree(root / "vectors" / part, vectors / part)


class BuildWithLibgalp(build_py):
    def run(self):
        super().run()
        build = build_libgalp(HERE / "build" / "libgalp")
        bundle(build, Path(self.build_lib) / "galp" / "_native")


cmdclass = {"build_py": BuildWithLibgalp}
if bdist_wheel is not None:
    class PlatformWheel(bdist_wheel):
        def finalize_options(self):
            super().finalize_options()
            self.root_is_pure = False

        def get_tag(self):
            _, _, plat = super().get_tag()
            return "py3", "none", plat

    cmdclass["bdist_wheel"] = PlatformWheel

setup(cmdclass=cmdclass)
