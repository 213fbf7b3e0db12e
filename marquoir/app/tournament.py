"""The tournament's clock and bank, worked from the recorded events: what the commands, the
terminal clock and the tournament page read.

The clock is wall time. It starts with the first deal; level N ends at that start + the
lengths of the levels (and scheduled breaks) before it + the time the clock stood still
(pauses, breaks called with `break`). A deal never moves it: the level a deal records
because the clock reached it (its blinds apply from that hand) is the clock's own, read
back as such; only the director's `level` moves start a level again from its full time.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from ..domain import IllegalAction, UsageError
from ..domain.events import TableEvent
from ..domain.i18n import _
from ..domain.now import now as clock_now
from ..domain.settlement import BANK, Transfer
from ..domain.table import Table
from ..domain.tournament.levels import (
    ClockEvent,
    ClockState,
    clock_state,
    parse_breaks,
    parse_levels,
    parse_levels_csv,
    parse_levels_toml,
    preset,
)
from ..domain.tournament.session import TournamentSettings
from ..storage.ledger import Ledger, SessionInfo

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

# the recorded events the clock reads: the first deal starts it, a showdown or a deal
# that ends the tournament stops it
CLOCK_KINDS = ("deal", "pause", "resume", "level", "showdown", "chop")
DEFAULT_BREAK_MINUTES = 10


@dataclass(frozen=True)
class TournamentClock:
    """The tournament's clock at `now` (seconds since 1970, UTC).

    `level` and `blinds`: the level in play and its blinds (during a scheduled break, the
    level that follows it); `seconds_left`: of the level or the break (None on the last
    level, which lasts until the end); `ends_at`: when it ends (epoch seconds; None when
    the clock stands still or on the last level); `next_level`, `next_blinds`: None on the
    last level; `seconds_to_break`: until the next scheduled break starts (0 during a
    break; None when no break is ahead); `started`: the first deal was dealt; `over`: the
    tournament ended (the clock stopped with it).
    """

    now: float
    level: int
    blinds: str
    seconds_left: float | None
    ends_at: float | None
    on_break: bool
    paused: bool
    started: bool
    over: bool
    next_level: int | None
    next_blinds: str | None
    seconds_to_break: float | None
    level_count: int


def seconds(stamp: str) -> float:
    """A recorded time (ISO 8601) as seconds since the epoch."""
    return datetime.fromisoformat(stamp).timestamp()


def clock_events(
    book: Ledger, session: SessionInfo, settings: TournamentSettings
) -> tuple[list[ClockEvent], float | None]:
    """The clock's events from the log, and the time of the last showdown or deal (chop)
    (when the tournament is over, the clock stopped then)."""
    events: list[ClockEvent] = []
    level, last_end = 1, None
    for kind, data, stamp in book.timed_events(session, CLOCK_KINDS):
        at = seconds(stamp)
        if kind in ("showdown", "chop"):
            last_end = at
            continue
        if not events:  # before the first deal only the level counts
            if kind == "level":
                level = data["level"]
            elif kind in ("deal", "resume"):  # (`resume` starts a clock not yet started)
                events.append(ClockEvent(at, "start"))
                if level != 1:
                    events.append(ClockEvent(at, "level", level))
            continue
        if kind == "deal":
            continue
        if kind == "level" and _follows_clock(events, at, data["level"], settings):
            continue  # recorded at a deal because the clock reached it: no move
        if kind == "pause" and data.get("minutes"):
            events.append(ClockEvent(at, "break", minutes=data["minutes"]))
            continue
        events.append(ClockEvent(at, kind, data.get("level", 0)))  # type: ignore[arg-type]
    return events, last_end


def _state(events: list[ClockEvent], at: float, settings: TournamentSettings) -> ClockState:
    assert settings.level_minutes is not None
    breaks = parse_breaks(settings.breaks) if settings.breaks else None
    return clock_state(
        events,
        at,
        level_count=len(settings.level_list()),
        level_minutes=settings.level_minutes,
        breaks=breaks,
    )


def _follows_clock(
    events: list[ClockEvent], at: float, level: int, settings: TournamentSettings
) -> bool:
    state = _state(events, at, settings)
    return state.level == level and not state.on_break


def clock_of(book: Ledger, session: SessionInfo, table: Table, now: float) -> ClockState | None:
    """The clock at `now` from the recorded events (None: levels go by hands, or no
    tournament)."""
    settings = table.settings.tournament
    if settings is None or settings.level_minutes is None:
        return None
    events, last_end = clock_events(book, session, settings)
    if table.director.state is not None and table.director.state.over() and last_end is not None:
        now = last_end  # the clock stopped with the winner (or the deal)
    return _state(events, max(now, events[-1].at) if events else now, settings)


def _seconds_to_break(state: ClockState, settings: TournamentSettings) -> float | None:
    if state.on_break:
        return 0.0
    if not settings.breaks or state.seconds_left is None or settings.level_minutes is None:
        return None
    breaks, count = parse_breaks(settings.breaks), len(settings.level_list())
    ahead, level = state.seconds_left, state.level
    while not breaks.after(level):
        level += 1
        if level >= count:
            return None  # (the last level never ends: no break after it)
        ahead += settings.level_minutes * 60
    return ahead


def tournament_clock(
    book: Ledger, session: SessionInfo, table: Table, now: float | None = None
) -> TournamentClock | None:
    """The clock a screen shows (None: not a tournament, or levels go by hands); `now`
    defaults to the time of day (`MARQUOIR_NOW` when set)."""
    settings = table.settings.tournament
    at = clock_now() if now is None else now
    state = clock_of(book, session, table, at)
    if settings is None or state is None:
        return None
    over = table.director.state is not None and table.director.state.over()
    level = state.level if state.started else table.director.level
    count = len(settings.level_list())
    following = state.next_level if state.started else (level + 1 if level < count else None)
    stands_still = state.paused or over or not state.started
    left = state.seconds_left
    return TournamentClock(
        now=at,
        level=level,
        blinds=str(settings.level(level)),
        seconds_left=left,
        ends_at=None if stands_still or left is None else at + left,
        on_break=state.on_break,
        paused=state.paused or over,
        started=state.started,
        over=over,
        next_level=following,
        next_blinds=None if following is None else str(settings.level(following)),
        seconds_to_break=_seconds_to_break(state, settings),
        level_count=count,
    )


def _minutes_text(left: float) -> str:
    whole = int(left)
    return f"{whole // 60}:{whole % 60:02d}"


def catch_up(
    book: Ledger, table: Table, *, dealing: bool, now: float | None = None
) -> Iterator[TableEvent]:
    """The events that bring the table to its clock before a command: the clock running
    again after a break that ended by itself, the level it reached (its blinds apply from
    the next deal: TDA 2024 rule 23). A deal during a break is refused (`dealing`)."""
    if table.director.state is None:
        return
    state = clock_of(book, book.current(), table, clock_now() if now is None else now)
    if state is None or not state.started:
        return
    if dealing and state.on_break:
        raise IllegalAction(
            _("a break: {left} left; `level next` ends it, `resume` too if it was called").format(
                left=_minutes_text(state.seconds_left or 0)
            )
        )
    if table.director.paused and not state.paused and not state.on_break:
        yield table.director.resume_event()  # the break called with `break` is over
    if state.level > table.director.level and not state.on_break:
        yield table.director.level_event(state.level)


def target_level(book: Ledger, table: Table, where: str, *, now: float | None = None) -> int:
    """`level next|prev|N` counted from the clock: `next` ends a break, and never passes a
    scheduled break without a word (`level N` skips it when asked)."""
    from ..domain.tournament.levels import Breaks

    word = where.strip().lower()
    settings = table.settings.tournament
    state = None
    if settings is not None and settings.level_minutes is not None:
        state = clock_of(book, book.current(), table, clock_now() if now is None else now)
    started = state is not None and state.started
    base = state.level if state is not None and started else table.director.level
    if word in ("next", "suivant"):
        if state is not None and started and state.on_break:
            return base if base != table.director.level else base + 1
        breaks: Breaks | None = None
        if settings is not None and settings.breaks:
            breaks = parse_breaks(settings.breaks)
        last = settings is not None and base >= len(settings.level_list())
        if breaks is not None and started and breaks.after(base) and not last:
            raise IllegalAction(
                _(
                    "a break follows level {level}: it starts when the level ends "
                    "(`break` calls one now; `level {next}` skips it)"
                ).format(level=base, next=base + 1)
            )
        return base + 1
    if word in ("prev", "previous", "precedent", "précédent"):
        return base - 1
    if not where.isdigit() or not where.isascii():
        raise UsageError(_("level next, level prev or level N (got {where!r})").format(where=where))
    return int(where)


def tournament_bank(table: Table) -> list[Transfer]:
    """The bank (the buy-ins went to it) pays each prize and bounty, and the fees to the
    house."""
    from ..domain.tournament.state import HOUSE, paid_in, winnings

    settings, state = table.settings.tournament, table.director.state
    assert settings is not None and state is not None
    won = winnings(settings, state)
    fees = sum(paid_in(settings, state).values(), Decimal(0)) - sum(won.values(), Decimal(0))
    if fees:
        won[HOUSE] = fees
    return [Transfer(BANK, name, amount) for name, amount in won.items()]


def break_minutes(table: Table, minutes: int | None) -> int:
    """The length of a break called now: the one given, else the schedule's, else 10."""
    settings = table.settings.tournament
    if minutes is not None:
        return minutes
    if settings is not None and settings.breaks:
        return parse_breaks(settings.breaks).minutes
    return DEFAULT_BREAK_MINUTES


__all__ = [
    "TournamentClock",
    "break_minutes",
    "catch_up",
    "clock_of",
    "read_levels",
    "target_level",
    "tournament_bank",
    "tournament_clock",
    "tournament_settings",
]


def read_levels(text: str) -> tuple[str, int | None, str | None]:
    """The level spec of `--levels` (a spec, a .csv or .toml file, or a preset name), with
    the preset's level minutes and breaks (None from a spec or a file)."""
    if text.endswith((".csv", ".toml")):
        try:
            with open(text, encoding="utf-8") as file:
                content = file.read()
        except OSError as failure:
            raise UsageError(
                _("cannot read the levels file {text}: {strerror}").format(
                    text=text, strerror=failure.strerror
                )
            ) from None
        read = parse_levels_csv if text.endswith(".csv") else parse_levels_toml
        return ",".join(str(level) for level in read(content)), None, None
    if "/" not in text:
        named = preset(text)
        levels = ",".join(str(level) for level in named.levels)
        return levels, named.level_minutes, named.breaks
    return ",".join(str(level) for level in parse_levels(text)), None, None


def tournament_settings(
    *, buy_in: str | None, stack: int | None, levels: str | None, **options: Any
) -> TournamentSettings:
    """The tournament structure of `new --tournament`, checked (`UsageError`): the levels
    read from their spec, file or preset (whose stack, level length and breaks fill the
    options not given), a seed drawn for the seats of several tables, then every option
    checked by `TournamentSettings.validate`."""
    if buy_in is None:
        buy_in = "0"
    if levels is None:
        raise UsageError(_("a tournament needs its levels: --levels 25/50,50/100,... or a preset"))
    spec, minutes, breaks = read_levels(levels)
    if stack is None:
        if "/" in levels or levels.endswith((".csv", ".toml")):
            raise UsageError(_("a tournament needs its starting stack: --stack 5000"))
        stack = preset(levels).starting_stack
    if options.get("level_minutes") is None and options.get("level_hands") is None:
        options["level_minutes"] = minutes
    if options.get("breaks") is None:
        options["breaks"] = breaks
    if options.get("seed") is None:
        import secrets

        # drawn once, kept with the session: every seat draw is reproducible from it
        options["seed"] = secrets.randbelow(2**31) if options.get("tables") else 0
    settings = TournamentSettings(buy_in=buy_in, stack=stack, levels=spec, **options)
    settings.validate()
    return settings
