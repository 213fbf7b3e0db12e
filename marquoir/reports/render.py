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
from typing import Any

from tabulate import tabulate

from ..domain.errors import UsageError
from ..domain.i18n import _, speaking
from . import exports
from .model import HandLine, PlayerLine, PotLine, SessionReport
from .story import Section, decimal_text, money, sections

FORMATS = ("text", "md", "csv", "json", "html")


def render(report: SessionReport, fmt: str) -> str:
    """The report in `fmt`: one of text, md, csv, json, html (CSV and JSON are data: their
    labels and numbers are the same in every language)."""
    if fmt in ("csv", "json"):
        with speaking("en"):
            return to_csv(report) if fmt == "csv" else to_json(report)
    if fmt == "text":
        return to_text(report)
    if fmt == "md":
        return to_markdown(report)
    if fmt == "csv":
        return to_csv(report)
    if fmt == "json":
        return to_json(report)
    if fmt == "html":
        from .html import to_html

        return to_html(report)
    raise UsageError(f"unknown report format {fmt!r}: one of {', '.join(FORMATS)}")


# --- text and Markdown --------------------------------------------------------------------


def _table(section: Section, style: str, cell: Any = str) -> str:
    align = ["right" if right else "left" for right in section.numeric]
    rows = [[cell(value) for value in row] for row in section.rows]
    headers = [cell(h) for h in section.headers]
    if style in _FAST_STYLES and rows and _plain(headers, rows):
        stripped = [[text.strip() for text in row] for row in rows]  # as tabulate does
        return _FAST_STYLES[style](headers, stripped, section.numeric)
    return tabulate(
        rows,
        headers=[cell(h) for h in section.headers],
        tablefmt=style,
        colalign=align,
        disable_numparse=True,
    )


# tabulate reads every cell several times to guess its type and width (1.4 s for the
# 100,000 rows of a long session's hand log). For cells of printable ASCII, whose width is
# their length, these write the same tables as tabulate's `simple` and `github` styles
# (tests/test_reports.py compares them on random tables); other cells go to tabulate.


def _plain(headers: list[str], rows: list[list[str]]) -> bool:
    return all(text.isascii() and text.isprintable() for text in headers) and all(
        text.isascii() and text.isprintable() for row in rows for text in row
    )


def _widths(headers: list[str], rows: list[list[str]]) -> list[int]:
    widths = [len(header) + 2 for header in headers]  # tabulate's minimum padding
    for row in rows:
        for i, text in enumerate(row):
            if len(text) > widths[i]:
                widths[i] = len(text)
    return widths


def _line(cells: list[str], widths: list[int], right: tuple[bool, ...]) -> list[str]:
    return [
        text.rjust(width) if flush else text.ljust(width)
        for text, width, flush in zip(cells, widths, right, strict=True)
    ]


def _simple(headers: list[str], rows: list[list[str]], right: tuple[bool, ...]) -> str:
    widths = _widths(headers, rows)
    lines = ["  ".join(_line(headers, widths, right)).rstrip()]
    lines.append("  ".join("-" * width for width in widths))
    lines.extend("  ".join(_line(row, widths, right)).rstrip() for row in rows)
    return "\n".join(lines)


def _github(headers: list[str], rows: list[list[str]], right: tuple[bool, ...]) -> str:
    widths = _widths(headers, rows)
    lines = ["| " + " | ".join(_line(headers, widths, right)) + " |"]
    lines.append("|" + "|".join("-" * (width + 2) for width in widths) + "|")
    lines.extend("| " + " | ".join(_line(row, widths, right)) + " |" for row in rows)
    return "\n".join(lines)


_FAST_STYLES = {"simple": _simple, "github": _github}


def to_text(report: SessionReport) -> str:
    """Plain text: underlined titles and `simple` tables."""
    parts = []
    for number, section in enumerate(sections(report)):
        mark = "=" if number == 0 else "-"
        title = section.title if number else _("Marquoir report: {name}").format(name=section.title)
        block = [title, mark * len(title)]
        if section.facts:
            width = max(len(label) for label, _ in section.facts)
            block.extend(f"{label.ljust(width)}  {value}" for label, value in section.facts)
        block.extend(section.lines)
        if section.headers:
            block.append(_table(section, "simple"))
        parts.append("\n".join(block))
    return "\n\n".join(parts) + "\n"


# What may change the meaning of text in the middle of a line or break a table row (the
# characters that matter only at the start of a line never start one here).
_MD_SPECIAL = frozenset("\\`*_[]<>|~&")


def md_escape(text: str) -> str:
    """Text that Markdown shows as it is, inside a line or a table cell."""
    return "".join("\\" + c if c in _MD_SPECIAL else c for c in text)


def to_markdown(report: SessionReport) -> str:
    """GitHub-flavoured Markdown: headings, a list of settings, `github` tables."""
    parts = []
    for number, section in enumerate(sections(report)):
        title = md_escape(section.title)
        head = (
            "# " + _("Marquoir report: {name}").format(name=title) if number == 0 else f"## {title}"
        )
        block = [head, ""]
        block.extend(f"- **{md_escape(k)}**: {md_escape(v)}" for k, v in section.facts)
        block.extend(f"- {md_escape(line)}" for line in section.lines)
        if section.headers:
            block.append(_table(section, "github", md_escape))
        parts.append("\n".join(block).rstrip("\n"))
    return "\n\n".join(parts) + "\n"


# --- JSON ---------------------------------------------------------------------------------


def report_data(report: SessionReport) -> dict[str, Any]:
    """The whole report as JSON-ready data (docs/outputs.md: `player`, `hand`, chips as
    integers, money as strings with two decimals)."""
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
        "players": [_player_data(p) for p in report.players],
        "hands": [_hand_data(hand) for hand in report.hands],
        "settlement": None
        if settlement is None
        else {
            "balances": {name: money(value) for name, value in settlement.balances.items()},
            "transfers": [
                {"payer": t.payer, "payee": t.payee, "amount": money(t.amount)}
                for t in settlement.transfers
            ],
            "groups": [list(group) for group in settlement.groups],
        },
        "unsettled": report.unsettled,
    }


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


def _hand_data(hand: HandLine) -> dict[str, Any]:
    return {
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


def to_json(report: SessionReport) -> str:
    """The whole report as one JSON object, key-sorted and indented."""
    return json.dumps(report_data(report), sort_keys=True, indent=2, ensure_ascii=False) + "\n"


# --- CSV ----------------------------------------------------------------------------------


def to_csv(report: SessionReport) -> str:
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
            writer.writerows(tuple(_csv_cell(cell) for cell in row) for row in section.rows)
        writer.writerow(())
    return out.getvalue()


def _csv_cell(cell: str) -> str:
    """`+12.50 EUR` -> `12.50`, `+43` -> `43`: a number a spreadsheet reads as one; any other
    text neutralised (a player named `+bob` is written `'+bob`)."""
    text = cell.removesuffix(f" {cell.rsplit(' ', 1)[-1]}") if " " in cell else cell
    number = text.removeprefix("+")
    digits = number.removeprefix("-").replace(".", "", 1)
    return number if digits.isascii() and digits.isdigit() else exports.neutralise(cell)
