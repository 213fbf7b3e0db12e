"""The session log: every command is one event in one transaction, and undo.

`Ledger` loads the current session's table from its last snapshot plus the events of the hand
in play, lets the domain check and apply one new event, and saves it (with a new snapshot when
no hand is in play) in a single `BEGIN IMMEDIATE` transaction.
"""

from __future__ import annotations

import os
import sqlite3
import time

from ..domain import IllegalAction, MarquoirError
from ..domain.actions import ActionEvent
from ..domain.events import Acted, BrelansPaid, Corrected, Dealt, ShowedDown
from ..domain.hand import ShowdownEvent
from ..domain.i18n import _, follow_session
from ..domain.now import now as clock_now
from ..domain.records import Record
from ..domain.table import SessionSettings, Table, TableEvent, check_name, name_key
from . import codec
from .db import CREATE, DatabaseError, connect
from .jsontext import loads

# No typing, pathlib, datetime or contextlib at run time: this module is on the path of every
# table command (docs/design.md, "The hot path").
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator
    from typing import Any


# The last snapshot of every block of this many hands is kept (see `Ledger._snapshot`): for
# `verify`, which compares them with the replay; loading needs only the latest. (50 until
# m007: a snapshot weighs as much as a few hands.)
SNAPSHOT_BLOCK = 200


def _iso(seconds: int) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S+00:00", time.gmtime(seconds))


class NoSession(MarquoirError):
    """No session yet, or the one named does not exist."""


class SessionInfo(Record):
    """A session of the file: id, name and settings."""

    id: int
    name: str
    settings: SessionSettings


class Outcome(Record):
    """What a command did: the session, the table afterwards, the event, and its detail."""

    session: SessionInfo
    table: Table
    event: TableEvent
    detail: ActionEvent | ShowdownEvent | None


class StoredEvent(Record):
    """An event as the log keeps it."""

    id: int
    hand_no: int | None
    kind: str
    data: dict[str, Any]


def _now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S+00:00", time.gmtime(clock_now()))


def _seconds() -> int:
    """An event's time: whole seconds since 1970 (UTC), as the log keeps it (4 bytes);
    `MARQUOIR_NOW` sets it for tests (domain/tournament/now.py)."""
    return int(clock_now())


# The log keeps times as seconds; readers get them as ISO text in UTC, as before m007.
ISO_AT = "strftime('%Y-%m-%dT%H:%M:%S+00:00', {}, 'unixepoch')"


class _Transaction:
    """`with ledger.transaction():` one command, one transaction: all of it, or nothing."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def __enter__(self) -> sqlite3.Connection:
        self.conn.execute("BEGIN IMMEDIATE")
        return self.conn

    def __exit__(self, kind: object, error: object, trace: object) -> None:
        self.conn.execute("ROLLBACK" if kind is not None else "COMMIT")


class Ledger:
    """One database file, opened to read, write or create it (`db.READ`, `WRITE`, `CREATE`)."""

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        mode: str = CREATE,
        keep_open: bool = False,
        conn: sqlite3.Connection | None = None,
    ) -> None:
        self.path = os.fspath(path)
        self.mode = mode
        # `conn`: a connection opened by the caller (the live page's read-only one)
        self.conn = connect(self.path, mode=mode) if conn is None else conn
        # `keep_open` (`play`): `with` leaves the connection open, and the table stays in
        # memory from one command to the next: (data_version, session, table), valid while
        # no other connection has written (SQLite changes `data_version` when one has).
        self.keep_open = keep_open
        self._kept: tuple[int, SessionInfo, Table] | None = None
        self._wal_to_sync: str | None = None  # (`sync_at_close`)

    def close(self) -> None:
        self._kept = None
        wal = self._wal_to_sync
        self.conn.close()
        if wal is not None and os.path.exists(wal):  # not checkpointed: another connection
            _fsync(wal)  # is open (the live page, say); the commits are in the WAL alone

    def __enter__(self) -> Ledger:
        return self

    def __exit__(self, *exc: object) -> None:
        if not self.keep_open:
            self.close()

    def on_disk(self) -> bool:
        """Whether the connection reads a file (not the empty in-memory database that a
        missing file reads as)."""
        return bool(self.conn.execute("PRAGMA database_list").fetchone()[2])

    def relax_sync(self) -> None:
        """Commits reach the operating system at once but the disk only at `sync` (a script).

        Why it is safe: in WAL mode with `synchronous = NORMAL` a commit is still atomic and
        survives the process being killed at any moment (the WAL is written before COMMIT
        returns; only the fsync is left out), so "all of a command, or nothing" and the
        crash test hold. What is given up, until `sync`, is surviving a power cut: the last
        lines of a script may be lost, never half-written, and the script can be run again
        from the first lost line. Interactive `play` keeps SQLite's default, an fsync per
        commit; a single command syncs when it closes, before it answers (`sync_at_close`).
        The fsync costs milliseconds a commit on a common disk, more than all the rest of a
        line.
        """
        self.conn.execute("PRAGMA synchronous = NORMAL")

    def sync(self) -> None:
        """Force every commit of this connection to the disk (after `relax_sync`)."""
        self.conn.execute("PRAGMA synchronous = FULL")
        wal = self.path + "-wal"
        if self.on_disk() and os.path.exists(wal):
            _fsync(wal)

    def sync_at_close(self) -> None:
        """One command: its commit reaches the disk when the connection closes, before the
        command answers, in three disk syncs instead of five.

        With SQLite's default (`synchronous = FULL`) a command that records an event syncs
        five times: the new WAL's header, the folder it was created in, the commit, then,
        as the last connection closes, the WAL again and the database after its checkpoint.
        With `relax_sync` the commit and the header are not synced, and the checkpoint of
        the last connection still syncs the WAL before copying it and the database after
        (SQLite's rule for `NORMAL` in WAL mode) before it removes the WAL: the command's
        event is on the disk when `close` returns, and the command answers after that. When
        another connection is open (the live page), nothing is checkpointed: `close` then
        syncs the WAL itself. Measured: ~1 ms a command on a quiet disk, more on a busy one.
        """
        if self.conn.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
            return  # (no file, or one not in WAL mode: each commit synced, as it was)
        self.relax_sync()
        self._wal_to_sync = self.path + "-wal"

    def _data_version(self) -> int:
        return int(self.conn.execute("PRAGMA data_version").fetchone()[0])

    def _take(self) -> tuple[int, SessionInfo, Table]:
        """The current session and its table, for a command to change: the kept table when
        nobody else wrote since, else loaded. The table leaves the cache: a command that
        fails half-way cannot leave a table that disagrees with the file."""
        version = self._data_version() if self.keep_open else 0
        kept, self._kept = self._kept, None
        if kept is not None and kept[0] == version:
            return kept
        session = self.current()
        return version, session, self.load(session)

    def _keep(self, version: int, session: SessionInfo, table: Table) -> None:
        """After a COMMIT: keep the table for the next command (our own commits leave
        `data_version` as it was)."""
        if self.keep_open:
            self._kept = (version, session, table)

    def transaction(self) -> _Transaction:
        """One command, one transaction: all of it is recorded, or nothing."""
        return _Transaction(self.conn)

    # -- sessions ----------------------------------------------------------------------------

    def create_session(self, name: str, settings: SessionSettings) -> SessionInfo:
        """A new session, which becomes the current one."""
        name = check_name(name, what="session")
        self._kept = None
        with self.transaction() as conn:
            taken = self._session_row(name)
            if taken is not None:
                raise IllegalAction(
                    _(
                        "a session named {value} already exists: `marquoir use {value}` "
                        "makes it current, or choose another name"
                    ).format(value=taken[1])
                )
            cursor = conn.execute(
                "INSERT INTO sessions (name, settings, created_at) VALUES (?, ?, ?)",
                (name, codec.dumps(codec.new_session_settings(settings)), _now()),
            )
            session_id = int(cursor.lastrowid or 0)
            self._set_current(session_id)
            # (a game added to the code since the file was written gets its streets here)
            from .game_data import ensure_streets

            ensure_streets(conn, settings.table.game)
        return SessionInfo(session_id, name, settings)

    def use(self, name: str) -> SessionInfo:
        """Make another session current."""
        self._kept = None
        with self.transaction():
            info = self.session_named(name)
            self._set_current(info.id)
        return info

    def sessions(self) -> list[tuple[SessionInfo, str]]:
        """Every session of the file with its creation date, oldest first."""
        rows = self.conn.execute("SELECT id, name, settings, created_at FROM sessions ORDER BY id")
        return [(self._info(row), row[3]) for row in rows]

    def session_named(self, name: str) -> SessionInfo:
        """The session called `name` (or a name that differs from it only by case)."""
        row = self._session_row(name)
        if row is None:
            raise NoSession(_("no session named {name}").format(name=name))
        return self._info(row)

    def _session_row(self, name: str) -> Any:
        row = self.conn.execute(
            "SELECT id, name, settings FROM sessions WHERE name = ?", (name,)
        ).fetchone()
        if row is None:  # Vendredi is vendredi
            key = name_key(name)
            rows = self.conn.execute("SELECT id, name, settings FROM sessions").fetchall()
            same = [r for r in rows if name_key(r[1]) == key]
            row = same[0] if len(same) == 1 else None
        return row

    def current(self) -> SessionInfo:
        """The current session, or an error telling how to start one."""
        row = self.conn.execute(
            "SELECT s.id, s.name, s.settings FROM meta m JOIN sessions s ON s.id = m.value "
            "WHERE m.key = 'current_session'"
        ).fetchone()
        if row is None:
            raise NoSession(_("no session yet: start one with `marquoir new NAME --blinds 1/2`"))
        return self._info(row)

    def _set_current(self, session_id: int) -> None:
        self.conn.execute(
            "INSERT INTO meta (key, value) VALUES ('current_session', ?) "
            "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (session_id,),
        )

    @staticmethod
    def _info(row: Any) -> SessionInfo:
        settings = codec.settings_from_dict(loads(row[2]))
        return SessionInfo(int(row[0]), str(row[1]), settings)

    # -- the table -------------------------------------------------------------------------

    def load(self, session: SessionInfo, *, between: list[tuple[int, Any]] | None = None) -> Table:
        """The session's table now: the last snapshot, then the events after it.

        `between` receives the last event replayed that left no hand in play, with the
        table's snapshot after it (what undo puts back when pruning removed it).
        """
        row = self.conn.execute(
            "SELECT event_id, state FROM snapshots WHERE session_id = ? "
            "ORDER BY event_id DESC LIMIT 1",
            (session.id,),
        ).fetchone()
        if row is None:
            table, after = Table(session.settings), 0
        else:
            try:
                table = codec.table_from_snapshot(session.settings, loads(row[1]))
            except (KeyError, TypeError, ValueError) as damage:
                raise DatabaseError(
                    f"the saved table of session {session.name} is damaged ({damage!r}): "
                    "`marquoir verify` rebuilds it from the log"
                ) from None
            after = int(row[0])
        bets = codec.BETS
        for event_id, _hand_no, kind, data in self.rows(session, after=after):
            if kind == bets:  # (its players named by the hand in play: `events_from_record`)
                for event in codec.events_from_record(kind, data, table):
                    table.apply(event)
            else:
                table.apply(codec.event_from_record(kind, data, table))
            if between is not None and table.hand is None:
                between[:] = [(event_id, codec.table_to_snapshot(table))]
        return table

    def rows(self, session: SessionInfo, *, after: int = 0) -> list[tuple[int, Any, str, Any]]:
        """The session's rows of the log after event `after` (undone ones left out), oldest
        first, as (id, hand number, kind, data read as `codec.readable` gives it): a hand's
        `bets` row is one (loading reads it at the table: `codec.events_from_record`)."""
        rows = self.conn.execute(
            "SELECT id, hand_no, kind, data FROM events "
            "WHERE session_id = ? AND undone = 0 AND id > ? ORDER BY id",
            (session.id, after),
        )
        readable = codec.readable
        return [(r[0], r[1], r[2], readable(r[2], loads(r[3]), r[1])) for r in rows]

    def events(self, session: SessionInfo, *, after: int = 0) -> list[StoredEvent]:
        """The session's events (undone ones left out), oldest first; a hand's `bets` row
        gives each of its actions as its own `action` event (named from the hand's
        summary)."""
        events = []
        for event_id, hand_no, kind, data in self.rows(session, after=after):
            if kind == codec.BETS:
                players = self._hand_players(session, hand_no)
                actions: list[Any] = _unpacked(data, players)
                events += [StoredEvent(event_id, hand_no, "action", a) for a in actions]
            else:
                events.append(StoredEvent(event_id, hand_no, kind, data))
        return events

    def _hand_players(self, session: SessionInfo, hand_no: int) -> list[str]:
        """A finished hand's players in seat order, as its summary names them (a `bets`
        row's actions name them by index: `codec.BETS`)."""
        row = self.conn.execute(
            "SELECT json_extract(summary, '$[0]') FROM hands WHERE session_id = ? AND hand_no = ?",
            (session.id, hand_no),
        ).fetchone()
        if row is None:
            raise DatabaseError(
                f"the summary of hand {hand_no} of session {session.name} is missing: "
                "`marquoir verify` rebuilds it from the log"
            )
        players: list[str] = loads(row[0])
        return players

    def timed_events(
        self, session: SessionInfo, kinds: tuple[str, ...]
    ) -> list[tuple[str, dict[str, Any], str]]:
        """The (kind, data, created_at) of the session's events of these kinds, oldest first
        (a tournament's clock is computed from them)."""
        marks = ",".join("?" * len(kinds))
        rows = self.conn.execute(
            f"SELECT kind, data, {ISO_AT.format('created_at')} FROM events "
            f"WHERE session_id = ? AND undone = 0 AND kind IN ({marks}) ORDER BY id",
            (session.id, *kinds),
        )
        return [(r[0], loads(r[1]), r[2]) for r in rows]

    def execute(
        self, command: Callable[[Table], TableEvent], *, closed_ok: bool = False
    ) -> Outcome:
        """Check and record one command on the current session's table.

        `command` receives the table and returns the event (raising when the rules refuse).
        A settled session refuses every command but those that say `closed_ok` (reopen).
        """
        with self.transaction():
            version, session, table = self._take()
            if not closed_ok:
                table.house.check_open()
            event = command(table)
            detail = self._apply(session, table, event)
        self._keep(version, session, table)
        return Outcome(session, table, event, detail)

    def _apply(
        self, session: SessionInfo, table: Table, event: TableEvent
    ) -> ActionEvent | ShowdownEvent | None:
        """Apply one event to the table and record it (with the summary of a hand it ends)."""
        playing = table.hand is not None or isinstance(event, Dealt)
        was = table.accounts[event.player].stack if isinstance(event, Corrected) else None
        detail = table.apply(event)
        event_id = self._record(session, table, event, detail if was is None else was)
        if playing and table.hand is None and table.last_hand is not None:
            self._record_hand(session, table, event_id)
        return detail

    def execute_all(self, commands: Callable[[Table], Iterable[TableEvent]]) -> tuple[Table, int]:
        """Several events in one transaction (a count's corrections, everyone leaving).

        `commands` gives the events one by one (a generator sees the table as the events
        before it left it); each is checked again as it is applied. Returns the table
        afterwards and the number of events.
        """
        count = 0
        with self.transaction():
            version, session, table = self._take()
            table.house.check_open()
            for event in commands(table):
                self._apply(session, table, event)
                count += 1
        self._keep(version, session, table)
        return table, count

    def _record(
        self,
        session: SessionInfo,
        table: Table,
        event: TableEvent,
        detail: object,
    ) -> int:
        extra: object = detail
        # the side payments this event made: a `brelan` command's, or a showdown read from
        # the cards that paid the brelans shown with the pots
        paid_now = isinstance(event, ShowedDown) and table.game.paid_hand == table.hand_no
        if isinstance(event, BrelansPaid) or paid_now:
            extra = dict(table.game.side_payments)
        streets = codec.streets_of(table.config) if isinstance(event, Acted) else ()
        kind, data = codec.event_to_record(event, extra, streets=streets)
        hand_no = event.hand_no if isinstance(event, Dealt) else None
        misdeal = isinstance(event, BrelansPaid) and event.misdeal  # (of no finished hand)
        if hand_no is None and kind in ("action", "showdown", "brelans") and not misdeal:
            hand_no = table.hand_no
        cursor = self.conn.execute(
            "INSERT INTO events (session_id, hand_no, kind, data, created_at) "
            "VALUES (?, ?, ?, ?, ?)",
            (session.id, hand_no, kind, codec.dumps(data), _seconds()),
        )
        event_id = int(cursor.lastrowid or 0)
        if table.hand is None:
            self._snapshot(session, table, event_id)
        return event_id

    def _snapshot(self, session: SessionInfo, table: Table, event_id: int) -> None:
        """Keep the table after `event_id` (no hand in play), and prune the snapshots.

        Loading needs only the latest snapshot; the one before it is kept too (an undo of
        the event that ended a hand then loads from it, not from far back), and the last one
        of every block of `SNAPSHOT_BLOCK` hands stays for `verify` and the readable views.
        The one pruned is the older of the block's two (at most two per block, so it is the
        second latest or nothing).
        """
        self.conn.execute(
            "DELETE FROM snapshots WHERE rowid = (SELECT rowid FROM snapshots "
            "WHERE session_id = ? ORDER BY event_id DESC LIMIT 1 OFFSET 1) "
            "AND json_extract(state, '$.hand_no') / ? = ?",
            (session.id, SNAPSHOT_BLOCK, table.hand_no // SNAPSHOT_BLOCK),
        )
        self.conn.execute(
            "INSERT INTO snapshots (session_id, event_id, state) VALUES (?, ?, ?)",
            (session.id, event_id, codec.dumps(codec.table_to_snapshot(table))),
        )

    def _record_hand(self, session: SessionInfo, table: Table, event_id: int) -> None:
        from . import summaries  # (only when a hand ends: not on the path of most commands)

        assert table.last_hand is not None
        summary = summaries.hand_summary(table, table.last_hand)
        self.conn.execute(
            "INSERT INTO hands (session_id, hand_no, event_id, summary) VALUES (?, ?, ?, ?)",
            (
                session.id,
                table.hand_no,
                event_id,
                codec.dumps(summaries.compact_summary(summary, session.settings)),
            ),
        )

    def player_times(self, session: SessionInfo) -> dict[str, tuple[str, str]]:
        """Each player's first and last recorded event (ISO times, UTC); `leave --all` is
        one event naming everyone it cashed out."""
        rows = self.conn.execute(
            "SELECT player, min(at), max(at) FROM ("
            " SELECT CASE WHEN kind = 'action' THEN json_extract(data, '$[1]')"
            # (a first seat, a departure and a recave are arrays, the player first:
            # codec.PLAIN_ARRAYS)
            " WHEN kind IN ('seat', 'leave', 'recave') AND json_type(data) = 'array'"
            " THEN json_extract(data, '$[0]')"
            " WHEN kind = 'bets' THEN NULL"
            " ELSE json_extract(data, '$.player') END AS player, created_at AS at"
            " FROM events WHERE session_id = ? AND undone = 0"
            " UNION ALL"
            " SELECT json_extract(gone.value, '$[0]'), e.created_at"
            " FROM events e, json_each(e.data, '$.leaves') gone"
            " WHERE e.session_id = ? AND e.undone = 0 AND e.kind = 'leave-all'"
            # (a hand's bets: each action's player by his index in the hand's summary)
            " UNION ALL"
            " SELECT json_extract(h.summary, '$[0][' || json_extract(a.value, '$[1]') || ']'),"
            " e.created_at FROM events e JOIN hands h"
            " ON h.session_id = e.session_id AND h.hand_no = e.hand_no,"
            " json_each(e.data) street, json_each(street.value) a"
            " WHERE e.session_id = ? AND e.undone = 0 AND e.kind = 'bets'"
            ") WHERE player IS NOT NULL GROUP BY player",
            (session.id, session.id, session.id),
        )
        return {row[0]: (_iso(row[1]), _iso(row[2])) for row in rows}

    def deal_times(self, session: SessionInfo) -> dict[int, str]:
        """When each hand was dealt (ISO time, UTC), by hand number."""
        rows = self.conn.execute(
            f"SELECT hand_no, {ISO_AT.format('created_at')} FROM events "
            "WHERE session_id = ? AND undone = 0 "
            "AND kind = 'deal'",
            (session.id,),
        )
        return {int(row[0]): row[1] for row in rows}

    def side_payments(self, session: SessionInfo) -> dict[int, dict[str, int]]:
        """What the side payments after each hand moved (the game's: Bouillotte's brelans,
        paid by `brelan` or by a showdown read from the cards), player by player, by hand
        number."""
        rows = self.conn.execute(
            "SELECT hand_no, data FROM events WHERE session_id = ? AND undone = 0 "
            "AND hand_no IS NOT NULL AND (kind = 'brelans' OR kind = 'showdown' "
            "AND json_extract(data, '$.paid') IS NOT NULL) ORDER BY id",
            (session.id,),
        )
        return {int(row[0]): loads(row[1]).get("paid", {}) for row in rows}

    def hands(self, session: SessionInfo) -> list[dict[str, Any]]:
        """The summaries of the session's finished hands, in order."""
        return list(self.iter_hands(session))

    def iter_hands(self, session: SessionInfo) -> Iterator[dict[str, Any]]:
        """The summaries of the session's finished hands, in order, read row by row."""
        rows = self.conn.execute(
            "SELECT hand_no, summary FROM hands WHERE session_id = ? ORDER BY hand_no",
            (session.id,),
        )
        from . import summaries  # (the reports': not on the path of a table command)

        settings = session.settings
        schedule = settings.table.schedule._asdict()  # (once: building it costs)
        for hand_no, summary in rows:
            yield summaries.expand_summary(loads(summary), hand_no, settings, schedule=schedule)

    def recent_hands(self, session: SessionInfo, count: int) -> list[dict[str, Any]]:
        """The summaries of the session's last `count` finished hands, in order."""
        rows = self.conn.execute(
            "SELECT hand_no, summary FROM hands WHERE session_id = ? ORDER BY hand_no DESC LIMIT ?",
            (session.id, count),
        )
        from . import summaries  # (not on the path of a table command)

        settings = session.settings
        return [summaries.expand_summary(loads(row[1]), row[0], settings) for row in rows][::-1]

    def hands_played(self, session: SessionInfo) -> dict[str, int]:
        """How many finished hands each player was dealt in, counted by SQLite."""
        rows = self.conn.execute(
            "SELECT p.value, count(*) FROM hands h, json_each(h.summary, '$[0]') p "
            "WHERE h.session_id = ? GROUP BY p.value",
            (session.id,),
        )
        return {str(name): int(count) for name, count in rows}

    def hand_count(self, session: SessionInfo) -> int:
        """How many hands of the session are finished."""
        row = self.conn.execute("SELECT count(*) FROM hands WHERE session_id = ?", (session.id,))
        return int(row.fetchone()[0])

    def read(self) -> tuple[SessionInfo, Table]:
        """The current session and its table, for display."""
        if self.keep_open:  # one read transaction: the version and the table agree
            self.conn.execute("BEGIN")
            try:
                version, session, table = self._take()
            finally:
                self.conn.execute("COMMIT")
            self._keep(version, session, table)
            return session, table
        session = self.current()
        return session, self.load(session)

    def undo(
        self, *, check: Callable[[SessionInfo, Table, StoredEvent], None] | None = None
    ) -> tuple[SessionInfo, StoredEvent, Table]:
        """Mark the session's last event undone; return it and the table as it is now.
        `check`, when given, is asked first, in the same transaction, with the table before
        the undo and the event to be undone: it refuses by raising, and nothing is undone
        (no other process can write between the check and the undo: `undo --table T`).

        A hand's actions written as one `bets` row (`import phh`) are taken back one by
        one, as if each had its own row: the row is marked undone and its actions but the
        last are written again after it, each as its own row (with its time); a hand whose
        `bets` row comes just before the event undone that ended it has the row's actions
        written so too (its summary, which names their players, goes with that event)."""
        self._kept = None
        with self.transaction() as conn:
            session = self.current()
            row = conn.execute(
                "SELECT id, hand_no, kind, data, created_at FROM events "
                "WHERE session_id = ? AND undone = 0 ORDER BY id DESC LIMIT 1",
                (session.id,),
            ).fetchone()
            if row is None:
                follow_session(session.settings.lang)  # (the refusal in the session's language)
                raise IllegalAction(_("nothing to undo in this session"))
            event_id, hand_no, kind, text = row[0], row[1], row[2], row[3]
            if check is not None:
                check(session, self.load(session), self._last_event(session, row))
            conn.execute("UPDATE events SET undone = 1 WHERE id = ?", (event_id,))
            if kind == codec.BETS:
                actions = _unpacked(text, self._hand_players(session, hand_no))
                self._write_actions(session, hand_no, actions[:-1], row[4])
                kind, text = "action", codec.dumps(actions[-1])
            else:
                self._unpack_before(session, event_id)
            conn.execute(
                "DELETE FROM snapshots WHERE session_id = ? AND event_id >= ?",
                (session.id, event_id),
            )
            self._drop_hands_after(session, event_id)
            between: list[tuple[int, Any]] = []
            table = self.load(session, between=between)
            if between:  # the snapshot loading needs, if pruning had removed it
                self._put_back(session, *between[0])
        streets = codec.streets_of(session.settings.table)
        data = codec.expand_event(kind, loads(text), streets=streets, hand_no=hand_no)
        return session, StoredEvent(event_id, hand_no, kind, data), table

    def _last_event(self, session: SessionInfo, row: tuple[Any, ...]) -> StoredEvent:
        """The event of the log's last row (id, hand number, kind, stored text), as `events`
        gives it: a `bets` row's last action."""
        event_id, hand_no, kind = row[0], row[1], row[2]
        data = codec.readable(kind, loads(row[3]), hand_no)
        if kind == codec.BETS:
            actions: list[Any] = _unpacked(data, self._hand_players(session, hand_no))
            return StoredEvent(event_id, hand_no, "action", actions[-1])
        return StoredEvent(event_id, hand_no, kind, data)

    def _unpack_before(self, session: SessionInfo, event_id: int) -> None:
        """When the event undone, `event_id`, ended a hand whose actions are a `bets` row
        just before it: that row undone too, and its actions written again each as its own
        row (the hand's summary, which names their players, is removed with the event)."""
        row = self.conn.execute(
            "SELECT id, hand_no, kind, data, created_at FROM events"
            " WHERE session_id = ? AND undone = 0 AND id < ? ORDER BY id DESC LIMIT 1",
            (session.id, event_id),
        ).fetchone()
        if row is None or row[2] != codec.BETS:
            return
        ended = self.conn.execute(
            "SELECT 1 FROM hands WHERE session_id = ? AND hand_no = ? AND event_id = ?",
            (session.id, row[1], event_id),
        ).fetchone()
        if ended is None:
            return
        actions = _unpacked(row[3], self._hand_players(session, row[1]))
        self.conn.execute("UPDATE events SET undone = 1 WHERE id = ?", (row[0],))
        self._write_actions(session, row[1], actions, row[4])

    def _write_actions(
        self, session: SessionInfo, hand_no: int, actions: list[list[Any]], created_at: int
    ) -> None:
        """A hand's actions written again at the end of the log, each as its own row."""
        self.conn.executemany(
            "INSERT INTO events (session_id, hand_no, kind, data, created_at) "
            "VALUES (?, ?, 'action', ?, ?)",
            [(session.id, hand_no, codec.dumps(action), created_at) for action in actions],
        )

    def _drop_hands_after(self, session: SessionInfo, event_id: int) -> None:
        """Remove the summaries of the hands that event `event_id` or a later one ended: the
        last ones of the session (read by their key, hand number, from the last)."""
        while True:
            row = self.conn.execute(
                "SELECT hand_no, event_id FROM hands WHERE session_id = ? "
                "ORDER BY hand_no DESC LIMIT 1",
                (session.id,),
            ).fetchone()
            if row is None or row[1] < event_id:
                return
            self.conn.execute(
                "DELETE FROM hands WHERE session_id = ? AND hand_no = ?", (session.id, row[0])
            )

    def _put_back(self, session: SessionInfo, event_id: int, state: dict[str, Any]) -> None:
        """After an undo: the snapshot of the last event between hands, so that the next
        commands load from it and not from a block's last snapshot, hands back."""
        self.conn.execute(
            "INSERT INTO snapshots (session_id, event_id, state) VALUES (?, ?, ?)",
            (session.id, event_id, codec.dumps(state)),
        )


def _unpacked(data: Any, players: list[str]) -> list[list[Any]]:
    """A `bets` row's actions (its data, or its stored text), each as its own `action`
    row's data."""
    try:
        return codec.unpack_bets(loads(data) if isinstance(data, str) else data, players)
    except (IndexError, KeyError, TypeError, ValueError) as damage:
        raise DatabaseError(f"a row of a hand's bets is damaged ({damage!r})") from None


def _fsync(path: str) -> None:
    """Force a file's written bytes to the disk; a WAL removed meanwhile (the other
    connection closed, its checkpoint synced it) needs nothing more."""
    try:
        descriptor = os.open(path, os.O_RDWR)  # (Windows fsyncs writable files only)
    except FileNotFoundError:
        return
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)
