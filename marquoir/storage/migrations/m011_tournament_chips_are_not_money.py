"""m011: a tournament's chips get no money value in the views.

`ledger` and `players_now` gave every chip move a money value, chips x the session's chip
value (1 by default: "+17700.00 EUR" for a player who won 58 EUR in a tournament). A
tournament's money is its entries, rebuys, add-ons, prizes and bounties (the report's), so
there those columns (`money`, `balance`, `result_money`) are NULL; the chips stay, and a cash
game's rows are unchanged. Both views are written out whole (m010's `ledger` and m008's
`players_now`, with the tournament's money left out).
"""

from __future__ import annotations

from sqlite_utils import Database

VIEWS = {
    "ledger": """
        WITH cashed AS (
            SELECT e.session_id,
                   CASE json_type(e.data) WHEN 'array' THEN json_extract(e.data, '$[0]')
                        ELSE json_extract(e.data, '$.player') END AS player,
                   CASE json_type(e.data) WHEN 'array' THEN json_extract(e.data, '$[#-1]')
                        ELSE json_extract(e.data, '$.chips') END AS chips
            FROM events e WHERE e.undone = 0 AND e.kind = 'leave'
            UNION ALL
            SELECT e.session_id, json_extract(leave.value, '$[0]'), json_extract(leave.value,
                '$[1]')
            FROM events e, json_each(e.data, '$.leaves') leave
            WHERE e.undone = 0 AND e.kind = 'leave-all'
        ), moves AS (
            SELECT e.id AS event, e.session_id, strftime('%Y-%m-%dT%H:%M:%S+00:00',
                e.created_at, 'unixepoch') AS at,
                   CASE json_type(e.data) WHEN 'array' THEN json_extract(e.data, '$[0]')
                        ELSE json_extract(e.data, '$.player') END AS player,
                   CASE e.kind WHEN 'seat' THEN 'cave' WHEN 'leave' THEN 'cash-out'
                        ELSE 'recave' END AS kind,
                   CASE e.kind WHEN 'leave' THEN -1 ELSE 1 END
                       * CASE json_type(e.data) WHEN 'array' THEN json_extract(e.data, '$[#-1]')
                              ELSE json_extract(e.data, '$.chips') END AS chips
            FROM events e WHERE e.undone = 0 AND e.kind IN ('seat', 'recave', 'leave')
            UNION ALL
            SELECT e.id, e.session_id, strftime('%Y-%m-%dT%H:%M:%S+00:00', e.created_at,
                'unixepoch'), json_extract(leave.value, '$[0]'),
                   'cash-out', -json_extract(leave.value, '$[1]')
            FROM events e, json_each(e.data, '$.leaves') leave
            WHERE e.undone = 0 AND e.kind = 'leave-all'
            UNION ALL
            SELECT e.id, e.session_id, strftime('%Y-%m-%dT%H:%M:%S+00:00', e.created_at,
                'unixepoch'), json_extract(e.data, '$.player'),
                   'correction',
                   json_extract(e.data, '$.stack') - coalesce(json_extract(e.data, '$.was'), 0)
            FROM events e WHERE e.undone = 0 AND e.kind = 'correction'
            UNION ALL
            SELECT e.id, e.session_id, strftime('%Y-%m-%dT%H:%M:%S+00:00', e.created_at,
                'unixepoch'), paid.key, 'brelan', paid.value
            FROM events e, json_each(e.data, '$.paid') paid
            WHERE e.undone = 0 AND (e.kind = 'brelans' OR e.kind = 'showdown' AND
                json_extract(e.data, '$.paid') IS NOT NULL) AND paid.value != 0
            UNION ALL
            SELECT e.id, e.session_id, strftime('%Y-%m-%dT%H:%M:%S+00:00', e.created_at,
                'unixepoch'), json_extract(share.value, '$[0]'),
                   'void-deal share', json_extract(share.value, '$[1]')
            FROM events e, json_each(e.data, '$.shares') share
            WHERE e.undone = 0 AND e.kind IN ('carry-split', 'leave-all')
            UNION ALL
            SELECT e.id, e.session_id, strftime('%Y-%m-%dT%H:%M:%S+00:00', e.created_at,
                'unixepoch'),
                   CASE json_extract(e.data, '$.missing') WHEN 'host' THEN 'house'
                        ELSE json_extract(e.data, '$.missing') END,
                   'count difference', -json_extract(e.data, '$.difference')
            FROM events e WHERE e.undone = 0 AND e.kind = 'settle' AND json_extract(e.data,
                '$.missing') IS NOT NULL AND NOT EXISTS (SELECT 1 FROM events r WHERE
                    r.session_id = e.session_id AND r.kind = 'reopen' AND r.undone = 0 AND r.id
                        > e.id) AND json_extract(e.data, '$.missing') != 'shared'
            UNION ALL
            SELECT e.id, e.session_id, strftime('%Y-%m-%dT%H:%M:%S+00:00', e.created_at,
                'unixepoch'), c.player, 'count difference',
                   -json_extract(e.data, '$.difference') * CAST(c.chips AS REAL) / t.chips
            FROM events e
            JOIN (SELECT session_id, player, sum(chips) AS chips FROM cashed
                  GROUP BY session_id, player HAVING sum(chips) > 0) c
                ON c.session_id = e.session_id
            JOIN (SELECT session_id, sum(chips) AS chips FROM cashed GROUP BY session_id) t
                ON t.session_id = e.session_id
            WHERE e.undone = 0 AND e.kind = 'settle' AND json_extract(e.data, '$.missing') IS
                NOT NULL AND NOT EXISTS (SELECT 1 FROM events r WHERE r.session_id =
                    e.session_id AND r.kind = 'reopen' AND r.undone = 0 AND r.id > e.id) AND
                        json_extract(e.data, '$.missing') = 'shared'
        )
        SELECT s.name AS session, substr(s.created_at, 1, 10) AS date, m.at AS at,
               m.player AS player, m.kind AS kind, m.chips AS chips,
               CASE WHEN json_extract(s.settings, '$.tournament') IS NULL
                    THEN round(m.chips * CAST(json_extract(s.settings, '$.chip_value') AS REAL), 6)
               END AS money,
               CASE WHEN NOT json_extract(s.settings, '$.tournament') IS NULL THEN NULL
                    WHEN m.kind IN ('cave', 'recave', 'cash-out')
                    THEN -round(m.chips * CAST(json_extract(s.settings, '$.chip_value')
                                               AS REAL), 6)
                    WHEN m.kind = 'count difference'
                    THEN round(m.chips * CAST(json_extract(s.settings, '$.chip_value') AS REAL),
                        6)
                    ELSE 0 END AS balance,
               json_extract(s.settings, '$.currency') AS currency,
               m.event AS event
        FROM moves m JOIN sessions s ON s.id = m.session_id
        ORDER BY m.session_id, m.event, m.kind = 'cash-out', m.player
    """,
    "players_now": """
        SELECT s.name AS session, substr(s.created_at, 1, 10) AS date,
               json_extract(a.value, '$.name') AS player,
               json_extract(a.value, '$.seat') AS seat,
               CASE WHEN json_extract(a.value, '$.left') THEN 0
                    ELSE json_extract(a.value, '$.stack') END AS stack,
               json_extract(a.value, '$.bought') AS bought,
               json_extract(a.value, '$.recaves') AS recaves,
               json_extract(a.value, '$.cashed_out') AS cashed_out,
               json_extract(a.value, '$.adjusted') AS adjusted,
               json_extract(a.value, '$.stack') + json_extract(a.value, '$.cashed_out')
                   - json_extract(a.value, '$.bought') AS result,
               CASE WHEN json_extract(s.settings, '$.tournament') IS NULL
                    THEN round((json_extract(a.value, '$.stack')
                                + json_extract(a.value, '$.cashed_out')
                      - json_extract(a.value, '$.bought'))
                     * CAST(json_extract(s.settings, '$.chip_value') AS REAL), 6) END
                   AS result_money,
               json_extract(s.settings, '$.currency') AS currency,
               json_extract(a.value, '$.left') AS left,
               json_extract(a.value, '$.sitting_out') AS sitting_out,
               EXISTS (SELECT 1 FROM events e WHERE e.session_id = s.id AND e.kind = 'deal' AND
                   e.undone = 0
                       AND e.id > sn.event_id) AS hand_in_play
        FROM sessions s
        JOIN snapshots sn ON sn.session_id = s.id AND sn.event_id = (
            SELECT max(event_id) FROM snapshots WHERE session_id = s.id)
        , json_each(sn.state, '$.accounts') a
        ORDER BY s.id, json_extract(a.value, '$.left'), json_extract(a.value, '$.seat')
    """,
}


def migrate(db: Database) -> None:
    """Recreate `ledger` and `players_now` without a money value for a tournament's chips."""
    # Why: the views said "+17700.00 EUR" for a tournament player who won 58 EUR.
    for name, select in VIEWS.items():
        db.execute(f"DROP VIEW IF EXISTS {name}")
        db.execute(f"CREATE VIEW {name} AS {select}")
