"""Speed of Marquoir's card evaluator against PokerKit's, side by side in one run.

Run with the project's virtualenv (pokerkit comes with the `test` extra):

    python bench/bench_cards.py [--repeat R] [--imports N] [--seed S]

(a) Import time: `import marquoir.domain.cards` and `import pokerkit`, each in N fresh
    Python processes (alternating), timed inside the process around the import statement
    with `time.perf_counter`; the median is printed, with the median wall time of the whole
    process (`python -c "import ..."`) and of an empty one (`python -c pass`) for scale.

(b) Evaluations per second on fixed, seeded hands, generated once up front (untimed):
    20,000 random seven-card hold'em hands (2 hole cards + 5 board cards), our
    `best_hand("holdem", hole, board)` against `pokerkit.StandardHighHand.from_game(hole,
    board)`, and 5,000 random Omaha hands (4 + 5), our `best_hand("omaha", ...)` against
    `pokerkit.OmahaHoldemHand.from_game(...)`. Both sides get their cards already parsed
    (our `Card` tuples, PokerKit's `Card` tuples), so only evaluation is timed. Each of the
    four loops runs R times, alternating; the median time gives the rate. After the timing,
    both evaluators must agree on every comparison of consecutive hands (a sanity check).

Standard library plus pokerkit only.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run from a checkout: use the repository's copies
    sys.path.insert(0, str(ROOT))

HOLDEM_HANDS = 20_000
OMAHA_HANDS = 5_000

_IMPORT_PROBE = (
    "import time\nt = time.perf_counter()\nimport {module}\nprint(time.perf_counter() - t)\n"
)


# -- (a) import time in fresh processes ---------------------------------------------------------


def _run(code: str) -> tuple[float, str]:
    """Run `python -c code` from the checkout; its wall time and its output."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH", "")]))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return time.perf_counter() - start, done.stdout


def import_times(modules: Sequence[str], runs: int) -> dict[str, tuple[float, float]]:
    """Median (import seconds, process seconds) per module; "" is the empty process."""
    for module in modules:  # warm the bytecode caches and the OS file cache
        _run(_IMPORT_PROBE.format(module=module))
    inside: dict[str, list[float]] = {m: [] for m in modules}
    process: dict[str, list[float]] = {m: [] for m in [*modules, ""]}
    for _ in range(runs):
        for module in modules:
            wall, out = _run(_IMPORT_PROBE.format(module=module))
            inside[module].append(float(out))
            process[module].append(wall)
        process[""].append(_run("pass")[0])
    result = {m: (statistics.median(inside[m]), statistics.median(process[m])) for m in modules}
    result[""] = (0.0, statistics.median(process[""]))
    return result


# -- (b) evaluations per second ----------------------------------------------------------------


def deal(rng: random.Random, count: int, in_hand: int) -> list[tuple[str, str]]:
    """`count` random deals of `in_hand` hole cards and 5 board cards, as card text."""
    deck = [rank + suit for rank in "23456789TJQKA" for suit in "cdhs"]
    deals = []
    for _ in range(count):
        cards = rng.sample(deck, in_hand + 5)
        deals.append(("".join(cards[:in_hand]), "".join(cards[in_hand:])))
    return deals


def timed(loop: Callable[[], list[Any]]) -> tuple[float, list[Any]]:
    gc.collect()
    start = time.perf_counter()
    results = loop()
    return time.perf_counter() - start, results


def sign(a: Any, b: Any) -> int:
    return (a > b) - (a < b)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="timed runs of each loop")
    parser.add_argument("--imports", type=int, default=9, help="fresh processes per import")
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args(argv)

    print(f"Python {sys.version.split()[0]}; medians of {args.imports} fresh processes")
    times = import_times(["marquoir.domain.cards", "pokerkit"], args.imports)
    ours_import, ours_process = times["marquoir.domain.cards"]
    pk_import, pk_process = times["pokerkit"]
    empty = times[""][1]
    print(f"(a) import time{'import':>19}{'process':>12}  (process: python -c 'import ...')")
    print(f"    marquoir.domain.cards {ours_import * 1e3:8.1f} ms  {ours_process * 1e3:8.1f} ms")
    print(f"    pokerkit              {pk_import * 1e3:8.1f} ms  {pk_process * 1e3:8.1f} ms")
    print(f"    (empty process)                    {empty * 1e3:8.1f} ms")
    print(f"    ratio pokerkit/ours   {pk_import / ours_import:8.1f} x  ", end="")
    print(f"{pk_process / ours_process:8.1f} x")

    import pokerkit

    from marquoir.domain.cards import best_hand, parse_cards

    rng = random.Random(args.seed)
    sets = []
    for variant, count, in_hand, pk_class in (
        ("holdem", HOLDEM_HANDS, 2, pokerkit.StandardHighHand),
        ("omaha", OMAHA_HANDS, 4, pokerkit.OmahaHoldemHand),
    ):
        deals = deal(rng, count, in_hand)
        ours_cards = [(parse_cards(hole), parse_cards(board)) for hole, board in deals]
        pk_cards = [
            (pokerkit.Card.clean(hole), pokerkit.Card.clean(board)) for hole, board in deals
        ]
        sets.append((variant, count, ours_cards, pk_cards, pk_class.from_game))

    print(f"(b) evaluations per second, median of {args.repeat} runs (alternating)")
    for variant, count, ours_cards, pk_cards, from_game in sets:
        ours_runs: list[float] = []
        pk_runs: list[float] = []
        ours_values: list[Any] = []
        pk_values: list[Any] = []
        for _ in range(args.repeat):
            seconds, ours_values = timed(
                lambda v=variant, c=ours_cards: [best_hand(v, h, b).key for h, b in c]
            )
            ours_runs.append(seconds)
            seconds, pk_values = timed(lambda f=from_game, c=pk_cards: [f(h, b) for h, b in c])
            pk_runs.append(seconds)
        agree = sum(
            sign(ours_values[i], ours_values[i + 1]) == sign(pk_values[i], pk_values[i + 1])
            for i in range(count - 1)
        )
        ours_rate = count / statistics.median(ours_runs)
        pk_rate = count / statistics.median(pk_runs)
        title = "seven-card hold'em hands" if variant == "holdem" else "Omaha hands (4 + 5)"
        print(f"    {count:,} {title}")
        print(
            f"      marquoir best_hand  {ours_rate:10.0f} evals/s  {1e6 / ours_rate:7.1f} us/hand"
        )
        print(f"      pokerkit from_game  {pk_rate:10.0f} evals/s  {1e6 / pk_rate:7.1f} us/hand")
        print(f"      ratio ours/pokerkit {ours_rate / pk_rate:10.2f} x")
        print(f"      comparisons agreeing: {agree}/{count - 1}")
        if agree != count - 1:
            print("      DISAGREEMENT between the evaluators")
            return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
