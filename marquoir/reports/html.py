"""A session report as one self-contained HTML file: inline CSS, the chart inlined as SVG.

No external link, font or script: the file can be mailed or opened offline. The chart is
drawn by `chart.py` (in a process of its own for a long cash game: `chart_job.py`). The
output is deterministic: the same data gives the same bytes.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from html import escape

from ..domain.i18n import _, language
from .chart import NAN, ChartPlan, Series, draw_chart
from .model import ChipMove, HandLog, SessionReport
from .scan import TAB, Spool
from .story import Section, sections, stack_columns

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .chart_job import ChartJob

STYLE = """
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 2em auto;
       max-width: 60em; padding: 0 1em; color: #222; background: #fff; }
h1 { font-size: 1.6em; border-bottom: 2px solid #2a6; padding-bottom: .2em; }
h2 { font-size: 1.2em; margin-top: 1.8em; color: #264; }
table { border-collapse: collapse; margin: .5em 0; }
th, td { padding: .25em .7em; border-bottom: 1px solid #ddd; text-align: left; }
th { background: #f3f6f4; }
td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
tr:last-child td { border-bottom: none; }
dl { display: grid; grid-template-columns: max-content auto; gap: .2em 1em; }
dt { font-weight: 600; }
dd { margin: 0; }
ul.lines { padding-left: 1.2em; }
figure { margin: 1em 0; }
figure svg { max-width: 100%; height: auto; }
footer { margin-top: 3em; font-size: .8em; color: #777; }
.scroll { overflow-x: auto; }
@media (max-width: 40em) {
  body { margin: 1em auto; padding: 0 .5em; }
  th, td { padding: .2em .35em; }
  table.cards, table.cards tbody, table.cards tr, table.cards td { display: block; }
  table.cards thead { display: none; }
  table.cards tr { border-bottom: 1px solid #bbb; padding: .3em 0; }
  table.cards td { border: none; padding: .05em .3em; text-align: left; }
  table.cards td:first-child { float: right; color: #777; }
  table.cards td:not([data-label]) { font-weight: 600; }
  table.cards td[data-label] { display: flex; justify-content: space-between; gap: 1em; }
  table.cards td[data-label]::before { content: attr(data-label); color: #555; }
  table.cards td:empty { display: none; }
}
""".strip()

MARKED_HANDS = 60  # up to this many hands, a dot marks each stack on the chart
NUMERIC = ' class="n"'


def to_html(report: SessionReport) -> str:
    """The report as one HTML document (every user text escaped), with the stacks chart."""
    return "".join(html_chunks(report))


def html_chunks(report: SessionReport) -> Iterator[str]:
    """`to_html` in pieces (a long table's rows in batches)."""
    job = _chart_job(report)
    try:
        yield from _page_chunks(report, job)
    finally:
        if job is not None:
            job.close()


def _page_chunks(report: SessionReport, job: ChartJob | None) -> Iterator[str]:
    head = [
        "<!DOCTYPE html>",
        f'<html lang="{language()}">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        "<title>" + escape(_("Marquoir report: {name}").format(name=report.name)) + "</title>",
        f"<style>\n{STYLE}\n</style>",
        "</head>",
        "<body>",
    ]
    yield "\n".join(head)
    parts_of = sections(report)
    if job is not None:  # (the pass over the hands is done: the chart's stacks are known)
        job.send_samples(report.hands.scan())  # type: ignore[attr-defined]
    for number, section in enumerate(parts_of):
        if number == 0:
            title = _("Marquoir report: {name}").format(name=section.title)
            yield f"\n<h1>{escape(title)}</h1>"
        else:
            yield f"\n<h2>{escape(section.title)}</h2>"
        if number == len(parts_of) - 1 and report.hands:  # the stacks: chart, then table
            chart = job.svg() if job is not None else None
            yield f"\n<figure>\n{chart or stack_chart_svg(report)}\n</figure>"
        yield "\n"
        # the players' many columns become one card per player on a phone
        yield from section_chunks(section, cards=section.title == _("Players"))
    footer = escape(_("Made by Marquoir."))
    yield f"\n<footer>{footer}</footer>\n</body>\n</html>\n"


# Whether the chart of a long cash game is drawn in a process of its own (`chart_job`).
CHART_PROCESS = True


def _chart_job(report: SessionReport) -> ChartJob | None:
    """The chart of a long cash game started in a process of its own (`chart_job`), which
    draws it while this one reads the hands; None: drawn here."""
    if not (CHART_PROCESS and isinstance(report.hands, HandLog)) or report.tournament_data:
        return None
    count = _hand_count(report)
    if count <= CHART_HANDS:
        return None
    from . import chart_job

    marker = _marker(count)
    return chart_job.start(report, points=CHART_POINTS, stretches=CHART_STRETCHES, marker=marker)


def section_html(section: Section) -> str:
    """A section's facts (a definition list), lines (a list) and table."""
    return "".join(section_chunks(section))


def section_chunks(section: Section, *, cards: bool = False) -> Iterator[str]:
    """`section_html` in pieces; `cards`: see `table_chunks`."""
    out = []
    if section.facts:
        out.append("<dl>")
        out.extend(
            f"<dt>{escape(label)}</dt><dd>{escape(value)}</dd>" for label, value in section.facts
        )
        out.append("</dl>")
    if section.lines:
        out.append('<ul class="lines">')
        out.extend(f"<li>{escape(line)}</li>" for line in section.lines)
        out.append("</ul>")
    if section.headers:
        yield "\n".join(out) + ("\n" if out else "")
        yield from table_chunks(section, cards=cards)
    else:
        yield "\n".join(out)


# Batches of this many rows of a long table are written at once.
BATCH = 2000


def table_html(section: Section) -> str:
    """A section's table; numeric columns right-aligned."""
    return "".join(table_chunks(section))


def table_chunks(section: Section, *, cards: bool = False) -> Iterator[str]:
    """`table_html` in pieces. A table scrolls sideways inside its own box, never the page;
    with `cards`, a narrow screen shows each row as a card instead, every number under its
    column's name (`data-label`), so nothing is out of sight on a phone."""
    numeric = section.numeric or (False,) * len(section.headers)
    labels = [
        f' data-label="{escape(name)}"' if cards and right else ""
        for name, right in zip(section.headers, numeric, strict=True)
    ]
    opening = [
        f"<td{NUMERIC if right else ''}{label}>"
        for right, label in zip(numeric, labels, strict=True)
    ]

    def header(values: tuple[str, ...]) -> str:
        return "".join(
            f"<th{NUMERIC if right else ''}>{escape(value)}</th>"
            for value, right in zip(values, numeric, strict=True)
        )

    table = '<table class="cards">' if cards else '<div class="scroll"><table>'
    yield f"{table}\n<thead><tr>{header(section.headers)}</tr></thead>\n<tbody>"
    row_format = "\n<tr>" + "".join(f"{tag}{{}}</td>" for tag in opening) + "</tr>"
    batch: list[str] = []
    if isinstance(section.rows, Spool):  # (escaping a line escapes each of its cells)
        lines = section.rows.lines()
        if section.rows.markup:
            lines = map(escape, lines)
        rows: Iterator[Sequence[str]] = (line.split(TAB) for line in lines)
    else:
        rows = ([escape(cell) for cell in row] for row in section.rows)
    for row in rows:
        batch.append(row_format.format(*row))
        if len(batch) == BATCH:
            yield "".join(batch)
            batch.clear()
    yield "".join(batch)
    yield "\n</tbody>\n</table>" + ("" if cards else "</div>")


# Over this many hands the chart is drawn from samples (`sampled_series`): at most
# CHART_POINTS points a line, and at most one mark of each kind a player in each of
# CHART_STRETCHES stretches of the session.
CHART_HANDS = 1000
CHART_POINTS = 500
CHART_STRETCHES = 100


def _hand_count(report: SessionReport) -> int:
    return len(report.hands)


def _marker(count: int) -> str:
    """How each stack is marked on the chart of `count` hands: a dot, or nothing."""
    return "o" if count <= MARKED_HANDS else ""


def _last_hand(report: SessionReport) -> int:
    if isinstance(report.hands, HandLog):
        return report.hands.last_hand_no()
    return report.hands[-1].hand_no if report.hands else 0


def sampled_series(report: SessionReport, log: HandLog) -> list[Series]:
    """The chart of a long session (`ChartPlan`), its stacks sampled from the scan's."""
    scan = log.scan()
    plan = ChartPlan(report.moves, scan.last, points=CHART_POINTS, stretches=CHART_STRETCHES)
    return plan.series(scan.columns, plan.samples(scan.stack_table))


def chart_series(report: SessionReport) -> list[Series]:
    """Per player (seat order): his stack at the start (x = 0) and after each hand, NaN where
    he was not at the table (the line breaks there). A cave or a recave between hands is a
    vertical step at that x, marked, so that it is never read as chips won; a departure is
    marked and ends the line."""
    return [_StackLine(name, report).series for name in stack_columns(report)]


class _StackLine:
    """One player's series, built hand after hand with the moves between them."""

    def __init__(self, name: str, report: SessionReport) -> None:
        self.series = Series(name, [], [], [])
        self.stack: float | None = None
        self.moves: dict[int, list[ChipMove]] = {}
        for move in report.moves:
            if move.player == name:
                self.moves.setdefault(move.after_hand, []).append(move)
        self.between(0)
        for hand in report.hands:
            if name in hand.stacks:
                if self.stack is None and not self.moves:  # a report without the moves
                    self.point(hand.hand_no - 1, hand.stacks[name] - hand.nets.get(name, 0))
                self.stack = float(hand.stacks[name])
                self.point(hand.hand_no, self.stack)
            self.between(hand.hand_no)

    def point(self, x: int, y: float) -> None:
        self.series.xs.append(x)
        self.series.ys.append(float(y))

    def between(self, x: int) -> None:
        """The caves, recaves and departures after `x` hands."""
        for move in self.moves.get(x, []):
            if move.kind == "leave":
                self.series.marks.append((x, float(move.chips), "leave"))
                self.point(x, NAN)  # the line ends
                self.stack = None
                continue
            if move.kind == "cave" and self.stack is None and self.series.xs:
                self.point(x, NAN)  # back after leaving: a new line
            self.stack = (self.stack or 0.0) + move.chips
            self.point(x, self.stack)
            self.series.marks.append((x, self.stack, move.kind))


def stack_chart_svg(report: SessionReport) -> str:
    """Each player's stack over the hands, drawn by matplotlib as inline SVG (`draw_chart`);
    the average stack of a tournament's players left."""
    count = _hand_count(report)
    sampled = isinstance(report.hands, HandLog) and count > CHART_HANDS
    lines = sampled_series(report, report.hands) if sampled else chart_series(report)  # type: ignore[arg-type]
    average = None
    if report.tournament_data:  # a tournament: the average stack of the players left
        averages = report.tournament_data["average_stacks"]
        xs = [0, *(int(n) for n in averages)]
        start = report.tournament_data["structure"]["stack"]
        average = (xs, [start, *averages.values()])
    marker = _marker(count)
    last = _last_hand(report)
    return draw_chart(lines, marker=marker, sampled=sampled, last=last, average=average)
