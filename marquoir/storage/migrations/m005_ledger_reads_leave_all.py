"""m005: the ledger view reads the one `leave-all` event that `leave --all` records."""

from __future__ import annotations

from sqlite_utils import Database

VIEWS = {
    # m004's ledger plus the cash-outs and void-deal shares of `leave-all`.
    "ledger": """
        WITH moves AS (
            SELECT e.id AS event, e.session_id, e.created_at AS at,
                   json_extract(e.data, '$.player') AS player,
                   CASE e.kind WHEN 'seat' THEN 'cave' WHEN 'leave' THEN 'cash-out'
                        ELSE 'recave' END AS kind,
                   CASE e.kind WHEN 'leave' THEN -json_extract(e.data, '$.chips')
                        ELSE json_extract(e.data, '$.chips') END AS chips
            FROM events e WHERE e.undone = 0 AND e.kind IN ('seat', 'recave', 'leave')
            UNION ALL
            SELECT e.id, e.session_id, e.created_at, json_extract(leave.value, '$[0]'),
                   'cash-out', -json_extract(leave.value, '$[1]')
            FROM events e, json_each(e.data, '$.leaves') leave
            WHERE e.undone = 0 AND e.kind = 'leave-all'
            UNION ALL
            SELECT e.id, e.session_id, e.created_at, json_extract(e.data, '$.player'),
                   'correction',
                   json_extract(e.data, '$.stack') - coalesce(json_extract(e.data, '$.was'), 0)
            FROM events e WHERE e.undone = 0 AND e.kind = 'correction'
            UNION ALL
            SELECT e.id, e.session_id, e.created_at, paid.key, 'brelan', paid.value
            FROM events e, json_each(e.data, '$.paid') paid
            WHERE e.undone = 0 AND e.kind = 'brelans' AND paid.value != 0
            UNION ALL
            SELECT e.id, e.session_id, e.created_at, json_extract(share.value, '$[0]'),
                   'void-deal share', json_extract(share.value, '$[1]')
            FROM events e, json_each(e.data, '$.shares') share
            WHERE e.undone = 0 AND e.kind IN ('carry-split', 'leave-all')
        )
        SELECT s.name AS session, substr(s.created_at, 1, 10) AS date, m.at AS at,
               m.player AS player, m.kind AS kind, m.chips AS chips,
               round(m.chips * CAST(json_extract(s.settings, '$.chip_value') AS REAL), 6)
                   AS money,
               CASE WHEN m.kind IN ('cave', 'recave', 'cash-out')
                    THEN -round(m.chips * CAST(json_extract(s.settings, '$.chip_value')
                                               AS REAL), 6)
                    ELSE 0 END AS balance,
               json_extract(s.settings, '$.currency') AS currency,
               m.event AS event
        FROM moves m JOIN sessions s ON s.id = m.session_id
        ORDER BY m.session_id, m.event, m.kind = 'cash-out', m.player
    """,
}


def migrate(db: Database) -> None:
    """Recreate the ledger view."""
    # Why: `leave --all` became one event of its own kind (one `undo` takes the whole end of
    # the night back) instead of a `leave` per player. The ledger view read only `leave`
    # and `carry-split`, so it lost those cash-outs. The other views are unaffected:
    # players_now reads the snapshot kept after the event, the others read hands and actions.
    for name, select in VIEWS.items():
        db.execute(f"DROP VIEW IF EXISTS {name}")
        db.execute(f"CREATE VIEW {name} AS {select}")
