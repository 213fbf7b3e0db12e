"""Property tests of the hold'em engine (docs/rules.md), driven by hypothesis.

Random tables (no-limit, pot-limit, fixed-limit; 2-10 players; unequal stacks, some shorter
than the blinds or the ante; antes, big-blind ante, straddle, chip units, raise caps) play
random hands: at each step an action is drawn among the legal ones, and at the showdown a
random ranking (ties included) of the players still in settles the pots.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from marquoir.domain import (
    Action,
    ActionEvent,
    BettingKind,
    Contribution,
    Hand,
    IllegalAction,
    LegalActions,
    Phase,
    Pot,
    PotAward,
    Ranking,
    SeatInfo,
    ShowdownError,
    TableConfig,
    build_pots,
    format_ranking,
    parse_ranking,
    split_amount,
)
from tests.sizes import sized

SETTINGS = settings(max_examples=sized(100, 300), deadline=None)  # full in CI
MAX_STEPS = 2000


# -- random tables -------------------------------------------------------------------------


@dataclass(frozen=True)
class Table:
    """A random table and the start of one hand: config, seats (in any order), button seat."""

    config: TableConfig
    seats: tuple[SeatInfo, ...]
    button: int

    @property
    def start(self) -> dict[str, int]:
        return {s.name: s.stack for s in self.seats}

    def deal(self) -> Hand:
        return Hand(self.config, self.seats, self.button)


@st.composite
def configs(draw: st.DrawFn) -> TableConfig:
    betting = draw(st.sampled_from(list(BettingKind)))
    chip_unit = draw(st.sampled_from([1, 5, 25]))
    big = draw(st.integers(1, 60))
    small = draw(st.integers(1, big))
    ante = draw(st.one_of(st.just(0), st.integers(1, 2 * big)))
    bb_ante = ante > 0 and draw(st.booleans())
    straddle = betting is not BettingKind.FIXED_LIMIT and draw(st.booleans())
    small_bet = big_bet = None
    if betting is BettingKind.FIXED_LIMIT:
        small_bet = draw(st.one_of(st.none(), st.integers(big, 3 * big)))
        unit = small_bet if small_bet is not None else big
        big_bet = draw(st.one_of(st.none(), st.integers(unit, 3 * unit)))
    return TableConfig(
        small_blind=small,
        big_blind=big,
        betting=betting,
        ante=ante,
        bb_ante=bb_ante,
        straddle=straddle,
        small_bet=small_bet,
        big_bet=big_bet,
        cap=draw(st.sampled_from([3, 4, None])),
        heads_up_uncapped=draw(st.booleans()),
        chip_unit=chip_unit,
    )


@st.composite
def tables(draw: st.DrawFn) -> Table:
    config = draw(configs())
    n = draw(st.integers(2, 10))
    seat_numbers = draw(st.lists(st.integers(1, 12), min_size=n, max_size=n, unique=True))
    short = config.big_blind + config.ante + 1
    deep = 60 * max(config.big_blind, config.limits[1] if _is_fl(config) else 1)
    # About one stack in four is short: at most the big blind plus the ante plus one chip.
    stacks = [
        draw(st.integers(1, short) if draw(st.integers(0, 3)) == 0 else st.integers(short, deep))
        for _ in seat_numbers
    ]
    seats = [
        SeatInfo(f"p{seat}", seat, stack) for seat, stack in zip(seat_numbers, stacks, strict=True)
    ]
    button = draw(st.sampled_from(seat_numbers))
    return Table(config, tuple(draw(st.permutations(seats))), button)


def _is_fl(config: TableConfig) -> bool:
    return config.betting is BettingKind.FIXED_LIMIT


# -- invariants checked at every step ------------------------------------------------------


def conserved(hand: Hand, start_total: int) -> None:
    now = sum(p.stack + p.live + p.dead for p in hand.players)
    assert now == start_total, f"chips not conserved: {now} != {start_total}"


def is_subsequence(names: Sequence[str], order: Sequence[str]) -> bool:
    it = iter(order)
    return all(name in it for name in names)


def check_pots(pots: Sequence[Pot], folded: set[str], order: Sequence[str]) -> None:
    """Every eligible player is still in; eligible sets strictly shrink; order of play kept."""
    for pot in pots:
        assert pot.amount > 0
        assert pot.eligible, f"a pot of {pot.amount} nobody may win"
        assert not folded & set(pot.eligible), f"folded players eligible for {pot}"
        assert is_subsequence(pot.eligible, order), f"{pot.eligible} not in order {order}"
    for main, side in itertools.pairwise(pots):
        assert set(side.eligible) < set(main.eligible), f"{side} does not shrink from {main}"


def check_hand_pots(hand: Hand) -> None:
    folded = {p.name for p in hand.players if p.folded}
    order = hand.order_of_play()
    in_front = sum(p.bet for p in hand.players)
    collected = hand.pots(include_bets=True)
    assert sum(pot.amount for pot in collected) == hand.total_in_middle()
    check_pots(collected, folded, order)
    middle = hand.pots()
    assert sum(pot.amount for pot in middle) == hand.total_in_middle() - in_front
    check_pots(middle, folded, order)


def check_split(award: PotAward, chip_unit: int, order: Sequence[str]) -> None:
    """Equal shares in chip units; odd units one each to the first winners in order of play."""
    amount = award.pot.amount
    shares = [share for _, share in award.shares]
    assert sum(shares) == amount, f"{award.name}: shares {shares} != {amount}"
    assert is_subsequence(award.winners, order), f"{award.winners} not in order {order}"
    assert len(set(award.winners)) == len(award.winners)
    crumbs = amount % chip_unit
    whole = [shares[0] - crumbs, *shares[1:]]
    assert all(s >= 0 and s % chip_unit == 0 for s in whole), (award, chip_unit)
    low = min(whole)
    # At most one odd unit each, and the odd units go to the first winners.
    assert all(s - low in (0, chip_unit) for s in whole), (award, chip_unit)
    assert whole == sorted(whole, reverse=True), (award, chip_unit)
    # Fewer odd units than winners: otherwise they would make one more equal share.
    assert sum(1 for s in whole if s > low) < len(whole) or len(whole) == 1


# -- driving a random hand -----------------------------------------------------------------


@dataclass
class Played:
    """A hand played to the end, with what the test needs to check it."""

    table: Table
    hand: Hand
    actions: list[Action] = field(default_factory=list)
    ranking: Ranking | None = None
    # Each player's chips behind right after his last action.
    after_last: dict[str, int] = field(default_factory=dict)
    # Snapshots of the players after each action (replay must give the same).
    snapshots: list[tuple[object, ...]] = field(default_factory=list)
    # Chips behind just before the showdown.
    before_showdown: dict[str, int] = field(default_factory=dict)


def snapshot(hand: Hand) -> tuple[object, ...]:
    return (tuple(hand.players), hand.to_act, hand.phase, hand.street, hand.current_bet)


def draw_action(data: st.DataObject, legal: LegalActions) -> Action:
    """An action among the legal ones: check or call, a bet in range, all-in, fold."""
    choices = ["call"]
    if legal.min_to is not None and legal.max_to is not None:
        choices.append("bet")
    if legal.allin_ok:
        choices.append("allin")
    choices.append("fold")
    kind = data.draw(st.sampled_from(choices), label="action")
    who = data.draw(st.sampled_from([None, legal.player]), label="as")
    if kind == "call":
        if legal.can_check and data.draw(st.booleans(), label="say check"):
            return Action.check(who)
        return Action.call(who)
    if kind == "bet":
        assert legal.min_to is not None and legal.max_to is not None
        edge = st.sampled_from([legal.min_to, legal.max_to])
        total = data.draw(st.one_of(edge, st.integers(legal.min_to, legal.max_to)), label="to")
        return Action.bet(total, who)
    if kind == "allin":
        return Action.allin(who)
    return Action.fold(who)


def draw_ranking(data: st.DataObject, names: Sequence[str], *, everyone: bool) -> Ranking:
    """A random ranking of some (or all) of `names`, ties included."""
    order = data.draw(st.permutations(list(names)), label="ranking order")
    count = len(order) if everyone else data.draw(st.integers(1, len(order)), label="named")
    groups: list[list[str]] = []
    for name in order[:count]:
        if groups and data.draw(st.booleans(), label="tie"):
            groups[-1].append(name)
        else:
            groups.append([name])
    ranking = tuple(tuple(group) for group in groups)
    if data.draw(st.booleans(), label="as text"):
        parsed = parse_ranking(format_ranking(ranking))
        assert parsed == ranking
        return parsed
    return ranking


def expected_refusal(hand: Hand, ranking: Ranking) -> bool:
    """Whether some pot with several eligible players has none of them named."""
    named = {name for group in ranking for name in group}
    return any(len(pot.eligible) > 1 and not named & set(pot.eligible) for pot in hand.pots())


def play_hand(data: st.DataObject, table: Table, *, probe_legal: bool = False) -> Played:
    hand = table.deal()
    played = Played(table, hand)
    start_total = sum(table.start.values())
    conserved(hand, start_total)
    check_hand_pots(hand)
    # Order of play: from the first seat left of the button round to the button.
    seat_of = {s.name: s.seat for s in table.seats}
    expected_order = sorted(seat_of, key=lambda name: (seat_of[name] - table.button - 1) % 100)
    assert hand.order_of_play() == expected_order
    for _ in range(MAX_STEPS):
        if hand.phase is not Phase.BETTING:
            break
        assert hand.to_act is not None
        legal = hand.legal()
        mover = next(p for p in hand.players if p.name == legal.player)
        assert mover.stack > 0 and not mover.folded, f"{mover} asked to act"
        if probe_legal:
            check_legal_matches_verify(data, hand, legal)
        action = draw_action(data, legal)
        event = hand.apply(action)
        played.actions.append(action)
        # Before the round closes (and any uncalled bet goes back).
        played.after_last[event.player] = mover.stack - event.added
        played.snapshots.append(snapshot(hand))
        conserved(hand, start_total)
        check_hand_pots(hand)
    else:
        raise AssertionError(f"the hand did not end in {MAX_STEPS} actions")
    assert hand.to_act is None
    if hand.phase is Phase.SHOWDOWN:
        played.before_showdown = {p.name: p.stack for p in hand.players}
        in_hand = [p.name for p in hand.players if not p.folded]
        assert len(in_hand) >= 2
        ranking = draw_ranking(data, in_hand, everyone=False)
        if expected_refusal(hand, ranking):
            with pytest.raises(ShowdownError):
                hand.showdown(ranking)
            assert hand.phase is Phase.SHOWDOWN
            conserved(hand, start_total)
            named = {name for group in ranking for name in group}
            rest = tuple(name for name in in_hand if name not in named)
            ranking = (*ranking, rest)
        hand.showdown(ranking)
        played.ranking = ranking
    assert hand.phase is Phase.COMPLETE
    assert hand.result is not None
    conserved(hand, start_total)
    return played


# -- 4. the legal-action list is exactly what verify accepts -------------------------------


def accepted(hand: Hand, action: Action) -> ActionEvent | None:
    try:
        return hand.verify(action)
    except IllegalAction:
        return None


def check_legal_matches_verify(data: st.DataObject, hand: Hand, legal: LegalActions) -> None:
    before = snapshot(hand)
    me = next(p for p in hand.players if p.name == legal.player)
    assert legal.current_bet == hand.current_bet
    assert legal.to_call == max(hand.current_bet - me.bet, 0)
    assert legal.call_amount == min(legal.to_call, me.stack)
    assert legal.allin_to == me.bet + me.stack
    assert legal.can_check == (legal.to_call == 0)
    assert (legal.min_to is None) == (legal.max_to is None)
    if legal.min_to is not None and legal.max_to is not None:
        assert legal.current_bet < legal.min_to <= legal.max_to <= legal.allin_to

    top = legal.allin_to + 2
    interesting = {0, 1, top, legal.current_bet, legal.allin_to}
    for bound in (legal.current_bet, legal.min_to, legal.max_to, legal.allin_to):
        if bound is not None:
            interesting.update({bound - 1, bound, bound + 1})
    interesting.update(data.draw(st.lists(st.integers(0, top), max_size=4), label="probe"))
    for n in sorted(k for k in interesting if 0 <= k <= top):
        in_range = legal.min_to is not None and legal.min_to <= n <= (legal.max_to or 0)
        as_allin = n == legal.allin_to and legal.allin_ok and n > legal.current_bet
        event = accepted(hand, Action.bet(n))
        assert (event is not None) == (in_range or as_allin), (legal, n, event)
        if event is not None:
            assert event.total == n
            assert event.added == n - me.bet
            assert event.all_in == (n == legal.allin_to)
            # "complete": a full bet over an incomplete one (fixed-limit: a short big blind,
            # a bring-in, an all-in of less than half a unit)
            assert event.verb in (("raise", "complete") if legal.current_bet else ("bet",))

    check = accepted(hand, Action.check())
    assert (check is not None) == legal.can_check, (legal, check)
    call = accepted(hand, Action.call())
    assert call is not None
    assert call.added == legal.call_amount
    assert call.verb == ("check" if legal.can_check else "call")
    fold = accepted(hand, Action.fold())
    assert fold is not None and fold.added == 0 and fold.verb == "fold"
    allin = accepted(hand, Action.allin())
    assert (allin is not None) == legal.allin_ok, (legal, allin)
    if allin is not None:
        assert allin.all_in and allin.added == me.stack
        assert allin.total == legal.allin_to
    assert snapshot(hand) == before, "verify changed the hand"


# -- the properties ------------------------------------------------------------------------


@SETTINGS
@given(table=tables(), data=st.data())
def test_chips_are_conserved(table: Table, data: st.DataObject) -> None:
    played = play_hand(data, table)
    hand, result = played.hand, played.hand.result
    assert result is not None
    assert result.start == table.start
    assert sum(result.final.values()) == sum(result.start.values())
    for award in result.awards:
        assert sum(share for _, share in award.shares) == award.pot.amount
    # Exact books for each player: start - put in + returned + won.
    put_in = dict.fromkeys(table.start, 0)
    for forced in hand.forced:
        put_in[forced.player] += forced.amount
    for event in hand.events:
        put_in[event.player] += event.added
    won = result.won()
    for name, start in table.start.items():
        expected = start - put_in[name] + result.returned.get(name, 0) + won.get(name, 0)
        assert result.final[name] == expected, name
    assert sum(won.values()) == sum(put_in.values()) - sum(result.returned.values())
    assert all(p.stack == result.final[p.name] for p in hand.players)
    assert all(p.live == p.dead == p.bet == 0 for p in hand.players)


@SETTINGS
@given(table=tables(), data=st.data())
def test_a_folded_player_wins_nothing(table: Table, data: st.DataObject) -> None:
    played = play_hand(data, table)
    hand, result = played.hand, played.hand.result
    assert result is not None
    folded = {p.name for p in hand.players if p.folded}
    won = result.won()
    assert not folded & set(won), f"folded players won {won}"
    for name in folded:
        # An uncalled part of his bet may still come back (a short all-in big blind).
        assert result.final[name] == played.after_last[name] + result.returned.get(name, 0)
    in_hand = [p.name for p in hand.players if not p.folded]
    assert result.by_fold == (len(in_hand) == 1)
    if result.by_fold:
        assert set(won) == set(in_hand)


@SETTINGS
@given(table=tables(), data=st.data())
def test_split_pots_and_odd_units(table: Table, data: st.DataObject) -> None:
    played = play_hand(data, table)
    hand, result = played.hand, played.hand.result
    assert result is not None
    order = hand.order_of_play()
    for award in result.awards:
        check_split(award, table.config.chip_unit if not result.by_fold else 1, order)
    if played.ranking is not None:
        assert hand.showdown_event is not None
        assert hand.showdown_event.awards == result.awards
        # Each pot goes to the best ranked players who may win it (or its only player).
        for award in result.awards:
            best = next(
                (
                    tuple(p for p in award.pot.eligible if p in group)
                    for group in played.ranking
                    if set(group) & set(award.pot.eligible)
                ),
                award.pot.eligible,
            )
            assert award.winners == best, (award, played.ranking)


@given(
    amount=st.integers(0, 10_000),
    count=st.integers(1, 10),
    chip_unit=st.sampled_from([1, 2, 5, 25, 100]),
)
@SETTINGS
def test_split_amount(amount: int, count: int, chip_unit: int) -> None:
    winners = [f"w{i}" for i in range(count)]
    shares = split_amount(amount, winners, chip_unit=chip_unit)
    assert len(shares) == count
    assert sum(shares) == amount
    units, crumbs = divmod(amount, chip_unit)
    base, odd = divmod(units, count)
    expected = [base * chip_unit + (chip_unit if i < odd else 0) for i in range(count)]
    expected[0] += crumbs
    assert shares == expected
    award = PotAward(
        "main pot", Pot(amount, tuple(winners)), tuple(zip(winners, shares, strict=True))
    )
    check_split(award, chip_unit, winners)


@SETTINGS
@given(table=tables(), data=st.data())
def test_legal_actions_are_exactly_what_verify_accepts(table: Table, data: st.DataObject) -> None:
    play_hand(data, table, probe_legal=True)


@SETTINGS
@given(table=tables(), data=st.data())
def test_replay_gives_the_same_hand(table: Table, data: st.DataObject) -> None:
    played = play_hand(data, table)
    hand = played.hand
    seats = data.draw(st.permutations(list(table.seats)), label="seat order")
    again = Hand.replay(table.config, seats, table.button, played.actions, played.ranking)
    assert again.forced == hand.forced
    assert again.events == hand.events
    assert again.players == hand.players
    assert again.returned == hand.returned
    assert again.showdown_event == hand.showdown_event
    assert again.result == hand.result
    # Step by step, the same stacks and bets.
    step = Hand(table.config, seats, table.button)
    for action, expected in zip(played.actions, played.snapshots, strict=True):
        step.apply(action)
        assert snapshot(step) == expected


@st.composite
def contributions(draw: st.DrawFn) -> list[Contribution]:
    n = draw(st.integers(1, 10))
    rows = [
        Contribution(
            f"p{i}",
            live=draw(st.integers(0, 60)),
            dead=draw(st.sampled_from([0, 0, 1, 5])),
            folded=draw(st.booleans()),
        )
        for i in range(n)
    ]
    keep = draw(st.integers(0, n - 1))
    rows[keep] = Contribution(rows[keep].player, rows[keep].live, rows[keep].dead, False)
    # A player still in has always put something in (a blind, an ante or a call).
    return [
        Contribution(c.player, c.live or 1, c.dead, c.folded)
        if not c.folded and c.live + c.dead == 0
        else c
        for c in rows
    ]


@SETTINGS
@given(rows=contributions())
def test_build_pots(rows: list[Contribution]) -> None:
    pots = build_pots(rows)
    total = sum(c.live + c.dead for c in rows)
    assert sum(pot.amount for pot in pots) == total
    folded = {c.player for c in rows if c.folded}
    check_pots(pots, folded, [c.player for c in rows])
    # What each player still in may win: all the dead money, and from each player what
    # that player put in up to his own total; the top player also takes any folded bet above.
    dead = sum(c.dead for c in rows)
    in_hand = [c for c in rows if not c.folded]
    top_level = max(c.live for c in in_hand)
    above = sum(max(c.live - top_level, 0) for c in rows)
    for me in in_hand:
        may_win = sum(pot.amount for pot in pots if me.player in pot.eligible)
        reach = dead + sum(min(c.live, me.live) for c in rows)
        if me.live == top_level and (top_level > 0 or dead > 0):
            reach += above
        assert may_win == reach, (me, pots)


@SETTINGS
@given(table=tables(), data=st.data())
def test_pots_of_a_hand(table: Table, data: st.DataObject) -> None:
    # check_hand_pots runs after every action; here, also the pots settled at the end.
    played = play_hand(data, table)
    result = played.hand.result
    assert result is not None
    awarded = sum(award.pot.amount for award in result.awards)
    put_in = sum(f.amount for f in played.hand.forced)
    put_in += sum(e.added for e in played.hand.events)
    assert awarded == put_in - sum(result.returned.values())
    folded = {p.name for p in played.hand.players if p.folded}
    check_pots([a.pot for a in result.awards], folded, played.hand.order_of_play())
