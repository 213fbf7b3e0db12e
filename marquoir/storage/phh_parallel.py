"""A big import on two cores: the last part of the hands replayed by a second process.

Replaying a hand through the table's rules is most of an import's time, and a hand of a
history file sits everyone down afresh and sees everyone leave: what the table does with it
depends on the session's settings and the hand's number, not on the players' totals from
the hands before. So, on a machine with two cores, when a file's hands all go to one session,
a second process (a `fork` of this one: it has the hands read already) replays the last
part from a table that knows only the hand number it starts after, while this one replays
the first part and writes it. Its events, summaries and snapshots then come back and are
written after the first part's: ids and hand numbers follow on, and each snapshot's
accounts are completed with the totals (caves, cash-outs) from the first part.

That holds only if the first part ended as the second one assumed: every hand imported (the
hand numbers follow on), nobody seated, nothing else of the table changed, no player of the
second part written in another case in the first (`Ann` then `ann` is one player, spelled as
first met). `fits` checks it; when it does not hold, or the second process failed, this one
replays the second part itself: the file written is the same byte for byte either way.
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
from .phh_replay import Group, import_hand

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from ..domain.table import SessionSettings
    from .phh_replay import Plan, Rows, Summary
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
    """The second part as the other process played it, ids counted from 1: its events'
    rows, its hands' summaries (hand number, id of the event that ended it, stored text),
    its snapshots (event id, state without the first part's totals), each hand's fate, the
    table after the last hand, the last event, and whether a snapshot was written there."""

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


def split(hands: int, *, processes: int | None) -> int:
    """How many of the hands this process replays itself (all of them: no second process).
    `processes`: 1 or 2; None chooses (two on Linux with two cores and `MIN_HANDS` hands).
    Never two where `fork` is missing or this process runs other threads."""
    if processes is None:
        able = sys.platform.startswith("linux") and usable_cores() >= 2
        processes = 2 if able and hands >= MIN_HANDS else 1
    if processes < 2 or hands < 2 or not hasattr(os, "fork") or not _alone():
        return hands
    return hands - max(1, int(hands * SHARE))


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


def start(group: Group, plans: list[Plan], *, after: int) -> Pending:
    """Fork a process that replays these plans at a new table of the group's settings, its
    hands numbered from `after` + 1, and sends back the `Tail`."""
    reading, writing = os.pipe()
    pid = os.fork()
    if pid:
        os.close(writing)
        return Pending(pid, reading)
    # The second process: it writes nothing but the pipe, and leaves without running
    # anything of this one's (no exit handlers, no buffers flushed twice, the database
    # connection it inherited untouched).
    status = 1
    try:
        os.close(reading)
        data = pickle.dumps(_replay(group, plans, after), protocol=pickle.HIGHEST_PROTOCOL)
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


def _replay(model: Group, plans: list[Plan], after: int) -> Tail:
    group = Group(model.settings, model.scale)
    group.name = model.name
    group.table = start_table(model.settings, after)
    group.before = codec.snapshot_later(group.table)
    collector = _Collector()
    results = [plan.unplayable() or import_hand(group, plan, collector) for plan in plans]
    return Tail(
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


__all__ = ["MIN_HANDS", "Pending", "Tail", "completed", "fits", "split", "start", "start_table"]
