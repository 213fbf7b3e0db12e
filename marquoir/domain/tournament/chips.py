"""The chips on the table: making up a starting stack from the denominations in the case,
and the chip race at a colour-up (TDA 2024 rule 24, chip race and colour-ups).

Making up a stack (`starting_stack`), denominations smallest first:

1. the smallest chip: enough to post the big blind of level 1 four times (the blinds of the
   first levels without asking for change), at least 4 chips;
2. every middle chip: about two chips' worth of the next denomination;
3. the largest chip: the rest.

Each count is then moved to the nearest count (the smaller on a tie) that leaves a rest the
next denomination can pay exactly, so the largest chip always finishes the stack. Worked
example: 5,000 with 25/100/500/1000 at 25/50: 4 x 50 = 200 -> 8 x 25, rest 4,800; 100s:
2 x 500 = 1,000 -> 10, but 3,800 is no multiple of 500: 9 leaves 3,900, 11 leaves 3,700,
8 leaves 4,000: 8 x 100; 500s: 2 x 1,000 -> 4, rest 2,000: 2 x 1,000. The usual home kit.

The chip race: players first change what they can of the removed denomination; each keeps
fewer odd chips than one chip of the next denomination is worth. The odd chips' total value
is rounded to the nearest number of next-denomination chips (the usual practice: odd chips
worth half a chip or more make one); each player is dealt one card per odd chip, and the
highest cards win the new chips, one chip at most to a player. A player whose whole stack
was odd chips and who wins nothing is not raced out: he is given one chip of the next
denomination, a chip added to play (so chips are conserved except for these chips and the
rounding).
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..errors import UsageError
from ..i18n import _

RANKS = "23456789TJQKA"
SUITS = "cdhs"  # clubs < diamonds < hearts < spades, the usual order for a high-card draw


def parse_denominations(spec: str) -> tuple[int, ...]:
    """`25,100,500,1000` -> (25, 100, 500, 1000): distinct positive whole chips, sorted."""
    try:
        values = [int(part) for part in spec.split(",")]
    except ValueError:
        raise UsageError(
            _("chips: {spec!r} is not denominations like 25,100,500,1000").format(spec=spec)
        ) from None
    if not values or any(v <= 0 for v in values) or len(set(values)) != len(values):
        raise UsageError(_("chips: the denominations must be distinct positive numbers"))
    return tuple(sorted(values))


def _nearest_count(target: int, rest: int, chip: int, following: int) -> int:
    """The count nearest `target` (smaller first on a tie) leaving a rest the following
    denomination pays exactly."""
    most = rest // chip
    center = min(target, most)  # above `most` the chips would exceed the stack
    # The counts that work repeat every `period` chips: searching one period each way is enough.
    period = following // math.gcd(chip, following)
    for delta in range(period + 1):
        for count in (center - delta, center + delta):
            if 0 <= count <= most and (rest - count * chip) % following == 0:
                return count
    raise UsageError(
        _("chips: no count of {chip} chips leaves a rest in {following} chips").format(
            chip=chip, following=following
        )
    )


def starting_stack(stack: int, denominations: Sequence[int], *, big_blind: int) -> dict[int, int]:
    """How many chips of each denomination make up `stack` (the rule is the module's);
    refused when the stack cannot be made up exactly."""
    chips = sorted(denominations)
    if not chips or stack <= 0 or big_blind <= 0:
        raise UsageError(_("chips: a stack, a big blind and denominations are needed"))
    if stack % chips[0]:
        raise UsageError(
            _("chips: {stack} cannot be made with {value} chips and up").format(
                stack=stack, value=chips[0]
            )
        )
    counts: dict[int, int] = {}
    rest = stack
    for i, chip in enumerate(chips):
        if i == len(chips) - 1:
            counts[chip] = rest // chip
            rest -= counts[chip] * chip
            break
        following = chips[i + 1]
        target = max(4, math.ceil(4 * big_blind / chip)) if i == 0 else 2 * following // chip
        counts[chip] = _nearest_count(target, rest, chip, following)
        rest -= counts[chip] * chip
    if rest:
        raise UsageError(
            _("chips: {stack} cannot be made up exactly from {chips}").format(
                stack=stack, chips=chips
            )
        )
    return counts


def colour_up(count: int, *, removed: int, next_chip: int) -> tuple[int, int]:
    """Changing `count` chips of `removed` before the race: (chips of `next_chip`, odd chips
    kept for the race). `colour_up(7, removed=25, next_chip=100) == (1, 3)`."""
    if count < 0 or next_chip <= removed or next_chip % removed:
        raise UsageError(_("chips: the next denomination must be a multiple of the removed one"))
    per = next_chip // removed
    return count // per, count % per


@dataclass(frozen=True)
class ChipRace:
    """The result of a race: `won` (players who won one chip of the next denomination, in
    the order of the draw), `protected` (players given one so as not to be raced out),
    `chips_raced` (next-denomination chips put in for the odd chips), `draw` (players in
    order of their highest card, highest first) and `cards` (the cards dealt, when drawn
    here)."""

    won: tuple[str, ...]
    protected: tuple[str, ...]
    chips_raced: int
    draw: tuple[str, ...]
    cards: Mapping[str, tuple[str, ...]]

    def new_chips(self, player: str) -> int:
        """Chips of the next denomination the player receives (0 or 1)."""
        return int(player in self.won or player in self.protected)


def draw_cards(odd_chips: Mapping[str, int], *, seed: int) -> dict[str, tuple[str, ...]]:
    """A seeded deal of one card per odd chip from one shuffled deck, players in the order
    given (seat 1 first, as the TDA race starts in seat 1)."""
    deck = [rank + suit for rank in RANKS for suit in SUITS]
    if sum(odd_chips.values()) > len(deck):
        raise UsageError(_("chips: more odd chips than cards in a deck"))
    random.Random(seed).shuffle(deck)
    cards: dict[str, tuple[str, ...]] = {}
    for player, count in odd_chips.items():
        cards[player], deck = tuple(deck[:count]), deck[count:]
    return cards


def _card_value(card: str) -> tuple[int, int]:
    return RANKS.index(card[0]), SUITS.index(card[1])


def chip_race(
    odd_chips: Mapping[str, int],
    stacks: Mapping[str, int],
    *,
    removed: int,
    next_chip: int,
    draw: Sequence[str] | None = None,
    seed: int | None = None,
) -> ChipRace:
    """Race off the odd chips of `removed` into chips of `next_chip` (the module says how).

    `odd_chips`: each player's odd chips of the removed denomination, in seat order;
    `stacks`: each player's whole stack in chips value, before the race (a player whose
    stack is all odd chips must not be raced out). The draw is physical: pass `draw`, the
    racing players ordered by their highest card, highest first, as read at the table; or
    `seed` for a seeded deal of the cards here.
    """
    racing = {p: n for p, n in odd_chips.items() if n}
    for player, count in racing.items():
        if count < 0 or count * removed >= next_chip:
            raise UsageError(
                _("chips: {player} must change his {removed} chips before the race").format(
                    player=player, removed=removed
                )
            )
        if stacks.get(player, 0) < count * removed:
            raise UsageError(
                _("chips: {player}'s stack is smaller than his odd chips").format(player=player)
            )
    cards: dict[str, tuple[str, ...]] = {}
    if draw is None:
        if seed is None:
            raise UsageError(_("chips: give the order of the draw, or a seed to draw the cards"))
        cards = draw_cards(racing, seed=seed)
        draw = sorted(racing, key=lambda p: max(map(_card_value, cards[p])), reverse=True)
    if sorted(draw) != sorted(racing):
        raise UsageError(_("chips: the draw must list each player with odd chips once"))
    value = sum(racing.values()) * removed
    # Nearest whole number of chips, a half rounded up.
    raced = (2 * value + next_chip) // (2 * next_chip)
    won = tuple(draw[:raced])
    protected = tuple(p for p in draw if p not in won and stacks.get(p, 0) == racing[p] * removed)
    return ChipRace(won, protected, raced, tuple(draw), cards)


def left_over(stacks: dict[str, int], next_chip: int) -> dict[str, int]:
    """After a race, the chips of each stack that whole chips of `next_chip` cannot make
    (`left_over({"a": 1025, "b": 900}, 100) == {"a": 25}`): those players still hold chips
    of the removed denomination (left out of the race, or miscounted); nobody: `{}`."""
    return {name: stack % next_chip for name, stack in stacks.items() if stack % next_chip}
