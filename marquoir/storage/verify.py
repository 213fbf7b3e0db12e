"""`verify`: replay every session's log from its first event and compare the rows derived
from it (the table snapshots, the finished hands' summaries) with what the replay gives.

The event log is the truth; snapshots and hand rows only make reading fast, so when they
differ they are rebuilt from the log. What cannot be rebuilt (a damaged file, an event the
rules refuse on replay) is reported.
"""

from __future__ import annotations

import json
import sqlite3

from ..domain import MarquoirError
from ..domain.i18n import _
from ..domain.records import Record
from ..domain.table import SessionSettings, Table
from . import codec, summaries
from .db import READ
from .ledger import Ledger, SessionInfo

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


class SessionCheck(Record):
    """What the replay of one session found, and what was rebuilt."""

    name: str
    events: int
    snapshots: int  # stored snapshots, each compared with the replay
    hands: int  # finished hands, each with its summary row
    wrong: tuple[str, ...]  # derived rows that differ from the replay (or are missing)
    # 1 when the session's last event between hands has no snapshot (loading needs it, and
    # it is written with the event); earlier ones keep one every few hands only
    unsnapshotted: int
    problem: str | None  # an event that cannot be replayed: nothing of the session rebuilt


class Verification(Record):
    """The whole file: SQLite's own checks, then each session."""

    integrity: tuple[str, ...]  # what `PRAGMA integrity_check` and `foreign_key_check` said
    sessions: tuple[SessionCheck, ...]
    rebuilt: int  # derived rows rewritten from the log
    cannot_write: str | None  # why rows that differ were not rebuilt

    @property
    def sound(self) -> bool:
        """True when the file is right now (after any rebuild)."""
        fixed = self.rebuilt == sum(len(s.wrong) for s in self.sessions)
        problems = any(s.problem for s in self.sessions)
        return not self.integrity and not problems and fixed

    def to_dict(self) -> dict[str, Any]:
        """For `verify --json`."""
        return {
            "integrity": list(self.integrity) or "ok",
            "sessions": [
                {
                    "name": s.name,
                    "events": s.events,
                    "snapshots": s.snapshots,
                    "hands": s.hands,
                    "wrong": list(s.wrong),
                    "unsnapshotted": s.unsnapshotted,
                    "problem": s.problem,
                }
                for s in self.sessions
            ],
            "rebuilt": self.rebuilt,
            "cannot_write": self.cannot_write,
            "sound": self.sound,
        }


class _Expected:
    """What the log implies: the events between hands, the snapshots asked for,
    {hand no: (event id, summary)}."""

    def __init__(self) -> None:
        self.between: set[int] = set()
        self.snapshots: dict[int, Any] = {}
        self.hands: dict[int, tuple[int, Any]] = {}
        self.events = 0


class _Unreplayable(Exception):
    pass


def _canonical(data: Any) -> Any:
    """JSON as stored: tuples become lists, so a replayed state compares with a stored one."""
    return json.loads(codec.dumps(data))


def _replay(conn: sqlite3.Connection, session: SessionInfo, wanted: set[int]) -> _Expected:
    """Replay the session's log from the start, as the commands recorded it; the table's
    state is serialised only after the events in `wanted` (those with a stored snapshot)."""
    expected = _Expected()
    table = Table(session.settings)
    rows = conn.execute(
        "SELECT id, kind, data FROM events WHERE session_id = ? AND undone = 0 ORDER BY id",
        (session.id,),
    )
    for event_id, kind, data in rows:
        playing = table.hand is not None or kind == "deal"
        try:
            events = codec.events_from_record(kind, json.loads(data), table)
            for event in events:
                table.apply(event)
        except (MarquoirError, IndexError, KeyError, TypeError, ValueError) as failure:
            message = f"event {event_id} ({kind}) cannot be replayed: {_why(kind, failure)}"
            raise _Unreplayable(message) from None
        expected.events += len(events)  # (a `bets` row: each of the hand's actions)
        if table.hand is None:
            expected.between.add(event_id)
            if event_id in wanted:
                expected.snapshots[event_id] = _canonical(codec.table_to_snapshot(table))
        if playing and table.hand is None and table.last_hand is not None:
            summary = _canonical(summaries.hand_summary(table, table.last_hand))
            expected.hands[table.hand_no] = (event_id, summary)
    return expected


def _why(kind: str, failure: Exception) -> str:
    """What is wrong with an event, in words (a KeyError's repr is Python, not words)."""
    if kind not in codec.KINDS.values() and kind not in (*codec.LEGACY_KINDS, codec.BETS):
        return _(
            "unknown kind of event {kind} (written by a newer Marquoir, or by another program)"
        ).format(kind=kind)
    if isinstance(failure, KeyError):
        return _("its field {field} is missing").format(
            field=failure.args[0] if failure.args else ""
        )
    return str(failure)


def _compare(
    stored: list[tuple[int, str]],
    hands: dict[int, tuple[int, str]],
    expected: _Expected,
    settings: SessionSettings,
) -> list[str]:
    """The derived rows of a session that differ from the replay, in words."""
    wrong = []
    for event_id, state in stored:
        if event_id not in expected.between:
            wrong.append(f"snapshot {event_id}: no such event between hands")
        elif json.loads(state) != expected.snapshots[event_id]:
            wrong.append(f"snapshot {event_id}: differs from the log")
    for hand_no in sorted(hands.keys() | expected.hands.keys()):
        if hand_no not in expected.hands:
            wrong.append(f"hand {hand_no}: no such finished hand in the log")
        elif hand_no not in hands:
            wrong.append(f"hand {hand_no}: missing")
        else:
            event_id, summary = hands[hand_no]
            try:
                full = _canonical(summaries.expand_summary(json.loads(summary), hand_no, settings))
            except (AttributeError, IndexError, KeyError, TypeError, ValueError):  # damaged
                full = None
            if (event_id, full) != expected.hands[hand_no]:
                wrong.append(f"hand {hand_no}: differs from the log")
    return wrong


def _rebuild(conn: sqlite3.Connection, session: SessionInfo, expected: _Expected) -> None:
    """Rewrite the session's snapshots (those that were stored, for events between hands)
    and its hand rows from the replay."""
    conn.execute("DELETE FROM snapshots WHERE session_id = ?", (session.id,))
    conn.executemany(
        "INSERT INTO snapshots (session_id, event_id, state) VALUES (?, ?, ?)",
        [
            (session.id, event_id, codec.dumps(state))
            for event_id, state in sorted(expected.snapshots.items())
        ],
    )
    conn.execute("DELETE FROM hands WHERE session_id = ?", (session.id,))

    def stored(summary: Any) -> Any:
        return summaries.compact_summary(summary, session.settings)

    conn.executemany(
        "INSERT INTO hands (session_id, hand_no, event_id, summary) VALUES (?, ?, ?, ?)",
        [
            (session.id, hand_no, event_id, codec.dumps(stored(summary)))
            for hand_no, (event_id, summary) in sorted(expected.hands.items())
        ],
    )


def _integrity(conn: sqlite3.Connection) -> list[str]:
    found = [str(row[0]) for row in conn.execute("PRAGMA integrity_check")]
    if found == ["ok"]:
        found = []
    for table, rowid, parent, _key in conn.execute("PRAGMA foreign_key_check"):
        if parent == "events" and table in ("snapshots", "hands"):
            continue  # a derived row of a known session: the comparison finds and rebuilds it
        found.append(f"{table} row {rowid} points to a missing {parent} row")
    return found


_LOG_STATE = "SELECT count(*), max(id), sum(undone) FROM events"
# A file whose log keeps changing under `verify` is checked again, up to this many times.
ATTEMPTS = 5


def verify(book: Ledger, *, cannot_write: str | None = None) -> Verification:
    """Check the whole file and rebuild the derived rows that differ from the log.

    The check reads in one read transaction, which lets the table commands go on meanwhile;
    the rebuild then takes the write lock and goes ahead only if the log is as it was read
    (else everything is checked again). A ledger opened to read only reports, and
    `cannot_write` says why it rebuilt nothing.
    """
    conn = book.conn
    for _attempt in range(ATTEMPTS):
        conn.execute("BEGIN")
        try:
            log = conn.execute(_LOG_STATE).fetchone()
            integrity = _integrity(conn)
            checks = [_check_session(conn, session) for session, _ in book.sessions()]
        finally:
            conn.execute("ROLLBACK")
        to_rebuild = [(s, e) for s, (c, e) in checks if c.wrong and e is not None]
        if integrity or not to_rebuild or book.mode == READ:
            break
        conn.execute("BEGIN IMMEDIATE")
        try:
            if conn.execute(_LOG_STATE).fetchone() != log:  # a command came in meanwhile
                conn.execute("ROLLBACK")
                continue
            for session, expected in to_rebuild:
                _rebuild(conn, session, expected)
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        rebuilt = sum(len(c.wrong) for _, (c, _e) in checks)
        return Verification((), tuple(c for _, (c, _e) in checks), rebuilt, None)
    else:
        raise MarquoirError(_("the log kept changing while verify read it: try again"))
    reason = cannot_write if book.mode == READ else None
    if integrity:
        reason = "the file is damaged: copy what can still be read with `marquoir backup`"
    return Verification(tuple(integrity), tuple(c for _, (c, _e) in checks), 0, reason)


def _check_session(
    conn: sqlite3.Connection, session: SessionInfo
) -> tuple[SessionInfo, tuple[SessionCheck, _Expected | None]]:
    stored = conn.execute(
        "SELECT event_id, state FROM snapshots WHERE session_id = ? ORDER BY event_id",
        (session.id,),
    ).fetchall()
    hands = {
        hand_no: (event_id, summary)
        for hand_no, event_id, summary in conn.execute(
            "SELECT hand_no, event_id, summary FROM hands WHERE session_id = ?", (session.id,)
        )
    }
    try:
        expected = _replay(conn, session, {event_id for event_id, _ in stored})
    except _Unreplayable as failure:
        check = SessionCheck(session.name, 0, len(stored), 0, (), 0, str(failure))
        return session, (check, None)
    wrong = _compare(stored, hands, expected, session.settings)
    bare = int(bool(expected.between) and max(expected.between) not in dict(stored))
    check = SessionCheck(
        session.name, expected.events, len(stored), len(expected.hands), tuple(wrong), bare, None
    )
    return session, (check, expected)


def backup(book: Ledger, target: str, *, replace: bool) -> None:
    """Copy the database to `target` with SQLite's online backup (a consistent copy even while
    another terminal writes), through a temporary file so that `target` is whole or absent
    (`storage.files`).

    `replace` allows overwriting an existing regular file `target`; otherwise an existing one
    is an error (FileExistsError), checked atomically by linking the finished copy into place.
    A copy SQLite cannot write is an OSError naming the file.
    """
    import os

    from .files import put_in_place, temporary_beside

    temporary = temporary_beside(target)
    try:
        try:
            copy = sqlite3.connect(temporary)
            try:
                book.conn.backup(copy)
            finally:
                copy.close()
        except sqlite3.Error as failure:
            raise OSError(0, str(failure), target) from None
        put_in_place(temporary, target, replace=replace)
    finally:
        if os.path.exists(temporary):
            os.unlink(temporary)
