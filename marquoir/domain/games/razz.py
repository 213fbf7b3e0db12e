"""Razz: seven-card stud played for the lowest hand, ace-to-five, no qualifier; the best low
takes the whole pot, so the showdown is one ranking, best low first. The bring-in is the
highest up-card and the lowest hand showing speaks first on later streets: the scorekeeper
names both, as in stud (docs/rules.md)."""

from __future__ import annotations

from ..i18n import N_
from .evaluator import LOW_ONLY, Evaluator
from .stud import Stud


class Razz(Stud):
    """Razz: stud's dealing and betting, the low hand wins."""

    name = "razz"
    bring_in_by = N_("the highest up-card")
    first_by = N_("the lowest hand showing")
    # ace-to-five, no qualifier: the best low takes the pot
    evaluators = (Evaluator("razz", hole=7, low=LOW_ONLY),)
