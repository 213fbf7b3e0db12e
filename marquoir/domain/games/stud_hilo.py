"""Seven-card stud hi-lo eight or better: dealt and bet as seven-card stud (antes, the
bring-in, five streets, the scorekeeper naming who speaks); each pot is split between the
best high hand and the best low of eight or better, the best five of seven cards for each
(docs/rules.md)."""

from __future__ import annotations

from .evaluator import EIGHT_OR_BETTER, Evaluator
from .stud import Stud


class StudHiLo(Stud):
    """Seven-card stud hi-lo eight or better: the showdown has a low half."""

    name = "seven-card stud hi-lo"
    low_half = True
    evaluators = (Evaluator("stud8", hole=7, low=EIGHT_OR_BETTER),)
