"""The end of the evening, printed: chip counts, cashing everyone out, settling, reports,
standings. What each does is the application layer's (`app/evening.py`).

Off the table commands' path: these import `decimal`, the settlement, tabulate and the
report renderers.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from datetime import date
from decimal import Decimal

from ..app import evening, outputs
from ..app.books import Books
from ..domain import UsageError
from ..domain.events import CountLine
from ..domain.i18n import N_, _, decimal, money, ngettext, number, session_language, speaking
from ..domain.inputs import read_chips
from ..domain.missing import HOUSE, shown_name
from ..domain.settlement import BANK, Transfer
from ..reports.model import Settlement
from ..reports.standings import Source, Standings
from ..reports.story import missing_data, missing_line
from ..storage.ledger import Ledger
from .output import STDOUT, check_target, write_chunks, write_text
from .render import columns


def _ledger(db: Books, mode: str) -> Ledger:
    return db.own(mode)


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
        counted[name] = read_chips(chips, what=_("the count of {name}").format(name=name))
    return counted


def count(db: Books, pairs: list[str], *, record: bool, table: int | None = None) -> None:
    """Compare the counted stacks with the tracked ones; with `record`, correct them
    (`table`: several tables, the count of that table's players)."""
    counted = evening.count(db, parse_counts(pairs), record=record, table=table)
    if counted.lines is None:
        done = counted.corrections
        print(
            ngettext("{count} correction recorded", "{count} corrections recorded", done).format(
                count=done
            )
            if done
            else _("all counts match")
        )
    else:
        print(count_text(counted.lines))
    if counted.missed:
        print(_("not counted: {players}").format(players=", ".join(counted.missed)))


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


def leave_all(db: Books) -> None:
    """Cash out every player still at the table: one event, one `undo`."""
    event = evening.leave_all(db)
    leaves = _("{player} leaves with {chips}")
    print(
        ", ".join(leaves.format(player=name, chips=number(chips)) for name, chips in event.leaves)
    )


def _money(amount: Decimal) -> str:
    return f"{amount:+.2f}" if amount else "0.00"


def reopen(db: Books) -> None:
    """Reopen a settled session: table commands are accepted again."""
    session = evening.reopen(db)
    print(
        _("session {name} is open again: its settlement no longer holds").format(name=session.name)
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
    db: Books, *, bank: bool, why: bool, json_output: bool, missing: str | None = None
) -> None:
    settled = evening.settle(db, bank=bank, missing=missing)
    session, table, settlement = settled.session, settled.table, settled.settlement
    payouts = settled.payouts
    currency = session.settings.currency
    value = Decimal(session.settings.chip_value)
    if json_output:
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
            _("session {name}: 1 chip = {value}").format(
                name=session.name, value=money(str(value), currency)
            )
        )
    if not settlement.balances:
        print(_("nobody bought in: nothing to settle"))
        return
    if settlement.missing is not None:
        print(missing_line(settlement.missing, currency))
    width = max(len(shown_name(name)) for name in settlement.balances)
    for name, balance in settlement.balances.items():
        print(f"  {shown_name(name).ljust(width)}  {money(_money(balance), currency)}")
    if bank:
        if table.director.state is not None:
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
            print(f"  {', '.join(shown_name(name) for name in group)}")


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


def report(
    db: Books,
    *,
    fmt: str,
    output: str | None,
    session: str | None,
    force: bool = False,
    excel: bool = False,
) -> None:
    """`report`: the session's report written to `output` (standard output by default)."""
    with outputs.report_chunks(db, fmt=fmt, session=session, excel=excel) as chunks:
        if output not in (None, STDOUT):
            check_target(output, force=force, database=db.path)
        write_chunks(chunks, output, force=force, database=db.path)


def export(
    db: Books,
    *,
    what: str,
    fmt: str,
    output: str | None,
    session: str | None,
    force: bool = False,
    excel: bool = False,
) -> None:
    """`export`: the session's hands or ledger as data, or its hands as PHH (the hands left
    out, and those without hole cards, said on standard error)."""
    outputs.check_excel(fmt, excel)
    if fmt == "phh":
        from ..reports.phh_export import UNKNOWN_CARDS_NOTE

        done = outputs.export_phh(db, session)
        for message in done.skipped:
            print(_("skipped: {message}").format(message=message), file=sys.stderr)
        if done.unknown_cards:  # said once, on standard error: the file itself stays valid PHH
            print(
                _("note: {blind} of {len} {UNKNOWN_CARDS_NOTE}").format(
                    blind=done.unknown_cards, len=done.hands, UNKNOWN_CARDS_NOTE=UNKNOWN_CARDS_NOTE
                ),
                file=sys.stderr,
            )
        if done.hands:
            write_text(done.text, output, force=force, database=db.path)
        return
    text = outputs.export_text(db, what=what, fmt=fmt, session=session, excel=excel)
    write_text(text, output, force=force, database=db.path)


POINTS_WORDS = {
    "field": N_("field (entries - place + 1)"),
    "sqrt": N_("sqrt (10 x the square root of entries / place)"),
}


def show_standings(
    db: Books,
    *,
    files: Sequence[str] = (),
    since: date | None,
    until: date | None,
    json_output: bool,
    points: str | None = None,
) -> None:
    from ..domain.tournament.league import points_text
    from ..reports.exports import OUTPUT_VERSION

    table = outputs.standings(db, files=files, since=since, until=until, points=points)
    league = bool(table.points)
    if json_output:
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
                    # where each session came from, when several files were read
                    **({"files": _sources_data(table)} if table.sources else {}),
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
    with speaking(session_language(table.language)):
        _print_standings(table, league=league)


def _print_standings(table: Standings, *, league: bool) -> None:
    """The standings as a text table, in the language of the output."""
    from tabulate import tabulate

    from ..domain.tournament.league import points_text

    if not table.players:
        print(_("no session in that range"))
        return
    rows = [
        [
            p.name,
            *([p.tournaments, points_text(p.points)] if league else []),
            p.sessions,
            number(p.hands),
            decimal(_money(p.net)),  # (French: `+1 234,50`)
            f"{p.best_session} ({decimal(_money(p.best_net))})",
            f"{p.worst_session} ({decimal(_money(p.worst_net))})",
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
    for source in table.sources:
        print(_source_line(source))
    headers = [N_("player"), *([N_("tournaments"), N_("points")] if league else [])]
    headers += [N_("sessions"), N_("hands"), N_("net"), N_("best"), N_("worst")]
    print(tabulate(rows, headers=[_(h) for h in headers], disable_numparse=True))


def _sources_data(table: Standings) -> list[dict[str, object]]:
    """Each file read and the sessions it gave (`standings --json`'s `files`)."""
    return [
        {
            "file": source.file,
            "label": source.label,
            "sessions": list(source.sessions),
            "tournaments": list(source.tournaments),
        }
        for source in table.sources
    ]


def _source_line(source: Source) -> str:
    """`a.db: f9 (tournament), mardi`: the sessions one file gave the standings."""
    names = [
        _("{name} (tournament)").format(name=name) if name in source.tournaments else name
        for name in source.sessions
    ]
    return _("{file}: {sessions}").format(
        file=source.file, sessions=", ".join(names) if names else _("no session in that range")
    )


def import_phh(db: Books, files: list[str], *, session: str | None) -> None:
    """`import phh FILE...`: a new session; the counts and every difference."""
    from ..app.phh import import_phh as run_import

    print("\n".join(run_import(db, files, session=session).lines()))
