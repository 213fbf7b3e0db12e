"""A tournament's entries as the table keeps them: who entered, rebought, added on, busted,
and who busted him.

`Table` applies its events to this state; the places, the prize pool and the bounties are
computed from it by `standing` (pure functions of what was recorded).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from math import lcm
from typing import Any

from ..errors import MarquoirError, UsageError
from ..i18n import _, ngettext
from ..pots import PotAward
from .payouts import Payouts, parse_payouts, payouts, preset_percentages
from .places import (
    Bust,
    Knockout,
    Place,
    finishing_places,
    fixed_bounties,
    place_prizes,
    progressive_bounties,
)


@dataclass
class Entry:
    """One entry: the first buy-in of a player, or a re-entry (`number` 2, 3, ...)."""

    player: str
    number: int = 1
    rebuys: int = 0
    add_on: bool = False
    # the hand he lost his last chips on, and his stack at its start (None: not busted)
    bust_hand: int | None = None
    bust_stack: int = 0
    # who won his chips on that hand, and how many
    eliminators: dict[str, int] = field(default_factory=dict)
    # out for good (a bust he may still rebuy from is not out yet)
    out: bool = False
    # several tables: the moment of his bust, counted over the room (an `out`, or one hand
    # at a table); the places follow it instead of the hand number (0: one table)
    step: int = 0

    @property
    def label(self) -> str:
        """ "ann", and "ann #2" for his second entry."""
        return self.player if self.number == 1 else f"{self.player} #{self.number}"

    @property
    def busted(self) -> bool:
        return self.bust_hand is not None


@dataclass
class TournamentState:
    """Every entry in order, and the entry each player plays now."""

    entries: list[Entry] = field(default_factory=list)
    current: dict[str, int] = field(default_factory=dict)
    # a deal (`chop`): each player's money and what was kept to play for
    chop: dict[str, Any] | None = None
    # the denominations already raced off the table (TDA 2024 rule 24): each leaves once
    raced: set[int] = field(default_factory=set)

    def enter(self, player: str) -> Entry:
        """A new entry for `player` (his first, or a re-entry)."""
        number = sum(1 for e in self.entries if e.player == player) + 1
        entry = Entry(player, number)
        self.current[player] = len(self.entries)
        self.entries.append(entry)
        return entry

    def entry_of(self, player: str) -> Entry:
        """The entry `player` plays now."""
        return self.entries[self.current[player]]

    def entries_of(self, player: str) -> int:
        """How many entries `player` has bought."""
        return sum(1 for e in self.entries if e.player == player)

    def buys_after_entry(self, player: str) -> int:
        """What `player` bought after his first entry: rebuys, add-ons, re-entries (a
        tournament's "recaves")."""
        mine = [e for e in self.entries if e.player == player]
        return sum(e.rebuys + int(e.add_on) for e in mine) + max(0, len(mine) - 1)

    @property
    def rebuys(self) -> int:
        return sum(e.rebuys for e in self.entries)

    @property
    def add_ons(self) -> int:
        return sum(1 for e in self.entries if e.add_on)

    def busts(self) -> list[Bust]:
        """The eliminations so far (a bust waiting for a rebuy counts: he is out unless he
        rebuys before the next deal)."""
        return [
            Bust(e.step or e.bust_hand, e.label, e.bust_stack)
            for e in self.entries
            if e.bust_hand is not None
        ]

    def knockouts(self) -> list[Knockout]:
        """Who busted whom, for the bounties (a bust with no eliminator is left out)."""
        return [
            Knockout(e.step or e.bust_hand, e.label, dict(e.eliminators))
            for e in self.entries
            if e.bust_hand is not None and e.eliminators
        ]

    def places(self) -> list[Place]:
        """The finishing places so far (the last entry with chips is first)."""
        return finishing_places([e.label for e in self.entries], self.busts())

    def bust(self, player: str, hand: int, stack: int, eliminators: dict[str, int]) -> None:
        """`player` lost his last chips on `hand`, having started it with `stack`."""
        entry = self.entry_of(player)
        entry.bust_hand, entry.bust_stack = hand, stack
        entry.eliminators = {self.entry_of(name).label: n for name, n in eliminators.items()}

    def over(self) -> bool:
        """Whether the game is over: one entry left with chips, or a deal that kept
        nothing to play for."""
        if self.chop is not None and not Decimal(self.chop["kept"]):
            return True
        alive = [e for e in self.entries if not e.busted]
        return len(self.entries) > 1 and len(alive) == 1

    def to_dict(self) -> dict[str, Any]:
        """The state as JSON data (for the table's snapshot)."""
        return {
            "entries": [
                {
                    "player": e.player,
                    "number": e.number,
                    "rebuys": e.rebuys,
                    "add_on": e.add_on,
                    "bust_hand": e.bust_hand,
                    "bust_stack": e.bust_stack,
                    "eliminators": e.eliminators,
                    "out": e.out,
                    # (only with several tables: the snapshots of others stay as they were)
                    **({"step": e.step} if e.step else {}),
                }
                for e in self.entries
            ],
            "current": self.current,
            "chop": self.chop,
            # only once a race was run: the snapshots of other tournaments stay as they were
            **({"raced": sorted(self.raced)} if self.raced else {}),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TournamentState:
        """The state `to_dict` wrote."""
        entries = [Entry(**row) for row in data["entries"]]
        return cls(entries, dict(data["current"]), data.get("chop"), set(data.get("raced", [])))


def eliminators(player: str, awards: tuple[PotAward, ...]) -> dict[str, int]:
    """Who won `player`'s chips and how many, in whole weights: in each pot he could win,
    his part of the pot (an equal part among its eligible players) goes to its winners in
    proportion to their shares."""
    weights: dict[str, Fraction] = {}
    for award in awards:
        if player not in award.pot.eligible or not award.pot.amount:
            continue
        his_part = Fraction(award.pot.amount, len(award.pot.eligible))
        for name, amount in award.shares:
            if name != player and amount:
                share = his_part * Fraction(amount, award.pot.amount)
                weights[name] = weights.get(name, Fraction(0)) + share
    if not weights:
        return {}
    scale = lcm(*(w.denominator for w in weights.values()))
    return {name: int(w * scale) for name, w in weights.items()}


def field_text(state: TournamentState) -> str:
    """The field in words: `7 entries, 1 rebuy, 0 add-ons` (French: `0 add-on`)."""
    entries, rebuys, add_ons = len(state.entries), state.rebuys, state.add_ons
    return _("{entries}, {rebuys}, {add_ons}").format(
        entries=ngettext("{count} entry", "{count} entries", entries).format(count=entries),
        rebuys=ngettext("{count} rebuy", "{count} rebuys", rebuys).format(count=rebuys),
        add_ons=ngettext("{count} add-on", "{count} add-ons", add_ons).format(count=add_ons),
    )


def prize_pool(settings: Any, state: TournamentState) -> Decimal:
    """The prize pool: each entry's buy-in less its bounty, the rebuys and add-ons at their
    prices (the fees apart)."""
    entries = len(state.entries)
    pool = entries * (Decimal(settings.buy_in) - Decimal(settings.bounty))
    pool += state.rebuys * settings.money("rebuy_price")
    if state.add_ons:
        pool += state.add_ons * settings.money("add_on_price")
    return Decimal(pool)


@dataclass(frozen=True)
class Standing:
    """One entry's line in the places: its place (None while it plays), prize and bounties."""

    entry: str
    player: str
    place: int | None
    shared: int
    prize: Decimal
    bounties: Decimal
    rebuys: int
    add_on: bool
    out_hand: int | None


def payout_table(settings: Any, state: TournamentState) -> Payouts:
    """The prizes by place for the field so far."""
    field_size = max(1, len(state.entries))
    if settings.payouts:
        percentages = parse_payouts(settings.payouts)
    else:
        percentages = preset_percentages(field_size)
    unit = Decimal(settings.payout_unit)
    return payouts(prize_pool(settings, state), percentages, unit=unit)


def _bounties(
    settings: Any, state: TournamentState, places: list[Place], unit: Decimal
) -> dict[str, Decimal]:
    """The bounties each entry collected: from those he busted, and the winner's own head
    (after a deal that ends the game, each player in it keeps his own head)."""
    bounty = Decimal(settings.bounty)
    if not bounty:
        return {}
    knockouts = state.knockouts()
    winner = next((p.entry for p in places if p.place == 1 and p.shared == 1), None)
    ended_by_deal = state.chop is not None and not Decimal(state.chop["kept"])
    own_heads = list(state.chop["amounts"]) if ended_by_deal and state.chop else []
    if winner is not None and not ended_by_deal:
        own_heads = [winner]
    labels = [e.label for e in state.entries]
    if settings.progressive:
        result = progressive_bounties(labels, bounty, knockouts, unit=unit)
        won, heads = result.cash, result.heads
    else:
        won = fixed_bounties(bounty, knockouts, unit=unit)
        heads = dict.fromkeys(labels, bounty)
    for label in own_heads:
        won[label] = won.get(label, Decimal(0)) + heads[label]
    return won


def heads(settings: Any, state: TournamentState) -> dict[str, Decimal]:
    """The bounty on each entry's head now: the fixed bounty, or the progressive head (its
    own bounty plus the halves of the heads it collected); nothing without bounties."""
    bounty = Decimal(settings.bounty)
    labels = [e.label for e in state.entries]
    if not bounty:
        return dict.fromkeys(labels, Decimal(0))
    if not settings.progressive:
        return dict.fromkeys(labels, bounty)
    return dict(progressive_bounties(labels, bounty, state.knockouts(), unit=CENT).heads)


def knocked_out_by(state: TournamentState) -> dict[str, list[str]]:
    """Who busted each entry out: its eliminators, the most chips won first."""
    return {
        k.entry: sorted(k.eliminators, key=lambda name: (-k.eliminators[name], name))
        for k in state.knockouts()
    }


def standings(settings: Any, state: TournamentState) -> list[Standing]:
    """Every entry, the placed ones by place then those still playing: prize and bounties
    (a deal's money replaces the prizes of the players who made it)."""
    unit = Decimal(settings.payout_unit)
    places = state.places() if state.entries else []
    prizes = place_prizes(places, payout_table(settings, state).amounts, unit=unit)
    if state.chop is not None:
        # the deal's money replaces the prizes of those who made it; what was kept goes to
        # the winner of the rest of the game
        kept = Decimal(state.chop["kept"])
        winner = next((p.entry for p in places if p.place == 1), None)
        for label, amount in state.chop["amounts"].items():
            prizes[label] = Decimal(amount) + (kept if label == winner else 0)
    # a bounty is paid to the cent, whatever the prizes' unit: split between two
    # eliminators, 5 EUR makes 2.50 each
    won = _bounties(settings, state, places, CENT)
    placed = {p.entry: p for p in places}
    rows = []
    for entry in state.entries:
        place = placed.get(entry.label)
        rows.append(
            Standing(
                entry.label,
                entry.player,
                place.place if place else None,
                place.shared if place else 1,
                prizes.get(entry.label, Decimal(0)),
                won.get(entry.label, Decimal(0)),
                entry.rebuys,
                entry.add_on,
                entry.bust_hand,
            )
        )
    # those still playing first, then by place
    return sorted(rows, key=lambda r: (r.place is not None, r.place or 0))


HOUSE = "house"
CENT = Decimal("0.01")  # bounties are paid to the cent
CHOPS = ("icm", "chips", "even", "custom")


def chop_shares(
    settings: Any,
    state: TournamentState,
    method: str,
    keep: str,
    stacks: list[tuple[str, int]],
) -> tuple[tuple[str, str], ...]:
    """A deal's shares (entry, money text) among the entries left with these `stacks`: the
    prizes of the places still to be won, by `method`, `keep` taken off first prize."""
    from .icm import chop_chips, chop_even, chop_icm
    from .session import check_money

    if method not in CHOPS or method == "custom":
        raise UsageError(
            _("a deal is --icm, --chips, --even or --custom (got {method!r})").format(method=method)
        )
    kept = check_money(keep, _("amount kept"))
    prizes = payout_table(settings, state).amounts[: len(stacks)]
    compute = {"icm": chop_icm, "chips": chop_chips, "even": chop_even}[method]
    deal = compute(
        [chips for _, chips in stacks],
        list(prizes),
        keep=kept,
        unit=Decimal(settings.payout_unit),
    )
    return tuple(
        (label, str(amount)) for (label, _), amount in zip(stacks, deal.amounts, strict=True)
    )


def parse_custom(words: Sequence[str]) -> tuple[tuple[str, str], ...]:
    """`alice=300 bob=200` (or `alice=300,bob=200`) -> (("alice", "300"), ("bob", "200")):
    each player once, each amount money (`UsageError` otherwise)."""
    from ..inputs import read_money

    pairs: list[tuple[str, str]] = []
    for word in (part for text in words for part in text.split(",") if part):
        name, equals, amount = word.partition("=")
        if not equals or not name:
            raise UsageError(
                _("a custom deal is NAME=AMOUNT for each player (got {word!r})").format(word=word)
            )
        value = Decimal(read_money(amount, what=_("the amount of {name}").format(name=name)))
        pairs.append((name, str(value)))
    if not pairs:
        raise UsageError(_("a custom deal names each player left: --custom alice=300 bob=200"))
    return tuple(pairs)


def custom_shares(
    settings: Any,
    state: TournamentState,
    pairs: Sequence[tuple[str, str]],
    keep: str,
    stacks: list[tuple[str, int]],
) -> tuple[tuple[str, str], ...]:
    """A deal the players wrote themselves: one amount for each entry left (named by its
    label or its player's name), the amounts summing to the prizes still to be won less
    `keep` (`IllegalAction` otherwise). Worked example: 105 to pay (53, 31, 21), --keep 15:
    the three amounts must make 90."""
    from ..errors import IllegalAction
    from .session import check_money

    kept = check_money(keep, _("amount kept"))
    prizes = payout_table(settings, state).amounts[: len(stacks)]
    if kept > (prizes[0] if prizes else 0):
        raise IllegalAction(
            _("the amount kept to play for must be between 0 and {value}").format(value=prizes[0])
        )
    left = [label for label, _ in stacks]
    owners = {state.entry_of(e.player).label: e.player for e in state.entries}
    amounts: dict[str, Decimal] = {}
    for name, amount in pairs:
        label = next((x for x in left if name in (x, owners.get(x))), None)
        if label is None:
            raise IllegalAction(
                _("{name} is not one of the players left ({left})").format(
                    name=name, left=", ".join(left)
                )
            )
        if label in amounts:
            raise IllegalAction(_("{name} is named twice in the deal").format(name=label))
        amounts[label] = Decimal(amount)
    missing = [label for label in left if label not in amounts]
    if missing:
        raise IllegalAction(
            _("the deal gives nothing to {names}: name every player").format(
                names=", ".join(missing)
            )
        )
    to_share = sum(prizes, Decimal(0)) - kept
    total = sum(amounts.values(), Decimal(0))
    if total != to_share and kept:
        raise IllegalAction(
            _(
                "the amounts make {total}, the prizes still to win less {kept} kept make {share}"
            ).format(total=total, kept=kept, share=to_share)
        )
    if total != to_share:
        raise IllegalAction(
            _("the amounts make {total}, the prizes still to win make {share}").format(
                total=total, share=to_share
            )
        )
    return tuple((label, str(amounts[label])) for label in left)


def paid_in(settings: Any, state: TournamentState) -> dict[str, Decimal]:
    """What each player paid: his entries (buy-in and fee), rebuys and add-ons."""
    paid: dict[str, Decimal] = {}
    entry_price = Decimal(settings.buy_in) + Decimal(settings.fee)
    for entry in state.entries:
        amount = entry_price + entry.rebuys * settings.money("rebuy_price")
        if entry.add_on:
            amount += settings.money("add_on_price")
        paid[entry.player] = paid.get(entry.player, Decimal(0)) + amount
    return paid


def winnings(settings: Any, state: TournamentState) -> dict[str, Decimal]:
    """What each player collects: his prizes and bounties (players who won nothing are
    left out)."""
    won: dict[str, Decimal] = {}
    for row in standings(settings, state):
        amount = row.prize + row.bounties
        if amount:
            won[row.player] = won.get(row.player, Decimal(0)) + amount
    # the prizes and bounties come out of what was paid in, less the fees: never more
    collected = sum(paid_in(settings, state).values(), Decimal(0))
    collected -= len(state.entries) * Decimal(settings.fee)
    if sum(won.values(), Decimal(0)) > collected:
        raise MarquoirError(
            _(
                "the prizes and bounties ({won}) exceed the money collected for them ({pool})"
            ).format(won=sum(won.values(), Decimal(0)), pool=collected)
        )
    return won


def balances(settings: Any, state: TournamentState) -> dict[str, Decimal]:
    """Each player's result in money (won - paid); the fees are the house's, so that the
    balances sum to zero."""
    paid, won = paid_in(settings, state), winnings(settings, state)
    result = {name: won.get(name, Decimal(0)) - paid[name] for name in paid}
    fees = -sum(result.values(), Decimal(0))
    if fees:
        result[HOUSE] = fees
    return result


def unfinished(state: TournamentState) -> str | None:
    """Why the prizes cannot be paid yet (None: the tournament is over)."""
    places = state.places() if state.entries else []
    if not state.entries:
        return _("nobody entered the tournament")
    if state.chop is not None and not Decimal(state.chop["kept"]):
        return None
    if any(p.place == 1 for p in places):
        return None
    playing = [e.label for e in state.entries if not e.busted]
    return _("the tournament is still played ({value} have chips)").format(value=", ".join(playing))


__all__ = [
    "CHOPS",
    "HOUSE",
    "Entry",
    "Standing",
    "TournamentState",
    "balances",
    "chop_shares",
    "custom_shares",
    "eliminators",
    "paid_in",
    "parse_custom",
    "payout_table",
    "prize_pool",
    "standings",
    "unfinished",
    "winnings",
]
