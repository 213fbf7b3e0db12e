"""`export phh` then `import phh` of Marquoir's own files, through the installed command.

Two tables with the same stakes: the example evening (every showdown given as a ranking) and
an evening in Swiss francs with players in seats 3, 5 and 8, a showdown from the cards and a
ranking with a side pot. The import must give back two sessions, the seats, the chip values
and currencies, and the same stacks after every hand; PokerKit (an independent reader) must
load every exported hand without a warning and replay those whose cards are known to the
same stacks.
"""

from __future__ import annotations

import datetime
import json
import sqlite3
import warnings
from pathlib import Path

from pokerkit import HandHistory

from marquoir.domain.events import Dealt
from marquoir.domain.table import Table
from marquoir.storage import codec
from marquoir.storage.db import READ
from marquoir.storage.ledger import Ledger

from .installed import NOT_INSTALLED, Marquoir

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

SAMEDI = """\
new samedi --blinds 1/2 --cave 100 --chip-value 0.05 --currency CHF
seat zoe --seat 3 --cave 100
seat yan --seat 5 --cave 150
seat xav --seat 8 --cave 60
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
showdown --board "Ah Kd 7c 2s 9h" zoe="As Ks" yan="Qh Qd" xav="2c 3c"
deal
raise 10
call
allin
call
call
showdown "xav > zoe > yan"
"""
# Hand 1: blinds 1/2, everyone in for 2, zoe's aces and kings take the 6 chips.
# Hand 2: xav (58 left) is all-in: main pot 3 x 58 to xav; yan and zoe: side pot to zoe.
SAMEDI_STACKS = [
    {"zoe": 104, "yan": 148, "xav": 58},
    {"zoe": 2 * (104 - 58), "yan": 148 - 104, "xav": 3 * 58},
]


def stacks_after_hands(db: Path, session: str) -> list[dict[str, int]]:
    conn = sqlite3.connect(db)
    rows = conn.execute(
        "SELECT hand, player, stack FROM stacks_after_hand WHERE session = ? ORDER BY hand",
        (session,),
    ).fetchall()
    conn.close()
    hands: dict[int, dict[str, int]] = {}
    for hand, player, stack in rows:
        hands.setdefault(hand, {})[player] = stack
    return [hands[number] for number in sorted(hands)]


def seats_dealt(db: Path, session: str) -> list[dict[str, int]]:
    """Who sat where at each deal, from the log replayed (a deal keeps its button and
    number; its players are those the table deals)."""
    found = []
    with Ledger(db, mode=READ) as book:
        info = book.session_named(session)
        table = Table(info.settings)
        for stored in book.events(info):
            event = codec.event_from_record(stored.kind, stored.data, table)
            table.apply(event)
            if isinstance(event, Dealt):
                found.append({seat.name: seat.seat for seat in event.seats})
    return found


@NOT_INSTALLED
def test_export_then_import_gives_the_same_sessions_back(tmp_path: Path) -> None:
    cli = Marquoir(tmp_path, in_process=True)
    cli("play", str(EXAMPLES / "evening.txt"))
    cli.play(SAMEDI)
    assert stacks_after_hands(cli.db, "samedi") == SAMEDI_STACKS
    files = []
    for session in ("vendredi", "samedi"):
        out = tmp_path / f"{session}.phhs"
        done = cli.run("export", "phh", "--session", session, "-o", str(out))
        assert done.returncode == 0, done.stderr
        files.append(out)
        blind = 4 if session == "vendredi" else 1  # showdowns given as a ranking
        total = 4 if session == "vendredi" else 2
        # said once, on standard error
        assert done.stderr.count("PokerKit cannot replay") == 1
        assert done.stderr.startswith(f"note: {blind} of {total} hands")

    (tmp_path / "back").mkdir()  # a file named by MARQUOIR_DB gets no folder made for it
    back = Marquoir(tmp_path / "back", in_process=True)
    done = back.run("import", "phh", *map(str, files), "--session", "back")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == "6 hands imported into sessions back, back-2"
    assert "finishing stacks: 6 of 6 hands match" in done.stdout
    # the showdowns given as a ranking come back from Marquoir's own field (`_showdown`)
    assert "unknown cards" not in done.stdout

    sessions = json.loads(back("sessions", "--json"))["sessions"]
    settings = {s["session"]: s["settings"] for s in sessions}
    originals = {
        s["session"]: s["settings"] for s in json.loads(cli("sessions", "--json"))["sessions"]
    }
    assert settings["back"] == originals["vendredi"]
    assert settings["back-2"] == originals["samedi"]
    assert (settings["back-2"]["chip_value"], settings["back-2"]["currency"]) == ("0.05", "CHF")
    for old, new in (("vendredi", "back"), ("samedi", "back-2")):
        assert seats_dealt(back.db, new) == seats_dealt(cli.db, old)
        # everyone's stack after every hand, those who sat out or left included
        assert stacks_after_hands(back.db, new) == stacks_after_hands(cli.db, old)
    assert seats_dealt(back.db, "back-2")[0] == {"zoe": 3, "yan": 5, "xav": 8}


@NOT_INSTALLED
def test_pokerkit_loads_every_exported_hand_and_replays_the_known_ones(tmp_path: Path) -> None:
    cli = Marquoir(tmp_path, in_process=True)
    cli.play(SAMEDI)
    done = cli.run("export", "phh", "-o", "-")
    assert done.returncode == 0 and "PokerKit cannot replay" in done.stderr
    text = done.stdout
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no unexpected field, no unparsable value
        histories = list(HandHistory.loads_all(text))
    assert len(histories) == 2
    first, second = histories
    assert (first.currency, first.event, first.table, first.seat_count) == (
        "CHF",
        "samedi",
        "samedi",
        8,
    )
    assert first.seats == [5, 8, 3]  # p1 the small blind (yan) ... p3 the button (zoe)
    assert first.players == ["yan", "xav", "zoe"]
    assert first.user_defined_fields["_chip_value"] == "0.05"
    assert first.time_zone == "UTC" and isinstance(first.time, datetime.time)
    today = datetime.datetime.now(datetime.UTC).date()
    assert abs((datetime.date(first.year, first.month, first.day) - today).days) <= 1
    assert first.winnings == [0, 0, 6]
    assert second.players == ["xav", "zoe", "yan"]  # the button moved to yan
    assert second.winnings == [174, 92, 0]
    assert "time_zone_abbreviation" not in text
    # the hand with its cards replays in PokerKit to Marquoir's stacks
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        states = list(first)
    assert list(states[-1].stacks) == first.finishing_stacks == [148, 58, 104]
