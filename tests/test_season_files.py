"""A season over several clubs' files (`standings FILE...`): each tournament counted once,
wherever a copy of it is found, and each one shown with the file it came from.

The league points are worked by hand from the places of the worked 9-entry freezeout
(tests/test_tournament_cli.py): p3 1st, p8 2nd, p9 3rd, p5 4th, p1 5th, p7 6th, p6 7th,
p2 8th, p4 9th; by the default formula (entries - place + 1) 9, 8, 7, 6, 5, 4, 3, 2, 1.
"""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path
from typing import Any

from .installed import Marquoir
from .test_schemas import schema
from .test_tournament_cli import FREEZEOUT
from .test_tournament_deals import THREE_LEFT

# the same second for every file: two clubs' scripts run at once, or a test's fixed clock
NOW = "1796400000"  # 2026-12-04 16:00 UTC


def _club(tmp_path: Path, name: str) -> Marquoir:
    (tmp_path / name).mkdir()
    club = Marquoir(tmp_path / name, in_process=True)
    club.db = tmp_path / name / f"{name}.db"
    club.env.update(MARQUOIR_DB=str(club.db), MARQUOIR_NOW=NOW)
    return club


def _swapped(script: str) -> str:
    """The same evening with p3 and p4 trading names: p4 wins, p3 is 9th."""
    return re.sub(r"\bp[34]\b", lambda m: "p4" if m.group() == "p3" else "p3", script)


def _season(tmp_path: Path) -> tuple[Marquoir, list[str]]:
    """Three clubs: A and B each played a tournament called `mardi` created in the same
    second (different evenings all the same); C a `jeudi` ended by an even deal at three."""
    club_a, club_b, club_c = (_club(tmp_path, name) for name in ("a", "b", "c"))
    club_a.play(FREEZEOUT.replace("new f9 ", "new mardi ", 1))
    club_b.play(_swapped(FREEZEOUT.replace("new f9 ", "new mardi ", 1)))
    club_c.play(THREE_LEFT.replace("new f9 ", "new jeudi ", 1))
    club_c("chop", "--even")
    return club_a, [str(club.db) for club in (club_a, club_b, club_c)]


def _points(data: dict[str, Any]) -> dict[str, tuple[int, str]]:
    return {row["player"]: (row["tournaments"], row["points"]) for row in data["players"]}


def test_two_clubs_tournaments_of_the_same_name_and_second_both_count(tmp_path: Path) -> None:
    club, files = _season(tmp_path)
    data = json.loads(club("standings", *files, "--json"))
    schema("standings").validate(data)
    # by hand: A gives 9..1 (p3 first), B the same with p3 and p4 traded (p4 9, p3 1),
    # C shares places 1-3 among p3, p8, p9: (9 + 8 + 7) / 3 = 8 each, then p5 6 ... p4 1
    assert _points(data) == {
        "p8": (3, "24"),  # 8 + 8 + 8
        "p9": (3, "22"),  # 7 + 7 + 8
        "p3": (3, "18"),  # 9 + 1 + 8
        "p5": (3, "18"),  # 6 + 6 + 6
        "p1": (3, "15"),
        "p7": (3, "12"),
        "p4": (3, "11"),  # 1 + 9 + 1
        "p6": (3, "9"),
        "p2": (3, "6"),
    }
    # the most points first; p3 and p5 tie on points, p3 won more money (68 - 22 + 38
    # against 3 x -22), so he comes first
    order = [row["player"] for row in data["players"]]
    assert order == ["p8", "p9", "p3", "p5", "p1", "p7", "p4", "p6", "p2"]
    p3 = next(row for row in data["players"] if row["player"] == "p3")
    assert p3["net"] == "84.00"
    # each session is named by its file, and each file says what it gave
    assert data["sessions"] == ["a/mardi", "b/mardi", "c/jeudi"]
    assert data["files"] == [
        {"file": files[0], "label": "a", "sessions": ["mardi"], "tournaments": ["mardi"]},
        {"file": files[1], "label": "b", "sessions": ["mardi"], "tournaments": ["mardi"]},
        {"file": files[2], "label": "c", "sessions": ["jeudi"], "tournaments": ["jeudi"]},
    ]


def test_the_text_says_which_file_each_tournament_came_from(tmp_path: Path) -> None:
    club, files = _season(tmp_path)
    out = club("standings", *files).splitlines()
    assert out[0] == "3 sessions, amounts in EUR"
    assert out[2:5] == [
        f"{files[0]}: mardi (tournament)",
        f"{files[1]}: mardi (tournament)",
        f"{files[2]}: jeudi (tournament)",
    ]
    p8 = next(line for line in out if line.startswith("p8 "))
    assert p8.split()[1:3] == ["3", "24"]
    french = club("--lang", "fr", "standings", *files).splitlines()
    assert f"{files[0]}\u202f: mardi (tournoi)" in french  # (French typography)


def test_the_same_tournament_twice_is_refused(tmp_path: Path) -> None:
    """The same file twice (under two spellings of its path), a backup of it, or a copy
    taken before the end and played on: one `Error:` line, exit 1, nothing printed."""
    club, files = _season(tmp_path)
    a = files[0]
    dotted = str(Path(a).parent / "." / Path(a).name)
    line = club.refused("standings", a, files[1], dotted)
    # (both files are called a.db: each is named by its path)
    assert "mardi" in line and f"is already counted from {a}:" in line
    backup = tmp_path / "backup.db"
    club("backup", str(backup))
    assert "already counted" in club.refused("standings", str(backup), *files)
    # a copy of club C's file from before the deal, played on in the original
    early = _club(tmp_path, "early")
    early.play(THREE_LEFT.replace("new f9 ", "new jeudi ", 1))
    late = tmp_path / "late.db"
    late.write_bytes(early.db.read_bytes())
    early("chop", "--even")
    line = early.refused("standings", str(early.db), str(late))
    assert "jeudi" in line and "already counted" in line


def test_a_session_is_known_by_the_id_it_was_created_with(tmp_path: Path) -> None:
    _club, files = _season(tmp_path)
    ids = []
    for path in files[:2]:
        with sqlite3.connect(path) as conn:
            (uid,) = conn.execute("SELECT json_extract(settings, '$.uid') FROM sessions").fetchone()
        ids.append(uid)
        assert re.fullmatch(r"[0-9a-f]{16}", uid)
    assert ids[0] != ids[1]  # the same name, the same second, two tournaments
