"""What a report says, gathered from the file: players, hands, settlement, standings.

Built once from storage and handed to the renderers (text, Markdown, HTML, CSV, JSON), so
every format tells the same story.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from ..domain.config import ForcedBetSchedule, TableConfig
from ..domain.i18n import _, grouped
from ..domain.records import Record
from ..domain.settlement import SettlementError, Transfer, money_balances, settle, zero_sum_groups
from ..domain.table import Table
from ..storage.codec import forced_bets_dict, settings_to_dict
from ..storage.ledger import Ledger, SessionInfo

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


class PlayerLine(Record):
    """One player's evening: chips bought, cashed out, still in front of him, and results."""

    name: str
    seat: int
    bought: int
    recaves: int
    cashed_out: int
    stack: int
    adjusted: int
    net_chips: int
    net_money: Decimal
    hands_played: int
    hands_won: int
    biggest_pot: int
    left: bool


class PotLine(Record):
    """One pot of a hand and what each winner took; a pot split in a hi-lo game also keeps
    each half (`high`, `low`)."""

    name: str
    amount: int
    shares: tuple[tuple[str, int], ...]
    high: tuple[tuple[str, int], ...] = ()
    low: tuple[tuple[str, int], ...] = ()


class HandLine(Record):
    """One finished hand: button, pots and winners, and every stack after it."""

    hand_no: int
    button: str
    players: tuple[str, ...]
    pots: tuple[PotLine, ...]
    by_fold: bool
    stacks: dict[str, int]
    nets: dict[str, int]
    void: bool = False
    carry: int = 0
    # the forced bets the hand was dealt with: the stakes in words, and in detail
    stakes: str = ""
    forced_bets: dict[str, Any] | None = None


class ChipMove(Record):
    """Chips that came to the table or left it between hands: a cave (sitting down), a
    recave, or a departure; `after_hand` is the number of hands played before it."""

    after_hand: int
    player: str
    kind: str  # "cave", "recave" or "leave"
    chips: int


def chip_moves(events: list[Any]) -> tuple[ChipMove, ...]:
    """The caves, recaves and departures of a session's log (stored events, in order)."""
    moves: list[ChipMove] = []
    played = 0
    for event in events:
        data = event.data
        if event.kind == "deal":
            played = data["hand"]
        elif event.kind in ("seat", "recave"):
            kind = "cave" if event.kind == "seat" else "recave"
            moves.append(ChipMove(played, data["player"], kind, data["chips"]))
        elif event.kind == "leave":
            moves.append(ChipMove(played, data["player"], "leave", data["chips"]))
        elif event.kind == "leave-all":
            moves.extend(ChipMove(played, name, "leave", chips) for name, chips in data["leaves"])
    return tuple(moves)


class Settlement(Record):
    """Who pays whom: the money balances, the transfers and the groups that settle apart."""

    balances: dict[str, Decimal]
    transfers: tuple[Transfer, ...]
    groups: tuple[tuple[str, ...], ...]


class SessionReport(Record):
    """Everything a report of one session shows."""

    name: str
    created_at: str
    settings: dict[str, Any]
    title: str
    chip_value: Decimal
    currency: str
    players: tuple[PlayerLine, ...]
    hands: tuple[HandLine, ...]
    settlement: Settlement | None
    unsettled: str | None  # why there is no settlement yet
    # caves, recaves and departures, for the chart
    moves: tuple[ChipMove, ...] = ()
    # a tournament's structure, field, prize pool, deal and places (empty: a cash game)
    tournament: tuple[str, ...] = ()


def hand_lines(
    summaries: list[dict[str, Any]],
    side_payments: dict[int, dict[str, int]] | None = None,
    *,
    config: TableConfig | None = None,
) -> tuple[HandLine, ...]:
    """The hands, with the side payments after each (Bouillotte's brelans) in the nets and
    stacks, and, given the session's table `config`, the forced bets each hand was dealt
    with."""
    lines = []
    side_payments = side_payments or {}
    forced = _ForcedBetsOfHands(config)
    for summary in summaries:
        paid = side_payments.get(summary["hand"], {})
        pots = tuple(
            PotLine(
                pot["name"],
                pot["amount"],
                tuple((n, a) for n, a in pot["shares"]),
                tuple((n, a) for n, a in pot.get("high", ())),
                tuple((n, a) for n, a in pot.get("low", ())),
            )
            for pot in summary["pots"]
        )
        nets = {name: summary["final"][name] - summary["start"][name] for name in summary["start"]}
        stacks = dict(summary["stacks"])
        for name, delta in paid.items():
            nets[name] = nets.get(name, 0) + delta
            stacks[name] = stacks.get(name, 0) + delta
        lines.append(
            HandLine(
                summary["hand"],
                summary["button"],
                tuple(summary["players"]),
                pots,
                summary["by_fold"],
                stacks,
                nets,
                summary.get("void", False),
                summary.get("carry", 0),
                *forced.of(summary),
            )
        )
    return tuple(lines)


class _ForcedBetsOfHands:
    """The forced bets of each hand summary, over the session's table (one config per
    schedule met, not one per hand)."""

    def __init__(self, config: TableConfig | None) -> None:
        self.config = config
        self.known: dict[ForcedBetSchedule, tuple[str, dict[str, Any]]] = {}

    def of(self, summary: dict[str, Any]) -> tuple[str, dict[str, Any] | None]:
        if self.config is None:
            return "", None
        # (hands recorded before the `blinds` command: the session's schedule, never changed)
        data = summary.get("schedule")
        schedule = ForcedBetSchedule(**data) if data else self.config.schedule
        if schedule not in self.known:
            dealt = self.config.with_schedule(schedule)
            self.known[schedule] = (dealt.stakes(), forced_bets_dict(dealt))
        stakes, details = self.known[schedule]
        return stakes, dict(details)


def player_lines(table: Table, hands: tuple[HandLine, ...]) -> tuple[PlayerLine, ...]:
    played: dict[str, int] = {}
    won: dict[str, int] = {}
    biggest: dict[str, int] = {}
    for hand in hands:
        for name in hand.players:
            played[name] = played.get(name, 0) + 1
        taken: dict[str, int] = {}
        for pot in hand.pots:
            for name, amount in pot.shares:
                taken[name] = taken.get(name, 0) + amount
        for name, amount in taken.items():
            if amount > 0:
                won[name] = won.get(name, 0) + 1
                biggest[name] = max(biggest.get(name, 0), amount)
    value = Decimal(table.settings.chip_value)
    in_play = table.stacks_in_play()
    lines = []
    for account in sorted(table.accounts.values(), key=lambda a: (a.left, a.seat)):
        stack = 0 if account.left else in_play.get(account.name, account.stack)
        net = account.result
        lines.append(
            PlayerLine(
                account.name,
                account.seat,
                account.bought,
                account.recaves,
                account.cashed_out,
                stack,
                account.adjusted,
                net,
                (Decimal(net) * value).quantize(Decimal("0.01")),
                played.get(account.name, 0),
                won.get(account.name, 0),
                biggest.get(account.name, 0),
                account.left,
            )
        )
    return tuple(lines)


def settlement_of(table: Table) -> tuple[Settlement | None, str | None]:
    """The settlement, or why the session cannot be settled yet."""
    if table.hand is not None:
        return None, f"hand {table.hand_no} is still in play"
    if table.tournament is not None:
        return _tournament_settlement(table)
    if table.carry:
        return None, (
            f"{table.carry} chips of a void deal wait in the middle for the next deal: "
            "play it before settling"
        )
    holding = [a.name for a in table.present() if a.stack > 0]
    if holding:
        return None, (
            f"{', '.join(holding)} still {'holds' if len(holding) == 1 else 'hold'} chips at "
            "the table: cash out with `leave PLAYER` (or `leave --all`) first"
        )
    results = {a.name: a.result for a in table.accounts.values()}
    gap = sum(results.values())
    if gap:
        return None, (
            f"the chips cashed out are {abs(gap)} {'more' if gap > 0 else 'fewer'} than the "
            "chips bought (after the count corrections): recount and correct the stacks first"
        )
    try:
        balances = money_balances(results, Decimal(table.settings.chip_value))
    except SettlementError as failure:
        return None, str(failure)
    transfers = tuple(settle(balances))
    groups = tuple(tuple(group) for group in zero_sum_groups(balances))
    return Settlement(balances, transfers, groups), None


def _tournament_settlement(table: Table) -> tuple[Settlement | None, str | None]:
    """A tournament pays its prizes and bounties once it is over: each player's balance is
    what he won less what he paid (the fees go to the house)."""
    from ..domain.tournament import state as tournament

    settings = table.settings.tournament
    assert settings is not None and table.tournament is not None
    why = tournament.unfinished(table.tournament)
    if why is not None:
        return None, why
    balances = tournament.balances(settings, table.tournament)
    transfers = tuple(settle(balances))
    groups = tuple(tuple(group) for group in zero_sum_groups(balances))
    return Settlement(balances, transfers, groups), None


def build_report(book: Ledger, session: SessionInfo, created_at: str) -> SessionReport:
    """Gather the report of a session from the file."""
    table = book.load(session)
    config = session.settings.table
    hands = hand_lines(book.hands(session), book.side_payments(session), config=config)
    settlement, unsettled = settlement_of(table)
    return SessionReport(
        name=session.name,
        created_at=created_at,
        settings=settings_to_dict(session.settings),
        title=config.title(),
        chip_value=Decimal(session.settings.chip_value),
        currency=session.settings.currency,
        players=player_lines(table, hands),
        hands=hands,
        settlement=settlement,
        unsettled=unsettled,
        moves=chip_moves(book.events(session)),
        tournament=tournament_lines(table),
    )


def tournament_lines(table: Table) -> tuple[str, ...]:
    """The report's tournament section: structure, field and pool, the deal, the places."""
    settings, state = table.settings.tournament, table.tournament
    if settings is None or state is None:
        return ()
    from ..domain.tournament.state import payout_table, prize_pool, standings

    currency = table.settings.currency
    fee = _(" + {fee} fee").format(fee=settings.fee) if Decimal(settings.fee) else ""
    lines = [
        _("buy-in {buy_in}{fee} {currency}, {stack} chips, levels {levels}").format(
            buy_in=settings.buy_in,
            fee=fee,
            currency=currency,
            stack=grouped(settings.stack),
            levels=settings.levels.replace(",", ", "),
        ),
        _(
            "{count} entries, {rebuys} rebuys, {add_ons} add-ons: prize pool {value} {currency}"
        ).format(
            count=len(state.entries),
            rebuys=state.rebuys,
            add_ons=state.add_ons,
            value=prize_pool(settings, state),
            currency=currency,
        ),
    ]
    if state.entries:
        paid = payout_table(settings, state)
        amounts = ", ".join(f"{n}. {a}" for n, a in enumerate(paid.amounts, 1))
        lines.append(_("payouts: {paid}").format(paid=amounts))
        lines.append(paid.note())
    if state.chop is not None:
        shares = ", ".join(f"{label} {amount}" for label, amount in state.chop["amounts"].items())
        kept = Decimal(state.chop["kept"])
        lines.append(
            _("deal ({method}): {shares}").format(method=state.chop["method"], shares=shares)
            + (_("; {kept} kept to play for").format(kept=kept) if kept else "")
        )
    over = state.over()
    for row in standings(settings, state):
        place = f"{row.place}." if row.place is not None else _("deal") if over else _("playing")
        bounties = _(" + bounties {bounties}").format(bounties=row.bounties) if row.bounties else ""
        lines.append(f"{place} {row.entry}: {row.prize}{bounties}")
    return tuple(lines)


class StandingLine(Record):
    """One player across the sessions of the file."""

    name: str
    sessions: int
    hands: int
    net: Decimal
    best_session: str
    best_net: Decimal
    worst_session: str
    worst_net: Decimal


class Standings(Record):
    """The club's history: every player over the sessions in the date range."""

    sessions: tuple[str, ...]
    currency: str
    players: tuple[StandingLine, ...]


def standings(book: Ledger, *, since: date | None = None, until: date | None = None) -> Standings:
    """Each player's results over the sessions created between `since` and `until`
    (both days included; the day a session was created, UTC), best total first."""
    per_player: dict[str, list[tuple[str, Decimal, int]]] = {}
    names, currencies = [], set()
    for info, created in book.sessions():
        day = date.fromisoformat(created[:10])
        if (since is not None and day < since) or (until is not None and day > until):
            continue
        names.append(info.name)
        currencies.add(info.settings.currency)
        # (the accounts and a count in SQL: the hands themselves are not read, so 1,000
        # sessions of 100 hands take well under a second)
        table = book.load(info)
        played = book.hands_played(info)
        value = Decimal(table.settings.chip_value)
        for account in table.accounts.values():
            net_money = (Decimal(account.result) * value).quantize(Decimal("0.01"))
            per_player.setdefault(account.name, []).append(
                (info.name, net_money, played.get(account.name, 0))
            )
    lines = []
    for name, results in per_player.items():
        best = max(results, key=lambda r: r[1])
        worst = min(results, key=lambda r: r[1])
        lines.append(
            StandingLine(
                name,
                len(results),
                sum(r[2] for r in results),
                sum((r[1] for r in results), Decimal("0.00")),
                best[0],
                best[1],
                worst[0],
                worst[1],
            )
        )
    lines.sort(key=lambda line: (-line.net, line.name))
    currency = currencies.pop() if len(currencies) == 1 else ("mixed" if currencies else "")
    return Standings(tuple(names), currency, tuple(lines))
