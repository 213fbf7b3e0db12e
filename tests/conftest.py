"""Fixtures shared by the test files, and where their temporary files go."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from .installed import Marquoir

# Every recorded command syncs the database to the disk (twice: the commit, then the
# checkpoint when the last connection closes), milliseconds each on a disk that other
# programs use too, and the suite records thousands of commands. In memory (tmpfs) a sync
# is free, and no test is about the disk itself: the temporary folders go there when there
# is room. MARQUOIR_TEST_TMP=disk keeps pytest's own choice (the system's temporary folder).
MEMORY_FOLDER = "/dev/shm"
MEMORY_NEEDED = 1 << 30  # bytes free in it, or the suite stays on the disk


def _memory_folder() -> str | None:
    if os.environ.get("MARQUOIR_TEST_TMP") == "disk" or not os.path.isdir(MEMORY_FOLDER):
        return None
    try:
        writable = os.access(MEMORY_FOLDER, os.W_OK)
        free = shutil.disk_usage(MEMORY_FOLDER).free
    except OSError:
        return None
    return MEMORY_FOLDER if writable and free >= MEMORY_NEEDED else None


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config: pytest.Config) -> None:
    """The run's temporary folder in memory, unless `--basetemp` names one (pytest-xdist's
    workers get theirs inside the main process's)."""
    if config.option.basetemp is not None or hasattr(config, "workerinput"):
        return
    folder = _memory_folder()
    if folder is not None:
        config.option.basetemp = tempfile.mkdtemp(prefix="marquoir-tests-", dir=folder)
        config.stash[_MADE] = config.option.basetemp


def pytest_unconfigure(config: pytest.Config) -> None:
    """Memory is given back: the folder made for this run goes at its end."""
    made = config.stash.get(_MADE, None)
    if made is not None:
        shutil.rmtree(made, ignore_errors=True)


_MADE = pytest.StashKey[str]()


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


@pytest.fixture(autouse=True)
def _english_after_each_test() -> Iterator[None]:
    """No test leaves its language behind: a French report or a French session's command run
    in this process (`main()`, `follow_session`) sets the language for the whole process, and
    a later test in the same worker would otherwise speak French."""
    yield
    from marquoir.domain import i18n

    i18n.set_language(None)
