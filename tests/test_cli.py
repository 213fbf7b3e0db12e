"""The command-line contract of the README's Commands chapter and docs/rules.md, command by command.

Two ways in: `marquoir.cli.main(argv)` (the real entry point, with the fast path; captured
with capsys) and typer's CliRunner on `marquoir.cli.app.app`. Every test works on a database
in tmp_path (`--db`, or MARQUOIR_DB set by the autouse fixture), never in the user's folder.
"""

from __future__ import annotations

import builtins
import json
import shlex
import shutil
import sqlite3
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from marquoir.cli import main
from marquoir.cli.app import app
from marquoir.storage.ledger import Ledger

# -- helpers -------------------------------------------------------------------------------


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever a test forgets, the default database is in tmp_path, not the user's folder."""
    monkeypatch.setenv("MARQUOIR_DB", str(tmp_path / "default.db"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))


def recorded(db: Path) -> Any:
    """Everything the database holds: sessions, events (undone flags too), meta, snapshots."""
    if not db.exists():
        return None
    conn = sqlite3.connect(db)
    try:
        tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master")}
        if "events" not in tables:
            return "empty"
        return (
            conn.execute("SELECT id, name, settings FROM sessions ORDER BY id").fetchall(),
            conn.execute("SELECT id, session_id, kind, data, undone FROM events").fetchall(),
            conn.execute("SELECT key, value FROM meta ORDER BY key").fetchall(),
            conn.execute("SELECT session_id, event_id, state FROM snapshots").fetchall(),
        )
    finally:
        conn.close()


def event_count(db: Path) -> int:
    conn = sqlite3.connect(db)
    try:
        return int(conn.execute("SELECT count(*) FROM events WHERE undone = 0").fetchone()[0])
    finally:
        conn.close()


def script_lines(text: str) -> list[list[str]]:
    """The command lines of a script, `#` comments and blank lines left out."""
    words = (shlex.split(line, comments=True) for line in text.strip().splitlines())
    return [w for w in words if w]


Template = Callable[[str], Path]


@pytest.fixture(scope="session")
def template(tmp_path_factory: pytest.TempPathFactory) -> Template:
    """A database that played a script, built once per session and copied by the tests.

    Each recorded command costs a disk sync (~20 ms); a fixture played by many tests is
    built once.
    """
    built: dict[str, Path] = {}

    def build(script: str) -> Path:
        if script not in built:
            path = tmp_path_factory.mktemp("template") / "marquoir.db"
            for words in script_lines(script):
                assert main(["--db", str(path), *words]) == 0, words
            built[script] = path
        return built[script]

    return build


class Marquoir:
    """`marquoir --db DB ...` through `main`, output captured with capsys."""

    def __init__(self, db: Path, capsys: pytest.CaptureFixture[str], template: Template) -> None:
        self.db = db
        self.capsys = capsys
        self.template = template

    def load(self, script: str) -> Marquoir:
        """Start from the database that played `script` (a copy of a shared template)."""
        source = self.template(script)
        for suffix in ("", "-wal", "-shm"):
            if Path(f"{source}{suffix}").exists():
                shutil.copyfile(f"{source}{suffix}", f"{self.db}{suffix}")
        return self

    def run(self, line: str) -> tuple[int, str, str]:
        self.capsys.readouterr()
        code = main(["--db", str(self.db), *shlex.split(line)])
        out, err = self.capsys.readouterr()
        return code, out, err

    def __call__(self, line: str) -> str:
        """Run a command that must succeed; its standard output."""
        code, out, err = self.run(line)
        assert (code, err) == (0, ""), f"{line!r} failed: {err}"
        return out

    def lines(self, line: str) -> list[str]:
        return self(line).splitlines()

    def script(self, text: str) -> None:
        for words in script_lines(text):
            self(shlex.join(words))

    def json(self, line: str) -> Any:
        """The JSON a command prints, its `version` checked and taken out."""
        data = json.loads(self(line))
        assert data.pop("version") == 1
        return data

    def stacks(self) -> dict[str, int]:
        return {p["name"]: p["stack"] for p in self.json("stacks --json")["players"]}

    def refused(self, line: str, code: int = 1) -> str:
        """Run a command that must be refused: exit code, ONE `Error: ` line, nothing recorded.

        Returns the message after `Error: `.
        """
        stacks_before = self.run("stacks --json")[1:]
        before = recorded(self.db)
        got, out, err = self.run(line)
        assert got == code, f"{line!r}: exit {got}, stderr {err!r}"
        assert out == ""
        assert "Traceback" not in err
        lines = err.splitlines()
        assert len(lines) == 1, err
        assert lines[0].startswith("Error: ")
        assert recorded(self.db) == before
        assert self.run("stacks --json")[1:] == stacks_before
        return lines[0].removeprefix("Error: ")


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "marquoir.db"


@pytest.fixture
def m(db: Path, capsys: pytest.CaptureFixture[str], template: Template) -> Marquoir:
    return Marquoir(db, capsys, template)


CLUB = """
new club --blinds 1/2 --cave 100
seat alice
seat bob
seat carol
"""


@pytest.fixture
def club(m: Marquoir) -> Marquoir:
    """No-limit 1/2, default cave 100; alice, bob and carol in seats 1, 2, 3."""
    return m.load(CLUB)


def entry(name: str, seat: int, stack: int, **more: Any) -> dict[str, Any]:
    """One player of `stacks --json`, with the defaults of a player who sat once and stays."""
    data: dict[str, Any] = {
        "name": name,
        "seat": seat,
        "stack": stack,
        "bought": 100,
        "recaves": 0,
        "cashed_out": 0,
        "result": stack - 100,
        "left": False,
        "sitting_out": False,
        "busted": stack == 0,
    }
    data.update(more)
    return data


def settings_of(m: Marquoir, name: str) -> dict[str, Any]:
    (session,) = [s for s in m.json("sessions --json")["sessions"] if s["session"] == name]
    settings: dict[str, Any] = session["settings"]
    return settings


NO_HAND_STATUS = {
    "street": None,
    "phase": None,
    "button": None,
    "to_act": None,
    "fines": {},
    "pots": [],
    "pot": 0,
    "legal": None,
}
# the forced bets of a no-limit 1/2 table without ante, as `status --json` gives them
FORCED_BETS_1_2 = {
    "small_blind": 1,
    "big_blind": 2,
    "ante": 0,
    "bb_ante": False,
    "small_bet": None,
    "big_bet": None,
    "bring_in": 0,
    "passe": 0,
    "stakes": "1/2",
}

# -- new -------------------------------------------------------------------------------------


def test_new_with_the_defaults(m: Marquoir) -> None:
    assert m("new club --blinds 1/2") == "session club created and current: hold'em no-limit 1/2\n"
    assert settings_of(m, "club") == {
        "table": {
            "small_blind": 1,
            "big_blind": 2,
            "game": "holdem",
            "betting": "nl",
            "ante": 0,
            "bb_ante": False,
            "straddle": False,
            "small_bet": None,
            "big_bet": None,
            "cap": 3,
            "heads_up_uncapped": False,
            "chip_unit": 1,
            "jackpots": False,
            "second_round": "dealer",
            "passe": 0,
            "bring_in": 0,
            "deck": 52,
        },
        "caves": {"default": None, "minimum": None, "maximum": None, "recaves": None},
        "chip_value": "1",
        "currency": "EUR",
    }
    assert m.json("status --json") == {
        "session": "club",
        "game": "holdem",
        "betting": "nl",
        "blinds": [1, 2],
        "forced_bets": FORCED_BETS_1_2,
        "hand": 0,
        "in_hand": False,
        "carry": 0,
        "players": [],
        **NO_HAND_STATUS,
    }
    assert m.json("stacks --json") == {
        "session": "club",
        "hand": 0,
        "in_hand": False,
        "carry": 0,
        "players": [],
    }


def test_new_with_every_option(m: Marquoir) -> None:
    out = m(
        "new big --game holdem --betting fl --blinds 1/2 --ante 1 --bb-ante --limits 2/4 "
        "--cap 4 --heads-up-uncapped --cave 100 --cave-min 50 --cave-max 200 --recaves 3 "
        "--chip-value 0.25 --currency USD --chip-unit 5"
    )
    assert out == (
        "session big created and current: hold'em fixed-limit 1/2 ante 1 (big blind) limits 2/4\n"
        "default cave 100 chips, a chip is worth 0.25 USD\n"
    )
    assert settings_of(m, "big") == {
        "table": {
            "small_blind": 1,
            "big_blind": 2,
            "game": "holdem",
            "betting": "fl",
            "ante": 1,
            "bb_ante": True,
            "straddle": False,
            "small_bet": 2,
            "big_bet": 4,
            "cap": 4,
            "heads_up_uncapped": True,
            "chip_unit": 5,
            "jackpots": False,
            "second_round": "dealer",
            "passe": 0,
            "bring_in": 0,
            "deck": 52,
        },
        "caves": {"default": 100, "minimum": 50, "maximum": 200, "recaves": 3},
        "chip_value": "0.25",
        "currency": "USD",
    }
    out = m("new str --betting pl --blinds 5/10 --ante 2 --straddle")
    assert out == "session str created and current: hold'em pot-limit 5/10 ante 2\n"
    table = settings_of(m, "str")["table"]
    assert (table["betting"], table["ante"], table["bb_ante"], table["straddle"]) == (
        "pl",
        2,
        False,
        True,
    )


def test_the_options_of_new_take_effect_at_the_table(m: Marquoir) -> None:
    # Fixed-limit 2/4 with a big-blind ante, a cap of 1 raise and a chip unit of 5.
    m.script(
        """
        new fl --betting fl --blinds 1/2 --ante 1 --bb-ante --limits 2/4 --cap 1 --cave 100
        seat a
        seat b
        seat c
        """
    )
    assert m.lines("deal") == [
        "hand 1: button a | c big-blind ante 1, b small blind 1, c big blind 2",
        "a to act: call 2 | raise 4 | fold",
    ]
    m("raise 4")
    assert m.lines("call") == ["b calls 3 | pot 11", "c to act: call to 4 | fold"]  # capped
    assert m.refused("raise 6") == "the betting is capped (1 raises): call or fold"
    m("call")
    assert m.lines("bet 2")[-1] == "c to act: call 2 | raise 4 | fold"  # flop: small bet
    assert m.refused("raise 6") == "the fixed-limit maximum is a raise to 4"


def test_a_straddle_and_a_chip_unit(m: Marquoir) -> None:
    m.script(
        """
        new s --blinds 1/2 --straddle --chip-unit 5 --cave 100
        seat a
        seat b
        seat c
        seat d
        """
    )
    assert m.lines("deal") == [
        "hand 1: button a | b small blind 1, c big blind 2, d straddle 4",
        "a to act: call 4 | raise 8-100 | all-in 100 | fold",
    ]
    m.script("fold\nfold\ncall\ncheck")  # a and b fold, c calls 2 more, d checks: pot 9
    m.script("check\ncheck\ncheck\ncheck\ncheck\ncheck")
    # 9 chips split between c and d in units of 5: one unit, to c (first left of the
    # button), and the remainder of 4 goes with it.
    assert m.lines('showdown "c = d"') == [
        "showdown: c = d",
        "main pot: 9 to c 9, d 0",
        "hand 1 over | a 100 (0), b 99 (-1), c 105 (+5), d 96 (-4)",
    ]


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        ("--blinds 2/1", 1, "the small blind (2) is larger than the big blind (1)"),
        ("--blinds 1/2 --cap 4", 1, "the raise cap (--cap) only applies to fixed-limit betting"),
        ("--blinds 0/2", 1, "the small blind must be at least 1 chip (got 0)"),
        (
            "--blinds 1-2",
            2,
            "Invalid value for '--blinds': write it as SMALL/BIG in whole chips, "
            "e.g. 1/2 (got '1-2')",
        ),
        (
            "--blinds 1/2/4",
            2,
            "Invalid value for '--blinds': write it as SMALL/BIG in whole chips, "
            "e.g. 1/2 (got '1/2/4')",
        ),
        (
            "--blinds 1/2.5",
            2,
            "Invalid value for '--blinds': write it as SMALL/BIG in whole chips, "
            "e.g. 1/2 (got '1/2.5')",
        ),
        (
            "--blinds 1/2 --ante 1.5",
            2,
            "Invalid value for '--ante': an amount is a whole number of chips (got '1.5')",
        ),
        (
            "--blinds 1/2 --ante -1",
            2,
            "Invalid value for '--ante': an amount is a whole number of chips (got '-1')",
        ),
        (
            "--blinds 1/2 --cave 1.5",
            2,
            "Invalid value for '--cave': an amount is a whole number of chips (got '1.5')",
        ),
        (
            "--blinds 1/2 --betting xx",
            2,
            "Invalid value for '--betting': Value error, 'xx' is not one of 'nl', 'pl', 'fl'.",
        ),
        ("", 2, "Invalid value for '--blinds': hold'em needs its blinds, e.g. 1/2"),
        ("--blinds 1/2 --xyzzy", 2, "No such option: --xyzzy"),
        ("--blinds 1/2 --bb-ante", 1, "a big-blind ante needs an ante amount (--ante N --bb-ante)"),
        (
            "--blinds 1/2 --limits 2/4",
            1,
            "limits (small bet / big bet) only apply to fixed-limit betting",
        ),
        (
            "--blinds 1/2 --betting fl --limits 4/2",
            1,
            "the big bet (2) is smaller than the small bet (4)",
        ),
        (
            "--blinds 1/2 --betting fl --limits 1/4",
            1,
            "the big blind (2) is larger than the small bet (1): the limits don't match the blinds",
        ),
        (
            "--blinds 1/2 --betting fl --straddle",
            1,
            "a straddle is only kept in no-limit and pot-limit games",
        ),
        (
            "--blinds 1/2 --chip-value 0",
            2,
            "Invalid value for '--chip-value': a chip must be worth more than 0 (got '0')",
        ),
        (
            "--blinds 1/2 --chip-value abc",
            2,
            "Invalid value for '--chip-value': not an amount of money: 'abc'",
        ),
        ("--blinds 1/2 --chip-unit 0", 1, "the chip unit must be at least 1 chip (got 0)"),
    ],
)
def test_new_refuses_bad_settings(m: Marquoir, args: str, code: int, message: str) -> None:
    assert m.refused(f"new s {args}", code) == message
    assert m("sessions") == "no session yet\n"


def test_new_game_is_one_of_the_four(m: Marquoir) -> None:
    message = m.refused("new s --blinds 1/2 --game rummy", 2)
    assert message.startswith("Invalid value for '--game': ")
    assert m.refused("new s --blinds 1/2 --game stud") == "stud has no blinds"
    assert (
        m.refused("new s", 2) == "Invalid value for '--blinds': hold'em needs its blinds, e.g. 1/2"
    )


def test_new_refuses_a_name_taken_or_not_one_word(m: Marquoir) -> None:
    m("new club --blinds 1/2")
    m("new other --blinds 5/10")
    assert m.refused("new club --blinds 1/2") == (
        "a session named club already exists: `marquoir use club` makes it current, "
        "or choose another name"
    )
    # (the message calls a session name a player name)
    assert m.refused("new 'two words' --blinds 1/2", 2).startswith("'two words' is not a valid")
    assert m.json("status --json")["session"] == "other"  # still the current one


@pytest.mark.parametrize(
    "line",
    ["seat alice --cave 10", "deal", "call", "undo", "stacks --json", "status", "button a"],
)
def test_commands_before_any_session(m: Marquoir, line: str) -> None:
    assert m.refused(line) == "no session yet: start one with `marquoir new NAME --blinds 1/2`"


# -- use, sessions -----------------------------------------------------------------------------


def test_use_and_sessions(m: Marquoir) -> None:
    assert m("sessions") == "no session yet\n"
    assert m.json("sessions --json") == {"sessions": []}
    m("new one --blinds 1/2 --cave 100")
    m("seat alice")
    m("new two --blinds 5/10 --betting pl")
    lines = m.lines("sessions")
    assert [line.rsplit("  ", 1)[0] for line in lines] == [
        "  one  hold'em no-limit 1/2",
        "* two  hold'em pot-limit 5/10",
    ]
    assert m.stacks() == {}
    assert m("use one") == "session one is current\n"
    assert m.stacks() == {"alice": 100}
    listed = m.json("sessions --json")["sessions"]
    assert [(s["session"], s["current"]) for s in listed] == [("one", True), ("two", False)]
    assert all(len(s["created_at"]) == 25 and s["created_at"][10] == "T" for s in listed)
    assert m.refused("use nope") == "no session named nope"
    assert m.json("stacks --json")["session"] == "one"
    assert m.refused("use", 2) == "Missing argument 'NAME'."


# -- seat --------------------------------------------------------------------------------------


def test_seat_default_cave_explicit_seat_and_cave(club: Marquoir) -> None:
    assert club("seat dave --seat 7 --cave 50") == "dave sits in seat 7 with 50 chips\n"
    assert club("seat erin") == "erin sits in seat 4 with 100 chips\n"  # first free seat
    assert club("seat fred --cave=60") == "fred sits in seat 5 with 60 chips\n"
    assert club.json("stacks --json")["players"] == [
        entry("alice", 1, 100),
        entry("bob", 2, 100),
        entry("carol", 3, 100),
        entry("erin", 4, 100),
        entry("fred", 5, 60, bought=60, result=0),
        entry("dave", 7, 50, bought=50, result=0),
    ]
    assert event_count(club.db) == 6


def test_seat_refusals(club: Marquoir) -> None:
    assert club.refused("seat alice") == "alice is already seated (seat 1)"
    assert club.refused("seat dave --seat 2") == "seat 2 is taken by bob"
    assert club.refused("seat dave --seat 11") == "seats are numbered 1 to 10 (got 11)"
    assert club.refused("seat dave --seat 0") == "seats are numbered 1 to 10 (got 0)"
    assert club.refused("seat dave --cave 0") == "a cave must be at least 1 chip (got 0)"
    assert club.refused("seat dave --cave 1.5", 2) == (
        "Invalid value for '--cave': an amount is a whole number of chips (got '1.5')"
    )
    assert club.refused("seat dave --seat x", 2) == (
        "Invalid value for '--seat': an amount is a whole number of chips (got 'x')"
    )
    assert club.refused("seat 'da ve'", 2) == (
        "'da ve' is not a valid player name: one word, without '>' or '='"
    )
    assert club.refused("seat a>b", 2) == (
        "'a>b' is not a valid player name: one word, without '>' or '='"
    )
    assert club.refused("seat a=b", 2) == (
        "'a=b' is not a valid player name: one word, without '>' or '='"
    )
    assert club.refused("seat", 2) == "Missing argument 'PLAYER'."
    assert club.refused("seat dave --bogus", 2) == "No such option: --bogus"


def test_seat_on_a_full_table(m: Marquoir) -> None:
    m("new full --blinds 1/2 --cave 100")
    for n in range(1, 11):
        assert m(f"seat p{n}") == f"p{n} sits in seat {n} with 100 chips\n"
    assert m.refused("seat p11") == "the table is full (10 seats)"
    assert m.refused("seat p11 --seat 3") == "seat 3 is taken by p3"
    m("leave p4")
    assert m("seat p11") == "p11 sits in seat 4 with 100 chips\n"


def test_seat_without_a_default_cave(m: Marquoir) -> None:
    m("new nocave --blinds 1/2")
    assert m.refused("seat alice") == (
        "how many chips? give the cave (this session has no default cave)"
    )
    assert m("seat alice --cave 80") == "alice sits in seat 1 with 80 chips\n"


def test_seat_within_the_cave_limits(m: Marquoir) -> None:
    m("new lim --blinds 1/2 --cave-min 100 --cave-max 500")
    assert m.refused("seat a --cave 99") == "the minimum cave is 100 chips (got 99)"
    assert m.refused("seat a --cave 501") == "the maximum cave is 500 chips (got 501)"
    assert m("seat a --cave 100") == "a sits in seat 1 with 100 chips\n"
    assert m("seat b --cave 500") == "b sits in seat 2 with 500 chips\n"


def test_seat_during_a_hand_is_dealt_in_at_the_next(club: Marquoir) -> None:
    club("deal")
    assert club("seat dave") == "dave sits in seat 4 with 100 chips\n"
    club.script("fold\nfold")  # alice, bob fold: carol takes the blinds
    assert club.lines("deal")[0] == "hand 2: button bob | carol small blind 1, dave big blind 2"


# -- recave ------------------------------------------------------------------------------------


def test_recave_between_hands_only(club: Marquoir) -> None:
    club("deal")
    assert club.refused("recave alice 50") == (
        "cannot recave during a hand: hand 1 is in play (alice to act)"
    )
    club.script("allin\ncall\nfold")  # alice all-in 100, bob calls, carol folds: showdown
    assert club.refused("recave carol 50") == (
        "cannot recave during a hand: hand 1 waits for its showdown result"
    )
    club("win bob")
    assert club.stacks() == {"alice": 0, "bob": 202, "carol": 98}
    assert club("recave alice") == "alice recaves 100: stack 100\n"
    assert club("recave carol 50") == "carol recaves 50: stack 148\n"
    assert club.json("stacks --json")["players"] == [
        entry("alice", 1, 100, bought=200, recaves=1, result=-100),
        entry("bob", 2, 202),
        entry("carol", 3, 148, bought=150, recaves=1, result=-2),
    ]


def test_recave_limits(m: Marquoir) -> None:
    m.script(
        """
        new lim --blinds 1/2 --cave 100 --cave-min 50 --cave-max 200 --recaves 2
        seat a
        seat b
        """
    )
    assert m.refused("recave a 49") == "the minimum recave is 50 chips (got 49)"
    assert m.refused("recave a 201") == "the maximum recave is 200 chips (got 201)"
    assert m.refused("recave a 0") == "a recave must be at least 1 chip (got 0)"
    assert m.refused("recave a 1.5", 2) == (
        "Invalid value for 'CHIPS': an amount is a whole number of chips (got '1.5')"
    )
    assert m.refused("recave zed 100") == "unknown player: zed (at the table: a, b)"
    assert m("recave a 50") == "a recaves 50: stack 150\n"
    assert m("recave a") == "a recaves 100: stack 250\n"
    assert m.refused("recave a 100") == "a has used all 2 recaves of this session"
    assert m("recave b 200") == "b recaves 200: stack 300\n"


def test_recave_without_a_default_cave(m: Marquoir) -> None:
    m("new n --blinds 1/2")
    m("seat a --cave 10")
    assert m.refused("recave a") == (
        "how many chips? give the recave (this session has no default cave)"
    )


# -- leave -------------------------------------------------------------------------------------


def test_leave_between_hands_only_and_stacks_lists_the_player(club: Marquoir) -> None:
    club("deal")
    assert club.refused("leave bob") == (
        "cannot leave during a hand: hand 1 is in play (alice to act)"
    )
    club.script("fold\ncall\ncheck")  # alice folds, bob completes, carol checks: flop
    club.script("bet 10\ncall")  # bob bets, carol calls: turn
    club.script("check\ncheck\ncheck\ncheck")
    assert club.refused("leave bob") == (
        "cannot leave during a hand: hand 1 waits for its showdown result"
    )
    club('showdown "bob > carol"')
    assert club("leave bob") == "bob leaves with 112 chips (bought 100, result +12)\n"
    data = club.json("stacks --json")
    assert data == {
        "session": "club",
        "hand": 1,
        "in_hand": False,
        "carry": 0,
        "players": [
            entry("alice", 1, 100),
            entry("carol", 3, 88),
            entry("bob", 2, 0, cashed_out=112, result=12, left=True, busted=False),
        ],
    }
    assert club.refused("leave bob") == "bob has left the table"
    assert club.refused("recave bob 100") == "bob has left the table"
    assert club.refused("sitout bob") == "bob has left the table"
    assert club.refused("button bob") == "bob has left the table"
    assert club.refused("leave zed") == "unknown player: zed (at the table: alice, carol)"
    # He comes back: the new cave adds to his history, as a recave.
    assert club("seat bob --cave 50") == (
        "bob returns to seat 2 with 50 chips (recave 1; bought 150 in all)\n"
    )
    assert club.json("stacks --json")["players"][1] == entry(
        "bob", 2, 50, bought=150, recaves=1, cashed_out=112, result=12
    )


def test_stacks_text_marks_left_busted_and_sitting_out(club: Marquoir) -> None:
    club.script("deal\nallin\nfold\ncall\nwin carol")  # carol busts alice
    club("seat dave --cave 40")
    club("sitout dave")
    club("leave bob")
    assert club("stacks") == (
        "session club | 1 hand\n"
        "seat  player  stack  bought  recaves  out  result\n"
        "1     alice   0      100     0        0    -100    busted\n"
        "3     carol   201    100     0        0    +101\n"
        "4     dave    40     40      0        0    0       sitting out\n"
        "2     bob     0      100     0        99   -1      left\n"
    )


# -- button, sitout, back ---------------------------------------------------------------------


def test_button_moves_and_can_be_set(club: Marquoir) -> None:
    club("seat dave")
    assert club.lines("deal")[0] == "hand 1: button alice | bob small blind 1, carol big blind 2"
    club.script("fold\nfold\nfold")  # dave, alice, bob fold
    assert club.lines("deal")[0] == "hand 2: button bob | carol small blind 1, dave big blind 2"
    club.script("fold\nfold\nfold")
    assert club("button alice") == "the next deal puts the button on alice\n"
    assert club.lines("deal")[0] == "hand 3: button alice | bob small blind 1, carol big blind 2"
    assert club.refused("button bob") == (
        "cannot move the button during a hand: hand 3 is in play (dave to act)"
    )
    club.script("fold\nfold\nfold")
    # After a set button the rotation goes on from it.
    assert club.lines("deal")[0] == "hand 4: button bob | carol small blind 1, dave big blind 2"
    assert club.refused("button zed") == (
        "unknown player: zed (at the table: alice, bob, carol, dave)"
    )


def test_sitting_out_seats_are_skipped_by_the_button_and_the_blinds(club: Marquoir) -> None:
    club("seat dave")
    assert club("sitout bob") == "bob sits out from the next hand\n"
    assert club.refused("sitout bob") == "bob is already sitting out"
    assert club.refused("back alice") == "alice is not sitting out"
    assert club.lines("deal") == [
        "hand 1: button alice | carol small blind 1, dave big blind 2",
        "alice to act: call 2 | raise 4-100 | all-in 100 | fold",
    ]
    status = club.json("status --json")
    assert [(p["name"], p["in_hand"], p["sitting_out"]) for p in status["players"]] == [
        ("alice", True, False),
        ("bob", False, True),
        ("carol", True, False),
        ("dave", True, False),
    ]
    assert club.refused("win bob", 1) == "the betting is not over: alice is to act"
    club.script("fold\nfold")  # alice, carol fold: dave takes the blinds
    # The button moves past bob's seat to carol; dave and alice post the blinds.
    assert club.lines("deal")[0] == "hand 2: button carol | dave small blind 1, alice big blind 2"
    # sitout and back may be said during a hand: they count from the next one.
    assert club("back bob") == "bob is back from the next hand\n"
    assert club("sitout carol") == "carol sits out from the next hand\n"
    assert club.json("status --json")["to_act"] == "carol"
    club.script("fold\nfold")  # carol, dave fold
    assert club.lines("deal")[0] == "hand 3: button dave | alice small blind 1, bob big blind 2"
    assert club.stacks() == {"alice": 100, "bob": 98, "carol": 99, "dave": 100}


def test_the_first_button_skips_a_lowest_seat_sitting_out_and_a_seat_left(club: Marquoir) -> None:
    club("sitout alice")
    assert club.lines("deal")[0] == "hand 1: button bob | bob small blind 1, carol big blind 2"
    club("fold")  # heads-up, bob (button, small blind) folds
    club("back alice")
    club("leave bob")
    # The button moves on from bob's seat, though he left: carol, then alice.
    assert club.lines("deal")[0] == "hand 2: button carol | carol small blind 1, alice big blind 2"
    club("fold")  # carol, button and small blind, folds
    assert club.stacks() == {"alice": 101, "carol": 100, "bob": 0}


def test_the_button_on_a_player_sitting_out_refuses_the_deal(club: Marquoir) -> None:
    club("button bob")
    club("sitout bob")
    assert club.refused("deal") == (
        "the button was set on bob, who is not dealt in: set it on another player"
    )
    club("back bob")
    assert club.lines("deal")[0] == "hand 1: button bob | carol small blind 1, alice big blind 2"


# -- deal --------------------------------------------------------------------------------------


def test_deal_refusals(m: Marquoir) -> None:
    m("new d --blinds 1/2 --cave 100")
    m("seat a")
    message = "a hand needs at least two players with chips who are not sitting out"
    assert m.refused("deal") == message
    m("seat b")
    m("sitout b")
    assert m.refused("deal") == message
    m("back b")
    m("deal")
    assert m.refused("deal") == "hand 1 is in play (a to act)"
    m("allin")
    m("call")
    assert m.refused("deal") == "hand 1 waits for its showdown result"
    assert m.refused("deal now", 2) == "Got unexpected extra argument(s) (now)"


# -- betting actions ---------------------------------------------------------------------------


def test_a_hand_with_every_action_with_and_without_as(club: Marquoir) -> None:
    assert club.lines("deal") == [
        "hand 1: button alice | bob small blind 1, carol big blind 2",
        "alice to act: call 2 | raise 4-100 | all-in 100 | fold",
    ]
    assert club.lines("raise 6 --as alice") == [
        "alice raises to 6 | pot 9",
        "bob to act: call to 6 | raise 10-100 | all-in 100 | fold",
    ]
    assert club.lines("call --as=bob") == [
        "bob calls 5 | pot 14",
        "carol to act: call to 6 | raise 10-100 | all-in 100 | fold",
    ]
    assert club.lines("call") == [
        "carol calls 4",
        "-- flop -- pot 18",
        "bob to act: check | bet 2-94 | all-in 94 | fold",
    ]
    assert club.lines("check --as bob") == [
        "bob checks | pot 18",
        "carol to act: check | bet 2-94 | all-in 94 | fold",
    ]
    assert club.lines("bet 10") == [
        "carol bets 10 | pot 28",
        "alice to act: call 10 | raise 20-94 | all-in 94 | fold",
    ]
    assert club.lines("raise 30 --as alice") == [
        "alice raises to 30 | pot 58",
        "bob to act: call 30 | raise 50-94 | all-in 94 | fold",
    ]
    assert club.lines("fold --as bob") == [
        "bob folds | pot 58",
        "carol to act: call to 30 | raise 50-94 | all-in 94 | fold",
    ]
    assert club.lines("allin --as carol") == [
        "carol raises to 94 (all-in) | pot 142",
        "alice to act: call to 94 (all-in) | fold",
    ]
    assert club.json("status --json") == {
        "session": "club",
        "game": "holdem",
        "betting": "nl",
        "blinds": [1, 2],
        "forced_bets": FORCED_BETS_1_2,
        "hand": 1,
        "in_hand": True,
        "carry": 0,
        "street": "flop",
        "phase": "betting",
        "button": "alice",
        "to_act": "alice",
        "fines": {},
        "players": [
            {
                "name": "alice",
                "seat": 1,
                "stack": 64,
                "bet": 30,
                "folded": False,
                "all_in": False,
                "in_hand": True,
                "sitting_out": False,
                "busted": False,
            },
            {
                "name": "bob",
                "seat": 2,
                "stack": 94,
                "bet": 0,
                "folded": True,
                "all_in": False,
                "in_hand": True,
                "sitting_out": False,
                "busted": False,
            },
            {
                "name": "carol",
                "seat": 3,
                "stack": 0,
                "bet": 94,
                "folded": False,
                "all_in": True,
                "in_hand": True,
                "sitting_out": False,
                "busted": False,
            },
        ],
        "pots": [{"name": "main pot", "amount": 18, "eligible": ["carol", "alice"]}],
        "pot": 18 + 30 + 94,  # the main pot and the bets in front (bob folded his 30)
        "legal": {
            "player": "alice",
            "to_call": 64,
            "call_amount": 64,
            "can_check": False,
            "min_to": None,
            "max_to": None,
            "allin_to": 94,
            "allin_ok": True,
            "call_to": 94,
            "call_is_all_in": True,
        },
    }
    # stack is the chips behind, not what is in front or in the pots.
    data = club.json("stacks --json")
    assert (data["hand"], data["in_hand"]) == (1, True)
    assert club.stacks() == {"alice": 64, "bob": 94, "carol": 0}
    assert club.lines("call --as alice") == [
        "alice calls 64 (all-in)",
        "-- showdown -- pot 206",
        'showdown: give the result, e.g. `showdown "alice > bob"` or `win alice`',
    ]
    assert club.json("status --json")["phase"] == "showdown"
    assert club.lines("win alice") == [
        "showdown: alice",
        "main pot: 206 to alice 206",
        "hand 1 over | alice 206 (+106), bob 94 (-6), carol 0 (-100)",
    ]
    assert club.json("stacks --json") == {
        "session": "club",
        "hand": 1,
        "in_hand": False,
        "carry": 0,
        "players": [entry("alice", 1, 206), entry("bob", 2, 94), entry("carol", 3, 0)],
    }
    assert club.json("status --json")["players"][2]["busted"] is True
    assert event_count(club.db) == 3 + 1 + 9 + 1


@pytest.mark.parametrize(
    ("new", "message"),
    [
        ("new pl --betting pl --blinds 1/2 --cave 100", "the pot-limit maximum is a raise to 7"),
        ("new fl --betting fl --blinds 1/2 --cave 100", "the fixed-limit maximum is a raise to 4"),
    ],
)
def test_allin_refused_when_the_raise_is_not_allowed(m: Marquoir, new: str, message: str) -> None:
    m.load(f"{new}\nseat a\nseat b\nseat c\ndeal")
    assert m.refused("allin") == message
    assert m.refused("allin --as a") == message


def test_allin_refused_when_the_betting_is_not_reopened(m: Marquoir) -> None:
    m.script(
        """
        new r --blinds 5/10
        seat a --cave 100
        seat b --cave 100
        seat c --cave 15
        deal
        call
        call
        """
    )
    # a and b call 10; c, big blind, goes all-in to 15: less than a full raise.
    assert m.lines("allin") == ["c raises to 15 (all-in) | pot 35", "a to act: call to 15 | fold"]
    message = (
        "the betting is not reopened for a (the all-in since he acted was less than a full "
        "raise): call or fold"
    )
    assert m.refused("allin") == message
    assert m.refused("raise 25") == message


def test_call_with_nothing_to_call_is_a_check_and_the_uncalled_bet_goes_back(
    club: Marquoir,
) -> None:
    club.script("deal\ncall\ncall")
    assert club.lines("call") == [  # carol, big blind: a check
        "carol checks",
        "-- flop -- pot 6",
        "bob to act: check | bet 2-98 | all-in 98 | fold",
    ]
    club("bet 20")
    club("fold")
    assert club.lines("fold") == [
        "alice folds",
        "bob gets back 20 (uncalled)",
        "bob takes 6 (no showdown)",
        "hand 1 over | alice 98 (-2), bob 104 (+4), carol 98 (-2)",
    ]


@pytest.mark.parametrize(
    ("line", "code", "message"),
    [
        ("check", 1, "carol cannot check: 4 to call"),
        ("call --as alice", 1, "it is carol's turn, not alice's"),
        ("fold --as=bob", 1, "it is carol's turn, not bob's"),
        ("raise 20 --as zed", 1, "zed is not playing this hand"),
        ("raise 9", 1, "the minimum raise is to 10"),
        ("raise 6", 1, "6 is the current bet: say call to match it"),
        ("raise 5", 1, "a raise must make the total more than the current bet of 6"),
        ("raise 101", 1, "carol has only 98 behind: the most is 100 (all-in)"),
        ("bet 0", 1, "a raise must make the total more than the current bet of 6"),
        ("bet 1.5", 2, "Invalid value for 'N': an amount is a whole number of chips (got '1.5')"),
        ("raise ten", 2, "Invalid value for 'N': an amount is a whole number of chips (got 'ten')"),
        ("raise -5", 2, "No such option: -5"),
        ("raise", 2, "Missing argument 'N'."),
        ("bet 10 20", 2, "Got unexpected extra argument(s) (20)"),
        (
            "call 10",
            2,
            "call takes no amount: to raise, `raise 10`",
        ),
        ("check --as", 2, "Option '--as' requires an argument."),
        ("fold --now", 2, "No such option: --now"),
        ("chek", 2, "No such command 'chek'. Did you mean 'check'?"),
    ],
)
def test_refused_actions(m: Marquoir, line: str, code: int, message: str) -> None:
    m.load(CLUB + "deal\nraise 6\ncall")  # alice raises to 6, bob calls: carol to act
    assert m.refused(line, code) == message


def test_actions_without_a_hand_or_after_the_betting(club: Marquoir) -> None:
    for line in ("check", "call", "fold", "allin", "bet 10", "raise 10 --as alice"):
        assert club.refused(line) == "no hand in play: deal first"
    club.script("deal\nallin\ncall\nfold")
    for line in ("check", "call --as bob", "fold", "allin", "bet 10"):
        assert club.refused(line) == "the betting is over: give the showdown result"


def test_allin_for_less_than_the_call_is_a_call(m: Marquoir) -> None:
    m.script(
        """
        new a --blinds 5/10
        seat big --cave 100
        seat short --cave 30
        deal
        """
    )
    m("raise 50")
    assert m.lines("allin") == [
        "short calls 20 (all-in)",
        "big gets back 20 (uncalled)",
        "-- showdown -- pot 60",
        'showdown: give the result, e.g. `showdown "alice > bob"` or `win alice`',
    ]
    assert m.lines("win short") == [
        "showdown: short",
        "main pot: 60 to short 60",
        "hand 1 over | big 70 (-30), short 60 (+30)",
    ]


# -- win and showdown --------------------------------------------------------------------------


@pytest.fixture
def side(m: Marquoir) -> Marquoir:
    """a all-in for 50 pre-flop; b and c build a side pot of 40 on the turn: showdown."""
    return m.load(
        """
        new side --blinds 1/2
        seat a --cave 50
        seat b --cave 200
        seat c --cave 200
        deal
        allin
        call
        call
        check
        check
        bet 20
        call
        check
        check
        """
    )


def test_a_side_pot_that_needs_a_winner_names_the_eligible_players(side: Marquoir) -> None:
    status = side.json("status --json")
    assert status["pots"] == [
        {"name": "main pot", "amount": 150, "eligible": ["b", "c", "a"]},
        {"name": "side pot 1", "amount": 40, "eligible": ["b", "c"]},
    ]
    assert (status["phase"], status["to_act"], status["legal"]) == ("showdown", None, None)
    message = "the side pot 1 (40) needs a winner: eligible players are b, c"
    assert side.refused("showdown a") == message
    assert side.refused("win a") == message
    assert side.lines('showdown "a > c > b"') == [
        "showdown: a > c > b",
        "main pot: 150 to a 150",
        "side pot 1: 40 to c 40",
        "hand 1 over | a 150 (+100), b 130 (-70), c 170 (-30)",
    ]


def test_win_several_players_tie_with_the_odd_chip(side: Marquoir) -> None:
    # 150 split a/b/c: 50 each; the side pot of 40 split b/c: 20 each.
    assert side.lines("win a b c") == [
        "showdown: a = b = c",
        "main pot: 150 to b 50, c 50, a 50",
        "side pot 1: 40 to b 20, c 20",
        "hand 1 over | a 50 (0), b 200 (0), c 200 (0)",
    ]


def test_showdown_odd_chip_goes_left_of_the_button(club: Marquoir) -> None:
    club.script("deal\nraise 5\ncall\ncall")  # 15 in the pot, three ways
    club.script("\n".join(["check"] * 9))
    # alice has the button: bob is first to her left, then carol.
    assert club.lines('showdown "alice = bob > carol"') == [
        "showdown: alice = bob > carol",
        "main pot: 15 to bob 8, alice 7",
        "hand 1 over | alice 102 (+2), bob 103 (+3), carol 95 (-5)",
    ]


@pytest.mark.parametrize(
    ("line", "code", "message"),
    [
        ("win zed", 1, "zed is not playing this hand"),
        ('showdown "b > zed"', 1, "zed is not playing this hand"),
        ("win a a", 1, "a appears twice in the ranking"),
        ('showdown "a > b = a"', 1, "a appears twice in the ranking"),
        (
            'showdown "a >"',
            2,
            "cannot read the ranking 'a >': write it like 'alice > bob = carol' "
            "(one-word names, '>' beats, '=' ties)",
        ),
        (
            'showdown ""',
            2,
            "cannot read the ranking '': write it like 'alice > bob = carol' "
            "(one-word names, '>' beats, '=' ties)",
        ),
        (
            "showdown a b",
            2,
            "cannot read the ranking 'a b': write it like 'alice > bob = carol' "
            "(one-word names, '>' beats, '=' ties)",
        ),
        ("showdown", 2, "Missing argument 'RANKING | PLAYER=CARDS...'."),
        ("win", 2, "Missing argument 'PLAYER...'."),
    ],
)
def test_refused_showdowns(side: Marquoir, line: str, code: int, message: str) -> None:
    assert side.refused(line, code) == message


def test_a_folded_player_cannot_win(club: Marquoir) -> None:
    club.script("deal\nallin\nfold\ncall")
    assert club.refused("win bob") == "bob folded and cannot win a pot"
    assert club.refused("showdown bob") == "bob folded and cannot win a pot"


def test_showdown_refused_while_betting_or_without_a_hand(club: Marquoir) -> None:
    assert club.refused("win alice") == "no hand in play: deal first"
    club("deal")
    assert club.refused('showdown "alice > bob"') == "the betting is not over: alice is to act"


# -- undo --------------------------------------------------------------------------------------


def test_undo_several_times_across_a_showdown_and_a_deal(club: Marquoir) -> None:
    club.script("deal\nraise 10\nfold\ncall")  # alice raises, bob folds, carol calls: flop
    club.script("allin\ncall")  # carol all-in 90, alice calls: showdown
    club("win alice")
    after = club.json("stacks --json")
    assert club.stacks() == {"alice": 201, "bob": 99, "carol": 0}
    events = event_count(club.db)

    assert club.lines("undo") == [
        "undone: the showdown alice",
        'showdown: give the result, e.g. `showdown "alice > bob"` or `win alice`',
    ]
    assert club.stacks() == {"alice": 0, "bob": 99, "carol": 0}
    assert club.json("stacks --json")["in_hand"] is True
    assert club.lines("undo") == [
        "undone: alice calls 90",
        "alice to act: call 90 (all-in) | fold",
    ]
    assert club.lines("undo") == [
        "undone: carol bets 90",  # the log says what the action did
        "carol to act: check | bet 2-90 | all-in 90 | fold",
    ]
    assert event_count(club.db) == events - 3
    # A different result this time.
    club.script("check\ncheck\ncheck\ncheck\ncheck\ncheck")
    last = club.lines("win carol")[-1]
    assert last == "hand 1 over | alice 90 (-10), bob 99 (-1), carol 111 (+11)"
    # Undo the showdown and every action of the hand, then the deal itself.
    for expected in (
        "the showdown carol",
        *["alice checks", "carol checks"] * 3,
        "carol calls 8",
        "bob folds",
        "alice raises to 10",
        "the deal of hand 1",
    ):
        assert club.lines("undo")[0] == f"undone: {expected}"
    assert club.json("stacks --json") == {
        "session": "club",
        "hand": 0,
        "in_hand": False,
        "carry": 0,
        "players": [entry("alice", 1, 100), entry("bob", 2, 100), entry("carol", 3, 100)],
    }
    assert club.lines("undo") == ["undone: carol sits in seat 3 with 100", "next: deal"]
    # Played again the same way, the same hand gives the same stacks.
    club("seat carol")
    club.script("deal\nraise 10\nfold\ncall\nallin\ncall\nwin alice")
    assert club.json("stacks --json") == after


def test_undo_between_hands_restores_leave_recave_and_seat(club: Marquoir) -> None:
    before = club.json("stacks --json")
    club("recave alice 50")
    club("leave bob")
    club("button carol")
    club("sitout carol")
    assert club.lines("undo") == ["undone: carol sits out", "next: deal"]
    assert club.lines("undo") == ["undone: the button set on carol", "next: deal"]
    assert club.lines("undo") == ["undone: bob leaves with 100", "next: deal"]
    assert club.lines("undo") == ["undone: alice recaves 50", "next: deal"]
    assert club.json("stacks --json") == before


def test_undo_with_nothing_to_undo(m: Marquoir) -> None:
    m("new one --blinds 1/2 --cave 10")
    m("seat a")
    m("new two --blinds 1/2")
    assert m.refused("undo") == "nothing to undo in this session"  # one's seat stays
    m("use one")
    assert m("undo") == "undone: a sits in seat 1 with 10\nnext: deal\n"
    assert m.refused("undo") == "nothing to undo in this session"
    assert m.refused("undo now", 2) == "Got unexpected extra argument(s) (now)"


# -- status and stacks -------------------------------------------------------------------------


def test_status_text(club: Marquoir) -> None:
    assert club("status") == (
        "session club | hold'em no-limit 1/2 | 0 hands played\n"
        "seat  player  stack  bet\n"
        "1     alice   100    0\n"
        "2     bob     100    0\n"
        "3     carol   100    0\n"
        "next: deal\n"
    )
    club.script("deal\nraise 6\nfold")
    assert club("status") == (
        "session club | hold'em no-limit 1/2 | hand 1 preflop\n"
        "seat  player  stack  bet\n"
        "1     alice   94     6    button\n"
        "2     bob     99     1    folded\n"
        "3     carol   98     2    to act\n"
        "pot 9\n"  # the blinds and alice's raise, in front
        "carol to act: call to 6 | raise 10-100 | all-in 100 | fold\n"
    )
    club.script("allin\ncall")
    assert club("status") == (
        "session club | hold'em no-limit 1/2 | hand 1 river\n"
        "seat  player  stack  bet\n"
        "1     alice   0      0    button, all-in\n"
        "2     bob     99     0    folded\n"
        "3     carol   0      0    all-in\n"
        "pot 201\n"
        'showdown: give the result, e.g. `showdown "alice > bob"` or `win alice`\n'
    )


def test_status_and_stacks_json_are_stable(club: Marquoir) -> None:
    club.script("deal\nraise 6")
    first = (club("status --json"), club("stacks --json"), club("stacks"), club("status"))
    again = (club("status --json"), club("stacks --json"), club("stacks"), club("status"))
    assert first == again
    assert first[1] == json.dumps(json.loads(first[1]), indent=2) + "\n"
    assert club.refused("stacks --csv", 2) == "No such option: --csv"
    assert club.refused("status extra", 2) == "Got unexpected extra argument(s) (extra)"


# -- the database: --db, --db=, MARQUOIR_DB --------------------------------------------------


def test_db_option_and_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    env_db, opt_db = tmp_path / "env.db", tmp_path / "opt.db"
    monkeypatch.setenv("MARQUOIR_DB", str(env_db))
    assert main(["new", "envs", "--blinds", "1/2"]) == 0
    assert main([f"--db={opt_db}", "new", "opts", "--blinds", "5/10"]) == 0
    assert main(["--db", str(opt_db), "seat", "alice", "--cave", "30"]) == 0
    capsys.readouterr()
    assert main(["stacks", "--json"]) == 0  # the fast path reads MARQUOIR_DB
    assert json.loads(capsys.readouterr().out)["session"] == "envs"
    assert main([f"--db={opt_db}", "stacks", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["players"][0]["name"] == "alice"
    assert main(["sessions"]) == 0  # the typer path reads MARQUOIR_DB too
    assert "envs" in capsys.readouterr().out
    assert not (tmp_path / "config").exists()


def test_a_file_that_is_not_a_database(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "notes.txt"
    bad.write_text("not a database\n" * 100)
    assert main(["--db", str(bad), "stacks", "--json"]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"Error: cannot open the database {bad}: file is not a database\n"


def test_no_arguments_prints_the_help(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--db", str(db)]) == 0
    assert capsys.readouterr().out.startswith("Usage: marquoir [OPTIONS] COMMAND [ARGS]...")
    assert main(["--db", str(db), "bet", "--help"]) == 0
    assert "Make the total bet for this round N (same as raise)." in capsys.readouterr().out


# -- play through main -------------------------------------------------------------------------


def test_play_a_script_through_main(m: Marquoir, tmp_path: Path) -> None:
    script = tmp_path / "s.txt"
    script.write_text(
        "new p --blinds 1/2 --cave 100  # a comment\n"
        "\n"
        "# a comment line\n"
        "seat a\nseat b\nd\nr 10\nc\nk\nb 5\nf\n"
    )
    # d deal, r raise, c call, k check, b bet, f fold: the aliases of play.
    assert m(f"play {script}").splitlines()[-6:] == [
        "a bets 5 | pot 25",
        "b to act: call 5 | raise 10-90 | all-in 90 | fold",
        "b folds",
        "a gets back 5 (uncalled)",
        "a takes 20 (no showdown)",
        "hand 1 over | a 110 (+10), b 90 (-10)",
    ]
    assert m.stacks() == {"a": 110, "b": 90}


def test_play_stops_at_the_first_error(m: Marquoir, tmp_path: Path) -> None:
    script = tmp_path / "s.txt"
    script.write_text("new p --blinds 1/2 --cave 100\nseat a\nseat b\nseat a\nseat c\n")
    code, _out, err = m.run(f"play {script}")
    assert code == 1
    assert err == "Error: line 4: a is already seated (seat 1)\n"
    assert m.stacks() == {"a": 100, "b": 100}
    script.write_text("deal\nbet 1.5\n")
    code, _out, err = m.run(f"play {script}")
    assert (code, err) == (
        1,
        "Error: line 2: Invalid value for 'N': an amount is a whole number of chips (got '1.5')\n",
    )
    assert m.json("status --json")["to_act"] == "a"  # the deal stays recorded
    for text, message in [
        ('seat "d\n', "line 1: cannot read the line: No closing quotation"),
        ("\n\nplay other.txt\n", "line 3: play cannot run inside play"),
        ("frobnicate\n", "line 1: No such command 'frobnicate'."),
    ]:
        script.write_text(text)
        assert m.run(f"play {script}")[::2] == (1, f"Error: {message}\n")
    assert m.refused(f"play {tmp_path / 'missing.txt'}") == (
        f"cannot read {tmp_path / 'missing.txt'}: No such file or directory"
    )


def test_play_from_stdin_through_main(
    m: Marquoir, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import io

    monkeypatch.setattr(sys, "stdin", io.StringIO("new p --blinds 1/2 --cave 40\nseat a\nseat b\n"))
    m("play")
    monkeypatch.setattr(sys, "stdin", io.StringIO("deal\nallin\ncall\nwin b\n"))
    m("play -")
    assert m.stacks() == {"a": 0, "b": 80}


def test_play_interactive(m: Marquoir, monkeypatch: pytest.MonkeyPatch) -> None:
    m.script("new i --blinds 1/2 --cave 50\nseat a\nseat b")
    typed = iter(["d", "r 6", "bogus", "", "c", "q", "never read"])
    prompts: list[str] = []

    def fake_input(prompt: str = "") -> str:
        prompts.append(prompt)
        return next(typed)

    class Tty:
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr(sys, "stdin", Tty())
    monkeypatch.setattr(builtins, "input", fake_input)
    code, out, err = m.run("play")
    assert code == 0
    assert prompts == [
        "[i | no hand yet | next: deal] > ",
        "[i | hand 1 preflop | pot 3 | a: call to 2] > ",
        "[i | hand 1 preflop | pot 8 | b: call to 6] > ",
        "[i | hand 1 preflop | pot 8 | b: call to 6] > ",
        "[i | hand 1 preflop | pot 8 | b: call to 6] > ",
        "[i | hand 1 flop | pot 12 | b: check] > ",
    ]
    assert "b calls 4" in out
    assert err == "Error: No such command 'bogus'.\n"  # an error does not end the session
    assert m.stacks() == {"a": 44, "b": 44}


# -- through typer's CliRunner -----------------------------------------------------------------


runner = CliRunner()


def invoke(db: Path, line: str, **kwargs: Any) -> Any:
    return runner.invoke(app, ["--db", str(db), *shlex.split(line)], **kwargs)


def test_cli_runner_plays_a_hand(db: Path) -> None:
    lines = [
        "new hu --blinds 1/2 --cave 100 --chip-value 0.10",
        "seat alice",
        "seat bob --cave 60 --seat 4",
        "deal",
        "raise 6 --as alice",
        "call",
        "check --as bob",
        "bet 10",
        "raise 30 --as bob",
        "allin",
        "call --as bob",
    ]
    outputs = []
    for line in lines:
        result = invoke(db, line)
        assert (result.exit_code, result.exception, result.stderr) == (0, None, ""), line
        outputs.append(result.stdout)
    assert outputs[0] == (
        "session hu created and current: hold'em no-limit 1/2\n"
        "default cave 100 chips, a chip is worth 0.10 EUR\n"
    )
    assert outputs[2] == "bob sits in seat 4 with 60 chips\n"
    assert outputs[3] == (
        "hand 1: button alice | alice small blind 1, bob big blind 2\n"
        "alice to act: call to 2 | raise 4-100 | all-in 100 | fold\n"
    )
    # Heads-up the button acts first pre-flop and last after the flop.
    assert outputs[6] == "bob checks | pot 12\nalice to act: check | bet 2-94 | all-in 94 | fold\n"
    assert outputs[-1] == (
        "bob calls 24 (all-in)\n"
        "alice gets back 40 (uncalled)\n"
        "-- showdown -- pot 120\n"
        'showdown: give the result, e.g. `showdown "alice > bob"` or `win alice`\n'
    )
    result = invoke(db, 'showdown "bob > alice"')
    assert result.stdout.splitlines()[-1] == "hand 1 over | alice 40 (-60), bob 120 (+60)"
    result = invoke(db, "stacks --json")
    assert json.loads(result.stdout)["players"] == [
        entry("alice", 1, 40),
        entry("bob", 4, 120, bought=60, result=60),
    ]
    result = invoke(db, "undo")
    assert result.stdout.splitlines()[0] == "undone: the showdown bob > alice"
    result = invoke(db, "win alice bob")
    assert result.stdout.splitlines()[1:] == [
        "main pot: 120 to bob 60, alice 60",
        "hand 1 over | alice 100 (0), bob 60 (0)",
    ]


def test_cli_runner_with_marquoir_db(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MARQUOIR_DB", str(db))
    for line in ("new e --blinds 1/2", "seat a --cave 10", "seat b --cave 20", "sitout b"):
        assert runner.invoke(app, shlex.split(line)).exit_code == 0
    result = runner.invoke(app, ["stacks"])
    last = result.stdout.splitlines()[-1]
    assert last == "2     b       20     20      0        0    0       sitting out"
    result = runner.invoke(app, ["sessions", "--json"])
    assert [s["session"] for s in json.loads(result.stdout)["sessions"]] == ["e"]
    result = runner.invoke(app, ["play"], input="back b\ndeal\nfold\n")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[-1] == "hand 1 over | a 9 (-1), b 21 (+1)"
    with Ledger(db) as book:
        assert [e.kind for e in book.events(book.current())] == [
            "seat",
            "seat",
            "sitout",
            "back",
            "deal",
            "action",
        ]


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (
            "new s --blinds 1-2",
            "Invalid value for '--blinds': write it as SMALL/BIG in whole chips",
        ),
        ("new s --blinds 1/2 --ante 1.5", "Invalid value for '--ante'"),
        ("bet 1.5", "Invalid value for 'N'"),
        ("seat", "Missing argument 'PLAYER'."),
        ("frobnicate", "No such command 'frobnicate'."),
    ],
)
def test_cli_runner_usage_errors(db: Path, line: str, message: str) -> None:
    invoke(db, "new base --blinds 1/2 --cave 100")
    before = recorded(db)
    result = invoke(db, line)
    assert result.exit_code == 2
    assert result.stdout == ""
    errors = [x for x in result.stderr.splitlines() if x.startswith("Error: ")]
    assert len(errors) == 1
    assert message in errors[0]
    assert "Traceback" not in result.output
    assert recorded(db) == before


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("new s --blinds 2/1", "the small blind (2) is larger than the big blind (1)"),
        (
            "new base --blinds 1/2",
            "a session named base already exists: `marquoir use base` makes it current, "
            "or choose another name",
        ),
        ("seat alice", "alice is already seated (seat 1)"),
        ("seat zed --seat 11", "seats are numbered 1 to 10 (got 11)"),
        ("recave zed", "unknown player: zed (at the table: alice)"),
        ("deal", "a hand needs at least two players with chips who are not sitting out"),
        ("call", "no hand in play: deal first"),
        ("sitout zed", "unknown player: zed (at the table: alice)"),
        ("use nope", "no session named nope"),
    ],
)
def test_cli_runner_rule_refusals(db: Path, line: str, message: str) -> None:
    """Through the typer app too, a refusal is one `Error:` line, exit 1, nothing recorded."""
    invoke(db, "new base --blinds 1/2 --cave 100")
    invoke(db, "seat alice")
    before = recorded(db)
    result = invoke(db, line)
    assert (result.exit_code, result.stdout, result.stderr) == (1, "", f"Error: {message}\n")
    assert recorded(db) == before


# -- input that once gave a traceback or was wrongly accepted ------------------------------


def test_an_amount_in_superscript_digits_is_a_usage_error(club: Marquoir) -> None:
    club("deal")
    assert club.refused("raise ²", 2) == (
        "Invalid value for 'N': an amount is a whole number of chips (got '²')"
    )
    assert club.refused("raise ٤", 2) == (
        "Invalid value for 'N': an amount is a whole number of chips (got '٤')"
    )


def test_blinds_in_superscript_digits_are_a_usage_error(m: Marquoir) -> None:
    assert m.refused("new s --blinds ²/4", 2) == (
        "Invalid value for '--blinds': write it as SMALL/BIG in whole chips, e.g. 1/2 (got '²/4')"
    )


def test_play_a_file_that_is_not_utf8(m: Marquoir, tmp_path: Path) -> None:
    script = tmp_path / "latin1.txt"
    script.write_bytes("new s --blinds 1/2 --cave 100\nseat andré\n".encode("latin-1"))
    assert m.refused(f"play {script}") == f"cannot read {script}: not UTF-8 text (byte 40)"


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (
            "--cave-min 500 --cave-max 100",
            "the minimum cave (500) is larger than the maximum (100)",
        ),
        ("--cave 0", "the default cave must be at least 1 chip (got 0)"),
        ("--cave 50 --cave-min 100", "the default cave (50) is below the minimum cave (100)"),
        ("--cave 500 --cave-max 100", "the default cave (500) is above the maximum cave (100)"),
    ],
)
def test_new_refuses_contradictory_cave_limits(m: Marquoir, options: str, message: str) -> None:
    assert m.refused(f"new s --blinds 1/2 {options}") == message


def test_win_takes_player_names_not_a_ranking(club: Marquoir) -> None:
    club.script("deal\ncall\ncall\ncheck")  # three players: alice, bob, carol (big blind)
    for _ in range(9):
        club("check")
    assert club.refused("win a=b", 2) == "'a=b' is not a player name: one word, without '>' or '='"
    assert club.refused("win", 2) == "Missing argument 'PLAYER...'."


def test_as_with_an_empty_name_is_a_usage_error(club: Marquoir) -> None:
    club("deal")
    assert club.refused("check --as=", 2) == "--as needs the name of the player to act"


def test_a_session_name_is_checked_as_a_session_name(m: Marquoir) -> None:
    assert m.refused("new a>b --blinds 1/2", 2) == (
        "'a>b' is not a valid session name: one word, without '>' or '='"
    )
