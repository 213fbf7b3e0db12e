"""The engine's shortcuts on the hot path give what the general paths give.

Each shortcut of the table's rules (docs/design.md, "The hot path") is checked here
against the general computation it stands for, on many random cases: the general path is
the oracle (it is what the rules say, and what the rest of the tests check against PokerKit
and by hand).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from marquoir.domain import Hand, IllegalAction, SeatInfo, TableConfig
from marquoir.domain.accounts import SessionSettings
from marquoir.domain.errors import MarquoirError
from marquoir.domain.events import Dealt
from marquoir.domain.pots import Contribution, award_pots, build_pots, lone_award
from marquoir.domain.table import Table
from tests.sizes import sized

SETTINGS = settings(max_examples=sized(200, 1000), deadline=None)


@st.composite
def folded_to_one(draw: st.DrawFn) -> tuple[list[Contribution], int]:
    """What each player of a hand put in when all but one folded, and the dead money of a
    void deal before it (the lone player put chips in, or dead money lies in the middle)."""
    n = draw(st.integers(2, 10))
    alone = draw(st.integers(0, n - 1))
    rows = [
        Contribution(
            f"p{i}",
            draw(st.integers(0, 60)),
            draw(st.sampled_from([0, 0, 1, 5])),
            i != alone,
        )
        for i in range(n)
    ]
    dead = draw(st.sampled_from([0, 0, 3]))
    if rows[alone].live == 0 and dead + sum(c.dead for c in rows) == 0:
        rows[alone] = Contribution(rows[alone].player, draw(st.integers(1, 60)), 0, False)
    return rows, dead


@SETTINGS
@given(case=folded_to_one())
def test_the_lone_award_is_the_pots_built_and_awarded(
    case: tuple[list[Contribution], int],
) -> None:
    rows, dead = case
    (winner,) = [c.player for c in rows if not c.folded]
    total = dead + sum(c.live + c.dead for c in rows)
    expected = award_pots(build_pots(rows, dead=dead), ((winner,),))
    assert lone_award(winner, total) == tuple(expected)
    # the same records, field by field (types included: they are written as they are)
    assert [type(a) for a in lone_award(winner, total)] == [type(a) for a in expected]


def test_a_hand_folded_to_the_big_blind_gives_him_the_blinds() -> None:
    # worked by hand: 1/2 blinds, antes 1 from three players: 3 + 1 + 2 = 6 in the middle
    award = lone_award("bob", 6)
    assert award[0].name == "main pot"
    assert award[0].pot.amount == 6 and award[0].pot.eligible == ("bob",)
    assert award[0].shares == (("bob", 6),) and award[0].high == award[0].low == ()


# -- the seats of a deal, checked in one pass ---------------------------------------------

CONFIG = TableConfig(small_blind=1, big_blind=2)


@pytest.mark.parametrize(
    ("seats", "message"),
    [
        ([SeatInfo("ann", 1, 50)], "a hand needs at least two players with chips"),
        # several faults at once: the first in the order of the rules is said
        (
            [SeatInfo("ann", 1, 0), SeatInfo("ann", 1, 50)],
            "two players have the same name",
        ),
        (
            [SeatInfo("ann", 3, 0), SeatInfo("bob", 3, 50)],
            "two players sit in the same seat",
        ),
        (
            [SeatInfo("cat", 5, 50), SeatInfo("bob", 4, 0), SeatInfo("ann", 2, 0)],
            "ann has no chips and cannot be dealt in",  # (the first in seat order)
        ),
    ],
)
def test_a_deal_refused_names_the_first_fault(seats: list[SeatInfo], message: str) -> None:
    with pytest.raises(IllegalAction) as refused:
        Hand(CONFIG, seats, seats[0].seat)
    assert str(refused.value) == message


def test_the_players_are_dealt_in_seat_order_whatever_the_order_given() -> None:
    hand = Hand(CONFIG, [SeatInfo("cat", 7, 30), SeatInfo("ann", 2, 10), SeatInfo("bob", 4, 20)], 2)
    assert [(p.name, p.seat) for p in hand.players] == [("ann", 2), ("bob", 4), ("cat", 7)]
    assert [hand.index_of(name) for name in ("ann", "bob", "cat")] == [0, 1, 2]
    assert hand.button == "ann"


# -- a recorded deal, compared with the table fact by fact ------------------------------------


def _three_seated() -> Table:
    table = Table(SessionSettings(TableConfig(small_blind=1, big_blind=2)))
    for seat, name in enumerate(("ann", "bob", "cat"), start=1):
        table.apply(table.seat_event(name, seat=seat, cave=100))
    return table


def test_the_recorded_deal_the_table_would_make_is_dealt() -> None:
    table = _three_seated()
    dealt = Dealt(1, 1, (SeatInfo("ann", 1, 100), SeatInfo("bob", 2, 100), SeatInfo("cat", 3, 100)))
    assert table.deal_event() == dealt  # (the rules: hand 1, the button on the first seat)
    table.apply(dealt)
    assert table.hand is not None and table.hand_no == 1
    assert table.hand.to_act == "ann"  # (three-handed: the button speaks first pre-flop)


@pytest.mark.parametrize(
    "change",
    [
        {"hand_no": 2},
        {"button": 2},
        {"dead": 5},
        {"table": 1},
        {"seats": (SeatInfo("ann", 1, 100), SeatInfo("bob", 2, 100))},
        {"seats": (SeatInfo("ann", 1, 100), SeatInfo("bob", 2, 99), SeatInfo("cat", 3, 100))},
        {"seats": (SeatInfo("ann", 1, 100), SeatInfo("bob", 4, 100), SeatInfo("cat", 3, 100))},
        {"seats": (SeatInfo("ann", 1, 100), SeatInfo("Bob", 2, 100), SeatInfo("cat", 3, 100))},
        # the same facts, but not as a tuple of seats: not the deal the table records
        {"seats": [SeatInfo("ann", 1, 100), SeatInfo("bob", 2, 100), SeatInfo("cat", 3, 100)]},
    ],
)
def test_a_recorded_deal_that_differs_in_one_fact_is_refused(change: dict[str, object]) -> None:
    table = _three_seated()
    dealt = table.deal_event()._replace(**change)
    with pytest.raises(MarquoirError) as refused:
        table.apply(dealt)
    assert str(refused.value) == "the recorded deal does not match the table"
    assert table.hand is None and table.hand_no == 0


def test_a_recorded_deal_during_a_hand_is_refused_as_a_deal_is() -> None:
    table = _three_seated()
    dealt = table.deal_event()
    table.apply(dealt)
    with pytest.raises(IllegalAction) as refused:
        table.apply(dealt._replace(hand_no=2))
    assert str(refused.value) == "hand 1 is in play (ann to act)"
