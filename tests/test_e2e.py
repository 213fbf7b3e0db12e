"""End to end: the installed `marquoir` in a subprocess, through whole sessions.

Each test points MARQUOIR_DB at a file in tmp_path and checks the exact stacks
(`stacks --json`) after every hand, and that the chips are conserved. Subprocesses cost
50-300 ms each: the file keeps to about eighty of them.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest

from .installed import MARQUOIR, NOT_INSTALLED, Marquoir

pytestmark = NOT_INSTALLED


@pytest.fixture
def cli(installed: Marquoir) -> Marquoir:
    """This file is about the installed command: each command is a process of its own."""
    return installed


EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "evening.txt"


def player(name: str, seat: int, stack: int, bought: int, **more: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "name": name,
        "seat": seat,
        "stack": stack,
        "bought": bought,
        "recaves": 0,
        "cashed_out": 0,
        "result": stack - bought,
        "left": False,
        "sitting_out": False,
        "busted": stack == 0,
    }
    data.update(more)
    data["result"] = data["stack"] + data["cashed_out"] - data["bought"]
    return data


# -- the example evening ---------------------------------------------------------------------

EVENING_FINAL = {
    "version": 1,
    "session": "vendredi",
    "hand": 4,
    "in_hand": False,
    "carry": 0,
    "players": [
        player("alice", 1, 47, 200),
        player("bob", 2, 200, 500, recaves=2),
        player("carol", 3, 493, 200),
        player("dave", 4, 0, 100, cashed_out=260, left=True, busted=False),
    ],
}


def test_the_example_evening_from_its_file(cli: Marquoir) -> None:
    out = cli("play", str(EXAMPLE))
    lines = out.splitlines()
    for expected in (
        "hand 1 over | alice 243 (+43), bob 199 (-1), carol 194 (-6), dave 64 (-36)",
        "main pot: 256 to dave 256",
        "side pot 1: 390 to carol 390",
        "side pot 2: 10 to bob 10",
        "hand 2 over | alice 44 (-199), bob 10 (-189), carol 390 (+196), dave 256 (+192)",
        "main pot: 40 to dave 14, alice 13, bob 13",
        "hand 3 over | alice 47 (+3), bob 13 (+3), carol 380 (-10), dave 260 (+4)",
        "bob recaves 100: stack 113",
        "dave leaves with 260 chips (bought 100, result +160)",
        "hand 4: button alice | bob small blind 1, carol big blind 2",
        "hand 4 over | alice 47 (0), bob 0 (-113), carol 493 (+113)",
        "bob recaves 200: stack 200",
    ):
        assert expected in lines
    first = cli("stacks", "--json")
    assert json.loads(first) == EVENING_FINAL
    cli.stacks()  # conserved
    assert cli("stacks", "--json") == first  # the same file prints the same text
    status = json.loads(cli("status", "--json"))
    assert (status["hand"], status["in_hand"], status["to_act"]) == (4, False, None)


def evening_chunks() -> list[str]:
    """The example evening cut before each `deal` and after each showdown."""
    chunks: list[list[str]] = [[]]
    for line in EXAMPLE.read_text(encoding="utf-8").splitlines():
        verb = line.split("#")[0].split()[:1]
        if verb == ["deal"]:
            chunks.append([])
        chunks[-1].append(line)
        if verb in (["showdown"], ["win"]):
            chunks.append([])
    commands = [c for c in chunks if any(line.split("#")[0].strip() for line in c)]
    return ["\n".join(chunk) + "\n" for chunk in commands]


def test_the_example_evening_hand_by_hand_from_stdin(cli: Marquoir) -> None:
    chunks = evening_chunks()
    expected = [
        {"alice": 200, "bob": 200, "carol": 200, "dave": 100},
        {"alice": 243, "bob": 199, "carol": 194, "dave": 64},  # hand 1
        {"alice": 44, "bob": 10, "carol": 390, "dave": 256},  # hand 2
        {"alice": 47, "bob": 13, "carol": 380, "dave": 260},  # hand 3
        {"alice": 47, "bob": 113, "carol": 380, "dave": 0},  # bob recaves, dave leaves
        {"alice": 47, "bob": 0, "carol": 493, "dave": 0},  # hand 4: bob busted
        {"alice": 47, "bob": 200, "carol": 493, "dave": 0},  # bob's second recave
    ]
    assert len(chunks) == len(expected)
    for chunk, stacks in zip(chunks, expected, strict=True):
        cli.play(chunk)
        assert cli.stacks() == stacks
    assert {"version": 1, **cli.stacks_json()} == EVENING_FINAL


# -- heads-up, one command per process (the fast path) ---------------------------------------


def test_a_heads_up_session_command_by_command(cli: Marquoir) -> None:
    cli("new", "hu", "--blinds", "5/10", "--cave", "500")
    assert cli("seat", "ann") == "ann sits in seat 1 with 500 chips\n"
    assert cli("seat", "ben", "--cave", "300") == "ben sits in seat 2 with 300 chips\n"

    # Hand 1: the button (ann) posts the small blind and acts first pre-flop.
    assert cli("deal") == (
        "hand 1: button ann | ann small blind 5, ben big blind 10\n"
        "ann to act: call to 10 | raise 20-500 | all-in 500 | fold\n"
    )
    cli("raise", "30", "--as", "ann")
    assert cli("call") == (
        "ben calls 20\n"
        "-- flop -- pot 60\n"
        "ben to act: check | bet 10-270 | all-in 270 | fold\n"  # ben first after the flop
    )
    cli("check", "--as", "ben")
    cli("bet", "40")
    assert cli("fold") == (
        "ben folds\n"
        "ann gets back 40 (uncalled)\n"
        "ann takes 60 (no showdown)\n"
        "hand 1 over | ann 530 (+30), ben 270 (-30)\n"
    )
    assert cli.stacks() == {"ann": 530, "ben": 270}

    # Hand 2: the button moves to ben; checked down, ben wins at showdown.
    assert cli("deal").startswith("hand 2: button ben | ben small blind 5, ann big blind 10\n")
    for words in (["call"], ["check"], ["check"], ["check"], ["bet", "20"], ["call"]):
        cli(*words)
    cli("check", "--as", "ann")
    cli("check", "--as", "ben")
    assert cli("showdown", "ben > ann").splitlines()[1:] == [
        "main pot: 60 to ben 60",
        "hand 2 over | ann 500 (-30), ben 300 (+30)",
    ]
    assert cli.stacks() == {"ann": 500, "ben": 300}

    # Hand 3: all-in and call; a tie, undone, then ben wins.
    cli("deal")
    cli("allin")
    assert cli("allin") == (
        "ben calls 290 (all-in)\n"
        "ann gets back 200 (uncalled)\n"
        "-- showdown -- pot 600\n"
        'showdown: give the result, e.g. `showdown "alice > bob"` or `win alice`\n'
    )
    assert cli("win", "ann", "ben").splitlines()[-1] == "hand 3 over | ann 500 (0), ben 300 (0)"
    assert cli.stacks() == {"ann": 500, "ben": 300}
    assert cli("undo").splitlines()[0] == "undone: the showdown ann = ben"
    # Pots not yet awarded: ben is all-in, ann has her 200 uncalled chips back behind her.
    assert cli.stacks() == {"ann": 200, "ben": 0}
    cli("win", "ben")
    assert cli.stacks() == {"ann": 200, "ben": 600}

    # Hand 4: ben raises, ann moves all-in, ben calls; ann doubles up.
    assert cli("deal").startswith("hand 4: button ben | ben small blind 5, ann big blind 10\n")
    cli("raise", "30")
    assert cli("allin", "--as", "ann").splitlines()[0] == "ann raises to 200 (all-in) | pot 230"
    refused = cli.run("call", "--as", "ann")
    assert (refused.returncode, refused.stdout) == (1, "")
    assert refused.stderr == "Error: it is ben's turn, not ann's\n"
    cli("call")
    cli("showdown", "ann > ben")
    assert cli.stacks_json() == {
        "session": "hu",
        "hand": 4,
        "in_hand": False,
        "carry": 0,
        "players": [player("ann", 1, 400, 500), player("ben", 2, 400, 300)],
    }


# -- antes ------------------------------------------------------------------------------------


def test_a_session_with_antes(cli: Marquoir) -> None:
    cli.play("new an --blinds 1/2 --ante 1 --cave 100\nseat a\nseat b\nseat c --cave 20\n")
    # Hand 1: antes b, c, a; blinds b and c. c moves all-in to 19, a calls: 42 in the pot,
    # the antes in it, c and a eligible.
    out = cli.play("deal\nraise 6\nfold\nallin\ncall\n")
    assert out.splitlines()[0] == (
        "hand 1: button a | b ante 1, c ante 1, a ante 1, b small blind 1, c big blind 2"
    )
    assert "-- showdown -- pot 42" in out
    cli.play('showdown "c > a"')
    assert cli.stacks() == {"a": 80, "b": 98, "c": 42}
    # Hand 2: 9 in the pot pre-flop, c bets 10 on the turn, a folds, b calls; b and c split
    # 29: c is first left of the button and takes the odd chip.
    out = cli.play(
        "deal\ncall\ncall\ncheck\ncheck\ncheck\ncheck\nbet 10\nfold\ncall\ncheck\ncheck\nwin b c\n"
    )
    assert "main pot: 29 to c 15, b 14" in out.splitlines()
    assert cli.stacks() == {"a": 77, "b": 99, "c": 44}


def test_a_session_with_a_big_blind_ante(cli: Marquoir) -> None:
    cli.play(
        "new bba --blinds 5/10 --ante 10 --bb-ante --cave 100\nseat a\nseat b --cave 15\nseat c\n"
    )
    # Hand 1: c pays the ante for the table and the big blind; all fold to him. The ante is
    # dead money: only c's 5 above the small blind comes back.
    out = cli.play("deal\nfold\nfold\n")
    assert out.splitlines()[0] == (
        "hand 1: button a | c big-blind ante 10, b small blind 5, c big blind 10"
    )
    assert "c takes 20 (no showdown)" in out.splitlines()
    assert cli.stacks() == {"a": 100, "b": 10, "c": 105}
    # Hand 2: a is the big blind and pays the ante; b is all-in for 10, a and c check it down.
    out = cli.play(
        "deal\nallin\ncall\ncheck\ncheck\ncheck\ncheck\ncheck\ncheck\ncheck\nshowdown 'b > c > a'\n"
    )
    assert out.splitlines()[0] == (
        "hand 2: button b | a big-blind ante 10, c small blind 5, a big blind 10"
    )
    assert "main pot: 40 to b 40" in out.splitlines()
    assert cli.stacks() == {"a": 80, "b": 40, "c": 95}


# -- fixed-limit and pot-limit ----------------------------------------------------------------


def test_a_fixed_limit_session(cli: Marquoir) -> None:
    cli.play("new fl --betting fl --blinds 1/2 --cave 100\nseat a\nseat b\nseat c\n")
    # Hand 1: capped pre-flop at 8 (the big blind and three raises), 2-chip bets on the flop,
    # 4-chip bets on the turn and river: each puts in 24, a wins 72.
    out = cli.play(
        """
        deal
        raise 4
        raise 6
        raise 8
        call
        call
        check
        bet 2
        raise 4
        call
        call
        bet 4
        call
        call
        bet 4
        raise 8
        call
        call
        showdown "a > b > c"
        """
    )
    assert "a to act: call to 8 | fold" in out.splitlines()  # the cap
    assert cli.stacks() == {"a": 148, "b": 76, "c": 76}
    refused = cli.run("play", stdin="deal\nraise 4\nfold\ncall\ncheck\nbet 4\n")
    assert refused.returncode == 1
    assert refused.stderr == "Error: line 6: the fixed-limit maximum is a bet to 2\n"
    # Hand 2 goes on from there: a checked the flop; b bets 2 and a calls, the turn is
    # checked, a bets the big bet on the river and b folds.
    cli.play("bet 2\ncall\ncheck\ncheck\nbet 4\nfold\n")
    assert cli.stacks() == {"a": 155, "b": 70, "c": 75}


def test_a_pot_limit_session(cli: Marquoir) -> None:
    cli.play("new pl --betting pl --blinds 1/2 --cave 100\nseat a\nseat b\nseat c\n")
    refused = cli.run("play", stdin="deal\nraise 8\n")
    assert (refused.returncode, refused.stderr) == (
        1,
        "Error: line 2: the pot-limit maximum is a raise to 7\n",
    )
    # Hand 1 (dealt above): a raises the pot (7), both call; b bets the pot (21), c folds,
    # a raises to 80, b moves all-in to 93 and a calls his last 13.
    out = cli.play("raise 7\ncall\ncall\nbet 21\nfold\nraise 80\nallin\ncall\nwin b\n")
    assert "b to act: call to 80 | all-in 93 | fold" in out.splitlines()
    assert cli.stacks() == {"a": 0, "b": 207, "c": 93}
    # Hand 2: a, busted, recaves; the button goes to b. b raises the pot (7), c calls, a
    # re-raises the pot (28), b calls, c folds; a bets the pot (63) on the flop, b calls.
    out = cli.play(
        "recave a 100\ndeal\nraise 7\ncall\nraise 28\ncall\nfold\nbet 63\ncall\n"
        "check\ncheck\ncheck\ncheck\n"
    )
    assert "a to act: call to 7 | raise 12-28 | fold" in out.splitlines()
    assert "a to act: check | bet 2-63 | fold" in out.splitlines()
    cli.play('showdown "a > b"')
    assert cli.stacks_json()["players"] == [
        player("a", 1, 198, 200, recaves=1),
        player("b", 2, 116, 100),
        player("c", 3, 86, 100),
    ]


# -- play: stdin, files, errors ---------------------------------------------------------------


def test_play_stops_at_the_first_error_and_keeps_the_lines_before(
    cli: Marquoir, tmp_path: Path
) -> None:
    script = tmp_path / "night.txt"
    script.write_text(
        "# a short night\n"
        "new night --blinds 1/2 --cave 50\n"
        "seat a\n"
        "seat b\n"
        "\n"
        "deal\n"
        "call    # a completes\n"
        "check   # b\n"
        "bet 1   # too small: the minimum bet is the big blind\n"
        "bet 2\n",
        encoding="utf-8",
    )
    done = cli.run("play", str(script))
    assert done.returncode == 1
    assert done.stderr == "Error: line 9: the minimum bet is 2\n"
    assert done.stdout.splitlines()[-1] == "b to act: check | bet 2-48 | all-in 48 | fold"
    status = json.loads(cli("status", "--json"))
    assert (status["street"], status["to_act"]) == ("flop", "b")
    assert cli.stacks() == {"a": 48, "b": 48}
    # A line that does not parse stops it the same way.
    done = cli.run("play", "-", stdin="bet 2\ncall\nraise 1.5\ncheck\n")
    assert done.returncode == 1
    assert done.stderr == (
        "Error: line 3: Invalid value for 'N': an amount is a whole number of chips (got '1.5')\n"
    )
    assert json.loads(cli("status", "--json"))["street"] == "turn"


def test_refused_commands_in_a_real_process(cli: Marquoir) -> None:
    done = cli.run("deal")
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == "Error: no session yet: start one with `marquoir new NAME --blinds 1/2`\n"
    cli.play("new r --blinds 1/2 --cave 50\nseat a\nseat b\ndeal\n")
    before = cli("stacks", "--json")
    for args, code, message in [
        (["check"], 1, "a cannot check: 1 to call"),
        (["bet", "x"], 2, "Invalid value for 'N': an amount is a whole number of chips (got 'x')"),
        (["frobnicate"], 2, "No such command 'frobnicate'."),
        (["recave", "a", "10"], 1, "cannot recave during a hand: hand 1 is in play (a to act)"),
    ]:
        done = cli.run(*args)
        assert (done.returncode, done.stdout, done.stderr) == (code, "", f"Error: {message}\n")
    assert cli("stacks", "--json") == before


def test_a_superscript_amount_is_a_usage_error_not_a_traceback(cli: Marquoir) -> None:
    done = cli.run("play", stdin="new r --blinds 1/2 --cave 50\nseat a\nseat b\ndeal\nbet ²\n")
    assert (done.returncode, done.stderr.splitlines()[-1]) == (
        1,
        "Error: line 5: Invalid value for 'N': an amount is a whole number of chips (got '²')",
    )
    assert "Traceback" not in done.stderr


def test_the_example_evening_closes_from_the_first_cave_to_the_report(tmp_path: Path) -> None:
    """examples/evening.txt then examples/closing.txt, through the installed command."""
    assert MARQUOIR is not None
    env = dict(os.environ, MARQUOIR_DB=str(tmp_path / "e.db"))
    for script in ("evening.txt", "closing.txt"):
        done = subprocess.run(
            [MARQUOIR, "play", str(EXAMPLE.with_name(script))],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
        )
        assert (done.returncode, done.stderr) == (0, "")
    assert "3 transfers:\n  bob pays carol 29.30 EUR\n" in done.stdout
    page = (tmp_path / "vendredi.html").read_text(encoding="utf-8")
    assert "<svg" in page and "http" not in page
    rows = (tmp_path / "vendredi-pokernow.csv").read_text(encoding="utf-8").splitlines()
    assert rows[0] == (
        "player_nickname,player_id,session_start_at,session_end_at,buy_in,buy_out,stack,net"
    )
    assert [row.split(",")[-1] for row in rows[1:]] == ["-1530", "-3000", "2930", "1600"]


def test_every_report_format_from_the_installed_command(tmp_path: Path) -> None:
    import csv
    import io

    cli = Marquoir(tmp_path)
    cli("play", str(EXAMPLE))
    cli("leave", "--all")
    rows = list(csv.DictReader(io.StringIO(cli("export", "csv", "-o", "-"))))
    assert [(r["player"], int(r["net_chips"])) for r in rows] == [
        ("alice", -153),
        ("bob", -300),
        ("carol", 293),
        ("dave", 160),
    ]
    assert sum(int(r["net_chips"]) for r in rows) == 0
    assert not Path("-").exists()  # `-o -` is standard output, not a file named -
    report_csv = cli("report", "--format", "csv")
    assert report_csv.startswith("vendredi\n") and "\nStacks after each hand\n" in report_csv
    data = json.loads(cli("report", "--format", "json"))
    from decimal import Decimal

    assert sum(Decimal(p["net_money"]) for p in data["players"]) == 0
    assert [(t["payer"], t["payee"], t["amount"]) for t in data["settlement"]["transfers"]] == [
        ("bob", "carol", "29.30"),
        ("alice", "dave", "15.30"),
        ("bob", "dave", "0.70"),
    ]
    assert len(data["hands"]) == 4
    text = cli("report")
    assert "bob pays carol 29.30 EUR" in text and "Stacks after each hand" in text
    markdown = cli("report", "--format", "md")
    assert markdown.startswith("# Marquoir report: vendredi")
    assert "| alice" in markdown
    assert cli("report", "--format", "html", "-o", str(tmp_path / "r.html")) == (
        f"written to {tmp_path / 'r.html'}\n"
    )
    page = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert page.count("<svg") == 1 and "Stacks after each hand" in page
    hands = list(csv.DictReader(io.StringIO(cli("export", "csv", "--what", "hands"))))
    assert {int(r["hand"]) for r in hands} == {1, 2, 3, 4}
    assert sum(int(r["net"]) for r in hands) == 0


# -- the in-process runner of the other test files -----------------------------------------

# Lines of every kind: the fast path, typer's commands, a refusal (exit 1), usage errors
# (exit 2), help, JSON, a CSV with a byte-order mark and CRLF line ends on standard output, a
# `play` script from standard input that stops at its error.
PARITY_LINES: list[tuple[list[str], str | None]] = [
    (["new", "club", "--blinds", "1/2", "--cave", "100", "--chip-value", "0.10"], None),
    (["seat", "ann"], None),
    (["seat", "bob"], None),
    (["seat", "cid"], None),
    (["deal"], None),
    (["raise", "1"], None),
    (["raise", "6"], None),
    (["call", "--bogus"], None),
    (["bet", "x"], None),
    (["status", "--json"], None),
    (["play"], "call\ncall\ncheck\nbet 200\n"),
    (["stacks"], None),
    (["undo"], None),
    (["export", "csv", "--excel", "-o", "-"], None),
    (["report", "--format", "md"], None),
    (["stacks", "--json"], None),
    (["nosuchcommand"], None),
    (["raise", "--help"], None),
    ([], None),
]


def test_the_in_process_runner_answers_as_the_installed_command(tmp_path: Path) -> None:
    """The `cli` fixture of the other files runs `main` in the test's process: line for line
    it gives the exit code, standard output and standard error the installed command gives,
    on two files that start alike."""
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    installed = Marquoir(tmp_path / "a")
    here = Marquoir(tmp_path / "b", in_process=True)

    # (the two files are made a moment apart: their sessions' dates and times may differ by
    # a minute, or a day at midnight)
    def same_moment(text: str) -> str:
        return re.sub(r"\d{4}-\d{2}-\d{2}( \d{2}:\d{2})?", "<date>", text)

    for args, stdin in PARITY_LINES:
        theirs, ours = installed.run(*args, stdin=stdin), here.run(*args, stdin=stdin)
        mine = same_moment(ours.stdout.replace(str(here.db), str(installed.db)))
        mine_err = ours.stderr.replace(str(here.db), str(installed.db))
        assert (ours.returncode, mine, mine_err) == (
            theirs.returncode,
            same_moment(theirs.stdout),
            theirs.stderr,
        ), args
    codes = {installed.run(*args, stdin=stdin).returncode for args, stdin in PARITY_LINES[5:9]}
    assert codes == {0, 1, 2}  # the lines above do cover success, refusal and usage errors
