"""Cards at the showdown: reading them, the best five-card hand, its name, the ranking.

Optional: Marquoir works without cards. When the table gives the board and the shown hands,
this module builds the showdown ranking itself. Variants: hold'em (best five of seven),
Omaha (two from the hand, three from the board), five-card draw, seven-card stud (best five
of seven), and the French 32-card game (docs/rules.md, draw), where three of a kind beats a
straight and a flush beats a full house.

Low hands are ace-to-five: the ace is the lowest card, straights and flushes do not count.
The split games (Omaha hi-lo, stud hi-lo) give the low half to the best eight-or-better low:
five cards of different ranks, none above an eight. Razz plays for the low alone, with no
qualifier: a pair is worse than any five different ranks, two pairs worse than one.
"""

from __future__ import annotations

import re
from collections import Counter
from itertools import chain, combinations
from operator import add, itemgetter

from .errors import ShowdownError, UsageError
from .games.evaluator import (
    FLUSH,
    FULL,
    HIGH,
    LOW_ONLY,
    PAIR,
    QUADS,
    STRAIGHT,
    STRAIGHT_FLUSH,
    TRIPS,
    TWO_PAIR,
    USUAL_ORDER,
    Evaluator,
)
from .i18n import _, ngettext
from .ranking import Ranking
from .records import Record

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

RANKS = {"2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "T": 10, "10": 10}
RANKS.update({"J": 11, "Q": 12, "K": 13, "A": 14})
SUITS = "cdhs"
_CARD = re.compile(r"(10|[2-9TJQKA])([CDHS])", re.IGNORECASE)


def evaluator_of(variant: str | Evaluator) -> Evaluator:
    """The evaluator itself, or the one a game declares under this name ("holdem",
    "piquet", "omaha8"...); a clear error for a name no game declares."""
    if not isinstance(variant, str):
        return variant
    from .games import evaluator_named

    found = evaluator_named(variant)
    if found is None:
        raise ShowdownError(_("cards cannot be read for {variant}").format(variant=variant))
    return found


_EN = {2: "twos", 3: "threes", 4: "fours", 5: "fives", 6: "sixes", 7: "sevens", 8: "eights"}
_EN.update({9: "nines", 10: "tens", 11: "jacks", 12: "queens", 13: "kings", 14: "aces"})
_EN_ONE = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}
_EN_ONE.update({9: "nine", 10: "ten", 11: "jack", 12: "queen", 13: "king", 14: "ace"})
_FR = {2: "deux", 3: "trois", 4: "quatre", 5: "cinq", 6: "six", 7: "sept", 8: "huit"}
_FR.update({9: "neuf", 10: "dix", 11: "valets", 12: "dames", 13: "rois", 14: "as"})
_FR_ONE = {11: "valet", 12: "dame", 13: "roi", 14: "as"}


# how a rank above nine is written (the others by their number)
_LABELS = {10: "T", 11: "J", 12: "Q", 13: "K", 14: "A"}


class Card(Record):
    """A card: rank 2 to 14 (ace) and suit c, d, h or s."""

    rank: int
    suit: str

    def __str__(self) -> str:
        return (_LABELS.get(self.rank) or str(self.rank)) + self.suit


class HandValue(Record):
    """How strong a five-card hand is: compare `key`s (higher is better); `cards` are the
    five used. A low hand (`low`) counts the ace as 1 in `ranks`."""

    key: tuple[int, ...]
    category: int
    ranks: tuple[int, ...]
    cards: tuple[Card, ...]
    low: bool = False

    def name(self, language: str = "fr") -> str:
        """ "brelan de rois", "full aux as par les rois", "bas 8-6-4-2-A"; or English."""
        if self.low:
            return _low_name(self.category, self.ranks, language)
        return (_name_fr if language == "fr" else _name_en)(self.category, self.ranks)


def parse_cards(text: str, *, deck: str | None = None) -> tuple[Card, ...]:
    """Read "Ah Kd 7c" or "AhKd7c" (T or 10 for tens); a clear error for anything else
    (naming `deck`'s ranks when the game's deck is not the 52 cards)."""
    written = _deck_written(text)
    if written is not None:
        return written[0]
    squeezed = "".join(text.split())
    cards, at = [], 0
    while at < len(squeezed):
        found = _CARD.match(squeezed, at)
        if found is None:
            bad = squeezed[at : at + 2] or squeezed[at:]
            raise UsageError(
                _(
                    "cannot read the card {bad!r} in {text!r}: write cards like Ah Kd Tc 7s (rank "
                    "{ranks}; suit c, d, h, s)"
                ).format(bad=bad, text=text, ranks=deck or "2-9, T, J, Q, K, A")
            )
        cards.append(Card(RANKS[found.group(1).upper()], found.group(2).lower()))
        at = found.end()
    return tuple(cards)


# -- the French notation ------------------------------------------------------------------
# A French table writes the ranks V (valet), D (dame), R (roi), A (as) and 10, the suits p
# (pique), c (cœur), k (carreau), t (trèfle). The letters clash with the English notation
# (`c` is clubs in English, cœur in French): the session's language says which one is meant,
# and the cards are stored the canonical (English) way whichever was typed.
FRENCH_RANKS = {str(rank): rank for rank in range(2, 11)} | {"V": 11, "D": 12, "R": 13, "A": 14}
FRENCH_SUITS = {"p": "s", "c": "h", "k": "d", "t": "c"}
_FRENCH_CARD = re.compile(r"(10|[2-9VDRA])([PCKT])", re.IGNORECASE)
_FRENCH_LABELS = {11: "V", 12: "D", 13: "R", 14: "A"}
_SUIT_IN_FRENCH = {english: french for french, english in FRENCH_SUITS.items()}


def parse_french_cards(text: str, *, deck: str | None = None) -> tuple[Card, ...]:
    """Read cards in the French notation ("Ap Rc 10k 7t", or "ApRc10k7t"); a clear error
    for anything else, which names the notation expected (and `deck`'s ranks, when the
    game's deck is not the 52 cards: Bouillotte's "A, R, D, 9, 8")."""
    squeezed = "".join(text.split())
    cards, at = [], 0
    while at < len(squeezed):
        found = _FRENCH_CARD.match(squeezed, at)
        if found is None:
            bad = squeezed[at : at + 3] if squeezed[at : at + 2] == "10" else squeezed[at : at + 2]
            ranks = deck or _("2-10, V, D, R, A")
            raise UsageError(
                _(
                    "cannot read the card {bad!r} in {text!r}: in the French notation, write "
                    "cards like Ap Rc 10k 7t (rank {ranks}; suit p pique, c cœur, k carreau, "
                    "t trèfle); --english reads the English notation (Ah Kd Tc 7s)"
                ).format(bad=bad or squeezed[at:], text=text, ranks=ranks)
            )
        suit = FRENCH_SUITS[found.group(2).lower()]
        cards.append(Card(FRENCH_RANKS[found.group(1).upper()], suit))
        at = found.end()
    return tuple(cards)


def canonical(text: str, *, french: bool, deck: str | None = None) -> str:
    """Cards as typed at the table (the French notation when `french`), written the
    canonical way ("Ah Kd Tc"), which the rules read and the event log stores; English cards
    are passed as typed (the rules read them, with their own error)."""
    if not french:
        return text if deck is None else " ".join(map(str, parse_cards(text, deck=deck)))
    return " ".join(map(str, parse_french_cards(text, deck=deck)))


def label(card: Card) -> str:
    """A card as the output shows it: the French notation ("Rc", "10k") in French, else the
    canonical one ("Kh", "Td")."""
    from .i18n import french

    if not french():
        return str(card)
    return (_FRENCH_LABELS.get(card.rank) or str(card.rank)) + _SUIT_IN_FRENCH[card.suit]


def labels(cards: Iterable[Card]) -> str:
    """Cards as the output shows them, separated by spaces."""
    return " ".join(map(label, cards))


# each card of the deck by its text written the canonical way ("Ah", "Td")
_DECK = {f"{label}{suit}": Card(RANKS[label], suit) for label in "23456789TJQKA" for suit in SUITS}
_TEXT = {card: text for text, card in _DECK.items()}  # (each is `str(card)`)


# (rank, count) pairs ordered by count, then rank
_COUNT_THEN_RANK = itemgetter(1, 0)


def evaluate_five(
    cards: Sequence[Card], evaluator: Evaluator | None = None, *, piquet: bool = False
) -> HandValue:
    """The value of exactly five cards, in the order of hands of `evaluator` (by default the
    usual one; `piquet`: the French 32-card game's)."""
    if piquet:
        evaluator = evaluator_of("piquet")
    ranks = sorted([c.rank for c in cards], reverse=True)
    counts: dict[int, int] = {}
    for rank in ranks:
        counts[rank] = counts.get(rank, 0) + 1
    # groups: by count, then rank, e.g. a full house of kings over fours -> (13, 13, 13, 4, 4)
    grouped = sorted(counts.items(), key=_COUNT_THEN_RANK, reverse=True)
    shape = [count for _, count in grouped]
    order = tuple([rank for rank, count in grouped for _ in range(count)])
    flush = len({c.suit for c in cards}) == 1
    top = _straight_top(ranks, lowest=2 if evaluator is None else evaluator.lowest)
    if top and flush:
        category, order = STRAIGHT_FLUSH, (top,)
    elif shape[0] == 4:
        category = QUADS
    elif shape[:2] == [3, 2]:
        category = FULL
    elif flush:
        category = FLUSH
    elif top:
        category, order = STRAIGHT, (top,)
    elif shape[0] == 3:
        category = TRIPS
    elif shape[:2] == [2, 2]:
        category = TWO_PAIR
    elif shape[0] == 2:
        category = PAIR
    else:
        category = HIGH
    strength = category if evaluator is None else evaluator.strength[category]
    return HandValue((strength, *order), category, order, tuple(cards))


def _straight_top(ranks: list[int], *, lowest: int) -> int:
    """The top card of a straight (0 if none); the ace may play low, below the lowest rank."""
    distinct = sorted(set(ranks), reverse=True)
    if len(distinct) != 5:
        return 0
    if distinct[0] - distinct[4] == 4:
        return distinct[0]
    # A-2-3-4-5 (a 52-card deck), A-6-7-8-9 (36 cards) or A-7-8-9-10 (32): the ace plays low
    if distinct[0] == 14 and distinct[1:] == list(range(lowest + 3, lowest - 1, -1)):
        return lowest + 3
    return 0


def _fives(
    evaluator: Evaluator, hand: Sequence[Card], board: Sequence[Card]
) -> Iterable[tuple[Card, ...]]:
    """The five-card hands a player may make: exactly `from_hand` cards from the hand when
    the game says so (Omaha: two, and three from the board), or any five."""
    take = evaluator.from_hand
    if take:
        return (
            mine + common
            for mine in combinations(hand, take)
            for common in combinations(board, 5 - take)
        )
    return combinations((*hand, *board), 5)


def best_hand(
    variant: str | Evaluator, hand: Sequence[Card], board: Sequence[Card] = ()
) -> HandValue:
    """The best five-card hand a player makes in this variant (razz: the best low; hi-lo
    games: the high half)."""
    evaluator = evaluator_of(variant)
    if evaluator.low == LOW_ONLY:
        return max((evaluate_low(five) for five in _fives(evaluator, hand, board)), key=_by_key)
    if evaluator.full_deck:
        cards = (*hand, *board)
        if 6 <= len(cards) <= 7 and len(set(cards)) == len(cards):
            return best_value(cards)
    usual = evaluator.order == USUAL_ORDER and evaluator.lowest == 2
    chosen = None if usual else evaluator
    return max(
        (evaluate_five(five, chosen) for five in _fives(evaluator, hand, board)), key=_by_key
    )


def best_five(cards: Sequence[Card]) -> tuple[Card, ...]:
    """The five of six or seven different cards of a 52-card deck that make the best hand,
    found by counting ranks and suits: the five that the best of every five-card hand (the
    first of equal hands, in the order of `itertools.combinations`) uses, in that order.

    Why the first: the best hand fixes the ranks it uses (and the suit, for a flush), and
    any five cards of those ranks make it; the first of them in `combinations` order takes,
    for each rank, the cards of that rank that come first."""
    return tuple(cards[i] for i in sorted(_best_counted(cards)[0]))


def best_value(cards: Sequence[Card]) -> HandValue:
    """`evaluate_five(best_five(cards))`, the ranks counted once: the counting that finds the
    five cards knows their category and the order of their ranks already."""
    chosen, category, order = _best_counted(cards)
    five = itemgetter(*sorted(chosen))(cards)  # (five indexes: a tuple of the five cards)
    # (every field, in order: the record made from all its fields at once)
    return _new(HandValue, ((category, *order), category, order, five, False))


_new = tuple.__new__
_Counted = tuple[list[int], int, tuple[int, ...]]
_BIT_OF = [1 << rank for rank in range(16)].__getitem__  # rank -> 1 << rank, from a table


def _best_counted(cards: Sequence[Card]) -> _Counted:
    """The best hand of six or seven different cards of a 52-card deck (`best_five`): the
    cards it uses by index, its category, and its ranks as `evaluate_five` orders them.

    Each card's rank and suit are read once, into two tuples that the rest counts and
    searches (`tuple.count`, `tuple.index`)."""
    ranks, suits = zip(*cards, strict=True)  # (a card is its rank, then its suit)
    flush = None
    kinds = set(suits)
    if len(kinds) <= len(cards) - 4:  # (else no suit has five cards)
        suit = max(kinds, key=suits.count)  # (the only one that may have five)
        if suits.count(suit) >= 5:
            flush = [i for i, each in enumerate(suits) if each == suit]
            suited = {ranks[i]: i for i in flush}
            top = _highest_straight(suited)
            if top:
                return [suited[rank] for rank in _straight_ranks(top)], STRAIGHT_FLUSH, (top,)
    return _best_below_straight_flush(ranks, flush)


def _best_below_straight_flush(ranks: tuple[int, ...], flush: list[int] | None) -> _Counted:
    """The best hand when it is no straight flush (`_best_counted`): `ranks` are the cards'
    ranks, `flush` the cards (by index) of a suit of five or more.

    The ranks are searched and counted by the tuple's own methods, mapped over the ranks
    met (`map`), and the kickers taken from a copy of them: no list built in a loop of its
    own for the usual hands (a pair, two pairs, a high card)."""
    distinct = sorted(set(ranks), reverse=True)
    counts = list(map(ranks.count, distinct))
    # the highest rank of the most cards (quads, else trips...)
    count = max(counts)
    first = distinct[counts.index(count)]
    others = distinct.copy()  # the kickers: the ranks met, best first, but those used
    others.remove(first)
    if count == 4:
        kicker = others[0]
        return [*_all_of(ranks, first), ranks.index(kicker)], QUADS, (first,) * 4 + (kicker,)
    if count == 3:
        paired = [r for r, n in zip(distinct, counts, strict=True) if n >= 2 and r != first]
        if paired:  # (the highest other rank of two cards or more: a full house)
            pair = paired[0]
            chosen = _all_of(ranks, first) + _all_of(ranks, pair)[:2]
            return chosen, FULL, (first,) * 3 + (pair,) * 2
    if flush is not None:
        chosen = sorted(flush, key=ranks.__getitem__, reverse=True)[:5]
        return chosen, FLUSH, tuple([ranks[i] for i in chosen])
    top = _highest_straight(distinct)
    if top:
        return list(map(ranks.index, _straight_ranks(top))), STRAIGHT, (top,)
    if count == 3:
        kickers = others[:2]
        chosen = _all_of(ranks, first) + list(map(ranks.index, kickers))
        return chosen, TRIPS, (first,) * 3 + tuple(kickers)
    if count == 1:
        kickers = distinct[:5]
        return list(map(ranks.index, kickers)), HIGH, tuple(kickers)
    # one pair or more: `first` is the highest; its two cards, the first and the next
    one = ranks.index(first)
    two = [one, ranks.index(first, one + 1)]
    if counts.count(2) >= 2:  # two pairs: the next highest pair, and the best kicker left
        low = distinct[counts.index(2, counts.index(2) + 1)]
        others.remove(low)
        one = ranks.index(low)
        kicker = others[0]
        chosen = [*two, one, ranks.index(low, one + 1), ranks.index(kicker)]
        return chosen, TWO_PAIR, (first, first, low, low, kicker)
    kickers = others[:3]
    return two + list(map(ranks.index, kickers)), PAIR, (first, first, *kickers)


def _all_of(ranks: tuple[int, ...], rank: int) -> list[int]:
    """Every card (by index) of this rank, in order."""
    return [i for i, each in enumerate(ranks) if each == rank]


def _highest_straight(ranks: Iterable[int]) -> int:
    """The top card of the highest straight these different ranks make (5 for A-2-3-4-5),
    or 0."""
    bits = sum(map(_BIT_OF, ranks))  # (one bit a rank: different ranks, so a sum)
    if bits >> 14 & 1:  # the ace plays low too
        bits |= 0b10
    # a bit left where it and the four above it are set: the bottom of a straight
    run = bits & bits >> 1 & bits >> 2 & bits >> 3 & bits >> 4
    return run.bit_length() + 3 if run else 0


def _straight_ranks(top: int) -> tuple[int, ...]:
    """The ranks of the straight to `top` (the ace plays low under the five)."""
    return (5, 4, 3, 2, 14) if top == 5 else tuple(range(top, top - 5, -1))


def _by_key(value: HandValue) -> tuple[int, ...]:
    return value.key


def evaluate_low(cards: Sequence[Card]) -> HandValue:
    """The ace-to-five low value of five cards: higher `key` is the better (lower) hand.

    The ace counts 1; straights and flushes do not count; the fewer and lower the pairs the
    better: any five different ranks beat a pair, a pair beats two pairs, and so on.
    """
    ranks = sorted((1 if c.rank == 14 else c.rank for c in cards), reverse=True)
    counts = Counter(ranks)
    grouped = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = [count for _, count in grouped]
    order = tuple(rank for rank, count in grouped for _ in range(count))
    category = _LOW_SHAPES[tuple(shape)]
    return HandValue((-category, *(-r for r in order)), category, order, tuple(cards), low=True)


# the shape of a low hand (how many cards of each rank) and its category, best first
_LOW_SHAPES = {
    (1, 1, 1, 1, 1): HIGH,
    (2, 1, 1, 1): PAIR,
    (2, 2, 1): TWO_PAIR,
    (3, 1, 1): TRIPS,
    (3, 2): FULL,
    (4, 1): QUADS,
}


def best_low(
    variant: str | Evaluator, hand: Sequence[Card], board: Sequence[Card] = ()
) -> HandValue | None:
    """The best eight-or-better low a player makes (five different ranks, none above an
    eight, the ace low), or None when he has no qualifying low."""
    evaluator = evaluator_of(variant)
    lows = (
        evaluate_low(five)
        for five in _fives(evaluator, hand, board)
        if len({c.rank for c in five}) == 5 and all(c.rank <= 8 or c.rank == 14 for c in five)
    )
    return max(lows, key=_by_key, default=None)


def check_shown(
    variant: str | Evaluator, shown: dict[str, tuple[Card, ...]], board: tuple[Card, ...]
) -> None:
    """Refuse a showdown with the wrong number of cards, a card twice, or a card not in the
    deck of the variant."""
    evaluator = evaluator_of(variant)
    variant = evaluator.name
    in_hand, on_board, lowest = evaluator.hole, evaluator.board, evaluator.lowest
    if len(board) != on_board:
        raise ShowdownError(
            _("{variant} needs {on_board} board cards, not {count}").format(
                variant=variant, on_board=on_board, count=len(board)
            )
            if on_board
            else _("{variant} has no board").format(variant=variant)
        )
    for name, cards in shown.items():
        if len(cards) != in_hand:
            raise ShowdownError(
                ngettext(
                    "{name} shows {len} card: {variant} needs {in_hand}",
                    "{name} shows {len} cards: {variant} needs {in_hand}",
                    len(cards),
                ).format(name=name, len=len(cards), variant=variant, in_hand=in_hand)
            )
    every = list(chain(board, *shown.values()))
    # (the usual case at once: no card twice, none below the deck's lowest rank (a card is
    # its rank, then its suit: the least is of the lowest rank); else the loop below finds
    # what is wrong first, and where)
    if not every or (len(set(every)) == len(every) and min(every)[0] >= lowest):
        return
    seen: set[Card] = set()
    for where, cards in [(_("the board"), board), *shown.items()]:
        for card in cards:
            if card.rank < lowest:
                raise ShowdownError(
                    _("there is no {card} in a {size}-card deck ({where})").format(
                        card=label(card), size=4 * (15 - lowest), where=where
                    )
                )
            if card in seen:
                raise ShowdownError(
                    _("the {card} is shown twice ({where})").format(card=label(card), where=where)
                )
            seen.add(card)


def ranking_from_cards(
    variant: str | Evaluator, shown: dict[str, tuple[Card, ...]], board: tuple[Card, ...] = ()
) -> tuple[Ranking, dict[str, HandValue]]:
    """The showdown ranking the shown cards make (ties grouped), with each player's hand.

    For the hi-lo variants this is the high half; `low_ranking_from_cards` gives the low.
    """
    evaluator = evaluator_of(variant)
    check_shown(evaluator, shown, board)
    held = evaluator.hole + evaluator.board
    if evaluator.full_deck and evaluator.low != LOW_ONLY and 6 <= held <= 7:
        # What `best_hand` counts for six or seven cards of a 52-card deck, asked at once:
        # `check_shown` found every hand of `hole` cards and no card twice, here or on the
        # board, which `best_hand` would check again hand by hand.
        values = {name: best_value((*cards, *board)) for name, cards in shown.items()}
        return _grouped(values), values
    values = {name: best_hand(evaluator, cards, board) for name, cards in shown.items()}
    return _grouped(values), values


def low_ranking_from_cards(
    variant: str | Evaluator, shown: dict[str, tuple[Card, ...]], board: tuple[Card, ...] = ()
) -> tuple[Ranking, dict[str, HandValue]]:
    """The low half of a hi-lo showdown: the players with an eight-or-better low, best
    first (ties grouped), with each one's low. Empty when nobody has a low."""
    check_shown(variant, shown, board)
    values = {}
    for name, cards in shown.items():
        value = best_low(variant, cards, board)
        if value is not None:
            values[name] = value
    return _grouped(values), values


class ShownShowdown(Record):
    """A showdown read from the cards shown: the ranking, the low half of a hi-lo game (None:
    nobody has a low), each hand's value (each low under "PLAYER (low)"), and the board and
    the hands written back the canonical way ("Ah Kd 7c")."""

    ranking: Ranking
    low: Ranking | None
    values: dict[str, HandValue]
    board: str
    cards: tuple[tuple[str, str], ...]


def read_showdown(variant: str | Evaluator, shown: dict[str, str], board: str) -> ShownShowdown:
    """Read the hands shown (PLAYER -> cards as typed) and the board; the cards decide both
    halves in a hi-lo game."""
    evaluator = evaluator_of(variant)
    cards: dict[str, tuple[Card, ...]] = {}
    written: list[tuple[str, str]] = []  # (each hand written back the canonical way)
    for name, text in shown.items():
        cards[name], text = _read_cards(text)
        written.append((name, text))
    board_cards, board_text = _read_cards(board)
    ranking, values = ranking_from_cards(evaluator, cards, board_cards)
    low = None
    if evaluator.split:
        low, lows = low_ranking_from_cards(evaluator, cards, board_cards)
        values.update({f"{name} (low)": value for name, value in lows.items()})
    # (every field, in order: the record made from all its fields at once)
    return _new(ShownShowdown, (ranking, low or None, values, board_text, tuple(written)))


def _deck_written(text: str) -> tuple[tuple[Card, ...], list[str]] | None:
    """The cards of `text` written back to back as the deck writes them ("AhKd7c", as a hand
    history does), with each card's two letters: looked up at once, without a regular
    expression's pass over the text; None for any other writing."""
    if len(text) % 2:
        return None
    pairs = list(map(add, text[::2], text[1::2]))  # (the first letters, then the second)
    known = tuple(map(_DECK.get, pairs))
    if None in known:
        return None
    return known, pairs  # type: ignore[return-value]  # (no None: every one is a Card)


def _read_cards(text: str) -> tuple[tuple[Card, ...], str]:
    """`parse_cards(text)`, and the cards written the canonical way (`_written`): the deck's
    own writing written back from its pairs of letters, without looking each card up again."""
    written = _deck_written(text)
    if written is not None:
        return written[0], " ".join(written[1])
    cards = parse_cards(text)
    return cards, _written(cards)


def _written(cards: tuple[Card, ...]) -> str:
    """Cards written the canonical way, separated by spaces (`str` of each card: a card of
    the deck found written, the others written)."""
    try:  # (the cards read are the deck's: each found written)
        return " ".join(map(_TEXT.__getitem__, cards))
    except KeyError:
        return " ".join([_TEXT.get(card) or str(card) for card in cards])


def _grouped(values: dict[str, HandValue]) -> Ranking:
    """The players by their hands' values, best first, the equal ones together (each group
    in the order of `values`)."""
    if len(values) == 2:  # (the usual showdown: two hands, compared at once)
        (one, first), (two, second) = values.items()
        if first.key == second.key:
            return ((one, two),)
        return ((one,), (two,)) if first.key > second.key else ((two,), (one,))
    by_key: dict[tuple[int, ...], list[str]] = {}
    for name, value in values.items():
        group = by_key.get(value.key)
        if group is None:
            by_key[value.key] = [name]
        else:
            group.append(name)
    return tuple([tuple(by_key[key]) for key in sorted(by_key, reverse=True)])


def _low_name(category: int, ranks: tuple[int, ...], language: str) -> str:
    """A low hand by its cards, highest first: "low 8-6-4-2-A" / "bas 8-6-4-2-A"; a razz hand
    with pairs by its high name: "paire de rois (bas)"."""
    if category == HIGH:
        cards = "-".join("A" if r == 1 else str(Card(r, "s"))[:-1] for r in ranks)
        return f"bas {cards}" if language == "fr" else f"low {cards}"
    high = tuple(14 if r == 1 else r for r in ranks)
    named = (_name_fr if language == "fr" else _name_en)(category, high)
    return f"{named} (bas)" if language == "fr" else f"{named} (low)"


def _name_en(category: int, ranks: tuple[int, ...]) -> str:
    first, last = ranks[0], ranks[-1]
    one = _EN_ONE.get(first, str(first))
    if category == STRAIGHT_FLUSH:
        return "royal flush" if first == 14 else f"straight flush, {one} high"
    if category == TWO_PAIR:
        return f"two pair, {_EN[first]} and {_EN[ranks[2]]}"
    texts = {
        QUADS: f"four of a kind, {_EN[first]}",
        FULL: f"full house, {_EN[first]} over {_EN[last]}",
        FLUSH: f"flush, {one} high",
        STRAIGHT: f"straight, {one} high",
        TRIPS: f"three of a kind, {_EN[first]}",
        PAIR: f"pair of {_EN[first]}",
        HIGH: f"{one} high",
    }
    return texts[category]


def _fr_of(rank: int) -> str:
    """ "de rois", "d'as" ("le brelan d'as", as the French rules write it)."""
    return "d'as" if rank == 14 else f"de {_FR[rank]}"


def _fr_at(rank: int) -> str:
    """ "à l'as", "à la dame", "au roi", "au dix"."""
    one = _FR_ONE.get(rank, _FR[rank])
    return {14: "à l'as", 12: "à la dame"}.get(rank, f"au {one}")


def _name_fr(category: int, ranks: tuple[int, ...]) -> str:
    first, last = ranks[0], ranks[-1]
    one = _FR_ONE.get(first, _FR[first])
    at = _fr_at(first)
    if category == STRAIGHT_FLUSH:
        return "quinte flush royale" if first == 14 else f"quinte flush {at}"
    if category == TWO_PAIR:
        return f"deux paires, {_FR[first]} et {_FR[ranks[2]]}"
    texts = {
        QUADS: f"carré {_fr_of(first)}",
        FULL: f"full aux {_FR[first]} par les {_FR[last]}",
        FLUSH: f"couleur {at}",
        STRAIGHT: f"quinte {at}",
        TRIPS: f"brelan {_fr_of(first)}",
        PAIR: f"paire {_fr_of(first)}",
        HIGH: f"hauteur {one}",
    }
    return texts[category]
