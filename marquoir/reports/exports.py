"""Exports for spreadsheets and other programs: the ledger and the hand log as CSV or JSON,
and the ledger in PokerNow's layout.

Amounts are plain numbers: chips as integers, money as strings with two decimals (exact).
"""

from __future__ import annotations

import csv
import io
import json
from decimal import Decimal
from typing import Any

from ..domain.errors import MarquoirError, UsageError
from .model import SessionReport

LEDGER_FIELDS = (
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
WHATS = ("ledger", "hands")
FORMATS = ("csv", "json")


def _money(amount: Decimal) -> str:
    return f"{amount.quantize(Decimal('0.01')):f}"


def ledger_rows(report: SessionReport) -> list[dict[str, Any]]:
    """One row per player (keys `LEDGER_FIELDS`): chips bought, cashed out, held, results."""
    return [
        {
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


def _csv(fields: tuple[str, ...], rows: list[dict[str, Any]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(fields)
    for row in rows:
        writer.writerow(
            ("true" if v else "false") if isinstance(v, bool) else v
            for v in (row[f] for f in fields)
        )
    return out.getvalue()


def export(report: SessionReport, what: str, fmt: str) -> str:
    """The ledger (`what="ledger"`) or the hand log (`"hands"`) as `fmt` "csv" (one header
    row) or "json" (an array of objects, keys sorted)."""
    if what not in WHATS:
        raise UsageError(f"unknown export {what!r}: one of {', '.join(WHATS)}")
    if fmt not in FORMATS:
        raise UsageError(f"unknown export format {fmt!r}: one of {', '.join(FORMATS)}")
    rows, fields = (
        (ledger_rows(report), LEDGER_FIELDS)
        if what == "ledger"
        else (hand_rows(report), HAND_FIELDS)
    )
    if fmt == "csv":
        return _csv(fields, rows)
    return json.dumps(rows, sort_keys=True, indent=2, ensure_ascii=False) + "\n"


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
