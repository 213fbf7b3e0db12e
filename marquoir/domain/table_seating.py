"""Who is dealt in next: players sitting out and coming back, and the button set on a
player. The table holds this part as `Table.seating`, and applies its events through it.
"""

from __future__ import annotations

from operator import attrgetter

from .accounts import playing
from .errors import IllegalAction
from .events import Back, ButtonSet, SatOut
from .extension import TablePart
from .i18n import N_, _

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Protocol

    from .accounts import Account, SessionSettings
    from .extension import Applier, Host
    from .games import GameRules

    class Sitting(Protocol):
        """A player dealt in, as the button's seat needs him: his seat (an account, or the
        seat of a recorded deal)."""

        @property
        def seat(self) -> int: ...


_SEAT = attrgetter("seat")

# The seats of one table, numbered from 1.
MAX_SEATS = 10


class Seating(TablePart):
    """The commands on who is dealt in, and their effects."""

    def __init__(self, table: Host) -> None:
        super().__init__(table)
        # the players at the table, by name: a view that follows the table, asked for once
        # (read at each deal and each seat)
        self._present = table.present_by_name().values()
        # the seat of the last deal's button, and the player the button was set on for the
        # next deal (`button`)
        self.last_button: int | None = None
        self.next_button: str | None = None
        # the table's settings and its game's rules, made once for them: what `dealt_in`
        # asks at every deal (how many players the game is played by), of an object that
        # plays no hand (a hand makes its own, which may keep the hand's state). Settings are
        # records: new settings (new blinds) are another object, compared by identity.
        self._rules: tuple[SessionSettings, GameRules] | None = None

    def dealt(self, button: int) -> None:
        """A deal was dealt with the button on `button`: a button set is spent."""
        self.last_button = button
        self.next_button = None

    def dealt_in(self) -> list[Account]:
        """The players the next deal deals in (seated, with chips, not sitting out), in seat
        order; refused when fewer than two, or when the game is not played by so many."""
        players = playing(sorted(self._present, key=_SEAT))  # (`Host.present`, in seat order)
        if len(players) < 2:
            raise IllegalAction(
                _("a hand needs at least two players with chips who are not sitting out")
            )
        settings, kept = self.table.settings, self._rules
        if kept is None or kept[0] is not settings:
            kept = self._rules = (settings, settings.table.rules)
        kept[1].check_players(len(players))
        return players

    def button_seat(self, players: Sequence[Sitting]) -> int:
        """The seat of the next deal's button among the players dealt in (in seat order)."""
        if self.next_button is not None:
            chosen = self.table.accounts[self.next_button]
            if not chosen.plays:
                raise IllegalAction(
                    _(
                        "the button was set on {name}, who is not dealt in: set it on another "
                        "player"
                    ).format(name=chosen.name)
                )
            return chosen.seat
        last = self.last_button
        if last is not None:
            # The button moves to the next seat with chips after the seat that last had it,
            # even if that player has left (the players are in seat order).
            for account in players:
                if account.seat > last:
                    return account.seat
        return players[0].seat

    def appliers(self) -> dict[type, Applier]:
        return {ButtonSet: self.apply_button, SatOut: self.apply_sitout, Back: self.apply_back}

    def button_event(self, name: str) -> ButtonSet:
        """Put the button on this player at the next deal: one who will be dealt in."""
        account = self._button_check(name)
        check_dealt_in(account)
        return ButtonSet(account.name)

    def _button_check(self, name: str) -> Account:
        # (what a recorded button event needs: older versions recorded it on any player)
        account = self.table.account(name)
        self.table.between_hands(N_("move the button"))
        return account

    def sitout_event(self, name: str) -> SatOut:
        """This player is not dealt in until he comes back."""
        account = self.table.account(name)
        if account.sitting_out:
            raise IllegalAction(_("{name} is already sitting out").format(name=account.name))
        return SatOut(account.name)

    def back_event(self, name: str) -> Back:
        """A player who sat out is dealt in again."""
        account = self.table.account(name)
        if not account.sitting_out:
            raise IllegalAction(_("{name} is not sitting out").format(name=account.name))
        return Back(account.name)

    def apply_button(self, event: ButtonSet) -> None:
        self._button_check(event.player)
        self.next_button = event.player

    def apply_sitout(self, event: SatOut) -> None:
        self.sitout_event(event.player)
        self.table.accounts[event.player].sitting_out = True

    def apply_back(self, event: Back) -> None:
        self.back_event(event.player)
        self.table.accounts[event.player].sitting_out = False

    def free_seat(self, seat: int | None) -> int:
        """The seat asked for if it is free, or the first free seat, at a table of
        `MAX_SEATS`."""
        present = self._present
        if seat is None:
            taken = {a.seat for a in present}
            free = [n for n in range(1, MAX_SEATS + 1) if n not in taken]
            if not free:
                raise IllegalAction(
                    _("the table is full ({MAX_SEATS} seats)").format(MAX_SEATS=MAX_SEATS)
                )
            seat = free[0]
        elif not 1 <= seat <= MAX_SEATS:
            raise IllegalAction(
                _("seats are numbered 1 to {MAX_SEATS} (got {seat})").format(
                    MAX_SEATS=MAX_SEATS, seat=seat
                )
            )
        else:  # (the seat asked for: its holder looked for, no set of the seats made)
            for account in present:
                if account.seat == seat:
                    raise IllegalAction(
                        _("seat {seat} is taken by {holder}").format(seat=seat, holder=account.name)
                    )
        return seat


__all__ = ["MAX_SEATS", "Seating"]


def check_dealt_in(account: Account) -> None:
    """The button goes to a player who will be dealt in: refused for one without chips or
    sitting out (one table, or a table of a room)."""
    if not account.stack:
        raise IllegalAction(
            _("{name} has no chips: the button goes to a player dealt in").format(name=account.name)
        )
    if account.sitting_out:
        raise IllegalAction(
            _("{name} is sitting out: the button goes to a player dealt in").format(
                name=account.name
            )
        )
