"""The hi-lo games and razz through the command line: `showdown ... --low ...` on the fast
path, through the typer app and in `play`, the cards deciding both halves, the log and the reports.

Amounts are worked out from the rules: a pot of 7 split high / low gives the high half 4
(it takes the odd chip, TDA 2024 rule 20) and the low half 3.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from marquoir.cli import grammar, main

from .installed import NOT_INSTALLED, Marquoir


class Run:
    def __init__(self, db: Path, capsys: pytest.CaptureFixture[str]) -> None:
        self.db, self.capsys = db, capsys

    def __call__(self, *args: str, code: int = 0) -> tuple[str, str]:
        self.capsys.readouterr()
        assert main(["--db", str(self.db), *args]) == code
        return self.capsys.readouterr()


# dave calls, alice calls, bob (small blind) folds, carol checks: a pot of 7; then 9 checks
TO_THE_SHOWDOWN = [["deal"], ["call"], ["call"], ["fold"], ["check"], *[["check"]] * 9]


@pytest.fixture
def run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Run:
    r = Run(tmp_path / "h.db", capsys)
    out, _ = r("new", "h", "--game", "omaha-hilo", "--blinds", "1/2", "--cave", "100")
    assert "Omaha hi-lo fixed-limit 1/2 limits 2/4" in out
    for player in ("alice", "bob", "carol", "dave"):
        r("seat", player)
    for line in TO_THE_SHOWDOWN:
        r(*line)
    return r


def stacks(run: Run) -> dict[str, int]:
    out, _ = run("stacks", "--json")
    return {p["name"]: p["stack"] for p in json.loads(out)["players"]}


SPLIT = [
    "showdown: alice > dave | low: carol > alice",
    "main pot: 7, high alice 4 | low carol 3",
    "hand 1 over | alice 102 (+2), bob 99 (-1), carol 101 (+1), dave 98 (-2)",
]


def test_fast_path_low_half(run: Run) -> None:
    out, err = run("showdown", "alice > dave", "--low", "carol > alice")
    assert err == "" and out.splitlines() == SPLIT


def test_other_spellings_give_the_same(run: Run) -> None:
    out, _ = run("showdown", "alice > dave", "--low=carol > alice")
    assert out.splitlines() == SPLIT
    run("undo")
    out, _ = run("showdown", "--low", "carol > alice", "alice > dave")
    assert out.splitlines() == SPLIT


def test_the_typer_app_reads_the_same(run: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    """The line as the typer app reads it (the fast path told to read nothing), as the
    grammar parity test forces it."""
    monkeypatch.setattr(grammar, "route", lambda args: None)
    out, _ = run("showdown", "alice > dave", "--low", "carol > alice")
    assert out.splitlines() == SPLIT
    run("undo")
    _, err = run("showdown", "alice", "--low", "", code=2)
    assert err.startswith("Error: cannot read the ranking")


def test_no_low_named_the_high_hand_scoops(run: Run) -> None:
    out, _ = run("showdown", "alice > dave")
    assert out.splitlines()[:2] == [
        "showdown: alice > dave | no qualifying low",
        "main pot: 7 to alice 7",
    ]


def test_the_log_keeps_the_low_half_and_undo_names_it(run: Run) -> None:
    run("showdown", "alice > dave", "--low", "carol > alice")
    assert stacks(run) == {"alice": 102, "bob": 99, "carol": 101, "dave": 98}
    out, _ = run("undo")
    assert out.splitlines()[0] == "undone: the showdown alice > dave | low carol > alice"
    # back to the showdown: the chips are in the pot again
    assert stacks(run) == {"alice": 98, "bob": 99, "carol": 98, "dave": 98}


def test_the_cards_decide_both_halves(run: Run) -> None:
    board = ["--board", "3c 4d 8h Kc Jd"]
    out, err = run("showdown", *board, "alice=Kh Ks Qh Qs", "carol=As 2s 6h 6s", "dave=Jc Js Tc Td")
    assert err == ""
    # alice: three kings; dave: three jacks; carol: a pair of sixes for the high, and the
    # only low, 8-4-3-2-A (two from her hand: A, 2; three from the board: 3, 4, 8)
    assert out.splitlines() == [
        "alice: brelan de rois (Kh Ks 8h Kc Jd)",
        "carol: paire de six (6h 6s 8h Kc Jd)",
        "dave: brelan de valets (Jc Js 8h Kc Jd)",
        "carol (low): bas 8-4-3-2-A (As 2s 3c 4d 8h)",
        "showdown: alice > dave > carol | low: carol",
        *SPLIT[1:],
    ]
    run("undo")
    # nobody with two cards of eight or less: no low, alice scoops
    out, _ = run("showdown", *board, "--english", "alice=Kh Ks Qh Qs", "carol=9s 9c 6h 6s")
    assert out.splitlines()[2:4] == [
        "showdown: alice > carol | no qualifying low",
        "main pot: 7 to alice 7",
    ]


def test_refusals(run: Run) -> None:
    _, err = run("showdown", "alice", "--low", "bob", code=1)
    assert err == "Error: bob folded and cannot win a pot\n"
    _, err = run("showdown", "alice", "--low", "carol >", code=2)
    assert err.startswith("Error: cannot read the ranking 'carol >'")
    _, err = run(
        "showdown", "--board", "3c 4d 8h Kc Jd", "alice=KhKsQhQs", "--low", "carol", code=2
    )
    assert err == "Error: with the cards shown, the cards decide the low half: drop --low\n"
    assert stacks(run)["alice"] == 98  # nothing recorded


def test_hold_em_has_no_low_half(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    r = Run(tmp_path / "x.db", capsys)
    r("new", "x", "--blinds", "1/2", "--cave", "100")
    r("seat", "alice")
    r("seat", "bob")
    for line in [["deal"], ["call"], *[["check"]] * 7]:
        r(*line)
    _, err = r("showdown", "alice", "--low", "bob", code=1)
    assert err == "Error: holdem is not a hi-lo game: the pot has no low half\n"


def test_report_shows_both_halves(run: Run, tmp_path: Path) -> None:
    run("showdown", "alice > dave", "--low", "carol > alice")
    out, _ = run("report")
    assert "high alice 4 / low carol 3" in out
    out, _ = run("report", "--format", "json")
    (pot,) = json.loads(out)["hands"][0]["pots"]
    assert pot["high"] == [{"player": "alice", "chips": 4}]
    assert pot["low"] == [{"player": "carol", "chips": 3}]
    # in order of play from the left of the button (alice)
    assert pot["shares"] == [{"player": "carol", "chips": 3}, {"player": "alice", "chips": 4}]


def test_razz_the_best_low_takes_the_whole_pot(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    r = Run(tmp_path / "r.db", capsys)
    out, _ = r("new", "r", "--game", "razz", "--limits", "4/8", "--bring-in", "1", "--ante", "1")
    assert "razz fixed-limit ante 1 bring-in 1 limits 4/8" in out
    for player in ("alice", "bob", "carol"):
        r("seat", player, "--cave", "100")
    out, _ = r("deal")
    # the scorekeeper names the bring-in (the highest up-card in razz) and who speaks first
    # (the lowest hand showing); the engine takes whoever he names
    assert out.splitlines()[-1] == (
        "who brings in? `bringin PLAYER` (the highest up-card), `--complete` to complete"
    )
    r("bringin", "carol")
    r("call")
    out, _ = r("call")
    assert out.splitlines()[-1] == (
        "who speaks first on fourth street? `first PLAYER` (the lowest hand showing)"
    )
    for line in (["first", "bob"], ["check"], ["check"], ["check"]):
        r(*line)
    for _ in range(3):
        r("first", "alice")
        for _ in range(3):
            r("check")
    out, _ = r(
        "showdown",
        "alice=As 2c 3d 4h 6s Kd Kc",
        "bob=7s 5c 4d 3h 2s Qd Qc",
        "carol=Ah 2d 3c 4s 6d Jd Jc",
    )
    assert out.splitlines()[-3:] == [
        "showdown: alice = carol > bob",
        "main pot: 6 to carol 3, alice 3",  # from the left of the button (alice)
        "hand 1 over | alice 101 (+1), bob 98 (-2), carol 101 (+1)",
    ]


@NOT_INSTALLED
def test_play_script_with_a_low_half(cli: Marquoir) -> None:
    script = "\n".join(
        [
            "new h --game omaha-hilo --blinds 1/2 --cave 100",
            "seat alice",
            "seat bob",
            "seat carol",
            "seat dave",
            *(" ".join(line) for line in TO_THE_SHOWDOWN),
            'showdown "alice > dave" --low "carol > alice"',
        ]
    )
    done = cli.run("play", stdin=script + "\n")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-3:] == SPLIT


@pytest.mark.parametrize(
    ("args", "title"),
    [
        (["--game", "omaha-hilo", "--blinds", "1/2"], "Omaha hi-lo fixed-limit 1/2 limits 2/4"),
        (
            ["--game", "omaha-hilo", "--blinds", "1/2", "--betting", "pl"],
            "Omaha hi-lo pot-limit 1/2",
        ),
        (
            ["--game", "stud-hilo", "--limits", "4/8", "--bring-in", "1", "--ante", "1"],
            "seven-card stud hi-lo fixed-limit ante 1 bring-in 1 limits 4/8",
        ),
    ],
)
def test_new_hi_lo_tables(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], title: str
) -> None:
    out, _ = Run(tmp_path / "n.db", capsys)("new", "n", *args)
    assert out.splitlines()[0] == f"session n created and current: {title}"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--game", "razz", "--limits", "4/8"], "stud needs a bring-in (--bring-in N)"),
        (
            ["--game", "stud-hilo", "--bring-in", "1"],
            "stud needs its limits (--limits SMALL/BIG)",
        ),
        (
            ["--game", "razz", "--betting", "pl", "--limits", "4/8", "--bring-in", "1"],
            "stud is played fixed-limit here (--betting fl --limits S/B)",
        ),
        (
            ["--game", "razz", "--blinds", "1/2", "--bring-in", "1", "--limits", "4/8"],
            "stud has no blinds",
        ),
    ],
)
def test_new_refuses_what_the_game_does_not_have(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    _, err = Run(tmp_path / "n.db", capsys)("new", "n", *args, code=1)
    assert err == f"Error: {message}\n"


def test_an_empty_low_is_a_usage_error_in_both_parsers(run: Run) -> None:
    for args in (["--low", ""], ["--low="], ["--low", " "]):
        _, err = run("showdown", "alice > dave", *args, code=2)
        assert err.startswith("Error: cannot read the ranking"), err
    assert stacks(run)["alice"] == 98
