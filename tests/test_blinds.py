"""Blinds that change between hands: the `blinds` event, its forced-bet schedule, and where
it shows (status, undo, reports, the PHH export).

The expected amounts are worked out by hand from the rules: antes before the blinds, from
the first seat left of the button; the small blind left of the button, the big blind next
(TDA 2024, Robert's Rules); an uncalled bet goes back; the stud bring-in is less than the
small bet and a completion makes it a full small bet; at Bouillotte one bets at least the
passes waiting in the pot (docs/rules.md).
"""

from __future__ import annotations

import csv
import functools
import io
import json
import sqlite3
import warnings
from pathlib import Path
from typing import Any

import pytest
from pokerkit import HandHistory

from marquoir.domain import (
    Action,
    BettingKind,
    ConfigError,
    ForcedBetSchedule,
    Game,
    IllegalAction,
    TableConfig,
)
from marquoir.domain.events import BlindsSet
from marquoir.domain.table import SessionSettings, Table
from marquoir.storage import codec
from marquoir.storage.ledger import Ledger

from .installed import Marquoir

FL = BettingKind.FIXED_LIMIT
STUD = TableConfig(0, 0, game=Game.STUD, betting=FL, small_bet=4, big_bet=8, bring_in=1, ante=1)
BOUILLOTTE = TableConfig(0, 0, game=Game.BOUILLOTTE, passe=1)


def seated(config: TableConfig, names: tuple[str, ...] = ("a", "b", "c")) -> Table:
    """A table with these players seated 1, 2, 3... with 100 chips each."""
    table = Table(SessionSettings(config))
    for name in names:
        table.apply(table.seat_event(name, cave=100))
    return table


def act(table: Table, *actions: Action) -> None:
    for action in actions:
        table.apply(table.act_event(action))
        assert chips(table) == 100 * len(table.accounts)


def chips(table: Table) -> int:
    """Every chip of the table: behind, in front and in the pots, and waiting in the middle."""
    middle = table.hand.total_in_middle() if table.hand is not None else 0
    return sum(table.stacks_in_play().values()) + middle + table.house.carry


def forced(table: Table) -> list[tuple[str, str, int]]:
    assert table.hand is not None
    return [(bet.player, bet.kind, bet.amount) for bet in table.hand.forced]


def stacks(table: Table) -> dict[str, int]:
    return {a.name: a.stack for a in table.present()}


# -- the domain: Table applies the event ---------------------------------------------------


def test_the_next_deal_posts_the_new_blinds_and_the_chips_are_conserved() -> None:
    table = seated(TableConfig(1, 2))
    table.apply(table.deal_event())  # button a: b small blind 1, c big blind 2
    act(table, Action.fold(), Action.fold())  # c takes b's small blind
    assert stacks(table) == {"a": 100, "b": 99, "c": 101}
    first = table.last_hand

    table.apply(table.house.blinds_event(ForcedBetSchedule(2, 4, ante=1)))
    assert table.config.stakes() == "2/4 ante 1"
    table.apply(table.deal_event())  # button b: antes from c, then c 2, a 4
    assert forced(table) == [
        ("c", "ante", 1),
        ("a", "ante", 1),
        ("b", "ante", 1),
        ("c", "small blind", 2),
        ("a", "big blind", 4),
    ]
    assert chips(table) == 300
    act(table, Action.fold(), Action.fold())
    # a: 2 of his 4 uncalled come back; he takes the 3 antes, c's 2 and his own 2
    assert stacks(table) == {"a": 104, "b": 98, "c": 98}
    assert first is not None and first.config.stakes() == "1/2"  # hand 1 keeps its own


def test_the_blinds_do_not_change_during_a_hand() -> None:
    table = seated(TableConfig(1, 2))
    table.apply(table.deal_event())
    with pytest.raises(IllegalAction, match=r"^cannot change the blinds during a hand: hand 1 is"):
        table.house.blinds_event(ForcedBetSchedule(2, 4))
    # a replayed log obeys the same rule
    with pytest.raises(IllegalAction, match="cannot change the blinds during a hand"):
        table.apply(BlindsSet(ForcedBetSchedule(2, 4)))
    assert table.config.stakes() == "1/2"


def test_the_schedule_in_force_is_not_recorded_again() -> None:
    table = seated(TableConfig(1, 2, ante=1))
    with pytest.raises(IllegalAction, match=r"^the forced bets are already 1/2 ante 1$"):
        table.house.blinds_event(ForcedBetSchedule(1, 2, ante=1))
    limit = seated(TableConfig(1, 2, betting=FL))  # the limits are 2/4 by default
    with pytest.raises(IllegalAction, match=r"^the forced bets are already 1/2 limits 2/4$"):
        limit.house.blinds_event(ForcedBetSchedule(1, 2, small_bet=2, big_bet=4))


@pytest.mark.parametrize(
    ("config", "schedule", "message"),
    [
        (TableConfig(1, 2), ForcedBetSchedule(2, 1), "the small blind (2) is larger than"),
        (TableConfig(1, 2), ForcedBetSchedule(1, 2, passe=1), "the passe is for Bouillotte"),
        (TableConfig(1, 2), ForcedBetSchedule(1, 2, bring_in=1), "a bring-in is for stud"),
        (
            TableConfig(1, 2),
            ForcedBetSchedule(1, 2, small_bet=2, big_bet=4),
            "limits (small bet / big bet) only apply to fixed-limit betting",
        ),
        (TableConfig(1, 2), ForcedBetSchedule(1, 2, bb_ante=True), "a big-blind ante needs"),
        (
            TableConfig(1, 2, betting=FL, small_bet=2, big_bet=4),
            ForcedBetSchedule(5, 10, small_bet=4, big_bet=8),
            "the big blind (10) is larger than the small bet (4)",
        ),
        (STUD, ForcedBetSchedule(1, 2, small_bet=4, big_bet=8, bring_in=1), "stud has no blinds"),
        (
            STUD,
            ForcedBetSchedule(small_bet=4, big_bet=8, bring_in=4),
            "the bring-in (4) must be less than the small bet (4)",
        ),
        (STUD, ForcedBetSchedule(small_bet=4, big_bet=8), "stud needs a bring-in"),
        (BOUILLOTTE, ForcedBetSchedule(passe=1, ante=1), "Bouillotte has no ante"),
        (BOUILLOTTE, ForcedBetSchedule(), "Bouillotte needs a passe of at least 1 chip"),
    ],
)
def test_a_schedule_that_does_not_suit_the_game_is_refused(
    config: TableConfig, schedule: ForcedBetSchedule, message: str
) -> None:
    table = seated(config)
    with pytest.raises(ConfigError) as refused:
        table.house.blinds_event(schedule)
    assert message in str(refused.value)
    assert table.config == config


def test_fixed_limit_bets_follow_the_blinds_unless_given() -> None:
    table = seated(TableConfig(1, 2, betting=FL))  # limits 2/4: the big blind and twice it
    table.apply(table.house.blinds_event(ForcedBetSchedule(2, 4)))
    assert table.config.limits == (4, 8)
    table.apply(table.deal_event())
    legal = table.hand.legal() if table.hand else None
    assert legal is not None and (legal.min_to, legal.max_to) == (8, 8)  # one small bet more
    table.apply(table.act_event(Action.fold()))
    act(table, Action.fold())
    table.apply(table.house.blinds_event(ForcedBetSchedule(2, 4, small_bet=5, big_bet=10)))
    assert table.config.stakes() == "2/4 limits 5/10"


def test_stud_changes_its_ante_bring_in_and_limits() -> None:
    table = seated(STUD)
    table.apply(
        table.house.blinds_event(ForcedBetSchedule(ante=2, small_bet=10, big_bet=20, bring_in=3))
    )
    table.apply(table.deal_event())
    assert forced(table) == [("b", "ante", 2), ("c", "ante", 2), ("a", "ante", 2)]
    act(table, Action.bring_in("c"))
    legal = table.hand.legal() if table.hand else None
    # facing the bring-in of 3, a calls 3 or completes to the new small bet, 10
    assert legal is not None and (legal.call_amount, legal.min_to, legal.max_to) == (3, 10, 10)
    assert chips(table) == 300


def test_bouillotte_changes_its_passe() -> None:
    table = seated(BOUILLOTTE)
    table.apply(table.house.blinds_event(ForcedBetSchedule(passe=2)))
    table.apply(table.deal_event())
    assert forced(table) == [("a", "passe", 2)]
    legal = table.hand.legal() if table.hand else None
    assert legal is not None and legal.min_to == 2  # one bets at least the passe waiting


# -- storage: the event log and the snapshots ----------------------------------------------


def test_the_event_is_stored_and_read_back() -> None:
    event = BlindsSet(ForcedBetSchedule(2, 4, ante=1, bb_ante=True))
    kind, data = codec.event_to_record(event)
    assert kind == "blinds" and json.loads(codec.dumps(data))["big_blind"] == 4
    assert codec.event_from_record(kind, json.loads(codec.dumps(data))) == event


def test_the_ledger_keeps_the_schedule_in_its_snapshots_and_undo_takes_it_back(
    tmp_path: Path,
) -> None:
    path = tmp_path / "m.db"
    with Ledger(path) as book:
        session = book.create_session("s", SessionSettings(TableConfig(1, 2)))
        for name in ("a", "b", "c"):
            book.execute(functools.partial(Table.seat_event, name=name, cave=100))
        book.execute(lambda t: t.house.blinds_event(ForcedBetSchedule(5, 10, ante=1)))
    with Ledger(path) as book:  # a fresh process: the table comes from the last snapshot
        assert book.load(session).config.stakes() == "5/10 ante 1"
        book.execute(lambda t: t.deal_event())
        book.execute(lambda t: t.act_event(Action.fold()))
        book.execute(lambda t: t.act_event(Action.fold()))
        (summary,) = book.hands(session)
        assert (summary["schedule"]["big_blind"], summary["schedule"]["ante"]) == (10, 1)
        # the table rebuilt from the whole log agrees with the one loaded from the snapshot
        replayed = Table(session.settings)
        for stored in book.events(session):
            replayed.apply(codec.event_from_record(stored.kind, stored.data, replayed))
        loaded = book.load(session)
        assert codec.table_to_snapshot(replayed) == codec.table_to_snapshot(loaded)
        for _ in range(3):  # the two folds and the deal
            book.undo()
        _, stored, table = book.undo()
        assert stored.kind == "blinds" and table.config.stakes() == "1/2"
        assert book.load(session).config == session.settings.table


def test_a_snapshot_written_before_the_blinds_command_reads_as_the_settings() -> None:
    settings = SessionSettings(TableConfig(1, 2))
    data = codec.table_to_snapshot(seated(TableConfig(1, 2)))
    del data["schedule"]
    assert codec.table_from_snapshot(settings, data).config == settings.table


# -- the command, installed ----------------------------------------------------------------

START = "new s --blinds 1/2 --cave 100\nseat a\nseat b\nseat c\ndeal\nfold\nfold\n"


def events(cli: Marquoir) -> list[tuple[Any, ...]]:
    """The event log and the snapshots, to show that a refused command recorded nothing."""
    conn = sqlite3.connect(cli.db)
    try:
        log = conn.execute("SELECT id, kind, data, undone FROM events ORDER BY id").fetchall()
        return log + conn.execute("SELECT event_id, state FROM snapshots").fetchall()
    finally:
        conn.close()


def test_blinds_then_deal_status_and_undo(cli: Marquoir) -> None:
    cli.play(START)
    assert cli("blinds", "2/4", "--ante", "1") == "from the next deal: 2/4 ante 1 (before: 1/2)\n"
    assert cli("status").splitlines()[0] == (
        "session s | hold'em no-limit 2/4 ante 1 | 1 hand played"
    )
    assert json.loads(cli("status", "--json"))["forced_bets"] == {
        "small_blind": 2,
        "big_blind": 4,
        "ante": 1,
        "bb_ante": False,
        "small_bet": None,
        "big_bet": None,
        "bring_in": 0,
        "passe": 0,
        "stakes": "2/4 ante 1",
    }
    assert cli("undo") == (
        "undone: the change of the forced bets to 2/4 ante 1\n"
        "the forced bets are 1/2 again\n"
        "next: deal\n"
    )
    assert json.loads(cli("status", "--json"))["blinds"] == [1, 2]
    cli("blinds", "2/4", "--ante", "1")
    assert cli("deal").splitlines()[0] == (
        "hand 2: button b | c ante 1, a ante 1, b ante 1, c small blind 2, a big blind 4"
    )
    status = json.loads(cli("status", "--json"))
    assert (status["blinds"], status["forced_bets"]["stakes"]) == ([2, 4], "2/4 ante 1")
    cli.play("fold\nfold\n")
    assert cli.stacks() == {"a": 104, "b": 98, "c": 98}
    # undo goes back across the hand, then takes the blinds back: the next deal posts 1/2
    cli.play("undo\nundo\nundo\nundo\n")
    assert cli("deal").splitlines()[0] == "hand 2: button b | c small blind 1, a big blind 2"


def test_blinds_are_refused_during_a_hand(cli: Marquoir) -> None:
    cli.play(START + "deal\n")
    before = events(cli)
    assert cli.refused("blinds", "2/4") == (
        "Error: cannot change the blinds during a hand: hand 2 is in play (b to act)"
    )
    assert events(cli) == before


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["4/2"], "Error: the small blind (4) is larger than the big blind (2)"),
        (["1/2"], "Error: the forced bets are already 1/2"),
        (["2/4", "--passe", "1"], "Error: the passe is for Bouillotte, not holdem"),
        (["2/4", "--bring-in", "1"], "Error: a bring-in is for stud, not holdem"),
        (
            ["2/4", "--limits", "4/8"],
            "Error: limits (small bet / big bet) only apply to fixed-limit betting",
        ),
        (["2/4", "--bb-ante"], "Error: a big-blind ante needs an ante amount (--ante N --bb-ante)"),
    ],
)
def test_blinds_the_rules_refuse_exit_1(cli: Marquoir, args: list[str], message: str) -> None:
    cli.play(START)
    before = events(cli)
    assert cli.refused("blinds", *args) == message
    assert events(cli) == before


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([], "Error: hold'em and Omaha need their blinds, e.g. `blinds 2/4`"),
        (
            ["2-4"],
            "Error: Invalid value for 'SMALL/BIG': write it as SMALL/BIG in whole chips, "
            "e.g. 1/2 (got '2-4')",
        ),
        (
            ["2/4.5"],
            "Error: Invalid value for 'SMALL/BIG': write it as SMALL/BIG in whole chips, "
            "e.g. 1/2 (got '2/4.5')",
        ),
        (
            ["2/4", "--ante", "-1"],
            "Error: Invalid value for '--ante': an amount is a whole number of chips (got '-1')",
        ),
        (
            ["2/4", "--limits", "4"],
            "Error: Invalid value for '--limits': write it as SMALL/BIG in whole chips, "
            "e.g. 1/2 (got '4')",
        ),
        (["2/4", "--bogus"], "Error: No such option: --bogus"),
        (["2/4", "4/8"], "Error: Got unexpected extra argument(s) (4/8)"),
    ],
)
def test_blinds_that_do_not_parse_exit_2(cli: Marquoir, args: list[str], message: str) -> None:
    cli.play(START)
    before = events(cli)
    done = cli.run("blinds", *args)
    assert (done.returncode, done.stdout, done.stderr.splitlines()) == (2, "", [message])
    assert events(cli) == before


def test_blinds_in_a_play_script(cli: Marquoir) -> None:
    out = cli.play(START + "blinds 5/10 --ante 1 --bb-ante\ndeal\n")
    assert "hand 2: button b | a big-blind ante 1, c small blind 5, a big blind 10" in out
    done = cli.run("play", stdin="blinds 10/20\n")
    assert (done.returncode, done.stderr) == (
        1,
        "Error: line 1: cannot change the blinds during a hand: hand 2 is in play (b to act)\n",
    )


def test_stud_and_bouillotte_change_their_own_forced_bets(cli: Marquoir) -> None:
    cli.play("new st --game stud --limits 4/8 --bring-in 1 --ante 1 --cave 50\nseat a\nseat b\n")
    assert cli.refused("blinds", "1/2", "--limits", "4/8", "--bring-in", "1") == (
        "Error: stud has no blinds"
    )
    assert cli("blinds", "--limits", "8/16", "--bring-in", "2", "--ante", "2") == (
        "from the next deal: ante 2 bring-in 2 limits 8/16 (before: ante 1 bring-in 1 limits 4/8)\n"
    )
    cli("deal")
    assert cli("bringin", "b", "--complete") == (
        "b completes to 8 | pot 12\na to act: call 8 | raise 16 | fold\n"
    )
    cli.play("new bo --game bouillotte --cave 20\nseat a\nseat b\nseat c\n")
    assert cli.refused("blinds", "--passe", "2", "--ante", "1") == (
        "Error: Bouillotte has no ante: the dealer puts in the passe"
    )
    assert cli("blinds", "--passe", "2") == "from the next deal: passe 2 (before: passe 1)\n"
    assert cli("deal") == (
        "hand 1: button a | a passe 2\nb to speak, first turn: open 2-20 | pass (check)\n"
    )


# -- reports and exports show the forced bets of each hand ---------------------------------

EVENING = START + "blinds 2/4 --ante 1\ndeal\nfold\nfold\ndeal\nfold\nfold\n"


def test_the_reports_show_each_hands_blinds(cli: Marquoir, tmp_path: Path) -> None:
    cli.play(EVENING)
    text = cli("report")
    assert "stakes        1/2 (hand 1), 2/4 ante 1 (hands 2-3)" in text
    rows = text.split("\nHands\n-----\n")[1].split("\n\n")[0].splitlines()
    assert rows[0].split() == ["hand", "button", "stakes", "pot", "amount", "winners"]
    assert [row.split()[:5] for row in rows[2:]] == [
        ["1", "a", "1/2", "main", "pot"],
        ["2", "b", "2/4", "ante", "1"],
        ["3", "c", "2/4", "ante", "1"],
    ]
    data = json.loads(cli("report", "--format", "json"))
    assert [hand["stakes"] for hand in data["hands"]] == ["1/2", "2/4 ante 1", "2/4 ante 1"]
    assert [hand["forced_bets"]["big_blind"] for hand in data["hands"]] == [2, 4, 4]
    assert "| 2/4 ante 1 |" in cli("report", "--format", "md")
    cli("report", "--format", "html", "-o", str(tmp_path / "r.html"))
    page = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert "<td>1/2</td>" in page and "<td>2/4 ante 1</td>" in page
    hands = list(csv.DictReader(io.StringIO(cli("export", "csv", "--what", "hands"))))
    blinds = {(row["hand"], row["small_blind"], row["big_blind"], row["ante"]) for row in hands}
    assert blinds == {("1", "1", "2", "0"), ("2", "2", "4", "1"), ("3", "2", "4", "1")}
    log = json.loads(cli("export", "json", "--what", "hands"))["rows"]
    assert {(row["hand"], row["stakes"]) for row in log} == {
        (1, "1/2"),
        (2, "2/4 ante 1"),
        (3, "2/4 ante 1"),
    }


def pokerkit_hands(text: str) -> list[tuple[HandHistory, list[int]]]:
    """Each hand of a PHH text as PokerKit reads it, with the stacks its replay ends on."""
    hands = []
    for history in HandHistory.loads_all(text):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            states = list(history)
        hands.append((history, list(states[-1].stacks)))
    return hands


def test_the_phh_export_writes_the_blinds_of_each_hand(cli: Marquoir, tmp_path: Path) -> None:
    cli.play(
        START  # hand 1 at 1/2: c takes b's small blind
        + "blinds 5/10 --ante 2\n"
        + "deal\ncall\ncall\ncheck\n"  # hand 2, button b: antes 2, c 5, a 10; all call
        + "check\ncheck\ncheck\n" * 3
        + 'showdown --board "2c 3d 9h Jc 7s" a="As Ah" b="Kd Kh" c="Qc Qd"\n'
        + "blinds 1/2 --ante 1 --bb-ante\n"
        + "deal\nfold\nfold\n"  # hand 3, button c: b's ante, a 1, b 2; b takes a's blind
    )
    out = tmp_path / "s.phhs"
    cli("export", "phh", "-o", str(out))
    hands = pokerkit_hands(out.read_text(encoding="utf-8"))
    seen = [
        (list(h.players or ()), list(h.blinds_or_straddles or ()), list(h.antes or ()), h.min_bet)
        for h, _ in hands
    ]
    # PHH order: p1 left of the button ... pn the button; the big-blind ante is p2's
    assert seen == [
        (["b", "c", "a"], [1, 2, 0], [0, 0, 0], 2),
        (["c", "a", "b"], [5, 10, 0], [2, 2, 2], 10),
        (["a", "b", "c"], [1, 2, 0], [0, 1, 0], 2),
    ]
    # a's aces take 6 antes and 3 x 10 in hand 2; b's big blind is uncalled in hand 3
    assert [final for _, final in hands] == [[99, 101, 100], [89, 124, 87], [123, 88, 89]]


def test_the_phh_export_writes_the_limits_of_each_hand(cli: Marquoir, tmp_path: Path) -> None:
    cli.play(
        "new fl --blinds 1/2 --betting fl --cave 100\nseat a\nseat b\nseat c\n"
        "deal\nfold\nfold\n"
        "blinds 2/4\n"  # the limits follow: 4/8
        "deal\nraise 8\nfold\nfold\n"  # hand 2, button b: b raises one small bet over 4
    )
    out = tmp_path / "fl.phhs"
    cli("export", "phh", "-o", str(out))
    hands = pokerkit_hands(out.read_text(encoding="utf-8"))
    limits = [(list(h.blinds_or_straddles or ())[:2], h.small_bet, h.big_bet) for h, _ in hands]
    assert limits == [([1, 2], 2, 4), ([2, 4], 4, 8)]
    # PokerKit accepts the raise to 8 only with a small bet of 4; b takes the blinds (his
    # uncalled 4 comes back)
    assert [final for _, final in hands] == [[99, 101, 100], [99, 96, 105]]
