"""Shared fixtures: the repository's golden vectors (vectors/MANIFEST, spec/conformance.md §4)."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


def manifest_entries():
    """(name, expected status name, type, scheme, output sha256) of every vector."""
    entries = []
    for line in (REPO / "vectors" / "MANIFEST").read_text().splitlines():
        fields = line.split()
        if not line or line.startswith("#") or fields[0] == "suite":
            continue
        entries.append((fields[0], fields[1], fields[2], fields[3], fields[6]))
    return entries


@pytest.fixture(scope="session")
def vectors_dir() -> Path:
    return REPO / "vectors"
