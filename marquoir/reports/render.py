"""A session report as text, Markdown, CSV, JSON or HTML.

Every format tells the same story: `story.sections(report)` builds it once, as titled facts,
lines and tables of strings; text (tabulate `simple`), Markdown (tabulate `github`) and HTML
(`html.py`) only dress it differently; CSV writes the same sections one after the other (a
title row, the facts, the table, a blank row). JSON is the whole report in the vocabulary of
docs/outputs.md (with a `version`), key-sorted, so the same data always gives the same text.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Iterator, Sequence
from itertools import islice
from typing import Any

from tabulate import WIDE_CHARS_MODE, tabulate

from ..domain.errors import UsageError
from ..domain.i18n import _, colon, speaking
from . import exports
from .hand_text import hand_texts
from .model import HandLine, HandLog, PlayerLine, PotLine, SessionReport
from .scan import MD_SPECIAL, TAB, Spool
from .story import Section, decimal_text, missing_data, money, sections

FORMATS = ("text", "md", "csv", "json", "html")


def render(report: SessionReport, fmt: str) -> str:
    """The report in `fmt`: one of text, md, csv, json, html (CSV and JSON are data: their
    labels and numbers are the same in every language)."""
    return "".join(render_chunks(report, fmt))


def render_chunks(report: SessionReport, fmt: str) -> Iterator[str]:
    """The report in `fmt`, piece by piece, to be written as it comes (the hand log of a long
    session is never held whole); an unknown format is refused before anything is written."""
    if fmt in ("csv", "json"):
        return _in_english(csv_chunks if fmt == "csv" else json_chunks, report)
    if fmt == "text":
        return text_chunks(report)
    if fmt == "md":
        return markdown_chunks(report)
    if fmt == "csv":
        return csv_chunks(report)
    if fmt == "json":
        return json_chunks(report)
    if fmt == "html":
        from .html import html_chunks

        return html_chunks(report)
    raise UsageError(
        _("unknown report format {fmt}: one of {known}").format(
            fmt=repr(fmt), known=", ".join(FORMATS)
        )
    )


def _in_english(
    chunks: Callable[[SessionReport], Iterator[str]], report: SessionReport
) -> Iterator[str]:
    """A data format's pieces, made in English whatever the session's language (the
    report's hands and figures are read while the pieces are made)."""
    with speaking("en"):
        yield from chunks(report)


# --- text and Markdown --------------------------------------------------------------------


def _table(section: Section, style: str, cell: Any = str) -> str:
    """The section's table in tabulate's `style` (without a last newline)."""
    return "".join(_table_chunks(section, style, cell))


# Which tables tabulate draws, measured on the hand log of 10,000 hands (15,000 rows):
# tabulate 0.25 s (it reads every cell several times to guess its type and width: 4 s for
# the two long tables of 100,000 hands), the writer below 0.013 s, and a players' table of
# a dozen rows 0.2 ms with tabulate. So tabulate draws the tables a person reads (players,
# standings), and `_spooled` the long tables the hand scan spooled, whose widths it knows
# beforehand, when tabulate would measure their cells by their length (printable text;
# without wcwidth, tabulate's measure of wide characters). tests/test_report_streaming.py
# compares the two on random tables.


def _table_chunks(section: Section, style: str, cell: Any = str) -> Iterator[str]:
    """`_table` in pieces: a spooled table's rows in batches."""
    rows = section.rows
    if isinstance(rows, Spool):
        headers = [cell(h) for h in section.headers]
        if style in _WRITTEN and rows.rows and rows.printable and all(map(_printable, headers)):
            right = tuple(section.numeric)
            yield from _spooled(rows, headers, right, style, markdown=cell is md_escape)
            return
        rows = tuple(rows)  # (text that tabulate measures its own way: read whole)
    yield tabulate(
        [[cell(value) for value in row] for row in rows],
        headers=[cell(h) for h in section.headers],
        tablefmt=style,
        colalign=["right" if right else "left" for right in section.numeric],
        disable_numparse=True,
    )


_WRITTEN = ("simple", "github")  # the styles `_spooled` writes as tabulate does


def _printable(text: str) -> bool:
    """Text whose width tabulate takes as its length: printable (no escape sequence, no
    newline), and ASCII when tabulate measures wide characters (wcwidth installed)."""
    return text.isprintable() and (text.isascii() or not WIDE_CHARS_MODE)


# Batches of this many lines of a long table are written at once.
BATCH = 2000


def _spooled(
    spool: Spool, headers: list[str], right: tuple[bool, ...], style: str, *, markdown: bool
) -> Iterator[str]:
    """A spooled table as tabulate draws it in `style` (`simple` or `github`), its widths
    known beforehand."""
    widths = [
        max(len(header) + 2, spool.width(i, markdown=markdown)) for i, header in enumerate(headers)
    ]
    escape = markdown and spool.special
    if style == "simple":
        yield "  ".join(_line(headers, widths, right)).rstrip()
        yield "\n" + "  ".join("-" * width for width in widths)
    else:
        yield "| " + " | ".join(_line(headers, widths, right)) + " |"
        yield "\n|" + "|".join("-" * (width + 2) for width in widths) + "|"
    formats = [
        f"{{:{'>' if flush else '<'}{width}}}" for flush, width in zip(right, widths, strict=True)
    ]
    simple = style == "simple"
    row = ("  ".join(formats) if simple else "| " + " | ".join(formats) + " |").format
    lines = spool.lines()
    if escape:  # (escaping a line escapes each of its cells: a tab is no special)
        lines = map(md_escape, lines)
    while batch := list(islice(lines, BATCH)):
        if simple:
            yield "".join(["\n" + row(*line.split(TAB)).rstrip() for line in batch])
        else:
            yield "".join(["\n" + row(*line.split(TAB)) for line in batch])


def _line(cells: list[str], widths: list[int], right: tuple[bool, ...]) -> list[str]:
    return [
        text.rjust(width) if flush else text.ljust(width)
        for text, width, flush in zip(cells, widths, right, strict=True)
    ]


def to_text(report: SessionReport) -> str:
    """Plain text: underlined titles and `simple` tables."""
    return "".join(text_chunks(report))


def text_chunks(report: SessionReport) -> Iterator[str]:
    """`to_text` in pieces."""
    for number, section in enumerate(sections(report)):
        mark = "=" if number == 0 else "-"
        title = section.title if number else _("Marquoir report: {name}").format(name=section.title)
        block = [title, mark * len(title)]
        if section.facts:
            width = max(len(label) for label, _ in section.facts)
            block.extend(f"{label.ljust(width)}  {value}" for label, value in section.facts)
        block.extend(section.lines)
        yield ("\n\n" if number else "") + "\n".join(block)
        if section.headers:
            yield "\n"
            yield from _table_chunks(section, "simple")
    yield "\n"


# What may change the meaning of text in the middle of a line or break a table row
# (`scan.MD_SPECIAL`; the characters that matter only at the start of a line never start
# one here), each escaped by a backslash.
_MD_ESCAPES = str.maketrans({c: "\\" + c for c in MD_SPECIAL})


def md_escape(text: str) -> str:
    """Text that Markdown shows as it is, inside a line or a table cell."""
    return text.translate(_MD_ESCAPES)


def to_markdown(report: SessionReport) -> str:
    """GitHub-flavoured Markdown: headings, a list of settings, `github` tables."""
    return "".join(markdown_chunks(report))


def markdown_chunks(report: SessionReport) -> Iterator[str]:
    """`to_markdown` in pieces."""
    for number, section in enumerate(sections(report)):
        title = md_escape(section.title)
        head = (
            "# " + _("Marquoir report: {name}").format(name=title) if number == 0 else f"## {title}"
        )
        block = [head, ""]
        block.extend(f"- **{md_escape(k)}**{colon()} {md_escape(v)}" for k, v in section.facts)
        block.extend(f"- {md_escape(line)}" for line in section.lines)
        head = "\n".join(block)
        if section.headers:
            yield ("\n\n" if number else "") + head + "\n"
            yield from _table_chunks(section, "github", md_escape)
        else:
            yield ("\n\n" if number else "") + head.rstrip("\n")
    yield "\n"


# --- JSON ---------------------------------------------------------------------------------


def report_data(
    report: SessionReport, *, hands: bool = True, players: bool = True
) -> dict[str, Any]:
    """The whole report as JSON-ready data (docs/outputs.md: `player`, `hand`, chips as
    integers, money as strings with two decimals); `hands=False`, `players=False` leave
    them out (empty lists: `json_chunks` writes the hands one by one, then the players)."""
    settlement = report.settlement
    return {
        "version": exports.OUTPUT_VERSION,
        "session": report.name,
        "date": report.created_at[:10],
        "created_at": report.created_at,
        "settings": report.settings,
        "title": report.title,
        "chip_value": decimal_text(report.chip_value),
        "currency": report.currency,
        "players": [_player_data(p) for p in report.players] if players else [],
        "hands": [_hand_data(hand, _levels(report)) for hand in report.hands] if hands else [],
        "settlement": None
        if settlement is None
        else {
            "balances": {name: money(value) for name, value in settlement.balances.items()},
            "transfers": [
                {"payer": t.payer, "payee": t.payee, "amount": money(t.amount)}
                for t in settlement.transfers
            ],
            "groups": [list(group) for group in settlement.groups],
            # (only when the count did not balance: other settlements print as they did)
            **missing_data(settlement.missing),
        },
        "unsettled": report.unsettled,
        **_tournament_keys(report),
    }


def _tournament_keys(report: SessionReport) -> dict[str, Any]:
    """A tournament's `tournament` key (nothing for a cash game)."""
    if report.tournament_data is None:
        return {}
    return {"tournament": report.tournament_data}


def _player_data(p: PlayerLine) -> dict[str, Any]:
    return {
        "player": p.name,
        "seat": p.seat,
        "bought": p.bought,
        "recaves": p.recaves,
        "cashed_out": p.cashed_out,
        "stack": p.stack,
        "adjusted": p.adjusted,
        "net_chips": p.net_chips,
        "net_money": money(p.net_money),
        "hands_played": p.hands_played,
        "hands_won": p.hands_won,
        "biggest_pot": p.biggest_pot,
        "left": p.left,
    }


def _levels(report: SessionReport) -> dict[str, int] | None:
    """A tournament's level of each hand (None: a cash game)."""
    return None if report.tournament_data is None else report.tournament_data["hand_levels"]


def _hand_data(hand: HandLine, levels: dict[str, int] | None = None) -> dict[str, Any]:
    level = {} if levels is None else {"level": levels.get(str(hand.hand_no))}
    return {
        **level,
        "hand": hand.hand_no,
        "button": hand.button,
        "players": list(hand.players),
        "pots": [
            {
                "pot": pot.name,
                "chips": pot.amount,
                "shares": [{"player": n, "chips": a} for n, a in pot.shares],
                **_halves_data(pot),
            }
            for pot in hand.pots
        ],
        "by_fold": hand.by_fold,
        "stacks": hand.stacks,
        "nets": hand.nets,
        "void": hand.void,
        "carry": hand.carry,
        # the forced bets the hand was dealt with (a `blinds` event changes them)
        "stakes": hand.stakes,
        "forced_bets": hand.forced_bets,
    }


def _halves_data(pot: PotLine) -> dict[str, Any]:
    """The high and low halves of a pot split in a hi-lo game (nothing for a whole pot)."""
    if not pot.low:
        return {}
    return {
        "high": [{"player": n, "chips": a} for n, a in pot.high],
        "low": [{"player": n, "chips": a} for n, a in pot.low],
    }


def json_report(report: SessionReport) -> str:
    """The whole report as one JSON object, key-sorted and indented."""
    return "".join(json_chunks(report))


# Where the hands go in the report's JSON, written around them (a sentinel that no report text
# can hold: JSON writes a NUL as an escape).
_HANDS_MARK = "\x00hands\x00"


def json_chunks(report: SessionReport) -> Iterator[str]:
    """`json_report` in pieces: the hands one by one, written as within the whole (the keys
    sorted, as `json.dumps` sorts them; the players, after the hands, are counted while the
    hands are written)."""
    log = report.hands if isinstance(report.hands, HandLog) else None
    if log is None or report.tournament_data is not None:
        # (a tournament's hands carry their level: it has a few hundred hands at most, and
        # is written whole)
        yield json.dumps(report_data(report), sort_keys=True, indent=2, ensure_ascii=False) + "\n"
        return
    data = report_data(report, hands=False, players=False)
    yield "{"
    for number, key in enumerate(sorted(data)):
        yield ("\n" if number == 0 else ",\n") + f"  {json.dumps(key)}: "
        if key == "hands":
            yield from _list_text(hand_texts(log, "\n    "))
            data = report_data(report, hands=False)  # (the players: counted with the hands)
            continue
        value = json.dumps(data[key], sort_keys=True, indent=2, ensure_ascii=False)
        yield value.replace("\n", "\n  ")
    yield "\n}\n"


def _list_text(items: Iterator[str]) -> Iterator[str]:
    """A JSON list of already written items, in the top-level object's second level."""
    # (each batch joined with the separator, rather than each item copied with the one
    # before it: a report of 100,000 hands writes 100,000 items)
    separator = ",\n    "
    opening = "[\n    "  # before the first item; then the separator
    batch: list[str] = []
    for item in items:
        batch.append(item)
        if len(batch) == BATCH:
            yield opening + separator.join(batch)
            opening = separator
            batch.clear()
    if batch:
        yield opening + separator.join(batch)
        opening = separator
    yield "\n  ]" if opening == separator else "[]"


# --- CSV ----------------------------------------------------------------------------------


def to_csv(report: SessionReport) -> str:
    """`csv_chunks`, whole."""
    return "".join(csv_chunks(report))


def csv_chunks(report: SessionReport) -> Iterator[str]:
    """Every section one after the other: a row with its title, its facts (label, value),
    its lines, its table with a header row, then a blank row. The money cells are numbers
    with two decimals (`-15.30`); a text cell a spreadsheet would run as a formula gets a
    leading `'` (`exports.neutralise`); `export csv` gives one table alone."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    for section in sections(report):
        writer.writerow((exports.neutralise(section.title),))
        writer.writerows(tuple(map(exports.neutralise, fact)) for fact in section.facts)
        writer.writerows((exports.neutralise(line),) for line in section.lines)
        if section.headers:
            writer.writerow(tuple(map(exports.neutralise, section.headers)))
            yield _taken(out)
            yield from csv_table(section)
        writer.writerow(())
    yield _taken(out)


def csv_table(section: Section) -> Iterator[str]:
    """A section's table rows as CSV, in batches (`_csv_cell` of each cell). A spooled table
    of whole numbers only (the stacks after each hand: the hand scan writes them with
    `str`) needs no cell rewritten nor quoted: its lines are written as they are, commas
    for tabs."""
    right = section.numeric or (False,) * len(section.headers)
    spool = section.rows
    if isinstance(spool, Spool) and all(right):
        lines = spool.lines()
        while batch := list(islice(lines, BATCH)):
            # (a row of one empty cell is written "", as the csv module writes it)
            yield "\n".join([line or '""' for line in batch]).replace(TAB, ",") + "\n"
        return
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    if isinstance(spool, Spool):
        rows: Iterator[Sequence[str]] = _spooled_csv_rows(spool, right)
    else:
        rows = (tuple(map(_csv_cell, row)) for row in spool)
    while cells := list(islice(rows, BATCH)):
        writer.writerows(cells)
        yield _taken(out)


# (memory for the distinct texts of a long table's cells, at most this many at once)
CSV_TEXTS = 100_000


def _spooled_csv_rows(spool: Spool, numeric: tuple[bool, ...]) -> Iterator[list[str]]:
    """A spooled table's rows as CSV cells. Its right-aligned columns hold whole numbers
    (the hand scan writes them with `str`), which `_csv_cell` leaves as they are; each
    distinct text of its other columns (names, stakes, winners) is rewritten once."""
    texts = [column for column, right in enumerate(numeric) if not right]
    known: dict[str, str] = {}
    for line in spool.lines():
        row = line.split(TAB)
        for column in texts:
            text = row[column]
            cell = known.get(text)
            if cell is None:
                if len(known) == CSV_TEXTS:
                    known.clear()
                cell = known[text] = _csv_cell(text)
            row[column] = cell
        yield row


def _taken(out: io.StringIO) -> str:
    """What was written to `out` so far, which is emptied."""
    text = out.getvalue()
    out.seek(0)
    out.truncate()
    return text


def _csv_cell(cell: str) -> str:
    """`+12.50 EUR` -> `12.50`, `+43` -> `43`: a number a spreadsheet reads as one; any other
    text neutralised (a player named `+bob` is written `'+bob`)."""
    text = cell.removesuffix(f" {cell.rsplit(' ', 1)[-1]}") if " " in cell else cell
    number = text.removeprefix("+")
    digits = number.removeprefix("-").replace(".", "", 1)
    return number if digits.isascii() and digits.isdigit() else exports.neutralise(cell)
