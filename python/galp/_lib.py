"""Loads libgalp with ctypes and declares the C prototypes the package calls.

The library is looked up in this order: the file named by the GALP_LIBRARY environment variable,
the copy bundled in the package (galp/_native/, put there by the build), then the system's
(ctypes.util.find_library). Only the C ABI of include/galp.h, include/galp_gpu.h and
include/galp_arrow.h is used: there is no compiled extension module.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
from pathlib import Path

c_size_p = ctypes.POINTER(ctypes.c_size_t)
c_u64_p = ctypes.POINTER(ctypes.c_uint64)


class Column(ctypes.Structure):
    """galp_column (include/galp.h): a sealed view that galp_open fills."""

    _fields_ = [
        ("data", ctypes.c_void_p),
        ("size", ctypes.c_size_t),
        ("type", ctypes.c_int),
        ("scheme", ctypes.c_int),
        ("value_count", ctypes.c_uint64),
        ("vector_count", ctypes.c_uint32),
        ("version_minor", ctypes.c_uint16),
        ("flags", ctypes.c_uint32),
        ("checksum", ctypes.c_uint32),
        ("seal", ctypes.c_uint32),
    ]


class VectorInfo(ctypes.Structure):
    """galp_vector_info (include/galp.h)."""

    _fields_ = [
        ("payload_offset", ctypes.c_uint64),
        ("base", ctypes.c_uint64),
        ("payload_size", ctypes.c_uint32),
        ("value_count", ctypes.c_uint32),
        ("exception_count", ctypes.c_uint16),
        ("scheme", ctypes.c_int),
        ("bit_width", ctypes.c_uint8),
        ("exponent", ctypes.c_uint8),
        ("factor", ctypes.c_uint8),
        ("payload_checksum", ctypes.c_uint32),
    ]


def _candidates() -> list[str]:
    env = os.environ.get("GALP_LIBRARY")
    if env:
        return [env]
    native = Path(__file__).resolve().parent / "_native"
    found = [str(p) for p in sorted(native.glob("libgalp.so*"))]
    system = ctypes.util.find_library("galp")
    return found + [system] if system else found


def _load() -> ctypes.CDLL:
    errors = []
    for path in _candidates():
        try:
            return ctypes.CDLL(path)
        except OSError as exc:
            errors.append(f"{path}: {exc}")
    detail = "; ".join(errors) if errors else "no candidate found"
    raise ImportError(
        "galp: cannot load libgalp (set GALP_LIBRARY to its path, or install the package with "
        f"`pip install ./python`): {detail}")


lib = _load()
path = lib._name


def _proto(name: str, restype, *argtypes) -> None:
    fn = getattr(lib, name)
    fn.restype = restype
    fn.argtypes = list(argtypes)


_vp, _sz, _u64, _u32, _int = (ctypes.c_void_p, ctypes.c_size_t, ctypes.c_uint64,
                              ctypes.c_uint32, ctypes.c_int)
_status = ctypes.c_int
_col_p = ctypes.POINTER(Column)

_proto("galp_strerror", ctypes.c_char_p, _int)
_proto("galp_status_name", ctypes.c_char_p, _int)
_proto("galp_type_size", _sz, _int)
_proto("galp_type_name", ctypes.c_char_p, _int)
_proto("galp_scheme_name", ctypes.c_char_p, _int)
_proto("galp_compress_bound", _sz, _int, _u64)
_proto("galp_compress_ex", _status, _int, _int, _u32, _vp, _u64, _vp, _sz, c_size_p)
_proto("galp_open", _status, _col_p, _vp, _sz)
_proto("galp_vector_info_get", _status, _col_p, _u32, ctypes.POINTER(VectorInfo))
_proto("galp_column_decode", _status, _col_p, _vp, _sz)
_proto("galp_str_compress_bound", _sz, _u64, _u64)
_proto("galp_str_compress", _status, c_u64_p, _vp, _u64, _u32, _vp, _sz, c_size_p)
_proto("galp_column_str_bytes", _status, _col_p, c_u64_p)
_proto("galp_column_decode_str64", _status, _col_p, _vp, _sz, _vp, _sz)
