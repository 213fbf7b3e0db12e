"""A blind structure from what the director has: the time, the players, the chips, the stack.

The method (docs/rules.md, "A structure from the chips"):

1. Level length: `--level-minutes` when given, else the usual length nearest a twelfth of
   the duration (10, 12, 15, 20, 25 or 30 minutes: 20 for 4 hours).
2. Breaks: `--breaks EVERY:MINUTES` when given, else 10 minutes every 4 levels. The levels
   are as many as fit in the duration with their breaks.
3. The first big blind: a hundredth of the starting stack (a hundred big blinds deep, the
   usual home start; 5,000 chips -> 25/50), at least two of the smallest chip.
4. The last big blind: a twentieth of all the chips (players x stack): when the planned time
   is up the average of two players left is ten big blinds, so the game is near its end.
5. Between them the big blinds grow geometrically (the same ratio each level). Each small
   blind (half the big blind) is rounded, in proportion, to the nearest "round" value
   (1, 1.5, 2, 2.5, 3, 4, 5, 6, 7.5, 8 times a power of ten) that the smallest chip in play
   can make, and kept above the level before.
6. The smallest chip leaves play once the small blinds reach twice the next denomination:
   from then on the blinds are multiples of that one. Each chip leaves with a chip race
   (TDA 2024 rule 24) at the first break after the last level that needs it (or, with no
   break left, at the end of that level). Two denominations always stay, to make change.

Worked example: 9 players, 4 hours, 25/100/500/1000, 5,000 chips: 20-minute levels, 11
levels and 2 breaks (11 x 20 + 2 x 10 = 240), from 25/50 to 1000/2000; the 25s leave at the
break after level 8 (150/300 at level 5 is the last to need them), the 100s after level 10
(800/1600); the 500s and 1000s stay.
"""

from __future__ import annotations

import itertools
import math
import re
from dataclasses import dataclass

from ..errors import UsageError
from ..i18n import _
from .levels import Breaks, Level

LEVEL_LENGTHS = (10, 12, 15, 20, 25, 30)
LEVELS_WANTED = 12  # a home evening's usual count, for the default level length
DEFAULT_BREAKS = Breaks(every=4, minutes=10)
DEPTH = 100  # big blinds in the starting stack
END_BIG_BLINDS = 20  # all the chips in play are this many big blinds at the planned end
KEPT = 2  # denominations that stay in play to the end, to make change
ROUND = (1, 1.5, 2, 2.5, 3, 4, 5, 6, 7.5, 8)


@dataclass(frozen=True)
class ChipRace:
    """The chips of `chip` leave play at the end of level `after` (at a break when
    `at_break`), raced for chips of `next_chip`."""

    chip: int
    next_chip: int
    after: int
    at_break: bool


@dataclass(frozen=True)
class Structure:
    """A proposed structure: the levels, their length, the breaks and the chip races."""

    levels: tuple[Level, ...]
    level_minutes: int
    breaks: Breaks
    races: tuple[ChipRace, ...]

    @property
    def spec(self) -> str:
        """The levels as `--levels` takes them."""
        return ",".join(str(level) for level in self.levels)

    @property
    def breaks_spec(self) -> str:
        """The breaks as `--breaks` takes them."""
        return f"{self.breaks.every}:{self.breaks.minutes}"

    def minutes(self) -> int:
        """The planned playing time with the breaks (the last level counted once)."""
        return planned_minutes(len(self.levels), self.level_minutes, self.breaks)


def parse_duration(text: str) -> int:
    """Minutes from `4h`, `3h30`, `3h30m`, `90m` or `90`; a `UsageError` otherwise."""
    found = re.fullmatch(r"\s*(?:(\d{1,3})\s*h)?\s*(?:(\d{1,4})\s*m?(?:in)?)?\s*", text.lower())
    if not found or not (found[1] or found[2]):
        raise UsageError(_("the duration is like 4h, 3h30 or 90m (got {text!r})").format(text=text))
    minutes = int(found[1] or 0) * 60 + int(found[2] or 0)
    if not 30 <= minutes <= 24 * 60:
        raise UsageError(
            _("the duration is from 30 minutes to 24 hours (got {text})").format(text=text)
        )
    return minutes


def planned_minutes(count: int, level_minutes: int, breaks: Breaks) -> int:
    """Minutes of `count` levels and the breaks between them (none after the last)."""
    return count * level_minutes + (count - 1) // breaks.every * breaks.minutes


def level_length(duration: int) -> int:
    """The usual level length nearest `duration / 12` (the smaller on a tie)."""
    aim = duration / LEVELS_WANTED
    return min(LEVEL_LENGTHS, key=lambda length: (abs(length - aim), length))


def round_values(chip: int, above: int, most: int) -> list[int]:
    """The round values that are multiples of `chip`, above `above`, up to `most`."""
    found: set[int] = set()
    power = 1
    while power <= most * 10:
        for mantissa in ROUND:
            value = mantissa * power
            if value == int(value) and int(value) % chip == 0 and above < value <= most:
                found.add(int(value))
        power *= 10
    return sorted(found)


def _nearest(ideal: float, chip: int, above: int) -> int:
    """The round multiple of `chip` above `above` nearest `ideal` in proportion (the smaller
    on a tie); a plain multiple of `chip` when no round value is near."""
    candidates = round_values(chip, above, max(int(ideal * 4), above * 4, chip * 4))
    if not candidates:
        return (above // chip + 1) * chip
    return min(candidates, key=lambda value: (abs(math.log(value / ideal)), value))


def propose(
    *,
    duration: int,
    players: int,
    chips: tuple[int, ...],
    stack: int,
    level_minutes: int | None = None,
    breaks: Breaks | None = None,
) -> Structure:
    """The structure for `duration` minutes with `players` players of `stack` chips each,
    from the denominations `chips` (smallest first)."""
    if players < 2:
        raise UsageError(_("a tournament needs at least 2 players (--players)"))
    if not chips:
        raise UsageError(_("the structure needs the chip set: --chips 25,100,500,1000"))
    if stack % chips[0]:
        raise UsageError(
            _("the stack ({stack}) is not a multiple of the smallest chip ({chip})").format(
                stack=stack, chip=chips[0]
            )
        )
    breaks = breaks or DEFAULT_BREAKS
    minutes = level_minutes or level_length(duration)
    count = 1
    while planned_minutes(count + 1, minutes, breaks) <= duration:
        count += 1
    small_blinds = _small_blinds(count, chips, stack, players)
    levels = tuple(Level(small, 2 * small) for small in small_blinds)
    return Structure(levels, minutes, breaks, _races(levels, chips, breaks))


def _small_blinds(count: int, chips: tuple[int, ...], stack: int, players: int) -> list[int]:
    """Each level's small blind: geometric from the first to the last, rounded (step 5)."""
    first = max(stack / DEPTH / 2, chips[0])
    last = max(players * stack / END_BIG_BLINDS / 2, first)
    ratio = (last / first) ** (1 / (count - 1)) if count > 1 else 1.0
    in_play = 0  # the index in `chips` of the smallest chip in play
    found: list[int] = []
    for n in range(count):
        ideal = first * ratio**n
        # the smallest chip leaves once the small blinds reach twice the next one
        while in_play + KEPT < len(chips) and ideal >= 2 * chips[in_play + 1]:
            in_play += 1
        above = found[-1] if found else 0
        found.append(_nearest(ideal, chips[in_play], above))
    return found


def _races(
    levels: tuple[Level, ...], chips: tuple[int, ...], breaks: Breaks
) -> tuple[ChipRace, ...]:
    """A race for each chip below the largest, once no later level needs it: at the first
    break after the last level that does, or at the end of that level with no break left."""
    races = []
    count = len(levels)
    # the smallest first, and never the last KEPT denominations (change for the bets)
    for chip, following in itertools.pairwise(chips[: len(chips) - KEPT + 1]):
        needing = [
            n
            for n, level in enumerate(levels, 1)
            if level.small_blind % following or level.big_blind % following
        ]
        last = max(needing, default=0)
        if last >= count:
            break  # still needed at the last level: this chip and the larger ones stay
        at = next((n for n in range(max(last, 1), count) if breaks.after(n)), None)
        races.append(ChipRace(chip, following, at or max(last, 1), at is not None))
    return tuple(races)


__all__ = ["ChipRace", "Structure", "parse_duration", "planned_minutes", "propose"]
