"""What the door lets in: names, amounts, chip values, currencies, dates, scripts, CSV cells,
and a player who returns or a session that is settled.

User-visible behaviour is checked through the installed `marquoir`; the readers of
`marquoir.domain.inputs` and `check_name` are also driven by hypothesis with random text,
numbers and dates, and random command lines go through `main()` in this process.
"""

from __future__ import annotations

import csv
import io
import json
import sqlite3
import subprocess
import unicodedata
import uuid
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from marquoir.cli import main
from marquoir.cli.play import parse_line, script_lines
from marquoir.domain import IllegalAction, TableConfig, UsageError
from marquoir.domain.inputs import (
    MAX_CHIPS,
    MAX_NAME,
    check_currency,
    read_chip_value,
    read_chips,
    read_date,
)
from marquoir.domain.table import CavePolicy, SessionSettings, Table, check_name, name_key
from marquoir.reports.exports import FORMULA_START, neutralise
from marquoir.reports.standings import standings
from marquoir.storage.ledger import Ledger

from .installed import MARQUOIR, NOT_INSTALLED, Marquoir

PROPERTIES = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


def usage_error(m: Marquoir, *args: str) -> str:
    """A command that does not parse: exit 2, nothing on stdout, one `Error:` line."""
    done = m.run(*args)
    assert (done.returncode, done.stdout) == (2, ""), (args, done)
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), done.stderr
    return lines[0]


def file_bytes(m: Marquoir) -> bytes:
    return db_bytes(m.db)


def db_bytes(db: Path) -> bytes:
    """The database and its write-ahead log: what a refused command must leave alone."""
    return b"".join(p.read_bytes() for p in (db, Path(f"{db}-wal")) if p.exists())


@pytest.fixture
def table(cli: Marquoir) -> Marquoir:
    """A session with alice and bob seated (cave 100, one recave each)."""
    cli("new", "club", "--blinds", "1/2", "--cave", "100", "--recaves", "1")
    cli("seat", "alice")
    cli("seat", "bob")
    return cli


# -- 6. CSV cells a spreadsheet would run, and the currency ---------------------------------


@NOT_INSTALLED
def test_csv_export_neutralises_formula_cells_but_not_negative_money(cli: Marquoir) -> None:
    cli("new", "club", "--blinds", "1/2", "--cave", "100", "--chip-value", "0.5")
    cli("seat", "+bob")
    cli("seat", "@dan")
    cli.play("deal\nfold\n")  # +bob (button, small blind) folds: he loses 1 chip
    rows = list(csv.DictReader(io.StringIO(cli("export", "csv"))))
    assert [(r["player"], r["net_chips"], r["net_money"]) for r in rows] == [
        ("'+bob", "-1", "-0.50"),
        ("'@dan", "1", "0.50"),
    ]
    hands = list(csv.DictReader(io.StringIO(cli("export", "csv", "--what", "hands"))))
    assert {r["button"] for r in hands} == {"'+bob"}
    assert [r["net"] for r in hands] == ["-1", "1"]  # numbers stay numbers
    # the report's CSV: every section, the players' table among them
    report = list(csv.reader(io.StringIO(cli("report", "--format", "csv"))))
    header = report.index(["Players"]) + 1
    assert report[header][:2] == ["seat", "player"]
    players = report[header + 1 : report.index([], header)]
    assert [(row[1], row[7]) for row in players] == [
        ("'+bob", "-0.50"),
        ("'@dan", "0.50"),
        ("total", "0.00"),
    ]
    # nowhere a formula: not in the stacks' header row (the players' names), not in a fact
    cells = [cell for row in report for cell in row]
    assert "'+bob" in report[report.index(["Stacks after each hand"]) + 1]
    assert not [cell for cell in cells if cell.startswith(("=", "+", "@", "\t", "\r"))]
    assert all(cell[1:].replace(".", "", 1).isdigit() for cell in cells if cell[:1] == "-")
    # JSON is not a spreadsheet: the names stay as they are
    assert [p["player"] for p in json.loads(cli("export", "json"))["rows"]] == ["+bob", "@dan"]


@given(st.text(max_size=12))
def test_neutralised_cells_never_start_a_formula(text: str) -> None:
    cell = neutralise(text)
    assert not cell.startswith(FORMULA_START)
    assert cell == text or cell == "'" + text  # only a quote is ever added
    assert (cell != text) == text.startswith(("=", "+", "-", "@", "\t", "\r"))


@NOT_INSTALLED
@pytest.mark.parametrize(
    "currency", ['=HYPERLINK("http://x","y")', "EURO", "E", "€€", "", "+1", "E R", "\x1b[31m"]
)
def test_new_refuses_a_currency_that_is_not_one(cli: Marquoir, currency: str) -> None:
    error = usage_error(cli, "new", "club", "--blinds", "1/2", "--currency", currency)
    assert "a currency is an ISO 4217 code of three letters" in error
    assert not cli.db.exists() or json.loads(cli("sessions", "--json"))["sessions"] == []


@NOT_INSTALLED
@pytest.mark.parametrize(("given_as", "kept"), [("EUR", "EUR"), ("chf", "CHF"), ("€", "€")])
def test_new_accepts_a_currency_code_or_symbol(cli: Marquoir, given_as: str, kept: str) -> None:
    cli("new", "club", "--blinds", "1/2", "--currency", given_as)
    assert json.loads(cli("sessions", "--json"))["sessions"][0]["settings"]["currency"] == kept


@given(st.text(max_size=5))
def test_a_currency_is_a_code_or_a_symbol(text: str) -> None:
    try:
        kept = check_currency(text)
    except UsageError:
        return
    code = len(kept) == 3 and kept.isascii() and kept.isalpha() and kept.isupper()
    assert code or (len(kept) == 1 and unicodedata.category(kept) == "Sc")
    assert not neutralise(kept).startswith("'")  # never a formula in a CSV cell


# -- 7. names -------------------------------------------------------------------------------


@NOT_INSTALLED
@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("\x1b[31mred", "character U+001B"),
        ("\u200b", "character U+200B"),
        ("al\u200bice", "character U+200B"),
        ("\u202eecila", "character U+202E"),
        ("\u0301", "nothing in it is visible"),
        ("a" * (MAX_NAME + 1), f"at most {MAX_NAME} characters"),
        ("bob>carol", "one word, without '>' or '='"),
    ],
)
def test_seat_refuses_names_that_cannot_be_shown(table: Marquoir, name: str, why: str) -> None:
    before = file_bytes(table)
    assert why in usage_error(table, "seat", name)
    assert file_bytes(table) == before


@NOT_INSTALLED
def test_a_name_is_kept_in_nfc_and_the_longest_name_fits(table: Marquoir) -> None:
    assert table("seat", "e\u0301mile") == "\u00e9mile sits in seat 3 with 100 chips\n"
    table("seat", "a" * MAX_NAME)
    names = [p["name"] for p in table.stacks_json()["players"]]
    assert names == ["alice", "bob", "\u00e9mile", "a" * MAX_NAME]
    # the same player, typed decomposed: he is seated already
    assert table.refused("seat", "\u00e9mile") == "Error: \u00e9mile is already seated (seat 3)"


@NOT_INSTALLED
def test_names_that_differ_only_by_case_are_one_player(table: Marquoir) -> None:
    before = file_bytes(table)
    assert table.refused("seat", "Alice") == (
        "Error: alice is already seated (seat 1) (Alice is alice: names differ only by case)"
    )
    assert file_bytes(table) == before
    table("deal")  # alice has the button and the small blind: she speaks first heads-up
    assert table("call", "--as", "ALICE").startswith("alice calls 1")
    assert table("check", "--as", "BOB").startswith("bob checks")
    # the showdown, recaving and leaving take any case too
    table.play("check\ncheck\ncheck\ncheck\ncheck\ncheck\n")
    assert table("win", "BOB").splitlines()[-1].startswith("hand 1 over")
    assert table("recave", "Alice", "50") == "alice recaves 50: stack 148\n"
    assert table("leave", "BOB").startswith("bob leaves with 102 chips")


@NOT_INSTALLED
def test_session_names_follow_the_same_rules(cli: Marquoir) -> None:
    cli("new", "vendredi", "--blinds", "1/2")
    assert cli.refused("new", "Vendredi", "--blinds", "1/2") == (
        "Error: a session named vendredi already exists: `marquoir use vendredi` makes it "
        "current, or choose another name"
    )
    assert cli("use", "VENDREDI") == "session vendredi is current\n"
    assert "character U+001B" in usage_error(cli, "new", "\x1b[2Jx", "--blinds", "1/2")


def _run_bytes(m: Marquoir, *args: bytes) -> subprocess.CompletedProcess[bytes]:
    assert MARQUOIR is not None
    return subprocess.run(
        [MARQUOIR.encode(), *args], capture_output=True, env=m.env, timeout=60, check=False
    )


@NOT_INSTALLED
def test_bytes_that_are_not_utf8_are_refused_as_names(table: Marquoir) -> None:
    before = file_bytes(table)
    for args in ([b"seat", b"bob\xff"], [b"new", b"s\xff", b"--blinds", b"1/2"]):
        done = _run_bytes(table, *args)
        assert (done.returncode, done.stdout) == (2, b""), done
        assert done.stderr.startswith(b"Error: ") and b"Traceback" not in done.stderr
        assert b"it is not UTF-8 text" in done.stderr
        assert file_bytes(table) == before
    assert table("export", "csv").count("\n") == 3  # every export still reads the file


@given(st.text(max_size=40))
def test_check_name_keeps_only_visible_nfc_names(text: str) -> None:
    try:
        name = check_name(text)
    except UsageError:
        return
    assert name == unicodedata.normalize("NFC", text)
    assert 1 <= len(name) <= MAX_NAME and name.split() == [name]
    assert ">" not in name and "=" not in name
    categories = {unicodedata.category(c) for c in name}
    assert not categories & {"Cc", "Cs", "Co", "Cn"}
    assert categories - {"Cf", "Mn", "Me", "Zs", "Zl", "Zp"}  # something is visible
    assert check_name(name) == name  # idempotent
    name.encode("utf-8")  # the file can keep it


@given(
    st.text(alphabet=st.characters(max_codepoint=0x24F), min_size=1, max_size=10),
    st.sampled_from([str.upper, str.lower, str.title]),
)
@example("ı", str.upper)  # the dotless i: its upper case is I, whose lower case is i
def test_names_that_differ_by_case_have_one_key(text: str, case: object) -> None:
    assert name_key(case(text)) == name_key(text)  # type: ignore[operator]


# -- 8. very large numbers ------------------------------------------------------------------


@NOT_INSTALLED
@pytest.mark.parametrize(
    "args",
    [
        ["bet", "9" * 5001],  # the fast path
        ["raise", "1" + "0" * 15 + "1"],
        ["seat", "carl", "--cave", "9" * 4300],
        ["seat", "carl", "--cave", str(MAX_CHIPS + 1)],
        ["recave", "bob", "9" * 5000],
        ["count", "alice=" + "9" * 5000],
        ["new", "big", "--blinds", "1/" + "9" * 5000],
    ],
)
def test_amounts_above_the_bound_are_usage_errors(table: Marquoir, args: list[str]) -> None:
    table("deal")
    if args[0] in ("seat", "recave", "count", "new"):
        table("fold")
    before = file_bytes(table)
    error = usage_error(table, *args)
    assert "at most 1,000,000,000,000,000 chips" in error
    assert file_bytes(table) == before
    table("status")


@NOT_INSTALLED
def test_a_stack_of_the_bound_plays(cli: Marquoir) -> None:
    cli("new", "rich", "--blinds", "1/2")
    cli("seat", "alice", "--cave", str(MAX_CHIPS))
    cli("seat", "bob", "--cave", str(MAX_CHIPS))
    cli.play("deal\nallin\ncall\nwin alice bob\n")
    assert cli.stacks() == {"alice": MAX_CHIPS, "bob": MAX_CHIPS}


@NOT_INSTALLED
@pytest.mark.parametrize(
    ("value", "why"),
    [
        ("1e27", "a chip is worth at most 1,000,000"),
        ("1e999999999", "a chip is worth at most 1,000,000"),
        ("1000000.01", "a chip is worth at most 1,000,000"),
        ("0.0000001", "at most 6 decimals"),
        ("NaN", "not an amount of money"),
        ("-1", "more than 0"),
    ],
)
def test_new_refuses_absurd_chip_values(cli: Marquoir, value: str, why: str) -> None:
    assert why in usage_error(cli, "new", "club", "--blinds", "1/2", "--chip-value", value)


@NOT_INSTALLED
def test_the_largest_chip_value_settles_and_reports(cli: Marquoir) -> None:
    cli("new", "club", "--blinds", "1/2", "--cave", "100", "--chip-value", "1e6")
    cli("seat", "alice")
    cli("seat", "bob")
    cli.play("deal\nfold\nleave --all\n")
    assert cli("settle").splitlines()[0] == "session club: 1 chip = 1000000 EUR"
    assert "alice pays bob 1000000.00 EUR" in cli("settle")
    for command in (["report"], ["export", "csv"], ["export", "pokernow"], ["standings"]):
        cli(*command)


@NOT_INSTALLED
@pytest.mark.parametrize(
    ("stacks", "why"),
    [
        ("[nan, 200]", "must be a finite number"),
        ("[1e30, 200]", "is at most 1,000,000,000,000,000"),
        (f"[{'9' * 5000}, 200]", "a number is too large"),
    ],
)
def test_import_phh_refuses_nan_and_absurd_stacks(
    cli: Marquoir, tmp_path: Path, stacks: str, why: str
) -> None:
    hand = tmp_path / "h.phh"
    hand.write_text(
        'variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
        f'starting_stacks = {stacks}\nactions = ["d dh p1 ????", "d dh p2 ????", "p2 f"]\n',
        encoding="utf-8",
    )
    error = cli.refused("import", "phh", str(hand))
    assert why in error


@given(
    st.one_of(
        st.integers(min_value=0, max_value=10**20).map(str),
        st.integers(min_value=4000, max_value=6000).map(lambda n: "9" * n),
        st.text(max_size=20),
    )
)
def test_read_chips_reads_whole_bounded_numbers_or_refuses(text: str) -> None:
    try:
        chips = read_chips(text)
    except UsageError:
        digits = text.strip()
        whole = digits.isascii() and digits.isdigit()
        assert not whole or len(digits.lstrip("0")) > 16 or int(digits) > MAX_CHIPS
        return
    assert 0 <= chips <= MAX_CHIPS and chips == int(text)


@given(
    st.one_of(
        st.decimals(allow_nan=True, allow_infinity=True).map(str),
        st.integers(-10, 10**9).map(str),
        st.from_regex(r"\A-?[0-9]{0,8}(\.[0-9]{0,9})?([eE][-+]?[0-9]{1,10})?\Z"),
    )
)
def test_read_chip_value_keeps_small_exact_positive_values(text: str) -> None:
    from decimal import Decimal

    try:
        kept = read_chip_value(text)
    except UsageError:
        return
    value = Decimal(kept)
    assert value == Decimal(text) and 0 < value <= 1_000_000
    assert "E" not in kept and "e" not in kept
    assert -value.as_tuple().exponent <= 6  # type: ignore[operator]


# -- random command lines through main() ---------------------------------------------------

AMOUNTS = st.one_of(
    st.integers(0, 300).map(str),
    st.integers(0, 10**16).map(str),
    st.integers(4290, 5010).map(lambda n: "9" * n),
    st.sampled_from(["-1", "1e3", "0x10", "٣", "²", "1_000", ""]),
)


@pytest.fixture
def dealt(tmp_path: Path) -> Path:
    """A file where a hand is dealt: alice and bob, 100 chips each."""
    db = tmp_path / "dealt.db"
    for words in (
        ["new", "club", "--blinds", "1/2", "--cave", "100"],
        ["seat", "alice"],
        ["seat", "bob"],
        ["deal"],
    ):
        assert main(["--db", str(db), *words]) == 0
    return db


@PROPERTIES
@given(
    verb=st.sampled_from(
        [["bet"], ["raise"], ["open"], ["recave", "alice"], ["seat", "zoe", "--cave"]]
    ),
    amount=AMOUNTS,
)
def test_random_amounts_never_crash(
    dealt: Path, capsys: pytest.CaptureFixture[str], verb: list[str], amount: str
) -> None:
    before = db_bytes(dealt)
    code = main(["--db", str(dealt), *verb, amount])
    _, err = capsys.readouterr()
    assert code in (0, 1, 2) and "Traceback" not in err
    if code:
        assert err.startswith("Error: ") and db_bytes(dealt) == before
    # the file still reads, whatever was recorded
    assert main(["--db", str(dealt), "status", "--json"]) == 0
    if code == 0:
        assert main(["--db", str(dealt), "undo"]) == 0
    capsys.readouterr()


def _json_of(db: Path, capsys: pytest.CaptureFixture[str]) -> str:
    capsys.readouterr()
    assert main(["--db", str(db), "stacks", "--json"]) == 0
    return capsys.readouterr().out


@PROPERTIES
@given(name=st.text(min_size=1, max_size=40))
def test_random_names_never_crash_and_keep_the_file_readable(
    dealt: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    assume(not name.startswith("-"))
    assert main(["--db", str(dealt), "fold"]) == 0
    capsys.readouterr()
    before = db_bytes(dealt)
    code = main(["--db", str(dealt), "seat", name, "--cave", "10"])
    out, err = capsys.readouterr()
    assert code in (0, 1, 2) and "Traceback" not in err
    if code:
        assert db_bytes(dealt) == before
    else:
        kept = check_name(name)
        assert out.startswith(f"{kept} sits in seat ")
        # what the file keeps shows as it is: visible, NFC, short, one player per spelling
        names = [p["name"] for p in json.loads(_json_of(dealt, capsys))["players"]]
        assert kept in names and len({name_key(n) for n in names}) == len(names)
        assert kept == unicodedata.normalize("NFC", kept) and len(kept) <= MAX_NAME
        assert not any(unicodedata.category(c) in ("Cc", "Cs", "Co", "Cn") for c in kept)
        for command in (["stacks", "--json"], ["export", "csv"], ["report", "--format", "csv"]):
            assert main(["--db", str(dealt), *command]) == 0
        assert main(["--db", str(dealt), "undo"]) == 0
    main(["--db", str(dealt), "undo"])  # the fold: the hand is in play again
    capsys.readouterr()


# -- 9. dates -------------------------------------------------------------------------------


@NOT_INSTALLED
def test_standings_compare_days_not_text(table: Marquoir) -> None:
    table.play("deal\nfold\nleave --all\n")
    with sqlite3.connect(table.db) as conn:  # the session was created on the 1st of December
        conn.execute("UPDATE sessions SET created_at = '2026-12-01T10:00:00+00:00'")
    conn.close()

    def sessions(*args: str) -> list[str]:
        result: list[str] = json.loads(table("standings", "--json", *args))["sessions"]
        return result

    assert sessions("--from", "2026-12-1") == ["club"]
    assert sessions("--from", "2026-12-01", "--to", "2026-12-1") == ["club"]
    assert sessions("--to", "2026-9-30") == []
    assert sessions("--from", "2026-12-2") == []
    assert sessions("--to", "2026-11-30") == []


@NOT_INSTALLED
@pytest.mark.parametrize("day", ["2024-13-01", "2024-02-30", "2023-02-29", "2024-0-10", "24-1-1"])
def test_standings_refuse_days_that_do_not_exist(cli: Marquoir, day: str) -> None:
    cli("new", "club", "--blinds", "1/2")
    error = usage_error(cli, "standings", "--from", day)
    assert "no such day" in error or "a date is YYYY-MM-DD" in error


@given(st.dates(), st.booleans(), st.booleans())
def test_read_date_reads_padded_or_not(day: date, pad_month: bool, pad_day: bool) -> None:
    month = f"{day.month:02d}" if pad_month else str(day.month)
    dom = f"{day.day:02d}" if pad_day else str(day.day)
    assume(day.year >= 1000)
    assert read_date(f"{day.year:04d}-{month}-{dom}") == day


@given(st.integers(1000, 9999), st.integers(0, 99), st.integers(0, 99))
def test_read_date_refuses_days_that_do_not_exist(year: int, month: int, day: int) -> None:
    try:
        expected: date | None = date(year, month, day)
    except ValueError:
        expected = None
    text = f"{year}-{month}-{day}"
    if expected is None:
        with pytest.raises(UsageError):
            read_date(text)
    else:
        assert read_date(text) == expected


@PROPERTIES
@given(
    created=st.lists(st.dates(date(2020, 1, 1), date(2030, 12, 31)), min_size=1, max_size=4),
    since=st.none() | st.dates(date(2019, 6, 1), date(2031, 6, 1)),
    until=st.none() | st.dates(date(2019, 6, 1), date(2031, 6, 1)),
)
def test_standings_take_the_sessions_of_the_range(
    tmp_path: Path, created: list[date], since: date | None, until: date | None
) -> None:
    db = tmp_path / f"{uuid.uuid4().hex}.db"
    with Ledger(db) as book:
        for n, day in enumerate(created):
            book.create_session(f"s{n}", SessionSettings(TableConfig(small_blind=1, big_blind=2)))
            stamp = day.isoformat() + "T23:59:59+00:00"
            book.conn.execute("UPDATE sessions SET created_at = ? WHERE name = ?", (stamp, f"s{n}"))
        found = standings(book, since=since, until=until).sessions
    expected = [
        f"s{n}"
        for n, day in enumerate(created)
        if (since is None or since <= day) and (until is None or day <= until)
    ]
    assert list(found) == expected


# -- 10. scripts ----------------------------------------------------------------------------


@NOT_INSTALLED
@pytest.mark.parametrize("separator", ["\f", "\v", "\x1c", "\x1d", "\x1e", "\x85", "\u2028"])
def test_a_separator_inside_a_comment_does_not_run_the_rest(
    table: Marquoir, separator: str
) -> None:
    table.play(f"# a comment{separator}seat carol\n")
    assert set(table.stacks()) == {"alice", "bob"}
    table.play(f"seat carol   # she sits{separator}undo\n")
    assert set(table.stacks()) == {"alice", "bob", "carol"}


@NOT_INSTALLED
def test_a_script_with_a_bom_and_crlf_lines(table: Marquoir, tmp_path: Path) -> None:
    script = tmp_path / "s.txt"
    script.write_bytes("\ufeffseat carol\r\nseat dave # comment\r\n".encode())
    table("play", str(script))
    assert set(table.stacks()) == {"alice", "bob", "carol", "dave"}


@NOT_INSTALLED
def test_a_hash_inside_a_word_is_part_of_it_in_scripts_as_on_the_command_line(
    table: Marquoir,
) -> None:
    table.play("seat bob#2\nseat carol#1 #the first carol\n")
    table("seat", "dave#3")
    assert list(table.stacks()) == ["alice", "bob", "bob#2", "carol#1", "dave#3"]
    assert parse_line("seat '#1' # comment") == ["seat", "#1"]
    assert parse_line('seat "a # b"') == ["seat", "a # b"]
    assert parse_line("#seat x") == []
    assert parse_line("seat x\t#y") == ["seat", "x"]


COMMENT_TEXT = st.text(
    alphabet=st.sampled_from(["u", " ", "#", "\f", "\v", "\r", "\x1c", "\x85", "\u2028", "\u2029"]),
    max_size=12,
).map(lambda text: text.replace("u", "undo"))


@given(st.lists(st.tuples(st.sampled_from(["", "status", "stacks"]), COMMENT_TEXT), max_size=6))
def test_script_comments_never_hold_a_command(lines: list[tuple[str, str]]) -> None:
    text = "\ufeff" + "\n".join(f"{command} #{comment}" for command, comment in lines)
    read = [parse_line(line) for line in script_lines(text)]
    assert read == [[command] if command else [] for command, _ in lines]


# -- 11. a player who returns, and a settled session ----------------------------------------


@NOT_INSTALLED
def test_a_player_who_returns_buys_in_with_a_recave(table: Marquoir) -> None:
    table("leave", "bob")
    assert table("seat", "bob") == (
        "bob returns to seat 2 with 100 chips (recave 1 of 1; bought 200 in all)\n"
    )
    bob = table.stacks_json()["players"][1]
    assert (bob["bought"], bob["recaves"], bob["cashed_out"]) == (200, 1, 100)
    table("leave", "bob")
    before = file_bytes(table)
    assert table.refused("seat", "BOB") == (
        "Error: bob has used the one recave this session allows "
        "(a player who returns buys in with a recave)"
    )
    assert file_bytes(table) == before
    assert table("undo") == "undone: bob leaves with 100\nnext: deal\n"
    assert table("undo") == "undone: bob returns to seat 2 with 100\nnext: deal\n"


def test_a_hand_historys_seat_is_no_recave() -> None:
    """An imported hand history sits each hand's players down and cashes them out after it:
    a player's next hand is no re-buy, even where the session allows none."""
    caves = CavePolicy(default=100, recaves=0)
    table = Table(SessionSettings(TableConfig(1, 2), caves, Decimal(1), "EUR"))
    for name in ("alice", "bob"):
        table.apply(table.seat_event(name))
    table.apply(table.leave_event("bob"))
    with pytest.raises(IllegalAction, match="this session allows no recaves"):
        table.seat_event("bob")
    back = table.seat_event("bob", cave=80, recave=False)
    assert not back.returning
    table.apply(back)
    bob = table.accounts["bob"]
    assert (bob.bought, bob.recaves, bob.cashed_out, bob.stack) == (180, 0, 100, 80)


@NOT_INSTALLED
def test_a_returning_player_keeps_his_count_corrections(table: Marquoir) -> None:
    table.play("deal\nfold\n")  # alice folds her small blind: 99 / 101
    table("count", "alice=97", "bob=103", "--record")  # two chips had moved unseen
    table("leave", "alice")
    table("seat", "alice", "--cave", "50")
    table("leave", "--all")
    rows = list(csv.DictReader(io.StringIO(table("export", "csv"))))
    adjusted = {r["player"]: int(r["adjusted"]) for r in rows}
    assert adjusted == {"alice": -2, "bob": 2}
    assert sum(adjusted.values()) == 0  # chips moved between players: none made or lost
    assert table("settle").splitlines()[1:3] == ["  bob    +3.00 EUR", "  alice  -3.00 EUR"]


@NOT_INSTALLED
def test_a_settled_session_is_closed_until_reopened(table: Marquoir) -> None:
    table.play("deal\nfold\nleave --all\n")
    settled = table("settle")
    assert settled.splitlines() == [
        "session club: 1 chip = 1 EUR",
        "  alice  -1.00 EUR",
        "  bob    +1.00 EUR",
        "1 transfer:",
        "  alice pays bob 1.00 EUR",
    ]
    before = file_bytes(table)
    for args in (["seat", "carol"], ["seat", "alice"], ["deal"], ["leave", "--all"]):
        assert table.refused(*args) == (
            "Error: this session is settled, its books are closed: `marquoir reopen` reopens it"
        )
    assert file_bytes(table) == before
    assert table("settle") == settled  # the same settlement, recorded once
    assert file_bytes(table) == before
    assert table("reopen") == "session club is open again: its settlement no longer holds\n"
    assert table.refused("reopen") == "Error: this session is not settled: nothing to reopen"
    table("seat", "carol")
    assert table.refused("settle").startswith("Error: cannot settle club yet: carol still holds")
    assert table("undo").startswith("undone: carol sits in seat 1")
    assert table("undo").startswith("undone: the reopening (the session is settled again)")
    table.refused("seat", "carol")
    assert table("undo").startswith("undone: the settlement (the session is open again)")
    table("seat", "carol")
