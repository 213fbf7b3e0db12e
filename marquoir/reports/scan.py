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
from collections.abc import Iterable, Iterator
from html import escape
from typing import IO, Any

from ..domain.config import ForcedBetSchedule
from ..domain.i18n import _, french, game_words, number
from ..storage import summaries
from ..storage.ledger import Ledger, SessionInfo

# The characters render.py `md_escape` escapes in Markdown: a cell's escaped width is its
# length plus one per special character in it.
MD_SPECIAL = "\\`*_[]<>|~&"
_DROP_SPECIAL = str.maketrans("", "", MD_SPECIAL)
# Cells never hold a tab or a newline (names are printable, one word): the spool's separators.
TAB = "\t"


def md_extra(text: str) -> int:
    """How many characters Markdown escaping adds to `text`."""
    return len(text) - len(text.translate(_DROP_SPECIAL))


def pot_title(name: str) -> str:
    """A pot's name ("main pot", "side pot 2") in the language of the report."""
    if name == "main pot":
        return _("main pot")
    index = name.removeprefix("side pot ")
    return _("side pot {number}").format(number=index) if index.isdigit() else name


class Spool:
    """A table's rows written to a temporary file, with each column's widest cell; as
    escaped for Markdown too, and whether every cell is printable, once the scan says which
    texts the cells are made of (`texts`)."""

    def __init__(self, columns: int) -> None:
        # (open while the report is written: closed by `close`, removed by the system)
        self.file: IO[str] = tempfile.TemporaryFile("w+", encoding="utf-8", newline="\n")  # noqa: SIM115
        self.widths = [0] * columns
        self._written = 0  # rows
        self.printable = True
        self.special = False  # a cell holds a character that Markdown escapes
        self.markup = False  # a cell holds a character that HTML escapes
        self._md_widths: list[int] | None = None
        self._pending: list[list[str]] = []

    def add(self, cells: list[str]) -> None:
        """A row (measured and written with the rows pending, a thousand at a time)."""
        self._pending.append(cells)
        if len(self._pending) == 1000:
            self._flush()

    def _flush(self) -> None:
        """The pending rows measured (column by column) and written."""
        pending = self._pending
        if pending:
            columns = zip(self.widths, zip(*pending, strict=True), strict=True)
            self.widths = [max(width, *map(len, cells)) for width, cells in columns]
            self.file.write("\n".join(map(TAB.join, pending)) + "\n")
            self._written += len(pending)
            pending.clear()

    @property
    def rows(self) -> int:
        """How many rows the table has."""
        return self._written + len(self._pending)

    def texts(self, texts: Iterable[str]) -> None:
        """The names, pot names and stakes that the non-numeric cells are made of (the rest
        of a cell is digits, spaces and ", ()/"): printable, free of Markdown's specials and
        of HTML's when each of them is."""
        for text in texts:
            self.printable = self.printable and text.isprintable()
            self.special = self.special or bool(md_extra(text))
            self.markup = self.markup or escape(text) != text

    def width(self, column: int, *, markdown: bool) -> int:
        """The widest cell of a column, escaped for Markdown or not."""
        self._flush()
        if not (markdown and self.special):
            return self.widths[column]
        if self._md_widths is None:  # (rare: read the rows once more to measure)
            widths = [0] * len(self.widths)
            for row in self:
                widths = list(map(max, widths, (len(t) + md_extra(t) for t in row)))
            self._md_widths = widths
        return self._md_widths[column]

    def __iter__(self) -> Iterator[tuple[str, ...]]:
        """The rows, from the first, as tuples of cells."""
        for line in self.lines():
            yield tuple(line.split(TAB))

    def lines(self) -> Iterator[str]:
        """The rows, from the first, each its cells joined by a tab."""
        self._flush()
        self.file.flush()
        self.file.seek(0)
        for line in self.file:
            yield line[:-1]

    def close(self) -> None:
        self.file.close()


class HandScan:
    """What a report needs of a session's hands, from one pass over their summaries (see the
    module): `count`, `last`, `runs` (the stakes), `figures` (per player: hands played, hands
    won, biggest pot), `columns` (the players of the stacks table) and the two tables'
    `Spool`s."""

    def __init__(self, book: Ledger, session: SessionInfo, columns: list[str]) -> None:
        config = session.settings.table
        self._stakes: dict[str | None, str] = {}
        self._config = config
        # the hand log's words in the report's language (story.py `hands_section`), and
        # each pot's name, translated once
        self._words = {
            "high/low": _("high {high} / low {low}"),
            "folded": _("{winners} (others folded)"),
            "void": _("void"),
            "next": _("next deal"),
        }
        self._pot_titles: dict[str, str] = {}
        # (the stakes of a schedule, computed once: building a config costs)
        # (side payments are Bouillotte's brelans: other games need not read the events)
        side_payments = book.side_payments(session) if config.rules.pays_brelans else {}
        self.count = 0
        self.last = 0
        self.runs: list[list[Any]] = []  # [stakes, first hand, last hand]
        self.columns = list(columns)
        self.log = Spool(6)
        self.stack_table = Spool(len(columns) + 1)
        counter = FigureCounter()
        seated = set(columns)
        strangers = False  # a name in the hands that is no account's (never seen so far)
        buttons: set[str] = set()
        add_stacks = self.stack_table.add
        chips = self._chips = number if french() else str  # (French groups thousands: `1 320`)
        rows = book.conn.execute(
            "SELECT hand_no, summary FROM hands WHERE session_id = ? ORDER BY hand_no",
            (session.id,),
        )
        settings = session.settings
        session_stakes = self.stakes_of(None)  # (most hands': asked for once)
        run: list[Any] = []  # the last of `runs`
        for hand_no, hand in summaries.read_summaries(rows, settings):
            self.count += 1
            self.last = hand_no
            schedule = hand.rest.get("schedule")
            stakes = session_stakes if schedule is None else self.stakes_of(schedule)
            if run and run[0] == stakes:
                run[2] = hand_no
            else:
                run = [stakes, hand_no, hand_no]
                self.runs.append(run)
            stacks = hand.stacks
            paid = side_payments.get(hand_no)
            if paid:
                stacks = dict(stacks)
                for name, delta in paid.items():
                    stacks[name] = stacks.get(name, 0) + delta
            buttons.add(hand.button)
            counter.count(hand.players, self._log_rows(hand_no, hand, stakes))
            if stacks.keys() == seated:  # (everyone at the table: the common case)
                add_stacks([str(hand_no), *map(chips, map(stacks.__getitem__, columns))])
                continue
            if not (stacks.keys() <= seated and seated.issuperset(hand.players)):
                strangers = True
            add_stacks([str(hand_no), *(chips(stacks[n]) if n in stacks else "" for n in columns)])
        self.figures = counter.figures()
        if strangers:  # a column for each name met in the hands that is no account's
            self.stack_table.close()
            self.columns, self.stack_table = _stack_table(book, session, side_payments, columns)
        runs = (run[0] for run in self.runs)
        self.log.texts({*buttons, *self.columns, *self._pot_titles.values(), *runs})
        self.log.texts(self._words.values())

    def stakes_of(self, data: dict[str, Any] | None) -> str:
        """A hand's forced bets in words (None: the session's own)."""
        key = None if data is None else json.dumps(data, sort_keys=True)
        known = self._stakes.get(key)
        if known is None:
            schedule = self._config.schedule if data is None else ForcedBetSchedule(**data)
            known = self._config.with_schedule(schedule).stakes()
            known = self._stakes[key] = game_words(known)
        return known

    def _log_rows(self, hand_no: int, hand: summaries.StoredHand, stakes: str) -> dict[str, int]:
        """The hand's rows of the hand log (story.py `hands_section`); returns the chips
        each player took."""
        first = [str(hand_no), hand.button, stakes]
        taken: dict[str, int] = {}
        by_fold = hand.rest.get("by_fold", False)
        words, add = self._words, self.log.add
        for pot in hand.pots:
            for name, amount in pot.shares:
                taken[name] = taken.get(name, 0) + amount
            if pot.low:
                high = _shares(pot.high or (), self._chips)
                text = words["high/low"].format(high=high, low=_shares(pot.low, self._chips))
            else:
                text = _shares(pot.shares, self._chips)
                if by_fold:
                    text = words["folded"].format(winners=text)
            title = self._pot_titles.get(pot.name)
            if title is None:
                title = self._pot_titles[pot.name] = pot_title(pot.name)
            add([*(first or ("", "", "")), title, self._chips(pot.amount), text])
            first = []
        if first:  # a void deal: nobody opened, the chips wait for the next deal
            carry = self._chips(hand.rest.get("carry", 0))
            self.log.add([*first, words["void"], carry, words["next"]])
        return taken

    def close(self) -> None:
        self.log.close()
        self.stack_table.close()


def _shares(shares: Any, chips: Any) -> str:
    """ "dave 14, alice 13", the chips as the output writes them (French: `anne 4 500`)."""
    if len(shares) == 1:  # (most pots: no join)
        return f"{shares[0][0]} {chips(shares[0][1])}"
    return ", ".join(f"{name} {chips(amount)}" for name, amount in shares)


def _stack_table(
    book: Ledger,
    session: SessionInfo,
    side_payments: dict[int, dict[str, int]],
    columns: list[str],
) -> tuple[list[str], Spool]:
    """The stacks table read again, with a column for each name met in the hands after the
    `columns` (story.py `stack_columns`), in the order met."""
    names = dict.fromkeys(columns)
    for summary in book.iter_hands(session):
        for name in (
            *summary["players"],
            *summary["stacks"],
            *side_payments.get(summary["hand"], {}),
        ):
            names.setdefault(name)
    everyone = list(names)
    table = Spool(len(everyone) + 1)
    chips = number if french() else str
    for summary in book.iter_hands(session):
        stacks = dict(summary["stacks"])
        for name, delta in side_payments.get(summary["hand"], {}).items():
            stacks[name] = stacks.get(name, 0) + delta
        table.add(
            [str(summary["hand"]), *(chips(stacks[n]) if n in stacks else "" for n in everyone)]
        )
    return everyone, table


class FigureCounter:
    """Each player's hands played, hands won and biggest pot, counted hand by hand."""

    def __init__(self) -> None:
        self.dealt: dict[tuple[str, ...], int] = {}
        self.won: dict[str, int] = {}
        self.biggest: dict[str, int] = {}

    def add(self, hand: summaries.StoredHand) -> None:
        """A hand's players, and the chips each took from its pots."""
        taken: dict[str, int] = {}
        for pot in hand.pots:
            for name, amount in pot.shares:
                taken[name] = taken.get(name, 0) + amount
        self.count(hand.players, taken)

    def count(self, players: list[str], taken: dict[str, int]) -> None:
        """A hand's players, and the chips each took (`taken`)."""
        key = tuple(players)
        self.dealt[key] = self.dealt.get(key, 0) + 1
        for name, amount in taken.items():
            if amount > 0:
                self.won[name] = self.won.get(name, 0) + 1
                if amount > self.biggest.get(name, 0):
                    self.biggest[name] = amount

    def figures(self) -> dict[str, tuple[int, int, int]]:
        """Per player: hands played, hands won, biggest pot."""
        played: dict[str, int] = {}
        for players, count in self.dealt.items():
            for name in players:
                played[name] = played.get(name, 0) + count
        return {
            name: (played.get(name, 0), self.won.get(name, 0), self.biggest.get(name, 0))
            for name in played.keys() | self.won.keys()
        }
