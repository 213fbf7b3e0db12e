"""The shape of the domain, checked on the source: a small table, small classes, and each
game's rules in its own package.

- `Table` (the core: seats, accounts, the hand in play, the events by type) stays under 400
  lines, and no class of `marquoir/domain` has more than 40 methods: what grows goes into a
  part of the table (`table_*.py`, a game's side) or a game.
- No module outside a game's home (its module or package under `domain/games/`) names the
  game: no `Game.STUD`, no "stud" written as a value, no import of the game's module (a game
  built on another, as razz on stud, imports it). The registry (`domain/games/__init__.py`)
  names each game once, on its line; the exceptions are listed below with their reason.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest

from marquoir.domain.games import GAMES, Game

PACKAGE = Path(__file__).resolve().parent.parent / "marquoir"
DOMAIN = PACKAGE / "domain"
REGISTRY = DOMAIN / "games" / "__init__.py"
MAX_TABLE_LINES = 400
MAX_METHODS = 40

# (file, game): where a file outside the game's home may name it, and why.
NAMED_ELSEWHERE = {
    # a migration's data is frozen as it was written (m007 named the games' streets)
    ("storage/migrations/m007_storage_by_the_byte.py", "holdem"): "frozen migration data",
    ("storage/migrations/m007_storage_by_the_byte.py", "omaha"): "frozen migration data",
    ("storage/migrations/m007_storage_by_the_byte.py", "omaha-hilo"): "frozen migration data",
    ("storage/migrations/m007_storage_by_the_byte.py", "draw"): "frozen migration data",
    ("storage/migrations/m007_storage_by_the_byte.py", "bouillotte"): "frozen migration data",
    ("storage/migrations/m007_storage_by_the_byte.py", "stud"): "frozen migration data",
    ("storage/migrations/m007_storage_by_the_byte.py", "stud-hilo"): "frozen migration data",
    ("storage/migrations/m007_storage_by_the_byte.py", "razz"): "frozen migration data",
    # the chip race's draw (who gets the odd chips), not the game
    ("cli/help.py", "draw"): "the chip race's draw",
    ("cli/tournament.py", "draw"): "the chip race's draw",
    ("storage/codec.py", "draw"): "the chip race's draw",
}
# (file, game): a module outside the game's home that imports it, and why. None: a game's own
# commands (Bouillotte's `brelan`, jackpots' `clef`) are found on its side by name
# (`GameSide.own_command`), so the command line imports no game.
IMPORTED_ELSEWHERE: dict[tuple[str, str], str] = {}


def classes(root: Path) -> list[tuple[str, ast.ClassDef]]:
    """Every class of the modules under `root`, with its place."""
    found = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                found.append((f"{path.relative_to(PACKAGE)}:{node.lineno} {node.name}", node))
    return found


def methods(node: ast.ClassDef) -> int:
    return sum(isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef)) for f in node.body)


def lines(node: ast.ClassDef) -> int:
    assert node.end_lineno is not None
    first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
    return node.end_lineno - first + 1


def test_the_table_is_small() -> None:
    (table,) = [node for place, node in classes(DOMAIN) if place.endswith(" Table")]
    assert lines(table) < MAX_TABLE_LINES, f"Table has {lines(table)} lines"
    # (its module too: the core's file holds no helpers that belong to a part)
    module = (DOMAIN / "table.py").read_text(encoding="utf-8").count("\n")
    assert module < MAX_TABLE_LINES, f"domain/table.py has {module} lines"
    assert methods(table) <= MAX_METHODS


def test_no_domain_class_has_over_40_methods() -> None:
    big = {place: methods(node) for place, node in classes(DOMAIN) if methods(node) > MAX_METHODS}
    assert not big, f"classes with more than {MAX_METHODS} methods: {big}"


def test_the_size_checks_can_fail(tmp_path: Path) -> None:
    body = "".join(f"    def m{i}(self) -> None:\n        pass\n\n" for i in range(41))
    (tmp_path / "big.py").write_text(f"class Table:\n{body}", encoding="utf-8")
    ((_, node),) = [
        (place, node)
        for place, node in (
            (p, n)
            for p in [tmp_path / "big.py"]
            for n in ast.walk(ast.parse(p.read_text(encoding="utf-8")))
            if isinstance(n, ast.ClassDef)
        )
    ]
    assert methods(node) == 41 and lines(node) == 1 + 41 * 3 - 1


def home_of(game: str) -> Path:
    """The game's module, or its package (what `GAMES` imports for it)."""
    module = GAMES[game].__module__
    path = PACKAGE.parent / Path(*module.split("."))
    return path if path.is_dir() else path.with_suffix(".py")


def docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring nodes (a game named in prose is not a rule)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


@cache
def parsed(path: Path) -> tuple[ast.AST, set[int]]:
    """The file's syntax tree and its docstrings (parsed once for all the games)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return tree, docstrings(tree)


def namings(path: Path, game: str, module: str) -> list[tuple[int, str]]:
    """Where the file names `game`: `Game.MEMBER`, the name as a value, an import of its
    module (`module`, dotted)."""
    tree, prose = parsed(path)
    member = Game(game).name
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr == member:
            if isinstance(node.value, ast.Name) and node.value.id == "Game":
                found.append((node.lineno, f"Game.{member}"))
        elif isinstance(node, ast.Constant) and node.value == game and id(node) not in prose:
            found.append((node.lineno, repr(game)))
        elif isinstance(node, ast.ImportFrom) and node.module and imports(node.module, module):
            found.append((node.lineno, f"import {node.module}"))
    return found


def imports(name: str, module: str) -> bool:
    """Whether `from NAME import ...` imports the game's module (absolute or relative)."""
    return name == module or name.endswith(f"games.{module}") or f"games.{module}." in name


def outside(home: Path) -> list[Path]:
    return [
        path
        for path in sorted(PACKAGE.rglob("*.py"))
        if path != home and home not in path.parents and path != REGISTRY
    ]


@pytest.mark.parametrize("game", [str(game) for game in Game])
def test_only_the_games_package_names_it(game: str) -> None:
    home = home_of(game)
    module = home.stem
    wrong = []
    for path in outside(home):
        where = str(path.relative_to(PACKAGE))
        for line, what in namings(path, game, module):
            if what.startswith("import") and path.parent == home.parent:
                continue  # a game built on another (Omaha on hold'em, razz on stud)
            allowed = IMPORTED_ELSEWHERE if what.startswith("import") else NAMED_ELSEWHERE
            if (where, game) not in allowed:
                wrong.append(f"{where}:{line} {what}")
    assert not wrong, f"{game} named outside {home.relative_to(PACKAGE)}: {wrong}"


def test_the_naming_check_sees_a_game_named(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text(
        '"""stud, in prose: not a rule."""\n'
        "from marquoir.domain.games.stud import Stud\n"
        "if config.game == Game.STUD or config.game == 'stud':\n"
        "    pass\n",
        encoding="utf-8",
    )
    assert namings(probe, "stud", "stud") == [
        (2, "import marquoir.domain.games.stud"),
        (3, "Game.STUD"),
        (3, "'stud'"),
    ]


@pytest.mark.parametrize("game", [str(game) for game in Game])
def test_a_games_own_commands_are_methods_of_its_side(game: str) -> None:
    # (the command line finds them by name: a name that is no method would fail at the
    # table, not here)
    where = GAMES[game].table_side
    if not where:
        return
    module, name = where.split(":")
    side = getattr(__import__(module, None, None, [name]), name)
    for command in side.own_commands:
        assert callable(getattr(side, command, None)), f"{where}: no method {command}"
