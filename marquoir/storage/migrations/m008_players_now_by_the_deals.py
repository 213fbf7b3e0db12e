"""m008: `players_now` finds the hand in play by an index of deals."""

from __future__ import annotations

from sqlite_utils import Database

VIEWS = {
    # as m007's, `hand_in_play` asking only for a deal after the last snapshot
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
               round((json_extract(a.value, '$.stack') + json_extract(a.value, '$.cashed_out')
                      - json_extract(a.value, '$.bought'))
                     * CAST(json_extract(s.settings, '$.chip_value') AS REAL), 6)
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
    """Index the deals; recreate `players_now` to use it."""
    # Why: `players_now` read "hand in play" as any event after the session's last snapshot,
    # found with no index (m007 left it out) by reading every later event of the file:
    # `standings` over 1,000 sessions took 90 s. A snapshot follows every event that leaves no
    # hand in play, so those events are the hand's, from its deal: an index of deals finds it.
    db.execute("CREATE INDEX events_deals ON events (session_id, id) WHERE kind = 'deal'")
    for name, select in VIEWS.items():
        db.execute(f"DROP VIEW IF EXISTS {name}")
        db.execute(f"CREATE VIEW {name} AS {select}")
