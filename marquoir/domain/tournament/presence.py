"""What a cash game allows and a tournament does not: sitting out, cashing out, blinds set
by hand.

A tournament's chips are no money: a player cannot take them away (`leave`), an absent
player is dealt in and posts his blinds and antes until he is back or blinded off (TDA 2024
rule 30, at your seat: his hand is dead, his forced bets are posted), and the blinds follow
the levels (TDA 2024 rule 23). The commands are refused with the way to do it instead.
These checks are made when a command is typed: files recorded before them replay as they
were.
"""

from __future__ import annotations

from ..errors import IllegalAction
from ..i18n import N_, _

REFUSALS = {
    "sitout": N_(
        "in a tournament an absent player is dealt in and posts his blinds and antes "
        "(TDA 2024 rule 30): `fold` his hand at his turn"
    ),
    "leave": N_(
        "in a tournament chips are not cashed out: a player plays until he has none "
        "(or the players left make a deal: `chop`)"
    ),
    "blinds": N_("a tournament's blinds follow its levels: `level next` or `level N`"),
}


def check_cash_game_command(tournament: object | None, command: str) -> None:
    """Refuse `command` (`sitout`, `leave`, `blinds`) in a tournament (`IllegalAction`)."""
    if tournament is not None:
        raise IllegalAction(_(REFUSALS[command]))
