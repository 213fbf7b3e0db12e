"""ICM and deals (domain/tournament/icm.py): PokerKit's `calculate_icm` is the oracle (note
its argument order: prizes first, then chips), on 1,000 random cases to 1e-9; deals are
worked by hand."""

from __future__ import annotations

import math
import time
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pokerkit import calculate_icm

from marquoir.domain.errors import UsageError
from marquoir.domain.tournament.icm import Deal, chop_chips, chop_even, chop_icm, icm_equities

D = Decimal


def test_the_example_of_the_issue() -> None:
    # By hand: A first 50 %, second .3 x 50/70 + .2 x 50/80 = .3393; 70 x .5 + 30 x .3393.
    equities = icm_equities([50, 30, 20], [70, 30])
    assert [round(e, 2) for e in equities] == [45.18, 32.25, 22.57]
    assert equities[0] == pytest.approx(35 + 30 * (0.3 * 50 / 70 + 0.2 * 50 / 80), abs=1e-12)


@st.composite
def icm_cases(draw: st.DrawFn) -> tuple[list[int], list[float]]:
    players = draw(st.integers(min_value=1, max_value=9))
    # PokerKit enumerates every finishing order: keep the oracle's work small at 7+ players.
    most_places = players if players <= 6 else 3
    stacks = draw(st.lists(st.integers(1, 10**7), min_size=players, max_size=players))
    places = draw(st.integers(min_value=1, max_value=most_places))
    prizes = draw(
        st.lists(
            st.floats(min_value=0, max_value=10**6, allow_nan=False),
            min_size=places,
            max_size=places,
        )
    )
    return stacks, sorted(prizes, reverse=True)


@settings(max_examples=1000, deadline=None)
@given(icm_cases())
def test_icm_matches_pokerkit(case: tuple[list[int], list[float]]) -> None:
    stacks, prizes = case
    ours = icm_equities(stacks, prizes)
    oracle = calculate_icm(prizes, stacks)
    assert len(ours) == len(oracle)
    # To 1e-9 of the prize pool: both sides add products of floats whose rounding is relative
    # to the pool (a 0.68 equity out of a 1.6-million pool differed by 1e-9 in absolute terms)
    pool = max(1.0, sum(prizes))
    for mine, theirs in zip(ours, oracle, strict=True):
        assert math.isclose(mine, theirs, rel_tol=1e-9, abs_tol=1e-9 * pool)
    assert math.isclose(sum(ours), sum(prizes), rel_tol=1e-9, abs_tol=1e-9 * pool)


def test_icm_properties_and_speed() -> None:
    # Equal stacks: equal equities; more chips: more equity.
    assert icm_equities([10, 10, 10, 10], [60, 40]) == pytest.approx((25, 25, 25, 25))
    e = icm_equities([100, 200, 300], [50, 30, 20])
    assert e[0] < e[1] < e[2]
    # Places beyond the players are never reached.
    assert icm_equities([1, 1], [60, 30, 10]) == pytest.approx((45, 45))
    start = time.perf_counter()
    ten = icm_equities(list(range(1000, 11000, 1000)), [30, 20, 14, 10, 8, 6, 5, 3, 2, 2])
    assert time.perf_counter() - start < 1.0
    assert sum(ten) == pytest.approx(100)
    for bad in ([], [10, 0], [10, -5], [1] * 17):
        with pytest.raises(UsageError):
            icm_equities(bad, [1])


def test_chop_chips_by_hand() -> None:
    # Prizes 500/300/200, stacks 60k/30k/10k: 200 each + 400 x 60/30/10 % = 440, 320, 240.
    deal = chop_chips([60000, 30000, 10000], [D(500), D(300), D(200)])
    assert deal == Deal((D(440), D(320), D(240)), D(0), "chips")
    # Keeping 100 to play for: 400 + 300 + 200 = 900 shared: 200 each + 300 x 60/30/10 %
    # (180, 90, 30) = 380, 290, 230; the 100 goes to the winner.
    kept = chop_chips([60000, 30000, 10000], [D(500), D(300), D(200)], keep=D(100))
    assert kept.amounts == (D(380), D(290), D(230)) and kept.kept == 100


def test_chop_even_and_rounding() -> None:
    # 1,000 three ways: 333.33 -> 333 each, the odd unit to the first listed.
    assert chop_even([5, 9, 1], [D(500), D(300), D(200)]).amounts == (D(334), D(333), D(333))
    # Four players, three prizes: the fourth prize is 0, the pool is still shared.
    assert sum(chop_even([1, 1, 1, 1], [D(500), D(300), D(200)]).amounts) == 1000


def test_chop_icm_by_hand() -> None:
    # Prizes 70/30 left, stacks 50/30/20, to the unit: 45.18, 32.25, 22.57 -> 45, 32, 22
    # (99); the unit left goes to the largest fraction (C's .57): 45, 32, 23.
    deal = chop_icm([50, 30, 20], [D(70), D(30)])
    assert deal.amounts == (D(45), D(32), D(23))
    # To the cent: 45.18, 32.25, 22.57 (= 100.00).
    cents = chop_icm([50, 30, 20], [D(70), D(30)], unit=D("0.01"))
    assert cents.amounts == (D("45.18"), D("32.25"), D("22.57"))


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.integers(1, 10**6), min_size=2, max_size=8),
    st.lists(st.integers(0, 10**5), min_size=1, max_size=8),
    st.integers(0, 100),
    st.sampled_from([D(1), D(5), D("0.01")]),
)
def test_deals_pay_exactly_what_is_left(
    stacks: list[int], prize_list: list[int], keep_percent: int, unit: D
) -> None:
    prizes = sorted((D(p) for p in prize_list[: len(stacks)]), reverse=True)
    keep = (prizes[0] * keep_percent / 100).quantize(D(1), rounding="ROUND_FLOOR")
    for chop in (chop_icm, chop_chips, chop_even):
        deal = chop(stacks, prizes, keep=keep, unit=unit)
        assert sum(deal.amounts) + deal.kept == sum(prizes)
        assert all(a % unit == 0 for a in deal.amounts[1:])
        assert all(a >= 0 for a in deal.amounts)


def test_a_chip_deal_when_the_amount_kept_leaves_first_place_below_the_last() -> None:
    # prizes 1 and 1, all of first prize kept to play for: first place is 0 now, below the
    # last prize (1), so nobody is sure of more than 0; the 1 left splits by chips (1:1),
    # its odd unit to the first player: 1 and 0, and 1 is kept (found by the property above)
    deal = chop_chips([1, 1], [D(1), D(1)], keep=D(1))
    assert (deal.amounts, deal.kept) == ((D(1), D(0)), D(1))
    # 300 and 200, 150 kept: 150 and 200 to pay; each is sure of 150, the 50 left splits
    # by chips 3:1, 37.5 and 12.5 rounded down to 37 and 12, the unit left to the larger
    # fraction (a tie: the first): 188 and 162
    deal = chop_chips([3000, 1000], [D(300), D(200)], keep=D(150))
    assert (deal.amounts, deal.kept) == ((D(188), D(162)), D(150))


def test_bad_deals_are_refused() -> None:
    with pytest.raises(UsageError):
        chop_even([1, 1], [D(3), D(2), D(1)])  # more prizes than players
    with pytest.raises(UsageError):
        chop_chips([1, 1], [D(3), D(2)], keep=D(4))  # keep more than first prize
    with pytest.raises(UsageError):
        chop_icm([1, 1], [D(3), D(-2)])
