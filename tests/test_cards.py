"""The card evaluator (`marquoir.domain.cards`): worked examples and a differential test.

Worked examples give exact results: every category's name in French and English, kickers,
split pots where the board plays, Omaha's "exactly two from the hand", the French 32-card
game of docs/rules.md (three of a kind beats a straight, a flush beats a full house; A-7-8-9-10
is the lowest straight), the refusals (malformed cards, a card shown twice, wrong numbers of
cards, a card not in the 32-card deck) and the grouping of ties by `ranking_from_cards`.

The differential test deals thousands of seeded random showdowns per variant and checks that,
for every pair of players, our comparison (better / equal / worse) is PokerKit's
(`StandardHighHand.from_game` for hold'em, stud and draw, `OmahaHoldemHand.from_game` for
Omaha). PokerKit has no 32-card game; its category labels and its order within a category
give an independent reference for it (see `_piquet_reference`). Besides the full 52-card
deck, deals come from a deck with few ranks (many pairs, trips, full houses, quads, ties) and
a deck with two suits (many flushes and straight flushes), so that every category and many
ties are compared, not only the common high-card and one-pair hands.
"""

from __future__ import annotations

import random
from itertools import combinations

import pokerkit
import pytest

from marquoir.domain.cards import (
    FLUSH,
    FULL,
    HIGH,
    PAIR,
    QUADS,
    STRAIGHT,
    STRAIGHT_FLUSH,
    TRIPS,
    TWO_PAIR,
    Card,
    HandValue,
    best_hand,
    check_shown,
    evaluate_five,
    parse_cards,
    ranking_from_cards,
)
from marquoir.domain.errors import ShowdownError, UsageError

from .sizes import sized

P = parse_cards


def value(variant: str, hand: str, board: str = "") -> HandValue:
    return best_hand(variant, P(hand), P(board))


def cmp(a: HandValue, b: HandValue) -> int:
    return (a.key > b.key) - (a.key < b.key)


# -- reading cards --------------------------------------------------------------------------


def test_parse_cards_spellings() -> None:
    expected = (Card(14, "h"), Card(13, "d"), Card(10, "c"), Card(7, "s"))
    assert P("Ah Kd Tc 7s") == expected
    assert P("AhKdTc7s") == expected
    assert P("ah kd 10c 7S") == expected
    assert P("  AH\tKD  10C 7s ") == expected
    assert P("") == ()
    assert [str(c) for c in P("10h Th 2c")] == ["Th", "Th", "2c"]
    # the whole deck as a hand history writes cards (no spaces), and with spaces
    labels = {"T": 10, "J": 11, "Q": 12, "K": 13, "A": 14} | {str(r): r for r in range(2, 10)}
    deck = [(label, suit) for label in "23456789TJQKA" for suit in "cdhs"]
    whole = tuple(Card(labels[label], suit) for label, suit in deck)
    assert P("".join(label + suit for label, suit in deck)) == whole
    assert P(" ".join(label + suit for label, suit in deck)) == whole


@pytest.mark.parametrize(
    ("text", "bad"),
    [
        ("Ah Kx", "Kx"),
        ("1h", "1h"),
        ("Ah K", "K"),
        ("Ah 11c", "11"),
        ("Zz", "Zz"),
        ("Ahh", "h"),
        ("Ah, Kd", ",K"),
    ],
)
def test_parse_cards_refuses_malformed_cards(text: str, bad: str) -> None:
    with pytest.raises(UsageError) as info:
        P(text)
    assert str(info.value) == (
        f"cannot read the card {bad!r} in {text!r}: write cards like Ah Kd Tc 7s "
        "(rank 2-9, T, J, Q, K, A; suit c, d, h, s)"
    )
    assert info.value.exit_code == 2


def test_parse_cards_exact_message_example() -> None:
    with pytest.raises(UsageError) as info:
        P("Ah Kd Xs")
    assert str(info.value) == (
        "cannot read the card 'Xs' in 'Ah Kd Xs': write cards like Ah Kd Tc 7s "
        "(rank 2-9, T, J, Q, K, A; suit c, d, h, s)"
    )


# -- names of every category, in both languages -----------------------------------------------

NAMES = [
    # (variant, hand, board, category, French, English)
    ("holdem", "As4d", "Kc9h7s3c2d", HIGH, "hauteur as", "ace high"),
    ("draw", "Qs9d7c4h2s", "", HIGH, "hauteur dame", "queen high"),
    ("draw", "9s8d6c4h2s", "", HIGH, "hauteur neuf", "nine high"),
    ("holdem", "QsQd", "Ah7c5d3s2h", PAIR, "paire de dames", "pair of queens"),
    ("draw", "TsTd7c4h2s", "", PAIR, "paire de dix", "pair of tens"),
    (
        "holdem",
        "AsKd",
        "AcKc7d2s3h",
        TWO_PAIR,
        "deux paires, as et rois",
        "two pair, aces and kings",
    ),
    ("draw", "6s6d5c5h2s", "", TWO_PAIR, "deux paires, six et cinq", "two pair, sixes and fives"),
    ("holdem", "KsKd", "Kh9c7d3s2h", TRIPS, "brelan de rois", "three of a kind, kings"),
    ("stud", "8s8d8c4hQs2dJc", "", TRIPS, "brelan de huit", "three of a kind, eights"),
    ("holdem", "As5d", "2h3c4d9sJs", STRAIGHT, "quinte au cinq", "straight, five high"),
    ("holdem", "KsQd", "JhTc9dKcKh", STRAIGHT, "quinte au roi", "straight, king high"),
    ("draw", "Ts9d8c7h6s", "", STRAIGHT, "quinte au dix", "straight, ten high"),
    ("holdem", "Ks9s", "2s5s7sJd3d", FLUSH, "couleur au roi", "flush, king high"),
    ("draw", "Jh9h6h4h2h", "", FLUSH, "couleur au valet", "flush, jack high"),
    ("draw", "8c7c5c3c2c", "", FLUSH, "couleur au huit", "flush, eight high"),
    (
        "holdem",
        "AsAd",
        "AhKcKd2s3s",
        FULL,
        "full aux as par les rois",
        "full house, aces over kings",
    ),
    ("draw", "3s3d3cAhAs", "", FULL, "full aux trois par les as", "full house, threes over aces"),
    ("holdem", "7s7d", "7h7cKd2s3s", QUADS, "carré de sept", "four of a kind, sevens"),
    ("draw", "KsKdKcKh2s", "", QUADS, "carré de rois", "four of a kind, kings"),
    ("holdem", "AsKs", "QsJsTs2d3d", STRAIGHT_FLUSH, "quinte flush royale", "royal flush"),
    ("draw", "9h8h7h6h5h", "", STRAIGHT_FLUSH, "quinte flush au neuf", "straight flush, nine high"),
    (
        "holdem",
        "Ad2d",
        "3d4d5dKsKc",
        STRAIGHT_FLUSH,
        "quinte flush au cinq",
        "straight flush, five high",
    ),
    ("draw", "KcQcJcTc9c", "", STRAIGHT_FLUSH, "quinte flush au roi", "straight flush, king high"),
    ("draw", "AsKdQcJhTs", "", STRAIGHT, "quinte à l'as", "straight, ace high"),
    ("draw", "QsJdTc9h8s", "", STRAIGHT, "quinte à la dame", "straight, queen high"),
    ("draw", "AhJh9h6h4h", "", FLUSH, "couleur à l'as", "flush, ace high"),
    ("draw", "QhJh9h6h4h", "", FLUSH, "couleur à la dame", "flush, queen high"),
    (
        "draw",
        "QhJhTh9h8h",
        "",
        STRAIGHT_FLUSH,
        "quinte flush à la dame",
        "straight flush, queen high",
    ),
    ("piquet", "Ah7d8c9sTs", "", STRAIGHT, "quinte au dix", "straight, ten high"),
    ("piquet", "As7s8s9sTs", "", STRAIGHT_FLUSH, "quinte flush au dix", "straight flush, ten high"),
]


@pytest.mark.parametrize(("variant", "hand", "board", "category", "fr", "en"), NAMES)
def test_names(variant: str, hand: str, board: str, category: int, fr: str, en: str) -> None:
    v = value(variant, hand, board)
    assert v.category == category
    assert v.name("fr") == fr
    assert v.name() == fr  # French by default
    assert v.name("en") == en


# Before "as" French elides the article, as the French rules write it ("le brelan d'as bat le
# brelan de rois", "une paire d'as").


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        pytest.param("AsAdAcKh2s", "brelan d'as", id="brelan d'as"),
        pytest.param("AsAdQc7h2s", "paire d'as", id="paire d'as"),
        pytest.param("AsAdAcAhKs", "carré d'as", id="carré d'as"),
    ],
)
def test_french_names_elide_before_as(hand: str, expected: str) -> None:
    assert value("draw", hand).name("fr") == expected


def test_the_five_cards_used() -> None:
    v = value("holdem", "Ks9s", "2s5s7sJd3d")
    assert sorted(map(str, v.cards)) == sorted(["Ks", "9s", "7s", "5s", "2s"])
    assert v.ranks == (13, 9, 7, 5, 2)
    w = value("holdem", "As5d", "2h3c4d9sJs")
    assert sorted(map(str, w.cards)) == sorted(["As", "5d", "2h", "3c", "4d"])
    assert w.ranks == (5,)


# -- the order of the 52-card game ------------------------------------------------------------


def test_categories_in_order() -> None:
    hands = [
        "Kd9c7h4s2d",  # high card
        "2c2d7h4s3d",  # pair
        "3c3d2h2s4d",  # two pair
        "2c2d2h4s3d",  # trips
        "As2d3c4h5s",  # the wheel: the lowest straight
        "6s2d3c4h5s",  # straight
        "2h3h4h5h7h",  # flush
        "2c2d2h3s3d",  # full house
        "2c2d2h2s3d",  # quads
        "Ah2h3h4h5h",  # steel wheel: the lowest straight flush
        "AhKhQhJhTh",  # royal flush
    ]
    keys = [evaluate_five(P(h)).key for h in hands]
    assert keys == sorted(keys)
    assert len(set(keys)) == len(keys)


def test_ace_is_not_low_in_the_middle() -> None:
    # Q-K-A-2-3 does not wrap, A-7-8-9-10 is no straight in the 52-card deck
    assert evaluate_five(P("QsKdAc2h3s")).category == HIGH
    assert evaluate_five(P("Ah7d8c9sTs")).category == HIGH
    assert value("holdem", "Ah7d", "8c9sTs2d3c").name("en") == "ace high"


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("AsAdKc9h2s", "AcAhQc9d2d"),  # pair of aces: first kicker
        ("AsAdKc9h3s", "AcAhKd9d2d"),  # pair of aces: last kicker
        ("KsKd5c5h9s", "KcKh5d5s8d"),  # two pair, same pairs: the fifth card
        ("KsKd6c6h2s", "KcKh5d5sAd"),  # two pair: the second pair before the kicker
        ("AsAd2c2h3s", "KcKhQdQsJd"),  # two pair: the first pair decides
        ("7s7d7cAh2s", "7s7d7cKhQs"),  # trips: the kicker
        ("AhJh9h6h4h", "AsJs9s6s3s"),  # flush: the fifth card
        ("QsQdQc2h2s", "JcJhJdAsAd"),  # full: the trips first (French rules)
        ("3s3d3cAhAs", "3s3d3cKhKs"),  # full: then the pair
        ("9s9d9c9hKs", "9s9d9c9hQs"),  # quads: the kicker
        ("6s2d3c4h5s", "As2d3c4h5s"),  # 6-high straight beats the wheel
        ("KsQsJsTs9s", "5h4h3h2hAh"),  # straight flushes by the top card
        ("AsKdQcJh9s", "AcKhQdJs8d"),  # high card down to the fifth card
    ],
)
def test_kickers_decide(better: str, worse: str) -> None:
    assert evaluate_five(P(better)).key > evaluate_five(P(worse)).key


def test_suits_never_break_ties() -> None:
    assert evaluate_five(P("AsKdQcJh9s")).key == evaluate_five(P("AhKcQdJs9d")).key
    assert evaluate_five(P("AhJh9h6h4h")).key == evaluate_five(P("AsJs9s6s4s")).key


# -- split pots and kickers in hold'em --------------------------------------------------------


def test_board_plays_royal_flush() -> None:
    ranking, values = ranking_from_cards(
        "holdem",
        {"alice": P("2c3d"), "bob": P("AcAd"), "carol": P("9h8h")},
        P("AhKhQhJhTh"),
    )
    assert ranking == (("alice", "bob", "carol"),)
    assert {v.name("fr") for v in values.values()} == {"quinte flush royale"}


def test_board_plays_straight_but_a_higher_one_wins() -> None:
    board = P("9c8dTh7s6c")
    shown = {"alice": P("2c3d"), "bob": P("AcAd"), "carol": P("JhQs"), "dave": P("Jd4d")}
    ranking, values = ranking_from_cards("holdem", shown, board)
    assert ranking == (("carol",), ("dave",), ("alice", "bob"))
    assert values["carol"].name("en") == "straight, queen high"
    assert values["dave"].name("en") == "straight, jack high"
    assert values["alice"].name("fr") == "quinte au dix"


def test_kicker_on_the_board_splits() -> None:
    # Board A A K K Q: a Jack or a Ten in hand does not play, the board's queen does.
    board = P("AsAdKcKhQd")
    ranking, values = ranking_from_cards(
        "holdem", {"alice": P("Jc2d"), "bob": P("Tc3d"), "carol": P("Qc2h")}, board
    )
    assert ranking == (("alice", "bob", "carol"),)
    assert values["alice"].name("fr") == "deux paires, as et rois"


def test_kicker_in_hand_decides() -> None:
    board = P("AsAdKcKh9d")
    shown = {"alice": P("Qc2d"), "bob": P("Jc3d"), "carol": P("8c7h"), "dave": P("6c5h")}
    ranking, _ = ranking_from_cards("holdem", shown, board)
    assert ranking == (("alice",), ("bob",), ("carol", "dave"))


def test_counterfeited_pair() -> None:
    # 9-9 in hand is no better than the board's two pair K-Q with the 9 kicker; an ace wins.
    board = P("KsKdQcQh5d")
    shown = {"alice": P("9c9d"), "bob": P("Ac2d"), "carol": P("9h2c")}
    ranking, values = ranking_from_cards("holdem", shown, board)
    assert ranking == (("bob",), ("alice", "carol"))
    assert values["alice"].key == (2, 13, 13, 12, 12, 9)


def test_same_pair_different_kickers() -> None:
    board = P("Qs8d5c3h2d")
    shown = {"alice": P("QcAd"), "bob": P("QhKd"), "carol": P("QdKc")}
    ranking, values = ranking_from_cards("holdem", shown, board)
    assert ranking == (("alice",), ("bob", "carol"))
    assert values["alice"].name("fr") == "paire de dames"


# -- Omaha: exactly two from the hand, three from the board ------------------------------------


def test_omaha_board_flush_with_one_suited_card_is_no_flush() -> None:
    v = value("omaha", "Jh3c4d5s", "AhKhQh7h2c")
    assert v.category != FLUSH
    assert v.name("en") == "ace high"
    assert v.key == (0, 14, 13, 12, 11, 5)
    assert value("holdem", "Jh3c", "AhKhQh7h2c").name("en") == "flush, ace high"
    # two hearts in the hand do make it
    assert value("omaha", "Jh3h4d5s", "AhKhQh7h2c").name("fr") == "couleur à l'as"


def test_omaha_four_aces_in_hand() -> None:
    aces = "AsAdAhAc"
    assert value("omaha", aces, "Kc9d7s5h2c").name("en") == "pair of aces"
    assert value("omaha", aces, "Kc9d7s5h2c").key == (1, 14, 14, 13, 9, 7)
    assert value("omaha", aces, "KcKd2s3s7h").name("en") == "two pair, aces and kings"
    assert value("omaha", aces, "7c7d7h3s2h").name("fr") == "full aux sept par les as"
    assert value("stud", "AsAdAhAc7c7d3s").category == QUADS  # where all seven cards count


def test_omaha_board_straight_and_board_quads_do_not_play() -> None:
    # the board is a straight: one card in hand cannot use it
    v = value("omaha", "9sKc2d2h", "5c6d7h8sTc")
    assert v.category == PAIR  # 2-2 with T-8-7: the 9 alone would need four board cards
    assert v.key == (1, 2, 2, 10, 8, 7)
    assert value("holdem", "9sKc", "5c6d7h8sTc").name("en") == "straight, ten high"
    assert value("omaha", "9sJc2d2h", "5c6d7h8sTc").name("en") == "straight, jack high"
    # quads on the board: only three of them play
    assert value("omaha", "AsKd3c4h", "9c9d9h9s2c").key == (3, 9, 9, 9, 14, 13)
    assert value("omaha", "AsAd3c4h", "9c9d9h9s2c").name("fr") == "full aux neuf par les as"
    assert value("holdem", "AsKd", "9c9d9h9s2c").name("fr") == "carré de neuf"


def test_omaha_four_to_a_straight_in_hand_is_not_a_straight() -> None:
    # T-9-8-7 in hand and a 6 on the board: a straight needs three cards from the hand
    v = value("omaha", "Ts9s8d7c", "AhKc2d3s6h")
    assert v.key == (0, 14, 13, 10, 9, 6)
    assert v.name("fr") == "hauteur as"
    assert value("stud", "Ts9s8d7c6hAhKc").name("fr") == "quinte au dix"


def test_omaha_a_split_pot() -> None:
    board = P("AhKhQd7c2s")
    shown = {"alice": P("3c3d4c5d"), "bob": P("3h3s4d5c"), "carol": P("AcAd5h6h")}
    ranking, values = ranking_from_cards("omaha", shown, board)
    assert ranking == (("carol",), ("alice", "bob"))
    assert values["alice"].name("en") == "pair of threes"
    assert values["alice"].key == (1, 3, 3, 14, 13, 12)
    assert values["carol"].name("en") == "three of a kind, aces"


# -- the French 32-card game (docs/rules.md) -------------------------------------------------------


def test_piquet_order_of_document_000() -> None:
    order = [
        "AsKd9c8h7s",  # high card
        "7c7dAhKs9d",  # pair
        "7c7d8h8s9d",  # two pair
        "Ah7d8c9sTs",  # A-7-8-9-10: the lowest straight
        "7s8d9cThJs",  # straight
        "AsKdQcJhTs",  # straight to the ace
        "7c7d7hKs9d",  # trips beat every straight
        "AsAdAhKsKh",  # full house, even aces over kings...
        "7h8h9hJhKh",  # ...is beaten by the lowest 32-card flush
        "AhKhQhJh9h",  # flush
        "7c7d7h7sKd",  # quads
        "As7s8s9sTs",  # A-7-8-9-10 suited: the lowest straight flush
        "AhKhQhJhTh",  # royal flush
    ]
    keys = [best_hand("piquet", P(h)).key for h in order]
    assert keys == sorted(keys)
    assert len(set(keys)) == len(keys)


def test_piquet_against_52_cards() -> None:
    trips, straight = P("7c7d7hKs9d"), P("7s8d9cThJs")
    flush, full = P("7h8h9hJhKh"), P("AsAdAhKsKh")
    assert best_hand("piquet", trips).key > best_hand("piquet", straight).key
    assert best_hand("draw", trips).key < best_hand("draw", straight).key
    assert best_hand("piquet", flush).key > best_hand("piquet", full).key
    assert best_hand("draw", flush).key < best_hand("draw", full).key
    assert best_hand("piquet", full).name("fr") == "full aux as par les rois"
    assert best_hand("piquet", flush).name("fr") == "couleur au roi"
    assert best_hand("piquet", trips).name("en") == "three of a kind, sevens"


def test_piquet_ranking() -> None:
    shown = {
        "alice": P("7c7d7hKs9d"),
        "bob": P("AsKdQcJhTs"),
        "carol": P("Ah7s8c9sTh"),
        "dave": P("8h8sQhQsAd"),
        "erin": P("Jc8d9cTdQd"),
    }
    ranking, values = ranking_from_cards("piquet", shown)
    assert ranking == (("alice",), ("bob",), ("erin",), ("carol",), ("dave",))
    assert values["carol"].name("fr") == "quinte au dix"


@pytest.mark.parametrize(
    ("hand", "card"), [("2s7c8d9hTs", "2s"), ("As6h8d9hTs", "6h"), ("AsKdQc5hTs", "5h")]
)
def test_piquet_refuses_small_cards(hand: str, card: str) -> None:
    with pytest.raises(ShowdownError) as info:
        ranking_from_cards("piquet", {"alice": P("AhKhQhJh9h"), "bob": P(hand)})
    assert str(info.value) == f"there is no {card} in a 32-card deck (bob)"


def test_52_card_games_accept_small_cards() -> None:
    check_shown("draw", {"alice": P("2s3c4d5h6s")}, ())
    check_shown("holdem", {"alice": P("2s3c")}, P("4d5h6s7c8d"))


# -- refusals: cards shown twice, wrong numbers of cards, unknown variants ----------------------


def test_card_shown_twice_across_players() -> None:
    with pytest.raises(ShowdownError) as info:
        ranking_from_cards("holdem", {"alice": P("AhKd"), "bob": P("Ah2c")}, P("3c4d5h6s9d"))
    assert str(info.value) == "the Ah is shown twice (bob)"


def test_card_shown_twice_hand_and_board() -> None:
    with pytest.raises(ShowdownError) as info:
        ranking_from_cards("holdem", {"alice": P("QcKd"), "bob": P("Ah2c")}, P("Ah4d5h6s9d"))
    assert str(info.value) == "the Ah is shown twice (bob)"


def test_card_shown_twice_on_the_board_and_in_one_hand() -> None:
    with pytest.raises(ShowdownError) as info:
        check_shown("holdem", {"alice": P("QcKd")}, P("Ah4d5hAh9d"))
    assert str(info.value) == "the Ah is shown twice (the board)"
    with pytest.raises(ShowdownError) as info:
        check_shown("omaha", {"alice": P("QcKdQc2s")}, P("Ah4d5h7h9d"))
    assert str(info.value) == "the Qc is shown twice (alice)"
    with pytest.raises(ShowdownError) as info:
        check_shown("draw", {"alice": P("Tc2s3s4s5s"), "bob": P("10c6s7s8s9s")}, ())
    assert str(info.value) == "the Tc is shown twice (bob)"


@pytest.mark.parametrize(
    ("variant", "shown", "board", "message"),
    [
        ("holdem", {"alice": "AhKd"}, "2c3d4h", "holdem needs 5 board cards, not 3"),
        ("holdem", {"alice": "AhKd"}, "2c3d4h5s6s7s", "holdem needs 5 board cards, not 6"),
        ("omaha", {"alice": "AhKdQcJc"}, "", "omaha needs 5 board cards, not 0"),
        ("draw", {"alice": "AhKdQcJc9s"}, "2c3d4h5s6s", "draw has no board"),
        ("stud", {"alice": "AhKdQcJc9s8s7s"}, "2c", "stud has no board"),
        ("piquet", {"alice": "AhKdQcJc9s"}, "7c", "piquet has no board"),
        (
            "holdem",
            {"alice": "AhKd", "bob": "2c"},
            "3c4d5h6s9d",
            "bob shows 1 card: holdem needs 2",
        ),
        ("holdem", {"bob": "2c3c4c"}, "5c6d7h8s9d", "bob shows 3 cards: holdem needs 2"),
        ("omaha", {"bob": "AhKdQc"}, "2c3d4h5s6s", "bob shows 3 cards: omaha needs 4"),
        ("omaha", {"bob": "AhKdQcJc9c"}, "2c3d4h5s6s", "bob shows 5 cards: omaha needs 4"),
        ("draw", {"bob": "AhKdQcJc"}, "", "bob shows 4 cards: draw needs 5"),
        ("stud", {"bob": "AhKdQcJc9c8c"}, "", "bob shows 6 cards: stud needs 7"),
        ("piquet", {"bob": "AhKdQcJc9c8c"}, "", "bob shows 6 cards: piquet needs 5"),
        ("badugi", {"bob": "AhKdQc2c"}, "", "cards cannot be read for badugi"),
    ],
)
def test_wrong_numbers_of_cards(
    variant: str, shown: dict[str, str], board: str, message: str
) -> None:
    with pytest.raises(ShowdownError) as info:
        ranking_from_cards(variant, {n: P(c) for n, c in shown.items()}, P(board))
    assert str(info.value) == message


# -- ranking_from_cards -------------------------------------------------------------------------


def test_ranking_groups_ties_in_the_order_shown() -> None:
    board = P("2c7d9hJsKd")
    shown = {
        "dave": P("Ac4h"),  # ace high, K J 9 7
        "alice": P("As3h"),  # same
        "bob": P("KcKh"),  # trips
        "carol": P("Ad5s"),  # same ace high
        "erin": P("QcQd"),  # pair of queens
    }
    ranking, values = ranking_from_cards("holdem", shown, board)
    assert ranking == (("bob",), ("erin",), ("dave", "alice", "carol"))
    assert set(values) == set(shown)
    assert values["bob"].name("fr") == "brelan de rois"
    assert values["dave"].key == values["carol"].key == (0, 14, 13, 11, 9, 7)


def test_ranking_single_player_and_stud_and_draw() -> None:
    ranking, values = ranking_from_cards("stud", {"alice": P("AsAd2c3h5s9d8c")})
    assert ranking == (("alice",),)
    assert values["alice"].name("en") == "pair of aces"
    ranking, _ = ranking_from_cards(
        "stud", {"alice": P("AsAd2c3h5s9d8c"), "bob": P("4c4d4h6s7sJdQc")}
    )
    assert ranking == (("bob",), ("alice",))
    ranking, _ = ranking_from_cards(
        "draw", {"alice": P("AsKdQcJh9s"), "bob": P("AcKhQdJs9d"), "carol": P("2c2d3s4h5d")}
    )
    assert ranking == (("carol",), ("alice", "bob"))


# -- differential test against PokerKit ----------------------------------------------------------

FULL_DECK = [Card(rank, suit) for rank in range(2, 15) for suit in "cdhs"]
DEALS = 3000
# PokerKit reads Omaha and hold'em hands slowly: fewer deals by default, all of them in CI
# (MARQUOIR_FULL=1, tests/sizes.py); the same seeds, so the quick run deals the first ones.
VARIANT_DEALS = {"holdem": sized(1200, DEALS), "omaha": sized(600, DEALS)}
SEED = 20240607

# variant: (cards in hand, board cards, PokerKit hand class, most players)
SPECS = {
    "holdem": (2, 5, pokerkit.StandardHighHand, 6),
    "omaha": (4, 5, pokerkit.OmahaHoldemHand, 5),
    "stud": (7, 0, pokerkit.StandardHighHand, 3),
    "draw": (5, 0, pokerkit.StandardHighHand, 5),
}


def _deck(rng: random.Random, needed: int) -> list[Card]:
    """The full deck, or (often) a deck with few ranks or two suits to get the rare hands."""
    kind = rng.random()
    if kind < 0.4:
        return FULL_DECK
    if kind < 0.7 and needed <= 26:
        suits = rng.sample("cdhs", 2)
        return [c for c in FULL_DECK if c.suit in suits]
    ranks = rng.sample(range(2, 15), max(5, -(-needed // 4)) + rng.randint(0, 2))
    return [c for c in FULL_DECK if c.rank in ranks]


def _pk_cards(cards: tuple[Card, ...]) -> str:
    return "".join(map(str, cards))


@pytest.mark.parametrize("variant", list(SPECS))
def test_differential_against_pokerkit(variant: str) -> None:
    in_hand, on_board, pk_class, most = SPECS[variant]
    rng = random.Random(f"{SEED}-{variant}")
    deals = VARIANT_DEALS.get(variant, DEALS)
    outcomes = {-1: 0, 0: 0, 1: 0}
    categories: set[int] = set()
    compared = 0
    for _ in range(deals):
        n = rng.randint(2, most)
        deck = _deck(rng, n * in_hand + on_board)
        cards = rng.sample(deck, n * in_hand + on_board)
        board = tuple(cards[:on_board])
        hands = [
            tuple(cards[on_board + i * in_hand : on_board + (i + 1) * in_hand]) for i in range(n)
        ]
        ours = [best_hand(variant, hand, board) for hand in hands]
        theirs = [pk_class.from_game(_pk_cards(hand), _pk_cards(board)) for hand in hands]
        categories.update(v.category for v in ours)
        for i, j in combinations(range(n), 2):
            expected = (theirs[i] > theirs[j]) - (theirs[i] < theirs[j])
            got = cmp(ours[i], ours[j])
            assert got == expected, (variant, hands[i], hands[j], board, ours[i], ours[j])
            outcomes[got] += 1
            compared += 1
    assert compared >= deals
    # wins, losses and ties (ties are rare outside the board games, but there are some)
    assert outcomes[-1] >= deals // 3 and outcomes[1] >= deals // 3 and outcomes[0] >= 5, outcomes
    assert categories == set(range(9)), categories


_PIQUET_STRENGTH = {
    pokerkit.Label.HIGH_CARD: 0,
    pokerkit.Label.ONE_PAIR: 1,
    pokerkit.Label.TWO_PAIR: 2,
    pokerkit.Label.STRAIGHT: 3,
    pokerkit.Label.THREE_OF_A_KIND: 4,
    pokerkit.Label.FULL_HOUSE: 5,
    pokerkit.Label.FLUSH: 6,
    pokerkit.Label.FOUR_OF_A_KIND: 7,
    pokerkit.Label.STRAIGHT_FLUSH: 8,
}


def _piquet_reference(cards: tuple[Card, ...]) -> tuple[int, int]:
    """The French 32-card order built from PokerKit: its category label, moved to the 32-card
    order, then its own order within the category. PokerKit does not know A-7-8-9-10: it is
    the lowest straight (flush) of the 32-card deck, below 7-8-9-10-J."""
    if {c.rank for c in cards} == {14, 7, 8, 9, 10}:
        suited = len({c.suit for c in cards}) == 1
        return (
            _PIQUET_STRENGTH[pokerkit.Label.STRAIGHT_FLUSH if suited else pokerkit.Label.STRAIGHT],
            -1,
        )
    entry = pokerkit.StandardHighHand(_pk_cards(cards)).entry
    return (_PIQUET_STRENGTH[entry.label], entry.index)


def test_differential_piquet_against_pokerkit_labels() -> None:
    deck = [c for c in FULL_DECK if c.rank >= 7]
    rng = random.Random(f"{SEED}-piquet")
    outcomes = {-1: 0, 0: 0, 1: 0}
    categories: set[int] = set()
    for _ in range(DEALS):
        small = rng.random() < 0.5  # few ranks or one suit more often: rare hands
        pool = deck
        if small and rng.random() < 0.5:
            suits = rng.sample("cdhs", 2)
            pool = [c for c in deck if c.suit in suits]
        elif small:
            ranks = rng.sample(range(7, 15), 5)
            pool = [c for c in deck if c.rank in ranks]
        n = rng.randint(2, min(4, len(pool) // 5))
        cards = rng.sample(pool, 5 * n)
        hands = [tuple(cards[i * 5 : i * 5 + 5]) for i in range(n)]
        ours = [best_hand("piquet", hand) for hand in hands]
        refs = [_piquet_reference(hand) for hand in hands]
        categories.update(v.category for v in ours)
        for i, j in combinations(range(n), 2):
            expected = (refs[i] > refs[j]) - (refs[i] < refs[j])
            assert cmp(ours[i], ours[j]) == expected, (hands[i], hands[j], ours[i], ours[j])
            outcomes[expected] += 1
    assert outcomes[-1] >= DEALS // 3 and outcomes[1] >= DEALS // 3 and outcomes[0] >= 5, outcomes
    assert categories == set(range(9)), categories
