"""The house's part of the table: what the scorekeeper does between hands to the money on
it, and its books. Recaves, counts and corrections of the stacks, fines, a new forced-bet
schedule, the chips of a void deal shared out, everyone's departure at the end of the
night, and the books closed (settled) or reopened. The table holds it as `Table.house`, and
applies its events through it.
"""

from __future__ import annotations

from .errors import IllegalAction, MarquoirError, UsageError
from .events import (
    BlindsSet,
    CarrySplit,
    Corrected,
    CountLine,
    Fined,
    Left,
    LeftAll,
    Recaved,
    Reopened,
    Settled,
)
from .extension import TablePart
from .i18n import N_, _
from .inputs import MAX_CHIPS
from .pots import split_amount

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from .config import ForcedBetSchedule
    from .extension import Applier, Host


class House(TablePart):
    """The commands on the money between hands, and their effects."""

    def __init__(self, table: Host) -> None:
        super().__init__(table)
        # chips waiting in the middle for the next deal (a void deal, a false opener's fine)
        self.carry = 0
        # settled: the books are closed until the session is reopened; who absorbed a count
        # that did not balance, and the difference (chips cashed out minus chips bought)
        self.closed = False
        self.absorbed: tuple[str, int] | None = None

    def snapshot(self) -> dict[str, Any]:
        """What a snapshot keeps of the books (written only when settled: the snapshots of
        an open session stay as they were)."""
        return {
            **({"closed": True} if self.closed else {}),
            **({"absorbed": list(self.absorbed)} if self.absorbed else {}),
        }

    def restore(self, data: dict[str, Any]) -> None:
        """Take back what `snapshot` kept, and the chips in the middle."""
        self.carry = data.get("carry", 0)
        self.closed = bool(data.get("closed", False))
        if "absorbed" in data:
            self.absorbed = (data["absorbed"][0], data["absorbed"][1])

    def check_open(self) -> None:
        """Refuse to change a settled session: its books are closed until `reopen`."""
        if self.closed:
            raise IllegalAction(
                _("this session is settled, its books are closed: `marquoir reopen` reopens it")
            )

    def appliers(self) -> dict[type, Applier]:
        return {
            Settled: self.apply_settle,
            Recaved: self.apply_recave,
            LeftAll: self.apply_leave_all,
            CarrySplit: self.apply_carry_split,
            Fined: self.apply_fine,
            BlindsSet: self.apply_blinds,
            Corrected: self.apply_correction,
        }

    def settle_event(self, missing: str | None = None) -> Settled:
        """Close the books: the session is settled (the money is computed by the caller).
        `missing`: who absorbs a count that does not balance (see `missing.py`)."""
        table = self.table
        if self.closed:
            raise IllegalAction(_("this session is already settled"))
        table.between_hands(N_("settle"))
        if missing is None:
            return Settled()
        if table.settings.tournament is not None:
            raise UsageError(_("--missing is for a cash game's count: a tournament pays prizes"))
        from .missing import missing_event

        return missing_event(table.accounts, missing, resolve=table.resolve(missing))

    def reopen_event(self) -> Reopened:
        """Reopen a settled session: table commands are accepted again."""
        if not self.closed:
            raise IllegalAction(_("this session is not settled: nothing to reopen"))
        return Reopened()

    def apply_settle(self, event: Settled) -> None:
        """Close the books (checked again), with who absorbed a count that did not balance."""
        self.settle_event()
        if event.missing:
            from .missing import check_missing

            check_missing(event, self.table.accounts)
        self.closed = True
        self.absorbed = (event.missing, event.difference) if event.missing else None

    def apply_reopen(self, event: Reopened) -> None:
        """Reopen the books (checked again; carried out on a closed table)."""
        self.reopen_event()
        self.closed = False
        self.absorbed = None

    def recave_event(self, name: str, chips: int | None = None) -> Recaved:
        """A re-buy, between hands only, within the session's recave limits."""
        player, amount = self._recave(name, chips)
        return Recaved(player, amount)

    def _recave(self, name: str, chips: int | None) -> tuple[str, int]:
        """The player of a re-buy and its chips, or why it is refused (`recave_event`; its
        record is not made again where a recorded one is applied)."""
        table = self.table
        account = table.account(name)
        settings = table.settings
        if settings.tournament is not None:
            raise IllegalAction(
                _("a tournament has no recaves: `rebuy {name}` or `addon {name}`").format(
                    name=account.name
                )
            )
        if table.hand is not None:  # (refused: asked before the call, at every replayed recave)
            table.between_hands(N_("recave"))
        caves = settings.caves
        caves.check_recaves(account.name, account.recaves)
        return account.name, caves.amount(chips, what="recave")

    def leave_all_event(self) -> LeftAll:
        """Everyone still at the table cashes out (end of night), a void deal's chips first
        shared out among them."""
        self.table.between_hands(N_("leave"))
        players = self.table.present()
        if not players:
            raise IllegalAction(_("nobody is at the table"))
        shares = self.carry_split_event().shares if self.carry else ()
        won = dict(shares)
        return LeftAll(tuple((a.name, a.stack + won.get(a.name, 0)) for a in players), shares)

    def count(self, counted: dict[str, int]) -> list[CountLine]:
        """Compare counted stacks with the tracked ones (between hands; players not named
        are not compared)."""
        self.table.between_hands(N_("count the chips"))
        lines: list[CountLine] = []
        for name, chips in counted.items():
            if chips < 0:
                raise IllegalAction(
                    _("a counted stack cannot be negative ({name}={chips})").format(
                        name=name, chips=chips
                    )
                )
            if chips > MAX_CHIPS:
                raise IllegalAction(
                    _("a counted stack is at most {MAX_CHIPS:,} chips ({name})").format(
                        MAX_CHIPS=MAX_CHIPS, name=name
                    )
                )
            account = self.table.account(name)
            if any(line.player == account.name for line in lines):
                raise UsageError(_("{name} is counted twice").format(name=account.name))
            lines.append(CountLine(account.name, account.stack, chips))
        return sorted(lines, key=lambda line: self.table.accounts[line.player].seat)

    def correct_event(self, name: str, stack: int) -> Corrected:
        """Replace a player's tracked stack by the counted one, between hands."""
        account = self.table.account(name)
        self.table.between_hands(N_("correct a stack"))
        if not 0 <= stack <= MAX_CHIPS:
            raise IllegalAction(
                _("a stack is 0 to {MAX_CHIPS:,} chips ({name}={stack})").format(
                    MAX_CHIPS=MAX_CHIPS, name=name, stack=stack
                )
            )
        if stack == account.stack:
            raise IllegalAction(
                _("{name} already has {stack}: nothing to correct").format(
                    name=account.name, stack=stack
                )
            )
        return Corrected(account.name, stack)

    def fine_event(self, name: str, chips: int | None = None) -> Fined:
        """A house fine to the next pot (the French jackpots rules: the dealer who forgets
        to announce the pot pays one chip to the next), between hands."""
        account = self.table.account(name)
        self.table.between_hands(N_("record a fine"))
        chips = self.table.config.chip_unit if chips is None else chips
        if chips <= 0:
            raise IllegalAction(_("a fine is at least 1 chip (got {chips})").format(chips=chips))
        if chips > account.stack:
            raise IllegalAction(
                _("{name} has only {stack} chips for a fine").format(
                    name=account.name, stack=account.stack
                )
            )
        return Fined(account.name, chips)

    def blinds_event(self, schedule: ForcedBetSchedule) -> BlindsSet:
        """Change the forced-bet schedule between hands: the next deal posts these bets.

        The new schedule must suit the session's game, as the settings of a new session must
        (`ConfigError` otherwise); changing to the schedule already in force is refused.
        """
        self.table.between_hands(N_("change the blinds"))
        # compared in effect: explicit limits equal to the default ones change nothing
        if self.table.config.with_schedule(schedule).stakes() == self.table.config.stakes():
            raise IllegalAction(
                _("the forced bets are already {stakes}").format(stakes=self.table.config.stakes())
            )
        return BlindsSet(schedule)

    def carry_split_event(self) -> CarrySplit:
        """Give the chips of a void deal back to the players at the table (end of night)."""
        self.table.between_hands(N_("split the pot"))
        players = self.table.present()
        if not self.carry or not players:
            raise IllegalAction(_("no chips wait in the middle"))
        seats = [a.seat for a in players]
        start = next(
            (i for i, s in enumerate(seats) if s > (self.table.seating.last_button or 0)), 0
        )
        order = [a.name for a in players[start:] + players[:start]]
        shares = split_amount(self.carry, order, chip_unit=self.table.config.chip_unit)
        return CarrySplit(tuple(zip(order, shares, strict=True)))

    def apply_recave(self, event: Recaved) -> None:
        player, chips = event  # (both fields at once: a field read by name is a call)
        self._recave(player, chips)
        account = self.table.accounts[player]
        account.stack += chips
        account.bought += chips
        account.recaves += 1

    def apply_leave_all(self, event: LeftAll) -> None:
        if event != self.leave_all_event():
            raise MarquoirError(_("the recorded departures do not match the table"))
        if event.shares:
            self.apply_carry_split(CarrySplit(event.shares))
        for name, chips in event.leaves:
            self.table.apply(Left(name, chips))

    def apply_fine(self, event: Fined) -> None:
        self.fine_event(event.player, event.chips)
        self.table.accounts[event.player].stack -= event.chips
        self.carry += event.chips

    def apply_blinds(self, event: BlindsSet) -> None:
        self.blinds_event(event.schedule)
        table = self.table.config.with_schedule(event.schedule)
        self.table.settings = self.table.settings._replace(table=table)

    def apply_correction(self, event: Corrected) -> None:
        self.correct_event(event.player, event.stack)
        account = self.table.accounts[event.player]
        account.adjusted += event.stack - account.stack
        account.stack = event.stack

    def apply_carry_split(self, event: CarrySplit) -> None:
        if event != self.carry_split_event():
            raise MarquoirError(_("the recorded split does not match the table"))
        for name, chips in event.shares:
            self.table.accounts[name].stack += chips
        self.carry = 0


__all__ = ["House"]
