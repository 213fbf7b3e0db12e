"""The other games of issue 5: five-card draw and jackpots, Bouillotte, seven-card stud.

Worked examples with exact stacks (chips conserved after every action, the table's carry
and a false opener's fine included), then hypothesis properties for each game played
through a `Table` over several hands: chips conserved, folded players win nothing, the
legal actions are exactly what verify accepts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from marquoir.domain import (
    Action,
    ActionEvent,
    ActionKind,
    BettingKind,
    ConfigError,
    Game,
    Hand,
    IllegalAction,
    LegalActions,
    Phase,
    SeatInfo,
    ShowdownError,
    TableConfig,
    UsageError,
    parse_ranking,
)
from marquoir.domain.games.bouillotte.table import bouillotte_side
from marquoir.domain.games.draw import jackpots_side
from marquoir.domain.table import CavePolicy, SessionSettings, Table

from .engine_helpers import behind, deal, fronts, parse_action
from .sizes import sized

FL = BettingKind.FIXED_LIMIT
PL = BettingKind.POT_LIMIT

JACKPOTS = TableConfig(0, 0, game=Game.DRAW, ante=1, jackpots=True)
BOUILLOTTE = TableConfig(0, 0, game=Game.BOUILLOTTE, passe=1)
STUD = TableConfig(0, 0, game=Game.STUD, betting=FL, ante=1, bring_in=1, small_bet=4, big_bet=8)


# -- helpers -------------------------------------------------------------------------------


def word(text: str) -> Action:
    """`open 4`, `bringin carol`, `bringin carol 4`, `first dave`, `false-open carol`, and
    the betting words of engine_helpers."""
    verb, *rest = text.split()
    if verb == "open":
        return Action.open(int(rest[0]))
    if verb == "bringin":
        return Action.bring_in(rest[0], complete_to=int(rest[1]) if len(rest) > 1 else None)
    if verb == "first":
        return Action.first(rest[0])
    if verb == "false-open":
        return Action.false_open(rest[0])
    return parse_action(text)


def hand_conserved(hand: Hand) -> None:
    """Behind + in the middle + fines == the start stacks + what a void deal left."""
    start = sum(hand.start_stacks.values()) + hand.dead_in
    now = sum(p.stack for p in hand.players) + hand.total_in_middle() + sum(hand.fines.values())
    assert now == start, f"chips not conserved: {now} != {start}"


def hplay(hand: Hand, script: str) -> list[str]:
    """Apply a ';'-separated script to a hand; chips conserved after each action."""
    out = []
    for text in script.split(";"):
        if text.strip():
            out.append(hand.apply(word(text.strip())).describe())
            hand_conserved(hand)
    return out


def table_total(t: Table) -> int:
    """Every chip the table accounts for: behind, in the middle (fines too), carried over."""
    total = sum(t.stacks_in_play().values()) + t.house.carry
    if t.hand is not None:
        total += t.hand.total_in_middle() + sum(t.hand.fines.values())
    return total


def table_conserved(t: Table) -> None:
    bought = sum(a.bought - a.cashed_out for a in t.accounts.values())
    assert table_total(t) == bought, f"chips not conserved: {table_total(t)} != {bought}"


def new_table(config: TableConfig, **caves: int) -> Table:
    """A session with the players seated 1, 2, 3... in the order given."""
    t = Table(SessionSettings(config, CavePolicy()))
    for name, cave in caves.items():
        t.apply(t.seat_event(name, cave=cave))
    return t


def tdeal(t: Table) -> Hand:
    """Deal; the hand (over already when the forced bets put everyone all-in)."""
    t.apply(t.deal_event())
    table_conserved(t)
    hand = t.hand or t.last_hand
    assert hand is not None
    return hand


def tplay(t: Table, script: str) -> list[str]:
    """Apply a ';'-separated script through the table; chips conserved after each action."""
    out = []
    for text in script.split(";"):
        if text.strip():
            event = t.apply(t.act_event(word(text.strip())))
            assert isinstance(event, ActionEvent)
            out.append(event.describe())
            table_conserved(t)
    return out


def tshow(t: Table, ranking: str, odd_chip: str | None = None) -> dict[str, int]:
    t.apply(t.showdown_event(parse_ranking(ranking), odd_chip))
    assert t.hand is None
    table_conserved(t)
    return stacks(t)


def stacks(t: Table) -> dict[str, int]:
    return {a.name: a.stack for a in t.present()}


def refused(hand_or_table: Hand | Table, text: str) -> str:
    """The message of an action the rules refuse (nothing changes)."""
    with pytest.raises(IllegalAction) as info:
        if isinstance(hand_or_table, Table):
            hand_or_table.act_event(word(text))
        else:
            hand_or_table.verify(word(text))
    return str(info.value)


def four(stack: int = 100) -> dict[str, int]:
    return dict.fromkeys(("alice", "bob", "carol", "dave"), stack)


# -- five-card draw ------------------------------------------------------------------------


def test_draw_with_antes_only() -> None:
    config = TableConfig(0, 0, game=Game.DRAW, ante=2)
    hand = deal(config, four(), button="alice")
    assert [(f.player, f.kind, f.amount) for f in hand.forced] == [
        ("bob", "ante", 2),
        ("carol", "ante", 2),
        ("dave", "ante", 2),
        ("alice", "ante", 2),
    ]
    assert hand.street == "before the draw"
    assert hand.to_act == "bob"  # the first player after the dealer
    legal = hand.legal()
    assert (legal.can_check, legal.min_to, legal.max_to) == (True, 2, 98)  # the ante
    assert refused(hand, "bet 1") == "the minimum bet is 2"
    assert hplay(hand, "check; bet 2; call; fold; call") == [
        "bob checks",
        "carol bets 2",
        "dave calls 2",
        "alice folds",
        "bob calls 2",
    ]
    # the draw: no chips move, the second round starts at once with the dealer's left
    assert hand.street == "after the draw"
    assert hand.to_act == "bob"
    assert behind(hand) == {"alice": 98, "bob": 96, "carol": 96, "dave": 96}
    assert [p.amount for p in hand.pots()] == [14]
    hplay(hand, "check; check; check")
    assert hand.phase is Phase.SHOWDOWN
    hand.showdown(parse_ranking("dave > bob = carol"))
    assert hand.result is not None
    assert hand.result.final == {"alice": 98, "bob": 96, "carol": 96, "dave": 110}


def test_draw_without_jackpots_goes_to_the_draw_when_nobody_bets() -> None:
    hand = deal(TableConfig(0, 0, game=Game.DRAW, ante=1), four(), button="alice")
    hplay(hand, "check; check; check; check")
    assert hand.street == "after the draw"
    assert hand.phase is Phase.BETTING and hand.to_act == "bob"
    assert refused(hand, "open 2") == "there is nothing to open here: say bet or raise"


def test_draw_with_blinds() -> None:
    config = TableConfig(1, 2, game=Game.DRAW)
    hand = deal(config, four(), button="alice")
    assert [(f.player, f.kind, f.amount) for f in hand.forced] == [
        ("bob", "small blind", 1),
        ("carol", "big blind", 2),
    ]
    assert hand.to_act == "dave"  # after the big blind
    assert hplay(hand, "call; call; call; check") == [
        "dave calls 2",
        "alice calls 2",
        "bob calls 1",
        "carol checks",
    ]
    assert hand.street == "after the draw"
    assert hand.to_act == "bob"
    assert hand.legal().min_to == 2  # the big blind
    hplay(hand, "check; bet 6; fold; fold; call")
    hand.showdown(parse_ranking("bob > carol"))
    assert hand.result is not None
    assert hand.result.final == {"alice": 98, "bob": 112, "carol": 92, "dave": 98}


def test_draw_with_antes_and_blinds() -> None:
    config = TableConfig(1, 2, game=Game.DRAW, ante=1)
    hand = deal(config, four(), button="alice")
    assert [(f.player, f.kind) for f in hand.forced] == [
        ("bob", "ante"),
        ("carol", "ante"),
        ("dave", "ante"),
        ("alice", "ante"),
        ("bob", "small blind"),
        ("carol", "big blind"),
    ]
    assert fronts(hand) == {"alice": 0, "bob": 1, "carol": 2, "dave": 0}
    assert hand.to_act == "dave"
    hplay(hand, "raise 6; fold; fold; call")
    assert hand.street == "after the draw"
    assert hand.to_act == "carol"  # bob, first after the dealer, folded
    assert behind(hand) == {"alice": 99, "bob": 98, "carol": 93, "dave": 93}
    assert [p.amount for p in hand.pots()] == [17]
    hplay(hand, "check; bet 10; fold")
    assert hand.result is not None and hand.result.by_fold
    assert hand.result.returned == {"dave": 10}
    assert hand.result.final == {"alice": 99, "bob": 98, "carol": 93, "dave": 110}


@pytest.mark.parametrize(
    ("second_round", "first"), [("dealer", "bob"), ("opener", "carol")], ids=["dealer", "opener"]
)
@pytest.mark.parametrize("jackpots", [True, False], ids=["jackpots", "antes"])
def test_second_round_starts_after_the_dealer_or_with_the_opener(
    second_round: str, first: str, jackpots: bool
) -> None:
    config = TableConfig(0, 0, game=Game.DRAW, ante=1, jackpots=jackpots, second_round=second_round)
    hand = deal(config, four(), button="alice")
    opening = "open 3" if jackpots else "bet 3"
    hplay(hand, f"check; {opening}; call; call; call")
    assert hand.opener == "carol"
    assert hand.street == "after the draw"
    assert hand.to_act == first
    assert behind(hand) == dict.fromkeys(("alice", "bob", "carol", "dave"), 96)


def test_second_round_opener_who_folded_passes_to_the_next_player() -> None:
    config = TableConfig(0, 0, game=Game.DRAW, ante=1, jackpots=True, second_round="opener")
    hand = deal(config, four(), button="alice")
    hplay(hand, "check; open 3; fold; raise 9; call; fold")
    # carol opened, then folded to alice's raise: the next player in the hand after her
    # speaks first (alice; after the dealer it would be bob)
    assert hand.street == "after the draw"
    assert hand.to_act == "alice"
    assert behind(hand) == {"alice": 90, "bob": 90, "carol": 96, "dave": 99}
    hand = deal(config, four(), button="alice")
    hplay(hand, "check; open 3; call; call; call")
    hplay(hand, "false-open carol")
    assert hand.to_act == "dave"  # the opener is out: the next player speaks first


def test_fixed_limit_draw_caps_at_four_raises_and_plays_the_big_bet_after_the_draw() -> None:
    config = TableConfig(0, 0, game=Game.DRAW, betting=FL, ante=1, small_bet=2, cap=4)
    hand = deal(config, four(), button="alice")
    legal = hand.legal()
    assert (legal.min_to, legal.max_to) == (2, 2)
    assert hplay(hand, "bet 2; raise 4; raise 6; raise 8; raise 10") == [
        "bob bets 2",
        "carol raises to 4",
        "dave raises to 6",
        "alice raises to 8",
        "bob raises to 10",
    ]
    assert hand.to_act == "carol"
    assert hand.legal().min_to is None
    assert refused(hand, "raise 12") == "the betting is capped (4 raises): call or fold"
    hplay(hand, "call; call; call")
    assert hand.street == "after the draw"
    assert behind(hand) == dict.fromkeys(("alice", "bob", "carol", "dave"), 89)
    legal = hand.legal()
    assert (legal.player, legal.min_to, legal.max_to) == ("bob", 4, 4)  # the big bet
    assert refused(hand, "bet 2") == "the minimum bet is 4"
    assert refused(hand, "bet 6") == "the fixed-limit maximum is a bet to 4"
    hplay(hand, "bet 4; raise 8; raise 12; raise 16; raise 20")
    assert refused(hand, "raise 24") == "the betting is capped (4 raises): call or fold"
    hplay(hand, "call; call; call")
    hand.showdown(parse_ranking("alice > bob"))
    assert hand.result is not None
    assert hand.result.final == {"alice": 193, "bob": 69, "carol": 69, "dave": 69}


def test_fixed_limit_draw_with_blinds_the_big_blind_is_the_opening_bet() -> None:
    config = TableConfig(1, 2, game=Game.DRAW, betting=FL, cap=4)
    hand = deal(config, four(), button="alice")
    assert hplay(hand, "raise 4; raise 6; raise 8; raise 10") == [
        "dave raises to 4",
        "alice raises to 6",
        "bob raises to 8",
        "carol raises to 10",
    ]
    assert refused(hand, "raise 12") == "the betting is capped (4 raises): call or fold"
    hplay(hand, "call; call; call")
    assert hand.street == "after the draw"
    legal = hand.legal()
    assert (legal.player, legal.min_to, legal.max_to) == ("bob", 4, 4)  # twice the small bet
    assert behind(hand) == dict.fromkeys(("alice", "bob", "carol", "dave"), 90)


def test_fixed_limit_jackpot_opens_for_the_small_bet() -> None:
    config = TableConfig(0, 0, game=Game.DRAW, betting=FL, ante=1, jackpots=True, small_bet=2)
    hand = deal(config, four(), button="alice")
    assert refused(hand, "open 3") == "the fixed-limit maximum is a bet to 2"
    assert hplay(hand, "open 2; raise 4") == ["bob opens 2", "carol raises to 4"]


# -- jackpots ------------------------------------------------------------------------------


def test_a_jackpot_nobody_opens_twice_carries_over_until_it_is_opened() -> None:
    t = new_table(JACKPOTS, alice=100, bob=100, carol=100)
    hand = tdeal(t)
    assert (hand.button, hand.to_act) == ("alice", "bob")
    assert [p.amount for p in hand.pots()] == [3]
    assert tplay(t, "check; check; check") == ["bob checks", "carol checks", "alice checks"]
    assert t.hand is None and t.last_hand is not None
    result = t.last_hand.result
    assert result is not None
    assert (result.void, result.awards, result.carry) == (True, (), 3)
    assert t.house.carry == 3
    assert stacks(t) == {"alice": 99, "bob": 99, "carol": 99}
    # everyone antes again; the void deal's antes stay in the pot
    assert t.deal_event().dead == 3
    hand = tdeal(t)
    assert t.house.carry == 0 and hand.dead_in == 3
    assert (hand.button, hand.to_act) == ("bob", "carol")
    assert [p.amount for p in hand.pots()] == [6]
    tplay(t, "check; check; check")
    assert t.house.carry == 6
    assert stacks(t) == {"alice": 98, "bob": 98, "carol": 98}
    hand = tdeal(t)
    assert (hand.button, hand.to_act) == ("carol", "alice")
    assert [p.amount for p in hand.pots()] == [9]
    assert refused(t, "bet 4") == (
        "in jackpots the first bet opens the pot: once the opener has shown jacks or better, "
        "say `open N`"
    )
    assert tplay(t, "open 4; call; fold") == ["alice opens 4", "bob calls 4", "carol folds"]
    assert refused(t, "open 10") == "there is nothing to open here: say bet or raise"
    assert hand.street == "after the draw" and hand.to_act == "alice"
    tplay(t, "bet 10; call")
    assert tshow(t, "bob > alice") == {"alice": 83, "bob": 120, "carol": 97}
    assert t.house.carry == 0
    assert t.last_hand is not None and t.last_hand.result is not None
    assert [a.pot.amount for a in t.last_hand.result.awards] == [37]


def test_a_false_opener_is_out_his_chips_stay_and_his_fine_goes_to_the_next_pot() -> None:
    t = new_table(JACKPOTS, **four())
    tdeal(t)
    tplay(t, "check; open 4; call; call; call")
    tplay(t, "check; check; bet 10; call; fold; call")
    hand = t.hand
    assert hand is not None and hand.phase is Phase.SHOWDOWN
    # the showdown shows carol opened without jacks
    assert refused(t, "false-open dave") == "dave did not open this pot"
    assert tplay(t, "false-open carol") == [
        "carol opened falsely: out of the hand, fine 1 to the next pot"
    ]
    assert hand.fines == {"carol": 1}
    with pytest.raises(ShowdownError, match="^carol folded and cannot win a pot$"):
        t.showdown_event(parse_ranking("carol > dave > alice"))
    assert tshow(t, "dave > alice") == {"alice": 85, "bob": 95, "carol": 84, "dave": 135}
    assert t.last_hand is not None and t.last_hand.result is not None
    assert [a.pot.amount for a in t.last_hand.result.awards] == [50]
    assert t.last_hand.result.carry == 1
    assert t.house.carry == 1
    # the fine is in the next pot, with the four antes
    assert t.deal_event().dead == 1
    hand = tdeal(t)
    assert [p.amount for p in hand.pots()] == [5]
    assert t.stacks_in_play() == {"alice": 84, "bob": 94, "carol": 83, "dave": 134}
    assert behind(hand) == {"alice": 84, "bob": 94, "carol": 83, "dave": 134}


def test_a_false_opener_who_owns_up_before_anyone_follows_takes_his_opening_back() -> None:
    """French jackpots (docs/rules.md): he owns up before another player engaged after him:
    no penalty, the pot is unopened, and he plays on if another opens."""
    hand = deal(JACKPOTS, four(), button="alice")
    hplay(hand, "check; open 3")  # bob passes, carol opens
    assert hplay(hand, "false-open carol") == [
        "carol owns up to a false opening: no fine, his opening comes back and the pot is not open"
    ]
    assert hand.fines == {} and hand.opener is None
    assert behind(hand) == {"alice": 99, "bob": 99, "carol": 99, "dave": 99}
    # dave, the next, may open; carol holds his opening
    assert hand.to_act == "dave" and hand.legal().opens
    hplay(hand, "open 4; call; call; call")
    assert hand.street == "after the draw" and hand.opener == "dave"
    assert behind(hand) == {"alice": 95, "bob": 95, "carol": 95, "dave": 95}


def test_a_false_opener_who_owns_up_and_nobody_opens_leaves_a_void_deal() -> None:
    t = new_table(JACKPOTS, **four())
    tdeal(t)  # alice deals
    tplay(t, "check; open 3; false-open carol; check; check")
    assert t.last_hand is not None and t.last_hand.result is not None
    assert t.last_hand.result.void
    assert t.house.carry == 4  # the four antes, no fine
    assert stacks(t) == {"alice": 99, "bob": 99, "carol": 99, "dave": 99}


def test_a_false_opener_after_another_player_called_is_out_and_fined() -> None:
    hand = deal(JACKPOTS, four(), button="alice")
    hplay(hand, "check; open 3; call")  # dave has put chips in after the opening
    assert hplay(hand, "false-open carol") == [
        "carol opened falsely: out of the hand, fine 1 to the next pot"
    ]
    assert hand.fines == {"carol": 1}
    assert behind(hand) == {"alice": 99, "bob": 99, "carol": 95, "dave": 96}


def test_a_false_opener_with_one_player_left_gives_him_the_pot() -> None:
    hand = deal(JACKPOTS, {"alice": 100, "bob": 100, "carol": 100}, button="alice")
    hplay(hand, "open 5; call; fold")
    assert hand.street == "after the draw" and hand.to_act == "bob"
    assert hplay(hand, "false-open bob") == [
        "bob opened falsely: out of the hand, fine 1 to the next pot"
    ]
    result = hand.result
    assert result is not None and result.by_fold
    assert result.carry == 1
    assert result.final == {"alice": 99, "bob": 93, "carol": 107}
    assert refused(hand, "false-open bob") == "the hand is over"


def test_false_open_refusals() -> None:
    hand = deal(JACKPOTS, four(), button="alice")
    assert refused(hand, "false-open bob") == "bob did not open this pot"  # nobody opened
    assert refused(hand, "false-open zoe") == "zoe is not playing this hand"
    plain = deal(TableConfig(0, 0, game=Game.DRAW, ante=1), four(), button="alice")
    hplay(plain, "bet 2")
    assert refused(plain, "false-open bob") == "a false opening is a jackpots matter"


def test_jackpot_refusals() -> None:
    hand = deal(JACKPOTS, four(), button="alice")
    with pytest.raises(UsageError, match="^open needs an amount: the opening bet$"):
        hand.verify(Action(ActionKind.OPEN))
    hplay(hand, "open 2; call; call; call")
    assert hand.street == "after the draw"
    # after the draw the first bet is a bet
    assert refused(hand, "open 4") == "there is nothing to open here: say bet or raise"
    assert hplay(hand, "bet 4") == ["bob bets 4"]
    holdem = deal(TableConfig(1, 2), four(), button="alice")
    assert refused(holdem, "open 4") == "there is nothing to open here: say bet or raise"


@pytest.mark.parametrize(
    ("config", "dead", "carry"), [(JACKPOTS, 0, 3), (BOUILLOTTE, 1, 2)], ids=["jackpots", "passe"]
)
def test_nobody_wins_an_unopened_pot_by_folds(config: TableConfig, dead: int, carry: int) -> None:
    # Issue 5: "if nobody opens the hand is void, the antes stay in the pot", "if every
    # player passes, the deal is void"; the French draw rules (docs/rules.md): nobody folds
    # before the opening.
    seats = [SeatInfo(name, k + 1, 100) for k, name in enumerate(("alice", "bob", "carol"))]
    hand = Hand(config, seats, 1, dead=dead)
    for _ in range(2):  # bob and carol pass: fold refused, or taken as a check
        try:
            hand.apply(Action.fold())
        except IllegalAction:
            hand.apply(Action.check())
    if hand.phase is Phase.BETTING:
        hand.apply(Action.check())
    assert hand.result is not None
    assert hand.result.won() == {}
    assert hand.result.void and hand.result.carry == carry


def test_allin_cannot_open_a_jackpot_without_open() -> None:
    # Issue 5: the scorekeeper confirms the opening (jacks or better) by saying `open N`.
    hand = deal(JACKPOTS, {"alice": 100, "bob": 100, "carol": 100}, button="alice")
    assert not hand.legal().allin_ok
    assert refused(hand, "allin") == (
        "in jackpots the first bet opens the pot: once the opener has shown jacks or better, "
        "say `open 99` for all his chips"
    )
    assert hplay(hand, "open 99") == ["bob opens 99 (all-in)"]


def test_a_short_stack_opening_a_jackpot_all_in_is_a_legal_action() -> None:
    config = TableConfig(0, 0, game=Game.DRAW, ante=2, jackpots=True)
    hand = deal(config, {"alice": 100, "bob": 3, "carol": 100}, button="alice")
    assert hand.verify(Action.open(1)).describe() == "bob opens 1 (all-in)"
    legal = hand.legal()
    assert legal.allin_ok or legal.min_to == 1, legal


def test_pot_limit_jackpot_counts_the_carried_pot() -> None:
    config = TableConfig(0, 0, game=Game.DRAW, betting=PL, ante=1, jackpots=True)
    t = new_table(config, alice=100, bob=100, carol=100)
    tdeal(t)
    tplay(t, "check; check; check")
    hand = tdeal(t)
    assert [p.amount for p in hand.pots()] == [6]
    # pot-limit: the opening may be as large as the pot, antes and dead money included
    assert hand.legal().max_to == 6


# -- Bouillotte ----------------------------------------------------------------------------


def test_bouillotte_all_pass_then_the_passe_is_double() -> None:
    t = new_table(BOUILLOTTE, alice=20, bob=20, carol=20, dave=20)
    hand = tdeal(t)
    assert [(f.player, f.kind, f.amount) for f in hand.forced] == [("alice", "passe", 1)]
    assert hand.street == "the round"
    assert hand.to_act == "bob"
    assert (hand.legal().min_to, hand.legal().max_to) == (1, 20)
    tplay(t, "check; check; check; check")
    assert t.last_hand is not None and t.last_hand.result is not None
    assert t.last_hand.result.void
    assert t.house.carry == 1
    assert stacks(t) == {"alice": 19, "bob": 20, "carol": 20, "dave": 20}
    # the next dealer adds his chip: to play one must put in two
    hand = tdeal(t)
    assert [(f.player, f.kind, f.amount) for f in hand.forced] == [("bob", "passe", 1)]
    assert [p.amount for p in hand.pots()] == [2]
    assert hand.to_act == "carol"
    assert hand.legal().min_to == 2
    assert refused(t, "bet 1") == "the minimum bet is 2"
    assert refused(t, "open 1") == "the minimum bet is 2"
    assert tplay(t, "open 2; call; fold; fold") == [
        "carol opens 2",
        "dave calls 2",
        "alice folds",
        "bob folds",
    ]
    # the second turn: dave, the only one who held, has the word and abats
    assert tplay(t, "abattre") == ["dave abats"]
    assert refused(t, "check") == "the betting is over: give the showdown result"
    assert tshow(t, "dave > carol") == {"alice": 19, "bob": 19, "carol": 18, "dave": 24}


def test_bouillotte_two_void_deals_make_a_triple_passe() -> None:
    t = new_table(BOUILLOTTE, alice=20, bob=20, carol=20)
    for _ in range(2):
        tdeal(t)
        tplay(t, "check; check; check")
    assert t.house.carry == 2
    hand = tdeal(t)
    assert hand.button == "carol" and hand.legal().min_to == 3
    assert refused(t, "bet 2") == "the minimum bet is 3"
    tplay(t, "bet 3; fold; fold")
    assert stacks(t) == {"alice": 22, "bob": 19, "carol": 19}


def test_bouillotte_an_open_nobody_holds_takes_the_chips() -> None:
    t = new_table(BOUILLOTTE, alice=20, bob=20, carol=20)
    tdeal(t)
    assert tplay(t, "open 1; fold; fold") == ["bob opens 1", "carol folds", "alice folds"]
    result = t.last_hand.result if t.last_hand else None
    assert result is not None and result.by_fold
    assert result.returned == {"bob": 1}
    assert stacks(t) == {"alice": 19, "bob": 21, "carol": 20}
    assert t.house.carry == 0


def test_bouillotte_va_tout_makes_side_pots() -> None:
    t = new_table(BOUILLOTTE, alice=30, bob=10, carol=20, dave=30)
    hand = tdeal(t)
    # nobody raises in the first turn; in the second carol has the word (the right of bob,
    # who opened) and goes va-tout; dave and bob hold in turn
    assert tplay(t, "open 2; call; call; fold; allin; call; allin") == [
        "bob opens 2",
        "carol calls 2",
        "dave calls 2",
        "alice folds",
        "carol raises to 20 (all-in)",
        "dave calls 18",
        "bob calls 8 (all-in)",
    ]
    assert hand.phase is Phase.SHOWDOWN
    pots = [(p.amount, p.eligible) for p in hand.pots()]
    assert pots == [(31, ("bob", "carol", "dave")), (20, ("carol", "dave"))]
    assert tshow(t, "bob > dave > carol") == {"alice": 29, "bob": 31, "carol": 0, "dave": 30}
    assert t.accounts["carol"].busted


def test_brelans_are_paid_outside_the_pot_holders_do_not_pay_each_other() -> None:
    t = new_table(BOUILLOTTE, alice=20, bob=20, carol=20, dave=20)
    tdeal(t)
    tplay(t, "open 2; call; fold; fold; abattre")
    assert tshow(t, "carol > bob") == {"alice": 19, "bob": 18, "carol": 23, "dave": 20}
    t.apply(bouillotte_side(t).brelans_event(("carol", "bob")))
    table_conserved(t)
    # alice and dave pay one passe to each; carol and bob pay each other nothing
    assert stacks(t) == {"alice": 17, "bob": 20, "carol": 25, "dave": 18}
    with pytest.raises(IllegalAction) as info:
        bouillotte_side(t).brelans_event(("carol",))
    assert str(info.value) == "the brelans of the last hand are paid once, after the hand"


def test_a_short_player_pays_the_carre_first_then_the_best_brelan() -> None:
    t = new_table(BOUILLOTTE, alice=50, bob=10, carol=50, dave=3, eve=50)
    tdeal(t)
    assert tplay(t, "bet 10; call; fold; fold; call; parole; abattre") == [
        "bob bets 10 (all-in)",
        "carol calls 10",
        "dave folds",
        "eve folds",
        "alice calls 10",
        # the second turn: bob is all-in, carol passes the word and alice, the last to
        # hold, abats
        "carol checks",
        "alice abats",
    ]
    after = tshow(t, "alice > carol > bob")
    assert after == {"alice": 70, "bob": 0, "carol": 40, "dave": 3, "eve": 50}
    assert t.accounts["bob"].busted
    # alice's brelan carré gets two passes, carol's brelan (the better) and bob's one each
    t.apply(bouillotte_side(t).brelans_event(("carol", "bob"), carre="alice"))
    table_conserved(t)
    # dave has 3 chips: 2 to the carré, 1 to carol, nothing left for bob
    assert stacks(t) == {"alice": 74, "bob": 1, "carol": 42, "dave": 0, "eve": 46}
    # bob lost his cave but keeps his brelan chip: not busted, dealt in; dave is out
    assert not t.accounts["bob"].busted
    assert t.accounts["dave"].busted
    dealt = t.deal_event()
    assert [s.name for s in dealt.seats] == ["alice", "bob", "carol", "eve"]
    assert dealt.button == 2


@pytest.mark.parametrize(
    ("players", "carre", "message"),
    [
        ((), None, "name the players who showed a brelan"),
        (("alice", "alice"), None, "a player shows one brelan"),
        (("alice",), "alice", "a player shows one brelan"),
        (("zoe",), None, "unknown player: zoe (at the table: alice, bob, carol, eve)"),
        (("eve",), None, "eve was not dealt in the last hand"),
    ],
)
def test_brelan_refusals(players: tuple[str, ...], carre: str | None, message: str) -> None:
    t = new_table(BOUILLOTTE, alice=20, bob=20, carol=20)
    with pytest.raises(IllegalAction) as info:
        bouillotte_side(t).brelans_event(("alice",))
    assert str(info.value) == "the brelans of the last hand are paid once, after the hand"
    tdeal(t)
    with pytest.raises(IllegalAction) as info:
        bouillotte_side(t).brelans_event(("alice",))
    assert str(info.value) == "cannot pay the brelans during a hand: hand 1 is in play (bob to act)"
    tplay(t, "check; check; check")
    t.apply(t.seat_event("eve", cave=20))
    with pytest.raises(IllegalAction) as info:
        bouillotte_side(t).brelans_event(players, carre)
    assert str(info.value) == message


def test_brelans_only_at_bouillotte() -> None:
    t = new_table(JACKPOTS, alice=20, bob=20, carol=20)
    tdeal(t)
    tplay(t, "check; check; check")
    with pytest.raises(IllegalAction, match="^brelans are paid at Bouillotte only$"):
        bouillotte_side(t).brelans_event(("alice",))


@pytest.mark.parametrize(
    ("config", "count", "message"),
    [
        (BOUILLOTTE, 2, "bouillotte is played by 3 players at least"),
        (BOUILLOTTE, 6, "bouillotte is played by 5 players at most"),
        (STUD, 9, "stud is played by 8 players at most"),
    ],
)
def test_number_of_players(config: TableConfig, count: int, message: str) -> None:
    t = new_table(config, **{f"p{k}": 50 for k in range(count)})
    with pytest.raises(IllegalAction) as info:
        t.deal_event()
    assert str(info.value) == message


# -- seven-card stud -----------------------------------------------------------------------


def test_stud_bring_in_completes_then_five_streets() -> None:
    hand = deal(STUD, four(), button="alice")
    assert [(f.player, f.kind, f.amount) for f in hand.forced] == [
        ("bob", "ante", 1),
        ("carol", "ante", 1),
        ("dave", "ante", 1),
        ("alice", "ante", 1),
    ]
    assert hand.street == "third street"
    assert (hand.to_act, hand.awaiting) == (None, "bring-in")
    with pytest.raises(IllegalAction, match="^name who brings in first: `bringin PLAYER`$"):
        hand.legal()
    assert refused(hand, "call") == "name who brings in first: `bringin PLAYER`"
    assert refused(hand, "first carol") == "nobody is to be named first now"
    assert refused(hand, "bringin carol 3") == (
        "completing the bring-in makes the bet 4, the small bet"
    )
    assert hplay(hand, "bringin carol 4") == ["carol completes to 4"]
    assert hand.to_act == "dave"
    assert (hand.legal().min_to, hand.legal().max_to) == (8, 8)
    assert refused(hand, "bringin dave") == "the bring-in is posted once, at the start of the hand"
    # the completion is the opening bet: three raises follow it
    hplay(hand, "raise 8; raise 12; raise 16")
    assert refused(hand, "raise 20") == "the betting is capped (3 raises): call or fold"
    hplay(hand, "call; call; call")
    assert behind(hand) == dict.fromkeys(("alice", "bob", "carol", "dave"), 83)
    assert hand.street == "fourth street"
    assert (hand.to_act, hand.awaiting) == (None, "first")
    with pytest.raises(IllegalAction, match="^name who speaks first on fourth street: `first"):
        hand.legal()
    assert refused(hand, "check") == "name who speaks first on fourth street: `first PLAYER`"
    assert hplay(hand, "first dave") == ["dave speaks first"]
    assert refused(hand, "first bob") == "nobody is to be named first now"
    assert (hand.to_act, hand.legal().min_to) == ("dave", 4)  # the small bet
    hplay(hand, "bet 4; fold; call; raise 8; call; call")
    assert hand.street == "fifth street"
    assert refused(hand, "first alice") == "alice cannot speak: he is out"
    hplay(hand, "first carol")
    assert hand.legal().min_to == 8  # the big bet from fifth street on
    hplay(hand, "bet 8; fold; call")
    hplay(hand, "first bob; check; check")
    assert hand.street == "seventh street"
    hplay(hand, "first bob; bet 8; call")
    assert hand.phase is Phase.SHOWDOWN
    hand.showdown(parse_ranking("carol > bob"))
    assert hand.result is not None
    assert hand.result.final == {"alice": 83, "bob": 59, "carol": 183, "dave": 75}


def test_stud_bring_in_called_then_completed() -> None:
    hand = deal(STUD, four(), button="alice")
    assert hplay(hand, "bringin carol") == ["carol brings in 1"]
    legal = hand.legal()
    assert (legal.player, legal.to_call, legal.min_to, legal.max_to) == ("dave", 1, 4, 4)
    assert refused(hand, "raise 5") == "the fixed-limit maximum is a complete to 4"
    assert hplay(hand, "call; bet 4; raise 8; raise 12; raise 16") == [
        "dave calls 1",
        "alice completes to 4",
        "bob raises to 8",
        "carol raises to 12",
        "dave raises to 16",
    ]
    assert hand.to_act == "alice"
    assert hand.legal().min_to is None  # the completion and three raises
    hplay(hand, "call; fold; call")
    assert hand.street == "fourth street"
    assert behind(hand) == {"alice": 83, "bob": 91, "carol": 83, "dave": 83}
    assert [p.amount for p in hand.pots()] == [60]


def test_stud_everyone_calls_the_bring_in() -> None:
    hand = deal(STUD, four(), button="alice")
    hplay(hand, "bringin carol; call; call; call")
    # the bring-in has acted: the round is over
    assert hand.street == "fourth street" and hand.awaiting == "first"
    assert behind(hand) == dict.fromkeys(("alice", "bob", "carol", "dave"), 98)


def test_stud_bring_in_nobody_calls() -> None:
    hand = deal(STUD, four(), button="alice")
    hplay(hand, "bringin carol; fold; fold; fold")
    assert hand.result is not None and hand.result.by_fold
    assert hand.result.returned == {"carol": 1}
    assert hand.result.final == {"alice": 99, "bob": 99, "carol": 103, "dave": 99}


def test_stud_no_one_is_named_first_when_only_one_player_has_chips() -> None:
    hand = deal(STUD, {"alice": 100, "bob": 100, "carol": 6}, button="alice")
    assert hplay(hand, "bringin carol; bet 4; fold; allin; call") == [
        "carol brings in 1",
        "alice completes to 4",
        "bob folds",
        "carol raises to 5 (all-in)",
        "alice calls 1",
    ]
    assert refused(hand, "first alice") == "nobody is to be named first now"
    assert hand.phase is Phase.SHOWDOWN and hand.awaiting is None
    assert refused(hand, "first carol") == "carol cannot speak: he is all-in"
    hand.showdown(parse_ranking("carol > alice"))
    assert hand.result is not None
    assert hand.result.final == {"alice": 94, "bob": 99, "carol": 13}


def _odd_chip_table() -> Table:
    t = new_table(STUD, alice=100, bob=100, carol=100)
    tdeal(t)
    tplay(t, "bringin carol; call; fold")
    for _ in range(4):
        tplay(t, "first carol; check; check")
    assert t.hand is not None and t.hand.phase is Phase.SHOWDOWN
    assert [p.amount for p in t.hand.pots()] == [5]
    return t


def test_stud_odd_chip_goes_to_the_named_winner() -> None:
    t = _odd_chip_table()
    with pytest.raises(ShowdownError, match="^the odd chip goes to a winner: bob cannot win$"):
        t.showdown_event(parse_ranking("alice = carol"), odd_chip="bob")
    assert tshow(t, "alice = carol", odd_chip="alice") == {"alice": 101, "bob": 99, "carol": 100}


def test_stud_odd_chip_defaults_to_seat_order_from_the_dealer() -> None:
    t = _odd_chip_table()
    # the button is alice's: order of play bob, carol, alice
    assert tshow(t, "alice = carol") == {"alice": 100, "bob": 99, "carol": 101}


def test_a_bring_in_of_half_the_small_bet_is_still_completed_to_the_small_bet() -> None:
    config = TableConfig(0, 0, game=Game.STUD, betting=FL, ante=1, bring_in=1, small_bet=2)
    hand = deal(config, four(), button="alice")
    hplay(hand, "bringin carol")
    legal = hand.legal()
    assert (legal.min_to, legal.max_to) == (2, 2)
    assert hplay(hand, "bet 2") == ["dave completes to 2"]


# -- configuration errors ------------------------------------------------------------------

DRAW, BOUI, STUD_G = Game.DRAW, Game.BOUILLOTTE, Game.STUD


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        (
            {"game": STUD_G, "betting": FL, "ante": 1, "bring_in": 1},
            "stud needs its limits (--limits SMALL/BIG)",
        ),
        (
            {"game": STUD_G, "betting": BettingKind.NO_LIMIT, "ante": 1, "bring_in": 1},
            "stud is played fixed-limit here (--betting fl --limits S/B)",
        ),
        (
            {"game": STUD_G, "betting": FL, "ante": 1, "small_bet": 4},
            "stud needs a bring-in (--bring-in N)",
        ),
        (
            {"game": STUD_G, "betting": FL, "bring_in": 4, "small_bet": 4},
            "the bring-in (4) must be less than the small bet (4): a full bet is a completion",
        ),
        (
            {"small_blind": 1, "big_blind": 2, "game": STUD_G, "betting": FL, "bring_in": 1},
            "stud has no blinds",
        ),
        ({"small_blind": 1, "big_blind": 2, "game": BOUI, "passe": 1}, "bouillotte has no blinds"),
        ({"game": BOUI, "passe": 0}, "Bouillotte needs a passe of at least 1 chip (--passe N)"),
        (
            {"game": BOUI, "passe": 1, "ante": 1},
            "Bouillotte has no ante: the dealer puts in the passe",
        ),
        (
            {"game": BOUI, "passe": 1, "betting": PL},
            "Bouillotte is played with bets limited only by the caves (nl)",
        ),
        ({"game": DRAW, "jackpots": True}, "jackpots need an ante from every player (--ante N)"),
        ({"game": DRAW}, "draw needs an ante (--ante N), blinds (--blinds 1/2), or both"),
        ({"game": DRAW, "ante": 1, "bb_ante": True}, "a big-blind ante needs blinds"),
        (
            {"small_blind": 1, "big_blind": 2, "jackpots": True, "ante": 1},
            "jackpots (--open jacks) are a draw game, not holdem",
        ),
        (
            {"small_blind": 1, "big_blind": 2, "second_round": "opener"},
            "--second-round is for draw, not holdem",
        ),
        (
            {"game": DRAW, "ante": 1, "second_round": "button"},
            "after the draw the first to speak is the dealer's left or the opener (got 'button')",
        ),
        ({"game": DRAW, "ante": 1, "passe": 1}, "the passe is for Bouillotte, not draw"),
        ({"game": DRAW, "ante": 1, "bring_in": 1}, "a bring-in is for stud, not draw"),
        (
            {"small_blind": 1, "big_blind": 2, "game": DRAW, "straddle": True},
            "a straddle is for hold'em, not draw",
        ),
        ({"game": BOUI, "passe": -1}, "the passe cannot be negative (got -1)"),
        (
            {"game": STUD_G, "betting": FL, "bring_in": -1},
            "the bring-in cannot be negative (got -1)",
        ),
    ],
)
def test_config_errors(kwargs: dict[str, object], message: str) -> None:
    base: dict[str, object] = {"small_blind": 0, "big_blind": 0}
    base.update(kwargs)
    with pytest.raises(ConfigError) as info:
        TableConfig(**base)  # type: ignore[arg-type]
    assert str(info.value) == message


def test_jackpots_with_blinds_are_refused_as_jackpots() -> None:
    with pytest.raises(ConfigError) as info:
        TableConfig(1, 2, game=Game.DRAW, ante=1, jackpots=True)
    assert str(info.value) != "draw has no blinds"
    assert "jackpots" in str(info.value)


def test_titles() -> None:
    assert JACKPOTS.title() == "jackpots no-limit ante 1"
    assert BOUILLOTTE.title() == "Bouillotte passe 1"
    assert STUD.title() == "seven-card stud fixed-limit ante 1 bring-in 1 limits 4/8"
    draw = TableConfig(1, 2, game=Game.DRAW, ante=1)
    assert draw.title() == "five-card draw no-limit 1/2 ante 1"


# -- properties ----------------------------------------------------------------------------

SETTINGS = settings(max_examples=sized(100, 300), deadline=None)  # full in CI
MAX_STEPS = 600


@st.composite
def draw_configs(draw: st.DrawFn) -> TableConfig:
    betting = draw(st.sampled_from(list(BettingKind)))
    jackpots = draw(st.booleans())
    ante = draw(st.integers(1, 5))
    small = big = 0
    if not jackpots:
        forced = draw(st.sampled_from(["antes", "blinds", "both"]))
        if forced != "antes":
            big = draw(st.integers(1, 6))
            small = draw(st.integers(1, big))
        if forced == "blinds":
            ante = 0
    small_bet = None
    if betting is FL:
        small_bet = draw(st.integers(max(big, 1), 3 * max(big, 2)))
    return TableConfig(
        small,
        big,
        game=Game.DRAW,
        betting=betting,
        ante=ante,
        jackpots=jackpots,
        second_round=draw(st.sampled_from(["dealer", "opener"])),
        small_bet=small_bet,
        cap=draw(st.sampled_from([4, 3, None])),
    )


@st.composite
def bouillotte_configs(draw: st.DrawFn) -> TableConfig:
    return TableConfig(0, 0, game=Game.BOUILLOTTE, passe=draw(st.integers(1, 3)))


@st.composite
def stud_configs(draw: st.DrawFn) -> TableConfig:
    small = draw(st.integers(2, 10))
    return TableConfig(
        0,
        0,
        game=Game.STUD,
        betting=FL,
        ante=draw(st.integers(0, 3)),
        bring_in=draw(st.integers(1, small - 1)),
        small_bet=small,
        big_bet=draw(st.integers(small, 2 * small)),
        cap=draw(st.sampled_from([3, 4, None])),
    )


GAMES = {
    "draw": (draw_configs(), 2, 7),
    "bouillotte": (bouillotte_configs(), 3, 5),
    "stud": (stud_configs(), 2, 8),
}


@dataclass
class Session:
    table: Table
    hands: int


@st.composite
def sessions(draw: st.DrawFn, game: str) -> Session:
    configs, low, high = GAMES[game]
    config = draw(configs)
    n = draw(st.integers(low, high))
    t = Table(SessionSettings(config, CavePolicy()))
    for k in range(n):
        # about one cave in four is short
        short = draw(st.integers(0, 3)) == 0
        cave = draw(st.integers(1, 8) if short else st.integers(9, 120))
        t.apply(t.seat_event(f"p{k + 1}", cave=cave))
    return Session(t, draw(st.integers(1, 3)))


def draw_action(data: st.DataObject, hand: Hand, legal: LegalActions) -> Action:
    choices = ["call", "fold"] if legal.can_fold else ["call"]
    if legal.min_to is not None:
        choices.append("bet")
    if legal.allin_ok:
        choices.append("allin")
    kind = data.draw(st.sampled_from(choices), label="action")
    if kind == "call":
        if legal.can_check and data.draw(st.booleans(), label="say check"):
            return Action.check()
        return Action.call()
    if kind == "bet":
        assert legal.min_to is not None and legal.max_to is not None
        total = data.draw(st.integers(legal.min_to, legal.max_to), label="to")
        return bet_word(hand, total, data)
    if kind == "allin":
        return Action.allin()
    return Action.fold()


def bet_word(hand: Hand, total: int, data: st.DataObject | None = None) -> Action:
    """`open N` for a jackpot's first bet (and, at random, a Bouillotte one), else `bet N`."""
    if opening(hand) and hand.config.jackpots:
        return Action.open(total)
    if opening(hand) and hand.config.game is Game.BOUILLOTTE and data is not None:
        return data.draw(st.sampled_from([Action.bet(total), Action.open(total)]), label="w")
    return Action.bet(total)


def opening(hand: Hand) -> bool:
    return hand.street == hand.rules.streets[0] and hand.current_bet == 0


def accepted(hand: Hand, action: Action) -> ActionEvent | None:
    try:
        return hand.verify(action)
    except IllegalAction:
        return None


def snapshot(hand: Hand) -> tuple[object, ...]:
    return (tuple(hand.players), hand.to_act, hand.phase, hand.street, hand.current_bet)


def check_legal_matches_verify(data: st.DataObject, hand: Hand, legal: LegalActions) -> None:
    before = snapshot(hand)
    me = next(p for p in hand.players if p.name == legal.player)
    assert legal.to_call == max(hand.current_bet - me.bet, 0)
    assert legal.call_amount == min(legal.to_call, me.stack)
    assert legal.allin_to == me.bet + me.stack
    assert (legal.min_to is None) == (legal.max_to is None)
    if legal.min_to is not None and legal.max_to is not None:
        assert legal.current_bet < legal.min_to <= legal.max_to <= legal.allin_to
    top = legal.allin_to + 2
    probes = {0, 1, top, legal.current_bet, legal.allin_to}
    for bound in (legal.current_bet, legal.min_to, legal.max_to, legal.allin_to):
        if bound is not None:
            probes.update({bound - 1, bound, bound + 1})
    probes.update(data.draw(st.lists(st.integers(0, top), max_size=3), label="probe"))
    jackpot_opening = opening(hand) and hand.config.jackpots
    may_open = opening(hand) and (hand.config.jackpots or hand.rules.voids_unopened)
    for n in sorted(k for k in probes if 0 <= k <= top):
        in_range = legal.min_to is not None and legal.min_to <= n <= (legal.max_to or 0)
        as_allin = n == legal.allin_to and legal.allin_ok and n > legal.current_bet
        ok = in_range or as_allin
        bet = accepted(hand, Action.bet(n))
        opened = accepted(hand, Action.open(n))
        if jackpot_opening:
            assert bet is None  # the first bet of a jackpot is `open N`
            assert (opened is not None) == ok, (legal, n, opened)
            event = opened
        else:
            assert (bet is not None) == ok, (legal, n, bet)
            assert (opened is not None) == (ok and may_open), (legal, n, opened)
            event = bet
        if event is not None:
            assert event.total == n and event.added == n - me.bet
            assert event.all_in == (n == legal.allin_to)
            if jackpot_opening:
                assert event.verb == "open"
            else:
                assert event.verb in (("raise", "complete") if legal.current_bet else ("bet",))
        if opened is not None:
            assert opened.verb == "open"
    check = accepted(hand, Action.check())
    assert (check is not None) == legal.can_check
    call = accepted(hand, Action.call())
    assert call is not None and call.added == legal.call_amount
    assert call.verb == ("check" if legal.can_check else "call")
    fold = accepted(hand, Action.fold())
    assert (fold is not None) == legal.can_fold
    assert fold is None or fold.added == 0
    allin = accepted(hand, Action.allin())
    assert (allin is not None) == legal.allin_ok, (legal, allin)
    if allin is not None:
        assert allin.all_in and allin.added == me.stack and allin.total == legal.allin_to
    # what the scorekeeper says is refused while a player is to act
    assert accepted(hand, Action.first(legal.player)) is None
    assert accepted(hand, Action.bring_in(legal.player)) is None
    assert snapshot(hand) == before, "verify changed the hand"


def can_speak(hand: Hand) -> list[str]:
    return [p.name for p in hand.players if not p.folded and p.stack > 0]


@dataclass
class Out:
    """A player out of the hand: his stack then, and how many bets had come back before."""

    stack: int
    returns: int


def play_session(
    data: st.DataObject, session: Session, *, probe: bool = False
) -> list[tuple[Hand, dict[str, Out]]]:
    """Play the session's hands through the table, chips conserved after every step;
    return each hand with the players who left it (fold or false opening)."""
    t = session.table
    table_conserved(t)
    bouillotte = t.config.game is Game.BOUILLOTTE
    hands = []
    for _ in range(session.hands):
        if bouillotte and data.draw(st.integers(0, 5), label="misdeal") == 0:
            # a misdeal (its deal undone) and a brelan dealt all the same, paid as if good
            dealt = [a.name for a in t.present() if a.plays]
            named = data.draw(st.lists(st.sampled_from(dealt), min_size=1, max_size=2, unique=True))
            before = table_total(t)
            t.apply(bouillotte_side(t).brelans_event(tuple(named), misdeal=True))
            assert table_total(t) == before
        for a in t.present():
            if a.stack == 0:
                t.apply(t.house.recave_event(a.name, data.draw(st.integers(1, 60), label="recave")))
        table_conserved(t)
        if t.config.jackpots and data.draw(st.integers(0, 3), label="clef") == 0:
            t.apply(
                jackpots_side(t).clef_event()
            )  # the pot à la clef: every ante of this deal doubled
        hand = tdeal(t)
        out: dict[str, Out] = {}
        for _step in range(MAX_STEPS):
            if t.hand is None:
                break
            assert hand.phase is not Phase.COMPLETE
            action = next_word(data, hand, probe=probe)
            if action is None and bouillotte and data.draw(st.booleans(), label="cards"):
                # Bouillotte read from cards dealt at random: the pots and the brelans shown
                retourne, shown = draw_bouillotte_cards(data, hand)
                t.apply(bouillotte_side(t).retourne_showdown_event(retourne, shown)[0])
            elif action is None:  # the showdown
                in_hand = [p.name for p in hand.players if not p.folded]
                ranking = draw_ranking(data, in_hand)
                # the odd chip may be named for a winner who shares a split pot
                sharing = {
                    name
                    for award in hand.verify_showdown(ranking).awards
                    if len(award.winners) > 1
                    for name in award.winners
                }
                choices = [None, *sorted(sharing)]
                odd = data.draw(st.sampled_from(choices), label="odd chip")
                t.apply(t.showdown_event(ranking, odd))
            else:
                event = t.apply(t.act_event(action))
                assert isinstance(event, ActionEvent)
                if event.verb in ("fold", "false-open"):
                    me = next(p for p in hand.players if p.name == event.player)
                    out[event.player] = Out(me.stack, len(hand.returns))
            table_conserved(t)
        else:
            raise AssertionError(f"the hand did not end in {MAX_STEPS} steps")
        assert hand.phase is Phase.COMPLETE and hand.result is not None
        hands.append((hand, out))
        paid = t.game.paid_hand == t.hand_no  # (by a showdown read from the cards)
        if bouillotte and not paid and data.draw(st.booleans(), label="brelans"):
            dealt = list(t.last_dealt)
            named = data.draw(st.lists(st.sampled_from(dealt), unique=True, max_size=3))
            carre = named[0] if named and data.draw(st.booleans(), label="carre") else None
            players = tuple(named[1:] if carre else named)
            if named:
                before = table_total(t)
                t.apply(bouillotte_side(t).brelans_event(players, carre))
                table_conserved(t)
                assert table_total(t) == before
    return hands


BOUILLOTTE_DECK = [rank + suit for rank in "AKQ98" for suit in "shdc"]


def draw_bouillotte_cards(data: st.DataObject, hand: Hand) -> tuple[str, dict[str, str]]:
    """A deal of the 20 cards: three to each player and the retourne; every engaged player
    lays his down, a player who passed may show his too."""
    deck = data.draw(st.permutations(BOUILLOTTE_DECK), label="deck")
    shown = {}
    for k, p in enumerate(hand.players):
        if not p.folded or data.draw(st.booleans(), label="shows"):
            shown[p.name] = " ".join(deck[1 + 3 * k : 4 + 3 * k])
    return deck[0], shown


def next_word(data: st.DataObject, hand: Hand, *, probe: bool) -> Action | None:
    """What is said next: a named bring-in or first, a false opening, a player's action;
    None when the showdown is due."""
    speakers = can_speak(hand)
    if probe:
        check_named_words(hand, speakers)
    if hand.awaiting == "bring-in":
        who = data.draw(st.sampled_from(speakers), label="bring-in")
        small = hand.config.limits[0]
        complete = data.draw(st.sampled_from([None, None, small]), label="complete")
        return Action.bring_in(who, complete_to=complete)
    if hand.awaiting == "first":
        assert refused(hand, "call").startswith("name who speaks first on ")
        return Action.first(data.draw(st.sampled_from(speakers), label="first"))
    opener = hand.opener
    if (
        hand.config.jackpots
        and opener is not None
        and not next(p for p in hand.players if p.name == opener).folded
        and data.draw(st.integers(0, 5), label="false open") == 0
    ):
        return Action.false_open(opener)
    if hand.phase is Phase.SHOWDOWN:
        return None
    legal = hand.legal()
    mover = next(p for p in hand.players if p.name == legal.player)
    assert mover.stack > 0 and not mover.folded
    if probe:
        check_legal_matches_verify(data, hand, legal)
    # Bouillotte: `abattre` is accepted exactly when Marquoir says he may abattre
    may_abattre = accepted(hand, Action.abattre()) is not None
    assert may_abattre == ("abattre" in legal.describe()), legal.describe()
    if may_abattre and data.draw(st.booleans(), label="abattre"):
        return Action.abattre()
    return draw_action(data, hand, legal)


def check_named_words(hand: Hand, speakers: list[str]) -> None:
    """What the scorekeeper says is accepted exactly when it is awaited, for a player who
    can speak (bring-in, first) or for the opener still in a jackpot (false-open)."""
    before = snapshot(hand)
    names = [p.name for p in hand.players]
    for name in names:
        named = accepted(hand, Action.first(name)) is not None
        assert named == (hand.awaiting == "first" and name in speakers), (name, hand.awaiting)
        brings = accepted(hand, Action.bring_in(name)) is not None
        assert brings == (hand.awaiting == "bring-in" and name in speakers), name
        opener = next(p for p in hand.players if p.name == name)
        false = accepted(hand, Action.false_open(name)) is not None
        expected = hand.config.jackpots and name == hand.opener and not opener.folded
        assert false == expected, (name, hand.opener)
    if hand.awaiting == "bring-in":
        with pytest.raises(IllegalAction, match="^name who brings in first: `bringin PLAYER`$"):
            hand.legal()
    assert snapshot(hand) == before, "verify changed the hand"


def draw_ranking(data: st.DataObject, names: Sequence[str]) -> tuple[tuple[str, ...], ...]:
    order = data.draw(st.permutations(list(names)), label="ranking")
    groups: list[list[str]] = []
    for name in order:
        if groups and data.draw(st.booleans(), label="tie"):
            groups[-1].append(name)
        else:
            groups.append([name])
    return tuple(tuple(group) for group in groups)


def check_books(hand: Hand) -> None:
    """What went into the middle came out: to the pots' winners, back as uncalled bets, or
    to the next deal (a void deal's pot, a false opener's fine)."""
    result = hand.result
    assert result is not None
    fines = sum(hand.fines.values())
    spent = dict.fromkeys(result.start, 0)
    for forced in hand.forced:
        spent[forced.player] += forced.amount
    for event in hand.events:
        spent[event.player] += event.added  # a false opening's `added` is his fine
    won = result.won()
    for name, start in result.start.items():
        expected = start - spent[name] + result.returned.get(name, 0) + won.get(name, 0)
        assert result.final[name] == expected, name
    awarded = sum(a.pot.amount for a in result.awards)
    assert awarded == sum(won.values())
    into_pot = hand.dead_in + sum(spent.values()) - fines - sum(result.returned.values())
    if result.void:
        assert fines == 0 and awarded == 0 and not result.returned
        assert result.carry == into_pot
    else:
        assert result.carry == fines
        assert awarded == into_pot
    assert all(p.live == p.dead == p.bet == 0 for p in hand.players)


def check_folded(hand: Hand, out: dict[str, Out]) -> None:
    """No pot to a player who folded (or opened falsely); his stack is the one he had when
    he left the hand, plus an uncalled bet given back after that."""
    result = hand.result
    assert result is not None
    folded = {p.name for p in hand.players if p.folded}
    assert folded == set(out)
    won = result.won()
    assert not folded & set(won), f"folded players won {won}"
    for name, when in out.items():
        back = sum(chips for _, who, chips in hand.returns[when.returns :] if who == name)
        assert result.final[name] == when.stack + back, name
    in_hand = [p.name for p in hand.players if not p.folded]
    assert result.by_fold == (len(in_hand) == 1)
    if result.by_fold:
        assert set(won) <= set(in_hand)


@SETTINGS
@given(data=st.data())
def test_bouillotte_nobody_wins_more_from_a_player_than_he_engaged(data: st.DataObject) -> None:
    """One never wins more from a player than that player put in (docs/rules.md,
    Bouillotte): a winner's gain is at most, from each other player, the smaller of their
    two engagements, plus the dead chips (the passes, a void deal's chips)."""
    session = data.draw(sessions("bouillotte"), label="session")
    for hand, _out in play_session(data, session):
        result = hand.result
        assert result is not None
        if result.void:
            continue
        engaged = dict.fromkeys(result.start, 0)
        dead = hand.dead_in
        for forced in hand.forced:
            dead += forced.amount  # the passe
        for event in hand.events:
            engaged[event.player] += event.added
        for name, chips in result.returned.items():
            engaged[name] -= chips
        for winner, chips in result.won().items():
            most = engaged[winner] + dead
            most += sum(min(e, engaged[winner]) for who, e in engaged.items() if who != winner)
            assert chips <= most, (winner, chips, engaged)


@pytest.mark.parametrize("game", list(GAMES))
@SETTINGS
@given(data=st.data())
def test_chips_are_conserved(game: str, data: st.DataObject) -> None:
    # play_session checks the table's books after every action, showdown and brelan payment
    session = data.draw(sessions(game), label="session")
    hands = play_session(data, session)
    assert len(hands) == session.hands
    for hand, _out in hands:
        check_books(hand)
    t = session.table
    assert t.hand is None
    bought = sum(a.bought for a in t.accounts.values())
    assert sum(a.stack for a in t.present()) + t.house.carry == bought


@pytest.mark.parametrize("game", list(GAMES))
@SETTINGS
@given(data=st.data())
def test_folded_players_win_nothing(game: str, data: st.DataObject) -> None:
    session = data.draw(sessions(game), label="session")
    for hand, out in play_session(data, session):
        check_folded(hand, out)


@pytest.mark.parametrize("game", list(GAMES))
@SETTINGS
@given(data=st.data())
def test_legal_actions_are_exactly_what_verify_accepts(game: str, data: st.DataObject) -> None:
    session = data.draw(sessions(game), label="session")
    play_session(data, session, probe=True)


def test_before_the_opening_one_passes_one_does_not_fold() -> None:
    hand = deal(JACKPOTS, {"alice": 100, "bob": 100, "carol": 100}, button="alice")
    assert refused(hand, "fold") == "nobody has opened yet: one passes with check (parole)"
    assert hand.legal().describe() == "bob to act: check | open 1-99"
    hplay(hand, "open 5")
    assert hand.legal().describe().endswith("| fold")


def test_a_false_openers_uncalled_bet_stays_in_the_pot() -> None:
    t = new_table(JACKPOTS, alice=100, bob=100, carol=100)
    tdeal(t)
    tplay(t, "open 5; call; call")  # bob opens, carol and alice call
    tplay(t, "bet 20; fold")  # after the draw bob bets 20, carol folds
    tplay(t, "false-open bob")  # alice has not spoken: bob had no openers
    assert t.last_hand is not None and t.last_hand.result is not None
    # alice takes everything: the antes, the three opening bets and bob's 20 nobody called
    assert t.last_hand.result.returned == {}
    assert {a.name: a.stack for a in t.present()} == {"alice": 132, "bob": 73, "carol": 94}
    assert t.house.carry == 1  # bob's fine


def test_at_the_end_of_the_night_a_void_deals_chips_go_back() -> None:
    t = new_table(JACKPOTS, alice=100, bob=100, carol=100)
    tdeal(t)
    tplay(t, "check; check; check")
    assert t.house.carry == 3
    split = t.house.carry_split_event()
    assert split.shares == (("bob", 1), ("carol", 1), ("alice", 1))
    t.apply(split)
    assert (t.house.carry, {a.name: a.stack for a in t.present()}) == (
        0,
        {"alice": 100, "bob": 100, "carol": 100},
    )
    with pytest.raises(IllegalAction, match="^no chips wait in the middle$"):
        t.house.carry_split_event()


def test_a_house_fine_waits_in_the_middle_for_the_next_pot() -> None:
    """The dealer who forgot to announce the pot à la clef pays one chip to the next pot
    (French jackpots rules, docs/rules.md): `fine PLAYER [CHIPS]`, between hands."""
    t = new_table(JACKPOTS, **four())
    t.apply(t.house.fine_event("alice"))
    table_conserved(t)
    assert t.house.carry == 1 and stacks(t)["alice"] == 99
    with pytest.raises(IllegalAction, match="^bob has only 100 chips for a fine$"):
        t.house.fine_event("bob", 101)
    hand = tdeal(t)
    # the four antes and the fine
    assert [p.amount for p in hand.pots()] == [5]
    with pytest.raises(IllegalAction, match="record a fine"):
        t.house.fine_event("bob")
