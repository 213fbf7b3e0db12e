"""When an entry may buy more chips: the rebuy period and the add-on, the club's way.

- A rebuy is allowed until the end of the rebuy period, and at the break that ends it: at
  the next level before its first hand, so that a player who busted on the last hand of
  the period may still rebuy there (as the add-on is taken there too).
- The add-on is for a player who still has chips: a busted player rebuys first (while he
  still may); an add-on never brings a busted entry back into play.
"""

from __future__ import annotations

from ..errors import IllegalAction
from ..i18n import _
from .session import TournamentSettings


def rebuy_open(settings: TournamentSettings, *, level: int, hands_at_level: int) -> bool:
    """Whether the rebuy period is still open at `level` (the break after its last level,
    before the next level's first hand, included)."""
    last = settings.rebuy_until
    if not settings.rebuys or last is None:
        return False
    return level <= last or (level == last + 1 and hands_at_level == 0)


def check_add_on_chips(stack: int, label: str) -> None:
    """The add-on needs chips: a busted player rebuys first (`IllegalAction`)."""
    if stack <= 0:
        raise IllegalAction(
            _(
                "{label} has no chips: the add-on is for a player still in "
                "(a rebuy first, while rebuys are open)"
            ).format(label=label)
        )
