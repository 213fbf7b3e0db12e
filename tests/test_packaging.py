"""The supported Pythons agree: pyproject.toml's `requires-python`, its classifiers, and the
two interpreters CI runs the tests on (.ci/run: the oldest and the newest)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def supported() -> list[tuple[int, int]]:
    """The Python versions the classifiers name (3.11, ...), in order."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    found = []
    for classifier in project["classifiers"]:
        version = re.fullmatch(r"Programming Language :: Python :: (\d+)\.(\d+)", classifier)
        if version:
            found.append((int(version[1]), int(version[2])))
    return sorted(found)


def test_requires_python_starts_at_the_oldest_classifier() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    oldest = supported()[0]
    assert project["requires-python"] == f">={oldest[0]}.{oldest[1]}"


def test_the_classifiers_name_every_minor_version_between_the_oldest_and_the_newest() -> None:
    versions = supported()
    (major,) = {major for major, _minor in versions}
    minors = [minor for _major, minor in versions]
    assert minors == list(range(minors[0], minors[-1] + 1))
    assert major == 3


def test_ci_runs_the_oldest_and_the_newest_supported_python() -> None:
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    oldest, newest = supported()[0], supported()[-1]
    assert re.search(rf"^OLDEST={oldest[0]}\.{oldest[1]}$", script, re.MULTILINE)
    assert re.search(rf"^NEWEST={newest[0]}\.{newest[1]}$", script, re.MULTILINE)
