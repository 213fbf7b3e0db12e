"""The players of a hand as the hand keeps them: each one's position (chips behind, bets,
folded...), made from the seats dealt in, which are checked here once a deal.

A part of `hand.py`: the hand reads and changes the positions; only the making of them and
the checks of the seats they are made from live here.
"""

from __future__ import annotations

from operator import itemgetter

from .errors import IllegalAction
from .i18n import _

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence

    from .outcome import SeatInfo

# a seat's number (`SeatInfo.seat`, its second field: read by index, not through the property)
_SEAT = itemgetter(1)


class Position:
    """A player's mutable position during the hand. Made by `seated`, which sets every
    field itself: a constructor's call saved at each player of each deal."""

    __slots__ = (
        "acted",
        "acted_level",
        "bet",
        "dead",
        "folded",
        "live",
        "name",
        "nominal",
        "seat",
        "stack",
        "start",
    )

    name: str
    seat: int
    start: int  # his chips behind when dealt in
    stack: int
    bet: int  # in front of him this round
    live: int  # put in this hand, bets included
    dead: int  # dead chips put in (antes)
    folded: bool
    acted: bool
    acted_level: int  # the bet he last acted at this round
    # A short blind counts as full for the pot-limit maximum pre-flop (TDA 54-B).
    nominal: int


def seated(seats: Sequence[SeatInfo], button: int) -> tuple[list[Position], dict[str, int], int]:
    """The players dealt in, in seat order, each one's index by name, and the index of the
    button's seat; refused when fewer than two, two with the same name or seat, one without
    chips, or the button on no seat dealt in (checked in that order, from what one pass over
    the seats gathered)."""
    made = _positions(seats, button)
    if made is None:  # (not given in seat order, as the table gives them: sorted first)
        made = _positions(sorted(seats, key=_SEAT), button)
        assert made is not None
    players, index, at, same_seat, broke = made
    count = len(players)
    if count < 2:
        raise IllegalAction(_("a hand needs at least two players with chips"))
    if len(index) != count:
        raise IllegalAction(_("two players have the same name"))
    if same_seat:
        raise IllegalAction(_("two players sit in the same seat"))
    if broke is not None:
        raise IllegalAction(_("{name} has no chips and cannot be dealt in").format(name=broke))
    if at < 0:
        raise IllegalAction(
            _("the button must be on the seat of a player dealt in (seat {button})").format(
                button=button
            )
        )
    return players, index, at


_Made = tuple[list[Position], dict[str, int], int, bool, "str | None"]


def _positions(seats: Sequence[SeatInfo], button: int) -> _Made | None:
    """The positions of the seats in the order given, their index by name, the button's
    index (-1: on no seat), whether a seat comes twice and the first player without chips;
    None when a seat comes after a higher one (the seats are not in seat order)."""
    players: list[Position] = []
    index: dict[str, int] = {}
    # in seat order, a seat given twice follows itself
    previous: int | None = None
    at = -1
    same_seat = False
    broke: str | None = None
    for i, (name, seat, stack) in enumerate(seats):
        if previous is not None and seat <= previous:
            if seat < previous:
                return None
            same_seat = True
        elif seat == button:
            at = i
        previous = seat
        if stack <= 0 and broke is None:
            broke = name
        index[name] = i
        p = Position()
        p.name = name
        p.seat = seat
        p.start = p.stack = stack
        p.bet = p.live = p.dead = p.acted_level = p.nominal = 0
        p.folded = p.acted = False
        players.append(p)
    return players, index, at, same_seat, broke


__all__ = ["Position", "seated"]
