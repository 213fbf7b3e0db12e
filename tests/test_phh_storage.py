"""What `import phh` writes of a history's hands: the players who play the next hand in the
same order round the table stay seated (only the stacks that differ from the history's are
made up, by a recave or by cashing out and sitting down again), deals stored by their
button, the streets named; and the money each player is shown to win or lose is what the
hands give. The expected rows are worked out by hand from the hands below."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from marquoir.app.books import Books
from marquoir.app.phh import import_phh as import_phh_files
from marquoir.app.phh import session_name
from marquoir.storage.ledger import Ledger
from marquoir.storage.phh_import import PHHSource, import_phh
from marquoir.storage.verify import verify

# Three players, blinds 1/2, 100 each. Hand 1: ann small blind, bob big blind, cy on the
# button; cy and ann fold: bob wins ann's blind (ann 99, bob 101, cy 100). Hand 2, the same
# players one seat on (bob small blind, cy big blind, ann on the button), back at 100 each;
# ann and bob fold: cy wins bob's blind (ann 100, bob 99, cy 101). Hand 3: dee in cy's
# place: everyone leaves and the hand's players sit down.
HANDS = """
[1]
variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 f', 'p1 f']
players = ['ann', 'bob', 'cy']

[2]
variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 f', 'p1 f']
players = ['bob', 'cy', 'ann']

[3]
variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 f', 'p1 f']
players = ['ann', 'bob', 'dee']
"""


def _rows(db: Path, sql: str) -> list[tuple[Any, ...]]:
    conn = sqlite3.connect(db)
    try:
        return [tuple(row) for row in conn.execute(sql)]
    finally:
        conn.close()


def test_the_players_stay_seated_and_only_the_stacks_that_differ_are_made_up(
    tmp_path: Path,
) -> None:
    db = tmp_path / "m.db"
    with Ledger(db) as book:
        report = import_phh(book, [PHHSource("t", HANDS)], session="t")
    assert report.imported == 3
    events = [
        (kind, json.loads(data))
        for kind, data in _rows(db, "SELECT kind, data FROM events ORDER BY id")
    ]
    assert events == [
        ("seat", ["ann", 1, 100]),
        ("seat", ["bob", 2, 100]),
        ("seat", ["cy", 3, 100]),
        ("button", {"player": "cy"}),
        ("deal", [3]),
        # the hand's actions in one row, each [code, player by index in the hand's players
        # in seat order, total]: cy (2) folds, ann (0) folds her small blind of 1
        ("bets", [[["f", 2], ["f", 0, 1]]]),
        # hand 2: bob (101) cashes out and sits down again with 100; cy has his 100;
        # ann (99) recaves 1; the button goes to ann, the last of the hand's players, the
        # seat after cy's as the table moves it itself: no event
        ("leave", ["bob", 101]),
        ("seat", ["bob", 2, 1, 100]),  # (1: a return)
        ("recave", ["ann", 1]),
        ("deal", [1]),
        ("bets", [[["f", 0], ["f", 1, 1]]]),  # ann folds, bob his small blind
        # hand 3: dee is not at the table: everyone leaves, the hand's players sit down
        ("leave", ["ann", 100]),
        ("leave", ["bob", 99]),
        ("leave", ["cy", 101]),
        ("seat", ["ann", 1, 100]),
        ("seat", ["bob", 2, 100]),
        ("seat", ["dee", 3, 100]),
        ("button", {"player": "dee"}),  # (the table would move it to bob's seat)
        ("deal", [3]),
        ("bets", [[["f", 2], ["f", 0, 1]]]),  # dee folds, ann her small blind
        # after the last hand, everyone still seated cashes out (ann 99, bob 101, dee 100)
        ("leave", ["ann", 99]),
        ("leave", ["bob", 101]),
        ("leave", ["dee", 100]),
    ]
    # a summary names its players once and gives their one starting stack as one number
    first = json.loads(_rows(db, "SELECT summary FROM hands ORDER BY hand_no")[0][0])
    assert first[:3] == [["ann", "bob", "cy"], 100, [-1, 1, 0]]
    stacks = _rows(db, "SELECT player, stack FROM stacks_after_hand WHERE hand = 1")
    assert stacks == [("ann", 99), ("bob", 101), ("cy", 100)]
    # each player's result is what the hands gave him: ann -1 -0 -1, bob +1 -1 +1, cy +1
    results = _rows(db, "SELECT player, result FROM players_now ORDER BY player")
    assert results == [("ann", -2), ("bob", 1), ("cy", 1), ("dee", 0)]
    money = _rows(db, "SELECT player, sum(balance) FROM ledger GROUP BY player ORDER BY player")
    assert money == [("ann", -2.0), ("bob", 1.0), ("cy", 1.0), ("dee", 0.0)]
    with Ledger(db) as book:
        checked = verify(book)
    assert checked.sound and checked.rebuilt == 0 and not any(s.wrong for s in checked.sessions)


def test_an_imported_session_names_its_streets(tmp_path: Path) -> None:
    """The `actions` view names an imported action's street (the file gets its game's
    `streets` rows when the import makes the session, as `new` does)."""
    db = tmp_path / "m.db"
    with Ledger(db) as book:
        import_phh(book, [PHHSource("t", HANDS)], session="t")
    streets = {row[0] for row in _rows(db, "SELECT street FROM actions")}
    assert streets == {"preflop"}


def test_the_application_layer_imports_and_returns_the_report(tmp_path: Path) -> None:
    """`app.phh.import_phh` makes the file, names the session after the first file when
    none is named, and returns the report the command prints (no printing of its own)."""
    source = tmp_path / "Pluribus day 1 (2019).phhs"
    source.write_text(HANDS, encoding="utf-8")
    assert session_name([str(source)]) == "Pluribus-day-1-2019-"
    assert session_name(["a b/"]) == "imported"  # (no name left: the default)
    books = Books(str(tmp_path / "new.db"))
    report = import_phh_files(books, [str(source)])
    assert (report.sessions, report.imported, report.skipped) == (("Pluribus-day-1-2019-",), 3, 0)
    assert report.lines()[0] == "3 hands imported into session Pluribus-day-1-2019-"
