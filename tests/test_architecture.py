"""The layers import one way only: cli -> (reports, storage) -> domain; domain is stdlib only."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "marquoir"
ALLOWED = {
    "domain": {"domain"},
    "storage": {"domain", "storage"},
    "reports": {"domain", "storage", "reports"},
    "cli": {"domain", "storage", "reports", "cli"},
}
THIRD_PARTY = {
    "domain": set(),
    "storage": {"sqlite_utils"},
    "reports": {"tabulate", "sqlite_utils", "matplotlib"},
    "cli": {"typer", "click", "tabulate", "datasette", "uvicorn"},
}


def imports_of(path: Path) -> list[tuple[str, int]]:
    """(absolute module name, line) for each import in the file."""
    package = path.relative_to(PACKAGE.parent).parent.parts
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.extend((alias.name, node.lineno) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = list(package[: len(package) - node.level + 1])
                name = ".".join(base + ([node.module] if node.module else []))
            else:
                name = node.module or ""
            found.append((name, node.lineno))
    return found


def modules() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if p.parent != PACKAGE)


@pytest.mark.parametrize("path", modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_imports_go_one_way(path: Path) -> None:
    layer = path.relative_to(PACKAGE).parts[0]
    for name, line in imports_of(path):
        top = name.split(".")[0]
        where = f"{path.relative_to(PACKAGE)}:{line} imports {name}"
        if top == "marquoir":
            target = name.split(".")[1] if "." in name else ""
            assert target in ALLOWED[layer], where
        else:
            assert top in sys.stdlib_module_names or top in THIRD_PARTY[layer], where


def test_the_check_catches_a_wrong_import(tmp_path: Path) -> None:
    bad = PACKAGE / "domain" / "_probe_for_test.py"
    bad.write_text("from ..storage import db\nimport sqlite_utils\n", encoding="utf-8")
    try:
        names = [name for name, _ in imports_of(bad)]
    finally:
        bad.unlink()
    assert names == ["marquoir.storage", "sqlite_utils"]


@pytest.mark.parametrize("path", modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_modules_stay_small(path: Path) -> None:
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= 600, f"{path.relative_to(PACKAGE)} has {lines} lines"


def cli_imports(path: Path) -> set[str]:
    """The cli modules a cli module imports, anywhere in it (a function's import counts:
    it runs too), `from . import x` read as the module x when there is one."""
    found = {name for name, _ in imports_of(path)}
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module is None:
            found.discard("marquoir.cli")
            for alias in node.names:
                submodule = PACKAGE / "cli" / f"{alias.name}.py"
                found.add(f"marquoir.cli.{alias.name}" if submodule.exists() else "marquoir.cli")
    return {name for name in found if name.startswith("marquoir.cli")}


def test_the_cli_modules_import_each_other_without_a_cycle() -> None:
    """`app_evening` once imported `app`, which imported it back; `play` imported `main`'s
    module, which imported the app, which imported `play`."""
    graph = {}
    for path in (PACKAGE / "cli").glob("*.py"):
        name = "marquoir.cli" if path.stem == "__init__" else f"marquoir.cli.{path.stem}"
        graph[name] = cli_imports(path) - {name}

    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        for step in graph.get(start, ()):
            if step == goal or (step not in seen and reaches(step, goal, seen | {step})):
                return True
        return False

    assert [name for name in sorted(graph) if reaches(name, name, set())] == []
