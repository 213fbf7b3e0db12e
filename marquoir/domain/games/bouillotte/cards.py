"""Bouillotte from the cards shown: brelans, the point of each colour, who wins each pot.

Pure rules, no table state (docs/rules.md, Bouillotte, "From the cards"). The 20-card deck
holds the ace, king, queen, nine and eight of each colour; the ace counts 11, king and queen
10, nine and eight their own value, so a whole colour makes 48. Each player holds three
cards; the dealer turns up one more, the *retourne*, which belongs to nobody.

Order in cards: every function takes the hands as a mapping in the order the players
received their cards, the first being *premier en cartes* (the dealer's right). That order
breaks every tie, since two equal points never split at Bouillotte.

The readings of the rules made here:
- *Brelan*: three cards of one rank in hand; *brelan carré* when the retourne is the fourth.
  Any brelan beats any point, a higher brelan a lower one, the carré every brelan.
- *The point of a colour*: every card of that colour laid down on the table, the cards of
  the players who are not engaged and the retourne included; a deal that brings out the five
  hearts makes a point of 48 in hearts.
- *Who owns it*: the engaged player holding the highest card of that colour among the engaged
  players. Cards of players not engaged and the retourne never take it from him, which is
  why the king counts as the ace when the ace is turned up. A colour that no engaged player
  holds does not count.
- *The winning colour*: the highest point owned; equal points go to the owner first in cards.
- *A winning colour cannot lose in the same deal*: in a side pot that its owner may not win,
  the eligible player holding the highest card of that colour, even an eight, still beats
  every point of the other colours.
"""

from __future__ import annotations

from collections import Counter

from ...cards import Card, label, labels, parse_cards
from ...errors import ShowdownError
from ...i18n import N_, _
from ...ranking import Ranking
from ...records import Record

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping, Sequence

# Card ranks as domain/cards.py reads them (ace 14), and what each counts for the point.
POINTS = {14: 11, 13: 10, 12: 10, 9: 9, 8: 8}
SUITS = "cdhs"
DECK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in SUITS for rank in POINTS)
CARDS_IN_HAND = 3

COLOUR_NAMES = {"c": "trèfle", "d": "carreau", "h": "cœur", "s": "pique"}
_RANK_PLURAL = {14: "as", 13: "rois", 12: "dames", 9: "neuf", 8: "huit"}


class Brelan(Record):
    """Three cards of one rank in a hand; `carre` when the retourne is the fourth."""

    player: str
    rank: int
    carre: bool

    @property
    def key(self) -> tuple[bool, int]:
        """Compare brelans: the carré first, then the higher rank."""
        return (self.carre, self.rank)

    @property
    def chips(self) -> int:
        """What every other player pays him, in passes: one, two for a carré."""
        return 2 if self.carre else 1

    def name(self) -> str:
        """ "brelan d'as", "brelan carré de rois"."""
        plural = _RANK_PLURAL[self.rank]
        of = "d'as" if self.rank == 14 else f"de {plural}"
        return f"brelan carré {of}" if self.carre else f"brelan {of}"


class Colour(Record):
    """One colour on the table: its point, its cards laid down (retourne included) and its
    owner among the players considered (None when none of them holds it)."""

    suit: str
    point: int
    cards: tuple[Card, ...]
    owner: str | None

    def name(self) -> str:
        """The colour in French: "cœur", "pique"."""
        return COLOUR_NAMES[self.suit]


class Reading(Record):
    """What the scorekeeper announces: brelans, each colour, the winning colour, each player."""

    retourne: Card
    brelans: tuple[Brelan, ...]
    colours: tuple[Colour, ...]
    winning: Colour | None
    holdings: tuple[tuple[str, str], ...]
    ranking: Ranking


def parse_hands(
    hands: Mapping[str, str], retourne: str
) -> tuple[dict[str, tuple[Card, ...]], Card]:
    """Read `{"alice": "Kh Kd Ks", ...}` and the retourne "Ah" and check them against the
    20-card deck (three cards each, no card twice)."""
    cards = {name: parse_cards(text) for name, text in hands.items()}
    turned = parse_cards(retourne)
    if len(turned) != 1:
        raise ShowdownError(_("the retourne is one card, not {count}").format(count=len(turned)))
    check_deal(cards, turned[0])
    return cards, turned[0]


def deck_ranks() -> str:
    """The ranks of the 20-card deck as the output writes them: "A, K, Q, 9, 8" in English,
    "A, R, D, 9, 8" in French."""
    return ", ".join(label(Card(rank, "s"))[:-1] for rank in POINTS)


def check_deal(hands: Mapping[str, tuple[Card, ...]], retourne: Card) -> None:
    """Refuse a deal Bouillotte cannot have: a card outside the 20-card deck, a card twice,
    a hand of other than three cards, fewer than two players."""
    if len(hands) < 2:
        raise ShowdownError(_("Bouillotte shows at least two hands"))
    seen: set[Card] = set()
    the_retourne = _("the retourne")
    for where, cards in [(the_retourne, (retourne,)), *hands.items()]:
        if where is not the_retourne and len(cards) != CARDS_IN_HAND:
            raise ShowdownError(
                _("{where} shows {count} cards: Bouillotte deals three").format(
                    where=where, count=len(cards)
                )
            )
        for card in cards:
            if card not in DECK:
                raise ShowdownError(
                    _("there is no {card} in the Bouillotte deck of {ranks} ({where})").format(
                        card=label(card), ranks=deck_ranks(), where=where
                    )
                )
            if card in seen:
                raise ShowdownError(
                    _("the {card} is shown twice ({where})").format(card=label(card), where=where)
                )
            seen.add(card)


def brelan_of(player: str, hand: Sequence[Card], retourne: Card) -> Brelan | None:
    """His brelan, if his three cards are of one rank."""
    ranks = Counter(card.rank for card in hand)
    rank, count = ranks.most_common(1)[0]
    if count < CARDS_IN_HAND:
        return None
    return Brelan(player, rank, retourne.rank == rank)


def brelans(hands: Mapping[str, tuple[Card, ...]], retourne: Card) -> tuple[Brelan, ...]:
    """Every brelan laid down, best first (the carré, then by rank)."""
    found = [brelan_of(name, cards, retourne) for name, cards in hands.items()]
    return tuple(sorted((b for b in found if b), key=lambda b: b.key, reverse=True))


def brelans_owed(
    hands: Mapping[str, tuple[Card, ...]], retourne: Card
) -> tuple[tuple[str, ...], str | None]:
    """Who is paid for a brelan: (simple brelans best first, the carré or None), the shape
    of the `brelan PLAYER... --carre PLAYER` command. A brelan is paid whatever the deal's
    outcome, so every hand laid down counts, engaged or not."""
    found = brelans(hands, retourne)
    carre = next((b.player for b in found if b.carre), None)
    return tuple(b.player for b in found if not b.carre), carre


def colours(
    hands: Mapping[str, tuple[Card, ...]], retourne: Card, players: Iterable[str]
) -> tuple[Colour, ...]:
    """The four colours, best first: owned colours by point, equal points to the owner first
    in cards; then the colours nobody among `players` holds, by point."""
    among = set(players)
    order = {name: at for at, name in enumerate(hands)}
    found = []
    for suit in SUITS:
        laid = [c for cards in hands.values() for c in cards if c.suit == suit]
        laid += [retourne] if retourne.suit == suit else []
        laid.sort(key=lambda c: c.rank, reverse=True)
        found.append(Colour(suit, sum(POINTS[c.rank] for c in laid), tuple(laid), None))
    owned = [c._replace(owner=_highest_holder(hands, c.suit, among)) for c in found]
    return tuple(
        sorted(
            owned,
            key=lambda c: (
                c.owner is None,
                -c.point,
                order[c.owner] if c.owner else 0,
                SUITS.index(c.suit),
            ),
        )
    )


def _highest_holder(
    hands: Mapping[str, tuple[Card, ...]], suit: str, among: set[str]
) -> str | None:
    """The player among `among` holding the highest card of this colour. Only hands count:
    the retourne and the cards of other players never take a colour from him."""
    held = [
        (card.rank, name)
        for name, cards in hands.items()
        if name in among
        for card in cards
        if card.suit == suit
    ]
    return max(held)[1] if held else None


def winning_colour(
    hands: Mapping[str, tuple[Card, ...]], retourne: Card, engaged: Iterable[str]
) -> Colour | None:
    """The winning colour of the deal: the highest point owned by an engaged player."""
    best = colours(hands, retourne, engaged)[0]
    return best if best.owner else None


def pot_rankings(
    hands: Mapping[str, tuple[Card, ...]],
    retourne: Card,
    *,
    engaged: Sequence[str] | None = None,
    pots: Sequence[Sequence[str]] | None = None,
) -> tuple[Ranking, ...]:
    """The ranking of each pot, main pot first, one player per tier.

    `hands`: every hand laid down, in order of cards. `engaged`: the players still in the
    deal at the showdown (all of `hands` when None). `pots`: the players eligible for each
    pot, main pot first (one pot of all the engaged when None). A colour that won a pot
    keeps winning in the later pots: its highest holder among the eligible players wins.
    """
    check_deal(hands, retourne)
    engaged = tuple(engaged) if engaged is not None else tuple(hands)
    _check_players(hands, engaged, N_("engaged"))
    pots = [engaged] if pots is None else pots
    won: list[str] = []
    top = winning_colour(hands, retourne, engaged)
    if top:
        won.append(top.suit)
    rankings = []
    for eligible in pots:
        _check_players(hands, eligible, N_("eligible"))
        if not set(eligible) <= set(engaged):
            raise ShowdownError(_("only engaged players may win a pot"))
        ranking, colour = _rank(hands, retourne, [n for n in hands if n in eligible], won)
        if colour and colour not in won:
            won.append(colour)
        rankings.append(ranking)
    return tuple(rankings)


def pot_ranking(
    hands: Mapping[str, tuple[Card, ...]],
    retourne: Card,
    *,
    engaged: Sequence[str] | None = None,
    eligible: Sequence[str] | None = None,
) -> Ranking:
    """The ranking of one pot: the players `eligible` for it (all the engaged when None),
    best first, under the winning colour of the whole deal. With more than one side pot, use
    `pot_rankings`: it also carries the colours that won the earlier side pots."""
    engaged = tuple(engaged) if engaged is not None else tuple(hands)
    pot = tuple(eligible) if eligible is not None else engaged
    return pot_rankings(hands, retourne, engaged=engaged, pots=[pot])[0]


def _rank(
    hands: Mapping[str, tuple[Card, ...]], retourne: Card, players: list[str], won: list[str]
) -> tuple[Ranking, str | None]:
    """Best first: brelans, then the holders of colours that won, then the point among those
    left. Returns the ranking and the colour its winner won by (None for a brelan). Only
    that colour is carried to the later pots: the order below the winner wins nothing."""
    left, carried = list(players), list(won)
    tiers: list[tuple[str]] = []
    winner_colour: str | None = None
    while left:
        best, colour = _best(hands, retourne, left, carried)
        if not tiers:
            winner_colour = colour
        if colour and colour not in carried:
            carried.append(colour)
        tiers.append((best,))
        left.remove(best)
    return tuple(tiers), winner_colour


def _best(
    hands: Mapping[str, tuple[Card, ...]], retourne: Card, left: list[str], won: list[str]
) -> tuple[str, str | None]:
    """The best of `left`, and the colour he wins by (None when by a brelan)."""
    found = brelans({n: hands[n] for n in left}, retourne)
    if found:
        return found[0].player, None
    among = set(left)
    for suit in won:
        holder = _highest_holder(hands, suit, among)
        if holder:
            return holder, suit
    # every player holds three cards, so some colour is owned by one of them
    best = colours(hands, retourne, left)[0]
    assert best.owner is not None
    return best.owner, best.suit


def _check_players(
    hands: Mapping[str, tuple[Card, ...]], players: Sequence[str], what: str
) -> None:
    if not players:
        raise ShowdownError(_("name the {what} players").format(what=_(what)))
    for name in players:
        if name not in hands:
            raise ShowdownError(
                _("{name} is {what} but shows no cards").format(name=name, what=_(what))
            )
    if len(set(players)) != len(players):
        raise ShowdownError(
            _("a player is named twice among the {what} players").format(what=_(what))
        )


def read_cards(
    hands: Mapping[str, tuple[Card, ...]],
    retourne: Card,
    *,
    engaged: Sequence[str] | None = None,
) -> Reading:
    """Everything the scorekeeper announces for the deal (main pot ranking included)."""
    check_deal(hands, retourne)
    engaged = tuple(engaged) if engaged is not None else tuple(hands)
    ranking = pot_ranking(hands, retourne, engaged=engaged)
    table = colours(hands, retourne, engaged)
    found = brelans(hands, retourne)
    top = winning_colour(hands, retourne, engaged)
    holdings = tuple((name, _holding(name, found, table, name in engaged)) for name in hands)
    return Reading(retourne, found, table, top, holdings, ranking)


def _holding(name: str, found: tuple[Brelan, ...], table: tuple[Colour, ...], engaged: bool) -> str:
    """ "brelan de dames", "48 en cœur", "pas de point", "pas engagé"."""
    brelan = next((b for b in found if b.player == name), None)
    if brelan:
        return brelan.name()
    if not engaged:
        return "pas engagé"
    mine = [c for c in table if c.owner == name]
    return f"{mine[0].point} en {mine[0].name()}" if mine else "pas de point"


def describe(reading: Reading) -> list[str]:
    """The reading in French, one line each: the players, the colours, the winning colour."""
    lines = [f"retourne : {label(reading.retourne)}"]
    lines += [f"{name} : {held}" for name, held in reading.holdings]
    for colour in reading.colours:
        if not colour.cards:
            continue
        cards = labels(colour.cards)
        owner = f"à {colour.owner}" if colour.owner else "à personne d'engagé, ne compte pas"
        lines.append(f"{colour.name()} : {colour.point} ({cards}), {owner}")
    top = reading.winning
    if top:
        lines.append(f"couleur gagnante : {top.name()} ({top.point}), à {top.owner}")
    winner = reading.ranking[0][0]
    why = dict(reading.holdings)[winner]
    tied = top and [c for c in reading.colours if c.owner and c.point == top.point][1:]
    first = ", premier en cartes" if tied and not reading.brelans else ""
    lines.append(f"gagne : {winner} ({why}{first})")
    return lines
