"""A big import on two cores: the last part of a file read and replayed by a second process.

Reading a file and replaying its hands through the table's rules are most of an import's
time, and a hand of a history file sits everyone down afresh and sees everyone leave: what
the table does with it depends on the session's settings and the hand's number, not on the
players' totals from the hands before. So, on a machine with two cores, a big file is cut
before one of its `[key]` lines, near the middle; a second process (a `fork` of this one)
reads the last part and replays it from a table that knows only the hand number it starts
after, while this one reads and replays the first part and writes it. The second part's
events, summaries and snapshots come back as they are made, every `PART` hands (through a
temporary file, so that the second process never waits), and are written after the first
part's: ids and hand numbers follow on, and each snapshot's accounts are completed with the
totals (caves, cash-outs) of the first part. Once its own part is written, this one writes
the second part's hands already replayed while the rest is being replayed.

That holds only if the parts are what one reading of the whole would make, and the first
part ended as the second one assumed: both parts written one line per field (read as the
whole is), every hand going to one session with the same table, no `[key]` in both parts,
every hand of the first part imported (the hand numbers follow on), nobody seated, nothing
else of the table changed, no player of the second part written in another case in the
first (`Ann` then `ann` is one player, spelled as first met). The import checks it (`fits`
for the table); when it does not hold, or a part has an error, or the second process failed,
the import is done again in one process: the file written is the same byte for byte.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import signal
import sys
import tempfile

from ..domain.names import name_key
from ..domain.records import Record
from ..domain.table import Table
from . import codec
from .phh_history import session_settings
from .phh_replay import Group, import_hand

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from typing import Any

    from ..domain.config import TableConfig
    from ..domain.table import SessionSettings
    from .phh_replay import PHHSource, Plan, Rows, Summary
    from .phh_report import HandImport

# Below this many hands, starting a process costs more than it saves.
MIN_HANDS = 2000
# The share of the hands the second process replays: this one also writes every hand.
SHARE = 0.58
# The second process sends what it made every so many hands.
PART = 250
# What a player's account adds up from hand to hand (the rest is his state now).
TOTALS = ("bought", "recaves", "cashed_out", "adjusted")
# What a table replayed from the hand number alone may have otherwise than the real one:
# the accounts (completed afterwards), and what the last hand dealt (each hand of a history
# sets its button and deals its own players).
LOOSE = ("accounts", "last_button", "last_dealt")


class Part(Record):
    """Hands of the second part as the other process played them, ids counted from 1: their
    events' rows, their summaries (hand number, id of the event that ended the hand, stored
    text), their snapshots (event id, state without the first part's totals)."""

    rows: Rows
    hands: list[tuple[int, int, str]]
    snapshots: list[tuple[int, dict[str, Any]]]


class Tail(Record):
    """The end of the second part: its session's key and settings, its hands' keys, each
    hand's fate, the table after the last hand, the last event written (0: none), and
    whether a snapshot was written there."""

    key: tuple[str | None, TableConfig | None, int]
    settings: SessionSettings
    hand_keys: list[str]
    results: list[HandImport]
    final: dict[str, Any]
    last_event: int
    saved: bool


def usable_cores() -> int:
    """The cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


class Cut(Record):
    """A text cut in two before a `[key]` line: the part read here, the part the second
    process reads, and the number of hands before the cut."""

    head: PHHSource
    tail: PHHSource
    after: int


def cut(sources: list[PHHSource], *, processes: int | None) -> Cut | None:
    """Where to cut the text to import (None: it is imported in one process). `processes`:
    2 or more for two, less for one; None chooses (two on Linux with two cores and
    `MIN_HANDS` hands). Never two for several texts, for a text with fields before its first
    `[key]` (one hand: its tables are fields), where `fork` is missing, or when this process
    runs other threads or does not leave its ended processes to be waited for."""
    if len(sources) != 1 or (processes is not None and processes < 2) or not _can_fork():
        return None
    (source,) = sources
    text = source.text
    hands = text.count("\n[") + text.startswith("[")  # (the `[key]` lines)
    able = sys.platform.startswith("linux") and usable_cores() >= 2
    if hands < 2 or (processes is None and not (able and hands >= MIN_HANDS)):
        return None
    first = 0 if text.startswith("[") else text.find("\n[") + 1
    if any(line.strip() and line.lstrip()[0] != "#" for line in text[:first].splitlines()):
        return None  # (a field at the root: a `.phh` hand, or not a PHH file)
    at = text.find("\n[", int(len(text) * (1 - SHARE))) + 1
    if at <= 0:
        return None
    head, tail = text[:at], text[at:]
    after = head.count("\n[") + head.startswith("[")
    return Cut(source._replace(text=head), source._replace(text=tail), after)


def _can_fork() -> bool:
    """Whether a second process can be started and waited for: `fork` exists, this process
    runs one thread (a fork copies only the thread that calls it, and a lock another thread
    held would stay locked in the copy), and ended processes are left to be waited for
    (SIGCHLD neither ignored nor handled: either would take the process's end away)."""
    if not hasattr(os, "fork") or not hasattr(signal, "SIGCHLD"):
        return False
    threading = sys.modules.get("threading")
    if threading is not None and threading.active_count() != 1:
        return False
    return signal.getsignal(signal.SIGCHLD) == signal.SIG_DFL


def start_table(settings: SessionSettings, hand_no: int) -> Table:
    """The table the second process starts from: the settings and the hand number."""
    table = Table(settings)
    table.hand_no = hand_no
    return table


class Pending:
    """The second part being replayed by another process, which writes what it makes to a
    temporary file and says on a pipe how long each piece is (a pipe alone would make it
    wait for this one to read)."""

    def __init__(self, pid: int, reading: int, spool: Any) -> None:
        self.pid, self.reading, self.spool = pid, reading, spool

    def close(self) -> None:
        """Stop the other process if it still runs (this one stopped first), and wait for
        its end."""
        try:
            ended, _status = os.waitpid(self.pid, os.WNOHANG)
        except ChildProcessError:  # (waited for elsewhere after all)
            ended = self.pid
        if not ended:  # (still this one's to wait for: its number is not reused)
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, signal.SIGKILL)
            with contextlib.suppress(ChildProcessError):
                os.waitpid(self.pid, 0)
        os.close(self.reading)
        self.spool.close()

    def messages(self) -> Iterator[Part | Tail]:
        """What the other process sends, as it sends it: its `Part`s, then its `Tail`; the
        end comes early if it failed."""
        position = 0
        while len(header := _read(self.reading, 8)) == 8:
            size = int.from_bytes(header, "little")
            data = os.pread(self.spool.fileno(), size, position)
            position += size
            message = pickle.loads(data)
            yield message
            if isinstance(message, Tail):
                return


def _read(fd: int, size: int) -> bytes:
    """`size` bytes of a pipe, or fewer at its end."""
    data = b""
    while len(data) < size and (more := os.read(fd, size - len(data))):
        data += more
    return data


# What stops a process from the keyboard or the system: held back while the second process
# starts, which then stops at once on them (no Python of this one's runs in it).
_STOPS = {signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT}


@contextlib.contextmanager
def started(work: Callable[[Callable[[Part], None]], Tail]) -> Iterator[Pending | None]:
    """A process forked to do `work`, which sends its `Part`s as it goes and makes the
    `Tail`; stopped, if it still runs, and waited for when the `with` ends. None when no
    process, pipe or temporary file is to be had (nothing is left open)."""
    with contextlib.ExitStack() as opened:
        try:
            spool = opened.enter_context(tempfile.TemporaryFile())
            reading, writing = os.pipe()
            opened.callback(os.close, reading)
            opened.callback(os.close, writing)
            held = signal.pthread_sigmask(signal.SIG_BLOCK, _STOPS)
            opened.callback(signal.pthread_sigmask, signal.SIG_SETMASK, held)
            pid = os.fork()
        except OSError:
            pid = -1
        if pid == 0:
            _second(work, spool, writing, held)  # (never returns)
        if pid > 0:
            opened.pop_all()
    if pid < 0:
        yield None
        return
    os.close(writing)
    pending = Pending(pid, reading, spool)
    try:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)  # (a Ctrl-C held back comes here)
        yield pending
    finally:
        pending.close()


def _second(
    work: Callable[[Callable[[Part], None]], Tail], spool: Any, writing: int, held: Any
) -> None:
    """The second process: it writes nothing but its messages, and leaves without running
    anything of this one's (no exit handlers, no buffers flushed twice, the database
    connection it inherited untouched). An error: the end comes early, the import is done
    again. (The file's offset is shared with this one, which reads with `pread`.)"""
    status = 1
    try:
        for stop in _STOPS:
            signal.signal(stop, signal.SIG_DFL)
        signal.pthread_sigmask(signal.SIG_SETMASK, held)

        def send(message: Part | Tail) -> None:
            data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
            spool.write(data)
            spool.flush()
            os.write(writing, len(data).to_bytes(8, "little"))

        send(work(send))
        status = 0
    finally:
        os._exit(status)


class _Collector:
    """The rows of the hands replayed by the second process, sent every `PART` hands."""

    def __init__(self, send: Callable[[Part], None]) -> None:
        self.send = send
        self.next_id = 1
        self.part = Part([], [], [])
        self.count = 0

    def hand(self, group: Group, rows: Rows, summary: Summary) -> None:
        part = self.part
        part.rows.extend(rows)
        self.next_id += len(rows)
        if summary is not None:
            at, stored = summary
            part.hands.append((group.table.hand_no, at, codec.dumps(stored)))
        if group.written(self.next_id - 1):
            part.snapshots.append((group.last_event, group.before()))
            group.saved = True
        self.count += 1
        if self.count % PART == 0:
            self.flush()

    def flush(self) -> None:
        if self.part.rows:
            self.send(self.part)
            self.part = Part([], [], [])


def replay(plans: list[Plan], *, name: str, after: int, send: Callable[[Part], None]) -> Tail:
    """The second part's hands replayed at a table that knows only the hand number they
    follow (`start_table`), in the session `name`, their rows sent as they are made: the
    `Tail` (refused, `ValueError`, when they go to several sessions)."""
    keys = {plan.group_key for plan in plans if plan.config is not None}
    if len(keys) != 1:
        raise ValueError("the second part goes to several sessions")
    first = next(plan for plan in plans if plan.config is not None)
    assert first.config is not None
    settings = session_settings(first.hand, first.config, first.scale)
    group = Group(settings, first.scale)
    group.name = name
    group.table = start_table(settings, after)
    group.keep()
    collector = _Collector(send)
    results = [plan.unplayable() or import_hand(group, plan, collector) for plan in plans]
    collector.flush()
    return Tail(
        first.group_key,
        settings,
        [plan.hand.key for plan in plans],
        results,
        group.before(),
        group.last_event,
        group.saved,
    )


def fits(table: Table, *, after: int) -> bool:
    """Whether the table, after the first part, is the one the second part was played from
    (`start_table`) but for what the second part does not read (`LOOSE`)."""
    here = codec.table_to_snapshot(table)
    assumed = codec.table_to_snapshot(start_table(table.settings, after))
    if any(not account["left"] for account in here["accounts"]):
        return False
    return {k: v for k, v in here.items() if k not in LOOSE} == {
        k: v for k, v in assumed.items() if k not in LOOSE
    }


def spelled_alike(tail: Tail, before: list[dict[str, Any]]) -> bool:
    """Whether every player of the second part met in the first is spelled the same there:
    the first spelling is the player's (see the module's docstring)."""
    spelled = {name_key(account["name"]): account["name"] for account in before}
    return tail.last_event > 0 and all(
        spelled.get(name_key(account["name"]), account["name"]) == account["name"]
        for account in tail.final["accounts"]
    )


def completed(state: dict[str, Any], before: list[dict[str, Any]]) -> dict[str, Any]:
    """A state of the second part with the first part's accounts: the players it did not
    seat first, as they were, then its own, their totals added to the first part's."""
    history = {account["name"]: account for account in before}
    own = {account["name"] for account in state["accounts"]}
    accounts = [account for account in before if account["name"] not in own]
    for account in state["accounts"]:
        earlier = history.get(account["name"])
        if earlier is not None:
            account = {**account, **{key: account[key] + earlier[key] for key in TOTALS}}
        accounts.append(account)
    return {**state, "accounts": accounts}


__all__ = [
    "MIN_HANDS",
    "Cut",
    "Part",
    "Pending",
    "Tail",
    "completed",
    "cut",
    "fits",
    "replay",
    "spelled_alike",
    "start_table",
    "started",
]
