"""m012: a deal stored as its button seat (and its dead chips), its players left to the
table; a recave as the array [player, chips]; a hand summary's starting stacks as one
number when every player started with it."""

from __future__ import annotations

from sqlite_utils import Database

VIEWS = {
    # m007's, a summary's starting stacks read as one number when they are one (the stack
    # after the hand: `after`, else start + net)
    "stacks_after_hand": """
        WITH brelans AS (
            SELECT e.session_id, e.hand_no, paid.key AS player, paid.value AS chips
            FROM events e, json_each(e.data, '$.paid') paid
            WHERE e.undone = 0 AND (e.kind = 'brelans' OR e.kind = 'showdown' AND
                json_extract(e.data, '$.paid') IS NOT NULL)
        ), after AS (
            SELECT h.session_id, h.hand_no, p.value AS player,
                   coalesce(json_extract(h.summary, '$[5].after[' || p.key || ']'),
                            coalesce(json_extract(h.summary, '$[1][' || p.key || ']'),
                                     json_extract(h.summary, '$[1]'))
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


def migrate(db: Database) -> None:
    """Rewrite every deal `{"button", "dead"?, "hand", "seats"}` as `[button]` or
    `[button, dead]`, every recave `{"chips", "player"}` as `[player, chips]`, and the
    starting stacks of a summary whose players all started alike as that one number;
    recreate the `stacks_after_hand` view."""
    # Why: a deal is in every hand, and its seats ([player, seat, stack] for each player
    # dealt in) made it the largest row of the log: 150 bytes a hand of six, a tenth of a
    # file of imported hand histories. They say nothing the log does not: a deal is recorded
    # only when it is the one the table makes, so its players are those present with chips
    # and not sitting out, in seat order, with their stacks, as the events before it left
    # them; loading reads them from the table (`codec.event_from_record`). The hand number
    # is the row's `hand_no`. No view reads a deal's data. Plain JSON work, no domain code:
    # a file whose deals do not match its table did not load before and does not now.
    db.execute(
        "UPDATE events SET hand_no = json_extract(data, '$.hand')"
        " WHERE kind = 'deal' AND hand_no IS NULL AND json_type(data) = 'object'"
    )
    db.execute(
        """
        UPDATE events SET data = CASE
            WHEN coalesce(json_extract(data, '$.dead'), 0) != 0
            THEN json_array(json_extract(data, '$.button'), json_extract(data, '$.dead'))
            ELSE json_array(json_extract(data, '$.button')) END
        WHERE kind = 'deal' AND json_type(data) = 'object'
        """
    )
    # Why: an import of hand histories makes up a losing player's stack to the next hand's
    # by a recave, before most hands (1.9 a Pluribus hand), and the names of the fields were
    # half of that row, as they were of the seats and departures m010 made arrays. The
    # `ledger` view reads a recave's array already (m010: the chips last, as in a departure).
    db.execute(
        """
        UPDATE events SET data = json_array(json_extract(data, '$.player'),
                                             json_extract(data, '$.chips'))
        WHERE kind = 'recave' AND json_type(data) = 'object'
        """
    )
    # Why: the players of a hand history all start with the same stack (the 10,000 Pluribus
    # hands: 10,000 chips each), written six times in every summary; one number says it.
    # Plain JSON work: the summary keeps every fact; `summaries.decode_summary` and the view
    # read both forms.
    db.execute(
        """
        UPDATE hands SET summary = json_replace(summary, '$[1]', json_extract(summary, '$[1][0]'))
        WHERE json_type(summary) = 'array' AND json_type(summary, '$[1]') = 'array'
          AND (SELECT count(DISTINCT value) FROM json_each(summary, '$[1]')) = 1
        """
    )
    for name, select in VIEWS.items():
        db.execute(f"DROP VIEW IF EXISTS {name}")
        db.execute(f"CREATE VIEW {name} AS {select}")
