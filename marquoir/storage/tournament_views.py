"""The readable views without a money value for a tournament's chips (migration m010).

`ledger` and `players_now` gave every chip move a money value, chips x the session's chip
value (1 by default: "+17700.00 EUR" for a player who won 58 EUR in a tournament). A
tournament's money is its entries, rebuys, add-ons, prizes and bounties (the report's), so
there those columns (`money`, `balance`, `result_money`) are NULL; the chips stay, and a
cash game's rows are unchanged. The views are rewritten from their last form (m009's
`ledger`, m008's `players_now`) by replacing their money expressions, each found once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

CASH_GAME = "json_extract(s.settings, '$.tournament') IS NULL"
VALUE = "CAST(json_extract(s.settings, '$.chip_value') AS REAL)"
INDENT = "\n" + " " * 15
DEAL = "FROM events e WHERE e.session_id = s.id AND e.kind = 'deal' AND e.undone = 0"


def _wrapped(view: str, old: str, new: str) -> str:
    """`view` with `old` replaced by `new` (the text must be there, once)."""
    if view.count(old) != 1:
        raise ValueError(f"not found once in the view: {old!r}")
    return view.replace(old, new)


def without_tournament_money(ledger: str, players_now: str) -> list[tuple[str, str]]:
    """(name, SELECT) of `ledger` and `players_now` (`players_now` as m007 wrote it: it gets
    m008's index of deals here) with NULL money for a tournament."""
    ledger = _wrapped(
        ledger,
        f"round(m.chips * {VALUE}, 6){INDENT}AS money,",
        f"CASE WHEN {CASH_GAME} THEN round(m.chips * {VALUE}, 6) END AS money,",
    )
    ledger = _wrapped(
        ledger,
        "CASE WHEN m.kind IN ('cave', 'recave', 'cash-out')",
        f"CASE WHEN NOT {CASH_GAME} THEN NULL{INDENT} WHEN m.kind IN "
        "('cave', 'recave', 'cash-out')",
    )
    players = _wrapped(players_now, DEAL.replace(" AND e.kind = 'deal'", ""), DEAL)
    players = _wrapped(
        players,
        "round((json_extract(a.value, '$.stack')",
        f"CASE WHEN {CASH_GAME} THEN round((json_extract(a.value, '$.stack')",
    )
    players = _wrapped(players, f"* {VALUE}, 6)\n", f"* {VALUE}, 6) END\n")
    return [("ledger", ledger), ("players_now", players)]


def m010_tournament_chips_are_not_money(ledger: str, players_now: str) -> Callable[[Any], None]:
    """Migration m010, from the views' last texts (m009's `ledger`, m007's `players_now`
    before m008's index of deals): both recreated without a money value for a tournament's
    chips (see the module)."""

    def m010_tournament_chips_are_not_money(db: Any) -> None:
        # Why: the views said "+17700.00 EUR" for a tournament player who won 58 EUR.
        for name, view in without_tournament_money(ledger, players_now):
            db.conn.execute(f"DROP VIEW IF EXISTS {name}")
            db.conn.execute(f"CREATE VIEW {name} AS {view}")

    return m010_tournament_chips_are_not_money
