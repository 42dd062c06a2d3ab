"""The package's one error vocabulary: galp_status values raised as GalpError."""

from __future__ import annotations

from . import _lib


class GalpError(Exception):
    """A libgalp call failed. ``status`` is the galp_status value (include/galp.h), ``name`` its
    identifier (``"GALP_ERR_TRUNCATED"``, as in vectors/MANIFEST) and the message is
    galp_strerror's description."""

    def __init__(self, status: int, context: str = "") -> None:
        self.status = int(status)
        self.name = _lib.lib.galp_status_name(self.status).decode()
        message = _lib.lib.galp_strerror(self.status).decode()
        super().__init__(f"{context}: {message} ({self.name})" if context else
                         f"{message} ({self.name})")


class MismatchError(ValueError):
    """galp.verify: the column decodes to other values than the array given. ``index`` is the
    first differing position (or -1 when the lengths differ) and ``count`` how many differ."""

    def __init__(self, message: str, index: int, count: int) -> None:
        super().__init__(message)
        self.index = index
        self.count = count


def check(status: int, context: str) -> None:
    """Raises GalpError unless status is GALP_OK (0)."""
    if status != 0:
        raise GalpError(status, context)
