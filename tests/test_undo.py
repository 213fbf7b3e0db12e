"""Undo never crashes, and takes back every kind of event the log stores.

The oracle of each case is the table itself before the command: after the command and as
many undos as the events it recorded, `status --json`, `stacks --json` and `status` print
exactly what they printed before.
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import shlex
import shutil
import sqlite3
from pathlib import Path
from typing import NamedTuple

import pytest

from marquoir.cli import main, render
from marquoir.domain.actions import ActionKind
from marquoir.storage import codec

from .installed import NOT_INSTALLED, Marquoir

# Bouillotte, three players: everybody passes, so the dealer's passe waits in the middle.
VOID_DEAL = """
new salon --game bouillotte --cave 20
seat ann
seat ben
seat cid
deal
check
check
check
"""


@NOT_INSTALLED
def test_undo_of_a_carried_over_split_from_the_installed_command(installed: Marquoir) -> None:
    cli = installed
    cli.play(VOID_DEAL)
    before = cli.stacks_json()
    assert before["carry"] == 1  # ann dealt and put in the passe
    # The passe goes back to a player first, then the three leave: one event, one undo.
    assert cli("leave", "--all") == "ann leaves with 19, ben leaves with 21, cid leaves with 20\n"
    done = cli.run("undo")
    assert (done.returncode, done.stderr) == (0, ""), done.stderr
    # ann dealt: the first seat left of the dealer, ben, gets the one chip back
    assert done.stdout.splitlines()[0] == (
        "undone: the chips of a void deal shared out: ben 1 first, then everyone leaving: "
        "ann with 19, ben with 21, cid with 20"
    )
    assert cli.stacks_json() == before


# -- every kind of event ---------------------------------------------------------------------

CLUB = """
new club --blinds 1/2 --cave 100
seat alice
seat bob
seat carol
"""
FLOP = CLUB + "deal\ncall\ncall\ncheck\n"  # three players see the flop, alice to act
RIVER_DONE = FLOP + "check\ncheck\ncheck\n" * 3  # the betting is over: the showdown waits
JACKPOTS = """
new jp --game draw --open jacks --ante 1 --cave 50
seat a
seat b
seat c
deal
"""
STUD = """
new st --game stud --betting fl --limits 4/8 --bring-in 1 --ante 1 --cave 100
seat a
seat b
seat c
deal
"""
TOURNEY = """
new cup --tournament --buy-in 20 --stack 1000 --levels 10/20,20/40,40/80:bb --late-until 2
seat a
seat b
seat c
"""
REBUY_BUST = (
    "\nnew rb --tournament --buy-in 20 --stack 100 --levels 5/10,10/20 --rebuys 1"
    " --rebuy-until 2 --add-on 100 --add-on-price 20 --reentries 1 --late-until 2"
    + """
seat a
seat b
seat c
deal
allin
call
call
showdown "a > b > c"
"""
)
ROOM = """
new club --tournament --buy-in 10 --stack 1000 --levels 10/20,20/40 --tables 3 --seats 3 --seed 5
seat a
seat b
seat c
seat d
seat e
seat f
seat g
"""
BOUILLOTTE = """
new salon --game bouillotte --cave 20
seat a
seat b
seat c
seat d
deal
"""

# (case, the script before, the command undone): every event kind and every action.
CASES = [
    ("seat", CLUB, "seat dave"),
    ("seat with seat and cave", CLUB, "seat dave --seat 7 --cave 40"),
    ("recave", CLUB, "recave alice 50"),
    ("fine", CLUB, "fine alice"),
    ("fine of 3", CLUB, "fine bob 3"),
    ("leave", CLUB, "leave bob"),
    ("button", CLUB, "button carol"),
    ("sitout", CLUB, "sitout carol"),
    ("back", CLUB + "sitout carol\n", "back carol"),
    ("blinds", CLUB, "blinds 2/4"),
    ("blinds with an ante", RIVER_DONE + "win alice\n", "blinds 2/4 --ante 1 --bb-ante"),
    ("deal", CLUB, "deal"),
    ("deal after a hand", RIVER_DONE + "win alice\n", "deal"),
    ("call", CLUB + "deal\n", "call"),
    ("call with --as", CLUB + "deal\n", "call --as alice"),
    ("raise", CLUB + "deal\n", "raise 6"),
    ("fold", CLUB + "deal\n", "fold"),
    ("allin", CLUB + "deal\n", "allin"),
    ("check that ends the round", FLOP + "check\ncheck\n", "check"),
    ("bet", FLOP, "bet 4 --as bob"),
    ("fold that ends the hand", FLOP + "bet 4\nfold\n", "fold"),
    ("call that runs the board out", CLUB + "deal\nallin\nfold\n", "call"),
    ("showdown", RIVER_DONE, "showdown 'bob > alice = carol'"),
    ("showdown with the odd chip", RIVER_DONE, "showdown 'alice = carol > bob' --odd-chip carol"),
    (
        "showdown with cards",
        RIVER_DONE,
        "showdown --board 'Ah Kd 7c 2s 9h' alice='As Ks' bob='Qh Qd' carol='Ac Kc'",
    ),
    ("win", RIVER_DONE, "win bob"),
    ("win, a tie", RIVER_DONE, "win bob carol"),
    ("count --record", CLUB, "count alice=90 bob=100 --record"),
    ("count --record, two corrections", CLUB, "count alice=90 bob=110 --record"),
    ("open a jackpot", JACKPOTS, "open 4"),
    ("false opener", JACKPOTS + "open 4\ncall\ncall\n", "false-open b"),
    ("false opener who owns up", JACKPOTS + "open 4\n", "false-open b"),
    ("pot à la clef", JACKPOTS + "check\ncheck\ncheck\n", "clef"),
    ("deal of the pot à la clef", JACKPOTS + "check\ncheck\ncheck\nclef\n", "deal"),
    ("bring-in", STUD, "bringin c"),
    ("bring-in completed", STUD, "bringin c --complete"),
    ("first on fourth street", STUD + "bringin c\ncall\ncall\n", "first b"),
    ("Bouillotte open", BOUILLOTTE, "open 2"),
    ("Bouillotte void deal", BOUILLOTTE + "check\ncheck\ncheck\n", "check"),
    ("Bouillotte deal after a void deal", BOUILLOTTE + "check\n" * 4, "deal"),
    ("Bouillotte abattre", BOUILLOTTE + "open 2\ncall\nfold\nfold\n", "abattre"),
    ("brelans", BOUILLOTTE + "open 2\ncall\nfold\nfold\nabattre\nwin b\n", "brelan b"),
    ("brelans of a misdeal", BOUILLOTTE + "undo\n", "brelan b --misdeal"),
    (
        "brelans with a carre",
        BOUILLOTTE + "open 2\ncall\ncall\nfold\nparole\nabattre\nwin b\n",
        "brelan b --carre c",
    ),
    ("leave --all", CLUB, "leave --all"),
    ("leave --all after a void deal", VOID_DEAL, "leave --all"),
    ("a return", CLUB + "leave bob\n", "seat bob"),
    ("settle", CLUB + "leave --all\n", "settle"),
    ("reopen", CLUB + "leave --all\nsettle\n", "reopen"),
    ("tournament entry", TOURNEY, "seat d"),
    ("seat drawn at one of several tables", ROOM, "seat h"),
    ("bust without the hand", ROOM, "out a --by b"),
    ("bust that breaks a table", ROOM + "out a\n", "out b"),
    ("move to another table", ROOM, "move a 3:2"),
    ("deal at one table", ROOM, "deal --table 1"),
    ("rebuy", REBUY_BUST, "rebuy c"),
    ("rebuy of the other bust", REBUY_BUST, "rebuy b"),
    ("re-entry", REBUY_BUST, "reenter c"),
    ("add-on", REBUY_BUST + "level 2\n", "addon a"),
    ("pause", TOURNEY, "pause"),
    ("resume", TOURNEY + "pause\n", "resume"),
    ("deal by ICM", TOURNEY + "deal\nallin\nfold\nfold\n", "chop --icm"),
    ("deal with money kept", TOURNEY + "deal\nallin\nfold\nfold\n", "chop --chips --keep 10"),
    ("custom deal", TOURNEY + "deal\nallin\nfold\nfold\n", "chop --custom a=20 b=20 c=20"),
    (
        "chip race",
        TOURNEY.replace("--late-until 2", "--chips 5,25,100") + "deal\nfold\nfold\n",
        "race 5 a=1 b=3 c=2 --draw c,b,a",
    ),
    ("level", TOURNEY, "level next"),
    ("level after a hand", TOURNEY + "deal\nfold\nfold\nlevel 3\n", "level prev"),
]


class Books:
    """`marquoir --db DB ...` through `main`, in process, its output captured."""

    def __init__(self, db: Path) -> None:
        self.db = db

    def run(self, line: str) -> tuple[int, str, str]:
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(["--db", str(self.db), *shlex.split(line)])
        return code, out.getvalue(), err.getvalue()

    def __call__(self, line: str) -> str:
        code, out, err = self.run(line)
        assert (code, err) == (0, ""), (line, err)
        return out

    def state(self) -> tuple[str, str, str]:
        """What the table shows: status (JSON and text) and stacks."""
        return self("status --json"), self("stacks --json"), self("status")

    def events(self) -> list[tuple[str, str]]:
        """The (kind, data) of the events not undone, in order."""
        conn = sqlite3.connect(self.db)
        try:
            rows = conn.execute("SELECT kind, data FROM events WHERE undone = 0 ORDER BY id")
            return [(str(kind), str(data)) for kind, data in rows]
        finally:
            conn.close()


class Undone(NamedTuple):
    """One case played: the state before, after the undos, and what was recorded."""

    before: tuple[str, str, str]
    after: tuple[str, str, str]
    log_before: list[tuple[str, str]]
    log_after: list[tuple[str, str]]
    recorded: list[tuple[str, str]]
    undo_lines: list[tuple[int, str, str]]


class Cases:
    """Each case played once (in a temporary folder), whichever test asks first."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.templates: dict[str, Path] = {}
        self.done: dict[str, Undone] = {}

    def template(self, script: str) -> Path:
        if script not in self.templates:
            path = self.folder / f"template{len(self.templates)}.db"
            books = Books(path)
            for line in script.strip().splitlines():
                books(line)
            self.templates[script] = path
        return self.templates[script]

    def play(self, name: str, script: str, line: str) -> Undone:
        if name not in self.done:
            books = Books(self.folder / f"case{len(self.done)}.db")
            shutil.copyfile(self.template(script), books.db)
            before, log = books.state(), books.events()
            books(line)
            recorded = books.events()[len(log) :]
            undos = [books.run("undo") for _ in recorded]
            self.done[name] = Undone(before, books.state(), log, books.events(), recorded, undos)
        return self.done[name]


@pytest.fixture(scope="module")
def cases(tmp_path_factory: pytest.TempPathFactory) -> Cases:
    return Cases(tmp_path_factory.mktemp("undo"))


@pytest.mark.parametrize(("name", "script", "line"), CASES, ids=[c[0] for c in CASES])
def test_undo_takes_back_the_command(cases: Cases, name: str, script: str, line: str) -> None:
    played = cases.play(name, script, line)
    assert played.recorded, f"{line!r} recorded nothing"
    for code, out, err in played.undo_lines:
        assert (code, err) == (0, ""), err
        assert out.startswith("undone: ")
    assert played.after == played.before
    assert played.log_after == played.log_before


def test_the_cases_cover_every_kind_of_event(cases: Cases) -> None:
    """Every kind the codec stores, and every action, is recorded and undone above."""
    seen: set[str] = set()
    for name, script, line in CASES:
        for kind, data in cases.play(name, script, line).recorded:
            seen.add(kind)
            if kind == "action":
                seen.add("action:" + json.loads(data)[0])  # [action, player, ...]
    recorded_today = set(codec.KINDS.values()) - codec.LEGACY_KINDS
    expected = recorded_today | {f"action:{kind.value}" for kind in ActionKind}
    assert expected - seen == set()


def test_every_kind_of_event_has_its_words() -> None:
    """`undo` names what it took back: a kind without words would fall back to its name."""
    assert set(render.EVENT_WORDS) == set(codec.KINDS.values())
    assert render.describe_stored("from-the-future", {}) == "a from-the-future event"


# -- whole evenings undone, event by event ---------------------------------------------------

# The moves tried at random, for four players p1..p4 (`{p}` a random one of them): mostly the
# hand's, now and then one between hands.
MOVES = [
    *["call"] * 12,
    *["check"] * 12,
    *["fold"] * 3,
    "allin",
    *["raise 6", "bet 4", "open 2", "open 4"] * 2,
    *["deal"] * 6,
    *["win {p}"] * 3,
    "win {p} {p}",
    *["showdown '{p} > {p} = {p}'"] * 2,
    "brelan {p}",
    "brelan {p} {p} --carre {p}",
    *["bringin {p}", "bringin {p} --complete", "first {p}", "first {p}"] * 2,
    "false-open {p}",
    "recave {p} 10",
    "sitout {p}",
    *["back {p}"] * 2,
    "button {p}",
    "count {p}=30 --record",
]
GAMES = {
    "holdem": "new g --blinds 1/2 --cave 40",
    "bouillotte": "new g --game bouillotte --cave 20",
    "jackpots": "new g --game draw --open jacks --ante 1 --cave 30",
    "stud": "new g --game stud --betting fl --limits 2/4 --bring-in 1 --ante 1 --cave 40",
}


@pytest.mark.parametrize("game", GAMES)
def test_an_evening_undone_event_by_event_goes_back_through_every_state(
    game: str, tmp_path: Path
) -> None:
    """Random moves (the refused ones left out), then undo after undo: each undo of a
    command's events gives back the state the table had before that command, to the seats."""
    rng = random.Random(f"undo {game}")
    books = Books(tmp_path / "marquoir.db")
    books(GAMES[game])
    for seat in range(1, 5):
        books(f"seat p{seat}")
    history: list[tuple[str, tuple[str, str, str], int]] = []
    state, count = books.state(), len(books.events())
    while len(history) < 60:
        line = rng.choice(MOVES).replace("{p}", "{}")
        line = line.format(*(f"p{rng.randint(1, 4)}" for _ in range(line.count("{}"))))
        if books.run(line)[0] == 0:  # (a refused command records nothing: other tests)
            recorded = len(books.events()) - count
            history.append((line, state, recorded))
            state, count = books.state(), count + recorded
    for line, before, recorded in reversed(history):
        for _ in range(recorded):
            code, out, err = books.run("undo")
            assert (code, err) == (0, ""), (line, err)
            assert out.startswith("undone: ")
        assert books.state() == before, line
