"""Exports for spreadsheets and other programs: the ledger and the hand log as CSV or JSON,
and the ledger in PokerNow's layout.

One vocabulary for every output (docs/outputs.md): `player`, `hand`, `session` and `date` (the
session's day, YYYY-MM-DD) in every row; chips as integers; money exact, as a string with two
decimals in JSON and a number with two decimals in CSV. `recaves` is a count, `bought` every
chip paid for (caves and recaves). JSON exports are an object with a `version` and the rows.
`--excel` CSV: UTF-8 with a byte-order mark, `;` between fields, a decimal comma.
"""

from __future__ import annotations

import csv
import io
import json
from decimal import Decimal
from typing import Any

from ..domain.errors import MarquoirError, UsageError
from ..domain.i18n import _
from .model import SessionReport

# The version of the JSON outputs (report, exports, settle, standings, stacks, status,
# sessions): bumped with marquoir/schemas/*.json when a key changes meaning or goes away.
OUTPUT_VERSION = 1

LEDGER_FIELDS = (
    "session",
    "date",
    "seat",
    "player",
    "bought",
    "recaves",
    "cashed_out",
    "stack",
    "adjusted",
    "net_chips",
    "net_money",
    "currency",
    "hands_played",
    "hands_won",
    "biggest_pot",
    "left",
)
HAND_FIELDS = (
    "session",
    "date",
    "hand",
    "button",
    "player",
    "start",
    "won",
    "net",
    "stack",
    "stakes",
    "small_blind",
    "big_blind",
    "ante",
)
POKERNOW_HEADER = (
    "player_nickname",
    "player_id",
    "session_start_at",
    "session_end_at",
    "buy_in",
    "buy_out",
    "stack",
    "net",
)
# Columns that hold numbers written as text (money): a spreadsheet must read -15.30 as a number.
NUMERIC_TEXT = frozenset({"net_money"})
# A spreadsheet reads a cell that starts with one of these as a formula (OWASP, CSV injection).
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
WHATS = ("ledger", "hands")
FORMATS = ("csv", "json")


def _money(amount: Decimal) -> str:
    return f"{amount.quantize(Decimal('0.01')):f}"


def ledger_rows(report: SessionReport) -> list[dict[str, Any]]:
    """One row per player (keys `LEDGER_FIELDS`): chips bought, cashed out, held, results."""
    day = report.created_at[:10]
    return [
        {
            "session": report.name,
            "date": day,
            "seat": p.seat,
            "player": p.name,
            "bought": p.bought,
            "recaves": p.recaves,
            "cashed_out": p.cashed_out,
            "stack": p.stack,
            "adjusted": p.adjusted,
            "net_chips": p.net_chips,
            "net_money": _money(p.net_money),
            "currency": report.currency,
            "hands_played": p.hands_played,
            "hands_won": p.hands_won,
            "biggest_pot": p.biggest_pot,
            "left": p.left,
        }
        for p in report.players
    ]


def hand_rows(report: SessionReport) -> list[dict[str, Any]]:
    """One row per player dealt in each hand (keys `HAND_FIELDS`): his stack at the start,
    what he took from the pots, his net for the hand and his stack after it, and the forced
    bets of the hand (the stakes in words; the blinds and the ante)."""
    rows = []
    day = report.created_at[:10]
    for hand in report.hands:
        forced = hand.forced_bets or {}
        won: dict[str, int] = {}
        for pot in hand.pots:
            for name, amount in pot.shares:
                won[name] = won.get(name, 0) + amount
        for name in hand.players:
            after = hand.stacks.get(name, 0)
            net = hand.nets.get(name, 0)
            rows.append(
                {
                    "session": report.name,
                    "date": day,
                    "hand": hand.hand_no,
                    "button": hand.button,
                    "player": name,
                    "start": after - net,
                    "won": won.get(name, 0),
                    "net": net,
                    "stack": after,
                    "stakes": hand.stakes,
                    "small_blind": forced.get("small_blind", 0),
                    "big_blind": forced.get("big_blind", 0),
                    "ante": forced.get("ante", 0),
                }
            )
    return rows


def neutralise(text: str) -> str:
    """A text cell a spreadsheet will not run as a formula: a leading `'` when it starts with
    = + - @ tab or carriage return (OWASP's advice against CSV injection)."""
    return "'" + text if text.startswith(FORMULA_START) else text


def _cell(field: str, value: Any) -> Any:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str) and field not in NUMERIC_TEXT:
        return neutralise(value)
    return value


def _csv(fields: tuple[str, ...], rows: list[dict[str, Any]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(fields)
    for row in rows:
        writer.writerow(_cell(field, row[field]) for field in fields)
    return out.getvalue()


def excel(text: str) -> str:
    """A CSV for French spreadsheets: a UTF-8 byte-order mark, `;` between fields and a
    decimal comma in the numbers with decimals (money: `-15.30` becomes `-15,30`)."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";", lineterminator="\r\n")
    for row in csv.reader(io.StringIO(text)):
        writer.writerow(_decimal_comma(cell) for cell in row)
    return "\ufeff" + out.getvalue()


def _decimal_comma(cell: str) -> str:
    whole, dot, fraction = cell.lstrip("+-").partition(".")
    if dot and whole.isascii() and whole.isdigit() and fraction.isascii() and fraction.isdigit():
        return cell.replace(".", ",")
    return cell


def export(report: SessionReport, what: str, fmt: str) -> str:
    """The ledger (`what="ledger"`) or the hand log (`"hands"`) as `fmt` "csv" (one header
    row) or "json" (an object: `version`, `session`, `date`, `what`, `rows`, keys sorted)."""
    if what not in WHATS:
        raise UsageError(
            _("unknown export {what}: one of {known}").format(
                what=repr(what), known=", ".join(WHATS)
            )
        )
    if fmt not in FORMATS:
        raise UsageError(
            _("unknown export format {fmt}: one of {known}").format(
                fmt=repr(fmt), known=", ".join(FORMATS)
            )
        )
    rows, fields = (
        (ledger_rows(report), LEDGER_FIELDS)
        if what == "ledger"
        else (hand_rows(report), HAND_FIELDS)
    )
    if fmt == "csv":
        return _csv(fields, rows)
    data = {
        "version": OUTPUT_VERSION,
        "session": report.name,
        "date": report.created_at[:10],
        "what": what,
        "currency": report.currency,
        "chip_value": f"{report.chip_value:f}",
        "rows": rows,
    }
    return json.dumps(data, sort_keys=True, indent=2, ensure_ascii=False) + "\n"


def cents(chips: int, chip_value: Decimal) -> int:
    """The value of `chips` in cents, exactly; refused when it is not a whole number of cents."""
    value = Decimal(chips) * chip_value * 100
    if value != value.to_integral_value():
        raise MarquoirError(
            f"{chips} chips at {chip_value} are not a whole number of cents ({value / 100})"
        )
    return int(value)


def pokernow_csv(report: SessionReport, times: dict[str, tuple[str, str]]) -> str:
    """The ledger in PokerNow's CSV layout (`POKERNOW_HEADER`), amounts in cents.

    One row per player: the nickname is also the id; `times[name]` gives the ISO times of
    his first and last event (empty when missing); buy-in = every chip he paid for, buy-out
    = what he cashed out, stack = what he still holds, net = buy-out + stack - buy-in.
    """
    rows = []
    for p in report.players:
        start, end = times.get(p.name, ("", ""))
        rows.append(
            {
                "player_nickname": p.name,
                "player_id": p.name,
                "session_start_at": start,
                "session_end_at": end,
                "buy_in": cents(p.bought, report.chip_value),
                "buy_out": cents(p.cashed_out, report.chip_value),
                "stack": cents(p.stack, report.chip_value),
                "net": cents(p.net_chips, report.chip_value),
            }
        )
    return _csv(POKERNOW_HEADER, rows)
