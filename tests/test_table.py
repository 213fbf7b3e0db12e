"""At the table, as a new user meets it: the pot, the action line, the table's commands and
their messages (issue 11, "At the table").

Through `main` in process, like test_cli.py (its helpers and fixtures are reused).
"""

from __future__ import annotations

import fcntl
import os
import select
import signal
import subprocess
import termios
import time
from typing import Any

import pytest

from . import test_cli
from .installed import MARQUOIR, NOT_INSTALLED
from .installed import Marquoir as Installed
from .test_cli import Marquoir

# test_cli.py's fixtures: a database in tmp_path, through `main`
_isolated, db, m, template = test_cli._isolated, test_cli.db, test_cli.m, test_cli.template

# -- one notion of the pot ----------------------------------------------------------------------

# Three players, blinds 1/2; a is short (20 chips). a (button, first pre-flop with three) goes
# all-in for 20, b calls 20 (19 more), c raises to 60, b calls 40 more: 20 x 3 = 60 in the
# main pot (a, b, c) and 40 x 2 = 80 in a side pot (b, c). On the flop b bets 10.
SHORT = """
new t --blinds 1/2 --cave 100
seat a --cave 20
seat b
seat c
"""


def prompt(m: Marquoir) -> str:
    from marquoir.app.books import Books
    from marquoir.cli.play import prompt as table_prompt

    return table_prompt(Books(str(m.db)))


def test_the_pot_is_the_same_in_status_the_prompt_and_the_action_lines(m: Marquoir) -> None:
    m.script(SHORT)
    m("deal")
    # pre-flop, only the blinds: 3 chips bet, and that is the pot (no "no pot")
    assert "pot 3" in m.lines("status")
    assert m.json("status --json")["pot"] == 3
    assert "| pot 3 |" in prompt(m)
    assert m.lines("allin")[0] == "a raises to 20 (all-in) | pot 23"
    m("call")
    assert m.lines("raise 60")[0] == "c raises to 60 | pot 100"  # 20 + 20 + 60, all in front
    assert "pot 100" in m.lines("status")
    flop = m.lines("call")
    split = "main pot: 60 (b, c, a) | side pot 1: 80 (b, c)"  # in order of play
    assert flop[1] == f"-- flop -- pot 140: {split}"
    assert m.lines("bet 10 --as b")[0] == f"b bets 10 | pot 150: {split} | 10 bet this round"
    status = m.lines("status")
    assert f"pot 150: {split} | 10 bet this round" in status
    assert "| pot 150 |" in prompt(m)
    data = m.json("status --json")
    assert data["pot"] == 150
    # the existing key stays: the pots in the middle
    assert [p["amount"] for p in data["pots"]] == [60, 80]


# -- the action line: one unit, the all-in call shown once ------------------------------------


def test_a_call_that_takes_the_whole_stack_is_shown_once_as_all_in(m: Marquoir) -> None:
    # Heads-up 5/10: ann (button, small blind) raises to 30, ben re-raises to 100 and has 40
    # behind; ann raises to 300: ben's call is his all-in, to 140 in all.
    m.script("new hu --blinds 5/10 --cave 500\nseat ann\nseat ben --cave 140\ndeal\nraise 30")
    assert m.lines("raise 100")[-1] == "ann to act: call to 100 | raise 170-500 | all-in 500 | fold"
    assert m.lines("raise 300")[-1] == "ben to act: call to 140 (all-in) | fold"
    legal = m.json("status --json")["legal"]
    assert (legal["call_amount"], legal["allin_to"]) == (40, 140)  # the keys stay
    assert (legal["call_to"], legal["call_is_all_in"]) == (140, True)
    assert prompt(m).endswith("| ben: call to 140 (all-in)] > ")


def test_every_amount_of_the_action_line_is_a_total_for_the_round(m: Marquoir) -> None:
    # the big blind (2 in front) facing a raise to 6: call to 6, raise from 10, all-in 100
    m.script(SHORT.replace("--cave 20", "") + "deal\nraise 6\nfold")
    assert m.lines("status")[-1] == "c to act: call to 6 | raise 10-100 | all-in 100 | fold"


# -- `play` at a terminal: line editing, history, Ctrl-C, Ctrl-D ------------------------------


def _own_terminal() -> None:
    """In the child: a session of its own, with the pseudo-terminal (its stdin) as its
    controlling terminal, so that Ctrl-C typed there is a SIGINT for it alone."""
    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    # a test runner's worker may ignore SIGINT, and children inherit that: not a terminal's
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


class Terminal:
    """`marquoir play` on a pseudo-terminal, typed at like a person would."""

    def __init__(self, env: dict[str, str]) -> None:
        assert MARQUOIR is not None
        self.main, secondary = os.openpty()
        self.process = subprocess.Popen(
            [MARQUOIR, "play"],
            stdin=secondary,
            stdout=secondary,
            stderr=secondary,
            env={**env, "TERM": "xterm"},
            preexec_fn=_own_terminal,
        )
        os.close(secondary)
        self.seen = ""
        self.uninformative = 0  # how often /proc said nothing of where the prompt waits

    def read_until(self, text: str, timeout: float = 20) -> str:
        """Everything up to `text` (and it), reading as the program writes."""
        deadline = time.monotonic() + timeout
        while text not in self.seen:
            left = deadline - time.monotonic()
            assert left > 0, f"never saw {text!r} in {self.seen!r}"
            ready, _, _ = select.select([self.main], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.main, 4096)
                except OSError:  # the program ended
                    chunk = b""
                assert chunk, f"ended before {text!r}: {self.seen!r}"
                self.seen += chunk.decode("utf-8", "replace")
        before, _, self.seen = self.seen.partition(text)
        return before + text

    def type(self, keys: str) -> None:
        """Type at the prompt, once readline reads the keys one by one (not line by line:
        a Ctrl-D typed before that would be a line-mode end of file, lost on the switch)."""
        deadline = time.monotonic() + 20
        while not self._waiting_for_a_key():
            assert time.monotonic() < deadline, "the prompt never read the keys"
            time.sleep(0.01)
        os.write(self.main, keys.encode())

    def _waiting_for_a_key(self) -> bool:
        """The prompt reads key by key and sleeps in select() for the next one. CPython's
        readline loop only looks at signals when select() is interrupted: a Ctrl-C typed
        after the terminal switched mode but before select() would wait for another key, a
        race a loaded machine makes likely."""
        if termios.tcgetattr(self.main)[3] & termios.ICANON:
            return False
        try:
            with open(f"/proc/{self.process.pid}/wchan", encoding="ascii") as wchan:
                where = wchan.read()
        except OSError:  # no /proc: the mode switch is all we can see
            time.sleep(0.5)
            return True
        if where in ("", "0"):
            # Running (not asleep yet), or a kernel that hides where: ask again, and after a
            # while take the mode switch alone, with time for select() to be reached.
            self.uninformative += 1
            if self.uninformative < 1000:  # ten seconds
                return False
            time.sleep(0.5)
            return True
        return "poll" in where or "select" in where

    def exit_code(self) -> int:
        try:
            return self.process.wait(timeout=20)
        finally:
            os.close(self.main)


@NOT_INSTALLED
def test_play_at_a_terminal_edits_remembers_and_stops_on_two_ctrl_c(cli: Installed) -> None:
    cli("new", "t", "--blinds", "1/2", "--cave", "100")
    term = Terminal(cli.env)
    term.read_until("next: deal] > ")
    term.type("sitout nobody\x03")  # Ctrl-C: the line is cancelled, not run
    term.read_until("Ctrl-C again to quit")
    term.type("seat alice\r")
    term.read_until("alice sits in seat 1")
    term.type("\x1b[A\x7f\x7f\x7f\x7f\x7fbob\r")  # Up: the last line, edited
    term.read_until("bob sits in seat 2")
    term.type("\x03")
    term.read_until("Ctrl-C again to quit")
    term.read_until("> ")
    term.type("\x03")  # twice in a row: the session ends
    assert term.exit_code() == 130
    assert [p["name"] for p in cli.stacks_json()["players"]] == ["alice", "bob"]


@NOT_INSTALLED
def test_play_at_a_terminal_ends_cleanly_on_ctrl_d(cli: Installed) -> None:
    term = Terminal(cli.env)
    term.read_until("> ")
    term.type("\x03")
    term.read_until("Ctrl-C again to quit")
    term.read_until("> ")
    term.type("\x04")  # Ctrl-D after one Ctrl-C: a clean end, not an interruption
    assert term.exit_code() == 0


# -- button, leave --all, count ----------------------------------------------------------------

# Three players at 1/2; a goes all-in and c calls and wins: a is busted (0 chips).
BUSTED = SHORT + "deal\nallin\nfold\ncall\nwin c\n"


def test_the_button_is_refused_on_a_player_who_will_not_be_dealt_in(m: Marquoir) -> None:
    m.script(BUSTED)
    assert m.stacks()["a"] == 0
    assert m.refused("button a") == "a has no chips: the button goes to a player dealt in"
    m("sitout b")
    assert m.refused("button b") == "b is sitting out: the button goes to a player dealt in"
    m("back b")
    m("button b")
    assert m.lines("deal")[0].startswith("hand 2: button b |")


def test_leave_all_is_one_event_and_names_only_those_still_seated(m: Marquoir) -> None:
    m.script(SHORT + "leave a")  # a goes home first, with his 20
    before = m.json("stacks --json")
    assert m.lines("leave --all") == ["b leaves with 100, c leaves with 100"]
    assert m.lines("undo")[0] == "undone: everyone leaving: b with 100, c with 100"
    assert m.json("stacks --json") == before  # one undo takes all of it back


def test_a_file_with_one_leave_event_per_player_still_loads(m: Marquoir) -> None:
    # how older versions recorded `leave --all`: a void deal's chips given back, then one
    # `leave` event per player, all in one transaction
    from marquoir.storage.ledger import Ledger

    m.script(
        "new b --game bouillotte --cave 20\nseat ann\nseat ben\nseat cid\n"
        "deal\ncheck\ncheck\ncheck"  # nobody speaks: the passe stays for the next deal
    )
    with Ledger(m.db) as book:
        book.execute_all(
            lambda t: [t.house.carry_split_event(), *(t.leave_event(a.name) for a in t.present())]
        )
    stacks = {p["name"]: p["cashed_out"] for p in m.json("stacks --json")["players"]}
    assert sum(stacks.values()) == 60 and stacks["ben"] == 21  # left of the dealer, ann
    assert "ben" in m("settle")


def test_count_names_who_was_not_counted_in_aligned_columns(m: Marquoir) -> None:
    m.script(SHORT.replace("seat b", "seat bernadette"))
    assert m.lines("count a=20 c=90") == [
        "player  tracked  counted  difference",
        "a       20       20       ok",
        "c       100      90       -10",
        "1 stack differs: `count ... --record` corrects it",
        "not counted: bernadette",
    ]


# -- help and messages --------------------------------------------------------------------------


def help_of(m: Marquoir, *words: str) -> str:
    code, out, err = m.run(" ".join(words))
    assert (code, err) == (0, ""), words
    return out


def commands(m: Marquoir) -> list[str]:
    """The command names listed by `marquoir --help`."""
    # (the French words of the table follow the list, after a blank line)
    listing = help_of(m, "--help").split("Commands:\n", 1)[1].split("\n\n", 1)[0]
    return [line.split()[0] for line in listing.splitlines() if line.startswith("  ")]


def test_every_help_speaks_the_table_s_words_and_shows_examples(m: Marquoir) -> None:
    names = commands(m)
    assert len(names) > 30 and "export" in names
    assert help_of(m, "-h") == help_of(m, "--help")
    for name in names:
        text = help_of(m, name, "--help")
        assert help_of(m, name, "-h") == text
        # no Python types or typer's placeholders
        for term in ("<str>", "<int>", "list[", "{", "}", "[default"):
            assert term not in text, (name, term, text)
        assert "Examples:\n    marquoir " + name in text, name


def test_help_lists_phh_and_the_short_forms(m: Marquoir) -> None:
    assert "phh" in help_of(m, "export", "--help").split("Arguments:")[1]
    play = help_of(m, "play", "--help")
    for short, verb in [("c", "call"), ("k", "check"), ("r", "raise"), ("u", "undo")]:
        assert f"{short} {verb}" in play
    new = help_of(m, "new", "--help")
    assert "--ante N " in new and "(default: 0)." in new and "--as" not in new


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (
            "call 10",
            "call takes no amount: to raise, `raise 10`",
        ),
        ("check 5", "check takes no amount: to bet, `bet 5`"),
        ("c", "`c` is the short form of `call` inside `marquoir play`: type `marquoir call`"),
        ("r 60", "`r` is the short form of `raise` inside `marquoir play`: type `marquoir raise`"),
    ],
)
def test_a_usage_error_says_what_was_meant(m: Marquoir, line: str, message: str) -> None:
    m.script(SHORT + "deal")
    assert m.refused(line, 2) == message


def test_refusals_in_plain_english(m: Marquoir) -> None:
    m.script("new t --blinds 5/10 --cave 100 --recaves 1\nseat a\nseat b\nrecave a")
    assert m.refused("recave a") == "a has used the one recave this session allows"
    assert m.refused("recave zoe") == "unknown player: zoe (at the table: a, b)"
    m.script("deal\ncall\ncheck")  # the flop: b speaks first
    assert m.refused("bet 5") == "the minimum bet is 10"
    m("bet 10")
    assert m.refused("raise 15") == "the minimum raise is to 20"


# -- the report's chart and dates ------------------------------------------------------------


def report_of(m: Marquoir) -> Any:
    from marquoir.reports.model import build_report
    from marquoir.storage.ledger import Ledger

    with Ledger(m.db) as book:
        info = book.current()
        return build_report(book, info, "2026-12-01T21:05:00+00:00")


def test_the_chart_marks_caves_recaves_and_departures(m: Marquoir) -> None:
    from marquoir.reports.html import chart_series, stack_chart_svg

    # a and b sit down with 100 (cave, at the start); hand 1: a goes all-in, b calls and
    # wins: a is busted and recaves 100; hand 2: the button (b, heads-up the small blind)
    # folds his 1 to a; then b goes home with his 199.
    m.script(
        "new t --blinds 1/2 --cave 100\nseat a\nseat b\n"
        "deal\nallin\ncall\nwin b\nrecave a\ndeal\nfold\nleave b"
    )
    nan = float("nan")
    series = {line.name: line for line in chart_series(report_of(m))}
    a, b = series["a"], series["b"]
    # a: 100 at the start, 0 after hand 1, 100 again at once (the recave, a vertical step
    # at x = 1, not a slope into hand 2 like chips won), 101 after hand 2
    assert list(zip(a.xs, a.ys, strict=True)) == [(0, 100), (1, 0), (1, 100), (2, 101)]
    assert a.marks == [(0, 100, "cave"), (1, 100, "recave")]
    assert b.marks == [(0, 100, "cave"), (2, 199, "leave")]
    assert b.xs[-1] == 2 and str(b.ys[-1]) == str(nan)  # his line ends when he leaves
    svg = stack_chart_svg(report_of(m))
    for words in ("cave", "recave", "leaves", "start"):
        assert f">{words}</text>" in svg


@pytest.mark.parametrize(("hands", "some"), [(7, [0, 1, 2, 3, 4, 5, 6, 7]), (45, [5, 15, 25])])
def test_the_chart_labels_the_hands_sensibly(hands: int, some: list[int]) -> None:
    from matplotlib.figure import Figure

    from marquoir.reports.chart import hand_ticks

    axes: Any = Figure().add_subplot()
    hand_ticks(axes, hands)
    ticks = [t for t in axes.xaxis.get_major_locator()() if 0 <= t <= hands]
    assert set(some) <= set(ticks)
    formatter = axes.xaxis.get_major_formatter()
    assert formatter(0, 0) == "start" and formatter(5, 0) == "5"


def test_report_dates_are_in_local_time(m: Marquoir, monkeypatch: pytest.MonkeyPatch) -> None:
    from marquoir.reports.render import render
    from marquoir.reports.story import local_time

    monkeypatch.setenv("TZ", "Asia/Tokyo")  # UTC+9 all year
    time.tzset()
    try:
        assert local_time("2026-12-01T21:05:00+00:00") == "2026-12-02 06:05"
        m.script("new t --blinds 1/2 --cave 100\nseat a\nseat b\ndeal\nfold")
        text = render(report_of(m), "text")
        assert "2026-12-02 06:05" in text and "2026-12-01T21:05" not in text
    finally:
        monkeypatch.undo()
        time.tzset()
