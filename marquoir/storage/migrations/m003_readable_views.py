"""m003: the readable views (session_settings, ledger, actions, hand_results,
stacks_after_hand, players_now), each stated whole as it was shipped."""

from __future__ import annotations

from sqlite_utils import Database

VIEWS = {
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
    # Every chip that came to or left a player outside the pots. `chips` is what the player's
    # stack gained (a cash-out is negative); `balance` is what the line adds to what the
    # player is owed at the settlement. A correction's chips are the counted stack minus the
    # stack of the snapshot before it.
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
    # Every betting action, in the order played (forced bets are the deal's, not here).
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
    # Who took what from each pot of each finished hand.
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
    # Everyone's stack after each finished hand, with the hand's net for him.
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
    # Every player of every session as the last snapshot leaves him.
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


def migrate(db: Database) -> None:
    """Create the views."""
    # Why: the file is also read by people with Datasette or sqlite-utils (a club's
    # treasurer, the players' phones through `marquoir serve`). The log keeps JSON blobs and
    # undone events; these views give the caves, the actions, the pots and the stacks as
    # plain columns, undone events left out, money and chip value as numbers. Views cost
    # nothing when a command records an event: they are computed when read.
    for name, select in VIEWS.items():
        db.execute(f"DROP VIEW IF EXISTS {name}")
        db.execute(f"CREATE VIEW {name} AS {select}")
