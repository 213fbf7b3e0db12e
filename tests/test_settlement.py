"""Who pays whom: money balances, the fewest transfers, bank payouts (domain/settlement.py).

Worked examples with exact amounts, then hypothesis properties: the transfers settle every
balance, their number is the minimum found by an independent brute force (every partition
of the players), and the answer does not depend on the order of the input.
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from marquoir.domain import MarquoirError, settlement
from marquoir.domain.settlement import (
    EXACT_LIMIT,
    SettlementError,
    Transfer,
    bank_payouts,
    money_balances,
    settle,
    zero_sum_groups,
)
from tests.sizes import sized

SETTINGS = settings(max_examples=sized(80, 200), deadline=None)  # full in CI
D = Decimal
NAMES = [f"p{i:02d}" for i in range(60)]


def cents(units: int) -> Decimal:
    return Decimal(units).scaleb(-2)


def after(balances: dict[str, Decimal], transfers: list[Transfer]) -> dict[str, Decimal]:
    """The balances once every transfer is made: the payer's debt shrinks, the payee's claim."""
    left = dict(balances)
    for t in transfers:
        left[t.payer] += t.amount
        left[t.payee] -= t.amount
    return left


def naive_greedy_count(values: list[int]) -> int:
    """Largest debtor pays largest creditor over everybody at once, no grouping."""
    creditors = sorted(v for v in values if v > 0)
    debtors = sorted(-v for v in values if v < 0)
    count = 0
    while creditors:
        amount = min(creditors[-1], debtors[-1])
        creditors[-1] -= amount
        debtors[-1] -= amount
        creditors = sorted(v for v in creditors if v)
        debtors = sorted(v for v in debtors if v)
        count += 1
    return count


def partitions(items: list[int]) -> Iterator[list[list[int]]]:
    """Every partition of `items` into blocks."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for partition in partitions(rest):
        yield [[first], *partition]
        for i, block in enumerate(partition):
            yield [*partition[:i], [first, *block], *partition[i + 1 :]]


def brute_force_fewest(values: list[int]) -> int:
    """Fewest transfers: non-zero players minus the most blocks of a zero-sum partition."""
    items = [v for v in values if v]
    if not items:
        return 0
    best = max(
        len(partition)
        for partition in partitions(items)
        if all(sum(block) == 0 for block in partition)
    )
    return len(items) - best


# -- worked examples -------------------------------------------------------------------------


def test_grouping_beats_the_greedy_rule() -> None:
    balances = {"alice": D("4.00"), "bob": D("3.00"), "carol": D("-3.00")}
    balances |= {"dave": D("-2.00"), "erin": D("-2.00")}
    assert naive_greedy_count([4, 3, -3, -2, -2]) == 4
    assert settle(balances) == [
        Transfer("dave", "alice", D("2.00")),
        Transfer("erin", "alice", D("2.00")),
        Transfer("carol", "bob", D("3.00")),
    ]
    assert zero_sum_groups(balances) == [["alice", "dave", "erin"], ["bob", "carol"]]


def test_two_groups_without_opposite_balances() -> None:
    balances = {"alice": D(-3), "bob": D(-2), "carol": D(5), "dave": D(5), "erin": D(4)}
    balances["fred"] = D(-9)
    # carol and dave are both +5: the first by name joins alice and bob.
    assert zero_sum_groups(balances) == [["alice", "bob", "carol"], ["dave", "erin", "fred"]]
    assert settle(balances) == [
        Transfer("alice", "carol", D(3)),
        Transfer("bob", "carol", D(2)),
        Transfer("fred", "dave", D(5)),
        Transfer("fred", "erin", D(4)),
    ]


def test_above_the_limit_the_greedy_rule_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    balances = {"alice": D(-3), "bob": D(-2), "carol": D(5), "dave": D(5), "erin": D(4)}
    balances["fred"] = D(-9)
    monkeypatch.setattr(settlement, "EXACT_LIMIT", 5)
    assert zero_sum_groups(balances) == [sorted(balances)]
    transfers = settle(balances)
    assert transfers == [
        Transfer("fred", "carol", D(5)),
        Transfer("fred", "dave", D(4)),
        Transfer("alice", "erin", D(3)),
        Transfer("bob", "dave", D(1)),
        Transfer("bob", "erin", D(1)),
    ]
    assert set(after(balances, transfers).values()) == {0}


def test_above_twenty_one_loser_pays_every_winner() -> None:
    balances = {name: D("1.00") for name in NAMES[:EXACT_LIMIT]} | {"zoe": D("-20.00")}
    transfers = settle(balances)
    assert transfers == [Transfer("zoe", name, D("1.00")) for name in NAMES[:EXACT_LIMIT]]
    assert zero_sum_groups(balances) == [[*NAMES[:EXACT_LIMIT], "zoe"]]


def test_opposite_balances_pair_off_by_name() -> None:
    balances = {"dave": D("-5"), "alice": D("5"), "carol": D("-5"), "bob": D("5.00")}
    assert zero_sum_groups(balances) == [["alice", "carol"], ["bob", "dave"]]
    assert [t.describe() for t in settle(balances)] == [
        "carol pays alice 5.00",
        "dave pays bob 5.00",
    ]


def test_chip_value_ten_cents() -> None:
    balances = money_balances({"alice": 137, "bob": -52, "carol": -85}, D("0.10"))
    assert balances == {"alice": D("13.70"), "bob": D("-5.20"), "carol": D("-8.50")}
    assert [str(b) for b in balances.values()] == ["13.70", "-5.20", "-8.50"]
    assert [t.describe(currency="EUR") for t in settle(balances)] == [
        "carol pays alice 8.50 EUR",
        "bob pays alice 5.20 EUR",
    ]


def test_rounding_to_whole_units_still_sums_to_zero() -> None:
    # 1.5, 1.5, -3.0: one of the two halves goes up, the first by name.
    balances = money_balances({"bob": 15, "alice": 15, "carol": -30}, D("0.10"), places=0)
    assert balances == {"bob": D(1), "alice": D(2), "carol": D(-3)}
    assert list(balances) == ["bob", "alice", "carol"]


def test_chip_value_of_an_eighth_rounds_by_largest_remainder() -> None:
    # 0.125, 0.25, -0.375 exactly: the two half cents tie and alice comes first.
    balances = money_balances({"alice": 1, "bob": 2, "carol": -3}, D("0.125"))
    assert balances == {"alice": D("0.13"), "bob": D("0.25"), "carol": D("-0.38")}
    assert sum(balances.values()) == 0
    # 0.375, 0.625, -0.125, -0.875: four half cents, two go up.
    balances = money_balances({"dave": -7, "carol": -1, "bob": 5, "alice": 3}, D("0.125"))
    assert balances == {
        "alice": D("0.38"),
        "bob": D("0.63"),
        "carol": D("-0.13"),
        "dave": D("-0.88"),
    }
    assert sum(balances.values()) == 0
    assert settle(balances) == [
        Transfer("dave", "bob", D("0.63")),
        Transfer("dave", "alice", D("0.25")),
        Transfer("carol", "alice", D("0.13")),
    ]


def test_larger_remainders_take_the_cents_first() -> None:
    # 7 chips at 0.333 = 2.331, 5 chips = 1.665, -12 chips = -3.996
    balances = money_balances({"alice": 7, "bob": 5, "carol": -12}, D("0.333"))
    assert balances == {"alice": D("2.33"), "bob": D("1.67"), "carol": D("-4.00")}


def test_a_single_winner_is_paid_by_everybody() -> None:
    balances = money_balances({"alice": 150, "bob": -50, "carol": -60, "dave": -40}, D("0.1"))
    assert settle(balances) == [
        Transfer("carol", "alice", D("6.00")),
        Transfer("bob", "alice", D("5.00")),
        Transfer("dave", "alice", D("4.00")),
    ]
    assert zero_sum_groups(balances) == [["alice", "bob", "carol", "dave"]]


def test_everybody_even_means_no_transfer() -> None:
    balances = money_balances({"alice": 0, "bob": 0}, D("0.10"))
    assert balances == {"alice": D("0.00"), "bob": D("0.00")}
    assert settle(balances) == []
    assert zero_sum_groups(balances) == []
    assert settle({}) == []


def test_results_that_do_not_balance_are_refused() -> None:
    with pytest.raises(SettlementError, match=r"sum to \+3 chips instead of 0"):
        money_balances({"alice": 10, "bob": -7}, D("0.10"))
    with pytest.raises(SettlementError, match=r"sum to -2 chips"):
        money_balances({"alice": -2}, D("0.10"))
    with pytest.raises(SettlementError, match=r"the balances sum to 0\.01, not 0"):
        settle({"alice": D("1.00"), "bob": D("-0.99")})
    assert issubclass(SettlementError, MarquoirError)


@pytest.mark.parametrize("value", [D(0), D("-0.10"), D("NaN"), D("Infinity")])
def test_the_chip_value_must_be_positive(value: Decimal) -> None:
    with pytest.raises(SettlementError, match="chip value must be a positive amount"):
        money_balances({"alice": 1, "bob": -1}, value)


def test_floats_are_refused() -> None:
    with pytest.raises(SettlementError, match="exact amount"):
        settle({"alice": 0.5, "bob": D("-0.5")})  # type: ignore[dict-item]


def test_describe() -> None:
    transfer = Transfer("alice", "bob", D("12.50"))
    assert transfer.describe() == "alice pays bob 12.50"
    assert transfer.describe(currency="EUR") == "alice pays bob 12.50 EUR"
    assert Transfer("alice", "bob", D("1E+2")).describe() == "alice pays bob 100"
    assert transfer == ("alice", "bob", D("12.50"))


def test_bank_pays_the_chips_cashed_out_in_seat_order() -> None:
    payouts = bank_payouts({"carol": 412, "alice": 0, "bob": 188}, D("0.10"))
    assert payouts == [Transfer("bank", "carol", D("41.20")), Transfer("bank", "bob", D("18.80"))]
    assert payouts[0].describe(currency="EUR") == "bank pays carol 41.20 EUR"


def test_bank_payouts_round_to_the_value_of_all_the_chips() -> None:
    # 0.375 and 0.625: 1.00 in all, the tie of half cents goes to bob by name.
    payouts = bank_payouts({"carol": 3, "alice": 0, "bob": 5}, D("0.125"))
    assert payouts == [Transfer("bank", "carol", D("0.37")), Transfer("bank", "bob", D("0.63"))]
    # 3 x 0.375 = 1.125 rounds half up to 1.13; one of the three half cents goes up.
    payouts = bank_payouts({"c": 3, "b": 3, "a": 3}, D("0.125"))
    assert [str(t.amount) for t in payouts] == ["0.37", "0.38", "0.38"]
    with pytest.raises(SettlementError, match="cannot cash out -1 chips"):
        bank_payouts({"alice": -1}, D("0.10"))


def test_twenty_balances_settle_quickly() -> None:
    """A heavy case for the exact search: many zero-sum subsets, no opposite balances."""
    values = [100] * 10 + [200] * 4 + [-300] * 6
    balances = {name: cents(v) for name, v in zip(NAMES, values, strict=False)}
    assert len(balances) == EXACT_LIMIT
    transfers = settle(balances)
    assert len(transfers) == 14  # six groups: four (1, 2, -3) and two (1, 1, 1, -3)
    assert set(after(balances, transfers).values()) == {0}
    values = [300] * 8 + [-200] * 12
    balances = {name: cents(v) for name, v in zip(NAMES, values, strict=False)}
    assert len(settle(balances)) == 16  # four groups of (3, 3, -2, -2, -2)


# -- properties ------------------------------------------------------------------------------


@st.composite
def balances_of(draw: st.DrawFn, players: tuple[int, int], values: int) -> dict[str, Decimal]:
    """Cents for 1 to n named players that sum to zero, in a random dict order."""
    units = draw(
        st.lists(st.integers(-values, values), min_size=players[0] - 1, max_size=players[1] - 1)
    )
    units.append(-sum(units))
    names = draw(st.permutations(NAMES[: len(units)]))
    return {name: cents(value) for name, value in zip(names, units, strict=True)}


def check_settles(balances: dict[str, Decimal], transfers: list[Transfer]) -> None:
    assert all(t.amount > 0 and balances[t.payer] < 0 < balances[t.payee] for t in transfers)
    assert all(value == 0 for value in after(balances, transfers).values())


@SETTINGS
@given(balances=balances_of((1, 7), values=8))
def test_transfers_are_the_fewest(balances: dict[str, Decimal]) -> None:
    transfers = settle(balances)
    check_settles(balances, transfers)
    units = [int(value * 100) for value in balances.values()]
    assert len(transfers) == brute_force_fewest(units)
    groups = zero_sum_groups(balances)
    assert sorted(name for group in groups for name in group) == sorted(
        name for name, value in balances.items() if value
    )
    assert all(sum(balances[name] for name in group) == 0 for group in groups)
    assert len(transfers) == sum(len(group) - 1 for group in groups)


@SETTINGS
@given(balances=balances_of((1, 14), values=3000), data=st.data())
def test_same_answer_whatever_the_order(balances: dict[str, Decimal], data: st.DataObject) -> None:
    transfers = settle(balances)
    check_settles(balances, transfers)
    assert settle(balances) == transfers
    shuffled = dict(data.draw(st.permutations(list(balances.items()))))
    assert settle(shuffled) == transfers
    assert zero_sum_groups(shuffled) == zero_sum_groups(balances)


@settings(max_examples=50, deadline=None)
@given(balances=balances_of((EXACT_LIMIT + 1, 40), values=5000))
def test_greedy_above_the_limit_still_settles_exactly(balances: dict[str, Decimal]) -> None:
    transfers = settle(balances)
    check_settles(balances, transfers)
    nonzero = sum(1 for value in balances.values() if value)
    assert len(transfers) <= max(nonzero - 1, 0)
    assert len(transfers) == nonzero - len(zero_sum_groups(balances))


@SETTINGS
@given(
    results=st.lists(st.integers(-500, 500), min_size=1, max_size=9),
    value=st.sampled_from(["0.10", "0.125", "0.05", "0.333", "1", "2.5", "0.0001"]),
)
def test_money_balances_sum_to_zero_within_a_cent(results: list[int], value: str) -> None:
    results.append(-sum(results))
    chips = dict(zip(NAMES, results, strict=False))
    balances = money_balances(chips, D(value))
    assert sum(balances.values()) == 0
    for name, money in balances.items():
        assert money.as_tuple().exponent == -2
        assert abs(money - chips[name] * D(value)) < D("0.01")
    check_settles(balances, settle(balances))
