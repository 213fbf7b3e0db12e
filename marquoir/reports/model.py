"""What a report says, gathered from the file: players, hands, settlement (the standings
over sessions: `standings.py`).

Built once from storage and handed to the renderers (text, Markdown, HTML, CSV, JSON), so
every format tells the same story.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from decimal import Decimal
from typing import overload

from ..domain.config import ForcedBetSchedule, TableConfig
from ..domain.i18n import _, chop_method, grouped, money, money_item, ngettext
from ..domain.missing import absorbed_chips
from ..domain.records import Record
from ..domain.settlement import SettlementError, Transfer, money_balances, settle, zero_sum_groups
from ..domain.table import Table
from ..storage import aggregates
from ..storage.codec import forced_bets_dict, settings_to_dict
from ..storage.db import READ
from ..storage.ledger import Ledger, SessionInfo

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from .scan import HandScan


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
        elif event.kind in ("seat", "recave", "rebuy", "addon", "reenter"):
            # (a tournament's rebuys, add-ons and re-entries are marked as recaves are)
            kind = "cave" if event.kind == "seat" else "recave"
            moves.append(ChipMove(played, data["player"], kind, data["chips"]))
        elif event.kind == "leave":
            moves.append(ChipMove(played, data["player"], "leave", data["chips"]))
        elif event.kind == "leave-all":
            moves.extend(ChipMove(played, name, "leave", chips) for name, chips in data["leaves"])
    return tuple(moves)


class StoredPlayers(Sequence[PlayerLine]):
    """The players' lines of a report, made when first asked for: their figures come from
    the pass over the hands (which the JSON report makes while writing the hands, before
    the players)."""

    def __init__(self, table: Table, log: HandLog) -> None:
        self.table = table
        self.log = log
        self._lines: tuple[PlayerLine, ...] | None = None

    def _all(self) -> tuple[PlayerLine, ...]:
        if self._lines is None:
            self._lines = player_lines(self.table, figures=self.log.figures())
        return self._lines

    def __len__(self) -> int:
        return len(self._all())

    def __iter__(self) -> Iterator[PlayerLine]:
        return iter(self._all())

    @overload
    def __getitem__(self, index: int) -> PlayerLine: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[PlayerLine]: ...

    def __getitem__(self, index: int | slice) -> PlayerLine | Sequence[PlayerLine]:
        return self._all()[index]


class StoredMoves(Sequence[ChipMove]):
    """`chip_moves` of a session, read from the `ledger` view when first asked for (only
    the chart needs them: a long session has tens of thousands)."""

    def __init__(self, log: HandLog) -> None:
        self.log = log
        self._moves: tuple[ChipMove, ...] | None = None

    def _all(self) -> tuple[ChipMove, ...]:
        if self._moves is None:
            rows = aggregates.chip_moves(self.log.book().conn, self.log.session.id)
            self._moves = tuple(ChipMove(*row) for row in rows)
        return self._moves

    def __len__(self) -> int:
        return len(self._all())

    def __iter__(self) -> Iterator[ChipMove]:
        return iter(self._all())

    @overload
    def __getitem__(self, index: int) -> ChipMove: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[ChipMove]: ...

    def __getitem__(self, index: int | slice) -> ChipMove | Sequence[ChipMove]:
        return self._all()[index]


class Missing(Record):
    """Who absorbed a count that did not balance (`shared`, `host` or a player), and the
    difference: chips cashed out minus chips bought (negative: chips missing), and its value
    in money at the chips' face value."""

    by: str
    chips: int
    money: Decimal


class Settlement(Record):
    """Who pays whom: the money balances, the transfers and the groups that settle apart."""

    balances: dict[str, Decimal]
    transfers: tuple[Transfer, ...]
    groups: tuple[tuple[str, ...], ...]
    # a count that did not balance: who absorbed it, the difference (None: it balanced)
    missing: Missing | None = None


class SessionReport(Record):
    """Everything a report of one session shows."""

    name: str
    created_at: str
    settings: dict[str, Any]
    title: str
    chip_value: Decimal
    currency: str
    players: Sequence[PlayerLine]  # a tuple, or `StoredPlayers` (their figures when asked)
    hands: Sequence[HandLine]  # a tuple, or the `HandLog` read from the file
    settlement: Settlement | None
    unsettled: str | None  # why there is no settlement yet
    # caves, recaves and departures, for the chart
    moves: Sequence[ChipMove] = ()
    # a tournament's structure, field, prize pool, deal and places (empty: a cash game)
    tournament: tuple[str, ...] = ()
    # the same as data for JSON, with the level and average stack of each hand (None: cash)
    tournament_data: dict[str, Any] | None = None


def hand_lines(
    summaries: Iterable[dict[str, Any]],
    side_payments: dict[int, dict[str, int]] | None = None,
    *,
    config: TableConfig | None = None,
) -> tuple[HandLine, ...]:
    """The hands, with the side payments after each (Bouillotte's brelans) in the nets and
    stacks, and, given the session's table `config`, the forced bets each hand was dealt
    with."""
    forced = _ForcedBetsOfHands(config)
    paid = side_payments or {}
    return tuple(hand_line(summary, paid, forced) for summary in summaries)


def hand_line(
    summary: dict[str, Any], side_payments: dict[int, dict[str, int]], forced: _ForcedBetsOfHands
) -> HandLine:
    """One hand summary as a `HandLine` (see `hand_lines`)."""
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
    return HandLine(
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


class HandLog(Sequence[HandLine]):
    """A session's finished hands as the report reads them: from the file, row by row, each
    time they are gone through (a report of 100,000 hands never holds them all). The report's
    figures, counts and big tables come from one pass (`scan`), or, for JSON, from the pass
    that writes the hands (`hand_text.hand_texts`). `columns`: the players in seat order."""

    def __init__(
        self, book: Ledger, session: SessionInfo, columns: list[str] | None = None
    ) -> None:
        self._book = book
        self.session = session
        self.columns = list(columns or ())
        self._figures: dict[str, tuple[int, int, int]] | None = None
        pays = session.settings.table.rules.pays_brelans  # (else no side payment to read)
        self.side_payments = book.side_payments(session) if pays else {}
        self.forced = _ForcedBetsOfHands(session.settings.table)
        self._count: int | None = None
        self._scan: HandScan | None = None

    def book(self) -> Ledger:
        """The ledger the report was built from, or, once it is closed, the same file opened
        again to read (a report handed on after its `with Ledger(...)` block still reads)."""
        try:
            self._book.conn.execute("SELECT 1")
        except sqlite3.ProgrammingError:  # closed
            self._book = Ledger(self._book.path, mode=READ)
        return self._book

    def __len__(self) -> int:
        if self._count is None:
            self._count = aggregates.hand_count(self.book().conn, self.session.id)
        return self._count

    def __iter__(self) -> Iterator[HandLine]:
        for summary in self.book().iter_hands(self.session):
            yield hand_line(summary, self.side_payments, self.forced)

    @overload
    def __getitem__(self, index: int) -> HandLine: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[HandLine]: ...

    def __getitem__(self, index: int | slice) -> HandLine | Sequence[HandLine]:
        if isinstance(index, slice):
            return tuple(self)[index]
        count = len(self)
        if not -count <= index < count:
            raise IndexError(index)
        wanted = index % count
        for number, line in enumerate(self):
            if number == wanted:
                return line
        raise IndexError(index)  # (the file changed while read)

    def last_hand_no(self) -> int:
        """The number of the last finished hand (0: none)."""
        if self._scan is not None:
            return self._scan.last
        return aggregates.last_hand(self.book().conn, self.session.id)

    def scan(self) -> HandScan:
        """The one pass over the hands that the report's figures and big tables come from."""
        if self._scan is None:
            from .scan import HandScan

            self._scan = HandScan(self.book(), self.session, self.columns)
            self._count = self._scan.count
        return self._scan

    def figures(self) -> dict[str, tuple[int, int, int]]:
        """Per player: hands played, hands won, biggest pot."""
        if self._figures is None:
            self._figures = self.scan().figures
        return self._figures

    def set_figures(self, figures: dict[str, tuple[int, int, int]]) -> None:
        """The figures, counted by a pass that read every hand (the JSON report's)."""
        self._figures = figures

    def close(self) -> None:
        """Remove the scan's temporary files."""
        if self._scan is not None:
            self._scan.close()


class _ForcedBetsOfHands:
    """The forced bets of each hand summary, over the session's table (one config per
    schedule met, not one per hand)."""

    def __init__(self, config: TableConfig | None) -> None:
        self.config = config
        # (the session's own schedule, built once: the property builds it at every call)
        self.default = None if config is None else config.schedule
        self.known: dict[ForcedBetSchedule, tuple[str, dict[str, Any]]] = {}

    def of(self, summary: dict[str, Any]) -> tuple[str, dict[str, Any] | None]:
        if self.config is None:
            return "", None
        # (hands recorded before the `blinds` command: the session's schedule, never changed)
        data = summary.get("schedule")
        schedule = ForcedBetSchedule(**data) if data else self.default
        assert schedule is not None
        if schedule not in self.known:
            dealt = self.config.with_schedule(schedule)
            self.known[schedule] = (dealt.stakes(), forced_bets_dict(dealt))
        stakes, details = self.known[schedule]
        return stakes, dict(details)


def player_lines(
    table: Table,
    hands: Iterable[HandLine] = (),
    *,
    figures: dict[str, tuple[int, int, int]] | None = None,
) -> tuple[PlayerLine, ...]:
    """Each player's line: his account, and his hands played, hands won and biggest pot,
    from `figures` (counted by the report's pass over the hands: `HandLog.figures`) or else
    counted from `hands`."""
    if figures is None:
        figures = _figures_of(hands)
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
                *figures.get(account.name, (0, 0, 0)),
                account.left,
            )
        )
    if table.director.state is not None:  # its money: the buy-ins and the prizes, not chips
        from .tournament import with_money

        lines = with_money(table, lines)
    return tuple(lines)


def _figures_of(hands: Iterable[HandLine]) -> dict[str, tuple[int, int, int]]:
    """Per player: hands played, hands in which he took chips, the most he took in one."""
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
    return {
        name: (played.get(name, 0), won.get(name, 0), biggest.get(name, 0))
        for name in played.keys() | won.keys()
    }


def settlement_of(
    table: Table, absorbed: tuple[str, int] | None = None
) -> tuple[Settlement | None, str | None]:
    """The settlement, or why the session cannot be settled yet. `absorbed`: who takes on
    a count that does not balance, and the difference (by default, the table's record)."""
    if table.hand is not None:
        return None, _("hand {number} is still in play").format(number=table.hand_no)
    if table.director.state is not None:
        return _tournament_settlement(table)
    if table.house.carry:
        return None, _(
            "{chips} chips of a void deal wait in the middle for the next deal: "
            "play it before settling"
        ).format(chips=table.house.carry)
    holding = [a.name for a in table.present() if a.stack > 0]
    if holding:
        return None, ngettext(
            "{names} still holds chips at the table: cash out with `leave PLAYER` "
            "(or `leave --all`) first",
            "{names} still hold chips at the table: cash out with `leave PLAYER` "
            "(or `leave --all`) first",
            len(holding),
        ).format(names=", ".join(holding))
    results = {a.name: a.result for a in table.accounts.values()}
    gap = sum(results.values())
    absorbed = absorbed or table.house.absorbed
    if gap and (absorbed is None or absorbed[1] != gap):
        more = _(
            "the chips cashed out are {chips} more than the chips bought (after the count "
            "corrections): recount and correct the stacks, or say who absorbs the "
            "difference: `settle --missing shared|host|PLAYER`"
        )
        fewer = _(
            "the chips cashed out are {chips} fewer than the chips bought (after the count "
            "corrections): recount and correct the stacks, or say who absorbs the "
            "difference: `settle --missing shared|host|PLAYER`"
        )
        return None, (more if gap > 0 else fewer).format(chips=abs(gap))
    value = Decimal(table.settings.chip_value)
    shares, missing = None, None
    if gap and absorbed is not None:
        cashouts = {a.name: a.cashed_out for a in table.accounts.values()}
        shares = absorbed_chips(absorbed[0], gap, cashouts)
        missing = Missing(absorbed[0], gap, money_of(gap, value))
    try:
        balances = money_balances(results, value, absorbed=shares)
    except SettlementError as failure:
        return None, str(failure)
    transfers = tuple(settle(balances))
    groups = tuple(tuple(group) for group in zero_sum_groups(balances))
    return Settlement(balances, transfers, groups, missing), None


def money_of(chips: int, value: Decimal) -> Decimal:
    """`chips` at `value` each, to the cent (half up: a whole number of cents as a rule)."""
    from decimal import ROUND_HALF_UP

    return (chips * value).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def _tournament_settlement(table: Table) -> tuple[Settlement | None, str | None]:
    """A tournament pays its prizes and bounties once it is over: each player's balance is
    what he won less what he paid (the fees go to the house)."""
    from ..domain.tournament import state as tournament

    settings = table.settings.tournament
    assert settings is not None and table.director.state is not None
    why = tournament.unfinished(table.director.state)
    if why is not None:
        return None, why
    balances = tournament.balances(settings, table.director.state)
    transfers = tuple(settle(balances))
    groups = tuple(tuple(group) for group in zero_sum_groups(balances))
    return Settlement(balances, transfers, groups), None


def build_report(book: Ledger, session: SessionInfo, created_at: str) -> SessionReport:
    """Gather the report of a session from the file: the accounts and the settlement from
    the table; the hands, each player's figures and the chip moves left in the file
    (`HandLog`, `StoredPlayers`, `StoredMoves`) until a renderer asks for them, read then
    in one pass (a closed `book`'s file is opened again to read)."""
    table = book.load(session)
    config = session.settings.table
    settlement, unsettled = settlement_of(table)
    seated = sorted(table.accounts.values(), key=lambda a: (a.seat, a.name))
    log = HandLog(book, session, [account.name for account in seated])
    lines, data = tournament_lines(table), None
    if table.director.state is not None:
        # (a tournament's part reads every hand and the events: a tournament is a few
        # hundred hands at most, so the log is read whole here)
        from .tournament import extra_lines, tournament_data

        data = tournament_data(table, log, book.events(session))
        lines += extra_lines(data) if data else ()
    return SessionReport(
        name=session.name,
        created_at=created_at,
        settings=settings_to_dict(session.settings),
        title=config.title(),
        chip_value=Decimal(session.settings.chip_value),
        currency=session.settings.currency,
        players=StoredPlayers(table, log),
        hands=log,
        settlement=settlement,
        unsettled=unsettled,
        moves=StoredMoves(log),
        tournament=lines,
        tournament_data=data,
    )


def tournament_lines(table: Table) -> tuple[str, ...]:
    """The report's tournament section: structure, field and pool, the deal, the places."""
    settings, state = table.settings.tournament, table.director.state
    if settings is None or state is None:
        return ()
    from ..domain.tournament.state import field_text, payout_table, prize_pool, standings

    currency = table.settings.currency
    fee = (
        _(" + {fee} fee").format(fee=money_item(settings.fee, currency))
        if Decimal(settings.fee)
        else ""
    )
    lines = [
        _("buy-in {buy_in}{fee} {currency}, {stack} chips, levels {levels}").format(
            buy_in=money_item(settings.buy_in, currency),
            fee=fee,
            currency=currency,
            stack=grouped(settings.stack),
            levels=settings.levels.replace(",", ", "),
        ),
        _("{field}: prize pool {value}").format(
            field=field_text(state),
            value=money(f"{prize_pool(settings, state)}", currency),
        ),
    ]
    if state.entries:
        from .tournament import payouts_line

        paid = payout_table(settings, state)
        lines.append(payouts_line(paid.amounts, currency))
        lines += [paid.note()] if any(paid.amounts) else []
    if state.chop is not None:
        chop = state.chop["amounts"].items()
        shares = ", ".join(f"{label} {money_item(cash, currency)}" for label, cash in chop)
        kept, method = Decimal(state.chop["kept"]), chop_method(state.chop["method"])
        lines.append(
            _("deal ({method}): {shares}").format(method=method, shares=shares)
            + (
                _("; {kept} kept to play for").format(kept=money_item(kept, currency))
                if kept
                else ""
            )
        )
    over = state.over()
    for row in standings(settings, state):
        place = f"{row.place}." if row.place is not None else _("deal") if over else _("playing")
        bounties = (
            _(" + bounties {bounties}").format(bounties=money_item(row.bounties, currency))
            if row.bounties
            else ""
        )
        lines.append(
            _("{place} {entry}: {prize}{bounties}").format(
                place=place,
                entry=row.entry,
                prize=money_item(row.prize, currency),
                bounties=bounties,
            )
        )
    return tuple(lines)
