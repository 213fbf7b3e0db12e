"""One session, three ways in, one result.

The example evening is played (a) one `marquoir.cli.main([...])` call per line, (b) with
`marquoir play FILE` (in this process, and once through the installed command), and (c)
through the Python API: `Ledger.execute` with the domain `Table` event methods. All of them
must print the same `stacks --json` and `status --json` and keep the same event log.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from marquoir.cli import main
from marquoir.domain import Action, TableConfig, parse_ranking, tie
from marquoir.domain.table import CavePolicy, SessionSettings, Table, TableEvent
from marquoir.storage.ledger import Ledger

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "evening.txt"

Command = Callable[[Table], TableEvent]


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MARQUOIR_DB", str(tmp_path / "default.db"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


def example_lines() -> list[list[str]]:
    """The command lines of the example evening, comments and blank lines left out."""
    text = EXAMPLE.read_text(encoding="utf-8")
    words = (shlex.split(line, comments=True) for line in text.splitlines())
    return [w for w in words if w]


def split_options(words: list[str]) -> tuple[list[str], dict[str, str]]:
    """Positional words and `--option VALUE` pairs (every option of the example has a value)."""
    positional: list[str] = []
    options: dict[str, str] = {}
    i = 0
    while i < len(words):
        if words[i].startswith("--"):
            options[words[i]] = words[i + 1]
            i += 2
        else:
            positional.append(words[i])
            i += 1
    return positional, options


def session_settings(options: dict[str, str]) -> SessionSettings:
    """The settings of the example's `new` line, built with the domain types."""
    assert set(options) <= {"--blinds", "--cave", "--chip-value", "--currency", "--recaves"}
    small, big = (int(x) for x in options["--blinds"].split("/"))
    caves = CavePolicy(
        default=int(options["--cave"]) if "--cave" in options else None,
        recaves=int(options["--recaves"]) if "--recaves" in options else None,
    )
    return SessionSettings(
        TableConfig(small_blind=small, big_blind=big),
        caves,
        str(Decimal(options.get("--chip-value", "1"))),
        options.get("--currency", "EUR"),
    )


def api_command(words: list[str]) -> Command | None:
    """The domain command for a line of the example; None for a line that only reads."""
    verb, (args, options) = words[0], split_options(words[1:])
    simple = {"check": Action.check, "call": Action.call, "fold": Action.fold}
    simple["allin"] = Action.allin
    if verb in simple:
        assert not args and not options
        action = simple[verb]()
        return lambda table: table.act_event(action)
    if verb in ("bet", "raise"):
        bet = Action.bet(int(args[0]))
        return lambda table: table.act_event(bet)
    if verb == "deal":
        return lambda table: table.deal_event()
    if verb == "seat":
        seat = int(options["--seat"]) if "--seat" in options else None
        cave = int(options["--cave"]) if "--cave" in options else None
        return lambda table: table.seat_event(args[0], seat=seat, cave=cave)
    if verb == "recave":
        chips = int(args[1]) if len(args) > 1 else None
        return lambda table: table.house.recave_event(args[0], chips)
    if verb == "leave":
        return lambda table: table.leave_event(args[0])
    if verb == "showdown":
        ranking = parse_ranking(args[0])
        return lambda table: table.showdown_event(ranking)
    if verb == "win":
        winners = tie(args)
        return lambda table: table.showdown_event(winners)
    assert verb in ("stacks", "status"), verb
    return None


def run_api(book: Ledger, words: list[str]) -> None:
    if words[0] == "new":
        (name,), options = split_options(words[1:])
        book.create_session(name, session_settings(options))
        return
    command = api_command(words)
    if command is not None:
        book.execute(command)


def printed(capsys: pytest.CaptureFixture[str], db: Path, *args: str) -> str:
    capsys.readouterr()
    assert main(["--db", str(db), *args]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    return out


def event_log(db: Path) -> list[tuple[int, int | None, str, dict[str, Any]]]:
    with Ledger(db) as book:
        return [(e.id, e.hand_no, e.kind, e.data) for e in book.events(book.current())]


def session_settings_json(capsys: pytest.CaptureFixture[str], db: Path) -> Any:
    import json

    return [
        {key: value for key, value in s.items() if key not in ("created_at", "date")}
        for s in json.loads(printed(capsys, db, "sessions", "--json"))["sessions"]
    ]


def test_the_example_is_what_this_test_expects() -> None:
    lines = example_lines()
    assert lines[0][:2] == ["new", "vendredi"]
    assert {words[0] for words in lines} == {
        "new",
        "seat",
        "deal",
        "raise",
        "call",
        "fold",
        "check",
        "bet",
        "allin",
        "showdown",
        "stacks",
        "recave",
        "leave",
    }


def test_lines_play_and_api_give_the_same_session(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = example_lines()
    by_line, by_play, by_api = tmp_path / "lines.db", tmp_path / "play.db", tmp_path / "api.db"

    # (a) and (c) in step: after every line both print the same status and stacks.
    outputs: list[str] = []
    with Ledger(by_api) as book:
        for words in lines:
            outputs.append(printed(capsys, by_line, *words))
            run_api(book, words)
            for view in ("status", "stacks"):
                assert printed(capsys, by_line, view, "--json") == printed(
                    capsys, by_api, view, "--json"
                ), (words, view)

    # (b) the whole file through `play`: the same text as the lines one by one.
    assert printed(capsys, by_play, "play", str(EXAMPLE)) == "".join(outputs)

    stacks = {db: printed(capsys, db, "stacks", "--json") for db in (by_line, by_play, by_api)}
    status = {db: printed(capsys, db, "status", "--json") for db in (by_line, by_play, by_api)}
    logs = {db: event_log(db) for db in (by_line, by_play, by_api)}
    settings = {db: session_settings_json(capsys, db) for db in (by_line, by_play, by_api)}
    for db in (by_play, by_api):
        assert stacks[db] == stacks[by_line]
        assert status[db] == status[by_line]
        assert logs[db] == logs[by_line]
        assert settings[db] == settings[by_line]

    log = logs[by_line]
    assert len(log) == sum(1 for words in lines if words[0] not in ("new", "stacks"))
    assert [kind for _id, _hand, kind, _data in log].count("deal") == 4
    assert log[4] == (5, 1, "deal", log[4][3])
    # (a deal keeps its number and button; its players, seats and stacks are the table's,
    # which `status` and `stacks` above compare)
    assert log[4][3] == {"hand": 1, "button": 1}
    # stored compact: [action, player, street number, added, total, amount, verb], `all_in`
    # left out at its default (0)
    assert log[5][2:] == ("action", ["bet", "dave", 0, 6, 6, 6, "raise"])
    assert log[-1][1:] == (None, "recave", {"player": "bob", "chips": 200})
    assert '"stack": 493' in stacks[by_line]


def _installed() -> str | None:
    beside = Path(sys.executable).with_name("marquoir")
    return str(beside) if beside.exists() else shutil.which("marquoir")


@pytest.mark.skipif(_installed() is None, reason="the marquoir command is not installed")
def test_the_installed_command_records_the_same_log(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    by_process, by_lines = tmp_path / "process.db", tmp_path / "lines.db"
    marquoir = _installed()
    assert marquoir is not None
    env = dict(os.environ, MARQUOIR_DB=str(by_process), XDG_CONFIG_HOME=str(tmp_path / "cfg"))
    done = subprocess.run(
        [marquoir, "play", str(EXAMPLE)],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    assert (done.returncode, done.stderr) == (0, "")
    for words in example_lines():
        printed(capsys, by_lines, *words)
    assert event_log(by_process) == event_log(by_lines)
    assert printed(capsys, by_process, "stacks", "--json") == printed(
        capsys, by_lines, "stacks", "--json"
    )
