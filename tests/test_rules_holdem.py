"""A worked example for every hold'em rule of docs/rules.md, with exact numbers."""

from __future__ import annotations

import pytest

from marquoir.domain import (
    Action,
    ActionKind,
    BettingKind,
    ConfigError,
    HandOver,
    IllegalAction,
    NotYourTurn,
    Phase,
    ShowdownError,
    TableConfig,
    UsageError,
    parse_ranking,
)

from .engine_helpers import behind, deal, final, fronts, play, showdown

NL = TableConfig(small_blind=1, big_blind=2)


def four(config: TableConfig = NL, stack: int = 200, **stacks: int) -> dict[str, int]:
    base = dict.fromkeys(("alice", "bob", "carol", "dave"), stack)
    base.update(stacks)
    return base


# -- positions and order of play -----------------------------------------------------------


def test_blinds_follow_the_button_and_first_to_act_is_after_the_big_blind() -> None:
    hand = deal(NL, four(), button="alice")
    assert [(f.player, f.kind, f.amount) for f in hand.forced] == [
        ("bob", "small blind", 1),
        ("carol", "big blind", 2),
    ]
    assert hand.to_act == "dave"
    play(hand, "call; call; call")
    assert hand.to_act == "carol"  # the big blind has the option
    assert hand.legal().can_check
    play(hand, "check")
    assert hand.street == "flop"
    assert hand.to_act == "bob"  # first active seat after the button


def test_post_flop_first_to_act_skips_folded_seats() -> None:
    hand = deal(NL, four(), button="alice")
    play(hand, "call; call; fold; check")
    assert hand.street == "flop"
    assert hand.to_act == "carol"


def test_heads_up_button_posts_small_blind_acts_first_preflop_and_last_after() -> None:
    hand = deal(NL, {"alice": 100, "bob": 100}, button="alice")
    assert [(f.player, f.kind) for f in hand.forced] == [
        ("alice", "small blind"),
        ("bob", "big blind"),
    ]
    assert hand.to_act == "alice"
    play(hand, "call; check")
    assert hand.street == "flop"
    assert hand.to_act == "bob"
    play(hand, "check")
    assert hand.to_act == "alice"


# -- forced bets ---------------------------------------------------------------------------


def test_antes_are_dead_money_posted_before_the_blinds() -> None:
    config = TableConfig(small_blind=1, big_blind=2, ante=1)
    hand = deal(config, four(), button="alice")
    assert [(f.player, f.kind) for f in hand.forced][:4] == [
        ("bob", "ante"),
        ("carol", "ante"),
        ("dave", "ante"),
        ("alice", "ante"),
    ]
    assert fronts(hand) == {"alice": 0, "bob": 1, "carol": 2, "dave": 0}
    # the live bet to call is the big blind alone: the ante does not count toward it
    assert hand.legal().to_call == 2
    assert [p.amount for p in hand.pots()] == [4]


def test_antes_are_never_returned_as_an_uncalled_bet() -> None:
    config = TableConfig(small_blind=1, big_blind=2, ante=5)
    hand = deal(config, four(), button="alice")
    play(hand, "fold; fold; fold")  # dave, alice, bob fold to the big blind
    result = hand.result
    assert result is not None and result.by_fold
    # only the big blind's unmatched live chip goes back; the antes stay in the pot
    assert result.returned == {"carol": 1}
    assert [(a.pot.amount, a.shares) for a in result.awards] == [(22, (("carol", 22),))]
    assert final(hand) == {"alice": 195, "bob": 194, "carol": 216, "dave": 195}


def test_big_blind_ante_is_paid_by_the_big_blind_alone() -> None:
    config = TableConfig(small_blind=100, big_blind=200, ante=200, bb_ante=True)
    hand = deal(config, four(stack=10_000), button="alice")
    assert [(f.player, f.kind, f.amount) for f in hand.forced] == [
        ("carol", "big-blind ante", 200),
        ("bob", "small blind", 100),
        ("carol", "big blind", 200),
    ]
    assert behind(hand)["carol"] == 9_600
    assert sum(p.amount for p in hand.pots()) == 200


def test_big_blind_ante_heads_up_is_paid_by_the_non_button_player() -> None:
    config = TableConfig(small_blind=1, big_blind=2, ante=2, bb_ante=True)
    hand = deal(config, {"alice": 50, "bob": 50}, button="alice")
    assert next((f.player, f.kind, f.amount) for f in hand.forced) == ("bob", "big-blind ante", 2)
    play(hand, "fold")
    assert final(hand) == {"alice": 49, "bob": 51}


def test_short_stack_posts_what_it_has_and_is_all_in() -> None:
    hand = deal(NL, four(carol=1), button="alice")
    big = next(f for f in hand.forced if f.kind == "big blind")
    assert (big.player, big.amount, big.all_in) == ("carol", 1, True)
    # the all-in big blind still sets the full price (WSOP Live 150)
    assert hand.legal().to_call == 2
    assert hand.legal().min_to == 4


def test_big_blind_emptied_by_the_ante_still_sets_the_full_price() -> None:
    config = TableConfig(small_blind=5, big_blind=10, ante=10, bb_ante=True)
    hand = deal(config, four(carol=10), button="alice")
    assert [(f.player, f.kind, f.amount) for f in hand.forced if f.player == "carol"] == [
        ("carol", "big-blind ante", 10),
        ("carol", "big blind", 0),
    ]
    assert hand.legal().to_call == 10
    play(hand, "call; fold; fold")  # dave calls 10, alice and bob (small blind) fold
    assert hand.phase is Phase.SHOWDOWN
    # dave's call is matched only by bob's folded 5: the other 5 goes back
    assert hand.returned == {"dave": 5}
    # carol is all-in with the ante alone and has no live chips: she can win the dead money
    # (the main pot); the live chips are dave's side pot
    assert [(p.amount, p.eligible) for p in hand.pots()] == [
        (10, ("carol", "dave")),
        (10, ("dave",)),
    ]
    assert showdown(hand, "carol > dave") == {
        "alice": 200,
        "bob": 195,
        "carol": 10,
        "dave": 205,
    }


def test_live_straddle_moves_first_action_and_sets_the_minimum_raise() -> None:
    config = TableConfig(small_blind=1, big_blind=2, straddle=True)
    hand = deal(config, {**four(), "eve": 200}, button="alice")
    assert [(f.player, f.kind, f.amount) for f in hand.forced] == [
        ("bob", "small blind", 1),
        ("carol", "big blind", 2),
        ("dave", "straddle", 4),
    ]
    assert hand.to_act == "eve"
    legal = hand.legal()
    assert (legal.to_call, legal.min_to) == (4, 8)
    play(hand, "call; call; call; call")
    assert hand.to_act == "dave"  # the straddle has the option
    assert hand.legal().can_check


# -- who acts -------------------------------------------------------------------------------


def test_player_who_owes_nothing_is_not_asked_when_all_others_are_all_in() -> None:
    hand = deal(NL, {"alice": 500, "bob": 50, "carol": 80}, button="alice")
    # bob is small blind, carol big blind, alice first to act
    play(hand, "raise 100; allin; allin")
    assert hand.to_act is None
    assert hand.phase is Phase.SHOWDOWN  # no one is asked to check on any later street
    assert hand.result is None
    assert hand.returned == {"alice": 20}
    assert [(p.amount, p.eligible) for p in hand.pots()] == [
        (150, ("bob", "carol", "alice")),
        (60, ("carol", "alice")),
    ]


def test_player_who_owes_chips_is_asked_even_when_others_are_all_in() -> None:
    hand = deal(NL, {"alice": 500, "bob": 300, "carol": 80}, button="alice")
    play(hand, "call; allin")  # alice calls 2, bob shoves 300
    assert hand.to_act == "carol"
    play(hand, "allin")
    assert hand.to_act == "alice"
    legal = hand.legal()
    # asked to call or fold; nobody left could call a raise
    assert (legal.to_call, legal.min_to, legal.allin_ok) == (298, None, False)
    with pytest.raises(IllegalAction, match="^nobody left in the hand could call a raise"):
        play(hand, "raise 400")
    with pytest.raises(IllegalAction, match="^nobody left in the hand could call a raise"):
        play(hand, "allin")
    assert play(hand, "call") == ["alice calls 298"]
    assert hand.returned == {}
    assert [p.amount for p in hand.pots()] == [240, 440]


# -- words: bet / raise / allin / call / check ----------------------------------------------


def test_bet_and_raise_are_synonyms_for_the_total_of_the_round() -> None:
    hand = deal(NL, four(), button="alice")
    assert play(hand, "bet 6; raise 20") == ["dave raises to 6", "alice raises to 20"]
    assert fronts(hand)["alice"] == 20
    play(hand, "fold; fold; call")  # bob, carol fold, dave calls 20
    assert hand.street == "flop"
    assert play(hand, "raise 10") == ["dave bets 10"]


def test_allin_for_less_than_the_call_is_a_call() -> None:
    hand = deal(NL, four(dave=30), button="dave")  # alice small blind, bob big, carol first
    play(hand, "raise 50")
    event = hand.apply(Action.allin())
    assert (event.player, event.verb, event.added, event.total, event.all_in) == (
        "dave",
        "call",
        30,
        30,
        True,
    )
    assert event.describe() == "dave calls 30 (all-in)"


def test_call_with_nothing_to_call_is_a_check_and_check_facing_a_bet_is_refused() -> None:
    hand = deal(NL, four(), button="alice")
    play(hand, "call; call; call")
    assert play(hand, "call") == ["carol checks"]
    with pytest.raises(IllegalAction, match="^carol cannot check: 10 to call$"):
        play(hand, "bet 10; check")


def test_abattre_is_refused_outside_bouillotte_and_changes_nothing() -> None:
    # "abattre" (calling the showdown while holding the last raise) belongs to Bouillotte's
    # turns of speaking: at hold'em the player says call or check, and the hand waits for him.
    hand = deal(NL, four(), button="alice")  # bob and carol post the blinds: dave speaks
    with pytest.raises(IllegalAction, match="^abattre is a Bouillotte word: say call or check$"):
        hand.apply(Action(ActionKind.ABATTRE))
    assert (hand.to_act, hand.events, hand.current_bet) == ("dave", [], 2)
    assert play(hand, "call") == ["dave calls 2"]


def test_acting_out_of_turn_is_refused() -> None:
    hand = deal(NL, four(), button="alice")
    with pytest.raises(NotYourTurn, match="^it is dave's turn, not bob's$"):
        hand.apply(Action.call(player="bob"))
    with pytest.raises(IllegalAction, match="^zoe is not playing this hand$"):
        hand.apply(Action.call(player="zoe"))
    assert hand.apply(Action.call(player="dave")).describe() == "dave calls 2"


def test_a_bet_needs_an_amount_larger_than_the_current_bet_and_within_the_stack() -> None:
    hand = deal(NL, four(), button="alice")
    with pytest.raises(IllegalAction, match="^2 is the current bet: say call to match it$"):
        play(hand, "bet 2")
    with pytest.raises(IllegalAction, match="^dave has only 200 behind: the most is 200"):
        play(hand, "bet 201")
    with pytest.raises(UsageError):
        hand.apply(Action(Action.bet(1).kind, amount=None))


# -- no-limit --------------------------------------------------------------------------------


def test_tda_43_raise_must_add_the_largest_previous_raise() -> None:
    config = TableConfig(small_blind=100, big_blind=200)
    hand = deal(config, four(stack=100_000), button="alice")
    assert hand.legal().min_to == 400
    play(hand, "bet 600")
    assert hand.legal().min_to == 1_000
    play(hand, "raise 1600")
    assert hand.legal().min_to == 2_600
    play(hand, "raise 3600")
    assert hand.legal().min_to == 5_600
    with pytest.raises(IllegalAction, match="^the minimum raise is to 5600$"):
        play(hand, "raise 5599")


def test_minimum_bet_after_the_flop_is_the_big_blind() -> None:
    hand = deal(NL, four(), button="alice")
    play(hand, "call; call; call; check")
    assert hand.legal().min_to == 2
    with pytest.raises(IllegalAction, match="^the minimum bet is 2$"):
        play(hand, "bet 1")


def tda_47_hand():  # type: ignore[no-untyped-def]
    config = TableConfig(small_blind=50, big_blind=100)
    hand = deal(config, {"A": 10_000, "B": 225, "C": 10_000, "D": 300}, button="D")
    play(hand, "call; call; call; check")  # pre-flop: C, D, A call; B checks
    assert hand.street == "flop" and hand.to_act == "A"
    play(hand, "bet 100; allin; call; allin")  # A 100, B all-in 125, C calls, D all-in 200
    return hand


def test_tda_47_short_all_ins_adding_up_to_a_full_raise_reopen_the_betting() -> None:
    hand = tda_47_hand()
    legal = hand.legal()
    assert legal.player == "A"
    # A faced 100 more since his bet: a full raise, the betting reopens; the minimum raise
    # stays the last full raise (100)
    assert (legal.to_call, legal.min_to, legal.can_raise) == (100, 300, True)
    play(hand, "call")
    legal = hand.legal()
    # C faced only 75 more since he called 125: not reopened
    assert (legal.player, legal.to_call, legal.can_raise, legal.allin_ok) == ("C", 75, False, False)
    with pytest.raises(IllegalAction, match="the betting is not reopened for C"):
        play(hand, "raise 400")
    with pytest.raises(IllegalAction, match="the betting is not reopened for C"):
        play(hand, "allin")
    play(hand, "call")
    assert hand.street == "turn"


def test_a_check_counts_as_acting_a_short_all_in_bet_does_not_reopen() -> None:
    config = TableConfig(small_blind=50, big_blind=100)
    hand = deal(config, {"A": 5_000, "B": 5_000, "C": 130}, button="C")
    play(hand, "call; call; check")  # C (button) calls, A (SB) calls, B checks
    play(hand, "check; check; allin")  # flop: A checks, B checks, C all-in for 30
    legal = hand.legal()
    assert (legal.player, legal.to_call, legal.can_raise) == ("A", 30, False)


def test_short_all_in_bet_smaller_than_big_blind() -> None:
    config = TableConfig(small_blind=50, big_blind=100)
    hand = deal(config, {"A": 130, "B": 5_000, "C": 5_000}, button="C")
    play(hand, "call; call; check")  # C calls, A calls, B checks
    play(hand, "allin")  # flop: A all-in for 30
    legal = hand.legal()
    assert (legal.player, legal.to_call, legal.min_to) == ("B", 30, 130)


# -- pot-limit -------------------------------------------------------------------------------

PL = TableConfig(small_blind=100, big_blind=200, betting=BettingKind.POT_LIMIT)


def test_pot_limit_first_maximum_preflop_is_700_at_100_200() -> None:
    hand = deal(PL, four(stack=10_000), button="alice")
    legal = hand.legal()
    assert (legal.min_to, legal.max_to) == (400, 700)
    with pytest.raises(IllegalAction, match="^the pot-limit maximum is a raise to 700$"):
        play(hand, "raise 701")


def test_pot_limit_pot_100_bet_50_maximum_raise_to_250() -> None:
    config = TableConfig(small_blind=25, big_blind=50, betting=BettingKind.POT_LIMIT)
    hand = deal(config, {"alice": 1_000, "bob": 1_000}, button="alice")
    play(hand, "call; check")  # pot 100
    assert sum(p.amount for p in hand.pots()) == 100
    play(hand, "bet 50")
    legal = hand.legal()
    assert (legal.min_to, legal.max_to) == (100, 250)


def test_pot_limit_short_blinds_count_as_full_preflop() -> None:
    hand = deal(PL, four(stack=10_000, carol=150), button="alice")  # carol's big blind is short
    legal = hand.legal()
    assert (legal.to_call, legal.max_to) == (200, 700)


def test_pot_limit_antes_count_in_the_pot() -> None:
    config = TableConfig(small_blind=100, big_blind=200, ante=25, betting=BettingKind.POT_LIMIT)
    hand = deal(config, four(stack=10_000), button="alice")
    assert hand.legal().max_to == 800  # 700 + the four antes


def test_pot_limit_allin_above_the_maximum_is_refused() -> None:
    hand = deal(PL, four(stack=10_000), button="alice")
    assert not hand.legal().allin_ok
    with pytest.raises(IllegalAction, match="pot-limit maximum is a raise to 700"):
        play(hand, "allin")


# -- fixed-limit: the French Limit 5/10/20 walkthrough (docs/rules.md) -----------------------------

FL = TableConfig(small_blind=5, big_blind=10, betting=BettingKind.FIXED_LIMIT, big_bet=20)


def test_fixed_limit_5_10_20_walkthrough() -> None:
    hand = deal(FL, four(stack=500), button="alice")
    # pre-flop: the big blind is the opening bet, a raise is exactly 10, three raises at most
    legal = hand.legal()
    assert (legal.player, legal.to_call, legal.min_to, legal.max_to) == ("dave", 10, 20, 20)
    with pytest.raises(IllegalAction, match="^the fixed-limit maximum is a raise to 20$"):
        play(hand, "raise 25")
    with pytest.raises(IllegalAction, match="^the minimum raise is to 20$"):
        play(hand, "raise 15")
    play(hand, "raise 20; raise 30; raise 40")  # dave, alice, bob (small blind)
    legal = hand.legal()
    assert (legal.player, legal.to_call, legal.can_raise) == ("carol", 30, False)
    with pytest.raises(IllegalAction, match=r"^the betting is capped \(3 raises\): call or fold$"):
        play(hand, "raise 50")
    play(hand, "call; call; call")  # carol, dave, alice call 40
    assert hand.street == "flop"
    # flop: an opening bet of 10, then three raises
    assert (hand.legal().player, hand.legal().min_to) == ("bob", 10)
    play(hand, "bet 10; raise 20; raise 30; raise 40")
    assert not hand.legal().can_raise
    play(hand, "call; call; call")
    # turn: the big bet of 20
    assert hand.street == "turn"
    assert (hand.legal().min_to, hand.legal().max_to) == (20, 20)
    play(hand, "bet 20; call; call; call")
    assert hand.street == "river"
    play(hand, "check; check; check; check")
    assert hand.phase is Phase.SHOWDOWN
    assert showdown(hand, "carol > alice = bob = dave") == {
        "alice": 400,
        "bob": 400,
        "carol": 800,
        "dave": 400,
    }


def test_fixed_limit_all_in_of_half_a_unit_or_more_counts_as_a_full_raise() -> None:
    hand = deal(FL, {"alice": 500, "bob": 16, "carol": 500}, button="alice")
    # pre-flop: alice calls, bob (small blind) all-in for 16: 6 over the 10, half a unit or more
    play(hand, "call; allin")
    legal = hand.legal()
    # carol faces a full raise: the next raise is 16 + 10
    assert (legal.player, legal.to_call, legal.min_to) == ("carol", 6, 26)
    play(hand, "call")
    legal = hand.legal()
    assert (legal.player, legal.min_to) == ("alice", 26)  # reopened for alice


def test_fixed_limit_all_in_under_half_a_unit_may_be_called_or_completed() -> None:
    hand = deal(FL, {"alice": 500, "bob": 500, "carol": 24}, button="alice")
    play(hand, "call; call; check")
    # flop: bob bets 10, carol all-in for 14 (4 more: less than half a unit)
    play(hand, "bet 10; allin")
    legal = hand.legal()
    # alice has not acted: call 14 or complete to a full raise (20); PokerKit would say 24
    assert (legal.player, legal.to_call, legal.min_to, legal.max_to) == ("alice", 14, 20, 20)
    play(hand, "call")
    legal = hand.legal()
    # bob already acted and faced only 4: not reopened
    assert (legal.player, legal.to_call, legal.can_raise) == ("bob", 4, False)


def test_fixed_limit_completing_reopens_for_the_first_bettor() -> None:
    hand = deal(FL, {"alice": 500, "bob": 500, "carol": 24}, button="alice")
    play(hand, "call; call; check; bet 10; allin; raise 20")
    legal = hand.legal()
    assert (legal.player, legal.to_call, legal.min_to) == ("bob", 10, 30)


def test_fixed_limit_heads_up_uncapped_is_a_setting() -> None:
    config = TableConfig(
        small_blind=5, big_blind=10, betting=BettingKind.FIXED_LIMIT, heads_up_uncapped=True
    )
    hand = deal(config, {"alice": 500, "bob": 500}, button="alice")
    play(hand, "raise 20; raise 30; raise 40; raise 50")
    assert hand.legal().min_to == 60
    capped = deal(FL, {"alice": 500, "bob": 500}, button="alice")
    play(capped, "raise 20; raise 30; raise 40")
    assert not capped.legal().can_raise


def test_fixed_limit_allin_above_one_unit_is_refused() -> None:
    hand = deal(FL, four(stack=500), button="alice")
    assert not hand.legal().allin_ok
    with pytest.raises(IllegalAction, match="fixed-limit maximum is a raise to 20"):
        play(hand, "allin")


# -- uncalled bets, folds --------------------------------------------------------------------


def test_uncalled_bet_goes_back_and_last_player_takes_the_pot() -> None:
    hand = deal(NL, four(), button="alice")
    play(hand, "raise 10; fold; fold; fold")
    result = hand.result
    assert result is not None
    assert result.by_fold
    assert result.returned == {"dave": 8}
    assert [(a.name, a.shares) for a in result.awards] == [("main pot", (("dave", 5),))]
    assert final(hand) == {"alice": 200, "bob": 199, "carol": 198, "dave": 203}
    with pytest.raises(HandOver, match="^the hand is over: deal the next one$"):
        play(hand, "check")


def test_uncalled_part_of_an_all_in_goes_back() -> None:
    hand = deal(NL, {"alice": 100, "bob": 300}, button="alice")
    play(hand, "call; check")  # pre-flop
    play(hand, "check; check")  # flop: bob, then alice (the button) check
    play(hand, "allin; allin")  # turn: bob shoves 298, alice calls all-in 98
    assert hand.returned == {"bob": 200}
    assert hand.phase is Phase.SHOWDOWN
    assert showdown(hand, "alice > bob") == {"alice": 200, "bob": 200}


# -- pots, side pots, showdown -------------------------------------------------------------


def test_three_way_all_in_makes_two_side_pots() -> None:
    hand = deal(NL, {"alice": 50, "bob": 120, "carol": 300, "dave": 300}, button="dave")
    # alice small blind, bob big blind, carol first
    play(hand, "raise 300; fold; allin; allin")  # carol shoves, dave folds, alice, bob call
    assert hand.phase is Phase.SHOWDOWN
    assert hand.returned == {"carol": 180}
    assert [(p.amount, p.eligible) for p in hand.pots()] == [
        (150, ("alice", "bob", "carol")),
        (140, ("bob", "carol")),
    ]
    assert showdown(hand, "alice > bob > carol") == {
        "alice": 150,
        "bob": 140,
        "carol": 180,
        "dave": 300,
    }


def test_folded_chips_stay_in_the_layers_they_reached() -> None:
    hand = deal(NL, {"alice": 1_000, "bob": 40, "carol": 1_000}, button="alice")
    # bob small blind, carol big blind, alice first
    play(hand, "raise 100; allin; call")  # bob all-in 40, carol calls 100
    play(hand, "bet 200; fold")  # flop: carol bets, alice folds
    assert hand.returned == {"carol": 200}
    assert [(p.amount, p.eligible) for p in hand.pots()] == [
        (120, ("bob", "carol")),
        (120, ("carol",)),
    ]
    assert showdown(hand, "bob") == {"alice": 900, "bob": 120, "carol": 1_020}


def split_26_hand(config: TableConfig = NL):  # type: ignore[no-untyped-def]
    hand = deal(config, four(stack=100), button="bob")
    # carol small blind, dave big blind, alice first; bob is the button
    play(hand, "raise 8; call; call; fold")  # alice, bob, carol in for 8; dave folds his 2
    assert [p.amount for p in hand.pots()] == [26]
    for _street in ("flop", "turn", "river"):
        play(hand, "check; check; check")
    assert hand.phase is Phase.SHOWDOWN
    return hand


def test_three_way_split_of_26_gives_the_extra_chips_to_the_first_winners_left_of_button() -> None:
    hand = split_26_hand()
    assert hand.order_of_play() == ["carol", "dave", "alice", "bob"]
    hand.showdown(parse_ranking("alice = bob = carol"))
    assert hand.result is not None
    assert hand.result.awards[0].shares == (("carol", 9), ("alice", 9), ("bob", 8))
    assert final(hand) == {"alice": 101, "bob": 100, "carol": 101, "dave": 98}


def test_split_in_units_of_the_smallest_chip_remainder_goes_with_the_first_odd_unit() -> None:
    config = TableConfig(small_blind=1, big_blind=2, chip_unit=5)
    hand = split_26_hand(config)
    hand.showdown(parse_ranking("bob = alice = carol"))
    assert hand.result is not None
    # 26 = five units of 5 and 1 chip: 5 each, two odd units to carol and alice, the extra
    # chip with the first odd unit
    assert hand.result.awards[0].shares == (("carol", 11), ("alice", 10), ("bob", 5))


def test_each_pot_is_awarded_on_its_own_with_the_best_eligible_hand() -> None:
    hand = deal(NL, {"alice": 50, "bob": 120, "carol": 300, "dave": 300}, button="dave")
    play(hand, "raise 300; call; allin; allin")  # carol 300, dave calls, alice 50, bob 120
    assert [(p.amount, p.eligible) for p in hand.pots()] == [
        (200, ("alice", "bob", "carol", "dave")),
        (210, ("bob", "carol", "dave")),
        (360, ("carol", "dave")),
    ]
    # alice wins the main pot; bob and dave split side pot 1; dave takes side pot 2
    hand.showdown(parse_ranking("alice > bob = dave > carol"))
    assert hand.result is not None
    assert [(a.name, a.shares) for a in hand.result.awards] == [
        ("main pot", (("alice", 200),)),
        ("side pot 1", (("bob", 105), ("dave", 105))),
        ("side pot 2", (("dave", 360),)),
    ]
    assert final(hand) == {"alice": 200, "bob": 105, "carol": 0, "dave": 465}


def test_showdown_errors_say_what_is_wrong() -> None:
    hand = deal(NL, {"alice": 50, "bob": 120, "carol": 300, "dave": 300}, button="dave")
    play(hand, "raise 300; fold; allin; allin")
    with pytest.raises(ShowdownError, match="^dave folded and cannot win a pot$"):
        hand.showdown(parse_ranking("dave > alice"))
    with pytest.raises(ShowdownError, match="^zoe is not playing this hand$"):
        hand.showdown(parse_ranking("zoe"))
    with pytest.raises(
        ShowdownError,
        match=r"^the side pot 1 \(140\) needs a winner: eligible players are bob, carol$",
    ):
        hand.showdown(parse_ranking("alice"))
    with pytest.raises(UsageError):
        parse_ranking("alice > > bob")
    with pytest.raises(ShowdownError, match="^bob appears twice in the ranking$"):
        parse_ranking("bob > alice = bob")
    assert hand.phase is Phase.SHOWDOWN  # nothing was recorded


def test_showdown_before_the_end_of_betting_is_refused() -> None:
    hand = deal(NL, four(), button="alice")
    with pytest.raises(ShowdownError, match="^the betting is not over: dave is to act$"):
        hand.showdown(parse_ranking("alice"))


# -- configuration --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        (
            {"small_blind": 2, "big_blind": 1},
            "the small blind (2) is larger than the big blind (1)",
        ),
        ({"small_blind": 0, "big_blind": 2}, "the small blind must be at least 1 chip (got 0)"),
        ({"small_blind": 1, "big_blind": 0}, "the big blind must be at least 1 chip (got 0)"),
        ({"small_blind": 1, "big_blind": 2, "ante": -1}, "the ante cannot be negative (got -1)"),
        (
            {"small_blind": 1, "big_blind": 2, "bb_ante": True},
            "a big-blind ante needs an ante amount (--ante N --bb-ante)",
        ),
        (
            {
                "small_blind": 1,
                "big_blind": 2,
                "betting": BettingKind.FIXED_LIMIT,
                "small_bet": 4,
                "big_bet": 2,
            },
            "the big bet (2) is smaller than the small bet (4)",
        ),
        (
            {"small_blind": 5, "big_blind": 10, "betting": BettingKind.FIXED_LIMIT, "small_bet": 5},
            "the big blind (10) is larger than the small bet (5): "
            "the limits don't match the blinds",
        ),
        (
            {"small_blind": 1, "big_blind": 2, "small_bet": 2, "big_bet": 4},
            "limits (small bet / big bet) only apply to fixed-limit betting",
        ),
        (
            {"small_blind": 1, "big_blind": 2, "chip_unit": 0},
            "the chip unit must be at least 1 chip (got 0)",
        ),
    ],
)
def test_configuration_errors(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ConfigError) as caught:
        TableConfig(**kwargs)  # type: ignore[arg-type]
    assert str(caught.value) == message


def test_fixed_limit_default_limits_are_big_blind_and_twice() -> None:
    config = TableConfig(small_blind=1, big_blind=2, betting=BettingKind.FIXED_LIMIT)
    assert config.limits == (2, 4)
