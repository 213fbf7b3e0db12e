"""Payouts, places, shared prizes and bounties (domain/tournament/payouts.py, places.py):
worked examples by hand, then properties (the amounts always sum to the pool exactly)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from marquoir.domain.errors import UsageError
from marquoir.domain.tournament.icm import chop_chips
from marquoir.domain.tournament.money import split_exact
from marquoir.domain.tournament.payouts import (
    Payouts,
    parse_payouts,
    payouts,
    places_paid,
    preset_percentages,
)
from marquoir.domain.tournament.places import (
    Bust,
    Knockout,
    Place,
    finishing_places,
    fixed_bounties,
    place_prizes,
    progressive_bounties,
)

from .sizes import sized

D = Decimal
SETTINGS = settings(max_examples=sized(100, 300), deadline=None)  # full in CI (tests/sizes.py)


def test_parse_payouts() -> None:
    assert parse_payouts("50/30/20") == (D(50), D(30), D(20))
    assert parse_payouts("62.5/37.5") == (D("62.5"), D("37.5"))
    for bad in ("50/30", "50/30/30", "20/30/50", "50/x/50", "100/0", "nan/100", "-10/110"):
        with pytest.raises(UsageError):
            parse_payouts(bad)


def test_payouts_round_down_and_give_the_remainder_to_first() -> None:
    # 185 x 50/30/20 % = 92.5, 55.5, 37 -> 92, 55, 37 = 184: 1 left, to first.
    result = payouts(D(185), parse_payouts("50/30/20"))
    assert result == Payouts((D(93), D(55), D(37)), D(1))
    assert result.note() == "The rounding remainder (1) went to first place."
    # To the 5: 92.5 -> 90, 55.5 -> 55, 37 -> 35 = 180: 5 to first -> 95.
    assert payouts(D(185), parse_payouts("50/30/20"), unit=D(5)).amounts == (D(95), D(55), D(35))
    # To the cent, nothing to round: 180 -> 90, 54, 36.
    exact = payouts(D(180), parse_payouts("50/30/20"), unit=D("0.01"))
    assert exact.amounts == (D(90), D(54), D(36)) and exact.note() == "No rounding remainder."
    with pytest.raises(UsageError):
        payouts(D(-1), (D(100),))


def test_the_preset_table_pays_home_tiers_then_about_fifteen_percent() -> None:
    # One table as home games pay (1 place to 4 entries, 2 at 5-6, 3 from 7); beyond 20,
    # 15 % of the field, half up: 23 -> 3.45 -> 3; 24 -> 3.6 -> 4; 69 -> 10.35 -> 10.
    assert [places_paid(n) for n in (1, 4, 5, 6, 7, 9, 10, 16, 20, 23, 24, 69)] == [
        1, 1, 2, 2, 3, 3, 3, 3, 3, 3, 4, 10,
    ]  # fmt: skip
    assert preset_percentages(20) == (D(50), D(30), D(20))
    assert preset_percentages(9) == (D(50), D(30), D(20))
    assert preset_percentages(6) == (D(65), D(35))
    for field in range(1, 70):
        shares = preset_percentages(field)
        assert sum(shares) == 100 and list(shares) == sorted(shares, reverse=True)
        assert len(shares) == places_paid(field)
        if field > 1:  # the last paid place: at least an even share of the pool
            assert shares[-1] >= D(100) / field
    for field in range(70, 400):  # a club's room: more than 10 places paid
        shares = preset_percentages(field)
        assert sum(shares) == 100 and list(shares) == sorted(shares, reverse=True)
        assert len(shares) == places_paid(field)
        if field > 1:
            assert shares[-1] >= D(100) / field


def test_a_field_past_the_table_pays_by_the_harmonic_spread() -> None:
    # 300 entries pay 45 places (15 %, half up). Place i weighs 1 / (i + 1): worked with
    # fractions here, each share rounded down to 0.01 %, the rest to first place. Before,
    # 70 entries or more without --payouts were refused ("the payout table stops at 69").
    from fractions import Fraction
    from math import floor

    weights = [Fraction(1, place + 1) for place in range(1, 46)]
    total = sum(weights)
    cents = [floor(10_000 * w / total) for w in weights]
    cents[0] += 10_000 - sum(cents)
    assert places_paid(300) == 45
    assert preset_percentages(300) == tuple(D(c) / 100 for c in cents)
    assert (cents[0], cents[1], cents[-1]) == (1481, 975, 63)


@SETTINGS
@given(
    st.integers(min_value=0, max_value=10**8),
    st.integers(min_value=1, max_value=400),
    st.sampled_from([D(1), D(5), D("0.01"), D(10)]),
)
def test_payouts_always_sum_to_the_pool(cents: int, field: int, unit: D) -> None:
    pool = D(cents) / 100
    result = payouts(pool, preset_percentages(field), unit=unit)
    assert sum(result.amounts) == pool
    assert all(a >= 0 for a in result.amounts)
    assert 0 <= result.remainder < unit * len(result.amounts)
    assert all(a % unit == 0 for a in result.amounts[1:])


@SETTINGS
@given(
    st.integers(min_value=0, max_value=10**7),
    st.lists(st.integers(min_value=0, max_value=1000), min_size=1, max_size=10).filter(any),
    st.sampled_from([D(1), D("0.01"), D(5)]),
)
def test_split_exact_is_exact_and_close(total: int, weights: list[int], unit: D) -> None:
    parts = split_exact(D(total), [D(w) for w in weights], unit=unit)
    assert sum(parts) == D(total)
    for part, w in zip(parts, weights, strict=True):
        # each part within one unit of its exact share
        assert abs(part - D(total) * w / sum(weights)) < unit + (D(total) % unit)


def test_places_on_the_same_hand_go_by_starting_stack() -> None:
    entries = list("ABCDEFGHI")
    busts = [Bust(40, "I", 300), Bust(75, "G", 2000), Bust(75, "H", 800)]
    places = finishing_places(entries, busts)
    # 9 entries: I out first = 9th; on hand 75, H (800) below G (2,000): H 8th, G 7th.
    assert places == [Place("G", 7), Place("H", 8), Place("I", 9)]
    # Equal starting stacks share 7th and 8th (both listed as 7th, shared by 2).
    tied = finishing_places(entries, [Bust(40, "I", 300), Bust(75, "G", 800), Bust(75, "H", 800)])
    assert tied == [Place("G", 7, 2), Place("H", 7, 2), Place("I", 9)]


def test_the_last_entry_with_chips_is_first() -> None:
    busts = [Bust(1, "C", 100), Bust(2, "B", 100)]
    assert finishing_places(["A", "B", "C"], busts) == [Place("A", 1), Place("B", 2), Place("C", 3)]
    for bad in (
        [Bust(1, "C", 1), Bust(2, "C", 1)],
        [Bust(1, "Z", 1)],
        [Bust(1, x, 1) for x in "ABC"],
    ):
        with pytest.raises(UsageError):
            finishing_places(["A", "B", "C"], bad)


def test_shared_places_share_their_prizes() -> None:
    prizes = (D(50), D(30), D(20))
    # 2nd and 3rd shared: (30 + 20) / 2 = 25 each.
    shared = [Place("A", 1), Place("B", 2, 2), Place("C", 2, 2)]
    assert place_prizes(shared, prizes) == {"A": D(50), "B": D(25), "C": D(25)}
    # 3rd and 4th shared of three prizes: (20 + 0) / 2 = 10 each; 5th gets nothing.
    low = [Place("A", 1), Place("B", 2), Place("C", 3, 2), Place("D", 3, 2), Place("E", 5)]
    assert place_prizes(low, prizes) == {"A": 50, "B": 30, "C": 10, "D": 10, "E": 0}
    # Odd amounts: 3 share 1st-3rd of 50 + 30 + 21 = 101: 33.67 -> 33 each, 2 units left by
    # listing order: 34, 34, 33.
    three = [Place(x, 1, 3) for x in "ABC"]
    assert place_prizes(three, (D(50), D(30), D(21))) == {"A": 34, "B": 34, "C": 33}


def test_fixed_bounties() -> None:
    knockouts = [Knockout(12, "C", {"A": 1}), Knockout(30, "D", {"B": 600, "A": 200})]
    # D's 10: B 7.5, A 2.5 -> 7 and 2, the odd unit to B (equal fractions, B listed first).
    assert fixed_bounties(D(10), knockouts) == {"A": D(12), "B": D(8)}
    assert fixed_bounties(D(10), knockouts, unit=D("0.5")) == {"A": D("12.5"), "B": D("7.5")}
    with pytest.raises(UsageError):
        fixed_bounties(D(10), [Knockout(1, "A", {"A": 1})])
    with pytest.raises(UsageError):
        fixed_bounties(D(10), [Knockout(1, "A", {})])


def test_progressive_bounties() -> None:
    knockouts = [Knockout(5, "B", {"A": 1}), Knockout(9, "A", {"C": 1})]
    state = progressive_bounties(["A", "B", "C"], D(20), knockouts, winner="C")
    # A busts B: 10 cash, A's head 30. C busts A: 15 cash, C's head 35; C wins: +35.
    assert state.cash == {"A": D(10), "C": D(50)}
    assert sum(state.cash.values()) == 3 * 20
    assert state.heads == {"A": 0, "B": 0, "C": 0}
    # Two eliminators, 3:1 of the chips, on a head of 30: cash 15 -> C 11.25, D 3.75 ->
    # 11 and 3, the unit left to the larger fraction (D's .75): C 11, D 4. The other 15 goes
    # onto their heads (30 each at the start) the same way: C 41, D 34.
    split = progressive_bounties(["A", "C", "D"], D(30), [Knockout(1, "A", {"C": 300, "D": 100})])
    assert split.cash == {"C": D(11), "D": D(4)}
    assert split.heads == {"A": 0, "C": D(41), "D": D(34)}
    with pytest.raises(UsageError, match="B"):  # out twice
        progressive_bounties(["A", "B"], D(20), [Knockout(1, "B", {"A": 1})] * 2)
    for winner in ("B", "Z"):  # out, unknown
        with pytest.raises(UsageError):
            progressive_bounties(["A", "B"], D(20), [Knockout(1, "B", {"A": 1})], winner=winner)
    with pytest.raises(UsageError, match="already out"):  # B cannot bust C after his bust
        progressive_bounties(
            ["A", "B", "C"], D(20), [Knockout(1, "B", {"A": 1}), Knockout(2, "C", {"B": 1})]
        )


@SETTINGS
@given(st.integers(min_value=2, max_value=12), st.data())
def test_progressive_money_is_conserved(n: int, data: st.DataObject) -> None:
    entries = [f"p{i}" for i in range(n)]
    alive = list(entries)
    knockouts = []
    for hand in range(1, n):
        out = data.draw(st.sampled_from(alive))
        alive.remove(out)
        who = data.draw(st.lists(st.sampled_from(alive), min_size=1, max_size=3, unique=True))
        chips = data.draw(st.lists(st.integers(1, 999), min_size=len(who), max_size=len(who)))
        knockouts.append(Knockout(hand, out, dict(zip(who, chips, strict=True))))
    state = progressive_bounties(entries, D(25), knockouts, winner=alive[0])
    assert sum(state.cash.values()) == 25 * n
    assert all(v == 0 for v in state.heads.values())


def test_a_nine_player_freezeout_to_the_end() -> None:
    """Nine entries at 20 (the fee apart), 5,000 chips each, 50/30/20: the pool is 180,
    the prizes 90, 54, 36. Two players out on one hand, a chip deal at three keeping 10 to
    play for; every amount worked by hand."""
    entries = list("ABCDEFGHI")
    pool = 9 * D(20)
    prizes = payouts(pool, parse_payouts("50/30/20")).amounts
    assert prizes == (D(90), D(54), D(36))
    # Deal at three: stacks A 20,000, B 15,000, C 10,000 (45,000 = 9 x 5,000); keep 10 ->
    # 80, 54, 36 = 170: 36 each + 62 by chips: 27.56, 20.67, 13.78 -> 27, 20, 13 and the two
    # units left to the largest fractions (C .78, B .67): A 63, B 57, C 50.
    deal = chop_chips([20000, 15000, 10000], prizes, keep=D(10))
    assert deal.amounts == (D(63), D(57), D(50))
    busts = [
        Bust(10, "I", 900),
        Bust(25, "G", 3000),  # G and H out on hand 25: G started with more, G is 7th
        Bust(25, "H", 1500),
        Bust(40, "F", 2500),
        Bust(55, "E", 4000),
        Bust(70, "D", 6000),
        Bust(120, "C", 8000),  # after the deal, for the 10 kept
        Bust(130, "B", 12000),
    ]
    places = {p.entry: p.place for p in finishing_places(entries, busts)}
    assert places == {"A": 1, "B": 2, "C": 3, "D": 4, "E": 5, "F": 6, "G": 7, "H": 8, "I": 9}
    won = dict(zip("ABC", deal.amounts, strict=True))
    won["A"] += deal.kept  # the winner takes what was kept
    assert won == {"A": D(73), "B": D(57), "C": D(50)}
    assert sum(won.values()) == pool
    # Without the deal, the places would have paid the table.
    by_place = place_prizes(finishing_places(entries, busts), prizes)
    assert (by_place["A"], by_place["B"], by_place["C"], by_place["D"]) == (90, 54, 36, 0)
