"""The end of the evening: chip counts, everyone cashing out, the settlement, reopening.

Off the table commands' path: the settlement imports `decimal` and the report model. Each
function returns what happened; the command line (`cli/closing.py`) prints it.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from ..domain import IllegalAction
from ..domain.events import CountLine, LeftAll
from ..domain.i18n import _, follow_session, speaking
from ..domain.settlement import Transfer
from ..domain.table import Table, TableEvent
from ..reports.model import SessionReport, Settlement, build_report, settlement_of
from ..storage.db import READ, WRITE
from ..storage.ledger import Ledger, SessionInfo
from .books import Books
from .missing import bank_payouts_of, check_same_missing


@dataclass(frozen=True)
class Counted:
    """A chip count: each counted stack beside the tracked one (`lines`, when only compared)
    or how many corrections were recorded (`corrections`, with `--record`), and the players
    at the table who were not counted."""

    table: Table
    lines: list[CountLine] | None
    corrections: int
    missed: list[str]


@dataclass(frozen=True)
class Settled:
    """A settled session: its table, who pays whom, and (`--bank`) what the bank pays back."""

    session: SessionInfo
    table: Table
    settlement: Settlement
    payouts: list[Transfer]


def count(
    books: Books, counted: dict[str, int], *, record: bool, table: int | None = None
) -> Counted:
    """Compare the counted stacks with the tracked ones; with `record`, correct them (one
    transaction, one event per stack that differs); `table`: in a tournament of several
    tables, the players counted are that table's, and those not counted are its others."""
    number = table
    with books.own(WRITE if record else READ) as book:
        if record:
            done_table, done = book.execute_all(lambda t: _corrections(t, counted, number))
        else:
            done_table, done = book.read()[1], 0
            follow_session(done_table.settings.lang)
            _players_at(done_table, counted, number)
        lines = done_table.house.count(counted) if not record else None
    present = [a.name for a in done_table.present()]
    if number is not None:
        present = done_table.room.players_at(number)
    elif done_table.room.active:
        present = [name for name in present if done_table.room.where(name) is not None]
    missed = [name for name in present if name not in counted]
    return Counted(done_table, lines, done, missed)


def _players_at(table: Table, counted: dict[str, int], number: int | None) -> None:
    """Refuse a count with `--table T` that names a player who is not at table T."""
    if number is not None:
        table.room.check_counted(number, [table.resolve(name) for name in counted])


def _corrections(table: Table, counted: dict[str, int], number: int | None) -> list[TableEvent]:
    """The count's corrections, refused in the session's language."""
    follow_session(table.settings.lang)
    _players_at(table, counted, number)
    return [
        table.house.correct_event(line.player, line.counted)
        for line in table.house.count(counted)
        if line.difference
    ]


def leave_all(books: Books) -> LeftAll:
    """Cash out every player still at the table: one event, one `undo`."""
    with books.own(WRITE) as book:
        event = book.execute(_leave_all_event).event
    assert isinstance(event, LeftAll)
    return event


def _leave_all_event(table: Table) -> TableEvent:
    follow_session(table.settings.lang)  # before the command: its refusal too
    return table.house.leave_all_event()


def settled(books: Books, missing: str | None = None) -> tuple[SessionInfo, Table, Settlement]:
    """The session's settlement; the first time, the settlement is recorded and closes the
    session's books (`reopen`, or `undo` right after, opens them again). `missing`: who
    absorbs a count that does not balance."""
    with books.own(WRITE) as book:
        session, table = book.read()
        follow_session(table.settings.lang)
        if table.house.closed:  # settled before: the same settlement, printed again
            check_same_missing(table, missing)
            settlement, unsettled = settlement_of(table)
            if settlement is None:
                raise IllegalAction(
                    _("cannot settle {name}: {unsettled}").format(
                        name=session.name, unsettled=unsettled
                    )
                )
            return session, table, settlement

        def close(table: Table) -> TableEvent:
            event = None
            if missing is not None and table.hand is None:  # (in a hand: the usual refusal)
                event = table.house.settle_event(missing)
            absorbed = (event.missing, event.difference) if event and event.missing else None
            found, unsettled = settlement_of(table, absorbed)
            if found is None:
                raise IllegalAction(
                    _("cannot settle {name} yet: {unsettled}").format(
                        name=session.name, unsettled=unsettled
                    )
                )
            return event if event is not None else table.house.settle_event()

        outcome = book.execute(close)
    settlement, unsettled = settlement_of(outcome.table)
    if settlement is None:  # (checked in the transaction: cannot happen)
        raise IllegalAction(
            _("cannot settle {name}: {unsettled}").format(name=session.name, unsettled=unsettled)
        )
    return outcome.session, outcome.table, settlement


def settle(books: Books, *, bank: bool, missing: str | None = None) -> Settled:
    """Settle the session (see `settled`); with `bank`, the bank pays back the chips each
    player cashed out, at the session's chip value (each one's share of a count that did
    not balance included)."""
    session, table, settlement = settled(books, missing)
    value = Decimal(session.settings.chip_value)
    payouts = []
    if bank and table.director.state is not None:  # the bank took the buy-ins: the prizes
        from .tournament import tournament_bank

        payouts = tournament_bank(table)
    elif bank:
        payouts = bank_payouts_of(table, value)
    return Settled(session, table, settlement, payouts)


def reopen(books: Books) -> SessionInfo:
    """Reopen a settled session: table commands are accepted again."""
    with books.own(WRITE) as book:
        outcome = book.execute(lambda table: table.house.reopen_event(), closed_ok=True)
    return outcome.session


def report_of(book: Ledger, session_name: str | None, *, fmt: str = "json") -> SessionReport:
    """The session's report, its words in the session's language; a data format's (CSV,
    JSON) always in English."""
    info = book.session_named(session_name) if session_name else book.current()
    created = dict((i.name, c) for i, c in book.sessions())[info.name]
    if fmt in ("text", "md", "html"):
        follow_session(info.settings.lang)
        return build_report(book, info, created)
    with speaking("en"):
        return build_report(book, info, created)
