"""Fixtures shared by the test files."""

from __future__ import annotations

from pathlib import Path

import pytest

from .installed import Marquoir


@pytest.fixture
def cli(tmp_path: Path) -> Marquoir:
    """The installed `marquoir` on a database in the test's temporary folder."""
    return Marquoir(tmp_path)
