"""A session report as one self-contained HTML file: inline CSS, the chart inlined as SVG.

No external link, font or script: the file can be mailed or opened offline. matplotlib is
imported inside `stack_chart_svg` only (it costs hundreds of milliseconds and must stay off
the table commands' path). The output is deterministic: the same data gives the same bytes
(fixed SVG hash salt, text kept as text, no date in the metadata).
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable, Iterator, Sequence
from html import escape
from typing import Any, NamedTuple

from ..domain.i18n import _, language
from .model import ChipMove, HandLog, SessionReport
from .scan import TAB, Spool
from .story import Section, sections, stack_columns

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
""".strip()

NAN = float("nan")
MARKED_HANDS = 60  # up to this many hands, a dot marks each stack on the chart
NUMERIC = ' class="n"'


def to_html(report: SessionReport) -> str:
    """The report as one HTML document (every user text escaped), with the stacks chart."""
    return "".join(html_chunks(report))


def html_chunks(report: SessionReport) -> Iterator[str]:
    """`to_html` in pieces (a long table's rows in batches)."""
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
    for number, section in enumerate(parts_of):
        if number == 0:
            title = _("Marquoir report: {name}").format(name=section.title)
            yield f"\n<h1>{escape(title)}</h1>"
        else:
            yield f"\n<h2>{escape(section.title)}</h2>"
        if number == len(parts_of) - 1 and report.hands:  # the stacks: chart, then table
            yield f"\n<figure>\n{stack_chart_svg(report)}\n</figure>"
        yield "\n"
        yield from section_chunks(section)
    footer = escape(_("Made by Marquoir."))
    yield f"\n<footer>{footer}</footer>\n</body>\n</html>\n"


def section_html(section: Section) -> str:
    """A section's facts (a definition list), lines (a list) and table."""
    return "".join(section_chunks(section))


def section_chunks(section: Section) -> Iterator[str]:
    """`section_html` in pieces."""
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
        yield from table_chunks(section)
    else:
        yield "\n".join(out)


# Batches of this many rows of a long table are written at once.
BATCH = 2000


def table_html(section: Section) -> str:
    """A section's table; numeric columns right-aligned."""
    return "".join(table_chunks(section))


def table_chunks(section: Section) -> Iterator[str]:
    """`table_html` in pieces."""
    numeric = section.numeric or (False,) * len(section.headers)
    opening = [f"<td{NUMERIC if right else ''}>" for right in numeric]

    def header(values: tuple[str, ...]) -> str:
        return "".join(
            f"<th{NUMERIC if right else ''}>{escape(value)}</th>"
            for value, right in zip(values, numeric, strict=True)
        )

    yield f"<table>\n<thead><tr>{header(section.headers)}</tr></thead>\n<tbody>"
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
    yield "\n</tbody>\n</table>"


class Series(NamedTuple):
    """One player's line on the chart, and where chips came or went between hands."""

    name: str
    xs: list[int]
    ys: list[float]
    # (after how many hands, the stack then, "cave" | "recave" | "leave")
    marks: list[tuple[int, float, str]]


# How each kind of move is marked (matplotlib markers), and its name in the legend.
MARKS = {"cave": ("^", "cave"), "recave": ("P", "recave"), "leave": ("X", "leaves")}


# Over this many hands the chart is drawn from samples (`sampled_series`): at most
# CHART_POINTS points a line, and at most one mark of each kind a player in each of
# CHART_STRETCHES stretches of the session.
CHART_HANDS = 1000
CHART_POINTS = 500
CHART_STRETCHES = 100


def _hand_count(report: SessionReport) -> int:
    return len(report.hands)


def _last_hand(report: SessionReport) -> int:
    if isinstance(report.hands, HandLog):
        return report.hands.last_hand_no()
    return report.hands[-1].hand_no if report.hands else 0


def sampled_series(report: SessionReport, log: HandLog) -> list[Series]:
    """The chart of a long session (`ChartPlan`), its stacks sampled from the scan's."""
    scan = log.scan()
    plan = ChartPlan(report.moves, scan.last, points=CHART_POINTS, stretches=CHART_STRETCHES)
    return plan.series(scan.columns, plan.samples(scan.stack_table))


class ChartPlan:
    """The chart of a long session: each player's stack at the start and after every
    `step`-th hand (NaN where he was not at the table), `step` chosen for at most `points`
    points a line; of his caves, recaves and departures, the first of each kind in each of
    `stretches` stretches of the session, marked at the stack it left him with (`wanted`:
    the hands after which they came)."""

    def __init__(
        self, moves: Iterable[ChipMove], last: int, *, points: int, stretches: int
    ) -> None:
        self.last = last
        self.step = max(1, -(-last // points))
        stretch = max(1, -(-last // stretches))
        self.kept: dict[tuple[str, str, int], ChipMove] = {}
        self.starting: list[ChipMove] = []  # the chips brought before the first hand
        for move in moves:
            self.kept.setdefault((move.player, move.kind, move.after_hand // stretch), move)
            if move.after_hand == 0 and move.kind != "leave":
                self.starting.append(move)
        self.wanted = {move.after_hand for move in self.kept.values()}

    def samples(self, rows: Iterable[Sequence[str]]) -> list[tuple[int, list[float]]]:
        """The stacks after the hands the chart needs, from the rows of the stacks table."""
        return sample_stacks(rows, last=self.last, step=self.step, wanted=self.wanted)

    def series(self, names: list[str], samples: list[tuple[int, list[float]]]) -> list[Series]:
        """Each of `names`' line and marks, from the `samples` of the stacks table."""
        start = {name: NAN for name in names}
        for move in self.starting:
            before = start[move.player] if start.get(move.player) == start.get(move.player) else 0.0
            start[move.player] = before + move.chips
        series = [Series(name, [0], [start.get(name, NAN)], []) for name in names]
        at: dict[int, list[float]] = {0: [0.0] * len(names)}
        for hand, stacks in samples:
            if hand in self.wanted:
                at[hand] = stacks
            if hand % self.step == 0 or hand == self.last:
                for line, stack in zip(series, stacks, strict=True):
                    line.xs.append(hand)
                    line.ys.append(stack)
        column = {name: i for i, name in enumerate(names)}
        for (player, kind, _stretch), move in self.kept.items():
            if player not in column:
                continue
            before = at.get(move.after_hand, [NAN] * len(names))[column[player]]
            if kind == "leave":
                y = float(move.chips)
            else:
                y = (0.0 if before != before else before) + move.chips
            series[column[player]].marks.append((move.after_hand, y, kind))
        return series


def sample_stacks(
    rows: Iterable[Sequence[str]], *, last: int, step: int, wanted: set[int]
) -> list[tuple[int, list[float]]]:
    """The stacks after every `step`-th hand, the `last` and those `wanted`, from the rows
    of the stacks table (a hand's number, then each player's stack or "")."""
    samples = []
    for row in rows:
        hand = int(row[0])
        if hand % step == 0 or hand == last or hand in wanted:
            samples.append((hand, [float(cell) if cell else NAN for cell in row[1:]]))
    return samples


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


def hand_ticks(axes: Any, hands: int) -> None:
    """Every hand labelled up to 20 hands, then every 5 or 10 (never only the even ones);
    x = 0 is the start of the evening, before the first hand."""
    from matplotlib.ticker import FuncFormatter, MaxNLocator, MultipleLocator

    if hands <= 20:
        axes.xaxis.set_major_locator(MultipleLocator(1))
    elif hands <= 100:
        axes.xaxis.set_major_locator(MultipleLocator(5))
    else:
        axes.xaxis.set_major_locator(MaxNLocator(integer=True, steps=[1, 5, 10]))
    axes.xaxis.set_major_formatter(
        FuncFormatter(lambda x, _pos: _("start") if x == 0 else f"{x:.0f}")
    )
    axes.set_xlim(0, max(hands, 1))


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
    marker = "o" if count <= MARKED_HANDS else ""
    last = _last_hand(report)
    return draw_chart(lines, marker=marker, sampled=sampled, last=last, average=average)


def draw_chart(
    lines: list[Series],
    *,
    marker: str,
    sampled: bool,
    last: int,
    average: tuple[list[int], list[Any]] | None = None,
) -> str:
    """The chart of `lines` drawn by matplotlib (Agg canvas) as inline SVG: no XML prolog,
    no namespace URLs, no metadata, deterministic ids (`marker`: each stack's mark, or "";
    `sampled`: each kind of move marked at once; `last`: the last hand; `average`: a dashed
    line, the average stack)."""
    import matplotlib
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    from matplotlib.lines import Line2D

    # fixed ids, text kept as text (no glyph paths), names with "$" not read as math
    with matplotlib.rc_context(
        {"svg.hashsalt": "marquoir", "svg.fonttype": "none", "text.parse_math": False}
    ):
        figure = Figure(figsize=(8, 4), layout="constrained")
        FigureCanvasAgg(figure)
        axes: Any = figure.add_subplot()
        handles, labels = [], []
        kinds: set[str] = set()
        for series in lines:
            (line,) = axes.plot(series.xs, series.ys, marker=marker, markersize=3, linewidth=1.5)
            handles.append(line)
            labels.append(series.name)  # explicit labels: a name starting with "_" still shows
            if sampled:  # (one plot a kind: thousands of marks drawn one by one take seconds)
                _marks_at_once(axes, series, line.get_color(), kinds)
                continue
            for x, y, kind in series.marks:
                kinds.add(kind)
                axes.plot([x], [y], marker=MARKS[kind][0], markersize=8, color=line.get_color())
        if average is not None:
            (line,) = axes.plot(*average, color="#222", linestyle="--", linewidth=1.5)
            handles.append(line)
            labels.append(_("average stack"))
        for kind in MARKS:  # the legend says what each mark means
            if kind in kinds:
                shape, words = MARKS[kind]
                handles.append(Line2D([], [], marker=shape, color="#555", linestyle="none"))
                labels.append(words)
        axes.set_xlabel(_("hands played"))
        axes.set_ylabel("chips")
        axes.set_title(_("Stacks after each hand (caves, recaves and departures marked)"))
        axes.grid(True, alpha=0.3)
        hand_ticks(axes, last)
        axes.set_ylim(bottom=0)
        if handles:
            figure.legend(handles, labels, loc="outside right upper", frameon=False)
        buffer = io.StringIO()
        figure.savefig(buffer, format="svg", metadata={"Date": None, "Creator": None})
    return clean_svg(buffer.getvalue())


def _marks_at_once(axes: Any, series: Series, color: Any, kinds: set[str]) -> None:
    """A player's marks of each kind drawn as one plot of markers, no line."""
    for kind in MARKS:
        points = [(x, y) for x, y, which in series.marks if which == kind]
        if points:
            kinds.add(kind)
            xs, ys = zip(*points, strict=True)
            axes.plot(xs, ys, marker=MARKS[kind][0], markersize=8, color=color, linestyle="none")


def clean_svg(svg: str) -> str:
    """matplotlib's SVG made ready to inline in HTML: from `<svg` on, without the namespace
    declarations (HTML does not need them), the RDF metadata or the comments (which repeat
    the texts), and with `href` for the markers' links."""
    head, _, body = svg[svg.index("<svg") :].partition(">")
    head = re.sub(r'\s+xmlns(:\w+)?="[^"]*"', "", head)
    body = re.sub(r"\s*<metadata>.*?</metadata>", "", body, count=1, flags=re.S)
    body = re.sub(r"\s*<!--.*?-->", "", body, flags=re.S)
    body = re.sub(r"(<use\b[^>]*?)xlink:href=", r"\1href=", body)
    return f"{head}>{body}".strip()
