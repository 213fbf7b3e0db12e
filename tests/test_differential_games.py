"""Differential test: Omaha, Omaha hi-lo, seven-card stud, stud hi-lo and razz against
PokerKit 0.7.7, with cards.

Each random hand is dealt from one seeded deck in both engines (`tests.pokerkit_games_driver`).
At every step both must agree on who acts, what a call costs, the chips behind and in the
middle, and the bounds of a bet or raise; each action is picked among OUR legal actions and
PokerKit must accept it. In stud games the scorekeeper names the bring-in and who speaks
first on later streets: the test names whoever PokerKit asks (the lowest up-card, or the
highest in razz; then the best hand showing, or the lowest in razz). At the showdown the
cards decide: OUR evaluator reads the shown cards into the high and low rankings, which must
be the rankings of PokerKit's evaluators, and the final stacks are compared exactly.

Known differences, each shown with both outcomes in a test of its own below and, in the bulk
test, computed by both rules (the expected stacks of each engine are worked out by its own
rule, written here independently of both engines):

difference                                              | in the bulk test
--------------------------------------------------------+------------------------------------
odd chips inside a half: whole remainder to one winner  | expected stacks by both rules
pots merged after losing hands are killed               | expected stacks by both rules
a pot whose players hold no low while another player    | expected stacks by both rules
  does: PokerKit shares its low half among them all     |
fixed-limit: 4 raises pre-flop after the blind (Omaha)  | checked: we are capped, PokerKit not
PokerKit asks a lone player to check                    | checked: PokerKit gets the extra check
PokerKit's "FixedLimit" Omaha hi-lo bets pot-limit      | the driver builds a fixed-limit one
PokerKit refuses a raise nobody could call beyond       | checked: we allow it, none is picked
short all-in first bet/raise reopens the betting        | checked: we refuse a raise
a short ante is layered (the driver trims antes)        | not generated (antes posted in full)

The last four are hold'em's, shown in `tests/test_differential_pokerkit.py`; its `explain`
names them here too, with the same checks.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import pytest
from pokerkit import (
    Automation,
    BettingStructure,
    Card,
    FixedLimitOmahaHoldemHighLowSplitEightOrBetter,
)

from marquoir.domain import (
    Action,
    ActionKind,
    BettingKind,
    Game,
    Hand,
    LegalActions,
    Phase,
    PlayerView,
    SeatInfo,
    TableConfig,
)
from marquoir.domain.cards import low_ranking_from_cards, parse_cards, ranking_from_cards
from marquoir.domain.games.evaluator import Evaluator
from marquoir.domain.ranking import Ranking

from .pokerkit_games_driver import PKGame, PKGameSpec, stacked_omaha_deck
from .sizes import sized
from .test_differential_pokerkit import Round, bounds, choose, explain

# 250 hands a game by default, 1,000 in CI (MARQUOIR_FULL=1, tests/sizes.py): the same seeds,
# so the quick run plays the first hands of the full one.
HANDS = int(os.environ.get("MARQUOIR_DIFFERENTIAL_HANDS", sized(250, 1000)))
STUD_LIKE = ("stud", "stud8", "razz")


def name(i: int) -> str:
    return f"p{i}"


def index(player: str) -> int:
    return int(player[1:])


@dataclass(frozen=True)
class GameDeal:
    """A hand to play: the PokerKit game key, our table, stacks (0 = the button), a seed,
    and the cards on top of the deck when a test deals given hands."""

    game: str
    config: TableConfig
    stacks: tuple[int, ...]
    seed: int = 0
    top: tuple[Card, ...] = ()

    @property
    def variant(self) -> Evaluator:
        variant = self.config.evaluator
        assert variant is not None
        return variant


def start(deal: GameDeal) -> tuple[Hand, PKGame]:
    cfg = deal.config
    seats = [SeatInfo(name(i), i + 1, stack) for i, stack in enumerate(deal.stacks)]
    hand = Hand(cfg, seats, 1)
    small, big = cfg.limits if cfg.betting is BettingKind.FIXED_LIMIT else (0, 0)
    spec = PKGameSpec(
        game=deal.game,
        betting=cfg.betting.value,
        stacks=deal.stacks,
        small_blind=cfg.small_blind,
        big_blind=cfg.big_blind,
        ante=cfg.ante,
        bring_in=cfg.bring_in,
        small_bet=small,
        big_bet=big,
        seed=deal.seed,
        top=deal.top,
    )
    return hand, PKGame(spec)


def act(hand: Hand, pk: PKGame, action: Action) -> None:
    """One of our actions in both engines (PokerKit first: it raises if it refuses)."""
    legal = hand.legal()
    if action.kind is ActionKind.FOLD:
        pk.fold()
    elif action.kind in (ActionKind.CHECK, ActionKind.CALL) or (
        action.kind is ActionKind.ALLIN and legal.allin_to <= legal.current_bet
    ):
        pk.check_or_call()
    else:
        total = legal.allin_to if action.kind is ActionKind.ALLIN else action.amount
        assert total is not None
        pk.bet_to(total)
    hand.apply(action)


def name_who_speaks(hand: Hand, pk: PKGame, rng: random.Random, stats: Counter[str]) -> bool:
    """The scorekeeper's part in stud games: name the bring-in (who brings in or completes)
    or who speaks first, as PokerKit decided from the up-cards. True if something was said."""
    if hand.awaiting is None:
        return False
    who = pk.actor()
    assert who is not None, (hand.awaiting, pk.state.status)
    player = name(who)
    if hand.awaiting == "bring-in":
        assert pk.waits_for_bring_in()
        small = hand.config.limits[0]
        stack = hand.players[who].stack
        if rng.random() < 0.3 and stack >= small:
            pk.bet_to(small)
            hand.apply(Action.bring_in(player, complete_to=small))
            stats["bring-in completed"] += 1
        else:
            pk.post_bring_in()
            hand.apply(Action.bring_in(player))
            stats["bring-in posted"] += 1
    else:
        hand.apply(Action.first(player))
        stats["named first"] += 1
    return True


# -- the showdown: rankings from the cards, pots by both rules ---------------------------------


def shown_cards(hand: Hand, pk: PKGame) -> tuple[dict[str, str], str]:
    """The cards each player still in shows, and the board, as the scorekeeper types them."""
    shown = {
        p.name: " ".join(repr(c) for c in pk.hole_cards(i))
        for i, p in enumerate(hand.players)
        if not p.folded
    }
    return shown, " ".join(repr(c) for c in pk.board())


def groups(ranking: Ranking) -> list[frozenset[str]]:
    return [frozenset(group) for group in ranking]


def pokerkit_rankings(hand: Hand, pk: PKGame) -> tuple[Ranking, Ranking]:
    """The high (razz: low) and qualifying-low rankings by PokerKit's evaluators."""
    alive = [i for i, p in enumerate(hand.players) if not p.folded]
    values = {i: pk.hands(i) for i in alive}

    def rank(pick: int) -> Ranking:
        held = [i for i in alive if values[i][pick] is not None]
        ordered = sorted(held, key=lambda i: values[i][pick], reverse=True)  # type: ignore[arg-type,return-value]
        result: list[list[str]] = []
        for i in ordered:
            if result and values[index(result[-1][0])][pick] == values[i][pick]:
                result[-1].append(name(i))
            else:
                result.append([name(i)])
        return tuple(tuple(group) for group in result)

    return rank(0), rank(1)


def order_of_play(n: int) -> list[int]:
    return [(k + 1) % n for k in range(n)]


def _best(eligible: Sequence[str], rank: dict[str, int]) -> list[str]:
    ranked = [p for p in eligible if p in rank]
    if not ranked:
        return []
    top = min(rank[p] for p in ranked)
    return [p for p in ranked if rank[p] == top]


def _layers(views: Sequence[PlayerView], still_in: set[str]) -> list[tuple[int, list[str]]]:
    """Dead money (antes) in the main pot, one layer per all-in level, adjacent layers with
    the same players merged."""
    ordered = [views[i] for i in order_of_play(len(views))]
    layers: list[tuple[int, list[str]]] = []
    dead = sum(v.dead for v in ordered)
    if dead:
        layers.append((dead, [v.name for v in ordered if v.name in still_in]))
    previous = 0
    for level in sorted({v.live for v in ordered if v.name in still_in and v.live > 0}):
        amount = sum(min(max(v.live - previous, 0), level - previous) for v in ordered)
        layers.append((amount, [v.name for v in ordered if v.name in still_in and v.live >= level]))
        previous = level
    pots: list[tuple[int, list[str]]] = []
    for amount, eligible in layers:
        if pots and pots[-1][1] == eligible:
            pots[-1] = (pots[-1][0] + amount, eligible)
        elif amount:
            pots.append((amount, eligible))
    return pots


def tda_shares(
    views: Sequence[PlayerView], high: dict[str, int], low: dict[str, int]
) -> dict[str, int]:
    """Our rule: each pot on its own (TDA 21); a pot with a qualifying low among its players
    is halved, the high half taking the odd chip; inside a half one odd chip each from the
    first winner left of the button (TDA 20); no low: the high hand scoops."""
    won = dict.fromkeys((v.name for v in views), 0)
    alive = {v.name for v in views if not v.folded}
    for amount, eligible in _layers(views, alive):
        lows = _best(eligible, low)
        halves = [(amount - amount // 2, _best(eligible, high)), (amount // 2, lows)]
        for part, winners in halves if lows else [(amount, _best(eligible, high))]:
            share, odd = divmod(part, len(winners))
            for k, player in enumerate(winners):
                won[player] += share + (1 if k < odd else 0)
    return won


def pokerkit_shares(
    views: Sequence[PlayerView], high: dict[str, int], low: dict[str, int]
) -> dict[str, int]:
    """PokerKit's rule (`State._begin_chips_pushing`, `push_chips`, hand killing): the hands
    that win nothing in any pot are killed and the pots made again (adjacent pots with the
    same players merge); a pot is halved when some player still in holds a low, the high
    half taking the remainder; the low half goes to the best low among the pot's players,
    or, when none of them holds one, to all of them; the whole remainder of a half goes to
    its first winner left of the button."""
    alive = {v.name for v in views if not v.folded}
    winners_of_something = set()
    for _, eligible in _layers(views, alive):
        winners_of_something.update(_best(eligible, high))
        winners_of_something.update(_best(eligible, low))
    won = dict.fromkeys((v.name for v in views), 0)
    some_low = any(player in low for player in winners_of_something)
    for amount, eligible in _layers(views, winners_of_something):
        highs = _best(eligible, high)
        halves = [(amount, highs)]
        if some_low:
            halves = [
                (amount - amount // 2, highs),
                (amount // 2, _best(eligible, low) or eligible),
            ]
        for part, winners in halves:
            share, remainder = divmod(part, len(winners))
            for player in winners:
                won[player] += share
            won[winners[0]] += remainder
    return won


def settle(hand: Hand, pk: PKGame, deal: GameDeal, stats: Counter[str]) -> None:
    """The showdown from the cards, by our evaluator, checked against PokerKit's."""
    views = hand.players
    shown, board = shown_cards(hand, pk)
    cards = {player: parse_cards(text) for player, text in shown.items()}
    ranking, _ = ranking_from_cards(deal.variant, cards, parse_cards(board))
    pk_high, pk_low = pokerkit_rankings(hand, pk)
    assert groups(ranking) == groups(pk_high), (shown, board, ranking, pk_high)
    low: Ranking | None = None
    if hand.rules.low_half:
        low, _ = low_ranking_from_cards(deal.variant, cards, parse_cards(board))
        assert groups(low) == groups(pk_low), (shown, board, low, pk_low)
        stats["a qualifying low"] += bool(low)
        low = low or None
    hand.showdown(ranking, low=low)
    assert hand.result is not None
    high_rank = {p: k for k, group in enumerate(ranking) for p in group}
    low_rank = {p: k for k, group in enumerate(low or ()) for p in group}
    ours_rule = tda_shares(views, high_rank, low_rank)
    theirs_rule = pokerkit_shares(views, high_rank, low_rank)
    won = hand.result.won()
    assert {p: won.get(p, 0) for p in ours_rule} == ours_rule
    ours_final = tuple(hand.result.final[name(i)] for i in range(len(views)))
    expected = tuple(
        ours_final[i] - ours_rule[name(i)] + theirs_rule[name(i)] for i in range(len(views))
    )
    pk_final = pk.finish()
    assert pk_final == expected, (ours_final, pk_final, ours_rule, theirs_rule)
    stats["split pot"] += any(len(g) > 1 for g in (*ranking[:1], *(low or ())[:1]))
    stats["split high / low"] += any(award.low for award in hand.result.awards)
    stats["side pots"] += len(hand.result.awards) > 1
    stats["odd chips differ (both rules computed)"] += ours_final != pk_final


# -- random deals --------------------------------------------------------------------------


def random_deal(rng: random.Random, game: str, betting: str) -> GameDeal:
    stud = game in STUD_LIKE
    n = rng.randint(2, 7 if stud else 8)
    game_of = {
        "omaha": Game.OMAHA,
        "omaha8": Game.OMAHA_HILO,
        "stud": Game.STUD,
        "stud8": Game.STUD_HILO,
        "razz": Game.RAZZ,
    }
    if stud:
        small = rng.choice((2, 4, 4, 10))
        bring_in = rng.randint(1, small - 1)
        ante = rng.choice((0, 1, 1, bring_in))
        config = TableConfig(
            0,
            0,
            game=game_of[game],
            betting=BettingKind.FIXED_LIMIT,
            ante=ante,
            bring_in=bring_in,
            small_bet=small,
            big_bet=2 * small,
        )
        unit, posted = small, ante + bring_in
    else:
        bb = rng.choice((2, 2, 4, 10))
        sb = max(1, bb // 2)
        limits: dict[str, int] = {}
        if betting == "fl":
            limits = {"small_bet": bb, "big_bet": 2 * bb}
        config = TableConfig(
            sb, bb, game=game_of[game], betting=BettingKind(betting), ante=0, **limits
        )
        unit, posted = bb, bb
    stacks = []
    for _ in range(n):
        depth = rng.random()
        if depth < 0.3:
            stacks.append(rng.randint(posted + 1, 6 * unit))
        elif depth < 0.8:
            stacks.append(rng.randint(6 * unit, 40 * unit))
        else:
            stacks.append(rng.randint(40 * unit, 200 * unit))
    return GameDeal(game, config, tuple(stacks), rng.randrange(2**32))


def play_differential(deal: GameDeal, rng: random.Random, stats: Counter[str]) -> None:
    """One random hand through both engines, compared at every step and at the end."""
    hand, pk = start(deal)
    fixed = deal.config.betting is BettingKind.FIXED_LIMIT
    rnd = Round(hand.street, False)
    while True:
        if hand.street != rnd.street:
            rnd = Round(hand.street, False)
        if name_who_speaks(hand, pk, rng, stats):
            track(hand, rnd, None)
            continue
        ours_i = None if hand.to_act is None else index(hand.to_act)
        pk_i = pk.actor()
        if ours_i != pk_i:
            # PokerKit asks a player who owes nothing to check although everybody else
            # still in is all-in; we skip him (docs/rules.md: who acts).
            assert ours_i is None and pk_i is not None and hand.phase is Phase.SHOWDOWN
            assert pk.state.checking_or_calling_amount == 0
            pk.check_or_call()
            stats["PokerKit asks a lone player to check"] += 1
            continue
        if ours_i is None:
            break
        assert_same_table(hand, pk)
        legal = hand.legal()
        assert pk.state.checking_or_calling_amount == legal.call_amount
        ours, theirs = bounds(legal), pk.min_max_bet_to()
        may_raise = True
        if ours == theirs:
            stats["bounds equal"] += 1
        else:
            # the hold'em test's names for the differences it knows, checked the same way
            why = explain(hand, legal, rnd, ours, theirs)
            stats[why] += 1
            may_raise = why != "PokerKit sees no reason to raise"
        action = choose(rng, legal, may_raise=may_raise, short_allin_ok=not fixed)
        if action.kind is ActionKind.BET:
            assert pk.can_bet_to(action.amount or 0), (action, theirs)
        act(hand, pk, action)
        track(hand, rnd, legal)
        stats["all-in"] += hand.events[-1].all_in
    if hand.phase is Phase.COMPLETE:
        stats["won by fold"] += 1
        assert tuple(hand.result.final[name(i)] for i in range(pk.n)) == pk.finish()  # type: ignore[union-attr]
        return
    stats["showdown"] += 1
    settle(hand, pk, deal, stats)


def track(hand: Hand, rnd: Round, legal: LegalActions | None) -> None:
    """What the round saw, for `explain`: bets and raises (a completed bring-in too), the
    short all-ins among them, and where each player last acted."""
    event = hand.events[-1]
    if event.verb in ("bet", "raise", "complete"):
        rnd.raises += 1
        short = legal is not None and (legal.min_to is None or event.total < legal.min_to)
        rnd.short.append(event.all_in and short)
    rnd.last_acted[event.player] = len(rnd.short)


def assert_same_table(hand: Hand, pk: PKGame) -> None:
    n = len(hand.players)
    state = pk.state
    assert sum(p.stack + p.put_in for p in hand.players) == sum(pk.spec.stacks)
    assert [p.stack for p in hand.players] == [state.stacks[(i - 1) % n] for i in range(n)]
    assert hand.total_in_middle() == state.total_pot_amount


CASES = [
    ("omaha", "pl"),
    ("omaha8", "pl"),
    ("omaha8", "fl"),
    ("stud", "fl"),
    ("stud8", "fl"),
    ("razz", "fl"),
]


@pytest.mark.parametrize(("game", "betting"), CASES, ids=[f"{g}-{b}" for g, b in CASES])
def test_random_hands_agree_with_pokerkit(game: str, betting: str) -> None:
    """Random hands with cards: same actors, amounts, bounds, rankings and final stacks."""
    rng = random.Random(f"marquoir games differential {game} {betting}")
    stats: Counter[str] = Counter()
    for number in range(HANDS):
        deal = random_deal(rng, game, betting)
        try:
            play_differential(deal, rng, stats)
        except (AssertionError, ValueError) as exc:
            raise AssertionError(f"hand {number}: {deal}\n  {exc}") from exc
    print(game, betting, dict(stats))
    assert stats["showdown"] >= HANDS // 10
    assert stats["all-in"] >= HANDS // 10
    assert stats["side pots"] >= HANDS // 100
    if game in ("omaha8", "stud8"):
        assert stats["split high / low"] >= HANDS // 20
    if game in STUD_LIKE:
        assert stats["bring-in completed"] >= HANDS // 10
        assert stats["named first"] >= HANDS


# -- the known differences, each with both outcomes --------------------------------------------


def test_found_pokerkit_fixed_limit_omaha_hi_lo_bets_pot_limit() -> None:
    """PokerKit 0.7.7's `FixedLimitOmahaHoldemHighLowSplitEightOrBetter` is built on
    `PotLimitPokerMixin`: at 1/2 with limits 2/4, three-handed, the button may raise to 2
    to 7 (the pot), not exactly 4. Our fixed-limit Omaha hi-lo raises one unit (to 4), as
    fixed-limit does; the driver compares it with a fixed-limit class built like PokerKit's
    `FixedLimitTexasHoldem`, and our pot-limit Omaha hi-lo with PokerKit's class."""
    assert FixedLimitOmahaHoldemHighLowSplitEightOrBetter.betting_structure is (
        BettingStructure.POT_LIMIT
    )
    config = TableConfig(1, 2, game=Game.OMAHA_HILO, betting=BettingKind.FIXED_LIMIT)
    hand, pk = start(GameDeal("omaha8", config, (100, 100, 100)))
    assert (hand.legal().min_to, hand.legal().max_to) == (4, 4) == pk.min_max_bet_to()
    state = FixedLimitOmahaHoldemHighLowSplitEightOrBetter.create_state(
        (*pk.state.automations, Automation.HOLE_DEALING), True, 0, (1, 2), 2, 4, (100,) * 3, 3
    )
    assert state.min_completion_betting_or_raising_to_amount == 4
    assert state.max_completion_betting_or_raising_to_amount == 7  # the pot raise
    state.complete_bet_or_raise_to(7)  # a raise of 5: no fixed-limit game allows it


def omaha8(stacks: tuple[int, ...], hands: list[str], board: str) -> tuple[Hand, PKGame]:
    """Pot-limit Omaha hi-lo at 1/2 with these hands (OUR order, 0 = the button)."""
    config = TableConfig(1, 2, game=Game.OMAHA_HILO, betting=BettingKind.POT_LIMIT)
    return start(GameDeal("omaha8", config, stacks, top=stacked_omaha_deck(hands, board)))


def play(hand: Hand, pk: PKGame, script: str) -> None:
    """Apply "call; bet 3; allin; fold; check" to both engines."""
    for word in script.split(";"):
        verb, *amount = word.split()
        action = Action.bet(int(amount[0])) if verb == "bet" else getattr(Action, verb)()
        act(hand, pk, action)


def showdown_stacks(hand: Hand, pk: PKGame) -> tuple[list[int], list[int]]:
    """The showdown from the cards in both engines: (our final stacks, PokerKit's)."""
    while hand.to_act is not None:
        act(hand, pk, Action.check())
    shown, board = shown_cards(hand, pk)
    cards = {player: parse_cards(text) for player, text in shown.items()}
    ranking, _ = ranking_from_cards("omaha8", cards, parse_cards(board))
    low, _ = low_ranking_from_cards("omaha8", cards, parse_cards(board))
    assert groups(ranking) == groups(pokerkit_rankings(hand, pk)[0])
    assert groups(low) == groups(pokerkit_rankings(hand, pk)[1])
    hand.showdown(ranking, low=low or None)
    assert hand.result is not None
    return [hand.result.final[name(i)] for i in range(pk.n)], list(pk.finish())


def test_agreed_the_high_half_takes_the_odd_chip() -> None:
    """Both engines give the odd chip of the division into halves to the high half (TDA
    2024 rule 20): a pot of 7 (three calls of 2 and a folded small blind of 1): p0's three
    kings take 4, p2's low 3."""
    hand, pk = omaha8(
        (100, 100, 100, 100),
        ["Kh Ks 9c 9d", "Jc Js Tc Td", "As 2s Jh Th", "Qh Qs 8c 8d"],
        "3c 4d 7h Kc Qd",
    )
    play(hand, pk, "call; call; fold; check")
    assert hand.total_in_middle() == 7
    ours, theirs = showdown_stacks(hand, pk)
    assert ours == theirs == [102, 99, 101, 98]  # p0 +4 - 2, p2 +3 - 2, p3 -2, p1 -1


def test_known_odd_chips_inside_a_half_whole_remainder_to_one_winner() -> None:
    """Five players call 2: a pot of 10, high 5 to p0's three kings, low 5 shared by p1, p2
    and p3 (7-4-3-2-A each). We give the odd chips of the low half one each from the left of
    the button, 2/2/1 (TDA 20); PokerKit gives the whole remainder to p1: 3/1/1."""
    hand, pk = omaha8(
        (100,) * 5,
        ["Kh Ks 9c 9d", "As 2s Jh Th", "Ah 2h Js Ts", "Ad 2d Jd 8s", "6c 6d 6h 6s"],
        "3c 4d 7h Kc Qd",
    )
    play(hand, pk, "call; call; call; call; check")
    ours, theirs = showdown_stacks(hand, pk)
    assert [s - 100 for s in ours] == [5 - 2, 2 - 2, 2 - 2, 1 - 2, -2]
    assert [s - 100 for s in theirs] == [5 - 2, 3 - 2, 1 - 2, 1 - 2, -2]


def test_known_pots_are_merged_after_losing_hands_are_killed() -> None:
    """p0 is all-in for 4: main pot 17 (p1's folded small blind in it), side pot 13 (p4
    folds on the turn). p2 has the best high, p3 the best low, p0 nothing. We split each pot
    on its own (TDA 21): main 9 / 8, side 7 / 6, p2 takes 16 and p3 14. PokerKit kills p0's
    hand, finds both pots have the same players and splits 30: 15 / 15."""
    hand, pk = omaha8(
        (4, 100, 100, 100, 100),
        ["Jc Js Tc Td", "9h 9s 9c 9d", "Kh Ks Qh Qs", "As 2s 6h 6s", "Ah 2h 8h 8s"],
        "3c 4d 8h Kc Jd",
    )
    play(hand, pk, "call; call; allin; fold; call; call; call")
    play(hand, pk, "bet 3; call; call; bet 2; call; fold")
    assert [p.amount for p in hand.pots()] == [17, 13]
    ours, theirs = showdown_stacks(hand, pk)
    assert ours[2] - theirs[2] == 1 and ours[3] - theirs[3] == -1
    assert (ours[2], ours[3]) == (100 - 9 + 16, 100 - 9 + 14)
    assert (theirs[2], theirs[3]) == (100 - 9 + 15, 100 - 9 + 15)


def test_known_a_pot_without_a_low_among_its_players_pokerkit_halves_it_anyway() -> None:
    """p0 (all-in for 4) holds the only low; p1 (all-in for 10) the best high, p2 the next,
    p3 the worst. Main pot 16: high 8 to p1, low 8 to p0 in both engines. Side pot 18 (p1,
    p2, p3), where nobody has a low: we give it whole to p1, the best high (the high hand
    scoops). PokerKit halves it because somebody at the table has a low; the low half finds
    no low among the pot's players still in (p1, and p2, who wins the last side pot) and
    goes to both: p1 9 + 5, p2 4. Side pot 4 (p2, p3): p2 in both engines."""
    hand, pk = omaha8(
        (4, 10, 100, 100),
        ["As 2s 6h 6s", "Kh Ks Qh Qs", "Jc Js Tc Td", "9h 9s 9c 9d"],
        "3c 4d 8h Kc Jd",
    )
    play(hand, pk, "call; allin; allin; call; call; bet 2; call")
    assert [p.amount for p in hand.pots()] == [16, 18, 4]
    ours, theirs = showdown_stacks(hand, pk)
    assert ours == [8, 26, 92, 88]
    assert theirs == [8, 22, 96, 88]


def test_known_fixed_limit_omaha_hi_lo_cap_pre_flop() -> None:
    """As in fixed-limit hold'em: pre-flop we allow 3 raises after the big blind
    (docs/rules.md, the cap of 3), PokerKit a 4th."""
    config = TableConfig(1, 2, game=Game.OMAHA_HILO, betting=BettingKind.FIXED_LIMIT)
    hand, pk = start(GameDeal("omaha8", config, (100,) * 3))
    play(hand, pk, "bet 4; bet 6; bet 8")
    assert hand.legal().min_to is None
    assert pk.min_max_bet_to() == (10, 10)


def test_agreed_completing_a_large_bring_in_reopens_the_betting() -> None:
    """Stud at 4/8 with a bring-in of 3: p2 brings in, p3 calls 3, p0 completes to 4 (one
    chip more, but a full bet: it completes the bring-in). p2 and p3 may raise to 8 in both
    engines (Robert's Rules, stud: the completion is the opening bet)."""
    config = TableConfig(
        0, 0, game=Game.STUD, betting=BettingKind.FIXED_LIMIT, bring_in=3, small_bet=4
    )
    hand, pk = start(GameDeal("stud", config, (100,) * 4, seed=7))
    who = pk.actor()
    assert who is not None
    pk.post_bring_in()
    hand.apply(Action.bring_in(name(who)))
    play(hand, pk, "call")  # the next player calls the bring-in
    play(hand, pk, "bet 4")  # the completion
    play(hand, pk, "call")
    assert hand.to_act == name(who) and hand.legal().min_to == 8
    assert pk.min_max_bet_to() == (8, 8)
    play(hand, pk, "call")
    assert hand.legal().min_to == 8 == pk.min_max_bet_to()[0]  # type: ignore[index]
