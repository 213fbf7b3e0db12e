"""Pots split between the best high hand and the best qualifying low (hi-lo games).

The rules: a hi-lo pot is divided into two halves, the high half taking the odd chip of that
division (TDA 2024 rule 20, split pots: "the high hand receives the odd chip"); inside a
half, several winners share it and the odd units go one each from the first seat left of
the button; a pot where no player has a qualifying low goes whole to the high hand; each pot
(main and side) is split on its own (TDA 21), so a side pot can be scooped while the main pot
is split. The amounts below are worked out by hand from these rules.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from marquoir.domain import (
    Action,
    BettingKind,
    Game,
    Hand,
    Pot,
    SeatInfo,
    TableConfig,
    award_pots,
)
from marquoir.domain.errors import ShowdownError
from marquoir.domain.ranking import Ranking, parse_ranking

R = parse_ranking
MAIN = Pot(81, ("alice", "bob", "carol"))  # alice is first left of the button


def test_high_half_takes_the_odd_chip() -> None:
    (award,) = award_pots([MAIN], R("alice > bob"), low=R("bob > carol"))
    assert award.high == (("alice", 41),)
    assert award.low == (("bob", 40),)
    assert award.shares == (("alice", 41), ("bob", 40))


def test_no_qualifying_low_the_high_hand_scoops() -> None:
    for low in (None, ()):
        (award,) = award_pots([MAIN], R("alice > bob"), low=low)
        assert award.shares == (("alice", 81),)
        assert award.low == () and award.high == ()


def test_one_player_wins_both_halves() -> None:
    (award,) = award_pots([MAIN], R("carol > alice"), low=R("carol"))
    assert award.high == (("carol", 41),) and award.low == (("carol", 40),)
    assert award.shares == (("carol", 81),)


def test_a_tie_inside_a_half_odd_unit_from_the_left_of_the_button() -> None:
    # 83: high 42 (alice and carol 21 each), low 41: bob and carol tie, bob sits first
    (award,) = award_pots([Pot(83, MAIN.eligible)], R("alice = carol"), low=R("carol = bob"))
    assert award.high == (("alice", 21), ("carol", 21))
    assert award.low == (("bob", 21), ("carol", 20))
    assert award.shares == (("alice", 21), ("bob", 21), ("carol", 41))


def test_quartered_pot() -> None:
    # 80: high 40 to alice; low 40 shared by alice and bob: alice 60, bob 20
    (award,) = award_pots([Pot(80, MAIN.eligible)], R("alice"), low=R("alice = bob"))
    assert award.shares == (("alice", 60), ("bob", 20))


def test_chip_unit_the_high_half_takes_the_odd_unit_and_the_crumbs() -> None:
    # 87 in units of 5: 17 units and 2 crumbs; low 8 units = 40, high 47
    (award,) = award_pots([Pot(87, MAIN.eligible)], R("alice"), low=R("bob"), chip_unit=5)
    assert award.high == (("alice", 47),) and award.low == (("bob", 40),)


def test_a_pot_of_one_chip_unit_is_not_halved() -> None:
    (award,) = award_pots([Pot(1, MAIN.eligible)], R("alice"), low=R("bob"))
    assert award.shares == (("alice", 1),) and award.low == ()
    (award,) = award_pots([Pot(9, MAIN.eligible)], R("alice"), low=R("bob"), chip_unit=5)
    assert award.shares == (("alice", 9),) and award.low == ()


def test_each_pot_on_its_own_a_side_pot_without_a_low_is_scooped() -> None:
    # bob (the only low) is all-in for the main pot only: the side pot goes to the high hand
    side = Pot(40, ("alice", "carol"))
    main, side_award = award_pots([MAIN, side], R("carol > alice"), low=R("bob"))
    assert main.high == (("carol", 41),) and main.low == (("bob", 40),)
    assert side_award.shares == (("carol", 40),) and side_award.low == ()


def test_the_best_low_among_the_players_of_the_pot() -> None:
    # bob has the best low but is not in the side pot: carol's low takes its low half
    side = Pot(41, ("alice", "carol"))
    _, side_award = award_pots([MAIN, side], R("alice"), low=R("bob > carol"))
    assert side_award.high == (("alice", 21),) and side_award.low == (("carol", 20),)


def test_odd_chip_named_first_inside_a_half() -> None:
    (award,) = award_pots(
        [Pot(83, MAIN.eligible)], R("alice = carol"), low=R("bob = carol"), first="carol"
    )
    assert award.high == (("carol", 21), ("alice", 21))
    assert award.low == (("carol", 21), ("bob", 20))


def test_the_high_half_still_needs_a_winner() -> None:
    with pytest.raises(ShowdownError, match="needs a winner"):
        award_pots([MAIN], R("dave"), low=R("bob"))


# -- through a hand of Omaha hi-lo ------------------------------------------------------------


def checked_down(game: Game = Game.OMAHA_HILO) -> Hand:
    """alice (button), bob, carol at 1/2: everybody calls 2 and checks to the showdown."""
    seats = [SeatInfo(n, s, 100) for s, n in enumerate(("alice", "bob", "carol"), start=1)]
    hand = Hand(TableConfig(1, 2, game=game, betting=BettingKind.POT_LIMIT), seats, 1)
    while hand.to_act is not None:
        hand.apply(Action.call() if hand.legal().to_call else Action.check())
    assert hand.total_in_middle() == 6
    return hand


def test_odd_chip_named_for_a_tie_in_the_low_half() -> None:
    hand = checked_down()
    event = hand.showdown(R("alice"), "carol", low=R("bob = carol"))
    (award,) = event.awards
    assert award.high == (("alice", 3),) and award.low == (("carol", 2), ("bob", 1))
    assert hand.result is not None and hand.result.final == {"alice": 101, "bob": 99, "carol": 100}


def test_odd_chip_refused_for_a_player_alone_in_his_half() -> None:
    hand = checked_down()
    with pytest.raises(ShowdownError, match="alice does not share a split pot"):
        hand.showdown(R("alice"), "alice", low=R("bob = carol"))


def test_low_names_are_checked_like_the_ranking() -> None:
    hand = checked_down()
    with pytest.raises(ShowdownError, match="dave is not playing this hand"):
        hand.verify_showdown(R("alice"), low=R("dave"))


def test_a_game_without_a_low_half_refuses_one() -> None:
    hand = checked_down(Game.OMAHA)
    with pytest.raises(ShowdownError, match="omaha is not a hi-lo game"):
        hand.showdown(R("alice"), low=R("bob"))


NAMES = ("alice", "bob", "carol", "dave", "eve")


@st.composite
def split_showdowns(draw: st.DrawFn) -> tuple[list[Pot], Ranking, Ranking, int]:
    """Nested pots (each side pot's players among the previous pot's), a high ranking of
    every player, a low ranking of some of them, a chip unit."""
    players = list(NAMES[: draw(st.integers(2, 5))])
    pots = []
    eligible = players
    for _ in range(draw(st.integers(1, 3))):
        pots.append(Pot(draw(st.integers(1, 500)), tuple(eligible)))
        keep = draw(st.integers(1, len(eligible)))
        eligible = eligible[:keep]
    shuffled = draw(st.permutations(players))
    high = tuple((name,) for name in shuffled)
    lows = draw(st.lists(st.sampled_from(players), unique=True, max_size=len(players)))
    low = tuple((name,) for name in lows)
    return pots, high, low, draw(st.sampled_from((1, 1, 5)))


@given(split_showdowns())
def test_halves_add_up_and_the_high_half_is_never_smaller(
    case: tuple[list[Pot], Ranking, Ranking, int],
) -> None:
    pots, high, low, unit = case
    for award in award_pots(pots, high, low=low, chip_unit=unit):
        assert sum(amount for _, amount in award.shares) == award.pot.amount
        lows = {name for (name,) in low} & set(award.pot.eligible)
        if not lows or award.pot.amount < 2 * unit:  # no low, or nothing to halve
            assert award.low == () and len(award.shares) == 1
            continue
        high_half = sum(a for _, a in award.high)
        low_half = sum(a for _, a in award.low)
        assert high_half + low_half == award.pot.amount
        assert 0 <= high_half - low_half <= 2 * unit - 1
        assert low_half % unit == 0
        best_low = next(name for (name,) in low if name in award.pot.eligible)
        assert award.low == ((best_low, low_half),)
