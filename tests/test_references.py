"""The project stands alone: what the code, tests and README cite is in the repository.

A person who clones Marquoir has only the repository. The design, the rules (with the French
rule documents summarised and named) and the glossary are in `docs/`; the hand histories the
tests read are in `tests/data/`. Outside `docs/`, nothing may send a reader to a folder beside
the checkout or to a rule document by its number, and every repository file a text names
must exist.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# Built from pieces so that this file does not match itself.
SHARED = re.escape("..") + r"/" + "shared"
FORBIDDEN = re.compile(
    "|".join(
        (
            SHARED,
            r"\bDESIGN" + r"(\.md|\s+section|\s*§|:)",
            r"\b[Dd]ocuments?\s+" + r"00[0-9]",
        )
    )
)
# Paths inside the repository that a text names: docs, examples, benchmarks, test data.
CITED = re.compile(r"\b((?:docs|examples|bench|tests/data)/[\w./-]*\w)")
SUFFIXES = {".py", ".md", ".txt", ".toml", ".cfg", ".html", ".sh"}


def texts() -> list[Path]:
    """Every text file of the project outside `docs/` and the verbatim test data."""
    found = [ROOT / "README.md", ROOT / "CHANGELOG.md", ROOT / "pyproject.toml"]
    for folder in ("marquoir", "tests", "bench", "examples", ".ci"):
        for path in sorted((ROOT / folder).rglob("*")):
            if not path.is_file() or "__pycache__" in path.parts:
                continue
            if (ROOT / "tests" / "data") in path.parents:
                continue
            if path.suffix in SUFFIXES or folder == ".ci":
                found.append(path)
    return [p for p in found if p.exists()]


def forbidden_references(text: str) -> list[str]:
    """The references in `text` that a cloner could not follow."""
    return [m.group(0) for m in FORBIDDEN.finditer(text)]


@pytest.mark.parametrize("path", texts(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_reference_outside_the_repository(path: Path) -> None:
    found = forbidden_references(path.read_text(encoding="utf-8"))
    assert not found, f"{path.relative_to(ROOT)} cites what a clone does not have: {found}"


@pytest.mark.parametrize("path", texts(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_cited_file_is_in_the_repository(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    missing = sorted({m.group(1) for m in CITED.finditer(text) if not (ROOT / m.group(1)).exists()})
    assert not missing, f"{path.relative_to(ROOT)} cites missing files: {missing}"


def test_the_documents_exist() -> None:
    for name in ("design.md", "rules.md", "glossary.md"):
        assert (ROOT / "docs" / name).stat().st_size > 1000, name


@pytest.mark.parametrize(
    "text",
    [
        "see " + ".." + "/shared/" + "DESIGN" + ".md",
        "as " + "DESIGN" + " section 5 says",
        "the 32-card game of " + "document " + "000",
        "Document " + "002" + ": no folding",
    ],
)
def test_the_check_catches_a_reference(text: str) -> None:
    assert forbidden_references(text)


def test_the_check_lets_the_repository_documents_through() -> None:
    assert not forbidden_references("see docs/design.md, and TDA 2024 rule 47-A")
