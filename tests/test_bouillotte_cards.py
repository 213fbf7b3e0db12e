"""Bouillotte from the cards shown (`marquoir.domain.games.bouillotte.cards`).

Worked examples from the Bouillotte rules (docs/rules.md, Bouillotte): the five hearts that
make 48, the king that counts as the ace turned up, the short player who wins with five
clubs while the holder of a single club beats five spades in the side pot, the brelan carré
made by the retourne, and equal points given to the player first in cards. Every figure is
worked out by hand from the card values (ace 11, king and queen 10, nine 9, eight 8).

Then properties over random deals of the 20-card deck, checked against the rules restated
here independently of the module (a brute-force owner and winner).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from marquoir.domain.cards import Card
from marquoir.domain.errors import ShowdownError, UsageError
from marquoir.domain.games.bouillotte.cards import (
    DECK,
    Brelan,
    brelans,
    brelans_owed,
    colours,
    describe,
    parse_hands,
    pot_ranking,
    pot_rankings,
    read_cards,
    winning_colour,
)

VALUE = {"A": 11, "K": 10, "Q": 10, "9": 9, "8": 8}


def point_of(suit: str, rc: dict[str, str], retourne: str) -> int:
    """The point of a colour counted by hand from the texts, independently of the module."""
    texts = [*rc.values(), retourne]
    return sum(VALUE[c[0]] for text in texts for c in text.split() if c[1] == suit)


# -- the five hearts make 48 ------------------------------------------------------------------

# anne is first in cards; claire and denis passed, their cards are laid down all the same.
FIVE_HEARTS = {"anne": "Ah 9h Qc", "bruno": "Kh 8h As", "claire": "Qh Kd 8c", "denis": "9d 9s Ks"}


def test_the_five_hearts_make_48_for_the_engaged_holder_of_the_ace() -> None:
    hands, retourne = parse_hands(FIVE_HEARTS, "Ad")
    table = {c.suit: c for c in colours(hands, retourne, ["anne", "bruno"])}
    assert table["h"].point == 11 + 10 + 10 + 9 + 8 == 48
    assert len(table["h"].cards) == 5
    assert table["h"].owner == "anne"
    assert table["s"].point == 11 + 9 + 10 == point_of("s", FIVE_HEARTS, "Ad")
    assert table["s"].owner == "bruno"
    assert table["c"].point == 10 + 8 and table["c"].owner == "anne"  # claire not engaged
    # diamonds: 30, as much as spades, but held only by players not engaged: it does not count
    assert table["d"].point == 10 + 9 + 11 and table["d"].owner is None
    top = winning_colour(hands, retourne, ["anne", "bruno"])
    assert top is not None and (top.suit, top.point, top.owner) == ("h", 48, "anne")
    assert pot_ranking(hands, retourne, engaged=["anne", "bruno"]) == (("anne",), ("bruno",))


def test_a_lower_card_owns_the_colour_when_no_engaged_player_holds_a_higher_one() -> None:
    # with anne and bruno out, claire's queen owns the 48: the higher hearts are not engaged
    hands, retourne = parse_hands(FIVE_HEARTS, "Ad")
    top = winning_colour(hands, retourne, ["claire", "denis"])
    assert top is not None and (top.suit, top.point, top.owner) == ("h", 48, "claire")
    top = winning_colour(hands, retourne, ["bruno", "denis"])
    assert top is not None and (top.suit, top.point, top.owner) == ("h", 48, "bruno")


def test_the_king_counts_as_the_ace_turned_up() -> None:
    rc = {"anne": "9h 8h Qc", "bruno": "Kh As 8c", "claire": "Qh Ks 9c"}
    hands, retourne = parse_hands(rc, "Ah")
    table = {c.suit: c for c in colours(hands, retourne, list(rc))}
    assert table["h"].point == 48 and table["h"].owner == "bruno"
    assert pot_ranking(hands, retourne)[0] == ("bruno",)


def test_the_strongest_point_does_not_count_when_its_only_holder_passed() -> None:
    # denis holds all three spades laid down (31) and passed: the winning colour is another
    rc = {"anne": "Ah 9h 8c", "bruno": "Kd 8d Qc", "denis": "As Ks Qs"}
    hands, retourne = parse_hands(rc, "9d")
    top = winning_colour(hands, retourne, ["anne", "bruno"])
    assert top is not None and (top.suit, top.point, top.owner) == ("d", 10 + 8 + 9, "bruno")
    assert pot_ranking(hands, retourne, engaged=["anne", "bruno"]) == (("bruno",), ("anne",))


# -- a winning colour cannot lose in the same deal ------------------------------------------

# anne is first in cards and short; denis dealt and passed. Clubs 48, spades 48, hearts 31.
FIVE_CLUBS = {"anne": "Ac Kc Qc", "bruno": "As Ks Qs", "claire": "Ah Kh 8c", "denis": "9s 8s 9c"}
ENGAGED = ["anne", "bruno", "claire"]


def test_five_clubs_win_and_a_single_club_beats_five_spades_in_the_side_pot() -> None:
    hands, retourne = parse_hands(FIVE_CLUBS, "Qh")
    table = {c.suit: c for c in colours(hands, retourne, ENGAGED)}
    assert (table["c"].point, table["c"].owner) == (48, "anne")
    assert (table["s"].point, table["s"].owner) == (48, "bruno")
    assert (table["h"].point, table["h"].owner) == (11 + 10 + 10, "claire")
    main, side = pot_rankings(hands, retourne, engaged=ENGAGED, pots=[ENGAGED, ["bruno", "claire"]])
    assert main[0] == ("anne",)  # 48 against 48: anne is first in cards
    assert side[0] == ("claire",)  # her eight of clubs beats bruno's five spades
    assert pot_ranking(hands, retourne, engaged=ENGAGED, eligible=["bruno", "claire"]) == side


def test_without_a_club_the_five_spades_win_the_side_pot() -> None:
    rc = {"anne": "Ac Kc Qc", "bruno": "As Ks Qs", "claire": "Ah Kh Qh", "denis": "9s 8s 8c"}
    hands, retourne = parse_hands(rc, "9c")
    main, side = pot_rankings(hands, retourne, engaged=ENGAGED, pots=[ENGAGED, ["bruno", "claire"]])
    assert main[0] == ("anne",)
    assert side == (("bruno",), ("claire",))  # 48 in spades over 31 in hearts


def test_a_colour_that_won_a_side_pot_keeps_winning_in_the_next() -> None:
    # Marquoir's extension of the rule to a third pot. Clubs 40 (the retourne helps anne);
    # spades 11+10+8 = 29 (bruno), hearts 11+10+8 = 29 (claire), diamonds 10+9+8 = 27.
    rc = {"anne": "Ac Kc Qc", "bruno": "As Ks Qd", "claire": "Ah Qh 8h", "denis": "8s 9d 8d"}
    hands, retourne = parse_hands(rc, "9c")
    everyone = list(rc)
    main, second, third = pot_rankings(
        hands,
        retourne,
        pots=[everyone, ["bruno", "claire", "denis"], ["claire", "denis"]],
    )
    assert main[0] == ("anne",)
    assert second[0] == ("bruno",)  # 29 in spades against 29 in hearts: bruno is first
    assert third[0] == ("denis",)  # spades won the second pot: denis's eight keeps it
    # read alone, without the second pot, the third goes to claire, first in cards at 29
    assert pot_ranking(hands, retourne, eligible=["claire", "denis"])[0] == ("claire",)


def test_the_scorekeeper_reads_the_five_clubs_deal_in_french() -> None:
    hands, retourne = parse_hands(FIVE_CLUBS, "Qh")
    lines = describe(read_cards(hands, retourne, engaged=ENGAGED))
    assert lines == [
        "retourne : Qh",
        "anne : 48 en trèfle",
        "bruno : 48 en pique",
        "claire : 31 en cœur",
        "denis : pas engagé",
        "trèfle : 48 (Ac Kc Qc 9c 8c), à anne",
        "pique : 48 (As Ks Qs 9s 8s), à bruno",
        "cœur : 31 (Ah Kh Qh), à claire",
        "couleur gagnante : trèfle (48), à anne",
        "gagne : anne (48 en trèfle, premier en cartes)",
    ]


# -- ties go to the player first in cards ----------------------------------------------------


@pytest.mark.parametrize(
    ("order", "winner"), [(("anne", "bruno"), "anne"), (("bruno", "anne"), "bruno")]
)
def test_equal_points_go_to_the_player_first_in_cards(order: tuple[str, str], winner: str) -> None:
    texts = {"anne": "Kh 9h 8d", "bruno": "Ks 9s 8c"}
    hands, retourne = parse_hands({name: texts[name] for name in order}, "Qc")
    table = {c.suit: c for c in colours(hands, retourne, order)}
    assert table["h"].point == table["s"].point == 10 + 9
    assert table["c"].point == 8 + 10 and table["d"].point == 8
    assert pot_ranking(hands, retourne)[0] == (winner,)


# -- brelans ---------------------------------------------------------------------------------


def test_the_retourne_makes_a_brelan_carre_that_beats_a_brelan_of_aces() -> None:
    rc = {"alice": "Kh Kd Ks", "bob": "Ah Ad As", "carol": "Qc 9c 8c"}
    hands, retourne = parse_hands(rc, "Kc")
    found = brelans(hands, retourne)
    assert found == (Brelan("alice", 13, True), Brelan("bob", 14, False))
    assert [b.name() for b in found] == ["brelan carré de rois", "brelan d'as"]
    assert [b.chips for b in found] == [2, 1]  # two passes from each other player
    assert brelans_owed(hands, retourne) == (("bob",), "alice")
    # carol owns 37 in clubs, the best point, but any brelan beats the point
    assert pot_ranking(hands, retourne) == (("alice",), ("bob",), ("carol",))


def test_a_higher_brelan_beats_a_lower_and_any_brelan_beats_48() -> None:
    rc = {"anne": "Ah Kh Qh", "bruno": "8c 8d 8s", "claire": "9c 9d 9s"}
    hands, retourne = parse_hands(rc, "9h")
    # hearts 11+10+10+9 = 40 for anne; claire's nines made carré by the retourne
    assert pot_ranking(hands, retourne) == (("claire",), ("bruno",), ("anne",))
    assert brelans_owed(hands, retourne) == (("bruno",), "claire")
    rc = {"anne": "Ah Kh Qh", "bruno": "8c 8d 8s", "claire": "Qd Qs Qc"}
    hands, retourne = parse_hands(rc, "9h")
    assert pot_ranking(hands, retourne) == (("claire",), ("bruno",), ("anne",))
    assert [b.name() for b in brelans(hands, retourne)] == ["brelan de dames", "brelan de huit"]


def test_the_king_brelan_with_the_ace_turned_up_is_a_simple_brelan() -> None:
    rc = {"alice": "Kh Kd Ks", "bob": "Qc 9c 8c"}
    hands, retourne = parse_hands(rc, "Ah")
    assert brelans(hands, retourne) == (Brelan("alice", 13, False),)
    assert brelans_owed(hands, retourne) == (("alice",), None)


# -- refusals --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rc", "retourne", "message"),
    [
        ({"a": "Ah Kh Qh", "b": "7c 9c 8c"}, "Ad", "no 7c in the Bouillotte deck"),
        ({"a": "Ah Kh Qh", "b": "Jc 9c 8c"}, "Ad", "no Jc in the Bouillotte deck"),
        ({"a": "Ah Kh Qh", "b": "Ah 9c 8c"}, "Ad", "the Ah is shown twice"),
        ({"a": "Ah Kh Qh", "b": "9c 8c"}, "Ad", "b shows 2 cards"),
        ({"a": "Ah Kh Qh", "b": "9c 8c 8d"}, "Ad Kd", "the retourne is one card"),
        ({"a": "Ah Kh Qh", "b": "9c 8c 8d"}, "Qh", "the Qh is shown twice"),
        ({"a": "Ah Kh Qh"}, "Ad", "at least two hands"),
    ],
)
def test_impossible_deals_are_refused(rc: dict[str, str], retourne: str, message: str) -> None:
    with pytest.raises(ShowdownError, match=message):
        parse_hands(rc, retourne)


def test_unreadable_cards_and_unknown_players_are_refused() -> None:
    with pytest.raises(UsageError):
        parse_hands({"a": "Ah Kh Zz", "b": "9c 8c 8d"}, "Ad")
    hands, retourne = parse_hands({"a": "Ah Kh Qh", "b": "9c 8c 8d"}, "Ad")
    with pytest.raises(ShowdownError, match="shows no cards"):
        pot_ranking(hands, retourne, engaged=["a", "zoe"])
    with pytest.raises(ShowdownError, match="only engaged players"):
        pot_rankings(hands, retourne, engaged=["a"], pots=[["a", "b"]])


# -- properties ------------------------------------------------------------------------------


def test_the_deck_is_twenty_cards_worth_48_a_colour() -> None:
    assert len(DECK) == len(set(DECK)) == 20
    ranks = sorted({c.rank for c in DECK})
    assert ranks == [8, 9, 12, 13, 14]  # eight, nine, queen, king, ace
    assert sorted({c.suit for c in DECK}) == ["c", "d", "h", "s"]
    assert sum(VALUE[str(c)[0]] for c in DECK) == 4 * 48


@st.composite
def deals(draw: st.DrawFn) -> tuple[dict[str, tuple[Card, ...]], Card, list[str]]:
    """A shuffled 20-card deck dealt to 2-5 players, the retourne, the engaged players."""
    seed = draw(st.integers(0, 2**32))
    count = draw(st.integers(2, 5))
    deck = list(DECK)
    random.Random(seed).shuffle(deck)
    hands = {f"p{i}": tuple(deck[3 * i : 3 * i + 3]) for i in range(count)}
    engaged = [name for name in hands if draw(st.booleans())]
    if len(engaged) < 2:
        engaged = list(hands)[:2]
    return hands, deck[3 * count], engaged


def oracle_winner(hands: dict[str, tuple[Card, ...]], retourne: Card, engaged: list[str]) -> str:
    """The rules restated by brute force: the best brelan, else each engaged player's best
    owned point (owner: highest card of the colour among the engaged), first in cards on ties."""
    value = {14: 11, 13: 10, 12: 10, 9: 9, 8: 8}
    laid = [c for cards in hands.values() for c in cards] + [retourne]
    best: tuple[int, int, int, int] | None = None  # (brelan?, strength, -order) to maximise
    winner = ""
    for order, name in enumerate(hands):
        if name not in engaged:
            continue
        ranks = {c.rank for c in hands[name]}
        if len(ranks) == 1:
            rank = ranks.pop()
            key = (1, 100 * (rank == retourne.rank) + rank, 0, -order)
        else:
            points = [
                sum(value[c.rank] for c in laid if c.suit == suit)
                for suit in "cdhs"
                if any(c.suit == suit for c in hands[name])
                and max(c.rank for c in hands[name] if c.suit == suit)
                == max(c.rank for n in engaged for c in hands[n] if c.suit == suit)
            ]
            key = (0, max(points, default=0), 0, -order)
        if best is None or key > best:
            best, winner = key, name
    return winner


@settings(max_examples=300, deadline=None)
@given(deals())
def test_the_winner_owns_the_top_colour_or_the_best_brelan(
    deal: tuple[dict[str, tuple[Card, ...]], Card, list[str]],
) -> None:
    hands, retourne, engaged = deal
    ranking = pot_ranking(hands, retourne, engaged=engaged)
    assert [len(tier) for tier in ranking] == [1] * len(engaged)
    assert sorted(name for (name,) in ranking) == sorted(engaged)
    assert ranking[0][0] == oracle_winner(hands, retourne, engaged)
    if not brelans({n: hands[n] for n in engaged}, retourne):
        top = winning_colour(hands, retourne, engaged)
        assert top is not None and top.owner == ranking[0][0]


@settings(max_examples=300, deadline=None)
@given(deals())
def test_the_points_add_up_to_the_cards_laid_down(
    deal: tuple[dict[str, tuple[Card, ...]], Card, list[str]],
) -> None:
    hands, retourne, engaged = deal
    table = colours(hands, retourne, engaged)
    laid = [c for cards in hands.values() for c in cards] + [retourne]
    assert sum(c.point for c in table) == sum(VALUE[str(c)[0]] for c in laid)
    assert sorted(c for colour in table for c in colour.cards) == sorted(laid)
    assert all(c.point <= 48 for c in table)
    for colour in table:
        holders = [n for n in engaged if any(c.suit == colour.suit for c in hands[n])]
        assert (colour.owner is None) == (not holders)


@settings(max_examples=300, deadline=None)
@given(deals())
def test_in_a_side_pot_a_holder_of_the_winning_colour_wins_unless_a_brelan(
    deal: tuple[dict[str, tuple[Card, ...]], Card, list[str]],
) -> None:
    hands, retourne, engaged = deal
    top = winning_colour(hands, retourne, engaged)
    assert top is not None
    main = pot_ranking(hands, retourne, engaged=engaged)
    side = [n for n in engaged if n != main[0][0]]
    ranking = pot_ranking(hands, retourne, engaged=engaged, eligible=side)
    winner = ranking[0][0]
    if brelans({n: hands[n] for n in side}, retourne):
        assert brelans({winner: hands[winner]}, retourne)
        return
    holders = [n for n in side if any(c.suit == top.suit for c in hands[n])]
    if holders:
        best = max(holders, key=lambda n: max(c.rank for c in hands[n] if c.suit == top.suit))
        assert winner == best
    else:
        assert winner == oracle_winner(hands, retourne, side)
