"""Speed of Marquoir's hand engine against PokerKit on the same hold'em hands.

Run with the project's virtualenv (pokerkit comes with the `test` extra):

    python bench/bench_engine.py [--hands N] [--repeat R] [--seed S]

A fixed set of random hands (seeded: no-limit, pot-limit and fixed-limit, 2 to 9 players,
unequal stacks, antes, big-blind antes, straddles, all-ins) is generated once, up front, by
driving Marquoir's engine: each action is drawn among its legal actions and a showdown
ranking comes from a seeded shuffle of the players still in. Generation stays within the
rules both engines share (see tests/test_differential_pokerkit.py), so PokerKit accepts
every action. The timed part then replays the same action lists:

- Marquoir: `Hand(config, seats, button)`, every action, `showdown(ranking)`;
- PokerKit: `tests.pokerkit_driver.PKHand` (state creation, forced bets, cards dealt from a
  seeded deck), every action, then its automated showdown (it evaluates the cards itself,
  which Marquoir never does: the users give the ranking).

Both sides run in the same process, alternating, `--repeat` times; the median of each is
reported. Standard library plus pokerkit only.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run from a checkout: use the repository's copies
    sys.path.insert(0, str(ROOT))

from marquoir.domain import (  # noqa: E402
    Action,
    ActionKind,
    BettingKind,
    Hand,
    LegalActions,
    Phase,
    SeatInfo,
    TableConfig,
)
from tests.pokerkit_driver import PKHand, PKSpec  # noqa: E402

TARGET_RATIO = 20.0


@dataclass(frozen=True)
class Replay:
    """One hand to replay: the table, our actions and ranking, PokerKit's spec and moves."""

    config: TableConfig
    seats: tuple[SeatInfo, ...]
    actions: tuple[Action, ...]
    ranking: tuple[tuple[str, ...], ...] | None
    spec: PKSpec
    moves: tuple[int, ...]  # PokerKit: -1 fold, 0 check or call, n > 0 bet or raise to n


# -- generating the hands (untimed) ------------------------------------------------------------


def random_table(rng: random.Random) -> tuple[TableConfig, list[int]]:
    """A random table and stacks (index 0 = the button) where both engines follow the same
    rules: the big blind (and the small blind in pot-limit) posts in full, every ante is
    posted in full, heads-up blinds differ, fixed-limit small bet at most two big blinds."""
    betting = rng.choice(("nl", "nl", "pl", "fl"))
    n = rng.randint(2, 9)
    bb = rng.choice((2, 2, 4, 10))
    sb = bb // 2 if n == 2 else rng.choice((bb // 2, bb // 2, bb))
    ante, bb_ante = 0, False
    kind = rng.random()
    if kind < 0.2:
        ante = rng.randint(1, bb)
    elif kind < 0.35:
        ante, bb_ante = bb, True
    limits: dict[str, int] = {}
    if betting == "fl":
        limits = {"small_bet": bb, "big_bet": 2 * bb}
    config = TableConfig(
        small_blind=sb,
        big_blind=bb,
        betting=BettingKind(betting),
        ante=ante,
        bb_ante=bb_ante,
        straddle=betting != "fl" and n >= 3 and rng.random() < 0.2,
        **limits,
    )
    stacks = [
        rng.randint(3 * bb, 30 * bb) if rng.random() < 0.2 else rng.randint(30 * bb, 300 * bb)
        for _ in range(n)
    ]
    small_i, big_i = (0, 1) if n == 2 else (1, 2)
    stacks[big_i] = max(stacks[big_i], ante + bb)
    stacks[small_i] = max(stacks[small_i], ante + sb)
    return config, [max(stack, ante) for stack in stacks]


def pick(rng: random.Random, hand: Hand, legal: LegalActions) -> Action:
    """A random legal action that PokerKit accepts too (no raise it calls pointless, no
    short all-in raise in fixed-limit), with folds common, as at a real table."""
    others = [p for p in hand.players if p.name != legal.player and not p.folded]
    may_raise = any(p.stack + p.bet > legal.current_bet for p in others)
    fixed = hand.config.betting is BettingKind.FIXED_LIMIT
    raise_ok = may_raise and legal.min_to is not None and legal.max_to is not None
    allin_raise = legal.allin_to > legal.current_bet
    allin_ok = legal.allin_ok and (
        not allin_raise
        or (may_raise and not (fixed and (legal.min_to is None or legal.allin_to < legal.min_to)))
    )
    weights = (
        [("check", 6.0), ("bet", 2.0 if raise_ok else 0.0)]
        if legal.can_check
        else [("fold", 5.0), ("call", 4.0), ("bet", 1.2 if raise_ok else 0.0)]
    )
    weights.append(("allin", 0.25 if allin_ok else 0.0))
    draw = rng.random() * sum(weight for _, weight in weights)
    chosen = weights[0][0]
    for verb, weight in weights:
        draw -= weight
        if draw < 0 and weight:
            chosen = verb
            break
    if chosen != "bet":
        return getattr(Action, chosen)()
    assert legal.min_to is not None and legal.max_to is not None
    low, high = legal.min_to, legal.max_to
    return Action.bet(low + int((high - low) * rng.random() ** 4))


def random_ranking(rng: random.Random, hand: Hand) -> tuple[tuple[str, ...], ...]:
    """The players still in, shuffled, each tying the one before with probability 0.1."""
    alive = [p.name for p in hand.players if not p.folded]
    rng.shuffle(alive)
    groups: list[list[str]] = []
    for player in alive:
        if groups and rng.random() < 0.1:
            groups[-1].append(player)
        else:
            groups.append([player])
    return tuple(tuple(group) for group in groups)


def generate(count: int, seed: int) -> list[Replay]:
    """`count` hands, the same for the same seed, driven by our engine."""
    rng = random.Random(seed)
    replays = []
    for _ in range(count):
        config, stacks = random_table(rng)
        seats = tuple(SeatInfo(f"p{i}", i + 1, stack) for i, stack in enumerate(stacks))
        hand = Hand(config, seats, 1)
        actions: list[Action] = []
        moves: list[int] = []
        while hand.to_act is not None:
            legal = hand.legal()
            action = pick(rng, hand, legal)
            if action.kind is ActionKind.FOLD:
                moves.append(-1)
            elif action.kind is ActionKind.BET:
                moves.append(action.amount or 0)
            elif action.kind is ActionKind.ALLIN and legal.allin_to > legal.current_bet:
                moves.append(legal.allin_to)
            else:
                moves.append(0)
            actions.append(action)
            hand.apply(action)
        ranking = random_ranking(rng, hand) if hand.phase is Phase.SHOWDOWN else None
        straddled = any(f.kind == "straddle" for f in hand.forced)
        spec = PKSpec.for_table(
            config, tuple(stacks), straddled=straddled, seed=rng.randrange(2**32)
        )
        replays.append(Replay(config, seats, tuple(actions), ranking, spec, tuple(moves)))
    return replays


# -- the timed replays -------------------------------------------------------------------------


def run_marquoir(replays: list[Replay]) -> int:
    """Replay every hand through our engine; return the number of chips at the end."""
    total = 0
    for r in replays:
        hand = Hand(r.config, r.seats, 1)
        for action in r.actions:
            hand.apply(action)
        if r.ranking is not None:
            hand.showdown(r.ranking)
        assert hand.result is not None
        total += sum(hand.result.final.values())
    return total


def run_pokerkit(replays: list[Replay]) -> int:
    """Replay every hand through PokerKit; return the number of chips at the end."""
    total = 0
    for number, r in enumerate(replays):
        pk = PKHand(r.spec)
        try:
            for move in r.moves:
                if move < 0:
                    pk.fold()
                elif move == 0:
                    pk.check_or_call()
                else:
                    pk.bet_to(move)
            while pk.actor() is not None:  # PokerKit asks a lone player to check
                pk.check_or_call()
        except ValueError as exc:
            raise SystemExit(f"PokerKit refused hand {number} ({r.spec}): {exc}") from exc
        total += sum(pk.finish())
    return total


def timed(run: Callable[[list[Replay]], int], replays: list[Replay]) -> tuple[float, int]:
    """Seconds one replay of every hand takes, and the chips it ended with."""
    gc.collect()
    start = time.perf_counter()
    chips = run(replays)
    return time.perf_counter() - start, chips


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000, help="hands (default 10000)")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs per side (default 3)")
    parser.add_argument("--seed", type=int, default=20240601, help="generation seed")
    args = parser.parse_args(argv)

    start = time.perf_counter()
    replays = generate(args.hands, args.seed)
    generated = time.perf_counter() - start
    actions = sum(len(r.actions) for r in replays)
    showdowns = sum(r.ranking is not None for r in replays)
    chips = sum(sum(r.spec.stacks) for r in replays)
    print(
        f"{len(replays)} hands ({actions} actions, {showdowns} showdowns), "
        f"generated in {generated:.2f} s; {args.repeat} timed runs per side"
    )
    ours: list[float] = []
    theirs: list[float] = []
    for _ in range(args.repeat):
        for run, times in ((run_marquoir, ours), (run_pokerkit, theirs)):
            seconds, end_chips = timed(run, replays)
            if end_chips != chips:
                raise SystemExit(f"{run.__name__}: {end_chips} chips at the end, not {chips}")
            times.append(seconds)
    ours_rate = len(replays) / statistics.median(ours)
    theirs_rate = len(replays) / statistics.median(theirs)
    ratio = ours_rate / theirs_rate
    for label, rate, times in (("marquoir", ours_rate, ours), ("pokerkit", theirs_rate, theirs)):
        runs = ", ".join(f"{t:.3f}" for t in times)
        print(f"{label:<9} {rate:10.0f} hands/s  (runs: {runs} s)")
    verdict = "ok" if ratio >= TARGET_RATIO else "BELOW TARGET"
    print(f"ratio     {ratio:10.1f} x  (target {TARGET_RATIO:.0f}x: {verdict})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
