"""compress, decompress, inspect and verify on the CPU: the reference codec (ref/) through
include/galp.h."""

from __future__ import annotations

import ctypes
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from . import _lib, _types
from ._column import OpenedColumn
from ._errors import MismatchError, check

FLAG_PAYLOAD_CHECKSUMS = 1  # GALP_FLAG_PAYLOAD_CHECKSUMS (spec/format.md §3.1)
# The G-ALP, ALP_RD and DELTA layouts that galp_compress writes (spec/galp.md §1.1, §1.2,
# spec/alprd.md §3.1, spec/fastlanes.md §2.3): a column gets each flag only where one of its
# vectors uses it.
FLAG_COMPACT_GALP = 2  # GALP_FLAG_COMPACT_GALP
FLAG_NARROW_LANE_ENDS = 4  # GALP_FLAG_NARROW_LANE_ENDS
FLAG_ALPRD_DICT_IN_ENTRY = 8  # GALP_FLAG_ALPRD_DICT_IN_ENTRY (spec/alprd.md §3.1)
FLAG_PACKED_LANE_BASES = 16  # GALP_FLAG_PACKED_LANE_BASES (spec/fastlanes.md §2.3)
FLAG_RUNS_DELTA_VALUES = 32  # GALP_FLAG_RUNS_DELTA_VALUES (spec/fastlanes.md §8.5)
FLAG_COMPACT_SYMBOLS = 64  # GALP_FLAG_COMPACT_SYMBOLS (spec/fsst.md §3.1)
FLAG_LEAN_STR_VECTORS = 256  # GALP_FLAG_LEAN_STR_VECTORS (spec/fsst.md §5.1)
FLAG_PATCHED_FFOR = 512  # GALP_FLAG_PATCHED_FFOR (spec/ffor.md §8)
FLAG_RUNS_OFFSET_VALUES = 1024  # GALP_FLAG_RUNS_OFFSET_VALUES (spec/fastlanes.md §8.6)
# Every layout flag, as GALP_FLAGS_ALL less the checksums: what `galp encode` writes.
FLAGS_LAYOUT = (FLAG_COMPACT_GALP | FLAG_NARROW_LANE_ENDS | FLAG_ALPRD_DICT_IN_ENTRY
                | FLAG_PACKED_LANE_BASES | FLAG_RUNS_DELTA_VALUES | FLAG_COMPACT_SYMBOLS
                | FLAG_LEAN_STR_VECTORS | FLAG_PATCHED_FFOR | FLAG_RUNS_OFFSET_VALUES)


def _is_strings(values) -> bool:
    if isinstance(values, np.ndarray):
        return values.dtype.kind in "OSU"
    return (isinstance(values, Sequence) and not isinstance(values, (bytes, bytearray, str))
            and len(values) > 0 and isinstance(values[0], (str, bytes)))


def _string_layout(values) -> tuple[np.ndarray, np.ndarray]:
    """Arrow's layout of a sequence of str (UTF-8 encoded) or bytes: offsets and data."""
    items = [v.encode() if isinstance(v, str) else bytes(v) for v in values]
    offsets = np.zeros(len(items) + 1, dtype=np.uint64)
    np.cumsum([len(v) for v in items], out=offsets[1:])
    return offsets, np.frombuffer(b"".join(items), dtype=np.uint8)


def _compress_strings(values, flags: int) -> bytes:
    offsets, data = _string_layout(values)
    n = offsets.size - 1
    capacity = _lib.lib.galp_str_compress_bound(n, data.size)
    if capacity == 0:
        raise ValueError("galp: too many strings or bytes for the format")
    dst = np.empty(capacity, dtype=np.uint8)
    length = ctypes.c_size_t()
    check(_lib.lib.galp_str_compress(offsets.ctypes.data_as(_lib.c_u64_p), data.ctypes.data, n,
                                     flags, dst.ctypes.data, capacity, ctypes.byref(length)),
          "galp_str_compress")
    return dst[:length.value].tobytes()


def compress(array, scheme: str | int = "auto", *, checksums: bool = False) -> bytes:
    """Encode a one-dimensional array into a galp column file and return its bytes.

    ``array``: anything numpy turns into a 1-D array of uint8, uint16, uint32, uint64, float32
    or float64 (values are stored bit for bit), or a sequence of ``str`` (stored as UTF-8) or
    ``bytes`` for a string column (FSST, spec/fsst.md). ``scheme``: a scheme name of
    libgalp (``"ffor"``, ``"alp"``, ``"galp"``, ``"delta"``, ...) or ``"auto"``, the encoder's
    choice for the type; vectors that would grow are stored RAW (spec/format.md §4.1).
    ``checksums``: store a CRC32C per vector payload (format 1.1), checked on every open.

    Raises TypeError for an unsupported dtype, ValueError for an unknown scheme name and
    GalpError for a combination that libgalp refuses (e.g. ALP on integers)."""
    flags = (FLAG_PAYLOAD_CHECKSUMS if checksums else 0) | FLAGS_LAYOUT
    if _is_strings(array):
        code = _types.scheme_code(scheme)
        if code not in (_types.SCHEME_AUTO, _types.SCHEME_CODES.get("fsst")):
            raise ValueError(f"galp: strings are stored FSST, not {scheme!r}")
        return _compress_strings(array, flags)
    values = np.ascontiguousarray(array)
    if values.ndim != 1:
        raise ValueError(f"galp: compress takes a one-dimensional array, not {values.ndim}-D")
    if values.dtype.byteorder == ">":
        values = values.astype(values.dtype.newbyteorder("<"))
    vtype = _types.dtype_type(values.dtype)
    code = _types.scheme_code(scheme)
    capacity = _lib.lib.galp_compress_bound(vtype, values.size)
    if capacity == 0:
        raise ValueError("galp: too many values for the format")
    dst = np.empty(capacity, dtype=np.uint8)
    length = ctypes.c_size_t()
    check(_lib.lib.galp_compress_ex(vtype, code, flags, values.ctypes.data, values.size,
                                    dst.ctypes.data, capacity, ctypes.byref(length)),
          "galp_compress")
    return dst[:length.value].tobytes()


def decompress(data) -> np.ndarray:
    """Decode a galp column file (any bytes-like object) into a new numpy array of its type.

    A string column decodes to an object array of ``bytes`` (galp strings are arbitrary
    bytes; galp.to_arrow gives an Arrow string array instead). The whole file is validated
    first (spec/format.md §6): invalid input raises GalpError and returns nothing."""
    column = OpenedColumn(data)
    if column.type == _types.TYPE_STR:
        offsets, chars = column.decode_strings()
        raw = chars.tobytes()
        out = np.empty(column.value_count, dtype=object)
        for i in range(column.value_count):
            out[i] = raw[offsets[i]:offsets[i + 1]]
        return out
    return column.decode_values(_types.DTYPES[column.type])


@dataclass(frozen=True)
class VectorSummary:
    """One vector's metadata entry (spec/format.md §3.3)."""

    scheme: str
    value_count: int
    payload_offset: int
    payload_size: int
    bit_width: int
    exponent: int
    factor: int
    exception_count: int
    base: int


@dataclass(frozen=True)
class ColumnSummary:
    """What galp.inspect reads from a validated column file."""

    type: str
    scheme: str
    value_count: int
    vector_count: int
    version: str
    size: int
    payload_checksums: bool
    vectors: list[VectorSummary] = field(default_factory=list)

    @property
    def bits_per_value(self) -> float:
        return 8.0 * self.size / self.value_count if self.value_count else 0.0


def _vector_summary(column: OpenedColumn, index: int) -> VectorSummary:
    info = _lib.VectorInfo()
    check(_lib.lib.galp_vector_info_get(ctypes.byref(column.view), index, ctypes.byref(info)),
          "galp_vector_info_get")
    return VectorSummary(_types.SCHEME_NAMES.get(info.scheme, str(info.scheme)),
                         info.value_count, info.payload_offset, info.payload_size,
                         info.bit_width, info.exponent, info.factor, info.exception_count,
                         info.base)


def inspect(data, *, vectors: bool = False) -> ColumnSummary:
    """Validate a column file and describe it: type, scheme, counts, version, size and, with
    ``vectors=True``, every vector's metadata. Invalid input raises GalpError."""
    column = OpenedColumn(data)
    view = column.view
    per_vector = [_vector_summary(column, i) for i in range(view.vector_count)] if vectors else []
    return ColumnSummary(_types.TYPE_NAMES[view.type], _types.SCHEME_NAMES[view.scheme],
                         view.value_count, view.vector_count,
                         f"1.{view.version_minor}", view.size,
                         bool(view.flags & FLAG_PAYLOAD_CHECKSUMS), per_vector)


def _as_bits(values: np.ndarray) -> np.ndarray:
    return values.view(f"<u{values.dtype.itemsize}")


def verify(data, array) -> None:
    """Check that the column file decodes bit for bit to ``array`` (floats compared as bit
    patterns, so NaN payloads and -0.0 count). Returns None when it does; raises
    MismatchError (with the first differing index and the count) when it does not, and
    GalpError when the file is invalid."""
    decoded = decompress(data)
    if decoded.dtype == object:
        expected = [v.encode() if isinstance(v, str) else bytes(v) for v in array]
        differ = [i for i, (a, b) in enumerate(zip(decoded, expected)) if a != b]
        lengths = (len(decoded), len(expected))
    else:
        expected_arr = np.ascontiguousarray(array)
        if expected_arr.dtype.kind != decoded.dtype.kind or \
                expected_arr.dtype.itemsize != decoded.dtype.itemsize:
            raise TypeError(f"galp: the column holds {decoded.dtype}, the array "
                            f"{expected_arr.dtype}")
        lengths = (decoded.size, expected_arr.size)
        common = min(lengths)
        differ = np.flatnonzero(_as_bits(decoded[:common]) !=
                                _as_bits(expected_arr[:common].astype(decoded.dtype)))
    if lengths[0] != lengths[1]:
        raise MismatchError(f"galp: the column holds {lengths[0]} values, the array "
                            f"{lengths[1]}", -1, abs(lengths[0] - lengths[1]))
    if len(differ):
        first = int(differ[0])
        raise MismatchError(f"galp: {len(differ)} value(s) differ, the first at index {first}",
                            first, len(differ))
