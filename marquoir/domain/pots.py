"""Pots and side pots from what each player put in, and how a pot is split.

Live bets make one layer per all-in level; dead money (antes) sits in the main pot, where
every player still in is eligible. Folded players' chips stay in the layers they reached.
Adjacent layers with the same eligible players are one pot (docs/rules.md, TDA 21).
"""

from __future__ import annotations

from collections.abc import Sequence

from .errors import ShowdownError
from .ranking import Ranking
from .records import Record

# A record of all its fields made from their tuple (what its constructor does, without the call)
_new = tuple.__new__


class Contribution(Record):
    """What one player put in this hand: live bets, dead money (antes), and whether he folded."""

    player: str
    live: int
    dead: int = 0
    folded: bool = False


class Pot(Record):
    """A pot: its chips and the players who may win it, in order of play."""

    amount: int
    eligible: tuple[str, ...]


Shares = tuple[tuple[str, int], ...]
"""(player, chips) for each winner of a pot or of half a pot, in order of play."""


class PotAward(Record):
    """How one pot was settled: the pot, its name, and what each winner took.

    When the pot was split between the best high hand and the best low, `high` and `low`
    are the shares of each half and `shares` adds them up per player.
    """

    name: str
    pot: Pot
    shares: Shares
    high: Shares = ()
    low: Shares = ()

    @property
    def winners(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.shares)


def pot_name(index: int) -> str:
    """ "main pot", "side pot 1", "side pot 2", ..."""
    return "main pot" if index == 0 else f"side pot {index}"


def build_pots(contributions: Sequence[Contribution], *, dead: int = 0) -> list[Pot]:
    """The main pot and side pots, in order (main first).

    `contributions` must be in order of play from the first seat left of the button: the
    eligible players of each pot keep that order. `dead` is money no player of this hand put
    in (a void deal's chips), which goes to the main pot with the antes.
    """
    in_hand: list[Contribution] = []
    lives: list[int] = []
    levels: set[int] = set()  # (the totals of the players still in: one pass finds them)
    for c in contributions:
        dead += c.dead
        lives.append(c.live)
        if not c.folded:
            in_hand.append(c)
            if c.live > 0:
                levels.add(c.live)
    # (the records below made from all their fields at once, without a constructor's call)
    layers: list[Pot] = []
    if dead:
        layers.append(_new(Pot, (dead, tuple([c.player for c in in_hand]))))
    previous = 0
    for level in sorted(levels):
        # what each player put in above the level below, up to this one
        amount = 0
        for live in lives:
            if live > previous:
                amount += (live if live < level else level) - previous
        eligible = tuple([c.player for c in in_hand if c.live >= level])
        layers.append(_new(Pot, (amount, eligible)))
        previous = level
    # A folded player's bet above every live player's total cannot stand after the uncalled
    # bet went back, but if it ever did it must not vanish: it joins the top pot.
    above = 0
    for live in lives:
        if live > previous:
            above += live - previous
    if above and layers:
        top = layers[-1]
        layers[-1] = _new(Pot, (top.amount + above, top.eligible))
    return _merge(layers)


def _merge(layers: list[Pot]) -> list[Pot]:
    pots: list[Pot] = []
    for layer in layers:
        if layer.amount == 0:
            continue
        if pots and pots[-1].eligible == layer.eligible:
            pots[-1] = _new(Pot, (pots[-1].amount + layer.amount, layer.eligible))
        else:
            pots.append(layer)
    return pots


def split_amount(amount: int, winners: Sequence[str], *, chip_unit: int = 1) -> list[int]:
    """Divide `amount` among `winners` (in order of play from the left of the button).

    Equal shares in units of the smallest chip; the units left over go one each to the first
    winners; a remainder smaller than a unit goes with the first odd unit (TDA 20).
    """
    count = len(winners)
    if count == 1:  # (the usual pot: one winner takes it all, crumbs included)
        return [amount]
    units, crumbs = divmod(amount, chip_unit)
    share, odd = divmod(units, count)
    shares = [share * chip_unit + (chip_unit if i < odd else 0) for i in range(count)]
    shares[0] += crumbs
    return shares


def pot_winners(pot: Pot, ranking: Ranking, name: str) -> tuple[str, ...]:
    """The players of the best ranked group that may win this pot.

    A pot with a single eligible player goes to him without being named; a pot that no named
    player may win is refused with the eligible players named.
    """
    if len(pot.eligible) == 1:  # (his, ranked or not: a pot nobody contests)
        return pot.eligible
    for group in ranking:
        winners = tuple([player for player in pot.eligible if player in group])
        if winners:
            return winners
    if len(pot.eligible) == 1:
        return pot.eligible
    raise ShowdownError(
        f"the {name} ({pot.amount}) needs a winner: eligible players are " + ", ".join(pot.eligible)
    )


def award_each(
    pots: Sequence[Pot], rankings: Sequence[Ranking], *, chip_unit: int = 1
) -> list[PotAward]:
    """Settle each pot by its own ranking (Bouillotte from the cards: a colour that won a pot
    keeps winning in the side pots), main pot first."""
    if len(rankings) != len(pots):
        raise ShowdownError(f"{len(rankings)} rankings for {len(pots)} pots")
    awards = []
    for index, (pot, ranking) in enumerate(zip(pots, rankings, strict=True)):
        name = pot_name(index)
        winners = pot_winners(pot, ranking, name)
        shares = split_amount(pot.amount, winners, chip_unit=chip_unit)
        awards.append(PotAward(name, pot, tuple(zip(winners, shares, strict=True))))
    return awards


def award_pots(
    pots: Sequence[Pot],
    ranking: Ranking,
    *,
    low: Ranking | None = None,
    chip_unit: int = 1,
    first: str | None = None,
) -> list[PotAward]:
    """Settle every pot on its own from the showdown ranking (and the low ranking of a
    hi-lo game: the players with a qualifying low, best first).

    A pot with a qualifying low among its players is split in two halves; the high half
    takes the odd unit of that split (TDA 2024 rule 20 on split pots); without a low the high
    hand scoops. Inside a half, `first`, when one of its winners, takes the first odd unit
    (then seat order goes on from him); otherwise the odd units go from the first seat left
    of the button.
    """
    awards = []
    for index, pot in enumerate(pots):
        name = pot_name(index)
        high_winners = pot_winners(pot, ranking, name)
        low_winners = _low_winners(pot, low)
        low_amount = pot.amount // chip_unit // 2 * chip_unit
        if not low_winners or not low_amount:  # (a pot of one chip unit is not halved)
            shares = _shares(pot.amount, high_winners, chip_unit, first)
            # (every field, in order: the record made from all its fields at once)
            awards.append(_new(PotAward, (name, pot, shares, (), ())))
            continue
        high = _shares(pot.amount - low_amount, high_winners, chip_unit, first)
        low_shares = _shares(low_amount, low_winners, chip_unit, first)
        won = {player: 0 for player in pot.eligible if player in high_winners + low_winners}
        for player, amount in high + low_shares:
            won[player] += amount
        awards.append(PotAward(name, pot, tuple(won.items()), high, low_shares))
    return awards


def lone_award(winner: str, total: int) -> tuple[PotAward, ...]:
    """What `award_pots` makes of the pots of a hand that everyone else folded, `winner`
    alone still in, when he put chips in or dead money lies in the middle: every layer of
    `build_pots` has him alone eligible, so they merge into one pot of the `total` in the
    middle, the main pot, his whole (no split, so no odd chip). Counted directly: most
    hands end so, and the pots need not be built to find it."""
    # (every field, in order: the records made from all their fields at once)
    pot = _new(Pot, (total, (winner,)))
    return (_new(PotAward, ("main pot", pot, ((winner, total),), (), ())),) if total else ()


def _low_winners(pot: Pot, low: Ranking | None) -> tuple[str, ...]:
    """The players of the best low among this pot's players (none: the high hand scoops)."""
    for group in low or ():
        winners = tuple(player for player in pot.eligible if player in group)
        if winners:
            return winners
    return ()


def _shares(amount: int, winners: tuple[str, ...], chip_unit: int, first: str | None) -> Shares:
    if len(winners) == 1:  # (the usual pot: one winner, nothing split)
        return ((winners[0], amount),)
    if first in winners:
        at = winners.index(first)
        winners = winners[at:] + winners[:at]
    shares = split_amount(amount, winners, chip_unit=chip_unit)
    return tuple(zip(winners, shares, strict=True))
