"""Omaha hi-lo eight or better: Omaha's blinds and rounds, fixed-limit by default (pot-limit
with `--betting pl`); each pot is split between the best high hand and the best low of eight
or better, each made of two cards from the hand and three from the board (docs/rules.md)."""

from __future__ import annotations

from ..kinds import BettingKind
from .evaluator import EIGHT_OR_BETTER, Evaluator
from .holdem import Holdem


class OmahaHiLo(Holdem):
    """Omaha hi-lo eight or better: hold'em's betting, four hole cards, a low half. (Not a
    subclass of `Omaha`: PHH's "PO" code is Omaha high; PHH export skips this game.)"""

    name = "Omaha hi-lo"
    defaults = (("betting", BettingKind.FIXED_LIMIT),)
    phh_codes = ()
    hole_cards = 4
    asks_blinds = False  # (its settings refuse missing blinds: "the big blind must be...")
    low_half = True
    evaluators = (Evaluator("omaha8", hole=4, board=5, from_hand=2, low=EIGHT_OR_BETTER),)
