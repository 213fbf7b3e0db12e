"""One pass over a session's hands, for a report that is written without holding them.

A report of 100,000 hands shows, before its hand log, the number of hands, the stakes over
the evening and each player's hands, wins and biggest pot; its two big tables (the hand log,
the stacks after each hand) need every column's width before their first row. `HandScan`
reads the hand summaries once, row by row, and keeps only that: the counts, the widths, and
the tables' rows spooled to a temporary file, read back as they are written out.

Why one pass in Python rather than the figures in SQL over the readable views: measured on
a session of 100,000 hands, `hand_results` summed by hand and player costs 0.6 s of CPU and
the hand log built by SQLite's JSON functions 0.7 s, each more than reading and decoding
every summary once in Python (0.4 s), which the hand log needs anyway (SQLite 3.40 parses a
summary again for every `json_each`). `standings`, which reads no hand, counts in SQL.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Iterator
from typing import IO, Any

from ..domain.config import ForcedBetSchedule
from ..storage.ledger import Ledger, SessionInfo

# Markdown's special characters (render.py `md_escape`): a cell's escaped width is its
# length plus one per special character in it.
MD_SPECIAL = "\\`*_[]<>|~&"
_DROP_SPECIAL = str.maketrans("", "", MD_SPECIAL)
# Cells never hold a tab or a newline (names are printable, one word): the spool's separators.
TAB = "\t"


def md_extra(text: str) -> int:
    """How many characters Markdown escaping adds to `text`."""
    return len(text) - len(text.translate(_DROP_SPECIAL))


class Spool:
    """A table's rows written to a temporary file, with each column's widest cell (as it is
    and escaped for Markdown) and whether every cell is printable text."""

    def __init__(self, columns: int) -> None:
        # (open while the report is written: closed by `close`, removed by the system)
        self.file: IO[str] = tempfile.TemporaryFile("w+", encoding="utf-8", newline="\n")  # noqa: SIM115
        self.widths = [0] * columns
        self.md_widths = [0] * columns
        self.printable = True
        self.rows = 0

    def add(self, cells: list[str]) -> None:
        widths = self.widths
        for i, text in enumerate(cells):
            if len(text) > widths[i]:
                widths[i] = len(text)
        line = TAB.join(cells)
        if md_extra(line):  # (rare: a name or a pot with a character Markdown escapes)
            for i, text in enumerate(cells):
                self.md_widths[i] = max(self.md_widths[i], len(text) + md_extra(text))
        if self.printable and not "".join(cells).isprintable():
            self.printable = False
        self.file.write(line + "\n")
        self.rows += 1

    def width(self, column: int, *, markdown: bool) -> int:
        """The widest cell of a column, escaped for Markdown or not."""
        plain = self.widths[column]
        return max(plain, self.md_widths[column]) if markdown else plain

    def __iter__(self) -> Iterator[tuple[str, ...]]:
        """The rows, from the first, as tuples of cells."""
        self.file.flush()
        self.file.seek(0)
        for line in self.file:
            yield tuple(line[:-1].split(TAB))

    def close(self) -> None:
        self.file.close()


class HandScan:
    """What a report needs of a session's hands, from one pass over their summaries (see the
    module): `count`, `last`, `runs` (the stakes), `figures` (per player: hands played, hands
    won, biggest pot), `names` (every name met, in order) and the two tables' `Spool`s."""

    def __init__(self, book: Ledger, session: SessionInfo, columns: list[str]) -> None:
        config = session.settings.table
        self._stakes: dict[str | None, str] = {}
        self._config = config
        # (the stakes of a schedule, computed once: building a config costs)
        side_payments = book.side_payments(session)
        self.count = 0
        self.last = 0
        self.runs: list[list[Any]] = []  # [stakes, first hand, last hand]
        self.names: dict[str, None] = dict.fromkeys(columns)
        self.columns = list(columns)
        played: dict[str, int] = {}
        won: dict[str, int] = {}
        biggest: dict[str, int] = {}
        self.log = Spool(6)
        self.stack_table = Spool(len(columns) + 1)
        known = self.columns[:]
        rows = book.conn.execute(
            "SELECT hand_no, summary FROM hands WHERE session_id = ? ORDER BY hand_no",
            (session.id,),
        )
        for hand_no, text in rows:
            summary = json.loads(text)
            self.count += 1
            self.last = hand_no
            stakes = self.stakes_of(summary.get("schedule"))
            if self.runs and self.runs[-1][0] == stakes:
                self.runs[-1][2] = hand_no
            else:
                self.runs.append([stakes, hand_no, hand_no])
            for name in summary["players"]:
                played[name] = played.get(name, 0) + 1
            stacks = summary["stacks"]
            paid = side_payments.get(hand_no)
            if paid:
                stacks = dict(stacks)
                for name, delta in paid.items():
                    stacks[name] = stacks.get(name, 0) + delta
            for name in (*summary["players"], *stacks):
                if name not in self.names:
                    self.names[name] = None
                    self.columns.append(name)
            self._log_rows(hand_no, summary, stakes, won, biggest)
            self.stack_table.add(
                [str(hand_no), *(str(stacks[n]) if n in stacks else "" for n in known)]
            )
        self.figures = {
            name: (played.get(name, 0), won.get(name, 0), biggest.get(name, 0))
            for name in played.keys() | won.keys()
        }
        if self.columns != known:  # a name met in the hands that is no account: again
            self.stack_table.close()
            self.stack_table = _stack_table(book, session, side_payments, self.columns)

    def stakes_of(self, data: dict[str, Any] | None) -> str:
        """A hand's forced bets in words (None: the session's own)."""
        key = None if data is None else json.dumps(data, sort_keys=True)
        known = self._stakes.get(key)
        if known is None:
            schedule = self._config.schedule if data is None else ForcedBetSchedule(**data)
            known = self._stakes[key] = self._config.with_schedule(schedule).stakes()
        return known

    def _log_rows(
        self,
        hand_no: int,
        summary: dict[str, Any],
        stakes: str,
        won: dict[str, int],
        biggest: dict[str, int],
    ) -> None:
        """The hand's rows of the hand log (story.py `hands_section`), and who took chips."""
        first = [str(hand_no), summary["button"], stakes]
        taken: dict[str, int] = {}
        by_fold = summary.get("by_fold", False)
        for pot in summary["pots"]:
            shares = pot["shares"]
            for name, amount in shares:
                taken[name] = taken.get(name, 0) + amount
            low = pot.get("low")
            if low:
                text = f"high {_shares(pot.get('high', ()))} / low {_shares(low)}"
            else:
                text = _shares(shares)
                if by_fold:
                    text += " (others folded)"
            self.log.add([*(first or ("", "", "")), pot["name"], str(pot["amount"]), text])
            first = []
        if first:  # a void deal: nobody opened, the chips wait for the next deal
            self.log.add([*first, "void", str(summary.get("carry", 0)), "next deal"])
        for name, amount in taken.items():
            if amount > 0:
                won[name] = won.get(name, 0) + 1
                if amount > biggest.get(name, 0):
                    biggest[name] = amount

    def close(self) -> None:
        self.log.close()
        self.stack_table.close()


def _shares(shares: Any) -> str:
    return ", ".join(f"{name} {amount}" for name, amount in shares)


def _stack_table(
    book: Ledger, session: SessionInfo, side_payments: dict[int, dict[str, int]], names: list[str]
) -> Spool:
    """The stacks table read again, with a column for each of `names`."""
    table = Spool(len(names) + 1)
    for summary in book.iter_hands(session):
        stacks = dict(summary["stacks"])
        for name, delta in side_payments.get(summary["hand"], {}).items():
            stacks[name] = stacks.get(name, 0) + delta
        table.add([str(summary["hand"]), *(str(stacks[n]) if n in stacks else "" for n in names)])
    return table
