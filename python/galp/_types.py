"""Value types and schemes: the numpy dtype of each galp_type and the scheme names, read from
libgalp itself (galp_type_name, galp_scheme_name) so that the package follows the library."""

from __future__ import annotations

import numpy as np

from . import _lib

TYPE_STR = 7  # GALP_TYPE_STR (spec/fsst.md): strings, not a fixed-width value array
SCHEME_AUTO = 255  # GALP_SCHEME_AUTO: an encoder request, never stored

# The fixed-width value types (spec/format.md §2) and their little-endian numpy dtypes.
DTYPES: dict[int, np.dtype] = {
    1: np.dtype("<u1"), 2: np.dtype("<u2"), 3: np.dtype("<u4"), 4: np.dtype("<u8"),
    5: np.dtype("<f4"), 6: np.dtype("<f8"),
}
TYPE_OF_KIND = {(dt.kind, dt.itemsize): code for code, dt in DTYPES.items()}


def _names(fn, codes) -> dict[int, str]:
    names = {}
    for code in codes:
        name = fn(code)
        if name is not None:
            names[code] = name.decode()
    return names


TYPE_NAMES = _names(_lib.lib.galp_type_name, range(1, 64))
SCHEME_NAMES = _names(_lib.lib.galp_scheme_name, range(255))
SCHEME_CODES = {name: code for code, name in SCHEME_NAMES.items()}
SCHEME_CODES["auto"] = SCHEME_AUTO


def scheme_code(scheme: str | int) -> int:
    """The galp_scheme of a name ("ffor", "galp", "alp-rd" or "alp_rd", "auto", ...) or of a
    code."""
    if isinstance(scheme, str):
        try:
            return SCHEME_CODES[scheme.lower().replace("_", "-")]
        except KeyError:
            raise ValueError(f"unknown scheme {scheme!r}; known: "
                             f"{', '.join(sorted(SCHEME_CODES))}") from None
    return int(scheme)


def dtype_type(dtype: np.dtype) -> int:
    """The galp_type of a numpy dtype; galp stores unsigned integers and IEEE floats only."""
    dtype = np.dtype(dtype)
    code = TYPE_OF_KIND.get((dtype.kind, dtype.itemsize))
    if code is None:
        raise TypeError(f"galp stores uint8/16/32/64, float32 and float64 values, not {dtype}")
    return code
