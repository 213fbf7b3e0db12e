"""Import boundaries, checked on the source.

- The layers import one way only: cli -> (reports, storage) -> domain; domain is stdlib only.
- No import cycle between the package's modules: every import counts, also those inside
  functions and under `if TYPE_CHECKING:` (a lazy or typing-only import still ties the two
  modules together; hiding it there only hides the cycle).
- No module uses a private name (`_x`) of another: neither `from m import _x` nor `obj._x`
  on another object. A private attribute belongs to the module that defines it (a method,
  a class, an assignment, a `__slots__` entry, `self._x = ...`); `self._x`, `cls._x` and
  `super()._x` are always the object's own; the named-tuple API (`_replace`, `_asdict`...)
  is public despite its underscore.
"""

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
    "app": {"domain", "storage", "reports", "app"},
    "cli": {"domain", "storage", "reports", "app", "cli"},
}
THIRD_PARTY = {
    "domain": set(),
    "storage": {"sqlite_utils"},
    "reports": {"tabulate", "sqlite_utils", "matplotlib"},
    "app": set(),
    "cli": {"typer", "click", "tabulate", "datasette", "uvicorn"},
}
# Public, although spelled with an underscore (so as not to clash with field names).
NAMED_TUPLE_API = frozenset({"_asdict", "_replace", "_make", "_fields", "_field_defaults"})
# `os._exit`: the standard library's documented way to end a process without its teardown.
PUBLIC_UNDERSCORED = NAMED_TUPLE_API | {"_exit"}


def imports_of(path: Path) -> list[tuple[str, int]]:
    """(absolute module name, line) for each import in the file."""
    package = path.relative_to(PACKAGE.parent).parent.parts
    found: list[tuple[str, int]] = []
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


# -- import cycles -------------------------------------------------------------------------


def module_names(root: Path) -> dict[str, Path]:
    """Every module of the package at `root` by its dotted name (a package by its own)."""
    found = {}
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(root.parent).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def imported_modules(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The package's modules that `name` imports, wherever the import stands.

    `from pkg import x` imports the module `pkg.x` when there is one, else `pkg` itself.
    """
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    targets: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets.update(alias.name for alias in node.names if alias.name in known)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = parts[: len(parts) - node.level + 1]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            if source not in known:
                continue
            for alias in node.names:
                child = f"{source}.{alias.name}"
                targets.add(child if child in known else source)
    targets.discard(name)
    return targets


def import_graph(root: Path) -> dict[str, set[str]]:
    """Module -> the modules it imports, for the package at `root`."""
    known = module_names(root)
    return {name: imported_modules(name, path, known) for name, path in known.items()}


def import_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import one another, round a loop (Tarjan's strongly
    connected components of more than one module), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for target in sorted(graph[module]):
            if target not in index:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in on_stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == module:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return sorted(found)


def test_no_import_cycle() -> None:
    """Also the command line's modules: `app_evening` once imported `app`, which imported it
    back; `play` imported the package's `main`, which imported the app, which imported `play`."""
    cycles = import_cycles(import_graph(PACKAGE))
    assert not cycles, "modules that import one another: " + "; ".join(map(" <-> ".join, cycles))


def write_package(root: Path, files: dict[str, str]) -> Path:
    package = root / "probe"
    package.mkdir()
    for name, text in files.items():
        (package / name).write_text(text, encoding="utf-8")
    return package


def test_the_cycle_check_sees_hidden_imports(tmp_path: Path) -> None:
    package = write_package(
        tmp_path,
        {
            "__init__.py": "from .top import run\n",
            "top.py": "from . import low\n",
            # a cycle hidden in a function
            "low.py": "def later():\n    from .top import run\n",
            # a cycle hidden under TYPE_CHECKING, round three modules
            "a.py": "from .b import x\n",
            "b.py": "import probe.c\n",
            "c.py": "TYPE_CHECKING = False\nif TYPE_CHECKING:\n    from .a import y\n",
            # one way only: no cycle
            "leaf.py": "from .top import run\nfrom . import low\n",
        },
    )
    assert import_cycles(import_graph(package)) == [
        ["probe.a", "probe.b", "probe.c"],
        ["probe.low", "probe.top"],
    ]


# -- private names ---------------------------------------------------------------------------


def is_private(name: str) -> bool:
    # `_` is gettext's translation function (domain/i18n.py), public by convention
    return (
        name.startswith("_") and name != "_" and not (name.startswith("__") and name.endswith("__"))
    )


def is_own(node: ast.expr) -> bool:
    """`self`, `cls`, `super()` or `type(self)`: the object's own attributes."""
    if isinstance(node, ast.Name):
        return node.id in ("self", "cls")
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        return node.func.id == "super" or (
            node.func.id == "type" and len(node.args) == 1 and is_own(node.args[0])
        )
    return False


def defined_names(tree: ast.Module) -> set[str]:
    """The private names a module defines: functions, classes, assigned names, `__slots__`
    entries and the attributes it sets on `self` or `cls`."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            if is_own(node.value):
                names.add(node.attr)
        elif isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "__slots__" for t in node.targets
        ):
            for entry in ast.walk(node.value):
                if isinstance(entry, ast.Constant) and isinstance(entry.value, str):
                    names.add(entry.value)
    return {name for name in names if is_private(name)}


def private_uses(path: Path) -> list[str]:
    """`line: what` for each private name of another module that the file uses."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    own = defined_names(tree)
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (
            node.level or (node.module or "").split(".")[0] == "marquoir"
        ):
            source = "." * node.level + (node.module or "")
            found.extend(
                f"{node.lineno}: from {source} import {alias.name}"
                for alias in node.names
                if is_private(alias.name)
            )
        elif isinstance(node, ast.Import):
            found.extend(
                f"{node.lineno}: import {alias.name}"
                for alias in node.names
                if alias.name.split(".")[0] == "marquoir"
                and any(map(is_private, alias.name.split(".")))
            )
        elif (
            isinstance(node, ast.Attribute)
            and is_private(node.attr)
            and node.attr not in own
            and node.attr not in PUBLIC_UNDERSCORED
            and not is_own(node.value)
        ):
            found.append(f"{node.lineno}: {ast.unparse(node)}")
    return sorted(found, key=lambda line: int(line.split(":")[0]))


@pytest.mark.parametrize("path", modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_private_name_of_another_module(path: Path) -> None:
    uses = private_uses(path)
    assert not uses, f"{path.relative_to(PACKAGE)} uses private names of other modules: {uses}"


def test_the_private_name_check_catches_a_probe(tmp_path: Path) -> None:
    package = write_package(
        tmp_path,
        {
            "probe.py": (
                "from .hand import Hand, _Player\n"
                "import marquoir.domain._hidden\n"
                "class Rules:\n"
                "    __slots__ = ('_slot',)\n"
                "    def start(self, hand, other):\n"
                "        hand._post(0, 1)\n"
                "        n = len(hand._players)\n"
                "        self._mine = other._mine\n"
                "        super()._setup()\n"
                "        other._slot = hand.config._replace(ante=1)\n"
                "        return _helper(other._helper, hand.__class__)\n"
                "def _helper(x, y):\n"
                "    return x\n"
            )
        },
    )
    assert private_uses(package / "probe.py") == [
        "1: from .hand import _Player",
        "2: import marquoir.domain._hidden",
        "6: hand._post",
        "7: hand._players",
    ]


@pytest.mark.parametrize("path", modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_modules_stay_readable(path: Path) -> None:
    # Cohesive modules beat a line count: this only flags a module grown far past what one
    # reads in a sitting, not one to split for the sake of a number.
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= 800, f"{path.relative_to(PACKAGE)} has {lines} lines"
