"""A session report as text, Markdown, CSV, JSON or HTML.

Every format tells the same story: `story.sections(report)` builds it once, as titled facts,
lines and tables of strings; text (tabulate `simple`), Markdown (tabulate `github`) and HTML
(`html.py`) only dress it differently. CSV is the per-player ledger of `exports.py`; JSON is
the whole report, key-sorted, so the same data always gives the same text.
"""

from __future__ import annotations

import json
from typing import Any

from tabulate import tabulate

from ..domain.errors import UsageError
from . import exports
from .model import SessionReport
from .story import Section, decimal_text, money, sections

FORMATS = ("text", "md", "csv", "json", "html")


def render(report: SessionReport, fmt: str) -> str:
    """The report in `fmt`: one of text, md, csv, json, html."""
    if fmt == "text":
        return to_text(report)
    if fmt == "md":
        return to_markdown(report)
    if fmt == "csv":
        return exports.export(report, "ledger", "csv")
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
    return tabulate(
        rows,
        headers=[cell(h) for h in section.headers],
        tablefmt=style,
        colalign=align,
        disable_numparse=True,
    )


def to_text(report: SessionReport) -> str:
    """Plain text: underlined titles and `simple` tables."""
    parts = []
    for number, section in enumerate(sections(report)):
        mark = "=" if number == 0 else "-"
        title = section.title if number else f"Marquoir report: {section.title}"
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
        block = [f"# Marquoir report: {title}" if number == 0 else f"## {title}", ""]
        block.extend(f"- **{md_escape(k)}**: {md_escape(v)}" for k, v in section.facts)
        block.extend(f"- {md_escape(line)}" for line in section.lines)
        if section.headers:
            block.append(_table(section, "github", md_escape))
        parts.append("\n".join(block).rstrip("\n"))
    return "\n\n".join(parts) + "\n"


# --- JSON ---------------------------------------------------------------------------------


def report_data(report: SessionReport) -> dict[str, Any]:
    """The whole report as JSON-ready data (money as strings with two decimals)."""
    settlement = report.settlement
    return {
        "session": report.name,
        "created_at": report.created_at,
        "settings": report.settings,
        "title": report.title,
        "chip_value": decimal_text(report.chip_value),
        "currency": report.currency,
        "players": [{**p._asdict(), "net_money": money(p.net_money)} for p in report.players],
        "hands": [
            {
                **hand._asdict(),
                "players": list(hand.players),
                "pots": [
                    {
                        "name": pot.name,
                        "amount": pot.amount,
                        "shares": [{"player": n, "amount": a} for n, a in pot.shares],
                    }
                    for pot in hand.pots
                ],
            }
            for hand in report.hands
        ],
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


def to_json(report: SessionReport) -> str:
    """The whole report as one JSON object, key-sorted and indented."""
    return json.dumps(report_data(report), sort_keys=True, indent=2, ensure_ascii=False) + "\n"
