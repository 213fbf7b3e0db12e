"""The rules of the table: pure Python, no I/O.

`Hand` is the state machine of one hand of any game (each game, in `games/`, decides what
is particular to it); `TableConfig` the table's rules; `build_pots` and
`award_pots` the pot arithmetic; `parse_ranking` reads a showdown result.
"""

from .actions import Action, ActionEvent, ActionKind, LegalActions
from .betting import BettingStructure, FixedLimit, NoLimit, PotLimit, structure_for
from .config import BettingKind, ForcedBetSchedule, Game, TableConfig
from .errors import (
    ConfigError,
    HandOver,
    IllegalAction,
    MarquoirError,
    NotYourTurn,
    ShowdownError,
    UsageError,
)
from .hand import (
    STREETS,
    ForcedBet,
    Hand,
    HandResult,
    Phase,
    PlayerView,
    SeatInfo,
    ShowdownEvent,
)
from .pots import Contribution, Pot, PotAward, award_pots, build_pots, split_amount
from .ranking import Ranking, format_ranking, parse_ranking, tie

__all__ = [
    "STREETS",
    "Action",
    "ActionEvent",
    "ActionKind",
    "BettingKind",
    "BettingStructure",
    "ConfigError",
    "Contribution",
    "FixedLimit",
    "ForcedBet",
    "ForcedBetSchedule",
    "Game",
    "Hand",
    "HandOver",
    "HandResult",
    "IllegalAction",
    "LegalActions",
    "MarquoirError",
    "NoLimit",
    "NotYourTurn",
    "Phase",
    "PlayerView",
    "Pot",
    "PotAward",
    "PotLimit",
    "Ranking",
    "SeatInfo",
    "ShowdownError",
    "ShowdownEvent",
    "TableConfig",
    "UsageError",
    "award_pots",
    "build_pots",
    "format_ranking",
    "parse_ranking",
    "split_amount",
    "structure_for",
    "tie",
]
