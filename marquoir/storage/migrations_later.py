"""The schema's later migrations (m009 on), registered on `migrations.migrations` after
the others when this module is imported (`db._migrate` imports it; `migrations.py` stays
under the size of a readable module).
"""

from __future__ import annotations

from sqlite_utils import Database

from . import tournament_views
from .migrations import M007_ISO, M007_VIEWS, migrations

# m009's ledger: m007's, plus the count difference a settlement recorded (`settle --missing`,
# kept in the `settle` event: `missing` is shared, host or a player, `difference` the chips
# cashed out minus the chips bought), one line for each one who took a part of it: `chips`
# his part (exact, a fraction for `shared`: in proportion to his cash-outs), `balance` its
# money. A settlement reopened since no longer holds: its line goes.
M009_SETTLED = (
    "e.undone = 0 AND e.kind = 'settle' AND json_extract(e.data, '$.missing') IS NOT NULL "
    "AND NOT EXISTS (SELECT 1 FROM events r WHERE r.session_id = e.session_id "
    "AND r.kind = 'reopen' AND r.undone = 0 AND r.id > e.id)"
)
M009_AT = M007_ISO.format("e.created_at")
M009_DIFFERENCE = f"""
        UNION ALL
        SELECT e.id, e.session_id, {M009_AT},
               CASE json_extract(e.data, '$.missing') WHEN 'host' THEN 'house'
                    ELSE json_extract(e.data, '$.missing') END,
               'count difference', -json_extract(e.data, '$.difference')
        FROM events e WHERE {M009_SETTLED} AND json_extract(e.data, '$.missing') != 'shared'
        UNION ALL
        SELECT e.id, e.session_id, {M009_AT}, c.player, 'count difference',
               -json_extract(e.data, '$.difference') * CAST(c.chips AS REAL) / t.chips
        FROM events e
        JOIN (SELECT session_id, player, sum(chips) AS chips FROM cashed
              GROUP BY session_id, player HAVING sum(chips) > 0) c
            ON c.session_id = e.session_id
        JOIN (SELECT session_id, sum(chips) AS chips FROM cashed GROUP BY session_id) t
            ON t.session_id = e.session_id
        WHERE {M009_SETTLED} AND json_extract(e.data, '$.missing') = 'shared'
    )"""
M009_CASHED = """WITH cashed AS (
        SELECT e.session_id, json_extract(e.data, '$.player') AS player,
               json_extract(e.data, '$.chips') AS chips
        FROM events e WHERE e.undone = 0 AND e.kind = 'leave'
        UNION ALL
        SELECT e.session_id, json_extract(leave.value, '$[0]'), json_extract(leave.value, '$[1]')
        FROM events e, json_each(e.data, '$.leaves') leave
        WHERE e.undone = 0 AND e.kind = 'leave-all'
    ), moves AS ("""
M009_BALANCE = """WHEN m.kind = 'count difference'
                THEN round(m.chips * CAST(json_extract(s.settings, '$.chip_value') AS REAL), 6)
                ELSE 0 END AS balance"""
M009_LEDGER = (
    M007_VIEWS["ledger"]
    .replace("WITH moves AS (", M009_CASHED)
    .replace(
        "WHERE e.undone = 0 AND e.kind IN ('carry-split', 'leave-all')\n    )",
        "WHERE e.undone = 0 AND e.kind IN ('carry-split', 'leave-all')" + M009_DIFFERENCE,
    )
    .replace("ELSE 0 END AS balance", M009_BALANCE)
)
assert all(part in M009_LEDGER for part in (M009_CASHED, M009_DIFFERENCE, M009_BALANCE))


@migrations()
def m009_ledger_reads_the_count_difference(db: Database) -> None:
    # Why: `settle --missing` settles a session whose count did not balance, the difference
    # taken on by the players in proportion to their cash-outs, by the house or by one
    # player. The ledger read only chips that moved, so SUM(balance) by player was no longer
    # the settlement's balance for such a session (and the house's share was nowhere).
    db.execute("DROP VIEW IF EXISTS ledger")
    db.execute(f"CREATE VIEW ledger AS {M009_LEDGER}")


# m010: a tournament's chips get no money value in the views (storage/tournament_views.py)
migrations()(
    tournament_views.m010_tournament_chips_are_not_money(M009_LEDGER, M007_VIEWS["players_now"])
)
