"""Finishing places from the eliminations, the prizes of shared places, and bounties.

Places (simultaneous eliminations: the WSOP rule and the usual practice; TDA 2024 RP-8 ties
players out on one hand-for-hand deal at different tables): players out on the same hand finish in
the order of their stacks at the start of that hand, the larger stack higher; players who
started that hand with equal stacks share the places they cover, and the prizes of those
places are added up and split equally. The last entry with chips is first.

Bounties: fixed (the eliminator collects the busted entry's bounty) or progressive (half to
the eliminator in cash, half added to the bounty on his own head). Several eliminators on
one hand (the busted player's chips went to several pots won by different players) split
the bounty in proportion to the chips of the busted player each of them won.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from itertools import groupby

from ..errors import UsageError
from ..i18n import _
from .money import ONE, check_unit, floor_to_unit, split_exact


@dataclass(frozen=True)
class Bust:
    """An entry out of chips after hand `hand`, with the stack he started that hand with."""

    hand: int
    entry: str
    starting_stack: int


@dataclass(frozen=True)
class Place:
    """An entry's finishing place; `shared`: how many entries share it (1: alone). Entries
    sharing places n to n+k-1 all have place n."""

    entry: str
    place: int
    shared: int = 1


def finishing_places(entries: Sequence[str], busts: Sequence[Bust]) -> list[Place]:
    """Places of the busted entries, and first place when one entry is left; entries still
    playing (more than one) have no place yet and are left out.

    Worked example: 9 entries; hand 40 busts I (stack 300); hand 75 busts G (2,000 at the
    start of the hand) and H (800): G is 7th, H 8th, I 9th. Had G and H both started with
    800, both would be 7th, sharing 7th and 8th.
    """
    if len(set(entries)) != len(entries):
        raise UsageError(_("an entry is listed twice"))
    busted = [b.entry for b in busts]
    if len(set(busted)) != len(busted):
        raise UsageError(_("an entry is out twice"))
    if unknown := set(busted) - set(entries):
        raise UsageError(_("unknown entries out: {value}").format(value=", ".join(sorted(unknown))))
    places: list[Place] = []
    worst = len(entries)
    for _hand, group in groupby(sorted(busts, key=lambda b: b.hand), key=lambda b: b.hand):
        # TDA: on one hand, the smaller starting stack finishes lower.
        by_stack = sorted(group, key=lambda b: b.starting_stack)
        for _stack, tied in groupby(by_stack, key=lambda b: b.starting_stack):
            tied_busts = list(tied)
            best = worst - len(tied_busts) + 1
            places.extend(Place(b.entry, best, len(tied_busts)) for b in tied_busts)
            worst = best - 1
    out = set(busted)
    alive = [e for e in entries if e not in out]
    if not alive:
        raise UsageError(_("every entry is out: the last one out has won and is not a bust"))
    if len(alive) == 1:
        places.append(Place(alive[0], 1))
    return sorted(places, key=lambda p: p.place)


def place_prizes(
    places: Sequence[Place], prizes: Sequence[Decimal], *, unit: Decimal = ONE
) -> dict[str, Decimal]:
    """What each placed entry wins: `prizes[n-1]` for place n (nothing beyond the paid
    places); entries sharing places split the sum of those places' prizes equally, rounded
    to `unit`, the odd units to the entries listed first, the total exact.

    Worked example: prizes 50, 30, 20 (of 100); two entries share 2nd and 3rd: 30 + 20 = 50,
    25 each. Sharing 3rd and 4th of 50, 30, 20: 20 + 0 = 20, 10 each.
    """
    check_unit(unit)
    result: dict[str, Decimal] = {}
    for (place, shared), group in groupby(places, key=lambda p: (p.place, p.shared)):
        members = [p.entry for p in group]
        if len(members) != shared:
            raise UsageError(
                _("place {place} is shared by {shared}, {count} listed").format(
                    place=place, shared=shared, count=len(members)
                )
            )
        pot = sum(prizes[place - 1 : place - 1 + shared], Decimal(0))
        for entry, amount in zip(members, split_exact(pot, [ONE] * shared, unit=unit), strict=True):
            result[entry] = amount
    return result


@dataclass(frozen=True)
class Knockout:
    """`entry` was busted on `hand`; `eliminators`: each winner of the busted player's chips
    and how many of them he won (one eliminator: any positive number)."""

    hand: int
    entry: str
    eliminators: Mapping[str, int]


def _shares(knockout: Knockout, amount: Decimal, unit: Decimal) -> dict[str, Decimal]:
    names = list(knockout.eliminators)
    if not names or any(v <= 0 for v in knockout.eliminators.values()):
        raise UsageError(
            _("the knockout of {entry} needs eliminators with chips won").format(
                entry=knockout.entry
            )
        )
    if knockout.entry in knockout.eliminators:
        raise UsageError(_("{entry} cannot eliminate himself").format(entry=knockout.entry))
    weights = [Decimal(knockout.eliminators[n]) for n in names]
    return dict(zip(names, split_exact(amount, weights, unit=unit), strict=True))


def fixed_bounties(
    bounty: Decimal, knockouts: Sequence[Knockout], *, unit: Decimal = ONE
) -> dict[str, Decimal]:
    """Cash each eliminator collects with a fixed bounty on every entry.

    Worked example: bounty 10; hand 12: A busts C; hand 30: B wins 600 and A 200 of D's
    800 chips: B 7.5 -> 7 + the odd unit (largest fraction .5 vs .5, B listed first) = 8,
    A 2.5 -> 2; totals A 12, B 8.
    """
    check_unit(unit)
    won: dict[str, Decimal] = {}
    for knockout in sorted(knockouts, key=lambda k: k.hand):
        for name, amount in _shares(knockout, bounty, unit).items():
            won[name] = won.get(name, Decimal(0)) + amount
    return won


@dataclass
class Progressive:
    """Progressive bounties: `cash` each eliminator collected, `heads` the bounty now on
    each entry's head (a busted entry's head is 0)."""

    cash: dict[str, Decimal] = field(default_factory=dict)
    heads: dict[str, Decimal] = field(default_factory=dict)


def progressive_bounties(
    entries: Sequence[str],
    bounty: Decimal,
    knockouts: Sequence[Knockout],
    *,
    unit: Decimal = ONE,
    winner: str | None = None,
) -> Progressive:
    """Progressive knockouts: each entry starts with `bounty` on his head; busting him pays
    half his head in cash to the eliminators (rounded down to `unit`) and adds the other half
    (the rest, so nothing is lost) to their own heads, both split by chips won. `winner`,
    when given, collects his own head at the end.

    Worked example: bounty 20, unit 1. A busts B: A gets 10 cash, A's head 20 + 10 = 30.
    C busts A: C gets 15 cash, C's head 20 + 15 = 35. C wins: he collects 35 more: C 50,
    A 10; 50 + 10 = 60 = the three entries' bounties.
    """
    check_unit(unit)
    state = Progressive(heads={e: bounty for e in entries})
    out: set[str] = set()
    for knockout in sorted(knockouts, key=lambda k: k.hand):
        head = state.heads.get(knockout.entry)
        if head is None or knockout.entry in out:
            raise UsageError(
                _("{entry} is not an entry still in play").format(entry=knockout.entry)
            )
        if unknown := set(knockout.eliminators) - set(entries):
            raise UsageError(
                _("unknown eliminators: {value}").format(value=", ".join(sorted(unknown)))
            )
        if gone := {e for e in knockout.eliminators if e in out}:
            raise UsageError(
                _("already out, cannot eliminate: {value}").format(value=", ".join(sorted(gone)))
            )
        cash = floor_to_unit(head / 2, unit)
        for name, amount in _shares(knockout, cash, unit).items():
            state.cash[name] = state.cash.get(name, Decimal(0)) + amount
        for name, amount in _shares(knockout, head - cash, unit).items():
            state.heads[name] += amount
        state.heads[knockout.entry] = Decimal(0)
        out.add(knockout.entry)
    if winner is not None:
        if winner not in state.heads or winner in out:
            raise UsageError(_("{winner} is not an entry still in play").format(winner=winner))
        state.cash[winner] = state.cash.get(winner, Decimal(0)) + state.heads[winner]
        state.heads[winner] = Decimal(0)
    return state
