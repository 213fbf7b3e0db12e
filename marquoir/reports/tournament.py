"""A tournament's part of the report: the structure, the entries with their rebuys, add-ons,
places, prizes and bounties, the deal, the chip races, the level of each hand and the
average stack after each hand.

Imported by the report only for a tournament session; a cash game's report never loads it.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import ROUND_HALF_UP, Decimal
from typing import Any, Protocol, Self, TypeVar

from ..domain.i18n import _

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..domain.table import Table
    from ..domain.tournament.session import TournamentSettings
    from ..domain.tournament.state import TournamentState


class HandLine(Protocol):
    """What this module reads of a report's hand (`model.HandLine`, which imports this
    module: the model is not imported back)."""

    @property
    def hand_no(self) -> int: ...
    @property
    def stacks(self) -> dict[str, int]: ...
    @property
    def forced_bets(self) -> dict[str, Any] | None: ...


def payouts_line(amounts: Sequence[Decimal | str], currency: str, *, sep: str = ", ") -> str:
    """`payouts: 1. 120 EUR, 2. 72 EUR`, or what a freeroll pays: nothing."""
    from ..domain.i18n import money_item

    if not any(Decimal(cash) for cash in amounts):
        return _("payouts: none (no prize money: places and league points only)")
    paid = sep.join(f"{n}. {money_item(cash, currency)}" for n, cash in enumerate(amounts, 1))
    return _("payouts: {paid}").format(paid=paid)


def player_money(table: Table) -> dict[str, tuple[int, Decimal]]:
    """A tournament's money for each player: (the buys after his first entry: rebuys,
    add-ons and re-entries; his result in money: prizes and bounties less entries, rebuys,
    add-ons and fees). The chips he holds are no money: a tournament's money is what was
    paid in and what is paid out."""
    from ..domain.tournament.state import HOUSE, balances

    settings, state = table.settings.tournament, table.director.state
    assert settings is not None and state is not None
    money = balances(settings, state)
    money.pop(HOUSE, None)
    cent = Decimal("0.01")
    return {
        name: (state.buys_after_entry(name), money.get(name, Decimal(0)).quantize(cent))
        for name in {entry.player for entry in state.entries}
    }


class PlayerRow(Protocol):
    """What `with_money` reads and replaces of a report's player line (`model.PlayerLine`)."""

    @property
    def name(self) -> str: ...
    def _replace(self, *, recaves: int = ..., net_money: Decimal = ...) -> Self: ...


Row = TypeVar("Row", bound=PlayerRow)


def with_money(table: Table, lines: Sequence[Row]) -> list[Row]:
    """The report's player lines of a tournament with its money (`player_money`): the
    recaves are the buys after the entry, the net money the prizes and bounties less what
    was paid."""
    money = player_money(table)
    return [
        line._replace(recaves=money[line.name][0], net_money=money[line.name][1])
        if line.name in money
        else line
        for line in lines
    ]


def hand_levels(table: Table, hands: Sequence[HandLine]) -> dict[int, int]:
    """The level each hand was dealt at, read from its forced bets: the level in force
    before it when the bets are that level's, otherwise the first level from there with
    those bets (levels move up), otherwise the first level anywhere with them (a `level
    prev`)."""
    settings = table.settings.tournament
    assert settings is not None
    count = len(settings.level_list())
    keys = ("small_blind", "big_blind", "ante", "bb_ante")
    bets = {n: tuple(settings.schedule(n)._asdict()[k] for k in keys) for n in range(1, count + 1)}
    levels: dict[int, int] = {}
    current = 1
    for hand in hands:
        if hand.forced_bets is None:
            continue
        dealt = tuple(hand.forced_bets.get(k) for k in keys)
        candidates = [n for n in range(current, count + 1) if bets[n] == dealt]
        candidates += [n for n in range(1, current) if bets[n] == dealt]
        if candidates:
            current = candidates[0]
            levels[hand.hand_no] = current
    return levels


def average_stacks(hands: Sequence[HandLine]) -> dict[int, int]:
    """After each hand, the average stack of the players with chips (the chips in play over
    the players left), to the nearest chip, half up: 7,000 chips among 3 players is 2,333."""
    averages: dict[int, int] = {}
    for hand in hands:
        alive = [chips for chips in hand.stacks.values() if chips > 0]
        if alive:
            exact = Decimal(sum(alive)) / len(alive)
            averages[hand.hand_no] = int(exact.quantize(Decimal(1), rounding=ROUND_HALF_UP))
    return averages


def tournament_data(
    table: Table, hands: Sequence[HandLine], events: list[Any]
) -> dict[str, Any] | None:
    """The tournament's keys of `report --format json` (None: a cash game)."""
    settings, state = table.settings.tournament, table.director.state
    if settings is None or state is None:
        return None
    structure: dict[str, Any] = settings.as_dict()
    structure["levels"] = [
        {
            "level": n,
            "small_blind": level.small_blind,
            "big_blind": level.big_blind,
            "ante": level.ante,
            "big_blind_ante": level.big_blind_ante,
        }
        for n, level in enumerate(settings.level_list(), 1)
    ]
    deal = None
    if state.chop is not None:
        deal = {
            "method": state.chop["method"],
            "kept": state.chop["kept"],
            "shares": [{"name": k, "amount": v} for k, v in state.chop["amounts"].items()],
        }
    return {
        "structure": structure,
        **places_data(settings, state),
        "deal": deal,
        "races": races(events),
        "hand_levels": {str(n): level for n, level in hand_levels(table, hands).items()},
        "average_stacks": {str(n): chips for n, chips in average_stacks(hands).items()},
    }


def races(events: list[Any]) -> list[dict[str, Any]]:
    """The chip races of the log, each with the number of hands played before it."""
    found, played = [], 0
    for event in events:
        if event.kind == "deal":
            played = event.data["hand"]
        elif event.kind == "race":
            found.append({"after_hand": played, **event.data})
    return found


def extra_lines(data: dict[str, Any]) -> tuple[str, ...]:
    """The report's tournament lines that the places do not say: the levels of the hands
    and the chip races."""
    lines = []
    spans: list[tuple[int, int, int]] = []  # (level, first hand, last hand)
    for hand, level in ((int(h), lv) for h, lv in data["hand_levels"].items()):
        if spans and spans[-1][0] == level and spans[-1][2] == hand - 1:
            spans[-1] = (level, spans[-1][1], hand)
        else:
            spans.append((level, hand, hand))
    if spans:
        played = ", ".join(
            _("{level} (hand {first})").format(level=level, first=a)
            if a == b
            else _("{level} (hands {first}-{last})").format(level=level, first=a, last=b)
            for level, a, b in spans
        )
        lines.append(_("levels played: {levels}").format(levels=played))
    for race in data["races"]:
        got = race["won"] + race["protected"]
        line = (
            _("chip race of the {removed} chips after hand {hand}: a {chip} to {names}")
            if got
            else _("chip race of the {removed} chips after hand {hand}: nobody got a chip")
        )
        lines.append(
            line.format(
                removed=race["removed"],
                hand=race["after_hand"],
                names=", ".join(got),
                chip=race["next_chip"],
            )
        )
    return tuple(lines)


def places_data(settings: TournamentSettings, state: TournamentState) -> dict[str, Any]:
    """The field, the prize pool, the payouts and every entry's place, prize and bounties:
    as `places --json` and the report's `tournament` key give them."""
    from ..domain.tournament.state import (
        heads,
        knocked_out_by,
        payout_table,
        prize_pool,
        standings,
    )

    paid = payout_table(settings, state)
    on_head, out_by = heads(settings, state), knocked_out_by(state)
    return {
        "entries": len(state.entries),
        "rebuys": state.rebuys,
        "add_ons": state.add_ons,
        "prize_pool": str(prize_pool(settings, state)),
        "payouts": [str(amount) for amount in paid.amounts],
        "remainder": str(paid.remainder),
        "places": [
            {
                "place": row.place,
                "shared": row.shared,
                "name": row.entry,
                "player": row.player,
                "prize": str(row.prize),
                "bounties": str(row.bounties),
                "rebuys": row.rebuys,
                "add_on": row.add_on,
                "out_hand": row.out_hand,
                "knocked_out_by": out_by.get(row.entry, []),
                "head": str(on_head.get(row.entry, Decimal(0))),
            }
            for row in standings(settings, state)
        ],
    }
