"""The report's fast paths write what the plain ones write, byte for byte.

A report reads its hands from the file (`HandLog`): each summary decoded once, the JSON's
hands written as text by `hand_text.HandWriter`, the long tables spooled, their CSV cells
rewritten once per distinct text and their HTML escaped only when a text needs it. The
plain path is the report built from every hand read first (`hand_lines`): JSON by
`json.dumps`, CSV by the `csv` module over `_csv_cell` of every cell, tables by tabulate,
HTML escaping every cell. The sessions here have what the oracle's sessions
(tests/test_report_oracle.py) have not: a pot split high / low, a player sitting out (his
stack kept apart in the summary), Bouillotte's brelans paid after the hand.
"""

from __future__ import annotations

import csv
import io
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from marquoir.cli import main
from marquoir.domain import i18n
from marquoir.reports import chart_job, html, render
from marquoir.reports.scan import Spool
from marquoir.reports.story import Section

from .test_report_streaming import build, reports

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

# dave calls, alice calls, bob (small blind) folds, carol checks: a pot of 7; then 9 checks
HILO_HAND = [["deal"], ["call"], ["call"], ["fold"], ["check"], *[["check"]] * 9]


def run(db: Path, *args: str) -> None:
    assert main(["--db", str(db), *args]) == 0


def hilo_session(db: Path) -> None:
    """Omaha hi-lo: a pot split high / low, one scooped, then a hand with `+bob` sitting
    out (his stack is kept apart in the hand's summary; his name a formula to neutralise)."""
    run(db, "new", "h", "--game", "omaha-hilo", "--blinds", "1/2", "--cave", "100")
    for player in ("alice", "+bob", "carol", "dave"):
        run(db, "seat", player)
    for line in HILO_HAND:
        run(db, *line)
    run(db, "showdown", "alice > dave", "--low", "carol > alice")
    for line in HILO_HAND:
        run(db, *line)
    run(db, "showdown", "dave > alice")
    run(db, "sitout", "+bob")
    run(db, "deal")
    run(db, "fold")
    run(db, "fold")


SESSIONS = {
    "hilo": hilo_session,
    "bouillotte": lambda db: run(db, "play", str(EXAMPLES / "bouillotte.txt")),
}


@pytest.fixture(scope="module", params=sorted(SESSIONS))
def session_db(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp(request.param) / "s.db"
    SESSIONS[request.param](db)
    return db


@pytest.mark.parametrize("fmt", ["text", "md", "csv", "json", "html"])
def test_the_report_read_from_the_file_is_the_plain_one(session_db: Path, fmt: str) -> None:
    streamed, whole, book = reports(session_db)
    with book:
        assert render.render(streamed, fmt) == render.render(whole, fmt)


def test_the_json_hands_are_json_dumps(session_db: Path) -> None:
    """Each hand's text parses back to `_hand_data` of the hand, and reads as `json.dumps`
    writes it, indented where it stands."""
    streamed, whole, book = reports(session_db)
    with book:
        text = render.render(streamed, "json")
    data = json.loads(text)
    hands = [render._hand_data(hand) for hand in whole.hands]
    assert data["hands"] == json.loads(json.dumps(hands))
    for hand in hands:
        written = json.dumps(hand, sort_keys=True, indent=2, ensure_ascii=False)
        assert "\n    " + written.replace("\n", "\n    ") in text


def test_the_sessions_have_what_they_are_here_for(session_db: Path) -> None:
    _streamed, whole, book = reports(session_db)
    with book:
        paid = book.side_payments(book.current())
    hands = whole.hands
    if session_db.parent.name.startswith("hilo"):
        assert any(pot.low for hand in hands for pot in hand.pots)
        assert any(set(hand.stacks) - set(hand.players) for hand in hands)  # sitting out
    else:
        assert paid  # the brelans


CELLS = ["alice", "+bob", "=1+2", "-x", "@me", "12", "3.5", "a,b", 'say "hi"', "ann 3"]


def test_spooled_csv_rows_are_the_csv_modules() -> None:
    """A spooled table's right-aligned columns hold whole numbers; its other cells are any
    text (formulas, numbers, commas, quotes): the same CSV as `_csv_cell` of every cell."""
    rng = random.Random(7)
    for _ in range(200):
        columns = rng.randint(1, 5)
        numeric = tuple(rng.random() < 0.5 for _ in range(columns))
        rows = [
            [
                rng.choice(["", str(rng.randint(-50, 5000))])
                if right
                else " ".join(rng.choices(CELLS, k=rng.randint(0, 3)))
                for right in numeric
            ]
            for _ in range(rng.randint(1, 8))
        ]
        spool = Spool(columns)
        for row in rows:
            spool.add(list(row))
        headers = tuple(f"h{column}" for column in range(columns))
        section = Section("t", headers=headers, rows=spool, numeric=numeric)
        expected = io.StringIO()
        writer = csv.writer(expected, lineterminator="\n")
        writer.writerows([render._csv_cell(cell) for cell in row] for row in rows)
        assert "".join(render.csv_table(section)) == expected.getvalue(), rows
        spool.close()


@pytest.mark.parametrize("texts", [["alice", "bob 3"], ["a&b", "<c>"], ['say "hi"', "o'neil"]])
def test_a_spooled_html_table_is_escaped_as_every_cell_is(texts: list[str]) -> None:
    spool = Spool(2)
    rows = [(text, str(number)) for number, text in enumerate(texts)]
    for row in rows:
        spool.add(list(row))
    spool.texts(texts)
    numeric = (False, True)
    plain = Section("t", headers=("who", "n"), rows=tuple(rows), numeric=numeric)
    spooled = plain._replace(rows=spool)
    assert html.table_html(spooled) == html.table_html(plain)
    assert spool.markup == any(set(text) & set("&<>\"'") for text in texts)
    spool.close()


@pytest.fixture(scope="module")
def long_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Four players, 480 hands: raises, all-ins with side pots, split pots and recaves."""
    db = tmp_path_factory.mktemp("long") / "long.db"
    build(db, 480, block=240)
    return db


@pytest.fixture
def sampled(monkeypatch: pytest.MonkeyPatch) -> None:
    """The chart of a session over 100 hands drawn from samples, as that of a long one."""
    monkeypatch.setattr(html, "CHART_HANDS", 100)
    monkeypatch.setattr(html, "CHART_POINTS", 50)
    monkeypatch.setattr(html, "CHART_STRETCHES", 10)


def html_report(db: Path, *, in_process: bool, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setattr(html, "CHART_PROCESS", not in_process)
    streamed, _whole, book = reports(db)
    with book:
        return render.render(streamed, "html")


@pytest.mark.usefixtures("sampled")
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_chart_drawn_in_a_process_of_its_own_is_the_same(
    long_db: Path, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    i18n.set_language(lang)  # (the chart's words, "départ" in French: not ASCII)
    started = []
    real = chart_job.start

    def start(*args: Any, **kwargs: Any) -> chart_job.ChartJob | None:
        job = real(*args, **kwargs)
        started.append(job)
        return job

    monkeypatch.setattr(chart_job, "start", start)
    page = html_report(long_db, in_process=False, monkeypatch=monkeypatch)
    assert started and started[0] is not None and started[0].process.returncode == 0
    assert page == html_report(long_db, in_process=True, monkeypatch=monkeypatch)
    assert page.count("<svg") == 1 and page.count("<path") > 10
    assert ("départ" in page) == (lang == "fr")


@pytest.mark.usefixtures("sampled")
@pytest.mark.parametrize(
    "child",
    [
        "sys.exit(3)",
        "print('nonsense')",
        "print('{}')",
        "import time; time.sleep(60)",  # stuck before its plan: given up after PATIENCE
    ],
)
def test_a_chart_process_that_fails_leaves_the_chart_to_the_report(
    long_db: Path, monkeypatch: pytest.MonkeyPatch, child: str
) -> None:
    expected = html_report(long_db, in_process=True, monkeypatch=monkeypatch)
    real = subprocess.Popen

    def failing(args: list[str], **kwargs: Any) -> subprocess.Popen[str]:
        code = f"import sys; sys.stdin.readline(); {child}"
        return real([sys.executable, "-c", code], **kwargs)

    monkeypatch.setattr(subprocess, "Popen", failing)
    monkeypatch.setattr(chart_job, "PATIENCE", 1.0)
    assert html_report(long_db, in_process=False, monkeypatch=monkeypatch) == expected
