"""The schema, as numbered, append-only migrations (sqlite-utils).

Imported only when a database is new or behind: the table commands check the count of
applied migrations with plain sqlite3 and skip this module (sqlite-utils costs ~90 ms to
import).
"""

from __future__ import annotations

import json
from typing import Any

from sqlite_utils import Database, Migrations

from ..domain.table import SessionSettings, Table
from . import codec, summaries

migrations = Migrations("marquoir")


@migrations()
def m001_sessions_events_snapshots(db: Database) -> None:
    # Why: the first schema. Sessions hold their settings as JSON; events are the append-only
    # log (an undo marks an event undone, it never deletes it); a snapshot of the table is kept
    # after every event that leaves no hand in play, so loading the table costs one snapshot
    # plus the events of the hand in play, whatever the number of hands in the file.
    db.execute(
        """
        CREATE TABLE sessions (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE,
            settings TEXT NOT NULL,
            created_at TEXT NOT NULL
        )
        """
    )
    db.execute(
        """
        CREATE TABLE events (
            id INTEGER PRIMARY KEY,
            session_id INTEGER NOT NULL REFERENCES sessions(id),
            hand_no INTEGER,
            kind TEXT NOT NULL,
            data TEXT NOT NULL,
            undone INTEGER NOT NULL DEFAULT 0,
            created_at TEXT NOT NULL
        )
        """
    )
    db.execute("CREATE INDEX events_session ON events (session_id, undone, id)")
    db.execute(
        """
        CREATE TABLE snapshots (
            session_id INTEGER NOT NULL REFERENCES sessions(id),
            event_id INTEGER NOT NULL REFERENCES events(id),
            state TEXT NOT NULL,
            PRIMARY KEY (session_id, event_id)
        )
        """
    )
    db.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")


def apply(db: Database) -> None:
    """Bring the database to the current schema."""
    migrations.apply(db)


@migrations()
def m002_hands(db: Database) -> None:
    # Why: reports, exports and standings read every hand of a session; replaying the whole
    # log for that would take minutes on 100,000 hands. A finished hand now leaves a summary
    # row (pots, winners, stacks after), written with the event that ended it and removed by
    # undo. Files made before this migration get their rows rebuilt from their events here.
    db.execute(
        """
        CREATE TABLE hands (
            session_id INTEGER NOT NULL REFERENCES sessions(id),
            hand_no INTEGER NOT NULL,
            event_id INTEGER NOT NULL REFERENCES events(id),
            summary TEXT NOT NULL,
            PRIMARY KEY (session_id, hand_no)
        )
        """
    )
    db.execute("CREATE INDEX hands_event ON hands (session_id, event_id)")
    for session_id, settings in db.execute("SELECT id, settings FROM sessions").fetchall():
        _rebuild_hands(db, session_id, codec.settings_from_dict(json.loads(settings)))


def _rebuild_hands(db: Database, session_id: int, settings: SessionSettings) -> None:
    table = Table(settings)
    rows = db.execute(
        "SELECT id, kind, data FROM events WHERE session_id = ? AND undone = 0 ORDER BY id",
        [session_id],
    ).fetchall()
    for event_id, kind, data in rows:
        in_hand = table.hand is not None
        event = codec.event_from_record(kind, json.loads(data))
        table.apply(event)
        if table.hand is None and table.last_hand is not None and (in_hand or kind == "deal"):
            summary = summaries.hand_summary(table, table.last_hand)
            db.execute(
                "INSERT INTO hands (session_id, hand_no, event_id, summary) VALUES (?, ?, ?, ?)",
                [session_id, table.hand_no, event_id, codec.dumps(summary)],
            )


# The readable views of m003, frozen as they were shipped: a later change to a view is a new
# migration that drops and recreates it, never an edit here (a file already migrated would
# keep the old view). Pure SQL over the JSON of `sessions`, `events`, `hands` and `snapshots`:
# no domain code, so a view reads the same whatever Marquoir later does with those classes.
M003_VIEWS = {
    # One line per session: its settings as columns, money as numbers.
    "session_settings": """
        SELECT s.id AS session_id, s.name AS session, substr(s.created_at, 1, 10) AS date,
               s.created_at AS created_at,
               json_extract(s.settings, '$.table.game') AS game,
               json_extract(s.settings, '$.table.betting') AS betting,
               json_extract(s.settings, '$.table.small_blind') AS small_blind,
               json_extract(s.settings, '$.table.big_blind') AS big_blind,
               json_extract(s.settings, '$.table.ante') AS ante,
               json_extract(s.settings, '$.caves.default') AS default_cave,
               CAST(json_extract(s.settings, '$.chip_value') AS REAL) AS chip_value,
               json_extract(s.settings, '$.currency') AS currency,
               (SELECT count(*) FROM hands h WHERE h.session_id = s.id) AS hands
        FROM sessions s
    """,
    # Every chip that came to or left a player outside the pots: caves, recaves, cash-outs,
    # count corrections, Bouillotte brelans, a void deal's chips given back. `chips` is what
    # the player's stack gained (a cash-out is negative); `balance` is what the line adds to
    # what the player is owed at the settlement (paying a cave costs him its money, cashing
    # out earns it), so SUM(balance) by player is the settlement's balance. A correction's
    # chips are the counted stack minus the stack of the snapshot before it (the event keeps
    # only the counted stack; corrections happen between hands, after a snapshot).
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
                   json_extract(e.data, '$.stack') - coalesce((
                       SELECT json_extract(a.value, '$.stack')
                       FROM snapshots p, json_each(p.state, '$.accounts') a
                       WHERE p.session_id = e.session_id AND p.event_id < e.id
                         AND json_extract(a.value, '$.name') = json_extract(e.data, '$.player')
                       ORDER BY p.event_id DESC LIMIT 1), 0)
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
    # Every betting action, in the order played. `amount` is the chips the action put in,
    # `total` the player's whole bet in this betting round after it (`raise 60` -> 60).
    # Forced bets (blinds, antes) are posted by the deal, not actions: they are not here.
    "actions": """
        SELECT s.name AS session, substr(s.created_at, 1, 10) AS date, e.hand_no AS hand,
               json_extract(e.data, '$.street') AS street,
               row_number() OVER (PARTITION BY e.session_id, e.hand_no ORDER BY e.id)
                   AS "order",
               json_extract(e.data, '$.player') AS player,
               json_extract(e.data, '$.verb') AS verb,
               json_extract(e.data, '$.added') AS amount,
               json_extract(e.data, '$.total') AS total,
               json_extract(e.data, '$.all_in') AS all_in,
               e.id AS event
        FROM events e JOIN sessions s ON s.id = e.session_id
        WHERE e.undone = 0 AND e.kind = 'action'
    """,
    # Who took what from each pot of each finished hand (one line per winner and pot).
    "hand_results": """
        SELECT s.name AS session, substr(s.created_at, 1, 10) AS date, h.hand_no AS hand,
               json_extract(pot.value, '$.name') AS pot,
               json_extract(pot.value, '$.amount') AS pot_chips,
               json_extract(share.value, '$[0]') AS player,
               json_extract(share.value, '$[1]') AS won
        FROM hands h JOIN sessions s ON s.id = h.session_id,
             json_each(h.summary, '$.pots') pot, json_each(pot.value, '$.shares') share
        ORDER BY h.session_id, h.hand_no, pot.key, share.key
    """,
    # Everyone's stack after each finished hand, with the hand's net for him (brelans paid
    # after a Bouillotte hand included, as in the report).
    "stacks_after_hand": """
        WITH brelans AS (
            SELECT e.session_id, e.hand_no, paid.key AS player, paid.value AS chips
            FROM events e, json_each(e.data, '$.paid') paid
            WHERE e.undone = 0 AND e.kind = 'brelans'
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
    # Every player of every session as the last snapshot leaves him (between hands: during
    # a hand in play, `hand_in_play` is 1 and the stacks are those of before the deal).
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
               EXISTS (SELECT 1 FROM events e WHERE e.session_id = s.id AND e.undone = 0
                       AND e.id > sn.event_id) AS hand_in_play
        FROM sessions s
        JOIN snapshots sn ON sn.session_id = s.id AND sn.event_id = (
            SELECT max(event_id) FROM snapshots WHERE session_id = s.id)
        , json_each(sn.state, '$.accounts') a
        ORDER BY s.id, json_extract(a.value, '$.left'), json_extract(a.value, '$.seat')
    """,
}


@migrations()
def m003_readable_views(db: Database) -> None:
    # Why: the file is also read by people with Datasette or sqlite-utils (a club's
    # treasurer, the players' phones through `marquoir serve`). The log keeps JSON blobs and
    # undone events; these views give the caves, the actions, the pots and the stacks as
    # plain columns, undone events left out, money and chip value as numbers. Views cost
    # nothing when a command records an event: they are computed when read.
    for name, select in M003_VIEWS.items():
        db.execute(f"CREATE VIEW {name} AS {select}")


# m004's views: `actions` reads the compact actions (a field left out holds its default);
# `ledger` takes a correction's chips from the event (`was`, the stack it replaced), since
# the snapshot before it may no longer be kept.
M004_VIEWS = {
    "ledger": M003_VIEWS["ledger"].replace(
        """json_extract(e.data, '$.stack') - coalesce((
                       SELECT json_extract(a.value, '$.stack')
                       FROM snapshots p, json_each(p.state, '$.accounts') a
                       WHERE p.session_id = e.session_id AND p.event_id < e.id
                         AND json_extract(a.value, '$.name') = json_extract(e.data, '$.player')
                       ORDER BY p.event_id DESC LIMIT 1), 0)""",
        "json_extract(e.data, '$.stack') - coalesce(json_extract(e.data, '$.was'), 0)",
    ),
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
assert "'$.was'" in M004_VIEWS["ledger"]  # the replaced text was found

# m004 keeps the last two snapshots of every block of this many hands (as `Ledger` does).
M004_SNAPSHOT_BLOCK = 50
M004_ACTION_DEFAULTS = {"amount": None, "added": 0, "total": 0, "all_in": False}
M004_SUMMARY_DEFAULTS: dict[str, object] = {
    "returned": {},
    "by_fold": False,
    "void": False,
    "carry": 0,
    "ranking": None,
}


@migrations()
def m004_compact_storage(db: Database) -> None:
    # Why: a file grew 3.8 KB a hand, most of it repeated: a snapshot of the whole table
    # after every hand, actions spelling out fields at their default, hand summaries
    # repeating the hand number, the session's forced bets and the stacks. This rewrites the
    # older rows in the compact form the commands now write; nothing is lost (`verify`
    # replays the log and compares). Plain JSON work, no domain code: the rows are read and
    # written as data, so this migration does the same whatever the rules later become.
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
        [M004_SNAPSHOT_BLOCK],
    )
    # 3. actions without the fields at their default
    conn = db.conn
    rows = conn.execute("SELECT id, data FROM events WHERE kind = 'action'")
    conn.executemany(
        "UPDATE events SET data = ? WHERE id = ?",
        ((_m004_action(json.loads(data)), event_id) for event_id, data in rows.fetchall()),
    )
    # 4. hand summaries without repetition
    schedules = {
        session_id: _m004_schedule(json.loads(settings))
        for session_id, settings in conn.execute("SELECT id, settings FROM sessions")
    }
    rows = conn.execute("SELECT rowid, session_id, summary FROM hands")
    conn.executemany(
        "UPDATE hands SET summary = ? WHERE rowid = ?",
        (
            (_m004_summary(json.loads(summary), schedules[session_id]), rowid)
            for rowid, session_id, summary in rows.fetchall()
        ),
    )
    for name, select in M004_VIEWS.items():
        db.execute(f"DROP VIEW {name}")
        db.execute(f"CREATE VIEW {name} AS {select}")


def _m004_dumps(data: object) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def _m004_action(data: dict[str, object]) -> str:
    return _m004_dumps(
        {
            key: value
            for key, value in data.items()
            if not (key in M004_ACTION_DEFAULTS and value == M004_ACTION_DEFAULTS[key])
            and not (key == "verb" and value == data.get("action"))
        }
    )


def _m004_schedule(settings: dict[str, Any]) -> dict[str, object]:
    """The session's settings of the table: a summary's forced bets that all equal these
    are the session's own."""
    table: dict[str, object] = settings["table"]
    return table


def _m004_summary(summary: dict[str, Any], schedule: dict[str, object]) -> str:
    stored = {
        key: value
        for key, value in summary.items()
        if key != "hand"
        and not (key in M004_SUMMARY_DEFAULTS and value == M004_SUMMARY_DEFAULTS[key])
    }
    forced = stored.get("schedule")
    if forced and all(key in schedule and schedule[key] == value for key, value in forced.items()):
        del stored["schedule"]
    stacks, final = stored.get("stacks", {}), stored.get("final", {})
    same = all(name in stacks and stacks[name] == chips for name, chips in final.items())
    if same and set(final) == set(stored.get("start", ())):
        del stored["final"]
    return _m004_dumps(stored)


# The ledger view of m005, frozen in its turn: m004's (a correction's chips from the event),
# plus the one event `leave --all` now records for everyone (kind `leave-all`: `leaves`
# [[player, chips], ...], and `shares`, a void deal's chips given back first). Under m004
# those cash-outs and shares would be missing from the ledger, and its balances would no
# longer be the settlement's.
M005_LEDGER = """
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
"""


@migrations()
def m005_ledger_reads_leave_all(db: Database) -> None:
    # Why: `leave --all` became one event of its own kind (one `undo` takes the whole end of
    # the night back) instead of a `leave` per player. The ledger view read only `leave`
    # and `carry-split`, so it lost those cash-outs; it is dropped and recreated here rather
    # than edited in m003 or m004, which files already migrated would keep. The other views are
    # unaffected: players_now reads the snapshot kept after the event, the others read hands
    # and actions.
    db.execute("DROP VIEW IF EXISTS ledger")
    db.execute(f"CREATE VIEW ledger AS {M005_LEDGER}")


# m006's views: the brelans Bouillotte's showdown read from the cards pays with the pots
# (kept in that `showdown` event's `paid`, as a `brelans` event keeps them) are brelan
# lines of the ledger and part of the hand's net, like those of the `brelan` command.
M006_PAID = (
    "(e.kind = 'brelans' OR e.kind = 'showdown' AND json_extract(e.data, '$.paid') IS NOT NULL)"
)
M006_VIEWS = {
    "ledger": M005_LEDGER.replace(
        "WHERE e.undone = 0 AND e.kind = 'brelans' AND paid.value != 0",
        f"WHERE e.undone = 0 AND {M006_PAID} AND paid.value != 0",
    ),
    "stacks_after_hand": M003_VIEWS["stacks_after_hand"].replace(
        "WHERE e.undone = 0 AND e.kind = 'brelans'", f"WHERE e.undone = 0 AND {M006_PAID}"
    ),
}
assert all(M006_PAID in select for select in M006_VIEWS.values())  # the texts were found


@migrations()
def m006_brelans_from_the_cards(db: Database) -> None:
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
        conn.execute("UPDATE hands SET summary = ? WHERE rowid = ?", [_m004_dumps(summary), rowid])
        conn.execute("UPDATE events SET data = ? WHERE id = ?", [_m004_dumps(data), event_id])
    for name, select in M006_VIEWS.items():
        db.execute(f"DROP VIEW IF EXISTS {name}")
        db.execute(f"CREATE VIEW {name} AS {select}")


# m007's street names, frozen as data (a later game adds its rows in a migration of its own):
# an action keeps its street by number, and the `actions` view names it from this table.
_STUD_STREETS = ("third street", "fourth street", "fifth street", "sixth street", "seventh street")
M007_STREETS = {
    "holdem": ("preflop", "flop", "turn", "river"),
    "omaha": ("preflop", "flop", "turn", "river"),
    "omaha-hilo": ("preflop", "flop", "turn", "river"),
    "draw": ("before the draw", "after the draw"),
    "bouillotte": ("the round",),
    "stud": _STUD_STREETS,
    "stud-hilo": _STUD_STREETS,
    "razz": _STUD_STREETS,
}
M007_ACTION_FIELDS = ("action", "player", "street", "added", "total", "amount", "verb", "all_in")
M007_ACTION_DEFAULTS: tuple[Any, ...] = (None, None, None, 0, 0, None, None, 0)
M007_ISO = "strftime('%Y-%m-%dT%H:%M:%S+00:00', {}, 'unixepoch')"

# The views of m007, over the compact log and summaries: the same columns and rows as before
# (m006's: the brelans a showdown read from the cards paid are brelan lines of the ledger
# and part of the hand's net).
M007_VIEWS = {
    "session_settings": M003_VIEWS["session_settings"],
    "players_now": M003_VIEWS["players_now"],
    "ledger": M006_VIEWS["ledger"]
    .replace(
        "SELECT e.id AS event, e.session_id, e.created_at AS at,",
        f"SELECT e.id AS event, e.session_id, {M007_ISO.format('e.created_at')} AS at,",
    )
    .replace(
        "SELECT e.id, e.session_id, e.created_at,",
        f"SELECT e.id, e.session_id, {M007_ISO.format('e.created_at')},",
    ),
    # an action is [action, player, street, added, total, amount, verb, all_in] (trailing
    # defaults left out; `verb` null when it is the action)
    "actions": """
        SELECT s.name AS session, substr(s.created_at, 1, 10) AS date, e.hand_no AS hand,
               coalesce(st.name, json_extract(e.data, '$[2]')) AS street,
               row_number() OVER (PARTITION BY e.session_id, e.hand_no ORDER BY e.id)
                   AS "order",
               json_extract(e.data, '$[1]') AS player,
               coalesce(json_extract(e.data, '$[6]'), json_extract(e.data, '$[0]')) AS verb,
               coalesce(json_extract(e.data, '$[3]'), 0) AS amount,
               coalesce(json_extract(e.data, '$[4]'), 0) AS total,
               coalesce(json_extract(e.data, '$[7]'), 0) AS all_in,
               e.id AS event
        FROM events e JOIN sessions s ON s.id = e.session_id
        LEFT JOIN streets st ON st.game = json_extract(s.settings, '$.table.game')
                            AND st.number = json_extract(e.data, '$[2]')
        WHERE e.undone = 0 AND e.kind = 'action'
    """,
    # a summary is [players, start, net, pots, button, rest?]; pots are [amount, eligible,
    # shares, {name, high, low}?] with the players by their index in `players`
    "hand_results": """
        SELECT s.name AS session, substr(s.created_at, 1, 10) AS date, h.hand_no AS hand,
               coalesce(json_extract(pot.value, '$[3].name'),
                        CASE pot.key WHEN 0 THEN 'main pot' ELSE 'side pot ' || pot.key END)
                   AS pot,
               json_extract(pot.value, '$[0]') AS pot_chips,
               CASE json_type(share.value, '$[0]') WHEN 'integer'
                    THEN json_extract(h.summary,
                                      '$[0][' || json_extract(share.value, '$[0]') || ']')
                    ELSE json_extract(share.value, '$[0]') END AS player,
               json_extract(share.value, '$[1]') AS won
        FROM hands h JOIN sessions s ON s.id = h.session_id,
             json_each(h.summary, '$[3]') pot, json_each(pot.value, '$[2]') share
        ORDER BY h.session_id, h.hand_no, pot.key, share.key
    """,
    # the players of the hand (stack: `after`, else start + net) and those who sat out of it
    # (`others`, net 0), brelans paid after a Bouillotte hand included; see hand_results
    "stacks_after_hand": f"""
        WITH brelans AS (
            SELECT e.session_id, e.hand_no, paid.key AS player, paid.value AS chips
            FROM events e, json_each(e.data, '$.paid') paid
            WHERE e.undone = 0 AND {M006_PAID}
        ), after AS (
            SELECT h.session_id, h.hand_no, p.value AS player,
                   coalesce(json_extract(h.summary, '$[5].after[' || p.key || ']'),
                            json_extract(h.summary, '$[1][' || p.key || ']')
                            + json_extract(h.summary, '$[2][' || p.key || ']')) AS stack,
                   json_extract(h.summary, '$[2][' || p.key || ']') AS net
            FROM hands h, json_each(h.summary, '$[0]') p
            UNION ALL
            SELECT h.session_id, h.hand_no, json_extract(o.value, '$[0]'),
                   json_extract(o.value, '$[1]'), 0
            FROM hands h, json_each(h.summary, '$[5].others') o
        )
        SELECT s.name AS session, substr(s.created_at, 1, 10) AS date, a.hand_no AS hand,
               a.player AS player, a.stack + coalesce(b.chips, 0) AS stack,
               a.net + coalesce(b.chips, 0) AS net
        FROM after a JOIN sessions s ON s.id = a.session_id
        LEFT JOIN brelans b
            ON b.session_id = a.session_id AND b.hand_no = a.hand_no AND b.player = a.player
        ORDER BY a.session_id, a.hand_no, a.player
    """,
}
# (m006's brelans: a showdown's `paid` counted as a `brelans` event's)
assert all(M006_PAID in M007_VIEWS[name] for name in ("ledger", "stacks_after_hand"))


@migrations()
def m007_storage_by_the_byte(db: Database) -> None:
    # Why: a hand of no-limit hold'em took 2.3 KB, most of it the per-row cost of ~15
    # events: a 25-character time on every event, actions as JSON objects naming every
    # field, an index on (session, undone, id) that loading does not need (it reads the
    # events after the last snapshot by id), and hand summaries naming each player four
    # times in a table with two indexes. This rewrites the log and the summaries as the
    # commands now write them: times as whole seconds (UTC), actions as short arrays with
    # their street by number (the new `streets` table names them), summaries with the
    # players named once, `hands` keyed by (session, hand) without a rowid. Nothing is lost:
    # every field can be read back, the views give the same rows, `verify` replays the log.
    # Plain JSON work with the games' streets frozen above, no domain code.
    conn = db.conn
    for name in M007_VIEWS:
        conn.execute(f"DROP VIEW IF EXISTS {name}")
    conn.execute(
        "CREATE TABLE streets (game TEXT NOT NULL, number INTEGER NOT NULL, name TEXT NOT NULL,"
        " PRIMARY KEY (game, number)) WITHOUT ROWID"
    )
    conn.executemany(
        "INSERT INTO streets (game, number, name) VALUES (?, ?, ?)",
        [(g, n, name) for g, names in M007_STREETS.items() for n, name in enumerate(names)],
    )
    games = {
        session_id: json.loads(settings)["table"]["game"]
        for session_id, settings in conn.execute("SELECT id, settings FROM sessions")
    }
    conn.execute(
        """
        CREATE TABLE events_m007 (
            id INTEGER PRIMARY KEY,
            session_id INTEGER NOT NULL REFERENCES sessions(id),
            hand_no INTEGER,
            kind TEXT NOT NULL,
            data TEXT NOT NULL,
            undone INTEGER NOT NULL DEFAULT 0,
            created_at INTEGER NOT NULL
        )
        """
    )
    rows = conn.execute(
        "SELECT id, session_id, hand_no, kind, data, undone,"
        " CAST(strftime('%s', created_at) AS INTEGER) FROM events ORDER BY id"
    )
    conn.executemany(
        "INSERT INTO events_m007 VALUES (?, ?, ?, ?, ?, ?, ?)",
        (
            (
                event_id,
                session_id,
                hand_no,
                kind,
                _m007_action(json.loads(data), games[session_id]) if kind == "action" else data,
                undone,
                at,
            )
            for event_id, session_id, hand_no, kind, data, undone, at in rows
        ),
    )
    conn.execute("DROP TABLE events")  # (its index goes with it)
    conn.execute("ALTER TABLE events_m007 RENAME TO events")
    conn.execute(
        """
        CREATE TABLE hands_m007 (
            session_id INTEGER NOT NULL REFERENCES sessions(id),
            hand_no INTEGER NOT NULL,
            event_id INTEGER NOT NULL REFERENCES events(id),
            summary TEXT NOT NULL,
            PRIMARY KEY (session_id, hand_no)
        ) WITHOUT ROWID
        """
    )
    schedules = {
        session_id: json.loads(settings)["table"]
        for session_id, settings in conn.execute("SELECT id, settings FROM sessions")
    }
    rows = conn.execute("SELECT session_id, hand_no, event_id, summary FROM hands")
    conn.executemany(
        "INSERT INTO hands_m007 VALUES (?, ?, ?, ?)",
        (
            (sid, hand_no, event_id, _m007_summary(json.loads(summary), schedules[sid]))
            for sid, hand_no, event_id, summary in rows
        ),
    )
    conn.execute("DROP TABLE hands")
    conn.execute("ALTER TABLE hands_m007 RENAME TO hands")
    for name, select in M007_VIEWS.items():
        conn.execute(f"CREATE VIEW {name} AS {select}")


def _m007_action(data: dict[str, Any], game: str) -> str:
    full = {**dict(zip(M007_ACTION_FIELDS, M007_ACTION_DEFAULTS, strict=True)), **data}
    streets = M007_STREETS.get(game, ())
    if full["street"] in streets:
        full["street"] = streets.index(full["street"])
    if full.get("verb") == full["action"]:
        full["verb"] = None
    full["all_in"] = 1 if full["all_in"] else 0
    row = [full[field] for field in M007_ACTION_FIELDS]
    while len(row) > 3 and row[-1] == M007_ACTION_DEFAULTS[len(row) - 1]:
        row.pop()
    return _m004_dumps(row)


def _m007_summary(summary: dict[str, Any], schedule: dict[str, Any]) -> str:
    """An m004 summary (fields at their default, the hand number, the session's forced bets
    and `final` when it equals `stacks` left out) in m007's form: [players, start, net,
    pots, button, rest?] (see the views above). `stacks` are those the pots left (m006
    took the brelans a showdown paid out of them): `net` is `final` - `start`, and `after`
    keeps `stacks` where they differ from `final`."""
    players = summary["players"]
    index = {name: number for number, name in enumerate(players)}
    start, stacks = summary["start"], summary["stacks"]
    final = summary.get("final") or {name: stacks.get(name) for name in start}

    def who(name: str) -> int | str:
        return index.get(name, name)

    pots = []
    for number, pot in enumerate(summary["pots"]):
        row: list[Any] = [
            pot["amount"],
            [who(name) for name in pot["eligible"]],
            [[who(name), amount] for name, amount in pot["shares"]],
        ]
        extra = {
            key: [[who(name), amount] for name, amount in pot[key]]
            for key in ("high", "low")
            if key in pot
        }
        if pot["name"] != ("main pot" if number == 0 else f"side pot {number}"):
            extra["name"] = pot["name"]
        if extra:
            row.append(extra)
        pots.append(row)
    rest: dict[str, Any] = {}
    others = sorted([name, chips] for name, chips in stacks.items() if name not in index)
    if others:
        rest["others"] = others
    if any(stacks.get(name) != final[name] for name in players):
        rest["after"] = [stacks.get(name) for name in players]
    for key in ("returned", "by_fold", "void", "carry", "ranking", "low"):
        if key in summary and summary[key] not in ({}, False, 0, None):
            rest[key] = summary[key]
    forced = summary.get("schedule") or {}
    if any(key not in schedule or schedule[key] != value for key, value in forced.items()):
        rest["schedule"] = forced
    stored: list[Any] = [
        players,
        [start[name] for name in players],
        [final[name] - start[name] for name in players],
        pots,
        who(summary["button"]),
    ]
    if rest:
        stored.append(rest)
    return _m004_dumps(stored)


@migrations()
def m008_players_now_by_the_deals(db: Database) -> None:
    # Why: `players_now` read "hand in play" as any event after the session's last snapshot,
    # found with no index (m007 left it out) by reading every later event of the file:
    # `standings` over 1,000 sessions took 90 s. A snapshot follows every event that leaves no
    # hand in play, so those events are the hand's, from its deal: an index of deals finds it.
    deal = "FROM events e WHERE e.session_id = s.id AND e.kind = 'deal' AND e.undone = 0"
    view = M007_VIEWS["players_now"].replace(deal.replace(" AND e.kind = 'deal'", ""), deal)
    assert view != M007_VIEWS["players_now"]  # the replaced text was found
    db.conn.execute("CREATE INDEX events_deals ON events (session_id, id) WHERE kind = 'deal'")
    db.conn.execute("DROP VIEW IF EXISTS players_now")
    db.conn.execute(f"CREATE VIEW players_now AS {view}")
