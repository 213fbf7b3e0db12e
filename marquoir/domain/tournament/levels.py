"""Blind levels: the structure (a spec, a CSV or TOML file, or a named preset), breaks, and
the clock arithmetic that says which level is on from the recorded events and a given "now".

The level spec, item by item, separated by commas:

- `SB/BB`: small blind and big blind, no ante (`25/50`);
- `SB/BB:N`: every player dealt in posts an ante of N chips (`100/200:25`);
- `SB/BB:bb`: a big-blind ante equal to the big blind, posted by the big-blind player alone
  for the whole table (`200/400:bb` -> the big blind posts 400 + 400);
- `SB/BB:bbN`: a big-blind ante of N chips, posted by the big-blind player alone
  (`200/400:bb50`). TDA 2024 recommends this format with "big blind first": a short big
  blind pays his blind before the ante (the wiring applies that; here it is only recorded).

Chip amounts are whole chips. Times are seconds (any clock: the caller passes "now").
"""

from __future__ import annotations

import csv
import io
import itertools
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from ..errors import UsageError
from ..i18n import _

MAX_CHIPS = 10**15


@dataclass(frozen=True)
class Level:
    """One level: the blinds and the ante (`ante` chips; `big_blind_ante`: who posts it)."""

    small_blind: int
    big_blind: int
    ante: int = 0
    big_blind_ante: bool = False

    def __str__(self) -> str:
        if not self.ante:
            return f"{self.small_blind}/{self.big_blind}"
        if self.big_blind_ante:
            suffix = "bb" if self.ante == self.big_blind else f"bb{self.ante}"
            return f"{self.small_blind}/{self.big_blind}:{suffix}"
        return f"{self.small_blind}/{self.big_blind}:{self.ante}"


def _chips(text: str, what: str) -> int:
    text = text.strip()
    if not text.isdigit() or not text.isascii():
        raise UsageError(
            _("{what} must be a whole number of chips, not {text!r}").format(what=what, text=text)
        )
    value = int(text)
    if value > MAX_CHIPS:
        raise UsageError(_("{what} is too large: {text}").format(what=what, text=text))
    return value


def _level(small: int, big: int, ante_text: str, where: str) -> Level:
    if small <= 0:
        raise UsageError(_("{where}: the small blind must be at least 1 chip").format(where=where))
    if big < small:
        raise UsageError(
            _("{where}: the big blind ({big}) is smaller than the small blind").format(
                where=where, big=big
            )
        )
    ante_text = ante_text.strip().lower()
    if not ante_text:
        return Level(small, big)
    if ante_text == "bb":
        return Level(small, big, big, big_blind_ante=True)
    if ante_text.startswith("bb"):
        ante = _chips(ante_text[2:], _("{where}: the big-blind ante").format(where=where))
        if ante == 0:
            raise UsageError(
                _("{where}: a big-blind ante of 0 chips; leave it out").format(where=where)
            )
        return Level(small, big, ante, big_blind_ante=True)
    return Level(small, big, _chips(ante_text, _("{where}: the ante").format(where=where)))


def parse_level(item: str, *, where: str = "level") -> Level:
    """One `SB/BB[:ANTE]` item: `parse_level("100/200:bb50") == Level(100, 200, 50, True)`."""
    blinds, _colon, ante = item.partition(":")
    small, slash, big = blinds.partition("/")
    if not slash:
        raise UsageError(
            _("{where}: {value!r} is not SB/BB[:ANTE] (e.g. 25/50)").format(
                where=where, value=item.strip()
            )
        )
    return _level(
        _chips(small, _("{where}: the small blind").format(where=where)),
        _chips(big, _("{where}: the big blind").format(where=where)),
        ante,
        where,
    )


def _checked(levels: list[Level]) -> tuple[Level, ...]:
    if not levels:
        raise UsageError(_("the level structure is empty"))
    return tuple(levels)


def parse_levels(spec: str) -> tuple[Level, ...]:
    """Levels from `25/50,50/100,100/200:25,200/400:bb`; refused with a `UsageError`."""
    items = [item for item in spec.split(",") if item.strip()]
    return _checked([parse_level(item, where=f"level {n}") for n, item in enumerate(items, 1)])


def parse_levels_csv(text: str) -> tuple[Level, ...]:
    """Levels from CSV: one level a row, `small,big[,ante]` (the ante as in the spec: `25`,
    `bb`, `bb50`); a first row whose first cell is not a number is a header; blank rows and
    rows starting with `#` are skipped."""
    levels = []
    rows = [row for row in csv.reader(io.StringIO(text)) if row and row[0].strip()]
    rows = [row for row in rows if not row[0].strip().startswith("#")]
    if rows and not rows[0][0].strip().isdigit():
        rows = rows[1:]
    for n, row in enumerate(rows, 1):
        where = f"level {n}"
        if len(row) not in (2, 3):
            raise UsageError(
                _("{where}: expected small,big[,ante], got {count} cells").format(
                    where=where, count=len(row)
                )
            )
        ante = row[2] if len(row) == 3 else ""
        levels.append(
            _level(
                _chips(row[0], _("{where}: the small blind").format(where=where)),
                _chips(row[1], _("{where}: the big blind").format(where=where)),
                ante,
                where,
            )
        )
    return _checked(levels)


def parse_levels_toml(text: str) -> tuple[Level, ...]:
    """Levels from TOML: an array of tables `[[level]]` with `small`, `big` and an optional
    `ante` (a number, or `"bb"` / `"bb50"` for a big-blind ante)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise UsageError(
            _("the level file is not valid TOML: {error}").format(error=error)
        ) from None
    tables = data.get("level")
    if not isinstance(tables, list):
        raise UsageError(_("the TOML level file needs [[level]] tables"))
    levels = []
    for n, table in enumerate(tables, 1):
        where = f"level {n}"
        if not isinstance(table, dict) or set(table) - {"small", "big", "ante"}:
            raise UsageError(
                _("{where}: expected the keys small, big and ante").format(where=where)
            )
        cells = [table.get("small"), table.get("big"), table.get("ante", "")]
        if any(isinstance(cell, bool) or not isinstance(cell, int | str) for cell in cells):
            raise UsageError(
                _('{where}: small, big and ante must be numbers (ante may be "bb")').format(
                    where=where
                )
            )
        small, big, ante = (str(cell) for cell in cells)
        levels.append(
            _level(
                _chips(small, _("{where}: the small blind").format(where=where)),
                _chips(big, _("{where}: the big blind").format(where=where)),
                ante,
                where,
            )
        )
    return _checked(levels)


@dataclass(frozen=True)
class Preset:
    """A named structure: levels, level length, a starting stack it was designed for."""

    name: str
    levels: tuple[Level, ...]
    level_minutes: int
    starting_stack: int
    breaks: str
    about: str


# The home structure most chip sets are sold for: 25/100/500/1000 chips, a 5,000 stack (100
# big blinds at 25/50), blinds growing by a quarter to a half a level, a big-blind ante from
# level 5 so that a short-handed home table never counts antes one by one. Nine players at
# 20-minute levels reach about 10 big blinds on average (45,000 chips) by level 12: four hours
# with the breaks, the length of an evening.
_HOME = parse_levels(
    "25/50,50/100,75/150,100/200,100/200:bb,150/300:bb,200/400:bb,300/600:bb,"
    "400/800:bb,500/1000:bb,700/1400:bb,1000/2000:bb,1500/3000:bb,2000/4000:bb,"
    "3000/6000:bb,4000/8000:bb,5000/10000:bb"
)

PRESETS: dict[str, Preset] = {
    "home-20": Preset(
        "home-20",
        _HOME,
        20,
        5000,
        "4:10",
        "The evening home game: 5,000 chips, 25/50 start, 20-minute levels, a 10-minute "
        "break every 4 levels; about four hours for nine players.",
    ),
    "home-15": Preset(
        "home-15",
        _HOME,
        15,
        5000,
        "4:10",
        "The same levels at 15 minutes (a turbo): about three hours for nine players.",
    ),
    "home-30": Preset(
        "home-30",
        _HOME,
        30,
        5000,
        "3:15",
        "The same levels at 30 minutes, a 15-minute break every 3 levels: the long "
        "Saturday game, about six hours for nine players.",
    ),
}


def preset(name: str) -> Preset:
    """The named preset (`home-20`, `home-15`, `home-30`), or a `UsageError` naming them."""
    try:
        return PRESETS[name.strip().lower()]
    except KeyError:
        raise UsageError(
            _("no level preset {name!r}; the presets are {value}").format(
                name=name, value=", ".join(PRESETS)
            )
        ) from None


@dataclass(frozen=True)
class Breaks:
    """A break of `minutes` after every `every` levels (after levels every, 2*every, ...)."""

    every: int
    minutes: int

    def after(self, level: int) -> bool:
        """Whether a break follows level `level` (1-based)."""
        return level % self.every == 0


def parse_breaks(spec: str) -> Breaks:
    """`EVERY:MINUTES`: `parse_breaks("4:10") == Breaks(every=4, minutes=10)`."""
    every, colon, minutes = spec.partition(":")
    if not colon:
        raise UsageError(_("breaks: {spec!r} is not EVERY:MINUTES (e.g. 4:10)").format(spec=spec))
    result = Breaks(
        _chips(every, _("breaks: the number of levels")), _chips(minutes, _("breaks: the minutes"))
    )
    if result.every < 1 or result.minutes < 1:
        raise UsageError(_("breaks: the number of levels and the minutes must be at least 1"))
    return result


ClockKind = Literal["start", "pause", "resume", "level", "break"]


@dataclass(frozen=True)
class ClockEvent:
    """What happened to the clock at time `at` (seconds): `start` (level 1 begins), `pause`,
    `resume`, `level` (the director moved to level `level`, which starts from its full
    time at that moment; allowed while paused), or `break` (a break of `minutes` starts now:
    the level's time stands still until it ends, by itself or at a `resume` or a `level`)."""

    at: float
    kind: ClockKind
    level: int = 0
    minutes: float = 0


@dataclass(frozen=True)
class ClockState:
    """Where the clock is at a moment.

    `level`: the level in play (1-based); during a break, the level that follows it.
    `on_break`: a break is running; `seconds_left`: of the level or the break (None on the
    last level, which lasts until the end); `next_level`: None on the last level;
    `paused`: the clock is stopped; `started`: the clock has been started.
    """

    level: int
    on_break: bool
    seconds_left: float | None
    next_level: int | None
    paused: bool
    started: bool


@dataclass
class _Run:
    """The count so far: the level it starts from, the seconds the clock ran since, and
    what stops it (a pause; a break called now, until `break_until`)."""

    anchor: int = 1
    ran: float = 0.0
    since: float = 0.0
    paused: bool = True
    started: bool = False
    break_until: float | None = None

    def advance(self, to: float) -> None:
        """Count the time up to `to` (a break that ends before it lets the clock run again
        from its end)."""
        if self.break_until is not None and to >= self.break_until:
            self.since, self.paused, self.break_until = self.break_until, False, None
        if not self.paused:
            self.ran += to - self.since
        self.since = max(self.since, to)


def _running_seconds(
    events: Sequence[ClockEvent], now: float
) -> tuple[int, float, bool, bool, float | None]:
    """(level the count starts from, seconds the clock ran since, paused, started, seconds
    left of a break called with `break`, or None)."""
    run = _Run()
    for event in events:
        if event.at > now:
            break
        run.advance(event.at)
        if event.kind == "start":
            if run.started:
                raise UsageError(_("the clock was started twice"))
            run.started, run.paused, run.anchor, run.ran = True, False, 1, 0.0
        elif not run.started:
            raise UsageError(_("a clock {kind} before the start").format(kind=event.kind))
        elif event.kind == "pause":
            run.paused, run.break_until = True, None
        elif event.kind == "resume":
            run.paused, run.break_until = False, None
        elif event.kind == "break":
            run.paused, run.break_until = True, event.at + event.minutes * 60
        else:
            run.anchor, run.ran = event.level, 0.0
            if run.break_until is not None:  # a level called during a break ends it
                run.paused, run.break_until = False, None
    run.advance(now)
    left = None if run.break_until is None else run.break_until - now
    return run.anchor, run.ran, run.paused and left is None, run.started, left


def clock_state(
    events: Sequence[ClockEvent],
    now: float,
    *,
    level_count: int,
    level_minutes: float,
    breaks: Breaks | None = None,
) -> ClockState:
    """The clock at `now`, from the recorded events only (sorted by time).

    The clock runs from `start`, stops between `pause` and `resume`; each level lasts
    `level_minutes`, a break of `breaks.minutes` follows every `breaks.every` levels, and the
    last level never ends. Worked example: 20-minute levels, breaks `2:10`, started at 0,
    paused at 600 and resumed at 900: at now=3000 the clock ran 2700 s = level 1 (1200 s) +
    level 2 (1200 s) + 300 s of the break after level 2, so `on_break`, `level` 3, 300 s left.
    A `break` of 5 minutes called at 100 reads, at 160, `on_break`, level 1, 240 s left; at
    500 the level has run 100 + 100 s: 1000 s left.
    """
    if level_count < 1 or level_minutes <= 0:
        raise UsageError(_("the clock needs at least one level of a positive length"))
    if any(b.at < a.at for a, b in itertools.pairwise(events)):
        raise UsageError(_("the clock events are not in time order"))
    for event in events:
        if event.kind == "level" and not 1 <= event.level <= level_count:
            raise UsageError(
                _("there is no level {level} (levels 1 to {level_count})").format(
                    level=event.level, level_count=level_count
                )
            )
    level, ran, paused, started, break_left = _running_seconds(events, now)
    state = _scheduled(level, ran, paused, started, level_count, level_minutes * 60, breaks)
    if break_left is not None:
        return ClockState(state.level, True, break_left, state.level, False, started)
    return state


def _scheduled(
    level: int,
    ran: float,
    paused: bool,
    started: bool,
    level_count: int,
    length: float,
    breaks: Breaks | None,
) -> ClockState:
    """Where `ran` seconds from the start of `level` fall in the schedule."""
    while True:
        last = level == level_count
        if last:
            return ClockState(level, False, None, None, paused, started)
        if ran < length:
            return ClockState(level, False, length - ran, level + 1, paused, started)
        ran -= length
        if breaks is not None and breaks.after(level):
            pause_length = breaks.minutes * 60
            if ran < pause_length:
                return ClockState(level + 1, True, pause_length - ran, level + 1, paused, started)
            ran -= pause_length
        level += 1


@dataclass(frozen=True)
class HandLevel:
    """The level of a hand when levels last a number of hands: `hands_left` in it after this
    hand (None on the last level); `break_after`: the hand ends a level a break follows."""

    level: int
    hands_left: int | None
    break_after: bool


def level_for_hand(
    hand: int,
    *,
    level_count: int,
    level_hands: int,
    moves: Sequence[tuple[int, int]] = (),
    breaks: Breaks | None = None,
) -> HandLevel:
    """The level of hand number `hand` (1-based) when each level lasts `level_hands` hands.

    `moves`: (hand, level) pairs, the director's `level N` before that hand was dealt: that
    level starts with that hand. Worked example: 10-hand levels, a move to level 4 before hand
    25: hand 24 is level 3 (hands 21-30), hand 25 is level 4's first hand, hand 35 is level 5.
    """
    if hand < 1 or level_hands < 1 or level_count < 1:
        raise UsageError(_("hands and levels count from 1"))
    level, first = 1, 1
    for at, to in sorted(moves):
        if at > hand:
            break
        if not 1 <= to <= level_count:
            raise UsageError(
                _("there is no level {to} (levels 1 to {level_count})").format(
                    to=to, level_count=level_count
                )
            )
        level, first = to, at
    level += (hand - first) // level_hands
    if level >= level_count:
        return HandLevel(level_count, None, False)
    played = (hand - first) % level_hands + 1
    left = level_hands - played
    return HandLevel(level, left, left == 0 and breaks is not None and breaks.after(level))
