"""A big import on two cores: the last part of a file read and replayed by a second process.

Reading a file and replaying its hands through the table's rules are most of an import's
time, and a hand of a history file sits everyone down afresh and sees everyone leave: what
the table does with it depends on the session's settings and the hand's number, not on the
players' totals from the hands before. So, on a machine with two cores, a big file is cut
before one of its `[key]` lines, near the middle; a second process (a `fork` of this one)
reads the last part and replays it from a table that knows only the hand number it starts
after, while this one reads and replays the first part and writes it. The second part's
events, summaries and snapshots then come back and are written after the first part's: ids
and hand numbers follow on, and each snapshot's accounts are completed with the totals
(caves, cash-outs) of the first part.

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

from ..domain.names import name_key
from ..domain.records import Record
from ..domain.table import Table
from . import codec
from .phh_history import session_settings
from .phh_replay import Group, import_hand

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from ..domain.config import TableConfig
    from ..domain.table import SessionSettings
    from .phh_replay import PHHSource, Plan, Rows, Summary
    from .phh_report import HandImport

# Below this many hands, starting a process costs more than it saves.
MIN_HANDS = 2000
# The share of the hands the second process replays: this one also writes every hand.
SHARE = 0.5
# What a player's account adds up from hand to hand (the rest is his state now).
TOTALS = ("bought", "recaves", "cashed_out", "adjusted")
# What a table replayed from the hand number alone may have otherwise than the real one:
# the accounts (completed afterwards), and what the last hand dealt (each hand of a history
# sets its button and deals its own players).
LOOSE = ("accounts", "last_button", "last_dealt")


class Tail(Record):
    """The second part as the other process played it, ids counted from 1: its session's
    key and settings, its hands' keys, its events' rows, its hands' summaries (hand number,
    id of the event that ended it, stored text), its snapshots (event id, state without the
    first part's totals), each hand's fate, the table after the last hand, the last event,
    and whether a snapshot was written there."""

    key: tuple[str | None, TableConfig | None, int]
    settings: SessionSettings
    hand_keys: list[str]
    rows: Rows
    hands: list[tuple[int, int, str]]
    snapshots: list[tuple[int, dict[str, Any]]]
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
    1 or 2; None chooses (two on Linux with two cores and `MIN_HANDS` hands). Never two
    for several texts, where `fork` is missing, or when this process runs other threads."""
    if len(sources) != 1 or processes == 1 or not hasattr(os, "fork") or not _alone():
        return None
    (source,) = sources
    text = source.text
    hands = text.count("\n[") + text.startswith("[")  # (the `[key]` lines, about)
    able = sys.platform.startswith("linux") and usable_cores() >= 2
    if hands < 2 or (processes is None and not (able and hands >= MIN_HANDS)):
        return None
    at = text.find("\n[", int(len(text) * (1 - SHARE))) + 1
    if at <= 0:
        return None
    head, tail = text[:at], text[at:]
    after = head.count("\n[") + head.startswith("[")
    return Cut(source._replace(text=head), source._replace(text=tail), after)


def _alone() -> bool:
    """Whether this process runs one thread: a fork copies only the thread that calls it,
    and a lock another thread held would stay locked in the copy."""
    threading = sys.modules.get("threading")
    return threading is None or threading.active_count() == 1


def start_table(settings: SessionSettings, hand_no: int) -> Table:
    """The table the second process starts from: the settings and the hand number."""
    table = Table(settings)
    table.hand_no = hand_no
    return table


class Pending:
    """The second part being replayed by another process."""

    def __init__(self, pid: int, reading: int) -> None:
        self.pid, self.reading = pid, reading

    def result(self) -> Tail | None:
        """What the other process played (None if it failed), once it is done."""
        with open(self.reading, "rb") as pipe:
            data = pipe.read()
        os.waitpid(self.pid, 0)
        try:
            tail = pickle.loads(data) if data else None
        except Exception:  # (cut short: the other process was stopped)
            return None
        return tail if isinstance(tail, Tail) else None

    def cancel(self) -> None:
        """Stop the other process (this one stopped first: an error, an interruption)."""
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.pid, signal.SIGKILL)
        os.close(self.reading)
        os.waitpid(self.pid, 0)


def start(work: Callable[[], Tail]) -> Pending:
    """Fork a process that does `work` and sends back the `Tail` it makes."""
    reading, writing = os.pipe()
    pid = os.fork()
    if pid:
        os.close(writing)
        return Pending(pid, reading)
    # The second process: it writes nothing but the pipe, and leaves without running
    # anything of this one's (no exit handlers, no buffers flushed twice, the database
    # connection it inherited untouched). An error: nothing sent, the import is done again.
    status = 1
    try:
        os.close(reading)
        data = pickle.dumps(work(), protocol=pickle.HIGHEST_PROTOCOL)
        with open(writing, "wb") as pipe:
            pipe.write(data)
        status = 0
    finally:
        os._exit(status)


class _Collector:
    """The rows of the hands replayed by the second process, kept for the first."""

    def __init__(self) -> None:
        self.next_id = 1
        self.rows: Rows = []
        self.hands: list[tuple[int, int, str]] = []
        self.snapshots: list[tuple[int, dict[str, Any]]] = []

    def hand(self, group: Group, rows: Rows, summary: Summary) -> None:
        self.rows.extend(rows)
        self.next_id += len(rows)
        if summary is not None:
            at, stored = summary
            self.hands.append((group.table.hand_no, at, codec.dumps(stored)))
        if group.written(self.next_id - 1):
            self.snapshots.append((group.last_event, group.before()))
            group.saved = True


def replay(plans: list[Plan], *, name: str, after: int) -> Tail:
    """The second part's hands replayed at a table that knows only the hand number they
    follow (`start_table`), in the session `name`: the `Tail` (refused, `ValueError`, when
    they go to several sessions)."""
    keys = {plan.group_key for plan in plans if plan.config is not None}
    if len(keys) != 1:
        raise ValueError("the second part goes to several sessions")
    first = next(plan for plan in plans if plan.config is not None)
    assert first.config is not None
    settings = session_settings(first.hand, first.config, first.scale)
    group = Group(settings, first.scale)
    group.name = name
    group.table = start_table(settings, after)
    group.before = codec.snapshot_later(group.table)
    collector = _Collector()
    results = [plan.unplayable() or import_hand(group, plan, collector) for plan in plans]
    return Tail(
        first.group_key,
        settings,
        [plan.hand.key for plan in plans],
        collector.rows,
        collector.hands,
        collector.snapshots,
        results,
        group.before(),
        group.last_event,
        group.saved,
    )


def fits(tail: Tail, table: Table, *, after: int) -> bool:
    """Whether the second part, played from `start_table`, is what this table would have
    played (see the module's docstring)."""
    if not tail.rows:  # (every hand skipped: nothing was played from the assumed table)
        return False
    here = codec.table_to_snapshot(table)
    assumed = codec.table_to_snapshot(start_table(table.settings, after))
    if any(not account["left"] for account in here["accounts"]):
        return False
    if {k: v for k, v in here.items() if k not in LOOSE} != {
        k: v for k, v in assumed.items() if k not in LOOSE
    }:
        return False
    spelled = {name_key(account["name"]): account["name"] for account in here["accounts"]}
    return all(
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
    "Pending",
    "Tail",
    "completed",
    "cut",
    "fits",
    "replay",
    "start",
    "start_table",
]
