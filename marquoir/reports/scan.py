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
from json.encoder import encode_basestring
from typing import IO, Any

from ..domain.config import ForcedBetSchedule
from ..domain.i18n import _
from ..storage import codec
from ..storage.ledger import Ledger, SessionInfo


def encode(text: str) -> str:
    """A JSON string as `json.dumps(..., ensure_ascii=False)` writes it (in C)."""
    return encode_basestring(text)


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
        self.rows = 0
        self.printable = True
        self.special = False  # a cell holds a character that Markdown escapes
        self._md_widths: list[int] | None = None
        self._pending: list[str] = []

    def add(self, cells: list[str]) -> None:
        self.widths = list(map(max, self.widths, map(len, cells)))
        self._pending.append(TAB.join(cells))
        if len(self._pending) == 1000:
            self._flush()
        self.rows += 1

    def _flush(self) -> None:
        if self._pending:
            self.file.write("\n".join(self._pending) + "\n")
            self._pending.clear()

    def texts(self, texts: Iterable[str]) -> None:
        """The names, pot names and stakes that the non-numeric cells are made of (the rest
        of a cell is digits, spaces and ", ()/"): printable and free of Markdown's specials
        when each of them is."""
        for text in texts:
            self.printable = self.printable and text.isprintable()
            self.special = self.special or bool(md_extra(text))

    def width(self, column: int, *, markdown: bool) -> int:
        """The widest cell of a column, escaped for Markdown or not."""
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
        dealt: dict[tuple[str, ...], int] = {}  # each list of players dealt in: how many hands
        won: dict[str, int] = {}
        biggest: dict[str, int] = {}
        self.log = Spool(6)
        self.stack_table = Spool(len(columns) + 1)
        seated = set(columns)
        strangers = False  # a name in the hands that is no account's (never seen so far)
        buttons: set[str] = set()
        add_stacks = self.stack_table.add
        rows = book.conn.execute(
            "SELECT hand_no, summary FROM hands WHERE session_id = ? ORDER BY hand_no",
            (session.id,),
        )
        for hand_no, text in rows:
            summary = codec.summary_object(json.loads(text))
            self.count += 1
            self.last = hand_no
            stakes = self.stakes_of(summary.get("schedule"))
            if self.runs and self.runs[-1][0] == stakes:
                self.runs[-1][2] = hand_no
            else:
                self.runs.append([stakes, hand_no, hand_no])
            players = tuple(summary["players"])
            dealt[players] = dealt.get(players, 0) + 1
            stacks = summary["stacks"]
            paid = side_payments.get(hand_no)
            if paid:
                stacks = dict(stacks)
                for name, delta in paid.items():
                    stacks[name] = stacks.get(name, 0) + delta
            buttons.add(summary["button"])
            self._log_rows(hand_no, summary, stakes, won, biggest)
            if stacks.keys() == seated:  # (everyone at the table: the common case)
                add_stacks([str(hand_no), *map(str, map(stacks.__getitem__, columns))])
                continue
            if not (stacks.keys() <= seated and seated.issuperset(players)):
                strangers = True
            add_stacks([str(hand_no), *(str(stacks[n]) if n in stacks else "" for n in columns)])
        played: dict[str, int] = {}
        for players, count in dealt.items():
            for name in players:
                played[name] = played.get(name, 0) + count
        self.figures = {
            name: (played.get(name, 0), won.get(name, 0), biggest.get(name, 0))
            for name in played.keys() | won.keys()
        }
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
        words = self._words
        for pot in summary["pots"]:
            shares = pot["shares"]
            for name, amount in shares:
                taken[name] = taken.get(name, 0) + amount
            low = pot.get("low")
            if low:
                high = _shares(pot.get("high", ()))
                text = words["high/low"].format(high=high, low=_shares(low))
            else:
                text = _shares(shares)
                if by_fold:
                    text = words["folded"].format(winners=text)
            title = self._pot_titles.get(pot["name"])
            if title is None:
                title = self._pot_titles[pot["name"]] = pot_title(pot["name"])
            self.log.add([*(first or ("", "", "")), title, str(pot["amount"]), text])
            first = []
        if first:  # a void deal: nobody opened, the chips wait for the next deal
            self.log.add([*first, words["void"], str(summary.get("carry", 0)), words["next"]])
        for name, amount in taken.items():
            if amount > 0:
                won[name] = won.get(name, 0) + 1
                if amount > biggest.get(name, 0):
                    biggest[name] = amount

    def close(self) -> None:
        self.log.close()
        self.stack_table.close()


def _shares(shares: Any) -> str:
    if len(shares) == 1:  # (most pots: no join)
        return f"{shares[0][0]} {shares[0][1]}"
    return ", ".join(f"{name} {amount}" for name, amount in shares)


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
    for summary in book.iter_hands(session):
        stacks = dict(summary["stacks"])
        for name, delta in side_payments.get(summary["hand"], {}).items():
            stacks[name] = stacks.get(name, 0) + delta
        table.add(
            [str(summary["hand"]), *(str(stacks[n]) if n in stacks else "" for n in everyone)]
        )
    return everyone, table


class FigureCounter:
    """Each player's hands played, hands won and biggest pot, counted hand by hand."""

    def __init__(self) -> None:
        self.dealt: dict[tuple[str, ...], int] = {}
        self.won: dict[str, int] = {}
        self.biggest: dict[str, int] = {}

    def add(self, summary: dict[str, Any]) -> None:
        players = tuple(summary["players"])
        self.dealt[players] = self.dealt.get(players, 0) + 1
        taken: dict[str, int] = {}
        for pot in summary["pots"]:
            for name, amount in pot["shares"]:
                taken[name] = taken.get(name, 0) + amount
        for name, amount in taken.items():
            if amount > 0:
                self.won[name] = self.won.get(name, 0) + 1
                if amount > self.biggest.get(name, 0):
                    self.biggest[name] = amount

    def figures(self) -> dict[str, tuple[int, int, int]]:
        played: dict[str, int] = {}
        for players, count in self.dealt.items():
            for name in players:
                played[name] = played.get(name, 0) + count
        return {
            name: (played.get(name, 0), self.won.get(name, 0), self.biggest.get(name, 0))
            for name in played.keys() | self.won.keys()
        }


def pretty(value: Any, pad: str) -> str:
    """`json.dumps(value, sort_keys=True, indent=2, ensure_ascii=False)` written from `pad`
    (a newline and the indentation the value starts at) for the JSON types of a report:
    3 times faster than `json`'s encoder, whose indented output is pure Python."""
    if isinstance(value, str):
        return encode(value)
    if value is True:
        return "true"
    if value is False:
        return "false"
    if value is None:
        return "null"
    if isinstance(value, int):
        return int.__repr__(value)
    inner = pad + "  "
    if isinstance(value, dict):
        if not value:
            return "{}"
        items = [f"{inner}{encode(key)}: {pretty(value[key], inner)}" for key in sorted(value)]
        return "{" + ",".join(items) + pad + "}"
    if isinstance(value, list | tuple):
        if not value:
            return "[]"
        return "[" + ",".join([inner + pretty(item, inner) for item in value]) + pad + "]"
    return json.dumps(value, sort_keys=True, indent=2, ensure_ascii=False).replace("\n", pad)


def counts_json(chips: dict[str, Any], pad: str) -> str:
    """A dict of names to chips, keys sorted, as `pretty` writes it."""
    if not chips or not all(type(value) is int for value in chips.values()):
        return pretty(chips, pad)
    inner = pad + "  "
    return "{" + ",".join([f"{inner}{encode(k)}: {chips[k]}" for k in sorted(chips)]) + pad + "}"


def pots_json(pots: list[dict[str, Any]], pad: str) -> str:
    """The pots of a hand summary as the report's JSON writes them (render.py `_hand_data`:
    `pot`, `chips`, `shares`, and `high` and `low` for a pot split in halves), as `pretty`
    writes them."""
    if not pots:
        return "[]"
    i1 = pad + "  "
    i2 = i1 + "  "
    items = []
    for pot in pots:
        low = pot.get("low")
        halves = (
            f'{i2}"high": {_shares_json(pot.get("high", ()), i2)},'
            f'{i2}"low": {_shares_json(low, i2)},'
            if low
            else ""
        )
        shares = _shares_json(pot["shares"], i2)
        items.append(
            f'{i1}{{{i2}"chips": {pretty(pot["amount"], i2)},{halves}'
            f'{i2}"pot": {encode(pot["name"])},{i2}"shares": {shares}{i1}}}'
        )
    return "[" + ",".join(items) + pad + "]"


def _shares_json(shares: Any, pad: str) -> str:
    if not shares:
        return "[]"
    i1 = pad + "  "
    i2 = i1 + "  "
    return (
        "["
        + ",".join(
            [
                f'{i1}{{{i2}"chips": {pretty(amount, i2)},{i2}"player": {encode(name)}{i1}}}'
                for name, amount in shares
            ]
        )
        + pad
        + "]"
    )
