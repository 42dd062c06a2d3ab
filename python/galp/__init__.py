"""galp: the galp column format (spec/) from Python, through libgalp's C API.

CPU (the reference codec)::

    data = galp.compress(numpy_array)          # bytes of a column file
    values = galp.decompress(data)             # numpy.ndarray
    galp.inspect(data)                         # type, scheme, counts, per-vector metadata
    galp.verify(data, numpy_array)             # bit-exact check, raises on a difference
    galp.to_arrow(data)                        # pyarrow.Array (Arrow C Data Interface)

GPU: the galp.cuda module (import galp.cuda). Every libgalp failure is raised as GalpError
carrying the galp_status (``.status``, ``.name``).
"""

from ._arrow import decode_arrow, to_arrow
from ._codec import ColumnSummary, VectorSummary, compress, decompress, inspect, verify
from ._errors import GalpError, MismatchError
from ._exported import DecodedArray

__all__ = ["compress", "decompress", "inspect", "verify", "GalpError", "MismatchError",
           "ColumnSummary", "VectorSummary", "to_arrow", "decode_arrow", "DecodedArray"]
__version__ = "0.1.0"
