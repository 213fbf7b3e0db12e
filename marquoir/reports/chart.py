"""The stacks chart of a report: the lines and marks it shows, drawn by matplotlib as SVG.

matplotlib is imported inside `draw_chart` only (it costs hundreds of milliseconds and must
stay off the table commands' path). The SVG is deterministic: the same lines give the same
bytes (fixed SVG hash salt, text kept as text, no date in the metadata).
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from ..domain.i18n import N_, _, decimal, french, number
from .model import ChipMove

NAN = float("nan")


class Series(NamedTuple):
    """One player's line on the chart, and where chips came or went between hands."""

    name: str
    xs: list[int]
    ys: list[float]
    # (after how many hands, the stack then, "cave" | "recave" | "leave")
    marks: list[tuple[int, float, str]]


# How each kind of move is marked (matplotlib markers), and its name in the legend.
# (the legend's words are nouns: a key of their own in the catalog, where "recave" is the
# command's verb)
MARKS = {
    "cave": ("^", "cave", N_("cave, in the chart's legend")),
    "recave": ("P", "recave", N_("recave, in the chart's legend")),
    "leave": ("X", "leaves", N_("leaves, in the chart's legend")),
}


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
            # (a French table groups the thousands with a narrow no-break space: `1 412`)
            samples.append(
                (hand, [float(cell.replace("\u202f", "")) if cell else NAN for cell in row[1:]])
            )
    return samples


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
        FuncFormatter(lambda x, _pos: _("start") if x == 0 else number(round(x)))
    )
    axes.set_xlim(0, max(hands, 1))


def chip_ticks(axes: Any) -> None:
    """The stacks axis in the language of the output: `20 000` and `2,5` in French (matplotlib
    writes `20000` and `2.5`), as it is in English."""
    from matplotlib.ticker import FuncFormatter

    if french():
        axes.yaxis.set_major_formatter(FuncFormatter(lambda y, _pos: axis_number(y)))


def axis_number(value: float) -> str:
    """A tick's value: a whole number grouped (`20 000`), or a decimal (`2,5`)."""
    return number(round(value)) if value == round(value) else decimal(f"{value:g}")


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
                shape, words, translated = MARKS[kind]
                handles.append(Line2D([], [], marker=shape, color="#555", linestyle="none"))
                labels.append(_(translated) if french() else words)
        axes.set_xlabel(_("hands played"))
        axes.set_ylabel(_("chips"))
        axes.set_title(_("Stacks after each hand (caves, recaves and departures marked)"))
        axes.grid(True, alpha=0.3)
        hand_ticks(axes, last)
        chip_ticks(axes)
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
