"""m007: the log and the summaries by the byte (times as seconds, actions and summaries as
short arrays, streets by number)."""

from __future__ import annotations

import json
from typing import Any

from sqlite_utils import Database

VIEWS = {
    # m003's, unchanged (recreated with the others)
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
    # m003's, unchanged (recreated with the others)
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
    # m006's, times read from whole seconds
    "ledger": """
        WITH moves AS (
            SELECT e.id AS event, e.session_id, strftime('%Y-%m-%dT%H:%M:%S+00:00',
                e.created_at, 'unixepoch') AS at,
                   json_extract(e.data, '$.player') AS player,
                   CASE e.kind WHEN 'seat' THEN 'cave' WHEN 'leave' THEN 'cash-out'
                        ELSE 'recave' END AS kind,
                   CASE e.kind WHEN 'leave' THEN -json_extract(e.data, '$.chips')
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
    # an action is [action, player, street, added, total, amount, verb, all_in] (trailing
    # defaults left out; `verb` null when it is the action); the street named from `streets`
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
    # (`others`, net 0), brelans paid after a Bouillotte hand included
    "stacks_after_hand": """
        WITH brelans AS (
            SELECT e.session_id, e.hand_no, paid.key AS player, paid.value AS chips
            FROM events e, json_each(e.data, '$.paid') paid
            WHERE e.undone = 0 AND (e.kind = 'brelans' OR e.kind = 'showdown' AND
                json_extract(e.data, '$.paid') IS NOT NULL)
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

# The games' street names as they were when this migration shipped, frozen as data: an action
# keeps its street by number, and the `actions` view names it from the `streets` table. The
# rows of that table are game data: storage code writes them for today's games at every
# migration (see `streets.py`); this migration only uses them to rewrite the older actions.
_STUD_STREETS = ("third street", "fourth street", "fifth street", "sixth street", "seventh street")
STREETS = {
    "holdem": ("preflop", "flop", "turn", "river"),
    "omaha": ("preflop", "flop", "turn", "river"),
    "omaha-hilo": ("preflop", "flop", "turn", "river"),
    "draw": ("before the draw", "after the draw"),
    "bouillotte": ("the round",),
    "stud": _STUD_STREETS,
    "stud-hilo": _STUD_STREETS,
    "razz": _STUD_STREETS,
}
ACTION_FIELDS = ("action", "player", "street", "added", "total", "amount", "verb", "all_in")
ACTION_DEFAULTS: tuple[Any, ...] = (None, None, None, 0, 0, None, None, 0)


def migrate(db: Database) -> None:
    """Rewrite the log and the summaries in the compact form; recreate the views."""
    # Why: a hand of no-limit hold'em took 2.3 KB, most of it the per-row cost of ~15
    # events: a 25-character time on every event, actions as JSON objects naming every
    # field, an index on (session, undone, id) that loading does not need (it reads the
    # events after the last snapshot by id), and hand summaries naming each player four
    # times in a table with two indexes. This rewrites the log and the summaries as the
    # commands now write them: times as whole seconds (UTC), actions as short arrays with
    # their street by number (the new `streets` table names them, its rows written from the
    # games' registry after the migrations, not here), summaries with the
    # players named once, `hands` keyed by (session, hand) without a rowid. Nothing is lost:
    # every field can be read back, the views give the same rows, `verify` replays the log.
    # Plain JSON work with the games' streets frozen above, no domain code.
    conn = db.conn
    for name in VIEWS:
        conn.execute(f"DROP VIEW IF EXISTS {name}")
    conn.execute(
        "CREATE TABLE streets (game TEXT NOT NULL, number INTEGER NOT NULL, name TEXT NOT NULL,"
        " PRIMARY KEY (game, number)) WITHOUT ROWID"
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
                compact_action(json.loads(data), games[session_id]) if kind == "action" else data,
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
            (sid, hand_no, event_id, compact_summary(json.loads(summary), schedules[sid]))
            for sid, hand_no, event_id, summary in rows
        ),
    )
    conn.execute("DROP TABLE hands")
    conn.execute("ALTER TABLE hands_m007 RENAME TO hands")
    for name, select in VIEWS.items():
        conn.execute(f"CREATE VIEW {name} AS {select}")


def compact_action(data: dict[str, Any], game: str) -> str:
    """An m004 action in m007's form (see the `actions` view)."""
    full = {**dict(zip(ACTION_FIELDS, ACTION_DEFAULTS, strict=True)), **data}
    streets = STREETS.get(game, ())
    if full["street"] in streets:
        full["street"] = streets.index(full["street"])
    if full.get("verb") == full["action"]:
        full["verb"] = None
    full["all_in"] = 1 if full["all_in"] else 0
    row = [full[field] for field in ACTION_FIELDS]
    while len(row) > 3 and row[-1] == ACTION_DEFAULTS[len(row) - 1]:
        row.pop()
    return _dumps(row)


def compact_summary(summary: dict[str, Any], schedule: dict[str, Any]) -> str:
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
    return _dumps(stored)


def _dumps(data: object) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))
