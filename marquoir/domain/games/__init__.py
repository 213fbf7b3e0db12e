"""The games, one module each, registered here by name.

A game is one object made from the table's settings: `rules_for(config)` gives it. What a
game declares and decides, and what it may ask of the hand, is described in `base.py`
(`GameRules`, `Dealing`); the hand drives, the game decides.

Adding a game: write one module here with a subclass of `GameRules` (or of the game it
refines, as Omaha refines hold'em), and add its line to `GAMES` below, with its name in
`Game`. The settings (`TableConfig`: defaults, validation, title), the hand, the table and
the command line (`--game NAME`) then know it. (A game whose shown cards Marquoir reads
names its evaluator with `card_variant`, which `cards.py` must know.)
"""

from __future__ import annotations

from enum import StrEnum

from .base import SAID_BY_SCOREKEEPER, GameRules
from .bouillotte import Bouillotte
from .draw import Draw
from .holdem import Holdem
from .omaha import Omaha
from .omaha_hilo import OmahaHiLo
from .razz import Razz
from .stud import Stud
from .stud_hilo import StudHiLo

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .base import Settings


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


GAMES: dict[str, type[GameRules]] = {
    Game.HOLDEM: Holdem,
    Game.OMAHA: Omaha,
    Game.DRAW: Draw,  # jackpots included
    Game.BOUILLOTTE: Bouillotte,
    Game.STUD: Stud,
    Game.OMAHA_HILO: OmahaHiLo,
    Game.STUD_HILO: StudHiLo,
    Game.RAZZ: Razz,
}


def rules_for(config: Settings) -> GameRules:
    """The rules object of a table's game."""
    return GAMES[config.game](config)


__all__ = ["GAMES", "SAID_BY_SCOREKEEPER", "Game", "GameRules", "rules_for"]
