"""`import phh` on two processes (`marquoir/storage/phh_parallel.py`): the file written is the
file one process writes, byte for byte, whether the second process's hands are taken or
replayed again (a skipped hand before them, a name in another case, a hand refused)."""

from __future__ import annotations

import json
import os
import re
import signal
from pathlib import Path
from typing import Any

import pytest

from marquoir.storage import phh_import, phh_parallel
from marquoir.storage.ledger import Ledger
from marquoir.storage.phh_import import PHHImportError, PHHSource, import_phh

DATA = Path(__file__).resolve().parent / "data"
PLURIBUS = DATA / "pluribus-sample.phhs"
WSOP = DATA / "wsop-sample.phhs"
TABLES = ("sessions", "events", "hands", "snapshots", "meta")

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork on this system")


def hands_of(text: str) -> list[str]:
    """The `[key]` tables of a .phhs text, each with its lines."""
    parts = re.split(r"(?m)^(?=\[)", text)
    return [part for part in parts if part.startswith("[")]


def written(path: Path, text: str, *, processes: int) -> tuple[Any, dict[str, list[Any]]]:
    """The import's report and every row of the tables it writes (creation times aside)."""
    with Ledger(path) as book:
        report = import_phh(book, [PHHSource("file", text)], session="club", processes=processes)
        rows = {}
        for table in TABLES:
            columns = [r[1] for r in book.conn.execute(f"PRAGMA table_info({table})")]
            chosen = ", ".join("'-'" if c == "created_at" else c for c in columns)
            rows[table] = book.conn.execute(f"SELECT {chosen} FROM {table}").fetchall()
    return report, rows


@pytest.fixture
def taken(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Whether the import on two processes was kept (or done again in one), at each import."""
    seen: list[bool] = []
    in_two = phh_import._in_two

    def spy(*args: Any) -> Any:
        try:
            results = in_two(*args)
        except Exception:
            seen.append(False)
            raise
        seen.append(True)
        return results

    monkeypatch.setattr(phh_import, "_in_two", spy)
    return seen


def same_both_ways(tmp_path: Path, text: str) -> tuple[Any, dict[str, list[Any]]]:
    one = written(tmp_path / "one.db", text, processes=1)
    two = written(tmp_path / "two.db", text, processes=2)
    assert two[0] == one[0]  # every hand's fate, in order
    for table in TABLES:
        assert two[1][table] == one[1][table], table
    return one


def test_the_second_process_writes_what_one_process_writes(
    tmp_path: Path, taken: list[bool]
) -> None:
    report, rows = same_both_ways(tmp_path, PLURIBUS.read_text(encoding="utf-8"))
    assert taken == [True]  # (the second process's hands were used, not replayed again)
    assert report.imported == 258
    # a snapshot every 100 hands and after the last, once the six players have left
    assert [row[1] for row in rows["snapshots"]] == [
        rows["hands"][99][2] + 6,
        rows["hands"][199][2] + 6,
        rows["hands"][257][2] + 6,
    ]
    assert [json.loads(row[2])["hand_no"] for row in rows["snapshots"]] == [100, 200, 258]


def test_the_accounts_count_every_cave_of_the_file(tmp_path: Path, taken: list[bool]) -> None:
    """Each player's total caves in the last snapshot: 10,000 for each hand he played
    (counted from the file, not from the import)."""
    text = PLURIBUS.read_text(encoding="utf-8")
    played: dict[str, int] = {}
    for hand in hands_of(text):
        names = re.search(r"(?m)^players = \[(.*)\]", hand)
        assert names is not None
        for name in re.findall(r"'([^']*)'", names.group(1)):
            played[name] = played.get(name, 0) + 1
    with Ledger(tmp_path / "two.db") as book:
        import_phh(book, [PHHSource("file", text)], session="club", processes=2)
        (state,) = book.conn.execute(
            "SELECT state FROM snapshots ORDER BY event_id DESC LIMIT 1"
        ).fetchone()
    assert taken == [True]
    accounts = {a["name"]: a for a in json.loads(state)["accounts"]}
    assert {name: a["bought"] for name, a in accounts.items()} == {
        name: 10_000 * count for name, count in played.items()
    }
    assert all(a["left"] and a["stack"] == 0 for a in accounts.values())


def test_a_hand_skipped_before_the_second_part_is_replayed_here(
    tmp_path: Path, taken: list[bool]
) -> None:
    """A skipped hand in the first part: the hand numbers of the second part would follow on
    wrongly; this process replays the second part itself."""
    hands = hands_of(PLURIBUS.read_text(encoding="utf-8"))
    # the actions cut after the cards are dealt: "the actions stop before the end"
    hands[3] = re.sub(r"(?m)^actions = \[('d dh [^']*', ){6}.*$", _cut, hands[3])
    report, _rows = same_both_ways(tmp_path, "".join(hands))
    assert taken == [False]
    assert report.skipped == 1 and "stop before the end" in report.hands[3].message


def _cut(match: re.Match[str]) -> str:
    return "actions = [" + match.group(0).split("[", 1)[1].split(", 'p")[0] + "]"


def test_a_name_met_in_another_case_is_the_first_spelling(
    tmp_path: Path, taken: list[bool]
) -> None:
    """`Budd` in the first part, `BUDD` in the second: one player, `Budd` (as one process
    names him); the second process could not know, this one replays its part."""
    text = PLURIBUS.read_text(encoding="utf-8")
    cut = phh_parallel.cut([PHHSource("file", text)], processes=2)
    assert cut is not None and "'Budd'" in cut.head.text
    tail = cut.tail.text.replace("'Budd'", "'BUDD'")  # (the second process meets BUDD only)
    _report, rows = same_both_ways(tmp_path, cut.head.text + tail)
    assert taken == [False]
    assert not any("BUDD" in str(row) for row in rows["events"])


def test_a_hand_refused_in_the_second_part_stops_the_import(tmp_path: Path) -> None:
    hands = hands_of(PLURIBUS.read_text(encoding="utf-8"))
    last = hands[-1]
    hands[-1] = re.sub(r"'p(\d) f'", r"'p\1 cbr 1'", last, count=1)  # a bet below the minimum
    text = "".join(hands)
    messages = []
    for processes in (1, 2):
        path = tmp_path / f"{processes}.db"
        with Ledger(path) as book, pytest.raises(PHHImportError) as refused:
            import_phh(book, [PHHSource("file", text)], session="club", processes=processes)
        messages.append(str(refused.value))
        with Ledger(path) as book:
            assert book.conn.execute("SELECT count(*) FROM events").fetchone() == (0,)
    assert messages[0] == messages[1]
    assert messages[0].startswith("file hand 9961:")  # (the key of the sample's last hand)


def test_a_hand_refused_in_the_first_part_stops_the_second_process(tmp_path: Path) -> None:
    hands = hands_of(PLURIBUS.read_text(encoding="utf-8"))
    hands[0] = re.sub(r"'p(\d) f'", r"'p\1 cbr 1'", hands[0], count=1)
    with Ledger(tmp_path / "a.db") as book, pytest.raises(PHHImportError, match="hand 1"):
        import_phh(book, [PHHSource("file", "".join(hands))], session="club", processes=2)
    with pytest.raises(ChildProcessError):  # (no second process left behind)
        os.waitpid(-1, os.WNOHANG)


def test_no_second_process_to_be_had_imports_in_one(
    tmp_path: Path, taken: list[bool], monkeypatch: pytest.MonkeyPatch
) -> None:
    def refused() -> int:
        raise BlockingIOError(11, "Resource temporarily unavailable")

    monkeypatch.setattr(os, "fork", refused)
    opened = set(os.listdir("/proc/self/fd")) if os.path.isdir("/proc/self/fd") else set()
    same_both_ways(tmp_path, PLURIBUS.read_text(encoding="utf-8"))
    assert taken == [False]
    if opened:  # (the pipe and the temporary file closed again)
        assert set(os.listdir("/proc/self/fd")) <= opened


def test_a_hand_at_the_root_is_one_hand_whatever_follows(tmp_path: Path) -> None:
    """A `.phh` hand (fields at the root) followed by `[key]` tables is one hand whose
    tables are fields: the text is not cut (its tables are no hands)."""
    hands = hands_of(PLURIBUS.read_text(encoding="utf-8"))
    root = hands[0].split("\n", 1)[1]  # (hand 1's fields, without its [key])
    text = root + "\n" + "".join(hands[1:])
    assert phh_parallel.cut([PHHSource("file", text)], processes=2) is None
    report, _rows = same_both_ways(tmp_path, text)
    assert report.imported == 1


def test_ended_processes_taken_away_import_in_one(tmp_path: Path, taken: list[bool]) -> None:
    """With SIGCHLD ignored (inherited from a parent program) a second process could not
    be waited for: one process imports."""
    previous = signal.signal(signal.SIGCHLD, signal.SIG_IGN)
    try:
        same_both_ways(tmp_path, PLURIBUS.read_text(encoding="utf-8"))
    finally:
        signal.signal(signal.SIGCHLD, previous)
    assert taken == []


def test_hands_going_to_several_sessions_are_played_here(tmp_path: Path) -> None:
    same_both_ways(tmp_path, WSOP.read_text(encoding="utf-8"))


def test_a_text_is_cut_before_a_hand_and_only_when_worth_it() -> None:
    text = PLURIBUS.read_text(encoding="utf-8")
    source = PHHSource("file", text)
    cut = phh_parallel.cut([source], processes=2)
    assert cut is not None
    assert cut.head.text + cut.tail.text == text
    assert cut.tail.text.startswith("[") and cut.head.text.endswith("\n")
    assert cut.after == len(hands_of(cut.head.text))
    assert 0.3 < cut.after / 258 < 0.7
    assert cut.head.name == cut.tail.name == "file"
    assert phh_parallel.cut([source], processes=1) is None
    assert phh_parallel.cut([source, source], processes=2) is None
    assert phh_parallel.cut([source], processes=None) is None  # (258 hands: not worth it)
