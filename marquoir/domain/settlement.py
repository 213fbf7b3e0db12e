"""Who pays whom at the end of the night: money balances, the fewest transfers, bank payouts.

Chip results become money exactly (integer arithmetic on the chip value's fraction) and are
rounded to the cent by the largest-remainder method, so the rounded balances still sum to
zero. The fewest transfers that settle n non-zero balances are n minus the largest number of
disjoint groups of players whose balances sum to zero: each group settles among itself with
one transfer fewer than its size. Opposite balances (+x, -x) always make a group of their own
in some best answer, so they are paired first; the rest is solved exactly by a dynamic program
over subsets up to `EXACT_LIMIT` players, and above that by the greedy rule (the largest
debtor pays the largest creditor). Everything is deterministic: players are taken by name.
"""

from __future__ import annotations

import heapq
from decimal import Decimal

from .errors import MarquoirError
from .records import Record

TYPE_CHECKING = False
if TYPE_CHECKING:
    from fractions import Fraction

EXACT_LIMIT = 20
BANK = "bank"


class SettlementError(MarquoirError):
    """Results or balances that cannot be settled (they do not sum to zero, bad chip value)."""


class Transfer(Record):
    """One payment at the end of the night: `payer` gives `amount` (money) to `payee`."""

    payer: str
    payee: str
    amount: Decimal

    def describe(self, currency: str | None = None) -> str:
        """ "alice pays bob 12.50", or "alice pays bob 12.50 EUR" with a currency."""
        text = f"{self.payer} pays {self.payee} {self.amount:f}"
        return f"{text} {currency}" if currency else text


def money_balances(
    results: dict[str, int],
    chip_value: Decimal,
    *,
    places: int = 2,
    absorbed: dict[str, Fraction] | None = None,
) -> dict[str, Decimal]:
    """Each player's result in chips (cash-out - caves - recaves) as money, in `places` decimals.

    The results must sum to zero, or to zero once `absorbed` (the chips each one takes on of
    a count that did not balance, exact fractions; a name not among the results, the house,
    gets a balance of its own) is added. Rounding follows the largest-remainder method (ties
    by name), so the rounded balances sum to exactly zero and each is within one cent of the
    exact value; a player whose exact balance is whole cents stays at it.
    """
    exact: dict[str, int] | dict[str, Fraction] = results
    if absorbed:
        exact = _plus(results, absorbed)
    total = sum(exact.values())
    if total:
        sign = "+" if total > 0 else ""
        raise SettlementError(
            f"the chip results do not balance: they sum to {sign}{total} chips instead of 0"
        )
    num, den = _ratio(chip_value, places)
    units = _allocate(exact, num, den, target=0)
    return {name: _money(units[name], places) for name in exact}


def zero_sum_groups(balances: dict[str, Decimal]) -> list[list[str]]:
    """The groups of players who settle among themselves in `settle` (names sorted).

    Players with a zero balance belong to no group.
    """
    return [group for group, _ in _plan(_to_units(balances)[0])]


def settle(balances: dict[str, Decimal]) -> list[Transfer]:
    """The fewest transfers that settle every balance exactly (positive = receives).

    Exact up to `EXACT_LIMIT` players with a non-zero balance that are not paired with an
    exact opposite; above that, the greedy rule (at most one transfer fewer than players).
    """
    units, places = _to_units(balances)
    return [
        Transfer(payer, payee, _money(amount, places))
        for _, transfers in _plan(units)
        for payer, payee, amount in transfers
    ]


def bank_payouts(
    cashouts: dict[str, int],
    chip_value: Decimal,
    *,
    places: int = 2,
    absorbed: dict[str, Fraction] | None = None,
) -> list[Transfer]:
    """The bank pays each player the money value of the chips he cashed out (`--bank` mode).

    In the order of `cashouts`; players who cashed out nothing get no transfer. The payouts
    add up to the value of all the chips, rounded half up; largest remainders take the cents.
    `absorbed`: the chips each player takes on of a count that did not balance, added to his
    cash-out (the bank is the house: a share of its own is what it keeps or pays in).
    """
    for name, chips in cashouts.items():
        if chips < 0:
            raise SettlementError(f"{name} cannot cash out {chips} chips")
    owed: dict[str, int] | dict[str, Fraction] = cashouts
    if absorbed:  # (the house's share stays with the bank)
        owed = _plus(cashouts, {n: c for n, c in absorbed.items() if n in cashouts})
    num, den = _ratio(chip_value, places)
    exact = sum(owed.values()) * num
    target = int((2 * exact + den) // (2 * den))
    units = _allocate(owed, num, den, target)
    return [
        Transfer(BANK, name, _money(units[name], places))
        for name, chips in owed.items()
        if chips  # (negative: a player's share of extra chips is more than he cashed out)
    ]


# --- money ------------------------------------------------------------------------------


def _ratio(chip_value: Decimal, places: int) -> tuple[int, int]:
    """The chip value in units of 10**-places, as an exact fraction (numerator, denominator)."""
    if places < 0:
        raise ValueError(f"places must be 0 or more, not {places}")
    if not isinstance(chip_value, Decimal) or not chip_value.is_finite() or chip_value <= 0:
        raise SettlementError(f"the chip value must be a positive amount, not {chip_value}")
    num, den = chip_value.as_integer_ratio()
    return num * 10**places, den


def _plus(chips: dict[str, int], more: dict[str, Fraction]) -> dict[str, Fraction]:
    """`chips` plus `more`, name by name, exact (a name only in `more` comes last)."""
    from fractions import Fraction

    exact = {name: Fraction(count) for name, count in chips.items()}
    for name, count in more.items():
        exact[name] = exact.get(name, Fraction(0)) + count
    return exact


def _allocate(
    chips: dict[str, int] | dict[str, Fraction], num: int, den: int, target: int
) -> dict[str, int]:
    """Round chips * num / den down, then give one more unit to the largest remainders."""
    units: dict[str, int] = {}
    remainders: dict[str, int | Fraction] = {}
    for name, count in chips.items():
        whole, remainders[name] = divmod(count * num, den)
        units[name] = int(whole)
    extra = target - sum(units.values())
    for name in sorted(chips, key=lambda name: (-remainders[name], name))[:extra]:
        units[name] += 1
    return units


def _money(units: int, places: int) -> Decimal:
    """`units` hundredths (for places=2) as an exact Decimal with `places` decimals."""
    return Decimal(f"{units}E{-places}")


def _to_units(balances: dict[str, Decimal]) -> tuple[dict[str, int], int]:
    """Balances as integers in units of the finest decimal they use, and that many places."""
    places = 0
    for name, value in balances.items():
        if not isinstance(value, Decimal) or not value.is_finite():
            raise SettlementError(f"{name}'s balance must be an exact amount, not {value!r}")
        exponent = value.as_tuple().exponent
        if isinstance(exponent, int):
            places = max(places, -exponent)
    units = {}
    for name, value in balances.items():
        num, den = value.as_integer_ratio()
        units[name] = num * 10**places // den
    total = sum(units.values())
    if total:
        raise SettlementError(f"the balances sum to {_money(total, places)}, not 0")
    return units, places


# --- the fewest transfers ---------------------------------------------------------------


_Payment = tuple[str, str, int]


def _plan(units: dict[str, int]) -> list[tuple[list[str], list[_Payment]]]:
    """The zero-sum groups of the non-zero balances, each with its transfers, by name."""
    pairs, rest = _opposite_pairs(units)
    plan = [(group, _greedy(units, group)) for group in pairs]
    if len(rest) > EXACT_LIMIT:
        plan += _components(_greedy(units, rest))
    else:
        exact = _exact_groups(rest, [units[name] for name in rest])
        plan += [(group, _greedy(units, group)) for group in exact]
    return sorted(plan)


def _opposite_pairs(units: dict[str, int]) -> tuple[list[list[str]], list[str]]:
    """Pair each balance with an exact opposite, by name; return the pairs and the others."""
    waiting: dict[int, list[str]] = {}
    pairs: list[list[str]] = []
    for name in sorted(units):
        value = units[name]
        if not value:
            continue
        partners = waiting.get(-value)
        if partners:
            pairs.append([partners.pop(0), name])
        else:
            waiting.setdefault(value, []).append(name)
    return pairs, sorted(name for names in waiting.values() for name in names)


def _exact_groups(names: list[str], values: list[int]) -> list[list[str]]:
    """The most disjoint zero-sum groups covering `values` (which sum to zero, none zero).

    The dynamic program over subsets g(S) = max over i in S of g(S - i), plus one when S sums
    to zero, computed level by level: levels[k] is the set of masks S with g(S) >= k, kept as
    one big integer whose bit S is set, so each step works on all 2**n masks at once.
    """
    n = len(values)
    if not n:
        return []
    size, full = 1 << n, (1 << n) - 1
    without = [_masks_without_bit(i, n) for i in range(n)]
    zero = _zero_sum_masks(values)
    levels = [(1 << size) - 1]
    while True:
        grown = 0
        for i, mask in enumerate(without):
            grown |= (levels[-1] & mask) << (1 << i)
        level = _up_closure(zero & grown, without)
        if not level >> full & 1:
            break
        levels.append(level)
    nbytes = (size + 7) // 8
    zero_bits = (zero | 1).to_bytes(nbytes, "little")
    groups, mask = [], full
    for k in range(len(levels) - 1, 0, -1):
        rest = _last_group_removed(mask, levels[k - 1].to_bytes(nbytes, "little"), zero_bits)
        groups.append([names[i] for i in range(n) if (mask ^ rest) >> i & 1])
        mask = rest
    return groups


def _last_group_removed(mask: int, below: bytes, zero_bits: bytes) -> int:
    """From a zero-sum mask with k groups, a zero-sum submask with k - 1 (bitset `below`)."""
    current = mask
    while True:
        current = next(
            smaller
            for smaller in (current & ~(1 << i) for i in range(current.bit_length()))
            if smaller != current and _has(below, smaller)
        )
        if _has(zero_bits, current):
            return current


def _has(bits: bytes, mask: int) -> int:
    return bits[mask >> 3] >> (mask & 7) & 1


def _masks_without_bit(i: int, n: int) -> int:
    """The bitset of the masks of n players that do not contain player i."""
    bits, width = (1 << (1 << i)) - 1, 2 << i
    while width < 1 << n:
        bits |= bits << width
        width *= 2
    return bits


def _up_closure(bits: int, without: list[int]) -> int:
    """Every mask that contains a mask of `bits`."""
    for i, mask in enumerate(without):
        bits |= (bits & mask) << (1 << i)
    return bits


def _zero_sum_masks(values: list[int]) -> int:
    """The bitset of the subsets of `values` that sum to zero (meet in the middle)."""
    half = len(values) // 2
    by_sum: dict[int, list[int]] = {}
    for high, total in enumerate(_subset_sums(values[half:])):
        by_sum.setdefault(total, []).append(high)
    bits = bytearray(((1 << len(values)) + 7) // 8)
    for low, total in enumerate(_subset_sums(values[:half])):
        for high in by_sum.get(-total, ()):
            mask = low | high << half
            bits[mask >> 3] |= 1 << (mask & 7)
    return int.from_bytes(bits, "little")


def _subset_sums(values: list[int]) -> list[int]:
    """The sum of each subset, indexed by its mask."""
    sums = [0]
    for value in values:
        sums += [total + value for total in sums]
    return sums


def _greedy(units: dict[str, int], names: list[str]) -> list[_Payment]:
    """The largest debtor pays the largest creditor until all are settled (ties by name)."""
    creditors = sorted((-units[name], name) for name in names if units[name] > 0)
    debtors = sorted((units[name], name) for name in names if units[name] < 0)
    transfers = []
    while creditors and debtors:
        owed, payee = heapq.heappop(creditors)
        due, payer = heapq.heappop(debtors)
        amount = min(-owed, -due)
        transfers.append((payer, payee, amount))
        if -owed > amount:
            heapq.heappush(creditors, (owed + amount, payee))
        if -due > amount:
            heapq.heappush(debtors, (due + amount, payer))
    return transfers


def _components(transfers: list[_Payment]) -> list[tuple[list[str], list[_Payment]]]:
    """Split greedy transfers into the groups of players they connect (a forest)."""
    parent: dict[str, str] = {}

    def root(name: str) -> str:
        while parent.setdefault(name, name) != name:
            name = parent[name]
        return name

    for payer, payee, _ in transfers:
        parent[root(payer)] = root(payee)
    parts: dict[str, tuple[list[str], list[_Payment]]] = {}
    for transfer in transfers:
        parts.setdefault(root(transfer[0]), ([], []))[1].append(transfer)
    for name in sorted(parent):
        parts[root(name)][0].append(name)
    return list(parts.values())
