"""The end of the evening: chip counts, cashing everyone out, settling, reports, standings.

Off the table commands' path: these import `decimal`, the settlement, tabulate and the
report renderers.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from datetime import date
from decimal import Decimal

from ..domain import IllegalAction, UsageError
from ..domain.events import CountLine, LeftAll
from ..domain.i18n import N_, _, follow_session, money, ngettext, number, speaking
from ..domain.inputs import read_chips
from ..domain.missing import HOUSE
from ..domain.settlement import BANK, Transfer
from ..domain.table import Table, TableEvent
from ..reports.model import (
    Settlement,
    Standings,
    build_report,
    settlement_of,
    standings,
    standings_of,
)
from ..reports.story import missing_data, missing_line
from ..storage.db import CREATE, READ, WRITE
from ..storage.ledger import Ledger, SessionInfo
from ..storage.paths import database_path
from .output import STDOUT, check_target, write_chunks, write_text
from .render import columns
from .settle_missing import bank_payouts_of, check_same_missing


def _ledger(db: str | None, mode: str) -> Ledger:
    return Ledger(database_path(db), mode=mode)


def parse_counts(pairs: list[str]) -> dict[str, int]:
    """`alice=340 bob=120` -> {"alice": 340, "bob": 120}."""
    counted: dict[str, int] = {}
    for pair in pairs:
        name, sep, chips = pair.partition("=")
        if not sep or not name or not (chips.isascii() and chips.isdigit()):
            raise UsageError(
                _("write each count as PLAYER=CHIPS, e.g. alice=340 (got {value!r})").format(
                    value=pair[:60]
                )
            )
        if name in counted:
            raise UsageError(_("{name} is counted twice").format(name=name))
        counted[name] = read_chips(chips, what=f"the count of {name}")
    return counted


def count(db: str | None, pairs: list[str], *, record: bool) -> None:
    """Compare the counted stacks with the tracked ones; with `record`, correct them."""
    counted = parse_counts(pairs)
    with _ledger(db, WRITE if record else READ) as book:
        if record:
            table, done = book.execute_all(lambda t: _corrections(t, counted))
        else:
            table, done = book.read()[1], 0
            follow_session(table.settings.lang)
        lines = table.count(counted) if not record else None
    missed = [a.name for a in table.present() if a.name not in counted]
    if lines is None:
        print(
            ngettext("{count} correction recorded", "{count} corrections recorded", done).format(
                count=done
            )
            if done
            else _("all counts match")
        )
    else:
        print(count_text(lines))
    if missed:
        print(_("not counted: {players}").format(players=", ".join(missed)))


def _corrections(table: Table, counted: dict[str, int]) -> list[TableEvent]:
    """The count's corrections, refused in the session's language."""
    follow_session(table.settings.lang)
    return [
        table.correct_event(line.player, line.counted)
        for line in table.count(counted)
        if line.difference
    ]


def count_text(lines: list[CountLine]) -> str:
    """The count in columns, and how many stacks differ."""
    rows = [[_("player"), _("tracked"), _("counted"), _("difference")]]
    for line in lines:
        diff = line.difference
        verdict = _("ok") if not diff else f"{diff:+d}"
        rows.append([line.player, number(line.tracked), number(line.counted), verdict])
    text = columns(rows)
    wrong = sum(1 for line in lines if line.difference)
    if wrong == 1:
        text += "\n" + _("1 stack differs: `count ... --record` corrects it")
    elif wrong:
        text += "\n" + _("{count} stacks differ: `count ... --record` corrects them").format(
            count=wrong
        )
    return text


def leave_all(db: str | None) -> None:
    """Cash out every player still at the table: one event, one `undo`."""
    with _ledger(db, WRITE) as book:
        event = book.execute(_leave_all_event).event
    assert isinstance(event, LeftAll)
    leaves = _("{player} leaves with {chips}")
    print(
        ", ".join(leaves.format(player=name, chips=number(chips)) for name, chips in event.leaves)
    )


def _leave_all_event(table: Table) -> TableEvent:
    follow_session(table.settings.lang)  # before the command: its refusal too
    return table.leave_all_event()


def _money(amount: Decimal) -> str:
    return f"{amount:+.2f}" if amount else "0.00"


def _settled(db: str | None, missing: str | None = None) -> tuple[SessionInfo, Table, Settlement]:
    """The session's settlement; the first time, the settlement is recorded and closes the
    session's books (`reopen`, or `undo` right after, opens them again). `missing`: who
    absorbs a count that does not balance."""
    with _ledger(db, WRITE) as book:
        session, table = book.read()
        follow_session(table.settings.lang)
        if table.closed:  # settled before: the same settlement, printed again
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
                event = table.settle_event(missing)
            absorbed = (event.missing, event.difference) if event and event.missing else None
            found, unsettled = settlement_of(table, absorbed)
            if found is None:
                raise IllegalAction(
                    _("cannot settle {name} yet: {unsettled}").format(
                        name=session.name, unsettled=unsettled
                    )
                )
            return event if event is not None else table.settle_event()

        outcome = book.execute(close)
    settlement, unsettled = settlement_of(outcome.table)
    if settlement is None:  # (checked in the transaction: cannot happen)
        raise IllegalAction(
            _("cannot settle {name}: {unsettled}").format(name=session.name, unsettled=unsettled)
        )
    return outcome.session, outcome.table, settlement


def reopen(db: str | None) -> None:
    """Reopen a settled session: table commands are accepted again."""
    with _ledger(db, WRITE) as book:
        outcome = book.execute(lambda table: table.reopen_event(), closed_ok=True)
    print(
        _("session {name} is open again: its settlement no longer holds").format(
            name=outcome.session.name
        )
    )


def transfer_line(transfer: Transfer, currency: str) -> str:
    """ "alice pays bob 12.50 EUR" (French: "alice paie 12,50 € à bob")."""
    amount = money(f"{transfer.amount:f}", currency)
    payer = _("bank") if transfer.payer == BANK else transfer.payer
    payee = transfer.payee
    if HOUSE in (payer, payee):  # (the house of `--missing host`, a tournament's fees)
        payer, payee = (_("the house") if n == HOUSE else n for n in (payer, payee))
    return _("{payer} pays {payee} {amount}").format(payer=payer, payee=payee, amount=amount)


def settle(
    db: str | None, *, bank: bool, why: bool, as_json: bool, missing: str | None = None
) -> None:
    session, table, settlement = _settled(db, missing)
    currency = session.settings.currency
    value = Decimal(session.settings.chip_value)
    payouts = bank_payouts_of(table, value) if bank else []
    if bank and table.tournament is not None:
        from ..app.tournament import tournament_bank

        payouts = tournament_bank(table)
    if as_json:
        print(
            json.dumps(
                _settle_dict(session.name, currency, value, settlement, payouts, bank),
                indent=2,
                ensure_ascii=False,
            )
        )
        return
    if table.settings.tournament is not None:  # its chips are worth no money
        buy_in = money(table.settings.tournament.buy_in, currency)
        print(_("tournament {name}: buy-in {buy_in}").format(name=session.name, buy_in=buy_in))
    else:
        print(
            _("session {name}: 1 chip = {value} {currency}").format(
                name=session.name, value=value, currency=currency
            )
        )
    if not settlement.balances:
        print(_("nobody bought in: nothing to settle"))
        return
    if settlement.missing is not None:
        print(missing_line(settlement.missing, currency))
    width = max(len(name) for name in settlement.balances)
    for name, balance in settlement.balances.items():
        print(f"  {name.ljust(width)}  {money(_money(balance), currency)}")
    if bank:
        if table.tournament is not None:
            print(_("the bank (it took the buy-ins) pays the prizes:"))
        else:
            print(_("the bank pays back the chips cashed out:"))
        lines = [transfer_line(t, currency) for t in payouts]
    else:
        count = len(settlement.transfers)
        transfers = ngettext("{count} transfer:", "{count} transfers:", count)
        print(transfers.format(count=count) if count else _("nobody owes anything"))
        lines = [transfer_line(t, currency) for t in settlement.transfers]
    for line in lines:
        print(f"  {line}")
    if why and not bank:
        players = sum(len(group) for group in settlement.groups)
        groups = len(settlement.groups)
        print(
            ngettext(
                "why: {players} players have a balance; they form {groups} group "
                "that settles on its own, and a group of k players needs k - 1 transfers "
                "({players} - {groups} = {value2}):",
                "why: {players} players have a balance; they split into {groups} groups "
                "that settle on their own, and a group of k players needs k - 1 transfers "
                "({players} - {groups} = {value2}):",
                groups,
            ).format(players=players, groups=groups, value2=players - groups)
        )
        for group in settlement.groups:
            print(f"  {', '.join(group)}")


def _settle_dict(
    name: str,
    currency: str,
    value: Decimal,
    settlement: Settlement,
    payouts: list,  # type: ignore[type-arg]
    bank: bool,
) -> dict[str, object]:
    def transfer(t: object) -> dict[str, str]:
        return {"payer": t.payer, "payee": t.payee, "amount": f"{t.amount:.2f}"}  # type: ignore[attr-defined]

    from ..reports.exports import OUTPUT_VERSION

    return {
        "version": OUTPUT_VERSION,
        "session": name,
        "currency": currency,
        "chip_value": str(value),
        "balances": {n: f"{b:.2f}" for n, b in settlement.balances.items()},
        "transfers": [transfer(t) for t in settlement.transfers],
        "groups": [list(g) for g in settlement.groups],
        "bank": [transfer(t) for t in payouts] if bank else None,
        **missing_data(settlement.missing),
    }


def _write(text: str, output: str | None, *, force: bool, db: str | None) -> None:
    write_text(text, output, force=force, database=database_path(db))


def _report_of(book: Ledger, session_name: str | None, *, fmt: str = "json"):  # type: ignore[no-untyped-def]
    """The session's report, its words in the session's language; a data format's (CSV,
    JSON) always in English."""
    info = book.session_named(session_name) if session_name else book.current()
    created = dict((i.name, c) for i, c in book.sessions())[info.name]
    if fmt in ("text", "md", "html"):
        follow_session(info.settings.lang)
        return build_report(book, info, created)
    with speaking("en"):
        return build_report(book, info, created)


def _excel_only_for_csv(fmt: str, excel: bool) -> None:
    if excel and fmt not in ("csv", "pokernow"):
        raise UsageError(_("--excel is for CSV files, not {fmt}").format(fmt=fmt))


def report(
    db: str | None,
    *,
    fmt: str,
    output: str | None,
    session: str | None,
    force: bool = False,
    excel: bool = False,
) -> None:
    from ..reports.exports import excel as to_excel
    from ..reports.render import render_chunks

    _excel_only_for_csv(fmt, excel)
    with _ledger(db, READ) as book:  # (open while written: the hands are read as they go)
        data = _report_of(book, session, fmt=fmt)
        if output not in (None, STDOUT):
            check_target(output, force=force, database=database_path(db))
        chunks = render_chunks(data, fmt)
        if excel:
            chunks = iter((to_excel("".join(chunks)),))
        write_chunks(chunks, output, force=force, database=database_path(db))


def export(
    db: str | None,
    *,
    what: str,
    fmt: str,
    output: str | None,
    session: str | None,
    force: bool = False,
    excel: bool = False,
) -> None:
    from ..reports import exports

    _excel_only_for_csv(fmt, excel)
    if fmt == "phh":
        from ..domain.phh import dumps
        from ..reports.phh_export import UNKNOWN_CARDS_NOTE, phh_hands, unknown_cards

        with _ledger(db, READ) as book:
            hands, skipped = phh_hands(book, session)
        for message in skipped:
            print(_("skipped: {message}").format(message=message), file=sys.stderr)
        blind = unknown_cards(hands)
        if blind:  # said once, on standard error: the file itself stays valid PHH
            print(
                _("note: {blind} of {len} {UNKNOWN_CARDS_NOTE}").format(
                    blind=blind, len=len(hands), UNKNOWN_CARDS_NOTE=UNKNOWN_CARDS_NOTE
                ),
                file=sys.stderr,
            )
        if hands:
            _write(dumps(hands), output, force=force, db=db)
        return

    # (open while written: the hands are read as they go; data, in English)
    with _ledger(db, READ) as book, speaking("en"):
        data = _report_of(book, session)
        times = book.player_times(book.session_named(data.name))
        if fmt == "pokernow":
            text = exports.pokernow_csv(data, times)
        else:
            text = exports.export(data, what, fmt)
    _write(exports.excel(text) if excel else text, output, force=force, db=db)


POINTS_WORDS = {
    "field": N_("field (entries - place + 1)"),
    "sqrt": N_("sqrt (10 x the square root of entries / place)"),
}


def show_standings(
    db: str | None,
    *,
    files: Sequence[str] = (),
    since: date | None,
    until: date | None,
    as_json: bool,
    points: str | None = None,
) -> None:
    from tabulate import tabulate

    from ..domain.tournament.league import parse_points, points_text
    from ..reports.exports import OUTPUT_VERSION

    if points is not None:
        points = parse_points(points)  # (a usage error before the file is read)
    if files:
        table = _standings_of_files(files, since=since, until=until, points=points)
    else:
        with _ledger(db, READ) as book:
            table = standings(book, since=since, until=until, points=points)
    league = bool(table.points)
    if as_json:
        print(
            json.dumps(
                {
                    "version": OUTPUT_VERSION,
                    "from": None if since is None else since.isoformat(),
                    "to": None if until is None else until.isoformat(),
                    "sessions": list(table.sessions),
                    "currency": table.currency,
                    # (a file without tournaments prints what it always printed)
                    **({"points": table.points} if league else {}),
                    "players": [
                        {
                            "player": p.name,
                            "sessions": p.sessions,
                            "hands": p.hands,
                            "net": f"{p.net:.2f}",
                            "best_session": p.best_session,
                            "best_net": f"{p.best_net:.2f}",
                            "worst_session": p.worst_session,
                            "worst_net": f"{p.worst_net:.2f}",
                            **(
                                {"tournaments": p.tournaments, "points": points_text(p.points)}
                                if league
                                else {}
                            ),
                        }
                        for p in table.players
                    ],
                },
                indent=2,
                ensure_ascii=False,
            )
        )
        return
    if not table.players:
        print(_("no session in that range"))
        return
    rows = [
        [
            p.name,
            *([p.tournaments, points_text(p.points)] if league else []),
            p.sessions,
            p.hands,
            _money(p.net),
            f"{p.best_session} ({_money(p.best_net)})",
            f"{p.worst_session} ({_money(p.worst_net)})",
        ]
        for p in table.players
    ]
    count = len(table.sessions)
    print(
        ngettext(
            "{count} session, amounts in {currency}",
            "{count} sessions, amounts in {currency}",
            count,
        ).format(count=count, currency=table.currency)
    )
    if league:
        known = POINTS_WORDS.get(table.points)
        words = _(known) if known else _("{spec} by place").format(spec=table.points)
        print(_("league points: {words}").format(words=words))
    headers = ["player", *(["tournaments", "points"] if league else []), "sessions"]
    headers += ["hands", "net", "best", "worst"]
    print(tabulate(rows, headers=headers, disable_numparse=True))


def _standings_of_files(
    files: Sequence[str], *, since: date | None, until: date | None, points: str | None
) -> Standings:
    """The standings of several files read together, each labelled by its name (without
    `.db`), or by its path when two files share a name."""
    import os
    from contextlib import ExitStack

    stems = [os.path.splitext(os.path.basename(path))[0] for path in files]
    labels = stems if len(set(stems)) == len(stems) else list(files)
    with ExitStack() as stack:
        books = []
        for label, path in zip(labels, files, strict=True):
            if not os.path.isfile(path):
                raise IllegalAction(_("{path}: no such file").format(path=path))
            books.append((label, stack.enter_context(Ledger(path, mode=READ))))
        return standings_of(books, since=since, until=until, points=points)


def import_phh(db: str | None, files: list[str], *, session: str | None) -> None:
    """`import phh FILE...`: a new session; the counts and every difference."""
    import os
    import re

    from ..storage.phh_import import import_phh as run_import

    if session is None:
        stem = os.path.splitext(os.path.basename(files[0]))[0]
        session = re.sub(r"[^\w.-]+", "-", stem) or "imported"
    with _ledger(db, CREATE) as book:
        outcome = run_import(book, files, session=session)
    print("\n".join(outcome.lines()))
