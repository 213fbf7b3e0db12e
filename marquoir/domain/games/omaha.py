"""Omaha: hold'em's blinds and betting; four hole cards, of which exactly two play."""

from __future__ import annotations

from ..kinds import BettingKind
from .evaluator import Evaluator
from .holdem import Holdem


class Omaha(Holdem):
    """Omaha (high): the same betting as hold'em; only the cards differ at the showdown."""

    name = "Omaha"
    phh_codes = ((BettingKind.POT_LIMIT, "PO"),)
    hole_cards = 4
    asks_blinds = False  # (its settings refuse missing blinds: "the big blind must be...")
    # exactly two cards from the hand and three from the board
    evaluators = (Evaluator("omaha", hole=4, board=5, from_hand=2),)
