"""The games, one module or package each, registered here by name.

A game is one object made from the table's settings: `rules_for(config)` gives it. What a
game declares and decides, and what it may ask of the hand, is described in `base.py`
(`GameRules`, `Dealing`); the hand drives, the game decides. Its evaluator (`evaluator.py`:
deck, hole and board cards, order of hands, low rule) reads the cards shown; its table side
(`table_side`, an `extension.GameSide`) keeps what it adds between hands (Bouillotte's
brelans, in `bouillotte/`).

Adding a game: write one module (or package) here with a subclass of `GameRules` (or of the
game it refines, as Omaha refines hold'em), and add its line (module, class) to `GAMES`
below. The settings (`TableConfig`: defaults, validation, title), the hand, the table, the
cards, the file's streets (`storage/game_data.py`) and the command line (`--game NAME`) then
know it. (`Game` names Marquoir's own games; a game registered from elsewhere is named by
its string, `game_named`.)
"""

from __future__ import annotations

from collections.abc import Iterator, MutableMapping

from ..enums import StrEnum
from .base import SAID_BY_SCOREKEEPER, GameRules

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .base import Settings
    from .evaluator import Evaluator


class Game(StrEnum):
    """The games Marquoir keeps the books for (their names in `GAMES`)."""

    HOLDEM = "holdem"
    DRAW = "draw"
    BOUILLOTTE = "bouillotte"
    STUD = "stud"
    OMAHA = "omaha"
    OMAHA_HILO = "omaha-hilo"
    STUD_HILO = "stud-hilo"
    RAZZ = "razz"


class GameRegistry(MutableMapping[str, type[GameRules]]):
    """The games by name, a mapping like a dict whose values are imported on first use.

    Every table command starts a fresh Python: a hold'em table's command loads the hold'em
    module, not the seven other games (docs/design.md, "The hot path").
    """

    def __init__(self, where: dict[str, tuple[str, str]]) -> None:
        self._where = dict(where)  # name -> (module of this package, class)
        self._loaded: dict[str, type[GameRules]] = {}

    def __getitem__(self, name: str) -> type[GameRules]:
        rules = self._loaded.get(name)
        if rules is None:
            module, attribute = self._where[name]
            rules = getattr(__import__(module, globals(), None, [attribute], 1), attribute)
            self._loaded[name] = rules
        return rules

    def __setitem__(self, name: str, rules: type[GameRules]) -> None:
        self._where[name] = (rules.__module__, rules.__qualname__)
        self._loaded[name] = rules
        _LAST.clear()  # (`rules_for` finds the game anew)

    def __delitem__(self, name: str) -> None:
        del self._where[name]
        self._loaded.pop(name, None)
        _LAST.clear()

    def __iter__(self) -> Iterator[str]:
        return iter(self._where)

    def __len__(self) -> int:
        return len(self._where)


# One line a game: its name, then its module (in this package) and its rules class. The
# order is the order the command line lists them in.
GAMES = GameRegistry(
    {
        Game.HOLDEM: ("holdem", "Holdem"),
        Game.DRAW: ("draw", "Draw"),  # jackpots included
        Game.BOUILLOTTE: ("bouillotte", "Bouillotte"),
        Game.STUD: ("stud", "Stud"),
        Game.OMAHA: ("omaha", "Omaha"),
        Game.OMAHA_HILO: ("omaha_hilo", "OmahaHiLo"),
        Game.STUD_HILO: ("stud_hilo", "StudHiLo"),
        Game.RAZZ: ("razz", "Razz"),
    }
)


# the game of a table that names none (`TableConfig`, `new` without --game)
DEFAULT_GAME: str = Game.HOLDEM


def game_named(name: str) -> str:
    """The game registered under `name` (the `Game` member for Marquoir's own games), or
    ValueError as `Game(name)` gives: what a settings file or a command line names."""
    if name not in GAMES:
        raise ValueError(f"{name!r} is not a game")
    try:
        return Game(name)
    except ValueError:  # a game registered besides Marquoir's own
        return name


# The rules class of the last configuration asked for, which the next deal of the same table
# asks again (a rules object is made for each hand: it may keep the hand's state).
_LAST: list[tuple[Settings, type[GameRules]]] = []


def rules_for(config: Settings) -> GameRules:
    """The rules object of a table's game."""
    if _LAST and _LAST[0][0] is config:
        return _LAST[0][1](config)
    rules = GAMES[config.game]
    _LAST[:] = [(config, rules)]
    return rules(config)


def evaluator_named(name: str) -> Evaluator | None:
    """The evaluator a registered game declares under `name` ("holdem", "piquet"...), or
    None. (Loads every game: for tests and tools that name an evaluator, not the table.)"""
    for game in GAMES:
        for evaluator in GAMES[game].evaluators:
            if evaluator.name == name:
                return evaluator
    return None


__all__ = [
    "DEFAULT_GAME",
    "GAMES",
    "SAID_BY_SCOREKEEPER",
    "Game",
    "GameRegistry",
    "GameRules",
    "evaluator_named",
    "game_named",
    "rules_for",
]
