"""m013: a deal stored as its button seat (and its dead chips), its players left to the table."""

from __future__ import annotations

from sqlite_utils import Database


def migrate(db: Database) -> None:
    """Rewrite every deal `{"button", "dead"?, "hand", "seats"}` as `[button]` or
    `[button, dead]`."""
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
