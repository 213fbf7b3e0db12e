"""m010: a first seat and a departure stored as short arrays."""

from __future__ import annotations

from sqlite_utils import Database

VIEWS = {
    # m009's, a first seat read as [player, seat, chips] and a departure as [player, chips]
    # (the chips last in both), a returning player's seat and a recave as objects still
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
               round(m.chips * CAST(json_extract(s.settings, '$.chip_value') AS REAL), 6)
                   AS money,
               CASE WHEN m.kind IN ('cave', 'recave', 'cash-out')
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
}


def migrate(db: Database) -> None:
    """Rewrite the first seats and the departures as arrays; recreate the ledger view."""
    # Why: a file of imported hand histories seats every player of every hand and cashes
    # him out after it (the 10,000 hands of the Pluribus file: 120,000 such events, 12 of
    # the 23 rows of a hand), and the names of the fields, `{"chips":...,"player":...,
    # "seat":...}`, were a third of those rows: 240 bytes a hand. Nothing is lost: the
    # array keeps every field, by position. A returning player's seat (with `returning`)
    # keeps its object. Plain JSON work, no domain code.
    db.execute(
        """
        UPDATE events SET data = json_array(json_extract(data, '$.player'),
                                             json_extract(data, '$.seat'),
                                             json_extract(data, '$.chips'))
        WHERE kind = 'seat' AND json_type(data) = 'object'
          AND NOT coalesce(json_extract(data, '$.returning'), 0)
        """
    )
    db.execute(
        """
        UPDATE events SET data = json_array(json_extract(data, '$.player'),
                                             json_extract(data, '$.chips'))
        WHERE kind = 'leave' AND json_type(data) = 'object'
        """
    )
    for name, select in VIEWS.items():
        db.execute(f"DROP VIEW IF EXISTS {name}")
        db.execute(f"CREATE VIEW {name} AS {select}")
