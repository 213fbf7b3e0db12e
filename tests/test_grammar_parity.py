"""One grammar: a hot verb's line means the same on the fast path, through typer and in `play`.

How each path is forced, always through the real entry point `marquoir.cli.main`:

- the fast path: `main(argv)` as the console script runs it. `main` asks `grammar.route`
  for the line's meaning and runs it without typer; when `route` says None (help, an option it
  does not know, a malformed amount), typer reads the line. A wrapper around `grammar.route`
  counts the lines it took, so the test knows the comparison is not typer against typer.
- the typer path: `main(argv)` with `grammar.route` replaced by a function that says None to
  every line: `main` hands each one to the typer app, exactly as it does a line the fast path
  does not read.
- `play`: `main(["play"])` reading the line (shell-quoted) from stdin, a script of one line;
  its error line starts `line 1: ` and any error exits 1.

Hundreds of command lines are generated from a fixed seed (valid and invalid hot verbs,
options, `--as`, amounts, spacing inside words, showdown rankings, unknown players, garbage)
and played in lockstep on copies of one database, one copy per path: after each line the
exit code, the output and the event log must be the same. In process the ~1,950 runs take
about 15 s on the development machine; as processes (~100 ms each for `marquoir call` there)
they would take over 3 minutes.
"""

from __future__ import annotations

import io
import random
import shlex
import shutil
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import typer.main

import marquoir.cli.runner
from marquoir.cli import grammar, main
from marquoir.cli.app import app

PLAYERS = ["alice", "bob", "carol", "dave"]
HOLDEM = ["new club --blinds 1/2 --cave 100", *(f"seat {p}" for p in PLAYERS)]
STUD = [
    "new st --game stud --betting fl --limits 4/8 --bring-in 1 --ante 1 --cave 100",
    *(f"seat {p}" for p in PLAYERS),
]
SEED_LINES = 110  # lines per sequence
SEQUENCES = [(HOLDEM, seed) for seed in range(4)] + [(STUD, seed) for seed in (10, 11)]

# -- the generated lines ----------------------------------------------------------------------

ODD_NAMES = ["zed", "Alice", "", "al ice", "a>b", "a=b", "-bob", "bob ", "éloïse"]
AMOUNTS = ["2", "4", "6", "8", "10", "12", "20", "40", "99", "100", "1000", "0", "05", " 6"]
BAD_AMOUNTS = ["6 ", "1.5", "-3", "+4", "²", "٤", "abc", "", "99999999999999999999", "4/8"]
BOARD = "Ah Kd 7c 2s 9h"
HANDS = ["As Ks", "Qh Qd", "QhQd", "Ac Kc", "9c 9d", "Zz", "As", "As Ks Qs"]


class Lines:
    """Command lines (argv, without `marquoir`) drawn from one seeded generator."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def pick(self, choices: list[str]) -> str:
        return self.rng.choice(choices)

    def player(self) -> str:
        return self.pick(PLAYERS) if self.rng.random() < 0.8 else self.pick(ODD_NAMES)

    def amount(self) -> str:
        return self.pick(AMOUNTS) if self.rng.random() < 0.8 else self.pick(BAD_AMOUNTS)

    def as_option(self) -> list[str]:
        """`--as PLAYER` in one of the forms click reads, or a broken one."""
        name = self.player()
        forms = [["--as", name], [f"--as={name}"], ["--as"], ["--as="], ["--as", "--json"]]
        return self.rng.choices(forms, weights=[6, 3, 1, 1, 1])[0]

    def spaced(self, sign: str) -> str:
        return self.pick(["", " ", "  "]) + sign + self.pick(["", " ", "  "])

    def ranking(self) -> list[str]:
        """A showdown ranking, one word or several, well formed or not."""
        names = self.rng.sample(PLAYERS, self.rng.randint(1, 4))
        if self.rng.random() < 0.15:
            names.append(self.pick([*PLAYERS, *ODD_NAMES]))
        text = names[0]
        for name in names[1:]:
            text += self.spaced(self.pick([">", "=", ">", ">>", "=="])) + name
        if self.rng.random() < 0.3:
            return text.split()  # typed without quotes: several words
        return [text]

    def hands(self) -> list[str]:
        """Hands shown (`alice=As Ks`), with the board or not."""
        words = [
            f"{name}={self.pick(HANDS)}"
            for name in self.rng.sample(PLAYERS, self.rng.randint(1, 3))
        ]
        if self.rng.random() < 0.7:
            words = ["--board", self.pick([BOARD, "Ah Kd 7c 2s", "Ah Kd 7c 2s Zz"]), *words]
        if self.rng.random() < 0.2:
            words.append("--english")
        return words

    def extra(self) -> list[str]:
        """Now and then, something after a well-formed line."""
        if self.rng.random() > 0.08:
            return []
        return [self.pick(["--help", "--json", "--unknown", "--", "-x", "now", "--as", "-5"])]

    def line(self) -> list[str]:
        verb = self.rng.choices(
            ["act", "bet", "deal", "show", "win", "stud", "look", "undo", "garbage", "other"],
            weights=[30, 14, 8, 10, 6, 8, 6, 4, 8, 3],
        )[0]
        words: list[str] = getattr(self, f"line_{verb}")()
        return words + self.extra()

    def line_act(self) -> list[str]:
        words = [self.pick(["check", "call", "call", "fold", "allin"])]
        return words + (self.as_option() if self.rng.random() < 0.35 else [])

    def line_bet(self) -> list[str]:
        words = [self.pick(["bet", "raise", "raise", "open"])]
        if self.rng.random() < 0.05:
            return words  # the amount missing
        words.append(self.amount())
        if self.rng.random() < 0.3:
            option = self.as_option()
            return [words[0], *option, *words[1:]] if self.rng.random() < 0.3 else words + option
        return words

    def line_deal(self) -> list[str]:
        return ["deal"]

    def line_undo(self) -> list[str]:
        return ["undo"]

    def line_show(self) -> list[str]:
        words = self.ranking() if self.rng.random() < 0.75 else self.hands()
        if self.rng.random() < 0.15:
            words += ["--odd-chip", self.player()]
        return ["showdown", *words]

    def line_win(self) -> list[str]:
        names = [self.player() for _ in range(self.rng.randint(0, 3))]
        if self.rng.random() < 0.15:
            names += [f"--odd-chip={self.player()}"]
        return ["win", *names]

    def line_stud(self) -> list[str]:
        verb = self.pick(["bringin", "bringin", "first", "false-open"])
        words = [verb, self.player()]
        if verb == "bringin" and self.rng.random() < 0.3:
            words.append("--complete")
        return words

    def line_look(self) -> list[str]:
        return [self.pick(["status", "stacks"])] + (["--json"] if self.rng.random() < 0.6 else [])

    def line_garbage(self) -> list[str]:
        verb = self.pick(["Call", "CALL", "chek", "frobnicate", "bet6", "show", "", "c", "--as"])
        return [verb] + ([self.amount()] if self.rng.random() < 0.5 else [])

    def line_other(self) -> list[str]:
        """Commands only typer reads (the same on every path), which change the table."""
        return self.pick(
            [["sitout", self.player()], ["back", self.player()], ["recave", self.player()]]
        )


def generated(seed: int, count: int) -> Iterator[list[str]]:
    lines = Lines(seed)
    for _ in range(count):
        yield lines.line()


# -- the three paths --------------------------------------------------------------------------

Result = tuple[int, str, str, list[Any]]


class Copy:
    """One copy of the database and the way in that one path uses."""

    def __init__(self, folder: Path, base: Path) -> None:
        folder.mkdir()
        self.folder = folder
        shutil.copyfile(base, folder / "marquoir.db")

    def log(self) -> list[Any]:
        """The event log (times left out: they are the clock's), and the hand summaries."""
        conn = sqlite3.connect(self.folder / "marquoir.db")
        try:
            return (
                conn.execute(
                    "SELECT id, session_id, hand_no, kind, data, undone FROM events ORDER BY id"
                ).fetchall()
                + conn.execute("SELECT * FROM hands ORDER BY event_id").fetchall()
            )
        finally:
            conn.close()


class Runner:
    """Runs a line on one path, in its own folder (the database is `marquoir.db` there, so
    an error that names the file prints the same name on every path)."""

    def __init__(self, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
        self.capsys, self.monkeypatch = capsys, monkeypatch
        self.routed = 0  # lines the fast path read itself (not counting those of `play`)
        self.real_route = grammar.route

        def counting(args: list[str]) -> Callable[[str | None], None] | None:
            command = self.real_route(args)
            self.routed += command is not None
            return command

        self.fast_route = counting
        self.typer_route: Callable[[list[str]], None] = lambda args: None

    def _main(self, where: Copy, argv: list[str], route: Any, stdin: str | None = None) -> Result:
        self.monkeypatch.chdir(where.folder)
        self.monkeypatch.setattr(grammar, "route", route)
        if stdin is not None:
            self.monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
        self.capsys.readouterr()
        code = main(["--db", "marquoir.db", *argv])
        out, err = self.capsys.readouterr()
        return code, out, err, where.log()

    def fast(self, where: Copy, argv: list[str]) -> Result:
        return self._main(where, argv, self.fast_route)

    def typer(self, where: Copy, argv: list[str]) -> Result:
        return self._main(where, argv, self.typer_route)

    def play(self, where: Copy, line: str) -> Result:
        """`play` reading `line` from stdin: a script of one line."""
        stdin = line + "\n"
        return self._main(where, ["play"], self.real_route, stdin=stdin)


def script_line(argv: list[str], rng: random.Random) -> str:
    """The line as a script may have it: quoted words, spaces or tabs around, a comment."""
    words = [shlex.quote(word) for word in argv]
    between = rng.choice([" ", "  ", "\t", " \t "])
    before, after = rng.choice(["", " ", "\t"]), rng.choice(["", "  ", "  # said twice"])
    return before + between.join(words) + after


def played_in_play(argv: list[str]) -> bool:
    """Lines `play` reads as the command line does (not a short form, a quit, or empty)."""
    return bool(argv) and argv[0] not in {*grammar.SHORT_FORMS, "play", "q", "quit", "exit"}


@pytest.fixture(scope="module")
def bases(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    built = {}
    for name, script in (("holdem", HOLDEM), ("stud", STUD)):
        path = tmp_path_factory.mktemp(name) / "marquoir.db"
        for line in script:
            assert main(["--db", str(path), *shlex.split(line)]) == 0, line
        built[name] = path
    return built


def test_generated_lines_mean_the_same_on_every_path(
    bases: dict[str, Path],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    runner = Runner(capsys, monkeypatch)
    codes: dict[int, int] = {}
    total = in_play = 0
    spacing = random.Random(99)
    for number, (script, seed) in enumerate(SEQUENCES):
        base = bases["holdem" if script is HOLDEM else "stud"]
        fast, typer, play = (Copy(tmp_path / f"{number}-{p}", base) for p in "ftp")
        for argv in generated(seed, SEED_LINES):
            total += 1
            got = runner.fast(fast, argv)
            assert runner.typer(typer, argv) == got, argv
            codes[got[0]] = codes.get(got[0], 0) + 1
            if not played_in_play(argv):
                continue
            in_play += 1
            code, out, err, log = runner.play(play, script_line(argv, spacing))
            assert (code, out, log) == (1 if got[0] else 0, got[1], got[3]), argv
            assert err == got[2].replace("Error: ", "Error: line 1: ", 1), argv
            assert "Traceback" not in got[2]
    assert total >= 500 and in_play >= 450
    # the fast path read most lines itself, and the lines cover successes, refusals and
    # usage errors (a comparison of typer with typer, or of errors only, would prove little)
    assert runner.routed >= total // 2, (runner.routed, total)
    assert min(codes.get(0, 0), codes.get(1, 0), codes.get(2, 0)) >= 60, codes


def test_a_ranking_with_a_tie_written_without_spaces(
    bases: dict[str, Path],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`alice > bob=carol = dave` was recorded by the fast path, refused by typer."""
    runner = Runner(capsys, monkeypatch)
    hand = ["deal", "call", "call", "call", "check", *["check"] * 12]
    fast, typer = Copy(tmp_path / "f", bases["holdem"]), Copy(tmp_path / "t", bases["holdem"])
    for word in hand:
        assert runner.fast(fast, [word])[0] == 0
        assert runner.typer(typer, [word])[0] == 0
    line = ["showdown", "alice > bob=carol = dave"]
    got = runner.fast(fast, line)
    assert runner.typer(typer, line) == got
    assert (got[0], got[1].splitlines()[0]) == (0, "showdown: alice > bob = carol = dave")
    # alice has the best hand: the pot of 8 is hers
    assert got[1].splitlines()[1] == "main pot: 8 to alice 8"


def test_both_parsers_declare_the_same_options() -> None:
    """A hot verb's options in the grammar and on its typer command are the same."""
    group = typer.main.get_command(app)
    assert isinstance(group, typer.main.TyperGroup)
    for name, verb in grammar.VERBS.items():
        command = group.commands[name]
        declared = {
            opt
            for param in command.params
            if param.param_type_name == "option"
            for opt in param.opts
            if opt != "--help"
        }
        expected = {opt for opt, _ in verb.options} | {opt for opt, _ in verb.flags}
        assert declared == expected, name
        arguments = [p for p in command.params if p.param_type_name == "argument"]
        # the grammar's reading of the words: none, one (an amount or a player), or several
        shapes = {
            0: (grammar.no_words,),
            1: (grammar.one_amount, grammar.one_word),
            -1: (grammar.some_words,),
        }
        assert verb.words in shapes[arguments[0].nargs if arguments else 0], name


def test_the_fast_path_leaves_help_and_usage_errors_to_typer() -> None:
    for argv in (
        [],
        ["bet"],
        ["bet", "1.5"],
        ["call", "--help"],
        ["call", "--as"],
        ["call", "now"],
        ["win"],
        ["status", "--json=yes"],
        ["frobnicate"],
        ["seat", "zed"],
    ):
        assert grammar.route(argv) is None, argv
    for argv in (["call", "--as=bob"], ["raise", " 6"], ["showdown", "a > b", "--odd-chip", "a"]):
        assert grammar.route(argv) is not None, argv


def test_main_is_the_entry_point_the_test_patches() -> None:
    """The typer path of the parity test relies on `main` asking `grammar.route` each time."""
    assert marquoir.cli.runner.grammar is grammar
