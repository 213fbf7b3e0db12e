"""Random command lines and random `play` scripts through `main()`, as an attacker would type.

hypothesis draws lines from the table's verbs and from hostile words (Unicode, control
characters, huge and negative numbers, options that do not exist, garbage) and runs them in
process on a small session. After every line:

- never a traceback, and the exit code is one the README documents: 0 done, 1 refused by the
  rules, 2 does not parse; a refusal is one `Error: ` line on stderr;
- a refused line leaves the database file (and its write-ahead log) byte-identical;
- the chips are conserved: the stacks, what is in the middle, what waits for the next deal
  and what was cashed out add up to what was bought plus the count corrections.

`play` scripts (several lines on stdin) must stop at their first error with its line number.
The example count is small for CI (about 15 s); MARQUOIR_FUZZ_EXAMPLES=500 runs a long one.
"""

from __future__ import annotations

import contextlib
import io
import os
import shlex
import shutil
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from marquoir.cli import main
from marquoir.storage.ledger import Ledger

EXAMPLES = int(os.environ.get("MARQUOIR_FUZZ_EXAMPLES", "25"))
SETTINGS = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

PLAYERS = ["alice", "bob", "carol"]
SETUP = [
    "new club --blinds 1/2 --cave 100 --recaves 1",
    *(f"seat {name}" for name in PLAYERS),
]

# The commands that only read or write the database (none writes another file).
VERBS = [
    "deal", "check", "call", "fold", "allin", "bet", "raise", "win", "showdown", "undo",
    "status", "stacks", "seat", "recave", "leave", "button", "sitout", "back", "count",
    "blinds", "settle", "reopen", "verify", "sessions", "use", "new", "open", "bringin",
    "first", "brelan",
    "c", "k", "r", "bogus", "",
]  # fmt: skip
NAMES = st.sampled_from([*PLAYERS, "zoe", "Alice", "éloïse", "a>b", "a=b", "-x", "\u200b"])
NUMBERS = st.one_of(
    st.integers(min_value=0, max_value=300).map(str),
    st.sampled_from(["-5", "1.5", "1e9", "٤", "²", "0x10", "", " 7", "10" * 40, "9" * 5001]),
)
OPTIONS = st.sampled_from(
    ["--as", "--as=bob", "--json", "--cave", "--all", "--record", "--seat", "--odd-chip", "--x"]
)
GARBAGE = st.text(
    alphabet=st.characters(codec="utf-8", exclude_characters="\x00"), min_size=0, max_size=8
)
WORD = st.one_of(
    NAMES, NUMBERS, OPTIONS, GARBAGE, st.builds(lambda n, c: f"{n}={c}", NAMES, NUMBERS)
)
LINE = st.builds(
    lambda verb, rest: [verb, *rest], st.sampled_from(VERBS), st.lists(WORD, max_size=3)
)
# Lines that play: mostly sensible moves, so that hands really get played.
MOVE = st.sampled_from(
    [["deal"], ["check"], ["call"], ["fold"], ["allin"], ["raise", "10"], ["bet", "6"],
     ["win", "alice"], ["showdown", "bob > alice = carol"], ["undo"], ["recave", "carol"],
     ["leave", "bob"], ["count", "alice=90"], ["count", "alice=90", "--record"]]
)  # fmt: skip
LINES = st.lists(st.one_of(MOVE, MOVE, LINE), min_size=1, max_size=12)


def run(db: Path, words: list[str], stdin: bytes | None = None) -> tuple[int, str, str]:
    """`marquoir --db DB WORDS...` in process: exit code, stdout, stderr."""
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    if stdin is not None:
        sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(["--db", str(db), *words])
    finally:
        sys.stdin = saved
    return code, out.getvalue(), err.getvalue()


def files(db: Path) -> dict[str, bytes | None]:
    """The bytes of the database and its write-ahead log."""
    found: dict[str, bytes | None] = {}
    for suffix in ("", "-wal"):
        path = Path(f"{db}{suffix}")
        found[suffix] = path.read_bytes() if path.exists() else None
    return found


def assert_chips_conserved(db: Path) -> None:
    with Ledger(db) as book:
        table = book.read()[1]
    hand = table.hand
    in_hand = {p.name: p.stack for p in hand.players} if hand is not None else {}
    behind = sum(in_hand.get(a.name, a.stack) for a in table.accounts.values() if not a.left)
    middle = hand.total_in_middle() if hand is not None else 0
    accounts = table.accounts.values()
    held = behind + middle + table.house.carry + sum(a.cashed_out for a in accounts)
    assert held == sum(a.bought + a.adjusted for a in accounts)


def assert_well_behaved(code: int, out: str, err: str, line: object) -> None:
    assert "Traceback" not in out + err, (line, err)
    assert code in (0, 1, 2), (line, code, err)
    if code:
        errors = [text for text in err.splitlines() if text.startswith("Error: ")]
        assert len(errors) == 1, (line, err)


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The session every example starts from: three players at 1/2 (built once)."""
    db = tmp_path_factory.mktemp("fuzz") / "base.db"
    for line in SETUP:
        assert run(db, shlex.split(line))[0] == 0, line
    return db


@pytest.fixture
def fresh(
    base: Path, tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    folder = tmp_path_factory.mktemp("example")
    monkeypatch.setenv("MARQUOIR_DB", str(folder / "default.db"))
    monkeypatch.setenv("HOME", str(folder / "home"))
    monkeypatch.chdir(folder)  # whatever a line might write lands here
    return folder


def copy_of(base: Path, folder: Path) -> Path:
    db = folder / f"t{len(list(folder.iterdir()))}.db"
    for suffix in ("", "-wal", "-shm"):
        if Path(f"{base}{suffix}").exists():
            shutil.copyfile(f"{base}{suffix}", f"{db}{suffix}")
    return db


@SETTINGS
@given(lines=LINES)
def test_random_command_lines(base: Path, fresh: Path, lines: list[list[str]]) -> None:
    db = copy_of(base, fresh)
    for words in lines:
        before = files(db)
        code, out, err = run(db, words)
        assert_well_behaved(code, out, err, words)
        if code:
            assert files(db) == before, words  # a refused command changes nothing
        assert_chips_conserved(db)


@SETTINGS
@given(lines=LINES, junk=st.sampled_from(["", "\r\n", "\t# comment\n", "'unclosed\n", "\xff"]))
def test_random_play_scripts(base: Path, fresh: Path, lines: list[list[str]], junk: str) -> None:
    db = copy_of(base, fresh)
    script = "\n".join(shlex.join(words) for words in lines if words[0] != "play") + "\n" + junk
    data = (
        script.encode("utf-8", "surrogateescape") if junk != "\xff" else script.encode() + b"\xff"
    )
    code, out, err = run(db, ["play"], stdin=data)
    assert_well_behaved(code, out, err, script)
    assert code in (0, 1), (code, err)  # a script reports its first error, exit 1
    if code:
        assert err.startswith("Error: line ") or err.startswith("Error: cannot read"), err
    assert_chips_conserved(db)
