"""A hand's betting actions as one `bets` row (`import phh` writes them so; m013 converts
older files): read back, it is the rows it replaces.

The oracle is the log written the old way, one row an action: the same hands imported with
no action packable (`codec.BET_CODES` emptied, so the writer keeps each action's row, as
every version before did). Everything a reader gets must be the same from both files: the
events, `verify`, the reports and exports, the `actions` view (but the id of the row each
action is in), and every `undo`, step by step, back to the empty session.
"""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest
from sqlite_utils import Database

from marquoir.domain import Action, TableConfig
from marquoir.domain.events import ButtonSet
from marquoir.domain.table import SessionSettings, Table
from marquoir.storage import codec
from marquoir.storage.ledger import Ledger
from marquoir.storage.migrations import m013_a_hands_bets_in_one_row as m013
from marquoir.storage.phh_bets import Bet
from marquoir.storage.phh_import import PHHSource, import_phh
from marquoir.storage.verify import verify

from .installed import NOT_INSTALLED, Marquoir
from .logs import same_actions

SAMPLE = Path(__file__).parent / "data" / "pluribus-sample.phhs"
NOW = 1_790_000_000  # (one time for both imports: the files then differ in their rows only)


def _hands(count: int) -> str:
    """The first `count` hands of the Pluribus sample."""
    text = SAMPLE.read_text(encoding="utf-8")
    return "\n[".join(text.split("\n[")[:count]) + "\n"


def _import(db: Path, text: str, monkeypatch: pytest.MonkeyPatch, *, packed: bool) -> None:
    with monkeypatch.context() as patch:
        patch.setattr(time, "time", lambda: NOW)
        if not packed:  # (no action can be packed: each keeps its row, as before m013)
            patch.setattr(codec, "BET_CODES", {})
        with Ledger(db) as book:
            import_phh(book, [PHHSource("sample", text)], session="s")


@pytest.fixture
def files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """The same 12 hands (folds, calls, raises, showdowns) imported the old way and now."""
    text = _hands(12)
    old, new = tmp_path / "old" / "marquoir.db", tmp_path / "new" / "marquoir.db"
    old.parent.mkdir()
    new.parent.mkdir()
    _import(old, text, monkeypatch, packed=False)
    _import(new, text, monkeypatch, packed=True)
    return old, new


def _rows(db: Path, sql: str) -> list[Any]:
    conn = sqlite3.connect(db)
    try:
        return [list(row) for row in conn.execute(sql)]
    finally:
        conn.close()


def _log(book: Ledger) -> list[tuple[Any, ...]]:
    session = book.current()
    return [(e.hand_no, e.kind, e.data) for e in book.events(session)]


def test_a_hand_by_hand_example_packs_and_unpacks() -> None:
    """Worked by hand: ann, bob, cy in seat order (indexes 0, 1, 2); bob's small blind 1,
    cy's big blind 2. Pre-flop ann raises to 6, bob calls 5 more (total 6), cy folds his
    big blind; on the flop (street 1) bob checks, ann bets 10, bob goes all-in for 40,
    ann calls 30 more, all-in too."""
    players = ["ann", "bob", "cy"]
    actions = [
        ["bet", "ann", 0, 6, 6, 6, "raise"],
        ["call", "bob", 0, 5, 6],
        ["fold", "cy", 0, 0, 2],
        ["call", "bob", 1, 0, 0, None, "check"],
        ["bet", "ann", 1, 10, 10, 10],
        ["allin", "bob", 1, 40, 40, None, "raise", 1],
        ["call", "ann", 1, 30, 40, None, None, 1],
    ]
    packed = codec.pack_bets(actions, players)
    # r: a bet that raises (its added, 6, is its total: left out); c: bob's call adds 5 of
    # his total 6; f: cy's fold with his 2 in front; k: a call that checks; b: a bet;
    # R: an all-in that raises (all-in: every field written); c ... 1: a call all-in
    assert packed == [
        [["r", 0, 6], ["c", 1, 6, 5], ["f", 2, 2]],
        [["k", 1], ["b", 0, 10], ["R", 1, 40, 40, 1], ["c", 0, 40, 30, 1]],
    ]
    assert codec.unpack_bets(packed, players) == actions
    # an amount said that is not the total, a street by name, a player not of the hand
    assert codec.pack_bets([["bet", "ann", 0, 6, 6, 7]], players) is None
    assert codec.pack_bets([["fold", "ann", "preflop"]], players) is None
    assert codec.pack_bets([["fold", "dee", 0]], players) is None


def test_the_import_packs_each_action_from_what_the_table_said_it_did() -> None:
    """The same hand played at a table (stacks 46, 46, 10; ann on the button): the item the
    import makes of each action from the table's detail (`Bet`, no JSON read back) is the
    worked example's, and the one that packing the action's own row (its stored text read
    back, as the writer did before) gives."""
    table = Table(SessionSettings(TableConfig(small_blind=1, big_blind=2)))
    for name, seat, cave in (("ann", 1, 46), ("bob", 2, 46), ("cy", 3, 10)):
        table.apply(table.seat_event(name, seat=seat, cave=cave))
    table.apply(ButtonSet("ann"))
    table.apply(table.deal_event())
    assert table.hand is not None
    players = [p.name for p in table.hand.players]
    assert players == ["ann", "bob", "cy"]
    streets = codec.streets_of(table.config)
    said = [Action.bet(6), Action.call(), Action.fold()]  # (pre-flop)
    said += [Action.call(), Action.bet(10), Action.allin(), Action.call()]  # (the flop)
    packed: list[list[Any]] = [[], []]
    for action in said:
        acted = table.act_event(action)
        detail = table.apply(acted)
        bet = Bet(acted, detail, streets)
        assert bet.street is not None and bet.player in players
        item = json.loads(f"{bet.head}{players.index(bet.player)}{bet.tail}")
        assert bet.text == codec.event_text(acted, detail, streets=streets)[1]
        assert codec.bet_element(json.loads(bet.text), players) == (bet.street, item)
        packed[bet.street].append(item)
    assert packed == [
        [["r", 0, 6], ["c", 1, 6, 5], ["f", 2, 2]],
        [["k", 1], ["b", 0, 10], ["R", 1, 40, 40, 1], ["c", 0, 40, 30, 1]],
    ]


def test_hands_that_cannot_be_packed_keep_a_row_an_action_beside_those_packed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the raise left out of what a `bets` row can say, the hands with a raise keep
    one row an action (their text made then) and the others are packed, in one import: the
    log reads as the one of the old way (every action its row), hand for hand."""
    text = _hands(12)
    old, mixed = tmp_path / "old.db", tmp_path / "mixed.db"
    _import(old, text, monkeypatch, packed=False)
    with monkeypatch.context() as patch:
        codes = {said: code for said, code in codec.BET_CODES.items() if code != "r"}
        patch.setattr(codec, "BET_CODES", codes)
        _import(mixed, text, monkeypatch, packed=True)
    kinds = dict(_rows(mixed, "SELECT kind, count(*) FROM events GROUP BY kind"))
    assert 0 < kinds["bets"] < 12 and kinds["action"] > 0
    raised = _rows(
        mixed, "SELECT count(*) FROM events WHERE kind = 'action' AND data LIKE '%raise%'"
    )
    assert raised[0][0] > 0
    assert not _rows(mixed, "SELECT 1 FROM events WHERE kind = 'bets' AND data LIKE '%\"r\"%'")
    unpacked_query = "SELECT hand_no, kind, data FROM events WHERE kind = 'action' ORDER BY id"
    by_hand = {row[0] for row in _rows(mixed, unpacked_query)}
    assert [r for r in _rows(old, unpacked_query) if r[0] in by_hand] == _rows(
        mixed, unpacked_query
    )
    with Ledger(old) as a, Ledger(mixed) as b:
        assert _log(b) == _log(a)
        assert verify(b).sound


def test_the_import_writes_one_row_a_hand_that_reads_as_the_rows_it_was(
    files: tuple[Path, Path],
) -> None:
    old, new = files
    kinds = dict(_rows(new, "SELECT kind, count(*) FROM events GROUP BY kind"))
    assert "action" not in kinds and kinds["bets"] == 12  # (one row a hand)
    before = dict(_rows(old, "SELECT kind, count(*) FROM events GROUP BY kind"))
    assert before["action"] > 12 * 4 and "bets" not in before
    with Ledger(old) as a, Ledger(new) as b:
        assert _log(b) == _log(a)
        checked = verify(a), verify(b)
    assert all(c.sound and not c.rebuilt for c in checked)
    assert [s.events for s in checked[1].sessions] == [s.events for s in checked[0].sessions]
    # (the `event` column aside: the id of the row that holds the action)
    then, now = (_rows(db, "SELECT * FROM actions") for db in (old, new))
    assert then and [row[:-1] for row in now] == [row[:-1] for row in then]
    with Ledger(old) as a, Ledger(new) as b:  # (which PokerNow's export reads)
        times = [book.player_times(book.current()) for book in (a, b)]
    assert times[0] == times[1] and len(times[0]) == 6


def test_m013_packs_an_older_file_as_the_import_does(files: tuple[Path, Path]) -> None:
    """The migration's own code (it calls none of today's) writes the rows the import
    writes: the same log, row for row (the ids but the packed rows' aside)."""
    old, new = files
    then = _rows(old, "SELECT * FROM actions")
    conn = sqlite3.connect(old)
    m013.migrate(Database(conn))
    conn.commit()
    conn.close()
    query = "SELECT hand_no, kind, data, undone FROM events ORDER BY id"
    assert _rows(old, query) == _rows(new, query)
    assert same_actions(_rows(old, "SELECT * FROM actions"), then)
    with Ledger(old) as book:
        assert verify(book).sound


@NOT_INSTALLED
def test_reports_and_exports_are_the_same_byte_for_byte(
    files: tuple[Path, Path], tmp_path: Path
) -> None:
    old, new = (Marquoir(db.parent) for db in files)
    for command in (
        ("report",),
        ("report", "--format", "json"),
        ("export", "csv", "--what", "hands"),
        ("export", "csv"),
        ("export", "pokernow"),
        ("export", "phh"),
        ("status", "--json"),
        ("verify",),
    ):
        then, now = old.run(*command), new.run(*command)
        assert then.returncode == 0, (command, then.stderr)
        assert (now.returncode, now.stdout, now.stderr) == (0, then.stdout, then.stderr), command


def test_undo_takes_an_imported_hand_back_action_by_action(files: tuple[Path, Path]) -> None:
    """Every undo, from the last departure back to the first seat, takes back the event the
    old log's undo takes back, and leaves the same table; the file stays sound."""
    old, new = files
    steps = 0
    with Ledger(old) as a, Ledger(new) as b:
        while True:
            try:
                _session, then, table_then = a.undo()
            except Exception as refused:  # (nothing left to undo: the same refusal)
                with pytest.raises(type(refused)):
                    b.undo()
                break
            _session, now, table_now = b.undo()
            steps += 1
            assert (now.hand_no, now.kind, now.data) == (then.hand_no, then.kind, then.data)
            assert codec.table_to_snapshot(table_now) == codec.table_to_snapshot(table_then)
            assert (table_now.hand is None) == (table_then.hand is None)
            if table_then.hand is not None:
                assert table_now.hand is not None
                assert table_now.hand.to_act == table_then.hand.to_act
                assert table_now.hand.players == table_then.hand.players
            if steps % 17 == 0:  # (now and then: the log, the views, verify)
                assert _log(b) == _log(a)
                then_rows = _rows(old, "SELECT * FROM actions")
                now_rows = _rows(new, "SELECT * FROM actions")
                assert [r[:-1] for r in now_rows] == [r[:-1] for r in then_rows]
                assert verify(b).sound
        assert _log(b) == _log(a) == []
    assert steps > 12 * 9
    # no `bets` row is left live, and none was written by an undo
    assert _rows(new, "SELECT count(*) FROM events WHERE undone = 0") == [[0]]


# Three players, blinds 1/2: cy (the button) raises to 6, ann (small blind) calls, bob folds
# his big blind; on the flop ann checks (a call with nothing to call, as PHH says it), cy
# bets 10, ann folds: cy wins 14 (ann's 6 and bob's 2 and his own 6 back; his 10 returned).
HAND = """\
variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 cbr 6', 'p1 cc', 'p2 f',
  'd db ??????', 'p1 cc', 'p3 cbr 10', 'p1 f']
players = ['ann', 'bob', 'cy']
"""
LIVE = (
    Action.bet(6),
    Action.call(),
    Action.fold(),
    Action.call(),
    Action.bet(10),
    Action.fold(),
)


def test_undo_after_an_import_is_undo_after_the_same_hand_played_live(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The hand imported (one `bets` row) and played command by command at the table (a row
    an action): the same events, and every undo takes back the same one and leaves the same
    table, from the last departure back to the first seat."""
    imported, live = tmp_path / "imported.db", tmp_path / "live.db"
    with monkeypatch.context() as patch:
        patch.setattr(time, "time", lambda: NOW)
        with Ledger(imported) as book:
            import_phh(book, [PHHSource("hand", HAND)], session="s")
    with Ledger(imported) as book:  # (the same table: the import's settings)
        settings = book.current().settings
    with Ledger(live) as book:
        book.create_session("s", settings)
        for seat, name in enumerate(("ann", "bob", "cy"), start=1):
            book.execute(lambda t, n=name, s=seat: t.seat_event(n, seat=s, cave=100))
        if book.read()[1].deal_event().button != 3:
            book.execute(lambda t: ButtonSet("cy"))
        book.execute(lambda t: t.deal_event())
        for action in LIVE:
            book.execute(lambda t, a=action: t.act_event(a))
        for name in ("ann", "bob", "cy"):
            book.execute(lambda t, n=name: t.leave_event(n))
    assert _rows(imported, "SELECT kind, data FROM events WHERE kind = 'bets'") == [
        ["bets", '[[["r",2,6],["c",0,6,5],["f",1,2]],[["k",0],["b",2,10],["f",0]]]']
    ]
    with Ledger(imported) as a, Ledger(live) as b:
        assert _log(a) == _log(b)
        steps = 0
        while _log(b):
            _session, then, table_then = b.undo()
            _session, now, table_now = a.undo()
            steps += 1
            assert (now.hand_no, now.kind, now.data) == (then.hand_no, then.kind, then.data)
            assert codec.table_to_snapshot(table_now) == codec.table_to_snapshot(table_then)
            assert _log(a) == _log(b)
            assert verify(a).sound
        assert not _log(a)
    # 3 departures, 6 actions, the deal, the button if any, 3 seats
    assert steps >= 3 + 6 + 1 + 3


@pytest.mark.parametrize(
    ("damage", "why"),
    [
        # bob (1) folds where cy (2) is to act: the table refuses it, as a recorded action
        # of the wrong player
        ('[[["f",1],["f",0,1]]]', "not"),
        ('[[["f",7],["f",0,1]]]', "player 7 of 3"),  # (no eighth player in the hand)
        ('[[["z",2],["f",0,1]]]', "unknown action 'z'"),
    ],
)
def test_a_damaged_bets_row_is_named_by_verify(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, damage: str, why: str
) -> None:
    db = tmp_path / "m.db"
    with monkeypatch.context() as patch:
        patch.setattr(time, "time", lambda: NOW)
        with Ledger(db) as book:
            import_phh(book, [PHHSource("t", _FOLDS)], session="t")
    conn = sqlite3.connect(db)
    (event_id,) = conn.execute("SELECT id FROM events WHERE kind = 'bets'").fetchone()
    conn.execute("UPDATE events SET data = ? WHERE id = ?", (damage, event_id))
    conn.commit()
    conn.close()
    with Ledger(db) as book:
        checked = verify(book)
    assert not checked.sound
    (problem,) = [s.problem for s in checked.sessions if s.problem]
    assert problem.startswith(f"event {event_id} (bets) cannot be replayed") and why in problem


# One hand, blinds 1/2: cy (the button) folds, ann folds her small blind: bob wins.
_FOLDS = """\
variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 f', 'p1 f']
players = ['ann', 'bob', 'cy']
"""
