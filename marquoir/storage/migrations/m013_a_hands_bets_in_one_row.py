"""m013: a hand's betting actions in one row (kind `bets`), a returning player's seat as an
array; the `actions` view reads both."""

from __future__ import annotations

import json
from typing import Any

from sqlite_utils import Database

VIEWS = {
    # m007's, with the actions of a `bets` row: its data is the hand's streets by number,
    # each the array of its actions in order, an action [code, player, total, added,
    # all_in], `player` his index in the hand's summary's players, `total` 0 and `all_in` 0
    # left out, `added` left out when it is 0 for a fold or a check (f, k, x) and the total
    # for the others. The codes: f fold, k a call that checks, x check, c call, b bet,
    # r a bet that raises, B R C an all-in that bets, raises or calls.
    "actions": """
        WITH said AS (
            SELECT e.id, e.session_id, e.hand_no, 0 AS place,
                   json_extract(e.data, '$[2]') AS street,
                   json_extract(e.data, '$[1]') AS player,
                   coalesce(json_extract(e.data, '$[6]'), json_extract(e.data, '$[0]')) AS verb,
                   coalesce(json_extract(e.data, '$[3]'), 0) AS amount,
                   coalesce(json_extract(e.data, '$[4]'), 0) AS total,
                   coalesce(json_extract(e.data, '$[7]'), 0) AS all_in
            FROM events e WHERE e.undone = 0 AND e.kind = 'action'
            UNION ALL
            SELECT e.id, e.session_id, e.hand_no, street.key * 1000 + a.key, street.key,
                   json_extract(h.summary, '$[0][' || json_extract(a.value, '$[1]') || ']'),
                   CASE json_extract(a.value, '$[0]')
                        WHEN 'f' THEN 'fold' WHEN 'k' THEN 'check' WHEN 'x' THEN 'check'
                        WHEN 'c' THEN 'call' WHEN 'b' THEN 'bet' WHEN 'r' THEN 'raise'
                        WHEN 'B' THEN 'bet' WHEN 'R' THEN 'raise' WHEN 'C' THEN 'call' END,
                   coalesce(json_extract(a.value, '$[3]'),
                            CASE WHEN json_extract(a.value, '$[0]') IN ('f', 'k', 'x') THEN 0
                                 ELSE coalesce(json_extract(a.value, '$[2]'), 0) END),
                   coalesce(json_extract(a.value, '$[2]'), 0),
                   coalesce(json_extract(a.value, '$[4]'), 0)
            FROM events e
            JOIN hands h ON h.session_id = e.session_id AND h.hand_no = e.hand_no,
                 json_each(e.data) street, json_each(street.value) a
            WHERE e.undone = 0 AND e.kind = 'bets'
        )
        SELECT s.name AS session, substr(s.created_at, 1, 10) AS date, x.hand_no AS hand,
               coalesce(st.name, x.street) AS street,
               row_number() OVER (PARTITION BY x.session_id, x.hand_no ORDER BY x.id, x.place)
                   AS "order",
               x.player AS player, x.verb AS verb, x.amount AS amount, x.total AS total,
               x.all_in AS all_in, x.id AS event
        FROM said x JOIN sessions s ON s.id = x.session_id
        LEFT JOIN streets st ON st.game = json_extract(s.settings, '$.table.game')
                            AND st.number = x.street
    """,
}

# (what was said, what it was, whether an amount was said) -> the code in a `bets` row; the
# amount said is then the total (written here and not read from the code: a migration does
# the same to a file whatever the code later becomes)
CODES = {
    ("fold", "fold", False): "f",
    ("call", "check", False): "k",
    ("check", "check", False): "x",
    ("call", "call", False): "c",
    ("bet", "bet", True): "b",
    ("bet", "raise", True): "r",
    ("allin", "bet", False): "B",
    ("allin", "raise", False): "R",
    ("allin", "call", False): "C",
}
# an action's array: [action, player, street, added, total, amount, verb, all_in] (m007)
DEFAULTS: tuple[Any, ...] = (None, None, None, 0, 0, None, None, 0)


def migrate(db: Database) -> None:
    """Write each returning player's seat `{"chips", "player", "returning", "seat"}` as
    `[player, seat, 1, chips]`; write the actions of each imported hand as one `bets` row;
    recreate the `actions` view."""
    # Why: an import of hand histories cashes a winner out and seats him again before most
    # hands (one a Pluribus hand), and the field names were two thirds of that row, as they
    # were of the first seats m010 made arrays. The chips stay last, where the `ledger` view
    # and the reports read them. Plain JSON work, no domain code.
    db.execute(
        """
        UPDATE events SET data = json_array(json_extract(data, '$.player'),
                                             json_extract(data, '$.seat'), 1,
                                             json_extract(data, '$.chips'))
        WHERE kind = 'seat' AND json_type(data) = 'object'
          AND json_extract(data, '$.returning') = 1
          AND (SELECT count(*) FROM json_each(data)) = 4
        """
    )
    # Why: the betting actions were two thirds of a file of imported hand histories: nine
    # rows a Pluribus hand, each about 27 bytes of data and 26 of SQLite's own row. One row
    # a hand, each action without its player's name (his index in the hand's summary) nor
    # its street (the place of its array), weighs a quarter of that. Only the hands whose
    # actions were recorded in the same second (an import's) and follow each other are
    # written so, and only when they end the hand or come just before the event that ends
    # it (so `undo` takes them back one by one); a hand played at the table keeps each
    # action's time. The row keeps the id of the hand's last action (the summary and the
    # snapshots name it when it ended the hand); the other rows of the actions, whose facts
    # it holds, are removed. Plain JSON work, no domain code.
    conn = db.conn
    for (session_id,) in conn.execute("SELECT id FROM sessions").fetchall():
        _pack_session(conn, session_id)
    for name, select in VIEWS.items():
        db.execute(f"DROP VIEW IF EXISTS {name}")
        db.execute(f"CREATE VIEW {name} AS {select}")


def _pack_session(conn: Any, session_id: int) -> None:
    """The session's finished hands' actions as one `bets` row each, when they can be:
    the log read once, in order."""
    ends = {
        hand_no: (end, json.loads(summary))
        for hand_no, end, summary in conn.execute(
            "SELECT hand_no, event_id, summary FROM hands WHERE session_id = ?", (session_id,)
        )
    }
    rows = conn.execute(
        "SELECT id, hand_no, kind, data, created_at FROM events"
        " WHERE session_id = ? AND undone = 0 ORDER BY id",
        (session_id,),
    ).fetchall()
    runs: dict[int, list[int]] = {}  # hand -> the places of its actions in `rows`
    for place, row in enumerate(rows):
        if row[2] == "action" and row[1] in ends:
            runs.setdefault(row[1], []).append(place)
    removed: list[tuple[int]] = []
    packed_rows: list[tuple[str, int]] = []
    for hand_no, places in runs.items():
        first, last = places[0], places[-1]
        end, summary = ends[hand_no]
        if last - first + 1 != len(places):  # (another event between them)
            continue
        if len({rows[place][4] for place in places}) != 1:  # (played at the table)
            continue
        if rows[last][0] != end and (last + 1 >= len(rows) or rows[last + 1][0] != end):
            continue
        if not isinstance(summary, list) or not summary or not isinstance(summary[0], list):
            continue
        packed = _packed([json.loads(rows[place][3]) for place in places], summary[0])
        if packed is None:
            continue
        removed += [(rows[place][0],) for place in places[:-1]]
        packed_rows.append((json.dumps(packed, separators=(",", ":")), rows[last][0]))
    conn.executemany("DELETE FROM events WHERE id = ?", removed)
    conn.executemany("UPDATE events SET kind = 'bets', data = ? WHERE id = ?", packed_rows)


def _packed(actions: list[Any], players: list[Any]) -> list[list[Any]] | None:
    """The `bets` row's data of these actions' arrays, or None when one cannot be written
    so (an action recorded without what it did, an older form, a street by name...)."""
    streets: list[list[Any]] = []
    for data in actions:
        if not isinstance(data, list) or not 3 <= len(data) <= len(DEFAULTS):
            return None
        said, player, street, added, total, amount, verb, all_in = (
            *data,
            *DEFAULTS[len(data) :],
        )
        code = CODES.get((said, verb or said, amount is not None))
        if code is None or player not in players or type(street) is not int:
            return None
        if (amount is not None and amount != total) or street < len(streets) - 1:
            return None
        item: list[Any] = [code, players.index(player), total, added, 1 if all_in else 0]
        if not all_in:
            item.pop()
            if added == (0 if code in ("f", "k", "x") else total):
                item.pop()
                if not total:
                    item.pop()
        while len(streets) <= street:
            streets.append([])
        streets[street].append(item)
    return streets
