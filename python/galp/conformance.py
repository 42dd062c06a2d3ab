"""Run galp's conformance suite (spec/conformance.md) against a decoder written as a Python
function.

    def my_decoder(data: bytes):
        ...                      # return the values (numpy array, bytes, or for a string
                                 # column a sequence of str/bytes), or raise to reject
    result = galp.conformance.run(my_decoder)
    assert result.ok, result.failures

The runner is galp-conform with its command protocol (docs/CONFORMANCE.md): for each golden
vector it starts ``python -m galp._conform_adapter``, which imports the decoder, calls it on
the vector's bytes and writes what it returns (raw little-endian values, or length-prefixed
strings) or, when it raises, the error class: ``exc.name`` when the exception has one (as
GalpError does) or ``exc.cls``, else no class. The decoder is imported afresh in each process,
so it must be a top-level function of an importable module, or of a script whose top-level
code sits under ``if __name__ == "__main__":``.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

_NATIVE = Path(__file__).resolve().parent / "_native"


@dataclass
class Result:
    """What galp-conform reported: counts, the names of failed vectors, its full output and
    its exit status (0 only when every selected vector passed)."""

    passed: int
    failed: int
    skipped: int
    failures: list[str] = field(default_factory=list)
    output: str = ""
    returncode: int = 0

    @property
    def ok(self) -> bool:
        return self.returncode == 0 and self.failed == 0 and self.passed > 0


def runner() -> tuple[list[str], dict[str, str]]:
    """The galp-conform command and the environment it needs: GALP_CONFORM if set, else the
    copy bundled in the package (with its libgalp), else galp-conform on the PATH."""
    env = dict(os.environ)
    if os.environ.get("GALP_CONFORM"):
        return [os.environ["GALP_CONFORM"]], env
    bundled = _NATIVE / "galp-conform"
    if bundled.is_file():
        env["LD_LIBRARY_PATH"] = os.pathsep.join(
            p for p in (str(_NATIVE), env.get("LD_LIBRARY_PATH", "")) if p)
        return [str(bundled), "--vectors", str(_NATIVE / "vectors")], env
    found = shutil.which("galp-conform")
    if found is None:
        raise FileNotFoundError("galp.conformance: no galp-conform (install the package with "
                                "`pip install ./python`, or set GALP_CONFORM)")
    return [found], env


def _decoder_spec(decoder) -> list[str]:
    """Adapter arguments that name the decoder: module:qualname, and the script's path when it
    lives in __main__."""
    if isinstance(decoder, str):
        return ["--decoder", decoder]
    module, qualname = decoder.__module__, decoder.__qualname__
    if "<" in qualname:
        raise ValueError("galp.conformance: the decoder must be a top-level function "
                         f"(not {qualname}), so that each vector's process can import it")
    if module == "__main__":
        script = getattr(sys.modules["__main__"], "__file__", None)
        if script is None:
            raise ValueError("galp.conformance: a decoder defined interactively cannot be "
                             "imported; put it in a module")
        return ["--decoder", f"__main__:{qualname}", "--script", str(Path(script).resolve())]
    return ["--decoder", f"{module}:{qualname}"]


def run(decoder, *, match: str | None = None, require_class: bool = False,
        extra_args: list[str] | None = None, timeout: float | None = None) -> Result:
    """Run every golden vector (or those whose name matches the glob ``match``) through
    ``decoder`` and return the runner's verdict. ``decoder``: a function, or
    ``"module:function"``. ``require_class``: a rejection must name its error class.
    ``extra_args``: more galp-conform options (``["--only", "f64"]``...)."""
    command, env = runner()
    env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p)
    adapter = [sys.executable, "-m", "galp._conform_adapter", *_decoder_spec(decoder),
               "--err", "{err}", "{in}", "{out}"]
    with tempfile.TemporaryDirectory() as tmp:
        tap = Path(tmp) / "report.tap"
        args = [*command, "--quiet", "--tap", str(tap),
                "--exec", " ".join(a if a in ("{err}", "{in}", "{out}") else shlex.quote(a)
                                   for a in adapter)]
        if match:
            args += ["--match", match]
        if require_class:
            args.append("--require-class")
        args += extra_args or []
        proc = subprocess.run(args, env=env, capture_output=True, text=True, timeout=timeout)
        report = tap.read_text() if tap.is_file() else ""
    output = proc.stdout + proc.stderr
    summary = re.search(r"^(\d+) passed, (\d+) failed, (\d+) skipped", output, re.M)
    if summary is None:
        raise RuntimeError(f"galp.conformance: galp-conform printed no summary "
                           f"(exit {proc.returncode}):\n{output}")
    failures = re.findall(r"^not ok \d+ - (\S+)", report, re.M)
    return Result(*(int(g) for g in summary.groups()), failures, output, proc.returncode)
