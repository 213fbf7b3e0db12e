"""The report written as it is read: the same bytes as the report built whole, tables drawn
without tabulate that are tabulate's own, the chart of a long session drawn from samples."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest
from tabulate import tabulate

from marquoir.cli.output import write_chunks
from marquoir.reports import chart, html, render
from marquoir.reports.model import HandLog, SessionReport, build_report, hand_lines
from marquoir.reports.scan import Spool
from marquoir.reports.story import Section
from marquoir.storage.db import READ
from marquoir.storage.ledger import Ledger

BENCH = Path(__file__).resolve().parent.parent / "bench"
if str(BENCH) not in sys.path:
    sys.path.insert(0, str(BENCH))

from bench_report import build  # noqa: E402

HANDS = 240  # played, then copied to twice as many (bench_report.copy_hands)


@pytest.fixture(scope="module")
def long_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Four players, raises, all-ins with side pots, split pots and recaves."""
    db = tmp_path_factory.mktemp("long") / "long.db"
    build(db, 2 * HANDS, block=HANDS)
    return db


def reports(db: Path) -> tuple[SessionReport, SessionReport, Ledger]:
    """The report as the command builds it (the hands left in the file) and the same report
    with every hand read first, as it was built before it streamed (a tuple of hands)."""
    book = Ledger(db, mode=READ)
    info = book.current()
    created = dict((i.name, c) for i, c in book.sessions())[info.name]
    streamed = build_report(book, info, created)
    assert isinstance(streamed.hands, HandLog)
    whole = streamed._replace(
        hands=hand_lines(book.hands(info), book.side_payments(info), config=info.settings.table),
        players=tuple(streamed.players),
        moves=tuple(streamed.moves),
    )
    return streamed, whole, book


@pytest.mark.parametrize("fmt", ["text", "md", "csv", "json"])
def test_the_streamed_report_is_the_whole_one(long_db: Path, fmt: str) -> None:
    streamed, whole, book = reports(long_db)
    with book:
        assert render.render(streamed, fmt) == render.render(whole, fmt)


def test_the_long_tables_are_written_in_batches(long_db: Path) -> None:
    streamed, _whole, book = reports(long_db)
    with book:
        chunks = list(render.render_chunks(streamed, "text"))
    rows = 2 * HANDS  # (at least one row a hand in each of the two big tables)
    assert len(chunks) > 2 * (rows // render.BATCH) + 2


def test_the_chart_of_a_long_session_is_sampled(
    long_db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(html, "CHART_HANDS", 100)
    monkeypatch.setattr(html, "CHART_POINTS", 50)
    monkeypatch.setattr(html, "CHART_STRETCHES", 10)
    streamed, whole, book = reports(long_db)
    with book:
        assert isinstance(streamed.hands, HandLog)
        sampled = html.sampled_series(streamed, streamed.hands)
        exact = html.chart_series(whole)
        last = 2 * HANDS
        step = -(-last // 50)
        assert [s.name for s in sampled] == [s.name for s in exact]
        for line, full in zip(sampled, exact, strict=True):
            # the start, every step-th hand and the last: each point one of the exact line's
            assert line.xs == [0, *range(step, last + 1, step)] + ([last] if last % step else [])
            points = {x: y for x, y in zip(full.xs, full.ys, strict=True) if x}
            assert all(points[x] == y for x, y in zip(line.xs[1:], line.ys[1:], strict=True))
            for kind in chart.MARKS:  # at most one mark a kind in each of the 10 stretches
                marks = [x for x, _y, which in line.marks if which == kind]
                assert len(marks) <= 10 and len(marks) == len(set(m // (last // 10) for m in marks))
                assert set(marks) <= {x for x, _y, which in full.marks if which == kind}
        page = render.render(streamed, "html")
    assert page.count("<svg") == 1 and "<td" in page


ALPHABET = "abcXYZ019 ,()-.|\\*_<>&éß李"


@pytest.mark.parametrize("style", ["simple", "github"])
def test_spooled_tables_are_tabulates_tables(style: str) -> None:
    """Cells printable but not only ASCII, with Markdown's specials: as tabulate draws them
    (it measures with len() unless wcwidth is installed; then the spool is not used)."""
    rng = random.Random(style)
    cell = render.md_escape if style == "github" else str
    for _ in range(300):
        columns = rng.randint(1, 5)
        headers = tuple(
            "h" + "".join(rng.choices("abc_|", k=rng.randint(0, 4))) for _ in range(columns)
        )
        rows = [
            tuple(
                "".join(rng.choices(ALPHABET, k=rng.choice([0, 1, 4, 9]))).strip()
                for _ in range(columns)
            )
            for _ in range(rng.randint(1, 6))
        ]
        spool = Spool(columns)
        for row in rows:
            spool.add(list(row))
        spool.texts(text for row in rows for text in row)
        numeric = tuple(rng.random() < 0.5 for _ in range(columns))
        expected = tabulate(
            [[cell(text) for text in row] for row in rows],
            headers=[cell(h) for h in headers],
            tablefmt=style,
            colalign=["right" if right else "left" for right in numeric],
            disable_numparse=True,
        )
        section = Section("t", headers=headers, rows=spool, numeric=numeric)
        assert render._table(section, style, cell) == expected, (headers, rows)
        spool.close()


def test_a_report_that_fails_half_way_leaves_no_file(tmp_path: Path) -> None:
    target = tmp_path / "report.txt"

    def chunks():  # type: ignore[no-untyped-def]
        yield "Marquoir report\n"
        raise RuntimeError("the disk went away")

    with pytest.raises(RuntimeError):
        write_chunks(chunks(), str(target), force=False, database=str(tmp_path / "x.db"))
    assert not target.exists()
