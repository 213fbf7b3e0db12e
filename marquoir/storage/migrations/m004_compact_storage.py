"""m004: the log and the hand summaries stored compactly; snapshots thinned."""

from __future__ import annotations

import json
from typing import Any

from sqlite_utils import Database

VIEWS = {
    # m003's, a correction's chips taken from the event (`was`, the stack it replaced),
    # since the snapshot before it may no longer be kept
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
            WHERE e.undone = 0 AND e.kind = 'carry-split'
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
        ORDER BY m.session_id, m.event, m.player
    """,
    # m003's, reading the compact actions (a field left out holds its default)
    "actions": """
        SELECT s.name AS session, substr(s.created_at, 1, 10) AS date, e.hand_no AS hand,
               json_extract(e.data, '$.street') AS street,
               row_number() OVER (PARTITION BY e.session_id, e.hand_no ORDER BY e.id)
                   AS "order",
               json_extract(e.data, '$.player') AS player,
               coalesce(json_extract(e.data, '$.verb'), json_extract(e.data, '$.action'))
                   AS verb,
               coalesce(json_extract(e.data, '$.added'), 0) AS amount,
               coalesce(json_extract(e.data, '$.total'), 0) AS total,
               coalesce(json_extract(e.data, '$.all_in'), 0) AS all_in,
               e.id AS event
        FROM events e JOIN sessions s ON s.id = e.session_id
        WHERE e.undone = 0 AND e.kind = 'action'
    """,
}

# the last two snapshots of every block of this many hands are kept (as the ledger then did)
SNAPSHOT_BLOCK = 50
ACTION_DEFAULTS = {"amount": None, "added": 0, "total": 0, "all_in": False}
SUMMARY_DEFAULTS: dict[str, object] = {
    "returned": {},
    "by_fold": False,
    "void": False,
    "carry": 0,
    "ranking": None,
}


def migrate(db: Database) -> None:
    """Rewrite the older rows in the compact form; recreate the views that read them."""
    # Why: a file grew 3.8 KB a hand, most of it repeated: a snapshot of the whole table
    # after every hand, actions spelling out fields at their default, hand summaries
    # repeating the hand number, the session's forced bets and the stacks. This rewrites the
    # older rows in the compact form; nothing is lost (`verify` replays the log and
    # compares). Plain JSON work, no domain code: the rows are read and written as data, so
    # this migration does the same whatever the rules later become.
    # 1. corrections keep the stack they replaced (the `ledger` view read it from the
    #    snapshot before them, which step 2 may remove)
    db.execute(
        """
        UPDATE events SET data = json_set(data, '$.was', coalesce((
            SELECT json_extract(a.value, '$.stack')
            FROM snapshots p, json_each(p.state, '$.accounts') a
            WHERE p.session_id = events.session_id AND p.event_id < events.id
              AND json_extract(a.value, '$.name') = json_extract(events.data, '$.player')
            ORDER BY p.event_id DESC LIMIT 1), 0))
        WHERE kind = 'correction' AND json_extract(data, '$.was') IS NULL
        """
    )
    # 2. snapshots: the last two of every block of hands (loading needs the latest)
    db.execute(
        """
        DELETE FROM snapshots WHERE rowid IN (
            SELECT rowid FROM (
                SELECT rowid, row_number() OVER (
                    PARTITION BY session_id, json_extract(state, '$.hand_no') / ?
                    ORDER BY event_id DESC) AS latest
                FROM snapshots)
            WHERE latest > 2)
        """,
        [SNAPSHOT_BLOCK],
    )
    # 3. actions without the fields at their default
    conn = db.conn
    rows = conn.execute("SELECT id, data FROM events WHERE kind = 'action'")
    conn.executemany(
        "UPDATE events SET data = ? WHERE id = ?",
        ((compact_action(json.loads(data)), event_id) for event_id, data in rows.fetchall()),
    )
    # 4. hand summaries without repetition
    schedules = {
        session_id: _schedule(json.loads(settings))
        for session_id, settings in conn.execute("SELECT id, settings FROM sessions")
    }
    rows = conn.execute("SELECT rowid, session_id, summary FROM hands")
    conn.executemany(
        "UPDATE hands SET summary = ? WHERE rowid = ?",
        (
            (compact_summary(json.loads(summary), schedules[session_id]), rowid)
            for rowid, session_id, summary in rows.fetchall()
        ),
    )
    for name, select in VIEWS.items():
        db.execute(f"DROP VIEW IF EXISTS {name}")
        db.execute(f"CREATE VIEW {name} AS {select}")


def dumps(data: object) -> str:
    """JSON as m004 wrote it: keys sorted, no spaces."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def compact_action(data: dict[str, object]) -> str:
    """An action as m004 stores it: the fields at their default left out."""
    return dumps(
        {
            key: value
            for key, value in data.items()
            if not (key in ACTION_DEFAULTS and value == ACTION_DEFAULTS[key])
            and not (key == "verb" and value == data.get("action"))
        }
    )


def _schedule(settings: dict[str, Any]) -> dict[str, object]:
    """The session's settings of the table: a summary's forced bets that all equal these
    are the session's own."""
    table: dict[str, object] = settings["table"]
    return table


def compact_summary(summary: dict[str, Any], schedule: dict[str, object]) -> str:
    """A hand summary as m004 stores it: no hand number, no field at its default, no forced
    bets equal to the session's, no `final` equal to `stacks`."""
    stored = {
        key: value
        for key, value in summary.items()
        if key != "hand" and not (key in SUMMARY_DEFAULTS and value == SUMMARY_DEFAULTS[key])
    }
    forced = stored.get("schedule")
    if forced and all(key in schedule and schedule[key] == value for key, value in forced.items()):
        del stored["schedule"]
    stacks, final = stored.get("stacks", {}), stored.get("final", {})
    same = all(name in stacks and stacks[name] == chips for name, chips in final.items())
    if same and set(final) == set(stored.get("start", ())):
        del stored["final"]
    return dumps(stored)
