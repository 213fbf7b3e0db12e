"""A tournament session's rules, kept with the session's settings.

Amounts of money (buy-in, fee, prices, bounty, payout unit) are decimal texts, as the
session's chip value is, so the stored settings read back exactly; chip amounts are whole
chips. The level structure is kept as its normalised spec (`25/50,50/100,100/200:bb`).
"""

from __future__ import annotations

from decimal import Decimal

from ..config import ForcedBetSchedule
from ..errors import UsageError
from ..i18n import _
from ..inputs import read_money
from ..records import Record
from .levels import Level, parse_level

# the settings of a tournament at several tables
ROOM_FIELDS = ("tables", "seats", "final_table", "seed")


class TournamentSettings(Record):
    """The structure of a tournament: entries, levels, rebuys and add-on, bounty, payouts.

    `rebuys`/`reentries`: how many each entry may take (0: none); `rebuy_until` and
    `late_until` are level numbers (the last level at which it is allowed); `add_on` is the
    add-on's chips (0: no add-on); `bounty` is the part of each buy-in put on the entry's
    head (0: no bounty); `payouts` a spec such as `50/30/20` (empty: the preset by field).
    """

    buy_in: str
    stack: int
    levels: str
    fee: str = "0"
    level_minutes: int | None = None
    level_hands: int | None = None
    breaks: str | None = None
    late_until: int | None = None
    reentries: int = 0
    rebuys: int = 0
    rebuy_until: int | None = None
    rebuy_stack: int | None = None
    rebuy_price: str | None = None
    add_on: int = 0
    add_on_price: str | None = None
    bounty: str = "0"
    progressive: bool = False
    payouts: str = ""
    payout_unit: str = "1"
    chips: str = ""
    # several tables (0: one table, the session's): how many, their seats, the final
    # table's seats (0: as many as the others'), and the seed of the seat draws
    tables: int = 0
    seats: int = 0
    final_table: int = 0
    seed: int = 0

    def as_dict(self) -> dict[str, object]:
        """The settings by field name; one table's leave out the fields of several tables
        (so that the stored settings and the report of such a tournament stay as they were)."""
        data: dict[str, object] = self._asdict()
        if not self.tables:
            for key in ROOM_FIELDS:
                del data[key]
        return data

    def level_list(self) -> tuple[Level, ...]:
        """The levels, level 1 first."""
        return tuple(parse_level(item) for item in self.levels.split(","))

    def level(self, number: int) -> Level:
        """Level `number` (1-based); past the last level the last one goes on."""
        levels = self.level_list()
        return levels[min(number, len(levels)) - 1]

    def schedule(self, number: int) -> ForcedBetSchedule:
        """The forced bets of level `number`, as the table posts them."""
        level = self.level(number)
        return ForcedBetSchedule(
            level.small_blind, level.big_blind, level.ante, level.big_blind_ante
        )

    @property
    def rebuy_chips(self) -> int:
        """The chips of a rebuy (the starting stack unless set)."""
        return self.rebuy_stack if self.rebuy_stack is not None else self.stack

    def money(self, field: str) -> Decimal:
        """A money field as a `Decimal` (a price not set is the buy-in)."""
        value = getattr(self, field)
        return Decimal(value if value is not None else self.buy_in)

    def validate(self) -> None:
        """Refuse settings that clash (`UsageError`)."""
        for field in ("buy_in", "fee", "bounty", "payout_unit", "rebuy_price", "add_on_price"):
            value = getattr(self, field)
            if value is not None:
                check_money(value, field.replace("_", "-"))
        if Decimal(self.payout_unit) <= 0:
            raise UsageError(_("the payout unit must be more than 0 (e.g. 1, or 0.01)"))
        for minutes in (self.level_minutes, self.level_hands):
            if minutes is not None and minutes < 1:
                raise UsageError(_("a level lasts at least 1 minute, or 1 hand"))
        if Decimal(self.bounty) and Decimal(self.bounty) >= Decimal(self.buy_in):
            raise UsageError(_("the bounty must be less than the buy-in (the rest is the prize)"))
        if self.stack <= 0:
            raise UsageError(_("the starting stack must be at least 1 chip"))
        if self.level_minutes is not None and self.level_hands is not None:
            raise UsageError(_("levels go by minutes or by hands, not both"))
        if self.rebuys and self.rebuy_until is None:
            raise UsageError(_("rebuys need their period: --rebuy-until LEVEL"))
        if self.add_on and self.add_on_price is None:
            raise UsageError(_("an add-on needs its price: --add-on-price X"))
        if self.progressive and Decimal(self.bounty) == 0:
            raise UsageError(_("a progressive bounty needs its amount: --bounty X"))
        self._validate_specs()
        self._validate_tables()

    def _validate_specs(self) -> None:
        """The written specs: the levels, the breaks, the payouts, the chips."""
        from .levels import parse_breaks

        self.level_list()
        if self.breaks is not None:
            parse_breaks(self.breaks)
        if self.payouts:
            from .payouts import parse_payouts

            parse_payouts(self.payouts)
        if self.chips:
            from .chips import parse_denominations

            parse_denominations(self.chips)

    def _validate_tables(self) -> None:
        if not self.tables:
            if self.seats or self.final_table:
                raise UsageError(_("--seats and --final-table go with --tables N"))
            return
        if not 1 <= self.tables <= 99:
            raise UsageError(
                _("a tournament has 1 to 99 tables (got {tables})").format(tables=self.tables)
            )
        for value, option in ((self.seats, "--seats"), (self.final_table, "--final-table")):
            if value and not 2 <= value <= 10:
                raise UsageError(
                    _("{option}: a table has 2 to 10 seats (got {value})").format(
                        option=option, value=value
                    )
                )
        if not self.seats:
            raise UsageError(_("several tables need their seats: --seats 9"))


def check_money(text: str, what: str) -> Decimal:
    """An amount of money (0 or more, at most two decimals, bounded: `inputs.read_money`),
    or a `UsageError` naming `what`."""
    return Decimal(read_money(text, what=_("the {what}").format(what=what)))


__all__ = ["TournamentSettings", "check_money"]
