"""Fixtures shared by the test files."""

from __future__ import annotations

from pathlib import Path

import pytest

from .installed import Marquoir


@pytest.fixture
def cli(tmp_path: Path) -> Marquoir:
    """`marquoir` on a database in the test's temporary folder, run in the test's process
    (tests/installed.py): the same command line, environment and outputs as the installed
    command, without starting a Python for each command."""
    return Marquoir(tmp_path, in_process=True)


@pytest.fixture
def installed(tmp_path: Path) -> Marquoir:
    """The installed `marquoir` script, each command a process of its own, as a user runs it
    (for the tests about the installed command itself)."""
    return Marquoir(tmp_path)
