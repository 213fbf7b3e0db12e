"""The showdown from the cards shown, through the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from marquoir.cli import main


class Run:
    def __init__(self, db: Path, capsys: pytest.CaptureFixture[str]) -> None:
        self.db, self.capsys = db, capsys

    def __call__(self, *args: str, code: int = 0) -> tuple[str, str]:
        self.capsys.readouterr()
        assert main(["--db", str(self.db), *args]) == code
        return self.capsys.readouterr()


@pytest.fixture
def run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Run:
    r = Run(tmp_path / "c.db", capsys)
    for line in (
        ["new", "c", "--blinds", "1/2", "--cave", "100"],
        ["seat", "alice"],
        ["seat", "bob"],
        ["seat", "carol"],
        ["deal"],
        ["call"],
        ["call"],
        ["check"],
        *[["check"]] * 9,
    ):
        r(*line)
    return r


BOARD = ["--board", "Ah Kd 7c 2s 9h"]


def stacks(run: Run) -> dict[str, int]:
    out, _ = run("stacks", "--json")
    return {p["name"]: p["stack"] for p in json.loads(out)["players"]}


def test_the_cards_make_the_ranking_and_the_hands_are_named(run: Run) -> None:
    out, err = run("showdown", *BOARD, "alice=As Ks", "bob=Qh Qd", "carol=Ac Kc")
    assert err == ""
    assert out.splitlines() == [
        "alice: deux paires, as et rois (As Ks Ah Kd 9h)",
        "bob: paire de dames (Qh Qd Ah Kd 9h)",
        "carol: deux paires, as et rois (Ac Kc Ah Kd 9h)",
        "showdown: alice = carol > bob",
        "main pot: 6 to carol 3, alice 3",
        "hand 1 over | alice 101 (+1), bob 98 (-2), carol 101 (+1)",
    ]
    out, _ = run("undo")
    assert out.splitlines()[0] == "undone: the showdown alice = carol > bob"
    out, _ = run("showdown", *BOARD, "--english", "alice=As Ks", "bob=9c 9d")
    assert out.splitlines()[:3] == [
        "alice: two pair, aces and kings (As Ks Ah Kd 9h)",
        "bob: three of a kind, nines (9c 9d Ah Kd 9h)",
        "showdown: bob > alice",
    ]


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        ([*BOARD, "alice=As Ks", "bob=Qh Ah"], 1, "the Ah is shown twice (bob)"),
        (["--board", "Ah Kd 7c 2s", "alice=As Ks"], 1, "holdem needs 5 board cards, not 4"),
        ([*BOARD, "alice=As"], 1, "alice shows 1 card: holdem needs 2"),
        (
            [*BOARD, "alice=Zz"],
            2,
            "cannot read the card 'Zz' in 'Zz': write cards like Ah Kd Tc 7s "
            "(rank 2-9, T, J, Q, K, A; suit c, d, h, s)",
        ),
        ([*BOARD, "dave=As Ks"], 1, "dave is not playing this hand"),
    ],
)
def test_bad_cards_are_refused_and_nothing_is_recorded(
    run: Run, args: list[str], code: int, message: str
) -> None:
    before = stacks(run)
    out, err = run("showdown", *args, code=code)
    assert (out, err) == ("", f"Error: {message}\n")
    assert stacks(run) == before


def test_a_ranking_still_works_next_to_the_cards(run: Run) -> None:
    out, _ = run("showdown", "alice > bob = carol")
    assert out.splitlines()[0] == "showdown: alice > bob = carol"


def test_with_a_board_every_word_is_a_hand_shown(run: Run) -> None:
    before = stacks(run)
    out, err = run("showdown", *BOARD, "carol", code=2)
    assert (out, err) == (
        "",
        "Error: give each hand shown as PLAYER=CARDS, e.g. alice=AsKs (got 'carol')\n",
    )
    out, err = run("showdown", *BOARD, "alice=As Ks", "alice=Qh Qd", code=2)
    assert err == "Error: alice shows his cards twice\n"
    assert stacks(run) == before
