"""`play` as a session: one connection and the table kept in memory between lines.

The oracle is the same lines run one by one as separate commands (a fresh process and a
fresh load each): the script must print the same and leave the same file.
"""

from __future__ import annotations

import json
from pathlib import Path

from marquoir.domain import Action
from marquoir.storage.db import WRITE
from marquoir.storage.ledger import Ledger
from tests.installed import NOT_INSTALLED, Marquoir

# Sessions switched, a session created in the middle (another connection writes: the kept
# table must be reloaded), undo, seats and leaves through the typer parser, reads.
LINES = [
    "new vendredi --blinds 1/2 --cave 100",
    "seat alice",
    "seat bob",
    "seat carol",
    "deal",
    "raise 6",
    "call",
    "fold",
    "undo",
    "call",
    "status",
    "check",
    "bet 10",
    "fold",
    "new samedi --blinds 5/10 --cave 500",
    "seat dave",
    "seat erin",
    "deal",
    "call",
    "use vendredi",
    "stacks",
    "call",
    "check",
    "check",
    "check",
    "check",
    "win carol",
    "leave carol",
    "deal",
    "fold",
    "recave bob 50",
    "use samedi",
    "check",
    "allin",
    "call",
    "status --json",
]


def _split(line: str) -> list[str]:
    import shlex

    return shlex.split(line)


@NOT_INSTALLED
def test_a_script_prints_and_records_what_the_same_commands_do_one_by_one(
    tmp_path: Path,
) -> None:
    one_by_one = Marquoir(tmp_path / "a", in_process=True)  # a fresh load for each line
    (tmp_path / "a").mkdir()
    expected = "".join(one_by_one(*_split(line)) for line in LINES)
    script = Marquoir(tmp_path / "b")
    (tmp_path / "b").mkdir()
    assert script.play("\n".join(LINES) + "\n") == expected
    for session in ("vendredi", "samedi"):
        one_by_one("use", session)
        script("use", session)
        assert script("export", "json") == one_by_one("export", "json")
        assert script("stacks", "--json") == one_by_one("stacks", "--json")
        hands = ("export", "csv", "--what", "hands")
        assert script(*hands) == one_by_one(*hands)
    assert _sessions(script) == _sessions(one_by_one)


def _sessions(cli: Marquoir) -> list[tuple[str, bool]]:
    return [(s["session"], s["current"]) for s in json.loads(cli("sessions", "--json"))["sessions"]]


@NOT_INSTALLED
def test_a_refused_line_keeps_the_lines_before_it_and_stops(cli: Marquoir) -> None:
    # heads-up: alice has the button and the small blind, acts first before the flop
    script = "new v --blinds 1/2 --cave 100\nseat alice\nseat bob\ndeal\ncall\ncheck\n"
    done = cli.run("play", stdin=script + "bet 1\ncheck\n")  # a bet under the big blind
    assert done.returncode == 1
    assert done.stderr.startswith("Error: line 7: ")
    assert len(done.stderr.splitlines()) == 1
    status = json.loads(cli("status", "--json"))
    # deal, call and check recorded; the refused bet and the check after it not
    assert (status["street"], status["to_act"]) == ("flop", "bob")
    assert [pot["amount"] for pot in status["pots"]] == [4]


def test_a_kept_table_sees_what_another_connection_wrote(tmp_path: Path) -> None:
    """The kept table is reloaded when another connection (another terminal) has written."""
    path = tmp_path / "m.db"
    runner = Marquoir(tmp_path, in_process=True)
    runner.env["MARQUOIR_DB"] = str(path)
    runner("new", "v", "--blinds", "1/2", "--cave", "100")
    runner("seat", "alice")
    runner("seat", "bob")
    kept = Ledger(path, mode=WRITE, keep_open=True)
    try:
        kept.execute(lambda table: table.deal_event())
        with Ledger(path, mode=WRITE) as other:  # another terminal: alice (button) calls
            other.execute(lambda table: table.act_event(Action.call()))
        outcome = kept.execute(lambda table: table.act_event(Action.check()))
        assert outcome.table.hand is not None
        assert outcome.table.hand.street == "flop"  # the call was seen: bob checked
        with Ledger(path, mode=WRITE) as fresh:
            assert fresh.read()[1].hand.street == "flop"  # type: ignore[union-attr]
    finally:
        kept.close()
