"""PHH both ways: a Marquoir session exported (`export phh`) and imported (`import phh`) is
the same session: settings (a tournament's included), seats, caves, recaves, departures,
corrections, stacks after every hand, nets, settlement, report money; and PokerKit, an
independent reader, loads every exported hand without a warning.

The expected values are the original session's, read through the same commands: the test
fails when the import loses or changes anything the original recorded. The cash evening
below is worked by hand (see EVENING_NETS); the tournament's places and prizes are the
original's, which tests/test_tournament_*.py check against the rules.
"""

from __future__ import annotations

import json
import sqlite3
import warnings
from pathlib import Path
from typing import Any

import pytest
from pokerkit import HandHistory

from marquoir.storage import codec

from .installed import NOT_INSTALLED, Marquoir
from .logs import unpacked

# A cash evening: blinds 1/2, then 2/4 from hand 2 (`blinds`), bob recaves 50 before hand 2,
# cat leaves after hand 2 and dan sits down in his seat, ann recaves after hand 3; a count
# corrects the stacks, everyone leaves, the host settles.
EVENING = """\
new samedi --blinds 1/2 --cave 100 --chip-value 0.05 --currency CHF --recaves 2
seat ann
seat bob
seat cat --cave 150
deal
raise 6
call
fold
check
bet 10
fold
blinds 2/4
recave bob 50
deal
call
call
check
check
check
check
check
check
check
check
check
check
showdown "ann > bob = cat"
leave cat
seat dan --cave 80
deal
allin
sitout bob
fold
fold
back bob
recave ann
count ann=214 bob=135 dan=87 --record
leave --all
settle
"""
# Hand 1 (button ann, 1/2): ann raises to 6, bob (small blind) calls, cat folds his big
# blind; on the flop bob checks, ann bets 10, bob folds: ann 108, bob 94, cat 148.
# Hand 2 (button bob, 2/4; bob recaved: 144): everyone in for 4, ten checks, ann takes the
# 12: ann 116, bob 140, cat 144; cat leaves with 144, dan sits in seat 3 with 80.
# Hand 3 (button dan): dan's all-in is not called (bob says he sits out the next hands
# meanwhile, and comes back after), dan takes the blinds: ann 114, bob 136, dan 86.
# ann recaves 100 (214); the count moves a chip from bob to dan (135, 87).
# Nets in chips: ann 214 - 200, bob 135 - 150, cat 144 - 150, dan 87 - 80.
EVENING_NETS = {"ann": 14, "bob": -15, "cat": -6, "dan": 7}

TOURNAMENT = """\
new coupe --tournament --buy-in 20 --fee 2 --stack 1000 --levels 10/20,20/40 --rebuys 1 \
--rebuy-until 2 --payouts 70/30
seat a
seat b
seat c
deal
allin
call
fold
showdown "a > b"
rebuy b
level next
deal
fold
fold
deal
allin
allin
call
showdown "c > a > b"
"""


def export_import(cli: Marquoir, tmp_path: Path, session: str) -> Marquoir:
    """The session exported as PHH, imported into a new file under the same name."""
    out = tmp_path / f"{session}.phhs"
    done = cli.run("export", "phh", "--session", session, "-o", str(out))
    assert done.returncode == 0, done.stderr
    text = out.read_text(encoding="utf-8")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no unexpected field, no unparsable value
        histories = list(HandHistory.loads_all(text))
    assert histories and all(h.user_defined_fields["_marquoir"] == 1 for h in histories)
    folder = tmp_path / "back"
    folder.mkdir()
    back = Marquoir(folder, in_process=True)
    done = back.run("import", "phh", str(out), "--session", session)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0].endswith(f"into session {session}"), done.stdout
    return back


def views(cli: Marquoir, session: str) -> dict[str, Any]:
    """What must come back: the settings, the stacks and accounts, the settlement, the
    report's money, the stacks after every hand, who sat where at each deal, and the log
    of the events that are not betting actions."""
    sessions = json.loads(cli("sessions", "--json"))["sessions"]
    report = json.loads(cli("report", "--format", "json", "--session", session))
    conn = sqlite3.connect(cli.db)
    try:
        after = conn.execute(
            "SELECT hand, player, stack FROM stacks_after_hand WHERE session = ? "
            "ORDER BY hand, player",
            (session,),
        ).fetchall()
        # (an imported hand's actions are one `bets` row: read as the rows they were)
        log = unpacked(
            conn,
            "SELECT e.session_id, e.hand_no, e.kind, e.data FROM events e JOIN sessions s "
            "ON s.id = e.session_id WHERE s.name = ? AND e.undone = 0 ORDER BY e.id",
            (session,),
        )
    finally:
        conn.close()
    return {
        "settings": [s["settings"] for s in sessions if s["session"] == session],
        "stacks": json.loads(cli("stacks", "--json")),
        "report": {key: report[key] for key in report if key not in ("generated", "created_at")},
        "after": after,
        "log": [(hand, kind, done(kind, data)) for hand, kind, data in log],
    }


def done(kind: str, data: str) -> object:
    """An event as recorded; of a betting action, what it did (PHH writes `cc` for a check
    or a call, `cbr X` for a bet or a raise to X: the word said is not kept)."""
    if kind != "action":
        return data
    full = codec.expand_event(kind, json.loads(data))
    return {key: value for key, value in full.items() if key not in ("action", "amount")}


@NOT_INSTALLED
def test_a_cash_evening_comes_back_whole(cli: Marquoir, tmp_path: Path) -> None:
    cli.play(EVENING)
    players = json.loads(cli("stacks", "--json"))["players"]
    assert {p["name"]: p["result"] for p in players} == EVENING_NETS
    original = views(cli, "samedi")
    back = export_import(cli, tmp_path, "samedi")
    assert [s["session"] for s in json.loads(back("sessions", "--json"))["sessions"]] == ["samedi"]
    text = (tmp_path / "samedi.phhs").read_text(encoding="utf-8")
    # bob sat out after the first action of hand 3; the count and settle came after it
    assert """_during = ['1 sitout {"player":"bob"}']""" in text
    assert text.rstrip().endswith('"settle {}"]')
    again = views(back, "samedi")
    for key in ("settings", "stacks", "after", "log"):
        assert again[key] == original[key], key
    assert again["report"] == original["report"]


@NOT_INSTALLED
def test_a_tournament_comes_back_a_tournament(cli: Marquoir, tmp_path: Path) -> None:
    cli.play(TOURNAMENT)
    original = views(cli, "coupe")
    places = json.loads(cli("places", "--json"))
    assert original["settings"][0]["tournament"]["buy_in"] == "20"
    back = export_import(cli, tmp_path, "coupe")
    again = views(back, "coupe")
    for key in ("settings", "stacks", "after", "log"):
        assert again[key] == original[key], key
    assert again["report"] == original["report"]
    assert json.loads(back("places", "--json")) == places


@NOT_INSTALLED
@pytest.mark.parametrize(
    ("field", "message"),
    [
        ("_before = ['deal {\"hand\":1}']", "'deal' is not an event this field may carry"),
        ('_before = [\'seat {"chips":1e400,"player":"x","seat":4}\']', "out of bounds"),
        (
            '_before = [\'seat {"chips":1000000000000000000,"player":"x","seat":4}\']',
            "out of bounds",
        ),
        ('_before = [\'seat {"chips":10,"player":"a>b","seat":4}\']', "a>b"),
        ('_before = [\'recave {"chips":10,"player":"nobody"}\']', "unknown player: nobody"),
        ("_before = ['seat " + "[" * 5000 + "']", "not an event's data"),
        ("_before = []\n_during = ['x leave {}']", "does not start with a count of actions"),
        ("_before = 'seat'", "_before must be a list of texts"),
    ],
)
def test_marquoir_fields_are_checked_as_the_commands_are(
    cli: Marquoir, tmp_path: Path, field: str, message: str
) -> None:
    """The first hand's events before the deal replaced by `field`: refused, nothing kept."""
    cli.play(EVENING)
    out = tmp_path / "s.phhs"
    assert cli.run("export", "phh", "-o", str(out)).returncode == 0
    lines = out.read_text(encoding="utf-8").split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("_before = "))
    lines[at] = field
    bad = tmp_path / "bad.phhs"
    bad.write_text("\n".join(lines), encoding="utf-8")
    folder = tmp_path / "back"
    folder.mkdir()
    back = Marquoir(folder, in_process=True)
    done = back.run("import", "phh", str(bad))
    assert done.returncode == 1, done.stdout
    assert done.stderr.startswith("Error: ") and done.stderr.count("\n") == 1, done.stderr
    assert message in done.stderr
    assert not back.db.exists() or json.loads(back("sessions", "--json"))["sessions"] == []


@NOT_INSTALLED
def test_a_history_without_marquoir_fields_imports_as_before(cli: Marquoir, tmp_path: Path) -> None:
    """The same file without `_marquoir`: each hand seats its players with their stacks and
    cashes them out (the nets stay right; the caves are each hand's stacks)."""
    cli.play(EVENING)
    out = tmp_path / "s.phhs"
    assert cli.run("export", "phh", "-o", str(out)).returncode == 0
    text = out.read_text(encoding="utf-8").replace("_marquoir = 1\n", "")
    plain = tmp_path / "plain.phhs"
    plain.write_text(text, encoding="utf-8")
    folder = tmp_path / "back"
    folder.mkdir()
    back = Marquoir(folder, in_process=True)
    done = back.run("import", "phh", str(plain), "--session", "p")
    assert done.returncode == 0, done.stderr
    # the blinds change at hand 2: two sessions, as PHH alone says nothing of `blinds`
    assert done.stdout.splitlines()[0] == "3 hands imported into sessions p, p-2"
    players = json.loads(back("stacks", "--json"))["players"]
    assert all(p["left"] for p in players)


@NOT_INSTALLED
def test_a_night_settled_short_comes_back_settled_the_same(cli: Marquoir, tmp_path: Path) -> None:
    """Heads-up, a (the button) folds his small blind: a 99, b 101; the count finds b one
    chip short (100), the host shares the difference: the same settlement comes back."""
    cli.play(
        "new court --blinds 1/2 --cave 100\nseat a\nseat b\ndeal\nfold\n"
        "count a=99 b=100 --record\nleave --all\nsettle --missing shared\n"
    )
    settled = json.loads(cli("settle", "--json"))
    original = views(cli, "court")
    back = export_import(cli, tmp_path, "court")
    assert json.loads(back("settle", "--json")) == settled
    again = views(back, "court")
    for key in ("settings", "stacks", "after", "log"):
        assert again[key] == original[key], key
    assert again["report"] == original["report"]
