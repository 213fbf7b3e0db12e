"""Chips on the table (domain/tournament/chips.py): making up a starting stack and the chip
race at a colour-up, with worked examples and the player who must not be raced out."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from marquoir.domain.errors import UsageError
from marquoir.domain.tournament.chips import (
    chip_race,
    colour_up,
    draw_cards,
    parse_denominations,
    starting_stack,
)


def test_parse_denominations() -> None:
    assert parse_denominations("1000,25,500,100") == (25, 100, 500, 1000)
    for bad in ("", "25,x", "25,25", "0,25", "-25"):
        with pytest.raises(UsageError):
            parse_denominations(bad)


def test_the_usual_home_stack() -> None:
    # 5,000 at 25/50: 8 x 25 (4 big blinds), 8 x 100 (10 would leave 3,800, not in 500s;
    # 8 leaves 4,000), 4 x 500 (two 1,000s' worth), 2 x 1,000.
    assert starting_stack(5000, (25, 100, 500, 1000), big_blind=50) == {
        25: 8,
        100: 8,
        500: 4,
        1000: 2,
    }
    # 1,500 in 5/25/100 at 5/10: 5s: 8 wanted, a multiple of 5 needed -> 10 (50); 25s: 8
    # wanted, 1,450 - 25n in 100s -> 6 or 10, the smaller: 6 (150); 100s: 13 (1,300).
    assert starting_stack(1500, (5, 25, 100), big_blind=10) == {5: 10, 25: 6, 100: 13}
    assert starting_stack(300, (25,), big_blind=50) == {25: 12}
    for bad_stack in (5010, 0):
        with pytest.raises(UsageError):
            starting_stack(bad_stack, (25, 100), big_blind=50)


@settings(max_examples=300, deadline=None)
@given(
    st.integers(min_value=1, max_value=4000),
    st.sampled_from([(25, 100, 500, 1000), (5, 25, 100, 500), (1, 5, 25, 100, 500, 1000)]),
    st.sampled_from([10, 50, 100, 200]),
)
def test_a_stack_is_always_made_up_exactly(units: int, chips: tuple[int, ...], bb: int) -> None:
    stack = units * chips[0]
    counts = starting_stack(stack, chips, big_blind=bb)
    assert sum(chip * n for chip, n in counts.items()) == stack
    assert all(n >= 0 for n in counts.values())


def test_colour_up() -> None:
    # 7 x 25 = 175: one 100 and 3 odd 25s for the race.
    assert colour_up(7, removed=25, next_chip=100) == (1, 3)
    assert colour_up(8, removed=25, next_chip=100) == (2, 0)
    with pytest.raises(UsageError):
        colour_up(3, removed=25, next_chip=60)


def test_the_race_with_a_player_who_must_not_be_raced_out() -> None:
    # Odd 25s: A 3, B 2, C 1 (C's whole stack). 150 in odd chips = 1.5 x 100 -> 2 chips
    # (a half rounds up). Cards: B highest, then A, then C: B and A win a 100 each; C wins
    # nothing and would be out: he is given a 100.
    odd = {"A": 3, "B": 2, "C": 1}
    stacks = {"A": 5075, "B": 3050, "C": 25}
    race = chip_race(odd, stacks, removed=25, next_chip=100, draw=["B", "A", "C"])
    assert race.won == ("B", "A") and race.protected == ("C",) and race.chips_raced == 2
    assert [race.new_chips(p) for p in "ABC"] == [1, 1, 1]
    # Chips: 150 of odd chips out, 2 x 100 raced in, 100 added for C.
    after = {p: stacks[p] - odd[p] * 25 + race.new_chips(p) * 100 for p in stacks}
    assert after == {"A": 5100, "B": 3100, "C": 100}
    # C drawing the highest card wins a chip in the race itself: nobody is protected.
    lucky = chip_race(odd, stacks, removed=25, next_chip=100, draw=["C", "A", "B"])
    assert lucky.won == ("C", "A") and lucky.protected == ()


def test_odd_chips_worth_less_than_half_a_chip_go() -> None:
    # Odd 25s: A 1, B 0 -> 25 = a quarter of a 100: no chip raced; A has other chips.
    race = chip_race({"A": 1, "B": 0}, {"A": 1025, "B": 800}, removed=25, next_chip=100, draw=["A"])
    assert race.chips_raced == 0 and race.won == () and race.protected == ()
    # Same odd chip as his whole stack: he is given a 100 (never raced out).
    alone = chip_race({"A": 1}, {"A": 25}, removed=25, next_chip=100, draw=["A"])
    assert alone.protected == ("A",)


def test_a_seeded_draw_is_repeatable_and_follows_the_cards() -> None:
    odd = {"A": 3, "B": 2, "C": 1}
    stacks = {"A": 5075, "B": 3050, "C": 25}
    one = chip_race(odd, stacks, removed=25, next_chip=100, seed=7)
    assert one == chip_race(odd, stacks, removed=25, next_chip=100, seed=7)
    assert {p: len(c) for p, c in one.cards.items()} == odd
    dealt = [card for cards in one.cards.values() for card in cards]
    assert len(set(dealt)) == len(dealt) == 6
    assert draw_cards(odd, seed=7) == one.cards
    # The draw ranks each player by his best card (rank, then suit s > h > d > c).
    order = "23456789TJQKA"
    best = {
        p: max((order.index(c[0]), "cdhs".index(c[1])) for c in cs) for p, cs in one.cards.items()
    }
    assert list(one.draw) == sorted(best, key=best.__getitem__, reverse=True)


@pytest.mark.parametrize(
    ("odd", "draw"),
    [
        ({"A": 4}, ["A"]),  # four 25s are a 100: change them first
        ({"A": 1, "B": 1}, ["A"]),  # B missing from the draw
        ({"A": 1}, ["A", "A"]),
        ({"A": 1}, None),  # neither a draw nor a seed
    ],
)
def test_bad_races_are_refused(odd: dict[str, int], draw: list[str] | None) -> None:
    with pytest.raises(UsageError):
        chip_race(odd, {p: 1000 for p in odd}, removed=25, next_chip=100, draw=draw)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 3), min_size=1, max_size=10), st.integers(0, 10**6), st.data())
def test_race_properties(odd_counts: list[int], seed: int, data: st.DataObject) -> None:
    odd = {f"p{i}": n for i, n in enumerate(odd_counts)}
    alone = {p for p, n in odd.items() if n and data.draw(st.booleans())}  # all in odd chips
    stacks = {p: n * 25 + (0 if p in alone else 1000) for p, n in odd.items()}
    race = chip_race(odd, stacks, removed=25, next_chip=100, seed=seed)
    value = 25 * sum(odd_counts)
    # The raced chips are the odd value rounded to the nearest 100 (a half up) ...
    assert abs(race.chips_raced * 100 - value) <= 50
    # ... at most one chip a player, to racing players only, nobody left without chips.
    assert len(set(race.won)) == len(race.won) == race.chips_raced
    assert all(odd[p] for p in race.won + race.protected)
    for p in odd:
        assert stacks[p] - odd[p] * 25 + race.new_chips(p) * 100 > 0
