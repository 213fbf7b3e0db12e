"""m006: the brelans a Bouillotte showdown read from the cards, kept in the showdown."""

from __future__ import annotations

import json

from sqlite_utils import Database

VIEWS = {
    # m005's, a showdown's `paid` read as a `brelans` event's
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
            WHERE e.undone = 0 AND (e.kind = 'brelans' OR e.kind = 'showdown' AND
                json_extract(e.data, '$.paid') IS NOT NULL) AND paid.value != 0
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
    # m003's, a showdown's `paid` read as a `brelans` event's
    "stacks_after_hand": """
        WITH brelans AS (
            SELECT e.session_id, e.hand_no, paid.key AS player, paid.value AS chips
            FROM events e, json_each(e.data, '$.paid') paid
            WHERE e.undone = 0 AND (e.kind = 'brelans' OR e.kind = 'showdown' AND
                json_extract(e.data, '$.paid') IS NOT NULL)
        )
        SELECT s.name AS session, substr(s.created_at, 1, 10) AS date, h.hand_no AS hand,
               st.key AS player, st.value + coalesce(b.chips, 0) AS stack,
               coalesce((SELECT f.value FROM json_each(h.summary, '$.final') f
                         WHERE f.key = st.key), st.value)
               - coalesce((SELECT g.value FROM json_each(h.summary, '$.start') g
                           WHERE g.key = st.key), st.value)
               + coalesce(b.chips, 0) AS net
        FROM hands h JOIN sessions s ON s.id = h.session_id,
             json_each(h.summary, '$.stacks') st
        LEFT JOIN brelans b
            ON b.session_id = h.session_id AND b.hand_no = h.hand_no AND b.player = st.key
        ORDER BY h.session_id, h.hand_no, st.key
    """,
}


def migrate(db: Database) -> None:
    """Move the brelans out of the showdowns' summaries into their events; recreate the views."""
    # Why: `showdown --retourne` pays the brelans it reads in the same event as the pots (one
    # `undo` takes both back), but the ledger, the stacks after each hand and the reports
    # read brelan payments only from `brelans` events: those payments were missing, and the
    # hand summary counted them in the stacks but not in the net. From now on such a
    # showdown keeps what it paid (`paid`, as a `brelans` event does) and the summary keeps
    # the stacks the pots left. Older showdowns are rewritten here from their own summary
    # (what the stacks gained beyond the pots is what the brelans moved): plain JSON work.
    conn = db.conn
    rows = conn.execute(
        """
        SELECT h.rowid, h.summary, e.id, e.data FROM hands h
        JOIN events e ON e.id = h.event_id
        JOIN sessions s ON s.id = h.session_id
        WHERE e.kind = 'showdown' AND json_extract(e.data, '$.cards') IS NOT NULL
          AND json_extract(e.data, '$.paid') IS NULL
          AND json_extract(h.summary, '$.final') IS NOT NULL
          AND json_extract(s.settings, '$.table.game') = 'bouillotte'
        """
    ).fetchall()
    for rowid, summary_text, event_id, data_text in rows:
        summary, data = json.loads(summary_text), json.loads(data_text)
        stacks, final = summary["stacks"], summary["final"]
        paid = {name: stacks[name] - chips for name, chips in final.items() if name in stacks}
        if not any(paid.values()):
            continue
        for name, delta in paid.items():
            stacks[name] -= delta
        if set(final) == set(summary.get("start", ())) and all(
            stacks.get(name) == chips for name, chips in final.items()
        ):
            del summary["final"]  # (left out when equal to the stacks, as m004 stores it)
        data["paid"] = paid
        conn.execute("UPDATE hands SET summary = ? WHERE rowid = ?", [_dumps(summary), rowid])
        conn.execute("UPDATE events SET data = ? WHERE id = ?", [_dumps(data), event_id])
    for name, select in VIEWS.items():
        db.execute(f"DROP VIEW IF EXISTS {name}")
        db.execute(f"CREATE VIEW {name} AS {select}")


def _dumps(data: object) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))
