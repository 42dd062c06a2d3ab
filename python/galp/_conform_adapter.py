"""galp-conform's command protocol (docs/CONFORMANCE.md) around a Python decoder function:
run by galp.conformance.run, one process per vector.

    python -m galp._conform_adapter --decoder MODULE:FUNCTION [--script PATH] --err ERR IN OUT
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import re
import struct
import sys

import numpy as np

CLASS_NAME = re.compile(r"[A-Z][A-Z0-9_]{0,46}")


def load(spec: str, script: str | None):
    module_name, _, qualname = spec.partition(":")
    if script:
        loader = importlib.util.spec_from_file_location("galp_conformance_decoder", script)
        module = importlib.util.module_from_spec(loader)
        loader.loader.exec_module(module)
    else:
        module = importlib.import_module(module_name)
    target = module
    for part in qualname.split("."):
        target = getattr(target, part)
    return target


def encode(result) -> bytes:
    """The decoder's result as the protocol's output: raw little-endian values, or each string
    as its length (u32, little-endian) and its bytes."""
    if isinstance(result, (bytes, bytearray, memoryview)):
        return bytes(result)
    if isinstance(result, np.ndarray) and result.dtype != object:
        if result.dtype.byteorder == ">":
            result = result.astype(result.dtype.newbyteorder("<"))
        return np.ascontiguousarray(result).tobytes()
    items = [s.encode() if isinstance(s, str) else bytes(s) for s in result]
    return b"".join(struct.pack("<I", len(s)) + s for s in items)


def error_class(exc: BaseException) -> str | None:
    for attribute in ("name", "cls"):
        value = getattr(exc, attribute, None)
        if isinstance(value, str) and CLASS_NAME.fullmatch(value):
            return value
    return None


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--decoder", required=True)
    parser.add_argument("--script")
    parser.add_argument("--err")
    parser.add_argument("input")
    parser.add_argument("output")
    args = parser.parse_args()
    decoder = load(args.decoder, args.script)
    with open(args.input, "rb") as f:
        data = f.read()
    try:
        out = encode(decoder(data))
    except Exception as exc:  # the decoder rejected the input: report its class, write nothing
        name = error_class(exc)
        if args.err and name:
            with open(args.err, "w") as f:
                f.write(name + "\n")
        print(f"rejected: {exc}", file=sys.stderr)
        return 1
    with open(args.output, "wb") as f:
        f.write(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
