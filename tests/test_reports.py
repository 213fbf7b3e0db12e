"""The reports of the example evening, format by format: text, Markdown, CSV, JSON, HTML,
the exports (ledger, hand log, PokerNow) and the report of a session still in play.

The evening is played once into a temporary database through `marquoir.cli.main`; the
expected stacks are computed here from the known outcome of each hand, not read back from
the engine.
"""

from __future__ import annotations

import csv
import io
import json
import shutil
import subprocess
import sys
from datetime import datetime
from decimal import Decimal
from pathlib import Path

import pytest

from marquoir.cli import main
from marquoir.domain.errors import MarquoirError, UsageError
from marquoir.reports import exports
from marquoir.reports.model import SessionReport, build_report
from marquoir.reports.render import render
from marquoir.storage.ledger import Ledger

EVENING = Path(__file__).resolve().parent.parent / "examples" / "evening.txt"
PLAYERS = ("alice", "bob", "carol", "dave")

# The known outcome of each hand of the evening (see the comments of examples/evening.txt):
# the chips each player put in the pots, and what each took from them.
HANDS = [
    # 1: dave opens to 6, alice and carol call, bob folds his small blind; dave bets 10 on
    #    the flop (alice calls, carol folds), alice bets 20 on the turn; alice wins 79.
    ({"alice": 36, "bob": 1, "carol": 6, "dave": 36}, {"alice": 79}),
    # 2: all-in; alice's last 44 come back. Main pot 4 x 64 (dave), side pot 1 3 x 130
    #    (carol), side pot 2 2 x 5 (bob beats alice).
    ({"alice": 199, "bob": 199, "carol": 194, "dave": 64}, {"dave": 256, "carol": 390, "bob": 10}),
    # 3: 10 each, 40 split three ways; the odd chip to dave, first left of the button (carol).
    ({"alice": 10, "bob": 10, "carol": 10, "dave": 10}, {"dave": 14, "alice": 13, "bob": 13}),
    # 4: (bob recaved 100, dave left) bob shoves 113, carol calls and wins 226.
    ({"alice": 0, "bob": 113, "carol": 113}, {"carol": 226}),
]
CAVES = {"alice": 200, "bob": 200, "carol": 200, "dave": 100}


def expected_stacks() -> list[dict[str, int]]:
    """Each player's stack after every hand, from the known outcomes."""
    stacks, after = dict(CAVES), []
    for number, (put, took) in enumerate(HANDS, start=1):
        assert sum(put.values()) == sum(took.values())  # chips conserved
        for name in put:
            stacks[name] += took.get(name, 0) - put[name]
        after.append({name: stacks[name] for name in put})
        if number == 3:
            stacks["bob"] += 100  # recave bob 100
            del stacks["dave"]  # leave dave
    return after


STACKS = expected_stacks()
# After the last hand: bob recaves 200; then everyone left cashes out.
BOUGHT = {"alice": 200, "bob": 500, "carol": 200, "dave": 100}
CASHED = {"alice": 47, "bob": 200, "carol": 493, "dave": 260}
NETS = {name: CASHED[name] - BOUGHT[name] for name in PLAYERS}
MONEY = {name: Decimal(NETS[name]) * Decimal("0.10") for name in PLAYERS}


# -- the evening, played once ----------------------------------------------------------------


def play(db: Path, *commands: list[str]) -> None:
    for command in commands:
        assert main(["--db", str(db), *command]) == 0, command


@pytest.fixture(scope="module")
def evening_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example evening as played: alice, bob and carol still hold chips."""
    db = tmp_path_factory.mktemp("evening") / "evening.db"
    play(db, ["play", str(EVENING)])
    return db


@pytest.fixture(scope="module")
def settled_db(evening_db: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The same evening after every remaining player cashed out."""
    db = tmp_path_factory.mktemp("settled") / "settled.db"
    shutil.copy(evening_db, db)
    play(db, *(["leave", name] for name in ("alice", "bob", "carol")))
    return db


def report_of(db: Path) -> SessionReport:
    with Ledger(db) as book:
        info = book.current()
        created = dict((i.name, c) for i, c in book.sessions())[info.name]
        return build_report(book, info, created)


@pytest.fixture(scope="module")
def settled(settled_db: Path) -> SessionReport:
    return report_of(settled_db)


def test_the_expected_stacks_match_the_script_comments() -> None:
    assert STACKS[1] == {"alice": 44, "bob": 10, "carol": 390, "dave": 256}
    assert STACKS[3] == {"alice": 47, "bob": 0, "carol": 493}
    assert sum(NETS.values()) == 0


# -- text and Markdown -----------------------------------------------------------------------


def section(text: str, title: str) -> list[str]:
    """The lines of a section of the text report, title and underline left out."""
    lines = text.splitlines()
    start = lines.index(title) + 2
    end = next((i for i in range(start, len(lines)) if not lines[i].strip()), len(lines))
    return lines[start:end]


def stack_rows() -> list[list[str]]:
    return [
        [str(number), *(str(after.get(name, "")) for name in PLAYERS)]
        for number, after in enumerate(STACKS, start=1)
    ]


def test_text_report(settled: SessionReport) -> None:
    text = render(settled, "text")
    assert text.startswith("Marquoir report: vendredi\n")
    settings = section(text, "Marquoir report: vendredi")
    assert "game          hold'em no-limit 1/2" in settings
    assert "chip value    0.10 EUR" in settings
    # the stored UTC time, shown in the reader's local time
    local = datetime.fromisoformat(settled.created_at).astimezone().strftime("%Y-%m-%d %H:%M")
    assert f"date          {local}" in settings

    lines = [line.split() for line in section(text, "Players")[2:]]
    players = {parts[1]: parts for parts in lines[:-1]}
    for name in PLAYERS:
        _, _, bought, _, out, at_table, net, money, currency, *_ = players[name]
        assert (int(bought), int(out), at_table) == (BOUGHT[name], CASHED[name], "left")
        assert int(net) == NETS[name]
        assert (Decimal(money), currency) == (MONEY[name], "EUR")
    assert lines[-1][:6] == ["total", "1000", "2", "1000", "0", "0"]  # all cashed out

    transfers = settled.settlement.transfers if settled.settlement else ()
    assert section(text, "Settlement") == [t.describe(currency="EUR") for t in transfers]
    assert len(transfers) == 3  # four balances, no pair or group of them sums to zero
    owed = dict(MONEY)
    for t in transfers:
        owed[t.payer] += t.amount
        owed[t.payee] -= t.amount
    assert set(owed.values()) == {0}
    assert all(line.endswith(" EUR") and " pays " in line for line in section(text, "Settlement"))

    hands = section(text, "Hands")
    assert hands[0].split() == ["hand", "button", "stakes", "pot", "amount", "winners"]
    assert hands[2].split() == ["1", "alice", "1/2", "main", "pot", "79", "alice", "79"]
    assert hands[4].split() == ["side", "pot", "1", "390", "carol", "390"]
    assert hands[5].split() == ["side", "pot", "2", "10", "bob", "10"]
    three = ["3", "carol", "1/2", "main", "pot", "40", "dave", "14,", "alice", "13,", "bob", "13"]
    assert hands[6].split() == three

    table = section(text, "Stacks after each hand")
    assert table[0].split() == ["hand", *PLAYERS]
    assert [line.split() for line in table[2:]] == [[c for c in r if c] for r in stack_rows()]


def test_markdown_report(settled: SessionReport) -> None:
    md = render(settled, "md")
    assert md.startswith("# Marquoir report: vendredi\n")
    assert "- **chip value**: 0.10 EUR" in md
    for transfer in settled.settlement.transfers if settled.settlement else ():
        assert f"- {transfer.describe(currency='EUR')}\n" in md
    start = md.index("## Stacks after each hand")
    rows = [line for line in md[start:].splitlines() if line.startswith("|")]
    cells = [[cell.strip() for cell in row.strip("|").split("|")] for row in rows]
    assert cells[0] == ["hand", *PLAYERS]
    assert cells[2:] == stack_rows()
    assert "| carol    |      200 |" in md


# -- CSV and JSON ----------------------------------------------------------------------------


def csv_sections(text: str) -> dict[str, list[list[str]]]:
    """The report's CSV cut at its blank rows: {title: rows after the title}."""
    found: dict[str, list[list[str]]] = {}
    block: list[list[str]] = []
    for row in csv.reader(io.StringIO(text)):
        if not row:
            found[block[0][0]] = block[1:]
            block = []
        else:
            block.append(row)
    assert not block  # the last section ends with its blank row too
    return found


def test_csv_report_has_every_section(settled: SessionReport) -> None:
    found = csv_sections(render(settled, "csv"))
    assert list(found) == ["vendredi", "Players", "Settlement", "Hands", "Stacks after each hand"]
    facts = dict((row[0], row[1]) for row in found["vendredi"])
    assert (facts["chip value"], facts["date"][:4]) == ("0.10 EUR", settled.created_at[:4])
    players = {row[1]: row for row in found["Players"][1:] if row[1] in PLAYERS}
    net_money = found["Players"][0].index("net money")
    assert {name: Decimal(row[net_money]) for name, row in players.items()} == MONEY
    assert [row[0] for row in found["Settlement"]] == [
        t.describe(currency="EUR")
        for t in settled.settlement.transfers  # type: ignore[union-attr]
    ]
    stacks = found["Stacks after each hand"]
    assert stacks[0] == ["hand", *PLAYERS]
    assert [[int(c) for c in row[1:] if c] for row in stacks[1:]] == [
        [after[name] for name in PLAYERS if name in after] for after in STACKS
    ]


def test_excel_csv_is_for_french_spreadsheets(settled: SessionReport) -> None:
    text = exports.excel(exports.export(settled, "ledger", "csv"))
    assert text.startswith("\ufeffsession;date;seat;player;")
    rows = list(csv.DictReader(io.StringIO(text.removeprefix("\ufeff")), delimiter=";"))
    assert [row["net_money"] for row in rows] == [
        f"{MONEY[name]:.2f}".replace(".", ",") for name in PLAYERS
    ]
    assert rows[0]["date"] == settled.created_at[:10]  # a date keeps its dashes


def test_csv_is_the_ledger(settled: SessionReport) -> None:
    text = exports.export(settled, "ledger", "csv")
    reader = csv.DictReader(io.StringIO(text))
    assert tuple(reader.fieldnames or ()) == exports.LEDGER_FIELDS
    rows = {row["player"]: row for row in reader}
    assert list(rows) == list(PLAYERS)
    for name, row in rows.items():
        assert int(row["bought"]) == BOUGHT[name]
        assert int(row["cashed_out"]) == CASHED[name]
        assert int(row["stack"]) == 0
        assert int(row["net_chips"]) == NETS[name]
        assert row["net_money"] == f"{MONEY[name]:.2f}"
        assert row["left"] == "true"
    assert rows["bob"]["recaves"] == "2"
    assert rows["dave"]["hands_played"] == "3"
    assert sum(int(row["net_chips"]) for row in rows.values()) == 0
    assert {(row["session"], row["date"]) for row in rows.values()} == {
        ("vendredi", settled.created_at[:10])
    }


def test_json_report(settled: SessionReport) -> None:
    text = render(settled, "json")
    assert text == render(settled, "json")
    data = json.loads(text)
    assert set(data) == {
        "version",
        "session",
        "date",
        "created_at",
        "settings",
        "title",
        "chip_value",
        "currency",
        "players",
        "hands",
        "settlement",
        "unsettled",
    }
    assert (data["session"], data["chip_value"], data["currency"]) == ("vendredi", "0.10", "EUR")
    assert data["unsettled"] is None
    assert sum(p["net_chips"] for p in data["players"]) == 0
    assert sum(Decimal(p["net_money"]) for p in data["players"]) == 0
    assert {p["player"]: Decimal(p["net_money"]) for p in data["players"]} == MONEY
    assert [hand["hand"] for hand in data["hands"]] == [1, 2, 3, 4]
    assert [hand["stacks"] for hand in data["hands"]] == STACKS
    assert data["hands"][2]["pots"][0]["shares"] == [
        {"player": "dave", "chips": 14},
        {"player": "alice", "chips": 13},
        {"player": "bob", "chips": 13},
    ]
    balances = {name: Decimal(value) for name, value in data["settlement"]["balances"].items()}
    assert balances == MONEY
    assert all(len(value.split(".")[1]) == 2 for value in data["settlement"]["balances"].values())
    for transfer in data["settlement"]["transfers"]:
        assert set(transfer) == {"payer", "payee", "amount"}
        balances[transfer["payer"]] += Decimal(transfer["amount"])
        balances[transfer["payee"]] -= Decimal(transfer["amount"])
    assert set(balances.values()) == {0}
    assert data["settlement"]["groups"] == [list(PLAYERS)]


# -- HTML ------------------------------------------------------------------------------------


def test_html_report_is_self_contained_and_deterministic(settled: SessionReport) -> None:
    page = render(settled, "html")
    assert page.startswith("<!DOCTYPE html>")
    assert "http" not in page
    for tag in ("<script", "<link", "<img", "<iframe", "src=", "@import"):
        assert tag not in page
    assert page.count("<svg") == 1 and "</svg>" in page
    for name in PLAYERS:
        assert f"<td>{name}</td>" in page
    for transfer in settled.settlement.transfers if settled.settlement else ():
        assert f"<li>{transfer.describe(currency='EUR')}</li>" in page
    assert page == render(settled, "html")


# -- exports ---------------------------------------------------------------------------------


def test_hand_rows(settled: SessionReport) -> None:
    rows = exports.hand_rows(settled)
    assert len(rows) == 4 + 4 + 4 + 3
    by_key = {(row["hand"], row["player"]): row for row in rows}
    for number, (put, took) in enumerate(HANDS, start=1):
        for name in put:
            row = by_key[number, name]
            assert row["won"] == took.get(name, 0)
            assert row["net"] == took.get(name, 0) - put[name]
            assert row["stack"] == STACKS[number - 1][name]
            assert row["start"] == row["stack"] - row["net"]
    assert by_key[4, "bob"]["start"] == 113  # after his recave
    assert json.loads(exports.export(settled, "hands", "json"))["rows"] == rows
    parsed = list(csv.DictReader(io.StringIO(exports.export(settled, "hands", "csv"))))
    assert [{k: str(v) for k, v in row.items()} for row in rows] == parsed


def test_ledger_json(settled: SessionReport) -> None:
    exported = json.loads(exports.export(settled, "ledger", "json"))
    assert (exported["version"], exported["session"], exported["what"]) == (1, "vendredi", "ledger")
    data = exported["rows"]
    assert data == exports.ledger_rows(settled)
    assert [row["player"] for row in data] == list(PLAYERS)
    assert sum(Decimal(row["net_money"]) for row in data) == 0


def test_unknown_formats_are_usage_errors(settled: SessionReport) -> None:
    with pytest.raises(UsageError):
        render(settled, "pdf")
    with pytest.raises(UsageError):
        exports.export(settled, "pots", "csv")
    with pytest.raises(UsageError):
        exports.export(settled, "ledger", "xml")


def test_pokernow_csv(settled: SessionReport) -> None:
    times = {
        name: (f"2024-05-03T20:0{i}:00Z", f"2024-05-04T01:0{i}:00Z")
        for i, name in enumerate(PLAYERS)
    }
    text = exports.pokernow_csv(settled, times)
    lines = text.splitlines()
    assert (
        lines[0]
        == "player_nickname,player_id,session_start_at,session_end_at,buy_in,buy_out,stack,net"
    )
    assert lines[1:] == [
        f"{name},{name},{times[name][0]},{times[name][1]},"
        f"{BOUGHT[name] * 10},{CASHED[name] * 10},0,{NETS[name] * 10}"
        for name in PLAYERS
    ]
    assert sum(int(row["net"]) for row in csv.DictReader(io.StringIO(text))) == 0


def test_cents_are_exact() -> None:
    assert exports.cents(7, Decimal("0.10")) == 70
    assert exports.cents(-153, Decimal("0.10")) == -1530
    assert exports.cents(3, Decimal("0.05")) == 15
    assert exports.cents(2, Decimal("0.005")) == 1
    with pytest.raises(MarquoirError):
        exports.cents(1, Decimal("0.005"))


# -- a session still in play -----------------------------------------------------------------


def test_report_of_the_evening_before_everyone_left(evening_db: Path) -> None:
    report = report_of(evening_db)
    assert report.settlement is None
    assert report.unsettled and report.unsettled.startswith("alice, bob, carol still hold chips")
    text = render(report, "text")
    assert section(text, "Settlement") == [f"Not settled yet: {report.unsettled}"]
    assert json.loads(render(report, "json"))["settlement"] is None
    nets = [
        int(row["net_chips"])
        for row in csv.DictReader(io.StringIO(exports.export(report, "ledger", "csv")))
    ]
    assert sum(nets) == 0  # the chips still at the table count as cashed out


def test_report_with_a_hand_in_play_and_odd_names(tmp_path: Path) -> None:
    db = tmp_path / "odd.db"
    odd = "a&b<c|_x_"
    play(
        db,
        ["new", "mardi", "--blinds", "1/2", "--cave", "100", "--chip-value", "0.25"],
        ["seat", odd],
        ["seat", "zoé"],
        ["deal"],
        ["fold"],  # heads-up: the button (odd) posts the small blind and folds
        ["deal"],
        ["call"],  # hand 2 still in play
    )
    report = report_of(db)
    assert report.unsettled == "hand 2 is still in play"
    assert len(report.hands) == 1
    text = render(report, "text")
    assert "Not settled yet: hand 2 is still in play" in text
    assert json.loads(render(report, "json"))["unsettled"] == "hand 2 is still in play"
    page = render(report, "html")
    assert odd not in page and "a&amp;b&lt;c|_x_" in page
    assert "<svg" in page and "zoé" in page
    assert "a\\&b\\<c\\|\\_x\\_" in render(report, "md")
    rows = list(csv.DictReader(io.StringIO(exports.export(report, "ledger", "csv"))))
    assert [row["player"] for row in rows] == [odd, "zoé"]
    players = csv_sections(render(report, "csv"))["Players"]
    assert [row[1] for row in players[1:3]] == [odd, "zoé"]


def test_rendering_text_does_not_import_matplotlib() -> None:
    code = (
        "import sys\n"
        "import marquoir.reports.render, marquoir.reports.exports, marquoir.reports.html\n"
        "print('matplotlib' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
