"""The compact storage: few snapshots, actions without their defaults, short summaries, and
nothing lost (the table a command loads equals a replay of the whole log from the start)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from marquoir.domain import Action, TableConfig, tie
from marquoir.domain.table import SessionSettings, Table
from marquoir.storage import codec, ledger
from marquoir.storage.ledger import Ledger
from marquoir.storage.verify import verify

PLAYERS = ("alice", "bob", "carol")


def _play_hands(book: Ledger, hands: int, rng: random.Random) -> None:
    for _ in range(hands):
        book.execute(lambda table: table.deal_event())
        while True:
            table = book.read()[1]
            hand = table.hand
            if hand is None:
                break
            if hand.to_act is None:
                alive = [p.name for p in hand.players if not p.folded]
                book.execute(lambda t, alive=alive: t.showdown_event(tie([rng.choice(alive)])))
                continue
            legal = hand.legal()
            action = Action.fold() if legal.to_call and rng.random() < 0.3 else Action.call()
            book.execute(lambda t, action=action: t.act_event(action))


def _replayed(book: Ledger) -> Table:
    """The table from the first event, without any snapshot: the oracle."""
    session = book.current()
    table = Table(session.settings)
    for stored in book.events(session):
        table.apply(codec.event_from_record(stored.kind, stored.data, table))
    return table


def _same(a: Table, b: Table) -> bool:
    return codec.table_to_snapshot(a) == codec.table_to_snapshot(b) and a.hand_no == b.hand_no


def _new_book(tmp_path: Path) -> Ledger:
    book = Ledger(tmp_path / "c.db")
    book.create_session("c", SessionSettings(TableConfig(small_blind=1, big_blind=2)))
    for name in PLAYERS:
        book.execute(lambda table, name=name: table.seat_event(name, cave=10_000))
    return book


def test_few_snapshots_and_every_load_equals_a_replay_of_the_log(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ledger, "SNAPSHOT_BLOCK", 50)  # (the rule, on fewer hands)
    with _new_book(tmp_path) as book:
        _play_hands(book, 3 * 50 + 7, random.Random(3))
        count = book.conn.execute("SELECT count(*) FROM snapshots").fetchone()[0]
        assert count <= 2 * 4  # two at most for each block of hands begun
        assert _same(book.read()[1], _replayed(book))
        # undo back past two hand ends: each time, the table loaded is the replay's
        for _ in range(40):
            book.undo()
            assert _same(book.read()[1], _replayed(book))
        result = verify(book)
        assert result.sound and result.rebuilt == 0
        assert [s.unsnapshotted for s in result.sessions] == [0]


def test_an_action_keeps_only_what_is_not_its_default(tmp_path: Path) -> None:
    with _new_book(tmp_path) as book:
        book.execute(lambda table: table.deal_event())
        book.execute(lambda table: table.act_event(Action.call()))
        book.execute(lambda table: table.act_event(Action.bet(6)))
        book.execute(lambda table: table.act_event(Action.fold()))
        rows = book.conn.execute(
            "SELECT data FROM events WHERE kind = 'action' ORDER BY id"
        ).fetchall()
        # alice is on the button (the lowest seat): she acts first, three-handed. An
        # action is [action, player, street number, added, total, amount, verb, all_in],
        # the trailing defaults left out
        assert [json.loads(row[0]) for row in rows] == [
            ["call", "alice", 0, 2, 2],
            ["bet", "bob", 0, 5, 6, 6, "raise"],
            ["fold", "carol", 0, 0, 2],
        ]  # (carol, the big blind, folds with her 2 chips in: her total stays 2)
        actions = book.conn.execute(
            'SELECT player, verb, amount, total, all_in FROM actions ORDER BY "order"'
        ).fetchall()
        assert actions == [
            ("alice", "call", 2, 2, 0),
            ("bob", "raise", 5, 6, 0),
            ("carol", "fold", 0, 2, 0),
        ]


def test_a_report_reads_each_summary_text_as_json_loads_does() -> None:
    """The rows read by the hundred thousand (`read_summaries`) give what `read_summary`
    gives, the odd text (spaces around the value, as a hand edited by hand) included, and a
    text that is no JSON fails as `json.loads` words it."""
    from marquoir.storage import summaries

    settings = SessionSettings(TableConfig(small_blind=1, big_blind=2))
    # worked by hand: alice and bob start with 100; the pot of 4 is all alice's
    stored = '[["alice","bob"],100,[2,-2],[[4,[0,1],[[0,4]]]],0,{"by_fold":true}]'
    rows = [(1, stored), (2, " " + stored + "\n"), (3, stored.replace("100", "[100,90]"))]
    read = list(summaries.read_summaries(rows, settings))
    assert [hand_no for hand_no, _ in read] == [1, 2, 3]
    assert [hand for _, hand in read] == [
        summaries.read_summary(text, hand_no, settings) for hand_no, text in rows
    ]
    first = read[0][1]
    assert first.final == [102, 98] and first.button == "alice"
    assert first.stacks == {"alice": 102, "bob": 98}
    assert first.pots[0].shares == [["alice", 4]] and first.pots[0].name == "main pot"
    assert read[2][1].final == [102, 88]
    with pytest.raises(json.JSONDecodeError, match="Extra data"):
        list(summaries.read_summaries([(4, stored + "]")], settings))
